"""Findings: the one shape every stage uses to report a problem with a pack.

A finding has a severity, a source position (file, line, column), the item it is about and a plain sentence.
Input problems (the pack cannot be used at all) are findings with ``blocking=True``; they give exit code 2.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

SEVERITIES = ("error", "warning", "info")


@dataclass(frozen=True)
class Mark:
    """A position in a source file; line and column are 1-based."""

    path: str
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        if self.line:
            return f"{self.path}:{self.line}:{self.col}"
        return self.path


def display_path(path: Path | str) -> str:
    """The path as a user typed it: relative to the working directory when below it."""
    p = Path(path)
    try:
        return os.path.relpath(p) if p.is_absolute() and not os.path.relpath(p).startswith("..") else str(p)
    except ValueError:
        return str(p)


@dataclass(frozen=True)
class Finding:
    """One problem (or fact) found in a pack."""

    severity: str
    message: str
    mark: Mark | None = None
    subject: str | None = None  # "card 'scout'"
    blocking: bool = False  # the input cannot be used (exit code 2)
    rule: str = ""  # the check that produced it
    data: dict = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.severity not in SEVERITIES:
            raise ValueError(f"unknown severity {self.severity!r}")

    def __str__(self) -> str:
        where = f"{self.mark}: " if self.mark else ""
        about = f"{self.subject}: " if self.subject else ""
        return f"{where}{self.severity}: {about}{self.message}"

    def sort_key(self) -> tuple:
        m = self.mark or Mark("")
        return (m.path, m.line, m.col, self.message)

    def to_json(self) -> dict:
        m = self.mark
        return {
            "severity": self.severity,
            "path": m.path if m else None,
            "line": m.line if m and m.line else None,
            "col": m.col if m and m.col else None,
            "subject": self.subject,
            "message": self.message,
            "rule": self.rule,
            "blocking": self.blocking,
            **({"data": self.data} if self.data else {}),
        }


def exit_code(findings: list[Finding], strict: bool = False) -> int:
    """The CLI exit code for a list of findings (see the spec's exit codes)."""
    if any(f.blocking for f in findings):
        return 2
    if any(f.severity == "error" for f in findings):
        return 1
    if strict and any(f.severity == "warning" for f in findings):
        return 1
    return 0


def count_line(findings: list[Finding], files_checked: int | None = None) -> str:
    """`2 errors, 1 warning in 3 files` (files that have findings)."""
    errors = sum(f.severity == "error" for f in findings)
    warnings = sum(f.severity == "warning" for f in findings)
    files = {f.mark.path for f in findings if f.mark and f.severity in ("error", "warning")}
    if not errors and not warnings:
        checked = f" in {_plural(files_checked, 'file')}" if files_checked is not None else ""
        return f"no errors, no warnings{checked}"
    return f"{_plural(errors, 'error')}, {_plural(warnings, 'warning')} in {_plural(len(files), 'file')}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
