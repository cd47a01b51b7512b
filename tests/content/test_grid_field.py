"""The ``grid`` field: an ASCII map in a pack's YAML, read into a ``Grid``, with mistakes at their line and column."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnpforge.content.pack import load_pack
from pnpforge.engine.grid import Grid, edge

from tests.conftest import DATA
from tests.helpers import run_cli

FIELD = "      layout: {kind: grid, legend: {L: lantern}, doc: The stall's floor plan.}\n"
STALLS = """- id: corner-stall
  name: {en: Corner Stall, de: Eckstand}
  rent: 1
  layout: |
    +-+-+-+
    |. L .|
    +-+D+ +
      |. .|
      +-+-+

- id: fountain-stall
  name: {en: Fountain Stall, de: Brunnenstand}
  rent: 2
  layout:
    map: |
      +-+-+
      |~ F
      +-+-+
    legend: {F: fountain}

- id: bridge-stall
  name: {en: Bridge Stall, de: Brückenstand}
  layout: "+-+\\n|.|\\n+-+"
"""


def grid_pack(tmp_path: Path, stalls: str = STALLS, field: str = FIELD) -> Path:
    """The fixture market with a ``layout`` grid field on its stalls."""
    pack = tmp_path / "lantern-market"
    shutil.copytree(DATA / "lantern-market", pack)
    game = pack / "game.yaml"
    text = game.read_text(encoding="utf-8")
    at = text.index("      rent:", text.index("  stall:"))
    game.write_text(text[:at] + field + text[at:], encoding="utf-8")
    (pack / "stalls.yaml").write_text(stalls, encoding="utf-8")
    return pack


def test_a_grid_field_is_read_into_a_grid(tmp_path: Path) -> None:
    pack, problems = load_pack(grid_pack(tmp_path))
    assert problems == []
    corner, fountain, bridge = (item["layout"] for item in pack.items["stall"])
    assert corner == {"map": STALLS.split("|\n", 1)[1].split("\n\n")[0].replace("\n    ", "\n")[4:] + "\n",
                      "legend": {"L": "lantern"}, "border": True}
    grid = Grid.from_field(corner)
    assert grid.terrain((1, 0)) == "lantern" and (0, 1) not in grid
    assert grid.edge_kind(((1, 0), (1, 1))) == "door" and edge((0, 0), (0, 1)) in grid.walls
    assert Grid.from_field(fountain).terrain((1, 0)) == "fountain"
    assert ((1, 0), (2, 0)) not in Grid.from_field(fountain).walls  # an opening on the border
    assert Grid.from_field(bridge) == Grid.from_ascii("+-+\n|.|\n+-+", border=True)


CASES = [
    ("an unknown symbol in a literal block", STALLS.replace("|. L .|", "|. L X|"),
     "stalls.yaml:6:10: error: stall 'corner-stall': layout: row 2, column 6: unknown cell symbol 'X'"),
    ("a wall mark where a door goes", STALLS.replace("+-+D+ +", "+-+D+|+"),
     "stalls.yaml:7:10: error: stall 'corner-stall': layout: row 3, column 6: '|' between two cells; expected "
     "'-', 'D', 'd' or a space"),
    ("a mistake in a map under a mapping", STALLS.replace("      +-+-+\n    legend", "      +-*-+\n    legend"),
     "stalls.yaml:18:9: error: stall 'fountain-stall': layout: map: row 3, column 3: '*' at a corner; expected "
     "'+', '-', '|' or a space"),
    ("a quoted map is reported where it starts", STALLS.replace('"+-+\\n|.|', '"+-+\\n|?|'),
     "stalls.yaml:23:11: error: stall 'bridge-stall': layout: row 2, column 2: unknown cell symbol '?'"),
    ("an unknown key beside the map", STALLS.replace("legend: {F: fountain}", "legends: {F: fountain}"),
     "stalls.yaml:14:3: error: stall 'fountain-stall': layout: unknown key 'legends'; accepted keys: map, legend"),
    ("a legend symbol of two characters", STALLS.replace("{F: fountain}", "{FF: fountain}"),
     "stalls.yaml:14:3: error: stall 'fountain-stall': layout: legend: expected a one-character symbol other "
     "than a space, found 'FF'"),
    ("a list for a map", STALLS.replace('"+-+\\n|.|\\n+-+"', "[a, b]"),
     "stalls.yaml:23:3: error: stall 'bridge-stall': layout: expected an ASCII map drawn in a literal block (|), "
     "or a mapping with 'map' and 'legend'"),
]


@pytest.mark.parametrize(("stalls", "expected"), [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_a_malformed_grid_is_reported_at_its_line_and_column(tmp_path: Path, stalls: str, expected: str) -> None:
    pack = grid_pack(tmp_path, stalls)
    _, problems = load_pack(pack)
    assert [str(p).replace(f"{pack}/", "") for p in problems] == [expected]


def test_a_bad_legend_in_the_declaration_is_reported_in_game_yaml(tmp_path: Path) -> None:
    pack = grid_pack(tmp_path, field=FIELD.replace("{L: lantern}", "{' ': lantern}"))
    _, problems = load_pack(pack)
    assert [str(p).replace(f"{pack}/", "") for p in problems] == [
        "game.yaml:54:28: error: types.stall.fields.layout.legend: expected a one-character symbol other than a "
        "space, found ' '"]


def test_the_command_line_exits_2_at_the_map_s_line(tmp_path: Path) -> None:
    pack = grid_pack(tmp_path, STALLS.replace("|. L .|", "|. L X|"))
    result = run_cli("validate", "--static", str(pack))
    assert result.code == 2 and "stalls.yaml:6:10: error: stall 'corner-stall': layout: row 2, column 6: " \
        "unknown cell symbol 'X'" in result.output
