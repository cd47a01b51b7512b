"""``pnpforge replay legie FILE``: the rulebook's worked examples, illegal moves and unusable files.

Every example in content/legie/examples/ has its expected JSON beside it; illegal moves and broken files are
checked with the full error line and exit code 2.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnpforge.games import load_package

from tests.games.legie.helpers import PACK, load_pack_once
from tests.helpers import run_cli

EXAMPLES = PACK / "examples"
EXAMPLE_RULES = {
    "knight-support": ("melee-adjacent", "melee-support", "melee-greater", "flag-marks-removal"),
    "archer-forced-target": ("arrow-must-shoot", "shield-arrow-proof", "immobile-stays"),
    "king-crown": ("crown-clears-adjacent", "flag-choice", "immobile-stays"),
    "general-archer": ("unit-defence", "removed-return-to-owner", "flag-marks-removal"),
    "forest-and-fortification": ("forest-cover", "fortification-shield", "arrow-must-shoot"),
    "king-hunt": ("king-capture-wins",),
    "whole-basic-game": ("turn-black-first", "win-all-on-board"),
}


def example_params():
    return [pytest.param(name, marks=pytest.mark.rules(*rules), id=name) for name, rules in EXAMPLE_RULES.items()]


@pytest.mark.parametrize("name", example_params())
def test_each_example_replays_to_its_expected_position(name: str) -> None:
    """The rules each example shows (the engine suite replays every example through the same runner)."""
    outcome = load_package("legie").replay(load_pack_once(), EXAMPLES / f"{name}.yaml")
    expected = json.loads((EXAMPLES / f"{name}.expected.json").read_text(encoding="utf-8"))
    assert outcome.ok and {key: outcome.data[key] for key in expected} == expected
    assert set(outcome.data) - set(expected) == {"field"}  # the field, added to the output since


def test_every_example_has_an_expected_file_and_a_test() -> None:
    scripts = {p.stem for p in EXAMPLES.glob("*.yaml")}
    expected = {p.name.removesuffix(".expected.json") for p in EXAMPLES.glob("*.expected.json")}
    assert scripts == expected == set(EXAMPLE_RULES)
    readme = (PACK / "README.md").read_text(encoding="utf-8")
    assert all(f"{name}.yaml" in readme for name in scripts)


def test_the_output_is_deterministic_with_sorted_keys() -> None:
    first = run_cli("replay", "legie", "content/legie/examples/king-crown.yaml").output
    second = run_cli("replay", "legie", "content/legie/examples/king-crown.yaml").output
    assert first == second
    assert first == json.dumps(json.loads(first), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    assert list(json.loads(first)) == ["board", "field", "flag", "off_board", "terminal", "to_move", "winner"]


def test_the_package_replay_returns_the_outcome_as_data(tmp_path: Path) -> None:
    outcome = load_package("legie").replay(load_pack_once(), EXAMPLES / "king-hunt.yaml")
    assert outcome.ok and outcome.findings == [] and outcome.data["winner"] == "white"


def replay_text(tmp_path: Path, text: str):
    path = tmp_path / "script.yaml"
    path.write_text(text, encoding="utf-8")
    return path, run_cli("replay", "legie", str(path))


FOUR_A_FACES = """board:
  nw: {part: part-1, side: b}
  ne: {part: part-2, side: a}
  sw: {part: part-3, side: a}
  se: {part: part-4, side: a}
"""

ILLEGAL = [
    ("turn-black-first", "mode: basic\nmoves:\n  - {player: white, unit: knight, to: c3}\n",
     "3:6: error: move 1: it is black's turn, not white's (rule turn-black-first)"),
    ("turn-place-one", "mode: basic\nmoves:\n  - {player: black, unit: king, to: c3}\n"
                       "  - {player: white, unit: king, to: a1}\n  - {player: black, unit: king, to: f6}\n",
     "5:21: error: move 3: black has no king off the board to lay (rule turn-place-one)"),
    ("turn-place-one", "mode: basic\nmoves:\n  - {player: black, unit: knight, to: c3}\n"
                       "  - {player: white, unit: knight, to: c3}\n",
     "4:35: error: move 2: c3 is taken by black's knight; a unit goes onto an empty square (rule turn-place-one)"),
    ("flag-blocks-square", "mode: basic\nsetup:\n  board:\n    e4: {player: white, unit: archer}\nmoves:\n"
                           "  - {player: black, unit: general, to: e3}\n  - {player: white, unit: knight, to: e4}\n",
     "7:35: error: move 2: e4 holds the Flag, so no unit may be laid there (rule flag-blocks-square)"),
    ("mountain-no-immobile", "mode: advanced\n" + FOUR_A_FACES + "moves:\n  - {player: black, unit: tower, to: a6}\n",
     "8:34: error: move 1: black's tower is immobile and may not be laid on the mountain at a6 "
     "(rule mountain-no-immobile)"),
    ("water-light-units", "mode: advanced\nmoves:\n  - {player: black, unit: scout, to: c6}\n",
     "3:34: error: move 1: black's scout may not be laid on the water at c6: it shows more than one kind of symbol "
     "(rule water-light-units)"),
    ("arrow-must-shoot", "mode: basic\nsetup:\n  board:\n    a1: {player: white, unit: warrior}\n"
                         "    a2: {player: white, unit: knight}\nmoves:\n  - {player: black, unit: catapult, to: f6}\n",
     "7:5: error: move 1: the catapult must shoot one of a1, a2: add 'target' (rule arrow-must-shoot)"),
    ("immobile-stays", "mode: basic\nsetup:\n  board:\n    a1: {player: white, unit: warrior}\n"
                       "    a2: {player: white, unit: tower}\nmoves:\n"
                       "  - {player: black, unit: archer, to: f6, target: a2}\n",
     "7:43: error: move 1: target a2: white's tower is immobile and is never removed (rule immobile-stays)"),
    ("shield-arrow-proof", "mode: basic\nsetup:\n  board:\n    a1: {player: white, unit: warrior}\n"
                           "    a2: {player: white, unit: scout}\nmoves:\n"
                           "  - {player: black, unit: archer, to: f6, target: a2}\n",
     "7:43: error: move 1: target a2: white's scout carries a shield, which arrows cannot pass "
     "(rule shield-arrow-proof)"),
    ("forest-no-shooting", "mode: advanced\nsetup:\n  board:\n    f1: {player: white, unit: warrior}\nmoves:\n"
                           "  - {player: black, unit: archer, to: a6, target: f1}\n",
     "6:43: error: move 1: the archer stands in the forest, where arrows cannot be shot; drop 'target' "
     "(rule forest-no-shooting)"),
    ("forest-cover", "mode: advanced\nsetup:\n  board:\n    a6: {player: white, unit: warrior}\n"
                     "    f1: {player: white, unit: knight}\nmoves:\n"
                     "  - {player: black, unit: archer, to: d1, target: a6}\n",
     "7:43: error: move 1: target a6: white's warrior stands in the forest, out of reach of arrows "
     "(rule forest-cover)"),
    ("fortification-shield", "mode: advanced\nsetup:\n  board:\n    b5: {player: white, unit: warrior}\n"
                             "    f1: {player: white, unit: knight}\nmoves:\n"
                             "  - {player: black, unit: archer, to: d1, target: b5}\n",
     "7:43: error: move 1: target b5: white's warrior stands on a fortification, which shields it "
     "(rule fortification-shield)"),
    ("arrow-removes-one", "mode: basic\nmoves:\n  - {player: black, unit: knight, to: a6, target: f1}\n",
     "3:43: error: move 1: the knight has no arrow, so it shoots nothing; drop 'target' (rule arrow-removes-one)"),
    ("flag-choice", "mode: basic\nsetup:\n  board:\n    b3: {player: white, unit: warrior}\n"
                    "    c4: {player: white, unit: general}\nmoves:\n  - {player: black, unit: king, to: c3}\n",
     "7:5: error: move 1: white's warrior (b3) and white's general (c4) fell: say with 'flag' which of their "
     "squares takes the Flag (rule flag-choice)"),
    ("flag-marks-removal", "mode: basic\nsetup:\n  board:\n    b3: {player: white, unit: warrior}\n"
                           "    c4: {player: white, unit: general}\nmoves:\n"
                           "  - {player: black, unit: king, to: c3, flag: d3}\n",
     "7:41: error: move 1: d3 is not a square where a unit fell this turn (b3, c4) (rule flag-marks-removal)"),
    ("flag-marks-removal", "mode: basic\nmoves:\n  - {player: black, unit: king, to: c3, flag: d3}\n",
     "3:41: error: move 1: flag: no unit fell, so the Flag stays where it is (rule flag-marks-removal)"),
    ("king-capture-wins", "mode: advanced\nscenario: return-of-the-king\nmoves:\n"
                          "  - {player: black, unit: king, to: d3}\n"
                          "  - {player: white, unit: archer, to: f1, target: d3}\n"
                          "  - {player: black, unit: knight, to: a1}\n",
     "6:5: error: move 3: the game is already over (white won); no move may follow (rule king-capture-wins)"),
]


@pytest.mark.parametrize("rule, text, line", [pytest.param(r, t, n, marks=pytest.mark.rules(r), id=f"{i}-{r}")
                                              for i, (r, t, n) in enumerate(ILLEGAL)])
def test_an_illegal_move_names_its_number_and_rule(tmp_path: Path, rule: str, text: str, line: str) -> None:
    path, result = replay_text(tmp_path, text)
    assert result.code == 2
    assert result.lines[0] == f"{path}:{line}"
    assert f"(rule {rule})" in result.lines[0]
    assert result.lines[-1] == "1 error, 0 warnings in 1 file"


INVALID = [
    ("mode: expert\nmoves: []\n", ["1:1: error: mode: expected one of 'basic' or 'advanced'; found 'expert'"]),
    ("moves:\n  - {player: black, unit: knight, to: c3}\n",
     ["1:1: error: mode: required field is missing"]),
    ("- {player: black, unit: knight, to: c3}\n", ["1:1: error: replay file: expected a mapping, found a list"]),
    ("mode: basic\nmoves: {player: black}\n", ["2:1: error: moves: expected a list of moves, found a mapping"]),
    ("mode: basic\nmoves:\n  - {player: black, unit: knigt, to: c3}\n",
     ["3:21: error: move 1: 'knigt' is not a unit; units: warrior, knight, scout, general, tower, catapult, archer, "
      "king"]),
    ("mode: basic\nmoves:\n  - {player: black, unit: knight, to: g7}\n",
     ["3:35: error: move 1: to: 'g7' is not a square (a1 to f6)"]),
    ("mode: basic\nmoves:\n  - {player: black, unit: knight}\n", ["3:5: error: move 1: to: required field is missing"]),
    ("mode: basic\nmoves:\n  - {player: purple, unit: knight, to: a1, colour: red}\n",
     ["3:6: error: move 1: 'purple' is not a player; players: black, white",
      "3:44: error: move 1: unknown key 'colour'; accepted keys: flag, player, refused, target, to, unit"]),
    ("mode: basic\nscenario: column\nmoves: []\n",
     ["2:1: error: scenario: scenarios are played with the advanced rules only; set 'mode: advanced' "
      "(rule scenario-advanced-only)"]),
    ("mode: advanced\nscenario: siege\nmoves: []\n",
     ["2:1: error: scenario: no scenario 'siege'; scenarios: column, lord-of-the-forests, return-of-the-king"]),
    ("mode: advanced\nscenario: lord-of-the-forests\n" + FOUR_A_FACES.replace("part-1, side: b", "part-1, side: a")
     .replace("part-2, side: a", "part-2, side: b") + "moves: []\n",
     ["3:1: error: board: lord-of-the-forests needs forest on every part; these faces do not give it "
      "(rule forests-every-part)"]),
    ("mode: advanced\nscenario: return-of-the-king\n" + FOUR_A_FACES.replace("side: a", "side: b") + "moves: []\n",
     ["3:1: error: board: return-of-the-king needs forest on one part; these faces do not give it "
      "(rule king-needs-forest)"]),
    ("mode: advanced\nboard:\n  nw: {part: part-1, side: c}\n  ne: {part: part-2, side: a, rotation: 45}\n"
     "  sw: {part: part-2, side: a}\nmoves: []\n",
     ["2:1: error: board: se: required field is missing; give a part for each of nw, ne, sw, se",
      "3:22: error: board.nw.side: 'c' is not a face of part-1; faces: a, b",
      "4:31: error: board.ne.rotation: expected one of 0, 90, 180, 270, found 45",
      "5:8: error: board.sw.part: 'part-2' already lies at ne"]),
    ("mode: advanced\n" + FOUR_A_FACES.replace("part: part-3", "part: [part-3]") + "moves: []\n",
     ["5:8: error: board.sw.part: expected text, found a list"]),
    ("mode: basic\nsetup:\n  board:\n    a1: {player: white, unit: king}\n    a2: {player: white, unit: king}\n"
     "moves: []\n", ["5:5: error: setup.board.a2: white has only 1 king"]),
    ("mode: basic\nsetup:\n  flag: a1\n  board:\n    a1: {player: white, unit: king}\nmoves: []\n",
     ["3:3: error: setup.flag: a1 holds a unit; the Flag lies on an empty square (rule flag-blocks-square)"]),
    ("mode: advanced\n" + FOUR_A_FACES + "setup:\n  board:\n    b6: {player: white, unit: catapult}\nmoves: []\n",
     ["9:5: error: setup.board.b6: white's catapult is immobile and may not be laid on the mountain at b6 "
      "(rule mountain-no-immobile)"]),
    ("mode: basic\nsetup:\n  winner: black\nmoves: []\n",
     ["3:3: error: setup.winner: a set-up is a game in progress; drop 'winner'"]),
    ("mode: basic\nmoves:\n  - {player: black, unit: knight, to: c3\n",
     ["4:1: error: YAML syntax error: expected ',' or '}', but got '<stream end>' while parsing a flow mapping"]),
]


@pytest.mark.parametrize("text, lines", INVALID, ids=[f"invalid-{i}" for i in range(len(INVALID))])
def test_an_unusable_file_exits_2_with_every_problem_located(tmp_path: Path, text: str, lines: list[str]) -> None:
    path, result = replay_text(tmp_path, text)
    assert result.code == 2
    errors = [line for line in result.lines if ": error: " in line]
    assert errors == [f"{path}:{line}" for line in lines]


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    result = run_cli("replay", "legie", str(tmp_path / "nowhere.yaml"))
    assert result.code == 2 and "no such file" in result.output


@pytest.mark.rules("setup-open-tiles")
def test_a_setup_may_repeat_the_hands_and_must_get_them_right(tmp_path: Path) -> None:
    text = ("mode: basic\nsetup:\n  to_move: white\n  board:\n    a1: {player: black, unit: king}\n"
            "  off_board: {black: {warrior: 2, knight: 2, scout: 1, general: 1, tower: 1, catapult: 1, archer: 1},"
            " white: {warrior: 2, knight: 2, scout: 1, general: 1, tower: 1, catapult: 1, archer: 1, king: 1}}\n"
            "moves:\n  - {player: white, unit: king, to: a2}\n")
    path, result = replay_text(tmp_path, text)
    assert result.code == 0, result.output
    assert json.loads(result.output)["board"] == {"a2": {"player": "white", "unit": "king"}}
    path, result = replay_text(tmp_path, text.replace("archer: 1},", "archer: 1, king: 1},"))
    assert result.code == 2
    assert result.lines[0].startswith(f"{path}:6:3: error: setup.off_board: does not match the units")


SCENARIOS = PACK / "scenarios"


def test_the_scenarios_are_documented_and_replay_with_refused_moves_and_a_drawn_field() -> None:
    readme = (PACK / "README.md").read_text(encoding="utf-8")
    outcomes = {}
    for path in sorted(SCENARIOS.glob("*.yaml")):
        assert f"{path.name}" in readme
        outcome = load_package("legie").replay(load_pack_once(), path)
        assert outcome.ok, [str(f) for f in outcome.findings]
        outcomes[path.stem] = outcome.data
    assert sum(len(o.get("refused", ())) >= 2 for o in outcomes.values()) >= 2
    assert outcomes["a-field-drawn-at-the-table"]["field"]["se"] == {"part": "part-1", "side": "b", "rotation": 180}


@pytest.mark.rules("setup-open-tiles")
def test_a_field_not_written_down_is_drawn_from_the_seed(tmp_path: Path) -> None:
    text = "mode: advanced\ndraw_field: true\nseed: {seed}\nmoves: []\n"
    fields = []
    for seed in (3, 3, 4):
        path, result = replay_text(tmp_path, text.format(seed=seed))
        assert result.code == 0, result.output
        fields.append(json.loads(result.output)["field"])
    assert fields[0] == fields[1] and set(fields[0]) == {"nw", "ne", "sw", "se"}
    path, result = replay_text(tmp_path, "mode: advanced\ndraw_field: true\nchance:\n  - faces: [c, a, a, a]\n")
    assert result.code == 2 and result.lines[0].startswith(f"{path}:4:5: error: chance 1: 'c, a, a, a' cannot come "
                                                           "up here; faces may give: a, a, a, a; a, a, a, b; ")
    path, result = replay_text(tmp_path, "mode: basic\ndraw_field: true\n")
    assert result.code == 2 and "2:1: error: draw_field: the field is drawn before the first unit" in result.output


def test_a_move_written_as_refused_must_break_the_rule_it_names(tmp_path: Path) -> None:
    path, result = replay_text(tmp_path, "mode: basic\nmoves:\n"
                                         "  - {player: black, unit: knight, to: c3, refused: turn-place-one}\n")
    assert result.code == 2
    assert result.lines[0] == f"{path}:3:43: error: move 1: written as refused (turn-place-one), but the rules allow " \
                              "it here"
