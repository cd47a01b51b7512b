"""Reprint sheets: home-print sheets holding only the cards whose faces changed or were added, with their copies.

A sheet prints fronts with their backs, so the faces to print are the fronts that changed or were added, the
fronts whose back changed or was added (their backs are reprinted, and a back is printed behind its front), and
the backs of all of those. The sheets are made by the impose stage from the new version's render limited to those
faces, exactly as ``pnpforge build --only print`` makes them; the manifest it writes (``print.json``) is read back
and checked to hold those faces and no other.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field, replace
from pathlib import Path

from pnpforge.content.pack import Pack
from pnpforge.findings import Finding
from pnpforge.impose.geometry import BACK
from pnpforge.impose.stage import PRINT_DIR, PrintResult, impose_pack
from pnpforge.render.faces import FRONT
from pnpforge.render.layouts import LAYOUTS_DIR
from pnpforge.render.stage import RenderResult


@dataclass
class Reprint:
    """The reprint sheets written, and what they hold."""

    fronts: list[str]  # face keys of the fronts printed
    backs: list[str]  # face keys of their backs
    copies: int  # cards printed (every copy of each front)
    result: PrintResult | None = None
    problems: list[str] = field(default_factory=list)  # where the sheets do not hold exactly these faces

    @property
    def findings(self) -> list[Finding]:
        return self.result.findings if self.result else []

    def to_json(self) -> dict:
        """What the report says of the sheets; files relative to the sheets' folder."""
        files = [item.path.relative_to(self.result.folder).as_posix() for item in self.result.files] \
            if self.result else []
        return {"folder": PRINT_DIR, "fronts": self.fronts, "backs": self.backs, "copies": self.copies,
                "files": files, "problems": self.problems}


def reprinted_faces(new: RenderResult, changed: list[str]) -> tuple[list[str], list[str]]:
    """The fronts and backs to reprint, in the pack's order, for the faces that changed or were added."""
    faces = {face.key: face for face in new.faces}
    wanted = {key for key in changed if key in faces}
    fronts = [f.key for f in new.faces if f.side == FRONT and (f.key in wanted or f.back in wanted)]
    backs_needed = {faces[key].back for key in fronts if faces[key].back in faces}
    backs = [f.key for f in new.faces if f.side != FRONT and f.key in backs_needed]
    return fronts, backs


def limited(result: RenderResult, keys: set[str]) -> RenderResult:
    """The render with only some faces: what the impose stage is given to put on sheets.

    A copy of the result rather than a second render with ``select``: the faces are drawn already, and the build's
    master PDFs stay whole."""
    return replace(result, faces=[f for f in result.faces if f.key in keys],
                   pages={k: v for k, v in result.pages.items() if k in keys},
                   bleeds={k: v for k, v in result.bleeds.items() if k in keys},
                   keys={k: v for k, v in result.keys.items() if k in keys},
                   findings=[], plans={}, pdfs=list(result.pdfs))


def write_sheets(pack: Pack, new: RenderResult, changed: list[str], folder: Path,
                 layouts_dir: Path = LAYOUTS_DIR, back_offset: tuple[float, float] = (0.0, 0.0)) -> Reprint:
    """Sheets of the changed and added faces' cards in ``folder/print/`` (removed when there is nothing to print)."""
    fronts, backs = reprinted_faces(new, changed)
    faces = {face.key: face for face in new.faces}
    reprint = Reprint(fronts, backs, sum(faces[key].copies for key in fronts))
    if not fronts:
        shutil.rmtree(folder / PRINT_DIR, ignore_errors=True)
        return reprint
    reprint.result = impose_pack(pack, limited(new, set(fronts) | set(backs)), folder, layouts_dir, back_offset)
    assert reprint.result.manifest is not None  # impose_pack always writes one
    reprint.problems = check_manifest(reprint.result.manifest, fronts, backs)
    return reprint


def check_manifest(manifest: Path, fronts: list[str], backs: list[str]) -> list[str]:
    """What the sheets' manifest holds beyond or short of the fronts and backs meant to be reprinted."""
    files = json.loads(manifest.read_text(encoding="utf-8"))["files"]
    placed = {(page["side"] == BACK, placement["face"]) for entry in files for page in entry["pages"]
              for placement in page["faces"]}
    on_fronts = {face for back, face in placed if not back}
    on_backs = {face for back, face in placed if back}
    problems = [f"{key} is on no sheet" for key in fronts if key not in on_fronts]
    problems += [f"{key} is on the sheets but is not reprinted" for key in sorted((on_fronts | on_backs)
                                                                                  - set(fronts) - set(backs))]
    return problems
