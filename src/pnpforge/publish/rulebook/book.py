"""The rulebook's sources in a pack: ``rules/rulebook.yaml``, ``rules/glossary.yaml`` and the ``NN-*.md`` pages.

``rulebook.yaml`` (optional) gives the cover, the colours, the chapters that start a new page, words of the
generated parts that differ from ``layouts/rulebook/strings/<lang>.yaml`` (``strings.py``) and, for packs whose
engine plays examples, how a scenario file is drawn and how its outcome is put into words. Every key is declared
here with a description; an unknown key is reported with the accepted ones, at its line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Union

from pydantic import BaseModel, ConfigDict, Field

from pnpforge.content.pack import DocView, Pack, validate_model
from pnpforge.content.source import Doc, LoadError, load_yaml, read_text
from pnpforge.findings import Finding, Mark, display_path
from pnpforge.publish.rulebook import RULES_DIR
from pnpforge.publish.rulebook.strings import load_strings
from pnpforge.render.layouts import LAYOUTS_DIR

BOOK_FILE = "rulebook.yaml"
GLOSSARY_FILE = "glossary.yaml"
PAGE_NAME = re.compile(r"^\d+-[a-z0-9-]+\.md$")
GLOSSARY, INDEX = "glossary", "index"  # the generated chapters, as page_breaks names them


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)


class Sentence(_Strict):
    """How one value of an outcome reads; ``{value}`` is the value in words, ``{part}`` the part's name."""

    text: str = Field(description="the sentence for one value (or for every value when 'many' is absent)")
    many: str | None = Field(None, description="the sentence when the value lists more than one")
    none: str | None = Field(None, description="the sentence when the value is empty (else none is written)")
    entry: str = Field("{key} {value}", description="how one entry of a mapping value reads")
    hide_zero: bool = Field(False, description="leave out the entries of a mapping whose value is 0")
    unless_sum_of_parts: bool = Field(False, description="for a total: leave the sentence out when the total only "
                                                          "adds up the same key of the parts")


class OutcomeWords(_Strict):
    """How the engine's outcome of a scenario is written in words."""

    parts: str = Field(description="the outcome key listing one result per part of the situation")
    part_key: str = Field(description="the key of a result naming its part")
    sentences: dict[str, Union[str, Sentence]] = Field(description="per key of a result, in this sequence")
    totals: dict[str, Union[str, Sentence]] = Field({}, description="per top-level key of the outcome")
    names: dict[str, str] = Field({}, description="how the sentences call an id (else its name in the pack)")


class MemberDrawing(_Strict):
    """How a placed member of a scenario becomes a card figure."""

    type: str = Field(description="the component type it is drawn as")
    ref: str = Field(description="the key naming a pack item (the member is that card)")
    fields: dict[str, str] = Field(description="scenario key -> field of the type, for members written inline")
    side_field: str = Field(description="the field that takes the side it is listed under")
    layers: dict[str, Union[str, dict[str, str]]] = Field(
        {}, description="key -> id of a transparent card drawn on the figure when the value is set; "
                        "'*' when the value lists card ids; a mapping when each listed value names one")
    notes: dict[str, str] = Field({}, description="key -> label of a caption under the figure (value: an id)")


class PartDrawing(_Strict):
    """How a part of a scenario (the place its members stand) becomes a card figure."""

    type: str = Field(description="the component type it is drawn as")
    ref: str = Field(description="the key naming a pack item")
    fields: list[str] = Field(description="keys copied to the drawn item when the part is written inline")
    inline_id: str = Field(description="the id the engine gives the n-th part written inline, e.g. 'part-{n}'")
    members: str = Field(description="the key of a part: side -> list of members")


class ExampleDrawing(_Strict):
    """How a scenario file of ``examples/`` is drawn and its outcome written."""

    sides: str = Field(description="the scenario key listing the sides in seat sequence")
    parts: str = Field(description="the scenario key listing the parts")
    part: PartDrawing
    member: MemberDrawing
    outcome: OutcomeWords
    scale: float = Field(0.4, gt=0.1, le=1.0, description="figure size, as a share of the printed size")


class Cover(_Strict):
    """The cover page."""

    cards: list[str] = Field([], description="ids of cards shown on the cover")
    note: str = Field("", description="a line under the title (players, age, time)")


class BookFile(_Strict):
    """The keys of ``rules/rulebook.yaml``."""

    title: str | None = Field(None, description="the title on the cover (default: the game's name)")
    subtitle: str | None = Field(None, description="the line under the title (default: the 'subtitle' word of "
                                                   "layouts/rulebook/strings/<lang>.yaml)")
    cover: Cover = Field(Cover(), description="the cover page")
    accent: str = Field("#7a2418", pattern=r"^#[0-9a-fA-F]{6}$", description="colour of headings and rules")
    page_breaks: list[str] = Field([GLOSSARY], description="the chapters that start on a new page, named by "
                                   "their file without its number (quick-reference for 15-quick-reference.md) or "
                                   "'glossary'; every other chapter follows on the page where the one before ends "
                                   "(the cover, the contents and the index always have pages of their own)")
    labels: dict[str, str] = Field({}, description="words of this book that differ from those of "
                                                   "layouts/rulebook/strings/<lang>.yaml (same keys), and words "
                                                   "a game's own example drawings ask for")
    figure_scale: float = Field(0.5, gt=0.1, le=1.0, description="size of card figures, as a share of print")
    examples: ExampleDrawing | None = Field(None, description="how scenario files are drawn (packs with an engine)")



class GlossaryEntry(_Strict):
    """One term of ``rules/glossary.yaml``."""

    term: str = Field(description="the term as it is listed")
    aliases: list[str] = Field([], description="other forms that [[...]] may use (plurals, short forms)")
    definition: str = Field(description="what the term means; may use :icon: markup")


@dataclass
class Page:
    """One Markdown page of the rulebook."""

    path: Path
    shown: str
    text: str

    @property
    def name(self) -> str:
        """The page's name without its number (``quick-reference`` for ``15-quick-reference.md``)."""
        return self.path.stem.split("-", 1)[1]


@dataclass
class Sources:
    """Everything the rulebook is made from, loaded and located."""

    pack: Pack
    folder: Path
    book: BookFile
    book_doc: Doc | None
    glossary: list[GlossaryEntry]
    glossary_doc: Doc | None
    pages: list[Page]
    findings: list[Finding] = field(default_factory=list)
    strings: dict[str, str] = field(default_factory=dict)

    def label(self, key: str) -> str:
        """A word of the generated parts: the book's ``labels:``, else the language's strings, else the key."""
        return self.book.labels.get(key, self.strings.get(key, key))

    def breaks_before(self) -> set[str]:
        """The names of the chapters (pages and 'glossary') that start a new page."""
        return set(self.book.page_breaks)


def rules_folder(pack: Pack, lang: str) -> Path:
    """``rules/<lang>/`` when the pack has one, else ``rules/``."""
    own = pack.root / RULES_DIR / lang
    return own if own.is_dir() else pack.root / RULES_DIR


def load_sources(pack: Pack, lang: str, layouts_dir: Path = LAYOUTS_DIR) -> Sources:
    """Read the rulebook's files and its words in ``lang``; problems are findings (a file that cannot be read
    blocks)."""
    folder = rules_folder(pack, lang)
    findings: list[Finding] = []
    strings = load_strings(pack, lang, layouts_dir, findings)
    if lang != pack.game.languages[0] and folder == pack.root / RULES_DIR:
        findings.append(Finding("warning", f"no rules pages in language '{lang}' ({RULES_DIR}/{lang}/); the rulebook "
                                           f"uses those of {RULES_DIR}/", mark=Mark(display_path(folder)),
                                rule="rulebook"))
    book, book_doc = BookFile(), None
    if (folder / BOOK_FILE).is_file():
        book_doc = _load(folder / BOOK_FILE, findings)
        if book_doc is not None:
            book = validate_model(BookFile, DocView(book_doc, ()), findings) or BookFile()
    glossary: list[GlossaryEntry] = []
    glossary_doc = _load(folder / GLOSSARY_FILE, findings) if (folder / GLOSSARY_FILE).is_file() else None
    if glossary_doc is not None:
        if not isinstance(glossary_doc.data, list):
            findings.append(_blocking(glossary_doc.mark(()), "expected a list of {term, definition}"))
        else:
            for index in range(len(glossary_doc.data)):
                entry = validate_model(GlossaryEntry, DocView(glossary_doc, (index,)), findings)
                if entry is not None:
                    glossary.append(entry)
    pages = []
    for path in sorted(folder.glob("*.md")):
        if not PAGE_NAME.match(path.name):
            continue
        try:
            text = read_text(path, display_path(path))
        except LoadError as exc:
            findings.extend(exc.findings)
            continue
        pages.append(Page(path, display_path(path), text))
    if not pages:
        findings.append(Finding("error", f"no rules pages (NN-name.md) in {display_path(folder)}/",
                                mark=Mark(display_path(folder)), rule="rulebook"))
    _check_breaks(book, book_doc, pages, findings)
    return Sources(pack, folder, book, book_doc, glossary, glossary_doc, pages, findings, strings)


def _check_breaks(book: BookFile, doc: Doc | None, pages: list[Page], findings: list[Finding]) -> None:
    """Every name of ``page_breaks`` is a chapter of the book."""
    known = [page.name for page in pages] + [GLOSSARY, INDEX]
    for number, name in enumerate(book.page_breaks):
        if name not in known:
            mark = doc.mark(("page_breaks", number)) if doc else None
            findings.append(Finding("error", f"page_breaks: no chapter '{name}'; chapters: {', '.join(known)}",
                                    mark=mark, rule="rulebook"))


def _load(path: Path, findings: list[Finding]) -> Doc | None:
    """A YAML file of the rulebook, or None with its problems added."""
    try:
        return load_yaml(path)
    except LoadError as exc:
        findings += exc.findings
        return None


def _blocking(mark: Mark, message: str) -> Finding:
    return Finding("error", message, mark=mark, blocking=True, rule="rulebook")
