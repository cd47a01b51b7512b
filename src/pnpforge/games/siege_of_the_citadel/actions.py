"""One action of an activated figure: what it may do and what doing it starts (rules ``turn-activation``,
``turn-special``, ``card-one-per-turn``, ``violator-sweep``, ``gehenna-puker``, ``grenade-launcher``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnpforge.engine.grid import Cell
from pnpforge.games.siege_of_the_citadel import board, card_texts, cards, combat, turns
from pnpforge.games.siege_of_the_citadel.game import LEGION

if TYPE_CHECKING:
    from pnpforge.games.siege_of_the_citadel.state import SiegeState


def act_options(state: SiegeState, fid: str) -> list[tuple]:
    """Move to a square in reach, attack, the objective's Special action, a Doomtrooper card for one more action
    or for its text (at most one on the team's own turn, ``cards.py``), or end the activation."""
    fig = state.figs[fid]
    found: list[tuple] = []
    if fig.left > 0:
        found += [("move", cell) for cell in sorted(board.destinations(state, fig), key=lambda c: (c[1], c[0]))]
        if fig.side == LEGION:
            found += combat.creature_attacks(state, fig)
        else:
            found += combat.trooper_attacks(state, fig)
            found += turns.special_options(state, fig)
    found += cards.own_turn_options(state, fig)
    found += card_texts.options(state, fig, found)
    found.append(("end",))
    return found


def act(state: SiegeState, action: tuple, fid: str) -> None:
    fig = state.figs[fid]
    kind = action[0]
    charge = fig.charge
    if kind == "end":
        fig.left = 0
        fig.done = True
        return
    if kind in ("card", "play"):  # rule card-one-per-turn: one card, for one more action or its text
        state.push(("go_on", fid))
        if action[0] == "play" and cards.effect(state, action[1]) in card_texts.EFFECTS:
            card_texts.play(state, fig, action)  # an attack it starts comes before the figure goes on
        else:
            cards.play(state, fig, action)
        return
    fig.left -= 1
    state.push(("go_on", fid))
    if kind == "move":
        turns.move(state, fig, action[1])
        state.tell(f"{fid} moves to {action[1]}", "move-three")
        return
    fig.charge = None
    if kind in ("special", "leave", "smoke", "bomb"):
        fig.streak = None
        turns.special(state, fig, action)
        return
    if kind == "attack" and fig.side == LEGION:
        creature = state.game.board().creatures[fig.kind]
        target = state.figs[action[2]]
        dice = creature.close_combat if action[1] == "close_combat" else creature.firearms
        assert fig.cell is not None and target.cell is not None
        shelter = action[1] == "firearms" and board.cover(state, fig.cell, target.cell)
        combat.start(state, fid, action[1], [action[2]], dice, cover=shelter)
        return
    if kind == "attack":
        weapon = state.game.equipment[fig.weapon or ""]
        attack = weapon.attacks[action[1]]
        target = action[2]
        fig.charge = charge
        cell = combat.token_cell(target) if target.startswith("token@") else state.figs[target].cell
        dice = combat.trooper_dice(state, fig, attack.kind, attack.dice, attack.extra, target)
        fig.charge = None
        assert fig.cell is not None and cell is not None
        shelter = attack.kind == "firearms" and board.cover(state, fig.cell, cell)
        if fig.streak is not None and fig.streak[:2] != (attack.kind, target):
            fig.streak = None
        combat.start(state, fid, attack.kind, [target], dice, cover=shelter)
        assert state.attack is not None
        state.attack["at"] = cell
        return
    if kind == "nimrod":
        fig.streak = None
        state.push(("shot", fid, action[1]), ("shot", fid, action[2]))
        return
    area(state, fig.id, action)


def area(state: SiegeState, fid: str, action: tuple) -> None:
    """The area attacks, one roll against every figure caught (rule ``area-results``)."""
    fig = state.figs[fid]
    fig.streak = None
    assert fig.cell is not None
    weapon = state.game.equipment[fig.weapon or ""]
    grid = board.sight_grid(state)
    near: tuple[str, ...] = ()
    if action[0] == "sweep":
        cells = sweep_cells(grid, fig.cell, action[1], action[2])
        kind = "close_combat"
    elif action[0] == "line":
        cells = sorted(grid.line(fig.cell, action[1], combat.LINE_LENGTH, visible=True))
        kind = "firearms"
    else:
        centre = action[1]
        shielded = [c for c in board.around(centre) if c in grid and board.touching(grid, centre, c)]
        cells = [centre, *shielded]
        kind = "firearms"
        near = tuple(f.id for f in state.figs.values() if f.cell in shielded)
    attack = next(a for a in weapon.attacks if a.kind == ("close_combat" if action[0] == "sweep" else "firearms"))
    dice = combat.trooper_dice(state, fig, attack.kind, attack.dice, attack.extra, "")
    targets = [f.id for f in state.figs.values() if f.cell in set(cells) and f.id != fid]
    state.tell(f"{fid} {action[0]} catches {', '.join(targets) or 'nobody'}", "area-results")
    combat.start(state, fid, kind, targets, dice, area=True, near=near)


def sweep_cells(grid: Any, centre: Cell, first: Cell, clockwise: bool) -> list[Cell]:
    """Rule ``violator-sweep``: the neighbours from ``first`` round the bearer, clockwise or not, until a wall stops
    the blade or every neighbour is struck once."""
    ring = board_ring(centre)
    if not clockwise:
        ring = ring[::-1]
    start = ring.index(first)
    ordered = ring[start:] + ring[:start]
    found = []
    for cell in ordered:
        if cell not in grid or not board.touching(grid, centre, cell):
            break
        found.append(cell)
    return found


def board_ring(centre: Cell) -> list[Cell]:
    from pnpforge.engine.compass import ring

    return ring(centre, 1)
