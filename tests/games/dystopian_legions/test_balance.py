"""The force-balance report of battles, from tallies made by hand: each table's nation shares, BLP spread, turns and
turn-cap battles, and over every table the one-sided scenarios and the cards never played."""

from __future__ import annotations

from types import SimpleNamespace

from pnpforge.engine.results import TWELFTHS
from pnpforge.engine.tally import Tally
from pnpforge.games.dystopian_legions.balance import analyse_battles, spread

from tests.conftest import REPO
from tests.helpers import shipped_pack


def table(wins: tuple[int, int], capped: int, scenario: tuple[str, int, int], played_card: str) -> Tally:
    tally = Tally()
    games = sum(wins)
    counts = {
        "games": games,
        "played/side/britannia": games,
        "played/side/prussia": games,
        "wins/side/britannia": wins[0] * TWELFTHS,
        "wins/side/prussia": wins[1] * TWELFTHS,
        "length/4": games - capped,
        "length/8": capped,
        "ended/turn-cap": capped,
        "blp/britannia/6": games // 2,
        "blp/britannia/10": games - games // 2,
        "blp/prussia/3": games,
        f"scenario/played/{scenario[0]}": games,
        f"scenario/wins/{scenario[0]}/first": scenario[1] * TWELFTHS,
        f"scenario/wins/{scenario[0]}/second": scenario[2] * TWELFTHS,
        f"used/{played_card}": 5,
        f"weighed/{played_card}": 300,
        f"changed/{played_card}": 0 if played_card == "dig-in" else 40,
    }
    for key, count in counts.items():
        if count:
            tally.add(key, count, seed=11)
    return tally


def test_the_report_of_two_tables() -> None:
    pack = shipped_pack(REPO / "content" / "dystopian-legions")
    tallies = {
        "crossroads": table((100, 100), 0, ("meeting", 100, 100), "ambush"),
        "farmstead": table((190, 10), 60, ("assault", 195, 5), "dig-in"),
    }
    decks = {"ambush", "dig-in", "take-aim"}
    report = analyse_battles(pack, tallies, SimpleNamespace(mode="battle"), decks)
    rules = sorted((f.rule, f.severity) for f in report.findings)
    assert ("nation-win-share", "warning") in rules and ("turn-cap", "warning") in rules
    assert ("scenario-one-sided", "warning") in rules and ("tac-played", "warning") in rules
    (idle,) = [f for f in report.findings if f.rule == "tac-changes"]
    assert idle.severity == "warning" and "dig-in" in idle.subject and "weighed 300 times" in idle.message
    farm = report.summary["farmstead"]
    assert farm["turn_cap"] == {"battles": 60, "share": 0.3} and farm["blp"]["prussia"]["mean"] == 3
    assert all(
        f.message.startswith("farmstead: ") for f in report.findings if f.rule in ("turn-cap", "nation-win-share")
    )
    (card,) = [f for f in report.findings if f.rule == "tac-played"]
    assert "take-aim" in card.subject and "never played in 400 battles" in card.message
    assert report.summary["crossroads"]["turn_cap"]["battles"] == 0


def test_spread_of_a_histogram() -> None:
    tally = Tally()
    for value, count in ((2, 1), (4, 2), (6, 1)):
        tally.add(f"blp/x/{value}", count)
    assert spread(tally, "blp/x/") == {"mean": 4.0, "sd": 1.63, "min": 2, "max": 6}
