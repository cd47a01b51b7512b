"""``make matches``: a match reports what it cost, and a game played alone (one bot against an automaton) is
printed as such, not as a meeting of two bots."""

from __future__ import annotations

from pnpforge.engine.matches import Pairing, play_match
from pnpforge.matches import _line

from tests.conftest import DATA
from tests.engine.dice_race import PACKAGE
from tests.engine.registered import pack_at


def test_a_match_reports_its_cpu_seconds() -> None:
    result = play_match(PACKAGE, pack_at(DATA / "dice-race"), Pairing(("greedy", "random")), 20)
    assert isinstance(result["cpu_seconds"], float) and 0 <= result["cpu_seconds"] < 60
    assert result["games"] == 20


def test_a_game_played_alone_is_printed_with_the_share_it_won() -> None:
    solo = {
        "bots": ["search"],
        "players": 1,
        "mode": "raid-ai",
        "scenario": None,
        "share": 0.25,
        "games": 8,
        "low": 0.07,
        "high": 0.59,
        "stronger": False,
        "equal_share": 1.0,
    }
    assert _line(solo) == "search alone in raid-ai: won 25.0% of 8 games (95% CI 7.0%-59.0%)"
    pair = {**solo, "bots": ["search", "greedy"], "players": 2, "mode": None, "stronger": True, "equal_share": 0.5}
    assert _line(pair) == "search vs greedy: 25.0% of 8 games (95% CI 7.0%-59.0%): search stronger"
