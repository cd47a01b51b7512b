"""A whole diff of one pack: render both versions, compare their data and faces, write the sheets and the report.

The new version is rendered into the pack's build folder (``render.stage.pack_output_dir``), so the faces a build
drew are reused and the faces drawn here serve the next build; the old version is rendered into
``<out>/<pack>/diff/old/``, whose face cache is kept, so a second diff against the same version draws nothing. Both
are drawn at the same bleed (the widest the new version's outputs need, as a build draws it), so their pages are
the same size and equal drawings give equal render keys.
"""

from __future__ import annotations

import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from pnpforge.caches.paths import OutputPaths
from pnpforge.caches.store import NOWHERE, Store
from pnpforge.content.pack import Pack
from pnpforge.diff.faces import FaceDiff, compare_faces
from pnpforge.diff.items import DataDiff, compare_packs
from pnpforge.diff.reprint import Reprint, write_sheets
from pnpforge.diff.report import report_data, write_report
from pnpforge.diff.revision import OldVersion
from pnpforge.findings import Finding
from pnpforge.impose.stage import PRINT_DIR
from pnpforge.publish.shop import load_presets
from pnpforge.render.layouts import LAYOUTS_DIR
from pnpforge.render.stage import RenderResult, pack_output_dir, render_master

DIFF_DIR = "diff"
OLD_DIR = "old"
Progress = Callable[[str, int], None]


@dataclass
class DiffResult:
    """What one diff found and wrote."""

    folder: Path
    report: dict
    data: DataDiff
    faces: FaceDiff
    reprint: Reprint | None
    written: tuple[Path, Path]  # diff.json, changes.md
    drawn: tuple[int, int] = (0, 0)  # faces drawn for the new and the old version (the others came from caches)
    counts: tuple[int, int] = (0, 0)  # faces of the new and the old version
    findings: list[Finding] = field(default_factory=list)  # the sheets' (impose stage) findings
    seconds: float = 0.0

    @property
    def differences(self) -> bool:
        return bool(self.report["differences"])


def diff_folder(out_dir: Path, pack: Pack) -> Path:
    """``<out>/<pack>/diff/``: where a diff of the pack writes."""
    return out_dir / pack.id / DIFF_DIR


def old_folder(out_dir: Path, pack: Pack) -> Path:
    """``<out>/<pack>/diff/old/``: the old version's files (from git) and its render."""
    return diff_folder(out_dir, pack) / OLD_DIR


def run_diff(new: Pack, old: Pack, old_version: OldVersion, lang: str, out_dir: Path, sheets: bool = False,
             layouts_dir: Path = LAYOUTS_DIR, progress: Progress | None = None,
             jobs: int | None = None, paths: OutputPaths | None = None, fonts: Store = NOWHERE) -> DiffResult:
    """Compare ``old`` with ``new`` in ``lang``; write the pictures, the sheets (``sheets``) and the report.
    ``progress`` hears of each face drawn (``faces <type> (new)``). Raise ``LayoutError`` when either version's
    layouts cannot be used. A build passes where its caches are (``paths``) and the store of font metrics."""
    started = time.monotonic()
    folder = diff_folder(out_dir, new)
    new_render = render_master(new, lang, pack_output_dir(out_dir, new, lang),
                               [p.bleed_mm for p in load_presets(layouts_dir, new)], layouts_dir,
                               _labelled(progress, "new"), jobs, paths=paths, fonts_store=fonts)
    bleed = max(new_render.bleeds.values(), default=0.0)
    old_render = render_master(old, lang, old_folder(out_dir, new),
                               [p.bleed_mm for p in load_presets(layouts_dir, old)] + [bleed], layouts_dir,
                               _labelled(progress, "old"), jobs, fonts_store=fonts)
    data = compare_packs(old, new, (out_dir,))
    edited = {(c.type, c.id) for c in data.items if c.change == "changed"}
    faces = compare_faces(old_render, new_render, folder, progress, edited)
    reprint = None
    if sheets:
        reprint = write_sheets(new, new_render, faces.keys("changed", "added"), folder, layouts_dir)
    else:
        _remove_sheets(folder)
    report = report_data(new, old, lang, old_version, data, faces, reprint)
    written = write_report(folder, report)
    return DiffResult(folder, report, data, faces, reprint, written, (new_render.rendered, old_render.rendered),
                      (_count(new_render), _count(old_render)), reprint.findings if reprint else [],
                      time.monotonic() - started)


def _labelled(progress: Progress | None, version: str) -> Progress | None:
    """Progress of one version's render, its stages named with the version."""
    if progress is None:
        return None
    return lambda what, count: progress(f"{what} ({version})", count)


def _count(render: RenderResult) -> int:
    return sum(face.key in render.pages for face in render.faces)


def _remove_sheets(folder: Path) -> None:
    """Sheets of an earlier diff would show changes this one did not find."""
    shutil.rmtree(folder / PRINT_DIR, ignore_errors=True)
