"""Card zones with hidden information: decks, hands, face-up piles and face-down rows, for a game state to embed.

A ``Zones`` value is immutable (tuples all the way down), so a state's ``clone()`` shares it and every operation
returns a new value. Each zone has a visibility:

- ``HIDDEN``: a deck — nobody sees its cards, only how many there are;
- ``OWNER``: a hand — its owner sees the cards, everyone else only the count;
- ``PUBLIC``: a face-up pile or table — everyone sees every card;
- ``FACE_DOWN``: cards on the table, places seen by all, faces hidden (but from the owner when ``owner_sees``).

Cards are small hashable values (ints, strings, tuples, frozen dataclasses); duplicates are allowed. A zone keeps
its cards in sequence, top (index 0) first. Beyond its visibility, each card carries the players who know it
(``EVERYONE`` for all): a card keeps who saw it when it moves (a card taken from the discard is known to be in that
hand; a card put back on a deck from a hand is known to its owner) and ``reveal`` shows a card to more players.

**Decks as multisets.** A state never draws random numbers, and a shuffled deck whose sequence nobody knows carries no
sequence worth storing: its top card is each distinct card with probability count/size, and whatever is drawn, the
rest is again uniformly shuffled. So ``shuffle`` does not permute anything — it turns the deck's cards into an
unordered multiset (``Zone.unknown``, (card, count) pairs in a canonical sequence) — and drawing is a chance node over
its distinct cards: ``draw_outcomes`` lists them for the state's ``chance_outcomes()`` and ``draw`` applies the
outcome the caller picked. Cards whose place is known sit in sequence around that multiset: ``cards[:split]`` above it
(a card put back on top is drawn next, a certain outcome) and ``cards[split:]`` below it (put on the bottom).

``observation(zones, player)`` is what a player may see; ``determinize(zones, player, rng)`` redeals what is hidden
from them (for search bots sampling the worlds a player cannot tell apart).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any, Hashable, Iterable, Iterator, Mapping

Card = Any  # a game's own hashable card values (ids, indices), which each game narrows
EVERYONE = -1  # in a card's set of knowers: every player knows it


class Visibility(str, Enum):
    """Who sees the cards of a zone."""

    HIDDEN = "hidden"
    OWNER = "owner"
    PUBLIC = "public"
    FACE_DOWN = "face_down"


@dataclass(frozen=True)
class Unseen:
    """The face of a card a player cannot see, in observations."""


UNSEEN = Unseen()


def multiset(cards: Iterable[Card]) -> tuple[tuple[Card, int], ...]:
    """Cards as (card, count) pairs in a canonical sequence: the same cards give the same value, whatever their
    sequence."""
    items = list(Counter(cards).items())
    try:
        return tuple(sorted(items))
    except TypeError:  # cards of mixed or unordered types
        return tuple(sorted(items, key=lambda item: repr(item[0])))


def expand(counts: Iterable[tuple[Card, int]]) -> tuple[Card, ...]:
    """The cards of a multiset, each repeated by its count."""
    return tuple(card for card, count in counts for _ in range(count))


@dataclass(frozen=True)
class Zone:
    """One zone: its visibility, owner, ordered cards (top first) and, for a deck, the unordered multiset inside.

    ``known[i]`` holds the players who know ``cards[i]`` beyond what the visibility grants. ``unknown`` sits between
    ``cards[:split]`` and ``cards[split:]``; with no ``unknown`` cards ``split`` is ``len(cards)``.
    """

    visibility: Visibility
    owner: int | None = None
    cards: tuple[Card, ...] = ()
    known: tuple[frozenset[int], ...] = ()
    unknown: tuple[tuple[Card, int], ...] = ()
    split: int = 0
    owner_sees: bool = True

    def __post_init__(self) -> None:
        if type(self.visibility) is not Visibility:  # given by its value
            object.__setattr__(self, "visibility", Visibility(self.visibility))
        if not self.known and self.cards:
            object.__setattr__(self, "known", (frozenset(),) * len(self.cards))
        if len(self.known) != len(self.cards):
            raise ValueError("one set of knowers is needed per card")
        if self.visibility is Visibility.OWNER and self.owner is None:
            raise ValueError("a hand needs an owner")
        if not self.unknown:
            if self.split != len(self.cards):
                object.__setattr__(self, "split", len(self.cards))
        elif not 0 <= self.split <= len(self.cards):
            raise ValueError(f"split {self.split} outside the {len(self.cards)} ordered cards")

    @classmethod
    def deck(cls, cards: Iterable[Card] = (), owner: int | None = None) -> Zone:
        """A shuffled hidden deck (a player's own when ``owner`` is given): a multiset nobody knows the sequence of."""
        return cls(Visibility.HIDDEN, owner, unknown=multiset(cards))

    @classmethod
    def stack(cls, cards: Iterable[Card] = ()) -> Zone:
        """A hidden deck in a known sequence (top first), e.g. stacked by a scenario; its draws are certain."""
        return cls(Visibility.HIDDEN, cards=tuple(cards))

    @classmethod
    def hand(cls, owner: int, cards: Iterable[Card] = ()) -> Zone:
        """A hand: its owner sees the cards, the others their count."""
        return cls(Visibility.OWNER, owner, tuple(cards))

    @classmethod
    def pile(cls, cards: Iterable[Card] = ()) -> Zone:
        """A face-up pile or table area everyone sees."""
        return cls(Visibility.PUBLIC, cards=tuple(cards))

    @classmethod
    def face_down(cls, owner: int | None = None, cards: Iterable[Card] = (), owner_sees: bool = True) -> Zone:
        """Cards lying face down: positions public, faces hidden (from all but the owner when ``owner_sees``)."""
        return cls(Visibility.FACE_DOWN, owner, tuple(cards), owner_sees=owner_sees)

    @property
    def size(self) -> int:
        """How many cards the zone holds (everyone may know this)."""
        return len(self.cards) + sum(count for _, count in self.unknown)

    def contents(self) -> tuple[Card, ...]:
        """Every card, top first, the unordered multiset in its canonical sequence (for the rules, not for bots)."""
        if not self.unknown:  # then ``split`` is ``len(cards)``: the placed cards are all there is
            return self.cards
        return self.cards[: self.split] + expand(self.unknown) + self.cards[self.split:]

    def _remade(self, cards: tuple[Card, ...], known: tuple[frozenset[int], ...],
                unknown: tuple[tuple[Card, int], ...], split: int) -> Zone:
        """This zone with other cards, as ``replace`` makes it, without checking again what the moves of this
        module keep true (one set of knowers per card, ``split`` within the cards). A compiled build refuses a
        value made without its constructor, so there the constructor makes it (its checks pass at once)."""
        split = split if unknown else len(cards)
        if not _BLANK:
            return Zone(self.visibility, self.owner, cards, known, unknown, split, self.owner_sees)
        zone = object.__new__(Zone)
        put = object.__setattr__
        put(zone, "visibility", self.visibility)
        put(zone, "owner", self.owner)
        put(zone, "cards", cards)
        put(zone, "known", known)
        put(zone, "unknown", unknown)
        put(zone, "split", split)
        put(zone, "owner_sees", self.owner_sees)
        return zone

    def knowers(self, index: int) -> frozenset[int]:
        """The players who know ``cards[index]``, ``EVERYONE`` standing for all."""
        if self.visibility is Visibility.PUBLIC:
            return self.known[index] | {EVERYONE}
        owner_sees = self.visibility is Visibility.OWNER or self.visibility is Visibility.FACE_DOWN and self.owner_sees
        return self.known[index] | ({self.owner} if owner_sees and self.owner is not None else set())

    def sees(self, index: int, player: int) -> bool:
        """Whether ``player`` knows ``cards[index]``."""
        knowers = self.knowers(index)
        return EVERYONE in knowers or player in knowers

    def view(self, player: int) -> Hashable:
        """What ``player`` sees of this zone."""
        faces = tuple(card if self.sees(i, player) else UNSEEN for i, card in enumerate(self.cards))
        if self.visibility is Visibility.PUBLIC or (self.visibility is Visibility.OWNER and player == self.owner):
            return self.cards
        if self.visibility is Visibility.OWNER:  # another player's hand: its size and the cards shown, in no sequence
            return self.size, multiset(face for face in faces if not isinstance(face, Unseen))
        return faces[: self.split], self.size - len(self.cards), faces[self.split:]


@dataclass(frozen=True)
class Zones:
    """Named zones, in a fixed sequence; immutable, so clones share it."""

    names: tuple[str, ...] = ()
    zones: tuple[Zone, ...] = ()
    # each name's index, made once for a tuple of names and handed on by ``with_zone`` (not part of the value)
    index: Mapping[str, int] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if len(self.index) == len(self.names) == len(self.zones):  # handed on with names already checked
            return
        if len(set(self.names)) != len(self.names) or len(self.names) != len(self.zones):
            raise ValueError("zones need distinct names, one per zone")
        object.__setattr__(self, "index", {name: i for i, name in enumerate(self.names)})

    @classmethod
    def of(cls, zones: Mapping[str, Zone] | Iterable[tuple[str, Zone]]) -> Zones:
        """Zones from a mapping or (name, zone) pairs, in their sequence."""
        pairs = list(zones.items() if isinstance(zones, Mapping) else zones)
        return cls(tuple(name for name, _ in pairs), tuple(zone for _, zone in pairs))

    def _at(self, name: str) -> int:  # the index of a zone, or KeyError
        found = self.index.get(name)
        if found is None:
            raise KeyError(f"no zone {name!r}")
        return found

    def __getitem__(self, name: str) -> Zone:
        found = self.index.get(name)
        if found is None:
            raise KeyError(f"no zone {name!r}")
        return self.zones[found]

    def __iter__(self) -> Iterator[tuple[str, Zone]]:
        return iter(zip(self.names, self.zones))

    def with_zone(self, name: str, zone: Zone) -> Zones:
        """These zones with ``name`` replaced by ``zone``."""
        index = self._at(name)
        return self._remade(self.zones[:index] + (zone,) + self.zones[index + 1:])

    def _remade(self, zones: tuple[Zone, ...]) -> Zones:
        """The same names with ``zones`` in their places (one for each), without checking the names again (they are
        this object's, already checked) or making their index again."""
        if not _BLANK:  # compiled: the constructor returns at once with the index handed on
            return Zones(self.names, zones, self.index)
        made = object.__new__(Zones)
        put = object.__setattr__
        put(made, "names", self.names)
        put(made, "zones", zones)
        put(made, "index", self.index)
        return made


def _makes_blank() -> bool:
    """Whether a zone can be made without its constructor: in plain Python, not in a compiled build (mypyc)."""
    try:
        object.__new__(Zone)
    except TypeError:
        return False
    return True


_BLANK = _makes_blank()


def _take(zone: Zone, card: Card, from_top: bool) -> tuple[Zone, frozenset[int]]:
    """``zone`` without one copy of ``card`` (the top card when ``from_top``) and who knew that card."""
    if from_top and zone.split == 0 or not from_top and card not in zone.cards:
        unknown = zone.unknown  # a multiset: each card once, with its count
        for at, (other, count) in enumerate(unknown):
            if other == card and count >= 1:
                kept = ((card, count - 1),) if count > 1 else ()
                return zone._remade(zone.cards, zone.known, unknown[:at] + kept + unknown[at + 1:],
                                    zone.split), frozenset()
        raise ValueError(f"{card!r} is not in the zone")
    index = 0 if from_top else zone.cards.index(card)
    if zone.cards[index] != card:
        raise ValueError(f"{card!r} is not the top card")
    split = zone.split - (index < zone.split)
    return zone._remade(zone.cards[:index] + zone.cards[index + 1:], zone.known[:index] + zone.known[index + 1:],
                        zone.unknown, split), zone.knowers(index)


def _put(zone: Zone, card: Card, knowers: frozenset[int], bottom: bool) -> Zone:
    """``zone`` with ``card`` on top (or at the bottom), known to ``knowers``."""
    if bottom:
        return zone._remade(zone.cards + (card,), zone.known + (knowers,), zone.unknown, zone.split)
    return zone._remade((card,) + zone.cards, (knowers,) + zone.known, zone.unknown, zone.split + 1)


def _transfer(zones: Zones, source: str, to: str, card: Card, bottom: bool, from_top: bool) -> Zones:
    """Take ``card`` from ``source`` and put it on ``to``, known to whoever knew it."""
    at, into = zones._at(source), zones._at(to)
    places = list(zones.zones)
    places[at], knowers = _take(places[at], card, from_top)
    places[into] = _put(places[into], card, knowers, bottom)  # the zone just taken from, when it is the same
    return zones._remade(tuple(places))


def move(zones: Zones, source: str, to: str, card: Card, *, bottom: bool = False) -> Zones:
    """Move ``card`` (its topmost placed copy, else one from a deck's multiset) to the top (or ``bottom``) of ``to``.

    It stays known to whoever knew it where it was; ``ValueError`` when ``source`` holds no such card."""
    return _transfer(zones, source, to, card, bottom, from_top=False)


def draw_outcomes(zones: Zones, deck: str) -> list[tuple[Card, float]]:
    """The chance outcomes of drawing ``deck``'s top card: a known top card for certain, else each distinct card
    of the multiset with probability count/size. Raises ``ValueError`` for an empty deck."""
    zone = zones[deck]
    if zone.split > 0:
        return [(zone.cards[0], 1.0)]
    total = sum(count for _, count in zone.unknown)
    if not total:
        raise ValueError(f"{deck!r} is empty")
    return [(card, count / total) for card, count in zone.unknown]


def draw(zones: Zones, deck: str, to: str, card: Card, *, bottom: bool = False) -> Zones:
    """Apply the drawn outcome ``card``: take it from ``deck``'s top to ``to`` (``ValueError`` if not an outcome).

    Drawing to the deck itself fixes its top card in place (to peek at it: then ``reveal`` it to the peeker)."""
    return _transfer(zones, deck, to, card, bottom, from_top=True)


def shuffle(zones: Zones, deck: str) -> Zones:
    """Shuffle a hidden deck: all its cards become the unordered multiset, known to nobody (no chance node)."""
    zone = zones[deck]
    if zone.visibility is not Visibility.HIDDEN:
        raise ValueError(f"only a hidden deck can be shuffled, not {deck!r}")
    return zones.with_zone(deck, Zone(Visibility.HIDDEN, zone.owner, unknown=multiset(zone.contents())))


def reveal(zones: Zones, zone_name: str, card: Card, to: Iterable[int] | None = None) -> Zones:
    """Show a placed ``card`` (its topmost copy not yet known to all of ``to``) to ``to`` (default: everyone)."""
    zone, players = zones[zone_name], (EVERYONE,) if to is None else tuple(to)
    for index, other in enumerate(zone.cards):
        if other == card and not all(zone.sees(index, p) for p in players):
            return reveal_at(zones, zone_name, index, players)
    if card in zone.cards:
        return zones
    raise ValueError(f"{card!r} is not placed in {zone_name!r} (draw it to its place first)")


def reveal_at(zones: Zones, zone_name: str, index: int, to: Iterable[int] | None = None) -> Zones:
    """Show the card at ``index`` of a zone (a position in a face-down row) to ``to`` (default: everyone)."""
    zone = zones[zone_name]
    if not 0 <= index < len(zone.cards):
        raise ValueError(f"no card at {index} in {zone_name!r}")
    players = frozenset(to) if to is not None else frozenset((EVERYONE,))
    known = zone.known[:index] + (zone.known[index] | players,) + zone.known[index + 1:]
    return zones.with_zone(zone_name, zone._remade(zone.cards, known, zone.unknown, zone.split))


def observation(zones: Zones, player: int) -> Hashable:
    """Exactly what ``player`` may see: per zone its name, visibility and the cards or counts shown to them."""
    return tuple((name, zone.visibility.value, zone.view(player)) for name, zone in zones)


def determinize(zones: Zones, player: int, rng: random.Random, pools: Iterable[Iterable[str]] = ()) -> Zones:
    """A world ``player`` cannot tell from this one: every card hidden from them redealt with ``rng``.

    The hidden cards — other hands, decks, unseen face-down cards — are pooled, shuffled and dealt back to the same
    places and counts; what the player sees is kept. ``pools`` (groups of zone names) keeps kinds of cards apart,
    e.g. face-down tokens from cards; the zones in no group form one more pool. The sample is uniform given the
    zones alone (not inferences from play); the same seed gives the same world.
    """
    groups = [tuple(group) for group in pools]
    grouped = {name for group in groups for name in group}
    groups.append(tuple(name for name in zones.names if name not in grouped))
    dealt = dict(zip(zones.names, zones.zones))
    for group in groups:
        pool: list[Card] = []
        for zone in (zones[name] for name in group):
            pool.extend(card for index, card in enumerate(zone.cards) if not zone.sees(index, player))
            pool.extend(expand(zone.unknown))
        rng.shuffle(pool)
        deal = iter(pool)
        for name, zone in ((name, zones[name]) for name in group):
            cards = tuple(card if zone.sees(i, player) else next(deal) for i, card in enumerate(zone.cards))
            dealt[name] = replace(zone, cards=cards, unknown=multiset(itertools.islice(deal, zone.size - len(cards))))
    return Zones(zones.names, tuple(dealt[name] for name in zones.names))
