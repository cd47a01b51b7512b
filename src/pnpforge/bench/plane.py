"""The plane kit's figures for ``make bench``: range checks and sight checks per CPU second on a seeded table.

The position: a 48" x 48" table with 10 convex terrain pieces (four that block sight but may be seen into through
3", like woods; three that block it outright; three see-through, like walls) and 40 bases, half round (25, 32 and
50 mm) and half rectangular (25 x 50 mm and 4" x 2" hulls) at all 8 headings, placed by a seeded RNG. A range check
is ``within`` (edge to edge) between two random bases at a random limit of 1" to 24", so most pairs are settled by
the bounds and some need the exact test (the figures say how many were in range and how many took it, and the
rate of those alone); a sight
check is ``sight`` between two random bases against every piece and every other base.
"""

from __future__ import annotations

import random
import time

from pnpforge.bench.measure import goal
from pnpforge.engine.plane import INCH, Base, Shape, Table, dist2, inches, polygon
from pnpforge.engine.plane_measure import within
from pnpforge.engine.plane_sight import Piece, sight

GOALS = {"range_checks_per_cpu_second": 200_000, "sight_checks_per_cpu_second": 20_000}
SIZE = inches(48)


def position(seed: int = 53, count: int = 40) -> tuple[Table, list[Piece], list[Base]]:
    """The seeded position the bench measures on."""
    rng = random.Random(seed)
    pieces: list[Piece] = []
    for n in range(10):
        cx, cy = rng.randrange(inches(4), SIZE - inches(4)), rng.randrange(inches(4), SIZE - inches(4))
        corners = []
        for k in range(rng.choice((4, 5, 6))):
            angle_x, angle_y = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))[k * 8 // 6]
            reach = rng.randrange(inches(2), inches(4))
            corners.append((cx + angle_x * reach, cy + angle_y * reach))
        kind = n % 10
        pieces.append(Piece(f"piece-{n}", polygon(corners), blocks_sight=kind < 7, open_depth=inches(3) if kind < 4
                            else 0))
    sizes = [(250, 0), (320, 0), (500, 0), (500, 250), (inches(4), inches(2))]
    bases = [Base(f"base-{i}", (rng.randrange(inches(2), SIZE - inches(2)), rng.randrange(inches(2), SIZE - inches(2))),
                  *sizes[i % len(sizes)], heading=rng.randrange(8)) for i in range(count)]
    return Table(SIZE, SIZE), pieces, bases


def _cpu() -> float:
    return time.process_time()


def bench_plane(reference: float | None = None, range_checks: int = 200_000, sight_checks: int = 20_000) -> dict:
    """Range and sight checks per CPU second, with the goals judged on figures normalised to the reference."""
    table, pieces, bases = position()
    rng = random.Random(7)
    pairs = [(rng.choice(bases).shape, rng.choice(bases).shape, rng.randrange(INCH, inches(24)))
             for _ in range(range_checks)]
    start = _cpu()
    hits = sum(1 for a, b, limit in pairs if within(a, b, limit))
    range_cpu = _cpu() - start
    hard = [(a, b, limit) for a, b, limit in pairs if _needs_exact(a, b, limit)]
    start = _cpu()
    for a, b, limit in hard:
        within(a, b, limit)
    hard_cpu = _cpu() - start
    round_pairs = [(a, b, limit) for a, b, limit in pairs if len(a.core) == 1 and len(b.core) == 1]
    start = _cpu()
    for a, b, limit in round_pairs:
        within(a, b, limit)
    round_cpu = _cpu() - start
    lines = [(rng.choice(bases), rng.choice(bases)) for _ in range(sight_checks)]
    start = _cpu()
    open_lines = sum(1 for a, b in lines if sight(a, b, pieces, bases).open)
    sight_cpu = _cpu() - start
    range_rate = round(range_checks / range_cpu) if range_cpu > 0 else None
    sight_rate = round(sight_checks / sight_cpu) if sight_cpu > 0 else None
    return {
        "position": {"table_inches": 48, "pieces": len(pieces), "bases": len(bases),
                     "round_bases": sum(1 for b in bases if b.round)},
        "range_checks": range_checks, "range_checks_in_range": hits, "range_checks_needing_exact_test": len(hard),
        "range_cpu_s": round(range_cpu, 3), "range_checks_per_cpu_second": range_rate,
        "round_pair_range_checks_per_cpu_second": round(len(round_pairs) / round_cpu) if round_cpu > 0 else None,
        "exact_test_range_checks_per_cpu_second": round(len(hard) / hard_cpu) if hard_cpu > 0 else None,
        "sight_checks": sight_checks, "sight_checks_open": open_lines, "sight_cpu_s": round(sight_cpu, 3),
        "sight_checks_per_cpu_second": sight_rate,
        "goals": {name: goal(target, range_rate if name.startswith("range") else sight_rate, at_least=True,
                             unit="checks per CPU second", reference=reference, per_cpu_second=True)
                  for name, target in GOALS.items()},
    }


def _needs_exact(a: Shape, b: Shape, limit: int) -> bool:
    """The bounds kept on the shapes did not settle the check (the exact core test ran)."""
    d2 = dist2(a.centre, b.centre)
    far, near = limit + a.reach + b.reach, limit + a.inner + b.inner
    return not (d2 > far * far or d2 <= near * near)
