"""The bench's reference figure and the normalised CPU figures (``pnpforge.bench.reference``, ``measure``)."""

from __future__ import annotations

import json

from pnpforge.bench import reference
from pnpforge.bench.__main__ import cold_goals
from pnpforge.bench.measure import goal, normalise


def test_the_workload_does_the_same_work_every_time() -> None:
    small = (reference._parse(reference._text(50)), reference._search(6))
    assert small == (reference._parse(reference._text(50)), reference._search(6))
    assert reference._search(8) == 92  # the eight queens have 92 placements
    cards = reference._parse(reference._text(40))
    assert len(cards) == 40 and cards[0] == reference._Card("Stone paper 0", 0, 0, ("stone", "paper"))


def test_the_reference_is_the_fastest_run_and_says_so(monkeypatch) -> None:
    ticks = iter([0.0, 1.3, 10.0, 11.1, 20.0, 21.2])
    monkeypatch.setattr(reference.time, "process_time", lambda: next(ticks))
    monkeypatch.setattr(reference, "workload", lambda: 7)
    figure = reference.reference_cpu_s(runs=3)
    assert figure["reference_cpu_s"] == 1.1
    assert figure["reference_runs_cpu_s"] == [1.3, 1.1, 1.2] and figure["reference_checksum"] == 7


def test_every_cpu_figure_gets_a_normalised_sibling() -> None:
    figures = {"pack": {"cold": {"cpu_s": 30.0, "wall_s": 20.0, "peak_tree_memory_mb": 300.0},
                        "one_card_over_floor_cpu_s": 0.9, "faces_per_cpu_second": 50.0,
                        "runs": [{"cpu_s": 3.0}], "goals": {"x": goal(30.0, 30.0)}}}
    out = normalise(figures, 1.5)
    assert out["pack"]["cold"] == {"cpu_s": 30.0, "cpu_s_norm": 20.0, "wall_s": 20.0, "peak_tree_memory_mb": 300.0}
    assert out["pack"]["one_card_over_floor_cpu_s_norm"] == 0.6
    assert out["pack"]["faces_per_cpu_second_norm"] == 75.0
    assert out["pack"]["runs"] == [{"cpu_s": 3.0, "cpu_s_norm": 2.0}]
    assert out["pack"]["goals"] == figures["pack"]["goals"]  # a goal carries its own figures
    json.dumps(out)


def test_a_cpu_goal_is_judged_on_the_normalised_figure() -> None:
    slow_machine = goal(30.0, 36.0, unit="CPU s", reference=1.25)
    assert slow_machine["measured"] == 28.8 and slow_machine["measured_raw"] == 36.0 and slow_machine["met"]
    fast_machine = goal(30.0, 27.0, unit="CPU s", reference=0.8)
    assert fast_machine["measured"] == 33.75 and not fast_machine["met"]
    rate = goal(50.0, 45.0, at_least=True, reference=1.2, per_cpu_second=True)
    assert rate["measured"] == 54.0 and rate["met"]
    assert goal(400.0, 390.0)["met"] and "measured_raw" not in goal(400.0, 390.0)


def test_cold_goals_are_read_per_pack() -> None:
    assert cold_goals("a=30,b-c=40 d=25") == {"a": 30.0, "b-c": 40.0, "d": 25.0}
    assert cold_goals(None) == {}
