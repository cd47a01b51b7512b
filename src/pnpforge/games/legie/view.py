"""How a Legie position reads in a transcript: the field from row 6 down to row 1, the hands, whose turn it is."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpforge.games.legie.board import COLUMNS

if TYPE_CHECKING:
    from pnpforge.games.legie.state import LegieState

TERRAIN_MARKS = {"plain": " . ", "forest": " ♣ ", "water": " ~ ", "fortification": " # ", "mountain": " ^ "}
FLAG_MARK = "FLG"


def render(state: "LegieState") -> str:
    """Each unit as its player's initial and the kind's first two letters (``bKn``); empty squares show terrain."""
    game = state.game
    players = game.rules.players
    advanced = game.advanced and state.tables is not None
    lines = []
    for row in range(game.size - 1, -1, -1):
        cells = []
        for column in range(game.size):
            square = row * game.size + column
            unit = state.unit_at(square)
            if unit:
                cells.append(f"{unit[0][0]}{unit[1][:2].capitalize()}")
            elif square == state.flag:
                cells.append(FLAG_MARK)
            else:
                terrain = state.laid.layout.terrain[square] if advanced else "plain"
                cells.append(TERRAIN_MARKS.get(terrain, " ? "))
        lines.append(f"{row + 1} " + " ".join(cells))
    lines.append("  " + " ".join(f" {COLUMNS[c]} " for c in range(game.size)))
    for p, player in enumerate(players):
        held = ", ".join(f"{game.kinds[k]} x{n}" for k, n in enumerate(state.off[p]) if n) or "none"
        lines.append(f"{player} holds: {held}")
    if state.is_terminal():
        winner = state.winner
        lines.append("result: " + (f"{players[winner]} wins" if winner in (0, 1) else "draw"))
    elif state.is_chance_node():
        lines.append("the field is being set up")
    else:
        lines.append(f"turn {state.turns + 1}: {players[state.player]} to move")
    return "\n".join(lines)
