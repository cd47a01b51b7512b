"""Static checks of the Tactical Action Cards and the TAC decks of the starter forces.

Cards: type, nation and character agree, the generic cards are the numbered common deck (p.35-36). Decks: 12
distinct cards whose costs are the common deck's, national and character cards legal for the force, the hand size
(p.36).
"""

from __future__ import annotations

from collections import Counter
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


def _baseline(pack: Pack) -> Counter:
    return Counter(card["cp"] for card in pack.of_type("tac") if card["kind"] == "generic")


def tac_decks(pack: Pack) -> Iterator[Finding]:
    """A force's deck holds 12 distinct cards whose costs are the common deck's; each national card is of the
    force's nation and each character card's character is in the force; the hand is one card per full 250 points of
    the maximum force value, at most 10 (p.36)."""
    cards = {card.id: card for card in pack.of_type("tac")}
    deck_size = pack.game.parameters.get("tac_deck_size", 12)
    hand_rule = pack.game.parameters.get("hand", {"points_per_card": 250, "max": 10})
    baseline = _baseline(pack)
    for force in pack.of_type("force"):
        deck = force["deck"]
        if len(deck) != deck_size:
            yield _error(force, f"deck: {len(deck)} cards; a TAC deck holds exactly {deck_size} (p.36)", "deck")
        seen: set[str] = set()
        for index, card_id in enumerate(deck):
            if card_id in seen:
                yield _error(
                    force,
                    f"deck[{index}]: '{card_id}' is already in the deck; no card is repeated (p.36)",
                    "deck",
                    index,
                )
            seen.add(card_id)
        in_force = {entry["section"] for entry in force["sections"]}
        for index, card_id in enumerate(deck):
            card = cards.get(card_id)
            if card is None or card["kind"] == "generic":
                continue
            if card["nation"] != force["nation"]:
                yield _error(
                    force,
                    f"deck[{index}]: '{card_id}' is a card of {card['nation']}; the force is {force['nation']} (p.35)",
                    "deck",
                    index,
                )
            if card["kind"] == "character" and card.get("character") not in in_force:
                yield _error(
                    force,
                    f"deck[{index}]: '{card_id}' needs {card.get('character')} in the force (p.35)",
                    "deck",
                    index,
                )
        costs = Counter(cards[c]["cp"] for c in deck if c in cards)
        if len(deck) == deck_size and costs != baseline:
            yield _error(
                force,
                f"deck: costs {_costs(costs)}; each card replaces a generic card of the same cost, "
                f"so the costs are the common deck's: {_costs(baseline)} (p.36)",
                "deck",
            )
        hand = min(hand_rule["max"], force["mfv"] // hand_rule["points_per_card"])
        if force["hand"] != hand:
            yield _error(
                force,
                f"hand: {force['hand']} cards; {force['mfv']} points give {hand} (one per full "
                f"{hand_rule['points_per_card']}, at most {hand_rule['max']}) (p.36)",
                "hand",
            )


def _costs(costs: Counter) -> str:
    return " ".join(str(cp) for cp in sorted(costs.elements()))


ALL = (tac_cards, tac_decks)
