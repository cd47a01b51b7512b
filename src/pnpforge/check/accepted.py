"""Findings a pack keeps on purpose: ``accepted:`` in ``game.yaml`` names a check (``rule``), what the finding is
about (``subject``, as the finding names it: ``order 'no-medics'``), the reason, and optionally the player counts
it is kept at (``players``; a finding about a game at another count, or not about one count, is not covered).

An acknowledged finding is still reported, as info with the reason, so it never fails ``--strict``; an
acknowledgement that matches no finding of a complete run (every mode, until decided) is a warning at its entry,
so that a fixed problem's acknowledgement does not outlive it.
"""

from __future__ import annotations

from dataclasses import replace

from pnpforge.content.pack import Pack
from pnpforge.findings import Finding

FIT_RULES = ("fair-points",)  # raised only by ``validate --fit-points``: no other run looks for them


def about(finding: Finding, subject: str) -> bool:
    """True when ``finding`` is about ``subject`` (its subject, or the name its message opens with)."""
    return finding.subject == subject or finding.message.startswith(f"{subject}:") or \
        finding.message.startswith(f"{subject} ")


def acknowledge(pack: Pack, findings: list[Finding], matched: list[bool] | None = None) -> list[Finding]:
    """``findings`` with those the pack accepts turned into info that gives the reason; ``matched`` (one flag per
    acknowledgement) records which of them some finding matched."""
    entries = pack.game.accepted
    matched = matched if matched is not None else [False] * len(entries)
    out = []
    for finding in findings:
        for index, entry in enumerate(entries):
            if finding.rule == entry.rule and about(finding, entry.subject) and finding.severity != "error" and \
                    (entry.players is None or finding.data.get("players") in entry.players):
                matched[index] = True
                finding = replace(finding, severity="info", message=f"{finding.message} [accepted: {entry.reason}]")
                break
        out.append(finding)
    return out


def unmatched(pack: Pack, matched: list[bool], complete: bool, fit: bool = False) -> list[Finding]:
    """For each acknowledgement no finding of the run matched: a warning when the run was complete (every mode and
    player count, played until decided, up to the default limit), so that a fixed problem's acknowledgement does
    not outlive it; else info, since a finding raised only at some player counts, in some modes or after many
    games may simply not have been looked for. ``fit``: the run is the fair-points pass, which looks for the
    ``FIT_RULES`` and nothing else; any other run leaves those acknowledgements alone."""
    found = []
    for index, entry in enumerate(pack.game.accepted):
        if matched[index] or (entry.rule in FIT_RULES) != fit:
            continue
        said = f"accepted: no finding of '{entry.rule}' about {entry.subject} in this run"
        mark = pack.game_doc.mark(("accepted", index))
        if complete:
            found.append(Finding("warning", f"{said}; remove the entry once the problem is gone, or check its rule and "
                                            f"subject", mark=mark, rule="accepted"))
        else:
            found.append(Finding("info", f"{said}, which did not play every mode and player count until decided; "
                                         f"`pnpforge validate {pack.id}` tells whether the problem is gone", mark=mark,
                                 rule="accepted"))
    return found
