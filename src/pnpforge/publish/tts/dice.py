"""Printed dice in Tabletop Simulator: each kind with a ``size`` becomes a custom six-sided die (``Custom_Dice``).

Its image (``dice/<kind>.png``) is the die's six faces (the ``die-face`` stickers, drawn from the master render)
laid out as the printed net lays them: a cross of four columns and three rows, the first face on top of the
second column, the last below it, the band between them, so that opposite faces add up to seven as on a common
die. Each die of the kind's ``qty`` is an object on the table; its description lists the faces as the rules read
them, and its ``RotationValues`` pair each declared face with the die's rotation that shows it on top (the six
rotations Tabletop Simulator gives its own six-sided dice, face 1 to 6), so a throw reports the face the rules read
(``hit hit``, ``miss``, a number as a number). See docs/why/dice.md for what Tabletop Simulator documents.
"""

from __future__ import annotations

from pathlib import Path

from pnpforge.content.pack import Pack
from pnpforge.files import write_atomic
from pnpforge.publish.tts.paint import Painter
from pnpforge.publish.tts.saved import place_object
from pnpforge.render.cache import hash_of
from pnpforge.render.faces import Face
from pnpforge.render.printed_dice import FACE_TYPE, NET_CELLS, printed_dice
from pnpforge.render.raster import png_bytes

DICE_DIR = "dice"
CELL_PX = 256  # a face's square in the image
DIE_UNIT_MM = 16.0  # a die of scale 1 in Tabletop Simulator is about this large
D6 = 1  # CustomDice.Type of a six-sided die (0 is four-sided, 2 eight-sided, ...)
# the Euler angles (x, y, z in degrees, z applied first, then x, then y) at which face 1 ... 6 of a six-sided die is up
FACE_UP_ROTATIONS = ((-90, 0, 0), (0, 0, 0), (0, 0, -90), (0, 0, 90), (0, 0, 180), (90, 0, 0))


def rotation_values(labels: list[tuple[str, int | None]]) -> list[dict]:
    """``RotationValues``: each face's value (its number, else its label) with the rotation that shows it on top."""
    return [{"Value": number if number is not None else label,
             "Rotation": {"x": float(x), "y": float(y), "z": float(z)}}
            for (label, number), (x, y, z) in zip(labels, FACE_UP_ROTATIONS)]


def dice_images(pack: Pack, painter: Painter, folder: Path, url) -> tuple[list[dict], list[Path]]:
    """The dice objects and the image files, one image per kind."""
    from PIL import Image  # noqa: PLC0415
    import numpy  # noqa: PLC0415

    objects, files = [], []
    faces = {face.key: face for face in painter.master.faces if face.type == FACE_TYPE}
    for index, (kind, spec) in enumerate(printed_dice(pack).items()):
        kind_faces: list[Face] = [faces[f"{FACE_TYPE}/{kind}-{n + 1}"] for n in range(len(spec.faces))
                                  if f"{FACE_TYPE}/{kind}-{n + 1}" in faces]
        if len(kind_faces) != len(spec.faces):
            continue  # a build that drew only some faces (a test's selection)
        target = folder / DICE_DIR / f"{kind}.png"
        key = hash_of("tts-die", *(painter.master.keys[face.key] for face in kind_faces))
        if not painter.master.stamps.fresh(target, key):
            image = Image.new("RGB", (4 * CELL_PX, 3 * CELL_PX), (255, 255, 255))
            for face, (column, row) in zip(kind_faces, NET_CELLS):
                image.paste(painter.face(face, CELL_PX, CELL_PX), (column * CELL_PX, row * CELL_PX))
            write_atomic(target, png_bytes(numpy.asarray(image), 300))
            painter.master.stamps.record(target, key)
            painter.drawn += 1
        files.append(target)
        name = spec.name if isinstance(spec.name, str) else (spec.name or {}).get(pack.game.languages[0]) or kind
        declared = spec.read_faces()
        described = "Faces: " + ", ".join(face.label for face in declared)
        values = rotation_values([(face.label, face.number) for face in declared])
        for copy in range(spec.qty):
            objects.append(place_object(
                "Custom_Dice", f"die/{kind}/{copy}", name, (index * 2.0, 3.0 + copy * 2.0),
                float(spec.size or DIE_UNIT_MM) / DIE_UNIT_MM, Description=described, RotationValues=values,
                CustomImage={"ImageURL": url(target), "ImageSecondaryURL": "", "ImageScalar": 1.0,
                             "WidthScale": 0.0, "CustomDice": {"Type": D6}}))
    return objects, files
