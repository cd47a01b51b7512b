"""``make site-check``: every page of every pack's whole web site, in every language, in Chromium at a phone's and
a desktop's size. Left out of ``make test`` (it takes minutes); ``make test`` checks one page of each kind.

Each pack is validated briefly and built whole into ``build/site-check/`` (so the site offers its validation
report, and a second run reuses the images), then every page must load without a console error or a failed or
outside request, keep to the window's width, have one h1, and give axe-core nothing to report; every page of a
site in another language than English shows no English word of the site's own; every gallery filter shows as many
cards as it says.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pnpforge.content.pack import load_pack
from pnpforge.publish.web.site import build_site

from tests.conftest import REPO
from tests.helpers import run_cli
from tests.web.conftest import Site, axe_violations
from tests.web.test_languages import TEXTS, english_on_page, english_words

pytestmark = pytest.mark.site_check

PACKS = sorted(p.name for p in (REPO / "content").glob("*") if (p / "game.yaml").is_file())
SIZES = {"phone": (390, 844), "desktop": (1280, 900)}
BUILD = REPO / "build" / "site-check"


@pytest.fixture(scope="module")
def whole_sites() -> dict[str, list[Site]]:
    """Each pack's sites, one per language, built whole (after a short validation, as make does)."""
    sites: dict[str, list[Site]] = {}
    return sites


def sites_of(cache: dict[str, list[Site]], pack_id: str) -> list[Site]:
    if pack_id not in cache:
        pack, problems = load_pack(REPO / "content" / pack_id)
        assert pack is not None, [str(p) for p in problems]
        if pack.game.engine:
            run = run_cli("validate", pack_id, "--games", "12", "--out", str(BUILD))
            assert run.code in (0, 1), run.output
        cache[pack_id] = []
        for lang in pack.game.languages:
            result = build_site(pack, BUILD, lang)
            assert not result.blocked, [str(f) for f in result.findings]
            cache[pack_id].append(Site(pack, result, result.folder))
    return cache[pack_id]


def _report_state(page) -> dict:
    return page.evaluate("""() => ({width: document.documentElement.scrollWidth, viewport: window.innerWidth,
        h1: document.querySelectorAll('h1').length,
        broken: Array.from(document.images).filter(i => i.complete && i.naturalWidth === 0).map(i => i.src)})""")


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("pack_id", PACKS)
def test_every_page_of_every_site(whole_sites, page_of, pack_id: str, size: str) -> None:
    width, height = SIZES[size]
    words = english_words()
    problems = []
    for site in sites_of(whole_sites, pack_id):
        watched = page_of(width, height)
        lang = site.result.folder.parent.name if site.result.folder.parent.name != pack_id else "en"
        pages = [p.relative_to(site.root).as_posix() for p in site.pages()]
        for relative in pages:
            watched.page.goto(site.url(relative), wait_until="load")
            watched.page.evaluate("() => document.querySelectorAll('img').forEach(img => img.loading = 'eager')")
            watched.page.wait_for_function("() => Array.from(document.images).every(img => img.complete)",
                                           timeout=30000)
            state = _report_state(watched.page)
            problems += [f"{lang}/{relative}: {p}" for p in watched.take()]
            if state["width"] > state["viewport"]:
                problems.append(f"{lang}/{relative}: {state['width']} px wide at {state['viewport']} px")
            if state["broken"]:
                problems.append(f"{lang}/{relative}: images that do not load: {state['broken'][:3]}")
            if state["h1"] != 1 and not relative.startswith("downloads/"):
                problems.append(f"{lang}/{relative}: {state['h1']} level-1 headings")
            if lang == "de":
                problems += [f"{lang}/{relative}: {p}"
                             for p in english_on_page(watched.page.evaluate(TEXTS), words)]
            problems += [f"{lang}/{relative}: axe: {json.dumps(v)}" for v in axe_violations(watched.page)]
    assert problems == []


@pytest.mark.parametrize("pack_id", PACKS)
def test_every_filter_of_every_gallery(whole_sites, page_of, pack_id: str) -> None:
    problems = []
    for site in sites_of(whole_sites, pack_id):
        watched = page_of(1280, 900)
        watched.page.goto(site.url("cards/index.html"), wait_until="load")
        options = watched.page.evaluate("""() => Array.from(document.querySelectorAll('select[data-facet]'))
            .flatMap(select => Array.from(select.options).filter(o => o.value)
                .map(o => [select.id, o.value, o.textContent]))""")
        for select, value, text in options:
            watched.page.evaluate("() => document.querySelector('.wb-filters').reset()")
            watched.page.select_option(f"#{select}", value)
            count = int(re.search(r"\((\d+)\)$", text).group(1))
            shown = watched.page.evaluate("() => Array.from(document.querySelectorAll('[data-card]'))"
                                          ".filter(tile => !tile.hidden && tile.offsetParent !== null).length")
            if shown != count:
                problems.append(f"{site.root}: {select}={value}: says {count}, shows {shown}")
        assert watched.take() == []
    assert problems == []


def test_the_check_covers_every_pack() -> None:
    assert {"legie", "legion-siberian-story", "legion-siberian-journey"} <= set(PACKS)
    assert Path(BUILD).is_relative_to(REPO / "build")
