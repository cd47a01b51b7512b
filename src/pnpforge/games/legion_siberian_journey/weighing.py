"""Did an action card change anything? The validator's observer weighs every action card played in a game.

When a card is played, the position just before it is kept. After the game, the round is played on twice from that
position with greedy players and the same chance: once with the card played, once with the card thrown away
unplayed (the player then chooses again). If the two rounds end the same way (points, locations, resources, the
dead, the wounded and who holds which character), the card changed nothing that time. The tallies count, per card,
the times it was weighed and the times it changed an outcome (``action/<id>/weighed``, ``action/<id>/useful``).
Told to weigh only some cards (those whose checks the validator still has open), the observer weighs the same plays
of those cards as it would among all (the first ``LIMIT`` plays of the game count, whichever card they are, and each
keeps its replay seed) and keeps no position for the others.
"""

from __future__ import annotations

import random

from pnpforge.engine import zones as z
from pnpforge.engine.loop import play_game
from pnpforge.engine.tally import Tally
from pnpforge.games.legion_siberian_journey.bots import GreedyBot
from pnpforge.games.legion_siberian_journey.state import JourneyState

PLAYS = ("play", "trap", "cancel")
LIMIT = 8  # cards weighed per game at most (the first ones played), so a validation game stays cheap


def outcome(state: JourneyState) -> tuple:
    """How a round ended, in what it leaves for the rest of the game."""
    return (tuple(state.vp), tuple(tuple(w) for w in state.won_locations), tuple(state.resources),
            tuple(sorted(state.graveyard)), tuple(sorted(state.wounded)),
            tuple(tuple(sorted(state.living(p))) for p in range(state.n)), state.over)


def play_round(state: JourneyState, seed: int) -> tuple:
    bots = [GreedyBot()] * state.n
    first = state.round
    play_game(None, bots, random.Random(seed), start=state, until=lambda _: state.round != first or state.over)
    return outcome(state)  # played on in place


def unplayed(before: JourneyState, player: int, card: int) -> JourneyState:
    """The position with the card gone from the hand to the discard pile, unplayed; the player chooses again."""
    other = before.clone()
    other.zones = z.reveal(z.move(other.zones, f"hand:{player}", "action-discard", card), "action-discard", card)
    other.refresh()
    if not other.legal_actions():  # the question was only there for the card: it is skipped, as the rules skip it
        other.pending = None
        other.run()
    return other


class Weighing:
    """The observer of a validation game: keeps the position before each action card played, weighs them after;
    with ``only``, just the cards named there (None: every card)."""

    def __init__(self, game, seed: int, only: tuple[str, ...] | None = None):
        self.seed, self.only = seed, only
        self.before: JourneyState | None = None
        self.playable = False  # a card can be played at the position last seen
        self.kept: list[tuple[JourneyState, int, int, tuple] | None] = []  # None: a play not weighed

    def start(self, state: JourneyState) -> None:
        self._remember(state)

    def _remember(self, state: JourneyState) -> None:
        """Keep a copy of a position where a card to weigh could be played next (cheap elsewhere: nothing is kept)."""
        self.before, self.playable = None, False
        if state.over or state.is_chance_node() or len(self.kept) >= LIMIT:
            return
        plays = [a for a in state.legal_actions() if isinstance(a, tuple) and a[0] in PLAYS]
        self.playable = bool(plays)
        only = self.only
        if plays and (only is None or any(state.data.actions[a[1]].item in only for a in plays)):
            self.before = state.clone()

    def after_action(self, state: JourneyState, action) -> None:
        if self.playable and isinstance(action, tuple) and action[0] in PLAYS:
            before = self.before
            if before is not None and (self.only is None or before.data.actions[action[1]].item in self.only):
                self.kept.append((before, before.current_player(), action[1], action))
            else:
                self.kept.append(None)  # a play of a card not weighed: it still counts towards LIMIT
        self._remember(state)

    def finish(self, state: JourneyState, tally: Tally) -> None:
        for index, kept in enumerate(self.kept):
            if kept is None:
                continue
            before, player, card, action = kept
            item = before.data.actions[card].item
            played = before.clone()
            played.apply_action(action)
            seed = self.seed * 64 + index
            changed = play_round(played, seed) != play_round(unplayed(before, player, card), seed)
            tally.add(f"action/{item}/weighed", 1, self.seed)
            if changed:
                tally.add(f"action/{item}/useful", 1, self.seed)
