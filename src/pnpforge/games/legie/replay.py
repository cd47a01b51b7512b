"""Legie's adapter to the script runner (``engine/script.py``): ``pnpforge replay legie FILE.yaml`` plays a scripted
game and prints the final position as JSON (``content/legie/README.md``, "Replay files").

Each move answers the next turn, whoever it names: a move by the player not to move is refused (rule
turn-black-first). A player who cannot lay any unit passes without a line in the script (DECISIONS.md); when the
moves run out, the game stays where they left it. A move the rules forbid stops the replay with exit code 2 and one
located line naming the move (1-based) and the rule it breaks, unless it is marked ``refused:``. A field drawn at the
table (``draw_field: true``) may be written under ``chance:``: ``faces`` (the face of each part, in part order),
``parts`` (the parts over nw, ne, sw, se) and ``rotations`` (of the parts there, in degrees).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnpforge.engine.contract import Outcome
from pnpforge.engine.script import Refusal, ScriptAdapter, ScriptChoice, replay as run_script
from pnpforge.games.legie.board import parse_square, square_name
from pnpforge.games.legie.refusals import turn
from pnpforge.games.legie.setup import ReplayFile, build, off_board
from pnpforge.games.legie.state import CHOOSE_FLAG, CHOOSE_TARGET, DRAW, EMPTY, ORDER, PASS, PLACE, SET_ORDER
from pnpforge.games.legie.state import SET_SIDES, SIDES, TURNS, LegieState

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

STEPS = {SET_SIDES: "faces", SET_ORDER: "parts", CHOOSE_TARGET: "target", CHOOSE_FLAG: "flag"}


class Move(ScriptChoice):
    """One scripted turn: who lays which unit where, and the choices its effect may need."""

    unit: str
    to: str
    target: str | None = None
    flag: str | None = None


def check(state: LegieState, move: Move) -> list[Refusal]:
    """The unit and squares a move names exist on this field."""
    game = state.game
    found = []
    if move.unit not in game.kinds:
        found.append(Refusal(f"'{move.unit}' is not a unit; units: {', '.join(game.kinds)}", at=("unit",)))
    for key in ("to", "target", "flag"):
        value = getattr(move, key)
        if value is not None and parse_square(value, game.size) is None:
            last = f"{chr(ord('a') + game.size - 1)}{game.size}"
            found.append(Refusal(f"{key}: '{value}' is not a square (a1 to {last})", at=(key,)))
    return found


def step(state: LegieState) -> str:
    """What the position waits for: a chance draw of the field, a unit to lay (or a pass), a target or the Flag."""
    if state.phase == PLACE:
        return "pass" if state.legal_actions() == [PASS] else "place"
    return STEPS.get(state.phase, "rotations" if state.phase < PLACE else "over")


def quiet(state: LegieState, legal: list) -> Any:
    """A player who cannot lay any unit passes; nothing else is played for the script."""
    return PASS if legal == [PASS] else None


def over(state: LegieState) -> Refusal:
    players = state.game.rules.players
    result = "a draw" if state.winner == DRAW else f"{players[state.winner]} won"
    return Refusal(f"the game is already over ({result}); no move may follow", state.ended_by)


def chance_words(state: LegieState, drawn: int) -> str:
    """A set-up draw as a script writes it: faces in part order, parts over nw ne sw se, rotations there."""
    game = state.game
    if drawn >= TURNS:
        return ", ".join(map(str, game.turn_choices[drawn - TURNS]))
    if drawn >= ORDER:
        return ", ".join(game.rules.parts[i].id for i in game.orders[drawn - ORDER])
    return ", ".join(game.side_choices[drawn - SIDES])


def position(state: LegieState, first: LegieState) -> dict:
    """The replay's output: whose move, the units on the board, the Flag, the hands, the result and the field."""
    game = state.game
    players = game.rules.players
    board = {}
    for square in range(game.squares):
        unit = state.unit_at(square)
        if unit:
            board[square_name(square, game.size)] = {"player": unit[0], "unit": unit[1]}
    done = state.is_terminal()
    field = state.tables.layout.placements if state.tables is not None else ()
    return {
        "to_move": None if done else players[state.player],
        "board": board,
        "flag": square_name(state.flag, game.size) if state.flag != EMPTY else None,
        "off_board": off_board(state),
        "terminal": done,
        "winner": ("draw" if state.winner == DRAW else players[state.winner]) if done else None,
        "field": {quarter: {"part": p.part, "side": p.side, "rotation": p.rotation} for quarter, p in field},
    }


ADAPTER = ScriptAdapter[LegieState](
    setup=ReplayFile,
    choice=Move,
    build=build,
    name_of=lambda move: "move",
    answers={"move": ("place",)},
    answer=turn,
    players=lambda state: state.game.rules.players,
    outcome=position,
    choices_key="moves",
    label="move",
    file_label="replay file",
    step=step,
    quiet=quiet,
    by_anyone=frozenset({"move"}),
    check=check,
    over=over,
    chances={"faces": ("faces",), "parts": ("parts",), "rotations": ("rotations",)},
    chance_words=chance_words,
)


def replay(pack: Pack, path: Path) -> Outcome:
    """The package's ``replay``: the script played by the runner."""
    return run_script(ADAPTER, pack, path)
