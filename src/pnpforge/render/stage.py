"""The render stage: a loaded pack to one PDF per component type, one page per face, plus a manifest.

``build/<pack>/faces/<type>.pdf`` holds the type's fronts, then its backs; ``build/<pack>/faces/faces.json``
lists every face with its PDF page, copies, back, size, bleed, safe zone and zone geometry, which is what the
impose stage needs to place faces on sheets. A build in a language other than the pack's first goes to
``build/<pack>/<lang>/``.

The pack is laid out once, as a master with the widest bleed any output needs (``cache/master/``); the face
PDFs and the print-shop PDFs are that master with smaller page boxes, so every output shows the same vector
pages. Each face is drawn on its own (natively, or by WeasyPrint when its CSS asks for more: ``render.drawing``)
and cached by a hash of its inputs (``render.cache``), so a build draws only the faces that changed, and a file
assembled from faces is rewritten only when one of them changed.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from pnpforge.caches.paths import OutputPaths
from pnpforge.caches.store import NOWHERE, Store
from pnpforge.content.pack import Pack
from pnpforge.files import write_if_changed, write_json_lines
from pnpforge.findings import Finding, Mark
from pnpforge.render import verify
from pnpforge.render.cache import FACES_CACHE, FaceCache, FileDigests, Stamps, face_key, hash_of
from pnpforge.render.crop import page_boxes
from pnpforge.render.document import Renderer
from pnpforge.render.drawing import FaceDrawer, drawer_for
from pnpforge.render.faces import Face, pack_faces
from pnpforge.render.fonts import FontSet, load_fonts
from pnpforge.render.fragments import PdfBuilder
from pnpforge.render.glyphs import GlyphPlan, glyph_plan
from pnpforge.render.layouts import LAYOUTS_DIR, LayoutSet, load_sizes, search_path
from pnpforge.render.printed_dice import dice_faces, with_dice_types
from pnpforge.workers import pool as worker_pool

FACES_DIR = "faces"
MASTER_DIR = "master"  # in the cache folder (``caches.paths``)
MANIFEST = "faces.json"
Progress = Callable[[str, int], None]
FACES_PER_WORKER = 120  # fewer faces than this per worker are drawn in this process (a worker costs its start-up)
FACES_PER_TASK = 4


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
    keys: dict[str, str] = field(default_factory=dict)  # face key -> render cache key (render.cache)
    cache: FaceCache = field(kw_only=True)
    stamps: Stamps = field(kw_only=True)
    rendered: int = 0  # faces laid out by this build (the others came from the cache)
    refusals: dict[str, int] = field(default_factory=dict)  # why faces were drawn by WeasyPrint, with counts
    titles: dict[str, str] = field(default_factory=dict)  # type -> title of its PDFs
    plans: dict[str, GlyphPlan] = field(default_factory=dict)  # the glyph plan, once made (shared by cuts)
    paths: OutputPaths | None = None  # where the build's outputs and caches of this language go

    def glyph_plan(self) -> GlyphPlan:
        """The glyphs every face of the build uses, per font (``render.glyphs``): one subset per font."""
        if "plan" not in self.plans:
            self.plans["plan"] = glyph_plan(self.cache, self.keys.values())
        return self.plans["plan"]

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
    """The layouts the pack sees (its own, then its ``layouts_from`` packs', then ``layouts/generic/``)."""
    return LayoutSet(search_path(pack, layouts_dir), load_sizes(layouts_dir, pack))


def render_master(pack: Pack, lang: str, out_dir: Path, extra_bleeds: Iterable[float] = (),
                  layouts_dir: Path = LAYOUTS_DIR, progress: Progress | None = None,
                  jobs: int | None = 1, select: Callable[[Face], bool] | None = None,
                  paths: OutputPaths | None = None, fonts_store: Store = NOWHERE) -> RenderResult:
    """Lay out every face with the widest bleed any output needs; faces already in the cache are reused.

    Each face is its own HTML document, keyed by a hash of its HTML and of the files it fetches
    (``render.cache``) and drawn by ``render.drawing``; only faces whose key is not in ``out_dir/cache/faces/``
    are drawn, in ``jobs``
    processes when there are many. ``out_dir/cache/master/<type>.pdf`` holds each type's faces at the master
    bleed. ``select`` limits the work to some faces (tests render a few). A build passes its ``paths`` (where
    caches go, ``caches.paths``) and the store of font metrics.
    """
    paths = paths or OutputPaths.beside(out_dir, pack)
    pack = with_dice_types(pack)
    layouts = open_layouts(pack, layouts_dir)
    every, problems = pack_faces(pack, layouts)
    every += dice_faces(pack, layouts)
    faces = every if select is None else [face for face in every if select(face)]
    bleed = max([face.layout.bleed for face in faces] + list(extra_bleeds) + [0.0])
    cache = FaceCache(paths.cached(FACES_CACHE))
    result = RenderResult(pack.id, lang, faces, findings=list(problems), cache=cache,
                          stamps=Stamps(out_dir, paths.cache), paths=paths)
    renderer = _renderer(pack, lang, paths.art, bleed, layouts_dir, fonts_store)
    roots = renderer.roots.as_dict()
    files = FileDigests(roots)
    # the pack's own layouts the native renderer draws wrong are drawn by WeasyPrint (render.verify)
    checked = verify.verdicts(renderer, every, paths.cached(verify.FOLDER), files, {face.layout.name for face in faces},
                              prune=select is None)
    result.findings += verify.layout_findings(renderer, every, checked)
    grouped = _by_type(faces)
    todo: dict[str, tuple[str, str]] = {}
    fit_findings: dict[str, list[Finding]] = {}
    for type_name, type_faces in grouped.items():
        title = result.titles[type_name] = f"{renderer.view.t(pack.game.name)}: {type_name}"
        before = len(renderer.findings)
        for face in type_faces:
            html = renderer.document([face], title)
            if face.layout.name in checked and checked[face.layout.name].wrong:
                html = checked[face.layout.name].mark(html)  # so its key is not a native face's
            key = face_key(html, files)
            result.keys[face.key] = key
            if not cache.has(key):
                todo.setdefault(key, (type_name, html))
        fit_findings[type_name] = renderer.findings[before:]
    result.refusals = _render_faces(todo, renderer.fonts, roots, cache, jobs, progress)
    result.rendered = len(todo)
    for type_name, type_faces in grouped.items():
        warnings = [w for face in type_faces for w in cache.warnings(result.keys[face.key])]
        result.findings += [Finding("warning", f"PDF stage: {message}", mark=Mark(type_faces[0].layout.path),
                                    subject=f"layout '{type_faces[0].layout.name}'", rule="render-pdf")
                            for message in dict.fromkeys(warnings)]
        result.findings += fit_findings[type_name]
        for face in type_faces:
            result.bleeds[face.key] = bleed
        target = paths.cached(MASTER_DIR) / f"{type_name}.pdf"
        assemble(result, type_faces, target, lambda face: bleed, result.titles[type_name])
        result.pdfs.append(target)
        for index, face in enumerate(type_faces):
            result.pages[face.key] = (target, index)
    if select is None:
        cache.prune(set(result.keys.values()))
    result.stamps.save()
    return result


def _render_faces(todo: dict[str, tuple[str, str]], fonts: FontSet, roots: dict[str, Path], cache: FaceCache,
                  jobs: int | None, progress: Progress | None) -> dict[str, int]:
    """Draw the faces not in the cache (key -> (type, HTML)) and store them; in processes when many.

    Returns why faces were drawn by WeasyPrint rather than natively, with counts.
    """
    items = list(todo.items())
    if not items:
        return {}
    workers = min(jobs or os.cpu_count() or 1, len(items) // FACES_PER_WORKER)
    if workers <= 1:
        drawer = FaceDrawer(fonts, roots)
        for key, (type_name, html) in items:
            drawn = drawer.draw(html)
            cache.store(key, drawn.fragment, drawn.warnings)
            if progress is not None:
                progress(f"faces {type_name}", 1)
        return drawer.refusals
    chunks = [items[i:i + FACES_PER_TASK] for i in range(0, len(items), FACES_PER_TASK)]
    tasks = [(fonts, {name: str(path) for name, path in roots.items()}, str(cache.folder),
              [(key, html) for key, (_, html) in chunk]) for chunk in chunks]
    refusals: dict[str, int] = {}
    with worker_pool(workers) as pool:
        for chunk, reasons in zip(chunks, pool.map(_render_task, tasks)):
            for reason, count in reasons.items():
                refusals[reason] = refusals.get(reason, 0) + count
            for _, (type_name, _) in chunk:
                if progress is not None:
                    progress(f"faces {type_name}", 1)
    return refusals


def _render_task(task: tuple) -> dict[str, int]:
    """Worker process: draw some faces and store them in the cache; why some went to WeasyPrint."""
    fonts, roots, folder, pages = task
    drawer = drawer_for(fonts, roots)
    before = dict(drawer.refusals)
    cache = FaceCache(Path(folder))
    for key, html in pages:
        drawn = drawer.draw(html)
        cache.store(key, drawn.fragment, drawn.warnings)
    return {reason: count - before.get(reason, 0) for reason, count in drawer.refusals.items()
            if count != before.get(reason, 0)}


def _renderer(pack: Pack, lang: str, art: Path, bleed: float, layouts_dir: Path,
              fonts_store: Store = NOWHERE) -> Renderer:
    """A renderer drawing every face at the master bleed, with the pack's art cache ``art``."""
    return Renderer(pack, lang, open_layouts(pack, layouts_dir), load_fonts(layouts_dir, pack, fonts_store), art,
                    layouts_dir, bleed)


def assemble(master: RenderResult, faces: list[Face], target: Path, bleed_of: Callable[[Face], float],
             title: str = "") -> None:
    """Write the faces' cached pages into one PDF with page boxes cut to ``bleed_of(face)``, unless unchanged.

    ``MediaBox``, ``CropBox`` and ``BleedBox`` are trim plus that bleed, ``TrimBox`` the trim: content is placed
    from the trim, so cutting the page box is exact (the art reaches further into the part that is cut away).
    """
    entries = [f"{master.keys[face.key]}:{master.bleeds[face.key]:g}:{bleed_of(face):g}" for face in faces]
    plan = master.glyph_plan()
    key = hash_of("pages", title, plan.digest, *entries)
    if master.stamps.fresh(target, key):
        return
    builder = PdfBuilder(glyphs=plan.gids)
    for face in faces:
        fragment = master.cache.fragment(master.keys[face.key])
        builder.face_page(fragment, page_boxes(fragment.mediabox, master.bleeds[face.key], bleed_of(face)))
    write_if_changed(target, builder.to_bytes(title))
    master.stamps.record(target, key)


def cut(master: RenderResult, folder: Path, bleed_of: Callable[[Face], float]) -> RenderResult:
    """The master's pages with each face's page box cut to ``bleed_of(face)``, as PDFs in ``folder``."""
    result = RenderResult(master.pack_id, master.lang, master.faces, findings=[], keys=master.keys,
                          cache=master.cache, stamps=master.stamps, rendered=master.rendered,
                          titles=master.titles, plans=master.plans, paths=master.paths)
    for source, faces in master.type_pages().items():
        target = folder / source.name
        assemble(master, faces, target, bleed_of, master.titles.get(faces[0].type, ""))
        result.pdfs.append(target)
        for index, face in enumerate(faces):
            result.pages[face.key] = (target, index)
            result.bleeds[face.key] = bleed_of(face)
    master.stamps.save()
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
    write_json_lines(target, {"pack": result.pack_id, "lang": result.lang}, "faces", records)
    return target
