"""A scripted turn as engine actions, or the rule that forbids it: the unit laid, the enemy its arrow shoots and the
square that takes the Flag, each checked against the rules (``content/legie/rules.yaml``) before anything is played.

A turn is tried on a copy of the position, so a refused turn changes nothing: the script runner (``engine/script.py``)
then stops at it, or goes on when the script marks it refused.
"""

from __future__ import annotations

from typing import Any

from pnpforge.engine.script import Answer, Refusal
from pnpforge.games.legie.board import parse_square, square_name
from pnpforge.games.legie.state import CHOOSE_FLAG, CHOOSE_TARGET, FLAG, TARGET, LegieState


def turn(state: LegieState, move: Any) -> Answer | Refusal:
    """The actions of one turn (lay, then shoot and place the Flag when asked), or why the rules forbid it."""
    game = state.game
    players, kinds, size = game.rules.players, game.kinds, game.size
    player, kind = players.index(move.player), kinds.index(move.unit)
    square = parse_square(move.to, size)
    target = parse_square(move.target, size) if move.target is not None else None
    flag = parse_square(move.flag, size) if move.flag is not None else None
    assert square is not None  # checked before play
    name = lambda s: square_name(s, size)  # noqa: E731
    if player != state.player:
        return Refusal(f"it is {players[state.player]}'s turn, not {players[player]}'s", "turn-black-first",
                       ("player",))
    index = player * len(kinds) + kind
    if state.off[player][kind] == 0:
        return Refusal(f"{players[player]} has no {move.unit} off the board to lay", "turn-place-one", ("unit",))
    occupant = state.unit_at(square)
    if occupant:
        return Refusal(f"{name(square)} is taken by {occupant[0]}'s {occupant[1]}; a unit goes onto an empty square",
                       "turn-place-one", ("to",))
    if square == state.flag:
        return Refusal(f"{name(square)} holds the Flag, so no unit may be laid there", "flag-blocks-square", ("to",))
    if not state.laid.allowed[index][square]:
        refused = terrain_refusal(state, index, square)
        return Refusal(refused.reason, refused.rule, ("to",))
    shooter = game.arrow[index] and state.laid.can_shoot[square]
    forced = state.clone()
    forced.board[square] = index
    targets = forced.arrow_targets() if shooter else []
    trial = state.clone()
    actions = [kind * game.squares + square]
    trial.apply_action(actions[0])
    if trial.phase == CHOOSE_TARGET:
        targets = list(trial.choices)
    wrong = _target_refusal(state, move, index, shooter, targets, target)
    if wrong is not None:
        return wrong
    if trial.phase == CHOOSE_TARGET:
        assert target is not None  # required above
        actions.append(TARGET + target)
        trial.apply_action(actions[-1])
    fallen = [s for s, v in enumerate(state.board) if v >= 0 and trial.board[s] < 0]
    if trial.phase == CHOOSE_FLAG:
        if flag is None:
            return Refusal(f"{_fallen(state, fallen)} fell: say with 'flag' which of their squares takes the Flag",
                           "flag-choice")
        if flag not in trial.choices:
            return Refusal(f"{name(flag)} is not a square where a unit fell this turn "
                           f"({', '.join(map(name, fallen))})", "flag-marks-removal", ("flag",))
        actions.append(FLAG + flag)
    elif flag is not None and flag not in fallen:
        where = f"the Flag goes to {name(fallen[0])}" if fallen else "no unit fell, so the Flag stays where it is"
        return Refusal(f"flag: {where}", "flag-marks-removal", ("flag",))
    return Answer(tuple(actions))


def _target_refusal(state: LegieState, move: Any, index: int, shooter: bool, targets: list[int],
                    target: int | None) -> Refusal | None:
    """The arrow's target: required when there is one to shoot, refused when there is none (Pfeilsymbol)."""
    game = state.game
    name = lambda s: square_name(s, game.size)  # noqa: E731
    if target is None:
        if targets:
            return Refusal(f"the {move.unit} must shoot one of {', '.join(map(name, targets))}: add 'target'",
                           "arrow-must-shoot")
        return None
    if not game.arrow[index]:
        return Refusal(f"the {move.unit} has no arrow, so it shoots nothing; drop 'target'", "arrow-removes-one",
                       ("target",))
    if not shooter:
        return Refusal(f"the {move.unit} stands in the forest, where arrows cannot be shot; drop 'target'",
                       "forest-no-shooting", ("target",))
    if target not in targets:
        why = _why_not_target(state, target, index // len(game.kinds))
        return Refusal(f"target {name(target)}: {why.reason}", why.rule, ("target",))
    return None


def _why_not_target(state: LegieState, square: int, mover: int) -> Refusal:
    """The rule that keeps the unit on ``square`` (as it stands before the move) from being shot."""
    game = state.game
    if state.board[square] < 0:
        return Refusal("there is no unit there", "arrow-removes-one")
    owner, kind_index = divmod(state.board[square], len(game.kinds))
    player, kind = game.rules.players[owner], game.kinds[kind_index]
    if owner == mover:
        return Refusal(f"the {kind} there is the shooter's own", "arrow-removes-one")
    unit = game.rules.unit(owner, kind)
    assert unit is not None  # a unit on the board is of its army
    terrain = state.laid.layout.terrain[square] if game.advanced else "plain"
    if unit.immobile:
        return Refusal(f"{player}'s {kind} is immobile and is never removed", "immobile-stays")
    if unit.shield:
        return Refusal(f"{player}'s {kind} carries a shield, which arrows cannot pass", "shield-arrow-proof")
    if terrain == "fortification":
        return Refusal(f"{player}'s {kind} stands on a fortification, which shields it", "fortification-shield")
    if terrain == "forest":
        return Refusal(f"{player}'s {kind} stands in the forest, out of reach of arrows", "forest-cover")
    return Refusal("it cannot be shot", "arrow-removes-one")


def terrain_refusal(state: LegieState, index: int, square: int) -> Refusal:
    """Why the terrain of ``square`` refuses the unit ``index`` (player * kinds + kind)."""
    game = state.game
    player, kind = divmod(index, len(game.kinds))
    who = f"{game.rules.players[player]}'s {game.kinds[kind]}"
    where = square_name(square, game.size)
    if state.laid.layout.terrain[square] == "water":
        return Refusal(f"{who} may not be laid on the water at {where}: it shows more than one kind of symbol",
                       "water-light-units")
    return Refusal(f"{who} is immobile and may not be laid on the mountain at {where}", "mountain-no-immobile")


def _fallen(state: LegieState, fallen: list[int]) -> str:
    game = state.game
    named = []
    for square in fallen:
        player, kind = divmod(state.board[square], len(game.kinds))
        named.append(f"{game.rules.players[player]}'s {game.kinds[kind]} ({square_name(square, game.size)})")
    return " and ".join(named)
