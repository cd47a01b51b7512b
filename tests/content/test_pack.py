"""The fixture game loads as typed items; qty is expanded in one place; every pack type is generated from data."""

from __future__ import annotations

from pnpforge.content.pack import expand_qty, load_pack

from tests.conftest import DATA


def test_fixture_game_loads_with_declared_types() -> None:
    pack, problems = load_pack(DATA / "lantern-market")
    assert problems == []
    assert sorted(pack.types) == ["merchant", "stall"]
    marta = pack.by_id()["old-marta"]
    assert marta["price"] == 3
    assert marta["effects"] == [{"effect": "gain_coins", "amount": 2}]
    assert str(marta.mark("price")) == "tests/data/lantern-market/merchants.yaml:4:3"
    assert marta.subject == "merchant 'old-marta'"
    assert pack.by_id()["bridge-stall"]["rent"] == 1  # the declared default


def test_qty_expands_to_copies() -> None:
    pack, _ = load_pack(DATA / "lantern-market")
    copies = expand_qty(pack.of_type("merchant"))
    assert [(item.id, n) for item, n in copies] == [
        ("old-marta", 0), ("wick-apprentice", 0), ("wick-apprentice", 1),
        ("barrel-brothers", 0), ("barrel-brothers", 1), ("lamp-glazier", 0)]
