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
from typing import TYPE_CHECKING, Callable


from pnpforge.caches.paths import BuildPaths, OutputPaths
from pnpforge.caches.store import NOWHERE, Store
from pnpforge.content.exports import has_mapping
from pnpforge.content.pack import Pack
from pnpforge.findings import Finding
from pnpforge.impose.stage import PrintResult, impose_pack
from pnpforge.publish.shop import ShopResult, build_shop_files, load_presets
from pnpforge.render.drawing import DrawnPages
from pnpforge.render.faces import Face
from pnpforge.render.layouts import LAYOUTS_DIR
from pnpforge.render.stage import RenderResult, pack_output_dir, render_master, render_pack
from pnpforge.workers import give_back_memory

if TYPE_CHECKING:
    from pnpforge.publish.battlescribe import BattleScribeResult
    from pnpforge.publish.rulebook import CheckedBook
    from pnpforge.publish.tts import TtsResult
    from pnpforge.publish.web.site import SiteResult

OUTPUTS = ("faces", "shop", "print", "tts", "rulebook", "web", "battlescribe")
ON_REQUEST = ("tts",)  # made only when named in ``only``: exports for playing online, not for every build
DECLARED = ("battlescribe",)  # made by a full build only for a pack that declares them (``--only`` asks any pack)
NO_FACES = ("rulebook", "battlescribe")  # outputs that need no face drawn


@dataclass
class BuildOutputs:
    """What one build of one pack wrote."""

    out_dir: Path
    faces: RenderResult | None = None
    shops: list[ShopResult] = field(default_factory=list)
    prints: PrintResult | None = None
    tts: TtsResult | None = None
    battlescribe: BattleScribeResult | None = None
    rulebook: list[str] = field(default_factory=list)  # what the PDF rulebook stage said it wrote
    site: SiteResult | None = None
    findings: list[Finding] = field(default_factory=list)
    rendered: int = 0  # faces laid out by this build; the others came from the render cache
    refusals: dict[str, int] = field(default_factory=dict)  # why some of them were drawn by WeasyPrint, with counts
    drawn: DrawnPages = field(default_factory=DrawnPages)  # faces the rulebook drew, for the web images

    def face_count(self) -> int:
        """How many distinct faces the build drew."""
        return len(self.faces.faces) if self.faces else 0

    def summary(self) -> list[str]:
        """What the build drew and wrote, a line each, for the terminal."""
        lines = []
        faces = self.faces
        if faces is not None:
            lines.append(f"{self.rendered} face{'' if self.rendered == 1 else 's'} rendered, "
                         f"{self.face_count() - self.rendered} unchanged")
            if self.refusals:
                reasons = "; ".join(f"{reason} ({count})" for reason, count in sorted(self.refusals.items()))
                lines.append(f"{sum(self.refusals.values())} of them drawn by WeasyPrint, slower: {reasons}")
            if faces.manifest is not None:
                lines.append(f"wrote {len(faces.pdfs)} face PDFs ({len(faces.faces)} faces) and {faces.manifest}")
        for shop in self.shops:
            if shop.preset.format == "pdfx":
                lines.append(f"wrote {shop.folder}/: {len(shop.pdfs)} deck PDFs, CMYK PDF/X-1a ({shop.preset.name})")
            else:
                lines.append(f"wrote {shop.folder}/: {len(shop.pdfs)} PDFs, {len(shop.pngs)} PNGs ({shop.preset.name})")
        if self.prints is not None:
            prints = self.prints
            lines.append(f"wrote {prints.folder}/: {len(prints.files)} sheet PDFs ({prints.written} changed) and "
                         f"{prints.manifest}")
        if self.tts is not None:
            tts = self.tts
            lines.append(f"wrote {tts.folder}/: {len(tts.sheets)} deck sheets, {len(tts.pieces)} piece images and "
                         f"{tts.saved.name} ({tts.drawn} images drawn, see its README.md)")
        if self.battlescribe is not None and self.battlescribe.files:
            lines.append(self.battlescribe.summary())
        lines += self.rulebook
        if self.site is not None and not self.site.blocked:
            lines.append(self.site.summary())
        return lines


def build_outputs(pack: Pack, lang: str, build_dir: Path, only: str | tuple[str, ...] | None = None,
                  layouts_dir: Path = LAYOUTS_DIR, step: Callable[[str, int], None] | None = None,
                  jobs: int | None = None, back_offset: tuple[float, float] = (0.0, 0.0),
                  select: Callable[[Face], bool] | None = None, papers: tuple[str, ...] | None = None,
                  sheets: tuple[str, ...] | None = None, base_url: str | None = None,
                  paths: OutputPaths | None = None, book: CheckedBook | None = None, fonts: Store = NOWHERE,
                  build_paths: BuildPaths | None = None) -> BuildOutputs:
    """Build the pack's outputs (all of ``OUTPUTS`` but those ``ON_REQUEST``, or the one or several named by
    ``only``) into ``build/<pack>/``.

    The master is always drawn with the print shops' bleed, so every ``--only`` shares one render cache.
    ``select`` limits the build to some faces (tests build a slice of a pack); ``base_url`` is where the designer
    hosts the Tabletop Simulator images. A build passes where its outputs and caches go (``paths``, ``build_paths``;
    ``caches.paths``), the rulebook its checks rendered (``book``) and the store of font metrics. Press files
    (shop presets with ``format: pdfx``) are made only when ``only`` names ``shop``: they rasterise every page in
    CMYK, too slow for every build while a game changes. Raise ``LayoutError`` on bad layouts or sheet presets.
    """
    wanted = wanted_outputs(pack, only)
    out_dir = paths.out if paths is not None else pack_output_dir(build_dir, pack, lang)
    paths = paths or OutputPaths.beside(out_dir, pack)
    outputs = BuildOutputs(out_dir)
    if "rulebook" in wanted:  # first: its findings are the site's too, reported once
        outputs.findings += _rulebook(pack, out_dir, lang, layouts_dir, jobs, outputs, step, paths, book)
        give_back_memory()  # putting the PDFs together leaves free memory the stages that follow can use
    if "battlescribe" in wanted:
        from pnpforge.publish.battlescribe import build_battlescribe  # noqa: PLC0415

        outputs.battlescribe = build_battlescribe(pack, out_dir, lang)
        outputs.findings += outputs.battlescribe.findings
        if step is not None:
            step("battlescribe", len(outputs.battlescribe.files))
    if not wanted - set(NO_FACES):
        return outputs
    presets = load_presets(layouts_dir, pack)
    master = render_master(pack, lang, out_dir, [p.bleed_mm for p in presets], layouts_dir, step, jobs, select,
                           paths=paths, fonts_store=fonts)
    give_back_memory()  # drawing faces leaves free memory the workers that follow can use
    outputs.findings += master.findings
    outputs.rendered, outputs.refusals = master.rendered, master.refusals
    if "web" in wanted:  # before the faces and sheets: a fault only rendering a page shows stops what follows
        from pnpforge.publish.web.site import build_site  # noqa: PLC0415 - each output stage loads when asked for

        outputs.site = build_site(pack, build_dir, lang, layouts_dir, master=master, jobs=jobs, select=select,
                                  step=step, paths=build_paths, drawn=outputs.drawn)
        outputs.findings += outputs.site.findings
        if "rulebook" not in wanted:
            outputs.findings += outputs.site.rules_findings
        if outputs.site.blocked:
            outputs.faces = master
            return outputs
    if "faces" in wanted:
        outputs.faces = render_pack(pack, lang, out_dir, layouts_dir, master=master)
    else:
        outputs.faces = master
    if "shop" in wanted:
        outputs.shops = build_shop_files(master, [p for p in presets if p.format == "png"], out_dir, jobs)
        if only is not None:  # press files (every page rasterised in CMYK) only when shop files are asked for
            from pnpforge.publish.drivethru import build_deck_pdfs  # noqa: PLC0415 - loads pypdf

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
        from pnpforge.publish.tts import build_tts  # noqa: PLC0415

        outputs.tts = build_tts(pack, master, out_dir, lang, base_url)
        outputs.findings += outputs.tts.findings
        if step is not None:
            step("tabletop simulator", outputs.tts.drawn)
    return outputs


def wanted_outputs(pack: Pack, only: str | tuple[str, ...] | None) -> set[str]:
    """The outputs a build makes: those named by ``only``, else all but those on request and those a pack does not
    declare."""
    if only is not None:
        return {only} if isinstance(only, str) else set(only)
    return set(OUTPUTS) - set(ON_REQUEST) - {name for name in DECLARED if not _declares(pack, name)}


def _declares(pack: Pack, output: str) -> bool:
    """Whether the pack declares an export that only some packs have."""
    return output != "battlescribe" or has_mapping(pack)


def _rulebook(pack: Pack, out_dir: Path, lang: str, layouts_dir: Path, jobs: int | None, outputs: BuildOutputs,
              step: Callable[[str, int], None] | None, paths: OutputPaths,
              book: CheckedBook | None) -> list[Finding]:
    """The PDF rulebook's findings; its closing info line (what it wrote, how long) goes to ``outputs.rulebook``."""
    from pnpforge.publish.rulebook import build_rulebook, has_rulebook  # noqa: PLC0415

    if not has_rulebook(pack):
        return []
    findings = build_rulebook(pack, out_dir, lang, layouts_dir, jobs, paths=paths, checked=book,
                              drawn=outputs.drawn)
    outputs.rulebook = [f.message for f in findings if f.rule == "rulebook" and f.severity == "info"]
    if step is not None:
        step("rulebook", 1)
    return [f for f in findings if not (f.rule == "rulebook" and f.severity == "info")]
