"""A replay file's own keys — the mode, the scenario, the field and the set-up — and the game they set up.

The script runner (``engine/script.py``) reads the file and checks the shape of these keys; here they become a game
and its first position, every problem against the rules reported at its place: a part or face the pack lacks, a
field a scenario cannot be played on, a unit the army does not have or the terrain refuses, a Flag on a unit. The
format is documented in ``content/legie/README.md`` ("Replay files").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict

from pnpforge.content.fields import shown
from pnpforge.engine.script import Report
from pnpforge.games.legie.board import QUARTERS, ROTATIONS, Layout, PartPlacement, build_layout, default_layout, meets
from pnpforge.games.legie.board import parse_square
from pnpforge.games.legie.invariants import check_invariants
from pnpforge.games.legie.model import Ruleset, Scenario, ruleset_from_pack
from pnpforge.games.legie.refusals import terrain_refusal
from pnpforge.games.legie.state import EMPTY, LegieGame, LegieState

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

NEEDS_RULE = {"forest_on_one_part": "king-needs-forest", "forest_on_every_part": "forests-every-part"}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)


class Placement(_Strict):
    """Which part lies in a quarter, which face is up, and how far it is turned clockwise."""

    part: str
    side: str
    rotation: int = 0


class Field(_Strict):
    """A part for each quarter of the field (each is required; ``build`` says which are missing)."""

    nw: Placement | None = None
    ne: Placement | None = None
    sw: Placement | None = None
    se: Placement | None = None


class Laid(_Strict):
    player: str
    unit: str


class SetUp(_Strict):
    """A game in progress, in the same shape as the output."""

    to_move: str | None = None
    flag: str | None = None
    board: dict[str, Laid] = {}
    off_board: dict[str, dict[str, int]] | None = None
    terminal: bool = False
    winner: str | None = None


class ReplayFile(_Strict):
    """The game's keys of a replay file (the runner reads ``moves``, ``chance``, ``seed`` and ``expect``)."""

    name: str | dict[str, str] | None = None  # the title of a worked example in the rulebook, per language
    doc: str | dict[str, str] | None = None  # its text (the engine ignores both)
    mode: Literal["basic", "advanced"]
    scenario: str | None = None
    board: Field | None = None
    draw_field: bool = False  # the field drawn as at the table: faces, the parts' places, their rotations
    setup: SetUp | None = None


def build(pack: Pack, replay: ReplayFile, start: str | None, report: Report) -> LegieState | None:
    """The game the file describes and the position it starts from (None when a problem is reported)."""
    rules = ruleset_from_pack(pack)
    scenario = None
    if replay.scenario is not None:
        scenario = rules.scenarios.get(replay.scenario)
        if scenario is None:
            report.error(("scenario",), f"scenario: no scenario {shown(replay.scenario)}; scenarios: "
                                        f"{', '.join(sorted(rules.scenarios))}")
        elif replay.mode == "basic":
            report.error(("scenario",), "scenario: scenarios are played with the advanced rules only; set "
                                        "'mode: advanced' (rule scenario-advanced-only)")
    layout = None if replay.draw_field else _field(rules, replay, scenario, report)
    if replay.draw_field and (replay.board is not None or replay.setup is not None or replay.mode == "basic"):
        report.error(("draw_field",), "draw_field: the field is drawn before the first unit of an advanced game; "
                                      "give no board: nor setup: with it")
    if report.problems:
        return None
    state = LegieGame(rules, replay.mode, scenario, layout).new_initial_state()
    if replay.setup is not None:
        _set_up(state, replay.setup, report)
    return None if report.problems else state


def _field(rules: Ruleset, replay: ReplayFile, scenario: Scenario | None, report: Report) -> Layout | None:
    """The field from ``board:``, or the default one (parts in file order, first faces meeting the scenario)."""
    needs = scenario.board_needs if scenario else "nothing"
    if replay.board is None:
        return default_layout(rules, needs)
    parts = {p.id: p for p in rules.parts}
    placements: dict[str, PartPlacement] = {}
    used: dict[str, str] = {}
    for quarter in QUARTERS:
        at, entry = ("board", quarter), getattr(replay.board, quarter)
        if entry is None:
            report.error(("board",), f"board: {quarter}: required field is missing; give a part for each of "
                                     f"{', '.join(QUARTERS)}")
            continue
        part = parts.get(entry.part)
        if part is None:
            report.error(at + ("part",), f"board.{quarter}.part: no board part {shown(entry.part)}; parts: "
                                         f"{', '.join(parts)}")
        elif part.id in used:
            report.error(at + ("part",), f"board.{quarter}.part: '{part.id}' already lies at {used[part.id]}")
        elif part.face(entry.side) is None:
            used[part.id] = quarter
            report.error(at + ("side",), f"board.{quarter}.side: {shown(entry.side)} is not a face of {part.id}; "
                                         f"faces: {', '.join(f.side for f in part.faces)}")
        elif entry.rotation not in ROTATIONS:
            used[part.id] = quarter
            report.error(at + ("rotation",), f"board.{quarter}.rotation: expected one of 0, 90, 180, 270, found "
                                             f"{entry.rotation}")
        else:
            used[part.id] = quarter
            placements[quarter] = PartPlacement(part.id, entry.side, entry.rotation)
    if len(placements) != len(QUARTERS):
        return None
    faces = [parts[p.part].face(p.side) for p in placements.values()]
    if scenario is not None and not meets(faces, needs):
        report.error(("board",), f"board: {scenario.id} needs {needs.replace('_', ' ')}; these faces do not give "
                                 f"it (rule {NEEDS_RULE.get(needs, 'scenario-advanced-only')})")
    return build_layout(rules, placements)


def _set_up(state: LegieState, setup: SetUp, report: Report) -> None:
    """Lay the set-up's units (with no effect), the Flag and the player to move; check them against the rules."""
    rules = state.game.rules
    for key in ("terminal", "winner"):
        if getattr(setup, key):
            report.error(("setup", key), f"setup.{key}: a set-up is a game in progress; drop '{key}'")
    placed: dict[int, tuple] = {}
    for name, laid in setup.board.items():
        at = ("setup", "board", name)
        square, player = _square(state, name, at, "setup.board", report), rules.player_index(laid.player)
        if player is None:
            report.error(at + ("player",), f"setup.board.{name}.player: {shown(laid.player)} is not a player; "
                                           f"players: {', '.join(rules.players)}")
        if laid.unit not in rules.kinds:
            report.error(at + ("unit",), f"setup.board.{name}.unit: {shown(laid.unit)} is not a unit; units: "
                                         f"{', '.join(rules.kinds)}")
        if square is None or player is None or laid.unit not in rules.kinds:
            continue
        kind = rules.kinds.index(laid.unit)
        if state.off[player][kind] <= 0:
            unit = rules.unit(player, laid.unit)
            report.error(at, f"setup.board.{name}: {rules.players[player]} has only {unit.count if unit else 0} "
                             f"{laid.unit}")
            continue
        state.put(square, player, kind)
        placed[square] = at
    if setup.flag is not None:
        flag = _square(state, setup.flag, ("setup", "flag"), "setup.flag", report)
        if flag is not None and state.board[flag] >= 0:
            report.error(("setup", "flag"), f"setup.flag: {setup.flag} holds a unit; the Flag lies on an empty "
                                            "square (rule flag-blocks-square)")
        state.flag = EMPTY if flag is None else flag
    if setup.to_move is not None:
        player = rules.player_index(setup.to_move)
        if player is None:
            report.error(("setup", "to_move"), f"setup.to_move: {shown(setup.to_move)} is not a player; players: "
                                               f"{', '.join(rules.players)}")
        state.player = player or 0
    for square, at in placed.items():
        if not state.laid.allowed[state.board[square]][square]:
            refused = terrain_refusal(state, state.board[square], square)
            report.error(at, f"setup.board.{at[-1]}: {refused.reason} (rule {refused.rule})")
    if setup.off_board is not None and setup.off_board != off_board(state):
        hands = "; ".join(f"{player}: " + (", ".join(f"{kind} {n}" for kind, n in hand.items()) or "nothing")
                          for player, hand in off_board(state).items())
        report.error(("setup", "off_board"), "setup.off_board: does not match the units that are not on the board "
                                             f"({hands})")
    if not report.problems:
        for problem in check_invariants(state):
            report.error(("setup",), f"setup: {problem}")


def _square(state: LegieState, name: str, at: tuple, label: str, report: Report) -> int | None:
    size = state.game.size
    square = parse_square(name, size)
    if square is None:
        report.error(at, f"{label}: {shown(name)} is not a square (a1 to {chr(ord('a') + size - 1)}{size})")
    return square


def off_board(state: LegieState) -> dict[str, dict[str, int]]:
    """Each player's units in hand, by kind (kinds with none left out)."""
    game = state.game
    return {player: {kind: n for kind, n in zip(game.kinds, state.off[p]) if n}
            for p, player in enumerate(game.rules.players)}
