"""Scenarios: a moment of a Journey game written as YAML — the seats, the Marketplace or the plot row with its
squads — and the players' choices, played through the engine by the script runner (``engine/script.py``, adapted in
``replay.py``). The format is documented in the pack's README (``content/legion-siberian-journey/README.md``).

A scenario names its players by faction in seat sequence, the round, the first player, the location, each player's
commander, resources, points, characters (Line-up, Reserve, wounded), hand of action cards and locations won, the
Marketplace's cards, and the plots with their squads. ``phase`` (the runner's start) says what is played: the whole
round from its start (Income, the first player, the Marketplace draw, the Auction, the March, evaluation and the
location), the Auction alone, the March (Preparation, March turns, evaluation and the location), or the evaluation
alone; ``to_end`` plays on to the end of the game, with its final scoring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from annotated_types import Ge, Le
from pydantic import BaseModel, ConfigDict

from pnpforge.engine.script import Refusal, Report, ScriptChoice
from pnpforge.games.legion_siberian_journey.data import JourneyData, journey_data
from pnpforge.games.legion_siberian_journey.game import JourneyGame
from pnpforge.games.legion_siberian_journey.position import (
    Layout, PlotSpot, Seat, Squad, UnknownCard, position)
from pnpforge.games.legion_siberian_journey.standing import PLOT_LEVEL
from pnpforge.games.legion_siberian_journey.state import JourneyState

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

Count = Annotated[int, Ge(0), Le(999)]
PHASES = ("evaluation", "march", "auction", "round")  # where a scenario starts; the first is the default
KINDS = ("bid", "deploy", "play", "secret", "do")  # the keys of a choice, one of them in each


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)


class Helper(_Strict):
    """A character of another player reinforcing a squad."""

    card: str
    player: str


class PlotSpec(_Strict):
    """A plot by id, with its squads: the player who started each (in the sequence they arrived) and its
    characters, a reinforcing character of another player written ``{card: ..., player: ...}``."""

    plot: str
    squads: dict[str, list[str | Helper]] = {}


class SeatSpec(_Strict):
    commander: str | None = None
    resources: Count = 0
    vp: Count = 0
    lineup: list[str] = []
    reserve: list[str] = []
    wounded: list[str] = []
    hand: list[str] = []
    locations: list[str] = []


class Bid(_Strict):
    card: str
    tokens: Annotated[int, Ge(1), Le(999)]


class Deploy(_Strict):
    character: str
    plot: str
    squad: str | None = None  # "new": the player's own new squad; a player: the squad it reinforces


class Choice(ScriptChoice):
    """One answer of a player, in the sequence the engine asks for them: exactly one of the keys after ``player``."""

    bid: Bid | None = None
    deploy: Deploy | None = None
    play: str | None = None  # an action card from the hand
    secret: Count | None = None  # a secret bid
    do: str | None = None  # any answer, as a transcript writes it ("pass", "pick Gleb Yartsev", "final location X")

    @property
    def kind(self) -> str:
        """The one key given (empty when there is none)."""
        return next((k for k in KINDS if getattr(self, k) is not None), "")


class ScenarioFile(_Strict):
    """The game's keys of a scenario file (the runner reads ``phase``, ``seed``, ``chance``, ``choices`` and
    ``expect``)."""

    name: str
    doc: str = ""
    players: list[str]
    round: Annotated[int, Ge(1), Le(9)] = 1
    first: str | None = None
    location: str | None = None
    to_end: bool = False
    seats: dict[str, SeatSpec] = {}
    market: list[str] = []
    plots: list[PlotSpec] = []
    graveyard: list[str] = []


def check_choice(state: JourneyState, choice: Choice) -> list[Refusal]:
    """A choice gives exactly one answer."""
    given = [k for k in KINDS if getattr(choice, k) is not None]
    if len(given) == 1:
        return []
    found = ", ".join(given) or "none"
    return [Refusal(f"a choice gives exactly one of bid, deploy, play, secret or do; found {found}")]


def build(pack: Pack, scenario: ScenarioFile, phase: str | None, report: Report) -> JourneyState | None:
    """The state the scenario describes, with the steps of its phase scheduled."""
    state = _position(scenario, phase or PHASES[0], report, journey_data(pack))
    if state is None:
        return None
    schedule(state, scenario, phase or PHASES[0])
    state.auto = False
    state.run()
    return state


def schedule(state: JourneyState, scenario: ScenarioFile, phase: str) -> None:
    """The steps of the scenario's phase, then the end of the round and the game (``to_end``) or a halt."""
    first = state.first
    steps: list[tuple]
    rest = [("march",), ("evaluate_all",), ("award_location",)]
    if phase == "round":  # round-phases, from before the Income
        steps = [("income",), ("choose_first",), ("market",), ("auction",)] + rest
    elif phase == "auction":
        steps = [("auction",)] + (rest if scenario.to_end else [])
    elif phase == "march":
        steps = [("prepare", p) for p in state.seats_from(first)]
        steps += [("march_turn", first), ("evaluate_all",), ("award_location",)]
    else:
        steps = [("evaluate_all",), ("award_location",)]
    state.push(*steps, ("round_end",) if scenario.to_end else ("halt",))


def _position(scenario: ScenarioFile, phase: str, report: Report, data: JourneyData) -> JourneyState | None:
    """The state the scenario describes, nothing yet scheduled (None when a problem is reported)."""
    players = scenario.players
    for index, faction in enumerate(players):
        if faction not in data.factions:
            report.error(("players", index), f"unknown faction '{faction}'; factions: {', '.join(data.factions)}")
    if len(set(players)) != len(players) or not 2 <= len(players) <= 4:
        report.error(("players",), "expected 2 to 4 different factions")
    if report.problems:
        return None
    seat_of = {faction: p for p, faction in enumerate(players)}

    def seat(faction: str, path: tuple) -> int:
        if faction not in seat_of:
            report.error(path, f"'{faction}' is not among the players ({', '.join(players)})")
            return 0
        return seat_of[faction]

    seats = {seat(f, ("seats", f)): Seat(s.commander, s.resources, s.vp, s.lineup, s.reserve, s.wounded, s.hand,
                                         s.locations) for f, s in scenario.seats.items()}
    for faction, spec in scenario.seats.items():
        if spec.commander is not None and spec.commander not in data.commanders_of(faction):
            report.error(("seats", faction, "commander"), f"'{spec.commander}' is not a commander of the {faction}; "
                                                          f"theirs: {', '.join(data.commanders_of(faction))}")
    plots = []
    for i, plot_spec in enumerate(scenario.plots):
        squads = []
        for faction, characters in plot_spec.squads.items():
            at = ("plots", i, "squads", faction)
            starter = seat(faction, at)
            members = [c if isinstance(c, str) else (c.card, seat(c.player, at + (k, "player")))
                       for k, c in enumerate(characters)]
            squads.append(Squad(starter, members))
        plots.append(PlotSpot(plot_spec.plot, squads))
    first = seat(scenario.first, ("first",)) if scenario.first else 0
    if scenario.round > len(data.parameters.journey):
        report.error(("round",), f"the journey has {len(data.parameters.journey)} rounds")
    if phase == "round":  # round-phases: the first player is chosen and the plots drawn in the round
        for key in ("first", "plots"):
            if getattr(scenario, key):
                report.error((key,), f"{key}: the round decides them; a scenario from the round's start gives none")
    if report.problems:
        return None
    layout = Layout(round=scenario.round, first=first, location=scenario.location, market=scenario.market,
                    plots=plots, seats=seats, graveyard=scenario.graveyard)
    try:
        state = position(JourneyGame(data, len(players), tuple(players)), layout)
    except UnknownCard as exc:
        report.error(_where(scenario, exc.item), str(exc))
        return None
    _check_levels(scenario, phase, report, state)
    return None if report.problems else state


def _where(scenario: ScenarioFile, item: str) -> tuple:
    """Where in the file a card id is first named (for a located error)."""
    if scenario.location == item:
        return ("location",)
    for faction, spec in scenario.seats.items():
        for key in ("lineup", "reserve", "wounded", "hand", "locations"):
            if item in getattr(spec, key):
                return ("seats", faction, key, getattr(spec, key).index(item))
        if spec.commander == item:
            return ("seats", faction, "commander")
    if item in scenario.market:
        return ("market", scenario.market.index(item))
    for i, plot_spec in enumerate(scenario.plots):
        if plot_spec.plot == item:
            return ("plots", i, "plot")
        for faction, characters in plot_spec.squads.items():
            for k, c in enumerate(characters):
                if (c if isinstance(c, str) else c.card) == item:
                    return ("plots", i, "squads", faction, k)
    if item in scenario.graveyard:
        return ("graveyard", scenario.graveyard.index(item))
    return ()


def _check_levels(scenario: ScenarioFile, phase: str, report: Report, state: JourneyState) -> None:
    """plot-level-matches-location: the plots are of the location's level (a final location's are special)."""
    if state.location is None:
        if phase != "auction" or scenario.to_end:
            report.error(("location",), "the plots lie under a location: name one")
        return
    level = PLOT_LEVEL[state.data.locations[state.location].level]
    for i, site in enumerate(state.sites):
        plot = state.data.plots[site.plot]
        if plot.level != level:
            report.error(("plots", i, "plot"), f"plot '{plot.item}' is of level {plot.level}, but the location's "
                                               f"plots are {level}", rule="plot-level-matches-location")
