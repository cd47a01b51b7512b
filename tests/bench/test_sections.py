"""``--packs`` limits the build section as it limits the simulation section."""

from __future__ import annotations

import argparse

from pnpforge.bench import __main__ as bench
from pnpforge.bench import build, startup


def test_the_build_section_measures_only_the_packs_named(monkeypatch) -> None:
    asked = []
    monkeypatch.setattr(build, "bench_build", lambda pack_ids=None, **_: asked.append(pack_ids) or {})
    monkeypatch.setattr(startup, "bench_startup", lambda **_: {})
    args = argparse.Namespace(packs="legie, dice-race", cold_goals=None, peer_runs=1, stress_cards=0)
    bench.sections(args, 1.0)["build"]()
    bench.sections(argparse.Namespace(**{**vars(args), "packs": None}), 1.0)["build"]()
    assert asked == [["dice-race", "legie"], None]
