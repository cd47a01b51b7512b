"""Shared set-up for the web rulebook tests: slices of the Legion, Journey and Siege of the Citadel sites and both
Legie sites, each built once, and headless Chromium.

The site is the real build (``build_site``) of the real pack, limited to a slice of its cards so that a cold
build fits the test budget: two characters per faction and a few cards of every other type, plus every card
the rules pages show (the build always adds those). Chromium is Debian's ``/usr/bin/chromium`` driven by
Playwright; nothing is downloaded. Under ``CI=true`` a missing Chromium fails the browser tests.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pytest

from pnpforge.content.pack import Pack, load_pack
from pnpforge.publish.web.site import SiteResult, build_site

from tests.conftest import REPO, need
from tests.helpers import run_cli
from tests.web import axe_core

LEGION = REPO / "content" / "legion-siberian-story"
LEGIE = REPO / "content" / "legie"
JOURNEY = REPO / "content" / "legion-siberian-journey"
SIEGE = REPO / "content" / "siege-of-the-citadel"
LEGIONS = REPO / "content" / "dystopian-legions"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--no-first-run", "--disable-sync"]
AXE = axe_core.SCRIPT  # installed by make (tests/web/axe_core.py)
PER_TYPE = 2


def web_slice(pack: Pack) -> set[str]:
    """Face keys of the slice: two characters of each faction, two items of every other printed type."""
    keys: set[str] = set()
    for faction in pack.game.factions:
        mine = [f"character/{i.id}" for i in pack.of_type("character") if i.get("faction") == faction.id]
        keys |= set(mine[:PER_TYPE])
    for type_name in pack.types:
        if type_name != "character":
            keys |= {f"{type_name}/{i.id}" for i in pack.of_type(type_name)[:PER_TYPE]}
    return keys


@dataclass
class Site:
    """The built slice: the pack, the build's result, and the site folder."""

    pack: Pack
    result: SiteResult
    root: Path

    def pages(self) -> list[Path]:
        return sorted(self.root.rglob("*.html"))

    def url(self, relative: str) -> str:
        path, _, rest = relative.partition("?")
        return (self.root / path).as_uri() + (f"?{rest}" if rest else "")


def _sliced_site(root: Path, build: Path, clean: bool) -> Site:
    """A pack's site with a slice of its cards; ``clean``: no finding above info either."""
    pack, problems = load_pack(root)
    assert pack is not None, [str(p) for p in problems]
    chosen = web_slice(pack)
    result = build_site(pack, build, select=lambda face: face.key in chosen)
    assert not result.blocked, [str(f) for f in result.findings]
    if clean:
        assert not [f for f in result.findings + result.rules_findings if f.severity != "info"], \
            [str(f) for f in result.findings + result.rules_findings]
    return Site(pack, result, result.folder)


@pytest.fixture(scope="session")
def legion_site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    """The Legion site (a slice of its cards), built once per session into a temporary build folder."""
    return _sliced_site(LEGION, tmp_path_factory.mktemp("web") / "build", clean=False)


@pytest.fixture(scope="session")
def journey_site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    """The Journey site (a slice of its cards, as for Legion), built once per session, with no warning."""
    return _sliced_site(JOURNEY, tmp_path_factory.mktemp("journey-web") / "build", clean=True)


@pytest.fixture(scope="session")
def siege_site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    """The Siege of the Citadel site (a slice of its cards, as for Legion), built once per session, with no
    warning."""
    return _sliced_site(SIEGE, tmp_path_factory.mktemp("siege-web") / "build", clean=True)


@pytest.fixture(scope="session")
def legie_sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Site]:
    """Both Legie sites, English and German, whole (the pack is small), built once per session."""
    pack, problems = load_pack(LEGIE)
    assert pack is not None, [str(p) for p in problems]
    build = tmp_path_factory.mktemp("legie-web") / "build"
    sites = {}
    for lang in pack.game.languages:
        result = build_site(pack, build, lang)
        assert not result.blocked, [str(f) for f in result.findings]
        assert not [f for f in result.findings + result.rules_findings if f.severity != "info"], \
            [str(f) for f in result.findings + result.rules_findings]
        sites[lang] = Site(pack, result, result.folder)
    return sites


@pytest.fixture(scope="session")
def legions_site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    """The Dystopian Legions site (a slice of its cards), built once per session, with no warning."""
    return _sliced_site(LEGIONS, tmp_path_factory.mktemp("legions-web") / "build", clean=True)


SITES = ["legion", "journey", "siege", "legie-en", "legie-de", "legions"]


def site_named(request: pytest.FixtureRequest, name: str) -> Site:
    """``legion``, ``journey``, ``siege``, ``legions`` or ``legie-<lang>``: the built site of that name."""
    if name in ("legion", "journey", "siege", "legions"):
        return request.getfixturevalue(f"{name}_site")
    return request.getfixturevalue("legie_sites")[name.split("-", 1)[1]]


@pytest.fixture(params=SITES)
def any_site(request: pytest.FixtureRequest) -> Site:
    """Each site in turn: the Legion, Journey, Siege and Dystopian Legions slices and both Legie sites."""
    return site_named(request, request.param)


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium (Debian's), or a skip outside CI / a failure under CI when it is missing."""
    need(CHROMIUM.is_file(), f"{CHROMIUM} is missing (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - depends on the machine
        need(False, "the playwright package is missing (pip install playwright==1.65.2)")
    playwright = sync_playwright().start()
    try:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    except Exception as exc:  # noqa: BLE001 - any launch failure means the tool is unusable here
        playwright.stop()
        need(False, f"Chromium does not start: {exc}")
    yield chromium
    chromium.close()
    playwright.stop()


class Watched:
    """A browser page that records console errors, page errors, failed and non-local requests (a request the
    browser drops because the page is left, such as its icon's, is no failure)."""

    def __init__(self, page):
        self.page = page
        self.problems: list[str] = []
        page.on("console", lambda m: self.problems.append(f"console {m.type}: {m.text}")
                if m.type in ("error", "warning") else None)
        page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        page.on("requestfailed", lambda r: None if r.failure == "net::ERR_ABORTED"  # cut short by leaving the page
                else self.problems.append(f"failed request: {r.url} ({r.failure})"))
        page.on("request", lambda r: None if r.url.startswith(("file://", "data:", "about:"))
                else self.problems.append(f"request leaves the site: {r.url}"))

    def take(self) -> list[str]:
        found, self.problems = self.problems, []
        return found


@pytest.fixture
def page_of(browser):
    """A fresh page at a viewport size, watched for problems: ``page_of(width, height, touch=, dark=)`` (a touch
    screen; the dark colour scheme)."""
    contexts = []

    def make(width: int = 1280, height: int = 900, touch: bool = False, dark: bool = False) -> Watched:
        context = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch,
                                      is_mobile=touch, color_scheme="dark" if dark else "light")
        contexts.append(context)
        return Watched(context.new_page())

    yield make
    for context in contexts:
        context.close()


def axe_violations(page, impacts: tuple[str, ...] = ()) -> list[dict]:
    """axe-core's violations on the open page (of the given impacts; all when none is given), in short.

    axe is evaluated by the browser's tooling, which the page's Content-Security-Policy does not govern (a script
    tag would be refused, as it should be). It is installed by ``make`` (tests/web/axe_core.py)."""
    need(AXE.is_file(), f"axe-core is not installed at {AXE} (make installs it from the npm registry)")
    page.evaluate(_axe_source() + "\n;undefined")
    # preload: axe would fetch the style sheets again, which Chromium refuses under file:// (the pages' styles
    # are applied all the same; only its check of orientation locks in CSS is left out)
    report = page.evaluate("() => axe.run(document, {resultTypes: ['violations'], preload: false})")
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"], "nodes": [n["target"] for n in v["nodes"]][:3]}
            for v in report["violations"] if not impacts or v["impact"] in impacts]


@lru_cache(maxsize=1)
def _axe_source() -> str:
    return AXE.read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def validation_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Legie's validation report from a short run (4 games a configuration), as make's short validation writes
    it beside the web site."""
    out = tmp_path_factory.mktemp("validation")
    run = run_cli("validate", "legie", "--games", "4", "--out", str(out))
    assert run.code == 0, run.output
    return out / "legie" / "validation" / "report.html"


def copy_pack(source: Path, target_parent: Path) -> Path:
    """A copy of a pack folder (the copy is the one a test edits)."""
    target = target_parent / source.name
    shutil.copytree(source, target)
    return target
