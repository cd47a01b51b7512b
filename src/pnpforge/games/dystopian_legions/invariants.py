"""The duel's rules re-checked from a state alone, apart from the steps that keep them: Life Points within a
profile's, no more Shaken markers than rout a section, no negative pool, no officer spending beyond what it made,
no card both in hand and played, a section engaged only with an engaged enemy, a winner only when the duel is over.
"""

from __future__ import annotations

from pnpforge.games.dystopian_legions.state import DuelState


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
