"""Static checks of the Tactical Action Cards: type, nation and character agree, the generic cards are the numbered
common deck (p.35-36). A force's deck is checked with its force list (the force rules' ``deck_*`` checks).
"""

from __future__ import annotations

from typing import Any, Iterator

from pnpforge.content.pack import Item, Pack
from pnpforge.findings import Finding


def _error(item: Item, message: str, *path: Any) -> Finding:
    return Finding("error", message, mark=item.mark(*path), subject=item.subject)


def tac_cards(pack: Pack) -> Iterator[Finding]:
    """A generic card belongs to no nation and has a number of the common deck, each number once; a national card
    names its nation; a character card names a character section of its nation (p.35); a MAR a card gives is one of
    the registry."""
    deck_size = pack.game.parameters.get("tac_deck_size", 12)
    factions = {faction.id for faction in pack.game.factions}
    units = {unit.id: unit for unit in pack.of_type("unit")}
    numbers: dict[int, Item] = {}
    mars = {mar.id for mar in pack.of_type("mar")}
    for card in pack.of_type("tac"):
        kind, nation, character = card["kind"], card["nation"], card.get("character")
        for index, effect in enumerate(card["effects"]):
            if effect["effect"] == "gain_mar" and effect["mar"] not in mars:
                yield _error(
                    card, f"effects[{index}].mar: no MAR '{effect['mar']}' in the registry", "effects", index, "mar"
                )
        if kind == "generic":
            if nation != "generic":
                yield _error(card, f"nation: a generic card belongs to no nation; found {nation}", "nation")
            number = card.get("number", 0)
            if not 1 <= number <= deck_size:
                yield _error(
                    card,
                    f"number: {number}; the common deck's cards are numbered 1 to {deck_size}",
                    "number" if "number" in card.values else "kind",
                )
            elif number in numbers:
                yield _error(card, f"number: {number} is also on {numbers[number].subject}", "number")
            numbers.setdefault(number, card)
            continue
        if nation not in factions:
            yield _error(card, f"nation: a {kind} card names the nation it serves; found {nation}", "nation")
        if card.get("number", 0):
            yield _error(card, "number: only the common deck's generic cards are numbered", "number")
        if kind == "national" and character is not None:
            yield _error(card, "character: a national card names no character", "character")
        if kind == "character":
            master = units.get(character) if character else None
            if character is None:
                yield _error(card, "kind: a character card names the character that brings it", "kind")
            elif master is not None and (master["slot"] != "character" or master["nation"] != nation):
                yield _error(card, f"character: '{character}' is no character section of {nation}", "character")
    generic = [card for card in pack.of_type("tac") if card["kind"] == "generic"]
    if generic and len(generic) != deck_size:
        yield _error(
            generic[0],
            f"the common deck holds {len(generic)} generic cards; a TAC deck is {deck_size} cards (p.36)",
            "kind",
        )


ALL = (tac_cards,)
