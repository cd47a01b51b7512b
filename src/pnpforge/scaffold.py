"""``pnpforge new``: a working pack in a new folder, optionally with its cards taken from a spreadsheet.

The pack holds a ``game.yaml`` with one card type, its items (``cards.yaml``, or ``cards.csv`` from the sheet), the
type's layouts (``layouts/card.yaml`` for the front and ``card-back.yaml`` for the back, each extending the shared one
with a template and CSS of the pack's own), a first rules page and glossary in each language, and a README saying what
to edit next. It validates and builds clean at once.

From a sheet (CSV or .xlsx, first worksheet), each column becomes a field: ``id`` the ids (made from ``name`` when
there is none, kebab-case, a collision given a number and reported), ``qty`` the copies, a column of whole numbers an
``int``, ``x.de`` beside ``x`` a translated text and German among the languages, anything else text.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from pathlib import Path

from pnpforge.content.sheet import INTEGER, read_rows
from pnpforge.content.source import LoadError
from pnpforge.files import write_atomic
from pnpforge.findings import Finding, Mark, display_path

ID_PATTERN = re.compile(r"[^a-z0-9]+")
COLUMN = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
LANGUAGE = re.compile(r"[a-z]{2,3}(-[A-Z]{2})?")  # as game.yaml's languages
RESERVED = {"id", "qty"}
SAMPLE = """\
- id: first-card
  name: First Card
  power: 3
  text: Draw a card.
- id: second-card
  name: Second Card
  power: 5
  text: Every player gains 1 power.
  qty: 2
"""


@dataclass
class Scaffold:
    """What ``new`` wrote, and what it has to say about the sheet."""

    root: Path
    files: list[str] = field(default_factory=list)
    cards: int = 0
    notes: list[str] = field(default_factory=list)


def kebab(text: str) -> str:
    """``Fire Ball (big)`` -> ``fire-ball-big``."""
    return ID_PATTERN.sub("-", text.lower()).strip("-") or "card"


def read_sheet(path: Path) -> list[list[str]]:
    """The non-empty rows of a CSV file or of an .xlsx workbook's first worksheet, as text; ``LoadError`` with
    located findings when the sheet cannot be read or holds no rows."""
    shown = display_path(path)
    numbered, where, _ = read_rows(path, shown)
    rows = [row for _, row in numbered if any(cell.strip() for cell in row)]
    if not rows:
        raise LoadError([Finding("error", "the sheet has no rows: it needs a header row naming the columns",
                                 mark=where(1, 1), blocking=True, rule="input")])
    return rows


def create(root: Path, sheet: Path | None = None) -> Scaffold:
    """Write a new pack at ``root`` (which must not exist yet)."""
    pack_id = kebab(root.name)
    name = root.name.replace("-", " ").replace("_", " ").title()
    done = Scaffold(root)
    if sheet is None:
        languages, fields_yaml, items_file, items = ["en"], _default_fields(), "cards.yaml", SAMPLE
        done.cards = 3
    else:
        rows = read_sheet(sheet)
        _check_header(rows[0], display_path(sheet))
        languages, fields_yaml, items, count, notes = _from_sheet(rows)
        items_file = "cards.csv"
        done.cards, done.notes = count, notes
    files = {
        "game.yaml": _game(pack_id, name, languages, fields_yaml, items_file, done.cards),
        items_file: items,
        "layouts/card.yaml": FRONT_YAML,
        "layouts/front.html": FRONT_HTML,
        "layouts/front.css": FRONT_CSS,
        "layouts/card-back.yaml": BACK_YAML,
        "layouts/back-of-card.html": BACK_HTML,
        "layouts/back-of-card.css": BACK_CSS,
        "README.md": README.format(name=name, items=items_file),
    }
    for lang in languages:
        files[f"rules/{lang}/01-how-to-play.md"] = RULES.get(lang, RULES["en"]).format(name=name)
        files[f"rules/{lang}/glossary.yaml"] = GLOSSARY.get(lang, GLOSSARY["en"])
    for relative in files:
        target = root / relative
        if not target.resolve().is_relative_to(root.resolve()):  # the header is checked; this is the last word
            raise LoadError([Finding("error", f"'{relative}' would be written outside {display_path(root)}/",
                                     mark=Mark(display_path(root)), blocking=True, rule="input")])
    for relative, text in files.items():
        write_atomic(root / relative, text)
        done.files.append(relative)
    return done


def _check_header(header: list[str], shown: str) -> None:
    """Refuse a header cell that is no column name, or whose ``.xx`` suffix is no language code (so that no cell
    can name a file or write YAML of its own), each located at its column."""
    problems: list[tuple[int, str]] = []
    for index, cell in enumerate(header, 1):
        column, dot, lang = cell.strip().partition(".")
        if not COLUMN.fullmatch(column):
            problems.append((index, f"column {index}: {cell.strip()[:40]!r} is not a column name (letters, digits, "
                                    "'_' and '-', starting with a letter)"))
        elif dot and not LANGUAGE.fullmatch(lang):
            problems.append((index, f"column {index}: {lang[:40]!r} in {column}.{lang[:40]} is not a language code "
                                    "such as 'de' or 'pt-BR'"))
    if problems:
        raise LoadError([Finding("error", message, mark=Mark(shown, 1, index), blocking=True, rule="input")
                         for index, message in problems])


def _default_fields() -> str:
    return ("      name: {kind: text, required: true, doc: The card's title.}\n"
            "      power: {kind: int, min: 0, max: 99, default: 0, doc: How strong the card is.}\n"
            "      text: {kind: text, doc: \"What the card does (icons are written :name:).\"}\n")


def _from_sheet(rows: list[list[str]]) -> tuple[list[str], str, str, int, list[str]]:
    """Languages, the field declarations, the items as CSV, the number of cards and the notes on ids."""
    header = [cell.strip() for cell in rows[0]]
    body = [row + [""] * (len(header) - len(row)) for row in rows[1:]]
    translated = {h.split(".", 1)[0] for h in header if "." in h}
    languages = ["en", *sorted({h.split(".", 1)[1] for h in header if "." in h} - {"en"})]
    lines = []
    for index, column in enumerate(header):
        if column in RESERVED or "." in column:
            continue
        values = [row[index].strip() for row in body if row[index].strip()]
        if values and all(INTEGER.fullmatch(v) for v in values):
            low = min(0, *(int(v) for v in values))
            high = max(99, *(int(v) for v in values))
            lines.append(f"      {column}: {{kind: int, min: {low}, max: {high}, default: 0}}\n")
        else:
            required = ", required: true" if column == "name" else ""
            lines.append(f"      {column}: {{kind: text{required}}}\n" if column in translated or column == "name"
                         else f"      {column}: {{kind: text, translated: false}}\n")
    notes: list[str] = []
    if "id" not in header:
        source = header.index("name") if "name" in header else 0
        seen: dict[str, int] = {}
        header = ["id", *header]
        for number, row in enumerate(body, 2):
            made = kebab(row[source])
            seen[made] = seen.get(made, 0) + 1
            if seen[made] > 1:
                notes.append(f"row {number}: id '{made}' is taken; this card is '{made}-{seen[made]}'")
                made = f"{made}-{seen[made]}"
            row.insert(0, made)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(body)
    qty = header.index("qty") if "qty" in header else None
    count = sum(int(row[qty]) if qty is not None and INTEGER.fullmatch(row[qty].strip()) else 1 for row in body)
    return languages, "".join(lines), out.getvalue(), count, notes


def _game(pack_id: str, name: str, languages: list[str], fields_yaml: str, items_file: str, cards: int) -> str:
    return f"""\
# {name}: made by `pnpforge new`. Change the name, the players and the about text; add fields to the card type
# (docs/content-model.md) and draw the card in layouts/front.html and front.css (docs/layouts.md).
id: {pack_id}
name: {name}
version: "1"
languages: [{", ".join(languages)}]
players: {{min: 2, max: 4}}
about: A new game, ready to print and play.
box:
  - {{type: card, count: {cards}}}
types:
  card:
    file: {items_file}
    doc: A card of the game.
    fields:
{fields_yaml}"""


FRONT_YAML = """\
# The layout of the type `card` (a layout is named after its type): the shared card's size, bleed and zones, drawn
# by this pack's own template and style. `extends: card` continues to the shared layout of the same name.
extends: card
template: front.html
stylesheets: [base.css, card.css, front.css]
back: {layout: card-back, same_for: []}
"""
BACK_YAML = """\
# The back every card shares (same_for: [] in card.yaml), drawn by this pack's own template and style.
extends: back
template: back-of-card.html
stylesheets: [base.css, card.css, back-of-card.css]
"""
BACK_HTML = """\
{# The back of a card: here the shared back (the game's name on the type's colour); draw your own. #}
{% include "back.html" %}
"""
BACK_CSS = """\
/* This pack's own style for the backs of its cards. */
.emblem { letter-spacing: 0.04em; }
"""
FRONT_HTML = """\
{# The front of a card. `v` holds the card's fields, `t()` picks the language, `rich()` draws :icons:, `zone()`
   places a box in millimetres; see docs/layouts.md. #}
{% include "card.html" %}
"""
FRONT_CSS = """\
/* This pack's own style for its cards, after the shared base.css and card.css. */
.title { letter-spacing: 0.02em; }
"""
README = """\
# {name}

Made by `pnpforge new`. What to edit next:

1. `game.yaml`: the game's name, players and about text; the fields of a card.
2. `{items}`: the cards, one per row (or per YAML entry); `qty` prints copies.
3. `layouts/front.html` and `front.css`: how the front of a card looks (`layouts/card.yaml` sets its size and
   zones); `back-of-card.html` and `.css`: its back.
4. `rules/*/01-how-to-play.md`: the rulebook, in Markdown.

Then `pnpforge validate .` and `pnpforge build .`: the faces, the sheets to print at home (`print/`), the print-shop
files (`shop/`), the PDF rulebook and the web site (`web/index.html`) appear under `build/`.
"""
RULES = {
    "en": "# How to play {{#how-to-play}}\n\nEach player takes a hand of [[card|cards]] and plays one each turn. "
          "The card with the most power wins the round.\n",
    "de": "# So wird gespielt {{#so-wird-gespielt}}\n\nJeder nimmt eine Hand [[Karte|Karten]] und spielt in jedem "
          "Zug eine davon. Die stärkste Karte gewinnt die Runde.\n",
}
GLOSSARY = {
    "en": "- term: Card\n  aliases: [cards]\n  definition: One of the game's cards.\n",
    "de": "- term: Karte\n  aliases: [Karten]\n  definition: Eine der Karten des Spiels.\n",
}
