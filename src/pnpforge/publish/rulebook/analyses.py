"""``{analysis NAME}``: the tables of one of the game package's data analyses (``GamePackage.data_analyses``:
exact odds, routes, values computed from the pack's data alone), drawn into a rules page as an appendix. The same
figures are in the validator's report; a change in the data changes both.

Exact odds take a game package millions of steps, and the preflight check renders the rulebook on every build, an
unchanged one included; so each analysis' tables are kept, as JSON text, in the user's ``analyses`` store
(``caches.store``), keyed by the analysis' name, the digest of the code that works it out (``ANALYSIS_CODE``) and
the full bytes of every file of the pack an analysis may read (``pack_data_digest``: all but its Markdown pages and
the outputs built inside it). A kept entry is used only under that key, sealed by this user, so an edit of a
rules page or of nothing reuses the tables and an edit of any data file works them out again."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from markupsafe import Markup, escape

from pnpforge.caches import code
from pnpforge.caches.paths import outputs_in
from pnpforge.caches.store import user_store
from pnpforge.engine.pack_cache import per_pack
from pnpforge.engine.validate import Table
from pnpforge.games import load_package
from pnpforge.publish.rulebook.macros import Macros
from pnpforge.publish.rulebook.markdown import Where
from pnpforge.publish.rulebook.tables import colgroup

if TYPE_CHECKING:
    from pnpforge.engine.validate import Analysis

HEADING = 1.6  # a heading letter, in spaced capitals, against a letter of a cell
UNBROKEN = 24  # cells up to this many letters are kept on one line (figures, dice); longer ones wrap at words
WIDE = 0.6  # what a capital letter takes beyond a small one
PADDING = 3  # letters of room a cell's padding takes
STORE = "analyses"  # the user's store of worked-out tables (``caches.store.user_store``)
ANALYSIS_CODE = ("games", "engine", "content", "publish.rulebook.analyses")  # the code that works tables out
PROSE = ".md"  # pack files no analysis reads: its rules pages, README and notes


def analysis_html(macros: Macros, args: str, page: str, where: Where | None) -> Markup:
    """The named analysis' tables, each under its title; an unknown name, or a pack whose game package has no
    analyses, is an error at the macro."""
    name = args.strip()
    pack = macros.pack
    package = load_package(pack.game.engine) if pack.game.engine else None
    known = dict(package.data_analyses) if package is not None else {}
    if not known:
        macros.error(page, where, f"{{analysis {name}}}: pack '{pack.id}' has no game package analysing its data")
        return Markup("")
    if name not in known:
        macros.error(page, where, f"unknown analysis '{name}'; analyses: {', '.join(known)}")
        return Markup("")
    # the pack's data alone decides an analysis: worked out once per pack in a process, though the preflight check,
    # each paper's book and the site all show it
    tables = per_pack(pack, f"data analysis {name}", lambda: kept_tables(pack, name, known[name]))
    return tables_html(tables)


def kept_tables(pack: Any, name: str, analyse: Callable[[Any], Analysis]) -> list[Table]:
    """The tables of ``analyse(pack)``, their cells as text: as kept for the same code and pack files, else worked
    out and kept."""
    store = user_store(STORE)
    key = f"analysis\0{name}\0{code.digest(*ANALYSIS_CODE)}\0{pack_data_digest(Path(pack.root))}"
    found = store.read(key)
    if found is not None:
        try:
            return [Table(str(t["title"]), [str(c) for c in t["columns"]], [[str(c) for c in row] for row in t["rows"]])
                    for t in json.loads(found)]
        except (ValueError, KeyError, TypeError):
            pass  # damaged: work it out again
    shown: list[dict[str, Any]] = [{"title": str(t.title), "columns": [str(c) for c in t.columns],
              "rows": [[str(c) for c in row] for row in t.rows]} for t in analyse(pack).tables]
    store.keep(key, json.dumps(shown, ensure_ascii=False).encode("utf-8"))
    return [Table(t["title"], t["columns"], t["rows"]) for t in shown]


def pack_data_digest(root: Path) -> str:
    """A digest of the names and full bytes of every regular file of the pack but its Markdown pages, hidden
    folders and the outputs built inside it (none of which is walked); links are not followed."""
    base = root.resolve()
    skip = set(outputs_in(base))
    files = []
    for folder, names, found in os.walk(base):
        here = Path(folder)
        names[:] = [name for name in names if not name.startswith(".") and here / name not in skip]
        files += [here / name for name in found if not name.endswith(PROSE) and not name.startswith(".")]
    digest = hashlib.sha256()
    for path in sorted(files):
        if path.is_symlink() or not path.is_file():
            continue  # a link may point out of the pack (or at an endless device): never followed
        name, data = path.relative_to(base).as_posix().encode("utf-8"), path.read_bytes()
        digest.update(len(name).to_bytes(4, "big") + name + len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


def tables_html(tables: list[Table]) -> Markup:
    """Analysis tables as HTML, each under its title, with column widths that keep figures on one line."""
    parts = []
    for table in tables:
        cells = [[str(cell) for cell in row] for row in table.rows]
        columns = [[row[i] for row in cells] for i in range(len(table.columns))]
        head = "".join(f"<th>{escape(label)}</th>" for label in table.columns)
        body = "".join("<tr>" + "".join(_cell(cell) for cell in row) + "</tr>" for row in cells)
        parts.append(
            f'<table class="rb-table rb-analysis"><caption>{escape(table.title)}</caption>'
            f"{colgroup(widths(table.columns, columns))}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
        )
    return Markup("\n".join(parts))


def _cell(text: str) -> str:
    """A cell; a short one (a figure, dice) is kept on one line: its spaces do not break."""
    shown = str(escape(text))
    return f"<td>{shown.replace(' ', '&nbsp;') if len(text) <= UNBROKEN else shown}</td>"


def widths(headings: list[str], columns: list[list[str]]) -> list[float]:
    """Percentages per column: room for its longest short cell on one line (a figure never wraps) and for the
    longest word of a long cell or of its heading."""
    weights = []
    for heading, cells in zip(headings, columns):
        short = max((len(c) + WIDE * sum(ch.isupper() for ch in c) for c in cells if len(c) <= UNBROKEN), default=0)
        words = max((len(w) for c in cells if len(c) > UNBROKEN for w in c.split()), default=0)
        title = max((len(w) for w in heading.split()), default=0) * HEADING
        weights.append(max(short, words, title, 3) + PADDING)
    total = sum(weights)
    return [round(100 * w / total, 2) for w in weights]
