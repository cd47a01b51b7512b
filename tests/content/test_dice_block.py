"""The dice: block of game.yaml: faces in order as numbers, symbols or lists of symbols, what they score and the
dice they add, read for the engine and for print; every mistake reported at its place, in words."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpforge.content.dice import DeclaredFace, DieSpec
from pnpforge.content.game import GameFile
from pnpforge.content.pack import load_pack
from pnpforge.engine.dice import DiceSet

from tests.conftest import DATA, REPO
from tests.content.test_campaigns import broken, problems

BURST = "explodes: {6: burst}"


def test_the_declared_faces_read_in_order_with_labels_numbers_symbols_scores_and_added_dice() -> None:
    pack, found = load_pack(DATA / "dice-race")
    assert pack is not None and not found
    strong = pack.game.dice["strong"].read_faces()
    assert strong[0] == DeclaredFace("hit hit", None, ("hit", "hit"), 2, ())
    assert strong[1] == DeclaredFace("hit", None, ("hit",), 1, ())
    assert strong[-1] == DeclaredFace("blank", None, (), 0, ())
    assert strong[0].icons({"hit": object()}) == ("hit", "hit") and strong[1].icons({}) == (None,)
    burst = pack.game.dice["burst"].read_faces()
    assert burst[0] == DeclaredFace("1", 1, (), None, ())  # scored against the target the rules set
    assert burst[5] == DeclaredFace("6", 6, (), 2, ("burst",))
    assert pack.game.dice["strong"].colour == "#222222" and pack.game.dice["die"].name == {"en": "Die"}
    dice = DiceSet.of_pack(pack)
    assert [die.name for die in dice.dice] == ["die", "weak", "medium", "strong", "burst"]
    assert dice["burst"].labels == ("1", "2", "3", "4", "5", "6") and dice["weak"].face_of("blank") == 1


def test_a_die_with_its_own_target_scores_its_numbers_against_it(tmp_path: Path) -> None:
    root = broken(tmp_path, "faces: [1, 2, 3, 4, 5, 6]\n  weak:", "faces: [1, 2, 3, 4, 5, 6]\n    target: 5\n  weak:")
    pack, found = load_pack(root)
    assert pack is not None, found
    assert [f.successes for f in pack.game.dice["die"].read_faces()] == [0, 0, 0, 0, 1, 1]


@pytest.mark.parametrize("old, new, message", [
    (BURST, "explodes: {6: bust}",
     "PACK/game.yaml:58:16: error: dice.burst.explodes.6: no die 'bust' is declared; dice: die, weak, medium, "
     "strong, burst"),
    (BURST, "explodes: {6: [burst, ghost]}",
     "PACK/game.yaml:58:27: error: dice.burst.explodes.6: no die 'ghost' is declared; dice: die, weak, medium, "
     "strong, burst"),
    (BURST, "explodes: {7: burst}",
     "PACK/game.yaml:58:5: error: dice.burst.explodes: '7' is on no face of this die; its faces show: 1, 2, 3, 4, "
     "5, 6"),
    ("scores: {6: 2}", "scores: {6: -1}",
     "PACK/game.yaml:57:14: error: dice.burst.scores.6: expected an integer >= 0, found -1"),
    ("faces: [hit, [], [], [], [], []]", "faces: [Hit, [], [], [], [], []]",
     "PACK/game.yaml:44:13: error: dice.weak.faces[0]: expected a number (-1000 to 1000), a symbol (a lowercase "
     "word such as hit) or a list of symbols; found 'Hit'"),
    ("faces: [hit, [], [], [], [], []]", "faces: []",
     "PACK/game.yaml:44:5: error: dice.weak.faces: expected at least 1 item, found 0"),
    ("scores: {hit: 1}\n    colour: \"#f2f2f2\"", "scores: {hit: 1}\n    sides: 6",
     "PACK/game.yaml:46:5: error: dice.weak: unknown key 'sides'; accepted keys: colour, doc, explodes, faces, "
     "name, qty, scores, size, target"),
    ("faces: [hit, [], [], [], [], []]", "faces: [hit, [], [], blank, [], []]",
     "PACK/game.yaml:44:26: error: dice.weak.faces[3]: it reads 'blank' like an earlier face that is not the same; "
     "give it another symbol"),
    (BURST, "explodes: {1: burst, 6: [burst, burst, burst, burst, burst]}",
     "PACK/game.yaml:58:5: error: dice.burst.explodes: the explosions may never end: on average each die adds one "
     "die or more, with the dice those add"),
])
def test_a_bad_dice_value_is_reported_at_its_place(tmp_path: Path, old: str, new: str, message: str) -> None:
    assert problems(broken(tmp_path, old, new)) == [message]


def test_explosions_between_kinds_that_die_out_are_accepted(tmp_path: Path) -> None:
    # a die whose 6 adds two dice that never explode, and one whose 6 adds a die whose 6 adds one back
    root = broken(tmp_path, BURST, "explodes: {5: [die, die], 6: weak}\n    doc: a chain")
    root2 = broken(tmp_path / "2", "scores: {hit: 1}\n    colour: \"#f2f2f2\"",
                   "scores: {hit: 1}\n    explodes: {hit: burst}")
    assert problems(root) == [] and problems(root2) == []


def test_every_key_of_game_yaml_is_documented_in_the_content_model() -> None:
    text = (REPO / "docs" / "content-model.md").read_text(encoding="utf-8")
    table = text[text.index("## game.yaml"):text.index("## Dice declared once")]
    assert [key for key in GameFile.model_fields if f"| `{key}` |" not in table] == []
    assert [key for key in DieSpec.model_fields if f"{key}" not in text[text.index("## Dice declared once"):]] == []


def test_a_printed_die_is_a_cube_and_has_a_size_in_mm(tmp_path: Path) -> None:
    medium = "    faces: [hit, hit, [], [], [], []]\n"
    cube = broken(tmp_path, medium, medium + "    size: 16\n")
    assert problems(cube) == []
    five = broken(tmp_path / "5", medium, "    faces: [hit, hit, [], [], []]\n    size: 16\n")
    tiny = broken(tmp_path / "t", medium, medium + "    size: 2\n")
    assert [line.split(": error: ", 1)[1] for line in problems(five) + problems(tiny)] == [
        "dice.medium.size: a printed die is a cube of 6 faces; this one has 5",
        "dice.medium.size: expected an integer >= 8, found 2"]
