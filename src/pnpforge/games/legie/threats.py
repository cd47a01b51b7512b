"""The greedy bot's look at the reply, worked out once per decision instead of once per candidate move.

``evaluate`` (bots.py) scores a position by the units laid, the most of our units the opponent could remove with its
next tile (``best_strike``), whether our hunted King could fall, and a scenario's measure. The greedy bot asks that for
every legal move, and most moves are quiet: they lay one unit and remove nothing. A quiet move to square t changes the
opponent's options in two ways only: t is no longer free, and the free squares next to t gain a target (the new unit,
where the opponent's tile would remove it). So one summary of the position answers every quiet move:

* the field as bitboards (bit s for square s, ``tables.Bits``): free squares, our units, and for each square the sword
  strength of the opponent's around it, hence which of our units a tile of theirs would remove;
* for each class of unit the opponent holds (strength, crown, arrow, squares it may take) and each count v, the free
  squares ``W[v]`` where such a tile would remove at least v units.

With m the best count, a quiet move to t makes the best m + 1 when a class that would also remove the new unit has a
square of count m next to t; else m, unless t was the only square of count m (then the lower counts are looked up).
Arrows that had no target get one when the new unit can be shot: that case has its own levels with arrows on. The
King's danger is an OR over every strike, so it is kept as the squares where some tile takes the King.

A move that removes one unit (an arrow's shot, or one unit falling to swords; the Flag goes to its square) is the same
quiet move in the position after the removal, so a summary per removed unit answers those. Whatever is left (several
units falling, the game ending, the turn limit) is played out on a copy. The values are the very numbers evaluating
each copy gives, move for move (tests/games/legie/test_threats.py compares them).
"""

from __future__ import annotations

import math
from operator import itemgetter
from typing import Callable, Final, NamedTuple, Sequence

from pnpforge.games.legie import board as fields
from pnpforge.games.legie.state import CHOOSE_TARGET, EMPTY, PLACE, TARGET, LegieGame, LegieState, Pick, outcome
from pnpforge.games.legie.tables import Bits, Side, bits_of


COUNTS: Final = tuple(range(7))
# with arrows on or off (``Reply._level``): the best count, per class W[v], per v the union of W[v]
Level = tuple[int, list[list[int]], list[int]]


class Weights(NamedTuple):
    """The evaluation's weights (bots.py)."""

    placed: float
    threat: float
    king_danger: float
    score: float
    repeat: float


class Reply:
    """What the opponent of ``me`` could strike with its next tile (``best_strike``) in one position, and how a quiet
    move of ours changes it. ``ours``: our ``Bits.side``; ``theirs``: their units; ``hand``: theirs; ``at_least``:
    their support (``Bits.support``); ``score``: our scenario measure less theirs (Kolonne: only theirs, negated)."""

    def __init__(self, game: LegieGame, field: Bits, me: int, weights: Weights, ours: Side, theirs: int,
                 hand: list[int], flag: int, board: list[int], at_least: list[int], score: int,
                 falling: dict[int, int] | None = None) -> None:
        self.game, self.field, self.me, self.weights, self.ours = game, field, me, weights, ours
        self.theirs, self.hand, self.board, self.at_least, self.score = theirs, hand, board, at_least, score
        mine, targets, shot, defended, _, king = ours
        self.free = free = field.full & ~(mine | theirs) & ~(1 << flag if flag >= 0 else 0)
        # per strength: our units a tile of that strength removes (shared with a position whose support around
        # our units is the same)
        self.falling = falling = {} if falling is None else falling
        self.laid = mine.bit_count() - theirs.bit_count()
        self.shots, self.shot_king = shot != 0, (king & shot) != 0
        self.classes: list[tuple[int, bool, bool, int, tuple[int, ...]]] = []
        classes = self.classes  # (strength, crown, arrow, region, Bits.counts of the units it removes)
        danger = arrow_region = 0
        arrowed = False
        for crown, arrow, allowed, members in field.strikers[1 - me]:
            region = free & allowed
            if not region:
                continue
            # the strongest held of units alike removes all that the weaker would; strength is read after the break
            for k, strength in members:  # noqa: B007
                if hand[k]:
                    break
            else:
                continue
            if crown:
                hits = targets
            elif strength:
                hits = falling.get(strength, -1)
                if hits < 0:
                    hits = falling[strength] = field.falls(enumerate(defended), at_least, strength)
            else:
                hits = 0
            classes.append((strength, crown, arrow, region, field.counts(hits)))
            if king & hits:
                danger |= region & field.spread(king & hits)
            if arrow:
                arrow_region |= region & field.can_shoot
                arrowed = True
        self.danger, self.arrow_region = danger, arrow_region  # where a tile takes our King; where arrows fly from
        self.arrowed = arrowed
        self.levels: dict[bool, Level] = {}
        self.edges: dict[bool, tuple[int, int, list[int], list[int]]] = {}
        self.memo: dict[tuple[int, int], list[float]] = {}
        self.their_side: Side = (0, 0, 0, [], {}, 0)  # their ``Bits.side``, kept by ``of``
        self.counts: list[float] = []  # the value of a quiet move per best count after it, once asked

    @classmethod
    def of(cls, state: LegieState, me: int, weights: Weights) -> "Reply":
        """The position of ``state``."""
        game, field = state.game, bits_of(state.game, state.laid)
        per = field.units(state.board)
        ours, theirs = field.side(per, me), field.side(per, 1 - me)
        score = 0
        if field.scoring and field.forest_measure:
            score = (ours[0] & field.forest).bit_count() - (theirs[0] & field.forest).bit_count()
        elif field.scoring:
            score = -state.score(1 - me)
        reply = cls(game, field, me, weights, ours, theirs[0], state.off[1 - me], state.flag, state.board,
                    field.support(theirs[4], field.reach), score)
        reply.their_side = theirs
        return reply

    def without(self, r: int) -> "Reply":
        """The position after their unit on r is removed (back to their hand) and the Flag laid there."""
        field, game, bit = self.field, self.game, 1 << r
        board = self.board[:]
        index, board[r] = board[r], EMPTY
        hand = list(self.hand)
        hand[index % len(game.kinds)] += 1
        strength, near, at_least = game.strength[index], field.near[r], self.at_least
        falling: dict[int, int] | None = self.falling  # the same while the support around our units is
        if strength:  # the squares next to r lose its strength
            at_least = [(a & ~near) | (at_least[k + strength] & near)
                        for k, a in enumerate(at_least[:field.deepest + 1])]
            if self.ours[1] & near:
                falling = None
        score = self.score
        if field.scoring and field.forest_measure:
            score += (field.forest & bit) != 0
        elif field.scoring:
            score = -fields.longest_chain(board, game.owner, game.neighbours, 1 - self.me)
        return Reply(game, field, self.me, self.weights, self.ours, self.theirs & ~bit, hand, r, board, at_least,
                     score, falling)

    def strike(self) -> tuple[int, bool]:
        """``best_strike`` of the opponent here: the most units one tile removes, and whether our King could fall."""
        king = self.danger != 0 or (self.shots and self.shot_king and self.arrow_region != 0)
        return self._level(self.shots)[0], king

    def standing(self, chain: int) -> float:
        """``evaluate`` of this position, the opponent to move; ``chain``: our longest chain (Kolonne)."""
        w = self.weights
        removed, king = self.strike()
        value = w.placed * self.laid
        value -= w.threat * removed
        if king:
            value -= w.king_danger
        if self.field.scoring:
            value += w.score * (self.score + (0 if self.field.forest_measure else chain))
        return value

    def _level(self, arrows: bool) -> Level:
        """With arrows on or off: the best count m, per class W[v] (the squares where it removes v or more, v from 0
        to 6) and per v the union of W[v] over the classes."""
        found = self.levels.get(arrows)
        if found is None:
            layers: list[list[int]] = []
            can_shoot, best, union = self.field.can_shoot, 0, [0] * 7
            for _strength, _crown, arrow, region, c in self.classes:
                bonus = can_shoot if arrow and arrows else 0
                w = [region, 0, 0, 0, 0, 0, 0]
                for v in range(1, 6):
                    x = region & (c[v] | (bonus & c[v - 1]))
                    if not x:
                        break
                    w[v] = x
                    union[v] |= x
                    if v > best:
                        best = v
                layers.append(w)
            found = self.levels[arrows] = (best, layers, union)
        return found

    def _answer(self, arrows: bool, hits: list[int]) -> tuple[int, int, int]:
        """With arrows on or off: the best count m, the squares t where a new unit makes it m + 1 (a class that
        removes it, ``hits``, has a square of count m next to t), and those where it stays m."""
        found = self.edges.get(arrows)
        if found is None:
            field = self.field
            best, layers, union = self._level(arrows)
            above = [field.spread(w[best]) for w in layers]
            level = [field.spread(w[best - 1]) for w in layers] if best else [0] * len(layers)
            top = union[best]
            keeps = field.full if best == 0 or top & (top - 1) else field.full & ~top  # m on another square
            found = self.edges[arrows] = (best, keeps, above, level)
        best, keeps, above, level = found
        up = down = 0
        for hit, a, b in zip(hits, above, level):
            up |= hit & a
            down |= hit & b
        return best, up, down | keeps

    def _hits(self, index: int) -> list[int]:
        """Per class: the squares where our new unit ``index`` would fall to a tile of that class laid beside it."""
        if self.game.immobile[index]:
            return [0] * len(self.classes)
        field, defences, at_least = self.field, self.field.defences[index], self.at_least
        return [field.full if crown else field.falls(defences, at_least, strength) if strength else 0
                for strength, crown, _, _, _ in self.classes]

    def values(self, index: int, squares: tuple[int, ...], mask: int,
               chain: Callable[[int], int] | None) -> list[float]:
        """``evaluate`` after laying our unit ``index`` on each of ``squares`` (bitboard ``mask``), in order: quiet
        moves, nothing removed and the game going on; ``chain(t)``: our longest chain then (Kolonne). The list is
        shared: do not change it."""
        key = (self.field.profile[index], mask)
        found = self.memo.get(key)
        if found is not None:
            return found
        field, w = self.field, self.weights
        hits, shootable = self._hits(index), field.shootable[index]
        both = not self.shots and shootable != 0 and self.arrowed  # the new unit may give arrows a target
        base, hunting = w.placed * (self.laid + 1), self.game.hunted >= 0
        counts: Sequence[float] = COUNTS  # count -> value, or the count itself when the King or a measure adds to it
        if not hunting and not field.scoring:
            counts = self.counts = self.counts or [base - w.threat * v for v in range(7)]
        if len(squares) < 3:  # a few squares: each looked up from the top count down
            found = []
            for t in squares:
                arrows = (shootable >> t & 1) == 1 if both else self.shots
                found.append(counts[self._scan(t, self._level(arrows)[0] + 1, hits, arrows)])
        else:  # the best count almost everywhere: the other squares set one by one
            halves = [(False, mask & ~shootable), (True, mask & shootable)] if both else [(self.shots, mask)]
            parts: list[tuple[bool, int, int, int, int]] = [  # up lies within down
                (arrows, part) + self._answer(arrows, hits) for arrows, part in halves]
            first, second = parts[0][2], parts[-1][2]
            if first != second:
                found = [counts[second] if shootable >> t & 1 else counts[first] for t in squares]
            else:
                found = [counts[first]] * len(squares)
            for arrows, part, best, up, down in parts:
                for t in field.squares(part & up):
                    found[squares.index(t)] = counts[best + 1]
                for t in field.squares(part & ~down):
                    found[squares.index(t)] = counts[self._scan(t, best - 1, hits, arrows)]
        if hunting or field.scoring:
            for n, (t, strikes) in enumerate(zip(squares, found)):
                value = base - w.threat * strikes
                if hunting and self._king(index, t, hits):
                    value -= w.king_danger
                if field.scoring and field.forest_measure:
                    value += w.score * (self.score + (field.forest >> t & 1))
                elif field.scoring:
                    assert chain is not None  # a chain measure is asked with its chain
                    value += w.score * (self.score + chain(t))
                found[n] = value
        self.memo[key] = found
        return found

    def _scan(self, t: int, top: int, hits: list[int], arrows: bool) -> int:
        """The most units one tile removes once our new unit lies on t, when that is at most ``top``: a square
        other than t with that count, or one next to t that reaches it with the new unit (a class that removes it)."""
        _, layers, union = self._level(arrows)
        bit, near = 1 << t, self.field.near[t]
        lifted = [w for hit, w in zip(hits, layers) if hit & bit]
        for v in range(top, 0, -1):
            if union[v] & ~bit or any(w[v - 1] & near for w in lifted):
                return v
        return 0

    def _king(self, index: int, t: int, hits: list[int]) -> bool:
        """Whether the opponent could take our King once our unit ``index`` lies on t."""
        bit = 1 << t
        if self.danger & ~bit:
            return True
        new_king = index % len(self.game.kinds) == self.game.hunted
        near = self.field.near[t]
        if new_king and any(hit & bit and near & c[3] for hit, c in zip(hits, self.classes)):
            return True
        shootable = (self.field.shootable[index] & bit) != 0
        return (self.shots or shootable) and (self.shot_king or (new_king and shootable)) and \
            (self.arrow_region & ~bit) != 0


def ends(game: LegieGame, hand: list[int], last: int, king_taken: bool, laying: bool = True) -> bool:
    """Whether our turn ends the game (``state.outcome``): ``hand`` before laying ``last`` (``laying``) or after
    it; ``king_taken``: the enemy King was removed this turn."""
    if laying:
        hand = hand[:]
        hand[last] -= 1
    return outcome(game, 0, hand, last, king_taken, lambda player: 0)[0] != EMPTY  # the measure never decides it


def armies(state: LegieState) -> tuple[int, ...]:
    """The units each player holds in hand: what a cycle of removals brings back."""
    return tuple(state.off[0]) + tuple(state.off[1])


def armies_after(state: LegieState, player: int, change: tuple[int, int]) -> tuple[int, ...]:
    """``armies`` after ``player`` lays a unit of kind ``change[0]`` and removes one of kind ``change[1]`` (-1:
    none)."""
    hands, kinds = [*state.off[0], *state.off[1]], len(state.off[0])
    kind, back = change
    if kind >= 0:
        hands[player * kinds + kind] -= 1
    if back >= 0:
        hands[(1 - player) * kinds + back] += 1
    return tuple(hands)


Change = Callable[[int], "tuple[int, int] | None"]  # ``Decision.change``
Values = tuple[list[int], list[float], Change]  # the legal actions, their values in the same order, what each changes


class Decision:
    """One decision of ours: the position's summary, its variants after one removal, our memory of armies (``seen``),
    the way to play an action out (``played``), and what each action does to the armies in hand (``change``)."""

    def __init__(self, state: LegieState, me: int, weights: Weights, seen: dict[tuple[int, ...], int] | None,
                 played: Callable[[int], float]) -> None:
        self.state, self.me, self.weights, self.seen, self.played = state, me, weights, seen, played
        self.repeat = weights.repeat
        self.game, self.kinds = state.game, len(state.game.kinds)
        self.root = Reply.of(state, me, weights)
        self.field = self.root.field
        self.after: dict[int, Reply] = {}
        self.chain = _chain(state, me) if self.field.scoring and not self.field.forest_measure else None
        self.changes: dict[int, tuple[int, int] | None] = {}  # actions unlike the rest of their kind
        self.shooting: dict[int, tuple[int, tuple[int, int]]] = {}  # arrow kind: squares with one target, change
        self.ending: dict[int, bool] = {}  # kind * 2 + King taken: whether laying it ends the game
        self.hands = [*state.off[0], *state.off[1]]  # ``armies``, as a list
        self.mine, self.theirs = me * self.kinds, (1 - me) * self.kinds  # where each side's hand starts in it

    def removed(self, r: int) -> Reply:
        """The position after their unit on r is removed and the Flag laid there."""
        found = self.after.get(r)
        if found is None:
            found = self.after[r] = self.root.without(r)
        return found

    def penalty(self, kind: int, back: int = -1) -> float:
        """REPEAT for each time the armies after our move (our ``kind`` laid, their ``back`` returned to hand; -1:
        none) were left behind before."""
        if not self.seen:
            return 0.0
        hands = self.hands[:]  # armies_after, from the hands read once
        if kind >= 0:
            hands[self.mine + kind] -= 1
        if back >= 0:
            hands[self.theirs + back] += 1
        return self.repeat * self.seen.get(tuple(hands), 0)

    def slow(self, action: int) -> float:
        self.changes[action] = None
        return self.played(action)

    def change(self, action: int) -> tuple[int, int] | None:
        """(our kind laid, their kind back in hand; -1: none) by ``action``, or None when it was played out."""
        if action in self.changes:
            return self.changes[action]
        kind, square = divmod(action, self.game.squares)
        found = self.shooting.get(kind)
        return found[1] if found is not None and found[0] >> square & 1 else (kind, -1)

    def ends(self, kind: int, king_taken: bool) -> bool:
        """``ends``: whether laying our ``kind`` ends the game (``king_taken``: removing the enemy King)."""
        key = kind * 2 + king_taken
        found = self.ending.get(key)
        if found is None:
            found = self.ending[key] = ends(self.game, self.state.off[self.me], kind, king_taken)
        return found

    def kind_at(self, r: int) -> int:
        return self.state.board[r] % self.kinds


def values(state: LegieState, me: int, weights: Weights, seen: dict[tuple[int, ...], int] | None,
           slow: Callable[[int], float], best_only: bool = False) -> Values | None:
    """``GreedyBot._values`` when ``me`` is to lay a unit or to pick an arrow's target: the legal actions, their
    values in the same order, and ``Decision.change``. ``seen`` counts the armies already left behind (None: no
    memory); ``slow(action)`` plays one action out on a copy. None for other positions. ``best_only``: the best
    value and every action that has it are exact, a quiet move that cannot reach it may be given -inf instead
    (``_placements``)."""
    if state.player != me or state.phase not in (PLACE, CHOOSE_TARGET):
        return None
    if state.phase == CHOOSE_TARGET:
        actions = state.legal_actions()
        if state.fallen:
            return None
    d, game = Decision(state, me, weights, seen, slow), state.game
    over = state.turns + 1 >= game.rules.turn_limit
    if state.phase == PLACE:
        out, actions = _placements(d, over, best_only and not d.field.scoring)
        if not actions:  # nothing to lay: the player passes
            return None
    else:  # the unit is laid and removed nothing: each target is a position after one removal
        out = []
        chain = 0 if d.chain is None else state.score(me)
        for action in actions:
            back = d.kind_at(action - TARGET)
            if over or ends(game, state.off[me], state.last_kind, state.king_taken or back == game.hunted, False):
                out.append(d.slow(action))
            else:
                out.append(d.removed(action - TARGET).standing(chain) - d.penalty(-1, back))
                d.changes[action] = (-1, back)
    if len(out) != len(actions):
        raise RuntimeError("the summary of the reply disagrees with the legal actions")
    return actions, out, d.change


def _placements(d: Decision, over: bool, best_only: bool = False) -> tuple[list[float], list[int]]:
    """The value of each unit we may lay on each square, and the legal actions (``state.legal_actions``: kind by
    kind, squares in rising order; empty when nothing can be laid) in the same order.

    ``best_only`` (a game without a scenario measure): the moves that remove a unit, or are played out, are valued
    first; the quiet moves of a kind are valued only when they could reach the best of those. A quiet move is worth
    at most PLACED per unit laid after it, less the kind's REPEAT (a strike against it or a King in danger only take
    away), so the quiet moves of a kind whose bound is below that best are given -inf: the best value and the
    actions that have it are those of the full list."""
    game, field, root, hand, me = d.game, d.field, d.root, d.state.off[d.me], d.me
    kinds, size, chain, laying = d.kinds, game.squares, d.chain, d.state.laid.actions
    _, prey, marks, guarded, _, _ = root.their_side
    support = field.support(root.ours[4], field.deepest)  # our strength around each of their units
    marked = field.squares(marks)  # what our arrows could hit
    hunting: bool = game.objective["effect"] == "king_hunt"
    over = over or (not hunting and sum(hand) == 1)  # the last unit ends the game
    reach: dict[int, tuple[int, int]] = {}  # per strength (-1: crown): units removed, squares next to them
    places: dict[int, tuple[tuple[int, ...], Pick | None]] = {}  # per mask: its squares, their pick of a row
    out: list[float] = []
    actions: list[int] = []
    # the quiet moves valued after the rest: (where in out, unit, squares, mask, REPEAT, quiet squares, values)
    later: list[tuple[int, int, tuple[int, ...], int, float, int, list[float]]] = []
    for j, held in enumerate(hand):
        i = me * kinds + j
        mask = root.free & field.allow[i] if held else 0
        if not mask:
            continue
        found_place = places.get(mask)
        if found_place is None:
            squares = field.squares(mask)
            found_place = places[mask] = squares, itemgetter(*squares) if len(squares) > 1 else None
        squares, pick = found_place
        if pick is not None:
            actions += pick(laying[j])
        else:
            actions.append(j * size + squares[0])
        if over or (hunting and d.ends(j, False)):
            out += [d.slow(j * size + t) for t in squares]
            continue
        strength, crown, arrow = field.powers[i]
        fell = busy = 0
        if crown or strength:
            found = reach.get(-1 if crown else strength)
            if found is None:
                fell = prey if crown else field.falls(enumerate(guarded), support, strength)
                found = reach[-1 if crown else strength] = (fell, field.spread(fell))
            fell, busy = found[0], found[1] & mask
        shoot = field.can_shoot & mask if marks and arrow else 0
        quiet = d.penalty(j)
        if not busy and shoot == mask:  # every square shoots
            out += _shots(d, i, squares, mask, marked, quiet)
            continue
        if best_only:  # valued below if they may be best
            got = [-math.inf] * len(squares)
            later.append((len(out), i, squares, mask, quiet, mask & ~(busy | shoot), got))
        else:
            got = root.values(i, squares, mask, chain)
            if quiet:
                got = [v - quiet for v in got]
            elif busy | shoot:
                got = list(got)  # the memo's list is not to be changed
        if busy | shoot:
            _removals(d, i, squares, got, fell, busy, shoot, marked, quiet)
        out += got
    if later:
        best, top = max(out), d.weights.placed * (root.laid + 1)  # top: the most a quiet move is worth
        for start, i, squares, mask, quiet, calm, removing in later:
            if calm and top - quiet >= best:
                got = root.values(i, squares, mask, chain)
                got = [v - quiet for v in got] if quiet else list(got)
                for t in field.squares(mask & ~calm):  # the moves that remove a unit keep their values
                    n = squares.index(t)
                    got[n] = removing[n]
                out[start:start + len(got)] = got
    return out, actions


def _removals(d: Decision, index: int, squares: tuple[int, ...], got: list[float], fell: int, busy: int, shoot: int,
              marked: tuple[int, ...], quiet: float) -> None:
    """Put in ``got`` the values of the squares where laying our unit ``index`` removes a unit: those of ``busy``
    (next to ``fell``, what its swords or crown remove) and of ``shoot`` (its arrow has a target)."""
    game, field, kind = d.game, d.field, index % d.kinds
    action = kind * game.squares
    shots = field.squares(shoot & ~busy)
    if shots:
        for t, value in zip(shots, _shots(d, index, shots, shoot & ~busy, marked, quiet)):
            got[squares.index(t)] = value
    single: dict[int, int] = {}  # per unit removed alone: the squares where it falls
    near = field.near
    for t in field.squares(busy):
        fallen = fell & near[t]
        if shoot >> t & 1 or fallen & (fallen - 1):
            got[squares.index(t)] = d.slow(action + t)  # a shot as well, or several units fall
        else:
            r = fallen.bit_length() - 1
            single[r] = single.get(r, 0) | 1 << t
    for r, where in single.items():
        back = d.kind_at(r)
        ts = field.squares(where)
        if d.ends(kind, back == game.hunted):
            for t in ts:
                got[squares.index(t)] = d.slow(action + t)
            continue
        lost = d.penalty(kind, back)
        for t, value in zip(ts, d.removed(r).values(index, ts, where, d.chain)):
            got[squares.index(t)] = value - lost if lost else value
            d.changes[action + t] = (kind, back)


def _shots(d: Decision, index: int, squares: tuple[int, ...], mask: int, marked: tuple[int, ...],
           quiet: float) -> list[float]:
    """Values of laying an arrow unit on each of ``squares`` (bitboard ``mask``): the shot at the one target, or
    the best of several (then the armies before the shot count for REPEAT)."""
    game, kind = d.game, index % d.kinds
    if any(d.ends(kind, d.kind_at(x) == game.hunted) for x in marked):
        return [d.slow(kind * game.squares + t) for t in squares]
    each = [d.removed(x).values(index, squares, mask, d.chain) for x in marked]
    if len(marked) == 1:
        back = d.kind_at(marked[0])
        d.shooting[kind] = (d.shooting[kind][0] | mask if kind in d.shooting else mask, (kind, back))
        lost = d.penalty(kind, back)
        return [v - lost for v in each[0]] if lost else each[0]
    best = list(map(max, *each))
    return [v - quiet for v in best] if quiet else best


def _chain(state: LegieState, me: int) -> Callable[[int], int]:
    """Our longest chain once a unit of ours lies on a square t: the groups next to t join through it."""
    neighbours = state.game.neighbours
    group, sizes = fields.groups(state.board, state.game.owner, neighbours, me)
    longest = max(sizes, default=0)

    def chain(t: int) -> int:
        return max(longest, 1 + sum(sizes[g] for g in {group[n] for n in neighbours[t] if n in group}))
    return chain
