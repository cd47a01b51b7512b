"""Charts for reports: matplotlib SVG, deterministic (fixed hash salt, no date), text left as text."""

from __future__ import annotations

import io

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 - the backend is chosen first

from pnpforge.engine.validate import Chart  # noqa: E402

plt.rcParams.update({"svg.hashsalt": "pnpforge", "svg.fonttype": "none", "font.family": "sans-serif",
                     "font.size": 9, "axes.spines.top": False, "axes.spines.right": False})
INK, ACCENT, BAND = "#2b2b2b", "#8a3b2e", "#e9e2d0"


def chart_svg(chart: Chart) -> str:
    """One chart as an inline SVG string."""
    labels = [b.label for b in chart.bars]
    values = [b.value * (100 if chart.unit == "share" else 1) for b in chart.bars]
    height = 2.6 if len(labels) <= 12 else 0.18 * len(labels) + 1.0
    horizontal = len(labels) > 12
    fig, ax = plt.subplots(figsize=(6.4, height), dpi=100)
    positions = list(range(len(labels)))
    errors = None
    if chart.unit == "share" and all(b.low is not None for b in chart.bars):
        errors = [[v - b.low * 100 for v, b in zip(values, chart.bars)],
                  [b.high * 100 - v for v, b in zip(values, chart.bars)]]
    if horizontal:
        ax.barh(positions, values, color=ACCENT, xerr=errors, ecolor=INK, capsize=2)
        ax.set_yticks(positions, labels, fontsize=6)
        ax.invert_yaxis()
    else:
        ax.bar(positions, values, color=ACCENT, yerr=errors, ecolor=INK, capsize=3)
        ax.set_xticks(positions, labels, rotation=30 if len(labels) > 6 else 0, ha="right" if len(labels) > 6 else "center")
    if chart.reference is not None:
        ref = chart.reference * (100 if chart.unit == "share" else 1)
        line = ax.axvline if horizontal else ax.axhline
        line(ref, color=INK, linestyle="--", linewidth=0.8)
        if chart.band is not None:
            span = ax.axvspan if horizontal else ax.axhspan
            span(ref - chart.band * 100, ref + chart.band * 100, color=BAND, zorder=0)
    axis = ax.set_xlabel if horizontal else ax.set_ylabel
    axis("% of games" if chart.unit == "share" else "count")
    if chart.xlabel and not horizontal:
        ax.set_xlabel(chart.xlabel)
    ax.set_title(chart.title, fontsize=10, loc="left")
    return figure_svg(fig)


def figure_svg(fig) -> str:
    """A finished figure as an inline SVG string (no date, no creator), the figure closed."""
    fig.tight_layout()
    out = io.StringIO()
    fig.savefig(out, format="svg", metadata={"Date": None, "Creator": None})
    plt.close(fig)
    svg = out.getvalue()
    return svg[svg.index("<svg"):]
