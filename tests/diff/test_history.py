"""``pnpforge diff`` over a pack's history: each of four commits (a text change, a number change, an added card, a
layout change) against the commit before it reports exactly its change, its faces in pixels with a side-by-side
picture of each, and reprint sheets holding exactly the faces that changed."""

from __future__ import annotations

import io

import numpy
import pytest
from PIL import Image

from pnpforge.diff.faces import GAP_PX, MARGIN_PX, OUTLINE

from tests.diff.conftest import PACK, diff_step

MERCHANT_FRONTS = ["merchant/old-marta", "merchant/wick-apprentice", "merchant/barrel-brothers",
                   "merchant/lamp-glazier"]
COPIES = {"merchant/old-marta": 1, "merchant/wick-apprentice": 2, "merchant/barrel-brothers": 2,
          "merchant/lamp-glazier": 1, "stall/harbour-stall": 1}


def face_keys(report: dict, change: str) -> list[str]:
    return [f["key"] for f in report["faces"][change]]


def items_of(report: dict) -> dict:
    """``{type: {change: [(id, [(path, old, new), ...]), ...]}}`` without the empty lists."""
    return {t: {c: [(e["id"], [(f["path"], f["old"], f["new"]) for f in e.get("fields", [])]) for e in entries]
                for c, entries in changes.items() if entries}
            for t, changes in report["items"].items()}


def assert_sheets_hold(step, fronts: list[str], backs: list[str]) -> None:
    """Every sheet file holds only these fronts (each with its copies) and only their backs."""
    assert step.sheets, step.run.output
    for name, placed in step.sheets.items():
        if name.endswith("calibration.pdf"):
            continue
        on_fronts = {k: n for k, n in placed["front"].items() if k in fronts}
        assert set(placed["front"]) - set(fronts) <= set(backs), name  # gutter-fold: backs beside their fronts
        assert set(placed["back"]) <= set(backs), name
        kind = name.split("/")[1].split("-")[0]
        assert on_fronts == {k: COPIES[k] for k in fronts if k.startswith(kind)}, name
    typed = {name.split("/")[1].split("-")[0] for name in step.sheets if not name.endswith("calibration.pdf")}
    assert typed == {key.split("/")[0] for key in fronts}
    assert step.report["sheets"]["fronts"] == fronts and step.report["sheets"]["backs"] == backs
    assert step.report["sheets"]["problems"] == []


def test_every_step_runs_and_exits_0(history) -> None:
    for name, step in history.steps.items():
        assert step.run.code == 0, f"{name}: {step.run.output}"
        assert step.report["old"]["label"] == f"HEAD~1 ({step.report['old']['commit'][:7]})"


def test_a_text_change_is_that_item_s_text_and_that_face(history) -> None:
    step = history.steps["text"]
    assert items_of(step.report) == {"merchant": {"changed": [("old-marta", [
        ("text.en", "Gain 2 :coin: when hired.", "Gain 2 :coin: when first hired.")])]}}
    assert step.report["files"] == [{"path": "merchants.yaml", "change": "changed", "kind": "items", "keys": []}]
    assert face_keys(step.report, "changed") == ["merchant/old-marta"]
    assert face_keys(step.report, "added") == face_keys(step.report, "removed") == []
    assert list(step.pictures) == ["faces/merchant/old-marta.png"]
    assert_sheets_hold(step, ["merchant/old-marta"], ["merchant/back/all"])
    assert '      text.en: "Gain 2 :coin: when hired." -> "Gain 2 :coin: when first hired."' in step.run.lines


def test_a_number_change_is_that_field_and_that_face(history) -> None:
    step = history.steps["number"]
    assert items_of(step.report) == {"merchant": {"changed": [("lamp-glazier", [("price", 4, 5)])]}}
    assert face_keys(step.report, "changed") == ["merchant/lamp-glazier"]
    assert list(step.pictures) == ["faces/merchant/lamp-glazier.png"]
    assert_sheets_hold(step, ["merchant/lamp-glazier"], ["merchant/back/all"])
    assert "      price: 4 -> 5" in step.run.lines


def test_an_added_card_is_added_and_its_face_reprinted(history) -> None:
    step = history.steps["added"]
    assert items_of(step.report) == {"stall": {"added": [("harbour-stall", [])]}}
    assert step.report["items"]["stall"]["added"][0]["at"] == "stalls.yaml:12"
    assert face_keys(step.report, "added") == ["stall/harbour-stall"]
    assert face_keys(step.report, "changed") == [] and not step.pictures
    assert_sheets_hold(step, ["stall/harbour-stall"], ["stall/back/all"])
    assert "  + Harbour Stall (harbour-stall)  stalls.yaml:12" in step.run.lines


def test_a_layout_change_redraws_every_face_of_its_type_and_no_other(history) -> None:
    step = history.steps["layout"]
    assert step.report["items"] == {}
    assert step.report["files"] == [
        {"path": "layouts/merchant.html", "change": "changed", "kind": "layouts", "keys": []}]
    assert face_keys(step.report, "changed") == MERCHANT_FRONTS  # not the shared back, no stall
    assert list(step.pictures) == sorted(f"faces/{key}.png" for key in MERCHANT_FRONTS)
    assert step.report["faces"]["unchanged"] == 6  # the merchant back, four stalls and their back
    assert_sheets_hold(step, MERCHANT_FRONTS, ["merchant/back/all"])
    assert step.report["sheets"]["copies"] == 6
    assert "Files: layouts/merchant.html changed" in step.run.lines


def test_a_side_by_side_picture_shows_both_faces_with_the_difference_outlined_on_each(history) -> None:
    step = history.steps["text"]
    entry = step.report["faces"]["changed"][0]
    picture = numpy.asarray(Image.open(io.BytesIO(step.pictures[entry["image"]])).convert("RGB"))
    [(x, y, w, h)] = entry["regions_px"]
    face_w = (picture.shape[1] - 2 * MARGIN_PX - GAP_PX) // 2
    face_h = picture.shape[0] - 2 * MARGIN_PX
    assert 0 < w < face_w and 0 < h < face_h / 4  # the changed line of text, not the whole face
    red = numpy.all(picture == OUTLINE, axis=2)
    for left in (MARGIN_PX, MARGIN_PX + face_w + GAP_PX):  # old, then new, at the same place on each
        top_edge = red[MARGIN_PX + y - 3, left + x - 3:left + x + w + 3]
        assert top_edge.mean() > 0.9
    gap = picture[MARGIN_PX:-MARGIN_PX, MARGIN_PX + face_w:MARGIN_PX + face_w + GAP_PX]
    assert (gap == gap[0, 0]).all() and not (gap[0, 0] == 255).all()  # a plain neutral gap between the faces
    old = picture[MARGIN_PX:-MARGIN_PX, MARGIN_PX:MARGIN_PX + face_w]
    new = picture[MARGIN_PX:-MARGIN_PX, MARGIN_PX + face_w + GAP_PX:MARGIN_PX + 2 * face_w + GAP_PX]
    assert not numpy.array_equal(old, new)
    assert numpy.array_equal(old[:y - 4], new[:y - 4])  # above the outline both are the same drawing


@pytest.mark.parametrize("name, expected", [
    ("text", "- Merchant **Old Marta**: text “Gain 2 :coin: when hired.” → “Gain 2 :coin: when first "
             "hired.”\n"),
    ("number", "- Merchant **Lamp Glazier**: price 4 → 5\n"),
    ("added", "- Added stall **Harbour Stall**\n"),
    ("layout", "- Layout changes: every merchant face redrawn (4 faces)\n"),
])
def test_the_changelog_list_of_each_step(history, name: str, expected: str) -> None:
    changes = history.out / PACK / "diff" / "changes.md"
    assert changes.is_file()
    from pnpforge.diff.report import markdown

    assert markdown(history.steps[name].report) == expected


def test_the_default_revision_is_the_last_tag_and_every_change_since_is_found(history, tmp_path) -> None:
    step = diff_step(history.pack, history.out, "--exit-code", "--sheets")
    assert step.run.code == 1, step.run.output  # --exit-code: the versions differ
    assert step.report["old"] == {"rev": "playtest-1", "commit": history.commits[1],
                                  "label": f"playtest-1 ({history.commits[1][:7]})"}
    assert step.report["summary"] == {"items_changed": 2, "items_added": 1, "items_removed": 0, "faces_changed": 4,
                                      "faces_added": 1, "faces_removed": 0, "files_changed": 3}
    assert_sheets_hold(step, MERCHANT_FRONTS + ["stall/harbour-stall"], ["merchant/back/all", "stall/back/all"])


def test_a_second_run_writes_the_same_report_and_nothing_differs_at_head(history) -> None:
    first = diff_step(history.pack, history.out, "--rev", history.commits[1])
    again = diff_step(history.pack, history.out, "--rev", history.commits[1])
    assert first.diff_json == again.diff_json and first.run.code == again.run.code == 0
    assert "faces drawn: 0 of 10 (new), 0 of 9 (old); the others came from the render caches" in again.run.lines
    same = diff_step(history.pack, history.out, "--rev", "HEAD", "--exit-code")
    assert same.run.code == 0 and same.report["differences"] is False, same.run.output
    assert "no differences" in same.run.lines and not same.pictures
    assert same.report["faces"]["unchanged"] == 10
