"""Words of pnpforge's own, per language, as layout files: ``<folder>/<lang>.yaml`` mappings of keys to strings.

The web site (``web/strings``) and the PDF rulebook (``rulebook/strings``) keep their interface words this way.
Files are found through the pack's resolver, so the shared set, the packs named in ``layouts_from`` and the pack's
own ``layouts/`` may each hold a language; the caller merges them in that order, later files overriding earlier ones
key by key.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pathlib import Path

from pnpforge.content.source import LoadError, load_yaml
from pnpforge.findings import Finding
from pnpforge.render.resolver import Resolver

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack


def word_files(pack: Pack | None, layouts_dir: Path, folder: str, lang: str) -> list[Path]:
    """The files of one language under ``folder``, the shared set's first and the pack's own last."""
    return list(reversed(Resolver.for_pack(pack, layouts_dir).files(f"{folder}/{lang}.yaml")))


def read_words(path: Path, findings: list[Finding], rule: str, blocking: bool = False) -> dict[str, str]:
    """One file's words; a file that is no mapping or a value that is no string is a located error."""
    try:
        doc = load_yaml(path)
    except LoadError as exc:
        findings += exc.findings
        return {}
    if doc.data is None:
        return {}
    if not isinstance(doc.data, dict):
        findings.append(Finding("error", "expected a mapping of keys to words", mark=doc.mark(()), blocking=blocking,
                                rule=rule))
        return {}
    words = {}
    for key, value in doc.data.items():
        if not isinstance(value, str):
            findings.append(Finding("error", f"{key}: expected a string, found {type(value).__name__}",
                                    mark=doc.mark((key,)), blocking=blocking, rule=rule))
            continue
        words[str(key)] = value
    return words
