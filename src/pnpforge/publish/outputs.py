"""A pack's build outputs: face PDFs, print-shop files, home-print sheets, the PDF rulebook and the web site.

The faces, shop files, sheets and the site's card images all come from one master render.

``pnpforge build`` and ``make`` call ``build_outputs``; tests and benchmarks use the same function, so there is
one code path from a pack to its files. The build is incremental: faces come from the render cache unless their
inputs changed, and every file assembled from faces (PDFs, PNGs, sheets) is rewritten only when one of its faces
or its settings changed; the result is the same bytes a build from an empty ``build/`` folder writes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable


from pnpforge.content.pack import Pack
from pnpforge.findings import Finding
from pnpforge.impose.stage import PrintResult, impose_pack
from pnpforge.publish.drivethru import build_deck_pdfs
from pnpforge.publish.rulebook import build_rulebook, has_rulebook
from pnpforge.publish.shop import (SHOP_DIR, TASK_PAGES, ShopPreset, ShopResult, load_presets, png_path,
                                   rasterise_task, run_tasks, shop_result)
from pnpforge.publish.tts import TtsResult, build_tts
from pnpforge.publish.web import SiteResult, build_site
from pnpforge.render.cache import hash_of
from pnpforge.render.faces import Face
from pnpforge.render.layouts import LAYOUTS_DIR
from pnpforge.render.raster import png_size
from pnpforge.render.stage import RenderResult, cut, pack_output_dir, render_master, render_pack
from pnpforge.workers import give_back_memory

OUTPUTS = ("faces", "shop", "print", "tts", "rulebook", "web")
ON_REQUEST = ("tts",)  # made only when named in ``only``: exports for playing online, not for every build
IN_PROCESS_PNGS = 12  # fewer stale PNGs than this are rasterised without starting worker processes


@dataclass
class BuildOutputs:
    """What one build of one pack wrote."""

    out_dir: Path
    faces: RenderResult | None = None
    shops: list[ShopResult] = field(default_factory=list)
    prints: PrintResult | None = None
    tts: TtsResult | None = None
    rulebook: list[str] = field(default_factory=list)  # what the PDF rulebook stage said it wrote
    site: SiteResult | None = None
    findings: list[Finding] = field(default_factory=list)
    rendered: int = 0  # faces laid out by this build; the others came from the render cache
    refusals: dict[str, int] = field(default_factory=dict)  # why some of them were drawn by WeasyPrint, with counts

    def face_count(self) -> int:
        """How many distinct faces the build drew."""
        return len(self.faces.faces) if self.faces else 0


def build_outputs(pack: Pack, lang: str, build_dir: Path, only: str | tuple[str, ...] | None = None,
                  layouts_dir: Path = LAYOUTS_DIR, step: Callable[[str, int], None] | None = None,
                  jobs: int | None = None, back_offset: tuple[float, float] = (0.0, 0.0),
                  select: Callable[[Face], bool] | None = None, papers: tuple[str, ...] | None = None,
                  sheets: tuple[str, ...] | None = None, base_url: str | None = None) -> BuildOutputs:
    """Build the pack's outputs (all of ``OUTPUTS`` but those ``ON_REQUEST``, or the one or several named by
    ``only``) into ``build/<pack>/``.

    The master is always drawn with the print shops' bleed, so every ``--only`` shares one render cache.
    ``select`` limits the build to some faces (tests build a slice of a pack); ``base_url`` is where the designer
    hosts the Tabletop Simulator images. Press files (shop presets with ``format: pdfx``) are made only when
    ``only`` names ``shop``: they rasterise every page in CMYK, too slow for every build while a game changes. Raise
    ``LayoutError`` on bad layouts or sheet presets.
    """
    wanted = set(OUTPUTS) - set(ON_REQUEST) if only is None else {only} if isinstance(only, str) else set(only)
    out_dir = pack_output_dir(build_dir, pack, lang)
    outputs = BuildOutputs(out_dir)
    if "rulebook" in wanted:  # first: its findings are the site's too, reported once
        outputs.findings += _rulebook(pack, out_dir, lang, layouts_dir, jobs, outputs, step)
        give_back_memory()  # putting the PDFs together leaves free memory the stages that follow can use
    if not wanted - {"rulebook"}:
        return outputs
    presets = load_presets(layouts_dir, pack)
    master = render_master(pack, lang, out_dir, [p.bleed_mm for p in presets], layouts_dir, step, jobs, select)
    give_back_memory()  # drawing faces leaves free memory the workers that follow can use
    outputs.findings += master.findings
    outputs.rendered, outputs.refusals = master.rendered, master.refusals
    if "faces" in wanted:
        outputs.faces = render_pack(pack, lang, out_dir, layouts_dir, master=master)
    else:
        outputs.faces = master
    if "shop" in wanted:
        outputs.shops = _shop_files(master, [p for p in presets if p.format == "png"], out_dir, jobs)
        if only is not None:  # press files (every page rasterised in CMYK) only when shop files are asked for
            outputs.shops += [build_deck_pdfs(pack, master, preset, out_dir, lang, step)
                              for preset in presets if preset.format == "pdfx"]
        for shop in outputs.shops:
            outputs.findings += shop.findings
            if step is not None:
                step(f"shop {shop.preset.id}", len(shop.pngs))
    if "print" in wanted:
        outputs.prints = impose_pack(pack, master, out_dir, layouts_dir, back_offset, papers, sheets)
        outputs.findings += outputs.prints.findings
        if step is not None:
            step("print sheets", len(outputs.prints.files))
    if "tts" in wanted:
        outputs.tts = build_tts(pack, master, out_dir, lang, base_url)
        outputs.findings += outputs.tts.findings
        if step is not None:
            step("tabletop simulator", outputs.tts.drawn)
    if "web" in wanted:  # a pack without rules still gets its gallery and search
        outputs.site = build_site(pack, build_dir, lang, layouts_dir, master=master, jobs=jobs, select=select,
                                  step=step)
        outputs.findings += outputs.site.findings
        if "rulebook" not in wanted:
            outputs.findings += outputs.site.rules_findings
    return outputs


def _rulebook(pack: Pack, out_dir: Path, lang: str, layouts_dir: Path, jobs: int | None, outputs: BuildOutputs,
              step: Callable[[str, int], None] | None) -> list[Finding]:
    """The PDF rulebook's findings; its closing info line (what it wrote, how long) goes to ``outputs.rulebook``."""
    if not has_rulebook(pack):
        return []
    findings = build_rulebook(pack, out_dir, lang, layouts_dir, jobs)
    outputs.rulebook = [f.message for f in findings if f.rule == "rulebook" and f.severity == "info"]
    if step is not None:
        step("rulebook", 1)
    return [f for f in findings if not (f.rule == "rulebook" and f.severity == "info")]


def _shop_files(master: RenderResult, presets: list[ShopPreset], out_dir: Path,
                jobs: int | None) -> list[ShopResult]:
    """Each preset's PDFs, PNGs and ``shop.json``; a PNG is rasterised again only when its face changed."""
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
                key = hash_of("png", master.keys[face.key], f"{preset.dpi:g}", f"{preset.bleed_px:g}",
                              str(face.layout.transparent))
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
