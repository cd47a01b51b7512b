"""Static checks for content that contradicts itself or can never happen in a game of Legion.

The schema accepts each field on its own; these checks know how the rules relate them. A plot cannot be both
Freezing and Warming (one gives Frostbite at the end of the round, the other takes it away). A despatch cannot ask
for more plots won than a game deals. An effect's scope must be one the rules apply on that kind of card
(``data.SCOPES_APPLIED``, which the rules modules read too).
"""

from __future__ import annotations

from typing import Iterator

from pnpforge.content.pack import Item, Pack
from pnpforge.findings import Finding
from pnpforge.games.legion_siberian_story.data import PLOTS_BY_PLAYERS, ROUNDS, SCOPES_APPLIED

# Plot types no plot may carry together, with the reason (Story rules: Plots — Freezing, Warming)
EXCLUSIVE_PLOT_TYPES = {
    frozenset({"freezing", "warming"}): "Freezing gives Frostbite at the end of the round and Warming takes it away",
}


def _error(item: Item, message: str, *path) -> Finding:
    return Finding("error", message, mark=item.mark(*path), subject=item.subject)


def exclusive_plot_types(pack: Pack) -> Iterator[Finding]:
    """No plot carries two types that contradict each other."""
    for plot in pack.of_type("plot"):
        types = set(plot.get("types", []))
        for pair, why in EXCLUSIVE_PLOT_TYPES.items():
            if pair <= types:
                first, second = sorted(pair)
                yield _error(plot, f"types: a plot cannot be both {first} and {second}: {why}", "types")


def most_plots_of_type(pack: Pack, plot_type: str) -> int:
    """The most plots of a type one player can win in a game: every plot a game deals (rounds times plots per
    round at the largest table), and of a type only the plots printed with it plus, in a round whose location
    gives every plot that type, that round's plots."""
    players = pack.game.players
    low, high = (players.min, players.max) if players else (min(PLOTS_BY_PLAYERS), max(PLOTS_BY_PLAYERS))
    per_round = max(PLOTS_BY_PLAYERS[n] for n in PLOTS_BY_PLAYERS if low <= n <= high)
    dealt = ROUNDS * per_round
    if plot_type == "any":
        return min(dealt, len(pack.of_type("plot")))
    printed = sum(1 for plot in pack.of_type("plot") if plot_type in plot.get("types", []))
    adding = sum(1 for location in pack.of_type("location") for effect in location.get("effects", [])
                 if effect.get("effect") == "add_plot_type" and effect.get("plot_type") == plot_type)
    return min(dealt, printed + min(adding, ROUNDS) * per_round)


def despatch_reachable(pack: Pack) -> Iterator[Finding]:
    """A despatch's scoring condition can be met in some game."""
    for despatch in pack.of_type("despatch"):
        scoring = despatch["scoring"]
        if scoring.get("condition") != "plots_won":
            continue
        plot_type, need = scoring.get("plot_type", "any"), scoring.get("at_least", 1)
        most = most_plots_of_type(pack, plot_type)
        if need > most:
            kind = "plots" if plot_type == "any" else f"{plot_type} plots"
            yield _error(despatch, f"scoring.at_least: {need} {kind} won can never happen; a game deals at most "
                                   f"{most} {kind}", "scoring", "at_least")


def scopes_applied(pack: Pack) -> Iterator[Finding]:
    """Every effect's scope is one the rules apply on that kind of card."""
    for kind in sorted({kind for kind, _ in SCOPES_APPLIED}):
        for item in pack.of_type(kind):
            for index, effect in enumerate(item.get("effects", [])):
                applied = SCOPES_APPLIED.get((kind, effect.get("effect")))
                scope = effect.get("scope")
                if applied is None or scope is None or scope in applied:
                    continue
                yield _error(item, f"effects[{index}].scope: '{scope}' never applies to {effect['effect']} on "
                                   f"a{'n' if kind[0] in 'aeiou' else ''} {kind}; the rules apply it to "
                                   f"{', '.join(applied)}", "effects", index, "scope")


ALL = (exclusive_plot_types, despatch_reachable, scopes_applied)
