"""One simulated game of Legion for the harness: seats, factions and bots from the seed; its tally.

Factions and seats rotate with the seed (every combination of factions in turn, then every seat rotation), so a
balance run is fair to seats and factions by construction. Shared victories count 1/k to each of k winners; wins
are tallied in twelfths so that every count stays an integer (k is at most 4).
"""

from __future__ import annotations

import itertools
import random

from pnpforge.engine.play import RandomBot, play_game
from pnpforge.engine.simulate import Tally
from pnpforge.games.legion_siberian_story.bots import GreedyBot
from pnpforge.games.legion_siberian_story.data import build_data
from pnpforge.games.legion_siberian_story.game import make_game

TWELFTHS = 12


def bot(name: str):
    """A bot by name: random, greedy or search."""
    if name == "random":
        return RandomBot()
    if name == "greedy":
        return GreedyBot()
    if name == "search":
        from pnpforge.games.legion_siberian_story.search import SearchBot
        return SearchBot()
    raise ValueError(f"unknown bot {name!r}; bots: random, greedy, search")


_DATA: dict[int, object] = {}


def _data(pack):
    """The tables of play for a pack, built once per process."""
    key = id(pack)
    if key not in _DATA:
        _DATA[key] = (pack, build_data(pack))  # keep the pack alive so its id stays unique
    return _DATA[key][1]


def lineup(factions: tuple[str, ...], players: int, bots: tuple[str, ...], seed: int) -> tuple[tuple, tuple]:
    """Factions by seat and bots by seat for a seed: faction combinations in turn, then seat rotations."""
    combos = list(itertools.combinations(factions, players))
    chosen = combos[seed % len(combos)]
    turn = (seed // len(combos)) % players
    seats = chosen[turn:] + chosen[:turn]
    names = tuple(bots[(i + seed) % len(bots)] for i in range(players)) if len(bots) > 1 else bots * players
    return seats, names


def play(pack, config: dict, seed: int, transcript: list[str] | None = None, watch=None, after=None):
    """Play the game a seed stands for; return the final state, seats and bot names.

    ``watch`` is called as the Order resolution phase begins, ``after(state, action)`` after every action."""
    data = _data(pack)
    players = config.get("players", 2)
    seats, names = lineup(data.factions, players, tuple(config.get("bots", ("greedy",))), seed)
    game = make_game(data, players, seats, config.get("mode", "base"))
    steps = [0]

    def count(state, action):
        if not state.is_chance_node():
            steps[0] += 1
        if after is not None:
            after(state, action)

    start = game.new_initial_state()
    start.watch = watch
    state = play_game(game, [bot(n) for n in names], random.Random(seed), transcript=transcript,
                      after_action=count, start=start)
    state.steps = steps[0]
    return state, seats, names


def simulate(pack, config: dict, seed: int) -> Tally:
    """Tally one game: wins by faction, seat and bot; scores; cards and plots used; rule gaps."""
    from pnpforge.games.legion_siberian_story.usefulness import immediate_checkpoint, weigh, weigh_immediate

    checkpoints: list = []
    at_once: list = []
    watch = (lambda st: checkpoints.append(st.clone())) if config.get("analyse") else None
    after = (lambda st, action: at_once.append(immediate_checkpoint(st, action))) if config.get("analyse") else None
    state, seats, names = play(pack, config, seed, watch=watch, after=after)
    tally = Tally()
    for index, checkpoint in enumerate(checkpoints):
        weigh(checkpoint, seed * 64 + index, tally, seed)
    for index, checkpoint in enumerate(c for c in at_once if c is not None):
        weigh_immediate(checkpoint, seed * 64 + 32 + index, tally, seed)
    tally.add("games", 1, seed)
    returns = state.returns()
    # the scores that decided the game, as its end recorded them (a Survival campaign's totals over its games)
    scores = next(event[1] for event in reversed(state.log) if event[0] == "end")
    for p, faction in enumerate(seats):
        share = round(returns[p] * TWELFTHS)
        for key in (f"faction/{faction}", f"seat/{p}", f"bot/{names[p]}"):
            tally.add(f"wins/{key}", share, seed)
            tally.add(f"played/{key}", 1, seed)
            if not share:
                tally.add(f"losses/{key}", 1, seed)
        tally.add("score/total", scores[p])
        tally.add(f"score/hist/{scores[p]}", 1, seed)
    location = None
    entered: set = set()
    for event in state.log:
        kind = event[0]
        if kind == "location":
            location = event[2]
        if kind == "send":
            tally.add(f"sent/{event[2]}", 1, seed)
            if not event[4]:  # entered in the March, showing its entry skills (not moved there by an order)
                entered.add((location, event[3]))
        elif kind == "plot":
            tally.add(f"plot/{event[2]}/drawn", 1, seed)
        elif kind == "scored" and event[2]:
            if (location, event[1]) in entered:
                tally.add(f"plot/{event[1]}/entered", 1, seed)
            if event[3]:
                tally.add(f"plot/{event[1]}/won", 1, seed)
        elif kind == "buy":
            tally.add(f"bought/{event[2]}", 1, seed)
        elif kind == "order":
            tally.add(f"order/{event[2]}/{event[3]}", 1, seed)
        elif kind == "death":
            tally.add("deaths", 1, seed)
            tally.add(f"deaths/{event[3]}", 1, seed)
        elif kind == "gap":
            tally.add(f"gap/{event[1]}", 1, seed)
        elif kind == "location":
            tally.add(f"location/{event[2]}/rounds", 1, seed)
        elif kind == "location_used" and location:
            tally.add(f"location/{location}/changed", 1, seed)
        elif kind == "despatch":
            tally.add(f"despatch/{event[2]}/{event[3]}", 1, seed)
        elif kind == "assign":
            tally.add(f"order/{event[2]}/assigned", 1, seed)
    played = {e[2] for e in state.log if e[0] == "send"}
    for c in played:
        tally.add(f"character/{c}/games", 1, seed)
    tally.add("decisions", state.steps)
    tally.add("frostbite_deaths", sum(1 for e in state.log if e[0] == "death" and e[3] == "frostbite"))
    tally.add(f"length/{state.steps // 25 * 25}", 1, seed)
    if config.get("mode") == "survival":
        tally.add("campaigns", 1, seed)
    return tally


MATCHES = (("search", "greedy"), ("greedy", "random"))


def matches(pack, games: int = 200, jobs: int = 1, progress=None) -> dict:
    """Two-player matches, factions and seats rotated: each pairing's win shares with 95% intervals."""
    from pathlib import Path

    from pnpforge.engine.simulate import chunks, run
    from pnpforge.engine.stats import share

    results = []
    for stronger, weaker in MATCHES:
        config = {"players": 2, "bots": (stronger, weaker)}
        tally = run(chunks(Path(pack.root).resolve(), "legion_siberian_story", config, 0, games), jobs, progress)
        wins = tally.get(f"wins/bot/{stronger}") / TWELFTHS
        played = tally.get(f"played/bot/{stronger}")
        result = share(wins, played)
        results.append({"bots": [stronger, weaker], "players": 2, "wins": wins, **result,
                        "stronger": result["low"] > 0.5})
    return {"game": "legion-siberian-story", "matches": results}


def transcript(pack, config: dict, seed: int) -> str:
    """The game a validator seed stands for, action by action, then the final position."""
    lines: list[str] = []
    state, seats, names = play(pack, config, seed, transcript=lines)
    head = [f"seed {seed}: " + ", ".join(f"player {p} {faction} ({names[p]})" for p, faction in enumerate(seats))]
    return "\n".join(head + lines + ["", str(state)])
