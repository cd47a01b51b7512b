"""The duel's rules re-checked from a state alone, apart from the steps that keep them: Life Points within a
profile's, no more Shaken markers than rout a section, no negative pool, no officer spending beyond what it made,
no card both in hand and played, a section engaged only with an engaged enemy, a winner only when the duel is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpforge.games.dystopian_legions.state import DuelState

if TYPE_CHECKING:
    from pnpforge.games.dystopian_legions.battle import BattleState


def check(s: DuelState) -> list[str]:
    broken = []
    for side in s.sides:
        who = side.setup.player
        for trooper in side.troopers:
            profile = s.profile(trooper)
            most = profile.lp or profile.hp
            if not 0 < trooper.lp <= most:
                broken.append(f"{who}: {trooper.profile} has {trooper.lp} of {most} LP")
        if not 0 <= side.markers <= s.game.routed_at:
            broken.append(f"{who}: {side.markers} Shaken markers")
        if side.cp < 0:
            broken.append(f"{who}: {side.cp} Command Points in the pool")
        made = {t.number: s.made_by(t) for t in side.setup.troopers}
        broken += [
            f"{who}: model {n} spent {spent} of {made.get(n, 0)}"
            for n, spent in side.spent.items()
            if spent > made.get(n, 0)
        ]
        broken += [f"{who}: {card} both in hand and played" for card in set(side.hand) & set(side.graveyard)]
        if side.lp_lost != side.lp_start - side.lp and side.setup.lp_start is None:
            broken.append(f"{who}: lost {side.lp_lost} LP but holds {side.lp} of {side.lp_start}")
    if s.sides[0].engaged != s.sides[1].engaged and not any(side.wiped for side in s.sides):
        broken.append("one section is in melee with a section that is not")
    if s.winner is not None and not s.over:
        broken.append("a winner before the end")
    return broken


def battle_check(s: BattleState) -> list[str]:
    """A battle's rules re-checked from a state alone: every section as a duel's side (Life Points, markers, spending,
    cards), no negative pool, melees only between live sections of both players that their flags show, blocks on
    the table, apart (touching allowed) and out of terrain closed to them, Battle Log Points never negative."""
    from pnpforge.engine.plane_measure import overlap

    broken: list[str] = []
    for unit in s.units:
        side, who = unit.side, f"{unit.spec.unit} ({unit.spec.index})"
        for trooper in side.troopers:
            most = s.profile(trooper).lp or s.profile(trooper).hp
            if not 0 < trooper.lp <= most:
                broken.append(f"{who}: {trooper.profile} has {trooper.lp} of {most} LP")
        if not 0 <= side.markers <= s.game.routed_at:
            broken.append(f"{who}: {side.markers} Shaken markers")
        made = {t.number: s.made_by(t) for t in side.setup.troopers}
        broken += [
            f"{who}: model {n} spent {v} of {made.get(n, 0)}" for n, v in side.spent.items() if v > made.get(n, 0)
        ]
        if side.lp_lost != side.lp_start - side.lp:
            broken.append(f"{who}: lost {side.lp_lost} LP but holds {side.lp} of {side.lp_start}")
        busy = any(unit.spec.index in pair for pair in s.engagements)
        if unit.live and side.engaged != busy:
            broken.append(f"{who}: engaged is {side.engaged} but its melees are {sorted(s.engagements)}")
        if unit.live and unit.block is not None:
            if not s.game.setup.table.holds(unit.block.shape):
                broken.append(f"{who}: off the table")
            shut = s.game.setup.closed_to(unit.spec.types)
            broken += [
                f"{who}: inside {piece.id}"
                for piece in s.game.setup.pieces
                if piece.id in shut and overlap(unit.block.shape, piece.shape)
            ]
            broken += [
                f"{who}: overlaps section {other.spec.index}"
                for other in s.units
                if other.spec.index > unit.spec.index
                and other.live
                and other.block is not None
                and overlap(unit.block.shape, other.block.shape)
            ]
    for a, b in s.engagements:
        if s.units[a].spec.player != 0 or s.units[b].spec.player != 1:
            broken.append(f"a melee of sections {a} and {b} is not between the two players")
    for p in (0, 1):
        hand, grave = s.units[s.first_of(p)].side.hand, s.units[s.first_of(p)].side.graveyard
        broken += [f"player {p}: {card} both in hand and played" for card in set(hand) & set(grave)]
        if s.pool[p] < 0 or s.sides[p].cp < 0:
            broken.append(f"player {p}: a negative pool")
        if s.blp[p] < 0:
            broken.append(f"player {p}: {s.blp[p]} BLP")
    if s.winner is not None and not s.over:
        broken.append("a winner before the end")
    return broken


def any_check(s: DuelState) -> list[str]:
    """The battle's checks for a battle, the duel's for a duel."""
    from pnpforge.games.dystopian_legions.battle import BattleState as Battle

    return battle_check(s) if isinstance(s, Battle) else check(s)
