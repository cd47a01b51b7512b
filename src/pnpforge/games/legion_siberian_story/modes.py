"""The optional modes: Despatches and the Survival campaign.

Despatches (Story rules: Despatches): from round two each player draws two despatches and keeps one secretly; it is
played for its upper effect during the owner's Recruitment or March turn (DECISIONS; ``flow.play_despatch``, whose
effects are carried out here), or kept for its scoring at the end. The War Diary records the plot types each player
won.

Survival (Story rules: Survival mode): three games; after each of the first two, players spend VP on healing,
warming and supplies at the price table for their number; sleeves, wounds and frostbite carry over, the dead
leave, the hand is the survivors drawn up to five, supplies carry over, commanders stay, order tokens reset.
"""

from __future__ import annotations

from collections import Counter

from pnpforge.games.legion_siberian_story import character as ch
from pnpforge.games.legion_siberian_story import moves
from pnpforge.games.legion_siberian_story import data as rules
from pnpforge.games.legion_siberian_story.flow import give_overlay, schedule_draw_then
from pnpforge.games.legion_siberian_story.orders import ACTIVE
from pnpforge.games.legion_siberian_story.scoring import final_scores
from pnpforge.engine.steps import chance, decision, task
from pnpforge.games.legion_siberian_story.log import Despatch
from pnpforge.games.legion_siberian_story.state import LegionState

DESPATCH_DRAW = 2
CAMPAIGN_GAMES = 3  # Story rules: Survival mode, "three games"
# Story rules: Survival mode, price table — players: (healing, warming, one supply) in VP
SURVIVAL_PRICES = {2: (5, 2, 1), 3: (4, 1, 1), 4: (3, 1, 1)}


# --- Despatches ---------------------------------------------------------------------------------------------
@task("despatch_deal")
def despatch_deal(state: LegionState) -> None:
    """Each player draws two despatches and keeps one."""
    steps = []
    for p in state.turn_order():
        steps += [("despatch_draw", p)] * DESPATCH_DRAW + [("despatch_keep", p)]
    state.push(*steps)


def _despatch_outcomes(state: LegionState, player: int) -> list:
    return [("despatch", d) for d in state.despatch_deck]


@chance("despatch_draw", _despatch_outcomes)
def despatch_draw(state: LegionState, action: tuple, player: int) -> None:
    state.despatch_deck.remove(action[1])
    state.offered[player].append(action[1])
    state.log.append(Despatch(player, action[1], "drawn"))


def _keep_options(state: LegionState, player: int) -> list:
    return [("keep", d) for d in sorted(state.offered[player])]


@decision("despatch_keep", _keep_options)
def despatch_keep(state: LegionState, action: tuple, player: int) -> None:
    """The card not kept goes back to the box unseen (DECISIONS: despatches)."""
    state.despatch[player] = action[1]
    state.offered[player] = []
    state.log.append(Despatch(player, action[1], "kept"))


@task("despatch_effect")
def despatch_effect(state: LegionState, player: int, card: str, index: int) -> None:
    effect = state.data.despatches[card].effects[index]
    name = effect["effect"]
    if name in DESPATCH_ONLY:
        DESPATCH_ONLY[name](state, player, effect)
    elif name in ACTIVE:
        ACTIVE[name](state, player, None, effect)


def _remove_overlay(state, player, effect):
    state.push(*[("cure", player, effect["kind"])] * effect["count"])


def _free_enhancement(state, player, effect):
    state.push(("free_card", player, effect.get("kind", "enhancement")))


def _chosen_power(state, player, effect):
    state.push(("boost", player, effect["amount"]))


DESPATCH_ONLY = {"remove_overlay": _remove_overlay, "free_overlay": _free_enhancement, "combat_power": _chosen_power}


def _own_living(state: LegionState, player: int) -> list[str]:
    return sorted(state.hand[player] + state.deck[player] + state.bottom[player]
                  + [c for c in state.at if state.owner(c) == player])


def _cure_options(state, player, kind):
    field = "wounds" if kind == "wound" else "frost"
    return [("cure", c) for c in _own_living(state, player)
            if state.fighters.get(c) and getattr(state.fighters[c], field)]


@decision("cure", _cure_options)
def cure(state, action, player, kind):
    if kind == "wound":
        moves.heal(state, action[1])
    else:
        moves.warm(state, action[1])


def _free_card_options(state, player, kind):
    cards = [o for o in state.data.overlays.values() if o.kind == kind and o.cost is not None and state.pool[o.id] > 0]
    return [("take", o.id, c) for o in cards for c in _own_living(state, player) if ch.may_take(state, c, o.id)]


@decision("free_card", _free_card_options)
def free_card(state, action, player, kind):
    give_overlay(state, action[2], action[1])


def _boost_options(state, player, amount):
    return [("boost", c) for c in sorted(state.at) if state.owner(c) == player]


@decision("boost", _boost_options)
def boost(state, action, player, amount):
    state.bonus[action[1]] = state.bonus.get(action[1], 0) + amount


def despatch_points(state: LegionState, player: int) -> int:
    """VP of a kept despatch whose scoring condition holds at the end of the game."""
    card = state.despatch[player]
    if card is None:
        return 0
    scoring = state.data.despatches[card].scoring
    condition = scoring["condition"]
    won = state.won_types[player]
    if condition == "plots_won":
        plot_type = scoring.get("plot_type", "any")
        count = won["any"] if plot_type == "any" else won[plot_type]
        met = count >= scoring.get("at_least", 1)
    elif condition == "every_plot_type_won":
        met = all(won[t] >= scoring.get("at_least", 1) for t in ("freezing", "warming", "peaceful"))
    elif condition == "dead_characters":
        met = len(state.graveyard[player]) <= scoring.get("at_most", 0)
    elif condition == "supplies_left":
        met = state.supplies[player] >= scoring.get("at_least", 1)
    else:  # a condition the engine does not know: reported by the static checks
        met = False
    return scoring["vp"] if met else 0


# --- Survival -----------------------------------------------------------------------------------------------
@task("camp")
def camp(state: LegionState) -> None:
    """Between games: each player may spend VP on healing, warming and supplies."""
    state.spent = [0] * state.n
    state.push(*[("camp_buy", p) for p in state.turn_order()], ("next_game",))


def _camp_options(state: LegionState, player: int) -> list:
    heal, warm, supply = SURVIVAL_PRICES[state.n]
    left = final_scores(state)[player] - state.spent[player]
    options: list = [("done",)]
    for c in _own_living(state, player):
        fighter = state.fighters.get(c)
        if fighter and fighter.wounds and left >= heal:
            options.append(("heal", c))
        if fighter and fighter.frost and left >= warm:
            options.append(("warm", c))
    if left >= supply:
        options.append(("supply",))
    return options


@decision("camp_buy", _camp_options)
def camp_buy(state, action, player):
    heal, warm, supply = SURVIVAL_PRICES[state.n]
    kind = action[0]
    if kind == "done":
        return
    if kind == "heal":
        moves.heal(state, action[1])
        state.spent[player] += heal
    elif kind == "warm":
        moves.warm(state, action[1])
        state.spent[player] += warm
    else:
        state.supplies[player] += 1
        state.spent[player] += supply
    state.push(("camp_buy", player))


@task("next_game")
def next_game(state: LegionState) -> None:
    """Record the game's score less what was spent; the dead leave; the survivors form the next game's hand."""
    scores = final_scores(state)
    for fighter in state.fighters.values():  # Crippled cards do not carry over (DECISIONS: Survival carry-over)
        for skill in fighter.crippled:
            state.pool[state.data.crippled_card(skill).id] += 1
        fighter.crippled = ()
    for p in range(state.n):
        state.campaign[p].append(scores[p] - state.spent[p])
        state.boxed[p] += state.graveyard[p]
        state.fallen[p] += len(state.graveyard[p])
        state.graveyard[p] = []
        state.deck[p] = sorted(state.deck[p] + state.bottom[p])
        state.bottom[p] = []
        commander = state.commander[p]
        assert commander is not None  # chosen at set-up
        unique = set(state.data.commanders[commander][1])
        tokens = state.data.tokens.get(state.factions[p], ())
        state.available[p] = sorted(o for o in tokens if state.data.orders[o].universal or o in unique)
        state.used[p] = []
        state.vp[p] = 0
        state.won_types[p] = Counter()
    state.game_number += 1
    state.round = 0
    state.location_deck = sorted(state.data.locations)
    state.plot_deck = sorted(state.data.plots)
    state.despatch_deck = sorted(state.data.despatches)
    state.despatch = [None] * state.n
    state.played_despatch = [None] * state.n
    steps = [("survivor_hand", p) for p in range(state.n)]
    state.push(("first_player",), *steps, ("round_start",))


@task("survivor_hand")
def survivor_hand(state: LegionState, player: int) -> None:
    """The hand is the survivors, drawn up to five if fewer."""
    if len(state.hand[player]) < rules.HAND_SIZE:
        schedule_draw_then(state, player, ("survivor_hand", player))


def campaign_end(state: LegionState) -> list[int]:
    """Campaign totals after the last game: the recorded scores of every game."""
    scores = final_scores(state)
    return [sum(state.campaign[p]) + scores[p] for p in range(state.n)]
