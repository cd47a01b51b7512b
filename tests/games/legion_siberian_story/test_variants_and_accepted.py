"""House-rule variants the validator plays instead of the published rules, and findings a pack keeps on purpose."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pnpforge.check.accepted import acknowledge, unmatched
from pnpforge.content.pack import load_pack
from pnpforge.content.variants import variant_pack
from pnpforge.findings import Finding, Mark
from tests.games.legion_siberian_story.helpers import PACK_DIR
from tests.helpers import run_cli


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    target = tmp_path / "legion-siberian-story"
    shutil.copytree(PACK_DIR, target, ignore=shutil.ignore_patterns("examples"))
    return target


def test_the_pack_prints_the_rulebooks_no_medics_and_offers_the_plus_one_as_a_variant() -> None:
    pack, _ = load_pack(PACK_DIR)
    published = pack.by_id()["no-medics"]
    assert [e["effect"] for e in published["effects"]] == ["block"]  # First Aid is not resolved there, no more
    varied, problems = variant_pack(pack, "no-medics-plus-one")
    assert problems == []
    changed = varied.by_id()["no-medics"]
    assert [e["effect"] for e in changed["effects"]] == ["block", "combat_power"]
    assert [e["effect"] for e in pack.by_id()["no-medics"]["effects"]] == ["block"]  # the pack itself is untouched


def test_an_unknown_or_broken_variant_is_a_located_error(copy: Path, tmp_path: Path) -> None:
    game = copy / "game.yaml"
    text = game.read_text(encoding="utf-8").replace(
        "variants:\n", "variants:\n  broken:\n    name: Broken\n    changes:\n"
                       "      - item: order:no-medics\n        set: {effects: [{effect: teleport, amount: 1}]}\n"
                       "      - item: order:no-such-order\n        set: {text: x}\n"
                       "      - item: character:ivan-sablin\n        set: {hat: red}\n", 1)
    game.write_text(text, encoding="utf-8")
    pack, problems = load_pack(copy)
    assert pack is not None and problems == []
    _, problems = variant_pack(pack, "broken")
    messages = [f"{f.mark.line}: {f.message}" for f in problems]
    assert len(problems) == 3 and all(f.severity == "error" for f in problems), messages
    assert "teleport" in problems[0].message and "no order 'no-such-order'" in problems[1].message
    assert "no field 'hat'" in problems[2].message
    lines = text.splitlines()
    assert "effects" in lines[problems[0].mark.line - 1] and "no-such-order" in lines[problems[1].mark.line - 1]
    result = run_cli("validate", str(copy), "--games", "2", "--players", "2", "--variant", "nope",
                     "--out", str(tmp_path))
    assert result.code == 2 and "unknown variant 'nope'; variants: broken, no-medics-plus-one" in result.output


def test_an_accepted_finding_is_info_with_its_reason_and_an_unmatched_acknowledgement_warns_after_a_complete_run(
) -> None:
    pack, _ = load_pack(PACK_DIR)
    pack.game.accepted.clear()
    from pnpforge.content.game import Accepted

    pack.game.accepted.extend([
        Accepted(rule="order-useful", subject="order 'no-medics'", reason="the rulebook's order, kept as printed"),
        Accepted(rule="plot-won", subject="plot 'gone'", reason="fixed long ago"),
    ])
    found = [Finding("warning", "never changed an outcome in the 300 times it was played", mark=Mark("o.yaml", 3, 3),
                     subject="order 'no-medics'", rule="order-useful"),
             Finding("warning", "faction 'reds' wins too often", mark=Mark("game.yaml", 71, 5),
                     rule="faction-win-share")]
    matched = [False, False]
    out = acknowledge(pack, found, matched)
    assert [(f.severity, f.rule) for f in out] == [("info", "order-useful"), ("warning", "faction-win-share")]
    assert "[accepted: the rulebook's order, kept as printed]" in out[0].message and matched == [True, False]
    stale, = unmatched(pack, matched, complete=True)  # a run of every mode and player count, until decided
    assert (stale.severity, stale.rule) == ("warning", "accepted")
    assert "no finding of 'plot-won' about plot 'gone'" in stale.message
    assert stale.mark.path == pack.game_doc.mark(()).path
    short, = unmatched(pack, matched, complete=False)  # a narrower or shorter run may not have looked for it
    assert (short.severity, short.rule) == ("info", "accepted")
    assert short.message.endswith("which did not play every mode and player count until decided; `pnpforge "
                                  "validate legion-siberian-story` tells whether the problem is gone")


def test_an_acknowledgement_kept_at_some_player_counts_covers_findings_at_those_counts_only() -> None:
    pack, _ = load_pack(PACK_DIR)
    pack.game.accepted.clear()
    from pnpforge.content.game import Accepted

    pack.game.accepted.append(Accepted(rule="faction-win-share", subject="faction 'reds'", players=[2],
                                       reason="the 2-player game's structure"))
    found = [Finding("warning", f"faction 'reds' wins too often: 40% of 900 {n}-player games", rule="faction-win-share",
                     data={"players": n}) for n in (2, 3)]
    found.append(Finding("warning", "faction 'reds' wins too often", rule="faction-win-share"))  # no count named
    matched = [False]
    out = acknowledge(pack, found, matched)
    assert [f.severity for f in out] == ["info", "warning", "warning"] and matched == [True]


def test_compare_plays_the_same_games_under_the_published_rules_and_puts_them_side_by_side(tmp_path: Path) -> None:
    result = run_cli("validate", "legion-siberian-story", "--games", "6", "--players", "3", "--mode", "base",
                     "--variant", "no-medics-plus-one", "--compare", "--jobs", "1", "--out", str(tmp_path))
    folder = tmp_path / "legion-siberian-story" / "validation" / "no-medics-plus-one"
    assert result.code in (0, 1) and "published rules beside variant no-medics-plus-one" in result.output
    data = json.loads((folder / "compare.json").read_text(encoding="utf-8"))
    variant = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    assert data["variant"] == "no-medics-plus-one" and data["settings"]["games_per_player_count"] == 6
    factions = next(c for c in data["charts"] if c["id"] == "factions-3p")
    played = next(c for c in variant["charts"] if c["id"] == "factions-3p")
    assert [r["variant"]["value"] for r in factions["rows"]] == [b["value"] for b in played["bars"]]
    assert (folder / "compare.html").read_text(encoding="utf-8").count("<svg") == len(data["charts"])
    alone = run_cli("validate", "legion-siberian-story", "--compare", "--out", str(tmp_path))
    assert alone.code == 2 and "name it with --variant" in alone.output
