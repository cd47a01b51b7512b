"""``pnpforge diff --against DIR``: two pack folders outside any repository, the Markdown list for the changelog,
and the JSON report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnpforge.cli import cli

from tests.diff.conftest import PACK, apply, printed_and_working


@pytest.fixture(scope="module")
def folders(tmp_path_factory) -> tuple[Path, Path, Path]:
    """The printed version, and a copy with a changed price and effect, a removed card, a translated text, a box
    count and a comment in a stylesheet (which changes the drawing's inputs but not its pixels)."""
    base = tmp_path_factory.mktemp("against")
    old, new = printed_and_working(base)
    apply(new, "layouts/stall.css", ".title", "/* a little wider */\n.title")
    apply(new, "merchants.yaml", "  price: 2\n", "  price: 3\n")
    apply(new, "merchants.yaml", "    - {effect: gain_coins, amount: 2}", "    - {effect: gain_coins, amount: 3}")
    apply(new, "merchants.yaml", 'de: "Zahlt keine :oil:-Steuer."', 'de: "Zahlt nie :oil:-Steuer."')
    apply(new, "stalls.yaml", "\n- id: bridge-stall\n  name: {en: Bridge Stall, de: Brückenstand}\n", "")
    apply(new, "game.yaml", "{type: stall, count: 3}", "{type: stall, count: 2}")
    return old, new, base / "build"


@pytest.fixture(scope="module")
def markdown_run(folders):
    old, new, out = folders
    return CliRunner().invoke(cli, ["diff", str(new), "--against", str(old), "--out", str(out), "--markdown",
                                    "--exit-code"], catch_exceptions=False)


EXPECTED = """\
- Merchant **Old Marta**: effects[0].amount 2 → 3
- Merchant **Barrel Brothers**: price 2 → 3
- Merchant **Lamp Glazier**: text (de) “Zahlt keine :oil:-Steuer.” → “Zahlt nie :oil:-Steuer.”
- Removed stall **Bridge Stall**
- Settings changed: game.yaml (box[2].count 3 → 2)
- Layout files changed (no face redrawn): layouts/stall.css
"""


def test_the_markdown_list_is_stdout_and_changes_md(markdown_run, folders) -> None:
    _, _, out = folders
    assert markdown_run.exit_code == 1, markdown_run.output  # --exit-code and the versions differ
    assert markdown_run.stdout == EXPECTED
    assert (out / PACK / "diff" / "changes.md").read_text(encoding="utf-8") == EXPECTED
    assert "wrote " in markdown_run.stderr and "Removed" not in markdown_run.stderr


def test_the_json_report_holds_every_change_whole(markdown_run, folders) -> None:
    old, new, out = folders
    report = json.loads((out / PACK / "diff" / "diff.json").read_text(encoding="utf-8"))
    assert report["old"] == {"folder": str(old), "label": str(old)}
    assert report["new"] == {"folder": str(new), "label": "working tree"}
    assert report["items"]["merchant"]["changed"] == [
        {"id": "old-marta", "name": "Old Marta", "at": "merchants.yaml:1",
         "fields": [{"path": "effects[0].amount", "old": 2, "new": 3}]},
        {"id": "barrel-brothers", "name": "Barrel Brothers", "at": "merchants.yaml:19",
         "fields": [{"path": "price", "old": 2, "new": 3}]},
        {"id": "lamp-glazier", "name": "Lamp Glazier", "at": "merchants.yaml:29",
         "fields": [{"path": "text.de", "old": "Zahlt keine :oil:-Steuer.", "new": "Zahlt nie :oil:-Steuer."}]}]
    assert report["items"]["stall"]["removed"] == [
        {"id": "bridge-stall", "name": "Bridge Stall", "at": "stalls.yaml:9", "copies": 1}]
    assert [(f["path"], f["kind"], f["keys"]) for f in report["files"]] == [
        ("game.yaml", "settings", [{"path": "box[2].count", "old": 3, "new": 2}]),
        ("layouts/stall.css", "layouts", []), ("merchants.yaml", "items", []), ("stalls.yaml", "items", [])]
    faces = report["faces"]
    # the English faces: the German text changes no pixel; the effect is printed, so Old Marta's face changes
    assert [f["key"] for f in faces["changed"]] == ["merchant/old-marta", "merchant/barrel-brothers"]
    assert [f["key"] for f in faces["removed"]] == ["stall/bridge-stall"]
    assert faces["redrawn_identically"] == 2  # the stalls left: their stylesheet changed, not their pixels
    assert faces["unchanged"] == 6  # those two, two merchants (Lamp Glazier's English text is the same), two backs
    for entry in faces["changed"]:
        assert (out / PACK / "diff" / entry["image"]).is_file()
    assert report["summary"]["faces_removed"] == 1 and report["differences"] is True


def test_german_faces_show_the_german_change(folders, tmp_path: Path) -> None:
    old, new, out = folders
    result = CliRunner().invoke(cli, ["diff", str(new), "--against", str(old), "--out", str(out), "--lang", "de"],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    report = json.loads((out / PACK / "diff" / "diff.json").read_text(encoding="utf-8"))
    assert report["lang"] == "de"
    assert [f["key"] for f in report["faces"]["changed"]] == [
        "merchant/old-marta", "merchant/barrel-brothers", "merchant/lamp-glazier"]
    assert report["items"]["stall"]["removed"][0]["name"] == "Brückenstand"
    assert "  - Brückenstand (bridge-stall)  stalls.yaml:9" in result.output.splitlines()
