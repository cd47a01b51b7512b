"""Melee odds between every pair of sections: exact for the pack's pools, and a sampled pair (forced by a limit of
no dice) lands within its stated half-width of the exact figures."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pnpforge.games.dystopian_legions import melee_pairs, odds
from pnpforge.games.dystopian_legions.odds_tables import melee_pair

from tests.conftest import REPO
from tests.helpers import shipped_pack


@pytest.fixture(scope="module")
def kit() -> odds.Kit:
    return odds.Kit(shipped_pack(REPO / "content" / "dystopian-legions"))


def test_every_pair_once_and_all_exact(kit: odds.Kit) -> None:
    table = melee_pairs.melee_pairs(kit.pack).tables[0]
    fighters = melee_pairs.fighters(kit)
    assert len(table.rows) == len(fighters) * (len(fighters) + 1) // 2 and len(fighters) >= 20
    assert {row[-1] for row in table.rows} == {"exact"}
    names = {(row[0], row[1]) for row in table.rows}
    assert ("Line Infantry Section", "Line Grenadier Section") in names


@pytest.mark.rules("melee-casualties", "melee-victory")
def test_a_pair_is_both_sides_of_one_melee(kit: odds.Kit) -> None:
    line, grenadiers = kit.data.sections["kob-line-infantry"], kit.data.sections["pru-line-grenadiers"]
    fight = melee_pairs.fight(kit, line, grenadiers)
    strike, back, upper = melee_pair(kit, line, grenadiers)
    mirror = melee_pairs.fight(kit, grenadiers, line)
    assert (fight.dealt, fight.taken, fight.upper, fight.error) == (strike.expected_lp, back.expected_lp, upper, None)
    assert (mirror.upper, mirror.lower, mirror.wipe) == (fight.lower, fight.upper, fight.wiped)
    assert 0 < fight.upper + fight.lower < 1


def test_a_sampled_pair_lies_within_its_stated_error(kit: odds.Kit) -> None:
    line, grenadiers = kit.data.sections["kob-line-infantry"], kit.data.sections["pru-line-grenadiers"]
    exact = melee_pairs.fight(kit, line, grenadiers)
    sampled = melee_pairs.fight(kit, line, grenadiers, exact_dice=0, samples=4000)
    assert sampled.error is not None and 0 < sampled.error < 0.1
    for got, want in zip(
        (sampled.dealt, sampled.taken, sampled.upper, sampled.lower),
        (exact.dealt, exact.taken, exact.upper, exact.lower),
    ):
        assert abs(Fraction(got) - Fraction(want)) <= 2 * Fraction(sampled.error)
    again = melee_pairs.fight(kit, line, grenadiers, exact_dice=0, samples=4000)
    assert again == sampled


def test_the_default_duels_finding_says_what_decides_it(kit: odds.Kit) -> None:
    from pnpforge.games.dystopian_legions.analysis import why

    text = why(kit.pack)
    assert "80 points against 108" in text and "take 2.33 LP and deal 4.60" in text and "90.0%" in text
