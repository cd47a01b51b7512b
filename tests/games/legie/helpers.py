"""Helpers for Legie engine tests: positions written as square -> "player unit", terrain maps, whole turns."""

from __future__ import annotations

from functools import lru_cache

from pnpforge.content.pack import load_pack
from pnpforge.games.legie.board import Layout, parse_square, square_name
from pnpforge.games.legie.model import Ruleset, ruleset_from_pack
from pnpforge.games.legie.state import CHOOSE_FLAG, CHOOSE_TARGET, FLAG, TARGET, LegieGame, LegieState

from tests.conftest import REPO

PACK = REPO / "content" / "legie"
TERRAIN_CODES = {".": "plain", "f": "forest", "~": "water", "#": "fortification", "^": "mountain"}


@lru_cache(maxsize=1)
def load_pack_once():
    pack, problems = load_pack(PACK)
    assert pack is not None, [str(p) for p in problems]
    return pack


def load_rules() -> Ruleset:
    return ruleset_from_pack(load_pack_once())


def terrain_map(text: str) -> Layout:
    """A field from six lines of terrain codes, row 6 first: ``.`` plain, ``f`` forest, ``~`` water, ``#``
    fortification, ``^`` mountain."""
    rows = [line.split() for line in text.strip().splitlines()]
    assert len(rows) == 6 and all(len(r) == 6 for r in rows), text
    terrain = [TERRAIN_CODES[code] for row in reversed(rows) for code in row]
    return Layout((), tuple(terrain))


def terrain_at(squares: dict[str, str], size: int = 6) -> Layout:
    """A plain field with the given terrain on the named squares."""
    terrain = ["plain"] * (size * size)
    for name, kind in squares.items():
        terrain[parse_square(name, size)] = kind
    return Layout((), tuple(terrain))


def make_game(rules: Ruleset, mode: str = "basic", scenario: str | None = None, terrain: str | None = None,
              layout: Layout | None = None) -> LegieGame:
    if terrain is not None:
        layout = terrain_map(terrain)
    return LegieGame(rules, mode, rules.scenarios[scenario] if scenario else None, layout)


def position(game: LegieGame, units: dict[str, str], to_move: str = "black", flag: str | None = None) -> LegieState:
    """A state with ``units`` ({"c3": "white warrior"}) on the field, the rest in hand."""
    state = game.new_initial_state()
    for square, unit in units.items():
        player, kind = unit.split()
        state.put(parse_square(square, game.size), game.rules.players.index(player), game.kinds.index(kind))
    state.player = game.rules.players.index(to_move)
    if flag:
        state.flag = parse_square(flag, game.size)
    return state


def place(state: LegieState, kind: str, square: str) -> None:
    """Only the placement of a turn; any choice it opens is left to the test."""
    game = state.game
    state.apply_action(game.kinds.index(kind) * game.squares + parse_square(square, game.size))


def lay(state: LegieState, kind: str, square: str, target: str | None = None, flag: str | None = None) -> None:
    """Play one whole turn: lay ``kind`` on ``square``, then shoot ``target`` and move the Flag if asked."""
    game = state.game
    state.apply_action(game.kinds.index(kind) * game.squares + parse_square(square, game.size))
    if state.phase == CHOOSE_TARGET:
        assert target is not None, f"a target is needed among {names(state, state.choices)}"
        state.apply_action(TARGET + parse_square(target, game.size))
    if state.phase == CHOOSE_FLAG:
        assert flag is not None, f"a Flag square is needed among {names(state, state.choices)}"
        state.apply_action(FLAG + parse_square(flag, game.size))


def units(state: LegieState) -> dict[str, str]:
    """The field as square -> "player unit"."""
    found = {}
    for square in range(state.game.squares):
        unit = state.unit_at(square)
        if unit:
            found[square_name(square, state.game.size)] = " ".join(unit)
    return found


def names(state: LegieState, squares) -> list[str]:
    return [square_name(s, state.game.size) for s in squares]


def flag_at(state: LegieState) -> str | None:
    return square_name(state.flag, state.game.size) if state.flag >= 0 else None


def held(state: LegieState, player: str, kind: str) -> int:
    game = state.game
    return state.off[game.rules.players.index(player)][game.kinds.index(kind)]


def can_lay(state: LegieState, kind: str, square: str) -> bool:
    game = state.game
    return game.kinds.index(kind) * game.squares + parse_square(square, game.size) in state.legal_actions()
