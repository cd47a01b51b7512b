"""What an action card would do: the greedy bot plays the round on quietly with and without it and compares.

"Quietly" means every other player passes, says no, lays nothing and bids nothing in secret, and the player looking
ahead only deploys (its March turns are answered by ``own``, which plays no card, so a look ahead never nests); a
choice a card asks for is made by the greedy judgement of that choice alone. The round is played so until the plots
are evaluated and the location awarded (or the round ends), and the player's standing is read off: points, resources
and living characters at the greedy bot's rates, against the other players' average.

Chance on the way (a plot drawn to replace a discarded one, a card drawn) is drawn from the piles' make-up, which a
player could count, never their order: with and without the card alike, from the same fixed seeds, and the standing is
the average over ``DRAWS`` such rounds when chance came up at all (one round otherwise, the usual case).
"""

from __future__ import annotations

import random
from contextvars import ContextVar, Token
from typing import Callable

from pnpforge.engine.loop import sample_chance
from pnpforge.games.legion_siberian_journey.state import JourneyState

QUIET = (("pass",), ("no",), ("done",), ("secret", 0))
STEPS = 400  # answers at most in one look ahead
STOP = frozenset({"clean_up_cards", "final_location", "commander"})  # the round's plots are over by then
DRAWS = 4  # rounds averaged when chance comes up in a look ahead


def quiet(legal: list) -> tuple:
    """The quiet answer among ``legal``: a pass, a no, done, a secret bid of nothing; else the first option."""
    return next((answer for answer in QUIET if answer in legal), legal[0])


def quiet_answer(state: JourneyState, legal: list, pick: Callable) -> tuple:
    if state.waiting[0] == "pick":
        return max(legal, key=lambda a: pick(state, state.waiting[1], a))
    return quiet(legal)


def settle(state: JourneyState, player: int, pick: Callable, own: Callable, draws: random.Random) -> bool:
    """Play ``state`` on quietly (changing it) until the round's plots and location are decided; True if chance drew."""
    start, drew = state.round, False
    for _ in range(STEPS):
        if state.over or state.round != start or state.pending is not None and state.waiting[0] in STOP:
            break
        if state.is_chance_node():
            state.apply_action(sample_chance(state, draws))
            drew = True
            continue
        legal = state.legal_actions()
        if state.waiting[0] == "march_turn" and state.waiting[1] == player:
            state.apply_action(own(state, legal))
        else:
            state.apply_action(quiet_answer(state, legal, pick))
    return drew


def standing(state: JourneyState, player: int, worth: Callable) -> float:
    others = [worth(state, p) for p in range(state.n) if p != player]
    return worth(state, player) - sum(others) / len(others)


class Question:
    """While a bot weighs the answers to one question (``with Question(state):``), the quiet round without a card is
    played once per seed and kept: it is the same for every card weighed against it, as long as ``state`` is not
    changed (judging an answer only reads the state and plays on clones). Outside such a block nothing is kept."""

    def __init__(self, state: JourneyState):
        self.state = state
        self.rounds: dict[tuple, tuple[float, bool]] = {}  # (player, fallback, seed) -> (standing, chance drew)
        self._token: Token | None = None

    def __enter__(self) -> Question:
        self._token = _QUESTION.set(self)
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._token is not None  # entered first
        _QUESTION.reset(self._token)

    @staticmethod
    def current() -> Question | None:
        """The question being weighed in this context, if any."""
        return _QUESTION.get()


_QUESTION: ContextVar[Question | None] = ContextVar("journey_question", default=None)


def _round(state: JourneyState, player: int, answer: tuple, seed: int, worth: Callable, pick: Callable,
           own: Callable) -> tuple[float, bool]:
    """The player's standing after ``answer`` and the quiet round, and whether chance drew on the way."""
    trial = state.clone()
    trial.apply_action(answer)
    drew = settle(trial, player, pick, own, random.Random(seed))
    return standing(trial, player, worth), drew


def gain(state: JourneyState, player: int, action: tuple, worth: Callable, pick: Callable, own: Callable) -> float:
    """How much better ``player`` stands after the quiet round with ``action`` than after passing instead."""
    legal = state.legal_actions()
    fallback = next((a for a in QUIET if a in legal), None)
    if fallback is None:
        return 0.0
    question = Question.current()
    kept = question.rounds if question is not None and question.state is state else None

    def difference(seed: int) -> tuple[float, bool]:
        played, drew = _round(state, player, action, seed, worth, pick, own)
        key = (player, fallback, seed)
        found = kept.get(key) if kept is not None else None
        if found is None:
            found = _round(state, player, fallback, seed, worth, pick, own)
            if kept is not None:
                kept[key] = found
        return played - found[0], drew or found[1]

    first, drew = difference(0)
    if not drew:
        return first
    return (first + sum(difference(seed)[0] for seed in range(1, DRAWS))) / DRAWS
