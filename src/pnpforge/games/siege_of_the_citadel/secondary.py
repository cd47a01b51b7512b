"""Secondary missions: when a brief uses them, each team draws two cards and keeps one in secret (rule
``setup-secondary``); the engine keeps count of what the team does toward its goal (``check:`` in
secondary-missions.yaml, the goal in the engine's words), holds the eliminated figures a card keeps until its goal
is met (rule ``secondary-figures``); ``scoring.py`` scores each card at the mission's end by ``met``.

A check counts feats kept per team in ``state.feats`` (``"<corp>|<feat>"``): creatures eliminated by kind, by
close combat, by a firearm attack from far off and by each Doomtrooper; terrain tokens destroyed by kind; door
tokens opened; tiles the team was first to enter; Dark Legion figures that stepped onto the map, by round, by an
entrance on the tile of the entrance the team came in by.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from pnpforge.engine.grid import chebyshev
from pnpforge.games.siege_of_the_citadel.game import LEGION

if TYPE_CHECKING:
    from pnpforge.games.siege_of_the_citadel.figures import Fig
    from pnpforge.games.siege_of_the_citadel.state import SiegeState

DRAWN = 2
FAR = 8  # squares: a long shot (the Marksman's)


def deck(state: SiegeState) -> dict[str, Any]:
    """The cards the engine can score, by id (a card without ``check:`` is left in the box)."""
    return {item.id: item for item in state.game.pack.of_type("secondary_mission") if item.get("check")}


def feat(state: SiegeState, corp: str, name: str, amount: int = 1) -> None:
    key = f"{corp}|{name}"
    state.feats[key] = state.feats.get(key, 0) + amount
    holding = state.secondary.get(corp)
    if holding is not None and held_by(state, corp) and met(state, corp):
        release(state, corp)


def count(state: SiegeState, corp: str, name: str) -> int:
    return state.feats.get(f"{corp}|{name}", 0)


# --- set-up ---------------------------------------------------------------------------------------------------------
def setup_steps(state: SiegeState) -> list[tuple]:
    """Rule ``setup-secondary``: two cards drawn for each team, then the team keeps one."""
    if not state.game.secondary:
        return []
    steps: list[tuple] = []
    for corp in state.teams:
        steps += [("chance", "secondary", corp)] * DRAWN
        steps.append(("decide", state.game.seat_of(corp), "keep", corp))
    return steps


def unseen(state: SiegeState, holder: str | None = None) -> list[str]:
    taken = {c for corp, cards in state.drawn.items() for c in cards if holder is None or corp == holder}
    taken |= {c for corp, c in state.secondary.items() if holder is None or corp == holder}
    return [c for c in deck(state) if c not in taken]


def draw_outcomes(state: SiegeState, corp: str) -> list[tuple[str, Fraction]]:
    cards = unseen(state)
    return [(c, Fraction(1, len(cards))) for c in cards]


def draw(state: SiegeState, card: str, corp: str) -> None:
    state.drawn[corp] = (*state.drawn.get(corp, ()), card)


def keep_options(state: SiegeState, corp: str) -> list[tuple]:
    return [("keep", card) for card in state.drawn.get(corp, ())]


def keep(state: SiegeState, action: tuple, corp: str) -> None:
    """The card kept stays secret; the other goes back to the deck."""
    state.secondary[corp] = action[1]
    state.drawn = {c: cards for c, cards in state.drawn.items() if c != corp}


def hidden_world(state: SiegeState, side: str | None, rng: random.Random) -> None:
    """The other teams' kept cards drawn again from the cards ``side`` has not seen."""
    pool = unseen(state, side)
    rng.shuffle(pool)
    for corp in sorted(state.secondary):
        if corp != side and pool:
            state.secondary[corp] = pool.pop()


# --- keeping count --------------------------------------------------------------------------------------------------
def eliminated(state: SiegeState, by: Fig | None, creature: Fig, kind: str, far: bool) -> bool:
    """A creature eliminated by ``by``'s attack of ``kind``: the team's feats; whether its card keeps the figure
    (rule ``secondary-figures``: off the pool until the goal is met)."""
    if by is None or by.side == LEGION or by.side not in state.teams:
        return False
    corp = by.side
    feat(state, corp, f"eliminated {creature.kind}")
    feat(state, corp, f"eliminated by {by.id}")
    if kind == "close_combat":
        feat(state, corp, "eliminated close")
    if kind == "firearms" and far:
        feat(state, corp, "eliminated far")
    if held_by(state, corp) and counts_for(state, corp, creature.kind) and not met(state, corp):
        state.held[corp] = (*state.held.get(corp, ()), creature.kind)
        return True
    return False


def legion_entered(state: SiegeState, entrance: int) -> None:
    """A Dark Legion figure steps onto the map by ``entrance``: a feat against every team that came in by an
    entrance on that square's tile (the Rearguard's watch)."""
    mission = state.game.mission
    tile = mission.tile_of.get(mission.entrances[entrance].cell)
    for corp, team in state.teams.items():
        if team.entrance is not None and mission.tile_of.get(mission.entrances[team.entrance].cell) == tile:
            feat(state, corp, f"legion at entrance {state.round}")


def held_by(state: SiegeState, corp: str) -> bool:
    card = deck(state).get(state.secondary.get(corp, ""))
    return bool(card is not None and card.get("holds_figures"))


def counts_for(state: SiegeState, corp: str, kind: str) -> bool:
    check = deck(state)[state.secondary[corp]]["check"]
    return not check.get("creatures") or kind in check["creatures"]


def release(state: SiegeState, corp: str) -> None:
    for kind in state.held.pop(corp, ()):
        state.pool[kind] = state.pool.get(kind, 0) + 1


# --- the goal -------------------------------------------------------------------------------------------------------
def met(state: SiegeState, corp: str) -> bool:
    """Whether the team's kept card's goal holds now (the end-of-mission goals: as things stand)."""
    card = deck(state).get(state.secondary.get(corp, ""))
    if card is None:
        return False
    check = card["check"]
    kind, need = check["kind"], int(check.get("count", 1))
    team = state.teams[corp]
    if kind == "eliminate":
        return sum(count(state, corp, f"eliminated {c}") for c in check.get("creatures", [])) >= need
    if kind == "eliminate_close":
        return count(state, corp, "eliminated close") >= need
    if kind == "eliminate_far":
        return count(state, corp, "eliminated far") >= need
    if kind == "eliminate_one":
        return any(count(state, corp, f"eliminated by {f}") >= need for f in team.troopers)
    if kind == "destroy":
        return sum(count(state, corp, f"destroyed {t}") for t in check.get("tokens", [])) >= need
    if kind == "doors":
        return count(state, corp, "doors") >= need
    if kind == "first_tiles":
        return count(state, corp, "first tiles") >= need
    if kind == "first_to_objective":
        return count(state, corp, "first to objective") >= need
    if kind == "quiet_entrance":  # the mission's last ``rounds`` rounds
        last = state.game.mission.rounds
        watched = range(last - int(check.get("rounds", 1)) + 1, last + 1)
        return team.entrance is not None and not any(count(state, corp, f"legion at entrance {r}") for r in watched)
    if kind == "points":
        return team.score >= need
    if kind == "no_reckless":
        return team.reckless == 0
    if kind == "survive":
        return sum(1 for f in team.troopers if f in state.figs) >= need
    if kind == "together":
        cells = [state.figs[f].cell for f in team.troopers if f in state.figs]
        tiles = {state.game.mission.tile_of.get(c) for c in cells if c is not None}
        return len(cells) >= 2 and len(tiles) == 1 and None not in cells
    if kind == "unhurt":
        return all(f in state.figs and 5 - state.figs[f].health <= need for f in team.troopers)
    return False


# --- what a team's card asks of its next action (the bots' lean) -----------------------------------------------------
LEAN_ATTACK = 15.0  # an attack the card counts: above a plain attack (40), below an objective's (60)
LEAN_TILE = 10.0  # a Move onto a tile no team has entered (two squares nearer the aim are worth as much)
LEAN_TOGETHER = 10.0  # a Move onto the tile of the team's other Doomtrooper, in the mission's last round


def lean(state: SiegeState, fig: Fig, action: tuple) -> float:
    """How much an action of ``fig`` furthers its team's kept card, as far as the action shows it before any die:
    an attack on a creature or token the card counts, or of the kind or reach it asks; a Move onto a tile no team
    has entered (a card that counts such tiles), onto the team-mate's tile in the last round (a card that wants
    them together); an area attack, which may hurt a Doomtrooper, is shunned by a card that forbids reckless
    tokens. Nothing once the goal is met, nor for goals no single action shows (doors, health, survival), nor for
    Lone Wolf: favouring one hunter's attacks halved that card's successes in the games measured (DECISIONS.md)."""
    card = deck(state).get(state.secondary.get(fig.side, ""))
    if card is None or met(state, fig.side):
        return 0.0
    check = card["check"]
    kind = check["kind"]
    head = action[0]
    if head in ("attack", "sweep", "line", "grenade", "nimrod"):
        return _lean_attack(state, fig, action, check)
    if head != "move":
        return 0.0
    mission = state.game.mission
    tile = mission.tile_of.get(action[1])
    if kind in ("first_tiles", "first_to_objective"):
        fresh = tile is not None and not any(tile in t.tiles for t in state.teams.values())
        wanted = kind == "first_tiles" or any(mission.tile_of.get(c) == tile for c in mission.targets)
        return LEAN_TILE if fresh and wanted else 0.0
    if kind == "together" and state.round >= mission.rounds:
        mates = [state.figs[f].cell for f in state.teams[fig.side].troopers if f != fig.id and f in state.figs]
        return LEAN_TOGETHER if any(c is not None and mission.tile_of.get(c) == tile for c in mates) else 0.0
    return 0.0


def hopeless(state: SiegeState, card: Any) -> bool:
    """Whether a card's goal cannot be met on this map as it is set up: tokens to destroy that the map does not hold,
    more doors to open than it has."""
    check = card.get("check") or {}
    if check.get("kind") == "destroy":
        return not any(token in check.get("tokens", []) for token in state.tokens.values())
    if check.get("kind") == "doors":
        return len(state.doors) < int(check.get("count", 1))
    return False


def _lean_attack(state: SiegeState, fig: Fig, action: tuple, check: dict) -> float:
    kind = check["kind"]
    target = state.figs.get(str(action[2])) if len(action) > 2 else None
    if kind == "no_reckless":
        return -LEAN_ATTACK if head_hurts_trooper(state, action) else 0.0
    if kind == "destroy":
        spot = _token_cell(action[2]) if len(action) > 2 else None
        token = state.tokens.get(spot) if spot is not None else None
        return LEAN_ATTACK if token in check.get("tokens", []) else 0.0
    if target is None or target.side != LEGION:
        return 0.0
    if kind == "eliminate":
        return LEAN_ATTACK if target.kind in check.get("creatures", []) else 0.0
    if kind == "eliminate_close":
        return LEAN_ATTACK if action[1] == "close_combat" else 0.0
    if kind == "eliminate_far":
        far = fig.cell is not None and target.cell is not None and chebyshev(fig.cell, target.cell) >= FAR
        return LEAN_ATTACK if action[1] == "firearms" and far else 0.0
    return 0.0


def head_hurts_trooper(state: SiegeState, action: tuple) -> bool:
    """An area attack (sweep, line, grenade) may strike a Doomtrooper: the bots do not know its squares beforehand,
    so a card against reckless tokens shuns them all."""
    return action[0] in ("sweep", "line", "grenade")


def _token_cell(target: object) -> tuple[int, int] | None:
    text = str(target)
    if not text.startswith("token@"):
        return None
    x, y = text.split("@")[1].split(",")
    return int(x), int(y)
