"""How a shared static rule is declared: ``@static_rule("name")`` names the function and changes nothing else; the
registry (``registry.py``) collects the named functions of ``shared.py`` in the sequence they are written."""

from __future__ import annotations

from typing import Callable, Iterable

from pnpforge.content.pack import Pack
from pnpforge.findings import Finding

StaticRule = Callable[[Pack], Iterable[Finding]]


def static_rule(name: str) -> Callable[[StaticRule], StaticRule]:
    """Name a shared static rule (the name is recorded on its findings)."""
    def named(func: StaticRule) -> StaticRule:
        func.rule_name = name  # type: ignore[attr-defined]
        return func
    return named
