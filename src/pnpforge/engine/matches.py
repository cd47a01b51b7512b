"""Bot against bot: the pairings a game package declares, played on the shared harness with 95% intervals.

Seats (and factions, where the game rotates them) change with the seed and the two bots swap seats every game, so
a match is fair to seats by construction. The first bot's score share counts a shared result as a share of a win.
In a game with an automaton, or one that everybody can lose, the automaton's wins and the losses for all are
reported beside it, and an equal player's share is an equal part of what the players won.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from pnpforge.engine.analyses import players_share
from pnpforge.engine.contract import GamePackage
from pnpforge.engine.cost import cpu_seconds  # ``run`` shuts its pool down, so its workers count
from pnpforge.engine.playout import Run
from pnpforge.engine.results import TWELFTHS
from pnpforge.engine.seating import roles_of
from pnpforge.engine.simulate import chunks, run
from pnpforge.engine.stats import share

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack


@dataclass(frozen=True)
class Pairing:
    """The bots that meet, and the game: two bots swap seats every game; with more seats than two, the bots are
    listed seat by seat (``("greedy", "random", "random", "random")``: one greedy player against three random
    ones) and rotate with the seed, so the first bot's seat changes every game."""

    bots: tuple[str, ...]
    players: int = 2
    mode: str = ""
    scenario: str | None = None
    bot_options: tuple[tuple[str, object], ...] = ()  # e.g. (("iterations", 40),) for a search bot
    games: int | None = None  # at most this many games, whatever ``make matches`` asks (for slow bots)


def play_match(package: GamePackage, pack: Pack, pairing: Pairing, games: int, seed: int = 0, jobs: int = 1,
               progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """The first bot's score share per seat over ``games`` seeded games, with its 95% interval, draws and mean
    length; it is shown ``stronger`` when the interval lies above the share of an equal player, 1 / players (of the
    share the players won, where an automaton or a loss for all took some). The automaton's wins and the losses for
    all come as shares of the games of their own, in a game whose roles have them. ``cpu_seconds``: what the games
    cost, in CPU seconds of this process and its workers."""
    first = pairing.bots[0]
    config = Run(players=pairing.players, mode=pairing.mode, scenario=pairing.scenario,
                 bots=tuple(pairing.bots), bot_options=pairing.bot_options)
    cpu = cpu_seconds()
    tally = run(chunks(pack.root, package, config, seed, games), jobs, progress)
    cpu = cpu_seconds() - cpu
    wins = tally.get(f"wins/bot/{first}") / TWELFTHS
    result = share(wins, tally.get(f"played/bot/{first}"))
    equal = players_share(tally) / pairing.players
    roles = roles_of(package, pack, pairing.mode)
    others: dict[str, Any] = {}
    if roles is not None and roles.automaton is not None:
        others["automaton"] = {"side": roles.automaton,
                               **share(tally.get(f"wins/automaton/{roles.automaton}") / TWELFTHS, games)}
    if roles is not None and roles.loss_for_all:
        others["lost_by_all"] = share(tally.get("lost-by-all") / TWELFTHS, games)
    return {"bots": list(pairing.bots), "players": pairing.players, "mode": pairing.mode or None,
            "scenario": pairing.scenario, "wins": wins, **result, "equal_share": round(equal, 4),
            "stronger": result["low"] > equal, **others,
            "draws": tally.get("draws"), "mean_length": round(tally.get("length") / games, 1) if games else 0,
            "cpu_seconds": round(cpu, 1)}


def play_matches(package: GamePackage, pack: Pack, games: int = 200, jobs: int = 1,
                 progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Every pairing the package declares, for ``make matches``."""
    return {"game": pack.id, "matches": [play_match(package, pack, pairing, min(games, pairing.games or games),
                                                    jobs=jobs, progress=progress)
                                         for pairing in package.matches]}
