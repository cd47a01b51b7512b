"""The Tabletop Simulator saved object: decks (``DeckCustom`` with their ``CustomDeck`` sheets and one ``Card`` per
copy) and pieces (``Custom_Tile``), as the JSON a player drops into the game's Saved Objects folder.

A card's id is its sheet's number times 100 plus its cell (``DeckIDs``); sheets are numbered from 1 across the
whole file, so no two decks share a number. Objects are laid out on the table in rows: decks, then bags of
pieces, then single pieces (a board, a mat). GUIDs are derived from the objects' names, so a build writes the
same file every time.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

CARD_WIDTH_MM = 63.5  # a card of scale 1 in Tabletop Simulator is a poker card
TILE_UNIT_MM = 50.8  # a custom tile of scale 1 is about this wide
DECK_SPACING, ROW_SPACING = 4.0, 7.0
TABLE_HEIGHT = 1.5
TILE_TYPES = {"rect": 0, "hex": 1, "round": 2}  # CustomTile's Type: box, hex, circle (3 is a rounded box)


@dataclass
class Sheet:
    """One deck sheet as the saved object names it."""

    number: int
    face_url: str
    back_url: str
    columns: int
    rows: int
    unique_back: bool

    def custom_deck(self) -> dict:
        """The ``CustomDeck`` entry: the hidden card is the sheet's last cell, so ``BackIsHidden`` is false."""
        return {"FaceURL": self.face_url, "BackURL": self.back_url, "NumWidth": self.columns,
                "NumHeight": self.rows, "BackIsHidden": False, "UniqueBack": self.unique_back, "Type": 0}


@dataclass
class Card:
    """One distinct card: its sheet and cell, its copies, what players read on hovering it."""

    sheet: Sheet
    cell: int
    copies: int
    name: str
    description: str

    @property
    def card_id(self) -> int:
        """``DeckIDs`` number: sheet x 100 + cell."""
        return self.sheet.number * 100 + self.cell


@dataclass
class DeckObject:
    """A deck as it lies on the table."""

    id: str
    name: str
    width_mm: float
    height_mm: float
    cards: list[Card] = field(default_factory=list)


@dataclass
class Piece:
    """A custom tile: a token, a tile, a board; one object per copy."""

    group: str  # its type as players call it: the bag's name
    name: str
    description: str
    front_url: str
    back_url: str
    width_mm: float
    height_mm: float
    shape: str  # its layout's shape: a round piece is a disc, a hex a hexagon, any other a box
    copies: int


def saved_object(title: str, decks: list[DeckObject], pieces: list[Piece], loose_limit: int = 4,
                 others: list[dict] | None = None) -> dict:
    """The saved object: every deck, then each type's pieces in a bag (a type with at most ``loose_limit`` pieces
    lies on the table as they are), then ``others`` (dice, figurines) as they are."""
    states = [_deck(deck, index) for index, deck in enumerate(decks)]
    by_type: dict[str, list[Piece]] = {}
    for piece in pieces:
        by_type.setdefault(piece.group, []).append(piece)
    bags, loose = 0, 0
    for type_name, typed in by_type.items():
        copies = sum(piece.copies for piece in typed)
        if copies > loose_limit:
            contents = [_tile(piece, f"{type_name}/{piece.name}/{n}", (0, 0)) for piece in typed
                        for n in range(piece.copies)]
            states.append(_object("Bag", f"bag/{type_name}", type_name, (bags * DECK_SPACING * 2, -ROW_SPACING),
                                  ContainedObjects=contents))
            bags += 1
        else:
            for piece in typed:
                for n in range(piece.copies):
                    place = (loose * ROW_SPACING, -2 * ROW_SPACING - 4)
                    states.append(_tile(piece, f"{type_name}/{piece.name}/{n}", place))
                    loose += 1
    states += others or []
    return {"SaveName": title, "GameMode": title, "Date": "", "Gravity": 0.5, "PlayArea": 0.5, "Table": "",
            "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
            "ObjectStates": states, "TabStates": {}, "VersionNumber": ""}


def _deck(deck: DeckObject, index: int) -> dict:
    """A ``DeckCustom`` of one ``Card`` per copy, or a lone ``Card`` when the deck is a single card."""
    scale = deck.width_mm / CARD_WIDTH_MM if deck.width_mm <= deck.height_mm else deck.height_mm / CARD_WIDTH_MM
    sideways = deck.width_mm > deck.height_mm
    place = (index * DECK_SPACING * max(1.0, scale), 0.0)
    cards = [_object("Card", f"{deck.id}/{card.card_id}/{n}", card.name, place, scale, Description=card.description,
                     CardID=card.card_id, SidewaysCard=sideways,
                     CustomDeck={str(card.sheet.number): card.sheet.custom_deck()})
             for card in deck.cards for n in range(card.copies)]
    if len(cards) == 1:
        return cards[0]
    sheets = {card.sheet.number: card.sheet for card in deck.cards}
    return _object("DeckCustom", f"deck/{deck.id}", deck.name, place, scale, SidewaysCard=sideways,
                   DeckIDs=[card["CardID"] for card in cards],
                   CustomDeck={str(number): sheet.custom_deck() for number, sheet in sorted(sheets.items())},
                   ContainedObjects=cards)


def _tile(piece: Piece, key: str, place: tuple[float, float]) -> dict:
    """A ``Custom_Tile`` with the piece's front and back."""
    scale = max(piece.width_mm, piece.height_mm) / TILE_UNIT_MM
    return _object("Custom_Tile", key, piece.name, place, scale, Description=piece.description,
                   CustomImage={"ImageURL": piece.front_url, "ImageSecondaryURL": piece.back_url,
                                "ImageScalar": 1.0, "WidthScale": 0.0,
                                "CustomTile": {"Type": TILE_TYPES.get(piece.shape, 0), "Thickness": 0.1,
                                               "Stackable": piece.copies > 1, "Stretch": True}})


def place_object(name: str, key: str, nickname: str, place: tuple[float, float], scale: float = 1.0,
                 **fields) -> dict:
    """An object state on the table at ``place`` (x, z): dice and figurines, as decks and tiles are."""
    return _object(name, key, nickname, place, scale, **fields)


def _object(name: str, key: str, nickname: str, place: tuple[float, float], scale: float = 1.0, **fields) -> dict:
    """An object state with its transform, flat on the table at ``place`` (x, z)."""
    x, z = place
    return {"GUID": hashlib.sha1(key.encode()).hexdigest()[:6], "Name": name,
            "Transform": {"posX": round(x, 3), "posY": TABLE_HEIGHT, "posZ": round(z, 3), "rotX": 0.0,
                          "rotY": 180.0, "rotZ": 0.0, "scaleX": round(scale, 4), "scaleY": 1.0,
                          "scaleZ": round(scale, 4)},
            "Nickname": nickname, "Description": fields.pop("Description", ""), "Locked": False, "Grid": True,
            "Snap": True, "Autoraise": True, "Sticky": True, "Tooltip": True, **fields}

