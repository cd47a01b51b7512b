"""The registry of static rules. Shared rules register here; a game package adds its own through its package."""

from __future__ import annotations

from typing import Callable, Iterable

from pnpforge.content.pack import Pack
from pnpforge.findings import Finding

StaticRule = Callable[[Pack], Iterable[Finding]]
SHARED_RULES: dict[str, StaticRule] = {}


def static_rule(name: str) -> Callable[[StaticRule], StaticRule]:
    """Register a shared static rule under a name (the name is recorded on its findings)."""
    def register(func: StaticRule) -> StaticRule:
        SHARED_RULES[name] = func
        return func
    return register


def run_static_checks(pack: Pack) -> list[Finding]:
    """Every shared rule, then the game package's rules when the pack names one; findings sorted by position."""
    from pnpforge.check import shared  # noqa: F401 - registers the shared rules
    from pnpforge.games import load_package

    findings: list[Finding] = []
    for name, rule in SHARED_RULES.items():
        findings += [_named(f, name) for f in rule(pack)]
    package = load_package(pack.game.engine) if pack.game.engine else None
    if package is not None:
        for rule in package.checks:
            findings += [_named(f, f"{package.name}.{rule.__name__}") for f in rule(pack)]
    return sorted(findings, key=Finding.sort_key)


def _named(finding: Finding, name: str) -> Finding:
    if finding.rule:
        return finding
    return Finding(finding.severity, finding.message, finding.mark, finding.subject, finding.blocking, name,
                   finding.data)
