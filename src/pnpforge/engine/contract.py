"""The contract between shared code and a game package: what a package declares, and the typed values crossing it.

A game package (``pnpforge.games.<name>``) holds its rules, its bots' heuristics, its checks and its drawings, and
declares them in one ``GamePackage``. Everything around the rules — playouts, seats and factions, win shares,
matches, transcripts, the replay runner, the simulation harness and the generic analyses — lives in ``engine/``
and reaches the game only through this contract:

- ``new_game(pack, GameConfig) -> Game``: an immutable game for fixed parameters;
- ``bots``: name -> ``factory(game, seat, rng, **options) -> Bot``; a package with ``determinize`` and a greedy bot
  also gets the engine's ``search`` bot, which plays out with the greedy one (``engine/search.py``);
- ``replay(pack, file) -> Outcome``: a scripted game or scenario played through the engine, as data and findings;
- ``events(final_state) -> events`` (``engine/events.py``): what happened in a simulated game, for the analyses;
  a package whose log makes many events may also count its log straight into the tally's counts
  (``count_log(final_state, held) -> EventCounts``, ``engine/event_counts.py``), exactly as its events count;
- ``roles(pack, mode) -> Roles`` (``engine/seating.py``), when sides are not all alike: a side fixed to a seat, an
  automaton side the rules play, a game that everybody can lose.

A data-only pack names no package, or a package without ``new_game``; shared code then skips everything that
needs an engine.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Generic, Iterable, Mapping

from pnpforge.engine.api import Bot, Game, StateT
from pnpforge.engine.search import SearchFactory, SearchPlan
from pnpforge.findings import Finding

if TYPE_CHECKING:  # the pack and the engine's modules below import this one
    from pnpforge.content.pack import Item, Pack
    from pnpforge.content.player_files import PlayerFile
    from pnpforge.engine.event_counts import EventCounts
    from pnpforge.engine.events import Event
    from pnpforge.engine.fair_points import FitPlan
    from pnpforge.engine.map_marks import MapMarks
    from pnpforge.engine.plane_figure import PlaneFigure
    from pnpforge.engine.matches import Pairing
    from pnpforge.engine.playout import Run
    from pnpforge.engine.seating import Roles
    from pnpforge.engine.tally import Tally
    from pnpforge.engine.validate import Analysis, Settings, Table


@dataclass(frozen=True)
class GameConfig:
    """The parameters of one game: player count, sides by seat, mode, scenario and game-specific options."""

    players: int = 2
    sides: tuple[str, ...] = ()  # factions (or colours) by seat; empty: the game's own default
    mode: str = ""  # empty: the game's own default
    scenario: str | None = None
    options: tuple[tuple[str, Any], ...] = ()  # sorted (key, value) pairs, hashable and picklable

    def option(self, key: str, default: Any = None) -> Any:
        """A game-specific option (a fixed field, a turn limit, ...)."""
        return dict(self.options).get(key, default)


BotFactory = Callable[..., Bot[Any]]  # (game, seat, rng, **options) -> a bot of that game


@dataclass
class Outcome:
    """What a replay gives: JSON-able data, or the located findings that stopped it (exit code 2)."""

    data: dict[str, Any] | None = None
    findings: list[Finding] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.data is not None and not any(f.severity == "error" for f in self.findings)

    def to_json(self) -> str:
        """The data as ``pnpforge replay`` prints it: indented, keys sorted, UTF-8 as is."""
        return json.dumps(self.data, indent=2, sort_keys=True, ensure_ascii=False)


@dataclass(frozen=True)
class GoldenGame(Generic[StateT]):
    """A seeded playthrough kept as a golden transcript (``tests/golden/<pack>/<name>.txt``).

    ``header`` opens the file when given; chance outcomes are drawn by their probabilities, as in every playout;
    ``final`` writes the final position (default ``str``). ``random_games``: how many random games the engine suite
    plays in this configuration with the protocol checked after every action (None: the suite's own count), for a
    game whose package plays many configurations, or slow ones, and keeps the rest of that coverage in its own tests.
    """

    name: str
    config: GameConfig
    bots: tuple[str, ...]
    seed: int
    header: str | None = None
    blank_before_final: bool = True
    final: Callable[[StateT], str] | None = None
    random_games: int | None = None


@dataclass(frozen=True)
class PlayerDocument:
    """The document ``build --list`` prints from a player file (a roster): the pack's template that lays out its
    pages (rendered in the sandbox, like a face's), what the template sees besides the pack's helpers, and the items
    printed after the pages as cards on sheets (their faces, imposed as the print plan does), by type."""

    template: str
    context: Mapping[str, Any]
    cards: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    title: str = ""


@dataclass(frozen=True)
class PlayerFileRules:
    """What a game package does with one kind of player file (``game.yaml``'s ``player_files:``): its checks, the
    lines ``validate --list`` prints under them (points against the limit), and the document ``build --list`` prints
    from it."""

    check: Callable[[Pack, PlayerFile], Iterable[Finding]]
    summary: Callable[[Pack, PlayerFile], list[str]] | None = None
    document: Callable[[Pack, PlayerFile], PlayerDocument] | None = None


@dataclass(frozen=True)
class WebBuilder:
    """A page of the web rulebook on which players write one kind of player file in the browser (a force list).

    The shared site writes the page, embeds ``data(pack)`` in it as JSON (nothing is fetched, so it works from
    ``file://``) and loads ``scripts``: files of the game package's ``web/`` folder, pnpforge's own code (a pack's
    scripts are never run). The scripts read the embedded data and the shared kit (``layouts/web/builder/kit.js``)."""

    kind: str  # the player-file kind the page writes
    scripts: tuple[str, ...]  # file names in the game package's ``web/`` folder, loaded in this order
    data: Callable[[Pack], dict[str, Any]]  # what the scripts need of the pack, as JSON values


@dataclass(frozen=True)
class GamePackage(Generic[StateT]):
    """What a game package adds to a pack's data. Only ``name`` is required: a package may bring checks alone.

    ``GamePackage[LegieState]``: the callbacks that take a state take the game's own (shared code, which never
    looks inside a state, holds a ``GamePackage`` of any state)."""

    name: str
    vocabulary: tuple[str, ...] = ()  # game terms that shared code must never name
    requires: dict[str, tuple[str, ...]] = field(default_factory=dict)  # component types and fields it reads
    checks: tuple[Callable[[Pack], Iterable[Finding]], ...] = ()  # static rules: Pack -> findings
    rules_modules: tuple[str, ...] = ()  # the package's modules holding rules, bots, checks, drawings, analyses
    new_game: Callable[[Pack, GameConfig], Game] | None = None
    modes: tuple[str, ...] = ("base",)  # what ``validate --mode`` and ``replay --seed --mode`` accept
    # the scenarios a campaign (game.yaml's ``campaigns:``, ``engine/campaign.py``) may chain, when the game names them
    scenarios: Callable[[Pack], tuple[str, ...]] | None = None
    # the modes ``validate`` plays without ``--mode`` (default: every mode; a package whose first mode already
    # spreads its configurations over the others names that one)
    validated_modes: tuple[str, ...] | None = None
    # the modes the bench times on their own (greedy games per CPU second; default: those ``validate`` leaves out)
    bench_modes: tuple[str, ...] | None = None
    # a slow mode's budget: the most games per configuration ``validate --games auto`` plays in it, by mode (a
    # finding still undecided there stays info, saying what would decide it)
    validate_budgets: Mapping[str, int] = field(default_factory=dict)
    bots: Mapping[str, BotFactory] = field(default_factory=dict)
    factions: Callable[[Pack], tuple[str, ...]] | None = None  # sides rotated over the seats, when the game has them
    seat_names: Callable[[Pack], tuple[str, ...]] | None = None  # fixed names of the seats (colours)
    # (pack, mode) -> the mode's roles (``engine/seating.py``): a side fixed to a seat, sides rotating over the
    # others, an automaton the rules play, a loss for all; instead of ``factions`` and ``seat_names`` when given
    roles: Callable[[Pack, str], Roles] | None = None
    invariants: Callable[[StateT], list[str]] | None = None  # the rules re-checked from a state alone: broken ones
    # (state, player, rng) -> a state the player cannot tell from this one, its hidden parts drawn anew
    determinize: Callable[[StateT, int, random.Random], StateT] | None = None
    replay: Callable[[Pack, Path], Outcome] | None = None
    events: Callable[[StateT], Iterable[Event]] | None = None  # typed events of a finished game
    # (final state, held) -> the events of a finished game as the counts its tally adds, read straight from its log
    # without an event object per entry, the ``Held`` ones only when ``held`` (``engine/event_counts.py``): optional,
    # and exactly what ``count_events`` gives from ``events`` (a package with it tests that over seeded games)
    count_log: Callable[[StateT, bool], EventCounts] | None = None
    # (game, seed) -> watcher of a game the validator weighs; (game, seed, items) -> one that weighs only those
    observer: Callable[..., Any] | None = None
    # (pack, tallies, settings) -> the items whose checks of what the observer counts are still open: ``--games
    # auto`` has the observer weigh only those, and none once there are none (``engine/validate.py``); without it
    # the observer weighs everything in every game
    observing: Callable[[Pack, dict[Any, Tally], Settings], Iterable[str]] | None = None
    analyse: Callable[[Pack, dict[Any, Tally], Settings], Analysis] | None = None  # tallies by the runs' labels
    configurations: Callable[[Pack, Settings], dict[Any, Run]] | None = None  # {label: Run}
    # analyses of the pack's data alone, needing no game (exact odds, paths on maps), by name: the validator reports
    # them with or without an engine (``engine/data_analyses.py``), and a rulebook page shows one's tables with
    # ``{analysis NAME}``
    data_analyses: Mapping[str, Callable[[Pack], Analysis]] = field(default_factory=dict)
    # A card page's own figures: called once per site with the pack, it gives each item's tables (its rows of the
    # data analyses, say), shown on the item's card page under its fields; an item without any shows none.
    item_tables: Callable[[Pack], Callable[[Item], list[Table]]] | None = None
    matches: tuple[Pairing, ...] = ()  # the pairings ``make matches`` plays
    goldens: tuple[GoldenGame[StateT], ...] = ()  # also the configurations the engine suite plays random games in
    # (Pack, examples/<stem>.yaml, language, label) -> (figures [(caption, SVG)], outcome sentences): a worked
    # example drawn by the game itself (board diagrams), for packs whose rulebook.yaml has no ``examples:``
    example: Callable[[Pack, Path, str, Callable[[str], str]], tuple[list[tuple[str, str]], list[str]]] | None = None
    # (Pack, item) -> the item's map as the game reads its own data (a mission naming its tiles its own way, with its
    # entrances, doors and objective squares), or None for an item the game draws no map of: what a rulebook's
    # ``{map ITEM}`` figure draws before it looks for a ``grid`` field or a list of ``{tile, x, y}``
    item_map: Callable[[Pack, Item], MapMarks | None] | None = None
    # (Pack, examples/<stem>.yaml) -> the position a scenario file starts from, as a map with its pieces:
    # ``{map example:STEM}``; ``ValueError`` saying what is wrong with the file
    example_map: Callable[[Pack, Path], MapMarks] | None = None
    # (Pack, examples/<stem>.yaml) -> the position a scenario on the table ends in, with where its bases stood
    # before, its templates and sight lines: ``{plane example:STEM}`` and ``replay --svg``; ``ValueError`` saying
    # what is wrong with the file (one that sets no position on the table, say)
    example_plane: Callable[[Pack, Path], PlaneFigure] | None = None
    # state -> the position a game on a table has reached, as a figure (None for a state off the table):
    # ``replay --seed N --svg FILE`` draws the final position of a simulated game with it
    position_figure: Callable[[StateT], PlaneFigure | None] | None = None
    # the engine's search bot (``engine/search.py``), added as ``search`` when the package has ``determinize`` and the
    # plan's policy bot and names no ``search`` bot of its own
    search: SearchPlan[StateT] = SearchPlan()
    # the kinds of player files it reads, by the kind's name in game.yaml's ``player_files:``
    player_files: Mapping[str, PlayerFileRules] = field(default_factory=dict)
    builders: tuple[WebBuilder, ...] = ()  # pages of the web rulebook where players write their files
    # what ``validate --fit-points`` weighs (``engine/fair_points.py``): each priced item with the games that set its
    # force against a reference force; the game builds its forces from the pack's costs, so a trial cost enters
    # the games as the pack with that cost
    fair_points: Callable[[Pack], FitPlan] | None = None

    def __post_init__(self) -> None:
        policy = self.bots.get(self.search.policy)
        if self.determinize is not None and policy is not None and "search" not in self.bots:
            object.__setattr__(self, "bots", {**self.bots,
                                              "search": SearchFactory(policy, self.determinize, self.search)})

    @property
    def has_engine(self) -> bool:
        return self.new_game is not None

    def bot(self, name: str, game: Game, seat: int, rng: random.Random, **options: Any) -> Bot:
        """A bot by name for a seat; ``ValueError`` naming the bots there are."""
        if name not in self.bots:
            raise ValueError(f"unknown bot {name!r}; bots: {', '.join(self.bots)}")
        return self.bots[name](game, seat, rng, **options)
