"""Standees in Tabletop Simulator: each figure drawn as a standee becomes a ``Figurine_Custom``.

Its front image is the standee's front panel and its back image the back panel turned right way up, as a player
standing behind the folded standee sees it (``figures/<type>/<id>.png`` and ``...-back.png``). Each copy is an
object on the table, in a row behind the decks.
"""

from __future__ import annotations

from pathlib import Path

from pnpforge.files import write_atomic
from pnpforge.publish.tts.describe import Describer
from pnpforge.publish.tts.grid import MM_PER_INCH
from pnpforge.publish.tts.paint import Painter
from pnpforge.publish.tts.saved import place_object
from pnpforge.render.cache import hash_of
from pnpforge.render.faces import Face
from pnpforge.render.raster import png_bytes
from pnpforge.render.standee import base_field

FIGURES_DIR = "figures"
DPI = 200
FIGURE_UNIT_MM = 25.0  # a figurine of scale 1 stands on about an inch


def is_standee(face: Face) -> bool:
    """True for a face its layout draws as a standee."""
    return base_field(face.layout) is not None


def figurines(faces: list[Face], painter: Painter, folder: Path, url, describer: Describer) \
        -> tuple[list[dict], list[Path]]:
    """The figurine objects and their image files."""
    import numpy  # noqa: PLC0415
    from PIL import Image  # noqa: PLC0415

    objects, files = [], []
    row = 0
    for face in faces:
        numbers = face.layout.params["standee"]
        width = round(face.layout.width / MM_PER_INCH * DPI)
        height = round(face.layout.height / MM_PER_INCH * DPI)
        px = height / face.layout.height
        front_png = folder / FIGURES_DIR / face.type / f"{face.file_stem}.png"
        back_png = front_png.with_name(f"{face.file_stem}-back.png")
        key = hash_of("tts-figure", painter.master.keys[face.key], str(DPI))
        if not (painter.master.stamps.fresh(front_png, key) and painter.master.stamps.fresh(back_png, key)):
            image = painter.face(face, width, height)
            tab, tall = numbers["tab"], numbers["height"]
            left, right = round(numbers["left"] * px), round((numbers["left"] + numbers["width"]) * px)
            back = image.crop((left, round(tab * px), right, round((tab + tall) * px)))
            back = back.transpose(Image.Transpose.ROTATE_180)
            front = image.crop((left, round((tab + tall) * px), right, round((tab + 2 * tall) * px)))
            for target, part in ((front_png, front), (back_png, back)):
                write_atomic(target, png_bytes(numpy.asarray(part), DPI))
                painter.master.stamps.record(target, key)
                painter.drawn += 1
        files += [front_png, back_png]
        for copy in range(face.copies):
            objects.append(place_object(
                "Figurine_Custom", f"figure/{face.key}/{copy}", describer.name(face.item), (row * 2.0, -30.0),
                numbers["width"] / FIGURE_UNIT_MM, Description=describer.description(face.item),
                CustomImage={"ImageURL": url(front_png), "ImageSecondaryURL": url(back_png), "ImageScalar": 1.0,
                             "WidthScale": 0.0}))
            row += 1
    return objects, files
