"""The state of a game of Legion: Siberian Journey, moved by the engine's step machine (``engine/steps.py``).

Cards are the integers of ``data.py``. The decks and the hands of action cards are card zones (``engine/zones.py``):
a deck is a multiset drawn by chance, a hand is seen by its owner only, a trap lies face down at its plot. What lies
open on the table (the Marketplace and its bids, Line-ups, Reserves, squads, wounds, the graveyard, resources and
points) is kept in plain lists. Secret bids are sealed choices (``engine/sealed.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnpforge.engine import zones as z
from pnpforge.engine.events import Log
from pnpforge.engine.sealed import Sealed
from pnpforge.engine.steps import StepMachine
from pnpforge.games.legion_siberian_journey import view

if TYPE_CHECKING:
    from pnpforge.games.legion_siberian_journey.game import JourneyGame

Action = Any  # an answer (a tuple) or a chance outcome (a card, a tuple)


class Slot:
    """A card in the Marketplace: ``kind`` ("character" or "action") and ``card``; each player's stack on it
    (``bids``, bank tokens of bonuses included) and the part of it that is the player's own (``own``); the players
    whose first bid of this Auction on it has been made (bonuses are added once)."""

    __slots__ = ("kind", "card", "bids", "own", "bonused")

    def __init__(self, kind: str, card: int, bids: list[int], own: list[int], bonused: frozenset = frozenset()):
        self.kind, self.card, self.bids, self.own, self.bonused = kind, card, bids, own, bonused

    def copy(self) -> "Slot":
        return Slot(self.kind, self.card, list(self.bids), list(self.own), self.bonused)

    def key(self) -> tuple:
        return (self.kind, self.card, tuple(self.bids), tuple(self.own), tuple(sorted(self.bonused)))


class Site:
    """A plot of this round's row: its card, its squads (starter, members in arrival order) and what changed it."""

    __slots__ = ("plot", "squads", "done", "destroyed", "difficulty", "reward", "boost", "ties", "shields", "result",
                 "trappers")

    def __init__(self, plot: int):
        self.plot = plot
        self.squads: list[tuple[int, list[int]]] = []
        self.done = False  # evaluated (or destroyed)
        self.destroyed = False
        self.difficulty = 0  # added to a cooperative plot's difficulty
        self.reward = 0  # added to the first reward
        self.boost: dict[int, int] = {}  # character -> Number added here
        self.ties: set[int] = set()  # players who win ties here before the usual tie-breaks
        self.shields: dict[object, int] = {}  # (player, "squad") or character or "any" -> wounds still prevented
        self.result: dict | None = None
        self.trappers: list[int] = []  # who laid each trap lying face down here, as its zone lists them

    def copy(self) -> "Site":
        other = Site(self.plot)
        other.squads = [(s, list(m)) for s, m in self.squads]
        other.done, other.destroyed = self.done, self.destroyed
        other.difficulty, other.reward = self.difficulty, self.reward
        other.boost, other.ties, other.shields = dict(self.boost), set(self.ties), dict(self.shields)
        other.result = self.result
        other.trappers = list(self.trappers)
        return other

    def members(self) -> list[int]:
        return [c for _, squad in self.squads for c in squad]

    def squad_of(self, starter: int) -> list[int] | None:
        for s, squad in self.squads:
            if s == starter:
                return squad
        return None


class JourneyState(StepMachine):
    """A game of Legion: Siberian Journey in progress (see ``JourneyGame.new_initial_state``)."""

    def __init__(self, game: "JourneyGame", source: "JourneyState | None" = None):
        if source is not None:  # a clone of ``source`` (``clone``)
            self._copy(source)
            return
        n = game.num_players
        data = game.data
        self.game = game
        self.data = data
        self.start_steps(game.steps)
        self.n = n
        self.factions: tuple[str, ...] = game.factions
        self.round = 0
        self.first = 0  # first player this round
        self.next_first: int | None = None  # set by a first-player effect for the next round
        self.commander: list[str | None] = [None] * n
        self.resources = [0] * n
        self.vp = [0] * n
        self.won_locations: list[list[int]] = [[] for _ in range(n)]
        chars = len(data.characters)
        self.owner = [-1] * chars  # the player who won or recovered the character (kept in the graveyard)
        self.wounded: set[int] = set()
        self.shown: dict[int, int] = {}  # character -> attributes added for the round (bit mask)
        self.free: set[int] = set()  # characters that ignore plot icons this round
        self.lineup: list[list[int]] = [[] for _ in range(n)]
        self.reserve: list[list[int]] = [[] for _ in range(n)]
        self.graveyard: list[int] = []
        decks = [("characters", z.Zone.deck(range(chars))), ("actions", z.Zone.deck(range(len(data.actions)))),
                 ("action-discard", z.Zone.pile())]
        decks += [(f"plots:{level}", z.Zone.deck(cards)) for level, cards in sorted(data.plot_decks.items())]
        decks += [(f"locations:{level}", z.Zone.deck(cards)) for level, cards in sorted(data.location_decks.items())]
        decks += [(f"hand:{p}", z.Zone.hand(p)) for p in range(n)]
        decks += [(f"peek:{p}", z.Zone.hand(p)) for p in range(n)]  # cards a player is looking at
        decks += [(f"traps:{i}", z.Zone.face_down(None, (), owner_sees=True)) for i in range(data.parameters.plots(n))]
        decks += [("table", z.Zone.pile())]  # cards drawn and not yet placed (a plot, a location, a market card)
        self.zones = z.Zones.of(decks)
        self.market: list[Slot] = []
        self.location: int | None = None
        self.final_location: int | None = None
        self.sites: list[Site] = []
        self.char_traps: list[tuple[int, int, int]] = []  # (plot index, player, character) waiting at a plot
        self.passed: set[int] = set()
        self.bonus: list[list[tuple[str, int]]] = [[] for _ in range(n)]  # bid bonuses for this Auction
        self.price = [0] * n  # change to the action card price for this Auction
        self.sealed: Sealed | None = None  # a secret bid in progress
        self.cancelled: int | None = None  # an action card cancelled as it was played
        self.location_ties: set[int] = set()  # players who win a tie for this round's location first
        self.prevented: set[int] = set()  # wounds (by serial) prevented before they were dealt
        self.serial = 0
        self.tiebreak: dict[tuple, int] = {}  # (purpose, site, player) -> rank won in a secret bid
        self.log: Log = []  # what happened, as typed entries (log.py)
        self.final: list[float] | None = None
        # how many answers and chance outcomes the game has had, and the last; the greedy bot's quiet rounds kept
        # at the last question it weighed, with the number of answers then (``lookahead.Question``; not cloned)
        self.answers = 0
        self.last: Action | None = None
        self.kept: tuple[int, dict] | None = None

    # --- the protocol (the rest is the step machine's) -------------------------------------------------------
    def apply_action(self, action: Action) -> None:
        StepMachine.apply_action(self, action)
        self.answers += 1
        self.last = action

    def observation(self, player: int) -> tuple:
        return view.observation(self, player)

    def action_to_string(self, action: Action) -> str:
        return view.action_to_string(self, action)

    def actor_to_string(self, player: int) -> str:
        return view.actor(self, player)

    def __str__(self) -> str:
        return view.describe(self)

    def returns(self) -> list[float]:
        return list(self.final) if self.final else [0.0] * self.n

    def clone(self) -> "JourneyState":
        return JourneyState(self.game, self)

    def _copy(self, other: "JourneyState") -> None:
        """Become a copy of ``other`` that shares nothing it changes: every attribute named (a compiled class has
        no ``__dict__`` to copy), the step machine's too; the quiet rounds kept are not copied."""
        self.game, self.data, self.n, self.factions = other.game, other.data, other.n, other.factions
        other.copy_steps(self)
        self.round, self.first, self.next_first = other.round, other.first, other.next_first
        self.commander, self.resources, self.vp = list(other.commander), list(other.resources), list(other.vp)
        self.won_locations = [list(x) for x in other.won_locations]
        self.owner, self.wounded, self.shown = list(other.owner), set(other.wounded), dict(other.shown)
        self.free = set(other.free)
        self.lineup, self.reserve = [list(x) for x in other.lineup], [list(x) for x in other.reserve]
        self.graveyard, self.zones = list(other.graveyard), other.zones
        self.market = [s.copy() for s in other.market]
        self.location, self.final_location = other.location, other.final_location
        self.sites = [s.copy() for s in other.sites]
        self.char_traps, self.passed = list(other.char_traps), set(other.passed)
        self.bonus, self.price = [list(x) for x in other.bonus], list(other.price)
        self.sealed, self.cancelled = other.sealed, other.cancelled
        self.location_ties, self.prevented = set(other.location_ties), set(other.prevented)
        self.serial, self.tiebreak, self.log = other.serial, dict(other.tiebreak), list(other.log)
        self.final, self.answers, self.last, self.kept = other.final, other.answers, other.last, None

    def steps_table(self) -> dict[str, tuple]:
        """The steps this state plays by (the step machine's table)."""
        return self._steps

    def use_steps(self, table: dict[str, tuple]) -> None:
        """Play on by ``table`` instead: a look ahead's quiet round on a clone (``lookahead.quiet_steps``)."""
        self._steps = table

    # --- small queries the rules share ---------------------------------------------------------------------------
    def seats_from(self, first: int) -> list[int]:
        """Every player, from ``first`` clockwise."""
        return [(first + i) % self.n for i in range(self.n)]

    def living(self, player: int) -> list[int]:
        """A player's living characters: Line-up, Reserve and at plots."""
        at_plots = [c for site in self.sites for c in site.members() if self.owner[c] == player]
        return self.lineup[player] + self.reserve[player] + at_plots

    def attributes(self, character: int) -> int:
        return self.data.characters[character].attributes | self.shown.get(character, 0)

    def site_of(self, character: int) -> int | None:
        for index, site in enumerate(self.sites):
            if not site.done and character in site.members():
                return index
        return None

    def hand(self, player: int) -> tuple[int, ...]:
        return self.zones[f"hand:{player}"].contents()
