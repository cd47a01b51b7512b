"""The search index: one document per rules section, glossary entry, card and worked example.

Cards are found by every field (labels and values as keywords), but their snippet is the player's text of the
card (its text fields in words), never a field's data. The documents ship as ``assets/search-index.js``, a script
that sets ``window.PNPFORGE_SEARCH``; the search page loads it with a ``<script>`` tag (a ``fetch`` of a JSON file
is refused under ``file://``) and indexes it with the vendored MiniSearch library. Text is the words a reader
sees: HTML tags are dropped and each icon counts as its label, so searching "coin" finds a section that only
shows the coin icon.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from html.parser import HTMLParser
from typing import Any

from pnpforge.publish.web.values import holds_effects

ROOT = "pnp-root:"  # the prefix of URLs written from the site's root (figures.ROOT)

GLOBAL = "PNPFORGE_SEARCH"
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
        """The document as the index holds it (search.js cuts the snippet around the words found)."""
        return asdict(self)


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


def search_docs(content: Any, rules: list, entries: list, cards: list, examples: Any) -> list[SearchDoc]:
    """The documents of the search index: a section of each rules page, each glossary entry, card and example
    (``content`` is the site's ``SiteContent``, the pages its ``SitePage``s)."""
    docs: list[SearchDoc] = []
    kind = content.label

    def add(*args, **kwargs) -> None:
        docs.append(SearchDoc(len(docs) + 1, *args, **kwargs))

    for page in rules:
        for anchor, heading, text in sections(str(page.context["html"])):
            if anchor and (heading or text):
                add(kind("kind_rules"), heading or page.title, f"{page.path}#{anchor}", text, page.title)
    for entry in entries:
        details = " ".join(f"{label} {plain(str(html))}" for label, html in entry.details)
        add(kind("kind_glossary"), entry.name, f"glossary.html#{entry.anchor}",
            plain(str(entry.definition)) or details, ", ".join(entry.kinds), " ".join([*entry.aliases, details]))
    for page in cards:
        entry = page.context["entry"]
        fields = content.pack.types[entry.item.type].fields
        said: list[str] = []
        other: list[str] = []
        for name, label, html in page.context["rows"]:
            words = plain(str(html))
            spec = fields[name]
            player_text = spec.kind == "text" or (spec.kind == "list" and spec.of.kind == "text") or holds_effects(spec)
            (said if player_text else other).append(words if player_text else f"{label} {words}")
        add(kind("kind_card"), entry.name, page.path, " ".join(said), entry.type_label,
            " ".join([*other, *(v for values in entry.facets.values() for v in values)]))
    for item in examples.context["examples"]:
        url = item["href"][len(ROOT):] if item["href"] else f"examples.html#about-{item['stem']}"
        add(kind("kind_example"), item["title"], url, plain(str(item["doc"])), item["chapter"] or "")
    return docs


def search_fields(content: Any) -> dict:
    """How search.js indexes the documents: fields, their weights, and a lift for glossary entries."""
    return {"fields": ["title", "keywords", "text", "context"], "boost": {"title": 4, "keywords": 2, "context": 0.5},
            "kind_boost": {content.label("kind_glossary"): 1.5}}
