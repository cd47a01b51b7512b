"""The Legion box as data: every count of the rulebook's component list, and the pack validates clean.

The numbers below are written from the rulebook's "Game components" list (Story rules), not read from game.yaml.
"""

from __future__ import annotations

from collections import Counter

import pytest

from pnpforge.content.pack import expand_qty, load_pack

from tests.conftest import REPO
from tests.helpers import run_cli

PACK = REPO / "content" / "legion-siberian-story"


@pytest.fixture(scope="module")
def pack():
    loaded, problems = load_pack(PACK)
    assert loaded is not None, [str(p) for p in problems]
    return loaded


def copies(pack, type_name: str, **where) -> int:
    return sum(1 for item, _ in expand_qty(pack.of_type(type_name))
               if all(item.get(k) == v for k, v in where.items()))


def test_component_counts_match_the_rulebook(pack) -> None:
    assert copies(pack, "character") == 60
    for faction in ("whites", "reds", "legionnaires", "warlords"):
        assert copies(pack, "character", faction=faction) == 15
        assert copies(pack, "character", faction=faction, officer=True) == 2
        assert copies(pack, "commander", faction=faction) == 2
        assert copies(pack, "order_token", faction=faction) == 8
    assert copies(pack, "overlay") == 150
    assert copies(pack, "overlay", kind="frostbite") == 16
    assert copies(pack, "overlay", kind="wound") == 30
    assert copies(pack, "overlay", kind="crippled") == 24
    for zone in ("skill_1", "skill_2", "skill_3"):
        assert copies(pack, "overlay", kind="crippled", zone=zone) == 8
    assert copies(pack, "overlay", kind="equipment") == 30
    assert copies(pack, "overlay", kind="enhancement") == 50
    assert copies(pack, "location") == 15
    assert copies(pack, "plot") == 24
    assert copies(pack, "despatch") == 9
    assert copies(pack, "marker", kind="vp") == 80
    assert copies(pack, "marker", kind="supply") == 50
    assert copies(pack, "marker", kind="starting_player") == 1
    assert copies(pack, "marker", kind="round") == 1
    assert copies(pack, "aid_card", kind="survivor") == 4
    assert copies(pack, "aid_card", kind="graveyard") == 1
    assert copies(pack, "aid_card", kind="round") == 1
    assert copies(pack, "war_diary") == 1
    assert copies(pack, "commander") == 8  # one commander screen each
    assert copies(pack, "order_token") == 32
    sleeves = [e for e in pack.game.box if e.component and "sleeve" in e.component]
    assert [(e.count, e.printed) for e in sleeves] == [(60, False)]


def test_orders_are_the_rulebook_summary_plus_the_blank(pack) -> None:
    names = {item["name"] for item in pack.of_type("order")}
    assert names >= {"TRANSFER!", "RETREAT!", "+2", "SHOOT AND MOVE!", "PROMOTION!", "WIN OR DIE!", "LURE AWAY!",
                     "GET DOWN!", "CEASEFIRE!", "TAKE ALL!", "CAMOUFLAGE!", "PROWL!", "FURIOUS ASSAULT!",
                     "NO MEDICS!", "SABOTAGE!", "SACRIFICE!", "MUSTER!", "REPLACEMENT!", "THEFT!"}
    assert len(names) == 20
    universal = sorted(item.id for item in pack.of_type("order") if item["universal"])
    assert len(universal) == 4  # +2, Retreat, Transfer and the Blank


def test_enhancements_add_the_skill_of_their_position(pack) -> None:
    position = {"skill_1": "combat", "skill_2": "charisma", "skill_3": "intelligence"}
    for item in pack.of_type("overlay"):
        if item["kind"] == "enhancement" and item["zone"] in position:
            assert item["effects"] == [{"effect": "add_skill", "skill": position[item["zone"]]}], item.id


def test_names_are_distinct(pack) -> None:
    for type_name in pack.types:
        names = Counter(str(item["name"]) for item in pack.of_type(type_name) if type_name != "order_token")
        repeated = [name for name, n in names.items() if n > 1]
        assert repeated == [], type_name


def test_static_validation_passes_and_prints_the_figures() -> None:
    result = run_cli("validate", "legion-siberian-story", "--static")
    assert result.code == 0, result.output
    assert ("content/legion-siberian-story/game.yaml:148:3: info: combat power per faction: whites 39, reds 36, "
            "legionnaires 38, warlords 36 (spread 7.7%, at most 10%)") in result.lines
    assert any("plots need combat+intelligence: characters entering as printed" in line for line in result.lines)
    assert result.lines[-1] == "no errors, no warnings in 14 files"
