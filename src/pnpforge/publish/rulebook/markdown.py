"""Rules pages as Markdown (CommonMark with tables, parsed by markdown-it-py) plus a few macros.

Inline:
  ``:icon-id:``              an icon of the pack, as in card text
  ``[[term]]``, ``[[term|shown words]]``   a glossary term: links to its definition and enters the index

Alone on a line (a block):
  ``{card ID [ID ...]}``     figures of cards, drawn by their printed layout; ``ID+ID2+...`` lays the
                             transparent cards ID2... over card ID
  ``{table TYPE [FIELD=VALUE ...]: FIELD[=Label], ...}``   every item of a type (optionally only those whose
                             field has that value), one row each, with the chosen fields as columns
  ``{example STEM}``         the worked example ``examples/STEM.yaml``, replayed by the game's engine
  ``{analysis NAME}``        the tables of the game package's analysis NAME of the pack's data (exact odds, routes)

At the end of a heading, attributes in braces:
  ``## Scoring {#scoring .class rules=score-step,score-ties}``
  ``#id`` the anchor, ``.name`` a CSS class, ``rules=`` the rule ids of ``rules.yaml`` the section explains.

Every macro keeps its line and column, so that an unknown icon, card, example or term is reported where it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token

from pnpforge.content.text import ICON_PATTERN

BLOCK_MACRO = re.compile(r"\{([a-z][a-z-]*)(?:[ \t]+([^{}]*?))?\}[ \t]*$")
TERM = re.compile(r"\[\[([^\[\]|\n]+)(?:\|([^\[\]\n]+))?\]\]")
HEADING_ATTRIBUTES = re.compile(r"[ \t]*\{([^{}]*)\}[ \t]*$")
ATTRIBUTE = re.compile(r"#([A-Za-z][\w-]*)|\.([A-Za-z][\w-]*)|([a-z]+)=([^\s]*)|(\S+)")


@dataclass(frozen=True)
class Where:
    """A 1-based line and column in a page."""

    line: int
    col: int


def parser() -> MarkdownIt:
    """CommonMark with tables and typographic quotes, and the rulebook's macros."""
    md = MarkdownIt("commonmark", {"typographer": True}).enable(["table", "replacements", "smartquotes"])
    md.block.ruler.before("paragraph", "rb_macro", _block_macro, {"alt": ["paragraph"]})
    md.inline.ruler.before("link", "rb_term", _term)
    md.inline.ruler.before("emphasis", "rb_icon", _icon)
    md.core.ruler.after("block", "rb_heading_attributes", _heading_attributes)
    md.core.ruler.after("inline", "rb_positions", _positions)
    md.core.ruler.after("block", "rb_list_start", _list_start)
    return md


def parse(md: MarkdownIt, text: str) -> list[Token]:
    """The page's tokens; macro tokens carry ``meta['where']``."""
    return md.parse(text, {"lines": text.splitlines()})


def _block_macro(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """``{name args}`` alone on its line."""
    if state.sCount[start] - state.blkIndent >= 4:
        return False
    begin = state.bMarks[start] + state.tShift[start]
    line = state.src[begin:state.eMarks[start]]
    match = BLOCK_MACRO.match(line)
    if not match:
        return False
    if silent:
        return True
    token = state.push("rb_macro", "", 0)
    token.map = [start, start + 1]
    token.meta = {"name": match.group(1), "args": (match.group(2) or "").strip(),
                  "where": Where(start + 1, begin - state.bMarks[start] + 1)}
    state.line = start + 1
    return True


def _term(state: StateInline, silent: bool) -> bool:
    """``[[term]]`` or ``[[term|shown words]]``."""
    if not state.src.startswith("[[", state.pos):
        return False
    match = TERM.match(state.src, state.pos)
    if not match:
        return False
    if not silent:
        token = state.push("rb_term", "", 0)
        token.meta = {"key": match.group(1).strip(), "shown": (match.group(2) or match.group(1)).strip(),
                      "offset": state.pos}
    state.pos = match.end()
    return True


def _icon(state: StateInline, silent: bool) -> bool:
    """``:icon-id:``."""
    if state.src[state.pos] != ":":
        return False
    match = ICON_PATTERN.match(state.src, state.pos)
    if not match:
        return False
    if not silent:
        token = state.push("rb_icon", "", 0)
        token.meta = {"id": match.group(1), "offset": state.pos}
    state.pos = match.end()
    return True


def _list_start(state: StateCore) -> None:
    """Carry a numbered list's first number into CSS, which print engines count by (browsers read ``start``)."""
    for token in state.tokens:
        start = token.attrGet("start") if token.type == "ordered_list_open" else None
        if start is not None and int(start) != 1:
            token.attrSet("style", f"counter-reset: list-item {int(start) - 1}")


def _heading_attributes(state: StateCore) -> None:
    """Move ``{#id .class rules=...}`` from a heading's text into its opening token's meta."""
    lines = state.env.get("lines", [])
    for index, token in enumerate(state.tokens):
        if token.type != "heading_open":
            continue
        inline = state.tokens[index + 1]
        match = HEADING_ATTRIBUTES.search(inline.content)
        token.meta = {"anchor": None, "classes": [], "rules": [], "unknown": [], "where": None}
        if not match:
            continue
        inline.content = inline.content[:match.start()].rstrip()
        if not token.map:  # markdown-it maps every block token to its lines
            continue
        source = lines[token.map[0]] if token.map[0] < len(lines) else ""
        brace = source.rfind("{")
        token.meta["where"] = Where(token.map[0] + 1, brace + 1 if brace >= 0 else 1)
        for found in ATTRIBUTE.finditer(re.sub(r"\s*,\s*", ",", match.group(1))):
            anchor, css_class, key, value, other = found.groups()
            if anchor:
                token.meta["anchor"] = anchor
            elif css_class:
                token.meta["classes"].append(css_class)
            elif key == "rules":
                token.meta["rules"] += [part for part in re.split(r"[,\s]+", value) if part]
            else:
                token.meta["unknown"].append(other or f"{key}=")


def _positions(state: StateCore) -> None:
    """Turn each inline macro's offset in its block's text into a line and column of the page."""
    lines = state.env.get("lines", [])
    for token in state.tokens:
        if token.type != "inline" or not token.children or not token.map:
            continue
        content_lines = token.content.split("\n")
        starts = [0]
        for text in content_lines[:-1]:
            starts.append(starts[-1] + len(text) + 1)
        for child in token.children:
            if "offset" not in (child.meta or {}):
                continue
            offset = child.meta["offset"]
            row = max(i for i, start in enumerate(starts) if start <= offset)
            number = token.map[0] + row
            source = lines[number] if number < len(lines) else ""
            found = source.find(content_lines[row]) if content_lines[row] else -1
            child.meta["where"] = Where(number + 1, max(found, 0) + offset - starts[row] + 1)
