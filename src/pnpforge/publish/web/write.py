"""Writing the site: every page rendered with the templates of ``layouts/web/``, its links made relative, a
small ``#`` link beside each section heading, and each file written only when its bytes changed; then the
search index, the web fonts' stylesheet, the site's icon and the static assets, and pages the site no longer has
are removed.
"""

from __future__ import annotations

import re
from pathlib import Path

from markupsafe import escape

from pnpforge.files import write_if_changed
from pnpforge.findings import Finding, Mark
from pnpforge.publish.web.builder import GAME_ASSETS, KIT, builder_assets, builder_pages, builders_of, page_path
from pnpforge.publish.web.favicon import site_icon
from pnpforge.publish.web.figures import ROOT
from pnpforge.publish.web.links import Linker
from pnpforge.publish.web.names import PAGE_NAMES
from pnpforge.publish.web.pages import (EXAMPLE_ON_PAGE, FACE_ON_PAGE, RULES_DIR, SiteContent, SitePage, card_pages,
                                        example_files, examples_page, gallery_page, glossary_page, home_page,
                                        rules_pages, search_page)
from pnpforge.publish.web.policy import with_policy
from pnpforge.publish.web.search import index_script, search_docs, search_fields
from pnpforge.publish.web.settings import WEB_LAYOUTS
from pnpforge.render.environment import make_environment
from pnpforge.render.geometry import LayoutError
from pnpforge.render.resolver import Resolver
from pnpforge.render.template_errors import RENDER_FAILURES, template_finding

ASSETS = "assets"
STATIC = ("assets", "vendor")  # folders of layouts/web/ copied into the site as they are
SCRIPTS = {".js", ".mjs", ".cjs"}  # copied from the shared set only
ICONS = ("icon.svg", "icon.png")
SECTION_HEADING = re.compile(r'(<(h[23])\b[^>]*\bid="([^"]+)"[^>]*>)(.*?)(</\2>)', re.DOTALL)
TAG = re.compile(r"<[^>]+>")
DARK_PAPER = (0x1c, 0x1a, 0x17)


def write_site(content: SiteContent, fonts: dict[str, tuple[Path, Path]]) -> tuple[int, int, list[Finding]]:
    """Render every page, make its links relative, write what changed; return (pages, written, findings)."""
    findings: list[Finding] = []
    site = content.site_dir
    search = Resolver.for_pack(content.pack, content.layouts_dir).folders(WEB_LAYOUTS)
    env = make_environment(search)
    linker = Linker(rules_dir=RULES_DIR)
    linker.files.update(_static_files(search))
    linker.files.update(path.relative_to(site).as_posix() for path in site.rglob("*.webp"))
    linker.files.update({f"{ASSETS}/search-index.js", f"{ASSETS}/fonts.css"})
    scripts = builder_assets(content.pack, content.layouts_dir)
    linker.files.update(scripts)
    linker.files.update(f for d in content.downloads for f in d.get("files", [d["href"]]))
    icon = site_icon(content.pack, content.macros.icons, content.accent, findings)
    if icon is not None:
        linker.files.add(f"{ASSETS}/{icon.name}")
    findings += _unknown_hidden_fields(content)
    rendered: dict[str, tuple[SitePage, str]] = {}
    nav = _nav(content)
    permalink = content.label("permalink")
    shared = {"title": content.title, "lang": content.lang, "accent": content.accent,
              "accent_dark": dark_accent(content.accent), "nav": nav, "version": content.pack.game.version or "",
              "has_rules": bool(content.chapters),
              "icon": {"href": f"{ROOT}{ASSETS}/{icon.name}", "type": icon.mime} if icon else None,
              "chapters": [{"title": c.title, "href": f"{ROOT}{content.chapter_path(c)}",
                            "path": content.chapter_path(c)} for c in content.chapters]}

    def render(page: SitePage) -> None:
        languages = content.switcher.links(page.path) if content.switcher else []
        assert set(page.context) <= set(PAGE_NAMES[page.template]), "PAGE_NAMES names what each page is given"
        try:
            html = env.get_template(page.template).render(
                site={**shared, "languages": languages}, page=page, label=content.label, root=ROOT, **page.context)
        except RENDER_FAILURES as exc:  # a pack's own web template: its faults are located, never a crash
            raise LayoutError([template_finding(exc, Path(page.template).stem, page.template,
                                                Mark(f"{WEB_LAYOUTS}/{page.template}"), search)]) from None
        html = with_permalinks(html, permalink)
        rendered[page.path] = (page, html)
        linker.register(page.path, html)

    rules = rules_pages(content)
    for page in rules:
        render(page)
    titles = {page.path: page.title for page in rules}
    shown_in: dict[str, list[tuple[str, str]]] = {}
    used: dict[str, tuple[str, str]] = {}
    for page in rules:
        for key in dict.fromkeys(FACE_ON_PAGE.findall(str(page.context["html"]))):
            shown_in.setdefault(key, []).append((page.title, f"{ROOT}{page.path}"))
        for stem in EXAMPLE_ON_PAGE.findall(str(page.context["html"])):
            used.setdefault(stem, (page.path, page.title))
    glossary, entries = glossary_page(content, linker, titles)
    examples = examples_page(content, used, findings)
    cards = card_pages(content, shown_in)
    counts = {"cards": len(content.cards), "glossary": len(entries), "examples": len(examples.context["examples"]),
              "chapters": len(rules)}
    sections = [glossary, *([examples] if any(link["kind"] == "examples" for link in nav) else [])]
    for page in [*sections, gallery_page(content), *cards, home_page(content, counts), search_page(content),
                 *builder_pages(content)]:
        render(page)
    written = 0
    for path, (page, html) in rendered.items():
        html, problems = linker.localise(path, html)
        findings += [Finding("warning", f"{path}: {problem}", mark=Mark(page.source), rule="web-link")
                     for problem in problems]
        written += _write_text(site / path, with_policy(html))
    docs = search_docs(content, rules, entries, cards, examples)
    _write_text(site / ASSETS / "search-index.js", index_script(docs, search_fields(content)))
    _write_text(site / ASSETS / "fonts.css", _font_css(content, fonts))
    for name in ICONS:
        if icon is not None and name == icon.name:
            write_if_changed(site / ASSETS / name, icon.data)
        elif name not in linker.files:
            (site / ASSETS / name).unlink(missing_ok=True)
    _copy_static(search, site)
    for path, data in scripts.items():
        write_if_changed(site / path, data)
    _prune_assets(site, set(scripts))
    _prune_pages(site, set(rendered) | {f for d in content.downloads for f in d.get("files", [d["href"]])})
    return len(rendered), written, findings


def with_permalinks(html: str, label: str) -> str:
    """Each section heading (h2, h3 with an id) followed by a small ``#`` link to itself, which names the
    section to a screen reader; the heading and its link share a line."""
    def add(match: re.Match) -> str:
        opening, level, anchor, inner, closing = match.groups()
        if "wb-visually-hidden" in opening:
            return match.group(0)
        words = " ".join(TAG.sub(" ", inner).split())
        link = (f'<a class="wb-permalink" href="#{anchor}" aria-label="{escape(label)}: {words}">'
                f'<span aria-hidden="true">#</span></a>')
        return f'<div class="wb-heading wb-heading-{level}">{opening}{inner}{closing}{link}</div>'
    return SECTION_HEADING.sub(add, html)


def dark_accent(accent: str) -> str:
    """The accent colour lightened until it reads on the dark colour scheme's paper (contrast 5:1 at least)."""
    red, green, blue = (int(accent[i:i + 2], 16) for i in (1, 3, 5))
    for step in range(21):
        share = step / 20
        mixed = tuple(round(c + (255 - c) * share) for c in (red, green, blue))
        if _contrast(mixed, DARK_PAPER) >= 5:
            break
    return "#" + "".join(f"{c:02x}" for c in mixed)


def _contrast(one: tuple, other: tuple) -> float:
    """The WCAG contrast ratio of two colours."""
    def luminance(colour: tuple) -> float:
        parts = [c / 255 for c in colour]
        linear = [p / 12.92 if p <= 0.03928 else ((p + 0.055) / 1.055) ** 2.4 for p in parts]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _unknown_hidden_fields(content: SiteContent) -> list[Finding]:
    """A warning for each ``hidden_fields`` entry of ``site.yaml`` that names no field of the pack."""
    found = []
    for name in content.settings.file.hidden_fields:
        type_name, _, field_name = name.partition(".")
        if field_name not in getattr(content.pack.types.get(type_name), "fields", {}):
            where = Mark(str(content.settings.sources[-1])) if content.settings.sources else None
            found.append(Finding("warning", f"hidden_fields: '{name}' names no field of the pack (write type.field)",
                                 mark=where, rule="web"))
    return found


def _nav(content: SiteContent) -> list[dict]:
    """The site's main navigation: only the sections that have pages."""
    nav = []
    if content.chapters:
        nav.append({"kind": "rules", "label": content.label("rules"),
                    "href": f"{ROOT}{content.chapter_path(content.chapters[0])}"})
    nav.append({"kind": "cards", "label": content.label("cards"), "href": f"{ROOT}cards/index.html"})
    nav.append({"kind": "glossary", "label": content.label("glossary"), "href": f"{ROOT}glossary.html"})
    if example_files(content):
        nav.append({"kind": "examples", "label": content.label("examples"), "href": f"{ROOT}examples.html"})
    words = content.settings.strings.words
    for builder in builders_of(content.pack):
        nav.append({"kind": "builder", "href": f"{ROOT}{page_path(builder)}",
                    "label": words.get(f"builder_nav_{builder.kind}") or content.label("builder_nav")})
    return nav


def _font_css(content: SiteContent, fonts: dict[str, tuple[Path, Path]]) -> str:
    """@font-face rules for the web fonts (URLs relative to ``assets/``)."""
    def url_of(path: Path) -> str:
        return fonts[str(path)][1].relative_to(content.site_dir / ASSETS).as_posix()
    return "/* The vendored fonts (SIL Open Font License 1.1: OFL.txt beside each), cut to Latin. */\n" + \
        content.figures.renderer.fonts.font_face_css(url_of).replace("; }", "; font-display: swap; }") + "\n"


def _static_files(search: list[Path]) -> set[str]:
    """Site paths of the static files (the first folder of the search path wins a name)."""
    found: set[str] = set()
    for folder in search:
        for name in STATIC:
            root = folder / name
            if root.is_dir():
                found |= {p.relative_to(folder).as_posix() for p in root.rglob("*") if p.is_file()}
    return found


def _copy_static(search: list[Path], site: Path) -> None:
    """Copy ``assets/`` of the templates' folders into the site (the pack's own files win), but scripts only from
    the shared set (the last folder): a pack's own script, or one replacing a shared script, is never copied, so the
    site's policy (``script-src 'self'``) lets no script of a pack's run."""
    done: set[str] = set()
    for index, folder in enumerate(search):
        shared = index == len(search) - 1
        for name in STATIC:
            root = folder / name
            if not root.is_dir():
                continue
            for source in sorted(root.rglob("*")):
                relative = source.relative_to(folder).as_posix()
                if not source.is_file() or relative in done or (source.suffix.lower() in SCRIPTS and not shared):
                    continue
                done.add(relative)
                write_if_changed(site / relative, source.read_bytes())


def _write_text(target: Path, text: str) -> int:
    """Write a text file unless it holds these bytes already; 1 when written."""
    return int(write_if_changed(target, text))


def _prune_assets(site: Path, keep: set[str]) -> None:
    """Remove builder scripts and styles the site no longer has (the pack's game package dropped a builder)."""
    for folder in (KIT, GAME_ASSETS):
        for path in (site / folder).rglob("*") if (site / folder).is_dir() else ():
            if path.is_file() and path.relative_to(site).as_posix() not in keep:
                path.unlink()


def _prune_pages(site: Path, keep: set[str]) -> None:
    """Remove pages the site no longer has (a card taken out of the pack, a renamed rules page)."""
    for path in site.rglob("*.html"):
        if path.relative_to(site).as_posix() not in keep:
            path.unlink(missing_ok=True)
