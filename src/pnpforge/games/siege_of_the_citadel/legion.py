"""The Dark Legion turn and the AI deck that commands it when no player does.

The turn (rules ``dl-event``, ``dl-reinforcements``, ``dl-reveal``, ``dl-activate``, ``dl-discard-event``): the
next event card; its reinforcements (or one force card per corporation still playing) wait outside a red entrance,
as many as the box still holds; one face-down force card is turned up on a tile; then every creature takes its
actions, two or three, one creature after another.

The AI deck (rules ``ai-deck``, ``ai-north``, ``ai-compass``, ``ai-corporation``, ``ai-matrix``, ``ai-actions``,
``ai-turn``, ``ai-target``, ``ai-reshuffle``), as the cards say: a card set aside at the start of the turn breaks
ties and orders the activations (its compass pair: the creature furthest in its primary direction, then its
secondary, goes first); a revealed force card goes to the tile nearest the Doomtroopers that still holds one, its
figures as near the card's matrix square as the rules allow; for each creature action a new card is turned and
its first instruction that applies is followed; the target is the nearest Doomtrooper, the card set aside (its
corporation, then its compass) deciding between equals. North is the top of the map as laid.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from pnpforge.engine.compass import extreme
from pnpforge.engine.loop import uniform
from pnpforge.engine.grid import Cell, chebyshev
from pnpforge.games.siege_of_the_citadel import board, combat, events, pile, turns
from pnpforge.games.siege_of_the_citadel.actions import act
from pnpforge.games.siege_of_the_citadel.data import AiCard
from pnpforge.games.siege_of_the_citadel.figures import Fig
from pnpforge.games.siege_of_the_citadel.game import LEGION

if TYPE_CHECKING:
    from pnpforge.games.siege_of_the_citadel.state import SiegeState

COMPASS = {"north": "N", "east": "E", "south": "S", "west": "W"}


def turn(state: SiegeState) -> None:
    for fig in state.figs.values():
        if fig.side == LEGION:
            fig.done = fig.asleep is not None  # a face-up card's creatures wait for a Doomtrooper on their tile
    state.ai_seen = ()
    state.ai_cards = 0
    state.tiebreak = None
    first = (("chance", "ai", "tiebreak", ""),) if state.game.automaton else ()
    blasts = tuple(("blast", cell) for cell in state.bombs)
    state.bombs = ()
    turrets = tuple(("turret", cell) for cell, token in sorted(state.tokens.items()) if token == "defence_turret")
    state.push(*blasts, *turrets, *first, ("chance", "event"), ("reinforce",), ("reveal",), ("legion_next",),
               ("legion_end",))


def event_outcomes(state: SiegeState) -> list[tuple[int, Fraction]]:
    left = [n for n in state.game.mission.events if n not in state.events_seen]
    return uniform(left)


def event(state: SiegeState, number: int) -> None:
    state.event = number
    state.events_seen = (*state.events_seen, number)
    state.tell(f"event {number}", "dl-event")
    state.push(("event_effect", number))


def reinforce(state: SiegeState) -> None:
    if events.no_reinforcements(state):  # rule event-no-reinforcements
        return
    card = state.game.events.get(state.event or 0)
    listed = card.get("reinforcements", []) if card is not None else []
    if listed:
        kinds = tuple(k for entry in listed for k in [entry["creature"]] * entry["count"])
        state.push(red_step(state, kinds))
    else:
        teams = sum(1 for t in state.teams.values() if not t.out)
        state.push(*(("chance", "force", -1, "reinforce") for _ in range(teams)))


def red_step(state: SiegeState, kinds: tuple[str, ...]) -> tuple:
    seat = state.game.seat_of(LEGION)
    if seat is None or not red_options(state, kinds):
        return ("ai_red", kinds)
    return ("decide", seat, "red", kinds)


def red_options(state: SiegeState, kinds: tuple[str, ...]) -> list[tuple]:
    return [("red", i) for i, e in enumerate(state.game.mission.entrances) if e.colour == "red"]


def red(state: SiegeState, action: tuple, kinds: tuple[str, ...]) -> None:
    """Rules ``dl-reinforcements``, ``spawn-missing-figures``: the figures wait at the entrance, as many as the box
    still holds."""
    for kind in kinds:
        fig = new_figure(state, kind)
        if fig is not None:
            fig.outside = action[1]
            fig.done = True  # reinforcements act from the next Dark Legion turn


def ai_red(state: SiegeState, kinds: tuple[str, ...]) -> None:
    """The AI sends reinforcements to the red entrance nearest a Doomtrooper."""
    options = red_options(state, kinds)
    if options:
        troopers = trooper_cells(state)
        entrances = state.game.mission.entrances
        best = min(options, key=lambda o: (min((state.game.distance(entrances[o[1]].cell, t) for t in troopers),
                                               default=0), o[1]))
        red(state, best, kinds)


def new_figure(state: SiegeState, kind: str) -> Fig | None:
    if state.pool.get(kind, 0) <= 0:
        state.count("figures missing")
        return None
    state.pool[kind] -= 1
    state.count(f"placed {kind}")
    state.counter += 1
    fig = Fig(f"{kind}-{state.counter}", LEGION, kind, kind.replace("_", " "))
    state.figs[fig.id] = fig
    return fig


def face_up(state: SiegeState, number: int, cell: Cell) -> None:
    """Rule ``mission-face-up-force``: a force card the brief deals face up puts its creatures on its square (the
    nearest free squares of that tile for more than one) at the start; they act from the first Dark Legion turn
    after a Doomtrooper has ended a Move on that tile (``turns.wake``)."""
    mission = state.game.mission
    tile = mission.tile_of[cell]
    free = sorted((c for c in mission.tile_cells[tile] if not mission.grid.blocks_movement(c)),
                  key=lambda c: (state.game.distance(cell, c), c))
    kinds = [k for entry in state.game.forces[number].get("figures", []) for k in [entry["creature"]] * entry["count"]]
    taken = state.occupied_cells()
    for kind in kinds:
        spot = next((c for c in free if c not in taken), None)
        fig = new_figure(state, kind) if spot is not None else None
        if fig is not None and spot is not None:
            fig.cell, fig.asleep, fig.done = spot, tile, True
            taken.add(spot)
    state.tell(f"force card {number} face up on side {mission.tiles[tile]}: {', '.join(kinds)}",
               "mission-face-up-force")


# --- force cards ---------------------------------------------------------------------------------------------------
def unseen(state: SiegeState) -> list[int]:
    """Force cards not turned up yet (face down on a tile or in the draw pile): all equally likely to come up. An
    empty pile is made again from the discards (rule ``spawn-discard``)."""
    left = [n for n in state.game.mission.forces if n not in state.seen_forces and n not in state.stacked]
    return left or [n for n in state.game.mission.forces if n not in state.stacked] or list(state.game.mission.forces)


def force_outcomes(state: SiegeState, tile: int, purpose: str) -> list[tuple[int, Fraction]]:
    """Rule ``card-intelligence-report``: a card drawn from the pile (no tile) is the first one a team put back in
    order, when there is one."""
    if tile < 0 and state.stacked:
        return [(state.stacked[0], Fraction(1))]
    return uniform(unseen(state))


def force(state: SiegeState, number: int, tile: int, purpose: str) -> None:
    pile.drawn(state, number)
    if all(n in state.seen_forces for n in state.game.mission.forces):
        state.seen_forces = ()
    state.seen_forces = (*state.seen_forces, number)
    card = state.game.forces[number]
    kinds = tuple(k for entry in card.get("figures", []) for k in [entry["creature"]] * entry["count"])
    rule = "spawn-first-entry" if purpose == "spawn" else "dl-reinforcements" if purpose == "reinforce" else "dl-reveal"
    state.tell(f"force card {number} ({purpose}): {', '.join(kinds)}", rule)
    state.count("force cards")
    if purpose == "reinforce":
        state.push(red_step(state, kinds))
        return
    state.face_down = tuple(n - 1 if i == tile else n for i, n in enumerate(state.face_down))
    seat = state.game.seat_of(LEGION)
    if seat is None:
        state.push(*(("chance", "ai", "place", f"{kind}@{tile}") for kind in kinds))
    else:
        state.push(*(("decide", seat, "place", kind, tile) for kind in kinds))


def place_options(state: SiegeState, kind: str, tile: int) -> list[tuple]:
    if state.pool.get(kind, 0) <= 0:
        return [("skip",)]
    cells = turns.spawn_cells(state, tile)
    return [("place", c) for c in cells] or [("skip",)]


def place(state: SiegeState, action: tuple, kind: str, tile: int) -> None:
    """Rules ``spawn-placement``, ``spawn-missing-figures``."""
    if action[0] == "skip":
        state.count("figures missing")
        return
    fig = new_figure(state, kind)
    if fig is not None:
        fig.cell = action[1]
        fig.done = state.acting != LEGION  # spawned on a corporation turn: they act on the Dark Legion turn


def reveal(state: SiegeState) -> None:
    tiles = [i for i, n in enumerate(state.face_down) if n > 0]
    if not tiles:
        return
    seat = state.game.seat_of(LEGION)
    if seat is not None:
        state.push(("decide", seat, "reveal"))
        return
    troopers = trooper_cells(state) or [e.cell for e in state.game.mission.entrances if e.colour == "white"]
    mission = state.game.mission

    def nearness(tile: int) -> tuple[int, int]:
        return min(state.game.distance(c, t) for c in mission.tile_cells[tile] for t in troopers), tile

    state.push(("chance", "force", min(tiles, key=nearness), "reveal"))


def reveal_options(state: SiegeState) -> list[tuple]:
    return [("reveal", i) for i, n in enumerate(state.face_down) if n > 0]


def do_reveal(state: SiegeState, action: tuple) -> None:
    state.push(("chance", "force", action[1], "reveal"))


# --- activations ---------------------------------------------------------------------------------------------------
def ready(state: SiegeState) -> list[Fig]:
    return [f for f in state.figs.values() if f.side == LEGION and not f.done and
            (f.cell is not None or f.outside is not None)]


def legion_next(state: SiegeState) -> None:
    waiting = ready(state)
    if not waiting:
        return
    seat = state.game.seat_of(LEGION)
    if seat is not None:
        state.push(("decide", seat, "activate", LEGION), ("legion_next",))
        return
    card = card_of(state, state.tiebreak)
    cells = {where(state, f): f for f in reversed(waiting)}
    first = cells[extreme(cells, COMPASS[card.primary], COMPASS[card.secondary]) or next(iter(cells))]
    first.left = state.game.board().creatures[first.kind].actions + events.extra_actions(state)
    state.push(("chance", "ai", "act", first.id), ("legion_next",))


def where(state: SiegeState, fig: Fig) -> Cell:
    if fig.cell is not None:
        return fig.cell
    return state.game.mission.entrances[fig.outside or 0].cell


def legion_end(state: SiegeState) -> None:
    """Rules ``dl-discard-event``, ``ai-reshuffle``: the event is discarded and the AI cards shuffled together."""
    if state.game.automaton:  # the AI cards this turn took, as the validator weighs the deck's work
        state.count("ai turns")
        state.count("ai turn cards", state.ai_cards)
        state.count(f"ai turn cards {state.ai_cards}")
        state.ai_cards = 0
    state.event = None
    state.pinned = ()  # rule card-suppressing-fire: the mark lasts until this turn ends
    state.ai_seen = ()
    state.tiebreak = None
    for fig in state.figs.values():
        fig.done = False


# --- the AI deck ---------------------------------------------------------------------------------------------------
def card_of(state: SiegeState, number: int | None) -> AiCard:
    for card in state.game.ai:
        if card.number == number:
            return card
    return state.game.ai[0]


def ai_outcomes(state: SiegeState, purpose: str, subject: str) -> list[tuple[int, Fraction]]:
    seen = state.ai_seen
    left = [c.number for c in state.game.ai if c.number not in seen] or [c.number for c in state.game.ai]
    return uniform(left)


def ai(state: SiegeState, number: int, purpose: str, subject: str) -> None:
    if all(c.number in state.ai_seen for c in state.game.ai):
        state.ai_seen = ()
    state.ai_seen = (*state.ai_seen, number)
    state.ai_cards += 1
    card = card_of(state, number)
    state.count(f"ai card {number}")
    if purpose == "tiebreak":
        state.tiebreak = number
    elif purpose == "place":
        kind, tile = subject.split("@")
        ai_place(state, card, kind, int(tile))
    else:
        ai_act(state, card, subject)


def ai_place(state: SiegeState, card: AiCard, kind: str, tile: int) -> None:
    """Rule ``ai-matrix``: the figure goes to the legal square nearest the card's matrix square of the tile (ties:
    the card's compass pair)."""
    options = place_options(state, kind, tile)
    if options[0][0] == "skip":
        place(state, options[0], kind, tile)
        return
    mission = state.game.mission
    cells = [o[1] for o in options]
    origin = min(mission.tile_cells[tile])
    # the matrix square counted from the tile's north-west square as it lies
    xs = sorted({c[0] for c in mission.tile_cells[tile]})
    ys = sorted({c[1] for c in mission.tile_cells[tile]})
    square = (xs[0] + card.matrix[0], ys[0] + card.matrix[1]) if xs and ys else origin
    best = min(chebyshev(c, square) for c in cells)
    near = [c for c in cells if chebyshev(c, square) == best]
    chosen = extreme(near, COMPASS[card.primary], COMPASS[card.secondary]) or near[0]
    place(state, ("place", chosen), kind, tile)


def trooper_cells(state: SiegeState) -> list[Cell]:
    return [f.cell for f in state.figs.values() if f.side != LEGION and f.cell is not None]


def nearest(state: SiegeState, fig: Fig, candidates: list[Fig], weakest: bool = False) -> Fig | None:
    """Rule ``ai-target``: the nearest (or weakest) Doomtrooper; the card set aside breaks ties by its corporation,
    then by its compass pair (rules ``ai-corporation``, ``ai-compass``)."""
    if not candidates:
        return None
    origin = where(state, fig)
    card = card_of(state, state.tiebreak)

    def rank(other: Fig) -> tuple:
        assert other.cell is not None
        first = other.health if weakest else state.game.distance(origin, other.cell)
        return first, other.side != card.target

    best = min(rank(c) for c in candidates)
    tied = [c for c in candidates if rank(c) == best]
    if len(tied) == 1:
        return tied[0]
    by_cell = {c.cell: c for c in tied}
    cell = extreme(by_cell, COMPASS[card.primary], COMPASS[card.secondary])  # type: ignore[arg-type]
    return by_cell[cell]


def ai_act(state: SiegeState, card: AiCard, fid: str) -> None:
    """Rule ``ai-actions``: the first instruction of the card that applies is followed; when none does, the action
    is spent standing still."""
    fig = state.figs.get(fid)
    if fig is None:
        return
    state.count(f"ai card {card.number} turned")
    looked = Looked(state, fig)
    for line, instruction in enumerate(card.instructions, 1):
        action = follow(state, fig, instruction.kind, looked)
        if action is not None:
            state.count(f"ai instruction {instruction.kind}")
            state.count(f"ai card {card.number} resolved")
            state.count(f"ai card {card.number} line {line}")
            act(state, action, fid)
            return
    state.count("ai instruction none")
    fig.left -= 1
    state.push(("go_on", fid))


class Looked:
    """What the instructions of one AI card ask about a creature's position, each worked out once for all of the
    card's lines (nothing moves while they are read)."""

    def __init__(self, state: SiegeState, fig: Fig):
        self.state, self.fig = state, fig
        self._attacks: list[tuple] | None = None
        self._reach: dict[Cell, int] | None = None
        self._grid: Any = None
        self._occupied: set[Cell] | None = None
        self.troopers = [f for f in state.figs.values() if f.side != LEGION and f.cell is not None]

    @property
    def attacks(self) -> list[tuple]:
        if self._attacks is None:
            self._attacks = combat.creature_attacks(self.state, self.fig)
        return self._attacks

    @property
    def reach(self) -> dict[Cell, int]:
        if self._reach is None:
            self._reach = board.destinations(self.state, self.fig)
        return self._reach

    @property
    def grid(self) -> Any:
        if self._grid is None:
            self._grid = board.sight_grid(self.state)
        return self._grid

    @property
    def occupied(self) -> set[Cell]:
        if self._occupied is None:
            self._occupied = self.state.occupied_cells()
        return self._occupied


def follow(state: SiegeState, fig: Fig, kind: str, looked: Looked | None = None) -> tuple | None:
    """The action an instruction asks of ``fig`` here, or None when it does not apply. A figure waiting outside an
    entrance is one step further from everything than the entrance itself: stepping onto the map brings it nearer.
    ``looked``: what the card's earlier lines worked out about this position."""
    looked = looked or Looked(state, fig)
    troopers = looked.troopers
    if not troopers:
        return None
    attacks = looked.attacks
    by_target: dict[str, tuple] = {}
    for attack in attacks:
        if kind == "fire_nearest" and attack[1] != "firearms":
            continue
        by_target.setdefault(attack[2], attack)
    if kind in ("attack_nearest", "attack_weakest", "fire_nearest"):
        target = nearest(state, fig, [state.figs[t] for t in by_target], weakest=kind == "attack_weakest")
        return None if target is None else by_target[target.id]
    if kind == "close_in":
        close = [a for a in attacks if a[1] == "close_combat"]
        if close:
            target = nearest(state, fig, [state.figs[a[2]] for a in close])
            return None if target is None else ("attack", "close_combat", target.id)
    reach = looked.reach
    if not reach:
        return None
    goal = nearest(state, fig, troopers)
    assert goal is not None and goal.cell is not None
    card = card_of(state, state.tiebreak)

    def pick(cells: list[Cell]) -> tuple | None:
        if not cells:
            return None
        return ("move", extreme(cells, COMPASS[card.primary], COMPASS[card.secondary]))

    distance = state.game.distance
    entering = 1 if fig.cell is None else 0  # a figure waiting outside steps onto its entrance first
    here = distance(where(state, fig), goal.cell) + entering
    if kind == "close_in":
        beside = [c for c in reach if board.touching(state.game.mission.grid, c, goal.cell)]
        return pick(beside)
    if kind == "move_toward_nearest":
        best = min(distance(c, goal.cell) for c in reach)
        return pick([c for c in reach if distance(c, goal.cell) == best]) if best < here else None
    if kind == "move_to_sight":
        grid, occupied = looked.grid, looked.occupied
        if fig.cell is not None and any(board.can_see(state, grid, fig.cell, t.cell, occupied) for t in troopers
                                        if t.cell is not None):
            return None
        seen = [c for c in reach if any(board.can_see(state, grid, c, t.cell, occupied) for t in troopers
                                        if t.cell is not None)]
        if not seen:
            return None
        best = min(distance(c, goal.cell) for c in seen)
        return pick([c for c in seen if distance(c, goal.cell) == best])
    if kind == "move_away_in_sight":
        grid, occupied = looked.grid, looked.occupied
        away = [c for c in reach if distance(c, goal.cell) > here and
                board.can_see(state, grid, c, goal.cell, occupied)]
        if not away:
            return None
        best = max(distance(c, goal.cell) for c in away)
        return pick([c for c in away if distance(c, goal.cell) == best])
    if kind == "move_toward_objective":
        targets = state.game.mission.targets
        if not targets:
            return None
        aim = min(targets, key=lambda t: (distance(where(state, fig), t), t))
        now = distance(where(state, fig), aim) + entering
        best = min(distance(c, aim) for c in reach)
        return pick([c for c in reach if distance(c, aim) == best]) if best < now else None
    return None


def legion_activate(state: SiegeState, action: tuple, side: str) -> None:
    """A Dark Legion player's creature starts its activation: two actions, three for the great creatures (rule
    ``dl-activate``)."""
    fig = state.figs[action[1]]
    fig.left = state.game.board().creatures[fig.kind].actions + events.extra_actions(state)
    state.push(("decide", state.game.seat_of(LEGION), "act", fig.id))


def options_any(state: SiegeState) -> Any:
    return None


def blast(state: SiegeState, cell: Cell) -> None:
    """Rule ``time-bomb``: a trap attack on the bomb's square and every neighbour no wall shields."""
    grid = board.sight_grid(state)
    squares = {cell, *(c for c in board.around(cell) if c in grid and board.touching(grid, cell, c))}
    targets = [f.id for f in state.figs.values() if f.cell in squares]
    dice = tuple(state.game.board().terrain.get("trap", {}).get("dice", ["white", "white"]))
    state.tell(f"a time bomb goes off at {cell}", "time-bomb")
    if targets:
        combat.start(state, None, "trap", targets, dice, area=True)


def turret(state: SiegeState, cell: Cell) -> None:
    """Rule ``dl-special-attacks``: a defence turret fires at the nearest Doomtrooper in sight at the start of each
    Dark Legion turn, with the board's turret dice (the brief of High Command Error)."""
    grid = board.sight_grid(state)
    seen = [f for f in state.figs.values() if f.side != LEGION and f.cell is not None and
            chebyshev(cell, f.cell) <= events.firearm_reach(state, board.DARK_LEGION_RANGE) and
            board.can_see(state, grid, cell, f.cell)]
    if not seen:
        return
    target = min(seen, key=lambda f: (state.game.distance(cell, f.cell), f.id))  # type: ignore[arg-type]
    dice = tuple(state.game.board().terrain.get("defence_turret", {}).get("dice", ["white"]))
    combat.start(state, None, "firearms", [target.id], dice)
