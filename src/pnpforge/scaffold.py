"""``pnpforge new``: a working pack in a new folder, optionally with its cards taken from a spreadsheet.

The pack holds a ``game.yaml`` with one component type, its items, the type's layouts (``layouts/<type>.yaml`` for
the front and ``<type>-back.yaml`` for the back, each extending the shared one with a template and CSS of the pack's
own), a first rules page and glossary in each language, and a README saying what to edit next. It validates and builds
clean at once.

The type is named after its file (``cards.yaml``, or the sheet's name: ``deck.xlsx`` gives ``deck``), never after a
shared layout such as ``card``, whose place it would take for every other type of the pack. From a sheet (CSV or
.xlsx, first worksheet), each column becomes a field, its title in any case and with accents or spaces (``NAME`` is
``name``, ``Card Cost`` is ``card_cost``): ``id`` the ids (made from ``name`` when there is none), ``qty`` the copies,
a column of whole numbers an ``int``, ``x.de`` beside ``x`` a translated text and German among the languages, anything
else text; every ``:icon:`` the text uses is declared. A workbook is copied into the pack as it is and stays the
source (its ids are made from the names at every load); a CSV sheet is written with its ids and plain column titles.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass, field
from pathlib import Path

from pnpforge.content.sheet import INTEGER, ascii_letters, blank_columns, column_key, language_code, make_id, read_rows
from pnpforge.content.source import LoadError
from pnpforge.content.text import ICON_PATTERN
from pnpforge.files import write_atomic
from pnpforge.findings import Finding, Mark, display_path
from pnpforge.render.layouts import LAYOUTS_DIR
from pnpforge.render.resolver import SHARED_CARD_FOLDER

RESERVED = {"id", "qty"}
DEFAULT_TYPE = "cards"
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

Column = tuple[str, "str | None"]  # (field, language)


@dataclass
class Scaffold:
    """What ``new`` wrote, and what it has to say about the sheet."""

    root: Path
    files: list[str] = field(default_factory=list)
    cards: int = 0
    notes: list[str] = field(default_factory=list)
    problems: list[Finding] = field(default_factory=list)  # what loading the new pack finds in its workbook


@dataclass
class Sheet:
    """What a spreadsheet makes of the pack: its languages, fields, icons and item count, and the items file."""

    languages: list[str]
    fields_yaml: str
    icons: list[str]
    count: int
    items: str | bytes
    notes: list[str]


def kebab(text: str) -> str:
    """``Élan Vital!`` -> ``elan-vital`` (``card`` when nothing is left)."""
    return make_id(text) or "card"


def read_sheet(path: Path) -> list[list[str]]:
    """The non-empty rows of a CSV file or of an .xlsx workbook's first worksheet, as text, without the columns that
    are empty from top to bottom; ``LoadError`` with located findings when the sheet cannot be read or holds no
    rows."""
    shown = display_path(path)
    numbered, where, _ = read_rows(path, shown)
    rows = [row for _, row in numbered if any(cell.strip() for cell in row)]
    if not rows:
        raise LoadError([Finding("error", "the sheet has no rows: it needs a header row naming the columns",
                                 mark=where(1, 1), blocking=True, rule="input")])
    blank = blank_columns(rows)
    return [[cell for col, cell in enumerate(row) if col not in blank] for row in rows]


def type_name_for(stem: str, pack_id: str) -> str:
    """The type a sheet's items make: named after the file, unless that is a shared layout's name (``card``), which
    the pack's own layout would replace for all its other types too; then the pack's name goes before it."""
    name = column_key(stem)
    if not name or not name[0].isalpha():
        name = DEFAULT_TYPE
    shared = {path.stem for path in (LAYOUTS_DIR / SHARED_CARD_FOLDER).glob("*.yaml")} | {"faction"}
    return f"{column_key(pack_id) or 'game'}_{name}" if name in shared else name


def create(root: Path, sheet: Path | None = None) -> Scaffold:
    """Write a new pack at ``root`` (which must not exist yet)."""
    pack_id = kebab(root.name)
    name = root.name.replace("-", " ").replace("_", " ").title()
    done = Scaffold(root)
    if sheet is None:
        type_name = DEFAULT_TYPE
        made = Sheet(["en"], _default_fields(), [], 3, SAMPLE, [])
        items_file = f"{type_name}.yaml"
    else:
        rows = read_sheet(sheet)
        columns = _check_header(rows[0], display_path(sheet))
        type_name = type_name_for(sheet.stem, pack_id)
        workbook = sheet.suffix.lower() == ".xlsx"
        made = _from_sheet(rows, columns, type_name, sheet.read_bytes() if workbook else None)
        items_file = f"{type_name}{'.xlsx' if workbook else '.csv'}"
    done.cards, done.notes = made.count, made.notes
    back = f"{type_name}-back"
    files: dict[str, str | bytes] = {
        "game.yaml": _game(pack_id, name, type_name, items_file, made),
        items_file: made.items,
        f"layouts/{type_name}.yaml": FRONT_YAML.format(type=type_name, back=back),
        "layouts/front.html": FRONT_HTML,
        "layouts/front.css": FRONT_CSS,
        f"layouts/{back}.yaml": BACK_YAML,
        "layouts/back-of-card.html": BACK_HTML,
        "layouts/back-of-card.css": BACK_CSS,
        "README.md": README.format(name=name, items=items_file, type=type_name, back=back),
    }
    for lang in made.languages:
        files[f"rules/{lang}/01-how-to-play.md"] = RULES.get(lang, RULES["en"]).format(name=name)
        files[f"rules/{lang}/glossary.yaml"] = GLOSSARY.get(lang, GLOSSARY["en"])
    for relative in files:
        target = root / relative
        if not target.resolve().is_relative_to(root.resolve()):  # the header is checked; this is the last word
            raise LoadError([Finding("error", f"'{relative}' would be written outside {display_path(root)}/",
                                     mark=Mark(display_path(root)), blocking=True, rule="input")])
    for relative, content in files.items():
        write_atomic(root / relative, content)
        done.files.append(relative)
    if sheet is not None and items_file.endswith(".xlsx"):
        done.problems = _load_problems(root)
    return done


def _load_problems(root: Path) -> list[Finding]:
    """What loading the new pack finds wrong with its workbook (two names making one id, say): the workbook is kept
    as it is, so the designer is told what to change in it."""
    from pnpforge.content.pack import load_pack  # noqa: PLC0415 - a workbook's ids are made when it is loaded

    return load_pack(root)[1]


def _check_header(header: list[str], shown: str) -> list[Column]:
    """The field and language each column names; refuse a title that names no field, a ``.xx`` suffix that is no
    language code (so that no cell can name a file or write YAML of its own) and two titles naming one field, each
    located at its column."""
    problems: list[tuple[int, str]] = []
    columns: list[Column] = []
    seen: dict[Column, int] = {}
    for index, cell in enumerate(header, 1):
        title, dot, suffix = cell.strip().partition(".")
        key = column_key(title)
        lang = language_code(suffix) if dot else None
        if not key or not key[0].isalpha():
            problems.append((index, f"column {index}: {cell.strip()[:40]!r} names no field (a column title needs "
                                    "a letter a-z before any digit)"))
        elif dot and lang is None:
            problems.append((index, f"column {index}: {suffix[:40]!r} in {title[:40]}.{suffix[:40]} is not a "
                                    "language code such as 'de' or 'pt-BR'"))
        elif (key, lang) in seen:
            problems.append((index, f"column {index}: {cell.strip()[:40]!r} names the same field as column "
                                    f"{seen[(key, lang)]}"))
        seen.setdefault((key, lang), index)
        columns.append((key, lang))
    if problems:
        raise LoadError([Finding("error", message, mark=Mark(shown, 1, index), blocking=True, rule="input")
                         for index, message in problems])
    return columns


def _default_fields() -> str:
    return ("      name: {kind: text, required: true, doc: The card's title.}\n"
            "      power: {kind: int, min: 0, max: 99, default: 0, doc: How strong the card is.}\n"
            "      text: {kind: text, doc: \"What the card does (icons are written :name:).\"}\n")


def _from_sheet(rows: list[list[str]], columns: list[Column], type_name: str, workbook: bytes | None) -> Sheet:
    """What the sheet makes of the pack: a workbook is kept as it is (``workbook``, its bytes), a CSV sheet written
    with plain column titles and an ``id`` column."""
    body = [row + [""] * (len(columns) - len(row)) for row in rows[1:]]
    translated = {key for key, lang in columns if lang is not None}
    languages = ["en", *sorted({lang for _, lang in columns if lang is not None} - {"en"})]
    keys = [key for key, lang in columns if lang is None]
    notes: list[str] = []
    if "name" not in {key for key, _ in columns} and workbook is None:
        titled = next((i for i, (key, lang) in enumerate(columns) if lang is None and key not in RESERVED
                       and not _whole_numbers(body, i)), None)
        if titled is not None:  # a CSV sheet is rewritten: its first column of text is the cards' name
            notes.append(f"column {titled + 1} ('{rows[0][titled].strip()}') is the name of each card")
            columns[titled] = ("name", None)
    lines = []
    for index, (key, lang) in enumerate(columns):
        if key in RESERVED or lang is not None:
            continue
        label = _label(rows[0][index].partition(".")[0].strip(), key)
        if _whole_numbers(body, index):
            values = [int(row[index]) for row in body if row[index].strip()]
            lines.append(f"      {key}: {{kind: int, min: {min(0, *values)}, max: {max(99, *values)}, default: 0"
                         f"{label}}}\n")
        elif key in translated or key == "name":
            lines.append(f"      {key}: {{kind: text{', required: true' if key == 'name' else ''}{label}}}\n")
        else:
            lines.append(f"      {key}: {{kind: text, translated: false{label}}}\n")
    text_columns = [i for i, (key, _) in enumerate(columns) if key not in RESERVED and not _whole_numbers(body, i)]
    icons = sorted({m.group(1) for row in body for i in text_columns for m in ICON_PATTERN.finditer(row[i])})
    qty = next((i for i, (key, _) in enumerate(columns) if key == "qty"), None)
    count = sum(int(row[qty]) if qty is not None and INTEGER.fullmatch(row[qty].strip()) else 1 for row in body)
    if workbook is not None:
        return Sheet(languages, "".join(lines), icons, count, workbook, notes)
    header = [key if lang is None else f"{key}.{lang}" for key, lang in columns]
    if "id" not in keys:
        notes += _add_ids(columns, body, type_name)
        header = ["id", *header]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(body)
    return Sheet(languages, "".join(lines), icons, count, out.getvalue(), notes)


def _label(title: str, key: str) -> str:
    """A field's ``label`` when its column title has letters its name lost (``Coût``), as YAML after a comma."""
    if ascii_letters(title) == title:
        return ""  # the name in words reads as the title did
    shown = title.capitalize() if title.isupper() else title
    return f", label: {json.dumps(shown, ensure_ascii=False)}"


def _whole_numbers(body: list[list[str]], index: int) -> bool:
    """Every filled cell of the column is a whole number (and one is filled)."""
    values = [row[index].strip() for row in body if row[index].strip()]
    return bool(values) and all(INTEGER.fullmatch(v) for v in values)


def _add_ids(columns: list[Column], body: list[list[str]], type_name: str) -> list[str]:
    """Put an id made from its name before each row; a collision gets a number, and is reported."""
    source = next((i for i, (key, lang) in enumerate(columns) if key == "name" and lang in (None, "en")), 0)
    notes = []
    seen: dict[str, int] = {}
    for number, row in enumerate(body, 2):
        made = make_id(row[source]) or f"{type_name.replace('_', '-')}-{number - 1}"
        seen[made] = seen.get(made, 0) + 1
        if seen[made] > 1:
            notes.append(f"row {number}: id '{made}' is taken; this card is '{made}-{seen[made]}'")
            made = f"{made}-{seen[made]}"
        row.insert(0, made)
    return notes


def _game(pack_id: str, name: str, type_name: str, items_file: str, made: Sheet) -> str:
    label = type_name.replace("_", " ")
    if label.endswith("s") and not label.endswith("ss") and len(label) > 3:
        label = label[:-1]  # cards: a card
    icons = "".join(f"  {icon}: {{label: {icon.replace('-', ' ').replace('_', ' ').capitalize()}}}\n"
                    for icon in made.icons)
    icons_yaml = ("# The icons the text uses as :id:, each printed as its label until layouts/icons/<id>.svg "
                  f"draws it.\nicons:\n{icons}") if icons else ""
    return f"""\
# {name}: made by `pnpforge new`. Change the name, the players and the about text; add fields to the type
# (docs/content-model.md) and draw its cards in layouts/front.html and front.css (docs/layouts.md).
id: {pack_id}
name: {name}
version: "1"
languages: [{", ".join(made.languages)}]
players: {{min: 2, max: 4}}
about: A new game, ready to print and play.
{icons_yaml}box:
  - {{type: {type_name}, count: {made.count}}}
types:
  {type_name}:
    file: {items_file}
    label: {label}
    doc: A card of the game.
    fields:
{made.fields_yaml}"""


FRONT_YAML = """\
# The layout of the type `{type}` (a layout is named after its type): the shared card's size, bleed and zones,
# drawn by this pack's own template and style.
extends: card
template: front.html
stylesheets: [base.css, card.css, front.css]
back: {{layout: {back}, same_for: []}}
"""
BACK_YAML = """\
# The back every card shares (same_for: [] in the front's layout), drawn by this pack's own template and style.
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

1. `game.yaml`: the game's name, players and about text; the fields of a card (type `{type}`).
2. `{items}`: the cards, one per row (or per YAML entry); `qty` prints copies, and `qty` 0 sets a card aside
   (checked, not printed). An icon written `:fire:` in the text is drawn from `layouts/icons/fire.svg`.
3. `layouts/front.html` and `front.css`: how the front of a card looks (`layouts/{type}.yaml` sets its size and
   zones); `back-of-card.html` and `.css`: its back (`layouts/{back}.yaml`).
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
