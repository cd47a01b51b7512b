"""Scenarios: a moment of a Journey game written as YAML — the seats, the Marketplace or the plot row with its
squads — and the players' choices, played through the engine (``replay.py``). The format is documented in the pack's
README (``content/legion-siberian-journey/README.md``).

A scenario names its players by faction in seat sequence, the round, the first player, the location, each player's
commander, resources, points, characters (Line-up, Reserve, wounded), hand of action cards and locations won, the
Marketplace's cards, and the plots with their squads. ``phase`` says what is played: the Auction (and its
settlement), the March (Preparation, March turns, evaluation and the location), or the evaluation alone; ``to_end``
plays on to the end of the game, with its final scoring.
"""

from __future__ import annotations

from typing import Annotated, Literal

from annotated_types import Ge, Le
from pydantic import BaseModel, ConfigDict

from pnpforge.content.pack import DocView, validate_model
from pnpforge.content.source import Doc
from pnpforge.findings import Finding
from pnpforge.games.legion_siberian_journey.data import JourneyData
from pnpforge.games.legion_siberian_journey.game import JourneyGame
from pnpforge.games.legion_siberian_journey.position import (
    Layout, PlotSpot, Seat, Squad, UnknownCard, position)
from pnpforge.games.legion_siberian_journey.standing import PLOT_LEVEL
from pnpforge.games.legion_siberian_journey.state import JourneyState

Count = Annotated[int, Ge(0), Le(999)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


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
    squad: str | None = None  # the player whose squad it reinforces; none: the player's own squad


class Choice(_Strict):
    """One answer of a player, in the sequence the engine asks for them: exactly one of the keys after ``player``."""

    player: str
    bid: Bid | None = None
    deploy: Deploy | None = None
    play: str | None = None  # an action card from the hand
    secret: Count | None = None  # a secret bid
    do: str | None = None  # any answer, as a transcript writes it ("pass", "pick Gleb Yartsev", "final location X")


class ScenarioFile(_Strict):
    """The keys of a scenario file."""

    name: str
    doc: str = ""
    players: list[str]
    round: Annotated[int, Ge(1), Le(9)] = 1
    first: str | None = None
    location: str | None = None
    phase: Literal["auction", "march", "evaluation"] = "evaluation"
    to_end: bool = False
    seed: Annotated[int, Ge(0)] = 0  # for chance along the way (cards drawn, a coin for equal secret bids)
    seats: dict[str, SeatSpec] = {}
    market: list[str] = []
    plots: list[PlotSpec] = []
    graveyard: list[str] = []
    choices: list[Choice] = []
    expect: dict | None = None


class ScenarioError(Exception):
    def __init__(self, findings: list[Finding]):
        super().__init__("; ".join(map(str, findings)))
        self.findings = findings


def error(doc: Doc, path: tuple, message: str, rule: str = "scenario") -> Finding:
    return Finding("error", message, mark=doc.mark(path), blocking=True, rule=rule)


def load_scenario(doc: Doc) -> ScenarioFile:
    problems: list[Finding] = []
    scenario = validate_model(ScenarioFile, DocView(doc, ()), problems)
    for index, choice in enumerate(scenario.choices if scenario else ()):
        given = [k for k in ("bid", "deploy", "play", "secret", "do") if getattr(choice, k) is not None]
        if len(given) != 1:
            problems.append(error(doc, ("choices", index), "a choice gives exactly one of bid, deploy, play, secret "
                                                           f"or do; found {', '.join(given) or 'none'}"))
    if problems or scenario is None:
        raise ScenarioError(problems)
    return scenario


def build(scenario: ScenarioFile, doc: Doc, data: JourneyData) -> JourneyState:
    """The state the scenario describes, nothing yet scheduled."""
    problems: list[Finding] = []
    players = scenario.players
    for index, faction in enumerate(players):
        if faction not in data.factions:
            problems.append(error(doc, ("players", index), f"unknown faction '{faction}'; factions: "
                                                           f"{', '.join(data.factions)}"))
    if len(set(players)) != len(players) or not 2 <= len(players) <= 4:
        problems.append(error(doc, ("players",), "expected 2 to 4 different factions"))
    if problems:
        raise ScenarioError(problems)
    seat_of = {faction: p for p, faction in enumerate(players)}

    def seat(faction: str, path: tuple) -> int:
        if faction not in seat_of:
            problems.append(error(doc, path, f"'{faction}' is not among the players ({', '.join(players)})"))
            return 0
        return seat_of[faction]

    seats = {seat(f, ("seats", f)): Seat(s.commander, s.resources, s.vp, s.lineup, s.reserve, s.wounded, s.hand,
                                         s.locations) for f, s in scenario.seats.items()}
    for faction, spec in scenario.seats.items():
        if spec.commander is not None and spec.commander not in data.commanders_of(faction):
            problems.append(error(doc, ("seats", faction, "commander"),
                                  f"'{spec.commander}' is not a commander of the {faction}; theirs: "
                                  f"{', '.join(data.commanders_of(faction))}"))
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
        problems.append(error(doc, ("round",), f"the journey has {len(data.parameters.journey)} rounds"))
    if problems:
        raise ScenarioError(problems)
    layout = Layout(round=scenario.round, first=first, location=scenario.location, market=scenario.market,
                    plots=plots, seats=seats, graveyard=scenario.graveyard)
    try:
        state = position(JourneyGame(data, len(players), tuple(players)), layout)
    except UnknownCard as exc:
        raise ScenarioError([error(doc, _where(scenario, exc.item), str(exc))]) from None
    _check_levels(scenario, doc, state, problems)
    if problems:
        raise ScenarioError(problems)
    return state


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


def _check_levels(scenario: ScenarioFile, doc: Doc, state: JourneyState, problems: list[Finding]) -> None:
    """plot-level-matches-location: the plots are of the location's level (a final location's are special)."""
    if state.location is None:
        if scenario.phase != "auction":
            problems.append(error(doc, ("location",), "the plots lie under a location: name one"))
        return
    level = PLOT_LEVEL[state.data.locations[state.location].level]
    for i, site in enumerate(state.sites):
        plot = state.data.plots[site.plot]
        if plot.level != level:
            problems.append(error(doc, ("plots", i, "plot"), f"plot '{plot.item}' is of level {plot.level}, but "
                                                             f"the location's plots are {level}",
                                  rule="plot-level-matches-location"))
