"""Attacks: who may attack what, the dice thrown one die at a time, re-rolls, defence value, cover and armour,
damage, eliminations, promotion points and reckless tokens; the area weapons (Violator sweep, Gehenna Puker line,
grenade blast), traps and terrain targets.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING, Any

from pnpforge.engine.grid import Cell, chebyshev
from pnpforge.games.siege_of_the_citadel import board, events
from pnpforge.games.siege_of_the_citadel.board import DARK_LEGION_RANGE
from pnpforge.games.siege_of_the_citadel.data import REROLLS, STRENGTH
from pnpforge.games.siege_of_the_citadel.game import LEGION

if TYPE_CHECKING:
    from pnpforge.games.siege_of_the_citadel.state import Fig, SiegeState

TERRAIN_TARGETS = {"terminal": "terminal", "defence_turret": "defence_turret", "portal": "portal",
                   "primary_target": "portal"}  # token -> the board's terrain line it is attacked at
DEFENCE_VALUE = 1  # a Doomtrooper's, unless a card says otherwise (p.21)
ELIMINATION_POINTS = 2  # the Dark Legion's, per Doomtrooper eliminated (p.21)
SWEEP = ("violator-sword", "violator-combo")
LINE = ("gehenna-puker",)
LINE_LENGTH = 7
GRENADE = "grenade-launcher"
MANUS = ("manus-kit", "manus-combo")
NIMROD = "nimrod-autocannon"
GRENADE_RANGE = 8
CARD_REROLLS = 2  # failed dice a card throws again (rule card-steady-aim)


def token_id(cell: Cell) -> str:
    return f"token@{cell[0]},{cell[1]}"


def token_cell(target: str) -> Cell:
    x, y = target.split("@")[1].split(",")
    return int(x), int(y)


# --- what a figure may attack --------------------------------------------------------------------------------------
def trooper_attacks(state: SiegeState, fig: Fig) -> list[tuple]:
    """Rules ``attack-one-type``, ``attack-off-map``, ``close-combat``, ``firearm-not-adjacent``, ``firearm-range``,
    ``line-of-sight``, ``tech-no-sight``, ``tentacle-kit``, ``tech-terminal-hack``, ``attack-terrain``,
    ``smoke-grenade``: each attack of the Doomtrooper's weapon at each creature or terrain token it can reach."""
    if fig.cell is None or fig.weapon is None:
        return []
    game = state.game
    weapon = game.equipment[fig.weapon]
    grid = board.sight_grid(state)
    terrain = game.mission.terrain.get(fig.cell, "")
    found: list[tuple] = []
    occupied = state.occupied_cells()
    targets = [(f.id, f.cell) for f in state.figs.values() if f.side == LEGION and f.cell is not None]
    targets += [(token_id(c), c) for c, t in sorted(state.tokens.items()) if t in TERRAIN_TARGETS]
    for index, attack in enumerate(weapon.attacks):
        if weapon.id in LINE or weapon.id == NIMROD:
            continue  # the Puker only fills a line (rule gehenna-puker); the Nimrod fires twice (rule nimrod)
        if attack.kind == "firearms" and (state.smoke_on(fig) or terrain in ("stairs_3", "stairs_4")):
            continue
        for target, cell in targets:
            if state.tokens.get(cell) == "terminal":  # rule tech-terminal-hack: a tech specialist, from beside it
                if fig.kind == "tech" and attack.kind == "tech" and board.touching(grid, fig.cell, cell):
                    found.append(("attack", index, target))
                continue
            if attack.kind == "close_combat":
                ok = board.touching(grid, fig.cell, cell)
            else:
                distance = chebyshev(fig.cell, cell)
                reach = events.firearm_reach(state, attack.max_range) if attack.kind == "firearms" else attack.max_range
                ok = attack.min_range <= distance <= reach
                if ok and attack.sight:
                    ok = board.can_see(state, grid, fig.cell, cell, occupied)
                if ok and not attack.sight:
                    ok = beside_wall(state, fig.cell)
            if ok:
                found.append(("attack", index, target))
    found += area_options(state, fig, weapon, grid)
    if weapon.id == NIMROD and not state.smoke_on(fig):
        found += nimrod_options(state, fig, weapon, grid, targets)
    return found


def nimrod_options(state: SiegeState, fig: Fig, weapon: Any, grid: Any, targets: list) -> list[tuple]:
    """Rule ``nimrod``: two shots at 4-12 squares, at one target twice or at two no more than 4 squares apart."""
    attack = weapon.attacks[0]
    assert fig.cell is not None
    seen = [(t, c) for t, c in targets if not t.startswith("token@") and
            attack.min_range <= chebyshev(fig.cell, c) <= events.firearm_reach(state, attack.max_range) and
            board.can_see(state, grid, fig.cell, c)]
    return [("nimrod", a, b) for i, (a, ca) in enumerate(seen) for b, cb in seen[i:] if chebyshev(ca, cb) <= 4]


def shot(state: SiegeState, fid: str, target: str) -> None:
    """One shot of the Nimrod's two (a target the first one eliminated is not shot again)."""
    fig = state.figs.get(fid)
    if fig is None or fig.cell is None or target not in state.figs:
        return
    weapon = state.game.equipment[fig.weapon or ""]
    attack = weapon.attacks[0]
    cell = state.figs[target].cell
    assert cell is not None
    dice = trooper_dice(state, fig, attack.kind, attack.dice, attack.extra, target)
    start(state, fid, attack.kind, [target], dice, cover=board.cover(state, fig.cell, cell))


def beside_wall(state: SiegeState, cell: Cell) -> bool:
    """Whether a square has a Citadel wall on one of its sides (the tech kits' attack, rule ``tentacle-kit``)."""
    grid = state.game.mission.grid
    for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1)):
        other = (cell[0] + dx, cell[1] + dy)
        if other not in grid or grid.edge_kind((cell, other)) == "wall":
            return True
    return False


def area_options(state: SiegeState, fig: Fig, weapon: Any, grid: Any) -> list[tuple]:
    """The area attacks: a Violator sweep from each neighbour holding a creature, either way round; a Gehenna Puker
    line toward each figure in sight within 7; a grenade at each square in sight within 8 holding a creature."""
    found: list[tuple] = []
    assert fig.cell is not None
    creatures = {f.cell for f in state.figs.values() if f.side == LEGION and f.cell is not None}
    if weapon.id in SWEEP:
        for start in board.around(fig.cell):
            if start in creatures and board.touching(grid, fig.cell, start):
                found += [("sweep", start, True), ("sweep", start, False)]
    if weapon.id in LINE:
        for cell in sorted(creatures):
            if chebyshev(fig.cell, cell) <= LINE_LENGTH and board.can_see(state, grid, fig.cell, cell):
                found.append(("line", cell))
    if fig.augment == GRENADE and not state.smoke_on(fig):
        for cell in sorted(creatures):
            if 1 < chebyshev(fig.cell, cell) <= GRENADE_RANGE and board.can_see(state, grid, fig.cell, cell):
                found.append(("grenade", cell))
    return found


def creature_attacks(state: SiegeState, fig: Fig) -> list[tuple]:
    """Rules ``dl-attacks``, ``firearm-not-adjacent``: close combat at a neighbouring Doomtrooper, firearms at one in
    sight 2 to 16 squares away."""
    if fig.cell is None:
        return []
    grid = board.sight_grid(state)
    occupied = state.occupied_cells()
    found = []
    for other in state.figs.values():
        if other.side == LEGION or other.cell is None:
            continue
        if board.touching(grid, fig.cell, other.cell):
            found.append(("attack", "close_combat", other.id))
        elif 2 <= chebyshev(fig.cell, other.cell) <= events.firearm_reach(state, DARK_LEGION_RANGE) and \
                not state.smoke_on(fig) and \
                board.can_see(state, grid, fig.cell, other.cell, occupied):
            found.append(("attack", "firearms", other.id))
    return found


# --- the dice -------------------------------------------------------------------------------------------------------
def trooper_dice(state: SiegeState, fig: Fig, kind: str, rank_dice: int, extra: tuple[str, ...],
                 target: str) -> tuple[str, ...]:
    """Rule ``attack-dice``: the strongest of the rank card's dice the weapon takes, the card's extra dice, a white
    die for a charge (rule ``charge``) and one per attack in a row at the same target (rules
    ``concentrated-fire``, ``tech-concentrated``)."""
    from pnpforge.games.siege_of_the_citadel.cards import attack_dice, boosted

    rank = state.game.rank_of(fig.side, state.teams[fig.side].rank)
    dice = tuple(sorted(rank.dice, key=lambda c: -STRENGTH[c])[:rank_dice]) + tuple(extra)
    dice += attack_dice(state, fig, kind) + events.tech_dice(state, kind)
    if boosted(state, fig.side, "side_by_side") and fig.cell is not None:  # rule card-shoulder-to-shoulder
        grid = board.sight_grid(state)
        if any(f.side == fig.side and f is not fig and f.cell is not None and board.touching(grid, fig.cell, f.cell)
               for f in state.figs.values()):
            dice += ("white",)
    if kind == "close_combat" and fig.charge == "ready" and fig.kind == "close_combat":
        dice += ("white",)
    if fig.streak is not None and fig.streak[:2] == (kind, target) and fig.kind == kind and kind in ("firearms",
                                                                                                   "tech"):
        dice += ("white",) * fig.streak[2]
    return dice


def start(state: SiegeState, attacker: str | None, kind: str, targets: list[str], dice: tuple[str, ...],
          area: bool = False, cover: bool = False, near: tuple[str, ...] = (), note: str = "") -> None:
    """Throw ``dice`` at ``targets`` one die at a time, then re-roll, then resolve (``area``: one roll against
    every target, creatures without a defence die; ``near``: targets that take one hit fewer)."""
    state.attack = {"by": attacker, "kind": kind, "targets": list(targets), "dice": list(dice),
                    "faces": [None] * len(dice), "rerolled": [], "area": area, "cover": cover, "near": list(near),
                    "damage": [], "note": note}
    state.push(*(("chance", "die", i) for i in range(len(dice))), ("after_throw",))


def die_outcomes(state: SiegeState, index: int) -> list[tuple[str, Fraction]]:
    assert state.attack is not None
    return state.game.die_faces(state.attack["dice"][index])


def die(state: SiegeState, face: str, index: int) -> None:
    assert state.attack is not None
    state.attack["faces"][index] = face


def after_throw(state: SiegeState) -> None:
    """Rule ``attack-rerolls``: a corporation whose rank card re-rolls this kind of attack chooses failed dice to
    throw again, each at most once, before the result."""
    attack = state.attack
    assert attack is not None
    by = state.figs.get(attack["by"] or "")
    if by is not None and by.side != LEGION and REROLLS.get(by.side) == attack["kind"] and not attack["rerolled"]:
        if any(f == "blank" for f in attack["faces"]):
            state.push(("decide", state.game.seat_of(by.side), "reroll"), ("after_rerolls",), ("defend",),
                       ("resolve",))
            return
    state.push(("after_rerolls",), ("defend",), ("resolve",))  # the windows of reactions.py


def reroll_options(state: SiegeState, source: str = "rank") -> list[tuple]:
    """The failed dice the rank card re-rolls (each once), or up to 2 failed dice for a card (rule
    ``card-steady-aim``: a die the rank card threw again may be thrown once more)."""
    attack = state.attack
    assert attack is not None
    by = state.figs[attack["by"]]
    if source == "card":
        limit = CARD_REROLLS
        failed = [i for i, f in enumerate(attack["faces"]) if f == "blank"]
    else:
        limit = state.game.rank_of(by.side, state.teams[by.side].rank).rerolls
        failed = [i for i, f in enumerate(attack["faces"]) if f == "blank" and i not in attack["rerolled"]]
    return [("reroll", chosen) for n in range(min(limit, len(failed)) + 1) for chosen in combinations(failed, n)]


def reroll(state: SiegeState, action: tuple, source: str = "rank") -> None:
    attack = state.attack
    assert attack is not None
    for i in action[1]:
        attack["faces"][i] = None
        if i not in attack["rerolled"]:
            attack["rerolled"].append(i)
    state.push(*(("chance", "die", i) for i in action[1]))


# --- the result -----------------------------------------------------------------------------------------------------
def defence_value(state: SiegeState, target: str) -> int:
    """Rules ``attack-hits``, ``dl-defence-value``, ``attack-terrain``: a creature's or a terrain token's from the
    reference board, a Doomtrooper's 1."""
    board_side = state.game.board()
    if target.startswith("token@"):
        terrain = TERRAIN_TARGETS[state.tokens[token_cell(target)]]
        return int(board_side.terrain.get(terrain, {}).get("defence_value", 1))
    fig = state.figs[target]
    if fig.side == LEGION:
        return board_side.creatures[fig.kind].defence_value
    return DEFENCE_VALUE


def defence_die(state: SiegeState, target: str) -> str:
    if target.startswith("token@"):
        return "none"
    fig = state.figs[target]
    if fig.side == LEGION:
        return state.game.board().creatures[fig.kind].defence_die
    return state.game.rank_of(fig.side, state.teams[fig.side].rank).defence_die


def resolve(state: SiegeState) -> None:
    """Rules ``attack-hits``, ``attack-armor``, ``attack-success``, ``cover``, ``area-results``, ``disruptor``: hits
    beyond the defence value are damage; a target with a defence die rolls it and each hit cancels a point;
    creatures caught in an area attack roll none."""
    attack = state.attack
    assert attack is not None
    hits = sum(1 for f in attack["faces"] if f == "hit")
    state.tell(f"{attack['by'] or attack['kind']} throws {', '.join(attack['dice'])}: "
               f"{', '.join(str(f) for f in attack['faces'])} = {hits} hits", "attack-hits")
    steps: list[tuple] = []
    for target in attack["targets"]:
        if target not in state.figs and not (target.startswith("token@") and token_cell(target) in state.tokens):
            continue
        value = defence_value(state, target) + (1 if attack["cover"] else 0) + attack.get("bonus", []).count(target)
        if attack.get("bare"):  # rule card-counterstrike: a strike back's hit is a point of damage
            value = 0
        damage = hits - (1 if target in attack["near"] else 0) - value
        if damage <= 0:
            attack["damage"].append((target, 0))
            continue
        colour = defence_die(state, target)
        creature = not target.startswith("token@") and state.figs[target].side == LEGION
        by = state.figs.get(attack["by"] or "")
        disrupted = by is not None and "disruptor" in (by.augment or "") and attack["kind"] == "firearms"
        if colour != "none" and not (attack["area"] and creature) and not disrupted:
            steps.append(("chance", "armour", target, colour, damage))
        else:
            steps.append(("hurt", target, damage))
    steps.append(("attack_done",))
    state.push(*steps)


def armour_outcomes(state: SiegeState, target: str, colour: str, damage: int,
                    again: bool = False) -> list[tuple[str, Fraction]]:
    return state.game.die_faces(colour)


def armour(state: SiegeState, face: str, target: str, colour: str, damage: int, again: bool = False) -> None:
    """Rule ``attack-armor`` (``again``: the second throw of rule ``card-armor-plating``)."""
    state.tell(f"{target} rolls its {colour} defence die: {face}", "attack-armor")
    state.push(("after_armour", target, colour, damage - (1 if face == "hit" else 0), again))


def hurt(state: SiegeState, target: str, damage: int, asked: bool = False) -> None:
    """Rules ``attack-damage``, ``points-corporation``, ``points-dark-legion``, ``friendly-fire``, ``round-team-out``:
    a Doomtrooper loses health and is eliminated at 0; a creature or terrain token goes with any damage and its
    points go to the team that beat it."""
    from pnpforge.games.siege_of_the_citadel import scoring

    attack = state.attack
    assert attack is not None
    attack["damage"].append((target, max(0, damage)))
    if damage <= 0:
        return
    by = state.figs.get(attack["by"] or "")
    team = state.teams.get(by.side) if by is not None else None
    if target.startswith("token@"):
        cell = token_cell(target)
        token = state.tokens.pop(cell)
        terrain = TERRAIN_TARGETS[token]
        if team is not None:
            from pnpforge.games.siege_of_the_citadel.secondary import feat

            feat(state, team.corp, f"destroyed {token}")
        if team is not None:
            scoring.gain(state, team, int(state.game.board().terrain.get(terrain, {}).get("points", 0)))
        state.tell(f"{target} ({terrain}) is destroyed", "attack-terrain")
        if state.game.mission.goal in ("hack", "destroy") and not any(
                c in state.tokens for c in state.game.mission.targets):
            state.goal_done = True
        return
    fig = state.figs[target]
    if fig.side == LEGION:
        eliminate(state, fig)
        if team is not None:
            team.eliminations += 1
            scoring.gain(state, team, state.game.board().creatures[fig.kind].points)
        return
    if not asked and damage >= fig.health:  # rule card-last-stand: asked before the Doomtrooper falls
        from pnpforge.games.siege_of_the_citadel.cards import reaction_card

        card = reaction_card(state, fig.side, "last_stand")
        if card is not None:
            attack["damage"].pop()
            state.push(("decide", state.game.seat_of(fig.side), "react", card, target, damage))
            return
    lost = min(damage, fig.health)
    fig.health -= lost
    state.legion_score += lost
    if team is not None:
        team.reckless += damage  # rule friendly-fire: every point a team deals to a Doomtrooper
    elif by is not None and by.side == LEGION:
        pass
    state.tell(f"{target} loses {lost} health", "attack-damage")
    if fig.health <= 0:
        state.legion_score += ELIMINATION_POINTS
        eliminate(state, fig)


def eliminate(state: SiegeState, fig: Fig) -> None:
    state.tell(f"{fig.id} is eliminated", "attack-damage")
    del state.figs[fig.id]
    if fig.side == LEGION:
        from pnpforge.games.siege_of_the_citadel import secondary

        attack = state.attack
        by = state.figs.get(attack["by"] or "") if attack is not None else None
        far = by is not None and by.cell is not None and fig.cell is not None and \
            chebyshev(by.cell, fig.cell) >= secondary.FAR
        if not secondary.eliminated(state, by, fig, attack["kind"] if attack is not None else "", far):
            state.pool[fig.kind] = state.pool.get(fig.kind, 0) + 1
        state.count(f"eliminated {fig.kind}")
        if attack is not None and attack["kind"] == "close_combat" and fig.cell is not None:
            by = state.figs.get(attack["by"] or "")
            if by is not None and by.side != LEGION and by.kind == "close_combat" and len(attack["targets"]) == 1:
                state.push(("decide", state.game.seat_of(by.side), "overrun", by.id, fig.cell))
        return
    if state.carrier == fig.id:
        state.carrier = None
        if fig.cell is not None and state.game.mission.goal in ("carry", "hold"):
            state.tokens[fig.cell] = "cell_sample" if state.game.mission.goal == "carry" else "message"
    team = state.teams[fig.side]
    if not any(f in state.figs for f in team.troopers):
        team.out = True  # rule round-team-out


def overrun(state: SiegeState, action: tuple, fid: str, cell: Cell) -> None:
    """Rule ``overrun``: a close combat specialist who eliminates a creature may step into its square at once."""
    if action[1] and cell not in state.occupied_cells():
        state.figs[fid].cell = cell


def attack_done(state: SiegeState) -> None:
    attack = state.attack
    assert attack is not None
    damage = dict(attack["damage"])
    record = {
        "by": attack["by"] or attack["kind"], "kind": attack["kind"], "targets": list(attack["targets"]),
        "dice": list(attack["dice"]), "faces": list(attack["faces"]),
        "rerolled": [i + 1 for i in attack["rerolled"]], "hits": sum(1 for f in attack["faces"] if f == "hit"),
        "cover": attack["cover"], "damage": {t: damage.get(t, 0) for t in attack["targets"]},
        "success": any(damage.get(t, 0) > 0 for t in attack["targets"]),
        "eliminated": [t for t in attack["targets"] if not t.startswith("token@") and t not in state.figs],
    }
    state.attacks.append(record)
    by = state.figs.get(attack["by"] or "")
    if by is not None and by.side != LEGION and attack["by"] and len(attack["targets"]) == 1 and not attack["area"]:
        target = attack["targets"][0]
        run = by.streak[2] + 1 if by.streak is not None and by.streak[:2] == (attack["kind"], target) else 1
        by.streak = (attack["kind"], target, run)
        if attack["kind"] == "tech" and target.startswith("token@") is False and target not in state.figs and \
                dict(attack["damage"]).get(target, 0) > 0 and not board_sight_attack(state, by):
            lay_trap(state, by, attack)
    state.attack = None
    if attack["by"] and not attack["area"] and attack["kind"] == "close_combat" and len(attack["targets"]) == 1:
        target = attack["targets"][0]
        state.push(("after_attack", attack["by"], target, damage.get(target, 0)))  # rules card-blade-dance,
        # card-counterstrike


def board_sight_attack(state: SiegeState, by: Fig) -> bool:
    weapon = state.game.equipment.get(by.weapon or "")
    return weapon is None or all(a.sight for a in weapon.attacks if a.kind == "tech")


def lay_trap(state: SiegeState, by: Fig, attack: dict) -> None:
    """Rule ``tentacle-kit``: a creature the kit eliminates leaves a trap on its square, at most two per tech
    specialist (the oldest goes); rule ``manus-kit``: the Manus Kit's spores then strike every figure next to it."""
    cell = attack.get("at")
    if cell is None:
        return
    mine = [c for c, owner in state.traps.items() if owner == by.id]
    if len(mine) >= 2:
        del state.traps[mine[0]]
    state.traps[cell] = by.id
    state.tell(f"{by.id} leaves a trap at {cell}", "tentacle-kit")
    if by.weapon in MANUS:
        grid = board.sight_grid(state)
        struck = [f.id for f in state.figs.values() if f.cell is not None and f.id != by.id and
                  board.touching(grid, cell, f.cell)]
        state.push(*(("spore", by.id, t) for t in struck))


def spore(state: SiegeState, by: str, target: str) -> None:
    """Rule ``manus-kit``: one die of the player's choice (the strongest of the rank card's) at each figure next
    to the new trap, Doomtroopers too, never re-rolled."""
    fig = state.figs.get(by)
    if fig is None or target not in state.figs:
        return
    rank = state.game.rank_of(fig.side, state.teams[fig.side].rank)
    strongest = max(rank.dice, key=lambda c: STRENGTH[c])
    start(state, by, "spores", [target], (strongest,), area=True)


def trap_step(state: SiegeState, fid: str) -> tuple:
    """Rule ``traps``: a figure passing through a trap is attacked with the board's trap dice."""
    return ("trap", fid)


def trap(state: SiegeState, fid: str) -> None:
    if fid in state.figs:
        dice = tuple(state.game.board().terrain.get("trap", {}).get("dice", ["white", "white"]))
        start(state, None, "trap", [fid], dice, area=True)
