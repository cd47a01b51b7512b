"""Board diagrams of Legie positions, for the rulebook's worked examples (the package's ``example`` hook).

A worked example is a replay file of ``content/legie/examples/``. The rulebook shows the position it starts from
and the position the engine reaches, as SVG diagrams of the 6x6 field (terrain in the advanced game, units as
tiles in their army's colour with name and numbers, the Flag), and tells each turn in words: who laid what
where, which units were removed, where the Flag went, and how the game ended. The words are sentence templates
from the rulebook's ``labels:`` in each language (English ones below are the defaults), so German diagrams and
sentences come from the German rulebook's data.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence
from xml.sax.saxutils import escape

from pnpforge.content.pack import Pack
from pnpforge.content.text import in_language
from pnpforge.engine.script import play
from pnpforge.games.legie.board import COLUMNS, parse_square, square_name
from pnpforge.games.legie.replay import ADAPTER
from pnpforge.games.legie.state import EMPTY, LegieState

CELL = 10.0  # mm per square in the drawing's own units
MARGIN = 5.0  # room for the coordinates
TERRAIN_FILL = {"plain": "#ece6cf", "forest": "#8faa78", "water": "#9cc0da", "fortification": "#c9b08c",
                "mountain": "#a9a29a"}
ARMY = {0: ("#232323", "#f4f1e8"), 1: ("#f4f1e8", "#232323")}  # (tile, ink) by seat: the first army is dark
ACCENT = "#b3261e"

WORDS = {  # label key -> English default; a rulebook's labels of the same keys replace them
    "diagram_before": "Before",
    "diagram_after": "After",
    "diagram_lays": "{player} lays the {unit} on {square}.",
    "diagram_aims": "The {unit} shoots at {square}.",
    "diagram_removed": "{player}'s {unit} on {square} is removed and goes back to its owner.",
    "diagram_nothing": "No unit is removed.",
    "diagram_flag": "The Flag moves to {square}.",
    "diagram_wins": "{player} wins.",
    "diagram_draw": "The game ends in a draw.",
    "diagram_to_move": "{player} is to move.",
    "diagram_flag_name": "Flag",
}


@dataclass
class Names:
    """What the diagrams and sentences call players and units in one language."""

    players: dict[str, str]
    units: dict[tuple[str, str], str]  # (player id, kind) -> name
    flag: str = "Flag"

    @classmethod
    def of(cls, pack: Pack, lang: str) -> "Names":
        first = pack.game.languages[0]
        players = {f.id: in_language(f.name, lang, first) for f in pack.game.factions}
        units = {(item.get("player"), item.get("kind")): in_language(item.get("name"), lang, first)
                 for item in pack.of_type("unit_tile")}
        return cls(players, units)


def example(pack: Pack, path: Path, lang: str, label: Callable[[str], str]) -> tuple[list[tuple[str, str]], list[str]]:
    """The example's diagrams (before, after) and its turns in words; the file is known to replay cleanly."""
    def word(key: str) -> str:
        text = label(key)
        return WORDS[key] if text == key else text

    played = play(ADAPTER, pack, path, keep=True)
    state = played.final
    game = state.game
    rules = game.rules
    names = Names.of(pack, lang)
    terrain = tuple(state.laid.layout.terrain) if game.advanced else None
    names.flag = word("diagram_flag_name")
    before = board_svg(played.first, terrain, names, word("diagram_before"))
    sentences: list[str] = []
    placed: list[int] = []
    for played_turn in played.turns:
        move, board, after = played_turn.choice, played_turn.before.board, played_turn.after
        square = parse_square(move.to, game.size)
        assert square is not None  # the file replays cleanly
        player = names.players[move.player]
        unit = names.units[(move.player, move.unit)]
        sentences.append(word("diagram_lays").format(player=player, unit=unit, square=square_name(square, game.size)))
        target = parse_square(move.target, game.size) if move.target is not None else None
        if target is not None:
            sentences.append(word("diagram_aims").format(unit=unit, square=square_name(target, game.size)))
        fallen = [s for s, v in enumerate(board) if v >= 0 and after.board[s] < 0]
        for fell in fallen:
            owner, kind = divmod(board[fell], len(game.kinds))
            sentences.append(word("diagram_removed").format(
                player=names.players[rules.players[owner]], unit=names.units[(rules.players[owner], game.kinds[kind])],
                square=square_name(fell, game.size)))
        if not fallen and len(played.turns) == 1:
            sentences.append(word("diagram_nothing"))
        if after.flag != played_turn.before.flag and after.flag != EMPTY:
            sentences.append(word("diagram_flag").format(square=square_name(after.flag, game.size)))
        placed.append(square)
    if state.is_terminal():
        if state.winner == EMPTY:
            sentences.append(word("diagram_draw"))
        else:
            sentences.append(word("diagram_wins").format(player=names.players[rules.players[state.winner]]))
    elif played.turns:
        sentences.append(word("diagram_to_move").format(player=names.players[rules.players[state.player]]))
    after = board_svg(state, terrain, names, word("diagram_after"), placed)
    return [(word("diagram_before"), before), (word("diagram_after"), after)], sentences


def board_svg(state: LegieState, terrain: tuple[str, ...] | None, names: Names, title: str,
              marked: Sequence[int] = ()) -> str:
    """The field as SVG: squares (with terrain), coordinates, the units, the Flag; ``marked`` squares outlined."""
    game = state.game
    size = game.size
    width = MARGIN + size * CELL + 1
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="rb-board" viewBox="0 0 {width:g} {width:g}" '
             f'role="img" aria-label="{escape(_describe(state, names, title))}">']

    def corner(square: int) -> tuple[float, float]:
        row, column = divmod(square, size)
        return MARGIN + column * CELL, (size - 1 - row) * CELL + 1

    for square in range(game.squares):
        x, y = corner(square)
        kind = terrain[square] if terrain else "plain"
        fill = TERRAIN_FILL.get(kind, "#eeeeee")
        parts.append(f'<rect x="{x:g}" y="{y:g}" width="{CELL:g}" height="{CELL:g}" fill="{fill}" '
                     f'stroke="#6b6456" stroke-width="0.25"/>')
        parts.append(_terrain_mark(kind, x, y))
    part = game.rules.part_size
    for line in range(part, size, part):  # where the board parts meet
        at = line * CELL
        parts.append(f'<line x1="{MARGIN + at:g}" y1="1" x2="{MARGIN + at:g}" y2="{size * CELL + 1:g}" '
                     f'stroke="#4a4439" stroke-width="0.7"/><line x1="{MARGIN:g}" y1="{at + 1:g}" '
                     f'x2="{MARGIN + size * CELL:g}" y2="{at + 1:g}" stroke="#4a4439" stroke-width="0.7"/>')
    for index in range(size):
        x = MARGIN + index * CELL + CELL / 2
        parts.append(f'<text x="{x:g}" y="{size * CELL + 4.6:g}" font-size="3" text-anchor="middle" '
                     f'fill="#4a4439">{COLUMNS[index]}</text>')
        y = (size - 1 - index) * CELL + 1 + CELL / 2 + 1
        parts.append(f'<text x="{MARGIN / 2:g}" y="{y:g}" font-size="3" text-anchor="middle" fill="#4a4439">'
                     f'{index + 1}</text>')
    for square, value in enumerate(state.board):
        if value >= 0:
            parts.append(_tile(state, square, value, names, corner(square), square in marked))
    if state.flag != EMPTY:
        x, y = corner(state.flag)
        parts.append(f'<g class="rb-flag"><line x1="{x + 3.2:g}" y1="{y + 8.4:g}" x2="{x + 3.2:g}" y2="{y + 1.8:g}" '
                     f'stroke="#3a2b1a" stroke-width="0.6"/><path d="M{x + 3.4:g} {y + 1.8:g} l4.4 1.7 l-4.4 1.7 z" '
                     f'fill="{ACCENT}"/></g>')
    parts.append("</svg>")
    return "".join(parts)


def _tile(state: LegieState, square: int, value: int, names: Names, at: tuple[float, float], marked: bool) -> str:
    game = state.game
    owner, kind_index = divmod(value, len(game.kinds))
    player, kind = game.rules.players[owner], game.kinds[kind_index]
    unit = game.rules.unit(owner, kind)
    assert unit is not None  # a unit on the board is of its army
    fill, ink = ARMY.get(owner, ARMY[1])
    x, y = at
    name = names.units.get((player, kind), kind)
    squeeze = f' textLength="{CELL - 2.4:g}" lengthAdjust="spacingAndGlyphs"' if len(name) * 1.15 > CELL - 2.4 else ""
    numbers = f"{unit.strength} / {unit.defence if unit.defence is not None else '–'}"  # as the tile prints it
    outline = f'stroke="{ACCENT}" stroke-width="0.9"' if marked else f'stroke="{ink}" stroke-width="0.25"'
    return (f'<g class="rb-unit"><rect x="{x + 0.8:g}" y="{y + 0.8:g}" width="{CELL - 1.6:g}" height="{CELL - 1.6:g}" '
            f'rx="0.8" fill="{fill}" {outline}/>'
            f'<text x="{x + CELL / 2:g}" y="{y + 4.6:g}" font-size="2.1" font-weight="700" text-anchor="middle" '
            f'fill="{ink}"{squeeze}>{escape(name)}</text>'
            f'<text x="{x + CELL / 2:g}" y="{y + 7.7:g}" font-size="2.1" text-anchor="middle" fill="{ink}">'
            f'{escape(numbers)}</text></g>')


def _terrain_mark(kind: str, x: float, y: float) -> str:
    """A small sign in the square's corner, so terrain reads without colour too."""
    if kind == "forest":
        return f'<path d="M{x + 7.2:g} {y + 9.2:g} l1.2 -2.6 l1.2 2.6 z" fill="#3f5f33"/>'
    if kind == "water":
        return (f'<path d="M{x + 6.4:g} {y + 8.6:g} q0.8 -0.8 1.6 0 t1.6 0" fill="none" stroke="#3d6f96" '
                f'stroke-width="0.35"/>')
    if kind == "fortification":
        return (f'<path d="M{x + 6.6:g} {y + 9.3:g} v-1.6 h0.6 v0.6 h0.6 v-0.6 h0.6 v0.6 h0.6 v-0.6 h0.6 v1.6 z" '
                f'fill="#7a5f3c"/>')
    if kind == "mountain":
        return f'<path d="M{x + 6.4:g} {y + 9.3:g} l1.6 -2.6 l1.6 2.6 z" fill="#5f5a54"/>'
    return ""


def _describe(state: LegieState, names: Names, title: str) -> str:
    """The diagram in words, for screen readers."""
    game = state.game
    units = []
    for square, value in enumerate(state.board):
        if value >= 0:
            owner, kind = divmod(value, len(game.kinds))
            player = game.rules.players[owner]
            units.append(f"{names.players[player]} {names.units.get((player, game.kinds[kind]), '')} "
                         f"{square_name(square, game.size)}")
    flag = f"; {names.flag} {square_name(state.flag, game.size)}" if state.flag != EMPTY else ""
    return f"{title}: {', '.join(units) or '-'}{flag}"
