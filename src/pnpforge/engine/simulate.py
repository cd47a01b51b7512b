"""The simulation harness: many seeded games as independent chunks, run locally, merged into one tally.

A run is a map over chunks (a seed range with one configuration); each chunk returns a ``Tally`` of integer
counts plus, for each count, the smallest seed that showed it. Tallies merge by addition and minimum, so the
merged result is the same whatever the chunking or the number of processes — and the same chunks can go to a
distributed executor (Dask) when a sweep outgrows one machine.
"""

from __future__ import annotations

import os
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable

CHUNK = 20  # games per chunk


@dataclass
class Tally:
    """Mergeable statistics: integer counts, and for each count the smallest seed of a game that added to it."""

    counts: Counter = field(default_factory=Counter)
    seeds: dict[str, int] = field(default_factory=dict)

    def add(self, key: str, amount: int = 1, seed: int | None = None) -> None:
        self.counts[key] += amount
        if seed is not None and amount and (key not in self.seeds or seed < self.seeds[key]):
            self.seeds[key] = seed

    def merge(self, other: "Tally") -> "Tally":
        self.counts.update(other.counts)
        for key, seed in other.seeds.items():
            if key not in self.seeds or seed < self.seeds[key]:
                self.seeds[key] = seed
        return self

    def get(self, key: str) -> int:
        return self.counts.get(key, 0)

    def keys(self, prefix: str) -> list[str]:
        return sorted(k for k in self.counts if k.startswith(prefix))

    def to_json(self) -> dict[str, Any]:
        return {"counts": dict(sorted(self.counts.items())), "seeds": dict(sorted(self.seeds.items()))}


@dataclass(frozen=True)
class Chunk:
    """A seed range with one configuration, played by the named game package on the pack at ``root``."""

    root: str
    package: str
    config: tuple  # sorted (key, value) pairs, hashable and picklable
    first: int
    count: int


@lru_cache(maxsize=4)
def cached_pack(root: str):
    from pnpforge.content.pack import load_pack

    pack, problems = load_pack(Path(root))
    if pack is None:
        raise RuntimeError(f"pack at {root} does not load: {problems[0]}")
    return pack


def run_chunk(chunk: Chunk) -> Tally:
    """Play the chunk's games; the game package's ``simulate(pack, config, seed)`` tallies one game each."""
    from pnpforge.games import load_package

    package = load_package(chunk.package)
    config = dict(chunk.config)
    tally = Tally()
    for seed in range(chunk.first, chunk.first + chunk.count):
        tally.merge(package.simulate(cached_pack(chunk.root), config, seed))
    return tally


def chunks(root: Path, package: str, config: dict, seed: int, games: int, size: int = CHUNK) -> list[Chunk]:
    frozen = tuple(sorted(config.items()))
    return [Chunk(str(root), package, frozen, first, min(size, seed + games - first))
            for first in range(seed, seed + games, size)]


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
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for chunk, tally in zip(work, pool.map(run_chunk, work)):
            merged.merge(tally)
            if progress:
                progress(chunk.count)
    return merged
