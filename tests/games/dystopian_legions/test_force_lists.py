"""Force lists (``validate dystopian-legions --list FILE``): the starter lists pass and print their points by
section against the limit; each broken list under tests/data/force-lists/ gives its exact finding at its place;
the rules are the pack's data (force-rules.yaml), so a rule's wording and severity change with it. Each test names
the ids of rules.yaml it checks."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pnpforge.content.pack import load_pack
from pnpforge.lists.run import check_list

from tests.conftest import DATA, REPO
from tests.helpers import edit, run_cli

PACK = REPO / "content" / "dystopian-legions"
STARTERS = sorted((PACK / "forces").glob("*-starter.yaml"))
BATTLE_FORCES = sorted((PACK / "forces").glob("*-500.yaml"))
BROKEN = DATA / "force-lists"
pytestmark = pytest.mark.usefixtures("shipped_packs_checked_once")

# each broken list and its one finding: the place is the line and column in the list file
EXPECTED = {
    "over-points": "4:1: error: the force costs 1117 points, 117 over its Maximum Force Value of 1000 (p.29)",
    "no-sco": "5:1: error: no section is marked senior: mark the section whose officer leads the force as its "
    "Senior Commanding Officer (p.30, p.44)",
    "second-unique": "15:10: error: 'pru-gluecklich-section' brings a second 'pru-gluecklich'; a force holds one of "
    "each Unique model (p.113-119)",
    "strategic-over-half": "17:1: error: 631 points are held back as Reserve or Flank forces; at most 50% of the "
    "1250 may be, that is 625 (p.29)",
    "deck-duplicate": "19:29: error: 'second-wind' is already in the deck; a TAC deck holds each card once (p.36)",
    "deck-wrong-costs": "19:1: error: the cards cost 1 1 1 1 2 2 2 2 2 3 3 4; each card stands in for a generic card "
    "of the same cost, so the costs stay the common deck's: 1 1 1 1 2 2 2 2 3 3 3 4 (p.36)",
    "deck-foreign-card": "19:29: error: 'kadavergehorsam' belongs to the Prussian Empire; this force serves the "
    "Kingdom of Britannia (p.35)",
}


@pytest.fixture(scope="module")
def pack():
    loaded, problems = load_pack(PACK)
    assert loaded is not None, [str(p) for p in problems]
    return loaded


def findings(pack, path: Path) -> list[str]:
    return [str(f) for f in check_list(pack, path).findings]


def test_the_pack_keeps_two_starter_lists_and_two_500_point_forces_for_battles() -> None:
    assert [p.name for p in STARTERS] == ["britannia-starter.yaml", "prussia-starter.yaml"]
    assert [p.name for p in BATTLE_FORCES] == ["britannia-500.yaml", "prussia-500.yaml"]
    assert sorted((PACK / "forces").glob("*.yaml")) == sorted(STARTERS + BATTLE_FORCES)


@pytest.mark.parametrize("path", BATTLE_FORCES, ids=lambda p: p.stem)
def test_each_battle_force_passes_at_500_points(path: Path) -> None:
    result = run_cli("validate", "dystopian-legions", "--list", str(path.relative_to(REPO)))
    assert result.code == 0, result.output
    assert "no errors, no warnings in 1 file" in result.output
    assert " of 500 points (" in result.output and "a hand of 2 TACs" in result.output


@pytest.mark.parametrize("path", STARTERS, ids=lambda p: p.stem)
@pytest.mark.rules("platoon-line-1", "platoon-line-2", "platoon-line-3", "option-transport", "option-sidekick")
def test_each_starter_list_passes_and_shows_its_points(path: Path) -> None:
    result = run_cli("validate", "dystopian-legions", "--list", str(path.relative_to(REPO)))
    assert result.code == 0, result.output
    assert "no errors, no warnings in 1 file" in result.output
    assert " of 1250 points (" in result.output and "a hand of 5 TACs" in result.output


def test_the_british_starter_is_priced_section_by_section() -> None:
    result = run_cli(
        "validate", "dystopian-legions", "--list", "content/dystopian-legions/forces/britannia-starter.yaml"
    )
    lines = result.output.splitlines()
    # 45 + a standard bearer (12) and a bugler (10); 80 + a rifle grenadier (6) + the Bulldog (55); 121 + 2 x 38
    assert "  kob-captain-hq           67  Captain and Command Section (3 models)" in lines
    assert ("  kob-line-infantry       141  Line Infantry Section (8 models) + kob-bulldog-section") in lines
    assert "  kob-dragoons            197  Dragoon Section (5 models)" in lines
    assert "total 1117 of 1250 points (133 to spare); a hand of 5 TACs" in lines


RULES = {
    "over-points": "force-mfv",
    "no-sco": "force-sco",
    "second-unique": "force-unique",
    "strategic-over-half": "force-strategic",
    "deck-duplicate": "tac-deck",
    "deck-wrong-costs": "tac-deck",
    "deck-foreign-card": "tac-types",
}


@pytest.mark.parametrize(
    "name", [pytest.param(name, marks=pytest.mark.rules(RULES[name])) for name in sorted(EXPECTED)]
)
def test_each_broken_list_gives_its_finding(pack, name: str) -> None:
    path = BROKEN / f"{name}.yaml"
    shown = str(path.relative_to(REPO))
    assert [f.replace(str(path), shown) for f in findings(pack, path)] == [f"{shown}:{EXPECTED[name]}"]


def test_a_broken_list_exits_1_on_the_command_line() -> None:
    result = run_cli("validate", "dystopian-legions", "--list", "tests/data/force-lists/over-points.yaml")
    assert result.code == 1, result.output
    assert f"tests/data/force-lists/over-points.yaml:{EXPECTED['over-points']}" in result.output
    assert "total 1117 of 1000 points (117 over); a hand of 4 TACs" in result.output
    assert "1 error, 0 warnings in 1 file" in result.output


def starter_copy(tmp_path: Path, name: str = "britannia-starter") -> Path:
    target = tmp_path / f"{name}.yaml"
    shutil.copy(PACK / "forces" / f"{name}.yaml", target)
    return target


@pytest.mark.rules("tac-types")
def test_a_character_card_without_its_character_is_a_warning(pack, tmp_path: Path) -> None:
    path = starter_copy(tmp_path)
    line, column = edit(path, "      - {section: kob-macdonald, senior: true}\n", "")
    edit(path, "kob-captain-hq, ", "kob-captain-hq, senior: true, ")
    card_line, card_column = edit(path, "macdonalds-charge", "macdonalds-charge")
    result = run_cli("validate", "dystopian-legions", "--list", str(path))
    assert result.code == 0, result.output
    assert (
        f"{path}:{card_line}:{card_column}: warning: 'macdonalds-charge' needs 'kob-macdonald' in the force; "
        "keep it only if the scenario you play allows it (p.35)"
    ) in result.output
    assert run_cli("validate", "dystopian-legions", "--list", str(path), "--strict").code == 1


@pytest.mark.rules("force-platoons")
def test_more_platoons_than_usual_is_a_warning(pack, tmp_path: Path) -> None:
    path = starter_copy(tmp_path)
    text = path.read_text(encoding="utf-8")
    second = "  - hq: {section: kob-captain-hq}\n    sections: [{section: kob-volunteers}]\n"
    path.write_text(text.replace("strategic:", second + "strategic:"), encoding="utf-8")
    line = text[: text.index("strategic:")].count("\n") + 1
    assert findings(pack, path) == [
        f"{path}:{line}:5: warning: the force fields 2 platoons; that is fine if your opponent agreed to it, the "
        "usual game is 1 (p.29)"
    ]


@pytest.mark.rules("platoon-line-1", "slot-heavy-support", "option-upgrade", "option-add", "force-mfv")
def test_the_platoon_ladder_sections_and_upgrades(pack, tmp_path: Path) -> None:
    path = starter_copy(tmp_path)
    edit(path, "{section: kob-dragoons, models: 5}", "{section: kob-dragoons, models: 6}")
    edit(path, "[{upgrade: rifle-grenadier}]", "[{upgrade: rifle-grenadier, count: 2}, {upgrade: sniper}]")
    edit(
        path,
        "      - {section: kob-line-infantry,",
        "      - {section: kob-terrier-section}\n      - {section: kob-line-infantry,",
    )
    found = findings(pack, path)
    assert [f.split(": ", 1)[1] for f in found] == [
        "error: 'kob-dragoons' fields 6 models; it may field 3 to 5, added models aside (p.32)",
        "error: 'kob-line-infantry' has no upgrade 'sniper'; its upgrades: rifle-grenadier, colour-sergeant, bugler",
        "error: 2 of 'rifle-grenadier' for 'kob-line-infantry'; it takes 1 at most (p.32)",
        "error: no heavy support place is open for 'kob-terrier-section' (Line sections bought before it in its "
        "platoon: 0); each Line section opens the next places (p.30)",
        "error: 'kob-terrier-section' would be Heavy Support number 2 in its platoon, which holds 1 (p.32)",
        "error: the force costs 1371 points, 121 over its Maximum Force Value of 1250 (p.29)",
    ]


@pytest.mark.rules("force-strategic")
def test_strategic_forces_from_two_platoons_and_a_heavy_ironclad(pack, tmp_path: Path) -> None:
    path = starter_copy(tmp_path, "prussia-starter")
    text = path.read_text(encoding="utf-8").replace(
        "  - {section: pru-luft-lancers, deploy: flank}\n",
        "  - {section: pru-luft-lancers, deploy: flank}\n"
        "  - {platoon: 2, section: pru-walze-section, deploy: reserve}\n"
        "  - {section: pru-walze-section, deploy: reserve}\n  - {section: pru-jaeger-section, deploy: flank}\n",
    )
    path.write_text(text, encoding="utf-8")
    assert [f.split(": ", 1)[1] for f in findings(pack, path)] == [
        "error: Reserve and Flank forces come from one platoon: this one is from platoon 2, the first from "
        "platoon 1 (p.29)",
        "error: 'pru-walze-section' holds 'pru-walze', a Heavy Ironclad, which starts on the table and never arrives "
        "late (p.29)",
        "error: platoon 2 has no 'pru-walze-section' left to hold back",
        "error: platoon 1 has no 'pru-jaeger-section' left to hold back",
    ]


@pytest.mark.rules("tac-hand-size")
def test_a_stated_hand_is_checked(pack, tmp_path: Path) -> None:
    path = starter_copy(tmp_path)
    line, _ = edit(path, "mfv: 1250\n", "mfv: 1250\nhand: 6\n")
    assert findings(pack, path) == [
        f"{path}:{line + 1}:1: error: a hand of 6 cards; 1250 points give 5, one for each full 250 and 10 at most "
        "(p.36)"
    ]


def test_an_unknown_id_is_an_error_at_its_place_and_stops_the_rules(pack, tmp_path: Path) -> None:
    path = starter_copy(tmp_path)
    line, column = edit(path, "kob-sharpshooters", "kob-hussars")
    assert findings(pack, path) == [
        f"{path}:{line}:{column - 9}: error: platoons[0].sections[8].section: no section 'kob-hussars'"
    ]


def test_a_list_of_the_wrong_shape_cannot_be_used(tmp_path: Path) -> None:
    path = starter_copy(tmp_path)
    line, _ = edit(path, "mfv: 1250", "mfv: lots")
    result = run_cli("validate", "dystopian-legions", "--list", str(path))
    assert result.code == 2, result.output
    assert f"{path}:{line}:1: error: force list: mfv: expected an integer, found 'lots'" in result.output


def test_a_rule_is_the_pack_data(tmp_path: Path) -> None:
    """The wording and severity of a finding come from force-rules.yaml."""
    copy = tmp_path / "dystopian-legions"
    shutil.copytree(PACK, copy, ignore=shutil.ignore_patterns("rules", "layouts"))
    rules = copy / "force-rules.yaml"
    edit(rules, 'message: "the force costs {total} points', 'message: "{total} of {mfv} spent; too many points')
    edit(rules, 'severity: error\n  message: "{total}', 'severity: warning\n  message: "{total}')
    loaded, problems = load_pack(copy)
    assert loaded is not None, [str(p) for p in problems]
    assert [f.split(": ", 1)[1] for f in findings(loaded, BROKEN / "over-points.yaml")] == [
        "warning: 1117 of 1000 spent; too many points, 117 over its Maximum Force Value of 1000 (p.29)"
    ]


def test_a_message_naming_a_value_its_check_lacks_is_refused(tmp_path: Path) -> None:
    from pnpforge.check.registry import run_static_checks

    copy = tmp_path / "dystopian-legions"
    shutil.copytree(PACK, copy, ignore=shutil.ignore_patterns("rules", "layouts"))
    line, _ = edit(copy / "force-rules.yaml", "{count} cards; a TAC deck", "{cards} cards; a TAC deck")
    loaded, _problems = load_pack(copy)
    assert loaded is not None
    found = [str(f) for f in run_static_checks(loaded) if f.rule.endswith("force_rule_items")]
    assert found == [
        f"{copy}/force-rules.yaml:{line}:3: error: force rule 'deck-size': message: {{cards}} is no "
        "value of deck_size; its values: count, size"
    ]


@pytest.mark.rules("platoon-minimum", "option-sidekick", "transport-capacity", "platoon-line-2")
def test_a_platoon_without_a_line_section_a_lone_sidekick_and_a_full_transport(pack, tmp_path: Path) -> None:
    path = starter_copy(tmp_path, "prussia-starter")
    text = path.read_text(encoding="utf-8")
    text = text.replace("      - {section: pru-van-hahl-section}\n", "")
    text = text.replace(
        "{section: pru-assault-grenadiers, transport:", "{section: pru-assault-grenadiers, models: 10, transport:"
    )
    text = text.replace(
        "strategic:", "  - hq: {section: pru-oberst-hq}\n    sections: [{section: pru-hmg-section}]\nstrategic:"
    )
    path.write_text(text, encoding="utf-8")
    assert [f.split(": ", 1)[1] for f in findings(pack, path)] == [
        "error: 'pru-sturmwagen-section' has room for 8, and 'pru-assault-grenadiers' fields 10 models who ride "
        "(p.33, p.112)",
        "error: 'pru-gluecklich-section' is a sidekick and joins only with 'pru-van-hahl-section', which this force "
        "lacks (p.33)",
        "error: platoon 2 has no line section; every platoon needs 1 (p.30)",
        "error: no support place is open for 'pru-hmg-section' (Line sections bought before it in its platoon: 0); "
        "each Line section opens the next places (p.30)",
        "warning: the force fields 2 platoons; that is fine if your opponent agreed to it, the usual game is 1 (p.29)",
        "warning: 'van-hahls-challenge' needs 'pru-van-hahl-section' in the force; keep it only if the scenario you "
        "play allows it (p.35)",
    ]


def test_the_recorded_findings_are_the_evaluators(pack) -> None:
    """findings.json records each broken list's findings (place, severity, rule, path, message) for both evaluators:
    this one, and the web force builder's in the browser."""
    recorded = json.loads((BROKEN / "findings.json").read_text(encoding="utf-8"))
    assert sorted(recorded) == sorted(f"{name}.yaml" for name in EXPECTED)
    for name, expected in recorded.items():
        found = check_list(pack, BROKEN / name).findings
        assert [
            {
                "line": f.mark.line,
                "col": f.mark.col,
                "severity": f.severity,
                "rule": f.rule,
                "at": f.data["at"],
                "message": f.message,
            }
            for f in found
            if f.mark
        ] == expected, name
        assert [f"{e['line']}:{e['col']}: {e['severity']}: {e['message']}" for e in expected] == [
            EXPECTED[name.removesuffix(".yaml")]
        ]
