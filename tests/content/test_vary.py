"""--vary expressions: parsing the three forms, the variants they expand to, and the variant packs they make."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpforge.content.pack import load_pack
from pnpforge.content.vary import (Value, VaryError, assignments_from, canonical, check, parse_vary, variants,
                                   vary_pack)
from pnpforge.engine.packs import cached_pack

LEGIE = Path(__file__).resolve().parents[2] / "content" / "legie"


@pytest.fixture(scope="module")
def legie():
    pack, problems = load_pack(LEGIE)
    assert pack is not None, problems
    return pack


def _unit(pack, item_id: str):
    return next(item for item in pack.of_type("unit_tile") if item.id == item_id)


def test_the_three_forms_parse_into_items_a_path_and_values() -> None:
    ranged = parse_vary("character:ivan-sablin.combat_power=2..5")
    assert (ranged.type, ranged.item, ranged.path) == ("character", "ivan-sablin", ("combat_power",))
    assert [v.amount for v in ranged.values] == [2, 3, 4, 5] and not any(v.step for v in ranged.values)
    stepped = parse_vary("plot:*.winner_vp=+1")
    assert stepped.item == "*" and stepped.values == (Value(1, True),)
    assert parse_vary("plot:*.winner_vp=-1").values == (Value(-1, True),)
    listed = parse_vary("location:irkutsk.effects[0].amount=0,1,2")
    assert listed.path == ("effects", 0, "amount") and [v.amount for v in listed.values] == [0, 1, 2]
    assert [v.text() for v in parse_vary("x:y.z=-1..+1,true,freezing").values] == ["-1", "+0", "+1", "true",
                                                                                      "freezing"]


@pytest.mark.parametrize("text, column, words", [
    ("character", 1, "expected TYPE:ID.FIELD=VALUES"),
    ("Character:a.b=1", 1, "expected a type name"),
    ("character:ivan-sablin=3", 22, "expected .FIELD after the item id"),
    ("character:Ivan.combat_power=3", 11, "expected an item id"),
    ("character:ivan.combat_power", 28, "expected =VALUES"),
    ("character:ivan.effects[x]=3", 23, "expected .FIELD or [INDEX]"),
    ("character:ivan.combat_power=1,,2", 31, "expected a value"),
    ("character:ivan.combat_power=5..2", 29, "a range runs from low to high"),
    ("character:ivan.combat_power=-1..2", 29, "not both"),
    ("character:ivan.combat_power=1,1", 29, "a value is given twice"),
    ("character:ivan.combat_power=3\ncharacter:ivan.name=x", 30, "a control character ('\\n') in the expression"),
])
def test_a_malformed_expression_says_what_and_where(text: str, column: int, words: str) -> None:
    with pytest.raises(VaryError) as caught:
        parse_vary(text)
    assert words in str(caught.value) and caught.value.column == column


def test_variants_are_the_product_or_each_value_alone() -> None:
    a = parse_vary("character:ivan-sablin.combat_power=2..4")
    b = parse_vary("plot:*.winner_vp=-1,+1")
    product = variants([a, b])
    assert len(product) == 6 and [x.text() for x in product[1]] == ["character:ivan-sablin.combat_power=2",
                                                                     "plot:*.winner_vp=+1"]
    alone = variants([a, b], one_at_a_time=True)
    assert len(alone) == 5 and all(len(v) == 1 for v in alone)
    assert [v[0].text() for v in alone][-2:] == ["plot:*.winner_vp=-1", "plot:*.winner_vp=+1"]


def test_a_variant_s_canonical_text_reads_back_as_the_same_assignments() -> None:
    variant = variants([parse_vary("location:irkutsk.effects[0].amount=0,1"), parse_vary("plot:*.winner_vp=-1")])[1]
    text = canonical(variant)
    assert text == "location:irkutsk.effects[0].amount=1\nplot:*.winner_vp=-1"
    assert [a.text() for a in assignments_from(text)] == text.splitlines()


def test_a_variant_pack_changes_values_in_memory_and_leaves_the_published_pack_alone(legie) -> None:
    assignments = variants([parse_vary("unit_tile:*.strength=+1"),
                            parse_vary("unit_tile:black-knight.symbols[1]=shield")])[0]
    changed, problems = vary_pack(legie, assignments)
    assert not problems
    assert _unit(changed, "black-knight")["strength"] == 3 and _unit(changed, "white-king")["strength"] == 1
    assert _unit(changed, "black-knight")["symbols"] == ["sword", "shield"]
    assert _unit(legie, "black-knight")["strength"] == 2 and _unit(legie, "black-knight")["symbols"] == ["sword",
                                                                                                         "sword"]


def test_a_worker_builds_the_variant_from_its_canonical_text(legie) -> None:
    text = canonical(variants([parse_vary("unit_tile:black-general.strength=0")])[0])
    rebuilt = cached_pack(str(LEGIE.resolve()), "", text)
    assert _unit(rebuilt, "black-general")["strength"] == 0
    assert _unit(cached_pack(str(LEGIE.resolve())), "black-general")["strength"] == 2


def test_every_problem_of_every_expression_is_collected(legie) -> None:
    _, problems = check(legie, ["unit_tile:*.strength=+8", "unit_tile:black-knight.defence=0,1",
                                "unit_tile:black-king.strength=1"])
    messages = [p.message for p in problems]
    # +8 takes the two-sword units (knight, general: 2 each, per army) over the maximum of 9
    assert sum("expected an integer <= 9, found 10" in m for m in messages) == 4
    assert "unit 'black-knight': defence: expected an integer >= 1, found 0" in messages
    assert any("changes what --vary 'unit_tile:*.strength=+8' changes" in m for m in messages)
    assert all(p.blocking and str(p.mark).startswith("--vary '") for p in problems)
