"""The Dystopian Legions side of the fair-points fit: a force built to a points limit at the pack's costs, and the
sections and upgrades the fit weighs."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pnpforge.games.dystopian_legions.fair_points import fit_rows, forces_at, plan
from pnpforge.games.dystopian_legions.filling import filled
from pnpforge.games.dystopian_legions.force_rules import (
    heavy_support_max,
    platoon_required,
    section_size,
    slot_ladder,
    upgrade_count,
)
from pnpforge.games.dystopian_legions.force_list import listed_size, starter_forces

from tests.conftest import REPO
from tests.helpers import shipped_pack


def forces():
    return starter_forces(shipped_pack(REPO / "content" / "dystopian-legions"))


def test_a_force_at_its_own_total_is_the_list_as_written() -> None:
    for force in forces().values():
        assert filled(force, force.total) is force


def test_points_left_under_the_limit_buy_troopers_up_to_each_sections_maximum() -> None:
    for force in forces().values():
        more = filled(force, force.total + 100)
        assert force.total < more.total <= force.total + 100
        for before, after in zip(force.entries, more.entries):
            assert before.size <= after.size <= max(before.size, after.unit["max_models"])
            grown = after.size - before.size
            assert sum(after.models.values()) - sum(before.models.values()) == grown
        assert [e.size for e in force.entries] != [e.size for e in more.entries]


def test_a_dearer_force_sheds_added_troopers_but_never_below_a_section_as_listed() -> None:
    for listed in forces().values():
        force = filled(listed, listed.total + 100)  # troopers added, which a dearer force may shed
        less = filled(force, force.total - 40)
        assert force.total - 40 - 20 < less.total <= force.total - 40  # what is left over buys a cheap trooper back
        assert any(a.size < b.size for a, b in zip(less.entries, force.entries))
        for before, after in zip(force.entries, less.entries):
            if after.unit is not None:
                assert after.size >= min(before.size, listed_size(after.unit))
        assert isinstance(less.total, Fraction)


def battle_forces():
    return forces_at(shipped_pack(REPO / "content" / "dystopian-legions"))


def legal(force) -> bool:
    """No finding of the force rules on sizes, picks and platoons (the points limit aside)."""
    rules = (section_size, upgrade_count, platoon_required, slot_ladder, heavy_support_max)
    return not any(True for check in rules for _ in check(force, {}))


@pytest.mark.parametrize("nation", ["britannia", "prussia"])
def test_each_500_point_force_buys_more_when_an_item_is_cheaper_and_sheds_when_it_is_dearer(nation) -> None:
    """Both lists answer a trial cost: every section of the force, priced half or half again, leaves the force
    within the limit with more (fewer) points in the other things it fields, and legal."""
    force = battle_forces()[nation]
    printed = filled(force, 500)
    assert legal(printed) and 500 - 10 < printed.total <= 500
    for entry in force.entries:
        cost = entry.points
        for trial in (cost / 2, cost * 3 / 2):
            limit = 500 - trial + cost  # the rest of the force at the trial cost
            built = filled(force, limit, entry.section)
            rest = built.total - cost
            assert entry.section in [e.section for e in built.entries] and legal(built)  # the item fitted is kept
            assert built.total <= limit or len(built.entries) < len(force.entries)  # over only when nothing may go
            if trial < cost:
                assert rest > printed.total - cost  # a cheaper item: the rest of the force buys more
            else:
                assert rest < printed.total - cost  # a dearer one: it sheds


def test_a_dearer_item_sheds_picks_then_sections_but_never_itself() -> None:
    prussia = battle_forces()["prussia"]
    knights = "pru-teutonic-knights"
    shed = filled(prussia, 420, knights)
    assert shed.total <= 420 and legal(shed)
    assert knights in [e.section for e in shed.entries]
    assert len(shed.entries) < len(prussia.entries) or sum(len(e.values.get("upgrades", [])) for e in shed.entries) < 1
    drummer = filled(prussia, 430, "pru-oberst-hq: drummer")
    assert [u["upgrade"] for u in drummer.entries[0].values["upgrades"]] == ["drummer"]
    assert drummer.total <= 430 and legal(drummer)


def test_the_fit_plays_annihilate_judged_by_the_blp_margin() -> None:
    """game.yaml's ``battle.fit_scenario`` names Advancing Lines, Annihilate and Clear Skies: every subject's battles
    play that scenario, and the fit judges them by the Battle Log Points margin."""
    pack = shipped_pack(REPO / "content" / "dystopian-legions")
    assert fit_rows(pack) == (0, 2, 0)
    found = plan(pack)
    assert found.statistic == "margin" and found.subjects
    assert all(dict(s.run.options)["scenario"] == (0, 2, 0) for s in found.subjects)
