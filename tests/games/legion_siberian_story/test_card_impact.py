"""Card impact on copies of the pack: a card made too good is named at its entry, decided with ``--games auto``;
the published pack gets no such finding (its Coat, which everyone buys, is accepted in game.yaml)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.games.legion_siberian_story.helpers import PACK_DIR
from tests.helpers import run_cli

MUTATIONS = {  # card: (file, old, new); each makes one card too good in its own way, and none touches another
    "semyon-zhelezniak": ("characters.yaml", "combat_power: 2", "combat_power: 5"),  # an officer, +3 combat power
    "village-assembly": ("plots.yaml", "winner_vp: 1", "winner_vp: 4"),  # 4 VP among plots of 1 and 2 VP
    "promotion-enhancement": ("overlays.yaml", "amount: 1, scope: self", "amount: 4, scope: self"),  # 4 x, same cost
}


def change(path: Path, item: str, old: str, new: str) -> int:
    """Replace ``old`` with ``new`` in the entry of ``item``; return the entry's line."""
    text = path.read_text(encoding="utf-8")
    start = text.index(f"- id: {item}\n")
    end = text.find("\n- id: ", start)
    end = len(text) if end < 0 else end
    assert old in text[start:end], old
    path.write_text(text[:start] + text[start:end].replace(old, new, 1) + text[end:], encoding="utf-8")
    return text[:start].count("\n") + 1


@pytest.fixture(scope="module")
def mutated(tmp_path_factory) -> tuple[Path, dict[str, int], list[str]]:
    """A copy of the pack with the three mutations, its entries' lines, and the warnings of four-player games of
    the base mode played until decided (at most 100)."""
    root = tmp_path_factory.mktemp("impact")
    copy = root / "legion-siberian-story"
    shutil.copytree(PACK_DIR, copy)
    lines = {card: change(copy / file, card, old, new) for card, (file, old, new) in MUTATIONS.items()}
    result = run_cli("validate", str(copy), "--out", str(root / "out"), "--jobs", "2", "--mode", "base",
                     "--players", "4", "--games", "auto", "--max-games", "100")
    assert result.code == 0, result.output
    return copy, lines, [line for line in result.lines if ": warning: " in line]


def about(mutated, card: str) -> tuple[Path, int, list[str]]:
    copy, lines, warned = mutated
    return copy, lines[card], [w for w in warned if f"'{card}'" in w]


def test_an_officer_three_points_stronger_is_taken_instead_of_the_other(mutated) -> None:
    copy, line, found = about(mutated, "semyon-zhelezniak")
    assert len(found) == 1 and found[0].startswith(
        f"{copy}/characters.yaml:{line}:3: warning: character 'semyon-zhelezniak': taken far more often than its "
        "peers (officers): in 100.0% of the ")


def test_a_plot_worth_4_vp_among_1_and_2_vp_plots(mutated) -> None:
    copy, line, found = about(mutated, "village-assembly")
    start = (f"{copy}/plots.yaml:{line}:3: warning: plot 'village-assembly': too strong for its peers (plots entered "
             "with charisma): having it adds +")
    assert len(found) == 1 and found[0].startswith(start), found
    added = float(found[0][len(start):].split(" ", 1)[0])  # the mutated plot is worth 4 VP
    assert 3.5 <= added <= 4.5, found[0]


def test_equipment_with_four_times_its_effect_at_its_cost(mutated) -> None:
    copy, line, found = about(mutated, "promotion-enhancement")
    assert len(found) == 1 and found[0].startswith(
        f"{copy}/overlays.yaml:{line}:3: warning: overlay 'promotion-enhancement': taken far more often than its "
        "peers (equipment costing 1): in 9")


def test_nothing_else_is_warned_of_in_the_mutated_copy(mutated) -> None:
    _, _, warned = mutated
    assert all(any(f"'{card}'" in w for card in MUTATIONS) for w in warned), warned


def test_the_published_pack_has_no_card_too_good(tmp_path: Path) -> None:
    result = run_cli("validate", str(PACK_DIR), "--out", str(tmp_path), "--jobs", "2", "--mode", "base",
                     "--players", "4", "--games", "100")
    assert result.code == 0, result.output
    assert not [line for line in result.lines if ": warning: " in line]
    coat = [line for line in result.lines if "overlay 'coat': taken far more often" in line]
    assert coat and ": info: " in coat[0] and "[accepted: Every player who sends characters" in coat[0]
