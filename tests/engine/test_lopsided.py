"""A setting the game dealt (a scenario) that one side wins far too often: decided by its evidence, every setting
and side judged together."""

from __future__ import annotations

from pnpforge.engine.analyses import lopsided
from pnpforge.engine.results import TWELFTHS
from pnpforge.engine.tally import Tally


def tally_of(counts: dict[str, int]) -> Tally:
    tally = Tally()
    for key, count in counts.items():
        tally.add(key, count)
    return tally


def test_a_scenario_one_side_wins_nearly_always_is_a_warning_and_an_even_one_no_finding() -> None:
    tally = tally_of(
        {
            "scenario/played/assault": 200,
            "scenario/wins/assault/attacker": 190 * TWELFTHS,
            "scenario/wins/assault/defender": 10 * TWELFTHS,
            "scenario/played/meeting": 200,
            "scenario/wins/meeting/attacker": 101 * TWELFTHS,
            "scenario/wins/meeting/defender": 99 * TWELFTHS,
        }
    )
    (found,) = lopsided(tally, "scenario/", 0.8, lambda tally, key: "; see seed 7")
    assert found.severity == "warning" and found.subject == "assault" and found.rule == "scenario-one-sided"
    assert "side 'attacker' wins 95% of the 200 games of this scenario" in found.message
    assert found.message.endswith("see seed 7")


def test_a_scenario_seen_too_seldom_is_undecided_with_the_games_that_would_decide_it() -> None:
    tally = tally_of({"scenario/played/ambush": 6, "scenario/wins/ambush/north": 6 * TWELFTHS})
    (found,) = lopsided(tally, "scenario/", 0.8, lambda tally, key: "")
    assert found.severity == "info" and found.message.startswith("undecided: ") and found.data["more"] > 1
