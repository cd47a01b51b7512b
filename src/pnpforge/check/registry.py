"""The registry of static rules: the shared rules every pack gets, then the game package's own rules."""

from __future__ import annotations

from types import MappingProxyType

from pnpforge.check import shared
from pnpforge.check.rule import StaticRule
from pnpforge.content.pack import Pack
from pnpforge.findings import Finding
from pnpforge.games import load_package

SHARED_RULES: MappingProxyType[str, StaticRule] = MappingProxyType(
    {f.rule_name: f for f in vars(shared).values() if callable(f) and hasattr(f, "rule_name")})


def run_static_checks(pack: Pack) -> list[Finding]:
    """Every shared rule, then the game package's rules when the pack names one; findings sorted by position."""
    findings: list[Finding] = []
    for name, rule in SHARED_RULES.items():
        findings += [_named(f, name) for f in rule(pack)]
    package = load_package(pack.game.engine)
    if package is not None:
        for rule in package.checks:
            findings += [_named(f, f"{package.name}.{rule.__name__}") for f in rule(pack)]
    return sorted(findings, key=Finding.sort_key)


def _named(finding: Finding, name: str) -> Finding:
    if finding.rule:
        return finding
    return Finding(finding.severity, finding.message, finding.mark, finding.subject, finding.blocking, name,
                   finding.data)
