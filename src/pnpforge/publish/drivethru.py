"""Print-shop files for shops that sell decks from a CMYK PDF/X-1a file (a preset with ``format: pdfx``, such as
DriveThruCards): one PDF per deck (``publish.decks``), each card as its back then its front, a page per copy, at
trim plus the preset's bleed. Cards printed on film (transparent layouts) are left out: the shop prints on card.

The pages are the master render's, cut to the shop's bleed (``render.stage.cut``) into the build's cache; each
deck's distinct pages (its fronts, its backs, a blank page for cards whose type has none) go to
``publish.pdfx``, which turns them into CMYK with the preset's ink limit and repeats them for the copies. A deck's
file is made again only when one of its faces changed. ``shop.json`` lists the decks, their cards and pages.
"""

from __future__ import annotations

from pathlib import Path

from pnpforge.caches import code
from pnpforge.content.pack import Pack
from pnpforge.files import write_json_lines
from pnpforge.findings import Finding, Mark
from pnpforge.publish.decks import Deck, pack_decks
from pnpforge.publish.pdfx import INSTALL_HINT, PdfxError, ghostscript, make_pdfx
from pnpforge.publish.shop import SHOP_DIR, ShopPreset, ShopResult
from pnpforge.render.cache import hash_of
from pnpforge.render.faces import Face
from pnpforge.render.stage import RenderResult, cut

PDFX_CODE = ("publish.drivethru", "publish.pdfx", "publish.ink", "render")  # part of every deck file's stamp
SOURCES_DIR = "shop"  # in the cache folder (``caches.paths``)


def build_deck_pdfs(pack: Pack, master: RenderResult, preset: ShopPreset, out_dir: Path, lang: str,
                    step=None) -> ShopResult:
    """Write the preset's PDF/X-1a file of each deck and its ``shop.json``."""
    folder = out_dir / SHOP_DIR / preset.id
    decks, _, findings = pack_decks(pack, [face for face in master.faces if face.key in master.pages], lang)
    decks = [deck for deck in decks if not any(face.layout.transparent for face in deck.fronts)]  # film, not card
    result = ShopResult(preset, folder, [], [], findings)
    if not decks:
        return result
    if ghostscript() is None:  # the other outputs are still made; --strict fails on it
        result.findings.append(Finding("warning", f"{preset.name} files not made: Ghostscript (gs) is not "
                                                  f"installed; {INSTALL_HINT}", mark=Mark(preset.path), rule="shop"))
        return result
    sources = (master.paths.cache if master.paths else out_dir / "cache") / SOURCES_DIR / preset.id
    pages = cut(master, sources, lambda face: preset.bleed_mm)
    records = []
    for deck in decks:
        target = folder / f"{deck.id}.pdf"
        cards = [(deck.back_of(front), front) for front in deck.fronts]
        distinct = {side.key if side else None: side for card in cards for side in card}  # a shared back once
        sides, at = list(distinct.values()), {key: index for index, key in enumerate(distinct)}
        order = [at[side.key if side else None] for back, front in cards for _ in range(front.copies)
                 for side in (back, front)]
        key = hash_of("pdfx", code.digest(*PDFX_CODE), f"{preset.dpi:g}", f"{preset.bleed_px:g}",
                      f"{preset.max_ink:g}", deck.name,
                      *(f"{master.keys[back.key] if back else '-'}:{master.keys[front.key]}"
                                   for back, front in cards), ",".join(map(str, order)))
        if not master.stamps.fresh(target, key):
            source = sources / f"{deck.id}.rgb.pdf"
            write_source(pages, sides, source)
            try:
                make_pdfx(source, target, deck.name, preset.max_ink, round(preset.dpi), order)
            except PdfxError as exc:
                result.findings.append(Finding("error", f"{preset.name}: deck '{deck.id}': {exc}",
                                               mark=Mark(preset.path), rule="shop"))
                continue
            master.stamps.record(target, key)
        result.pdfs.append(target)
        records.append({"deck": deck.id, "name": deck.name, "pdf": target.relative_to(folder).as_posix(),
                        "cards": deck.copies(), "pages": len(order), "faces": _faces(deck)})
        if step is not None:
            step(f"shop {preset.id}", 1)
    master.stamps.save()
    head = {"preset": preset.id, "shop": preset.name, "format": preset.format, "bleed_px": preset.bleed_px,
            "dpi": preset.dpi, "max_ink": preset.max_ink}
    write_json_lines(folder / "shop.json", head, "decks", records, ensure_ascii=True)
    return result


def write_source(pages: RenderResult, sides: list[Face | None], target: Path) -> None:
    """The deck's distinct pages in RGB, each once: its fronts and backs, and a blank page (the size and boxes of
    the deck's first front) standing for the back of cards whose type has none."""
    from pypdf import PdfReader, PdfWriter  # noqa: PLC0415 - loaded by the builds that make shop files
    from pypdf.generic import NameObject, RectangleObject  # noqa: PLC0415

    readers: dict[Path, PdfReader] = {}

    def page_of(face: Face):
        pdf, index = pages.pages[face.key]
        if pdf not in readers:
            readers[pdf] = PdfReader(pdf)
        return readers[pdf].pages[index]

    model = page_of(next(side for side in sides if side is not None))
    writer = PdfWriter()
    for side in sides:
        if side is not None:
            writer.add_page(page_of(side))
            continue
        blank = writer.add_blank_page(float(model.mediabox.width), float(model.mediabox.height))
        for box in ("/MediaBox", "/CropBox", "/BleedBox", "/TrimBox"):
            if box in model:
                blank[NameObject(box)] = RectangleObject(model[box])
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target, "wb") as file:
        writer.write(file)


def _faces(deck: Deck) -> list[dict]:
    """Each card of a deck: its front and back faces and copies."""
    return [{"front": front.key, "back": front.back, "copies": front.copies} for front in deck.fronts]
