"""The search index: one document per rules section, glossary entry, card and worked example.

The documents ship as ``assets/search-index.js``, a script that sets ``window.PNPFORGE_SEARCH``; the search page
loads it with a ``<script>`` tag (a ``fetch`` of a JSON file is refused under ``file://``) and indexes it with
the vendored MiniSearch library. Text is the words a reader sees: HTML tags are dropped and each icon counts as
its label, so searching "coin" finds a section that only shows the coin icon.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from html.parser import HTMLParser

GLOBAL = "PNPFORGE_SEARCH"
SNIPPET = 180
_SVG_INSIDE = re.compile(r"(<svg\b[^>]*>).*?(</svg>)", re.DOTALL)
SKIPPED = {"script", "style", "title"}
BLOCKS = {"p", "li", "dt", "dd", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "div", "br", "tr", "blockquote"}


@dataclass
class SearchDoc:
    """One search result: where it leads and what it says."""

    id: int
    kind: str  # a label: Rules, Glossary, Card, Example
    title: str
    url: str  # from the site's root
    text: str
    context: str = ""  # the chapter of a section, the type of a card
    keywords: str = ""  # words that find it without being shown (aliases, field values)

    def to_json(self) -> dict:
        """The document, with a snippet of its text for the result list."""
        data = asdict(self)
        data["snippet"] = snippet(self.text)
        return data


def snippet(text: str) -> str:
    """The start of a text, cut at a word."""
    if len(text) <= SNIPPET:
        return text
    return text[:SNIPPET].rsplit(" ", 1)[0] + "…"


class _Text(HTMLParser):
    """Collects the words of HTML, with icons as their labels, split at headings that carry an id.

    An icon's label is left out when the words after it say the same (":coin: Coin" reads "Coin" once).
    """

    def __init__(self, levels: tuple[str, ...]):
        super().__init__(convert_charrefs=True)
        self.levels = levels
        self.sections: list[list] = [["", "", []]]  # [anchor, heading, words]
        self.heading: str | None = None
        self.heading_words: list[str] = []
        self.skip = 0
        self.label = ""  # an icon's label, waiting to see the words after it
        self.gap = False  # a space came after that icon

    def handle_starttag(self, tag: str, attrs: list) -> None:
        values = dict(attrs)
        if tag in SKIPPED:
            self.skip += 1
        elif tag in self.levels and values.get("id"):
            self._flush()
            self.heading = values["id"]
            self.heading_words = []
        elif tag == "svg" and values.get("aria-label"):
            self._flush()
            self.label = values["aria-label"]
        elif tag == "img" and values.get("alt"):
            self._words(f" {values['alt']} ")
        if tag in BLOCKS:
            self._words(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in SKIPPED:
            self.skip = max(0, self.skip - 1)
        elif tag in self.levels and self.heading is not None:
            self._flush()
            self.sections.append([self.heading, " ".join("".join(self.heading_words).split()), []])
            self.heading = None
        if tag in BLOCKS:
            self._words(" ")

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        if self.label and not data.strip():
            self.gap = True  # the space between an icon and its word
            return
        if self.label and data.lstrip().casefold().startswith(self.label.casefold()):
            self.label, self.gap = "", False
        self._words(data)

    def close(self) -> None:
        super().close()
        self._flush()

    def _flush(self) -> None:
        """Write a waiting icon label."""
        if self.label:
            label, gap, self.label, self.gap = self.label, self.gap, "", False
            self._words(f" {label}" + (" " if gap else ""))

    def _words(self, text: str) -> None:
        if self.label:
            self._flush()
        if self.heading is not None:
            self.heading_words.append(text)
        else:
            self.sections[-1][2].append(text)


def sections(html: str, levels: tuple[str, ...] = ("h1", "h2", "h3")) -> list[tuple[str, str, str]]:
    """``(anchor, heading, text)`` for each part of a page that starts at a heading with an id."""
    parser = _Text(levels)
    parser.feed(_SVG_INSIDE.sub(r"\1\2", html))  # an icon reads as its label: its drawing is not parsed
    parser.close()
    return [(anchor, heading, " ".join("".join(words).split())) for anchor, heading, words in parser.sections]


def plain(html: str) -> str:
    """The words of a piece of HTML."""
    if "<" not in html and "&" not in html:
        return " ".join(html.split())  # text alone: its words
    return " ".join(text for _, _, text in sections(html, ()) if text)


def index_script(docs: list[SearchDoc], fields: dict) -> str:
    """The index as a script setting a global."""
    data = {"fields": fields, "documents": [doc.to_json() for doc in docs]}
    text = json.dumps(data, ensure_ascii=False, indent=None, separators=(",", ":"))
    return f"window.{GLOBAL} = {text};\n"
