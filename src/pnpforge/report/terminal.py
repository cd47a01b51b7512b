"""Findings for people: grouped by file, each with its source line and a caret, then the count line."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from pnpforge.content.sheet import cell_start
from pnpforge.findings import Finding, count_line


def source_line(finding: Finding, cache: dict[str, list[str]]) -> list[str]:
    """The offending line and a caret under the column, when the file is text and the position known."""
    mark = finding.mark
    if not mark or not mark.line:
        return []
    if mark.path not in cache:
        try:
            cache[mark.path] = Path(mark.path).read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            cache[mark.path] = []
    lines = cache[mark.path]
    if mark.line > len(lines):
        return []
    text = lines[mark.line - 1].rstrip()
    if len(text) > 160:
        return []
    column = mark.col - 1
    if mark.path.lower().endswith(".csv"):  # a CSV finding's column is a cell: the caret goes under its start
        start = cell_start(text, mark.col)
        column = start if start is not None else column
    indent = text[: max(column, 0)]
    caret = "".join(ch if ch == "\t" else " " for ch in indent) + "^"
    return [f"    {text}", f"    {caret}"]


def format_findings(findings: Iterable[Finding], files_checked: int | None = None,
                    with_source: bool = True, show_info: bool = True) -> str:
    """All findings, sorted by file and position, then the count line."""
    ordered = sorted(findings, key=Finding.sort_key)
    cache: dict[str, list[str]] = {}
    out: list[str] = []
    for finding in ordered:
        if finding.severity == "info" and not show_info:
            continue
        out.append(str(finding))
        if with_source and finding.severity != "info":
            out += source_line(finding, cache)
    out.append(count_line(ordered, files_checked))
    return "\n".join(out)
