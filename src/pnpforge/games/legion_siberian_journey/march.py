"""The March: the plots under the location, the Preparation, and March turns (deploy, reinforce, special actions,
pass) until everybody has passed.

Preparation is once around the table from the first player; on a turn a player may play any number of Preparation
cards (``("trap", card, site)`` lays a trap face down at a plot, ``("play", card)`` plays another), set a
character's own trap (``("set_trap", character, site)``) or use Explosives (``("explode", character, site)``),
then ``("done",)``. A March turn is one of ``("deploy", character, site)``, ``("join", character, site,
starter)``, a special action, Surgery, Explosives, a March card, or ``("pass",)``, which is final.
"""

from __future__ import annotations

from pnpforge.engine import zones as z
from pnpforge.engine.steps import chance, decision, task
from pnpforge.games.legion_siberian_journey.effects import COMRADES, acts_in, join, special_steps, to_reserve, use
from pnpforge.games.legion_siberian_journey.flow import deck_outcomes, drawn
from pnpforge.games.legion_siberian_journey.standing import PLOT_LEVEL
from pnpforge.games.legion_siberian_journey.log import PlotLaid, played
from pnpforge.games.legion_siberian_journey.state import JourneyState, Site

DONE, PASS = ("done",), ("pass",)


def plot_deck(state: JourneyState) -> str:
    """plot-level-matches-location: first and second level locations draw their level; a final one special plots."""
    assert state.location is not None  # revealed before
    return f"plots:{PLOT_LEVEL[state.data.locations[state.location].level]}"


@task("march")
def march(state: JourneyState) -> None:
    """march-draw-plots, plot-count-by-players; then the Preparation and the March turns."""
    deck = plot_deck(state)
    count = min(state.data.parameters.plots(state.n), state.zones[deck].size)
    state.sites = []
    state.passed = set()
    state.push(*[("lay_plot", deck)] * count, *[("prepare", p) for p in state.seats_from(state.first)],
               ("march_turn", state.first))


def _plot_outcomes(state: JourneyState, deck: str) -> list:
    return deck_outcomes(deck)(state)


@chance("lay_plot", _plot_outcomes, weighted=True)
def lay_plot(state: JourneyState, card: int, deck: str) -> None:
    """Plots are laid left to right under the location."""
    drawn(state, deck, card)
    state.sites.append(Site(card))
    state.log.append(PlotLaid(state.round, card))


def _explosives(state: JourneyState, player: int) -> list[tuple]:
    """ability-explosives: after the plots are revealed, sacrifice the character to destroy a plot."""
    sites = [i for i, site in enumerate(state.sites) if not site.done]
    return [("explode", c, i) for c in state.lineup[player]
            if "explosives" in state.data.characters[c].abilities for i in sites]


def _prepare_options(state: JourneyState, player: int) -> list:
    sites = [i for i, site in enumerate(state.sites) if not site.done]
    options: list[tuple] = []
    for card in sorted(set(state.hand(player))):
        action = state.data.actions[card]
        if acts_in(action, "preparation"):
            options += [("trap", card, i) for i in sites] if action.trap else [("play", card)]
    for c in state.lineup[player]:
        if state.data.characters[c].acts("trap"):
            options += [("set_trap", c, i) for i in sites]
    options += _explosives(state, player)
    return options + [DONE] if options else []


@decision("prepare", _prepare_options)
def prepare(state: JourneyState, action: tuple, player: int) -> None:
    """march-preparation, prep-traps: any number of effects on a player's turn, once around the table."""
    if action == DONE:
        return
    state.push(("prepare", player))
    kind = action[0]
    if kind == "trap":
        card, index = action[1], action[2]
        state.zones = z.move(state.zones, f"hand:{player}", f"traps:{index}", card, bottom=True)
        state.sites[index].trappers.append(player)
    elif kind == "set_trap":
        character, index = action[1], action[2]
        to_reserve(state, character)
        state.char_traps.append((index, player, character))
    else:
        use(state, player, action, "preparation")
    state.log.append(played(state.round, player, action))


def _march_options(state: JourneyState, player: int) -> list:
    if player in state.passed:
        return []
    options: list[tuple] = []
    open_sites = [(i, site, state.data.plots[site.plot].icons) for i, site in enumerate(state.sites) if not site.done]
    characters = state.data.characters
    for c in state.lineup[player]:
        # can_join, with what depends on the character alone read once: its icons (or ignored icons), Comradery
        shown, free, comrade = state.attributes(c), c in state.free, "comradery" in characters[c].abilities
        for i, site, icons in open_sites:
            if shown & icons or free:
                if site.squad_of(player) is None:
                    options.append(("deploy", c, i))
                options += [("join", c, i, s) for s, _ in site.squads]
            elif comrade:
                options += [("join", c, i, s) for s, _ in site.squads
                            if any(characters[m].faction == COMRADES for m in site.squad_of(s) or [])]
    options += special_steps(state, player, "march")
    options += _explosives(state, player)
    options += [("play", card) for card in sorted(set(state.hand(player)))
                if acts_in(state.data.actions[card], "march")]
    return options + [PASS]


@decision("march_turn", _march_options)
def march_turn(state: JourneyState, action: tuple, player: int) -> None:
    """march-turns, march-deploy, march-one-own-squad, march-reinforce, march-special-action, march-pass."""
    state.push(("march_next", player))
    kind = action[0]
    if kind == "pass":
        state.passed.add(player)
    elif kind == "deploy":
        join(state, action[1], action[2], player)
    elif kind == "join":
        join(state, action[1], action[2], action[3])
    else:
        use(state, player, action, "march")
    state.log.append(played(state.round, player, action))


@task("march_next")
def march_next(state: JourneyState, player: int) -> None:
    """march-end: once everybody has passed, the plots are evaluated."""
    for step in range(1, state.n + 1):
        other = (player + step) % state.n
        if other not in state.passed:
            state.push(("march_turn", other))
            return
