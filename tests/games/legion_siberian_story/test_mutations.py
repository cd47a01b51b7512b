"""Mutations of a copy of the Legion pack: each defect gives its exact finding at its location."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.helpers import run_cli

PACK = REPO / "content" / "legion-siberian-story"


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    target = tmp_path / "legion-siberian-story"
    shutil.copytree(PACK, target)
    return target


def edit(path: Path, old: str, new: str) -> int:
    """Replace ``old`` once; return the 1-based line where it stood."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= 1, old
    line = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return line


def errors(result) -> list[str]:
    return [line for line in result.lines if ": error: " in line]


def test_dropping_a_character(copy: Path) -> None:
    text = (copy / "characters.yaml").read_text(encoding="utf-8")
    start = text.index("- id: yuri-pestov")
    end = text.index("- id:", start + 1)
    (copy / "characters.yaml").write_text(text[:start] + text[end:], encoding="utf-8")
    result = run_cli("validate", str(copy), "--static")
    assert result.code == 1
    assert errors(result) == [
        f"{copy}/game.yaml:70:5: error: faction 'whites' has 14 characters; each faction has 15",
        f"{copy}/game.yaml:109:23: error: box: the box lists 60 character items, the content has 59",
        f"{copy}/game.yaml:110:49: error: box: the box lists 15 character items with faction 'whites', "
        "the content has 14",
    ]


def test_a_commander_with_a_missing_order(copy: Path) -> None:
    line = edit(copy / "commanders.yaml", "orders: [win-or-die, sacrifice]", "orders: [win-or-die, ambush]")
    result = run_cli("validate", str(copy), "--static")
    assert result.code == 1
    assert f"{copy}/commanders.yaml:{line}:24: error: commander 'arkady-voronov': orders[1]: no order 'ambush'" in \
        errors(result)[0]
    assert f"{copy}/orders.yaml" in "\n".join(errors(result))  # 'sacrifice' now has no commander


def test_a_second_blank(copy: Path) -> None:
    line = edit(copy / "order_tokens.yaml", "  order: retreat\n", "  order: blank\n")
    result = run_cli("validate", str(copy), "--static")
    assert result.code == 1
    assert errors(result) == [
        f"{copy}/game.yaml:70:5: error: faction 'whites' has no token for order 'retreat'",
        f"{copy}/order_tokens.yaml:{line}:3: error: order token 'whites-retreat': "
        "faction 'whites' has 2 blank tokens (whites-retreat, whites-blank); each faction has 1",
    ]


def test_an_unknown_effect(copy: Path) -> None:
    line = edit(copy / "locations.yaml", "{effect: set_limit, what: recruit_cost, value: 1}",
                "{effect: bribe_guards, what: recruit_cost, value: 1}")
    result = run_cli("validate", str(copy), "--static")
    assert result.code == 2
    first = errors(result)[0]
    assert first.startswith(f"{copy}/locations.yaml:{line}:7: error: location 'irkutsk-station': effects[0]: "
                            "unknown effect 'bribe_guards'; known effects: combat_power, gain_supplies,")


def test_a_duplicated_skill(copy: Path) -> None:
    line = edit(copy / "characters.yaml", "  skills: [combat, charisma]\n  abilities: [assault]\n  flavour: Twenty",
                "  skills: [combat, combat]\n  abilities: [assault]\n  flavour: Twenty")
    result = run_cli("validate", str(copy), "--static")
    assert result.code == 1
    assert errors(result) == [f"{copy}/characters.yaml:{line}:20: error: character 'anton-zhdanov': "
                              "skills: 'combat' is listed twice"]


# --- contradictions and impossibilities (consistency.py) ------------------------------------------------------
def static_errors(copy: Path) -> list[str]:
    """The errors of ``validate --static`` on the copy, which must fail."""
    result = run_cli("validate", str(copy), "--static")
    assert result.code == 1, result.output
    return errors(result)


def test_a_plot_both_freezing_and_warming(copy: Path) -> None:
    line = edit(copy / "plots.yaml", "  types: [freezing]\n", "  types: [freezing, warming]\n")
    assert static_errors(copy) == [
        f"{copy}/plots.yaml:{line}:3: error: plot 'storming-the-station': types: a plot cannot be both freezing and "
        "warming: Freezing gives Frostbite at the end of the round and Warming takes it away"]


def test_a_despatch_needing_more_wins_than_a_game_deals(copy: Path) -> None:
    line = edit(copy / "despatches.yaml", "plot_type: any, at_least: 5,", "plot_type: any, at_least: 17,")
    assert static_errors(copy) == [
        f"{copy}/despatches.yaml:{line}:51: error: despatch 'cipher-key': scoring.at_least: 17 plots won can never "
        "happen; a game deals at most 16 plots"]
    # of one type: the printed Freezing plots plus a round of the Blizzard's, not every plot of the game
    edit(copy / "despatches.yaml", "plot_type: any, at_least: 17,", "plot_type: any, at_least: 5,")
    line = edit(copy / "despatches.yaml", "plot_type: freezing, at_least: 3,", "plot_type: freezing, at_least: 13,")
    assert static_errors(copy) == [
        f"{copy}/despatches.yaml:{line}:56: error: despatch 'forced-march': scoring.at_least: 13 freezing plots won "
        "can never happen; a game deals at most 12 freezing plots"]


def test_an_order_whose_scope_never_applies(copy: Path) -> None:
    line = edit(copy / "orders.yaml", "{effect: combat_power, amount: 2, scope: faction_at_plot}",
                "{effect: combat_power, amount: 2, scope: officers}")
    assert static_errors(copy) == [
        f"{copy}/orders.yaml:{line}:41: error: order 'plus-two': effects[0].scope: 'officers' never applies to "
        "combat_power on an order; the rules apply it to self, faction_at_plot"]


def test_a_faction_that_lost_a_skill_is_warned_for_every_plot_needing_it(copy: Path) -> None:
    path = copy / "characters.yaml"
    blocks = path.read_text(encoding="utf-8").split("\n- id: ")
    for index, block in enumerate(blocks):
        if "\n  faction: warlords\n" in block:  # charisma struck out; a character with nothing else shows combat
            block = block.replace("skills: [charisma]", "skills: [combat]").replace("charisma, ", "")
            blocks[index] = block.replace(", charisma]", "]")
    path.write_text("\n- id: ".join(blocks), encoding="utf-8")
    result = run_cli("validate", str(copy), "--static")
    warned = [line.split(": warning: ")[1] for line in result.lines if ": warning: " in line]
    assert warned == [
        "plot 'village-assembly': entry: no character of 'warlords' enters the 4 plot(s) needing charisma as "
        "printed; it must buy an Enhancement first",
        "plot 'barracks-mutiny': entry: no character of 'warlords' enters the 4 plot(s) needing "
        "combat+charisma as printed; it must buy an Enhancement first",
        "plot 'safe-passage-talks': entry: no character of 'warlords' enters the 3 plot(s) needing "
        "charisma+intelligence as printed; it must buy an Enhancement first"]


def test_the_published_pack_has_no_contradiction() -> None:
    result = run_cli("validate", "legion-siberian-story", "--static")
    assert result.code == 0 and not [line for line in result.lines if ": warning: " in line or ": error: " in line]
