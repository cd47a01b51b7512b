"""Findings as JSON, written deterministically (sorted keys, stable sequence)."""

from __future__ import annotations

import json
from pathlib import Path

from pnpforge.files import write_if_changed
from pnpforge.findings import Finding


def findings_json(findings: list[Finding], pack_id: str | None = None) -> str:
    ordered = sorted(findings, key=Finding.sort_key)
    body = {
        "pack": pack_id,
        "counts": {s: sum(f.severity == s for f in ordered) for s in ("error", "warning", "info")},
        "findings": [f.to_json() for f in ordered],
    }
    return json.dumps(body, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_findings(path: Path, findings: list[Finding], pack_id: str | None = None) -> None:
    write_if_changed(path, findings_json(findings, pack_id))
