"""``pnpforge replay legie FILE.yaml``: play a scripted Legie game and print the final position as JSON.

The script is read by ``script.py``; here it is set up and played move by move through the engine. A move the rules
forbid stops the replay with exit code 2 and one located line that names the move (1-based) and the rule id it
breaks (``content/legie/rules.yaml``). The output format is documented in ``content/legie/README.md``.
"""

from __future__ import annotations

from pathlib import Path
from typing import NoReturn

from pnpforge.content.pack import Pack
from pnpforge.content.source import LoadError, load_yaml
from pnpforge.engine.contract import Outcome
from pnpforge.findings import Finding
from pnpforge.games.legie.board import square_name
from pnpforge.games.legie.invariants import check_invariants
from pnpforge.games.legie.model import Ruleset, ruleset_from_pack
from pnpforge.games.legie.script import Move, Script, ScriptError, read_script
from pnpforge.games.legie.state import (CHOOSE_FLAG, CHOOSE_TARGET, DRAW, EMPTY, FLAG, PASS, PLACE, TARGET,
                                        LegieGame, LegieState)


def replay(pack: Pack, path: Path) -> Outcome:
    """Run the replay file at ``path`` against the pack: the final position, or the located errors."""
    try:
        doc = load_yaml(Path(path))
        rules = ruleset_from_pack(pack)
        script = read_script(doc, rules)
        state = play_script(script, rules)
    except (LoadError, ScriptError) as exc:
        return Outcome(None, list(exc.findings))
    return Outcome(position_json(state))


def play_script(script: Script, rules: Ruleset) -> LegieState:
    """Set up the script's game and play its moves; raise ``ScriptError`` at the first one that is not legal."""
    game = LegieGame(rules, script.mode, script.scenario, script.layout)
    state = set_up(script, game)
    for move in script.moves:
        play_move(script, state, move)
    forced_passes(state)
    return state


def set_up(script: Script, game: LegieGame) -> LegieState:
    """The position the script starts from: its ``setup:`` or an empty field with Black to move."""
    state = game.new_initial_state()
    for square, (player, kind) in script.units.items():
        state.put(square, player, kind)
    state.flag = script.flag if script.flag is not None else EMPTY
    state.player = script.to_move
    problems = []
    for square, index in ((s, v) for s, v in enumerate(state.board) if v >= 0):
        if not state.laid.allowed[index][square]:
            at = script.unit_at[square]
            problems.append(_error(script, at, f"setup.board.{at[-1]}: {_terrain_refusal(state, index, square)}"))
    if script.off_board is not None and script.off_board != _off_board(state):
        hands = "; ".join(f"{player}: " + (", ".join(f"{kind} {n}" for kind, n in hand.items()) or "nothing")
                          for player, hand in _off_board(state).items())
        problems.append(_error(script, ("setup", "off_board"), "setup.off_board: does not match the units that are "
                                                               f"not on the board ({hands})"))
    if not problems:
        problems += [_error(script, ("setup",), f"setup: {p}") for p in check_invariants(state)]
    if problems:
        raise ScriptError(problems)
    return state


def play_move(script: Script, state: LegieState, move: Move) -> None:
    """Apply one scripted turn (placement, then its target and Flag), checking each part against the rules."""
    game = state.game
    forced_passes(state)

    def fail(at: tuple, text: str) -> NoReturn:
        _fail(script, move, at, text)

    name = lambda s: square_name(s, game.size)  # noqa: E731
    if state.is_terminal():
        fail((), f"the game is already over ({_result(state)}); no move may follow (rule {state.ended_by})")
    players, kinds = game.rules.players, game.kinds
    if move.player != state.player:
        fail(("player",), f"it is {players[state.player]}'s turn, not {players[move.player]}'s "
                          "(rule turn-black-first)")
    kind_name, index = kinds[move.kind], move.player * len(kinds) + move.kind
    if state.off[move.player][move.kind] == 0:
        fail(("unit",), f"{players[move.player]} has no {kind_name} off the board to lay (rule turn-place-one)")
    occupant = state.unit_at(move.square)
    if occupant:
        fail(("to",), f"{name(move.square)} is taken by {occupant[0]}'s {occupant[1]}; a unit goes onto an empty "
                      "square (rule turn-place-one)")
    if move.square == state.flag:
        fail(("to",), f"{name(move.square)} holds the Flag, so no unit may be laid there (rule flag-blocks-square)")
    if not state.laid.allowed[index][move.square]:
        fail(("to",), _terrain_refusal(state, index, move.square))
    before = state.board[:]
    shooter = game.arrow[index] and state.laid.can_shoot[move.square]
    forced = state.clone()
    forced.board[move.square] = index
    targets = forced.arrow_targets() if shooter else []
    state.apply_action(move.kind * game.squares + move.square)
    if state.phase == CHOOSE_TARGET:
        targets = list(state.choices)
    _check_target(script, state, move, index, shooter, targets, before)
    if state.phase == CHOOSE_TARGET:
        assert move.target is not None  # _check_target required one
        state.apply_action(TARGET + move.target)
    fallen = [s for s, v in enumerate(before) if v >= 0 and state.board[s] < 0]
    if state.phase == CHOOSE_FLAG:
        if move.flag is None:
            fail((), f"{_fallen(state, before, fallen)} fell: say with 'flag' which of their squares takes the Flag "
                     "(rule flag-choice)")
        if move.flag not in state.choices:
            fail(("flag",), f"{name(move.flag)} is not a square where a unit fell this turn "
                            f"({', '.join(map(name, fallen))}) (rule flag-marks-removal)")
        state.apply_action(FLAG + move.flag)
    elif move.flag is not None and move.flag not in fallen:
        where = f"the Flag goes to {name(fallen[0])}" if fallen else "no unit fell, so the Flag stays where it is"
        fail(("flag",), f"flag: {where} (rule flag-marks-removal)")


def _check_target(script: Script, state: LegieState, move: Move, index: int, shooter: bool,
                  targets: list[int], before: list[int]) -> None:
    """The arrow's target: required when there is one to shoot, refused when there is none (Pfeilsymbol)."""
    game = state.game
    name = lambda s: square_name(s, game.size)  # noqa: E731
    kind_name = game.kinds[move.kind]
    if move.target is None:
        if targets:
            _fail(script, move, (), f"the {kind_name} must shoot one of {', '.join(map(name, targets))}: add "
                                    "'target' (rule arrow-must-shoot)")
        return
    if not game.arrow[index]:
        _fail(script, move, ("target",), f"the {kind_name} has no arrow, so it shoots nothing; drop 'target' "
                                         "(rule arrow-removes-one)")
    if not shooter:
        _fail(script, move, ("target",), f"the {kind_name} stands in the forest, where arrows cannot be shot; drop "
                                         "'target' (rule forest-no-shooting)")
    if move.target not in targets:
        why = _why_not_target(state, move.target, move.player, before)
        _fail(script, move, ("target",), f"target {name(move.target)}: {why}")


def _why_not_target(state: LegieState, square: int, mover: int, before: list[int]) -> str:
    """The rule that keeps the unit on ``square`` (as it stood before the move) from being shot."""
    game = state.game
    if before[square] < 0:
        return "there is no unit there (rule arrow-removes-one)"
    owner, kind_index = divmod(before[square], len(game.kinds))
    player, kind = game.rules.players[owner], game.kinds[kind_index]
    if owner == mover:
        return f"the {kind} there is the shooter's own (rule arrow-removes-one)"
    unit = game.rules.unit(owner, kind)
    assert unit is not None  # a unit on the board is of its army
    terrain = state.laid.layout.terrain[square] if game.advanced else "plain"
    if unit.immobile:
        return f"{player}'s {kind} is immobile and is never removed (rule immobile-stays)"
    if unit.shield:
        return f"{player}'s {kind} carries a shield, which arrows cannot pass (rule shield-arrow-proof)"
    if terrain == "fortification":
        return f"{player}'s {kind} stands on a fortification, which shields it (rule fortification-shield)"
    if terrain == "forest":
        return f"{player}'s {kind} stands in the forest, out of reach of arrows (rule forest-cover)"
    return "it cannot be shot (rule arrow-removes-one)"


def _terrain_refusal(state: LegieState, index: int, square: int) -> str:
    game = state.game
    player, kind = divmod(index, len(game.kinds))
    terrain = state.laid.layout.terrain[square]
    who = f"{game.rules.players[player]}'s {game.kinds[kind]}"
    where = square_name(square, game.size)
    if terrain == "water":
        return f"{who} may not be laid on the water at {where}: it shows more than one kind of symbol " \
               "(rule water-light-units)"
    return f"{who} is immobile and may not be laid on the mountain at {where} (rule mountain-no-immobile)"


def forced_passes(state: LegieState) -> None:
    """A player with no square for any unit passes (DECISIONS.md); scripts do not write passes."""
    while state.phase == PLACE and state.legal_actions() == [PASS]:
        state.apply_action(PASS)


def _fallen(state: LegieState, before: list[int], fallen: list[int]) -> str:
    game = state.game
    named = []
    for square in fallen:
        player, kind = divmod(before[square], len(game.kinds))
        named.append(f"{game.rules.players[player]}'s {game.kinds[kind]} ({square_name(square, game.size)})")
    return " and ".join(named)


def _result(state: LegieState) -> str:
    players = state.game.rules.players
    return "a draw" if state.winner == DRAW else f"{players[state.winner]} won"


def _error(script: Script, at: tuple, message: str) -> Finding:
    return Finding("error", message, mark=script.doc.mark(at), blocking=True, rule="legie.replay")


def _fail(script: Script, move: Move, at: tuple, message: str) -> NoReturn:
    raise ScriptError([_error(script, move.at + at, f"move {move.number}: {message}")])


def _off_board(state: LegieState) -> dict:
    game = state.game
    return {player: {kind: n for kind, n in zip(game.kinds, state.off[p]) if n}
            for p, player in enumerate(game.rules.players)}


def position_json(state: LegieState) -> dict:
    """The replay's output: whose move, the units on the board, the Flag, the hands and the result."""
    game = state.game
    players = game.rules.players
    board = {}
    for square in range(game.squares):
        unit = state.unit_at(square)
        if unit:
            board[square_name(square, game.size)] = {"player": unit[0], "unit": unit[1]}
    over = state.is_terminal()
    winner = None
    if over:
        winner = "draw" if state.winner == DRAW else players[state.winner]
    return {
        "to_move": None if over else players[state.player],
        "board": board,
        "flag": square_name(state.flag, game.size) if state.flag != EMPTY else None,
        "off_board": _off_board(state),
        "terminal": over,
        "winner": winner,
    }
