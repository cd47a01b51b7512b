"""The position on the table: the standard tables and their check, sections as blocks, sight and cover through
terrain, coherency after casualties, objectives within 1", base contact and an Ironclad's arcs and turns
(rules named on each test)."""

from __future__ import annotations

import random
import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from pnpforge.check.registry import run_static_checks
from pnpforge.content.pack import load_pack
from pnpforge.engine.plane import INCH, Base
from pnpforge.engine.plane_moves import Field
from pnpforge.games.dystopian_legions import table as T

from tests.conftest import REPO
from tests.helpers import edit, shipped_pack

PACK = REPO / "content" / "dystopian-legions"
I25 = T.base_size("25")


def setup() -> T.TableSetup:
    return T.standard_table(shipped_pack(PACK), 500, "farmstead")


def at(x: int, y: int) -> tuple[int, int]:
    return (x * INCH, y * INCH)


@pytest.mark.rules("setup-table")
def test_standard_tables_fit_the_force_and_cover_a_quarter_to_a_third() -> None:
    pack = shipped_pack(PACK)
    tables = T.read_tables(pack)
    assert set(tables) == {"farmstead", "crossroads"}
    assert T.standard_table(pack, 500).table.width == 48 * INCH
    for found in tables.values():
        assert Fraction(1, 4) <= found.area() <= Fraction(1, 3)
    assert list(T.table_terrain(pack)) == []


@pytest.mark.rules("setup-table")
def test_the_check_finds_too_little_terrain_and_a_piece_off_the_table(tmp_path: Path) -> None:
    root = tmp_path / "dystopian-legions"
    shutil.copytree(PACK, root, ignore=shutil.ignore_patterns("rules", "layouts"))
    edit(root / "tables.yaml", "[[36, 30], [44, 30], [44, 38], [36, 38]]", "[[36, 30], [50, 30], [50, 38], [36, 38]]")
    edit(root / "tables.yaml", "[[4, 16], [16, 16], [16, 32], [4, 32]]", "[[4, 16], [6, 16], [6, 18], [4, 18]]")
    pack, problems = load_pack(root)
    assert pack is not None and problems == []
    found = [str(f) for f in run_static_checks(pack) if f.rule.endswith("table_terrain")]
    assert any("piece barn reaches off the table" in f for f in found), found
    assert any("covers 19.5% of the table; the book asks for a quarter to a third" in f for f in found), found
    assert all("tables.yaml:" in f for f in found)


@pytest.mark.rules("los-centres", "terrain-area", "terrain-linear", "terrain-cover")
def test_a_building_blocks_sight_a_wall_gives_hard_cover_a_wood_soft() -> None:
    s = setup()
    left, right = Base("a", at(16, 24), 254), Base("b", at(34, 24), 254)  # across the farmhouse
    seen = T.view(s, left, right)
    assert not seen.open and seen.blocked_by == ("farmhouse",)
    assert T.view(s, right, left) == T.view(s, left, right).__class__(False, "open", ("farmhouse",), ())
    south, north = Base("a", at(24, 6), 254), Base("b", at(24, 17), 254)  # over the field wall
    assert T.view(s, south, north).cover == "hard"
    touching_wall = Base("a", at(24, 13), 2 * INCH)  # the firer touches the wall: no cover through it
    assert T.view(s, touching_wall, north).cover == "open"
    in_wood = Base("b", at(10, 30), 254)  # just inside the west wood's north edge
    outside = Base("a", at(10, 40), 254)
    line = T.view(s, outside, in_wood)
    assert line.open and line.cover == "soft"
    deep = Base("b", at(10, 22), 254)  # 10 inches inside the wood: hidden
    assert not T.view(s, outside, deep).open


@pytest.mark.rules("los-centres")
def test_another_section_blocks_the_line() -> None:
    s = setup()
    a, b, c = Base("a", at(24, 2), 254), Base("b", at(24, 46), 254), Base("c", at(24, 31), 2 * INCH, 2 * INCH)
    assert not T.view(s, a, b, (c,)).open
    assert T.view(s, a, b, ()).blocked_by == ("farmhouse", "orchard")


@pytest.mark.rules("coherency")
def test_a_block_of_ten_and_its_coherency_after_casualties() -> None:
    block = T.block("line", at(24, 6), 2, 10, I25)
    assert (block.length, block.width) == (2 * 250 + 127 + 1, 5 * 250 + 4 * 127)
    points = T.model_points(block, 10, I25)
    assert len(set(points)) == 10
    assert T.coherent_models(points, I25, INCH)
    # the middle file of both ranks is killed: the two wings are 25 mm + 2 x 1/2 inch apart, more than 1 inch
    survivors = [p for n, p in enumerate(points) if n % 5 != 2]
    assert not T.coherent_models(survivors, I25, INCH)
    assert T.coherent_models(survivors, I25, 2 * INCH)


@pytest.mark.rules("measure-inches", "end-objectives")
def test_gap_in_whole_inches_rounded_up_and_objectives_within_an_inch() -> None:
    a = Base("a", at(10, 10), 2 * INCH)
    b = Base("b", (10 * INCH, 10 * INCH + 2 * INCH + 12 * INCH + 1), 2 * INCH)
    assert T.gap_inches(a, b) == 13
    assert T.gap_inches(a, b.at((10 * INCH, 24 * INCH))) == 12
    assert T.near_objective(a, (10 * INCH, 11 * INCH))  # under the block
    assert T.near_objective(a, (10 * INCH, 12 * INCH))  # an inch from its edge
    assert not T.near_objective(a, (10 * INCH, 12 * INCH + 1))


@pytest.mark.rules("los-arcs", "move-charge")
def test_ironclad_arcs_weapons_and_turns() -> None:
    tank = Base("k", at(24, 6), 750, 500, 2)  # facing up the table
    assert T.facing_hit(tank, at(24, 20)) == ("front",)
    assert T.facing_hit(tank, at(10, 6)) == ("side",)
    assert T.facing_hit(tank, at(24, 1)) == ("rear",)
    assert T.bears(tank, "front", 90, at(26, 20))
    assert not T.bears(tank, "front", 90, at(10, 6))
    assert T.bears(tank, "left", 90, at(10, 6))
    field = Field(setup().table, setup().pieces, (tank,))
    turns = T.ironclad_turns(field, "k")
    assert sorted(m.after.heading for m in turns) == [1, 3]
    assert T.in_contact(tank, Base("x", (24 * INCH, 6 * INCH + 375 + 127), 254))


@pytest.mark.rules("coherency")
def test_coherency_does_not_depend_on_where_the_block_stands() -> None:
    """A battle keeps a block's coherency by its size, heading and survivors, not its place: the models stand at
    the same lattice offsets from the centre wherever it is, so moving a block never changes the answer."""
    rng = random.Random(61)
    answers = set()
    for _ in range(150):
        heading, count = rng.randrange(8), rng.randint(2, 10)
        here = T.block("line", at(rng.randint(6, 40), rng.randint(6, 40)), heading, count, I25)
        there = here.at((rng.randint(4 * INCH, 44 * INCH), rng.randint(4 * INCH, 44 * INCH)))
        alive = [n for n in range(count) if rng.random() < 0.6]
        for distance in (INCH, INCH + 1, 2 * INCH):
            first = T.coherent_models([T.model_points(here, count, I25)[n] for n in alive], I25, distance)
            second = T.coherent_models([T.model_points(there, count, I25)[n] for n in alive], I25, distance)
            assert first == second
            answers.add(first)
    assert answers == {True, False}
