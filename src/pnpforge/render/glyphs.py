"""The glyphs a build's faces use, per font: one subset of each font serves every PDF of the build.

Each PDF the build assembles from natively drawn faces (face PDFs, print-shop PDFs, home-print sheets) embeds
the fonts its faces use. Subsetting a font costs about 50 ms, and every PDF uses its own mix of glyphs, so a
subset per font and PDF would be made dozens of times in a cold build. Instead every PDF embeds one subset of
each font: the glyphs of printable ASCII, and every other glyph the build's faces use. Each file carries some
glyphs it does not show, and each font is subset once (``subsets.subset_program`` keeps it for the process).

Which glyphs each face uses is kept in ``cache/glyphs.json`` by the face's render key (with each font's ASCII
glyphs), so a build reads only the faces it has not seen, and a build with nothing changed reads nothing but that
file. The plan's digest is part of each assembled file's stamp. Because the ASCII glyphs are always in, an edit
in plain letters, digits and punctuation leaves the subsets alone and reassembles only the files whose faces
changed; a glyph beyond ASCII that appears or goes changes every file that embeds its font.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from pnpforge.caches import code
from pnpforge.files import write_atomic
from pnpforge.render.cache import FaceCache, hash_of

GLYPHS = "glyphs.json"
BASE = "".join(chr(code) for code in range(0x20, 0x7F))  # always in a subset: printable ASCII


@dataclass(frozen=True)
class GlyphPlan:
    """Per font file, every glyph id the build's faces use; and a digest of it for stamps."""

    gids: dict[str, tuple[int, ...]]
    digest: str


def _version() -> str:
    """What ``glyphs.json`` was made by: the render stage's code (``caches.code``)."""
    return code.digest("render")


def glyph_plan(cache: FaceCache, keys: Iterable[str]) -> GlyphPlan:
    """The plan of the faces with these render keys, from ``glyphs.json`` and the faces it does not know yet."""
    record = cache.folder.parent / GLYPHS
    wanted = sorted(set(keys))
    try:
        stored = json.loads(record.read_text(encoding="utf-8"))
        if stored.get("version") != _version():
            stored = {}
    except (OSError, ValueError):
        stored = {}
    known = stored.get("faces") if isinstance(stored.get("faces"), dict) else {}
    known_bases = stored.get("bases") if isinstance(stored.get("bases"), dict) else {}
    faces: dict[str, dict[str, list[int]]] = {}
    for key in wanted:
        used = known.get(key)
        if not isinstance(used, dict):
            used = {}
            for path, glyphs in cache.fragment(key).fonts.values():
                used[path] = sorted(set(used.get(path, [])) | set(glyphs))
        faces[key] = used
    union: dict[str, set[int]] = {}
    for in_face in faces.values():
        for path, face_gids in in_face.items():
            union.setdefault(path, set()).update(face_gids)
    bases = {path: _base(path, known_bases.get(path)) for path in sorted(union)}
    if faces != known or bases != known_bases:
        write_atomic(record, json.dumps({"version": _version(), "bases": bases, "faces": faces}, sort_keys=True) + "\n")
    gids = {path: tuple(sorted(glyphs | set(bases[path]["gids"]))) for path, glyphs in sorted(union.items())}
    return GlyphPlan(gids, hash_of(_version(), *(f"{Path(path).name}:{glyphs}" for path, glyphs in gids.items())))


def _base(path: str, known) -> dict:
    """The glyphs of ``BASE`` in a font file, as kept (``{size, mtime, gids}``), read again when the file
    changed."""
    try:
        status = Path(path).stat()
    except OSError:
        return {"size": -1, "mtime": 0, "gids": []}
    stamp = {"size": status.st_size, "mtime": status.st_mtime_ns}
    if isinstance(known, dict) and {k: known.get(k) for k in stamp} == stamp and isinstance(known.get("gids"), list):
        return known
    from pnpforge.render.subsets import base_glyphs  # noqa: PLC0415 - loads fontTools, once per font file

    return {**stamp, "gids": base_glyphs(path, BASE)}
