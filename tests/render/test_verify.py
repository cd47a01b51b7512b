"""A designer's layout that the native renderer accepts but draws wrong: ``validate --static`` says so at the
layout's line, and ``build`` draws that layout with WeasyPrint (``render.verify``).

The planted CSS centres the worked example's ship name on one widely tracked line, so that it overflows its band:
WeasyPrint centres the overflowing line on the band, the native renderer starts it at the band's left edge. If
the native renderer learns to draw it, the tests below fail on purpose: plant another combination it gets wrong.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pnpforge.render import verify

from tests.conftest import DATA
from tests.helpers import run_cli

PLANTED = "\n.layout-ship .title { justify-content: center; white-space: nowrap; letter-spacing: 0.4em; }\n"
INFO = ("layouts/ship.yaml:4:1: info: layout 'ship': its first face (ship/grey-heron) in 'en' drawn natively differs "
        "from WeasyPrint's drawing in {share} of its pixels at 300 dpi (at most 0.5% may); its faces are drawn by "
        "WeasyPrint, which is slower")
BY_WEASYPRINT = "8 of them drawn by WeasyPrint, slower: layout 'ship' drawn differently natively"


def _plant(pack: Path) -> Path:
    """``pack`` with the planted CSS at the end of its ship stylesheet."""
    with (pack / "layouts" / "ship.css").open("a", encoding="utf-8") as css:
        css.write(PLANTED)
    return pack


@pytest.fixture
def planted(tmp_path: Path) -> Path:
    """The worked example with the planted CSS in its own stylesheet."""
    pack = tmp_path / "harbour-lights"
    shutil.copytree(DATA / "harbour-lights", pack)
    return _plant(pack)


def _verdicts(folder: Path) -> dict[str, dict]:
    return {path.name: json.loads(path.read_text()) for path in sorted(folder.glob("*.json"))}


def test_validate_reports_the_layout_and_the_build_draws_it_with_weasyprint(tmp_path: Path, monkeypatch) -> None:
    """A designer builds, edits the CSS, validates, builds again: validate keeps its verdicts in the build's cache."""
    pack, out = tmp_path / "harbour-lights", tmp_path / "build"
    shutil.copytree(DATA / "harbour-lights", pack)
    first = run_cli("build", str(pack), "--out", str(out), "--only", "faces", "--lang", "en")
    assert first.code == 0 and not any("drawn by WeasyPrint" in line for line in first.lines), first.output
    before = _verdicts(out / "harbour-lights" / "cache" / verify.FOLDER)
    planted = _plant(pack)
    checked = run_cli("validate", "--static", str(planted), "--out", str(out))
    assert checked.code == 0, checked.output
    info = [line for line in checked.lines if ": info: " in line]
    assert len(info) == 1, checked.output  # the ship's back, drawn right, gives none
    share = info[0].split(" differs from WeasyPrint's drawing in ")[1].split(" ")[0]
    assert info[0] == f"{planted}/" + INFO.format(share=share)
    assert float(share.rstrip("%")) > 0.5
    kept = {name: verdict for name, verdict in _verdicts(out / "harbour-lights" / "cache" / verify.FOLDER).items()
            if name not in before}  # validate's, on the new CSS (the back's stylesheets name ship.css too)
    assert sorted((v["layout"], v["native"], v["share"] > verify.MAX_SHARE) for v in kept.values()) == [
        ("ship", True, True), ("ship-back", True, False)]
    assert not (out / "harbour-lights" / "de").exists()  # no build of it: validate makes none

    def compare(*args):
        raise AssertionError("compared again")

    monkeypatch.setattr(verify, "_KNOWN", {})  # as in a new process: the verdicts come from validate's files
    monkeypatch.setattr(verify, "compare", compare)
    built = run_cli("build", str(planted), "--out", str(out), "--only", "faces", "--lang", "en")
    assert built.code == 0, built.output
    assert "9 faces rendered, 0 unchanged" in built.lines  # the CSS of every face changed
    assert any(line.startswith(BY_WEASYPRINT) and line.endswith("(8)") for line in built.lines), built.output
    assert _verdicts(out / "harbour-lights" / "cache" / verify.FOLDER) == kept  # the old CSS's verdicts pruned


def test_a_verdict_that_changes_redraws_the_layouts_faces(planted: Path, tmp_path: Path) -> None:
    """The faces of a layout sent to WeasyPrint are keyed apart from native ones: when the layout's first face no
    longer shows the fault, the layout's other faces, unchanged themselves, are drawn natively again."""
    out = tmp_path / "build"
    first = run_cli("build", str(planted), "--out", str(out), "--only", "faces", "--lang", "en")
    assert first.code == 0 and any(line.startswith(BY_WEASYPRINT) for line in first.lines), first.output
    ships = planted / "ships.csv"
    ships.write_text(ships.read_text(encoding="utf-8").replace("grey-heron,Grey Heron,", "grey-heron,Ida,", 1),
                     encoding="utf-8")
    again = run_cli("build", str(planted), "--out", str(out), "--only", "faces", "--lang", "en")
    assert again.code == 0, again.output
    assert "8 faces rendered, 1 unchanged" in again.lines  # every front (the back is the same)
    assert not any("drawn by WeasyPrint" in line for line in again.lines), again.output
    kept = _verdicts(out / "harbour-lights" / "cache" / verify.FOLDER)
    assert sorted((v["layout"], v["share"] > verify.MAX_SHARE) for v in kept.values()) == [
        ("ship", False), ("ship-back", False)]  # the old verdict pruned


def test_shared_layouts_are_left_to_pnpforges_own_tests(tmp_path: Path) -> None:
    out = tmp_path / "build"
    built = run_cli("build", str(DATA / "dice-race"), "--out", str(out), "--only", "faces")
    assert built.code == 0, built.output
    assert (out / "dice-race" / "faces").is_dir()
    assert not (out / "dice-race" / "cache" / verify.FOLDER).exists()  # its card and back are layouts/generic/'s


def test_validate_makes_no_build_folder_of_its_own(planted: Path, tmp_path: Path) -> None:
    out = tmp_path / "build"
    checked = run_cli("validate", "--static", str(planted), "--out", str(out))
    assert checked.code == 0 and ": info: layout 'ship'" in checked.output, checked.output
    assert not out.exists()


def test_a_damaged_or_foreign_verdict_is_compared_again(planted: Path, tmp_path: Path, monkeypatch) -> None:
    out = tmp_path / "build"
    assert run_cli("build", str(planted), "--out", str(out), "--only", "faces", "--lang", "en").code == 0
    folder = out / "harbour-lights" / "cache" / verify.FOLDER
    for path in folder.glob("*.json"):  # every verdict says "drawn right", and one is not JSON at all
        data = json.loads(path.read_text())
        path.write_text(json.dumps({**data, "key": "0" * 40, "share": 0.0}) if data["layout"] == "ship" else "{")
    monkeypatch.setattr(verify, "_KNOWN", {})  # as in a new process
    checked = run_cli("validate", "--static", str(planted), "--out", str(out))
    assert sum(": info: layout 'ship'" in line for line in checked.lines) == 1, checked.output


def _blank_pdf(width: float, height: float) -> bytes:
    import io

    import pypdfium2 as pdfium

    document = pdfium.PdfDocument.new()
    document.new_page(width, height)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def test_pages_a_few_millionths_apart_astride_a_hundredth_are_one_size() -> None:
    """A standee 113 mm tall is 320.315 pt: the two renderers gave 320.31500244 and 320.31497192, which round to
    different hundredths."""
    assert verify.differing_share(_blank_pdf(93.5433, 320.31500244), _blank_pdf(93.5433, 320.31497192)) == 0.0
    with pytest.raises(ValueError, match="pages of different sizes"):
        verify.differing_share(_blank_pdf(93.5433, 320.3), _blank_pdf(93.5433, 321.3))


def test_a_new_build_folder_takes_this_users_verdicts_and_not_planted_ones(planted: Path, tmp_path: Path,
                                                                           monkeypatch) -> None:
    """The verdicts hold for any build folder of the same faces: kept in the user's cache folder, sealed, a build
    into a new folder compares nothing (WeasyPrint is not loaded for it); an entry this user did not seal is not
    read."""
    assert run_cli("build", str(planted), "--out", str(tmp_path / "first"), "--only", "faces", "--lang", "en").code == 0

    def compare(*args):
        raise AssertionError("compared again")

    monkeypatch.setattr(verify, "_KNOWN", {})  # as in a new process
    with monkeypatch.context() as patched:
        patched.setattr(verify, "compare", compare)
        again = run_cli("build", str(planted), "--out", str(tmp_path / "second"), "--only", "faces", "--lang", "en")
    assert again.code == 0, again.output
    assert any(line.startswith(BY_WEASYPRINT) for line in again.lines), again.output  # the kept verdict, used
    store = verify._user_store()
    assert store.folder is not None
    for path in store.folder.iterdir():  # every entry rewritten as "drawn right", unsealed
        data = json.loads(path.read_bytes()[32:])
        path.write_bytes(b"\0" * 32 + json.dumps({**data, "share": 0.0}).encode("utf-8"))
    monkeypatch.setattr(verify, "_KNOWN", {})
    third = run_cli("build", str(planted), "--out", str(tmp_path / "third"), "--only", "faces", "--lang", "en")
    assert third.code == 0 and any(line.startswith(BY_WEASYPRINT) for line in third.lines), third.output
