"""``{plane example:STEM}``: a worked example on the table drawn as a figure on a rules page.

The game package plays the scenario ``examples/<stem>.yaml`` and says what the figure shows
(``GamePackage.example_plane``: the position it ends in, where moved bases stood before, templates, sight lines,
named points and a key, ``engine/plane_figure.py``); this figure draws it with the plane kit's drawer
(``engine/plane_svg.py``) at ``width=MM`` (110 by default), the example's name as its caption and the key under it.
The same SVG goes into the PDF rulebook and the web page. Every mistake is an error at the macro's line and column,
and the macro is then drawn as a visible mark. This module knows no game.
"""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING

from markupsafe import Markup, escape

from pnpforge.games import load_package
from pnpforge.publish.rulebook.examples import EXAMPLE_NAME, EXAMPLES_DIR, replay_example
from pnpforge.publish.rulebook.markdown import Where

if TYPE_CHECKING:
    from pnpforge.engine.plane_figure import PlaneFigure
    from pnpforge.publish.rulebook.macros import Macros

EXAMPLE = "example:"
WIDTH_MM = 110
WIDTHS = (40, 180)  # the narrowest and widest figure, in mm


class PlaneProblem(ValueError):
    """What is wrong with a ``{plane}`` macro, in a sentence."""


def plane_figure(macros: Macros, args: str, page: str, where: Where | None) -> Markup:
    """The figure of ``{plane example:STEM [width=MM]}``, or a visible mark and an error."""
    words = args.split()
    try:
        if not words or not words[0].startswith(EXAMPLE):
            raise PlaneProblem("{plane} draws a worked example on the table: {plane example:STEM}")
        width = _width(words[1:])
        name, figure = _figure(macros, words[0][len(EXAMPLE) :])
    except PlaneProblem as exc:
        macros.error(page, where, str(exc))
        return Markup(f'<span class="rb-missing">{{plane {escape(args)}}}</span>')
    key = Markup("").join(Markup('<span class="rb-map-key">{}</span>').format(line) for line in figure.key)
    return (
        Markup('<figure class="rb-map rb-plane">')
        + Markup(figure.svg(width))
        + Markup("<figcaption>{}{}</figcaption></figure>").format(name, key)
    )


def _width(words: list[str]) -> int:
    width = WIDTH_MM
    for word in words:
        key, sign, value = word.partition("=")
        if key != "width" or not sign or not value.isdigit() or not WIDTHS[0] <= int(value) <= WIDTHS[1]:
            raise PlaneProblem(f"{{plane}}: expected width=MM ({WIDTHS[0]} to {WIDTHS[1]}), found {word!r}")
        width = int(value)
    return width


def _figure(macros: Macros, stem: str) -> tuple[str, PlaneFigure]:
    """The example's name and the game's figure of it; an example that does not replay is a problem here."""
    replayed = replay_example(macros, stem) if EXAMPLE_NAME.fullmatch(stem) else None
    if replayed is None:
        known = sorted(p.stem for p in (macros.pack.root / EXAMPLES_DIR).glob("*.yaml"))
        near = difflib.get_close_matches(stem, known, n=1)
        hint = f"; did you mean 'example:{near[0]}'?" if near else ""
        raise PlaneProblem(f"{{plane}}: no example '{stem}' in {EXAMPLES_DIR}/{hint}")
    engine = macros.pack.game.engine
    package = load_package(engine) if engine else None
    if package is None or package.example_plane is None:
        raise PlaneProblem(f"{{plane}}: pack '{macros.pack.id}' has no game package that draws a position on a table")
    wrong = [f for f in replayed.findings if f.severity == "error"]
    if wrong:
        raise PlaneProblem(f"{{plane}}: example '{stem}' does not replay: {wrong[0].message}")
    try:
        figure = package.example_plane(macros.pack, macros.pack.root / EXAMPLES_DIR / f"{stem}.yaml")
    except ValueError as exc:
        raise PlaneProblem(f"{{plane}}: example '{stem}': {exc}") from None
    problems = figure.problems()
    if problems:
        raise PlaneProblem(f"{{plane}}: example '{stem}': {problems[0]}")
    data = replayed.doc.data if isinstance(replayed.doc.data, dict) else {}
    return macros.t(data.get("name") or data.get("title") or stem), figure
