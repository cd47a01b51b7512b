"""Inline layout: text and inline icons broken into lines, as WeasyPrint and Pango break them.

White space collapses as ``white-space: normal`` says; each run of one style is shaped whole with HarfBuzz (so
kerning and ligatures match Pango's), and lines break greedily after spaces and after a hyphen or dash inside a
word, the break opportunities of the Unicode line-breaking rules that card text meets. A line box is as tall as
its strut and every inline box in it (``line-height`` split into half-leading above and below each font's
ascent and descent), and inline svg and images sit on the baseline or at their ``vertical-align``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from pnpforge.render.fonts import FontSet
from pnpforge.render.native.boxes import COLLAPSIBLE, Break, Inline, Replaced, Spacer
from pnpforge.render.native.css import Percent, Style
from pnpforge.render.native.dom import Unsupported
from pnpforge.render.native.fonts import Font, pick

SPACES = re.compile(f"[{re.escape(COLLAPSIBLE)}]+")
BREAK_AFTER = frozenset("-\u2010\u2013\u2014")  # hyphen-minus, hyphen, en dash, em dash


@dataclass
class Glyph:
    """One glyph placed on a line (x from the line's start, in points)."""

    id: int
    x: float
    text: str


@dataclass
class Atom:
    """A character (with the glyphs it starts), a replaced box or a forced break, in line-breaking order."""

    width: float
    style: Style
    font: Font | None = None
    char: str = ""
    glyphs: list[tuple[int, float, float, str]] = field(default_factory=list)  # (id, dx, advance, text)
    replaced: Replaced | None = None
    forced: bool = False
    break_after: bool = False  # a line may end after this atom
    space: bool = False


@dataclass
class Piece:
    """What a line draws: a run of glyphs in one style, or a replaced box."""

    x: float
    style: Style
    font: Font | None = None
    size: float = 0.0
    glyphs: list[Glyph] = field(default_factory=list)
    replaced: Replaced | None = None
    y: float = 0.0  # a replaced box's top, from the line's baseline (negative: above it)


@dataclass
class Line:
    width: float
    top: float  # from the block's content top
    height: float
    baseline: float  # from the line's top
    pieces: list[Piece]
    x: float = 0.0  # offset from the content box's left (text-align)


def font_of(style: Style, fonts: FontSet) -> Font:
    return pick(fonts, style["font-family"], style["font-weight"], style["font-style"])


def line_height(style: Style, font: Font) -> float:
    value = style["line-height"]
    size = style["font-size"]
    if value == "normal":
        return (font.ascent + font.descent + font.line_gap) * size
    if isinstance(value, tuple):
        return value[1] * size
    return float(value)


def _transform(text: str, style: Style) -> str:
    transform = style["text-transform"]
    if transform == "uppercase":
        return text.upper()
    if transform == "lowercase":
        return text.lower()
    if transform == "capitalize":
        return re.sub(r"\b(\w)", lambda m: m.group(1).upper(), text)
    return text


def atoms(items: list[Inline], fonts: FontSet, resolve_replaced) -> list[Atom]:
    """The inline content as atoms, white space collapsed and each run shaped."""
    found: list[Atom] = []
    space_before = True  # spaces at the start of the block go
    for item in items:
        if isinstance(item, Break):
            _drop_trailing_spaces(found)
            found.append(Atom(0.0, item.style, forced=True, break_after=True))
            space_before = True
            continue
        if isinstance(item, Spacer):
            found.append(Atom(item.width, item.style, font_of(item.style, fonts)))
            continue
        if isinstance(item, Replaced):
            resolve_replaced(item)
            found.append(Atom(item.width, item.style, replaced=item))
            space_before = False
            continue
        style = item.style
        if style["white-space"] not in ("normal", "nowrap"):
            raise Unsupported(f"white-space: {style['white-space']}")
        text = SPACES.sub(" ", item.text)
        if space_before and text.startswith(" "):
            text = text[1:]
        if not text:
            continue
        space_before = text.endswith(" ")
        text = _transform(text, style)
        found += _shaped(text, style, fonts)
    _drop_trailing_spaces(found)
    return found


def _drop_trailing_spaces(line: list[Atom]) -> None:
    """Remove the spaces a line (or the text before a forced break) ends with.

    Pango shapes the text left on the line again, so the last glyph loses the kerning it had towards the space
    (Lato kerns ``y`` before a space): its advance becomes the glyph's own again.
    """
    if not line or not line[-1].space:
        return
    while line and line[-1].space:
        line.pop()
    if line and (last := line[-1]).glyphs and last.font is not None:
        gid, dx, advance, text = last.glyphs[-1]
        own = last.font.own_advance(gid) / last.font.units * last.style["font-size"]
        if own != advance:
            line[-1] = replace(last, width=last.width - advance + own,
                               glyphs=last.glyphs[:-1] + [(gid, dx, own, text)])


def _shaped(text: str, style: Style, fonts: FontSet) -> list[Atom]:
    font = font_of(style, fonts)
    size = style["font-size"]
    spacing = style["letter-spacing"]
    spacing = 0.0 if spacing == "normal" else float(spacing)
    shaped = font.shape(text, ligatures=not spacing)
    if 0 in shaped.ids:  # WeasyPrint would take the character from another font
        raise Unsupported("a character its font does not have")
    per_char: list[list[tuple[int, float, float, str]]] = [[] for _ in text]
    advances = [0.0] * len(text)
    order = sorted(set(shaped.clusters))
    cluster_end = {start: (order[i + 1] if i + 1 < len(order) else len(text)) for i, start in enumerate(order)}
    for gid, advance, (dx, dy), cluster in zip(shaped.ids, shaped.advances, shaped.offsets, shaped.clusters):
        if dy:
            raise Unsupported("glyphs with vertical offsets")
        per_char[cluster].append((gid, dx * size, advance * size, text[cluster:cluster_end[cluster]]))
        advances[cluster] += advance * size
    nowrap = style["white-space"] == "nowrap"
    result = []
    for index, char in enumerate(text):
        width = advances[index] + (spacing if index in cluster_end else 0.0)
        following = text[index + 1] if index + 1 < len(text) else " "
        breakable = not nowrap and (char == " " or (char in BREAK_AFTER and following != " " and index > 0
                                                    and text[index - 1] != " "))
        result.append(Atom(width, style, font, char, per_char[index], break_after=breakable, space=char == " "))
    return result


def intrinsic(found: list[Atom]) -> tuple[float, float]:
    """Min-content and max-content widths of the content.

    WeasyPrint measures a forced break as a letter-spaced line feed whose spacing counts on both lines it touches:
    with letter spacing, each line next to a ``<br>`` is that much wider in the max-content width.
    """
    longest_word = widest_line = word = line = 0.0
    for atom in found:
        if atom.forced:
            spacing = atom.style["letter-spacing"]
            spacing = 0.0 if spacing == "normal" else float(spacing)
            widest_line = max(widest_line, line + spacing)
            line, word = spacing, 0.0
            continue
        line += atom.width
        if atom.space:
            word = 0.0
        else:
            word += atom.width
            longest_word = max(longest_word, word)
        if atom.break_after and not atom.space:
            word = 0.0
    return longest_word, max(widest_line, line)


def break_lines(found: list[Atom], width: float) -> list[list[Atom]]:
    """The atoms of each line, breaking greedily at the last opportunity that fits."""
    lines: list[list[Atom]] = []
    start = 0
    while start < len(found):
        used = 0.0
        last_break = -1
        index = start
        end = len(found)
        while index < len(found):
            atom = found[index]
            if atom.forced:
                end = index + 1
                break
            visible = used + atom.width
            trailing = visible - (atom.width if atom.space else 0.0)
            if trailing > width + 1e-6 and index > start and last_break >= start:
                end = last_break + 1
                break
            used = visible
            if atom.break_after:
                last_break = index
            index += 1
        lines.append(found[start:end])
        start = end
        while start < len(found) and found[start].space:  # spaces at a line's start go
            start += 1
    return lines


def lay_out(items: list[Inline], style: Style, width: float, fonts: FontSet, resolve_replaced) -> list[Line]:
    """Lines of the inline content in a block of ``style`` whose content box is ``width`` wide."""
    found = atoms(items, fonts, resolve_replaced)
    if not found:
        return []
    strut_font = font_of(style, fonts)
    lines = []
    top = 0.0
    align = style["text-align"]
    if style["text-indent"]:
        raise Unsupported("text-indent")
    for line_atoms in break_lines(found, width):
        _drop_trailing_spaces(line_atoms)
        pieces, line_width = _pieces(line_atoms)
        above, below = _strut(style, strut_font)
        edges: list[tuple[Piece, Replaced]] = []  # boxes aligned with the line's top or bottom, placed once its
        for piece in pieces:                        # baseline boxes are
            if piece.replaced is not None:
                replaced = piece.replaced
                if replaced.style["vertical-align"] in ("top", "bottom"):
                    edges.append((piece, replaced))
                    continue
                piece.y = -_raise(replaced, style, strut_font) - replaced.height
                above = max(above, -piece.y)
                below = max(below, piece.y + replaced.height)
            else:
                assert piece.font is not None  # a piece of text
                a, b = _strut(piece.style, piece.font)
                above, below = max(above, a), max(below, b)
        if edges:  # a box taller than the line makes it taller below its baseline, as WeasyPrint does
            below = max(below, max(replaced.height for _, replaced in edges) - above)
            for piece, replaced in edges:
                top_aligned = replaced.style["vertical-align"] == "top"
                piece.y = -above if top_aligned else below - replaced.height
        line = Line(line_width, top, above + below, above, pieces)
        if align == "center":
            line.x = (width - line_width) / 2
        elif align in ("right", "end"):
            line.x = width - line_width
        lines.append(line)
        top += above + below
    return lines


def _strut(style: Style, font: Font) -> tuple[float, float]:
    """Space above and below the baseline an inline box of this style takes."""
    size = style["font-size"]
    height = line_height(style, font)
    leading = height - (font.ascent + font.descent) * size
    return font.ascent * size + leading / 2, font.descent * size + leading / 2


def _raise(replaced: Replaced, parent: Style, font: Font) -> float:
    """How far a replaced box's bottom sits above the baseline."""
    align = replaced.style["vertical-align"]
    if align == "baseline":
        return 0.0
    if align == "middle":
        x_height = font.x_height * parent["font-size"]
        return x_height / 2 - replaced.height / 2
    if isinstance(align, float) and not isinstance(align, Percent):
        return align
    raise Unsupported(f"vertical-align: {align}")


def _pieces(line_atoms: list[Atom]) -> tuple[list[Piece], float]:
    pieces: list[Piece] = []
    x = 0.0
    current: Piece | None = None
    for atom in line_atoms:
        if atom.forced:
            continue
        if atom.replaced is not None:
            pieces.append(Piece(x, atom.style, replaced=atom.replaced))
            current = None
        else:
            if current is None or current.style is not atom.style:
                current = Piece(x, atom.style, atom.font, atom.style["font-size"])
                pieces.append(current)
            pen = x
            for gid, dx, advance, text in atom.glyphs:
                current.glyphs.append(Glyph(gid, pen - current.x + dx, text))
                pen += advance
        x += atom.width
    return pieces, x
