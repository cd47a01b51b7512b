"""Decks: which cards go together when a game is played online or printed by a shop that sells decks.

A pack declares its decks in ``game.yaml`` (``decks: [{id, name, types, group_by}]``): each deck holds the cards of
its types, split into one deck per value of ``group_by`` when it names a field (one deck per faction). Without
``decks:`` every type of cards is a deck of its own. A type is a type of cards when its fronts are rectangles that
are not square and no longer than 130 mm (poker, bridge, tarot, a location card); round or square tokens and tiles,
boards and mats are pieces that are not dealt (Tabletop Simulator's custom tiles). A deck holds one card per
distinct front, with its copies counted, and the back each front uses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pnpforge.content.pack import Pack
from pnpforge.content.text import in_language
from pnpforge.findings import Finding, Mark
from pnpforge.render.environment import humanise, type_label
from pnpforge.render.faces import BACK, FRONT, Face

CARD_LONGEST_SIDE = 130.0  # mm: the print plan's limit for card sheets
SQUARE_TOLERANCE = 0.1  # sides within 10% of each other make a square piece (a tile), not a card


@dataclass
class Deck:
    """Cards dealt together: distinct fronts in the pack's order, and the backs they use."""

    id: str
    name: str
    fronts: list[Face]
    backs: dict[str, Face] = field(default_factory=dict)  # back face key -> back face

    @property
    def size(self) -> tuple[float, float]:
        """The cards' trim size in mm (every card of a deck has one size)."""
        layout = self.fronts[0].layout
        return layout.width, layout.height

    def back_of(self, front: Face) -> Face | None:
        """The back a front uses, if its type has backs."""
        return self.backs.get(front.back or "")

    def copies(self) -> int:
        """How many cards the deck holds."""
        return sum(face.copies for face in self.fronts)


def is_card(face: Face) -> bool:
    """A card: a rectangle, not square, no side over 130 mm."""
    width, height = face.layout.width, face.layout.height
    longest, shortest = max(width, height), min(width, height)
    return face.layout.shape == "rect" and longest <= CARD_LONGEST_SIDE and \
        (longest - shortest) > SQUARE_TOLERANCE * longest


def pack_decks(pack: Pack, faces: list[Face], lang: str) -> tuple[list[Deck], list[Face], list[Finding]]:
    """The pack's decks, the fronts that are pieces of their own (tokens, tiles, boards), and the problems.

    A deck whose cards differ in size cannot be dealt as one: it is reported (an error at its declaration) and
    left out.
    """
    fronts: dict[str, list[Face]] = {}
    backs = {face.key: face for face in faces if face.side == BACK}
    for face in faces:
        if face.side == FRONT:
            fronts.setdefault(face.type, []).append(face)
    declared = pack.game.decks
    plans: list[tuple[str, str | dict[str, str] | None, list[str], str | None, int | None]]
    if declared is None:
        plans = [(type_name, None, [type_name], None, None) for type_name, typed in fronts.items()
                 if all(is_card(face) for face in typed)]
    else:
        plans = [(deck.id, deck.name, deck.types, deck.group_by, index) for index, deck in enumerate(declared)]
    decks, findings, dealt = [], [], set()
    for deck_id, name, types, group_by, index in plans:
        cards = [face for type_name in types for face in fronts.get(type_name, [])]
        dealt.update(types)
        if not cards:
            continue
        title = in_language(name, lang) if name else " and ".join(type_label(pack, t, lang) for t in types)
        for suffix, label, members in _groups(pack, cards, group_by, lang):
            deck = Deck(f"{deck_id}-{suffix}" if suffix else deck_id, f"{title}: {label}" if label else title,
                        members, {face.back: backs[face.back] for face in members if face.back in backs})
            sizes = {(round(f.layout.width, 1), round(f.layout.height, 1)) for f in members}
            if len(sizes) > 1:
                shown = ", ".join(f"{w:g} x {h:g} mm" for w, h in sorted(sizes))
                mark = pack.game_doc.mark(("decks", index)) if index is not None else Mark(members[0].layout.path)
                findings.append(Finding("error", f"deck '{deck.id}': its cards differ in size ({shown}); a deck "
                                                 "is dealt from cards of one size", mark=mark, rule="decks"))
                continue
            decks.append(deck)
    pieces = [face for type_name, typed in fronts.items() if type_name not in dealt for face in typed]
    return decks, pieces, findings


def _groups(pack: Pack, cards: list[Face], group_by: str | None, lang: str) -> list[tuple[str, str, list[Face]]]:
    """``(id suffix, label, cards)`` per value of ``group_by`` in the order values first appear; one group without."""
    if not group_by:
        return [("", "", cards)]
    groups: dict[str, list[Face]] = {}
    for face in cards:
        groups.setdefault(_value(face.item.get(group_by)), []).append(face)
    factions = {faction.id: faction for faction in pack.game.factions}
    return [(value, in_language(factions[value].name, lang) if value in factions else humanise(value), members)
            for value, members in groups.items()]


def _value(value) -> str:
    """A field value as part of a deck id (lower case, words joined by hyphens)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return re.sub(r"[^a-z0-9]+", "-", str(value).lower()).strip("-") or "none"
