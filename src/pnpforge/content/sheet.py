"""Items from a spreadsheet: a CSV file (UTF-8, one header row) or an Excel workbook (.xlsx, the first worksheet or
the type's ``sheet:``) read into the list of mappings a YAML item file holds. A formula cell gives the value the
spreadsheet program saved with it, and is an error when it has none.

Columns map to fields by name, plus ``id`` and ``qty``. ``name.de`` beside ``name`` gives the German text of a
translated field (``name`` alone is the pack's first language). A list field splits its cell at the field's
``separator`` (``;`` unless the schema says otherwise). Cells of numbers and true/false become numbers and booleans
when they look like them; anything else stays text, so the schema reports it where it stands. Empty cells are left
out, as an absent key would be in YAML.

Column titles are matched to fields as written, else in any case and without accents or spaces (``NAME`` is ``name``,
``Card Cost`` is ``card_cost``, ``Coût`` is ``cout``: ``column_key``). Without an ``id`` column each item's id is made
from its ``name`` (``Élan Vital!`` is ``elan-vital``: ``make_id``), located at the name's cell; two names making one id
are an error at the second.

Every value remembers its row and column (``cards.csv:14:3``: line 14, column 3; ``cards.xlsx:Sheet1!C14``), so every
finding about an item of a sheet points into the sheet, with the messages and exit codes of YAML. Reading refuses what
YAML reading refuses (size, encoding, control characters) before any row is read.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from pathlib import Path
from typing import Any, Callable

from pnpforge.content.source import Doc, LoadError, read_text
from pnpforge.findings import Finding, Mark

MAX_SHEET_BYTES = 20 * 1024 * 1024
MAX_UNPACKED_BYTES = 50 * 1024 * 1024  # an .xlsx is a zip archive: its unpacked size is bounded too
INTEGER = re.compile(r"[+-]?\d{1,15}")
DECIMAL = re.compile(r"[+-]?\d{1,15}\.\d{1,15}")
BOOLEANS = {"true": True, "false": False, "yes": True, "no": False}
SHEET_SUFFIXES = (".csv", ".xlsx")
SPECIAL = ("id", "qty")
UNSUPPORTED = ("object", "effect")
NOT_ALPHANUMERIC = re.compile(r"[^a-z0-9]+")
LANGUAGE = re.compile(r"([a-zA-Z]{2,3})(-[a-zA-Z]{2})?")
UNDECOMPOSED = str.maketrans({"ß": "ss", "æ": "ae", "Æ": "AE", "ø": "o", "Ø": "O", "œ": "oe", "Œ": "OE", "ł": "l",
                              "Ł": "L", "đ": "d", "Đ": "D", "þ": "th", "Þ": "Th", "ı": "i"})


def ascii_letters(text: str) -> str:
    """Text with its accents taken off (``Élan`` -> ``Elan``, ``Straße`` -> ``Strasse``); other non-ASCII goes."""
    plain = unicodedata.normalize("NFKD", text.translate(UNDECOMPOSED))
    return plain.encode("ascii", "ignore").decode("ascii")


def make_id(text: str) -> str:
    """A kebab-case id from a name: ``Élan Vital!`` -> ``elan-vital`` (empty when nothing is left)."""
    return NOT_ALPHANUMERIC.sub("-", ascii_letters(text).lower()).strip("-")


def column_key(title: str) -> str:
    """The field a column title names: ``Card Cost`` -> ``card_cost``, ``NAME`` -> ``name`` (empty when nothing is
    left; a field name starts with a letter)."""
    return NOT_ALPHANUMERIC.sub("_", ascii_letters(title).lower()).strip("_")


def language_code(text: str) -> str | None:
    """A column's language suffix as game.yaml writes languages (``DE`` -> ``de``, ``pt-br`` -> ``pt-BR``)."""
    match = LANGUAGE.fullmatch(text.strip())
    if match is None:
        return None
    return match.group(1).lower() + (match.group(2).upper() if match.group(2) else "")


def cell_start(line: str, cell: int) -> int | None:
    """Where cell ``cell`` (1-based) of a CSV line starts, as a 0-based offset into the line (a finding in a CSV
    file names the cell as its column); None when the line has fewer cells."""
    start, quoted, number = 0, False, 1
    for offset, char in enumerate(line):
        if number == cell:
            return start
        if char == '"':
            quoted = not quoted
        elif char == "," and not quoted:
            number += 1
            start = offset + 1
    return start if number == cell else None


def _error(mark: Mark, message: str) -> Finding:
    return Finding("error", message, mark=mark, blocking=True, rule="input")


Rows = list[tuple[int, list[str]]]  # (row number, cells as text)
Where = Callable[[int, int], Mark]  # (row, column) -> the position a finding shows


def load_sheet(path: Path, shown: str, fields: dict[str, Any], languages: list[str], sheet: str | None = None) -> Doc:
    """A CSV file or a workbook's worksheet as a ``Doc`` of item mappings; ``LoadError`` with located findings when
    it cannot be used."""
    rows, where, lines = read_rows(path, shown, sheet)
    return _items(rows, where, shown, fields, languages, lines)


def read_rows(path: Path, shown: str, sheet: str | None = None) -> tuple[Rows, Where, list[str]]:
    """The rows of a sheet as text, how to name a cell's position, and the file's lines (for CSV)."""
    if path.suffix.lower() == ".xlsx":
        rows, where = _workbook_rows(path, shown, sheet)
        return rows, where, []
    text = read_text(path, shown, limit=MAX_SHEET_BYTES)
    rows = []
    reader = csv.reader(io.StringIO(text, newline=""))
    line = 1
    try:
        for row in reader:
            rows.append((line, row))
            line = reader.line_num + 1
    except csv.Error as exc:
        raise LoadError([_error(Mark(shown, reader.line_num, 1), f"CSV syntax error: {exc}")]) from None
    return rows, lambda row, col: Mark(shown, row, col), text.splitlines()


def _workbook_rows(path: Path, shown: str, sheet: str | None) -> tuple[Rows, Where]:
    """The first worksheet (or ``sheet``) of an Excel workbook; positions are ``Sheet1!C14``."""
    from openpyxl import load_workbook

    size_problem = _workbook_size(path, shown)
    if size_problem:
        raise LoadError([_error(Mark(shown), size_problem)])
    try:
        values = load_workbook(path, read_only=True, data_only=True)
        formulas = load_workbook(path, read_only=True, data_only=False)
    except Exception as exc:  # openpyxl raises many kinds for a damaged file  # noqa: BLE001
        raise LoadError([_error(Mark(shown), f"not a readable .xlsx workbook ({type(exc).__name__})")]) from None
    names = values.sheetnames
    name = sheet or names[0]
    if name not in names:
        raise LoadError([_error(Mark(shown), f"no worksheet '{name}'; worksheets: {', '.join(names)}")])
    where = lambda row, col: Mark(f"{shown}:{name}!{_letters(col)}{row}")  # noqa: E731 - a cell's name
    rows: Rows = []
    problems: list[Finding] = []
    for number, (cached, written) in enumerate(zip(values[name].iter_rows(values_only=True),
                                                   formulas[name].iter_rows(values_only=True)), 1):
        row = []
        for col, (value, source) in enumerate(zip(cached, written), 1):
            if value is None and isinstance(source, str) and source.startswith("="):
                problems.append(_error(where(number, col), f"the formula {source} has no saved value; open the file "
                                                           "in a spreadsheet program and save it again"))
            row.append(cell_text(value))
        rows.append((number, row))
    values.close()
    formulas.close()
    if problems:
        raise LoadError(problems)
    return rows, where


def _workbook_size(path: Path, shown: str) -> str | None:
    """Why a workbook is too large to open, checked before it is read (and before it is unpacked)."""
    import zipfile

    if path.stat().st_size > MAX_SHEET_BYTES:
        return f"file is larger than {MAX_SHEET_BYTES // (1024 * 1024)} MB"
    try:
        with zipfile.ZipFile(path) as archive:
            unpacked = sum(entry.file_size for entry in archive.infolist())
    except (zipfile.BadZipFile, OSError):
        return "not a readable .xlsx workbook (not a zip archive)"
    if unpacked > MAX_UNPACKED_BYTES:
        return f"the workbook unpacks to more than {MAX_UNPACKED_BYTES // (1024 * 1024)} MB"
    return None


def _letters(col: int) -> str:
    """Column 3 as ``C``, 28 as ``AB``."""
    name = ""
    while col:
        col, rest = divmod(col - 1, 26)
        name = chr(65 + rest) + name
    return name


def cell_text(value: Any) -> str:
    """A cell's value as the text a CSV would hold (whole numbers without a decimal point)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _items(rows: Rows, where: Where, shown: str, fields: dict[str, Any], languages: list[str],
           lines: list[str]) -> Doc:
    """Rows (the first naming the columns) as item mappings with the position of every value."""
    rows = [(number, row) for number, row in rows if any(cell.strip() for cell in row)]
    if not rows:
        raise LoadError([_error(where(1, 1), "the sheet is empty: it needs a header row naming the fields")])
    header_line, header = rows[0]
    blank = blank_columns([row for _, row in rows])
    columns = _columns(header, header_line, where, fields, languages, blank)
    named = None if any(field == "id" for field, _ in columns.values()) else \
        next(col for col, (field, lang) in columns.items() if field == "name" and lang in (None, *languages[:1]))
    data: list[dict] = []
    marks: dict[tuple, Mark] = {}
    made: dict[str, int] = {}  # ids made from names: the row that made each
    problems: list[Finding] = []
    for index, (number, row) in enumerate(rows[1:]):
        item: dict[str, Any] = {}
        marks[(index,)] = where(number, 1)
        if named is not None:
            problems += _made_id(row[named].strip() if named < len(row) else "", item, made, number,
                                 where(number, named + 1))
            marks[(index, "id")] = where(number, named + 1)
        for col, (field, lang) in columns.items():
            cell = row[col].strip() if col < len(row) else ""
            if not cell:
                continue
            mark = where(number, col + 1)
            spec = fields.get(field)
            if lang is not None:
                translated = item.setdefault(field, {})
                translated[lang] = cell
                marks[(index, field, lang)] = mark
                marks.setdefault((index, field), mark)
                continue
            item[field] = _value(cell, spec, field)
            marks[(index, field)] = mark
        data.append(item)
    if problems:
        raise LoadError(problems)
    return Doc(shown, data, marks, dict(marks), lines)


def _made_id(name: str, item: dict[str, Any], made: dict[str, int], row: int, mark: Mark) -> list[Finding]:
    """Give ``item`` the id its name makes; the problem when it makes none, or one an earlier row's name made."""
    if not name:
        return []  # the item has no name: the schema reports the missing field
    made_id = make_id(name)
    if not made_id:
        return [_error(mark, f"the name {name[:40]!r} makes no id (it has no letter a-z or digit); add an 'id' "
                             "column")]
    if made_id in made:
        return [_error(mark, f"the name {name[:40]!r} makes the id '{made_id}', as the name in row {made[made_id]} "
                             "does; rename one, or add an 'id' column")]
    made[made_id] = row
    item["id"] = made_id
    return []


def blank_columns(rows: list[list[str]]) -> set[int]:
    """The columns with nothing in them, not even a title (a spreadsheet program may save a few)."""
    width = max((len(row) for row in rows), default=0)
    return {col for col in range(width) if not any(col < len(row) and row[col].strip() for row in rows)}


def _columns(header: list[str], line: int, where: Where, fields: dict[str, Any], languages: list[str],
             blank: frozenset[int] | set[int] = frozenset()) -> dict[int, tuple[str, str | None]]:
    """Column index -> (field, language or None); every header problem located at its cell (``blank`` columns,
    empty from top to bottom, are left out)."""
    problems: list[Finding] = []
    columns: dict[int, tuple[str, str | None]] = {}
    seen: dict[tuple[str, str | None], int] = {}
    accepted = ", ".join([*SPECIAL, *fields])
    plain_translated = {name for name, spec in fields.items() if spec.kind == "text" and spec.translated}
    for col, title in enumerate(header):
        name = title.strip()
        mark = where(line, col + 1)
        written, _, suffix = name.partition(".")
        field = _field_named(written, fields)
        lang = (language_code(suffix) or suffix) if suffix else ""
        key = (field, lang or None)
        if col in blank:
            continue
        if not name:
            problems.append(_error(mark, "a column has no name in the header row"))
            continue
        if field not in fields and field not in SPECIAL:
            problems.append(_error(mark, f"unknown column '{name}'; accepted columns: {accepted}"))
            continue
        if lang:
            if field not in plain_translated:
                problems.append(_error(mark, f"column '{name}': only translated text fields take a language"))
                continue
            if lang not in languages:
                problems.append(_error(mark, f"column '{name}': '{lang}' is not one of the pack's languages "
                                             f"({', '.join(languages)})"))
                continue
        elif field in plain_translated and languages:
            translated = any("." in t and _field_named(t.strip().partition(".")[0], fields) == field for t in header)
            key = (field, languages[0]) if translated else key
        spec = fields.get(field)
        if spec is not None and spec.kind in UNSUPPORTED:
            problems.append(_error(mark, f"column '{name}': {spec.kind} fields cannot be written in a sheet's cell; "
                                         "keep this type in YAML"))
            continue
        if key in seen:
            problems.append(_error(mark, f"column '{name}' appears twice (first in column {seen[key] + 1})"))
            continue
        seen[key] = col
        columns[col] = key
    present = {field for field, _ in columns.values()}
    if "id" not in present and not any(key in (("name", None), ("name", languages[0] if languages else None))
                                       for key in columns.values()):
        problems.append(_error(where(line, 1), "missing column 'id' (or 'name', to make the ids from the names)"))
    for missing in (n for n, spec in fields.items() if spec.required and spec.default is None):
        if missing not in present:
            problems.append(_error(where(line, 1), f"missing required column '{missing}'"))
    if problems:
        raise LoadError(problems)
    return columns


def _field_named(title: str, fields: dict[str, Any]) -> str:
    """The field (or ``id``, ``qty``) a column title names: as written, else by ``column_key``; else the title."""
    if title in fields or title in SPECIAL:
        return title
    key = column_key(title)
    return key if key in fields or key in SPECIAL else title


def _value(cell: str, spec: Any, field: str) -> Any:
    """A cell as the value its field expects, when it looks like one (else the text, for the schema to report)."""
    kind = "int" if field == "qty" else "string" if spec is None else spec.kind
    if kind == "list":
        return [_value(part.strip(), spec.of, "") for part in cell.split(spec.separator) if part.strip()]
    if kind == "int" and INTEGER.fullmatch(cell):
        return int(cell)
    if kind == "number" and (INTEGER.fullmatch(cell) or DECIMAL.fullmatch(cell)):
        return int(cell) if INTEGER.fullmatch(cell) else float(cell)
    if kind == "bool" and cell.lower() in BOOLEANS:
        return BOOLEANS[cell.lower()]
    return cell
