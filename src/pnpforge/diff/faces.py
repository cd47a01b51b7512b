"""Faces whose drawing changed between two renders of a pack, found by their pixels, with a picture of each.

A face is matched by its key (``card/scout``, ``card/back/all``). Two faces with the same render key (a hash of
everything that decides their drawing, ``render.cache``) are the same and are not rasterised; the others are
rasterised from the master PDFs at ``DPI`` and compared pixel by pixel, so a face redrawn identically (a field the
layout does not print) is not reported.

Pixels that differ are not always a difference anyone can see: the same face drawn by the other renderer (a CSS
edit that moves a layout between pnpforge's renderer and WeasyPrint), or a glyph placed a fraction of a pixel
further, changes the antialiased edges of text and lines. So a difference counts as visible by the bound the face
renderers are held to, 24/255 in a channel (``render.verify.TOLERANCE``), measured on both pictures smoothed over
``SMOOTH_PX`` pixels (about a millimetre at ``DPI``): an edge that moved by a fraction of a pixel stays well under it
(at most 19/255 over the shipped packs' faces drawn both ways), a character changed in 6 pt text goes over it. A
front whose own item's data changed is held to the bound pixel by pixel, unsmoothed, so that no edit to a card's
values can hide in small print. A face that differs by less is "redrawn, no visible change": listed, not pictured,
not reprinted.

For each face that differs visibly, ``faces/<type>/<face file stem>.png`` shows the old version on the left and the
new one on the right at the same scale, with the regions that differ outlined in red on both.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Collection

from pnpforge.files import write_atomic
from pnpforge.render.faces import FRONT, Face
from pnpforge.render.raster import png_bytes, rasterise_arrays
from pnpforge.render.stage import RenderResult
from pnpforge.render.verify import TOLERANCE

DPI = 120
SMOOTH_PX = 5  # the square both pictures are averaged over before comparing (5 px at 120 dpi: 1.06 mm)
FACES_DIR = "faces"
MARGIN_PX = 12  # neutral ground round the two faces
GAP_PX = 24  # between the old face and the new
GROUND = (222, 222, 222)
OUTLINE = (230, 0, 0)
OUTLINE_PX = 2
OUTLINE_PAD_PX = 3  # the outline sits this far outside the pixels that differ
REGION_GAP_MM = 2.5  # differing pixels closer than this belong to one region
MAX_REGIONS = 8  # more regions than this are outlined as one
ADDED, REMOVED, CHANGED, REDRAWN = "added", "removed", "changed", "redrawn"


@dataclass
class FaceChange:
    """A face added, removed, or drawn differently."""

    key: str
    type: str
    side: str
    change: str
    items: list[str]  # ids of the items printed with it
    image: str | None = None  # the side-by-side picture, relative to the diff folder
    regions: list[tuple[int, int, int, int]] = field(default_factory=list)  # x, y, w, h in pixels at DPI
    resized: bool = False  # the face's size changed

    def to_json(self) -> dict:
        return {"key": self.key, "type": self.type, "side": self.side, "change": self.change, "items": self.items,
                "image": self.image, "regions_px": [list(r) for r in self.regions], "resized": self.resized}


@dataclass
class FaceDiff:
    """What the pixel comparison found."""

    changes: list[FaceChange]
    unchanged: int  # faces of both versions with the same drawing
    redrawn_identically: int  # of those, faces whose inputs changed but whose pixels did not
    dpi: int = DPI
    redrawn: list[FaceChange] = field(default_factory=list)  # pixels differ, but by less than can be seen

    def keys(self, *changes: str) -> list[str]:
        return [c.key for c in self.changes if c.change in changes]


def compare_faces(old: RenderResult, new: RenderResult, folder: Path,
                  progress: Callable[[str, int], None] | None = None,
                  edited: Collection[tuple[str, str]] = ()) -> FaceDiff:
    """Compare every face of ``old`` and ``new``; the pictures go to ``folder/faces/`` (emptied first).
    ``progress`` hears of each face whose pixels were compared; ``edited`` names the items (type, id) whose data
    changed, whose fronts are compared unsmoothed."""
    pictures = folder / FACES_DIR
    if pictures.exists():
        shutil.rmtree(pictures)
    before = {face.key: face for face in old.faces if face.key in old.pages}
    after = {face.key: face for face in new.faces if face.key in new.pages}
    changes: list[FaceChange] = []
    redrawn: list[FaceChange] = []
    unchanged = identical = 0
    for type_name in dict.fromkeys([f.type for f in after.values()] + [f.type for f in before.values()]):
        common = [k for k, f in after.items() if f.type == type_name and k in before]
        differ = [k for k in common if old.keys.get(k) != new.keys.get(k)]
        unchanged += len(common) - len(differ)
        old_pixels, new_pixels = _pixels(old, differ), _pixels(new, differ)
        for key in differ:
            face = after[key]
            strict = face.side == FRONT and any((face.type, item) in edited for item in face.items)
            change = _compare(face, old_pixels.pop(key), new_pixels.pop(key), folder, strict)
            if change is None:
                unchanged += 1
                identical += 1
            elif change.change == REDRAWN:
                redrawn.append(change)
            else:
                changes.append(change)
            if progress is not None:
                progress("comparing pixels", 1)
        changes += [_listed(f, ADDED) for k, f in after.items() if f.type == type_name and k not in before]
        changes += [_listed(f, REMOVED) for k, f in before.items() if f.type == type_name and k not in after]
    order = list(after) + list(before)
    return FaceDiff(_ordered(changes, order), unchanged, identical, redrawn=_ordered(redrawn, order))


def _ordered(changes: list[FaceChange], keys: list[str]) -> list[FaceChange]:
    """Changes in the packs' order of faces (the new version's, then faces only the old one has)."""
    place = {key: index for index, key in reversed(list(enumerate(keys)))}
    return sorted(changes, key=lambda c: place[c.key])


def _listed(face: Face, change: str) -> FaceChange:
    return FaceChange(face.key, face.type, face.side, change, list(face.items))


def _compare(face: Face, old, new, folder: Path, strict: bool = False) -> FaceChange | None:
    """The change of one face whose pixels may differ, with its picture; None when the pixels are the same, a
    ``redrawn`` change without a picture when they differ by less than can be seen (``strict``: unsmoothed)."""
    import numpy  # noqa: PLC0415 - loaded by the commands that compare pixels

    resized = old.shape != new.shape
    if resized:
        old, new = _common_canvas(old, new)
    if not numpy.any(old != new):
        return None
    differs = visible_difference(old, new, strict)
    if not resized and not differs.any():
        return FaceChange(face.key, face.type, face.side, REDRAWN, list(face.items))
    if not differs.any():  # a face that changed its size changed, however alike the pixels are
        differs = numpy.any(old != new, axis=2)
    boxes = regions(differs, max(1, round(REGION_GAP_MM * DPI / 25.4)))
    image = f"{FACES_DIR}/{face.type}/{face.file_stem}.png"
    write_atomic(folder / image, png_bytes(side_by_side(old, new, boxes), DPI))
    return FaceChange(face.key, face.type, face.side, CHANGED, list(face.items), image, boxes, resized)


def visible_difference(old, new, strict: bool = False):
    """The mask of pixels where two pictures of one size differ by more than ``TOLERANCE`` in a channel once both
    are averaged over ``SMOOTH_PX`` x ``SMOOTH_PX`` pixels (``strict``: or pixel by pixel, unaveraged)."""
    import numpy  # noqa: PLC0415

    smoothed = numpy.abs(_smooth(old) - _smooth(new)).max(axis=2) > TOLERANCE
    if strict:
        smoothed |= numpy.abs(old.astype(numpy.int16) - new.astype(numpy.int16)).max(axis=2) > TOLERANCE
    return smoothed


def _smooth(pixels):
    """Each channel averaged over the ``SMOOTH_PX`` square round each pixel (the edges repeated outwards)."""
    import numpy  # noqa: PLC0415

    reach = SMOOTH_PX // 2
    padded = numpy.pad(pixels.astype(numpy.int64), ((reach + 1, reach), (reach + 1, reach), (0, 0)), mode="edge")
    sums = padded.cumsum(axis=0).cumsum(axis=1)
    height, width = pixels.shape[:2]
    low, high = slice(0, height), slice(SMOOTH_PX, SMOOTH_PX + height)
    left, right = slice(0, width), slice(SMOOTH_PX, SMOOTH_PX + width)
    total = sums[high, right] - sums[low, right] - sums[high, left] + sums[low, left]
    return total / (SMOOTH_PX * SMOOTH_PX)


def _pixels(result: RenderResult, keys: list[str]) -> dict:
    """The pixels of some faces of a render, by face key, read from its master PDFs."""
    wanted: dict[Path, dict[int, str]] = {}
    for key in keys:
        pdf, page = result.pages[key]
        wanted.setdefault(pdf, {})[page] = key
    found = {}
    for pdf, pages in wanted.items():
        for index, pixels in rasterise_arrays(pdf, DPI, False, sorted(pages)):
            found[pages[index]] = pixels
    return found


def _common_canvas(old, new):
    """Two faces of different sizes, each centred on a paper-coloured canvas the size of both."""
    import numpy  # noqa: PLC0415

    height, width = max(old.shape[0], new.shape[0]), max(old.shape[1], new.shape[1])

    def centred(pixels):
        canvas = numpy.full((height, width, 3), 255, dtype=numpy.uint8)
        top, left = (height - pixels.shape[0]) // 2, (width - pixels.shape[1]) // 2
        canvas[top:top + pixels.shape[0], left:left + pixels.shape[1]] = pixels
        return canvas

    return centred(old), centred(new)


def regions(differs, gap: int) -> list[tuple[int, int, int, int]]:
    """Boxes ``(x, y, w, h)`` round the groups of differing pixels, cut apart where ``gap`` pixels in a row (or
    column) are the same; one box round them all when there are more than ``MAX_REGIONS``."""
    boxes = _cut(differs, 0, 0, gap)
    if len(boxes) <= MAX_REGIONS:
        return boxes
    left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
    right, bottom = max(b[0] + b[2] for b in boxes), max(b[1] + b[3] for b in boxes)
    return [(left, top, right - left, bottom - top)]


def _cut(differs, top: int, left: int, gap: int) -> list[tuple[int, int, int, int]]:
    """Split a block of the mask along empty bands of rows first, then of columns, until neither splits it."""
    rows, columns = _runs(differs.any(axis=1), gap), _runs(differs.any(axis=0), gap)
    if not rows:
        return []
    if len(rows) == 1 and len(columns) == 1:
        (y0, y1), (x0, x1) = rows[0], columns[0]
        return [(left + x0, top + y0, x1 - x0, y1 - y0)]
    if len(rows) > 1:
        return [box for y0, y1 in rows for box in _cut(differs[y0:y1], top + y0, left, gap)]
    return [box for x0, x1 in columns for box in _cut(differs[:, x0:x1], top, left + x0, gap)]


def _runs(flags, gap: int) -> list[tuple[int, int]]:
    """``(start, end)`` of the runs of set flags, runs closer than ``gap`` unset flags joined."""
    import numpy  # noqa: PLC0415

    set_at = numpy.flatnonzero(flags)
    if not set_at.size:
        return []
    breaks = numpy.flatnonzero(numpy.diff(set_at) > gap)
    starts = [int(set_at[0])] + [int(set_at[b + 1]) for b in breaks]
    ends = [int(set_at[b]) + 1 for b in breaks] + [int(set_at[-1]) + 1]
    return list(zip(starts, ends))


def side_by_side(old, new, boxes: list[tuple[int, int, int, int]]):
    """The old face left and the new one right, on a neutral ground with a gap between, each region outlined."""
    import numpy  # noqa: PLC0415

    height = max(old.shape[0], new.shape[0]) + 2 * MARGIN_PX
    width = old.shape[1] + GAP_PX + new.shape[1] + 2 * MARGIN_PX
    canvas = numpy.empty((height, width, 3), dtype=numpy.uint8)
    canvas[:] = GROUND
    for pixels, left in ((old, MARGIN_PX), (new, MARGIN_PX + old.shape[1] + GAP_PX)):
        canvas[MARGIN_PX:MARGIN_PX + pixels.shape[0], left:left + pixels.shape[1]] = pixels
        for x, y, w, h in boxes:
            _outline(canvas, left + x - OUTLINE_PAD_PX, MARGIN_PX + y - OUTLINE_PAD_PX,
                     w + 2 * OUTLINE_PAD_PX, h + 2 * OUTLINE_PAD_PX)
    return canvas


def _outline(canvas, x: int, y: int, w: int, h: int) -> None:
    """A red rectangle ``OUTLINE_PX`` wide whose outer edge is the box, clipped to the canvas."""
    height, width = canvas.shape[:2]
    x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + w, width), min(y + h, height)
    line = OUTLINE_PX
    canvas[y0:min(y0 + line, y1), x0:x1] = OUTLINE
    canvas[max(y1 - line, y0):y1, x0:x1] = OUTLINE
    canvas[y0:y1, x0:min(x0 + line, x1)] = OUTLINE
    canvas[y0:y1, max(x1 - line, x0):x1] = OUTLINE
