"""The impose stage: a pack's rendered faces on sheets a designer prints at home, in ``build/<pack>/print/``.

For each paper of the print plan (``layouts/sheets/print.yaml``: A4 and US Letter) and each component type, the
plan names the sheet styles the type is printed with (film, punchboard, cards, whole pages ... decided by the
type's faces, never by its name). Each style gives one file, ``print/<paper>/<type>-<style>.pdf``: the fronts
(every copy, as the faces' ``copies`` count them), each front page followed by its backs for long-edge duplex;
``print/<paper>/calibration.pdf`` measures a printer's duplex drift for ``--back-offset``. ``print/print.json``
lists every page and where each face is on it.

A file is rewritten only when its sheets or one of its faces changed (``render.cache.Stamps``); a file the plan
no longer makes is removed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnpforge.caches import code
from pnpforge.content.pack import Pack
from pnpforge.files import write_if_changed, write_json_lines
from pnpforge.findings import Finding, Mark
from pnpforge.impose import scale_check
from pnpforge.impose.calibration import calibration_pdf
from pnpforge.impose.draw import sheet_pdf
from pnpforge.impose.geometry import (BACK, Piece, Placement, SheetPage, backs_of, block_grid, gapped_grid,
                                      grid_page, mirrored, shelf_pages, whole_page)
from pnpforge.impose.honeycomb import honeycomb_pages
from pnpforge.impose.presets import Plan, Presets, Sheet, sheet_search_path
from pnpforge.impose.tiles import tile_pages
from pnpforge.render.cache import hash_of
from pnpforge.render.faces import FRONT, Face
from pnpforge.render.layouts import LAYOUTS_DIR
from pnpforge.render.stage import RenderResult

PRINT_DIR = "print"
MANIFEST = "print.json"
README = "README.txt"
HOW = {
    "block": "cards touching at shared cut lines; cut along the crop marks",
    "gapped": "each card with its own bleed; cut every card on its own along the crop marks",
    "gutter-fold": "one-sided: fold along the dashed line (fronts outside), glue, then cut along the crop marks",
    "punchboard": "glue to card stock, then cut along the lines round each token",
    "pages": "one per page, scaled to fit the printable area where needed",
    "tiles": "at full size over several pages: trim each page's margin and lay it over its neighbour so the "
             "circled crosses meet, then glue",
}
SHEETS_CODE = ("impose", "render")  # the code that draws sheets (``caches.code``): part of every sheet's stamp


@dataclass
class PrintFile:
    """One PDF of sheets."""

    path: Path
    paper: str
    style: str
    mode: str
    type: str | None
    pages: list[SheetPage]
    sheet: Sheet


@dataclass
class PrintResult:
    """What the impose stage wrote."""

    folder: Path
    files: list[PrintFile] = field(default_factory=list)
    written: int = 0  # files whose bytes changed in this build
    findings: list[Finding] = field(default_factory=list)
    manifest: Path | None = None


def pieces(result: RenderResult) -> dict[str, Piece]:
    """Every rendered face as the impose stage sees it, by face key."""
    return {face.key: piece_of(face) for face in result.faces}


def piece_of(face: Face) -> Piece:
    """One face as the impose stage sees it."""
    layout = face.layout
    return Piece(face.key, face.type, layout.width, layout.height, layout.shape, layout.bleed, face.back,
                 face.copies, layout.transparent, layout.size_name, face.side, layout.outline, layout.true_scale,
                 layout.mark("size"))


def styles_for(plan: Plan, type_name: str, fronts: list[Piece]) -> tuple[str, ...] | None:
    """The sheet styles of a type: named in the plan, else those of the first rule its faces match."""
    if type_name in plan.types:
        return plan.types[type_name]
    for rule in plan.rules:
        if _matches(rule.when, fronts):
            return rule.sheets
    return None


def _matches(when: dict, fronts: list[Piece]) -> bool:
    """True when a type's fronts meet every condition of a rule."""
    longest = max(max(p.width, p.height) for p in fronts)
    shortest = min(min(p.width, p.height) for p in fronts)
    checks = {
        "transparent": lambda v: any(p.transparent for p in fronts) == bool(v),
        "shape": lambda v: all(p.shape == v for p in fronts),
        "max_side": lambda v: longest <= float(v) + 1e-9,
        "min_side": lambda v: shortest >= float(v) - 1e-9,
        "size": lambda v: all(p.size in (v if isinstance(v, list) else [v]) for p in fronts),
    }
    return all(checks[key](value) for key, value in when.items() if key in checks)


def impose_pack(pack: Pack, faces: RenderResult, out_dir: Path, layouts_dir: Path = LAYOUTS_DIR,
                back_offset: tuple[float, float] = (0.0, 0.0), papers: tuple[str, ...] | None = None,
                styles: tuple[str, ...] | None = None) -> PrintResult:
    """Write every sheet of the pack's print plan into ``out_dir/print/`` (only ``papers`` and sheet ``styles`` when
    given: the folder then holds just those); raise ``LayoutError`` on bad presets."""
    presets = Presets(sheet_search_path(pack, layouts_dir))
    plan = presets.plan()
    folder = out_dir / PRINT_DIR
    result = PrintResult(folder)
    for name in papers or ():
        if name not in plan.papers:
            result.findings.append(Finding("error", f"--paper {name}: the print plan has no paper '{name}'; papers: "
                                                    f"{', '.join(plan.papers)}", mark=Mark(plan.path), rule="impose"))
    by_key = pieces(faces)
    fronts_by_type: dict[str, list[Piece]] = {}
    for face in faces.faces:
        if face.side == FRONT and face.key in faces.keys:
            fronts_by_type.setdefault(face.type, []).append(by_key[face.key])
    known_styles: set[str] = set()
    for paper in [p for p in plan.papers if papers is None or p in papers]:
        for type_name, fronts in fronts_by_type.items():
            planned = styles_for(plan, type_name, fronts)
            known_styles.update(planned or ())
            if planned is None:
                result.findings.append(Finding("warning", f"type '{type_name}' matches no rule of the print plan; "
                                                          "it has no home-print sheets", mark=Mark(plan.path),
                                               rule="impose"))
                continue
            for style in planned:
                sheet = presets.sheet(paper, style)
                known_styles.update(sheet.aliases)
                if styles is not None and not any(sheet.known_as(name) for name in styles):
                    continue
                pages, problems = sheet_pages(sheet, fronts, by_key, back_offset)
                result.findings += [p if isinstance(p, Finding) else
                                    Finding("warning", f"{paper}, {style}: {p}", mark=Mark(sheet.path),
                                            subject=f"type '{type_name}'", rule="impose") for p in problems]
                if pages:
                    result.files.append(PrintFile(folder / paper / f"{type_name}-{style}.pdf", paper, style,
                                                  sheet.mode, type_name, pages, sheet))
        if plan.calibration:
            sheet = presets.sheet(paper, plan.calibration)
            result.files.append(PrintFile(folder / paper / "calibration.pdf", paper, plan.calibration,
                                          sheet.mode, None, [], sheet))
    for name in styles or ():
        if known_styles and name not in known_styles:
            result.findings.append(Finding("error", f"--sheets {name}: no type of this pack is printed on '{name}' "
                                                    f"sheets; its sheets: {', '.join(sorted(known_styles))}",
                                           mark=Mark(plan.path), rule="impose"))
    for item in result.files:
        result.written += _write(item, faces, back_offset, layouts_dir, pack.id)
    faces.stamps.save()
    made = {item.path for item in result.files}
    for stale in folder.glob("*/*.pdf"):  # files of types or styles the plan no longer prints
        if stale not in made:
            stale.unlink()
    result.findings = list(dict.fromkeys(result.findings))
    result.manifest = write_manifest(result, pack.id, back_offset)
    write_readme(result, pack.id, by_key, back_offset)
    return result


def expand(fronts: list[Piece]) -> list[Piece]:
    """Every printed copy of every front, in the pack's sequence."""
    return [piece for piece in fronts for _ in range(max(piece.copies, 0))]


def sheet_pages(sheet: Sheet, fronts: list[Piece], by_key: dict[str, Piece],
                back_offset: tuple[float, float]) -> tuple[list[SheetPage], list[str | Finding]]:
    """The pages of one style for one type's fronts (and their backs), and what could not be placed or was
    shrunk: a sentence about the sheet, or a finding at a face's layout."""
    copies = expand(fronts)
    has_backs = any(p.back in by_key for p in fronts)
    problems: list[str | Finding] = []
    pages: list[SheetPage] = []
    if sheet.mode == "calibration":
        return [], []
    if sheet.mode == "gutter-fold" and not has_backs:
        return [], []  # one-sided faces need no folding
    if sheet.mode in ("block", "gapped", "gutter-fold"):
        for group in _same_size(copies):
            piece = group[0]
            bleed = min(sheet.bleed, piece.bleed)
            if sheet.mode == "gutter-fold":
                left, top, _, bottom = sheet.printable
                grid = block_grid(sheet, (left, top, sheet.width / 2, bottom), piece, bleed)
            elif sheet.mode == "block":
                grid = block_grid(sheet, sheet.printable, piece, bleed)
            else:
                grid = gapped_grid(sheet, sheet.printable, piece, bleed)
            if grid is None:
                problems.append(too_large(sheet, piece) if piece.true_scale else
                                f"a {piece.width:g} x {piece.height:g} mm face does not fit on the paper")
                continue
            for start in range(0, len(group), grid.capacity):
                page = grid_page(grid, group[start:start + grid.capacity], shared_cuts=sheet.mode != "gapped")
                if sheet.mode == "gutter-fold":
                    page = mirrored(page, by_key, sheet.width)
                    _, top, _, bottom = sheet.printable
                    page.folds.append((sheet.width / 2, top, sheet.width / 2, bottom))
                pages.append(page)
    elif sheet.mode == "punchboard":
        left, top, right, bottom = sheet.printable
        fits = [p for p in copies if p.width + 2 * min(sheet.bleed, p.bleed) <= right - left + 1e-9
                and p.height + 2 * min(sheet.bleed, p.bleed) <= bottom - top + 1e-9]
        problems += [too_large(sheet, p) if p.true_scale else
                     f"a {p.width:g} x {p.height:g} mm face does not fit on the paper"
                     for p in dict.fromkeys(p for p in copies if p not in fits)]
        hexes = [p for p in fits if p.outline is not None and p.outline.kind == "hex"]
        pages = shelf_pages(sheet, [p for p in fits if p not in hexes])
        for group in _same_size(hexes):
            pages += honeycomb_pages(sheet, group)
    elif sheet.mode == "pages":
        smaller: dict[tuple[float, float, float], list[Piece]] = {}  # faces shrunk alike, in the pack's order
        for piece in copies:
            whole = whole_page(sheet, piece)
            if whole is None:
                problems.append(too_large(sheet, piece))
                continue
            if whole.placements[0].scale < 1:
                alike = smaller.setdefault((piece.width, piece.height, whole.placements[0].scale), [])
                alike += [piece] if piece not in alike else []
            pages.append(whole)
        problems += [shrunk(sheet, alike, factor) for (_, _, factor), alike in smaller.items()]
    elif sheet.mode == "tiles":
        for piece in copies:
            tiles = tile_pages(sheet, piece)
            if not tiles:
                problems.append(f"the paper's printable area is too small for tiles overlapping {sheet.overlap:g} mm")
            pages += tiles
    if any(by_key[p.face].true_scale for page in pages for p in page.placements):
        pages = with_scale_check(pages, sheet)
    if sheet.duplex and has_backs and sheet.mode != "gutter-fold":
        pages = [side for page in pages for side in (page, backs_of(page, by_key, sheet.width, back_offset))]
    return pages, list(dict.fromkeys(problems))


def too_large(sheet: Sheet, piece: Piece) -> Finding:
    """A true-scale face the sheet cannot hold at 100 %: an error at its layout's ``size:`` (exit 2)."""
    left, top, right, bottom = sheet.printable
    return Finding("error", f"face '{piece.key}' is {piece.width:g} x {piece.height:g} mm and does not fit "
                            f"{sheet.paper_name} ({right - left:g} x {bottom - top:g} mm printable) on "
                            f"{sheet.name} sheets at 100 %; it is scale: true, so it is never shrunk: print it on "
                            "tiles sheets, or make it smaller", mark=piece.where, subject=f"type '{piece.type}'",
                   blocking=True, rule="impose")


def shrunk(sheet: Sheet, pieces: list[Piece], factor: float) -> Finding:
    """Faces of one size printed smaller than that size: a warning naming the first, how many more, and the
    factor, at the first one's layout."""
    piece = pieces[0]
    more = f" and {len(pieces) - 1} more of its type" if len(pieces) > 1 else ""
    return Finding("warning", f"face '{piece.key}'{more} ({piece.width:g} x {piece.height:g} mm) "
                              f"{'are' if more else 'is'} shrunk by a factor of {factor:.3f} ({factor:.1%}) to fit "
                              f"{sheet.paper_name} on {sheet.name} sheets; give the layout scale: true to print "
                              "at full size or not at all", mark=piece.where, subject=f"type '{piece.type}'",
                   rule="impose")


def with_scale_check(pages: list[SheetPage], sheet: Sheet) -> list[SheetPage]:
    """Front pages with a scale check where their margin has room; a page of its own first when the first has
    none (a blank back follows it in a duplex file)."""
    for page in pages:
        page.scale_check = scale_check.room(page, sheet.printable)
    if pages and pages[0].scale_check is None:
        alone = SheetPage(FRONT)
        alone.scale_check = scale_check.room(alone, sheet.printable)
        pages = [alone, *pages]
    return pages


def _same_size(copies: list[Piece]) -> list[list[Piece]]:
    """Copies grouped by size and shape (a grid holds one size), each group in the pack's sequence."""
    groups: dict[tuple, list[Piece]] = {}
    for piece in copies:
        groups.setdefault((piece.width, piece.height, piece.shape), []).append(piece)
    return list(groups.values())


def _write(item: PrintFile, faces: RenderResult, back_offset: tuple[float, float], layouts_dir: Path,
           game: str) -> int:
    """Write one file unless its sheets and faces are unchanged; 1 when its bytes changed."""
    sheet = item.sheet
    if item.mode == "calibration":
        key = hash_of(code.digest(*SHEETS_CODE), "calibration", repr(sheet), repr(back_offset))
        make = lambda: calibration_pdf(sheet, back_offset, layouts_dir)  # noqa: E731 - deferred until needed
    else:
        used = sorted({p.face for page in item.pages for p in page.placements})
        title = f"{game}: {item.type}, {item.style} ({item.paper})"
        plan = faces.glyph_plan()
        key = hash_of(code.digest(*SHEETS_CODE), title, repr(sheet), repr(item.pages), plan.digest,
                      *(faces.keys[k] for k in used))

        def make() -> bytes:
            fragments = {k: faces.cache.fragment(faces.keys[k]) for k in used}
            return sheet_pdf(item.pages, (sheet.width, sheet.height), fragments, sheet.marks.stroke, title,
                             plan.gids)
    if faces.stamps.fresh(item.path, key):
        return 0
    changed = write_if_changed(item.path, make())
    faces.stamps.record(item.path, key)
    return int(changed)


def write_manifest(result: PrintResult, pack_id: str, back_offset: tuple[float, float]) -> Path:
    """``print.json``: every file, its paper and style, and every page with the faces on it (one file a line)."""
    files = []
    for item in result.files:
        sheet = item.sheet
        pages = [{"side": page.side, "faces": [_placement_json(p) for p in page.placements],
                  **({"targets": [[round(x, 4), round(y, 4)] for x, y in page.targets]} if page.targets else {}),
                  **({"scale_check": [round(v, 4) for v in page.scale_check]} if page.scale_check else {})}
                 for page in item.pages]
        if item.mode == "calibration":
            pages = [{"side": "front", "faces": []}, {"side": BACK, "faces": []}]
        files.append({
            "file": item.path.relative_to(result.folder).as_posix(), "paper": item.paper, "style": item.style,
            "mode": item.mode, "type": item.type, "size_mm": [sheet.width, sheet.height],
            "printable_mm": [round(v, 4) for v in sheet.printable],
            "duplex": "long-edge" if _duplex(item) else "none", "pages": pages})
    target = result.folder / MANIFEST
    write_json_lines(target, {"pack": pack_id, "back_offset_mm": list(back_offset)}, "files", files)
    return target


def _duplex(item: PrintFile) -> bool:
    """Whether a file is printed on both sides: its sheet's setting, except that gutter-fold pages are one-sided
    and tiles are printed duplex only for a face with a back (a one-sided board is one-sided whatever the sheet)."""
    if not item.sheet.duplex or item.mode == "gutter-fold":
        return False
    return item.mode != "tiles" or any(page.side == BACK for page in item.pages)


def _placement_json(placement: Placement) -> dict:
    """A placement as the manifest records it (mm from the paper's top-left corner)."""
    return {"face": placement.face, "x": round(placement.x, 4), "y": round(placement.y, 4),
            "w": round(placement.w, 4), "h": round(placement.h, 4), "rotation": placement.rotation,
            "scale": placement.scale, "bleed": [round(v, 4) for v in placement.bleed], "round": placement.round,
            **({"window": [round(v, 4) for v in placement.window]} if placement.window else {}),
            **({"outline": placement.outline.kind} if placement.outline else {})}


def write_readme(result: PrintResult, pack_id: str, by_key: dict[str, Piece],
                 back_offset: tuple[float, float]) -> Path:
    """``README.txt``: which file to print how, for a person at a printer."""
    lines = [f"Home-print sheets for {pack_id}, made by pnpforge.", "",
             "Print at 100% (actual size, no fit-to-page). A file marked 'duplex' has its backs on every second",
             "page: print it on both sides, flipping on the long edge. To line the backs up with the fronts, print",
             "<paper>/calibration.pdf the same way first and follow its instructions "
             "(pnpforge build --back-offset X,Y;",
             f"these sheets were made with {back_offset[0]:g},{back_offset[1]:g}).", ""]
    for paper in dict.fromkeys(item.paper for item in result.files):
        lines.append(f"{paper}/")
        for item in (i for i in result.files if i.paper == paper and i.mode != "calibration"):
            fronts = [p for page in item.pages if page.side != BACK for p in page.placements
                      if by_key[p.face].side != BACK]
            sheets = sum(1 for page in item.pages if page.side != BACK)
            film = any(by_key[p.face].transparent for p in fronts)
            duplex = any(page.side == BACK for page in item.pages)
            how = HOW[item.mode] + ("; print on transparent film, nothing but the art is printed" if film else "")
            if any(by_key[p.face].true_scale for p in fronts):
                how += "; its faces are at true scale: check that the scale bars measure 100 mm and 4 in"
            # a face tiled over several pages counts once
            count = sum(1 for p in fronts if p.window is None) + len({p.face for p in fronts if p.window is not None})
            lines.append(f"  {item.path.name}: {count} x {item.type}, {sheets} sheet{'s' * (sheets != 1)}"
                         f"{', duplex' if duplex else ''}. {how[0].upper()}{how[1:]}.")
        lines.append("  calibration.pdf: the duplex calibration page (two pages, duplex).")
        lines.append("")
    target = result.folder / README
    write_if_changed(target, "\n".join(lines).encode("utf-8"))
    return target
