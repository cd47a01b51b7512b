"""The simulation harness: many seeded games as independent chunks, run locally, merged into one tally.

A run is a map over chunks (a seed range with one ``Run``); each chunk returns a ``Tally`` of integer counts plus,
for each count, the smallest seed that showed it. Games come in paired units (one deal played in every seating,
``engine/seating.py``'s ``unit_size``): a chunk holds whole units, and adds each unit's sums of squares of the
counts that compare seats and sides (``engine/paired.py``). Tallies merge by addition and minimum, so the merged
result is the same whatever the chunking or the number of processes — and the same chunks can go to a distributed
executor (Dask, ``engine/executors.py``) when a sweep outgrows one machine.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable

from pnpforge.engine.contract import GamePackage
from pnpforge.engine.packs import cached_pack
from pnpforge.engine.paired import add_unit, keep_unit
from pnpforge.engine.playout import SEAT_CYCLE, Run, play_seed
from pnpforge.engine.results import tally_game
from pnpforge.engine.tally import Tally
from pnpforge.workers import pool as worker_pool

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

CHUNK = 20  # games per chunk

__all__ = ["SEAT_CYCLE", "Chunk", "chunks", "game_seed", "run", "run_chunk"]


def game_seed(seed: int, run: Run, index: int, unit: int = 1) -> int:
    """The seed of game ``index`` of a run started with ``seed``, in paired units of ``unit`` games: the deal (the
    seed's quotient by ``SEAT_CYCLE``) is a hash of the seed, the configuration and the unit's number, so that runs
    with different seeds (or of different configurations) share no deal while the games of one unit share theirs;
    the remainder is the index's, so sides and bots rotate over the seats game by game (``engine/seating.py``). A
    finding's seed replays its game on its own (``pnpforge replay --seed``)."""
    number = index // unit
    key = repr((seed, run.players, run.mode, run.scenario, run.bots, run.options, run.bot_options, number))
    digest = hashlib.blake2b(key.encode(), digest_size=5).digest()
    return (int.from_bytes(digest, "big") or 1) * SEAT_CYCLE + index % SEAT_CYCLE


@dataclass(frozen=True)
class Chunk:
    """Games ``first`` to ``first + count - 1`` of a run started with ``seed``, played by a game package on the
    pack at ``root``."""

    root: str
    package: GamePackage
    run: Run
    first: int
    count: int
    variant: str = ""  # one of the pack's variants, played instead of its published rules
    vary: str = ""  # a sweep's assignments (``content/vary.py``'s canonical text), made on the pack
    seed: int = 0  # the run's seed (``game_seed``)
    unit: int = 1  # games per paired unit (``engine/seating.py``'s ``unit_size``); ``first`` starts one
    keep: bool = False  # keep each unit's side and seat wins (``engine/paired.py``'s ``keep_unit``)


def play_and_tally(
    package: GamePackage, pack: Pack, run: Run, seed: int, tally: Tally | None = None, margins: bool = False
) -> Tally:
    """One seeded game as a tally (added into ``tally`` when given): the shared counts, then, when the run is
    analysed (validation), the items each player held and what the game's observer weighed; with ``margins``, each
    side's score and the others' (what a kept unit's margin needs)."""
    played = play_seed(package, pack, run, seed)
    tally = tally_game(package, played, tally, held=run.analyse, margins=margins)
    if played.observer is not None:
        played.observer.finish(played.state, tally)
    return tally


def run_chunk(chunk: Chunk) -> Tally:
    """Play the chunk's games unit by unit and merge their tallies, with each unit's sums of squares."""
    pack = cached_pack(chunk.root, chunk.variant, chunk.vary)
    tally = Tally()
    end = chunk.first + chunk.count
    for start in range(chunk.first, end, chunk.unit):
        unit = Tally()
        for index in range(start, min(start + chunk.unit, end)):
            seed = game_seed(chunk.seed, chunk.run, index, chunk.unit)
            play_and_tally(chunk.package, pack, chunk.run, seed, unit, margins=chunk.keep)
        tally.merge(unit)
        add_unit(tally, unit)
        if chunk.keep:
            keep_unit(tally, start // chunk.unit, unit)
    return tally


def chunks(root: Path, package: GamePackage, run: Run, seed: int, games: int, size: int = CHUNK,
           variant: str = "", vary: str = "", first: int = 0, unit: int = 1, keep: bool = False) -> list[Chunk]:
    """Games ``first`` to ``first + games - 1`` of the run started with ``seed``, in paired units of ``unit`` games
    (``first`` starts one), in chunks of ``size`` rounded up to whole units (of the pack's ``variant`` and with a
    sweep's ``vary`` assignments, when given; ``keep``: keeping each unit's wins)."""
    if first % unit:
        raise ValueError(f"game {first} is inside a paired unit of {unit} games")
    size = -(-size // unit) * unit
    return [Chunk(str(Path(root).resolve()), package, run, start, min(size, first + games - start), variant, vary,
                  seed, unit, keep)
            for start in range(first, first + games, size)]


def default_jobs() -> int:
    return max(1, min(os.cpu_count() or 1, 8))


def run(work: Iterable[Chunk], jobs: int = 1, progress: Callable[[int], None] | None = None) -> Tally:
    """Run chunks in ``jobs`` local processes (1: in this process) and merge their tallies in chunk sequence."""
    work = list(work)
    merged = Tally()
    if jobs <= 1 or len(work) <= 1:
        for chunk in work:
            merged.merge(run_chunk(chunk))
            if progress:
                progress(chunk.count)
        return merged
    for root, variant, vary in dict.fromkeys((chunk.root, chunk.variant, chunk.vary) for chunk in work):
        cached_pack(root, variant, vary)  # loaded once here: forked workers inherit it instead of each loading it again
    with worker_pool(jobs, start=None) as pool:
        for chunk, tally in zip(work, pool.map(run_chunk, work)):
            merged.merge(tally)
            if progress:
                progress(chunk.count)
    return merged
