"""Set-up, rounds and corporation turns: the teams and their draft, the random marker order, entering at a white
entrance, activating each Doomtrooper for two actions, moves with doors and traps on the way, force spawns on a
team's first entry to a tile, the objective's Special action and Doomtrooper cards.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from pnpforge.engine.loop import uniform
from pnpforge.engine.grid import Cell, edge
from pnpforge.games.siege_of_the_citadel import board, campaign, cards, events, reactions, secondary
from pnpforge.games.siege_of_the_citadel.data import BLOCKING_TOKENS
from pnpforge.games.siege_of_the_citadel.figures import Fig, Team
from pnpforge.games.siege_of_the_citadel.game import LEGION

if TYPE_CHECKING:
    from pnpforge.games.siege_of_the_citadel.state import SiegeState

HEALTH = 5  # every Doomtrooper starts a mission on 5 (p.10)
ACTIONS = 2  # per Doomtrooper (p.13)


# --- set-up ---------------------------------------------------------------------------------------------------------
def set_up(state: SiegeState) -> None:
    """Rules ``setup-corporation``, ``setup-mission``, ``setup-map``, ``setup-force-cards``, ``setup-rank-single``,
    ``setup-event-deck``, ``setup-doomtrooper-cards``: teams at the agreed rank, door tokens and markers on the
    map, one face-down force card per team on every tile, the event deck drawn round by round."""
    game, settings = state.game, state.game.settings
    mission = game.mission
    state.pool = dict(game.pack.game.parameters.get("figure_pool", {}))
    state.doors = frozenset(mission.doors)
    state.tokens = dict(mission.markers)
    teams = len(settings.corporations)
    state.face_down = tuple(teams * mission.forces_per_tile for _ in mission.tiles)
    for corp in settings.corporations:
        rank = game.rank_of(corp, settings.rank)
        team = Team(corp, settings.rank, settings.points, rank.credits)
        state.teams[corp] = team
        state.hands[corp] = ()
    if settings.carried:
        campaign.start_ranks(state)
    state.commander = commander(state)
    order = draft_order(state)
    deal = cards.deal_steps(state, {c: game.rank_of(c, t.rank).cards for c, t in state.teams.items()})
    deal += secondary.setup_steps(state)
    deal = [*(("face_up", number, cell) for number, cell in mission.face_up), *deal]
    if not settings.draft:
        for corp in order:
            quick_start(state, corp)
        state.push(*deal, ("round",))
        return
    state.push(*deal, *(("decide", game.seat_of(corp), "send", corp) for corp in order), ("draft",), ("round",))


def commander(state: SiegeState) -> str | None:
    """Rule ``setup-commander``: the corporation whose rank and points are both higher than every other player's,
    the Dark Legion's included; nobody when there is no such player."""
    for corp, team in state.teams.items():
        others = [(t.rank, t.points) for c, t in state.teams.items() if c != corp]
        others.append((state.legion_rank, 0))
        if all(team.rank > rank and team.points > points for rank, points in others):
            return corp
    return None


def quick_start(state: SiegeState, corp: str) -> None:
    """Rule ``setup-quick-start``: the corporation's quick start card gives its two Doomtroopers and their cards
    instead of the draft (without one, each takes the free weapon of its specialty)."""
    game = state.game
    cards = [c for c in game.pack.of_type("quick_start_card") if c.get("faction") == corp]
    known = {t.id: t for t in game.troopers[corp]}
    loadout = cards[0].get("loadout", []) if cards else [{"trooper": t.id} for t in game.troopers[corp][:2]]
    for entry in loadout[:2]:
        trooper = known[entry["trooper"]]
        fig = Fig(trooper.id, corp, trooper.specialty, trooper.name, HEALTH)
        fig.weapon = entry.get("weapon") or next(e.id for e in game.equipment.values()
                                                 if e.kind == "weapon" and e.cost == 0 and fig.kind in e.icons)
        fig.gear = tuple(entry.get("gear", []))
        fig.augment = entry.get("augment")
        state.figs[fig.id] = fig
        for item in (fig.weapon, fig.augment, *fig.gear):
            if item is not None:
                state.taken[item] = state.taken.get(item, 0) + 1
    state.teams[corp].troopers = tuple(e["trooper"] for e in loadout[:2])
    state.teams[corp].credits = 0


def draft_order(state: SiegeState) -> tuple[str, ...]:
    """Rule ``setup-draft-order-single``: the player left of the Dark Legion drafts first, then on to the left."""
    game = state.game
    if game.settings.carried:  # rule setup-draft-order-campaign: the lowest team first (ties: by seat)
        return tuple(sorted(state.teams, key=lambda c: (state.teams[c].rank, state.teams[c].points,
                                                        game.seat_of(c) or 0)))
    seats = [game.seat_of(c) or 0 for c in game.settings.corporations]
    legion = game.settings.legion_seat if game.settings.legion_seat is not None else -1
    players = max(1, game.num_players)
    ordered = sorted(zip(seats, game.settings.corporations), key=lambda p: (p[0] - legion - 1) % players)
    return tuple(corp for _, corp in ordered)


def send_options(state: SiegeState, corp: str) -> list[tuple]:
    """Rule ``setup-trooper-choice``: two of the corporation's three Doomtroopers go."""
    ids = [t.id for t in state.game.troopers[corp]]
    return [("send", a, b) for a, b in combinations(ids, 2)]


def send(state: SiegeState, action: tuple, corp: str) -> None:
    known = {t.id: t for t in state.game.troopers[corp]}
    for fid in action[1:]:
        trooper = known[fid]
        state.figs[fid] = Fig(fid, corp, trooper.specialty, trooper.name, HEALTH)
    state.teams[corp].troopers = tuple(action[1:])


def draft(state: SiegeState) -> None:
    """Rule ``setup-draft``: teams take one card at a time in turn."""
    state.draft = draft_order(state)
    state.push(("draft_next",))


def draft_next(state: SiegeState) -> None:
    if state.draft:
        corp = state.draft[0]
        state.push(("decide", state.game.seat_of(corp), "take", corp), ("draft_next",))


def take_options(state: SiegeState, corp: str) -> list[tuple]:
    """Rules ``setup-draft``, ``equip-specialty``, ``equip-capitol``, ``equip-three``, ``setup-credits-lost``: a card
    within the team's credits and rank (Capitol one above), that a Doomtrooper of the team may carry: a weapon with
    its specialty icon if it has none, up to three pieces of gear, one augment that fits its weapon. Done once every
    Doomtrooper holds a weapon, or none can be had."""
    team = state.teams[corp]
    reach = team.rank + (1 if corp == "capitol" else 0)
    found: list[tuple] = []
    for item in state.game.equipment.values():
        if state.taken.get(item.id, 0) >= item.copies or item.rank > reach or item.cost > team.credits:
            continue
        for fid in team.troopers:
            fig = state.figs[fid]
            if fits(state, item.id, fig):
                found.append(("take", item.id, fid))
    armed = all(state.figs[f].weapon is not None for f in team.troopers)
    if armed or not any(state.game.equipment[a[1]].kind != "gear" for a in found):
        found.insert(0, ("done",))
    return found


def fits(state: SiegeState, item_id: str, fig: Fig) -> bool:
    item = state.game.equipment[item_id]
    if item.kind in ("weapon", "combo"):
        return fig.weapon is None and fig.kind in item.icons
    if item.augment_for:
        return fig.augment is None and fig.weapon in item.augment_for
    return len(fig.gear) < 3 and item_id not in fig.gear


def take(state: SiegeState, action: tuple, corp: str) -> None:
    team = state.teams[corp]
    if action[0] == "done":
        state.draft = state.draft[1:]
        team.credits = 0  # rule setup-credits-lost
        return
    _, item_id, fid = action
    item, fig = state.game.equipment[item_id], state.figs[fid]
    if item.kind in ("weapon", "combo"):
        fig.weapon = item_id
    elif item.augment_for:
        fig.augment = item_id
    else:
        fig.gear = (*fig.gear, item_id)
    team.credits -= item.cost
    state.taken[item_id] = state.taken.get(item_id, 0) + 1
    state.draft = state.draft[1:] + (corp,)


# --- rounds ---------------------------------------------------------------------------------------------------------
def new_round(state: SiegeState) -> None:
    """Rules ``round-order``, ``round-team-out``: every side still playing puts its marker in, and they are drawn
    one at a time."""
    state.round += 1
    state.smoke = ()
    state.round_events, state.muted = (), None  # event instructions for this round end with it
    state.markers = tuple(c for c, t in state.teams.items() if not t.out) + (LEGION,)
    state.tell(f"round {state.round}", "round-order")
    state.push(("chance", "marker"))


def marker_outcomes(state: SiegeState) -> list[tuple[str, Any]]:
    return uniform(state.markers)


def marker(state: SiegeState, side: str) -> None:
    state.markers = tuple(s for s in state.markers if s != side)
    state.acting = side
    state.card_used = False
    state.boosts = {}  # card effects last until the end of the turn they were played in
    if side == LEGION:
        state.push(("legion_turn",), ("after_turn",))
    elif state.teams[side].out:
        state.push(("after_turn",))
    else:
        for fid in state.teams[side].troopers:
            if fid in state.figs:
                state.figs[fid].done = False
        first = () if state.teams[side].entered else (("decide", state.game.seat_of(side), "enter", side),)
        state.push(*first, ("activate_next", side), ("after_turn",))


def after_turn(state: SiegeState) -> None:
    """Rules ``round-end-check``, ``mission-end``, ``dl-last-turn``: the next marker, or at the round's end the
    check whether the time limit is reached or every team is out."""
    state.acting = None
    markers = tuple(s for s in state.markers if s == LEGION or not state.teams[s].out)
    state.markers = markers
    if markers:
        state.push(("chance", "marker"))
    elif state.round >= state.game.mission.rounds or all(t.out for t in state.teams.values()):
        state.push(("finish",))
    else:
        state.push(("round",))


# --- corporation turns ----------------------------------------------------------------------------------------------
def enter_options(state: SiegeState, corp: str) -> list[tuple]:
    """Rule ``turn-enter``: both Doomtroopers wait outside one white entrance."""
    return [("enter", i) for i, e in enumerate(state.game.mission.entrances) if e.colour == "white"]


def enter(state: SiegeState, action: tuple, corp: str) -> None:
    team = state.teams[corp]
    team.entered = True
    team.entrance = action[1]
    for fid in team.troopers:
        if fid in state.figs:
            state.figs[fid].outside = action[1]


def activate_next(state: SiegeState, side: str) -> None:
    """Rule ``turn-activation``: each Doomtrooper in turn, finishing before the next starts."""
    waiting = [f for f in state.figs.values() if f.side == side and not f.done and
               (f.cell is not None or f.outside is not None)]
    if waiting:
        state.push(("decide", state.game.seat_of(side), "activate", side), ("activate_next", side))


def activate_options(state: SiegeState, side: str) -> list[tuple]:
    return [("activate", f.id) for f in state.figs.values() if f.side == side and not f.done
            and (f.cell is not None or f.outside is not None)]


def activate(state: SiegeState, action: tuple, side: str) -> None:
    fig = state.figs[action[1]]
    fig.left, fig.streak, fig.charge = ACTIONS, None, None
    state.push(("decide", state.game.seat_of(side), "act", fig.id))


def go_on(state: SiegeState, fid: str) -> None:
    """After an action: the same figure acts again while it has actions, is alive and the mission goes on."""
    fig = state.figs.get(fid)
    if fig is None:
        return
    if fig.left > 0 and (fig.cell is not None or fig.outside is not None):
        seat = state.game.seat_of(fig.side)
        if fig.side == LEGION and seat is None:
            state.push(("chance", "ai", "act", fid))
        else:
            state.push(("decide", seat, "act", fid))
    else:
        fig.done = True


# --- moves, doors, traps and spawns --------------------------------------------------------------------------------
def move(state: SiegeState, fig: Fig, goal: Cell) -> None:
    """Move ``fig`` to ``goal``: a door token crossed draws a door card (rule ``door-card``: a tech specialist
    disarms it, the Dark Legion opens doors freely, rule ``door-dark-legion``); a trap crossed attacks (rule
    ``traps``); a team's first Move onto a tile turns up a force card there (rule ``spawn-first-entry``); a close
    combat specialist next to a creature may charge (rule ``charge``)."""
    from pnpforge.games.siege_of_the_citadel import combat

    path = board.route(state, fig, goal)
    start = fig.cell if fig.cell is not None else None
    steps: list[tuple] = []
    previous = start if start is not None else None
    cells = path if start is not None else path
    for cell in cells:
        if previous is not None and abs(previous[0] - cell[0]) + abs(previous[1] - cell[1]) == 1:
            key = edge(previous, cell)
            if key in state.doors:
                state.doors = state.doors - {key}
                if fig.side != LEGION:
                    secondary.feat(state, fig.side, "doors")
                if fig.side != LEGION and (fig.kind != "tech" or events.door_alarm(state)) and \
                        not cards.boosted(state, fig.side, "no_door_card"):  # rule event-door-alarm
                    steps.append(("chance", "door", fig.id))
                state.tell(f"{fig.id} opens the door at {key}", "door-card")
        if cell != goal and cell in state.traps:
            steps.append(combat.trap_step(state, fig.id))
        previous = cell
    if start is None and fig.side == LEGION and fig.outside is not None:
        secondary.legion_entered(state, fig.outside)
    fig.cell, fig.outside = goal, None
    cards.use(state, fig.id, "extra_move")
    fig.streak = None
    fig.charge = None
    if fig.side != LEGION:
        if fig.kind == "close_combat" and any(
                f.side == LEGION and f.cell is not None and board.touching(board.sight_grid(state), goal, f.cell)
                for f in state.figs.values()):
            fig.charge = "ready"
        team = state.teams[fig.side]
        tile = state.game.mission.tile_of.get(goal)
        if state.game.mission.face_up:
            wake(state, tile)
        if tile is not None and tile not in team.tiles:
            if not any(tile in t.tiles for t in state.teams.values()):  # the first team on this tile
                secondary.feat(state, fig.side, "first tiles")
                if any(state.game.mission.tile_of.get(c) == tile for c in state.game.mission.targets):
                    secondary.feat(state, fig.side, "first to objective")
            team.tiles = team.tiles | {tile}
            if state.face_down[tile] > 0:
                steps.append(("chance", "force", tile, "spawn"))
    else:
        steps += reactions.after_move(state, fig, start)
    state.push(*steps)


def wake(state: SiegeState, tile: int | None) -> None:
    """Rule ``mission-face-up-force``: a Doomtrooper on the tile wakes the face-up card's creatures there."""
    for other in state.figs.values():
        if other.asleep is not None and other.asleep == tile:
            other.asleep = None
            state.tell(f"{other.id} wakes", "mission-face-up-force")


def door_outcomes(state: SiegeState, fid: str) -> list[tuple[int, Any]]:
    return uniform(range(len(state.game.doors)))


def door(state: SiegeState, index: int, fid: str) -> None:
    """Rule ``door-card``: the card is checked and shuffled back; a trapped door attacks with the card's dice."""
    from pnpforge.games.siege_of_the_citadel import combat

    card = state.game.doors[index]
    state.count("door cards")
    if card.get("trap") and fid in state.figs:
        state.tell(f"{fid}: trapped door ({card.get('name')})", "door-card")
        combat.start(state, None, "trap", [fid], tuple(card.get("dice", [])), area=False)


def special_options(state: SiegeState, fig: Fig) -> list[tuple]:
    """The objective's Special action (rules ``turn-special``, ``battle-plans``): signal beside a target square,
    take a marker standing on it; leave the map at a white entrance carrying it."""
    mission = state.game.mission
    if fig.cell is None or fig.side == LEGION:
        return []
    found: list[tuple] = []
    if mission.goal == "signal" and not state.goal_done and any(
            board.touching(mission.grid, fig.cell, t) for t in mission.targets):
        found.append(("special",))
    if mission.goal in ("carry", "hold") and state.carrier is None and fig.cell in mission.targets and \
            state.tokens.get(fig.cell) in ("cell_sample", "message"):
        found.append(("special",))
    if any(e.cell == fig.cell and e.colour == "white" for e in mission.entrances):
        found.append(("leave",))
    if "smoke-grenade" in fig.gear:
        found.append(("smoke",))
    if "time-bomb" in fig.gear:
        grid = board.sight_grid(state)
        taken = state.occupied_cells()
        found += [("bomb", c) for c in board.around(fig.cell) if c in grid and c not in taken
                  and c not in state.bombs and board.touching(grid, fig.cell, c)]
    return found


def special(state: SiegeState, fig: Fig, action: tuple) -> None:
    mission = state.game.mission
    if action[0] == "leave":  # rule move-off-map: out for the rest of the mission
        if state.carrier == fig.id and mission.goal == "carry":
            state.goal_done = True
            state.tell(f"{fig.id} carries the objective off the map", "score-primary")
        state.tell(f"{fig.id} leaves the map", "move-off-map")
        state.escaped = (*state.escaped, fig.id)
        del state.figs[fig.id]
        team = state.teams[fig.side]
        if not any(f in state.figs for f in team.troopers):
            team.out = True
        fig.left = 0
        return
    if action[0] == "smoke":  # rule smoke-grenade: the bearer's sector until the round ends
        fig.gear = tuple(g for g in fig.gear if g != "smoke-grenade")
        state.spent = (*state.spent, (fig.side, "smoke-grenade"))  # rule card-scavenged-parts: kept aside
        tile = mission.tile_of.get(fig.cell)  # type: ignore[arg-type]
        if tile is not None:
            state.smoke = (*state.smoke, tile)
        state.tell(f"{fig.id} fills its sector with smoke", "smoke-grenade")
        return
    if action[0] == "bomb":  # rule time-bomb: it goes off at the start of the next Dark Legion turn
        fig.gear = tuple(g for g in fig.gear if g != "time-bomb")
        state.spent = (*state.spent, (fig.side, "time-bomb"))
        state.bombs = (*state.bombs, action[1])
        state.tell(f"{fig.id} sets a time bomb at {action[1]}", "time-bomb")
        return
    if mission.goal == "signal":
        state.goal_done = True
        state.tell(f"{fig.id} sends the plans", "battle-plans")
    else:
        state.carrier = fig.id
        state.tokens.pop(fig.cell, None)  # type: ignore[arg-type]
        state.tell(f"{fig.id} takes the objective", "turn-special")


def spawn_cells(state: SiegeState, tile: int) -> list[Cell]:
    """Rule ``spawn-placement``: a free square of the tile, not next to a Doomtrooper, that a figure may stand on."""
    mission = state.game.mission
    troopers = [f.cell for f in state.figs.values() if f.side != LEGION and f.cell is not None]
    taken = state.occupied_cells()
    found = []
    for cell in sorted(mission.tile_cells[tile], key=lambda c: (c[1], c[0])):
        if cell in taken or mission.grid.blocks_movement(cell) or cell in state.traps or \
                state.tokens.get(cell) in BLOCKING_TOKENS:
            continue
        if any(max(abs(cell[0] - t[0]), abs(cell[1] - t[1])) <= 1 for t in troopers):
            continue
        found.append(cell)
    return found
