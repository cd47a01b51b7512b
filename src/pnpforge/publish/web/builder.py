"""The builder pages: where players write one kind of their files (a force list) in the browser, offline.

A game package names a ``WebBuilder`` for a kind of player file the pack declares; the site then has
``builder-<kind>.html`` (``_`` written ``-``). The page is plain HTML from ``layouts/web/builder.html``; what the
scripts need of the pack is embedded in it as JSON (a ``<script type="application/json">``, which the browser never
runs), so nothing is fetched and the page works from ``file://``. The scripts are the shared kit
(``layouts/web/builder/``, copied to ``assets/builder/``: the page's words, the findings, writing and reading YAML,
saving a file) and the game package's own (``web/`` beside its Python), copied to ``assets/games/<package>/``; both
are only copied into a site that has a builder page. They are pnpforge's code, never a pack's, so the site's policy
(``script-src 'self'``) still lets no script of a pack's run.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

from markupsafe import Markup

from pnpforge.content.pack import Pack
from pnpforge.engine.contract import GamePackage, WebBuilder
from pnpforge.findings import display_path
from pnpforge.games import load_package
from pnpforge.publish.web.figures import ROOT
from pnpforge.publish.web.pages import SiteContent, SitePage
from pnpforge.publish.web.settings import WEB_LAYOUTS

SHARED = "builder"  # the kit's folder in the shared web layouts: its script and styles
KIT_FILES = ("kit.js", "yaml-read.js", "builder.css")
KIT = "assets/builder"  # where the site keeps them
GAME_ASSETS = "assets/games"
WORDS_PREFIX = "builder_"  # the site's words the builder pages take along (shared ones and the pack's own)
# JSON in an HTML script element: no character that could close the element or start markup
_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def page_path(builder: WebBuilder) -> str:
    """The builder's page in the site."""
    return f"builder-{builder.kind.replace('_', '-')}.html"


def builders_of(pack: Pack) -> tuple[WebBuilder, ...]:
    """The builders the pack's game package offers for kinds of player file the pack declares."""
    package = load_package(pack.game.engine) if pack.game.engine else None
    if package is None:
        return ()
    return tuple(builder for builder in package.builders if builder.kind in pack.game.player_files)


def embedded_json(value: Any) -> Markup:
    """``value`` as JSON that is safe inside a ``<script type="application/json">`` element: every ``<``, ``>`` and
    ``&`` escaped, so no text of a pack closes the element, whatever it holds."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return Markup("".join(_ESCAPES.get(char, char) for char in text))


def script_files(package: GamePackage, builder: WebBuilder) -> dict[str, bytes]:
    """The game package's scripts of a builder by their path in the site."""
    module = importlib.import_module(f"pnpforge.games.{package.name}")
    folder = Path(str(module.__file__)).parent / "web"
    return {f"{GAME_ASSETS}/{package.name}/{name}": (folder / name).read_bytes() for name in builder.scripts}


def builder_assets(pack: Pack, layouts_dir: Path) -> dict[str, bytes]:
    """The files the builder pages load by their path in the site: the shared kit (from pnpforge's own web layouts,
    never a pack's) and each builder's scripts; none when the pack has no builder."""
    package = load_package(pack.game.engine) if pack.game.engine else None
    builders = builders_of(pack)
    if package is None or not builders:
        return {}
    found = {f"{KIT}/{name}": (layouts_dir / WEB_LAYOUTS / SHARED / name).read_bytes() for name in KIT_FILES}
    for builder in builders:
        found.update(script_files(package, builder))
    return found


def builder_context(pack: Pack, builder: WebBuilder, words: dict[str, str], title: str, lang: str) -> dict:
    """What the template shows: the data embedded as JSON and the scripts to load."""
    package = load_package(pack.game.engine)
    assert package is not None, "a builder comes from the pack's game package"
    data = {
        "kind": builder.kind,
        "lang": lang,
        "title": title,
        "pack": {"id": pack.id, "version": pack.game.version or "", "folder": display_path(pack.root)},
        "words": {key: value for key, value in sorted(words.items()) if key.startswith(WORDS_PREFIX)},
        "game": builder.data(pack),
    }
    kit = [f"{ROOT}{KIT}/{name}" for name in KIT_FILES if name.endswith(".js")]
    scripts = kit + [f"{ROOT}{path}" for path in script_files(package, builder)]
    return {
        "builder": {"kind": builder.kind, "title": title, "styles": f"{ROOT}{KIT}/builder.css"},
        "data": embedded_json(data),
        "scripts": scripts,
    }


def builder_pages(content: SiteContent) -> list[SitePage]:
    """One page per builder of the pack's game package."""
    pages = []
    words = content.settings.strings.words
    for builder in builders_of(content.pack):
        title = words.get(f"{WORDS_PREFIX}title_{builder.kind}") or content.label(f"{WORDS_PREFIX}title")
        context = builder_context(content.pack, builder, words, title, content.lang)
        pages.append(
            SitePage(
                page_path(builder),
                "builder.html",
                title,
                "builder",
                display_path(content.pack.game_doc.path),
                [],
                context,
            )
        )
    return pages
