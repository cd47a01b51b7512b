"""Tactical Action Cards in play: the hand a force holds, the windows a card is played in, and the limits on playing
(rules ``tac-hand-size``, ``tac-one-per-section``, ``tac-one-per-activation``, ``tac-cost``, ``tac-no-retract``).

The hand is one card per full 250 points of the Maximum Force Value, ten at most. A card is played in its window
only (Pre-Turn, Command, Movement, Shooting or Melee), costs its Command Points from the shared pool (no officer's
cap counts), goes to the Graveyard once played, and a section is affected by one card of each player a turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack


@dataclass(frozen=True)
class Card:
    """A card as the rules read it: cost, window, whose section it is played on, and its effects."""

    id: str
    cp: int
    window: str
    effects: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]

    def effect(self, name: str) -> dict[str, Any] | None:
        return next((dict(params) for kind, params in self.effects if kind == name), None)


def cards(pack: Pack) -> dict[str, Card]:
    return {
        item.id: Card(
            item.id,
            int(item["cp"]),
            item["window"],
            tuple((e["effect"], tuple(sorted((k, v) for k, v in e.items() if k != "effect"))) for e in item["effects"]),
        )
        for item in pack.of_type("tac")
    }


def hand_size(mfv: int, per_card: int = 250, most: int = 10) -> int:
    """One card per full ``per_card`` points of the Maximum Force Value, at most ``most``."""
    return min(most, mfv // per_card)


def why_not(card: Card, window: str, pool: int, affected: bool, played_now: bool) -> tuple[str, str] | None:
    """Why the card cannot be played now, as (reason, rule id), or None when it can: ``affected`` when the section
    has had a card of this player this turn, ``played_now`` when the player has played one in this step."""
    if card.window != window:
        return f"{card.id} is played in the {card.window} window, not the {window} window", "tac-anatomy"
    if played_now:
        return "one card an activation, melee or Pre-Turn step", "tac-one-per-activation"
    if affected:
        return "the section has had a card of this player this turn", "tac-one-per-section"
    if card.cp > pool:
        return f"{card.id} costs {card.cp} Command Points; the pool holds {pool}", "tac-cost"
    return None
