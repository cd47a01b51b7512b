"""The pack's three dice, read through the engine's dice kit, give the rulebook's own examples (p.14-15) and the
expected successes per die: (7 - t) / 6 for black, (8 - t) / 6 for blue and (8 - t) / 5 for red at t+."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pnpforge.content.pack import load_pack
from pnpforge.engine.dice import DiceSet

from tests.conftest import REPO


@pytest.fixture(scope="module")
def dice() -> DiceSet:
    pack, problems = load_pack(REPO / "content" / "dystopian-legions")
    assert pack is not None and problems == []
    return DiceSet.of_pack(pack)


def successes(dice: DiceSet, kind: str, rolls: list[int], target: int) -> tuple[int, list[str]]:
    """The successes of one throw, rolled face by face, and the dice its faces add."""
    die = dice[kind]
    faces = [die.faces[die.face_of(roll)] for roll in rolls]
    return sum(face.score(target) for face in faces), [added for face in faces for added in face.adds]


def test_nine_black_dice(dice: DiceSet) -> None:
    assert successes(dice, "black", [1, 1, 2, 3, 4, 5, 5, 6, 6], 4) == (5, [])


def test_five_blue_dice_at_five(dice: DiceSet) -> None:
    assert successes(dice, "blue", [1, 4, 4, 5, 6], 5) == (3, [])


def test_thirteen_red_dice_exploding_twice(dice: DiceSet) -> None:
    first, added = successes(dice, "red", [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6], 4)
    assert (first, added) == (10, ["red", "red", "red"])
    second, added = successes(dice, "red", [3, 5, 6], 4)
    assert (second, added) == (3, ["red"])
    third, added = successes(dice, "red", [1], 4)
    assert (third, added) == (0, [])
    assert first + second + third == 13


@pytest.mark.parametrize("target", [2, 3, 4, 5, 6])
def test_expected_successes_per_die(dice: DiceSet, target: int) -> None:
    def mean(kind: str) -> Fraction:
        """E = (score of the faces + E for each added die) / 6, solved for E."""
        faces = dice[kind].faces
        own = Fraction(sum(face.score(target) for face in faces), len(faces))
        adds = Fraction(sum(len(face.adds) for face in faces), len(faces))
        return own / (1 - adds)

    assert mean("black") == Fraction(7 - target, 6)
    assert mean("blue") == Fraction(8 - target, 6)
    assert mean("red") == Fraction(8 - target, 5)
