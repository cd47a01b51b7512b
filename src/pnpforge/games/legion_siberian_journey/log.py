"""What a game of Journey records as it goes: the entries of ``JourneyState.log``, each a ``LogEntry``.

Every entry carries the round it happened in (0 during the set-up). Players are seat numbers; characters, action
cards, plots and locations the integers of ``data.py``; a plot at the table (``Marched.plot``, ``TrapLaid.plot``) is
its index in the round's row. A player's move is logged as what it did (``played``); moves nothing reads by kind
keep the engine's action (``Acted``). ``analysis.py`` turns the log into the validator's events and ``outcome.py``
into a scenario's outcome.
"""

from __future__ import annotations

from pnpforge.engine.events import LogEntry, entry


@entry
class JourneyEntry(LogEntry):
    round: int


@entry
class CommanderChosen(JourneyEntry):
    player: int
    commander: str


@entry
class LocationRevealed(JourneyEntry):
    """The round's location laid on the location space: a new row of plots follows."""

    location: int


@entry
class FirstPlayer(JourneyEntry):
    player: int


@entry
class MarketOffered(JourneyEntry):
    """A card drawn into the Marketplace (``kind``: ``character`` or ``action``)."""

    kind: str
    card: int


@entry
class AuctionTied(JourneyEntry):
    """A Marketplace card the top bidders tied on: it stays, with the bids, for the next Auction."""

    kind: str
    card: int
    leaders: tuple[int, ...]


@entry
class MarketWon(JourneyEntry):
    """A Marketplace card won: the top stack on it and the part of it that was the winner's own resources."""

    player: int
    kind: str
    card: int
    top: int
    paid: int


@entry
class PlotLaid(JourneyEntry):
    plot: int


@entry
class Marched(JourneyEntry):
    """A character deployed or sent to join a squad at a plot (``squad``: the player whose squad it joins)."""

    player: int
    character: int
    plot: int
    squad: int


@entry
class Played(JourneyEntry):
    """An action card played from the hand."""

    player: int
    card: int


@entry
class TrapLaid(JourneyEntry):
    """An action card laid face down as a trap at a plot."""

    player: int
    card: int
    plot: int


@entry
class TrapSprung(JourneyEntry):
    """A trap card turned up at Tactics."""

    player: int
    card: int


@entry
class Cancels(JourneyEntry):
    """An action card played in answer to another, cancelling it."""

    player: int
    cancelled: int
    card: int


@entry
class Acted(JourneyEntry):
    """Any other move a player made (a bid, a pass, a purchase, an ability), as the engine's action."""

    player: int
    action: tuple


@entry
class Picked(JourneyEntry):
    """What an effect's pick chose (``kind``: the pick's kind; ``value``: a character, plot, slot or player)."""

    player: int
    kind: str
    value: int


@entry
class CoopFailed(JourneyEntry):
    """A cooperative plot whose squads together did not beat its difficulty."""

    plot: int
    total: int
    difficulty: int


@entry
class PlotPaid(JourneyEntry):
    """A plot evaluated: the points paid, winner first, as ``(player, points)``."""

    plot: int
    paid: tuple[tuple[int, int], ...]


@entry
class PlotDestroyed(JourneyEntry):
    plot: int


@entry
class SecretBids(JourneyEntry):
    """Secret bids shown together (``purpose``: ``plot``, ``location`` or ``final``), as ``(player, bid)``."""

    purpose: str
    bids: tuple[tuple[int, int], ...]


@entry
class Wounded(JourneyEntry):
    character: int


@entry
class Shielded(JourneyEntry):
    """A wound a character's shield kept off."""

    character: int


@entry
class FirstAid(JourneyEntry):
    """A wound prevented: ``medic`` went to the Reserve in the ``patient``'s place."""

    player: int
    medic: int
    patient: int


@entry
class Brotherhood(JourneyEntry):
    """A wound taken over: ``brother`` takes it for the ``patient``."""

    player: int
    brother: int
    patient: int


@entry
class Healed(JourneyEntry):
    character: int


@entry
class Died(JourneyEntry):
    character: int


@entry
class LocationDiscarded(JourneyEntry):
    """Nobody won a plot this round: the location goes unawarded."""

    location: int


@entry
class LocationWon(JourneyEntry):
    player: int
    location: int
    points: int


@entry
class FinalChosen(JourneyEntry):
    """The final location picked by the player with the fewest points."""

    player: int
    location: int


@entry
class GameWon(JourneyEntry):
    winners: tuple[int, ...]


def played(round: int, player: int, action: tuple) -> JourneyEntry:
    """A player's move as a log entry: a card played, a trap laid, a character marched, else the action itself."""
    kind = action[0]
    if kind == "play":
        return Played(round, player, action[1])
    if kind == "trap":
        return TrapLaid(round, player, action[1], action[2])
    if kind == "deploy":
        return Marched(round, player, action[1], action[2], player)
    if kind == "join":
        return Marched(round, player, action[1], action[2], action[3])
    return Acted(round, player, action)
