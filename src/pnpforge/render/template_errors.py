"""A template that fails (a Jinja syntax error, an undefined name, a missing template) as a located finding.

Jinja reports a syntax error with its file and line; an error while rendering is found in the traceback, whose
frames Jinja rewrites to the template's own file and line. The column is where the failing name (or the tag)
starts on that line. Every message names the layout whose template failed.
"""

from __future__ import annotations

import re
import traceback
from pathlib import Path

from jinja2 import TemplateError, TemplateNotFound, TemplateSyntaxError, UndefinedError
from jinja2.exceptions import SecurityError

from pnpforge.findings import Finding, Mark, display_path
from pnpforge.render.environment import RenderError
from pnpforge.render.geometry import layout_error
from pnpforge.render.template_budget import TooMuchWork
from pnpforge.render.template_files import TemplateNotText

# what a template's own expressions raise ({{ 1/0 }}, {{ v.cost + 'a' }}, '%d'|format('x'), truncate(-5), a macro
# calling itself): located at the template's line like any template error, never an internal error
TEMPLATE_FAULTS = (ArithmeticError, TypeError, ValueError, LookupError, RecursionError, AssertionError)
RENDER_FAILURES = (TemplateError, RenderError, *TEMPLATE_FAULTS)  # everything rendering a pack's template may raise
ATTRIBUTE = re.compile(r"has no attribute '([^']+)'|access to attribute '([^']+)'")
UNDEFINED = re.compile(r"^'([^']+)' is undefined")
TAG = re.compile(r"\{[{%]")


def template_finding(exc: Exception, layout_name: str, template: str, template_mark: Mark,
                     search: list[Path]) -> Finding:
    """The finding for ``exc`` raised while loading or rendering ``template`` for the layout ``layout_name``."""
    if isinstance(exc, TemplateSyntaxError) and exc.filename:
        path = Path(exc.filename)
        return layout_error(mark_at(path, exc.lineno or 0, None), f"template '{exc.name or template}': syntax error: "
                                                                 f"{exc.message}", layout_name)
    if isinstance(exc, TemplateNotText):
        return layout_error(Mark(display_path(exc.path), exc.line, exc.col), f"template '{exc.path.name}': {exc}",
                            layout_name)
    if isinstance(exc, TemplateNotFound):
        place = _frame(exc, search)
        missing = exc.name or template
        looked = ", ".join(f"{display_path(p)}/" for p in search) or "no template folder"
        message = f"template '{missing}' not found; looked in {looked}"
        return layout_error(mark_at(*place, None) if place else template_mark, message, layout_name)
    name = _failing_name(str(exc)) if isinstance(exc, (UndefinedError, SecurityError)) else None
    place = _frame(exc, search)
    if isinstance(exc, TooMuchWork):
        message = f"too much work: {exc}"
    elif isinstance(exc, SecurityError):
        message = f"not allowed in a layout's template: {str(exc).rstrip('.')}"
    elif isinstance(exc, UndefinedError):
        message = f"'{name}' is undefined: no such field or value here ({exc})" if name else f"undefined: {exc}"
    else:
        message = str(exc) if isinstance(exc, RenderError) else f"{type(exc).__name__}: {exc}"
    if place is None:
        return layout_error(template_mark, f"template '{template}': {message}", layout_name)
    return layout_error(mark_at(*place, name), f"template '{place[0].name}': {message}", layout_name)


def _failing_name(message: str) -> str | None:
    """The attribute or variable an ``UndefinedError`` is about."""
    found = ATTRIBUTE.search(message) or UNDEFINED.search(message)
    return next(group for group in found.groups() if group) if found else None


def _frame(exc: Exception, search: list[Path]) -> tuple[Path, int] | None:
    """The innermost traceback frame in a template file below ``search``: ``(file, line)``."""
    folders = [folder.resolve() for folder in search]
    found = None
    for frame in traceback.extract_tb(exc.__traceback__):
        path = Path(frame.filename)
        if path.suffix in (".html", ".htm", ".j2", ".jinja", ".txt", ".svg", ".css") and \
                any(folder in path.resolve().parents for folder in folders) and frame.lineno:
            found = (path, frame.lineno)
    return found


def _open_tag(text: str) -> int:
    """Where the first tag left open on a line starts (else its first tag, else its first character)."""
    tags = list(TAG.finditer(text))
    for tag in tags:
        close = "}}" if tag.group() == "{{" else "%}"
        if text.find(close, tag.end()) < 0 or TAG.search(text, tag.end(), text.find(close, tag.end())):
            return tag.start()
    return tags[0].start() if tags else len(text) - len(text.lstrip())


def mark_at(path: Path, line: int, name: str | None) -> Mark:
    """``path:line:col``, the column where ``name`` (else the first tag) starts on that line."""
    col = 1
    try:
        text = path.read_text(encoding="utf-8").splitlines()[line - 1] if line else ""
    except (OSError, IndexError, UnicodeDecodeError):
        text = ""
    at = text.find(name) if name else -1
    if at < 0:
        at = _open_tag(text)
    col = at + 1
    return Mark(display_path(path), line, col)
