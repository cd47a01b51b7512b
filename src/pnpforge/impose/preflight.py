"""True-scale faces checked against the sheets before a build draws anything.

A face marked ``scale: true`` that a sheet of the print plan cannot hold at 100 % stops the build; ``validate
--static`` and the build's own checks find it here, from the layouts alone (no face is rendered), with the same
located error the impose stage would give: the sheets are planned by the same ``sheet_pages``.
"""

from __future__ import annotations

from pathlib import Path

from pnpforge.content.pack import Pack
from pnpforge.findings import Finding
from pnpforge.impose.presets import Presets, sheet_search_path
from pnpforge.impose.stage import piece_of, sheet_pages, styles_for
from pnpforge.render.faces import FRONT, pack_faces
from pnpforge.render.geometry import LayoutError
from pnpforge.render.layouts import LAYOUTS_DIR
from pnpforge.render.stage import open_layouts


def check_true_scale(pack: Pack, layouts_dir: Path = LAYOUTS_DIR) -> list[Finding]:
    """An error for each true-scale face some sheet of the plan cannot print at 100 %, at its layout's size."""
    try:
        faces, _ = pack_faces(pack, open_layouts(pack, layouts_dir))
        if not any(face.layout.true_scale for face in faces):
            return []
        presets = Presets(sheet_search_path(pack, layouts_dir))
        plan = presets.plan()
    except LayoutError:
        return []  # the layout and print plan checks report it
    by_key = {face.key: piece_of(face) for face in faces}
    fronts: dict[str, list] = {}
    for face in faces:
        if face.side == FRONT:
            fronts.setdefault(face.type, []).append(by_key[face.key])
    found: list[Finding] = []
    for paper in plan.papers:
        for type_name, pieces in fronts.items():
            measured = [piece for piece in pieces if piece.true_scale]
            for style in (styles_for(plan, type_name, pieces) or ()) if measured else ():
                try:
                    sheet = presets.sheet(paper, style)
                except LayoutError:
                    continue  # the print plan check reports it
                _, problems = sheet_pages(sheet, measured, by_key, (0.0, 0.0))
                found += [p for p in problems if isinstance(p, Finding) and p.blocking]
    return list(dict.fromkeys(found))
