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
from typing import Callable, Final

from pnpforge.engine.loop import sample_chance
from pnpforge.engine.steps import DECISION, TASK
from pnpforge.games.legion_siberian_journey.state import Action, JourneyState
from pnpforge.games.legion_siberian_journey.wounds import quiet_wound

QUIET: Final = (("pass",), ("no",), ("done",), ("secret", 0))
STEPS: Final = 400  # answers at most in one look ahead
STOP: Final = frozenset({"clean_up_cards", "final_location", "commander"})  # the round's plots are over by then
DRAWS: Final = 4  # rounds averaged when chance comes up in a look ahead


def quiet(legal: list) -> tuple:
    """The quiet answer among ``legal``: a pass, a no, done, a secret bid of nothing; else the first option."""
    return next((answer for answer in QUIET if answer in legal), legal[0])


def quiet_answer(state: JourneyState, legal: list, pick: Callable) -> tuple:
    if state.waiting[0] == "pick":
        return max(legal, key=lambda a: pick(state, state.waiting[1], a))
    return quiet(legal)


def _nothing(state: JourneyState, *args: object) -> list:
    return []


def _cancel(state: JourneyState, player: int, card: int, played_by: int) -> list:
    return [] if state.cancelled == card else [QUIET[1]]


def quiet_steps(table: dict, player: int) -> dict:
    """The rules' steps for a quiet round that ``player`` looks ahead in. A question whose quiet answer is known
    without listing its options offers that answer alone (the step machine then takes it at once, as ``play`` would),
    or nothing where that answer does nothing (done, no, a pass at Manoeuvres: the step is passed over, as it would
    be). A Tactics turn offers nothing: in a quiet round every player passes, so the plot's Tactics end, which is
    where passing the step over leads (only the log, which no rule reads, misses the passes); and a wound asks for
    no First Aid or Brotherhood (``wounds.quiet_wound``), whose questions would be passed over. The other players'
    March turns offer their pass (nothing once passed); the looking player's own March turns, picks, Assault and the
    questions that end a look ahead (``STOP``) keep their options. Every answer and every draw is the same as with
    the rules' own options; only fewer options are listed."""
    march = table["march_turn"]

    def march_turn(state: JourneyState, turn: int) -> list:
        if turn == player:
            return march[1](state, turn)
        return [] if turn in state.passed else [QUIET[0]]

    quieted = dict(table)
    for name, options in (("tactics", _nothing), ("cancel", _cancel), ("manoeuvre", _nothing), ("prepare", _nothing),
                          ("first_aid", _nothing), ("brotherhood", _nothing), ("march_turn", march_turn)):
        kind, _, apply = table[name]
        assert kind == DECISION  # a decision of the rules
        quieted[name] = (kind, options, apply)
    assert table["wound"][0] == TASK  # a task of the rules
    quieted["wound"] = (TASK, quiet_wound, table["wound"][2])  # a task's third place is unused; kept typed
    return quieted


def settle(state: JourneyState, player: int, pick: Callable, own: Callable, draws: random.Random) -> bool:
    """Play ``state`` on quietly (changing it) until the round's plots and location are decided; True if chance drew."""
    return play(state, player, pick, own, draws, state.round, STEPS)[1]


def play(state: JourneyState, player: int, pick: Callable, own: Callable, draws: random.Random | None, start: int,
         left: int) -> tuple[int, bool]:
    """Play ``state`` on quietly for at most ``left`` more answers while the round ``start`` lasts: the answers left,
    and whether chance drew. Without ``draws`` it stops at the first chance node instead (then True): everything
    before it is the same whatever the seed, so the rounds of every seed can go on from there."""
    drew = False
    while left > 0:
        if state.over or state.round != start or state.pending is not None and state.waiting[0] in STOP:
            break
        if state.is_chance_node():
            if draws is None:
                return left, True
            state.apply_action(sample_chance(state, draws))
            drew = True
            left -= 1
            continue
        legal = state.legal_actions()
        if state.waiting[0] == "march_turn" and state.waiting[1] == player:
            state.apply_action(own(state, legal))
        else:
            state.apply_action(quiet_answer(state, legal, pick))
        left -= 1
    return left, drew


def standing(state: JourneyState, player: int, worth: Callable) -> float:
    others = [worth(state, p) for p in range(state.n) if p != player]
    return worth(state, player) - sum(others) / len(others)


MARCH: Final = frozenset({"march", "march_turn", "march_next"})  # the only steps where the looking player plays apart
PASSED_OVER: Final = frozenset({"tactics", "cancel"})  # a quiet round answers them at once, by the quiet answer


def passes_through(state: JourneyState) -> bool:
    """Whether a quiet round goes on from ``state`` (an answer just applied) by the quiet answer to its question, one
    that every player looking ahead would give alike: no pick, no March turn (nor one to come this round), no question
    that ends a look ahead."""
    if state.over or state.pending is None or state.is_chance_node():
        return False
    step = state.pending[0]
    return step not in STOP and step != "pick" and step not in MARCH and not any(e[0] in MARCH for e in state.agenda)


class Round:
    """The quiet round after one answer. It is played once as far as its first chance node (or its end), and each
    seed's round goes on from a copy of that point: up to it, the rounds of every seed are the same.

    ``through``: the round went on from the question the answer led to by the quiet answer any player would give
    there, still in the same round; then, if the game itself goes on by this answer, the round is also the quiet
    round after the quiet answer to that next question, whoever is asked it (``Question``), unless the limit of
    answers (``STEPS``) ended one of its rounds (``limited``): it has one answer fewer left than that round would."""

    def __init__(self, state: JourneyState, player: int, answer: tuple, pick: Callable, own: Callable):
        trial = state.clone()
        trial.apply_action(answer)  # by the rules' own steps, so the round is read where the rules first stop
        trial.use_steps(quiet_steps(trial.steps_table(), player))
        self.player, self.pick, self.own = player, pick, own
        self.start = trial.round
        left = STEPS
        self.through = passes_through(trial)
        if self.through:  # the first answer of ``play``, made here to see where it leads
            trial.apply_action(quiet(trial.legal_actions()))
            left -= 1
            self.through = trial.round == self.start
        self.left, self.chance = play(trial, player, pick, own, None, self.start, left)
        self.limited = self.left == 0
        self.state = trial
        self.ends: dict[int, JourneyState] = {}  # seed -> the round's end (one per group of seeds that drew alike)
        self.standings: dict[tuple, float] = {}  # (worth, player, id of an end) -> the player's standing there

    def settle(self) -> None:
        """Play the round of every seed to its end (once)."""
        if not self.ends:
            if self.chance:
                self._branch(self.state, [(s, random.Random(s)) for s in range(DRAWS)], self.left)
            else:
                self.ends[0] = self.state

    def standing(self, seed: int, worth: Callable, player: int) -> tuple[float, bool]:
        """``player``'s standing after the round played with ``seed``'s draws (``seed`` below ``DRAWS``), and whether
        chance drew."""
        self.settle()
        end = self.ends[seed if self.chance else 0]
        key = (worth, player, id(end))
        found = self.standings.get(key)
        if found is None:
            found = self.standings[key] = standing(end, player, worth)
        return found, self.chance

    def _branch(self, state: JourneyState, seeds: list[tuple[int, random.Random]], left: int) -> None:
        """Play the rounds of ``seeds`` on from the chance node ``state`` (which is used up) with ``left`` answers
        left. Each seed draws its outcome with its own generator, as a round played alone would; the seeds that
        drew the same outcome are played on together up to the next chance node, where they may part."""
        groups: list[tuple[Action, list[tuple[int, random.Random]]]] = []  # (outcome drawn, its seeds)
        for seed, draws in seeds:
            outcome = sample_chance(state, draws)
            for drawn, together in groups:
                if drawn == outcome:
                    together.append((seed, draws))
                    break
            else:
                groups.append((outcome, [(seed, draws)]))
        for index, (outcome, together) in enumerate(groups):
            branch = state if index == len(groups) - 1 else state.clone()
            branch.apply_action(outcome)
            rest, chance = play(branch, self.player, self.pick, self.own, None, self.start, left - 1)
            if chance:
                self._branch(branch, together, rest)
                continue
            self.limited = self.limited or rest == 0
            for seed, _ in together:
                self.ends[seed] = branch


class Question:
    """While a bot weighs the answers to one question (``with Question(state):``), the quiet rounds it plays are kept:
    the round without a card is the same for every card weighed against it, as long as ``state`` is not changed
    (judging an answer only reads the state and plays on clones). Outside such a block nothing is kept.

    When the block ends, its rounds are handed to the state (``JourneyState.kept``) with the number of answers the
    game has had: if the game's next answer is one of them and the next question follows at once, the quiet round
    after that answer went on from this very question by its quiet answer (``Round.through``), so it is the next
    question's round without a card too. A round so borrowed is handed on again when the game then gives the quiet
    answer: it went on through the following question too if a quiet round passes that one over
    (``PASSED_OVER``). A clone keeps none of them."""

    def __init__(self, state: JourneyState):
        self.state = state
        self.rounds: dict[tuple, Round] = {}  # (player, answer) -> the quiet round after it
        self.borrowed: set[tuple] = set()  # the keys of rounds taken from the question before
        self._token: Token | None = None

    def __enter__(self) -> Question:
        self._token = _QUESTION.set(self)
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._token is not None  # entered first
        _QUESTION.reset(self._token)
        if self.rounds:
            handed = {key[1]: (found, key in self.borrowed) for key, found in self.rounds.items()}
            self.state.kept = (self.state.answers, handed)

    @staticmethod
    def current() -> Question | None:
        """The question being weighed in this context, if any."""
        return _QUESTION.get()

    def before(self, pick: Callable, own: Callable) -> Round | None:
        """The quiet round kept at the question before this one that is this question's round without a card."""
        kept = self.state.kept
        if kept is None or kept[0] + 1 != self.state.answers:
            return None
        found, borrowed = kept[1].get(self.state.last, (None, False))
        if found is None or not found.through or found.pick is not pick or found.own is not own:
            return None
        if borrowed and not self._passed_over():
            return None
        found.settle()
        return None if found.limited else found

    def _passed_over(self) -> bool:
        """Whether a quiet round passes this question over by its quiet answer (a Tactics pass, a no to a cancel),
        with no March turn to come this round: then a round borrowed by the question before, which went on from
        there by its quiet answer, went on through this one too."""
        state = self.state
        return state.waiting[0] in PASSED_OVER and not any(e[0] in MARCH for e in state.agenda)


_QUESTION: ContextVar[Question | None] = ContextVar("journey_question", default=None)


def gain(state: JourneyState, player: int, action: tuple, worth: Callable, pick: Callable, own: Callable) -> float:
    """How much better ``player`` stands after the quiet round with ``action`` than after passing instead."""
    legal = state.legal_actions()
    fallback = next((a for a in QUIET if a in legal), None)
    if fallback is None:
        return 0.0
    question = Question.current()
    kept = question.rounds if question is not None and question.state is state else None
    played = kept.get((player, action)) if kept is not None else None
    if played is None:
        played = Round(state, player, action, pick, own)
        if kept is not None:
            kept[(player, action)] = played
    without = kept.get((player, fallback)) if kept is not None else None
    if without is None:
        without = question.before(pick, own) if kept is not None and question is not None else None
        if without is not None and question is not None:
            question.borrowed.add((player, fallback))
        else:
            without = Round(state, player, fallback, pick, own)
        if kept is not None:
            kept[(player, fallback)] = without

    def difference(seed: int) -> tuple[float, bool]:
        mine, drew = played.standing(seed, worth, player)
        other, other_drew = without.standing(seed, worth, player)
        return mine - other, drew or other_drew

    first, drew = difference(0)
    if not drew:
        return first
    return (first + sum(difference(seed)[0] for seed in range(1, DRAWS))) / DRAWS
