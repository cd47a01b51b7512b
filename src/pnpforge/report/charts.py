"""Charts for reports: matplotlib SVG, deterministic (fixed hash salt, no date), text left as text."""

from __future__ import annotations

import io
import math

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
    intervals = [(b.low, b.high) for b in chart.bars if b.low is not None and b.high is not None]
    if chart.unit == "share" and len(intervals) == len(chart.bars):
        errors = [[v - low * 100 for v, (low, _) in zip(values, intervals)],
                  [high * 100 - v for v, (_, high) in zip(values, intervals)]]
    if horizontal:
        ax.barh(positions, values, color=ACCENT, xerr=errors, ecolor=INK, capsize=2)
        ax.set_yticks(positions, labels, fontsize=6)
        ax.invert_yaxis()
    else:
        ax.bar(positions, values, color=ACCENT, yerr=errors, ecolor=INK, capsize=3)
        turned = len(labels) > 6
        ax.set_xticks(positions, labels, rotation=30 if turned else 0, ha="right" if turned else "center")
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


CHAR_WIDTH = 0.6  # a sans-serif character's mean advance, in font sizes
PAD = 0.08  # inches between a label and the edge or the next label


def _text_size(texts, along: bool) -> float:
    """How far a row of tick labels reaches out from its axis, in inches: their widths (``along``: the labels
    run along the axis, so rotation lifts them) or their heights."""
    shown = [t for t in texts if t.get_text()]
    if not shown:
        return 0.0
    size = shown[0].get_fontsize() / 72
    longest = max(len(t.get_text()) for t in shown) * CHAR_WIDTH * size
    angle = math.radians(shown[0].get_rotation())
    if along:  # x labels: their height, plus their length when turned
        return abs(math.sin(angle)) * longest + abs(math.cos(angle)) * size
    return longest


def _fit(fig) -> None:
    """Margins that leave room for the title, axis labels and tick labels, from their lengths: the same room
    ``tight_layout`` finds, without drawing the figure one more time for it."""
    width, height = fig.get_size_inches()
    ax = fig.axes[0]
    label = plt.rcParams["font.size"] / 72 + PAD
    left = _text_size(ax.get_yticklabels(), False) + (label if ax.get_ylabel() else 0) + 2 * PAD
    bottom = _text_size(ax.get_xticklabels(), True) + (label if ax.get_xlabel() else 0) + 2 * PAD
    top = (ax.title.get_fontsize() / 72 + 2 * PAD) if ax.get_title(loc="left") or ax.get_title() else PAD
    fig.subplots_adjust(left=min(0.6, left / width), right=1 - 2 * PAD / width, bottom=min(0.6, bottom / height),
                        top=1 - top / height)


def figure_svg(fig) -> str:
    """A finished figure as an inline SVG string (no date, no creator), the figure closed."""
    _fit(fig)
    out = io.StringIO()
    fig.savefig(out, format="svg", metadata={"Date": None, "Creator": None})
    plt.close(fig)
    svg = out.getvalue()
    return svg[svg.index("<svg"):]


PALETTE = ("#8a3b2e", "#3d6b8c", "#6b8c3d", "#c79a2e", "#6b4a8c", "#2e8a7a", "#9a9184", "#c2552e")


def grouped_svg(title: str, groups: list[str], series: list[str], bars: dict[tuple[str, str], dict],
                reference: float | None = None) -> str:
    """Shares (0-1) with their 95% intervals, one bar per series in each group (``bars[(group, series)]`` has
    ``share``, ``low`` and ``high``), as an inline SVG: groups down the page when there are many."""
    horizontal = len(groups) > 8
    fig, ax = plt.subplots(figsize=(6.4, 0.22 * len(groups) * max(1, len(series)) + 1.4 if horizontal else 3.0),
                           dpi=100)
    width = 0.8 / max(1, len(series))
    for n, name in enumerate(series):
        positions = [g + (n - (len(series) - 1) / 2) * width for g in range(len(groups))]
        found = [bars.get((group, name), {"share": 0.0, "low": 0.0, "high": 0.0}) for group in groups]
        values = [b["share"] * 100 for b in found]
        errors = [[v - b["low"] * 100 for v, b in zip(values, found)],
                  [b["high"] * 100 - v for v, b in zip(values, found)]]
        colour = PALETTE[n % len(PALETTE)]
        if horizontal:
            ax.barh(positions, values, width, color=colour, ecolor=INK, capsize=2, label=name, xerr=errors)
        else:
            ax.bar(positions, values, width, color=colour, ecolor=INK, capsize=2, label=name, yerr=errors)
    if horizontal:
        ax.set_yticks(range(len(groups)), groups, fontsize=7)
        ax.invert_yaxis()
    else:
        ax.set_xticks(range(len(groups)), groups)
    if reference is not None:
        (ax.axvline if horizontal else ax.axhline)(reference * 100, color=INK, linestyle="--", linewidth=0.8)
    (ax.set_xlabel if horizontal else ax.set_ylabel)("% of games won")
    (ax.set_ylabel if horizontal else ax.set_xlabel)("variant")
    ax.set_title(title, fontsize=10, loc="left")
    ax.legend(fontsize=7, frameon=False, ncol=min(4, max(1, len(series))))
    return figure_svg(fig)
