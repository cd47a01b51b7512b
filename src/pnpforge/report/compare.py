"""A variant beside the published rules: the same games (seeds and counts) validated under both, chart by chart and
finding by finding, in ``compare.json`` and a self-contained ``compare.html``.

Each bar of each chart the two reports share becomes a row with both values, their 95% intervals where the chart
has them, and the change; the intervals are *apart* when they do not overlap (a clear change). The two runs play
the same deals, so each side's change of win share is also measured deal by deal (``paired``): the interval of the
mean paired difference, much narrower than the two intervals side by side when the deals weigh the same in both.
Findings are matched by rule and subject: those the variant raises, those it clears, and those both keep."""

from __future__ import annotations

from pathlib import Path
from typing import Any


from pnpforge.engine.paired import compare_wins
from pnpforge.engine.tally import Tally
from pnpforge.files import write_atomic
from pnpforge.report.environment import report_environment
from pnpforge.report.validation import write_json

SHOWN = ("error", "warning")  # severities a designer acts on; notes are listed only when they change to these


def compare_data(base: dict[str, Any], variant: dict[str, Any], name: str,
                 paired: dict[str, dict[str, dict]] | None = None) -> dict[str, Any]:
    """The side-by-side of two validation reports (``report_data``) of the same pack, games and seed; ``paired``:
    each side's change of win share per configuration, paired deal by deal (``paired_changes``)."""
    return {
        "pack": base["pack"],
        "variant": name,
        "settings": {k: v for k, v in variant["settings"].items() if k != "variant"},
        "counts": {"published": base["counts"], "variant": variant["counts"]},
        "charts": _charts(base.get("charts", []), variant.get("charts", [])),
        **({"paired": paired} if paired else {}),
        "findings": finding_changes(base.get("findings", []), variant.get("findings", [])),
    }


def paired_changes(base: dict[Any, Tally], variant: dict[Any, Tally]) -> dict[str, dict[str, dict]]:
    """Per configuration, each side's (else each seat's) change of win share from ``base`` to ``variant``, on the
    deals both played: the mean difference with its 95% interval from the paired differences of the units
    (``engine/paired.py``'s ``compare_wins``); *apart* when the interval leaves out no change."""
    changes: dict[str, dict[str, dict]] = {}
    for key, tally in base.items():
        other = variant.get(key)
        if other is None:
            continue
        kind = "side" if tally.keys("played/side/") else "seat"
        row = {}
        for played in tally.keys(f"played/{kind}/"):
            who = played[len("played/"):]
            found = compare_wins(tally, other, who)
            if found is not None:
                row[who[len(kind) + 1:] if kind == "side" else f"seat {int(who[len('seat/'):]) + 1}"] = found
        if row:
            changes[f"{key}p" if isinstance(key, int) else str(key)] = row
    return changes


def _charts(base: list[dict], variant: list[dict]) -> list[dict]:
    theirs = {c["id"]: c for c in variant}
    charts = []
    for chart in base:
        other = theirs.get(chart["id"])
        if other is None:
            continue
        bars = {b["label"]: b for b in other["bars"]}
        rows = []
        for bar in chart["bars"]:
            twin = bars.get(bar["label"])
            if twin is None:
                continue
            rows.append({"label": bar["label"], "published": _bar(bar), "variant": _bar(twin),
                         "change": twin["value"] - bar["value"], "intervals_apart": intervals_apart(bar, twin)})
        if rows:
            charts.append({"id": chart["id"], "title": chart["title"], "unit": chart["unit"],
                           "reference": chart.get("reference"), "band": chart.get("band"), "rows": rows})
    return charts


def _bar(bar: dict) -> dict:
    return {k: bar[k] for k in ("value", "low", "high") if bar.get(k) is not None}


def intervals_apart(a: dict, b: dict) -> bool:
    """Whether two bars' 95% intervals do not overlap (False when either has none)."""
    if None in (a.get("low"), a.get("high"), b.get("low"), b.get("high")):
        return False
    return a["high"] < b["low"] or b["high"] < a["low"]


def _key(finding: dict) -> tuple[str, str]:
    return finding.get("rule") or "", finding.get("subject") or ""


def finding_changes(base: list[dict], variant: list[dict]) -> dict[str, list[dict]]:
    """Findings the variant raises, clears and keeps, by rule and subject, warnings and errors only."""
    before = {_key(f): f for f in base}
    after = {_key(f): f for f in variant}
    raised, cleared, kept = [], [], []
    for key, f in after.items():
        if f["severity"] not in SHOWN:
            continue
        old = before.get(key)
        if old is not None and old["severity"] in SHOWN:
            kept.append({"rule": key[0], "subject": key[1], "published": old["message"], "variant": f["message"]})
        else:
            raised.append({"rule": key[0], "subject": key[1], "severity": f["severity"], "message": f["message"]})
    for key, f in before.items():
        if f["severity"] in SHOWN and (key not in after or after[key]["severity"] not in SHOWN):
            cleared.append({"rule": key[0], "subject": key[1], "severity": f["severity"], "message": f["message"],
                            "now": after[key]["message"] if key in after else ""})
    return {"raised": raised, "cleared": cleared, "kept": kept}


def write_compare(folder: Path, data: dict[str, Any]) -> tuple[Path, Path]:
    """``compare.json`` and ``compare.html`` in ``folder``; the same reports give the same bytes."""
    json_path, html_path = folder / "compare.json", folder / "compare.html"
    write_json(json_path, data)
    env = report_environment()
    charts = [{"title": c["title"], "svg": pair_svg(c), "rows": c["rows"], "unit": c["unit"]} for c in data["charts"]]
    write_atomic(html_path, env.get_template("compare.html.j2").render(data=data, charts=charts, shown=shown))
    return json_path, html_path


def shown(value: float | None, unit: str) -> str:
    """A value as the report prints it: shares as percentages, counts as numbers."""
    if value is None:
        return ""
    return f"{value:.1%}" if unit == "share" else f"{value:g}"


def pair_svg(chart: dict) -> str:
    """Published and variant bars side by side, with their intervals, as an inline SVG."""
    from pnpforge.report.charts import ACCENT, INK, figure_svg, plt  # matplotlib set up once, deterministically

    rows = chart["rows"]
    scale = 100 if chart["unit"] == "share" else 1
    horizontal = len(rows) > 12
    fig, ax = plt.subplots(figsize=(6.4, 0.3 * len(rows) + 1.2 if horizontal else 2.8), dpi=100)
    width = 0.4
    for offset, side, colour in ((-width / 2, "published", "#9a9184"), (width / 2, "variant", ACCENT)):
        positions = [i + offset for i in range(len(rows))]
        values = [r[side]["value"] * scale for r in rows]
        errors = None
        if all("low" in r[side] for r in rows):
            errors = [[v - r[side]["low"] * scale for v, r in zip(values, rows)],
                      [r[side]["high"] * scale - v for v, r in zip(values, rows)]]
        if horizontal:
            ax.barh(positions, values, width, color=colour, ecolor=INK, capsize=2, label=side, xerr=errors)
        else:
            ax.bar(positions, values, width, color=colour, ecolor=INK, capsize=2, label=side, yerr=errors)
    labels = [r["label"] for r in rows]
    if horizontal:
        ax.set_yticks(range(len(rows)), labels, fontsize=6)
        ax.invert_yaxis()
    else:
        ax.set_xticks(range(len(rows)), labels, rotation=30 if len(rows) > 6 else 0,
                      ha="right" if len(rows) > 6 else "center")
    if chart.get("reference") is not None:
        (ax.axvline if horizontal else ax.axhline)(chart["reference"] * scale, color=INK, linestyle="--",
                                                   linewidth=0.8)
    (ax.set_xlabel if horizontal else ax.set_ylabel)("% of games" if chart["unit"] == "share" else "count")
    ax.set_title(chart["title"], fontsize=10, loc="left")
    ax.legend(fontsize=7, frameon=False)
    return figure_svg(fig)
