"""Was it worth it? Counterfactual replays of a round's orders and location, for the validator.

At the start of each Order resolution phase the simulation keeps a copy of the board. For every order token then
lying on a character, the rest of the round and the next are played twice with the same greedy players and the
same chance — once as it stands, once with that token taken away — and the order was *useful* if a plot's winners,
anyone's VP or supplies, or a death came out differently. The next round is included because a moved or wounded
character fights on; orders that act only through wounds (GET DOWN!, CEASEFIRE!, NO MEDICS!) are followed to the
end of the game, where a wound prevented or left unhealed can show as a death. Orders resolved at once when
assigned (CAMOUFLAGE!) act on the March itself, so they are weighed from the moment they took effect: the rest of
the round and the next are played with the effect and with it undone. The location is weighed the same way with its
effect switched off for the Order and Plot phases; effects that act during Recruitment (costs, limits) count as useful
when a player used what only the location allowed.
"""

from __future__ import annotations

import random

from pnpforge.engine.events import LogEntry
from pnpforge.engine.loop import sample_chance
from pnpforge.engine.tally import Tally
from pnpforge.games.legion_siberian_story.bots import GreedyBot
from pnpforge.games.legion_siberian_story.data import ROUNDS
from pnpforge.games.legion_siberian_story.log import Crippled, Died, Frostbitten, PlotScored, Wounded
from pnpforge.games.legion_siberian_story.state import LegionState

_GREEDY = GreedyBot()


Cut = tuple[int, tuple[type[LogEntry], ...], "Replay"]  # a shorter replay taken from a longer one: rounds, outcomes


# the log entries a replay's outcome is made of: a plot's winners, deaths (VP and supplies are compared as totals)
ORDER_OUTCOMES: tuple[type[LogEntry], ...] = (PlotScored, Died)
LOCATION_OUTCOMES: tuple[type[LogEntry], ...] = (PlotScored, Died, Wounded, Frostbitten, Crippled)


HORIZON = 2  # rounds: this one and the next
# Orders that act only through wounds (a wound prevented or left unhealed) are followed to the end of the game,
# where the wound can show as a death.
THROUGH_WOUNDS = {"cancel_wounds", "block"}


class Replay:
    """What a replay came to: the outcome events it logged, the players' VP and supplies at its end (``None`` when
    it stopped early), and the decisions taken in it."""

    __slots__ = ("events", "vp", "supplies", "actions")

    def __init__(self) -> None:
        self.events: list[LogEntry] = []
        self.vp: tuple | None = None
        self.supplies: tuple | None = None
        self.actions: list = []

    def result(self) -> tuple:
        return tuple(self.events), self.vp, self.supplies


def _finish_round(state: LegionState, rng: random.Random, outcomes: tuple[type[LogEntry], ...] = ORDER_OUTCOMES,
                  rounds: int = HORIZON, against: Replay | None = None, reactions: bool = True,
                  shorter: tuple[Cut, ...] = ()) -> Replay:
    """Play greedily to the end of this round (and the next, for ``rounds`` 2); return what came of it.

    With ``against``, the replay it is compared with, play stops as soon as the two are known to differ in outcome
    (an outcome event not the one logged there) and, when ``reactions`` are asked for, in the decisions taken: the
    rest cannot change either answer, and most weighed orders differ early.

    With ``shorter`` (and no ``against``), each cut's replay is filled with what its fewer rounds came to, counting
    its own outcomes: the same as a replay of those rounds alone from the same state with the same chance, which
    plays the same moves up to their end (the greedy players keep nothing between moves), so the replays a
    checkpoint is weighed against are one play, not one per horizon."""
    replay = Replay()
    events, actions = replay.events, replay.actions
    log = state.log
    seen = len(log)
    this_round, game_number = state.round, state.game_number
    last_round = this_round + rounds - 1
    outcome_differs = decision_differs = False
    if against is not None:
        their_events, their_actions = against.events, against.actions
        decision_differs = not reactions
    cuts = [] if against is not None else sorted(((this_round + length - 1, kinds, cut)
                                                  for length, kinds, cut in shorter), key=lambda c: c[0])
    for _ in range(20000):
        if cuts and (state.round > cuts[0][0] or state.over or state.game_number != game_number):
            ended = state.over or state.game_number != game_number
            while cuts and (ended or state.round > cuts[0][0]):  # the shortest first
                cut = cuts.pop(0)
                cut[2].vp, cut[2].supplies = tuple(state.vp), tuple(state.supplies)
        if state.over or state.round > last_round or state.game_number != game_number:
            break
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            action = _GREEDY.choose(state, state.current_player(), rng)
            if against is not None and not decision_differs:
                index = len(actions)
                decision_differs = index >= len(their_actions) or their_actions[index] != action
            actions.append(action)
            for cut in cuts:
                cut[2].actions.append(action)
        state.apply_action(action)
        while seen < len(log):
            entry = log[seen]
            seen += 1
            for cut in cuts:
                if isinstance(entry, cut[1]):
                    cut[2].events.append(entry)
            if isinstance(entry, outcomes):
                if against is not None and not outcome_differs:
                    index = len(events)
                    outcome_differs = index >= len(their_events) or their_events[index] != entry
                events.append(entry)
        if outcome_differs and decision_differs:
            return replay
    for cut in cuts:  # the moves ran out within its rounds, as they would have in a replay of those alone
        cut[2].vp, cut[2].supplies = tuple(state.vp), tuple(state.supplies)
    replay.vp, replay.supplies = tuple(state.vp), tuple(state.supplies)
    return replay


def _resume(checkpoint: LegionState) -> LegionState:
    state = checkpoint.clone()
    state.watch = None
    state.agenda.append(("orders_start",))
    state.run()
    return state


# How to take back what an order resolved at once did, by effect: (state, player, carrier) -> None.
UNDO_AT_ONCE = {
    "next_card_face_down": lambda state, player, carrier: state.camouflage.discard((player, state.at.get(carrier))),
}


def immediate_checkpoint(state: LegionState, action) -> tuple | None:
    """After an action: when it assigned an order resolved at once, the board now, its order and carrier."""
    if action[0] != "assign" or len(action) != 3 or state.is_chance_node():
        return None
    _, order, carrier = action
    card = state.data.orders.get(order)
    if card is None or card.timing != "immediate":
        return None
    copy = state.clone()
    copy.watch = None
    return copy, order, carrier


def _tally_order(order: str, actual: Replay, other: Replay, tally: Tally, game_seed: int) -> None:
    """Count an order weighed, and useful when the replay without it came out differently, and answered when the
    players decided differently without it."""
    tally.add(f"order/{order}/weighed", 1, game_seed)
    if other.result() != actual.result():
        tally.add(f"order/{order}/useful", 1, game_seed)
    if other.actions != actual.actions:
        tally.add(f"order/{order}/reaction", 1, game_seed)


def weigh_immediate(checkpoint: tuple, seed: int, tally: Tally, game_seed: int) -> None:
    """Tally whether an order resolved at once changed the rest of the round or the next (see the docstring)."""
    state, order, carrier = checkpoint
    undone = [e["effect"] for e in state.data.orders[order].effects if e["effect"] in UNDO_AT_ONCE]
    if not undone:
        return
    without = state.clone()
    for name in undone:
        UNDO_AT_ONCE[name](without, without.owner(carrier), carrier)
    actual = _finish_round(state.clone(), random.Random(seed))
    _tally_order(order, actual, _finish_round(without, random.Random(seed), against=actual), tally, game_seed)


def weigh(checkpoint: LegionState, seed: int, tally: Tally, game_seed: int,
          only: tuple[str, ...] | None = None) -> None:
    """Tally which of the checkpoint's tokens, and whether its location, changed the round's outcome; with ``only``,
    of the orders and location named there (each weighed as it would be among all: the replays are the same)."""
    weighed = []  # the tokens to weigh and how many rounds each is followed
    location = checkpoint.location if only is None or checkpoint.location in only else None
    for character, (order, revealed) in sorted(checkpoint.tokens.items()):
        if not revealed and (only is None or order in only):
            names = {e["effect"] for e in checkpoint.data.orders[order].effects}
            weighed.append((character, order, ROUNDS if names & THROUGH_WOUNDS and not names - THROUGH_WOUNDS
                            else HORIZON))
    # the board as it stands, played on once to the longest horizon asked for; the shorter ones are cut from it
    replays = {rounds: Replay() for _, _, rounds in weighed}
    cuts = [(rounds, ORDER_OUTCOMES, replay) for rounds, replay in replays.items()]
    with_it = Replay()
    if location:
        cuts.append((1, LOCATION_OUTCOMES, with_it))
    if cuts:
        longest = max(cuts, key=lambda cut: cut[0])
        played = _finish_round(_resume(checkpoint), random.Random(seed), outcomes=longest[1], rounds=longest[0],
                               shorter=tuple(cut for cut in cuts if cut is not longest))
        if longest[2] is with_it:
            with_it = played
        else:
            replays[longest[0]] = played
    for character, order, rounds in weighed:
        reference = replays[rounds]
        without = checkpoint.clone()
        del without.tokens[character]
        without.used[without.owner(character)].append((order, False))
        _tally_order(order, reference, _finish_round(_resume(without), random.Random(seed), rounds=rounds,
                                                     against=reference), tally, game_seed)
    if location:
        quiet = checkpoint.clone()
        quiet.location = None
        without_it = _finish_round(_resume(quiet), random.Random(seed), outcomes=LOCATION_OUTCOMES, rounds=1,
                                   against=with_it, reactions=False)
        if without_it.result() != with_it.result():
            tally.add(f"used/{checkpoint.location}", 1, game_seed)  # the location mattered
