"""A pack's own web template that names what no page has is found before a build writes anything; what a web
page's template raises while the site is made is located at its line (exit 2), never an internal error."""

from __future__ import annotations

import shutil
from pathlib import Path

from pnpforge.publish.web.names import unknown_names
from pnpforge.render.environment import make_environment
from pnpforge.render.layouts import LAYOUTS_DIR

from tests.conftest import DATA
from tests.helpers import run_cli

OPENING = '<article class="wb-card-page">'


def test_a_fault_in_a_web_template_stops_the_build_before_the_faces_and_sheets(tmp_path: Path) -> None:
    pack = tmp_path / "harbour-lights"
    shutil.copytree(DATA / "harbour-lights", pack)
    template = pack / "layouts" / "web" / "card.html"
    template.parent.mkdir()
    shutil.copy(LAYOUTS_DIR / "web" / "card.html", template)
    build = ("build", str(pack), "--only", "faces,print,web", "--lang", "en", "--out", str(tmp_path / "out"))
    assert run_cli(*build).code == 0
    outputs = sorted((tmp_path / "out" / "harbour-lights").glob("*/*.pdf"))
    assert outputs
    before = {path: (path.stat().st_mtime_ns, path.read_bytes()) for path in outputs}
    text = template.read_text(encoding="utf-8")
    assert OPENING in text
    template.write_text(text.replace(OPENING, '<article class="wb-card-page" title="{{ shipwright }}">'),
                        encoding="utf-8")
    line = text[:text.index(OPENING)].count("\n") + 1
    result = run_cli(*build)
    assert result.code == 2, result.output
    assert [row for row in result.lines if ": error: " in row] == [
        f"{template}:{line}:41: error: layout 'card': template 'card.html': 'shipwright' is undefined: no page gives "
        "it; card.html is given entry, faction, label, neighbours, page, pictures, root, rows, shown_in, site, tables"]
    assert {path: (path.stat().st_mtime_ns, path.read_bytes()) for path in outputs} == before

    template.write_text(text.replace(OPENING, '<article class="wb-card-page" title="{{ 1 / 0 }}">'),
                        encoding="utf-8")
    ships = pack / "ships.csv"  # and a card changed with it: its face and sheets would be written again
    rows = ships.read_text(encoding="utf-8").splitlines(keepends=True)
    ships.write_text(rows[0] + rows[1].replace(",", ",Renamed ", 1) + "".join(rows[2:]), encoding="utf-8")
    result = run_cli(*build)
    assert result.code == 2, result.output
    assert f"{template}:{line}:38: error: layout 'card': template 'card.html': ZeroDivisionError: division by zero" \
        in result.lines, result.output
    # found only while the pages are rendered, but the site is made before the faces and sheets are written
    assert {path: (path.stat().st_mtime_ns, path.read_bytes()) for path in outputs} == before


def test_the_shared_web_templates_use_only_the_names_their_pages_give(tmp_path: Path) -> None:
    folder = LAYOUTS_DIR / "web"
    env = make_environment([folder])
    assert [str(f) for path in sorted(folder.glob("*.html")) for f in unknown_names(env, path)] == []
    planted = tmp_path / "search.html"  # the check can fail: a name the search page is not given
    planted.write_text("{% set hits = 3 %}{{ hits }}\n{{ page.title }} {{ entry.name }}\n", encoding="utf-8")
    assert [str(f) for f in unknown_names(env, planted)] == [
        f"{planted}:2:21: error: layout 'search': template 'search.html': 'entry' is undefined: no page gives it; "
        "search.html is given label, page, root, site"]
