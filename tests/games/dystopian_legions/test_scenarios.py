"""Every scenario of the pack (``examples/*.yaml``) replays to the outcome it states, each naming the rules it shows;
and a stated throw that does not fit the pool the rules throw is an error at that throw (exit code 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpforge.content.pack import load_pack
from pnpforge.engine.replay import replay_and_check
from pnpforge.games.dystopian_legions import PACKAGE

from tests.conftest import REPO

PACK = REPO / "content" / "dystopian-legions"
RULES = {
    "dice-nine-black": ("dice-success", "dice-black"),
    "dice-five-blue": ("dice-blue",),
    "dice-thirteen-red": ("dice-red",),
    "exploding-chain": ("dice-red",),
    "reroll-initial-dice-only": ("dice-reroll",),
    "halving-rounds-up": ("dice-halving", "morale-modifiers"),
    "opposed-check-tie": ("command-opposed", "initiative", "command-check"),
    "knights-open-fire": (
        "shoot-range",
        "shoot-priority",
        "shoot-allocation",
        "shoot-saves",
        "profile-ir",
        "profile-lp",
        "weapon-profile",
        "shoot-attacks",
        "profile-model",
    ),
    "melee-grenadiers-charge-riflemen": (
        "melee-bonus",
        "melee-casualties",
        "melee-victory",
        "profile-mad",
        "dice-mixed",
    ),
    "morale-failure-and-rally": (
        "morale-check",
        "morale-routed",
        "order-rally",
        "order-issue",
        "cp-spent-anyway",
        "dice-d3",
    ),
    "cover-and-hit-the-deck": ("shoot-hit-the-deck", "terrain-cover"),
    "ironclad-side-arc": ("ironclad-stats", "ironclad-damage"),
    "card-in-its-window": ("tac-anatomy", "tac-cost", "shoot-quality", "graveyard", "tac-no-retract"),
    # on the table (table_play.py); the table rules they show stay unplayed until battles play them
    "table-charge-into-contact": ("move-charge",),
    "table-sight-blocked-by-building": ("shoot-targets",),
    "table-blast-scatter": (),
    "table-coherency-after-casualties": (),
    "table-objective-within-an-inch": (),
    "table-ironclad-turn-and-arc": ("move-charge",),
    "table-charge-into-an-ironclad": ("move-charge", "ironclad-melee"),
    "table-officer-lost": ("officer-loss", "officer-range"),
    "tesla-overcharge-is-lethal": ("mar-lethal", "tac-gain-mar"),
    "countermand-cancels-a-card": ("tac-cancel", "tac-no-retract"),
    "ambush-answers-a-charge": ("tac-fire-reaction", "move-charge", "shoot-quality"),
    "lucky-colonel": ("mar-lucky", "dice-reroll"),
    "bolster-a-morale-check": ("command-bolster", "morale-check"),
    "riflemen-charge-a-tankette": ("ironclad-melee", "ironclad-damage", "melee-victory"),
}


@pytest.fixture(scope="module")
def pack():
    loaded, problems = load_pack(PACK)
    assert loaded is not None and problems == []
    return loaded


def test_every_scenario_is_listed_here() -> None:
    assert sorted(p.stem for p in (PACK / "examples").glob("*.yaml")) == sorted(RULES)
    assert len(RULES) >= 12


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.rules(*r), id=n) for n, r in RULES.items()])
def test_the_scenario_replays_to_its_stated_outcome(pack, name: str) -> None:
    _, outcome = replay_and_check(PACKAGE, pack, PACK / "examples" / f"{name}.yaml")
    assert [str(f) for f in outcome.findings] == [] and outcome.data is not None


def test_a_changed_face_changes_the_outcome_and_is_reported(pack, tmp_path: Path) -> None:
    text = (PACK / "examples" / "dice-nine-black.yaml").read_text(encoding="utf-8")
    changed = tmp_path / "changed.yaml"
    changed.write_text(text.replace("[1, 1, 2, 3, 4, 5, 5, 6, 6]", "[1, 1, 2, 3, 1, 5, 5, 6, 6]", 1), encoding="utf-8")
    _, outcome = replay_and_check(PACKAGE, pack, changed)
    assert any("successes" in str(f) and "engine gives 4" in str(f) for f in outcome.findings)


def test_a_throw_with_too_few_faces_is_an_error_at_its_line(pack, tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "title: short\nstart: shoot\nrange: 10\nsides:\n  - {player: prussia, section: pru-line-grenadiers}"
        "\n  - {player: britannia, section: kob-volunteers}\nthrows:\n  - {faces: [6, 6]}\n",
        encoding="utf-8",
    )
    outcome = PACKAGE.replay(pack, bad)
    assert outcome.data is None
    assert [str(f).splitlines()[0] for f in outcome.findings] == [
        f"{bad}:8:5: error: throw 1 (attack of the prussia, 20 black at 4+): wave 0 shows 2 faces, but the pool "
        "throws 20 dice (" + ", ".join(["black"] * 20) + ")"
    ]


def test_an_unknown_section_is_an_error_at_its_line(pack, tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "title: nobody\nstart: morale\nsides:\n  - {player: prussia, section: pru-nobody}\n", encoding="utf-8"
    )
    outcome = PACKAGE.replay(pack, bad)
    assert outcome.data is None and str(outcome.findings[0]).startswith(f"{bad}:4:23: error: no section 'pru-nobody'")
