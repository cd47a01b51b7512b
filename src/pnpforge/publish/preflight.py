"""Everything a build reads, checked without building: layouts and templates (``render/preflight.py``), every
template of the pack's layers compiled, the rulebook's sources (``rules/``: pages, glossary, ``rulebook.yaml``,
macros and icons) read and rendered to HTML, the web site's settings, and the names the pack's own web templates
use (``publish/web/names.py``), as the site is made last.

``validate --static`` reports all of it; ``build`` stops before making anything when any of it blocks, so the
errors of both are the same lines. What blocks (exit 2) is what a build cannot read or draw: a layout or template
problem, a rules file that cannot be read, a macro, icon or card the rules name that does not exist. A worked
example the engine plays differently, or a rule the pages never explain, stays an error of the rulebook (exit 1):
the build still makes everything and reports it.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path

from jinja2 import TemplateError

from pnpforge.content.pack import Pack
from pnpforge.findings import Finding, Mark
from pnpforge.impose.preflight import check_true_scale
from pnpforge.impose.presets import check_print_plan
from pnpforge.publish.rulebook import TEMPLATE_DIR, CheckedBook, has_rulebook
from pnpforge.publish.web.names import check_web_templates
from pnpforge.publish.web.settings import WEB_LAYOUTS, load_settings
from pnpforge.render.environment import make_environment
from pnpforge.render.geometry import LayoutError
from pnpforge.render.layouts import LAYOUTS_DIR
from pnpforge.render.preflight import check_layouts
from pnpforge.render.resolver import CARD_LAYOUTS, Resolver
from pnpforge.render.template_errors import template_finding

TEMPLATE_SUFFIXES = (".html",)
BLOCKING_RULES = {"layout", "rulebook", "input"}  # the checks whose errors stop a build


@dataclass
class Preflight:
    """What the checks before a build found, and the rulebook they rendered per language (for the build)."""

    findings: list[Finding] = field(default_factory=list)
    books: dict[str, CheckedBook] = field(default_factory=dict)


def check_build_inputs(pack: Pack, lang: str | None = None, layouts_dir: Path = LAYOUTS_DIR,
                       art: Path | None = None, books: dict[str, CheckedBook] | None = None) -> list[Finding]:
    """The findings a build of ``pack`` in ``lang`` would give before writing anything; errors block.

    A build passes its art cache (``art``) and a place for the rulebook rendered on the way (``books``): the
    rulebook is then rendered as the build will render it, and handed to it. Without one (``validate --static``)
    it is rendered with a throw-away art cache.
    """
    lang = lang or pack.game.languages[0]
    findings = check_layouts(pack, lang, layouts_dir)
    findings += compile_templates(pack, layouts_dir)
    findings += check_web_templates(pack, layouts_dir)
    findings += check_print_plan(pack, layouts_dir)
    findings += check_true_scale(pack, layouts_dir)
    findings += _rules(pack, lang, layouts_dir, art, books)
    load_settings(pack, layouts_dir, findings)
    blocking = [replace(f, blocking=True) if f.severity == "error" and f.rule in BLOCKING_RULES else f
                for f in findings]
    return list(dict.fromkeys(blocking))


def compile_templates(pack: Pack, layouts_dir: Path = LAYOUTS_DIR) -> list[Finding]:
    """A syntax error in any template of the pack's own layers (cards, rulebook, web), located at its line."""
    resolver = Resolver.for_pack(pack, layouts_dir)
    problems = []
    for kind in (CARD_LAYOUTS, TEMPLATE_DIR, WEB_LAYOUTS):
        folders = resolver.folders(kind)
        env = make_environment(folders)
        for folder in folders:
            if folder.is_relative_to(resolver.shared):
                continue  # the shared set is checked by pnpforge's own tests
            for path in sorted(folder.glob("*")):
                if path.suffix not in TEMPLATE_SUFFIXES or not path.is_file():
                    continue
                try:
                    env.get_template(path.name)
                except TemplateError as exc:
                    problems.append(template_finding(exc, path.stem, path.name, Mark(str(path)), folders))
    return problems


def _rules(pack: Pack, lang: str, layouts_dir: Path, art: Path | None,
           books: dict[str, CheckedBook] | None) -> list[Finding]:
    """The rulebook's findings when it is read and rendered to HTML (no PDF), without the closing info."""
    if not has_rulebook(pack):
        return []
    from pnpforge.publish.rulebook.book import load_sources  # noqa: PLC0415 - a pack without rules never loads them

    sources = load_sources(pack, lang, layouts_dir)
    if any(f.blocking for f in sources.findings):
        return sources.findings
    if art is not None:
        return _render_rules(pack, lang, layouts_dir, sources, art, books)
    with tempfile.TemporaryDirectory(prefix="pnpforge-preflight-") as scratch:
        return _render_rules(pack, lang, layouts_dir, sources, Path(scratch), None)


def _render_rules(pack: Pack, lang: str, layouts_dir: Path, sources, art: Path,
                  books: dict[str, CheckedBook] | None) -> list[Finding]:
    """Render the rulebook with an art cache; put it in ``books`` for the build (whose art cache it is)."""
    from pnpforge.publish.rulebook.document import book_html, write_rulebook  # noqa: PLC0415
    from pnpforge.publish.rulebook.figures import Figures  # noqa: PLC0415

    try:
        book = write_rulebook(sources, Figures(pack, lang, art, layouts_dir), lang)
    except LayoutError as exc:
        return list(sources.findings) + exc.findings
    findings = [f for f in book.findings if f.severity != "info"]
    try:
        html = book_html(book, layouts_dir)
    except LayoutError as exc:
        return findings + exc.findings
    if books is not None:
        books[lang] = (book, html)
    return findings


def preflight(pack: Pack, languages: list[str], art: Path | None = None) -> Preflight:
    """What a build would meet in the layouts, templates, rules and site settings, in each language; with the
    build's art cache (``art``), also the rulebook of each language, rendered for the build."""
    done = Preflight()
    found: list[Finding] = []
    for language in languages:
        found += check_build_inputs(pack, language, art=art, books=done.books if art is not None else None)
    done.findings = list(dict.fromkeys(found))
    return done
