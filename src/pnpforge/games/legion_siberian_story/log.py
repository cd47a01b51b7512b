"""What a game of Legion records as it goes: the entries of ``LegionState.log``, each a ``LogEntry``.

Players and owners are seat numbers, characters and cards their pack ids. A plot is named by its pack id where the
entry says where a card went (``Sent``, ``Moved``, ``PlotScored``), and by its index in the round's row where the
entry says where something befell a character (``None`` when it was not at a plot). Rule gaps are logged as the
shared ``RuleGap``. ``outcomes.py`` turns the log into the validator's events, ``replay.py`` into a scenario's
outcome, ``usefulness.py`` compares the outcome entries of two replays.
"""

from __future__ import annotations

from pnpforge.engine.events import LogEntry, entry


@entry
class CommanderChosen(LogEntry):
    player: int
    commander: str


@entry
class LocationDrawn(LogEntry):
    round: int
    location: str


@entry
class PlotDrawn(LogEntry):
    round: int
    plot: str


@entry
class LocationHelped(LogEntry):
    """The round's location's effect mattered (``effect``: what it did or allowed)."""

    effect: str


@entry
class Recruited(LogEntry):
    player: int


@entry
class Bought(LogEntry):
    """An Equipment or Enhancement card bought and sleeved on a character."""

    player: int
    card: str
    character: str


@entry
class Sent(LogEntry):
    """A character sent to a plot in the March (face down under CAMOUFLAGE!)."""

    player: int
    character: str
    plot: str
    face_down: bool


@entry
class Moved(LogEntry):
    """A character moved to another plot by an order."""

    player: int
    character: str
    to: str


@entry
class Assigned(LogEntry):
    """An order token assigned to a character."""

    player: int
    order: str
    character: str


@entry
class OrderFate(LogEntry):
    """What became of an order token: ``kept`` (revealed unused at scoring), ``resolved`` or ``declined``."""

    player: int
    order: str
    fate: str


@entry
class Sabotaged(LogEntry):
    """An unrevealed order token taken away by SABOTAGE! (``player``: its owner)."""

    player: int
    order: str


@entry
class WoundCancelled(LogEntry):
    """A wound an Assault dealt, cancelled by GET DOWN!."""

    player: int
    character: str


@entry
class Befell(LogEntry):
    """Something happened to a character: its owner, the character, the index of its plot this round."""

    player: int
    character: str
    plot: int | None


@entry
class Wounded(Befell):
    pass


@entry
class Healed(Befell):
    pass


@entry
class Frostbitten(Befell):
    pass


@entry
class Warmed(Befell):
    """Its Frostbite taken away."""


@entry
class Withdrawn(Befell):
    """Taken off its plot to the hand or the bottom of the deck."""


@entry
class Crippled(Befell):
    skill: str


@entry
class Died(Befell):
    cause: str


@entry
class PlotScored(LogEntry):
    """A plot scored: each present player's combat power (by seat, rising) and the winners."""

    plot: str
    power: tuple[tuple[int, int], ...]
    winners: tuple[int, ...]


@entry
class Despatch(LogEntry):
    """A despatch card's way through the game: ``drawn``, ``kept``, ``played`` or ``scored``."""

    player: int
    card: str
    fate: str


@entry
class GameOver(LogEntry):
    """The scores that decided the game (a Survival campaign's totals) and the winners."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
