"""A copy of a pack with some numbers changed in its own files: the fitted costs a sweep applies
(``sweep --apply-points``), written where the designer can read, diff and build them.

Each change names a value as ``--vary`` does (``TYPE:ID.FIELD`` or a path into a list, ``content/vary.py``) and a
number. The pack's folder is copied (without its ``build/`` output) and the number is written over the value's own
text at the line and column the loader located, so the rest of the file (comments, layout, flow or block style)
stays as the designer wrote it.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

from pnpforge.content.vary import VaryError, parse_vary
from pnpforge.files import BUILD_DIR

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


def write_copy(pack: Pack, changes: list[tuple[str, int | float]], dest: Path) -> list[str]:
    """Copy the pack to ``dest`` (replacing what is there) with each ``(target, number)`` written over the value;
    the problems (a target that names no value, or a value that is not a plain number), each a sentence. Nothing is
    written when there is a problem."""
    edits: dict[Path, list[tuple[int, int, str]]] = {}
    problems = []
    for target, number in changes:
        try:
            vary = parse_vary(f"{target}={number}")
        except VaryError as exc:
            problems.append(f"{target}: {exc}")
            continue
        item = next((i for i in pack.of_type(vary.type) if i.id == vary.item), None)
        if item is None:
            problems.append(f"{target}: no {vary.type} '{vary.item}' in the pack")
            continue
        mark = item.doc.value_mark(item.at + tuple(vary.path))
        source = Path(mark.path)
        if mark.line is None or mark.col is None or not source.is_file():
            problems.append(f"{target}: the value is not located in the pack's files")
            continue
        edits.setdefault(source, []).append((mark.line, mark.col, _text(number)))
    root = Path(pack.root).resolve()
    if dest.resolve().is_relative_to(root):
        problems.append(f"{dest}: the copy cannot go inside the pack it copies ({root})")
    if problems:
        return problems
    texts: dict[Path, list[str]] = {}
    for source, places in edits.items():
        lines = source.read_text(encoding="utf-8").split("\n")
        for line, col, text in sorted(places, reverse=True):
            found = _NUMBER.match(lines[line - 1], col - 1)
            if found is None:
                problems.append(f"{source}:{line}:{col}: not a plain number, so it is not changed")
                continue
            lines[line - 1] = lines[line - 1][: found.start()] + text + lines[line - 1][found.end() :]
        texts[source.resolve().relative_to(root)] = lines
    if problems:
        return problems
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(root, dest, ignore=shutil.ignore_patterns(BUILD_DIR.name) if (root / BUILD_DIR).is_dir() else None)
    for relative, lines in texts.items():
        (dest / relative).write_text("\n".join(lines), encoding="utf-8")
    return []


def _text(number: int | float) -> str:
    return str(int(number)) if float(number).is_integer() else str(number)
