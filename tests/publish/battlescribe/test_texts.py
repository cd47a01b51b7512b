"""Texts filled from an item's fields for the BattleScribe export: the first that applies, references followed,
choices by their labels, numbers as decimals, nothing evaluated."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from pnpforge.content.pack import Pack, load_pack
from pnpforge.publish.battlescribe import build_battlescribe
from pnpforge.content.battlescribe import Alternative, Link
from pnpforge.publish.battlescribe.texts import Reader, number
from tests.conftest import REPO
from tests.publish.battlescribe.schema import tree

MAR_NAMES = [Alternative(text="{mar.name}[{value}, {colour}]", when={"mar.shape": "value_colour"}),
             Alternative(text="{mar.name}[{value}]", when={"mar.shape": "value"}), "{mar.name}"]


@pytest.fixture(scope="module")
def pack() -> Pack:
    loaded, findings = load_pack(REPO / "content" / "dystopian-legions")
    assert loaded is not None, findings
    return loaded


def model(pack: Pack, item_id: str):
    item = pack.by_id()[item_id]
    return item.type, item.values, pack.types[item.type].fields


def test_a_place_steps_into_objects_and_reads_choices_by_their_labels(pack: Pack) -> None:
    reader = Reader(pack, "en")
    kind, values, fields = model(pack, "kob-terrier")
    assert reader.text("{armour.front}/{armour.side}/{armour.rear}", kind, values, fields) == "9/7/5"
    assert reader.text("{model_type}", kind, values, fields) == "heavy ironclad"
    assert reader.text("{nation}", kind, values, fields) == "Kingdom of Britannia"  # a reference to a faction


def test_a_text_with_a_missing_field_does_not_apply(pack: Pack) -> None:
    reader = Reader(pack, "en")
    kind, values, fields = model(pack, "kob-terrier")  # an Ironclad has no LP
    assert reader.text("{lp}", kind, values, fields) is None
    assert reader.text(["{lp} LP", "{hp} HP"], kind, values, fields) == "5 HP"


def test_a_reference_is_followed_and_when_picks_the_text(pack: Pack) -> None:
    reader = Reader(pack, "en")
    kind, _, fields = model(pack, "kob-dragoon")
    element_fields = fields["mars"].of.fields
    shield, towering = pack.by_id()["kob-dragoon"]["mars"]
    assert reader.text(MAR_NAMES, kind, shield, element_fields) == "Shield[1, red]"
    assert reader.text(MAR_NAMES, kind, towering, element_fields) == "Towering"


def test_unless_leaves_a_text_out(pack: Pack) -> None:
    reader = Reader(pack, "en")
    kind, _, fields = model(pack, "kob-terrier")
    element_fields = fields["weapons"].of.fields
    names = [Alternative(text="{count}x {weapon}", unless={"count": 1}), "{weapon} ({arc}°, {facing})"]
    mount = pack.by_id()["kob-terrier"]["weapons"][1]
    assert reader.text(names, kind, mount, element_fields) == "Sponson Machine Gun (90°, left)"


def test_a_list_reads_as_its_links_name_its_elements(pack: Pack) -> None:
    reader = Reader(pack, "en", {("weapon", "mars"): Link(field="mars", name=MAR_NAMES)})
    kind, values, fields = model(pack, "service-revolver")
    assert reader.text("{mars}", kind, values, fields) == "CQB Weapon, Small Arms"


def test_places_name_fields_only(pack: Pack) -> None:
    reader = Reader(pack, "en")
    kind, values, fields = model(pack, "kob-captain")
    assert reader.text("{__class__}", kind, values, fields) == "{__class__}"  # no place: the text as written
    assert reader.text("{name.__class__}", kind, values, fields) == "{name.__class__}"
    assert reader.text("{name.upper}", kind, values, fields) is None  # a text has no fields
    assert reader.text("{0}", kind, values, fields) == "{0}"


def test_numbers_are_decimals() -> None:
    assert [number(12), number(7.5), number(Fraction(15, 2)), number(2.0)] == ["12", "7.5", "7.5", "2"]


def test_a_profile_column_starts_with_a_capital(pack: Pack, tmp_path: Path) -> None:
    result = build_battlescribe(pack, tmp_path, "en")
    catalogue = tree(next(p for p in result.files if p.name.endswith("britannia.cat")))
    terrier = next(p for p in catalogue.iter("profile") if p.get("name") == "Terrier Heavy Ironclad")
    columns = {c.get("name"): c.text for c in terrier.iter("characteristic")}
    assert columns == {"Type": "Heavy ironclad", "MV": '6"', "IR": "-", "LP": "-", "AR": "9/7/5", "HP": "5",
                       "MAD": "-", "Command": "-", "Base": "60 x 100 mm"}
