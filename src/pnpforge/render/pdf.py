"""HTML to PDF with WeasyPrint, deterministically: the same HTML gives the same bytes on every run.

- No dates: the documents carry no ``dcterms.created``/``modified`` metadata, so the PDF has no CreationDate.
- A fixed file identifier: derived from the HTML instead of from time and randomness.
- Font subsets: WeasyPrint subsets fonts with fontTools (when HarfBuzz's subsetter is absent), so the write runs
  inside ``render.epoch.fixed_epoch``, which pins the timestamp fontTools stamps into each subset.
- Fetching: only ``pnp:`` URLs resolve, to files below the layouts, the pack and the art cache; anything else
  (a remote URL, a system path) is refused, so output never depends on the network or the machine's files.
WeasyPrint's warnings are collected and returned, so that a layout that loses a resource does not pass silently.
"""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path

from weasyprint import HTML
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse

from pnpforge.files import write_if_changed
from pnpforge.render.epoch import fixed_epoch
from pnpforge.render.resolver import url_path
from pnpforge.render.stylesheets import keep_linked_sheets

IGNORED_WARNINGS = ("Using fontTools instead of HarfBuzz-Subset",)


class PackFetcher(URLFetcher):
    """Resolves ``pnp:<root>/<path>`` URLs to files below known roots, and nothing else."""

    def __init__(self, roots: dict[str, Path]):
        """Resolve ``pnp:<name>/...`` against ``roots[name]``."""
        super().__init__(allowed_protocols=("pnp",))
        self.roots = {name: path.resolve() for name, path in roots.items()}

    def fetch(self, url, headers=None):
        """The file behind a ``pnp:`` URL; every other URL is refused."""
        if not url.startswith("pnp:"):
            raise ValueError(f"refusing to fetch '{url}': only pnp: URLs are resolved")
        path = url_path(self.roots, url)
        if path is None:
            raise ValueError(f"refusing to fetch '{url}': an unknown root, or a path leaving its root")
        mime = _MIME.get(path.suffix.lower(), "application/octet-stream")
        return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": mime})


_MIME = {".css": "text/css", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
         ".svg": "image/svg+xml", ".ttf": "font/ttf", ".otf": "font/otf"}


class Collector(logging.Handler):
    """Keeps WeasyPrint's warnings while one document is written."""

    def __init__(self) -> None:
        """Collect warnings and worse."""
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        """Keep one warning's message."""
        message = record.getMessage()
        if not message.startswith(IGNORED_WARNINGS):
            self.messages.append(message)


def html_to_pdf(html: str, roots: dict[str, Path],
                font_config: FontConfiguration | None = None) -> tuple[bytes, list[str]]:
    """The PDF bytes for ``html`` and WeasyPrint's warnings while making them (the stylesheets it links parsed
    once per process, ``render.stylesheets``)."""
    keep_linked_sheets(PackFetcher)
    logger = logging.getLogger("weasyprint")
    collector = Collector()
    logger.addHandler(collector)
    try:
        with fixed_epoch():
            document = HTML(string=html, base_url="pnp:layouts/", url_fetcher=PackFetcher(roots))
            identifier = hashlib.sha256(html.encode("utf-8")).hexdigest()[:32].encode("ascii")
            data = document.write_pdf(font_config=font_config or FontConfiguration(), pdf_identifier=identifier)
    finally:
        logger.removeHandler(collector)
    return data, collector.messages


def write_pdf(html: str, target: Path, roots: dict[str, Path],
              font_config: FontConfiguration | None = None) -> list[str]:
    """Write ``html`` as a PDF to ``target`` (only when the bytes changed); return WeasyPrint's warnings."""
    data, warnings = html_to_pdf(html, roots, font_config)
    write_if_changed(target, data)
    return warnings
