"""The rules re-checked from a position alone, apart from the code that lists the legal actions: figures on
squares they may stand on, one a square; the figure pool conserved (creatures held on secondary mission cards
counted with those in play); health, ranks and point tracks within their bounds; loadouts within their rules;
face-down force cards never more than were dealt.
"""

from __future__ import annotations

from collections import Counter

from pnpforge.games.siege_of_the_citadel.game import LEGION
from pnpforge.games.siege_of_the_citadel.state import SiegeState


def check(state: SiegeState) -> list[str]:
    broken: list[str] = []
    game = state.game
    grid = game.mission.grid
    cells = Counter(f.cell for f in state.figs.values() if f.cell is not None)
    broken += [f"two figures on {cell}" for cell, n in cells.items() if n > 1]
    for fig in state.figs.values():
        if fig.cell is not None and (fig.cell not in grid or grid.blocks_movement(fig.cell)):
            broken.append(f"{fig.id} stands on {fig.cell}, where no figure may stand")
        if fig.cell is not None and fig.outside is not None:
            broken.append(f"{fig.id} is both on the map and outside it")
        if fig.side != LEGION:
            if not 0 < fig.health <= 5:
                broken.append(f"{fig.id} has {fig.health} health")
            if fig.weapon is not None and fig.kind not in game.equipment[fig.weapon].icons:
                broken.append(f"{fig.id} carries {fig.weapon}, which its specialty cannot use")
            if len(fig.gear) > 3:
                broken.append(f"{fig.id} carries more than three pieces of equipment")
    full = game.pack.game.parameters.get("figure_pool", {})
    in_play = Counter(f.kind for f in state.figs.values() if f.side == LEGION)
    in_play.update(kind for kinds in state.held.values() for kind in kinds)  # kept on secondary mission cards
    for kind, total in full.items():
        if in_play[kind] + state.pool.get(kind, 0) != total:
            broken.append(f"{kind}: {in_play[kind]} in play and {state.pool.get(kind, 0)} in the box, not {total}")
    dealt = len(game.settings.corporations) * game.mission.forces_per_tile
    if any(not 0 <= n <= dealt for n in state.face_down):
        broken.append(f"face-down force cards {state.face_down} beyond the {dealt} dealt per tile")
    for corp, team in state.teams.items():
        if not 1 <= team.rank <= 12 or not 0 <= team.points <= 9:
            broken.append(f"{corp} at rank {team.rank} with {team.points} points")
        alive = [f for f in team.troopers if f in state.figs]
        if team.troopers and team.out != (not alive):
            broken.append(f"{corp} is {'out' if team.out else 'in'} with {len(alive)} Doomtroopers")
        if team.reckless < 0 or team.credits < 0:
            broken.append(f"{corp} has {team.reckless} reckless tokens and {team.credits} credits")
    for item, n in state.taken.items():
        if n > game.equipment[item].copies:
            broken.append(f"{n} copies of {item} checked out")
    if state.legion_score < 0:
        broken.append("the Dark Legion's score fell below 0")
    return broken
