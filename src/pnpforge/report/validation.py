"""The validation report: a terminal summary, ``report.json`` and a self-contained ``report.html``.

The same settings and seed give byte-identical JSON and HTML (sorted keys, deterministic SVG, no timestamps).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

from pnpforge.engine.validate import Analysis, Settings
from pnpforge.findings import Finding, count_line


def report_data(pack_id: str, settings: Settings, static: list[Finding], analysis: Analysis) -> dict[str, Any]:
    findings = sorted(static + analysis.findings, key=Finding.sort_key)
    return {
        "pack": pack_id,
        "settings": {"games_per_player_count": settings.games, "players": list(settings.players),
                     "mode": settings.mode, "seed": settings.seed, "bots": list(settings.bots)},
        "counts": {s: sum(f.severity == s for f in findings) for s in ("error", "warning", "info")},
        "findings": [f.to_json() for f in findings],
        **analysis.to_json(),
    }


def write_json(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")


def write_html(path: Path, data: dict[str, Any], analysis: Analysis) -> None:
    from pnpforge.report.charts import chart_svg

    env = Environment(loader=PackageLoader("pnpforge.report", "templates"), autoescape=select_autoescape(),
                      keep_trailing_newline=True)
    charts = [{"title": c.title, "svg": chart_svg(c)} for c in analysis.charts]
    html = env.get_template("validation.html.j2").render(data=data, charts=charts, tables=analysis.tables)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(html, encoding="utf-8")


def terminal_summary(data: dict[str, Any], findings: list[Finding]) -> str:
    """The lines a designer reads first: win shares per player count, then the count line."""
    lines = []
    for key, value in sorted(data.get("summary", {}).items()):
        if isinstance(value, dict) and "win_share" in value:
            shares = ", ".join(f"{name} {s['share']:.1%}" for name, s in value["win_share"].items())
            lines.append(f"{key}: {value['games']} games; wins: {shares}")
    averages = data.get("summary", {}).get("averages")
    if averages:
        lines.append("averages: " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in averages.items()))
    lines.append(count_line(findings))
    return "\n".join(lines)
