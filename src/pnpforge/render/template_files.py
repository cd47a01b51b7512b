"""Reading template files: a template is UTF-8 text, and one that is not is a located error, never a crash.

Jinja's own loader decodes a file and lets a wrong byte escape as a ``UnicodeDecodeError`` that names no file. The
loader here finds the file again and raises ``TemplateNotText`` with the line and column of the first wrong byte,
which ``template_errors.template_finding`` reports like any other template error.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jinja2 import FileSystemLoader, TemplateError
from jinja2.loaders import split_template_path

from pnpforge.content.source import utf8_error


class TemplateNotText(TemplateError):
    """A template file that is not UTF-8 text, with the place of its first wrong byte."""

    def __init__(self, path: Path, line: int, col: int, message: str):
        """The file, the place and what to tell the user."""
        super().__init__(message)
        self.path, self.line, self.col = path, line, col


class TextLoader(FileSystemLoader):
    """Jinja's file loader over the layout folders, refusing a file that is not UTF-8 at its wrong byte."""

    def get_source(self, environment: Any, template: str) -> Any:
        """The template's text, file name and up-to-date check."""
        try:
            return super().get_source(environment, template)
        except UnicodeDecodeError:
            pass
        pieces = split_template_path(template)
        for folder in self.searchpath:
            path = Path(folder, *pieces)
            if path.is_file():
                bad = utf8_error(path.read_bytes())
                if bad is not None:
                    raise TemplateNotText(path, *bad) from None
        raise TemplateNotText(Path(template), 0, 0, "file is not valid UTF-8")
