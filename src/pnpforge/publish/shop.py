"""Print-shop files: per shop preset, a PDF per component type and a PNG per face at the shop's exact bleed.

A preset (``layouts/shop/<id>.yaml``) gives the shop's resolution and bleed in pixels, and the pixel sizes it
expects for named card sizes (``expect: {poker: [825, 1125]}``), which every build checks. A preset with
``format: pdfx`` is a shop that takes a CMYK PDF/X-1a file per deck instead (``publish.drivethru``). Output goes to
``build/<pack>/shop/<preset>/``: ``<type>.pdf`` (one face per page, page = trim + 2 x the shop's bleed, fronts then
backs), ``png/<type>/<face>.png`` (RGB; faces printed on film keep their transparency) and ``shop.json``
(which file is which face, and how many copies of it to print).

The pages are the render stage's master with the shop's page box (``render.crop``); rasterising runs in a few
processes, one PDF's pages per task.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import os
from dataclasses import dataclass, field
from pathlib import Path

from pnpforge.caches import code
from pnpforge.content.source import LoadError, load_yaml
from pnpforge.files import write_atomic, write_json_lines
from pnpforge.findings import Finding, Mark
from pnpforge.render.faces import Face
from pnpforge.render.geometry import LayoutError
from pnpforge.render.geometry import layout_error as _error
from pnpforge.render.layouts import LAYOUTS_DIR
from pnpforge.render.resolver import Resolver
from pnpforge.render.cache import hash_of
from pnpforge.render.raster import png_bytes, png_size, rasterise_arrays, rasterise_pngs, release_buffer
from pnpforge.render.stage import RenderResult, cut
from pnpforge.workers import give_back_memory, spread

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

SHOP_DIR = "shop"
PRESET_KEYS = {"name": "the shop's name", "dpi": "pixels per inch of the PNG files",
               "bleed_px": "bleed on every side, in pixels at that resolution",
               "expect": "pixel sizes the shop requires per named card size",
               "format": "png (a PNG per face and a PDF per type, the default) or pdfx (a CMYK PDF/X-1a per deck)",
               "max_ink": "pdfx: the most total ink (C+M+Y+K, in percent) the shop accepts", "doc": "a note"}
FORMATS = ("png", "pdfx")
TASK_PAGES = 24
IN_PROCESS_PNGS = 12  # fewer stale PNGs than this are rasterised without starting worker processes
PNG_CODE = ("publish.shop", "render")  # the code that makes a PNG (``caches.code``): part of its stamp


@dataclass(frozen=True)
class ShopPreset:
    """What one print shop wants."""

    id: str
    name: str
    dpi: float
    bleed_px: float
    expect: dict[str, tuple[int, int]] = field(default_factory=dict)
    path: str = ""
    format: str = "png"
    max_ink: float = 300.0

    @property
    def bleed_mm(self) -> float:
        """The shop's bleed in millimetres."""
        return self.bleed_px / self.dpi * 25.4


def load_presets(layouts_dir: Path = LAYOUTS_DIR, pack: Pack | None = None) -> list[ShopPreset]:
    """Every preset under ``shop/`` of the pack's layers, by file name (a pack's own replaces a shared one of
    the same name); raise ``LayoutError`` for a broken one."""
    presets, problems = [], []
    for path in Resolver.for_pack(pack, layouts_dir).named(SHOP_DIR).values():
        try:
            doc = load_yaml(path)
        except LoadError as exc:
            problems += exc.findings
            continue
        data = doc.data if isinstance(doc.data, dict) else {}
        problems += [_error(doc.mark((key,)), f"unknown key '{key}'; accepted keys: {', '.join(PRESET_KEYS)}")
                     for key in data if key not in PRESET_KEYS]
        dpi, bleed = data.get("dpi"), data.get("bleed_px")
        if not isinstance(dpi, (int, float)) or isinstance(dpi, bool) or dpi <= 0:
            problems.append(_error(doc.mark(("dpi",)), f"dpi: expected a number > 0, found {dpi!r}"))
            continue
        if not isinstance(bleed, (int, float)) or isinstance(bleed, bool) or bleed < 0:
            problems.append(_error(doc.mark(("bleed_px",)), f"bleed_px: expected a number >= 0, found {bleed!r}"))
            continue
        expect = {str(k): (int(v[0]), int(v[1])) for k, v in (data.get("expect") or {}).items()}
        kind, ink = data.get("format", "png"), data.get("max_ink", 300)
        if kind not in FORMATS:
            problems.append(_error(doc.mark(("format",)), f"format: expected one of {', '.join(FORMATS)}, found "
                                                          f"{kind!r}"))
            continue
        if not isinstance(ink, (int, float)) or isinstance(ink, bool) or not 100 <= ink <= 400:
            problems.append(_error(doc.mark(("max_ink",)), f"max_ink: expected a percentage from 100 to 400, "
                                                           f"found {ink!r}"))
            continue
        presets.append(ShopPreset(path.stem, str(data.get("name", path.stem)), float(dpi), float(bleed), expect,
                                  doc.path, kind, float(ink)))
    if problems:
        raise LayoutError(problems)
    return presets


@dataclass
class ShopResult:
    """The files written for one preset."""

    preset: ShopPreset
    folder: Path
    pdfs: list[Path]
    pngs: list[Path]
    findings: list[Finding]


def build_shop_files(master: RenderResult, presets: list[ShopPreset], out_dir: Path,
                     jobs: int | None = None) -> list[ShopResult]:
    """Write each preset's PDFs, PNGs and ``shop.json`` from the master render; a PNG is rasterised again only
    when its face, the preset or the code making it changed (few here, many in worker processes)."""
    cuts, tasks, sizes, keys = [], [], {}, {}
    for preset in presets:
        folder = out_dir / SHOP_DIR / preset.id

        def bleed_of(face: Face, bleed: float = preset.bleed_mm) -> float:
            return bleed

        pages = cut(master, folder, bleed_of)
        cuts.append((preset, folder, pages))
        for pdf, faces in pages.type_pages().items():
            stale = []
            for index, face in enumerate(faces):
                png = png_path(folder, face)
                key = hash_of("png", code.digest(*PNG_CODE), master.keys[face.key], f"{preset.dpi:g}",
                              f"{preset.bleed_px:g}", str(face.layout.transparent))
                if master.stamps.fresh(png, key):
                    sizes[str(png)] = png_size(png)
                else:
                    keys[str(png)] = key
                    stale.append((index, str(png), face.layout.transparent))
            tasks += [(pdf, stale[i:i + TASK_PAGES], preset.dpi) for i in range(0, len(stale), TASK_PAGES)]
    if sum(len(task[1]) for task in tasks) < IN_PROCESS_PNGS:
        done = [pair for task in tasks for pair in rasterise_task(task)]
    else:
        done = run_tasks(tasks, jobs)
    for made, size in done:
        sizes[made] = size
        master.stamps.record(Path(made), keys[made])
    master.stamps.save()
    return [shop_result(master, preset, folder, pages, sizes) for preset, folder, pages in cuts]


def png_path(folder: Path, face) -> Path:
    """Where a face's PNG goes: ``png/<type>/<face>.png``."""
    return folder / "png" / face.type / f"{face.file_stem}.png"


def shop_result(master: RenderResult, preset: ShopPreset, folder: Path, pages: RenderResult,
                 sizes: dict[str, tuple[int, int]]) -> ShopResult:
    """Check the PNG sizes against the preset and write ``shop.json``."""
    findings, records, pngs = [], [], []
    for face in master.faces:
        if face.key not in pages.pages:
            continue
        pdf, index = pages.pages[face.key]
        png = png_path(folder, face)
        pngs.append(png)
        size = sizes[str(png)]
        wanted = preset.expect.get(face.layout.size_name)
        if wanted is not None and tuple(size) != wanted:
            findings.append(Finding("error", f"{face.key}: PNG is {size[0]} x {size[1]} px; {preset.name} wants "
                                             f"{wanted[0]} x {wanted[1]} px for {face.layout.size_name}",
                                    mark=Mark(preset.path), rule="shop"))
        records.append({"key": face.key, "side": face.side, "copies": face.copies,
                        "png": png.relative_to(folder).as_posix(), "pdf": pdf.relative_to(folder).as_posix(),
                        "page": index, "size_px": list(size)})
    head = {"preset": preset.id, "shop": preset.name, "dpi": preset.dpi, "bleed_px": preset.bleed_px}
    write_json_lines(folder / "shop.json", head, "faces", records, ensure_ascii=True)
    return ShopResult(preset, folder, pages.pdfs, pngs, findings)


def run_tasks(tasks: list, jobs: int | None) -> list[tuple[str, tuple[int, int]]]:
    """Rasterise every task, here and in worker processes when there is more than one task and core."""
    workers = min(jobs or os.cpu_count() or 1, 4)
    return [pair for chunk in spread(rasterise_task, tasks, workers) for pair in chunk]


def rasterise_task(task: tuple) -> list[tuple[str, tuple[int, int]]]:
    """Rasterise one PDF's pages to PNG files; return each file's pixel size."""
    pdf, pages, dpi = task
    done = []
    transparent_pages = {index for index, _, transparent in pages if transparent}
    targets = {index: target for index, target, _ in pages}
    for wanted_transparent in (False, True):
        indices = [i for i in targets if (i in transparent_pages) == wanted_transparent]
        if not indices:
            continue
        if not wanted_transparent:  # drawn straight into the file's rows
            for index, png, size in rasterise_pngs(Path(pdf), dpi, indices):
                write_atomic(Path(targets[index]), png)
                done.append((targets[index], size))
            continue
        for index, pixels in rasterise_arrays(Path(pdf), dpi, wanted_transparent, indices, reuse=True):
            target = Path(targets[index])
            write_atomic(target, png_bytes(pixels, dpi))
            done.append((str(target), (pixels.shape[1], pixels.shape[0])))
            del pixels
    release_buffer()
    give_back_memory()
    return done
