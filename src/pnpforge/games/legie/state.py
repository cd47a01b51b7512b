"""The Legie engine: an immutable ``LegieGame`` from the pack's rules and a ``LegieState`` that moves by actions.

A turn lays one unit (action ``kind * squares + square``). When the laid unit's effect leaves a choice, the same
player makes it as a further action: which enemy an arrow unit shoots (``TARGET + square``) and, when several units
fell, where the Flag goes (``FLAG + square``). A choice with a single option is made at once. A player who cannot
lay any unit passes (``PASS``; DECISIONS.md). The advanced game without a given field starts with three chance
nodes: the faces, the order of the parts over the quarters, and their rotations (DECISIONS.md: who sets up).
Legie has perfect information: an observation is the whole position.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Callable, Sequence

from pnpforge.engine.api import CHANCE, TERMINAL
from pnpforge.games.legie import board as fields
from pnpforge.games.legie.model import Ruleset, Scenario
from pnpforge.games.legie.tables import Bits, Tables, terrain_tables
from pnpforge.games.legie.view import render

TARGET, FLAG, PASS = 1000, 2000, 3000
SIDES, ORDER, TURNS = 4000, 5000, 6000
SET_SIDES, SET_ORDER, SET_TURNS, PLACE, CHOOSE_TARGET, CHOOSE_FLAG, OVER = range(7)
DRAW = 2
EMPTY = -1
SCORING_RULES = {"longest_chain": ("column-longest-chain", "column-tie-last-placer"),
                 "units_in_forest": ("forests-most-units", "forests-tie-last-placer")}


Pick = Callable[[Sequence[int]], tuple[int, ...]]  # the values of some squares from a row of per-square values


def _picker(squares: list[int]) -> Pick:
    """A function taking a row of per-square values to the values of ``squares``, as a tuple."""
    if len(squares) > 1:
        return itemgetter(*squares)
    return lambda row: tuple(row[s] for s in squares)


def outcome(game: "LegieGame", me: int, hand: list[int], last_kind: int, king_taken: bool,
            score: Callable[[int], int]) -> tuple[int, str]:
    """Whether the turn of ``me`` ended the game: the winner (or DRAW) and the rule id deciding it, else
    (EMPTY, ""). ``hand``: the mover's units in hand after the turn; ``last_kind``: the kind laid last;
    ``king_taken``: the enemy King was removed this turn; ``score(player)``: a player's measure, asked only when
    the game ends on it (whether the game ends never depends on it)."""
    left = sum(hand)
    effect = game.objective["effect"]
    if effect == "king_hunt":
        king = game.hunted
        if king_taken:
            return me, "king-capture-wins"  # Rückkehr des Königs: removing the enemy King wins at once
        if left == 0 and last_kind != king:
            return me, "king-last-unit-wins"
        if left and left == hand[king]:
            return 1 - me, "king-alone-loses"  # only the King is left in hand: the mover loses
        return EMPTY, ""
    if left:
        return EMPTY, ""
    if effect == "score_at_end":
        rules = SCORING_RULES.get(game.objective.get("measure") or "", ("", ""))
        mine, theirs = score(me), score(1 - me)
        if mine != theirs:
            return (me if mine > theirs else 1 - me), rules[0]
        return (me if game.objective.get("tie") == "last_placer" else DRAW), rules[1]
    return me, "win-all-on-board"  # Spielverlauf: every own unit on the board at the end of one's own turn


class LegieGame:
    """Legie with fixed parameters: mode (basic or advanced), scenario, and the field when it is given."""

    num_players = 2

    def __init__(self, rules: Ruleset, mode: str = "basic", scenario: Scenario | None = None,
                 layout: fields.Layout | None = None):
        if mode not in ("basic", "advanced"):
            raise ValueError(f"mode must be basic or advanced, not {mode!r}")
        if scenario is not None and mode != "advanced":
            raise ValueError("scenarios are played with the advanced rules only")  # Szenarios
        self.rules, self.mode, self.scenario = rules, mode, scenario
        self.advanced = mode == "advanced"
        self.size = rules.size
        self.squares = self.size * self.size
        self.neighbours = fields.neighbours(self.size)
        self.kinds = rules.kinds
        if len(self.kinds) * self.squares >= TARGET:
            raise ValueError(f"{len(self.kinds)} unit kinds are more than the action numbering allows")
        self.units = [rules.unit(p, k) for p in range(2) for k in self.kinds]  # index: player * K + kind
        self.owner = [p for p in range(2) for _ in self.kinds]
        self.strength = [u.strength if u else 0 for u in self.units]
        self.immobile = [bool(u and u.immobile) for u in self.units]
        self.arrow = [bool(u and u.arrow) for u in self.units]
        self.crown = [bool(u and u.crown) for u in self.units]
        self.army = [[(unit.count if (unit := rules.unit(p, k)) else 0) for k in self.kinds] for p in range(2)]
        self.objective = scenario.objective if scenario else {"effect": "all_placed"}
        hunted = self.objective.get("unit")
        self.hunted = self.kinds.index(hunted) if hunted in self.kinds else -1
        needs = scenario.board_needs if scenario else "nothing"
        self.side_choices = fields.side_choices(rules.parts, needs)
        self.orders = fields.arrangements(len(rules.parts))
        self.turn_choices = fields.rotation_choices(len(rules.parts))
        if layout is None and not self.advanced:
            layout = fields.default_layout(rules)  # Basisspiel: any joining; terrain has no effect
        self.layout = layout
        # per field: its terrain tables (``terrain_tables``) and bitboards (``tables.bits_of``), kept as fields recur
        self.kept_tables: dict[tuple[str, ...], Tables] = {}
        self.kept_bits: dict[int, tuple[Tables, Bits]] = {}
        self.tables = terrain_tables(self, layout) if layout is not None else None

    def new_initial_state(self) -> "LegieState":
        """Black to lay the first unit, or the first set-up chance node when the field is still to be drawn."""
        return LegieState(self)

    def tables_for(self, layout: fields.Layout) -> Tables:
        """What the terrain of ``layout`` does to each unit on each square (cached)."""
        return terrain_tables(self, layout)


class LegieState:
    """A Legie position: who lies where, what each player still holds, the Flag, and whose choice it is."""

    __slots__ = ("game", "tables", "board", "off", "flag", "player", "phase", "choices", "fallen", "king_taken",
                 "last_kind", "last_placer", "turns", "passes", "winner", "set_up", "ended_by")

    def __init__(self, game: LegieGame, blank: bool = False):
        self.game = game
        if blank:
            return
        self.tables = game.tables
        self.board = [EMPTY] * game.squares
        self.off = [list(game.army[0]), list(game.army[1])]
        self.flag = EMPTY
        self.player = 0  # Spielverlauf: Black (the first faction of game.yaml) begins
        self.phase = PLACE if game.tables is not None else SET_SIDES
        self.choices: tuple[int, ...] = ()
        self.fallen: list[int] = []
        self.king_taken = False
        self.last_kind = EMPTY
        self.last_placer = EMPTY
        self.turns = 0
        self.passes = 0
        self.winner = EMPTY
        self.set_up: tuple = ()
        self.ended_by = ""  # the rule (rules.yaml id) or decision that ended the game

    # --- protocol ---------------------------------------------------------------------------------------------
    def current_player(self) -> int:
        """0 for Black, 1 for White, CHANCE while the field is drawn, TERMINAL at the end."""
        if self.phase == OVER:
            return TERMINAL
        return CHANCE if self.phase < PLACE else self.player

    def is_chance_node(self) -> bool:
        """True while the advanced game's field is being drawn."""
        return self.phase < PLACE

    def is_terminal(self) -> bool:
        """True once a player has won or the game is drawn."""
        return self.phase == OVER

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The set-up draws: faces meeting the scenario's need, the parts' order, their rotations; all uniform."""
        game = self.game
        count = {SET_SIDES: len(game.side_choices), SET_ORDER: len(game.orders),
                 SET_TURNS: len(game.turn_choices)}.get(self.phase, 0)
        base = {SET_SIDES: SIDES, SET_ORDER: ORDER, SET_TURNS: TURNS}.get(self.phase, 0)
        return [(base + i, 1.0 / count) for i in range(count)]

    def legal_actions(self) -> list[int]:
        """Units to lay (kind x free square the terrain allows), or the pending choice, or PASS."""
        if self.phase == PLACE:
            return self._placements() or [PASS]
        if self.phase == CHOOSE_TARGET:
            return [TARGET + s for s in self.choices]
        if self.phase == CHOOSE_FLAG:
            return [FLAG + s for s in self.choices]
        if self.phase < PLACE:
            return [a for a, _ in self.chance_outcomes()]
        return []

    def _placements(self) -> list[int]:
        """Kind by kind, free squares in rising order: one C-level pick per group of kinds the same squares take."""
        board, flag, tables = self.board, self.flag, self.laid
        free = [s for s in range(len(board)) if board[s] < 0]
        if flag >= 0 and board[flag] < 0:
            free.remove(flag)
        actions: list[int] = []
        picks: dict[int, Pick] = {}
        everywhere: Pick | None = None  # the pick for kinds every square takes (mask 0): the same list, unfiltered
        base = self.player * len(self.game.kinds)
        for k, left in enumerate(self.off[self.player]):
            if left:
                index = base + k
                mask = tables.mask[index]
                if not mask:
                    everywhere = everywhere or _picker(free)
                    actions += everywhere(tables.actions[k])
                    continue
                if mask not in picks:
                    allowed = tables.allowed[index]
                    picks[mask] = _picker([s for s in free if allowed[s]])
                actions += picks[mask](tables.actions[k])
        return actions

    def apply_action(self, action: int) -> None:
        """Play an action; raise ValueError when it is not legal here."""
        phase = self.phase
        if phase == PLACE:
            if action == PASS:
                self._pass()
            else:
                self._place(action)
        elif phase == CHOOSE_TARGET and action - TARGET in self.choices:
            self._shoot(action - TARGET)
        elif phase == CHOOSE_FLAG and action - FLAG in self.choices:
            self.flag = action - FLAG
            self._end_turn()
        elif phase < PLACE:
            self._set_up(action)
        else:
            raise ValueError(f"action {action} is not legal now")

    # --- a turn -----------------------------------------------------------------------------------------------
    def _place(self, action: int) -> None:
        """Lay a unit and resolve its swords and crown at once, then its arrow (Basisspiel: the active unit)."""
        game, tables = self.game, self.laid
        kind, square = divmod(action, game.squares)
        me = self.player
        index = me * len(game.kinds) + kind
        if not (0 <= kind < len(game.kinds)) or self.off[me][kind] <= 0:
            raise ValueError(f"no {game.kinds[kind] if 0 <= kind < len(game.kinds) else action} left to lay")
        if self.board[square] >= 0 or square == self.flag or not tables.allowed[index][square]:
            raise ValueError(f"square {fields.square_name(square, game.size)} cannot take that unit")
        board, owner = self.board, game.owner
        board[square] = index
        self.off[me][kind] -= 1
        self.last_kind, self.last_placer, self.passes = kind, me, 0
        fallen: list[int] = []
        strength = game.strength[index]
        neighbours = game.neighbours
        defence = tables.defence
        if strength:
            # Einheiten mit Schwertsymbol: each edge neighbour is attacked; own swords touching it support.
            for n in neighbours[square]:
                v = board[n]
                if v >= 0 and owner[v] != me and not game.immobile[v]:
                    total = strength
                    for m in neighbours[n]:
                        w = board[m]
                        if m != square and w >= 0 and owner[w] == me:
                            total += game.strength[w]
                    if total > defence[v][n]:  # strictly greater: a draw leaves the defender standing
                        fallen.append(n)
        if game.crown[index]:
            # Einheiten mit Krone: every edge neighbour falls, shields or not; immobile units stay.
            for n in neighbours[square]:
                v = board[n]
                if v >= 0 and owner[v] != me and not game.immobile[v] and n not in fallen:
                    fallen.append(n)
        for n in fallen:
            self._remove(n)
        self.fallen = fallen
        if game.arrow[index] and tables.can_shoot[square]:
            targets = self.arrow_targets()
            if len(targets) > 1:
                self.phase, self.choices = CHOOSE_TARGET, tuple(targets)
                return
            if targets:  # Einheit mit Pfeilsymbol: a target that can be shot must be shot
                self._remove(targets[0])
                fallen.append(targets[0])
        self._settle_flag()

    def arrow_targets(self) -> list[int]:
        """Enemy units an arrow may hit: no shield (fortification counts), not immobile, not in forest."""
        board, owner, safe, me = self.board, self.game.owner, self.laid.arrow_safe, self.player
        return [s for s, v in enumerate(board) if v >= 0 and owner[v] != me and not safe[v][s]]

    def _shoot(self, square: int) -> None:
        self._remove(square)
        self.fallen.append(square)
        self._settle_flag()

    def _remove(self, square: int) -> None:
        """Take a unit off; it goes back to its owner (Spielverlauf) and may be laid again."""
        game = self.game
        index = self.board[square]
        self.board[square] = EMPTY
        player, kind = divmod(index, len(game.kinds))
        self.off[player][kind] += 1
        if kind == game.hunted and player != self.player:
            self.king_taken = True

    def _settle_flag(self) -> None:
        """Flagge: the Flag goes to the square of a fallen unit; with several, the active player picks one."""
        fallen = self.fallen
        if len(fallen) > 1:
            self.phase, self.choices = CHOOSE_FLAG, tuple(sorted(fallen))
            return
        if fallen:
            self.flag = fallen[0]
        self._end_turn()

    def _pass(self) -> None:
        """A player with no legal square passes; two passes in a row end the game in a draw (DECISIONS.md)."""
        self.passes += 1
        if self.passes >= 2:
            self._finish(DRAW, "no-square-for-either-player")
            return
        self._end_turn()

    def _end_turn(self) -> None:
        """Check the mover's goal (only at the end of their own turn), then the turn limit, then hand over."""
        self.turns += 1
        self.choices, self.fallen = (), []
        result, rule = self._result()
        self.king_taken = False
        if result != EMPTY:
            self._finish(result, rule)
        elif self.turns >= self.game.rules.turn_limit:
            self._finish(DRAW, "turn-limit")  # DECISIONS.md: the game that never ends
        else:
            self.player = 1 - self.player
            self.phase = PLACE

    def _finish(self, winner: int, rule: str) -> None:
        self.winner, self.phase, self.choices, self.ended_by = winner, OVER, (), rule

    def _result(self) -> tuple[int, str]:
        """The winner (or DRAW) and the rule id deciding it, if the mover's turn ended the game, else EMPTY."""
        me = self.player
        return outcome(self.game, me, self.off[me], self.last_kind, self.king_taken, self.score)

    def score(self, player: int) -> int:
        """A scenario's measure for ``player``: longest chain (Kolonne) or units in forest (Herr der Wälder)."""
        if self.game.objective.get("measure") == "units_in_forest":
            forest = self.laid.forest
            return sum(1 for s, v in enumerate(self.board) if v >= 0 and self.game.owner[v] == player and forest[s])
        return fields.longest_chain(self.board, self.game.owner, self.game.neighbours, player)

    # --- set-up (advanced game, field not given) -----------------------------------------------------------------
    def _set_up(self, action: int) -> None:
        game = self.game
        base, limit = {SET_SIDES: (SIDES, len(game.side_choices)), SET_ORDER: (ORDER, len(game.orders)),
                       SET_TURNS: (TURNS, len(game.turn_choices))}[self.phase]
        if not 0 <= action - base < limit:
            raise ValueError(f"set-up outcome {action} is not possible now")
        self.set_up += (action - base,)
        if self.phase < SET_TURNS:
            self.phase += 1
            return
        sides, order, turns = self.set_up
        layout = fields.layout_from_choice(game.rules, game.side_choices[sides], game.orders[order],
                                           game.turn_choices[turns])
        self.tables = game.tables_for(layout)
        self.phase = PLACE

    # --- reading the position ---------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        """1 for the winner and 0 for the loser, half each for a draw, zeros while the game goes on."""
        if self.phase != OVER:
            return [0.0, 0.0]
        if self.winner == DRAW:
            return [0.5, 0.5]
        return [1.0, 0.0] if self.winner == 0 else [0.0, 1.0]

    @property
    def laid(self) -> Tables:
        """The terrain tables of the field, there from the placing phase on (not while the field is set up)."""
        tables = self.tables
        if tables is None:
            raise ValueError("the field is not laid yet")
        return tables

    def observation(self, player: int) -> tuple:
        """The whole position: Legie hides nothing."""
        layout = self.tables.layout.terrain if self.tables is not None else self.set_up
        return (tuple(self.board), tuple(self.off[0]), tuple(self.off[1]), self.flag, self.player, self.phase,
                self.choices, self.turns, self.passes, layout)

    def clone(self) -> "LegieState":
        """An independent copy sharing only the immutable game and terrain tables."""
        other = LegieState(self.game, blank=True)
        other.tables, other.board, other.off = self.tables, self.board[:], [self.off[0][:], self.off[1][:]]
        other.flag, other.player, other.phase, other.choices = self.flag, self.player, self.phase, self.choices
        other.fallen, other.king_taken, other.last_kind = self.fallen[:], self.king_taken, self.last_kind
        other.last_placer, other.turns, other.passes = self.last_placer, self.turns, self.passes
        other.winner, other.set_up, other.ended_by = self.winner, self.set_up, self.ended_by
        return other

    def put(self, square: int, player: int, kind: int) -> None:
        """Set-up only: move one of ``player``'s units of ``kind`` from hand onto ``square``, with no effect."""
        if self.off[player][kind] <= 0 or self.board[square] >= 0:
            raise ValueError("that unit is not in hand or the square is taken")
        self.board[square] = player * len(self.game.kinds) + kind
        self.off[player][kind] -= 1

    def unit_at(self, square: int) -> tuple[str, str] | None:
        """``(player id, unit kind)`` of the unit on a square, or None."""
        index = self.board[square]
        if index < 0:
            return None
        player, kind = divmod(index, len(self.game.kinds))
        return self.game.rules.players[player], self.game.kinds[kind]

    def actor_to_string(self, player: int) -> str:
        """Who acts, for transcripts: ``turn 12 black``."""
        return f"turn {self.turns + 1} {self.game.rules.players[player]}"

    def action_to_string(self, action: int) -> str:
        """``knight to c3``, ``shoot d4``, ``flag to e5``, ``pass`` or the set-up draw."""
        game = self.game
        name = lambda s: fields.square_name(s, game.size)  # noqa: E731 - local shorthand
        if action == PASS:
            return "pass"
        if action >= TURNS:
            return f"set-up: rotations {game.turn_choices[action - TURNS]}"
        if action >= ORDER:
            order = game.orders[action - ORDER]
            return "set-up: parts " + " ".join(game.rules.parts[i].id for i in order) + " over nw ne sw se"
        if action >= SIDES:
            return "set-up: faces " + "".join(game.side_choices[action - SIDES])
        if action >= FLAG:
            return f"flag to {name(action - FLAG)}"
        if action >= TARGET:
            return f"shoot {name(action - TARGET)}"
        kind, square = divmod(action, game.squares)
        return f"{game.kinds[kind]} to {name(square)}"

    def __str__(self) -> str:
        """The field, the hands and whose turn it is (view.py)."""
        return render(self)
