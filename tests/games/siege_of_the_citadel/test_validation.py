"""What the validator reads from Siege games: the events of a finished mission, and the findings of the analysis on
tallies made to show them (a mission nobody carries out, a creature never eliminated, an AI card that never applies)."""

from __future__ import annotations

import random

from pnpforge.engine.loop import RandomBot, play_game
from pnpforge.engine.tally import Tally
from pnpforge.engine.validate import Settings
from pnpforge.games.siege_of_the_citadel.analysis import analyse, configurations, events

from tests.games.siege_of_the_citadel.helpers import game, pack

SETTINGS = Settings(games=300, players=(2,), mode="battle-plans", seed=1, jobs=1)


def test_a_mission_mode_plays_a_dark_legion_player_and_the_ai_deck() -> None:
    runs = configurations(pack(), SETTINGS)
    assert [(r.players, r.mode) for r in runs.values()] == [(5, "battle-plans"), (2, "battle-plans-ai")]
    ai_only = configurations(pack(), Settings(games=1, players=(2,), mode="battle-plans-ai", seed=1, jobs=1))
    assert [r.mode for r in ai_only.values()] == ["battle-plans-ai"]


def test_a_finished_mission_tells_its_rounds_points_creatures_and_the_ai_decks_work() -> None:
    final = play_game(game("battle-plans-ai", players=2), [RandomBot()] * 2, random.Random(3))
    keys = {getattr(e, "key", "") for e in events(final)}
    assert {"pp/spread", "pp/teams", "ai-turn/turns", "ai-turn/cards", "ai/idle"} <= keys
    assert any(k.startswith("placed/") for k in keys) and any(k.startswith("ai/") and "/line/" in k for k in keys)
    turned = sum(e.amount for e in events(final) if getattr(e, "key", "").endswith("/turned"))
    lines = sum(e.amount for e in events(final) if "/line/" in getattr(e, "key", ""))
    idle = next(e.amount for e in events(final) if getattr(e, "key", "") == "ai/idle")
    assert turned == lines + idle  # every card turned for an action applied one line, or none


def made(counts: dict[str, int]) -> Tally:
    tally = Tally()
    for key, amount in counts.items():
        tally.add(key, amount, 7)
    return tally


def test_the_analysis_finds_a_mission_nobody_wins_a_creature_never_eliminated_and_a_dead_ai_card() -> None:
    quiet = {f"ai/{n}/line/1": 30 for n in range(2, 55)}
    tally = made(
        {
            "games": 300,
            "share/mission-won": 0,
            "length/5": 300,
            "placed/nepharite": 300,
            "placed/legionnaire": 900,
            "eliminated/legionnaire": 400,
            "ai-turn/turns": 1500,
            "ai-turn/cards/20": 1500,
            "ai/1/turned": 300,
            **{f"ai/{n}/turned": 30 for n in range(2, 55)},
            **quiet,
        }
    )
    result = analyse(pack(), {"battle-plans-ai (AI deck)": tally}, SETTINGS)
    warned = {(f.rule, f.subject) for f in result.findings if f.severity == "warning"}
    assert warned == {
        ("mission-success", "mission 'battle-plans'"),
        ("creature-never-eliminated", "creature 'nepharite'"),
        ("ai-card-never-applies", "ai card 'ai-01'"),
    }
    table = next(t for t in result.tables if t.title.startswith("battle-plans-ai (AI deck): each AI card"))
    assert table.rows[0][:3] == [1, 300, 0] and "1.1" in table.title and "2.2" in table.title
    won = made({"games": 300, "share/mission-won": 120, "length/5": 300})
    assert not [
        f
        for f in analyse(pack(), {"battle-plans (Dark Legion player)": won}, SETTINGS).findings
        if f.severity == "warning"
    ]
