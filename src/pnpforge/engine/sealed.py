"""Sealed choices: a decision several players make without seeing each other's (secret bids), revealed together.

The State protocol is sequential — one current player at a time — so a simultaneous decision is played as a
sequence of sealed ones: each listed player chooses in turn, and nobody's observation shows a choice of another
player until all have chosen. A game state embeds a ``Sealed`` value (immutable, so clones share it):

    sealed = Sealed(players=(0, 2, 3), options=range(4))
    current_player() -> sealed.pending()          legal_actions() -> sealed.legal()
    apply_action(a)  -> sealed = sealed.choose(sealed.pending(), a)
    observation(p)   -> (..., sealed.observation(p))   and, once ``sealed.complete``, ``sealed.revealed()``

Before the reveal a player's observation holds only their own choice and which players have chosen (so the legal
actions of the player to act cannot depend on the others' choices, nor can their bots); after it, every choice.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Hashable, Iterable, Mapping

Choice = Any  # a game's own hashable choice values (a bid, a card), which each game narrows


@dataclass(frozen=True)
class Options:
    """The options of each player of a sealed choice, in the sequence of its ``players``."""

    by_player: tuple[tuple[Choice, ...], ...]


@dataclass(frozen=True)
class Sealed:
    """A sealed decision of ``players`` (in the sequence they choose), each among its options.

    ``options`` may be one sequence for everyone, a mapping player -> sequence, or ``None`` (any hashable choice);
    it is kept as ``Options``. ``choices`` holds the choices made so far, in the sequence of ``players``.
    """

    players: tuple[int, ...]
    options: Options | Mapping[int, Iterable[Choice]] | Iterable[Choice] | None = None
    choices: tuple[Choice, ...] = ()

    def __post_init__(self) -> None:
        players = tuple(self.players)
        if not players or len(set(players)) != len(players):
            raise ValueError(f"a sealed choice needs distinct players, not {players}")
        object.__setattr__(self, "players", players)
        options = self.options
        if isinstance(options, Mapping):
            missing = [p for p in players if p not in options]
            if missing:
                raise ValueError(f"no options for players {missing}")
            options = Options(tuple(tuple(options[p]) for p in players))
        elif options is not None and not isinstance(options, Options):
            options = Options((tuple(options),) * len(players))
        if options is not None and (len(options.by_player) != len(players) or not all(options.by_player)):
            raise ValueError("every player needs at least one option")
        object.__setattr__(self, "options", options)
        object.__setattr__(self, "choices", tuple(self.choices))
        if len(self.choices) > len(players):
            raise ValueError("more choices than players")

    def _options(self, player: int) -> tuple[Choice, ...] | None:
        """The options of ``player`` (``None``: any choice)."""
        return self.options.by_player[self.players.index(player)] if isinstance(self.options, Options) else None

    @property
    def complete(self) -> bool:
        """True once every listed player has chosen: the choices may be revealed."""
        return len(self.choices) == len(self.players)

    @property
    def chosen(self) -> tuple[int, ...]:
        """The players who have chosen (everyone may know this)."""
        return self.players[: len(self.choices)]

    def pending(self) -> int | None:
        """The next player to choose, in listed sequence; ``None`` once complete."""
        return None if self.complete else self.players[len(self.choices)]

    def legal(self, player: int | None = None) -> list[Choice]:
        """The options of ``player`` (default: the pending one); raises ``ValueError`` if they have none."""
        player = self.pending() if player is None else player
        if player not in self.players:
            raise ValueError(f"player {player} makes no choice here")
        options = self._options(player)
        if options is None:
            raise ValueError("this sealed choice takes any value: its options are not listed")
        return list(options)

    def choose(self, player: int, choice: Choice) -> Sealed:
        """A new ``Sealed`` with ``player``'s choice made; ``ValueError`` if it is not their turn or not an option."""
        if player in self.chosen:
            raise ValueError(f"player {player} has already chosen")
        if player != self.pending():
            raise ValueError(f"player {player} is not to choose now (pending: {self.pending()})")
        options = self._options(player)
        if options is not None and choice not in options:
            raise ValueError(f"{choice!r} is not an option of player {player}")
        return replace(self, choices=self.choices + (choice,))

    def choice_of(self, player: int) -> Choice:
        """``player``'s own choice (for that player's eyes, or the rules); ``ValueError`` if not made yet."""
        if player not in self.chosen:
            raise ValueError(f"player {player} has not chosen")
        return self.choices[self.players.index(player)]

    def revealed(self) -> dict[int, Choice]:
        """Every player's choice, once all have chosen; ``ValueError`` before."""
        if not self.complete:
            raise ValueError(f"sealed choices are not complete: waiting for player {self.pending()}")
        return dict(zip(self.players, self.choices))

    def observation(self, player: int) -> Hashable:
        """What ``player`` may know: before the reveal who has chosen and their own choice only; after it, all."""
        if self.complete:
            return "revealed", tuple(zip(self.players, self.choices))
        own = ("own", self.choice_of(player)) if player in self.chosen else ("none",)
        return "sealed", self.players, self.chosen, own
