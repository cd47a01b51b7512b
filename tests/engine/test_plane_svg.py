"""The SVG drawing of a position: a fixture position (the rulebook's situations side by side) is a golden file, and
the copy shown in docs/why/plane.md is the same file."""

from __future__ import annotations

from pnpforge.engine.plane import INCH, Base, Table, disc, inches, polygon, rectangle
from pnpforge.engine.plane_sight import Piece, sight
from pnpforge.engine.plane_svg import drawing

from tests.conftest import REPO

GOLDEN = REPO / "tests" / "golden" / "plane" / "position.svg"
DOCS_COPY = REPO / "docs" / "why" / "plane-position.svg"


def position() -> dict:
    """A 30" x 20" corner of a table: a wood that blocks sight but can be seen into through 3" of it (p.51, p.54),
    a wall (linear terrain, p.51), rocks, a close line of seven troopers under a 3" blast (p.13, p.68, p.87), a
    knight on a 25 x 50 mm base, an armoured hull turned 45 degrees (p.107), three enemies, and two measured lines:
    a 12" shot to the knight's nearest edge (p.16) and a sight line into the wood."""
    table = Table(inches(30), inches(20))
    wood = Piece("wood", polygon([(inches(17), inches(9)), (inches(23), inches(8)), (inches(25), inches(14)),
                                  (inches(19), inches(16))]), blocks_sight=True, open_depth=inches(3))
    wall = Piece("wall", rectangle((inches(12), inches(12)), inches(6), 60, heading=2))
    rocks = Piece("rocks", polygon([(inches(4), inches(14)), (inches(7), inches(13)), (inches(8), inches(16)),
                                    (inches(5), inches(17))]), blocks_sight=True)
    line = [Base(f"trooper-{i + 1}", (inches(6) + (i - 3) * 250, inches(5)), 250, heading=2) for i in range(7)]
    knight = Base("knight", (inches(6), inches(5) + INCH + 125), 500, 250, heading=0)
    hull = Base("hull", (inches(26), inches(4)), inches(4), inches(2), heading=3)
    enemy = Base("enemy", (inches(20), inches(25, 2)), 320, heading=5)  # 1.9" inside the wood from the scout
    scout = Base("scout", (inches(9), inches(17)), 250, heading=6)
    target = Base("target", (knight.front()[0] + inches(12) + 250, knight.centre[1]), 500, heading=4)
    bases = [*line, knight, hull, enemy, scout, target]
    groups = {b.id: 0 for b in line} | {"knight": 0, "hull": 0, "enemy": 1, "scout": 1, "target": 1}
    blast = disc(line[3].centre, inches(3))
    shot = (knight.front(), (knight.front()[0] + inches(12), knight.centre[1]))
    return {"table": table, "pieces": [wood, wall, rocks], "bases": bases, "templates": [blast],
            "lines": [shot, (scout.centre, enemy.centre)], "groups": groups}


def test_the_fixture_positions_sight_line_is_open_through_the_wood() -> None:
    fixture = position()
    bases = {b.id: b for b in fixture["bases"]}
    seen = sight(bases["scout"], bases["enemy"], fixture["pieces"], fixture["bases"])
    assert seen.open and seen.crossed == ("wood",)


def test_the_drawing_of_a_position_matches_its_golden_file(update_golden: bool) -> None:
    text = drawing(**position())
    if update_golden:
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
        DOCS_COPY.write_text(text, encoding="utf-8")
    assert GOLDEN.is_file(), f"no golden drawing {GOLDEN}; run make update-golden"
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    for number, (want, got) in enumerate(zip(expected, text.splitlines()), 1):
        assert got == want, f"Wrong line {number}: expected {want!r}, got {got!r}"
    assert len(expected) == len(text.splitlines()), "the drawing's length changed"


def test_the_docs_show_the_golden_drawing() -> None:
    assert DOCS_COPY.read_bytes() == GOLDEN.read_bytes()
    assert "plane-position.svg" in (REPO / "docs" / "why" / "plane.md").read_text(encoding="utf-8")


def test_the_drawing_is_integers_only_and_flips_y() -> None:
    table = Table(1000, 500)
    svg = drawing(table, bases=[Base("a", (100, 100), 50)])
    assert 'width="100mm" height="50mm" viewBox="0 0 1000 500"' in svg
    assert '<circle class="base group-0" cx="100" cy="400" r="25"><title>a</title></circle>' in svg
    assert "." not in svg.split("<style>")[0].replace('xmlns="http://www.w3.org/2000/svg"', "")
