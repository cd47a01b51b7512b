"""The render stage: a loaded pack to one PDF per component type, one page per face, plus a manifest.

``build/<pack>/faces/<type>.pdf`` holds the type's fronts, then its backs; ``build/<pack>/faces/faces.json``
lists every face with its PDF page, copies, back, size, bleed, safe zone and zone geometry, which is what the
impose stage needs to place faces on sheets. A build in a language other than the pack's first goes to
``build/<pack>/<lang>/``.

The pack is laid out once, as a master with the widest bleed any output needs (``cache/master/``); the face
PDFs and the print-shop PDFs are that master with smaller page boxes (``render.crop``), so every output shows
the same vector pages and the layout work is done once per build.
"""

from __future__ import annotations

import json
import os
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from weasyprint.text.fonts import FontConfiguration

from pnpforge.content.pack import Pack, load_pack
from pnpforge.findings import Finding, Mark
from pnpforge.render.crop import crop_pdf
from pnpforge.render.document import Renderer
from pnpforge.render.faces import Face, pack_faces
from pnpforge.render.fonts import load_fonts
from pnpforge.render.layouts import LAYOUTS_DIR, LayoutSet, load_sizes, search_path
from pnpforge.render.pdf import write_pdf

FACES_DIR = "faces"
MASTER_DIR = "cache/master"
ART_DIR = "cache/art"
MANIFEST = "faces.json"
Progress = Callable[[str, int], None]


@dataclass
class RenderResult:
    """What a render produced: the faces, where each one's page is, and the findings on the way."""

    pack_id: str
    lang: str
    faces: list[Face]
    pages: dict[str, tuple[Path, int]] = field(default_factory=dict)
    pdfs: list[Path] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    manifest: Path | None = None
    bleeds: dict[str, float] = field(default_factory=dict)  # face key -> bleed of its page in mm

    def type_pages(self) -> dict[Path, list[Face]]:
        """The faces of each PDF, page by page."""
        grouped: dict[Path, list[Face]] = {}
        for face in self.faces:
            if face.key in self.pages:
                grouped.setdefault(self.pages[face.key][0], []).append(face)
        return grouped


def default_language(pack: Pack) -> str:
    """The pack's first language: the one a build uses when none is asked for."""
    return pack.game.languages[0]


def pack_output_dir(build_dir: Path, pack: Pack, lang: str) -> Path:
    """``build/<pack>`` for the pack's first language, ``build/<pack>/<lang>`` for the others."""
    base = build_dir / pack.id
    return base if lang == default_language(pack) else base / lang


def open_layouts(pack: Pack, layouts_dir: Path = LAYOUTS_DIR) -> LayoutSet:
    """The layouts the pack sees (its own, then ``layouts/<pack-id>/``, then ``layouts/generic/``)."""
    return LayoutSet(search_path(pack.root, pack.id, layouts_dir), load_sizes(layouts_dir))


def render_master(pack: Pack, lang: str, out_dir: Path, extra_bleeds: Iterable[float] = (),
                  layouts_dir: Path = LAYOUTS_DIR, progress: Progress | None = None,
                  jobs: int | None = 1, select: Callable[[Face], bool] | None = None) -> RenderResult:
    """Lay out every face once, with the widest bleed any output needs, into ``out_dir/cache/master/``.

    With ``jobs`` > 1 the component types are laid out in that many processes, the largest types first;
    ``select`` limits the work to some faces (tests render a few).
    """
    layouts = open_layouts(pack, layouts_dir)
    faces, problems = pack_faces(pack, layouts)
    if select is not None:
        faces = [face for face in faces if select(face)]
    bleed = max([face.layout.bleed for face in faces] + list(extra_bleeds) + [0.0])
    result = RenderResult(pack.id, lang, faces, findings=list(problems))
    grouped = _by_type(faces)
    largest_first = sorted(grouped, key=lambda name: -len(grouped[name]))
    workers = min(jobs or os.cpu_count() or 1, len(largest_first))
    if workers > 1:
        tasks = [(str(pack.root), lang, str(out_dir), bleed, str(layouts_dir), name,
                  [face.key for face in grouped[name]]) for name in largest_first]
        with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn")) as pool:
            done = {out.type_name: out for out in _progressing(pool.map(_render_type_task, tasks), progress)}
    else:
        renderer = _renderer(pack, lang, out_dir, bleed, layouts_dir)
        done = {name: out for name, out in
                ((name, _render_type(renderer, name, grouped[name], out_dir)) for name in grouped)}
        for name in grouped:
            if progress is not None:
                progress(name, len(grouped[name]))
    for type_name, type_faces in grouped.items():
        out = done[type_name]
        result.findings += [Finding("warning", f"PDF stage: {message}", mark=Mark(type_faces[0].layout.path),
                                    subject=f"layout '{type_faces[0].layout.name}'", rule="render-pdf")
                            for message in dict.fromkeys(out.warnings)]
        result.findings += out.findings
        result.pdfs.append(out.target)
        for index, face in enumerate(type_faces):
            result.pages[face.key] = (out.target, index)
            result.bleeds[face.key] = bleed
    return result


@dataclass
class _TypeOutput:
    """One component type's master PDF and what happened while making it."""

    type_name: str
    target: Path
    count: int
    warnings: list[str]
    findings: list[Finding]


def _renderer(pack: Pack, lang: str, out_dir: Path, bleed: float, layouts_dir: Path) -> Renderer:
    """A renderer drawing every face at the master bleed."""
    return Renderer(pack, lang, open_layouts(pack, layouts_dir), load_fonts(layouts_dir),
                    _art_cache(out_dir, pack), layouts_dir, bleed)


def _render_type(renderer: Renderer, type_name: str, faces: list[Face], out_dir: Path) -> _TypeOutput:
    """Write the master PDF of one component type."""
    pack = renderer.pack
    html = renderer.document(faces, f"{renderer.view.t(pack.game.name)}: {type_name}")
    target = out_dir / MASTER_DIR / f"{type_name}.pdf"
    roots = {"layouts": renderer.layouts_dir, "pack": pack.root, "art": renderer.art_cache}
    before = len(renderer.findings)
    warnings = write_pdf(html, target, roots, FontConfiguration())
    return _TypeOutput(type_name, target, len(faces), warnings, renderer.findings[before:])


def _render_type_task(task: tuple) -> _TypeOutput:
    """Worker process: load the pack and lay out one component type."""
    root, lang, out_dir, bleed, layouts_dir, type_name, keys = task
    pack, _ = load_pack(Path(root))
    renderer = _renderer(pack, lang, Path(out_dir), bleed, Path(layouts_dir))
    by_key = {face.key: face for face in pack_faces(pack, renderer.layouts)[0]}
    faces = [by_key[key] for key in keys]
    return _render_type(renderer, type_name, faces, Path(out_dir))


def _progressing(outputs, progress: Progress | None):
    """Pass outputs through, reporting each finished type."""
    for out in outputs:
        if progress is not None:
            progress(out.type_name, out.count)
        yield out


def cut(master: RenderResult, folder: Path, bleed_of: Callable[[Face], float]) -> RenderResult:
    """The master's pages with each face's page box cut to ``bleed_of(face)``, as PDFs in ``folder``."""
    result = RenderResult(master.pack_id, master.lang, master.faces, findings=[])
    for source, faces in master.type_pages().items():
        target = folder / source.name
        cuts = [(master.bleeds[face.key] - bleed_of(face), bleed_of(face)) for face in faces]
        crop_pdf(source, target, cuts)
        result.pdfs.append(target)
        for index, face in enumerate(faces):
            result.pages[face.key] = (target, index)
            result.bleeds[face.key] = bleed_of(face)
    return result


def render_pack(pack: Pack, lang: str, out_dir: Path, layouts_dir: Path = LAYOUTS_DIR,
                progress: Progress | None = None, extra_bleeds: Iterable[float] = (),
                master: RenderResult | None = None, jobs: int | None = 1) -> RenderResult:
    """Render the pack's faces into ``out_dir/faces/`` at each layout's own bleed, with the manifest."""
    master = master or render_master(pack, lang, out_dir, extra_bleeds, layouts_dir, progress, jobs)
    faces = cut(master, out_dir / FACES_DIR, lambda face: face.layout.bleed)
    faces.findings = master.findings
    faces.manifest = write_manifest(faces, out_dir / FACES_DIR)
    return faces


def _art_cache(out_dir: Path, pack: Pack) -> Path:
    """One art cache per pack, shared by its languages and print-shop files."""
    base = out_dir if out_dir.name == pack.id else out_dir.parent
    return base / ART_DIR


def _by_type(faces: list[Face]) -> dict[str, list[Face]]:
    """Faces grouped by component type, as the pack declares the types."""
    grouped: dict[str, list[Face]] = {}
    for face in faces:
        grouped.setdefault(face.type, []).append(face)
    return grouped


def face_record(face: Face, pdf: Path, page: int, base: Path, bleed: float) -> dict:
    """The manifest entry of one face."""
    layout = face.layout
    return {
        "key": face.key, "type": face.type, "side": face.side, "items": face.items, "copies": face.copies,
        "back": face.back, "pdf": pdf.relative_to(base).as_posix(), "page": page, "layout": layout.name,
        "size_mm": [layout.width, layout.height], "shape": layout.shape, "bleed_mm": bleed,
        "safe_mm": layout.safe, "transparent": layout.transparent,
        "zones": {name: zone.to_json() for name, zone in layout.zones.items()},
    }


def write_manifest(result: RenderResult, folder: Path) -> Path:
    """Write ``faces.json``: every face and where its page is."""
    records = [face_record(face, *result.pages[face.key], folder, result.bleeds[face.key])
               for face in result.faces if face.key in result.pages]
    target = folder / MANIFEST
    target.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"pack": result.pack_id, "lang": result.lang, "faces": records}, indent=1,
                      ensure_ascii=False) + "\n"
    target.write_text(text, encoding="utf-8")
    return target
