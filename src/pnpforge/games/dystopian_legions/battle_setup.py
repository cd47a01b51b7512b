"""Before the first turn of a battle: the Advantage, the scenario generator, the zones and objectives, setting
up each section in its zone and the hands (``hands.py``) (rules ``setup-advantage``, ``setup-strategic-advantage``,
``setup-tactical-advantage``, ``scenario-paths``, ``deploy-order``, ``condition-weary``, ``condition-visibility``).

The scenario's rows are the config's, or the generator's: three D3 (each path starts at D3-1), then the players
spend two points each, the Strategic Advantage first. Once the deployment is known the Strategic Advantage chooses
which of its two sets of zones is theirs (``b-zone``: ``("zone", 0)`` the set along the bottom edge or in the
bottom-left corner, ``("zone", 1)`` the other; the other player defends where the deployment has a defender). Each
section is set up, in the order ``deployment.order`` gives, at one of the places of its zone (a chance step: the
places are equally likely, so the seed picks them).
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING

from pnpforge.engine.steps import chance, decision, task
from pnpforge.games.dystopian_legions import deployment, generator
from pnpforge.games.dystopian_legions.battle_turn import senior_dice
from pnpforge.games.dystopian_legions.log import Said
from pnpforge.games.dystopian_legions.table import block
from pnpforge.games.dystopian_legions.throws import ask

if TYPE_CHECKING:
    from pnpforge.games.dystopian_legions.battle import BattleState


@task("b-setup")
def setup(s: BattleState) -> None:
    s.push(("b-advantage",))


@task("b-advantage")
def advantage(s: BattleState) -> None:
    """The opposed check before the battle between the Senior Commanding Officers, in their colours, with no
    Command Points (none are made yet); a tie is thrown again (rule ``setup-advantage``)."""
    entries = [ask(s, "advantage", p, senior_dice(s, p), s.game.success) for p in (0, 1)]
    s.push(*entries, ("b-advantage-won",))


@task("b-advantage-won")
def advantage_won(s: BattleState) -> None:
    """The winner holds the Strategic Advantage, the loser the Tactical Advantage."""
    a, b = s.last[("advantage", 0)], s.last[("advantage", 1)]
    if a == b:
        s.push(("b-advantage",))
        return
    s.advantage = 0 if a > b else 1
    s.log.append(Said(f"{s.game.players[s.advantage]} holds the Strategic Advantage ({max(a, b)} to {min(a, b)})"))
    if s.game.rows is None:
        s.push(("b-paths",))
    else:
        s.push(("b-scenario",))


@chance("b-paths", lambda s: list(product((1, 2, 3), repeat=3)))
def paths(s: BattleState, d3s: tuple[int, int, int]) -> None:
    s.rows = generator.starting_rows(d3s)
    first = s.advantage
    s.push(("b-spend", first), ("b-spend", 1 - first), ("b-spend", first), ("b-spend", 1 - first), ("b-scenario",))


@decision("b-spend", lambda s, p: list(generator.PATHS))
def spend(s: BattleState, path: str, p: int) -> None:
    s.rows = generator.spend(s.rows, [path])


@task("b-scenario")
def scenario(s: BattleState) -> None:
    """The rows name the deployment, mission and condition; the zones and objectives follow."""
    paths = s.game.paths
    found = (paths["deployment"][s.rows[0]], paths["mission"][s.rows[1]], paths["condition"][s.rows[2]])
    s.names = found
    deploy, mission, condition = (s.game.entries[name] for name in found)
    table = s.game.setup.table
    setup = s.game.setup
    foot = setup.closed_to(("infantry",))
    shut = [piece.shape for piece in setup.pieces if piece.id in foot]
    s.objectives = deployment.objectives(mission.id, table.width, table.height, shut)
    s.weary = bool(condition.get("morale_extra_successes", 0))
    s.halved = bool(condition.get("ranges_halved", False))
    s.log.append(Said(f"scenario: {', '.join(found)}"))
    specs = s.game.specs
    tactical = 1 - s.advantage
    placed = deployment.order([x.player for x in specs], [x.heavy for x in specs], s.advantage, tactical)
    s.push(("b-zone", s.advantage), *(("b-deploy", i) for i in placed), ("b-hands",), ("turn-start",))


@decision("b-zone", lambda s, p: [("zone", 0), ("zone", 1)])
def zone(s: BattleState, choice: tuple[str, int], p: int) -> None:
    """The Strategic Advantage chooses the main deployment zone: the set of zones ``deployment.zones`` lists
    ``choice[1]``-th, the other player taking the other set and, in Surprise Attack, defending (the Strategic
    Advantage attacks: DECISIONS.md, "Battles on the table") (rule ``setup-strategic-advantage``)."""
    table = s.game.setup.table
    deploy = s.game.entries[s.names[0]]
    s.zones, s.bottom = deployment.chosen(deploy.id, table.width, table.height, p, choice[1])
    s.log.append(Said(f"{s.game.players[p]} chooses the {deployment.named(deploy.id, choice[1])} deployment zone"))


def _places(s: BattleState, i: int) -> list[tuple[int, int, int]]:
    """(zone, x, y) for every place the section's block fits in one of its player's zones; a split force fills its
    zones in turn."""
    unit = s.units[i]
    spec = unit.spec
    heading = 2 if spec.player == s.bottom else 6
    base = block(unit.id, (0, 0), heading, len(unit.side.troopers), spec.size)
    zones = s.zones[spec.player]
    mine = [u for u in s.units if u.spec.player == spec.player and u.spec.index < i]
    wanted = len(mine) % len(zones)
    others = s.blocks()
    for k in [wanted] + [z for z in range(len(zones)) if z != wanted]:
        found = deployment.places(s.game.setup, zones[k], base, others)
        if found:
            return [(k, x, y) for x, y in found]
    return [(-1, 0, 0)]


@chance("b-deploy", _places)
def deploy(s: BattleState, place: tuple[int, int, int], i: int) -> None:
    unit = s.units[i]
    spec = unit.spec
    if place[0] < 0:  # no room left: the section stays off the table (never seen on the standard tables)
        unit.side.troopers = []
        s.log.append(Said(f"section {spec.unit} finds no room to set up"))
        return
    heading = 2 if spec.player == s.bottom else 6
    unit.block = block(unit.id, (place[1], place[2]), heading, len(unit.side.troopers), spec.size)
    unit.formed = len(unit.side.troopers)
    unit.slots = {t.number: n for n, t in enumerate(unit.side.troopers)}
    s.moved()
