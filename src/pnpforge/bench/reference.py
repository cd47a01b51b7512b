"""The machine's reference figure: the CPU seconds of a fixed pure-Python workload, so that CPU figures measured on
different machines compare.

Machines of the same kind differ by up to about 1.8x in CPU seconds for the same build (a busy neighbour on the
same core, a slower generation): a figure alone says little. The bench runs this workload in its own process
several times and keeps the fastest run (``reference_cpu_s``, about 1 s on the machine the goals were set on);
every CPU figure it writes is also given as if that run had taken exactly 1.0 s (``<name>_norm``: CPU seconds
divided by the reference, rates per CPU second multiplied by it), and CPU goals are judged on those.

The workload is what a build does most outside its libraries: parsing text into small objects, dictionaries and
sets, sorting, string formatting, and many small function calls. It is deterministic (no randomness, no I/O, no
clock) and uses only the standard library, so it does the same work on every machine and Python 3.11 build.
"""

from __future__ import annotations

import gc
import time
from dataclasses import dataclass

RUNS = 5
ROUNDS, RECORDS, QUEENS = 42, 4000, 12  # about 0.6 s of records and 0.4 s of search
WORDS = ("stone", "river", "lamp", "paper", "cloud", "field", "glass", "kettle", "bridge", "garden", "window",
         "copper", "meadow", "candle", "signal", "needle")


@dataclass(frozen=True)
class _Card:
    """A small record, as the loader makes thousands of."""

    name: str
    cost: int
    power: int
    tags: tuple[str, ...]


def _text(lines: int) -> str:
    """A deterministic YAML-like text of ``lines`` records."""
    out = []
    for n in range(lines):
        a, b = WORDS[n % len(WORDS)], WORDS[(n * 7 + 3) % len(WORDS)]
        out.append(f"- name: {a.title()} {b} {n}\n  cost: {n * 37 % 11}\n  power: {n * 13 % 9}\n"
                   f"  tags: [{a}, {b}]\n")
    return "".join(out)


def _parse(text: str) -> list[_Card]:
    """Records back from the text: splitting, stripping, dictionaries."""
    cards, fields = [], {}
    for line in text.splitlines():
        key, _, value = line.lstrip("- ").partition(": ")
        fields[key] = value
        if key == "tags":
            tags = tuple(tag.strip() for tag in value.strip("[]").split(","))
            cards.append(_Card(fields["name"], int(fields["cost"]), int(fields["power"]), tags))
            fields = {}
    return cards


def _summarise(cards: list[_Card]) -> int:
    """Counting, grouping, sorting and formatting over the records."""
    by_tag: dict[str, list[_Card]] = {}
    for card in cards:
        for tag in card.tags:
            by_tag.setdefault(tag, []).append(card)
    checksum = 0
    for tag, group in sorted(by_tag.items()):
        group.sort(key=lambda c: (-c.power, c.cost, c.name))
        seen = {c.cost for c in group}
        line = ", ".join(f"{c.name} ({c.cost}/{c.power})" for c in group[:20])
        checksum = (checksum * 31 + len(line) + len(seen) + len(tag)) % 1_000_003
    return checksum


def _search(size: int) -> int:
    """Recursion and small integer arithmetic: count the placements of ``size`` non-attacking queens."""
    def place(row: int, columns: int, left: int, right: int) -> int:
        if row == size:
            return 1
        count, free = 0, ~(columns | left | right) & ((1 << size) - 1)
        while free:
            bit = free & -free
            free ^= bit
            count += place(row + 1, columns | bit, (left | bit) << 1, (right | bit) >> 1)
        return count
    return place(0, 0, 0, 0)


def workload() -> int:
    """The fixed work, about 1 s of CPU; returns a checksum (always the same) so nothing is optimised away."""
    total = 0
    for _ in range(ROUNDS):
        cards = _parse(_text(RECORDS))
        total += _summarise(cards)
    return (total + _search(QUEENS) + _search(QUEENS)) % 1_000_003



def reference_cpu_s(runs: int = RUNS) -> dict:
    """The workload's CPU seconds in this process: the fastest of ``runs`` runs, with every run beside it."""
    times, checksums = [], set()
    for _ in range(runs):
        gc.collect()
        start = time.process_time()
        checksums.add(workload())
        times.append(round(time.process_time() - start, 3))
    return {"reference_cpu_s": min(times), "reference_runs_cpu_s": times,
            "reference_statistic": f"fastest of {runs} runs of pnpforge.bench.reference.workload",
            "reference_checksum": checksums.pop() if len(checksums) == 1 else None}
