"""A pack's build outputs: the face PDFs and the print-shop files, from one master render.

``pnpforge build`` and ``make`` call ``build_outputs``; tests and benchmarks use the same function, so there is
one code path from a pack to its files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from pnpforge.content.pack import Pack
from pnpforge.findings import Finding
from pnpforge.publish.shop import ShopResult, build_shop_files, load_presets
from pnpforge.render.layouts import LAYOUTS_DIR
from pnpforge.render.stage import RenderResult, pack_output_dir, render_master, render_pack

OUTPUTS = ("faces", "shop")


@dataclass
class BuildOutputs:
    """What one build of one pack wrote."""

    out_dir: Path
    faces: RenderResult | None = None
    shops: list[ShopResult] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)

    def face_count(self) -> int:
        """How many distinct faces the build drew."""
        return len(self.faces.faces) if self.faces else 0


def build_outputs(pack: Pack, lang: str, build_dir: Path, only: str | None = None,
                  layouts_dir: Path = LAYOUTS_DIR, step: Callable[[str, int], None] | None = None,
                  jobs: int | None = None) -> BuildOutputs:
    """Render the pack (faces and/or print-shop files) into ``build/<pack>/``; raise ``LayoutError`` on bad layouts."""
    out_dir = pack_output_dir(build_dir, pack, lang)
    presets = load_presets(layouts_dir) if only in (None, "shop") else []
    master = render_master(pack, lang, out_dir, [p.bleed_mm for p in presets], layouts_dir, step, jobs)
    outputs = BuildOutputs(out_dir, findings=list(master.findings))
    if only in (None, "faces"):
        outputs.faces = render_pack(pack, lang, out_dir, layouts_dir, master=master)
    else:
        outputs.faces = master
    if presets:
        outputs.shops = build_shop_files(master, presets, out_dir, jobs)
        for shop in outputs.shops:
            outputs.findings += shop.findings
            if step is not None:
                step(f"shop {shop.preset.id}", len(shop.pngs))
    return outputs
