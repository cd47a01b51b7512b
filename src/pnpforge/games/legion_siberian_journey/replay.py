"""Journey's adapter to the script runner (``engine/script.py``): which questions each kind of choice answers, the
engine action a choice stands for (or the rule that forbids it), the quiet answers, and the chance a scenario may
decide (``draw``: a card drawn, named by its id; ``first``: the faction chance makes first player; ``coin``: the
factions in the order chance ranks them).

A choice answers when its player is asked: ``bid`` a bid turn, ``deploy`` a March turn, ``play`` a turn where cards
are played, ``secret`` a secret bid. ``deploy`` without ``squad`` starts the player's own squad at a plot where it has
none; where it has one the choice is unclear and stops the replay (``squad: new`` or ``squad: <player>`` says which).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnpforge.engine.contract import Outcome
from pnpforge.engine.script import Answer, Refusal, ScriptAdapter, Unclear, replay as run_script
from pnpforge.games.legion_siberian_journey.auction import may_bid
from pnpforge.games.legion_siberian_journey.effects import can_join
from pnpforge.games.legion_siberian_journey.lookahead import quiet
from pnpforge.games.legion_siberian_journey.outcome import outcome
from pnpforge.games.legion_siberian_journey.scenario import PHASES, Choice, ScenarioFile, build, check_choice
from pnpforge.games.legion_siberian_journey.state import JourneyState
from pnpforge.games.legion_siberian_journey.view import DRAWN, card_name

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

TURNS = ("bid_turn", "march_turn", "prepare", "tactics", "manoeuvre", "clean_up_cards")  # where cards are played
DRAWS = tuple(DRAWN) + ("action_drawn", "peek_draw")  # chance steps that draw a card
DECKS = {"characters": "character", "actions": "action", "plots": "plot", "locations": "location"}


def answer(state: JourneyState, choice: Choice) -> Answer | Refusal | Unclear:
    """The engine action a choice stands for, with why the rules forbid it when it is not legal."""
    player = state.current_player()
    faction = state.factions[player]
    if choice.secret is not None:
        return Answer((("secret", choice.secret),), Refusal(
            f"a secret bid of {choice.secret} is more than the {state.resources[player]} resources the {faction} "
            "have", "tie-secret-bid"))
    if choice.bid is not None:
        return _bid(state, choice, player)
    if choice.deploy is not None:
        return _deploy(state, choice, player)
    actions = state.data.actions
    hand = [c for c in state.hand(player) if actions[c].item == choice.play]
    if not hand:
        return Refusal(f"'{choice.play}' is not in the {faction}' hand", "action-cards-single-use")
    return Answer((("play", hand[0]),), Refusal(f"'{choice.play}' is not played at this moment", "action-card-timing"))


def _bid(state: JourneyState, choice: Choice, player: int) -> Answer | Refusal:
    bid = choice.bid
    assert bid is not None  # a bid choice
    faction = state.factions[player]
    chars, actions = state.data.characters, state.data.actions
    slots = [i for i, s in enumerate(state.market)
             if (chars if s.kind == "character" else actions)[s.card].item == bid.card]
    if not slots:
        return Refusal(f"'{bid.card}' is not in the Marketplace", "auction-bid")
    slot = state.market[slots[0]]
    if not may_bid(state, player, slot):
        return Refusal(f"the {faction} may not bid on a character of the {chars[slot.card].faction}, their sworn "
                       "enemies", "sworn-enemies-no-bid")
    if bid.tokens > state.resources[player]:
        return Refusal(f"a bid of {bid.tokens} is more than the {state.resources[player]} resources the {faction} "
                       "have", "auction-bid")
    return Answer((("bid", slots[0], bid.tokens),), Refusal("not allowed at this moment", "auction-pass"))


def _deploy(state: JourneyState, choice: Choice, player: int) -> Answer | Refusal | Unclear:
    spec = choice.deploy
    assert spec is not None  # a deploy choice
    faction = state.factions[player]
    mine = [c for c in state.lineup[player] if state.data.characters[c].item == spec.character]
    sites = [i for i, s in enumerate(state.sites) if state.data.plots[s.plot].item == spec.plot and not s.done]
    if not sites:
        return Refusal(f"'{spec.plot}' is not a plot of this round still open", "march-deploy", ("deploy", "plot"))
    index = sites[0]
    own = state.sites[index].squad_of(player) is not None
    if spec.squad is None and own:
        return Unclear(f"the {faction} already have a squad at '{spec.plot}': write 'squad: {faction}' to reinforce "
                       "it, or 'squad: new' to start another", ("deploy",))
    if not mine:
        return Refusal(f"'{spec.character}' is not in the {faction}' Line-up", "march-lined-up",
                       ("deploy", "character"))
    c = mine[0]
    icons = Refusal(f"'{spec.character}' shows none of the icons of '{spec.plot}'", "march-icons-match")
    if spec.squad in (None, "new"):
        if own:
            return Refusal(f"the {faction} already have a squad at '{spec.plot}'", "march-one-own-squad",
                           ("deploy", "squad"))
        return icons if not can_join(state, c, index) else Answer((("deploy", c, index),), Refusal(
            "not allowed at this moment", "march-deploy"))
    starter = state.factions.index(spec.squad) if spec.squad in state.factions else -1
    if state.sites[index].squad_of(starter) is None:
        return Refusal(f"the {spec.squad} have no squad at '{spec.plot}'", "march-reinforce", ("deploy", "squad"))
    if not can_join(state, c, index, starter):
        return icons
    return Answer((("join", c, index, starter),), Refusal("not allowed at this moment", "march-reinforce"))


def chance_words(state: JourneyState, drawn: Any) -> str:
    """A chance outcome as a scenario names it: a card by its id, factions by name."""
    step = state.waiting
    if isinstance(drawn, int):
        kind = DRAWN.get(step[0]) or ("action" if step[0] == "action_drawn" else DECKS[str(step[2]).split(":")[0]])
        return card_name(state, kind, drawn)
    if drawn[0] == "first":
        return state.factions[drawn[1]]
    if drawn[0] == "coin":
        return ", ".join(state.factions[p] for p in drawn[1])
    return state.action_to_string(drawn)


ADAPTER = ScriptAdapter[JourneyState](
    setup=ScenarioFile,
    choice=Choice,
    build=build,
    name_of=lambda choice: choice.kind,
    answers={"bid": ("bid_turn",), "deploy": ("march_turn",), "play": TURNS, "secret": ("secret",)},
    answer=answer,
    players=lambda state: state.factions,
    outcome=outcome,
    starts=PHASES,
    start_key="phase",
    quiet=lambda state, legal: quiet(legal),
    check=check_choice,
    asked=lambda state: f"{state.waiting[0].replace('_', ' ')} of the {state.factions[state.current_player()]}",
    chances={"draw": DRAWS, "first": ("first_by_chance",), "coin": ("coin",)},
    chance_words=chance_words,
)

def replay(pack: Pack, path: Path) -> Outcome:
    """The package's ``replay``: the scenario played by the script runner."""
    return run_script(ADAPTER, pack, path)
