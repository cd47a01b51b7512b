"""The native renderer checked against WeasyPrint, one face per layout, before a build trusts it with the layout.

The native renderer refuses (``Unsupported``) the CSS it does not lay out, but a layout can also combine CSS it
accepts in a way it draws differently from WeasyPrint. So the first face of each layout a pack brings (its own
``layouts/`` or its ``layouts_from`` packs'; the shared ``layouts/generic/`` is pnpforge's own, held to WeasyPrint by
its tests) is drawn both ways, both pages are rasterised at 300 dpi, and the layout passes when at most 0.5% of
the pixels differ by more than 24/255 in a channel (``differing_share``), the bound the pixel tests hold the shipped
packs to. A layout that fails is drawn by WeasyPrint: its faces' documents are marked (``for_weasyprint``), which
the native renderer refuses, so the build's summary counts them with the reason and their cache keys differ from
those of natively drawn faces.

The face compared is drawn at its layout's own bleed, whichever bleed a build draws at, so that ``validate`` and
``build`` compare the same document. A verdict is kept by that document's render-cache key (``render.cache``: its
HTML, every file it fetches, the renderers' versions) with a digest of this module's code, in ``native/`` of
the cache folder, in the user's cache folder (sealed, ``caches.store``: a verdict holds for every build folder of
the same pack, so a fresh clone or a new ``--out`` does not load WeasyPrint to compare again) and in memory for the
process, so a layout is compared again only when its first face, its files or the code change. A layout whose
first face the native renderer refuses is not compared: its faces go to WeasyPrint face by face, as the native
renderer decides.
"""

from __future__ import annotations

import copy
import json
import tempfile
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

from jinja2 import TemplateError

from pnpforge.caches.store import Store, user_store
from pnpforge.files import write_atomic
from pnpforge.findings import Finding
from pnpforge.render import native
from pnpforge.render.cache import FileDigests, face_key, hash_of
from pnpforge.render.document import Renderer
from pnpforge.render.drawing import drawer_for
from pnpforge.render.faces import Face, pack_faces
from pnpforge.render.fonts import load_fonts
from pnpforge.render.fragments import Fragment, PdfBuilder
from pnpforge.render.geometry import LayoutError
from pnpforge.render.layouts import LAYOUTS_DIR, LayoutSet, load_sizes, search_path
from pnpforge.render.native.dom import Unsupported
from pnpforge.render.native.face import LINK, for_weasyprint
from pnpforge.render.resolver import url_path

DPI = 300
TOLERANCE = 24  # a pixel differs when a channel differs by more than this (of 255)
SIZE_SLACK = 0.01  # points: the two renderers may give a page's size a few millionths apart
MAX_SHARE = 0.005  # the share of differing pixels a layout may have
FOLDER = "native"  # in the cache folder (``caches.paths``): a verdict a file, by key
USER_STORE = "native"  # of the user's stores (``caches.store``): every verdict this user's builds made
SAMPLE_TITLE = "native check"
BAND_ROWS = 1024  # pages are compared in bands of this many pixel rows (a large 300 dpi page is 100 MB)
RULE = "native-renderer"
MAX_KNOWN = 10_000
_KNOWN: dict[str, "Verdict"] = {}  # process cache: verdicts by key (a test session or a `serve` compares once)


@dataclass(frozen=True)
class Verdict:
    """How the native renderer drew a layout's first face, against WeasyPrint."""

    layout: str
    face: str  # the face compared, by key
    native: bool  # False: the native renderer refused the face (``refusal``), nothing was compared
    share: float = 0.0  # the share of pixels that differ beyond ``TOLERANCE``
    refusal: str = ""

    @property
    def wrong(self) -> bool:
        """True when the native drawing differs from WeasyPrint's beyond the bound: WeasyPrint draws the layout."""
        return self.native and self.share > MAX_SHARE

    @property
    def reason(self) -> str:
        """Why the layout's faces go to WeasyPrint, as the build's summary counts them."""
        return f"layout '{self.layout}' drawn differently natively ({self.share:.1%} of its first face's pixels)"

    def mark(self, html: str) -> str:
        """A face document of this layout, marked to be drawn by WeasyPrint."""
        return for_weasyprint(html, self.reason)

    def finding(self, layout, lang: str | None = None) -> Finding:
        """The info ``validate`` and ``build`` give about a wrong layout, at the layout's file."""
        language = f" in '{lang}'" if lang else ""
        return Finding("info", f"its first face ({self.face}){language} drawn natively differs from WeasyPrint's "
                               f"drawing in {self.share:.1%} of its pixels at {DPI} dpi (at most {MAX_SHARE:.1%} "
                               "may); its faces are drawn by WeasyPrint, which is slower",
                       mark=layout.mark(), subject=f"layout '{self.layout}'", rule=RULE,
                       data={"face": self.face, "share": round(self.share, 6)})

    def to_json(self, key: str) -> str:
        return json.dumps({"key": key, "layout": self.layout, "face": self.face, "native": self.native,
                           "share": self.share, "refusal": self.refusal}, sort_keys=True)


def verdicts(renderer: Renderer, faces: list[Face], folder: Path | None, files: FileDigests | None = None,
             layouts: set[str] | None = None, shared: bool = False, prune: bool = False) -> dict[str, Verdict]:
    """The verdict on each layout of ``faces`` (on its first face), by layout name; the pack's own layouts only
    unless ``shared``, those named in ``layouts`` only when given. Verdicts are read from and kept in ``folder``
    (None: in memory only), which ``prune`` rids of every other verdict. Nothing when the native renderer is
    switched off."""
    if not native.enabled():
        return {}
    renderer = _at_own_bleed(renderer)
    files = files or FileDigests(renderer.roots.as_dict())
    found: dict[str, Verdict] = {}
    keys: set[str] = set()
    todo: list[tuple[str, Face, str]] = []  # (key, face, document) of the layouts not compared yet
    for face in first_faces(faces):
        name = face.layout.name
        if layouts is not None and name not in layouts:
            continue
        html = renderer.document([face], SAMPLE_TITLE)
        if not shared and not _own(renderer, face, html):
            continue
        key = verdict_key(html, files)
        keys.add(key)
        verdict = _KNOWN.get(key) or _read(folder, key) or _recall(key)
        if verdict is None:
            todo.append((key, face, html))
            continue
        if folder is not None and not (folder / f"{key}.json").is_file():
            _keep(folder, key, verdict)
        _KNOWN[key] = found[name] = verdict
    if len(_KNOWN) > MAX_KNOWN:
        _KNOWN.clear()
    compared = compare(renderer, [(face, html) for _, face, html in todo]) if todo else []
    for (key, face, _), verdict in zip(todo, compared, strict=True):
        _keep(folder, key, verdict)
        _user_store().keep(key, verdict.to_json(key).encode("utf-8"))
        _KNOWN[key] = found[face.layout.name] = verdict
    if prune and folder is not None:
        _prune(folder, keys)
    return found


def layout_findings(renderer: Renderer, faces: list[Face], found: dict[str, Verdict]) -> list[Finding]:
    """An info at each layout the native renderer would draw wrong (``found``), naming the language when the pack
    has several."""
    lang = renderer.lang if len(renderer.pack.game.languages) > 1 else None
    return [found[face.layout.name].finding(face.layout, lang) for face in first_faces(faces)
            if face.layout.name in found and found[face.layout.name].wrong]


def check_layouts(pack, lang: str, folder: Path | None, layouts_dir: Path = LAYOUTS_DIR) -> list[Finding]:
    """``validate``'s check: an info at each of the pack's own layouts the native renderer would draw wrong in
    ``lang``, the verdicts kept in ``folder`` for the build."""
    if not native.enabled():
        return []
    with tempfile.TemporaryDirectory(prefix="pnpforge-native-") as art:
        try:
            layouts = LayoutSet(search_path(pack, layouts_dir), load_sizes(layouts_dir, pack))
            renderer = Renderer(pack, lang, layouts, load_fonts(layouts_dir, pack), Path(art), layouts_dir)
            faces, _ = pack_faces(pack, layouts)
            found = verdicts(renderer, faces, folder)
        except LayoutError:
            return []  # the layout checks report it
        return layout_findings(renderer, faces, found)


def first_faces(faces: list[Face]) -> list[Face]:
    """The first face of each layout, in the faces' order."""
    first: dict[str, Face] = {}
    for face in faces:
        first.setdefault(face.layout.name, face)
    return list(first.values())


def verdict_key(html: str, files: FileDigests) -> str:
    """The key of a comparison: the face's render-cache key (its HTML, its files, WeasyPrint's version and the
    code of ``render/``, this module's included: ``caches.code``) and pypdfium2's version."""
    return hash_of("native-check", face_key(html, files), version("pypdfium2"))


def compare(renderer: Renderer, samples: list[tuple[Face, str]]) -> list[Verdict]:
    """Draw each face's document natively and by WeasyPrint and compare the two pages' pixels.

    The native pages embed one subset of each font for all the samples, made once: the subsets carry no hinting,
    so a glyph is drawn the same whatever else its subset holds, and each font is subset once, not per sample.
    """
    roots: dict[str, str | Path] = dict(renderer.roots.as_dict())
    drawer = drawer_for(renderer.fonts, roots)
    native_renderer = drawer.renderer
    assert native_renderer is not None, "the native renderer is on: verdicts() checked"
    drawn: list[tuple[Face, str, Fragment | str]] = []
    glyphs: dict[str, set[int]] = {}
    for face, html in samples:
        try:
            fragment = native_renderer.render(html)
        except Unsupported as refusal:
            drawn.append((face, html, str(refusal)))
            continue
        drawn.append((face, html, fragment))
        for path, used in fragment.fonts.values():
            glyphs.setdefault(path, set()).update(used)
    plan = {path: tuple(sorted(gids)) for path, gids in glyphs.items()}
    verdicts_ = []
    for face, html, page in drawn:
        if isinstance(page, str):
            verdicts_.append(Verdict(face.layout.name, face.key, False, refusal=page))
            continue
        builder = PdfBuilder(glyphs=plan)
        builder.face_page(page, {"/MediaBox": page.mediabox})
        theirs, _ = drawer.weasyprint(html)
        verdicts_.append(Verdict(face.layout.name, face.key, True, differing_share(builder.to_bytes(), theirs)))
    return verdicts_



def differing_share(ours: bytes, theirs: bytes, dpi: float = DPI, tolerance: int = TOLERANCE) -> float:
    """The share of pixels (0..1) of the first pages of two PDFs, rasterised at ``dpi``, where any channel differs
    by more than ``tolerance`` (0..255). Both pages must have the same size."""
    import pypdfium2 as pdfium  # noqa: PLC0415 - loaded when a layout is compared

    first, second = pdfium.PdfDocument(ours), pdfium.PdfDocument(theirs)
    try:
        page, other = first[0], second[0]
        width, height = page.get_size()
        if any(abs(ours_ - theirs_) > SIZE_SLACK for ours_, theirs_ in zip((width, height), other.get_size())):
            raise ValueError(f"pages of different sizes: {page.get_size()} and {other.get_size()}")
        band = BAND_ROWS * 72 / dpi
        differing = total = 0
        top = 0.0
        while top < height - 1e-6:
            crop = (0, max(0.0, height - top - band), 0, top)
            count, pixels = _band_difference(page.render(scale=dpi / 72, crop=crop).to_numpy(),
                                             other.render(scale=dpi / 72, crop=crop).to_numpy(), tolerance)
            differing += count
            total += pixels
            top += band
        return differing / total if total else 0.0
    finally:
        first.close()
        second.close()


def image_share(ours, theirs, tolerance: int = TOLERANCE) -> float:
    """``differing_share`` of two images (PIL images or arrays) of the same size, compared as RGB."""
    import numpy  # noqa: PLC0415

    def pixels(image):
        return numpy.asarray(image.convert("RGB") if hasattr(image, "convert") else image)[..., :3]

    a, b = pixels(ours), pixels(theirs)
    if a.shape != b.shape:
        raise ValueError(f"images of different sizes: {a.shape[1::-1]} and {b.shape[1::-1]}")
    count, total = _band_difference(a, b, tolerance)
    return count / total if total else 0.0


def _band_difference(a, b, tolerance: int) -> tuple[int, int]:
    """How many pixels of two arrays of the same shape differ beyond ``tolerance`` in a channel, of how many."""
    import numpy  # noqa: PLC0415

    if a.shape != b.shape:
        raise ValueError(f"bands of different sizes: {a.shape} and {b.shape}")
    difference = numpy.maximum(a, b)
    difference -= numpy.minimum(a, b)  # in 8 bits, without wrapping around
    beyond = difference > tolerance
    differing = beyond[..., 0] | beyond[..., 1] | beyond[..., 2]  # quicker than any(axis=2)
    return int(numpy.count_nonzero(differing)), a.shape[0] * a.shape[1]


def _at_own_bleed(renderer: Renderer) -> Renderer:
    """The renderer drawing each face at its layout's own bleed (sharing templates, icons and art), so that the
    document compared is the same whichever bleed a build draws at; its findings are its own."""
    if renderer.bleed is None:
        return renderer
    twin = copy.copy(renderer)
    twin.bleed = None
    twin.findings = []
    twin._reported = set(renderer._reported)
    return twin


def _own(renderer: Renderer, face: Face, html: str) -> bool:
    """True when the face's layout comes from the pack (or its ``layouts_from`` packs): its file, a file it
    extends, its template or a stylesheet it names is in one of their ``layouts/`` folders."""
    folders = [layer.root.resolve() for layer in renderer.resolver.layers if not layer.shared]
    if not folders:
        return False
    layout = face.layout
    paths: list[str | Path] = [layout.path, *(mark.path for mark in layout.marks.values())]
    try:
        paths.append(renderer.env.get_template(layout.template).filename or "")
    except (TemplateError, OSError):  # a template that does not load is preflight's to report
        pass
    roots = renderer.roots.as_dict()
    paths += [url_path(roots, url) or "" for url in LINK.findall(html.partition("<body>")[0])]
    for path in paths:
        if not path:
            continue
        resolved = Path(path).resolve()
        if any(resolved.is_relative_to(folder) for folder in folders):
            return True
    return False


def _read(folder: Path | None, key: str) -> Verdict | None:
    """A verdict kept under ``key`` in a cache folder, if it is one (its key, its fields) and not damaged."""
    if folder is None:
        return None
    try:
        return _parse((folder / f"{key}.json").read_bytes(), key)
    except OSError:
        return None


def _user_store() -> Store:
    """The verdicts kept for this user, whatever the build folder."""
    return user_store(USER_STORE)


def _recall(key: str) -> Verdict | None:
    """A verdict this user's pnpforge kept under ``key`` (sealed: a planted one is not read), if any."""
    data = _user_store().read(key)
    return _parse(data, key) if data is not None else None


def _parse(data: bytes, key: str) -> Verdict | None:
    """The verdict written as ``data``, if it is one kept under ``key`` (its key, its fields) and not damaged."""
    try:
        found = json.loads(data.decode("utf-8"))
        if found["key"] != key or not isinstance(found["native"], bool) or not isinstance(found["share"], float):
            return None
        return Verdict(str(found["layout"]), str(found["face"]), found["native"], found["share"],
                       str(found["refusal"]))
    except (ValueError, KeyError, TypeError):
        return None


def _keep(folder: Path | None, key: str, verdict: Verdict) -> None:
    """Keep a verdict for the next build (nothing when it cannot be written: it is only compared again)."""
    if folder is None:
        return
    try:
        write_atomic(folder / f"{key}.json", verdict.to_json(key) + "\n")
    except OSError:
        pass


def _prune(folder: Path, keep: set[str]) -> None:
    """Remove the verdicts of faces no longer compared."""
    if not folder.is_dir():
        return
    for entry in folder.glob("*.json"):
        if entry.stem not in keep:
            entry.unlink(missing_ok=True)
