"""The validation report: a terminal summary, ``report.json`` and a self-contained ``report.html``.

The same settings and seed give byte-identical JSON and HTML (sorted keys, deterministic SVG, no timestamps).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence


from pnpforge.engine.validate import Analysis, Settings
from pnpforge.files import write_atomic
from pnpforge.findings import Finding, count_line
from pnpforge.report.environment import report_environment


def report_data(pack_id: str, settings: Settings, static: list[Finding], analysis: Analysis,
                others: Sequence[tuple[str, str]] = ()) -> dict[str, Any]:
    """The report's data; ``others``: the other modes validated in the same run, with the relative address of
    their reports."""
    findings = sorted(static + analysis.findings, key=Finding.sort_key)
    return {
        **({"other_modes": [{"mode": mode, "href": href} for mode, href in others]} if others else {}),
        "pack": pack_id,
        "settings": {"games_per_player_count": settings.games, "players": list(settings.players),
                     "mode": settings.mode, "seed": settings.seed, "bots": list(settings.bots),
                     **({"variant": settings.variant} if settings.variant else {})},
        "counts": {s: sum(f.severity == s for f in findings) for s in ("error", "warning", "info")},
        "findings": [f.to_json() for f in findings],
        **analysis.to_json(),
    }


def linked_reports(report: Path) -> list[str]:
    """The reports of the other modes a ``report.html`` links to, as the links write them (relative to its folder,
    ``<mode>/report.html``), read from the ``report.json`` beside it; none when it cannot be read."""
    try:
        data = json.loads(report.with_name("report.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    others = data.get("other_modes") if isinstance(data, dict) else None
    return [str(o["href"]) for o in others or [] if isinstance(o, dict) and isinstance(o.get("href"), str)]


def write_json(path: Path, data: dict[str, Any]) -> None:
    write_atomic(path, json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n")


def write_html(path: Path, data: dict[str, Any], analysis: Analysis) -> None:
    from pnpforge.report.charts import chart_svg

    # the report shows a pack's words, so even pnpforge's own template renders in the sandbox
    env = report_environment()
    charts = [{"title": c.title, "svg": chart_svg(c)} for c in analysis.charts]
    html = env.get_template("validation.html.j2").render(data=data, charts=charts, tables=analysis.tables,
                                                         summary=summary_rows(data.get("summary", {})))
    write_atomic(path, html)


def summary_rows(summary: dict[str, Any], intervals: bool = True) -> list[tuple[str, list[tuple[str, str]]]]:
    """The analysis' summary in words, whatever the game: per entry (a player count, a configuration, averages) its
    named values; shares as percentages, a share with an interval as ``50.0% (95% CI 38.1%-61.9%)``."""
    rows = []
    for key, value in sorted(summary.items()):
        if isinstance(value, dict):
            rows.append((str(key), [(_words(name), _value(name, v, intervals)) for name, v in value.items()]))
    return rows


def _words(name: str) -> str:
    return str(name).replace("_", " ")


def _is_share(value: Any) -> bool:
    return isinstance(value, dict) and {"share", "low", "high"} <= set(value)


def _value(name: str, value: Any, intervals: bool) -> str:
    if _is_share(value):
        return f"{value['share']:.1%}" + (f" (95% CI {value['low']:.1%}-{value['high']:.1%})" if intervals else "")
    if isinstance(value, dict):
        return ", ".join(f"{k} {_value(name, v, intervals)}" for k, v in value.items())
    if isinstance(value, float) and str(name).endswith("share"):
        return f"{value:.1%}"
    return str(value)


def terminal_summary(data: dict[str, Any], findings: list[Finding]) -> str:
    """The lines a designer reads first: each summary entry on a line (win shares, draws, averages; the intervals
    are in the HTML report), then the count line."""
    lines = []
    for key, values in summary_rows(data.get("summary", {}), intervals=False):
        lines.append(f"{key}: " + "; ".join(f"{name} {text}" for name, text in values))
    lines.append(count_line(findings))
    return "\n".join(lines)
