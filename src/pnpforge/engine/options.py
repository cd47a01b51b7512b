"""Options a decision can count and pick from without listing them: what a random pick needs.

A step machine's decision (``engine/steps.py``) answers its options as a list by default. A game may answer instead
with an ``Options``: a sequence that knows its length and its ``i``-th option, and lists them only when asked
(``legal_actions``, a greedy bot's ranking). The random bot draws ``rng.randrange(count)`` as it would from the list
and takes the option at that index, so a game plays the same whichever form its options take. ``Joined`` is the
usual case: the options are a few lists the rules keep anyway (a player's pass, then each card's moves), joined
without copying them into one.
"""

from __future__ import annotations

from typing import Any, Iterator, Sequence

Action = Any


class Options:
    """A decision's options, counted and indexed without being listed (``len`` and ``options[i]``)."""

    __slots__ = ()

    def __len__(self) -> int:
        raise NotImplementedError

    def __getitem__(self, index: int) -> Action:
        raise NotImplementedError

    def __iter__(self) -> Iterator[Action]:
        for index in range(len(self)):
            yield self[index]

    def __contains__(self, action: object) -> bool:
        return any(option == action for option in self)

    def __bool__(self) -> bool:
        return len(self) > 0

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self)!r})"


class Joined(Options):
    """Lists of options read as one, in their order: the first list's options first."""

    __slots__ = ("parts", "count")

    def __init__(self, parts: Sequence[Sequence[Action]]):
        self.parts = parts
        self.count = sum(map(len, parts))

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, index: int) -> Action:
        if index < 0:
            index += self.count
        if not 0 <= index < self.count:
            raise IndexError(index)
        for part in self.parts:
            if index < len(part):
                return part[index]
            index -= len(part)
        raise IndexError(index)  # not reached: the count is the parts' lengths

    def __iter__(self) -> Iterator[Action]:
        for part in self.parts:
            yield from part

    def __contains__(self, action: object) -> bool:
        return any(action in part for part in self.parts)

    def __bool__(self) -> bool:
        return self.count > 0
