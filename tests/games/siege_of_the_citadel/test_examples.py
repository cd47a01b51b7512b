"""The pack's scenarios (``examples/*.yaml``) replay through the shared script runner to the outcome each states,
and ``pnpforge replay`` prints it as JSON with exit code 0."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from pnpforge.engine.replay import replay_and_check
from pnpforge.games.siege_of_the_citadel import PACKAGE

from tests.conftest import REPO
from tests.games.siege_of_the_citadel.helpers import ROOT, pack

RULES = {
    "movement-blocked-by-a-creature": ("move-blocked",),
    "sight-and-doors": ("line-of-sight",),
    "corner-touching-line": ("line-of-sight",),
    "a-tie-fails": ("attack-hits",),
    "a-defence-die-cancels-a-hit": ("attack-armor",),
    "a-corporation-re-roll": ("attack-rerolls",),
    "the-violator-sweep": ("violator-sweep", "area-results"),
    "the-gehenna-puker-line": ("gehenna-puker", "area-results"),
    "a-grenade-shielded-by-a-wall": ("grenade-launcher", "area-results"),
    "a-force-spawn": ("spawn-first-entry", "spawn-placement"),
    "an-ai-card-activates-a-creature": ("ai-actions", "ai-target", "ai-compass"),
    "the-battle-plans-are-sent": ("battle-plans", "score-primary"),
    "battle-plans-lost-on-time": ("score-failure", "mission-end", "battle-plans"),
    "hold-the-line-on-the-dark-legion-turn": ("card-hold-the-line", "card-other-turns"),
    "cold-resolve-adds-a-red-die": ("card-cold-resolve", "card-one-per-turn"),
    "dodge-then-counterstrike": ("card-dodge", "card-counterstrike", "card-other-turns"),
    "covering-fire-and-armor-plating": ("card-covering-fire", "card-armor-plating", "card-other-turns"),
    "steady-aim-re-rolls-two-failed-dice": ("card-steady-aim", "card-one-per-turn"),
    "quick-reload-costs-no-action": ("card-quick-reload", "concentrated-fire"),
    "blade-dance-strikes-a-second-neighbour": ("card-blade-dance",),
    "pinned-creature-and-ordered-pile": ("card-suppressing-fire", "card-intelligence-report", "dl-reinforcements"),
    "scavenged-parts-returns-a-smoke-grenade": ("card-scavenged-parts", "smoke-grenade", "card-one-per-turn"),
    "shoulder-to-shoulder-adds-a-white-die": ("card-shoulder-to-shoulder",),
    "leap-of-faith-past-a-creature": ("card-leap-of-faith", "move-through", "move-blocked"),
    "citadel-quake-on-the-stairs": ("event-stairs-damage", "dl-event"),
    "final-stand-and-silence": ("event-free-move", "event-no-reinforcements"),
    "smoke-in-the-vents-shortens-firearms": ("event-firearm-range", "firearm-range"),
}


def test_every_example_is_listed_here() -> None:
    assert sorted(p.stem for p in (ROOT / "examples").glob("*.yaml")) == sorted(RULES)


@pytest.mark.parametrize("stem", [pytest.param(stem, marks=pytest.mark.rules(*rules)) for stem, rules in RULES.items()])
def test_the_example_replays_to_its_stated_outcome(stem: str) -> None:
    _, outcome = replay_and_check(PACKAGE, pack(), ROOT / "examples" / f"{stem}.yaml")
    assert [str(f) for f in outcome.findings] == [] and outcome.data is not None


def test_replay_prints_json_and_exits_0() -> None:
    done = subprocess.run([sys.executable, "-m", "pnpforge", "replay", "siege-of-the-citadel",
                           str(ROOT / "examples" / "movement-blocked-by-a-creature.yaml")],
                          capture_output=True, text=True, cwd=REPO, check=False)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["refused"][0]["rule"] == "move-blocked" and data["figures"]["duval"]["at"] == [3, 1]
