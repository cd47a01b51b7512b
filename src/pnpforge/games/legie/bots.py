"""Legie bots: uniform random, greedy (one ply with a look at the reply's threats), UCT Monte-Carlo search, and the
plan of the engine's search bot (``SEARCH``: greedy playouts four turns deep, weighed by the evaluation).

Legie hides nothing, so a bot's observation is the position itself; bots read the state and its legal actions and
never change it (they search on clones). Every random choice uses the RNG passed in.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Callable, Final

from pnpforge.engine.loop import RandomBot
from pnpforge.engine.search import SearchPlan
from pnpforge.games.legie import threats
from pnpforge.games.legie.state import CHOOSE_FLAG, CHOOSE_TARGET, DRAW, PLACE, LegieState
from pnpforge.games.legie.threats import armies, armies_after

__all__ = ["RandomBot", "GreedyBot", "MctsBot", "SEARCH", "determinize", "evaluate"]

WIN: Final = 1000.0
PLACED: Final = 10.0  # per unit on the board: the basic goal is to lay every unit
THREAT: Final = 7.0  # per own unit the opponent could remove with its next tile
KING_DANGER: Final = 400.0  # Return of the King: the enemy can take our King next turn
SCORE: Final = 4.0  # scenario measure (chain length, units in forest), per point of lead
SEARCH_TURNS: Final = 4  # how far the search bot's playouts look
REPEAT: Final = 15.0  # per earlier decision of the greedy bot's that left the same units in both hands
WEIGHTS: Final = threats.Weights(PLACED, THREAT, KING_DANGER, SCORE, REPEAT)


def determinize(state: LegieState, player: int, rng: random.Random) -> LegieState:
    """Legie hides nothing: the only state a player cannot tell from this one is this one."""
    return state.clone()


def evaluate(state: LegieState, me: int) -> float:
    """A score of the position for ``me``: result, units laid, what the opponent can strike next, scenario lead."""
    if state.is_terminal():
        if state.winner == DRAW:
            return 0.0
        return WIN if state.winner == me else -WIN
    game = state.game
    owner = game.owner
    laid = [0, 0]
    for v in state.board:
        if v >= 0:
            laid[owner[v]] += 1
    value = PLACED * (laid[me] - laid[1 - me])
    if state.phase == PLACE and state.player != me:
        removed, king = best_strike(state, state.player)
        value -= THREAT * removed
        if king:
            value -= KING_DANGER
    scoring: bool = game.objective["effect"] == "score_at_end"
    if scoring:
        value += SCORE * (state.score(me) - state.score(1 - me))
    return value


Judge = Callable[[LegieState, int], float]  # an evaluation of a position for a player


def _fast_evaluate(state: LegieState, me: int) -> float:
    """``evaluate``, the opponent's strikes read from bitboards (threats.py) when it is to lay a tile: the same
    number."""
    if state.phase == PLACE and state.player != me:
        scoring: bool = state.game.objective["effect"] == "score_at_end"
        return threats.Reply.of(state, me, WEIGHTS).standing(state.score(me) if scoring else 0)
    return evaluate(state, me)


def search_value(state: LegieState, me: int) -> float:
    """What a search playout stopped short of the end is worth to ``me``: the evaluation as a chance to win."""
    return 1.0 / (1.0 + math.exp(-evaluate(state, me) / 30.0))


def four_turns_on(start: LegieState, now: LegieState) -> bool:
    """A search playout looks four turns ahead: the answer, the reply, ours and theirs again."""
    return now.turns - start.turns >= SEARCH_TURNS


# Legie hides nothing and its greedy bot only breaks ties at random, so one world per question is enough
SEARCH = SearchPlan(samples=1, candidates=4, horizon=four_turns_on, value=search_value)


def best_strike(state: LegieState, player: int) -> tuple[int, bool]:
    """The most enemy units ``player`` could remove with one tile now, and whether the hunted King could fall."""
    game, tables = state.game, state.laid
    board, owner, neighbours = state.board, game.owner, game.neighbours
    kinds = len(game.kinds)
    hunted = game.hunted
    immobile, strengths, defence = game.immobile, game.strength, tables.defence
    # what does not depend on the tile laid: the enemies next to each free square, and the strength of the
    # player's units already around each of them (the free square itself holds nothing, so it adds nothing)
    near: list[tuple[int, list[tuple[int, int]]]] = []
    support: dict[int, int] = {}
    for s in range(game.squares):
        if board[s] >= 0 or s == state.flag:
            continue
        enemies = []
        for n in neighbours[s]:
            v = board[n]
            if v >= 0 and owner[v] != player and not immobile[v]:
                enemies.append((n, v))
                if n not in support:
                    support[n] = sum(strengths[board[m]] for m in neighbours[n]
                                     if board[m] >= 0 and owner[board[m]] == player)
        near.append((s, enemies))
    best, king = 0, False
    hot = [(s, enemies, any(v % kinds == hunted for _, v in enemies)) for s, enemies in near if enemies]
    shots = state.arrow_targets() if any(state.off[player][k] and game.arrow[player * kinds + k]
                                         for k in range(kinds)) else []
    shot_king = any(board[s] % kinds == hunted for s in shots)
    can_shoot = tables.can_shoot
    for k, held in enumerate(state.off[player]):
        if not held:
            continue
        index = player * kinds + k
        allowed, strength, crown = tables.allowed[index], strengths[index], game.crown[index]
        shoots = game.arrow[index] and bool(shots)
        if shoots and any(allowed[s] and can_shoot[s] for s, _ in near):
            best = max(best, 1)  # an arrow alone strikes one
            king = king or shot_king
        for s, enemies, king_here in hot:
            if not allowed[s]:
                continue
            if crown:
                fallen = len(enemies)
                king = king or king_here
            elif strength:
                fallen = 0
                for n, v in enemies:
                    if strength + support[n] > defence[v][n]:
                        fallen += 1
                        king = king or v % kinds == hunted
            else:
                fallen = 0
            if shoots and can_shoot[s]:
                fallen += 1
            if fallen > best:
                best = fallen
    return best, king


class GreedyBot:
    """Plays the action whose resulting position ``evaluate`` likes best; ties are broken by the RNG.

    Removed units go back to their owners, so two greedy players can trade removals for ever (archers shooting
    archers). The bot remembers the armies in hand after each of its decisions in this game (an arrow's target or
    the Flag's square is a decision too), and a move that brings back armies it has already left behind loses
    ``REPEAT`` per time seen: it tries something else, as a player tired of a stalemate would.
    """

    name = "greedy"

    def __init__(self) -> None:
        self.seen: dict[tuple[int, ...], int] = {}

    def choose(self, state: LegieState, player: int, rng: random.Random) -> int:
        actions, values, change = self._scores(state, player, remember=True, best_only=True)
        # the weights are whole numbers, so every value is one and equal values are exactly equal
        best = max(values)
        chosen = [action for action, value in zip(actions, values) if value == best]
        action = chosen[rng.randrange(len(chosen))]
        found = change(action) if change is not None else None
        if found is None:
            child = state.clone()
            child.apply_action(action)
            key = armies(child)
        else:  # the units laid and removed are known: no need to play it
            key = armies_after(state, player, found)
        self.seen[key] = self.seen.get(key, 0) + 1
        return action

    def rank(self, state: LegieState, player: int, rng: random.Random) -> list[int]:
        """Every legal action, the best first (ties in a random sequence): what the search bot tries."""
        scored = [(value, rng.random(), action) for action, value in self._values(state, player)]
        return [action for _, _, action in sorted(scored, reverse=True)]

    def _values(self, state: LegieState, player: int, remember: bool = False) -> list[tuple[int, float]]:
        """(action, value) for every legal action: quiet moves and single removals from one summary of the
        opponent's strikes (threats.py), the rest played out on a copy; the same numbers as ``_values_by_clone``."""
        actions, values, _ = self._scores(state, player, remember)
        return list(zip(actions, values))

    def _scores(self, state: LegieState, player: int, remember: bool,
                best_only: bool = False) -> tuple[list[int], list[float], threats.Change | None]:
        """The legal actions, their values in the same order, and what each action does to the armies in hand
        (``threats.Decision.change``; None: unknown); ``best_only``: exact for the best value and the actions that
        have it, a quiet move that cannot reach it may read -inf (``threats.values``)."""
        seen = self.seen if remember and self.seen else None

        def slow(action: int) -> float:
            return self._child_value(state, action, player, seen, _fast_evaluate)

        found = threats.values(state, player, WEIGHTS, seen, slow, best_only)
        if found is not None:
            return found
        actions = state.legal_actions()
        return actions, [slow(action) for action in actions], None

    def _values_by_clone(self, state: LegieState, player: int, remember: bool = False) -> list[tuple[int, float]]:
        """The reference for ``_values``: every action played on a copy and the result scored by ``evaluate``."""
        seen = self.seen if remember and self.seen else None
        return [(action, self._child_value(state, action, player, seen, evaluate)) for action in state.legal_actions()]

    def _child_value(self, state: LegieState, action: int, player: int, seen: dict[tuple[int, ...], int] | None,
                     judge: Judge) -> float:
        """The value of ``action`` played on a copy, scored by ``judge`` (an ``evaluate``), less REPEAT."""
        child = state.clone()
        child.apply_action(action)
        value = self._settled_value(child, player, judge)
        if seen:
            value -= REPEAT * seen.get(armies(child), 0)
        return value

    def _settled_value(self, state: LegieState, player: int, judge: Judge = evaluate) -> float:
        """The value after our pending choices (target, Flag) are made the best way too."""
        if state.phase in (CHOOSE_TARGET, CHOOSE_FLAG) and state.player == player:
            best = -math.inf
            for action in state.legal_actions():
                child = state.clone()
                child.apply_action(action)
                best = max(best, self._settled_value(child, player, judge))
            return best
        return judge(state, player)


@dataclass
class _Node:
    """A node of the search tree: the player who chose the action leading here and the results seen below."""

    mover: int
    actions: list[int]
    action: int = -1
    children: dict = field(default_factory=dict)
    visits: int = 0
    wins: float = 0.0


class MctsBot:
    """UCT with a per-decision budget of ``iterations``: walk down the tree by UCB1, add one node, play a few random
    turns and score the end with ``evaluate`` (a finished game scores its result). The root's moves are tried in
    the order of their one-ply value, best first, so a small budget still looks at the good moves."""

    name = "mcts"

    def __init__(self, iterations: int = 400, exploration: float = 1.0, playout_turns: int = 8):
        self.iterations, self.exploration, self.playout_turns = iterations, exploration, playout_turns

    def choose(self, state: LegieState, player: int, rng: random.Random) -> int:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        root = _Node(mover=-1, actions=self._ordered(state, actions, rng))
        for _ in range(self.iterations):
            self._iterate(root, state.clone(), rng)
        return max(root.children.items(), key=lambda item: (item[1].visits, item[1].wins))[0]

    def _ordered(self, state: LegieState, actions: list[int], rng: random.Random) -> list[int]:
        """Untried actions, most promising last (they are popped): a cheap one-ply value orders the expansion."""
        scored = []
        for action in actions:
            child = state.clone()
            child.apply_action(action)
            scored.append((evaluate(child, state.player) + rng.random() * 1e-3, action))
        scored.sort()
        return [a for _, a in scored]

    def _iterate(self, root: _Node, state: LegieState, rng: random.Random) -> None:
        path = [root]
        node = root
        while not node.actions and node.children and not state.is_terminal():
            node = self._select(node)
            path.append(node)
            state.apply_action(node.action)
        if node.actions and not state.is_terminal():
            action = _pop(node.actions, rng) if node is not root else node.actions.pop()
            mover = state.player
            state.apply_action(action)
            untried = [] if state.is_terminal() else state.legal_actions()
            child = _Node(mover=mover, actions=untried, action=action)
            node.children[action] = child
            path.append(child)
        value = self._playout(state, rng)
        for visited in path[1:]:
            visited.visits += 1
            visited.wins += value[visited.mover]
        root.visits += 1

    def _select(self, node: _Node) -> _Node:
        log_n = math.log(node.visits + 1)
        c = self.exploration
        return max(node.children.values(),
                   key=lambda ch: ch.wins / ch.visits + c * math.sqrt(log_n / ch.visits))

    def _playout(self, state: LegieState, rng: random.Random) -> tuple[float, float]:
        """Random play for a few turns, then the evaluation turned into a win chance for each player."""
        start = state.turns
        while not state.is_terminal() and state.turns - start < self.playout_turns:
            state.apply_action(random_action(state, rng))
        if state.is_terminal():
            result = state.returns()
            return result[0], result[1]
        chance = 1.0 / (1.0 + math.exp(-evaluate(state, 0) / 30.0))
        return chance, 1.0 - chance


def _pop(actions: list[int], rng: random.Random) -> int:
    """Take a random untried action out of the list in constant time."""
    i = rng.randrange(len(actions))
    actions[i], actions[-1] = actions[-1], actions[i]
    return actions.pop()


def random_action(state: LegieState, rng: random.Random) -> int:
    """A quick random legal action for playouts: a random held kind on a random square that takes it."""
    if state.phase != PLACE:
        actions = state.legal_actions()
        return actions[rng.randrange(len(actions))]
    game = state.game
    held = [k for k, n in enumerate(state.off[state.player]) if n]
    board, flag, allowed = state.board, state.flag, state.laid.allowed
    base = state.player * len(game.kinds)
    for _ in range(12):
        kind = held[rng.randrange(len(held))] if held else 0
        square = rng.randrange(game.squares)
        if held and board[square] < 0 and square != flag and allowed[base + kind][square]:
            return kind * game.squares + square
    actions = state.legal_actions()
    return actions[rng.randrange(len(actions))]
