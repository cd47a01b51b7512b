"""Weapon value of Siege of the Citadel: exact expected damage per credit against the cheapest weapon of the same
rank and specialty, on the shipped equipment and on a copy with one change."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from pnpforge.content.pack import load_pack
from pnpforge.games.siege_of_the_citadel.odds import Dice, board_sides, side_for
from pnpforge.games.siege_of_the_citadel.value import poorer, weapon_value, worths

from tests.games.siege_of_the_citadel.test_static import copy, edit, shipped  # noqa: F401 - a fixture


def test_a_free_weapon_s_worth_is_the_mean_over_the_creatures_of_its_board_side() -> None:
    pack = shipped()
    sword = next(w for w in worths(pack) if w.item.id == "punisher-short-sword")
    dice, side = Dice(pack), side_for(board_sides(pack), 1)
    assert side is not None
    by_hand = sum(
        (dice.odds(["white"] * 3, c.defence_value, c.defence_die).expected for c in side.creatures.values()),
        Fraction(0),
    )
    assert sword.damage == by_hand / 7 and sword.per_credit is None and sword.dice == ("white",) * 3
    # against the legionnaire (defence value 1, no die): 2 hits give 1, 3 give 2
    assert dice.odds(["white"] * 3, 1).expected == 3 * Fraction(1, 3) ** 2 * Fraction(2, 3) + 2 * Fraction(1, 27)


def test_poorer_value_per_credit_and_against_a_free_weapon() -> None:
    pack = shipped()
    by_id = {w.item.id: w for w in worths(pack)}
    violator, manus = by_id["violator-combo"], by_id["manus-combo"]
    assert poorer(manus, violator) and not poorer(violator, manus)
    free = by_id["plasma-carbine"]
    assert not poorer(free, by_id["punisher-short-sword"])  # a free weapon is never poor value
    assert poorer(by_id["manus-kit"], by_id["manus-kit"].__class__(free.item, free.dice, free.attack, Fraction(1)))


def test_the_shipped_manus_combo_buys_less_damage_than_the_violator_combo() -> None:
    analysis = weapon_value(shipped())
    assert [str(f).split(": warning: ", 1)[1] for f in analysis.findings] == [
        "equipment 'manus-combo': expected damage 0.25 (tech, white, red, red, red) for 4 credits, 0.06 per credit, "
        "below the cheapest rank-6 firearms weapon, equipment 'violator-combo' (0.08 per credit)"
    ]
    assert analysis.findings[0].rule == "weapon-value"
    assert str(analysis.findings[0].mark).endswith("equipment.yaml:187:3")
    rows = {row[0]: row for row in analysis.tables[0].rows}
    assert rows["talon-combo"][5:] == ["0.26", "0.09", "punisher-combo (firearms), tentacle-combo (tech)"]


def test_a_stronger_die_lifts_the_manus_combo_out_of_the_finding(copy: Path) -> None:  # noqa: F811
    edit(copy / "equipment.yaml", "extra: [white]", "extra: [red]", after="id: manus-combo")
    pack, problems = load_pack(copy)
    assert pack is not None and problems == []
    assert weapon_value(pack).findings == []
