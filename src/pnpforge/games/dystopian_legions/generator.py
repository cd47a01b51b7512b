"""The scenario generator and the Battle Log Points (rules ``scenario-paths``, ``scenario-default``,
``end-blp-casualties``, ``end-victory``).

Deployment, mission and condition each start at D3-1 on their path (rows 0 to 3 of the pack's scenario tables);
then each player in turn, the Strategic Advantage first, spends two points, each moving a path one row on, from
row 3 back to row 0.
Without the generator the game is Advancing Lines, Centre Ground and no condition (the rows 0 of each path).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

PATHS = ("deployment", "mission", "condition")


@dataclass(frozen=True)
class Scenario:
    """The row of each path, and the entries they name."""

    rows: tuple[int, int, int]
    names: tuple[str, str, str]


def tables(pack: Pack) -> dict[str, list[str]]:
    """Each path's entry ids by row."""
    out: dict[str, list[str]] = {path: ["", "", "", ""] for path in PATHS}
    for item in pack.of_type("scenario_entry"):
        out[item["table"]][int(item["points"])] = item.id
    return out


def starting_rows(d3s: Sequence[int]) -> tuple[int, int, int]:
    """Each path starts at D3-1."""
    if len(d3s) != 3 or not all(1 <= d <= 3 for d in d3s):
        raise ValueError(f"three D3 results are needed, not {list(d3s)}")
    return (d3s[0] - 1, d3s[1] - 1, d3s[2] - 1)


def spend(rows: tuple[int, int, int], moves: Sequence[str]) -> tuple[int, int, int]:
    """The paths after the players' points: each point names a path and moves it one row on, 3 back to 0; two
    players spend two points each."""
    out = list(rows)
    if len(moves) > 4:
        raise ValueError("two players spend two points each: four points at most")
    for path in moves:
        if path not in PATHS:
            raise ValueError(f"a point moves one of the paths {', '.join(PATHS)}, not {path!r}")
        out[PATHS.index(path)] = (out[PATHS.index(path)] + 1) % 4
    return (out[0], out[1], out[2])


def scenario(pack: Pack, rows: tuple[int, int, int] = (0, 0, 0)) -> Scenario:
    """The entries of the rows (the default game without the generator: every path at row 0)."""
    found = tables(pack)
    return Scenario(rows, (found["deployment"][rows[0]], found["mission"][rows[1]], found["condition"][rows[2]]))


def blp_target(pack: Pack, mfv: int) -> int:
    """Battle Log Points that win: by the force value's band, then 10 more per further full 1000."""
    bands = pack.game.parameters["blp_target"]
    for band in bands:
        if mfv <= band["up_to"]:
            return int(band["blp"])
    last = bands[-1]
    return int(last["blp"]) + 10 * ((mfv - last["up_to"]) // 1000)


def blp_for_section(pack: Pack, points: int, routed: bool = False) -> int:
    """What an enemy section scores: 1 for one Routed at the end of a turn, 1 to 4 by its points when wiped out."""
    if routed:
        return 1
    return next(int(band["blp"]) for band in pack.game.parameters["blp_for_wiped_section"] if points <= band["up_to"])


def winner(blp: tuple[int, int], target: int) -> int | None:
    """The side that reached the target alone, or None (neither, or both at once: a draw)."""
    reached = [n >= target for n in blp]
    return reached.index(True) if reached.count(True) == 1 else None
