"""The Dystopian Legions side of the fair-points fit: a force built to a points limit at the pack's costs, and the
sections and upgrades the fit weighs."""

from __future__ import annotations

from fractions import Fraction

from pnpforge.games.dystopian_legions.filling import filled
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
        if all(e.unit is None or e.size <= listed_size(e.unit) for e in listed.entries):
            assert filled(listed, listed.total - 40) is listed  # nothing added to shed: as listed
        assert isinstance(less.total, Fraction)
