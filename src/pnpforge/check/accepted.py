"""Findings a pack keeps on purpose: ``accepted:`` in ``game.yaml`` names a check (``rule``), what the finding is
about (``subject``, as the finding names it: ``order 'no-medics'``) and the reason.

An acknowledged finding is still reported, as info with the reason, so it never fails ``--strict``; an
acknowledgement that matches no finding of the run is a warning at its entry, so that a fixed problem's
acknowledgement does not outlive it.
"""

from __future__ import annotations

from dataclasses import replace

from pnpforge.content.pack import Pack
from pnpforge.findings import Finding


def about(finding: Finding, subject: str) -> bool:
    """True when ``finding`` is about ``subject`` (its subject, or the name its message opens with)."""
    return finding.subject == subject or finding.message.startswith(f"{subject}:") or \
        finding.message.startswith(f"{subject} ")


def acknowledge(pack: Pack, findings: list[Finding], decided: bool = True) -> list[Finding]:
    """``findings`` with those the pack accepts turned into info that gives the reason, then for each
    acknowledgement that matched none a warning — or, when the run played a fixed number of games rather than
    until its findings were decided (``decided`` False), info: a short run may simply not have seen it yet."""
    entries = pack.game.accepted
    matched = [False] * len(entries)
    out = []
    for finding in findings:
        for index, entry in enumerate(entries):
            if finding.rule == entry.rule and about(finding, entry.subject) and finding.severity != "error":
                matched[index] = True
                finding = replace(finding, severity="info", message=f"{finding.message} [accepted: {entry.reason}]")
                break
        out.append(finding)
    for index, entry in enumerate(entries):
        if matched[index]:
            continue
        said = f"accepted: no finding of '{entry.rule}' about {entry.subject} in this run"
        if decided:
            out.append(Finding("warning", f"{said}; remove the entry once the problem is gone, or check its rule and "
                                          f"subject", mark=pack.game_doc.mark(("accepted", index)), rule="accepted"))
        else:
            out.append(Finding("info", f"{said} of a fixed number of games; `--games auto` tells whether the problem "
                                       f"is gone", mark=pack.game_doc.mark(("accepted", index)), rule="accepted"))
    return out
