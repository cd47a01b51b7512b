"""``{analysis NAME}``: the tables of one of the game package's data analyses (``GamePackage.data_analyses``:
exact odds, routes, values computed from the pack's data alone), drawn into a rules page as an appendix. The same
figures are in the validator's report; a change in the data changes both."""

from __future__ import annotations

from typing import TYPE_CHECKING

from markupsafe import Markup, escape

from pnpforge.engine.pack_cache import per_pack
from pnpforge.games import load_package
from pnpforge.publish.rulebook.macros import Macros
from pnpforge.publish.rulebook.markdown import Where
from pnpforge.publish.rulebook.tables import colgroup

if TYPE_CHECKING:
    from pnpforge.engine.validate import Table

HEADING = 1.6  # a heading letter, in spaced capitals, against a letter of a cell
UNBROKEN = 24  # cells up to this many letters are kept on one line (figures, dice); longer ones wrap at words
WIDE = 0.6  # what a capital letter takes beyond a small one
PADDING = 3  # letters of room a cell's padding takes


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
    analysis = per_pack(pack, f"data analysis {name}", lambda: known[name](pack))
    return tables_html(analysis.tables)


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
