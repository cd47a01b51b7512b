"""The rulebook's PDFs: the text laid out by WeasyPrint, the card faces drawn into their boxes, deterministically.

- Faces: every face the figures show is a page of one PDF, drawn as the render stage draws faces (natively where it
  can), so each font is subset once for the book; ``assemble.py`` draws them into the text's boxes.
- Text: one document, laid out on a page that fits A4 and US Letter (after trial layouts that decide where its
  worked examples break: ``flow.py``); each paper size's PDF has the same pages, centred on its paper (the page
  boxes grow around them), with the cover's colour painted to the edges. The layout tells on which page each use
  of a term lands; when a term is used twice on one page, the index is laid out again alone, each page listed
  once, and takes over the book's last pages (see ``document.py``).
- Every layout is cached under ``cache/rulebook/`` by a hash of its HTML and of every file the HTML pulls in
  (stylesheets, fonts, images), with WeasyPrint's warnings beside it, so a build lays out only what changed, and
  the last flow plan is kept beside them: a book whose blocks land where they did is laid out once (``plans.py``); the
  layouts that are needed run in worker processes when there are several of them and several cores.
- Same input, same bytes, cached or not: WeasyPrint's PDFs follow the render stage's rules (``render.pdf``: no
  dates, identifier from the HTML, font subsets with a fixed date), and each final PDF's identifier is derived
  from its content and paper size.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pnpforge.caches import code
from pnpforge.caches.store import Store, user_store
from pnpforge.files import write_atomic
from pnpforge.publish.rulebook import captions as captioned
from pnpforge.publish.rulebook.document import IndexEntry, index_document
from pnpforge.publish.rulebook.figures import ANCHOR_PREFIX, Figures
from pnpforge.publish.rulebook.flow import arrange
from pnpforge.publish.rulebook.plans import PLAN_KEY, PlanMemory
from pnpforge.publish.rulebook.plans import USER_STORE as PLANS
from pnpforge.render import native
from pnpforge.render.cache import FaceCache
from pnpforge.render.drawing import face_keys, faces_pdf
from pnpforge.render.epoch import fixed_epoch
from pnpforge.render.fonts import FontSet
from pnpforge.render.resolver import url_path
from pnpforge.workers import spread

if TYPE_CHECKING:
    from pypdf import PageObject

CACHE_DIR = "rulebook"  # in the cache folder (``caches.paths``)
FIGURES_DIR = "figures"  # in the rulebook's cache folder: each figure's face drawn (``faces_task``)
BOOK_CODE = ("publish.rulebook", "render")  # the code that lays out the book (``caches.code``)
PNP_URL = re.compile(r"pnp:(?:layouts|pack|art)/[^\s\"')<>]+")
CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")\s]+)")
PRUNE_AFTER = 3600  # seconds
INDEX_ANCHOR = "index"
INDEX_ALONE = ".index-alone"  # the suffix of an index laid out alone, kept by the key of its HTML
CAPTIONS = "captions"  # in the key of the captions' layout (``captions.py``)


@dataclass
class Laid:
    """A rulebook's text as laid out: its PDF, the index laid out alone (or None), and where things are."""

    pdf: bytes
    index_pdf: bytes | None
    index_at: int
    boxes: list[dict[str, list[float]]]


class Keys:
    """Cache keys of layouts: their HTML and every file it pulls in (stylesheets, fonts, images)."""

    def __init__(self, roots: dict[str, str]):
        """Files are read below the ``pnp:`` roots; each file's hash once per build."""
        self.roots = {name: Path(path) for name, path in roots.items()}
        self.files: dict[str, str] = {}

    def key(self, html: str, *extra: str) -> str:
        """The key of one layout."""
        digest = hashlib.sha256(code.digest(*BOOK_CODE).encode("ascii"))
        for part in (html, *extra):
            digest.update(part.encode("utf-8"))
        for url in sorted(self._urls(html)):
            digest.update(f"{url}={self._file(url)}".encode("utf-8"))
        return digest.hexdigest()[:32]

    def _urls(self, text: str, seen: set[str] | None = None) -> set[str]:
        """``pnp:`` URLs in a text, and in the stylesheets it links (their relative ``url()``s included)."""
        seen = set() if seen is None else seen
        for url in PNP_URL.findall(text):
            if url in seen:
                continue
            seen.add(url)
            if url.endswith(".css"):
                base = url.rsplit("/", 1)[0]
                path = self._path(url)
                css = path.read_text(encoding="utf-8") if path and path.is_file() else ""
                relative = [f"{base}/{u}" for u in CSS_URL.findall(css) if ":" not in u]
                self._urls(css + " " + " ".join(relative), seen)
        return seen

    def _path(self, url: str) -> Path | None:
        return url_path(self.roots, url)

    def _file(self, url: str) -> str:
        """A referenced file's hash ("missing" when it is not there: WeasyPrint will warn)."""
        if url not in self.files:
            path = self._path(url)
            self.files[url] = (hashlib.sha256(path.read_bytes()).hexdigest()
                               if path is not None and path.is_file() else "missing")
        return self.files[url]


@dataclass
class LaidOut:
    """The cached layouts of one build of the rulebook: their keys, read from the cache only when asked."""

    figures: Figures
    cache: Path
    faces_key: str  # the PDF of every face the figures show, a page each
    faces: list[str]  # the face keys, in the sequence of those pages
    book_key: str
    warnings: list[str]
    documents: list[str]  # the HTML document of each of those pages
    captions_key: str | None = None  # the captions laid out alone, a page each (``captions.py``)

    def captions(self) -> tuple[list[PageObject], list[list[float]]]:
        """Each caption's page and its box there (``[page, x1, y1, x2, y2]``, CSS pixels), in caption order."""
        if self.captions_key is None:
            return [], []
        from pypdf import PdfReader  # noqa: PLC0415 - only a rulebook that changed is put together again

        meta = json.loads((self.cache / f"{self.captions_key}.json").read_text(encoding="utf-8"))
        return list(PdfReader(self.cache / f"{self.captions_key}.pdf").pages), meta["boxes"]

    def faces_pdf(self) -> Path:
        """The PDF of every face the figures show, a page each."""
        return self.cache / f"{self.faces_key}.pdf"

    def key(self, *extra: str) -> str:
        """A key of everything the final PDFs are made of (the layouts and where the faces go), and ``extra``."""
        digest = hashlib.sha256(code.digest(*BOOK_CODE).encode("ascii"))
        placed = [[p.anchor, list(p.keys), p.width, p.height] for p in self.figures.placements]
        for part in (self.book_key, self.faces_key, self.captions_key or "", json.dumps(placed), *extra):
            digest.update(part.encode("utf-8") + b"\0")
        return digest.hexdigest()[:32]

    def book(self) -> Laid:
        """The laid-out text."""
        return _read_book(self.cache / self.book_key)

    def page_count(self) -> int:
        """How many pages the final PDFs have."""
        return json.loads((self.cache / f"{self.book_key}.json").read_text(encoding="utf-8"))["pages"]

    def pages(self) -> dict[str, PageObject]:
        """Every face drawn, by face key."""
        from pypdf import PdfReader  # noqa: PLC0415 - only a rulebook that changed is put together again

        reader = PdfReader(self.faces_pdf())
        return {face: reader.pages[number] for number, face in enumerate(self.faces)}


def lay_out(figures: Figures, book: str, index: list[IndexEntry], label: str, cache: Path, jobs: int) -> LaidOut:
    """The faces the figures show and the text laid out into the cache (in parallel, only what changed), with
    WeasyPrint's warnings.

    The faces are one PDF, so that each font is subset once for the whole book; drawing them all again when one
    changed costs a fraction of a second. The figures' captions are laid out first, alone, and the book with an
    empty box of each caption's height in its place (``captions.py``), so that a renamed card lays out its caption
    again but not the book.
    """
    roots = _roots(figures)
    entries = [[entry.term, entry.anchor, entry.uses] for entry in index]
    documents = figures.documents()
    keys = Keys(roots)
    captions_key = None
    found = captioned.split(book)
    if found:
        captions_html = captioned.document(book, found)
        captions_key = keys.key(captions_html, CAPTIONS)
        if not (cache / f"{captions_key}.json").is_file():
            captions_task(captions_html, len(found), roots, str(cache / captions_key))
        boxes = json.loads((cache / f"{captions_key}.json").read_text(encoding="utf-8"))["boxes"]
        book = captioned.placeholders(book, [box[4] - box[2] for box in boxes])
    faces_key = keys.key("\n".join(documents.values()), native.key(), json.dumps(list(documents)))
    book_key = keys.key(book, json.dumps(entries), label)
    tasks: list[tuple] = []
    if not (cache / f"{book_key}.json").is_file():
        tasks.append(("book", book, entries, label, roots, str(cache / book_key)))
    if not (cache / f"{faces_key}.json").is_file():
        tasks.append(("faces", list(documents.values()), figures.renderer.fonts, roots, str(cache / faces_key)))
    run(tasks, jobs)
    warnings: list[str] = []
    used = {faces_key, book_key} | ({captions_key} if captions_key else set())
    for key in (faces_key, book_key, *([captions_key] if captions_key else [])):
        meta = json.loads((cache / f"{key}.json").read_text(encoding="utf-8"))
        warnings += meta["warnings"]
        used |= {meta["index_key"]} if "index_key" in meta else set()
    kept_plan = Store(cache).path(PLAN_KEY)
    _prune(cache, used | ({kept_plan.name} if kept_plan else set()))
    return LaidOut(figures, cache, faces_key, list(documents), book_key, warnings, list(documents.values()),
                   captions_key)


def _prune(cache: Path, used: set[str]) -> None:
    """Mark this build's layouts as used and remove layouts no build has used for an hour.

    The grace period keeps a build running at the same time (say, the tests) from losing files it is reading.
    """
    now = time.time()
    for path in cache.glob("*"):
        if path.is_dir():  # the figures' faces, which their task prunes
            continue
        if path.name.split(".")[0] in used:
            os.utime(path, (now, now))
        elif now - path.stat().st_mtime > PRUNE_AFTER:
            path.unlink(missing_ok=True)


def _read_book(base: Path) -> Laid:
    """A laid-out book from the cache."""
    meta = json.loads(base.with_suffix(".json").read_text(encoding="utf-8"))
    index = base.with_suffix(".index.pdf")
    return Laid(base.with_suffix(".pdf").read_bytes(), index.read_bytes() if index.is_file() else None,
                meta["index_at"], meta["boxes"])


def faces_task(documents: list[str], fonts: FontSet, roots: dict[str, str], base: str) -> None:
    """Draw one group of faces (a page each, as the render stage draws them) into the cache.

    Each face drawn is kept in ``figures/`` of the cache by its render-cache key, so that when one figure changes
    only its face is drawn again (the PDF, one font subset for all its faces, is made again whole); entries no
    figure uses any more are removed.
    """
    figures = FaceCache(Path(base).parent / FIGURES_DIR)
    keys = face_keys(documents, roots)
    data, warnings = faces_pdf(documents, fonts, roots, cache=figures, keys=keys)
    figures.prune(set(keys))
    write_atomic(Path(base).with_suffix(".pdf"), data)
    write_atomic(Path(base).with_suffix(".json"), json.dumps({"warnings": warnings}).encode("utf-8"))


def captions_task(html: str, count: int, roots: dict[str, str], base: str) -> None:
    """Lay out the captions' document (``captions.document``) and write it, with each caption's box: its page
    and corners in CSS pixels (a caption the layout lost gets an empty box, and is not drawn)."""
    from weasyprint import HTML  # noqa: PLC0415 - WeasyPrint loads only when a layout is due
    from weasyprint.text.fonts import FontConfiguration  # noqa: PLC0415

    from pnpforge.render.pdf import Collector, PackFetcher  # noqa: PLC0415
    fetcher = PackFetcher({name: Path(path) for name, path in roots.items()})
    collector = Collector()
    logger = logging.getLogger("weasyprint")
    logger.addHandler(collector)
    try:
        with fixed_epoch():
            document = HTML(string=html, base_url="pnp:layouts/", url_fetcher=fetcher).render(
                font_config=FontConfiguration())
            data = document.write_pdf(pdf_identifier=_identifier(html))
    finally:
        logger.removeHandler(collector)
    where = {a: [n, *box] for n, page in enumerate(document.pages) for a, box in page.anchors.items()}
    boxes = [where.get(f"{captioned.ANCHOR}{number}", [-1, 0.0, 0.0, 0.0, 0.0]) for number in range(1, count + 1)]
    write_atomic(Path(base).with_suffix(".pdf"), data)
    write_atomic(Path(base).with_suffix(".json"),
                 json.dumps({"boxes": boxes, "warnings": collector.messages}).encode("utf-8"))


def book_task(html: str, entries: list, label: str, roots: dict[str, str], base: str) -> None:
    """Lay the text out once and write it; when a term's uses share a page, lay out the index again alone."""
    from weasyprint import HTML  # noqa: PLC0415 - WeasyPrint loads only when a layout is due
    from weasyprint.text.fonts import FontConfiguration  # noqa: PLC0415

    from pnpforge.render.pdf import Collector, PackFetcher  # noqa: PLC0415
    fetcher = PackFetcher({name: Path(path) for name, path in roots.items()})
    index = [IndexEntry(term, anchor, uses) for term, anchor, uses in entries]
    collector = Collector()
    logger = logging.getLogger("weasyprint")
    logger.addHandler(collector)
    target = Path(base)
    index_key = None
    try:
        with fixed_epoch():
            document, _ = arrange(html, lambda laid: HTML(string=laid, base_url="pnp:layouts/",
                                                          url_fetcher=fetcher).render(font_config=FontConfiguration()),
                                  PlanMemory(Store(target.parent), user_store(PLANS)))
            write_atomic(target.with_suffix(".pdf"), document.write_pdf(pdf_identifier=_identifier(html)))
            numbers = {a: n + 1 for n, page in enumerate(document.pages) for a in page.anchors}
            start = numbers.get(INDEX_ANCHOR, len(document.pages))
            pages = len(document.pages)
            if _repeats(index, numbers):
                alone = index_document(html, index, label, numbers, start)
                index_key = Keys(roots).key(alone, INDEX_ALONE)
                kept = _kept_index(target.parent / index_key)
                if kept is None:
                    before = len(collector.messages)
                    laid = HTML(string=alone, base_url="pnp:layouts/", url_fetcher=fetcher).render(
                        font_config=FontConfiguration())
                    kept = (laid.write_pdf(pdf_identifier=_identifier(alone)), len(laid.pages),
                            collector.messages[before:])
                    _keep_index(target.parent / index_key, *kept)
                else:
                    collector.messages += kept[2]
                write_atomic(target.with_suffix(".index.pdf"), kept[0])
                pages = start - 1 + kept[1]
    finally:
        logger.removeHandler(collector)
    boxes = [{a: list(box) for a, box in sorted(page.anchors.items())
              if a.startswith((ANCHOR_PREFIX, captioned.ANCHOR))}
             for page in document.pages]
    meta = {"index_at": start - 1, "boxes": boxes, "warnings": collector.messages, "pages": pages}
    if index_key is not None:
        meta["index_key"] = index_key
    write_atomic(target.with_suffix(".json"), json.dumps(meta).encode("utf-8"))


def _kept_index(base: Path) -> tuple[bytes, int, list[str]] | None:
    """The index laid out alone, kept by the key of its HTML: its PDF, its page count and WeasyPrint's warnings."""
    try:
        meta = json.loads(base.with_suffix(INDEX_ALONE + ".json").read_text(encoding="utf-8"))
        return base.with_suffix(INDEX_ALONE + ".pdf").read_bytes(), int(meta["pages"]), list(meta["warnings"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _keep_index(base: Path, pdf: bytes, pages: int, warnings: list[str]) -> None:
    """Keep the index laid out alone for the next layout of a book whose index is the same."""
    write_atomic(base.with_suffix(INDEX_ALONE + ".pdf"), pdf)
    write_atomic(base.with_suffix(INDEX_ALONE + ".json"),
                 json.dumps({"pages": pages, "warnings": warnings}).encode("utf-8"))


def _repeats(index: list[IndexEntry], numbers: dict[str, int]) -> bool:
    """True when some term is used twice on one page (its page would be listed twice)."""
    return any(len({numbers.get(a) for a in entry.uses}) < len(entry.uses) for entry in index)


def _identifier(html: str) -> bytes:
    """The PDF's file identifier, from its HTML (the render stage's rule)."""
    return hashlib.sha256(html.encode("utf-8")).hexdigest()[:32].encode("ascii")


def run(tasks: list[tuple], jobs: int) -> None:
    """Run layout tasks, in a worker process too when there are several tasks and ``jobs`` is more than one.

    The book's text comes first, so that then it goes to the worker and WeasyPrint is loaded there, not in this
    process; when it is the only task, or ``jobs`` is one, it is laid out here (``workers.spread`` starts no more
    workers than there are tasks).
    """
    spread(_task, tasks, jobs)


def _task(task: tuple) -> None:
    """One layout in a worker: a group of faces or a paper size's text."""
    kind, *args = task
    (faces_task if kind == "faces" else book_task)(*args)




def _roots(figures: Figures) -> dict[str, str]:
    """The ``pnp:`` roots as plain strings (for worker processes)."""
    return {name: str(path) for name, path in figures.roots.pairs()}
