"""Bots for Siege of the Citadel: a greedy bot for either side, and the hidden world the search bot plays in.

The greedy bot scores each option by what it does at once: the objective's Special action above all; a move that
brings the figure three squares nearer its aim (the objective for a corporation, the nearest Doomtrooper for a
creature) above an attack, an attack above a smaller step; a creature attacks whenever it can. It sends a tech
specialist when the objective is a hack, and drafts a weapon for each Doomtrooper first, the dearest it can pay
for, then the dearest other card.
"""

from __future__ import annotations

import random
from typing import Any

from pnpforge.engine.grid import chebyshev
from pnpforge.games.siege_of_the_citadel import board, secondary
from pnpforge.games.siege_of_the_citadel.cards import hidden_world
from pnpforge.games.siege_of_the_citadel.combat import token_cell
from pnpforge.games.siege_of_the_citadel.game import LEGION
from pnpforge.games.siege_of_the_citadel.pile import hidden_pile
from pnpforge.games.siege_of_the_citadel.state import SiegeState


class GreedyBot:
    name = "greedy"

    def __init__(self, secondary: bool = True):
        self.secondary = secondary  # lean toward the kept secondary mission (``secondary.lean``)

    def choose(self, state: SiegeState, player: int, rng: random.Random) -> Any:
        actions = state.legal_actions()
        memo: dict[Any, float] = {}
        scored = [(self.score(state, a, memo), -i) for i, a in enumerate(actions)]
        best = max(range(len(actions)), key=lambda i: scored[i])
        return actions[best]

    def rank(self, state: SiegeState, player: int, rng: random.Random) -> list[Any]:
        actions = state.legal_actions()
        memo: dict[Any, float] = {}
        order = sorted(range(len(actions)), key=lambda i: (-self.score(state, actions[i], memo), i))
        return [actions[i] for i in order]

    def score(self, state: SiegeState, action: Any, memo: dict[Any, float] | None = None) -> float:
        """The option's worth (``memo``: the distances to the figure's aim already worked out for this question,
        by square)."""
        top = state.agenda[-1]
        kind = top[2]
        head = action[0]
        if kind == "send":  # a hack needs a tech specialist (rule tech-terminal-hack): send one when the goal asks
            wanted = "tech" if state.game.mission.goal == "hack" else ""
            known = {t.id: t.specialty for t in state.game.troopers[top[3]]}
            return 1.0 if wanted and any(known[f] == wanted for f in action[1:]) else 0.0
        if kind == "take":
            if head == "done":
                return 0.0
            item = state.game.equipment[action[1]]
            if item.kind in ("weapon", "combo"):
                return 100.0 + item.cost
            return 10.0 + item.cost
        if kind == "mute":  # rule event-mute: the corporation holding the most cards
            return float(len(state.hands.get(action[1], ())))
        if kind == "reroll":
            return float(len(action[1]))
        if kind == "overrun":
            return 1.0 if action[1] else 0.0
        if kind == "place":
            if head == "skip":
                return 0.0
            return -float(min((chebyshev(action[1], f.cell) for f in state.figs.values()
                               if f.side != LEGION and f.cell is not None), default=0))
        if kind == "react":  # a card answering its moment: always, when it is asked
            return 1.0 if head == "react" else 0.0
        if kind == "order":  # rule card-intelligence-report: the fewest creatures on top
            return -float(sum(force_size(state, n) * 10 ** (len(action[1]) - i) for i, n in enumerate(action[1])))
        if kind == "keep":  # the secondary mission whose reward weighs most against its penalty, one the map allows
            card = next(i for i in state.game.pack.of_type("secondary_mission") if i.id == action[1])
            return float(card["reward"] - card["penalty"]) - (100.0 if self.secondary and
                                                              secondary.hopeless(state, card) else 0.0)
        if kind != "act":
            return 0.0
        fig = state.figs[top[3]]
        lean = secondary.lean(state, fig, action) if state.secondary and fig.side != LEGION and self.secondary else 0.0
        if head == "special":
            return 1000.0
        if head == "leave":  # off the map with the objective; otherwise only once the mission is won
            return 1000.0 if state.carrier == fig.id and state.game.mission.goal == "carry" else \
                20.0 if state.goal_done else -1.0
        if head in ("attack", "sweep", "line", "grenade"):
            objective = len(action) > 2 and str(action[2]).startswith("token@") and \
                token_cell(action[2]) in state.game.mission.targets  # a terminal or target, not a turret
            return (50.0 if fig.side == LEGION else 60.0 if objective else 40.0) + (5.0 if head != "attack" else 0.0) \
                + lean
        if head == "card":
            return 35.0
        if head == "play":  # a free shot or a die for every attack: before the attacks
            first = state.game.card_effects.get(action[1], "") in ("quick_shot", "side_by_side")
            return (45.0 if first else 36.0) if self.worth_playing(state, fig, action) else -1.0
        if head == "end":
            return 0.0
        if head == "move":  # how much nearer the aim the move brings the figure
            here = fig.cell if fig.cell is not None else state.game.mission.entrances[fig.outside or 0].cell
            memo = {} if memo is None else memo
            for cell in (here, action[1]):
                if cell not in memo:
                    memo[cell] = self.distance_to_aim(state, fig, cell)
            return 30.0 + 5.0 * (memo[here] - memo[action[1]]) + lean
        return 0.0

    def worth_playing(self, state: SiegeState, fig: Any, action: tuple) -> bool:
        """Whether a Doomtrooper card's text helps now: a heal of a Doomtrooper down to 3 health or less, a die more
        for an attack it can make, blocking lifted from a blocked figure, a longer Move when no attack is in reach,
        a door card saved next to a closed door (a swap never)."""
        kind = state.game.card_effects.get(action[1], "")
        attacks = any(a[0] in ("attack", "sweep", "line", "grenade", "nimrod") for a in state.legal_actions())
        if kind == "heal":
            return bool(state.figs[action[2]].health <= 3)
        if kind in ("add_red", "tech_white"):
            return attacks
        if kind == "unblocked":
            return True
        if kind == "unblocked_team":
            return any(board.blocked(state, f) for f in state.figs.values() if f.side == fig.side and f.cell)
        if kind == "extra_move":
            return fig.left == 2 and not attacks
        if kind == "no_door_card":
            return fig.kind != "tech" and fig.cell is not None and any(
                chebyshev(fig.cell, door[0]) <= 3 for door in state.doors)
        if kind in ("quick_shot", "side_by_side"):
            return attacks
        if kind == "pin":  # a creature not yet next to a Doomtrooper, that would close in
            target = state.figs[action[2]]
            return not any(target.cell is not None and f.cell is not None and chebyshev(target.cell, f.cell) <= 1
                           for f in state.figs.values() if f.side != LEGION)
        if kind == "scavenge":
            return True
        if kind == "leap":
            return fig.left == 2 and len(board.destinations(state, fig)) < len(leap_reach(state, fig))
        if kind == "stack_forces":
            return fig.left == 2 and not attacks
        return False

    def distance_to_aim(self, state: SiegeState, fig: Any, cell: Any) -> float:
        game = state.game
        if fig.side == LEGION:
            aims = [f.cell for f in state.figs.values() if f.side != LEGION and f.cell is not None]
        elif state.carrier == fig.id and game.mission.goal == "carry":  # the objective goes out at a white entrance
            aims = [e.cell for e in game.mission.entrances if e.colour == "white"]
        else:
            aims = list(game.mission.targets)
            if game.mission.goal in ("hack", "destroy"):  # the targets still standing
                aims = [a for a in aims if a in state.tokens] or aims
            if state.goal_done:
                aims = [f.cell for f in state.figs.values() if f.side == LEGION and f.cell is not None] or aims
        if not aims:
            return 0.0
        table = game.paths.distances_from(cell)
        return float(min(table.get(a, 999) for a in aims))


def force_size(state: SiegeState, number: int) -> int:
    return sum(int(e["count"]) for e in state.game.forces[number].get("figures", []))


def leap_reach(state: SiegeState, fig: Any) -> dict:
    """The squares ``fig`` could reach with Leap of Faith played on it."""
    world = state.clone()
    world.boosts[fig.id] = (*world.boosts.get(fig.id, ()), "leap")
    return board.destinations(world, world.figs[fig.id])


def greedy_bot(game: Any, seat: int, rng: random.Random, **options: Any) -> GreedyBot:
    return GreedyBot()


def determinize(state: SiegeState, player: int, rng: random.Random) -> SiegeState:
    """A world the player cannot tell from this one. Face-down force cards, the event deck and the AI deck are drawn
    only when they are turned up (every unseen card equally likely); the other teams' Doomtrooper cards are dealt
    again from the cards the player cannot see (in solo play the player holds every team's hand), and so are the
    force cards another team looked at on top of the pile (rule ``card-intelligence-report``)."""
    world = state.clone()
    if not state.game.settings.solo:
        hidden_world(world, state.game.side_of(player), rng)
        secondary.hidden_world(world, state.game.side_of(player), rng)
        hidden_pile(world, state.game.side_of(player), rng)
    return world
