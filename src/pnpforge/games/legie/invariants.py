"""The invariant checker: re-checks a Legie position against the rules from the position alone.

It never calls ``legal_actions()`` nor the engine's terrain tables: it reads the board, the hands, the Flag and the
field's terrain names and judges them with the unit kinds of the rules data. The conformance tests run it after
every action of thousands of random games.
"""

from __future__ import annotations

from pnpforge.games.legie.board import square_name
from pnpforge.games.legie.state import (CHOOSE_FLAG, CHOOSE_TARGET, DRAW, EMPTY, OVER, PLACE, LegieState)


def check_invariants(state: LegieState) -> list[str]:
    """Every broken invariant of ``state`` as a sentence; an empty list for a sound position."""
    game = state.game
    rules = game.rules
    kinds = game.kinds
    problems: list[str] = []
    name = lambda s: square_name(s, game.size)  # noqa: E731 - local shorthand
    if len(state.board) != game.squares:
        return [f"the board has {len(state.board)} squares, not {game.squares}"]
    on_board = [[0] * len(kinds) for _ in rules.players]
    for square, index in enumerate(state.board):
        if index == EMPTY:
            continue
        if not 0 <= index < 2 * len(kinds):
            problems.append(f"{name(square)} holds an unknown unit {index}")
            continue
        player, kind = divmod(index, len(kinds))
        unit = rules.unit(player, kinds[kind])
        if unit is None:
            problems.append(f"{name(square)} holds a {kinds[kind]} that {rules.players[player]}'s army lacks")
            continue
        on_board[player][kind] += 1
        problems += _terrain_problems(state, square, unit, rules.players[player])
    for player, army in enumerate(rules.armies):
        for k, kind_name in enumerate(kinds):
            owned = army[kind_name].count if kind_name in army else 0
            held = state.off[player][k]
            if held < 0:
                problems.append(f"{rules.players[player]} holds {held} {kind_name}")
            if on_board[player][k] + held != owned:  # conservation: on the board + in hand = the army
                problems.append(f"{rules.players[player]} has {on_board[player][k]} {kind_name} on the board and "
                                f"{held} in hand, but the army has {owned}")
    if state.flag != EMPTY:
        if not 0 <= state.flag < game.squares:
            problems.append(f"the Flag is off the field ({state.flag})")
        elif state.board[state.flag] != EMPTY:
            problems.append(f"the Flag's square {name(state.flag)} holds a unit")
    problems += _turn_problems(state)
    return problems


def _terrain_problems(state: LegieState, square: int, unit, player: str) -> list[str]:
    """Advanced game: immobile units never on mountains, multi-symbol units never on water."""
    if not state.game.advanced or state.tables is None:
        return []
    terrain = state.tables.layout.terrain[square]
    where = square_name(square, state.game.size)
    if terrain == "mountain" and "immobility" in unit.symbols:
        return [f"{player}'s {unit.kind} stands on the mountain at {where}"]
    if terrain == "water" and len(set(unit.symbols)) > 1:
        return [f"{player}'s {unit.kind} stands on the water at {where}"]
    return []


def _turn_problems(state: LegieState) -> list[str]:
    """Whose turn it is, the pending choice, the result and the turn count fit together."""
    game = state.game
    problems = []
    if state.phase == OVER:
        if state.winner not in (0, 1, DRAW):
            problems.append(f"the game is over without a result ({state.winner})")
        return problems
    if state.winner != EMPTY:
        problems.append("a result is set while the game goes on")
    if state.turns >= game.rules.turn_limit:
        problems.append(f"turn {state.turns} is past the limit of {game.rules.turn_limit}")
    if state.phase >= PLACE and state.player not in (0, 1):
        problems.append(f"player {state.player} is to move")
    if state.phase == CHOOSE_FLAG:
        for square in state.choices:
            if state.board[square] != EMPTY:
                problems.append(f"the Flag may go to {square_name(square, game.size)}, which is occupied")
        if len(state.choices) < 2:
            problems.append("a Flag choice with fewer than two squares")
    if state.phase == CHOOSE_TARGET:
        for square in state.choices:
            index = state.board[square]
            if index == EMPTY or index // len(game.kinds) == state.player:
                problems.append(f"the arrow may hit {square_name(square, game.size)}, which holds no enemy")
                continue
            unit = game.rules.unit(index // len(game.kinds), game.kinds[index % len(game.kinds)])
            if unit is not None and ("shield" in unit.symbols or "immobility" in unit.symbols):
                problems.append(f"the arrow may hit the {unit.kind} at {square_name(square, game.size)}")
    return problems
