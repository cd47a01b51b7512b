"""The document ``build GAME --list FILE`` prints from a player file (a roster), on every paper of the pack's print
plan: ``<build>/<game>/<document folder>/<file name>-<paper>.pdf``.

The game package says what the document shows (``PlayerDocument``: a template of the pack's layouts, what it sees,
the items to print as cards). Its pages are the template rendered in the sandbox with the pack's helpers (as a face
is) and laid out by WeasyPrint at the paper's size; the cards are the pack's own faces of those items, drawn by the
render stage and imposed by the impose stage on the paper's card sheet, and appended after the pages. Caches go to
the build's cache folder (``rosters/``), so a second roster of the same cards draws no face again.
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

from markupsafe import Markup

from pnpforge.caches.paths import OutputPaths
from pnpforge.content.pack import Pack
from pnpforge.content.player_files import PlayerFile
from pnpforge.engine.contract import PlayerDocument
from pnpforge.files import write_if_changed
from pnpforge.findings import Finding, Mark
from pnpforge.impose.presets import Presets, sheet_search_path
from pnpforge.impose.stage import PRINT_DIR, impose_pack
from pnpforge.lists.run import rules_for
from pnpforge.render.document import Renderer
from pnpforge.render.geometry import LayoutError
from pnpforge.render.layouts import LAYOUTS_DIR
from pnpforge.render.pdf import html_to_pdf
from pnpforge.render.stage import default_language, open_layouts, render_master
from pnpforge.render.fonts import load_fonts
from pnpforge.render.template_errors import RENDER_FAILURES, template_finding

CACHE_FOLDER = "player-documents"  # below the build's cache folder
CARD_STYLE = "cards"  # the sheet style the cards are imposed on
PAGE_MARGIN_MM = 10


def print_document(
    pack: Pack, player_file: PlayerFile, paths: OutputPaths, lang: str | None = None, layouts_dir: Path = LAYOUTS_DIR
) -> tuple[list[Path], list[Finding]]:
    """Write the player file's document on each paper of the print plan into ``paths.out/<folder>/``; the files
    written and the findings (a layout or template that fails is an error at its place)."""
    rules = rules_for(pack, player_file.kind)
    folder = player_file.spec.document
    if rules is None or rules.document is None or not folder:
        return [], [
            Finding(
                "error",
                f"pack '{pack.id}' prints no document from a {player_file.label} (its game "
                "package draws none, or game.yaml names no document folder)",
                mark=Mark(player_file.path),
                rule="player-files",
            )
        ]
    lang = lang or default_language(pack)
    document = rules.document(pack, player_file)
    try:
        presets = Presets(sheet_search_path(pack, layouts_dir))
        papers = presets.plan().papers
        sheets = _card_sheets(pack, document, paths, lang, papers, layouts_dir)
        written = []
        for paper in papers:
            sheet = presets.sheet(paper, CARD_STYLE)
            pages = _pages(pack, document, lang, (sheet.width, sheet.height), layouts_dir, paths)
            target = paths.out / folder / f"{player_file.name}-{paper}.pdf"
            write_if_changed(target, _joined([pages] + ([sheets[paper].read_bytes()] if paper in sheets else [])))
            written.append(target)
    except LayoutError as exc:
        return [], exc.findings
    return written, []


def _pages(
    pack: Pack, document: PlayerDocument, lang: str, size: tuple[float, float], layouts_dir: Path, paths: OutputPaths
) -> bytes:
    """The document's own pages on one paper: the pack's template in the sandbox, laid out by WeasyPrint."""
    renderer = Renderer(
        pack, lang, open_layouts(pack, layouts_dir), load_fonts(layouts_dir, pack), paths.art, layouts_dir
    )
    width, height = size
    try:
        body = renderer.env.get_template(document.template).render(
            **document.context, paper={"width": width, "height": height, "margin": PAGE_MARGIN_MM}
        )
    except RENDER_FAILURES as exc:
        mark = Mark(document.template)
        raise LayoutError(
            [template_finding(exc, document.template, document.template, mark, renderer.layouts.search)]
        ) from None
    page_rule = Markup(f"@page {{ size: {width:g}mm {height:g}mm; margin: {PAGE_MARGIN_MM}mm; }}")
    html = renderer.env.get_template("document.html").render(
        title=document.title, pages=[Markup(body)], stylesheets=[], font_faces=renderer.font_faces, page_rules=page_rule
    )
    data, _warnings = html_to_pdf(html, renderer.roots.as_dict())
    return data


def _card_sheets(
    pack: Pack, document: PlayerDocument, paths: OutputPaths, lang: str, papers: tuple[str, ...], layouts_dir: Path
) -> dict[str, Path]:
    """The document's cards imposed on each paper's card sheet (fronts, then backs for long-edge duplex), by
    paper; none when it prints no card."""
    wanted = {type_name: set(ids) for type_name, ids in document.cards.items() if ids}
    if not wanted:
        return {}
    scratch = paths.cache / CACHE_FOLDER
    own = OutputPaths(scratch, scratch / "cache", paths.art)

    def chosen(face) -> bool:
        return face.type in wanted and (face.side != "front" or face.item.id in wanted[face.type])

    faces = render_master(pack, lang, scratch, layouts_dir=layouts_dir, select=chosen, paths=own)
    shutil.rmtree(scratch / PRINT_DIR, ignore_errors=True)
    printed = impose_pack(pack, faces, scratch, layouts_dir, papers=papers, styles=(CARD_STYLE,))
    return {item.paper: item.path for item in printed.files if item.type in wanted}


def _joined(parts: list[bytes]) -> bytes:
    """PDFs one after the other, as one PDF (with no date or random identifier: the same parts give the same
    bytes)."""
    from pypdf import PdfReader, PdfWriter  # noqa: PLC0415 - loaded by the builds that print a document

    writer = PdfWriter()
    for part in parts:
        writer.append(PdfReader(io.BytesIO(part)))
    writer.add_metadata({"/Producer": "pnpforge"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
