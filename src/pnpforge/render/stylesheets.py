"""Linked stylesheets parsed once per process for every WeasyPrint document that links them.

WeasyPrint parses each ``<link rel="stylesheet">`` of a document again for every document: a face drawn by
WeasyPrint spends about a quarter of its time tokenising and validating the same few pack and layout stylesheets
the face before it linked. ``keep_linked_sheets`` puts a factory in place of the ``CSS`` class the cascade
(``weasyprint.css``) makes author stylesheets with; it hands back the stylesheet parsed before when the link, the
medium and the file's bytes are the same.

Only a sheet that shares nothing with its document is kept: one without any at-rule (``@page``, ``@font-face``,
``@layer``, ``@counter-style``, ``@import``, ``@media``, ...), whose parse then fills only its own selector index.
It is parsed with lists of its own for page rules and layers, so no document's ``@page`` rules travel with it to
the next, and what WeasyPrint logged parsing it (a property it ignores, say) is logged again for each document
that reuses it, so every face still carries its warnings. Every other sheet (inline ``<style>``, a sheet with an
at-rule, one a fetcher other than the pack's serves) is made by WeasyPrint as before. The cascade is the same
either way, and so are the PDF's bytes (``tests/render/test_stylesheets.py``).
"""

from __future__ import annotations

import hashlib
import logging
from typing import Any

from pnpforge.render.resolver import url_path

LIMIT = 64  # kept sheets; past it the memo starts again (a long ``serve`` session sees many versions of a sheet)
_SHEETS: dict[tuple[str, str, str], tuple[Any, list[logging.LogRecord]]] = {}  # process cache: parsed stylesheets
# by link, medium and bytes digest, each with what WeasyPrint logged parsing it


def keep_linked_sheets(pack_fetcher: type) -> None:
    """Make the cascade take linked stylesheets from the process's memo (once; WeasyPrint is loaded by now) when
    an instance of ``pack_fetcher`` (``render.pdf.PackFetcher``: ``pnp:`` links below its ``roots``) serves them."""
    import weasyprint  # noqa: PLC0415 - only a process that draws with WeasyPrint loads it
    import weasyprint.css as cascade  # noqa: PLC0415

    if getattr(cascade.CSS, "keeps_linked_sheets", False):
        return
    made = weasyprint.CSS

    def sheet(*args: Any, **options: Any) -> Any:
        """The parsed stylesheet for these arguments: kept from an earlier document when it can be."""
        key = _key(args, options, pack_fetcher)
        if key is None:
            return made(*args, **options)
        logger = logging.getLogger("weasyprint")
        kept = _SHEETS.get(key)
        if kept is None:
            if len(_SHEETS) >= LIMIT:
                _SHEETS.clear()
            private = {name: value for name, value in options.items()
                       if name not in ("page_rules", "layers", "counter_style", "color_profiles", "font_config")}
            heard = _Heard()
            logger.addHandler(heard)
            try:
                parsed = made(**private, page_rules=[], layers=[], counter_style={}, color_profiles={})
            finally:
                logger.removeHandler(heard)
            _SHEETS[key] = (parsed, heard.records)
            return parsed
        for record in kept[1]:  # its warnings (an unknown property, say) are the next document's too
            logger.handle(record)
        return kept[0]

    sheet.keeps_linked_sheets = True  # type: ignore[attr-defined]
    cascade.CSS = sheet


class _Heard(logging.Handler):
    """What WeasyPrint logs while a sheet is parsed, kept to be told again to each document that reuses it."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def _key(args: tuple, options: dict[str, Any], pack_fetcher: type) -> tuple[str, str, str] | None:
    """What a linked sheet is kept under (its URL, medium and a digest of its bytes), or None when it is not kept:
    not a link served by the pack's fetcher, or a sheet with an at-rule."""
    url, fetcher = options.get("url"), options.get("url_fetcher")
    if args or not isinstance(url, str) or not isinstance(fetcher, pack_fetcher) or \
            set(options) - {"url", "url_fetcher", "media_type", "font_config", "counter_style", "color_profiles",
                            "page_rules", "layers", "_check_mime_type"}:
        return None
    path = url_path(fetcher.roots, url)  # type: ignore[attr-defined]  # an instance of pack_fetcher
    try:
        data = path.read_bytes() if path is not None else None
    except OSError:
        data = None
    if data is None or b"@" in data:
        return None
    return url, str(options.get("media_type", "print")), hashlib.sha256(data).hexdigest()
