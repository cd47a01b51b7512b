"""Decided verdicts: a warning only on clear evidence, else info with the games that would decide it."""

from __future__ import annotations

import math
from types import SimpleNamespace

import pytest

from pnpforge.engine.analyses import never_used, rarely_entered, side_balance
from pnpforge.engine.results import TWELFTHS
from pnpforge.engine.stats import wilson
from pnpforge.engine.tally import Tally
from pnpforge.engine.verdicts import below, never_seen, outside, z_score
from pnpforge.findings import Mark


def no_hint(tally: Tally, key: str) -> str:
    return ""


def faction_tally(games: int, wins: dict[str, int]) -> Tally:
    tally = Tally()
    tally.add("games", games)
    for side, won in wins.items():
        tally.add(f"played/side/{side}", games)
        tally.add(f"wins/side/{side}", won * TWELFTHS)
    return tally


def item(name: str) -> SimpleNamespace:
    return SimpleNamespace(id=name, subject=f"card '{name}'", mark=lambda: Mark("cards.yaml", 3, 3))


def test_a_share_from_12_games_whose_interval_reaches_the_band_is_info_not_a_warning() -> None:
    tally = faction_tally(12, {"whites": 4, "reds": 3, "greens": 3, "blues": 3})  # whites 33% against 25% ± 7
    findings, _, _ = side_balance(tally, [(s, Mark("game.yaml", 1, 1)) for s in ("whites", "blues")], 4, 0.07,
                                  no_hint, family=4)
    assert [f.severity for f in findings] == ["info"]
    assert "undecided: faction 'whites' wins too often" in findings[0].message
    assert "would decide it" in findings[0].message and findings[0].data["more"] > 1


def test_a_share_whose_whole_interval_lies_outside_the_band_is_a_warning() -> None:
    tally = faction_tally(400, {"whites": 160, "blues": 100})  # 40% against 25% ± 7, interval about 35-45%
    findings, _, _ = side_balance(tally, [("whites", Mark("game.yaml", 1, 1)), ("blues", Mark("game.yaml", 2, 1))],
                                  4, 0.07, no_hint, family=8)
    assert [(f.severity, f.rule) for f in findings] == [("warning", "faction-win-share")]
    assert "of 8 checks together" in findings[0].message
    assert findings[0].data == {"players": 4}  # what an acknowledgement kept at some player counts matches


def test_checks_made_together_widen_the_interval() -> None:
    alone, together = outside(7, 9, 0.263, 0.403), outside(7, 9, 0.263, 0.403, family=12)
    assert alone.clear and not together.clear
    assert z_score(12) > z_score(1) == pytest.approx(1.96, abs=0.001)


def test_the_trials_that_would_decide_a_verdict_do_decide_it() -> None:
    verdict = outside(4, 12, 0.18, 0.32)  # 33.3% observed: just above the band
    assert not verdict.clear
    needed = verdict.trials_needed
    low, _ = wilson(verdict.share * needed, needed, z_score())
    before, _ = wilson(verdict.share * (needed - 1), needed - 1, z_score())
    assert low > 0.32 >= before
    assert outside(3, 12, 0.18, 0.32) is None  # inside the band: no finding at all
    assert below(0, 0, 0.05) is None  # never tried: nothing to judge


def test_something_never_seen_is_a_warning_only_past_the_trials_the_formula_gives() -> None:
    needed = math.ceil(math.log(0.01) / math.log(1 - 0.02))  # none in n at a rate of 2% is under 1% from here
    assert needed == 228
    assert not never_seen(needed - 1).clear and never_seen(needed).clear
    assert never_seen(needed - 1).trials_needed == needed
    assert never_seen(89, min_rate=0.05).trials_needed == 90  # the pack's own minimum rate
    card = item("ration-pack")
    for games, severity in ((needed - 1, "info"), (needed, "warning")):
        tally = Tally()
        tally.add("games", games)
        found = never_used(card, tally, no_hint, "never bought in {games} games", min_rate=0.02)
        assert found.severity == severity, games
    assert "chance of" in found.message
    assert never_used(card, Tally(), no_hint, "never bought in {games} games") is None  # no game: nothing to judge


def test_a_plot_never_entered_is_judged_as_never_seen() -> None:
    tally = Tally()
    tally.add("games", 40)
    tally.add("offered/ambush", 30)
    found = rarely_entered(item("ambush"), tally, 0.05, no_hint, min_rate=0.02)
    assert found.severity == "info" and "never entered in the 30 rounds drawn" in found.message
    tally.add("offered/ambush", 200)
    assert rarely_entered(item("ambush"), tally, 0.05, no_hint, min_rate=0.02).severity == "warning"
