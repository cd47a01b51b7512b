"""Located YAML: read a pack file into plain values that remember where each came from.

PyYAML is used for scanning and composing only; values are built here, so that
- every mapping, key and scalar keeps its file, line and column (``Doc.marks``),
- duplicate keys, YAML tags, tab indentation, oversized scalars and deep nesting are refused with a position,
- control characters and other unprintable code points are refused where they stand (even in a comment), and so
  is a lone surrogate written as an escape in a quoted string,
- aliases are expanded under a node budget (a "billion laughs" file stops at the cap, located at the alias), and a
  file holds at most ``MAX_NODES`` nodes in all (a type of 10,000 cards in one file is fine),
- numbers are bounded before Python tries to build them.

Anything wrong here makes the input unusable: the findings are ``blocking`` (exit code 2).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.resolver import Resolver
from yaml.events import AliasEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from pnpforge.content.parsed import ParsedFiles
from pnpforge.findings import Finding, Mark, display_path

MAX_FILE_BYTES = 16 * 1024 * 1024
MAX_SCALAR_CHARS = 1024 * 1024
MAX_ALIAS_NODES = 10_000  # nodes that alias expansion may add to one file
MAX_NODES = 2_000_000  # nodes in one file, aliases expanded
MAX_REPORTED = 10  # unprintable characters reported per file
# what YAML (and so every pack text) may hold: tab, newline, carriage return and printable code points
UNPRINTABLE = re.compile("[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010FFFF]")
SURROGATE = re.compile("[\uD800-\uDFFF]")
MAX_DEPTH = 100
MAX_NUMBER_DIGITS = 30

Path_ = tuple  # a path into a document: keys and list indices


@dataclass
class Doc:
    """A loaded YAML document: plain data plus the position of every value and key."""

    path: str
    data: Any
    marks: dict[Path_, Mark] = field(default_factory=dict)
    key_marks: dict[Path_, Mark] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)

    def mark(self, at: Path_) -> Mark:
        """The best position for a path: its key when it is a mapping value, else the value, else the nearest parent."""
        at = tuple(at)
        while True:
            if at in self.key_marks:
                return self.key_marks[at]
            if at in self.marks:
                return self.marks[at]
            if not at:
                return Mark(self.path, 1, 1)
            at = at[:-1]

    def value_mark(self, at: Path_) -> Mark:
        """The position of the value itself (not its key)."""
        at = tuple(at)
        return self.marks.get(at) or self.mark(at)


class HugeNumber(str):
    """A number with more digits than any bound admits; kept as written so that no huge integer is built."""

    def digits(self) -> int:
        return sum(ch.isdigit() for ch in self)


class LoadError(Exception):
    """A file could not be used; carries its findings."""

    def __init__(self, findings: list[Finding]):
        super().__init__("; ".join(str(f) for f in findings))
        self.findings = findings


def _input_error(mark: Mark, message: str) -> Finding:
    return Finding("error", message, mark=mark, blocking=True, rule="input")


class _AliasNode(Node):
    """An alias kept as its own node so its position survives composition."""

    id = "alias"

    def __init__(self, target: Node, start_mark, end_mark):
        super().__init__(target.tag, target.value, start_mark, end_mark)
        self.target = target


class _AliasKeeping:
    """A composer hook that keeps aliases visible instead of sharing the anchored node silently."""

    def compose_node(self, parent, index):  # noqa: D102 - PyYAML hook
        if self.check_event(AliasEvent):
            event = self.peek_event()
            target = super().compose_node(parent, index)
            return _AliasNode(target, event.start_mark, event.end_mark)
        return super().compose_node(parent, index)


class _Loader(_AliasKeeping, yaml.SafeLoader):
    """The pure-Python loader: used where libyaml is missing, and for the wording of syntax errors."""


if yaml.__with_libyaml__:
    from yaml._yaml import CParser  # where yaml.cyaml takes it from

    class _FastLoader(_AliasKeeping, Composer, CParser, Resolver):
        """libyaml's parser under PyYAML's composer: ten times faster, same nodes and positions."""

        def __init__(self, stream):
            CParser.__init__(self, stream)
            Composer.__init__(self)
            Resolver.__init__(self)

    _SCAN_LOADER = yaml.CSafeLoader
else:  # pragma: no cover - libyaml ships with PyYAML's wheels
    _FastLoader = _Loader
    _SCAN_LOADER = yaml.SafeLoader


def read_text(path: Path, shown: str, limit: int = MAX_FILE_BYTES) -> str:
    """Read a file as UTF-8 text, refusing unreadable, binary, oversized, non-UTF-8 and empty files."""
    try:
        if path.stat().st_size > limit:
            raise LoadError([_input_error(Mark(shown), f"file is larger than {limit // (1024 * 1024)} MB")])
        raw = path.read_bytes()
    except OSError as exc:
        raise LoadError([_input_error(Mark(shown), f"cannot read file: {exc.strerror or exc}")]) from None
    nul = raw.find(b"\x00")
    if nul >= 0:
        line, col = _line_col_of_byte(raw, nul)
        kind = "YAML text" if path.suffix in (".yaml", ".yml") else "text"
        raise LoadError([_input_error(Mark(shown, line, col), f"binary file: found a NUL byte; expected UTF-8 {kind}")])
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    bad = utf8_error(raw)
    if bad is not None:
        line, col, message = bad
        raise LoadError([_input_error(Mark(shown, line, col), message)])
    text = raw.decode("utf-8")
    if not text.strip():
        raise LoadError([_input_error(Mark(shown, 1, 1), "file is empty")])
    unprintable = unprintable_characters(text, shown)
    if unprintable:
        raise LoadError(unprintable)
    return text


def unprintable_characters(text: str, shown: str) -> list[Finding]:
    """Located errors for control characters and other code points a pack's text may not hold."""
    found: list[Finding] = []
    for match in UNPRINTABLE.finditer(text):
        if len(found) == MAX_REPORTED:
            break
        start = match.start()
        line = text.count("\n", 0, start) + 1
        col = start - (text.rfind("\n", 0, start) + 1) + 1
        found.append(_input_error(Mark(shown, line, col), f"{describe_character(match.group())} is not allowed in a "
                                  "pack's text (only tab, newline and printable characters); delete it"))
    return found


def describe_character(ch: str) -> str:
    """``control character U+0001`` and the like."""
    code = ord(ch)
    kind = "control character" if code < 0x20 or 0x7F <= code < 0xA0 else \
        "lone surrogate" if 0xD800 <= code <= 0xDFFF else "non-character"
    return f"{kind} U+{code:04X}"


def utf8_error(raw: bytes) -> tuple[int, int, str] | None:
    """Where ``raw`` stops being UTF-8 text and what to tell the user: ``(line, column, message)``; None when all of
    it is UTF-8."""
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, col = _line_col_of_byte(raw, exc.start)
        return line, col, f"file is not valid UTF-8 (byte 0x{raw[exc.start]:02x}); save it with UTF-8 encoding"
    return None


def _line_col_of_byte(raw: bytes, offset: int) -> tuple[int, int]:
    before = raw[:offset]
    line = before.count(b"\n") + 1
    start = before.rfind(b"\n") + 1
    col = len(before[start:].decode("utf-8", errors="replace")) + 1
    return line, col


def load_yaml(path: Path, shown: str | None = None, parsed: ParsedFiles | None = None) -> Doc:
    """Load one YAML file into a ``Doc``; raise ``LoadError`` with located findings when it cannot be used.

    A build passes the files it keeps (``parsed``): an unchanged file is read back instead of parsed again. Only
    files that parsed without a problem are kept, and the text is always read and checked first, so a file reports
    the same problems whether it was kept or not.
    """
    shown = shown or display_path(path)
    text = read_text(path, shown)
    if parsed is None or not parsed.active:
        return parse_yaml(text, shown)
    kept = parsed.read(shown, text)
    if kept is not None:
        data, marks, key_marks = kept
        return Doc(shown, data, marks, key_marks, text.splitlines())
    doc = parse_yaml(text, shown)
    parsed.keep(shown, text, doc.data, doc.marks, doc.key_marks)
    return doc


_SHARED_DOCS: dict[tuple[str, str | None, int, int], Doc] = {}  # process cache: files by path, size, time


def load_yaml_shared(path: Path, shown: str | None = None) -> Doc:
    """``load_yaml``, parsed once per process while the file is unchanged (size and time); the ``Doc`` is shared
    by every caller, so none may modify it."""
    try:
        status = path.stat()
    except OSError:
        return load_yaml(path, shown)  # worded by read_text
    key = (str(path), shown, status.st_mtime_ns, status.st_size)
    doc = _SHARED_DOCS.get(key)
    if doc is None:
        doc = load_yaml(path, shown)
        if len(_SHARED_DOCS) > 4096:  # a long-running watch keeps only recent files
            _SHARED_DOCS.clear()
        _SHARED_DOCS[key] = doc
    return doc


def parse_yaml(text: str, shown: str) -> Doc:
    """Parse YAML text (already decoded) into a ``Doc``."""
    lines = text.splitlines()
    tab_errors = _tab_indentation(lines, shown)
    if tab_errors:
        raise LoadError(tab_errors)
    deep = _flow_nesting(text)
    if deep is not None:
        _scan_tokens(text[:deep + 1], shown)  # reports the nesting where the scanner meets it, without the rest
    _scan_tokens(text, shown)
    try:
        loader = _FastLoader(text)
        try:
            root = loader.get_single_node()
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError:
        try:  # the pure-Python parser words syntax errors the same on every machine
            root = yaml.compose(text, Loader=_Loader)
        except yaml.MarkedYAMLError as exc:
            raise LoadError([_syntax_error(exc, shown)]) from None
    except yaml.YAMLError as exc:  # pragma: no cover - PyYAML always marks its errors
        raise LoadError([_input_error(Mark(shown, 1, 1), f"YAML syntax error: {exc}")]) from None
    if root is None or (isinstance(root, ScalarNode) and root.tag.endswith(":null")):
        raise LoadError([_input_error(Mark(shown, 1, 1), "file is empty: it holds no YAML data")])
    builder = _Builder(shown)
    data = builder.build(root, (), 0)
    if builder.errors:
        raise LoadError(builder.errors)
    return Doc(shown, data, builder.marks, builder.key_marks, lines)


def _tab_indentation(lines: list[str], shown: str) -> list[Finding]:
    errors = []
    for number, line in enumerate(lines, 1):
        indent = line[: len(line) - len(line.lstrip(" \t"))]
        if "\t" in indent and line.strip() and not line.lstrip().startswith("#"):
            col = indent.index("\t") + 1
            errors.append(_input_error(Mark(shown, number, col), "tab in indentation; indent with spaces"))
    return errors


_FLOW_MARKS = re.compile(r"""[\[\]{}'"#\n]""")


def _flow_nesting(text: str) -> int | None:
    """Where flow collections (``[``, ``{``) first nest deeper than ``MAX_DEPTH``, found in one pass over the text;
    None when they do not.

    YAML's scanner looks ahead for keys at every open bracket, which is quadratic in the nesting of brackets on one
    line; this pass finds deep nesting first, in time proportional to the text, so that the scanner only reads up to
    it. It follows quoted scalars and comments, and counts a bracket in block context only where a value starts (at
    the start of a line, or after ``-``, ``:``, ``?``)."""
    depth, at, line_start = 0, 0, 0
    while True:
        found = _FLOW_MARKS.search(text, at)
        if found is None:
            return None
        at, mark = found.start(), found.group()
        before = text[line_start:at].rstrip(" ")
        if mark == "\n":
            line_start = at = at + 1
            continue
        if mark == "#":
            if at == line_start or text[at - 1] in " \t":
                end = text.find("\n", at)
                at = len(text) if end < 0 else end
            else:
                at += 1
            continue
        starts_value = not before.strip() or before[-1] in ("[{,:" if depth else "-:?")
        if mark in "'\"":
            if not starts_value:
                at += 1
                continue
            at = _quoted_end(text, at)
            line_start = text.rfind("\n", 0, at) + 1
            continue
        if mark in "[{":
            if starts_value or depth > 0:
                depth += 1
                if depth > MAX_DEPTH:
                    return at
        elif depth > 0:
            depth -= 1
        at += 1


def _quoted_end(text: str, start: int) -> int:
    """Where a quoted scalar starting at ``start`` ends (past its closing quote; the text's end when unclosed)."""
    quote, at = text[start], start + 1
    while True:
        end = text.find(quote, at)
        if end < 0:
            return len(text)
        if quote == "'" and text.startswith("''", end):
            at = end + 2
            continue
        if quote == '"':
            slashes = len(text[at:end]) - len(text[at:end].rstrip("\\"))
            if slashes % 2:
                at = end + 1
                continue
        return end + 1


def _scan_tokens(text: str, shown: str) -> None:
    """Refuse tags, directives, oversized scalars and deep nesting before composing (the scanner is not recursive)."""
    depth = 0
    errors: list[Finding] = []
    opening = (yaml.BlockMappingStartToken, yaml.BlockSequenceStartToken,
               yaml.FlowMappingStartToken, yaml.FlowSequenceStartToken)
    closing = (yaml.BlockEndToken, yaml.FlowMappingEndToken, yaml.FlowSequenceEndToken)
    try:
        tokens = list(yaml.scan(text, Loader=_SCAN_LOADER))
    except yaml.MarkedYAMLError:
        tokens = None  # reported below in the pure-Python parser's words
    try:
        for token in tokens if tokens is not None else yaml.scan(text, Loader=yaml.SafeLoader):
            mark = Mark(shown, token.start_mark.line + 1, token.start_mark.column + 1)
            if isinstance(token, opening):
                depth += 1
                if depth > MAX_DEPTH:
                    raise LoadError([_input_error(mark, f"nesting is deeper than {MAX_DEPTH} levels")])
            elif isinstance(token, closing):
                depth -= 1
            elif isinstance(token, yaml.TagToken):
                handle, suffix = token.value
                errors.append(_input_error(mark, f"YAML tags are not allowed (found '{(handle or '')}{suffix}')"))
            elif isinstance(token, yaml.DirectiveToken):
                errors.append(_input_error(mark, f"YAML directives are not allowed (found '%{token.name}')"))
            elif isinstance(token, yaml.ScalarToken) and len(token.value) > MAX_SCALAR_CHARS:
                errors.append(_input_error(mark, "value is longer than 1 MB"))
    except yaml.MarkedYAMLError as exc:
        errors.append(_syntax_error(exc, shown))
    if errors:
        raise LoadError(errors)


def _syntax_error(exc: yaml.MarkedYAMLError, shown: str) -> Finding:
    m = exc.problem_mark or exc.context_mark
    mark = Mark(shown, m.line + 1, m.column + 1) if m else Mark(shown, 1, 1)
    problem = exc.problem or "invalid YAML"
    context = f" {exc.context}" if exc.context else ""
    return _input_error(mark, f"YAML syntax error: {problem}{context}".replace("\n", " "))


class _Builder:
    """Turns composed nodes into plain values, recording positions and refusing what the pack format forbids."""

    def __init__(self, shown: str):
        self.shown = shown
        self.nodes = 0
        self.aliased = 0  # nodes built again through an alias
        self.marks: dict[Path_, Mark] = {}
        self.key_marks: dict[Path_, Mark] = {}
        self.errors: list[Finding] = []
        self.constructor = SafeConstructor()

    def _mark(self, node: Node) -> Mark:
        return Mark(self.shown, node.start_mark.line + 1, node.start_mark.column + 1)

    def build(self, node: Node, at: Path_, depth: int, alias: Node | None = None) -> Any:
        self.nodes += 1
        if alias is not None:
            self.aliased += 1
            if self.aliased > MAX_ALIAS_NODES:
                raise LoadError([_input_error(self._mark(alias), f"alias expansion exceeds {MAX_ALIAS_NODES:,} "
                                              "nodes; refusing to expand it")])
        if self.nodes > MAX_NODES:
            raise LoadError([_input_error(self._mark(alias or node), f"the file holds more than {MAX_NODES:,} "
                                          "values; split it")])
        if depth > MAX_DEPTH:
            raise LoadError([_input_error(self._mark(node), f"nesting is deeper than {MAX_DEPTH} levels")])
        if isinstance(node, _AliasNode):
            self.nodes -= 1
            self.aliased -= alias is not None
            return self.build(node.target, at, depth, alias or node)
        self.marks.setdefault(at, self._mark(alias or node))
        if isinstance(node, MappingNode):
            return self._mapping(node, at, depth, alias)
        if isinstance(node, SequenceNode):
            return [self.build(child, at + (i,), depth + 1, alias) for i, child in enumerate(node.value)]
        return self._scalar(node, alias)

    def _mapping(self, node: MappingNode, at: Path_, depth: int, alias: Node | None = None) -> dict:
        result: dict = {}
        first_seen: dict[Any, Mark] = {}
        for key_node, value_node in node.value:
            key_target = key_node.target if isinstance(key_node, _AliasNode) else key_node
            key_mark = self._mark(key_node)
            if not isinstance(key_target, ScalarNode):
                self.errors.append(_input_error(key_mark, "a mapping key must be a plain value, not a list or mapping"))
                continue
            key = self._scalar(key_target, None)
            if isinstance(key, (int, float, bool)) or key is None:
                key = key_target.value  # keys are names: keep what was written
            if key in first_seen:
                first = first_seen[key]
                self.errors.append(_input_error(key_mark,
                                                f"duplicate key '{key}' (first defined at line {first.line})"))
                continue
            first_seen[key] = key_mark
            self.key_marks[at + (key,)] = key_mark
            result[key] = self.build(value_node, at + (key,), depth + 1, alias)
        return result

    def _scalar(self, node: Node, alias: Node | None) -> Any:
        tag = node.tag.rsplit(":", 1)[-1]
        if tag in ("int", "float") and sum(ch.isdigit() for ch in node.value) > MAX_NUMBER_DIGITS:
            return HugeNumber(node.value)  # never converted: the schema reports it where it stands
        surrogate = SURROGATE.search(node.value)
        if surrogate is not None:
            self.errors.append(_input_error(self._mark(alias or node), f"{describe_character(surrogate.group())} "
                                            "(written as an escape) is not a character; write the character itself"))
            return ""
        if tag in ("str", "timestamp", "binary", "merge", "value", "yaml"):
            return node.value
        try:
            return self.constructor.construct_object(node, deep=True)
        except (ConstructorError, ValueError):
            return node.value
