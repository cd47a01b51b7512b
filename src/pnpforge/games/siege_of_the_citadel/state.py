"""A position of a Siege of the Citadel mission and the agenda that moves it.

The state keeps the figures, the teams, the tokens on the map and an agenda: a stack of steps, the top one next.
A step is a task (run at once), a decision of one seat or a chance step (a marker, an event, a force, door or AI
card, one die). Cards are drawn when they are turned up, from every card not seen yet: a face-down force card on a
tile, the event deck and the AI deck are all equally likely to hold any unseen card, so the state holds no hidden
information but the Doomtrooper cards in each team's hand, and a chance node draws what was face down (rule ids in
each step's docstring).

The rules of each part live beside it: ``turns.py`` (set-up, rounds, corporation turns, moves, doors, spawns),
``combat.py`` (attacks and points), ``legion.py`` (the Dark Legion turn and the AI deck).
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate
from typing import Any

from pnpforge.engine.api import CHANCE, TERMINAL
from pnpforge.engine.events import Log
from pnpforge.engine.grid import Cell, Edge
from pnpforge.games.siege_of_the_citadel.figures import Fig, Team
from pnpforge.games.siege_of_the_citadel.game import LEGION, SiegeGame
from pnpforge.games.siege_of_the_citadel import turns
from pnpforge.games.siege_of_the_citadel.log import Said
from pnpforge.games.siege_of_the_citadel.scoring import returns
from pnpforge.games.siege_of_the_citadel.steps import DECISIONS, TASKS, options, outcomes
from pnpforge.games.siege_of_the_citadel.view import action_words, describe


_NOTHING = object()  # no chance outcome sampled


def as_floats(listed: list[tuple[Any, Any]]) -> list[tuple[Any, float]]:
    """Outcomes with their probabilities as floats, each probability object converted once (the outcomes of a
    card drawn share one)."""
    found = []
    last: Any = None
    value = 0.0
    for outcome, p in listed:
        if p is not last:
            last, value = p, float(p)
        found.append((outcome, value))
    return found


class SiegeState:
    """A position; see the module docstring."""

    def __init__(self, game: SiegeGame):
        self.game = game
        self.figs: dict[str, Fig] = {}
        self.teams: dict[str, Team] = {}
        self.agenda: list[tuple] = []
        self.round = 0
        self.markers: tuple[str, ...] = ()  # sides still to be drawn this round
        self.acting: str | None = None  # the side whose turn it is
        self.doors: frozenset[Edge] = frozenset()  # door tokens still on the map
        self.tokens: dict[Cell, str] = {}
        self.traps: dict[Cell, str] = {}  # trap -> the figure that laid it
        self.face_down: tuple[int, ...] = ()  # force cards face down, per tile
        self.seen_forces: tuple[int, ...] = ()  # force cards turned up and not reshuffled
        self.events_seen: tuple[int, ...] = ()
        self.event: int | None = None
        self.pool: dict[str, int] = {}  # creatures still in the box
        self.legion_score = 0
        self.legion_rank = game.settings.rank
        self.goal_done = False
        self.commander: str | None = None
        self.escaped: tuple[str, ...] = ()  # Doomtroopers who left the map
        self.bombs: tuple[Cell, ...] = ()  # time bombs set
        self.campaign_result: tuple[tuple[str, int, int], ...] = ()  # a finished campaign's ranks, by seat
        self.carrier: str | None = None
        self.attack: dict[str, Any] | None = None  # the attack being resolved
        self.draft: tuple[str, ...] = ()  # teams still drafting, in turn
        self.taken: dict[str, int] = {}  # equipment copies checked out
        self.card_used = False  # a Doomtrooper card used this turn
        self.hands: dict[str, tuple[str, ...]] = {}  # Doomtrooper cards held, by team (hidden from the others)
        self.played: tuple[str, ...] = ()  # Doomtrooper cards discarded this mission
        self.boosts: dict[str, tuple[str, ...]] = {}  # card effects in force this turn, by figure or team
        self.pinned: tuple[str, ...] = ()  # creatures that may not move on the next Dark Legion turn
        self.stacked: tuple[int, ...] = ()  # force cards known on top of the draw pile, the next one first
        self.stacked_by: str | None = None  # the team that knows their order (hidden from the others)
        self.spent: tuple[tuple[str, str], ...] = ()  # one-use equipment used up, as (team, card)
        self.drawn: dict[str, tuple[str, ...]] = {}  # secondary mission cards drawn, not yet kept, by team
        self.secondary: dict[str, str] = {}  # the secondary mission kept, by team (hidden from the others)
        self.feats: dict[str, int] = {}  # what each team did toward a secondary mission ("corp|feat")
        self.held: dict[str, tuple[str, ...]] = {}  # creatures kept on a secondary mission card, by team
        self.ai_seen: tuple[int, ...] = ()  # AI cards turned this Dark Legion turn
        self.tiebreak: int | None = None  # the AI card set aside for the order of activation
        self.ai_cards = 0  # AI cards turned this Dark Legion turn, the reshuffles included (counted, not a rule)
        self.smoke: tuple[int, ...] = ()  # tiles filled with smoke this round
        self.round_events: tuple[int, ...] = ()  # event cards whose instruction lasts until the round ends
        self.muted: str | None = None  # the corporation that plays no Doomtrooper card this round (event-mute)
        self.log: Log = []
        self.attacks: list[dict[str, Any]] = []  # each attack resolved, as a scenario reports it
        self.sight_asked: tuple[tuple[Cell, Cell], ...] = ()  # sight lines a scenario asks about
        self._options: list[Any] | None = None  # the legal actions of this position, once listed
        self._sampled: Any = _NOTHING  # the chance outcome ``sample_chance`` picked here, known to be possible
        self.counter = 0  # creatures placed so far, for their ids
        self.stats: dict[str, int] = {}

    # --- construction and copying ---------------------------------------------------------------------------------
    @classmethod
    def start(cls, game: SiegeGame) -> SiegeState:
        state = cls(game)
        turns.set_up(state)
        state.advance()
        return state

    def clone(self) -> SiegeState:
        new = SiegeState.__new__(SiegeState)
        new.__dict__.update(self.__dict__)
        new.figs = {k: f.copy() for k, f in self.figs.items()}
        new.teams = {k: t.copy() for k, t in self.teams.items()}
        new.agenda = list(self.agenda)
        new.tokens = dict(self.tokens)
        new.traps = dict(self.traps)
        new.pool = dict(self.pool)
        new.taken = dict(self.taken)
        new.hands = dict(self.hands)
        new.boosts = dict(self.boosts)
        new.drawn = dict(self.drawn)
        new.secondary = dict(self.secondary)
        new.feats = dict(self.feats)
        new.held = dict(self.held)
        new.log = list(self.log)
        new.attacks = list(self.attacks)
        new.stats = dict(self.stats)
        new.attack = None if self.attack is None else {k: (list(v) if isinstance(v, list) else v)
                                                         for k, v in self.attack.items()}
        new._sampled = _NOTHING
        return new

    # --- helpers the rules use ------------------------------------------------------------------------------------
    def occupied_cells(self) -> set[Cell]:
        return {f.cell for f in self.figs.values() if f.cell is not None}

    def at(self, cell: Cell) -> Fig | None:
        for fig in self.figs.values():
            if fig.cell == cell:
                return fig
        return None

    def smoke_on(self, fig: Fig) -> bool:
        return fig.cell is not None and self.game.mission.tile_of.get(fig.cell) in self.smoke

    def seat_of(self, side: str) -> int | None:
        return self.game.seat_of(side)

    def tell(self, text: str, rule: str = "") -> None:
        self.log.append(Said(text, rule))

    def count(self, key: str, amount: int = 1) -> None:
        self.stats[key] = self.stats.get(key, 0) + amount

    # --- the agenda -----------------------------------------------------------------------------------------------
    def push(self, *steps: tuple) -> None:
        """Schedule steps to run in the order given (the first one next)."""
        self.agenda.extend(reversed(steps))

    def advance(self) -> None:
        """Run tasks until a decision, a chance step or the end."""
        while self.agenda:
            top = self.agenda[-1]
            kind = top[0]
            if kind in TASKS:
                self.agenda.pop()
                TASKS[kind](self, *top[1:])
                continue
            return

    # --- the protocol ---------------------------------------------------------------------------------------------
    def current_player(self) -> int:
        if not self.agenda:
            return TERMINAL
        top = self.agenda[-1]
        if top[0] == "chance":
            return CHANCE
        return top[1]

    def is_terminal(self) -> bool:
        return not self.agenda

    def is_chance_node(self) -> bool:
        return bool(self.agenda) and self.agenda[-1][0] == "chance"

    def legal_actions(self) -> list[Any]:
        if not self.agenda or self.agenda[-1][0] != "decide":
            return []
        if self._options is None:
            self._options = options(self, self.agenda[-1])
        return list(self._options)

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        if not self.is_chance_node():
            return []
        return as_floats(outcomes(self, self.agenda[-1]))

    def sample_chance(self, rng: Any) -> Any:
        """The outcome ``loop.sample_chance`` picks with the same draw of ``rng`` (the first whose running total of
        probability exceeds ``rng.random()``, the last if rounding leaves none), listed once: the outcome is then
        applied without listing them again."""
        listed = as_floats(outcomes(self, self.agenda[-1]))
        index = bisect_right(list(accumulate(p for _, p in listed)), rng.random())
        self._sampled = outcome = listed[index if index < len(listed) else -1][0]
        return outcome

    def apply_action(self, action: Any) -> None:
        if not self.agenda:
            raise ValueError("the mission is over")
        top = self.agenda[-1]
        if top[0] == "chance":
            if action is not self._sampled and action not in [o for o, p in outcomes(self, top) if p > 0]:
                raise ValueError(f"{action!r} cannot come up here")
        elif action not in self.legal_actions():
            raise ValueError(f"{action!r} is not allowed here")
        self._options = None
        self._sampled = _NOTHING
        self.agenda.pop()
        DECISIONS[top[2] if top[0] == "decide" else top[1]](self, action, *top[3 if top[0] == "decide" else 2:])
        self.advance()

    def returns(self) -> list[float]:
        return returns(self)

    def observation(self, player: int) -> tuple:
        """Everything on the table; of the other teams' Doomtrooper cards only how many they hold."""
        side = self.game.side_of(player) if self.game.num_players > player else None
        own = self.game.settings.corporations if self.game.settings.solo else (side,)
        return self.key(tuple(sorted((c, h if c in own else len(h)) for c, h in self.hands.items())),
                        tuple(sorted((c, k if c in own else "?") for c, k in self.secondary.items())),
                        self.stacked if self.stacked_by in own else len(self.stacked))

    def key(self, hands: tuple | None = None, secret: tuple | None = None, stacked: Any = None) -> tuple:
        stacked = self.stacked if stacked is None else stacked
        hands = tuple(sorted(self.hands.items())) if hands is None else hands
        secret = tuple(sorted(self.secondary.items())) if secret is None else secret
        return (tuple(f.key() for f in self.figs.values()), tuple(t.key() for t in self.teams.values()),
                tuple(self.agenda), self.round, self.markers, self.acting, tuple(sorted(self.doors)),
                tuple(sorted(self.tokens.items())), tuple(sorted(self.traps.items())), self.face_down,
                self.seen_forces, self.events_seen, self.event, tuple(sorted(self.pool.items())),
                self.legion_score, self.goal_done, self.carrier,
                None if self.attack is None else tuple(sorted((k, tuple(v) if isinstance(v, list) else v)
                                                              for k, v in self.attack.items())),
                self.draft, tuple(sorted(self.taken.items())), self.card_used, hands, self.played,
                tuple(sorted(self.boosts.items())), secret, tuple(sorted(self.drawn.items())),
                tuple(sorted(self.feats.items())), tuple(sorted(self.held.items())),
                self.ai_seen, self.tiebreak, self.smoke, self.commander, self.escaped, self.bombs,
                self.game.settings.number, self.campaign_result, self.pinned, stacked, self.stacked_by, self.spent,
                self.round_events, self.muted)

    def action_to_string(self, action: Any) -> str:
        return action_words(self, action)

    def actor_to_string(self, player: int) -> str:
        side = self.game.side_of(player)
        top = self.agenda[-1] if self.agenda else ()
        if self.game.settings.solo and len(top) > 3 and top[0] == "decide" and top[2] in ("send", "take", "enter"):
            side = top[3]  # the solo player's question names the corporation it is about
        elif self.game.settings.solo and self.acting is not None:
            side = self.acting
        return f"round {self.round} {side}"

    def __str__(self) -> str:
        return describe(self)



__all__ = ["LEGION", "Fig", "SiegeState", "Team"]
