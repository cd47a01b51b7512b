"""The PDF rulebook: a pack's ``rules/*.md`` pages, its glossary and worked examples, as A4 and US Letter PDFs.

Sources (all in the pack; the format is documented in ``rules/README.md`` of a pack that has one):
  ``rules/NN-name.md``   one chapter each, in file-name sequence, Markdown with the macros of ``markdown.py``
  ``rules/glossary.yaml`` the glossary: ``{term, aliases, definition}``
  ``rules/rulebook.yaml`` cover, colours, the chapters that start a new page, words of its own, and how
                          ``examples/*.yaml`` scenarios are drawn and worded
  ``rules/<lang>/``       the same files for another language, when a pack has them

The book's own words come from ``layouts/rulebook/strings/<lang>.yaml`` (``strings.py``); where its pages break
around worked examples is decided from trial layouts (``flow.py``).

``build_rulebook(pack, out_dir, lang)`` writes ``<out_dir>/rulebook-a4.pdf`` and ``rulebook-letter.pdf`` and
returns the findings (located in the pages, the glossary or the examples), ending with an info finding that
says what was written and how long it took.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING

from pnpforge.caches.paths import OutputPaths
from pnpforge.findings import Finding, Mark, display_path
from pnpforge.render.layouts import LAYOUTS_DIR

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack
    from pnpforge.publish.rulebook.document import Rulebook
    from pnpforge.render.drawing import DrawnPages

__all__ = ["CheckedBook", "RULES_DIR", "TEMPLATE_DIR", "build_rulebook", "has_rulebook", "prepare",
           "rulebook_targets"]

RULES_DIR = "rules"  # in a pack: the book's sources
TEMPLATE_DIR = "rulebook"  # in a layer of layouts: the book's template, stylesheet and strings
CheckedBook = tuple["Rulebook", str]  # the book rendered to HTML parts, and its whole HTML


def has_rulebook(pack: Pack) -> bool:
    """True when the pack has rules pages to publish."""
    return (pack.root / RULES_DIR).is_dir()


def rulebook_targets(out_dir: Path) -> dict[str, Path]:
    """Where each paper size's PDF goes."""
    from pnpforge.publish.rulebook.document import PAPERS  # noqa: PLC0415 - the book's modules load when it is made

    return {paper: out_dir / f"rulebook-{paper}.pdf" for paper in PAPERS}


def prepare(pack: Pack, out_dir: Path, lang: str, layouts_dir: Path = LAYOUTS_DIR,
            paths: OutputPaths | None = None) -> Rulebook:
    """Read, check and render the rulebook's sources to HTML parts (no PDF yet)."""
    from pnpforge.publish.rulebook.book import load_sources  # noqa: PLC0415
    from pnpforge.publish.rulebook.document import write_rulebook  # noqa: PLC0415
    from pnpforge.publish.rulebook.figures import Figures  # noqa: PLC0415

    paths = paths or OutputPaths.beside(out_dir, pack)
    figures = Figures(pack, lang, paths.art, layouts_dir)
    return write_rulebook(load_sources(pack, lang, layouts_dir), figures, lang)


def build_rulebook(pack: Pack, out_dir: Path, lang: str, layouts_dir: Path = LAYOUTS_DIR,
                   jobs: int | None = None, cache: Path | None = None, paths: OutputPaths | None = None,
                   checked: CheckedBook | None = None, drawn: DrawnPages | None = None) -> list[Finding]:
    """Write ``rulebook-a4.pdf`` and ``rulebook-letter.pdf`` into ``out_dir``; return the findings.

    Layouts are cached in ``cache`` (default the language's cache folder, ``rulebook/``) by the hash of their
    HTML. A build passes the book its checks already rendered (``checked``, with the same art cache), which is then
    not rendered again. Nothing is written when a finding blocks (a rules file that cannot be read or a broken
    rulebook.yaml). The faces the figures show are drawn into one PDF, a page each; ``drawn`` is told where, for
    the stages that follow (the web images of the same faces).
    """
    started = time.monotonic()
    if not has_rulebook(pack):
        return []
    from pnpforge.publish.rulebook.book import load_sources  # noqa: PLC0415
    from pnpforge.publish.rulebook.document import PAPERS, book_html, write_rulebook  # noqa: PLC0415
    from pnpforge.publish.rulebook.figures import Figures  # noqa: PLC0415
    from pnpforge.publish.rulebook.pdf import CACHE_DIR, lay_out  # noqa: PLC0415
    from pnpforge.render.cache import Stamps  # noqa: PLC0415

    paths = paths or OutputPaths.beside(out_dir, pack)
    sources = load_sources(pack, lang, layouts_dir)
    if any(f.blocking for f in sources.findings):
        return sources.findings  # a broken rulebook.yaml or glossary would only cause follow-on errors
    if checked is not None:
        book, html = checked
    else:
        book = write_rulebook(sources, Figures(pack, lang, paths.art, layouts_dir), lang)
        html = book_html(book, layouts_dir)
    findings = list(book.findings)
    jobs = jobs or os.cpu_count() or 1
    before = len(book.figures.findings)
    laid_out = lay_out(book.figures, html, book.index, book.sources.label("index"),
                       cache or paths.cached(CACHE_DIR), jobs)
    findings += book.figures.findings[before:]
    if drawn is not None:
        drawn.add(laid_out.faces_pdf(), laid_out.documents)
    stamps = Stamps(out_dir, paths.cache)
    targets = rulebook_targets(out_dir)
    keys = {target: laid_out.key(paper, book.sources.book.accent) for paper, target in targets.items()}
    stale = {target: PAPERS[paper] for paper, target in targets.items() if not stamps.fresh(target, keys[target])}
    if stale:
        from pnpforge.publish.rulebook.assemble import finish  # noqa: PLC0415 - loads pypdf

        count = finish(laid_out.book(), book.figures, laid_out.pages(), stale, book.sources.book.accent,
                       laid_out.captions())
        for target in stale:
            stamps.record(target, keys[target])
    else:
        count = laid_out.page_count()
    written = [f"{display_path(target)} ({count} pages)" for target in keys]
    stamps.save()
    findings += [Finding("warning", f"PDF stage: {message}", mark=Mark(display_path(layouts_dir / "rulebook")),
                         rule="rulebook-pdf") for message in dict.fromkeys(laid_out.warnings)]
    findings.append(Finding("info", f"wrote {' and '.join(written)} in {time.monotonic() - started:.1f} s",
                            rule="rulebook"))
    return findings
