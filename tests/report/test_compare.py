"""A variant beside the published rules: bars paired with their intervals, findings raised, cleared and kept."""

from __future__ import annotations

import json
from pathlib import Path

from pnpforge.report.compare import compare_data, write_compare


def _report(wins: list[tuple[str, float, float, float]], findings: list[dict]) -> dict:
    return {"pack": "demo", "settings": {"games_per_player_count": 100, "players": [2], "mode": "base", "seed": 1,
                                         "bots": ["greedy"]},
            "counts": {"error": 0, "warning": sum(f["severity"] == "warning" for f in findings), "info": 0},
            "findings": findings,
            "charts": [{"id": "factions-2p", "title": "Win share per faction, 2 players", "unit": "share",
                        "reference": 0.5, "band": 0.08,
                        "bars": [{"label": n, "value": v, "low": lo, "high": hi} for n, v, lo, hi in wins]},
                       {"id": "only-here", "title": "x", "unit": "count", "bars": [{"label": "a", "value": 1}]}]}


def _finding(severity: str, subject: str, message: str, rule: str = "faction-balance") -> dict:
    return {"severity": severity, "subject": subject, "message": message, "rule": rule}


def test_bars_pair_up_and_a_change_is_clear_only_when_the_intervals_are_apart(tmp_path: Path) -> None:
    base = _report([("reds", 0.70, 0.60, 0.78), ("whites", 0.30, 0.22, 0.40)],
                   [_finding("warning", "faction 'reds'", "wins too often: 70%"),
                    _finding("warning", "plot 'bridge'", "never entered", "plot-entered"),
                    _finding("info", "plot 'camp'", "undecided", "plot-entered")])
    variant = _report([("reds", 0.48, 0.38, 0.58), ("whites", 0.48, 0.38, 0.58)],
                      [_finding("info", "faction 'reds'", "within the band"),
                       _finding("warning", "plot 'bridge'", "never entered", "plot-entered"),
                       _finding("warning", "plot 'camp'", "never entered", "plot-entered")])
    variant["settings"]["variant"] = "house"
    variant["charts"] = variant["charts"][:1]
    data = compare_data(base, variant, "house")
    assert [c["id"] for c in data["charts"]] == ["factions-2p"]  # a chart only one report has is left out
    reds, whites = data["charts"][0]["rows"]
    assert reds["published"] == {"value": 0.70, "low": 0.60, "high": 0.78} and round(reds["change"], 2) == -0.22
    assert reds["intervals_apart"] is True and whites["intervals_apart"] is False
    found = data["findings"]
    assert [f["subject"] for f in found["cleared"]] == ["faction 'reds'"] and found["cleared"][0]["now"]
    assert [f["subject"] for f in found["raised"]] == ["plot 'camp'"]
    assert [f["subject"] for f in found["kept"]] == ["plot 'bridge'"]
    assert "variant" not in data["settings"] and data["counts"]["published"]["warning"] == 2
    json_path, html_path = write_compare(tmp_path, data)
    assert json.loads(json_path.read_text(encoding="utf-8")) == data
    html = html_path.read_text(encoding="utf-8")
    assert html.count('class="num clear"') == 1 and "-22.0%" in html and "+18.0%" in html  # only reds is apart
    assert "<svg" in html and "published" in html
    first = html_path.read_bytes()
    write_compare(tmp_path, data)
    assert html_path.read_bytes() == first  # the same reports give the same bytes


def test_each_side_s_change_is_also_paired_deal_by_deal() -> None:
    import random

    from pnpforge.report.compare import paired_changes
    from tests.engine.test_paired import deal_units, unit_tally

    base = deal_units(random.Random(8), 100, 0.8, 0.0)
    variant = [[(first, 0 if first == "a" else 1) for first, _ in unit] if n < 15 else unit
               for n, unit in enumerate(base)]  # side a wins every game of the first fifteen deals
    changes = paired_changes({2: unit_tally(base)}, {2: unit_tally(variant)})
    assert set(changes) == {"2p"} and set(changes["2p"]) == {"a", "b"}
    a, b = changes["2p"]["a"], changes["2p"]["b"]
    assert a["difference"] == -b["difference"] > 0 and a["units"] == 100 and a["apart"] and b["apart"]
    assert paired_changes({2: unit_tally(base)}, {3: unit_tally(base)}) == {}
    assert compare_data(_report([], []), _report([], []), "v", changes)["paired"] == changes
