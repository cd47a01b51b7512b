"""A hostile icon on the web site: every page that inlines it (glossary, cards, rules, the search index) and the
site's icon made from it carry its drawing and nothing else of it."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.conftest import DATA
from tests.helpers import run_cli
from tests.render.test_hostile_icons import HOSTILE, PAYLOADS


def test_a_hostile_icon_reaches_the_site_as_its_drawing_only(tmp_path: Path) -> None:
    pack = tmp_path / "harbour-lights"
    shutil.copytree(DATA / "harbour-lights", pack)
    for name in ("anchor", "coin"):  # the anchor is the site's icon; the coin is in card and rules text
        (pack / "layouts" / "icons" / f"{name}.svg").write_text(HOSTILE, encoding="utf-8")
    game = pack / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "icon: anchor\n", encoding="utf-8")
    result = run_cli("build", str(pack), "--only", "web", "--lang", "en", "--out", str(tmp_path / "out"))
    assert result.code == 0, result.output
    site = tmp_path / "out" / "harbour-lights" / "web"
    files = sorted(site.rglob("*.html")) + [site / "assets" / "icon.svg", site / "assets" / "search-index.js"]
    drawn = []
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert [payload for payload in PAYLOADS if payload in text] == [], path
        if '<path d="M2 2h20v20z"/>' in text:
            drawn.append(path.relative_to(site).as_posix())
    assert {"glossary.html", "assets/icon.svg", "rules/01-how-to-play.html"} <= set(drawn)
    assert any(name.startswith("cards/") for name in drawn)
