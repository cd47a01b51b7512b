"""Faces, kinds of dice and a game's set of them: labels, the errors for unknown kinds and malformed dice, and the
D3 and halving helpers."""

from __future__ import annotations

import pytest

from pnpforge.engine.dice import DiceSet, Die, Face, Reroll, d3, half_up

PLAIN = Die.d6("plain")
DICE = DiceSet((PLAIN, Die.d6("exploding", specials={6: Face(successes=1, adds="exploding")}), Die.d6("red"),
                Die.d6("blue")))


def pool(target: int | None = None, **counts: int):
    return DICE.pool(counts, target=target)


def test_faces_read_as_their_number_their_symbols_or_blank() -> None:
    die = Die("marked", (Face(value=3), Face(symbols=("hit", "hit")), Face(), Face(successes=2, label="two")))
    assert die.labels == ("3", "hit hit", "blank", "two")
    assert die.face_of("hit hit") == 1 and die.face_of(3) == 0
    with pytest.raises(ValueError, match=r"^die 'marked' has no face 'hit'; its faces: 3, hit hit, blank, two$"):
        die.face_of("hit")
    with pytest.raises(ValueError, match="die 'odd' has two different faces reading 'blank'"):
        Die("odd", (Face(), Face(successes=1)))
    assert Die.d6("x", specials={6: Face(successes=2, adds="x")}).faces[5] == Face(2, 6, ("x",), (), "6")


def test_unknown_die_kinds_are_refused_with_their_name_and_the_known_kinds() -> None:
    with pytest.raises(ValueError, match=r"unknown die kind 'green'; known kinds: plain, exploding, red, blue"):
        DICE.pool({"green": 1})
    with pytest.raises(ValueError, match="unknown die kind 'green'"):
        DICE.pool({"plain": 1}, reroll=Reroll(("green",)))
    with pytest.raises(ValueError, match="adds unknown die kind 'green'"):
        DiceSet((Die.d6("feeder", specials={6: Face(adds="green")}),))

def test_malformed_dice_and_pools_are_refused() -> None:
    with pytest.raises(ValueError, match="defined twice"):
        DiceSet((PLAIN, PLAIN))
    with pytest.raises(ValueError, match="no face numbered"):
        Die.d6("odd", specials={7: Face(successes=1)})
    with pytest.raises(ValueError, match="cannot hold -1 dice"):
        DICE.pool({"plain": -1})
    with pytest.raises(ValueError, match="none is set"):
        pool(plain=1)

def test_halving_rounds_up_and_a_d3_reads_a_six_sided_die() -> None:
    assert [half_up(n) for n in (0, 1, 2, 7, -7)] == [0, 1, 1, 4, -3]
    assert [d3(v) for v in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    with pytest.raises(ValueError, match="not 7"):
        d3(7)
