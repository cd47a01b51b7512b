"""The Doomtrooper cards of the team's own turn whose text needs the board, an attack or the force pile: Suppressing
Fire (``pin``, rule ``card-suppressing-fire``), Quick Reload (``quick_shot``, ``card-quick-reload``), Scavenged Parts
(``scavenge``, ``card-scavenged-parts``), Shoulder to Shoulder (``side_by_side``, ``card-shoulder-to-shoulder``,
the die itself is ``combat.trooper_dice``'s) and Intelligence Report (``stack_forces``,
``card-intelligence-report``, the pile is ``pile.py``'s). The simpler texts, the hand and the one card a turn are
``cards.py``'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpforge.games.siege_of_the_citadel import board, cards, pile, reactions
from pnpforge.games.siege_of_the_citadel.game import LEGION

if TYPE_CHECKING:
    from pnpforge.games.siege_of_the_citadel.figures import Fig
    from pnpforge.games.siege_of_the_citadel.state import SiegeState

EFFECTS = ("pin", "quick_shot", "scavenge", "side_by_side", "stack_forces")


def options(state: SiegeState, fig: Fig, listed: list[tuple]) -> list[tuple]:
    """Each of these cards in hand played for its text where it applies now (``listed``: the figure's other
    options, its attacks among them)."""
    if fig.side == LEGION or state.card_used or state.muted == fig.side:  # rule event-mute
        return []
    found: list[tuple] = []
    for card in sorted(set(state.hands.get(fig.side, ()))):
        kind = cards.effect(state, card)
        if kind == "pin":
            found += pin_options(state, fig, card)
        elif kind == "quick_shot":
            found += quick_options(state, fig, card, listed)
        elif kind == "scavenge":
            found += scavenge_options(state, fig, card)
        elif kind == "side_by_side" and side_by_side(state, fig.side):
            found.append(("play", card))
        elif kind == "stack_forces" and pile.peekable(state):
            found.append(("play", card))
    return found


def pin_options(state: SiegeState, fig: Fig, card: str) -> list[tuple]:
    """A creature in sight of one of the team's Doomtroopers."""
    grid = board.sight_grid(state)
    occupied = state.occupied_cells()
    eyes = [f.cell for f in cards.team_figs(state, fig.side) if f.cell is not None]
    return [
        ("play", card, c.id)
        for c in state.figs.values()
        if c.side == LEGION
        and c.cell is not None
        and c.id not in state.pinned
        and any(board.can_see(state, grid, e, c.cell, occupied) for e in eyes)
    ]


def quick_options(state: SiegeState, fig: Fig, card: str, listed: list[tuple]) -> list[tuple]:
    """A firearm attack at a creature the figure could make now, of two dice or more."""
    weapon = state.game.equipment.get(fig.weapon or "")
    if weapon is None or fig.left <= 0:
        return []
    rank = state.game.rank_of(fig.side, state.teams[fig.side].rank)
    found = set()
    for option in listed:
        if option[0] == "attack" and option[2] in state.figs:
            attack = weapon.attacks[option[1]]
            if attack.kind == "firearms" and min(attack.dice, len(rank.dice)) + len(attack.extra) >= 2:
                found.add(("play", card, option[2]))
    return sorted(found)


def scavenge_options(state: SiegeState, fig: Fig, card: str) -> list[tuple]:
    """A one-use card the team used, to a Doomtrooper with room for it."""
    return [
        ("play", card, f.id, item)
        for corp, item in sorted(set(state.spent))
        if corp == fig.side
        for f in cards.team_figs(state, fig.side)
        if len(f.gear) < 3 and item not in f.gear
    ]


def side_by_side(state: SiegeState, corp: str, fig: Fig | None = None) -> bool:
    """Whether ``fig`` (any of the team's, when None) stands next to a team-mate, no wall between."""
    grid = board.sight_grid(state)
    mine = [f for f in cards.team_figs(state, corp) if f.cell is not None]
    return any(
        board.touching(grid, a.cell, b.cell)  # type: ignore[arg-type]
        for a in mine
        for b in mine
        if a is not b and (fig is None or a is fig)
    )


def play(state: SiegeState, fig: Fig, action: tuple) -> None:
    """One of these cards played for its text: the turn's one card, discarded."""
    card = action[1]
    kind = cards.effect(state, card)
    if kind == "side_by_side":
        cards.play(state, fig, action)  # a team effect for the rest of the turn
        return
    state.card_used = True
    cards.discard(state, fig.side, card)
    rule = f"card-{card}"
    if kind == "pin":
        state.pinned = (*state.pinned, action[2])
        state.tell(f"{fig.side} plays {card}: {action[2]} may not move on the next Dark Legion turn", rule)
    elif kind == "quick_shot":
        state.tell(f"{fig.side} plays {card}: {fig.id} fires at {action[2]} with one die fewer", rule)
        reactions.strike(state, fig, action[2], "firearms", fewer=1)
    elif kind == "scavenge":
        other, item = state.figs[action[2]], action[3]
        spent = list(state.spent)
        spent.remove((fig.side, item))
        state.spent = tuple(spent)
        other.gear = (*other.gear, item)
        state.tell(f"{fig.side} plays {card}: {other.id} takes back {item}", rule)
    elif kind == "stack_forces":
        state.tell(f"{fig.side} plays {card}", rule)
        pile.look(state, fig.side)
