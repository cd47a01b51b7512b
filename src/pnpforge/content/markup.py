"""The inline markup of player text: ``**bold**``, ``*italic*`` and ``:icon:``, read once for every output.

Card text, TTS descriptions and the web site read the same small subset of Markdown: emphasis with asterisks
(CommonMark's rules for when a ``*`` opens or closes, so ``5*`` or ``2 * 3`` stay as they are), ``\\*`` for an
asterisk that must never be emphasis, and icons. Nothing else of Markdown is read: no underscores (ids and blanks to
fill in use them), no links, no HTML (``<b>`` stays text and is escaped like any other). markdown-it-py, which
already reads the rules pages, parses it with every rule off but these, so a ``*`` means the same in a rules page
and on a card (``docs/why/inline-emphasis.md``).

``events`` gives the text as a flat sequence of events, tags always balanced; each output turns them into its own
form: ``html`` for faces and web pages (text escaped, icons drawn by the caller), ``bbcode`` for Tabletop
Simulator, ``styled`` (text pieces with their weight and slant) for the fit stage, which measures text without
drawing it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Iterator, NamedTuple

from markupsafe import Markup, escape

from pnpforge.content.text import ICON_PATTERN

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.rules_inline import StateInline

BOLD, ITALIC = "strong", "em"
TEXT, ICON, OPEN, CLOSE = "text", "icon", "open", "close"
ESCAPABLE = "*\\:"  # what a backslash makes literal (``\*``, ``\\``, ``\:`` before an icon that must not be one)
CACHED_TEXTS = 4096


class Event(NamedTuple):
    """One step of marked-up text: ``(text, words)``, ``(icon, id)``, ``(open, strong|em)``, ``(close, ...)``."""

    kind: str
    value: str


class Styled(NamedTuple):
    """A piece of text (or an icon, as ``:id:``) and how it is set."""

    text: str
    bold: bool
    italic: bool


def _stars(state: StateInline, silent: bool) -> bool:
    """CommonMark emphasis, for asterisks only."""
    from markdown_it.rules_inline import emphasis  # noqa: PLC0415 - loaded with the parser

    return state.src[state.pos] == "*" and emphasis.tokenize(state, silent)


def _icon(state: StateInline, silent: bool) -> bool:
    """``:id:`` as one token, so that nothing inside an icon's name is read as emphasis."""
    if state.src[state.pos] != ":":
        return False
    match = ICON_PATTERN.match(state.src, state.pos)
    if match is None:
        return False
    if not silent:
        state.push("pnp_icon", "", 0).content = match.group(1)
    state.pos = match.end()
    return True


def _escape(state: StateInline, silent: bool) -> bool:
    """A backslash before ``*``, ``\\`` or ``:`` keeps that character as it is."""
    pos = state.pos
    if state.src[pos] != "\\" or pos + 1 >= state.posMax or state.src[pos + 1] not in ESCAPABLE:
        return False
    if not silent:
        state.push("pnp_literal", "", 0).content = state.src[pos + 1]
    state.pos += 2
    return True


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    """The parser, made when a text first has an asterisk or a backslash (most cards have neither)."""
    from markdown_it import MarkdownIt  # noqa: PLC0415
    from markdown_it.rules_inline import emphasis  # noqa: PLC0415

    md = MarkdownIt("zero")
    md.inline.ruler.push("pnp_escape", _escape)
    md.inline.ruler.push("pnp_icon", _icon)
    md.inline.ruler.push("pnp_stars", _stars)
    md.inline.ruler2.before("fragments_join", "pnp_stars", emphasis.postProcess)
    return md


@lru_cache(maxsize=CACHED_TEXTS)
def events(text: str) -> tuple[Event, ...]:
    """The events of ``text``; adjacent text joined, empty text left out, tags balanced."""
    if "*" not in text and "\\" not in text:  # most text: nothing but words and icons
        return tuple(_plain_events(text))
    found: list[Event] = []
    for token in _parser().parseInline(text)[0].children or []:
        if token.type in ("text", "pnp_literal"):
            if not token.content:
                continue
            if found and found[-1].kind == TEXT:
                found[-1] = Event(TEXT, found[-1].value + token.content)
            else:
                found.append(Event(TEXT, token.content))
        elif token.type == "pnp_icon":
            found.append(Event(ICON, token.content))
        elif token.type.endswith("_open"):
            found.append(Event(OPEN, token.tag))
        elif token.type.endswith("_close"):
            found.append(Event(CLOSE, token.tag))
    return tuple(found)


def _plain_events(text: str) -> Iterator[Event]:
    """Words and icons, for text without asterisks or backslashes."""
    last = 0
    for match in ICON_PATTERN.finditer(text):
        if match.start() > last:
            yield Event(TEXT, text[last:match.start()])
        yield Event(ICON, match.group(1))
        last = match.end()
    if last < len(text):
        yield Event(TEXT, text[last:])


def html(text: str, icon: Callable[[str], str]) -> Markup:
    """``text`` as HTML: words escaped, emphasis as ``<strong>`` and ``<em>``, each icon as ``icon(id)`` gives it."""
    parts: list[str] = []
    for kind, value in events(text):
        if kind == TEXT:
            parts.append(str(escape(value)))
        elif kind == ICON:
            parts.append(str(icon(value)))
        else:
            parts.append(f"<{value}>" if kind == OPEN else f"</{value}>")
    return Markup("".join(parts))


BBCODE = {BOLD: "b", ITALIC: "i"}


def bbcode(text: str, icon: Callable[[str], str]) -> str:
    """``text`` with emphasis as Tabletop Simulator's ``[b]`` and ``[i]`` tags, each icon as ``icon(id)``."""
    parts: list[str] = []
    for kind, value in events(text):
        if kind == TEXT:
            parts.append(value)
        elif kind == ICON:
            parts.append(icon(value))
        else:
            parts.append(f"[{BBCODE[value]}]" if kind == OPEN else f"[/{BBCODE[value]}]")
    return "".join(parts)


def styled(text: str) -> list[Styled]:
    """``text`` as pieces set alike, the markers taken out (icons stay as ``:id:``, which the fit measures)."""
    pieces: list[Styled] = []
    depth = {BOLD: 0, ITALIC: 0}
    for kind, value in events(text):
        if kind in (OPEN, CLOSE):
            depth[value] += 1 if kind == OPEN else -1
            continue
        shown = value if kind == TEXT else f":{value}:"
        bold, italic = depth[BOLD] > 0, depth[ITALIC] > 0
        if pieces and (pieces[-1].bold, pieces[-1].italic) == (bold, italic):
            pieces[-1] = Styled(pieces[-1].text + shown, bold, italic)
        else:
            pieces.append(Styled(shown, bold, italic))
    return pieces


def plain(text: str) -> str:
    """``text`` without its emphasis markers (icons stay as ``:id:``)."""
    return "".join(piece.text for piece in styled(text))
