"""The BattleScribe export is for any pack: a small skirmish pack with other types and field names, written here,
exports by its own mapping, and its files validate against the published schema."""

from __future__ import annotations

from pathlib import Path

from pnpforge.content.pack import load_pack
from pnpforge.publish.battlescribe import build_battlescribe
from tests.publish.battlescribe.schema import problems, tree

FILES = {
    "game.yaml": """
id: reed-marsh
name: Reed Marsh Skirmish
factions: [{id: eel-clan, name: Eel Clan}, {id: heron-guild, name: Heron Guild}]
parameters: {crew_size: 3}
""",
    "schema.yaml": """
types:
  skill: {file: skills.yaml, fields: {name: {kind: text, required: true}, effect: {kind: text, required: true}}}
  fighter:
    file: fighters.yaml
    fields:
      name: {kind: text, required: true}
      side: {kind: ref, to: faction, required: true}
      speed: {kind: int, min: 1, max: 12, required: true}
      blows: {kind: int, min: 0, max: 6}
      skills: {kind: list, default: [], of: {kind: ref, to: skill}}
  band:
    file: bands.yaml
    fields:
      name: {kind: text, required: true}
      side: {kind: ref, to: faction, required: true}
      role: {kind: enum, values: [chief, crew], required: true}
      gold: {kind: number, min: 0, max: 500, required: true}
      members:
        kind: list
        of: {kind: object, fields: {who: {kind: ref, to: fighter, required: true}, n: {kind: int, required: true}}}
""",
    "skills.yaml": "- {id: wade, name: Wade, effect: 'Ignores deep water.'}\n",
    "fighters.yaml": """
- {id: eel-chief, name: Eel Chief, side: eel-clan, speed: 5, blows: 3, skills: [wade]}
- {id: eel-poler, name: Poler, side: eel-clan, speed: 6}
- {id: heron-warden, name: Warden, side: heron-guild, speed: 4, blows: 2}
""",
    "bands.yaml": """
- {id: eel-court, name: Eel Court, side: eel-clan, role: chief, gold: 40.5, members: [{who: eel-chief, n: 1}]}
- {id: eel-polers, name: Polers, side: eel-clan, role: crew, gold: 30, members: [{who: eel-poler, n: 3}]}
- {id: heron-wardens, name: Wardens, side: heron-guild, role: crew, gold: 25, members: [{who: heron-warden, n: 2}]}
""",
    "exports/battlescribe.yaml": """
costs: [{id: gold, name: Gold}]
profiles:
  - type: fighter
    name: Fighter
    catalogue: side
    characteristics: [{name: Speed, value: "{speed}"}, {name: Blows, value: "{blows}"}]
    links: [{field: skills, name: "{name}"}]
rules: [{type: skill, description: "{effect}"}]
entries:
  - {type: band, kind: unit, catalogue: side, category: {field: role}, costs: {gold: gold},
     parts: [{field: members, item: who, min: n, max: n}]}
forces:
  - {id: warband, name: Warband, categories: [{category: chief, min: 1, max: 1}, {category: crew, max: crew_size}]}
""",
}


def test_another_pack_exports_by_its_own_mapping(tmp_path: Path) -> None:
    root = tmp_path / "reed-marsh"
    for name, text in FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text.lstrip(), encoding="utf-8")
    pack, findings = load_pack(root)
    assert pack is not None, [str(f) for f in findings]
    result = build_battlescribe(pack, tmp_path / "out", "en")
    assert result.findings == []
    assert [p.name for p in result.files] == ["reed-marsh.gst", "reed-marsh-eel-clan.cat",
                                              "reed-marsh-heron-guild.cat"]
    for path in result.files:
        assert problems(path) == [], path.name
    court = next(e for e in tree(result.files[1]).iter("selectionEntry") if e.get("name") == "Eel Court")
    assert court.find("costs/cost").attrib["value"] == "40.5"
    chief = next(p for p in tree(result.files[1]).iter("profile") if p.get("name") == "Eel Chief")
    assert [(c.get("name"), c.text) for c in chief.iter("characteristic")] == [("Speed", "5"), ("Blows", "3")]
    warband = next(tree(result.files[0]).iter("forceEntry"))
    assert [c.get("value") for c in warband.iter("constraint")] == ["1", "1", "3"]
