"""The static checks of Dystopian Legions on the shipped pack, and on copies of it with one defect each: every check
group (dice, MAR parameters, model profiles, weapon profiles, sources, sections, TAC cards, the starter forces' lists,
standees) gives its exact finding at its place; the force rules themselves are tested in test_force_lists.py."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnpforge.check.registry import run_static_checks
from pnpforge.content.pack import Pack, load_pack

from tests.conftest import REPO
from tests.helpers import edit, shipped_pack

PACK = REPO / "content" / "dystopian-legions"


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    target = tmp_path / "dystopian-legions"
    shutil.copytree(PACK, target, ignore=shutil.ignore_patterns("rules", "layouts"))
    return target



def errors(root: Path, standees: bool = False) -> list[str]:
    """Errors and warnings; a change to a starter force also changes what its standees must cover, which only the
    standee tests ask about."""
    pack, problems = load_pack(root)
    found = problems + (run_static_checks(pack) if pack is not None else [])
    return [
        str(f)
        for f in found
        if f.severity in ("error", "warning") and (standees or f.rule != "dystopian_legions.standees")
    ]


def shipped() -> Pack:
    return shipped_pack(PACK)


def test_the_shipped_pack_has_no_finding() -> None:
    assert [str(f) for f in run_static_checks(shipped()) if f.severity in ("error", "warning")] == []


def test_the_pack_holds_what_its_readme_counts() -> None:
    counts = {name: len(shipped().of_type(name)) for name in shipped().types}
    assert counts == {
        "mar": 57,
        "weapon": 22,
        "model": 43,
        "unit": 25,
        "tac": 24,
        "platoon": 1,
        "scenario_entry": 12,
        "force": 2,
        "standee": 38,
        "template": 4,
        "ruler": 3,
        "marker": 14,
        "quick_reference": 2,
        "force_rule": 28,
        "odds_strip": 25,
        "terrain": 4,
        "table": 2,
    }


# --- dice (p.14) -------------------------------------------------------------------


def test_a_red_die_that_does_not_explode(copy: Path) -> None:
    line, _ = edit(copy / "game.yaml", "explodes: {6: red}, ", "")
    assert errors(copy) == [
        f"{copy}/game.yaml:{line}:3: error: dice.red: on a red die a natural 6 counts 2 and adds a red die (p.14)"
    ]


# --- MAR parameters (p.113-119) ----------------------------------------------------


def test_a_shield_without_its_colour(copy: Path) -> None:
    line, column = edit(
        copy / "models.yaml",
        '{mar: shield, value: 1, colour: red}, {mar: towering}], base: "40", source: rulebook',
        '{mar: shield, value: 1}, {mar: towering}], base: "40", source: rulebook',
    )
    assert errors(copy) == [
        f"{copy}/models.yaml:{line}:{column + 1}: error: model 'kob-dragoon': mars[0]: shield takes [v, colour]; "
        "given: value 1"
    ]


def test_a_model_rule_on_a_weapon(copy: Path) -> None:
    line, column = edit(
        copy / "weapons.yaml", "mars: [{mar: small-arms}]", "mars: [{mar: towering}]", after="id: metford-rifle"
    )
    assert errors(copy) == [
        f"{copy}/weapons.yaml:{line}:{column + 8}: error: weapon 'metford-rifle': mars[0]: towering is carried by a "
        "model, not a weapon"
    ]


# --- model profiles (p.39-44, p.73, p.107) -----------------------------------------


def test_a_knight_without_an_injury_rating(copy: Path) -> None:
    line, column = edit(copy / "models.yaml", "ir: 6, lp: 2", "ir: 0, lp: 2", after="id: pru-teutonic-knight,")
    assert errors(copy) == [
        f"{copy}/models.yaml:{line}:{column}: error: model 'pru-teutonic-knight': ir: a heavy infantry model needs "
        "IR of at least 1, found 0 (p.41)"
    ]


def test_an_ironclad_with_life_points(copy: Path) -> None:
    line, column = edit(copy / "models.yaml", "mv: 7, armour:", "mv: 7, lp: 3, armour:", after="id: pru-kettenkarre,")
    assert errors(copy) == [
        f"{copy}/models.yaml:{line}:{column + 7}: error: model 'pru-kettenkarre': lp: an ironclad has Armour Ratings "
        "and Hull Points, not LP (p.107)"
    ]


def test_an_arc_of_45_degrees(copy: Path) -> None:
    line, column = edit(
        copy / "models.yaml", "{weapon: kettenkarre-cannon, arc: 90,", "{weapon: kettenkarre-cannon, arc: 45,"
    )
    assert errors(copy) == [
        f"{copy}/models.yaml:{line}:{column + 29}: error: model 'pru-kettenkarre': weapons[0].arc: 45 degrees; an arc "
        "is 90, 180, 270 or 360 (p.73)"
    ]


def test_an_officer_without_command(copy: Path) -> None:
    line, _ = edit(copy / "models.yaml", " command: {range: 12, cp: 3},", "", after="id: kob-captain,")
    assert errors(copy) == [
        f"{copy}/models.yaml:{line}:77: error: model 'kob-captain': command: an officer has a command range and makes "
        "Command Points each turn (p.44)"
    ]


def test_an_nco_without_its_rule(copy: Path) -> None:
    edit(
        copy / "models.yaml",
        "mars: [{mar: nco, value: 1}, {mar: sure-footed}]",
        "mars: [{mar: sure-footed}]",
        after="id: kob-marine-corporal,",
    )
    line, column = edit(copy / "models.yaml", "rank: nco", "rank: nco", after="id: kob-marine-corporal,")
    assert errors(copy) == [
        f"{copy}/models.yaml:{line}:{column}: error: model 'kob-marine-corporal': rank: an NCO carries the NCO[v] MAR, "
        "which says its Command Points (p.44)"
    ]


# --- weapon profiles (p.71, p.85) --------------------------------------------------


def test_a_long_range_that_does_not_start_where_the_effective_range_ends(copy: Path) -> None:
    line, _ = edit(
        copy / "weapons.yaml",
        "long_range: {from: 12, to: 24}",
        "long_range: {from: 14, to: 24}",
        after="id: metford-rifle",
    )
    assert errors(copy) == [
        f"{copy}/weapons.yaml:{line}:16: error: weapon 'metford-rifle': long_range.from: 14 inches; the long range "
        "starts where the effective range ends (12) (p.71)"
    ]


def test_a_green_die(copy: Path) -> None:
    line, column = edit(
        copy / "weapons.yaml",
        "{count: 3, colour: blue}",
        "{count: 3, colour: green}",
        after="id: webley-lightning-pistol",
    )
    assert errors(copy) == [
        f"{copy}/weapons.yaml:{line}:{column + 11}: error: weapon 'webley-lightning-pistol': rad.effective.colour: "
        "'green' is no die of the game; dice: black, blue, red"
    ]


def test_an_indirect_fire_weapon_without_a_long_range(copy: Path) -> None:
    path = copy / "weapons.yaml"
    edit(path, "  long_range: {from: 24, to: 36}\n", "", after="id: light-mortar")
    edit(
        path,
        "rad: {effective: {count: 8, colour: red}, long: {count: 8, colour: red}}",
        "rad: {effective: {count: 8, colour: red}}",
        after="id: light-mortar",
    )
    line, _ = edit(
        path,
        "iad: {effective: {count: 3, colour: red}, long: {count: 3, colour: red}}",
        "iad: {effective: {count: 3, colour: red}}",
        after="id: light-mortar",
    )
    assert errors(copy) == [
        f"{copy}/weapons.yaml:{line + 1}:3: error: weapon 'light-mortar': mars: an IDF weapon needs a long range, "
        "where observed fire is made (p.85)"
    ]


# --- sources -----------------------------------------------------------------------


def test_an_authored_list_naming_no_field(copy: Path) -> None:
    line, column = edit(
        copy / "mars.yaml", 'authored: [text], text: "Moves as a Jetpack', 'authored: [txt], text: "Moves as a Jetpack'
    )
    assert errors(copy) == [
        f"{copy}/mars.yaml:{line}:{column + 11}: error: MAR 'flying': authored[0]: 'txt' is no field of MAR"
    ]


def test_every_type_requires_a_source() -> None:
    pack = shipped()
    assert [
        name for name, spec in pack.types.items() if "source" not in spec.fields or not spec.fields["source"].required
    ] == []


# --- sections (p.32-33, p.39, p.112) -----------------------------------------------


def test_a_field_gun_with_one_gunner(copy: Path) -> None:
    edit(copy / "sections.yaml", "{model: kob-gunner, count: 3}", "{model: kob-gunner, count: 1}")
    line, _ = edit(copy / "sections.yaml", "  models:", "  models:", after="id: kob-field-battery")
    assert errors(copy) == [
        f"{copy}/sections.yaml:{line}:3: error: section 'kob-field-battery': models: 1 field gun with 1 crew; a "
        "field gun needs 2 crew to fire (p.39)"
    ]


def test_a_section_typed_otherwise_than_its_models(copy: Path) -> None:
    line, column = edit(copy / "sections.yaml", "model_types: [heavy_infantry]", "model_types: [cavalry]",
                        after="id: pru-teutonic-knights")
    assert errors(copy) == [
        f"{copy}/sections.yaml:{line}:{column}: error: section 'pru-teutonic-knights': "
        "model_types: its models are of the types heavy_infantry, not cavalry"
    ]


def test_a_sidekick_without_its_character(copy: Path) -> None:
    edit(copy / "sections.yaml", "  character: pru-van-hahl-section\n", "")
    line, _ = edit(copy / "sections.yaml", "slot: sidekick", "slot: sidekick", after="id: pru-gluecklich-section")
    assert errors(copy) == [
        f"{copy}/sections.yaml:{line}:3: error: section 'pru-gluecklich-section': slot: a sidekick comes with its "
        "character; name it in character (p.33)"
    ]


def test_a_section_too_big_for_its_transport(copy: Path) -> None:
    path = copy / "sections.yaml"
    edit(path, "{model: pru-assault-grenadier, count: 5}", "{model: pru-assault-grenadier, count: 6}")
    edit(
        path,
        "{id: more-grenadiers, kind: reinforce, model: pru-assault-grenadier, max: 2",
        "{id: more-grenadiers, kind: reinforce, model: pru-assault-grenadier, max: 1",
        after="id: pru-assault",
    )
    line, column = edit(path, "pru-sturmwagen-section]", "pru-sturmwagen-section]", after="id: pru-assault")
    force_line, force_column = edit(copy / "forces" / "prussia-starter.yaml", "transport:", "transport:")
    assert errors(copy) == [
        f"{copy}/forces/prussia-starter.yaml:{force_line}:{force_column}: error: 'pru-sturmwagen-section' has room "
        "for 8, and 'pru-assault-grenadiers' fields 9 models who ride (p.33, p.112)",
        f"{copy}/sections.yaml:{line}:{column}: error: section 'pru-assault-grenadiers': transports[0]: "
        "'pru-sturmwagen-section' carries 8; the section has 9 models (p.112)",
    ]


def test_an_upgrade_of_a_model_the_section_lacks(copy: Path) -> None:
    line, column = edit(copy / "sections.yaml", "replaces: kob-marine,", "replaces: kob-volunteer,")
    assert errors(copy) == [
        f"{copy}/sections.yaml:{line}:{column}: error: section 'kob-royal-marines': options[1]: an upgrade "
        "replaces a model of the section; 'kob-volunteer' is none of them (p.32)"
    ]


# --- TAC cards (p.35-36) ------------------------------------------------------------


def test_two_generic_cards_with_one_number(copy: Path) -> None:
    line, column = edit(copy / "tacs.yaml", "number: 12", "number: 11")
    assert errors(copy) == [
        f"{copy}/tacs.yaml:{line}:{column}: error: Tactical Action Card 'forced-march': number: 11 is also on "
        "Tactical Action Card 'countermand'"
    ]


def test_a_character_card_naming_a_section_that_is_no_character(copy: Path) -> None:
    line, column = edit(copy / "tacs.yaml", "character: kob-macdonald", "character: kob-dragoons")
    assert errors(copy) == [
        f"{copy}/tacs.yaml:{line}:{column}: error: Tactical Action Card 'macdonalds-charge': character: "
        "'kob-dragoons' is no character section of britannia"
    ]


# --- starter forces (p.29-36): their force lists in forces/ -------------------------


def test_a_starter_list_that_breaks_a_force_rule(copy: Path) -> None:
    """The starter lists are the pack's examples of a force list: each passes the force rules, or the pack fails."""
    line, column = edit(copy / "forces" / "britannia-starter.yaml", "stiff-upper-lip", "kadavergehorsam")
    assert errors(copy) == [
        f"{copy}/forces/britannia-starter.yaml:{line}:{column}: error: 'kadavergehorsam' belongs to the Prussian "
        "Empire; this force serves the Kingdom of Britannia (p.35)"
    ]


def test_a_starter_force_naming_a_list_the_pack_lacks(copy: Path) -> None:
    line, column = edit(copy / "forces.yaml", "list: forces/prussia-starter.yaml", "list: forces/prussia.yaml")
    assert errors(copy) == [
        f"{copy}/forces.yaml:{line}:{column}: error: starter force 'prussia-starter': list: no force list "
        "'forces/prussia.yaml' among the pack's examples (britannia-500.yaml, britannia-starter.yaml, "
        "prussia-500.yaml, prussia-starter.yaml)"
    ]


# --- standees -------------------------------------------------------------------------


def test_too_few_standees_for_a_starter_force(copy: Path) -> None:
    edit(copy / "standees.yaml", "qty: 9, name: Landwehrmann", "qty: 8, name: Landwehrmann")
    line, _ = edit(copy / "forces.yaml", "  list:", "  list:", after="id: prussia-starter")
    box_line, box_column = edit(copy / "game.yaml", "{type: standee, count: 94", "{type: standee, count: 94")
    assert errors(copy, standees=True) == [
        f"{copy}/forces.yaml:{line}:3: error: starter force 'prussia-starter': list: it fields 9 'pru-landwehr', "
        "and 8 standees are printed for it",
        f"{copy}/game.yaml:{box_line}:{box_column + 16}: warning: box: the box lists 94 standee items, the content "
        "has 93 (an error under --strict or box_strict: true)",
    ]


def test_a_standee_on_the_wrong_base(copy: Path) -> None:
    line, column = edit(copy / "standees.yaml", 'base: "40"', 'base: "30"', after="id: standee-pru-teutonic-knight,")
    assert errors(copy, standees=True) == [
        f"{copy}/standees.yaml:{line}:{column}: error: standee 'standee-pru-teutonic-knight': base: 30 mm; "
        "'pru-teutonic-knight' stands on 40 mm"
    ]
