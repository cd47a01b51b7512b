"""Read a replay file (content/legie/README.md, "Replay files") into a ``Script``, every problem located.

The file is loaded with the located YAML loader, so each value knows its line and column. Problems of form (an
unknown key, a square that is not on the field, an unknown unit, a field that breaks a scenario's need) are all
collected and raised together as ``ScriptError``; the replay then exits 2.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pnpforge.content.fields import shown as _shown
from pnpforge.content.source import Doc
from pnpforge.findings import Finding
from pnpforge.games.legie.board import QUARTERS, ROTATIONS, Layout, PartPlacement, build_layout, default_layout, meets
from pnpforge.games.legie.board import parse_square
from pnpforge.games.legie.model import Ruleset, Scenario

TOP_KEYS = ("board", "doc", "mode", "moves", "name", "scenario", "setup")  # name, doc: the rulebook's title and text
SETUP_KEYS = ("board", "flag", "off_board", "terminal", "to_move", "winner")
MOVE_KEYS = ("flag", "player", "target", "to", "unit")
PLACEMENT_KEYS = ("part", "rotation", "side")
NEEDS_RULE = {"forest_on_one_part": "king-needs-forest", "forest_on_every_part": "forests-every-part"}


class ScriptError(Exception):
    """The replay file cannot be played; carries located findings."""

    def __init__(self, findings: list[Finding]):
        super().__init__("; ".join(str(f) for f in findings))
        self.findings = findings


@dataclass
class Move:
    """One scripted turn: who lays which unit where, and the choices its effect may need."""

    number: int  # 1-based, as messages name it
    at: tuple  # path of the move in the document
    player: int
    kind: int
    square: int
    target: int | None = None
    flag: int | None = None


@dataclass
class Script:
    """A replay file's content: the game to set up and the turns to play."""

    doc: Doc
    mode: str
    scenario: Scenario | None
    layout: Layout | None
    units: dict[int, tuple[int, int]] = field(default_factory=dict)  # square -> (player, kind) from setup
    unit_at: dict[int, tuple] = field(default_factory=dict)  # square -> document path, for messages
    flag: int | None = None
    to_move: int = 0
    off_board: dict | None = None
    moves: list[Move] = field(default_factory=list)


class _Reader:
    """Collects located problems while reading a replay document."""

    def __init__(self, doc: Doc, rules: Ruleset):
        self.doc, self.rules = doc, rules
        self.problems: list[Finding] = []

    def error(self, at: tuple, message: str) -> None:
        self.problems.append(Finding("error", message, mark=self.doc.mark(at), blocking=True, rule="legie.replay"))

    def mapping(self, value: Any, at: tuple, accepted: tuple[str, ...], label: str) -> dict | None:
        if not isinstance(value, dict):
            self.error(at, f"{label}: expected a mapping, found {_shown(value)}")
            return None
        for key in value:
            if key not in accepted:
                self.error(at + (key,), f"{label}: unknown key '{key}'; accepted keys: {', '.join(accepted)}")
        return value

    def square(self, value: Any, at: tuple, label: str) -> int | None:
        square = parse_square(value, self.rules.size)
        if square is None:
            last = f"{chr(ord('a') + self.rules.size - 1)}{self.rules.size}"
            self.error(at, f"{label}: {_shown(value)} is not a square (a1 to {last})")
        return square

    def player(self, value: Any, at: tuple, label: str) -> int | None:
        index = self.rules.player_index(value) if isinstance(value, str) else None
        if index is None:
            self.error(at, f"{label}: {_shown(value)} is not a player; players: {', '.join(self.rules.players)}")
        return index

    def unit(self, value: Any, at: tuple, label: str) -> int | None:
        if isinstance(value, str) and value in self.rules.kinds:
            return self.rules.kinds.index(value)
        self.error(at, f"{label}: {_shown(value)} is not a unit; units: {', '.join(self.rules.kinds)}")
        return None


def read_script(doc: Doc, rules: Ruleset) -> Script:
    """The script of a loaded replay document; raise ``ScriptError`` with every problem found."""
    r = _Reader(doc, rules)
    top = r.mapping(doc.data, (), TOP_KEYS, "replay file")
    if top is None:
        raise ScriptError(r.problems)
    mode = top.get("mode")
    if "mode" not in top:
        r.error((), "mode: required field is missing (basic or advanced)")
    elif mode not in ("basic", "advanced"):
        r.error(("mode",), f"mode: expected basic or advanced, found {_shown(mode)}")
    scenario = _scenario(r, top, mode)
    layout = _layout(r, top, scenario)
    script = Script(doc, mode if mode in ("basic", "advanced") else "basic", scenario, layout)
    if "setup" in top:
        _setup(r, top["setup"], script)
    moves = top.get("moves", [])
    if not isinstance(moves, list):
        r.error(("moves",), f"moves: expected a list of moves, found {_shown(moves)}")
        moves = []
    for index, raw in enumerate(moves):
        move = _move(r, raw, index)
        if move is not None:
            script.moves.append(move)
    if r.problems:
        raise ScriptError(r.problems)
    return script


def _scenario(r: _Reader, top: dict, mode: Any) -> Scenario | None:
    if "scenario" not in top:
        return None
    scenario = r.rules.scenarios.get(top["scenario"]) if isinstance(top["scenario"], str) else None
    if scenario is None:
        r.error(("scenario",), f"scenario: no scenario {_shown(top['scenario'])}; scenarios: "
                               f"{', '.join(sorted(r.rules.scenarios))}")
    elif mode == "basic":
        r.error(("scenario",), "scenario: scenarios are played with the advanced rules only; set 'mode: advanced' "
                               "(rule scenario-advanced-only)")
    return scenario


def _layout(r: _Reader, top: dict, scenario: Scenario | None) -> Layout | None:
    """The field from ``board:``, or the default one (parts in file order, first faces meeting the scenario)."""
    needs = scenario.board_needs if scenario else "nothing"
    if "board" not in top:
        return default_layout(r.rules, needs)
    board = r.mapping(top["board"], ("board",), QUARTERS, "board")
    if board is None:
        return None
    parts = {p.id: p for p in r.rules.parts}
    placements: dict[str, PartPlacement] = {}
    used: dict[str, str] = {}
    for quarter in QUARTERS:
        at = ("board", quarter)
        if quarter not in board:
            r.error(("board",), f"board: {quarter}: required field is missing; give a part for each of "
                                f"{', '.join(QUARTERS)}")
            continue
        entry = r.mapping(board[quarter], at, PLACEMENT_KEYS, f"board.{quarter}")
        if entry is None:
            continue
        named = entry.get("part")
        if named is not None and not isinstance(named, str):
            r.error(at + ("part",), f"board.{quarter}.part: expected a board part id, found {_shown(named)}")
            continue
        part = parts.get(named) if named is not None else None
        if part is None:
            r.error(at + ("part",), f"board.{quarter}.part: no board part {_shown(entry.get('part'))}; parts: "
                                    f"{', '.join(parts)}")
            continue
        if part.id in used:
            r.error(at + ("part",), f"board.{quarter}.part: '{part.id}' already lies at {used[part.id]}")
            continue
        used[part.id] = quarter
        side = entry.get("side")
        if not isinstance(side, str) or part.face(side) is None:
            r.error(at + ("side",), f"board.{quarter}.side: {_shown(side)} is not a face of {part.id}; faces: "
                                    f"{', '.join(f.side for f in part.faces)}")
            continue
        rotation = entry.get("rotation", 0)
        if isinstance(rotation, bool) or rotation not in ROTATIONS:
            r.error(at + ("rotation",), f"board.{quarter}.rotation: expected one of 0, 90, 180, 270, found "
                                        f"{_shown(rotation)}")
            continue
        placements[quarter] = PartPlacement(part.id, side, rotation)
    if len(placements) != len(QUARTERS):
        return None
    faces = [parts[p.part].face(p.side) for p in placements.values()]
    if scenario is not None and not meets(faces, needs):
        r.error(("board",), f"board: {scenario.id} needs {needs.replace('_', ' ')}; these faces do not give it "
                            f"(rule {NEEDS_RULE.get(needs, 'scenario-advanced-only')})")
    return build_layout(r.rules, placements)


def _setup(r: _Reader, value: Any, script: Script) -> None:
    setup = r.mapping(value, ("setup",), SETUP_KEYS, "setup")
    if setup is None:
        return
    for key in ("terminal", "winner"):
        if setup.get(key):
            r.error(("setup", key), f"setup.{key}: a set-up is a game in progress; drop '{key}'")
    board = setup.get("board", {})
    if not isinstance(board, dict):
        r.error(("setup", "board"), f"setup.board: expected a mapping of squares to units, found {_shown(board)}")
        board = {}
    placed = [[0] * len(r.rules.kinds) for _ in r.rules.players]
    for name, unit in board.items():
        at = ("setup", "board", name)
        square = r.square(name, at, "setup.board")
        entry = r.mapping(unit, at, ("player", "unit"), f"setup.board.{name}")
        if square is None or entry is None:
            continue
        player = r.player(entry.get("player"), at + ("player",), f"setup.board.{name}.player")
        kind = r.unit(entry.get("unit"), at + ("unit",), f"setup.board.{name}.unit")
        if player is None or kind is None:
            continue
        unit_kind = r.rules.unit(player, r.rules.kinds[kind])
        placed[player][kind] += 1
        if unit_kind is None or placed[player][kind] > unit_kind.count:
            owned = unit_kind.count if unit_kind else 0
            r.error(at, f"setup.board.{name}: {r.rules.players[player]} has only {owned} {r.rules.kinds[kind]}")
            continue
        script.units[square] = (player, kind)
        script.unit_at[square] = at
    if setup.get("flag") is not None:
        script.flag = r.square(setup["flag"], ("setup", "flag"), "setup.flag")
        if script.flag in script.units:
            r.error(("setup", "flag"), f"setup.flag: {setup['flag']} holds a unit; the Flag lies on an empty square "
                                       "(rule flag-blocks-square)")
    if "to_move" in setup:
        to_move = r.player(setup["to_move"], ("setup", "to_move"), "setup.to_move")
        script.to_move = to_move if to_move is not None else 0
    script.off_board = setup.get("off_board")


def _move(r: _Reader, raw: Any, index: int) -> Move | None:
    at = ("moves", index)
    label = f"move {index + 1}"
    entry = r.mapping(raw, at, MOVE_KEYS, label)
    if entry is None:
        return None
    missing = [key for key in ("player", "unit", "to") if key not in entry]
    for key in missing:
        r.error(at, f"{label}: missing '{key}'")
    if missing:
        return None
    player = r.player(entry["player"], at + ("player",), label)
    kind = r.unit(entry["unit"], at + ("unit",), label)
    square = r.square(entry["to"], at + ("to",), f"{label}: to")
    target = r.square(entry["target"], at + ("target",), f"{label}: target") if "target" in entry else None
    flag = r.square(entry["flag"], at + ("flag",), f"{label}: flag") if "flag" in entry else None
    if player is None or kind is None or square is None or ("target" in entry and target is None) \
            or ("flag" in entry and flag is None):
        return None
    return Move(index + 1, at, player, kind, square, target, flag)
