"""Static checks of a Journey box: plots a squad can join and beat, reward ladders, effects that can act when they
are played, the sworn enemies and the decks a journey draws from.

Each check reads the pack's data and the rules' numbers in game.yaml (``parameters``, ``thresholds``); the figures
a designer reads first are in ``figures.py``.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import AbstractSet, Iterator

from pnpforge.content.pack import Item, Pack
from pnpforge.findings import Finding
from pnpforge.games.legion_siberian_journey import figures

# The effects that can still change something at each moment of a round. A Number changed after the count, a
# difficulty changed after the Check (which comes before Tactics) or a bid bonus outside the Auction does nothing.
ACTS = {
    "auction": {"bid_bonus", "discard_market", "take_resources", "gain_resources", "first_player", "peek",
                "action_price", "draw_actions", "heal", "ready"},
    "preparation": {"difficulty", "replace_plot", "destroy_plot", "peek", "move", "withdraw", "add_attribute",
                    "ignore_icons"},
    "march": {"move", "add_attribute", "ignore_icons", "ready", "heal", "draw_actions", "peek", "gain_resources",
              "destroy_plot", "withdraw", "take_resources"},
    "tactics": {"number", "wound", "withdraw", "prevent_wounds", "cancel_action", "win_ties", "reward", "heal",
                "move"},
    "manoeuvres": {"wound", "heal", "gain_vp", "lose_vp", "take_resources", "gain_resources", "draw_actions",
                   "prevent_wounds", "ready"},
    "clean_up": {"heal", "recover", "gain_resources", "draw_actions", "ready", "peek", "gain_vp", "take_resources",
                 "first_player"},
    "reward": {"gain_vp", "lose_vp", "gain_resources", "take_resources", "draw_actions", "wound", "heal", "peek",
               "first_player", "win_ties", "ready", "recover"},
}
# When a character's own action acts: a special action in the Auction or the March, a trap when it is turned up at
# its plot's Tactics, a Clean-up effect, and an effect while it stands at a plot (through the Check and Tactics).
ACTION_MOMENTS = {"special_action": ("auction", "march"), "trap": ("tactics",), "clean_up": ("clean_up",),
                  "while_deployed": ("tactics",)}
WHILE_DEPLOYED_EXTRA = {"difficulty"}  # a character standing at a cooperative plot is there for the Check


def _error(item: Item, message: str, *path) -> Finding:
    return Finding("error", message, mark=item.mark(*path), subject=item.subject)


def _characters(pack: Pack) -> list[Item]:
    return [c for c in pack.of_type("character") for _ in range(c.qty)]


def plot_icons(pack: Pack) -> Iterator[Finding]:
    """Every plot can be joined: some character shows one of its icons."""
    shown = {a for c in pack.of_type("character") for a in c["attributes"]}
    for plot in pack.of_type("plot"):
        if not shown & set(plot["icons"]):
            yield _error(plot, f"icons: no character shows {' or '.join(plot['icons'])}, so nobody can join this plot",
                         "icons")


def plot_fields(pack: Pack) -> Iterator[Finding]:
    """A plot's fields agree with how it is decided, and its ladder pays less for each lower place."""
    for plot in pack.of_type("plot"):
        rewards, difficulty = plot["rewards"], plot.get("difficulty")
        if plot["contest"] == "competitive":
            if difficulty is not None:
                yield _error(plot, "difficulty: a competitive plot has no difficulty; only cooperative plots are "
                                   "checked against one", "difficulty")
            if len(rewards) > 1:
                yield _error(plot, f"rewards: a competitive plot pays its one reward to the strongest squad; "
                                   f"found a ladder {'/'.join(map(str, rewards))}", "rewards")
        elif difficulty is None:
            yield _error(plot, "difficulty: a cooperative plot needs the difficulty its squads must exceed", "plot")
        for place in range(1, len(rewards)):
            if rewards[place] >= rewards[place - 1]:
                yield _error(plot, f"rewards: the ladder {'/'.join(map(str, rewards))} does not decrease: place "
                                   f"{place + 1} pays {rewards[place]}, place {place} {rewards[place - 1]}",
                             "rewards", place)
                break


def cooperative_difficulty(pack: Pack) -> Iterator[Finding]:
    """A cooperative plot can be beaten: its difficulty is below the sum of the ``coop_squad`` highest Numbers
    among the characters that may join it."""
    k = int(pack.game.thresholds.get("coop_squad", 5))
    characters = _characters(pack)
    for plot in pack.of_type("plot"):
        difficulty = plot.get("difficulty")
        if plot["contest"] != "cooperative" or difficulty is None:
            continue
        icons = set(plot["icons"])
        best = sorted((c["number"] for c in characters if icons & set(c["attributes"])), reverse=True)[:k]
        if best and difficulty >= sum(best):  # (nobody at all may join: plot_icons says so)
            yield _error(plot, f"difficulty: {difficulty} cannot be exceeded: the {len(best)} strongest characters "
                               f"who may join ({'/'.join(plot['icons'])}) add up to {sum(best)} "
                               f"({'+'.join(map(str, best)) or 'none'}; coop_squad {k})", "difficulty")


def effect_timing(pack: Pack) -> Iterator[Finding]:
    """Every effect of an action card, a character's action and a plot can act when it is played."""
    for card in pack.of_type("action"):
        moment = "tactics" if card.get("trap") else card["phase"]
        if card.get("trap") and card["phase"] != "preparation":
            yield _error(card, f"trap: a trap is laid in the Preparation; this card is played in '{card['phase']}'",
                         "trap")
        yield from _timing(card, card.get("effects", []), (moment,), ("effects",),
                           f"a card played in '{card['phase']}'" + (" and turned up at Tactics" if card.get("trap")
                                                                      else ""))
    for character in pack.of_type("character"):
        for index, action in enumerate(character.get("actions", [])):
            when = action["when"]
            extra = WHILE_DEPLOYED_EXTRA if when == "while_deployed" else set()
            yield from _timing(character, action["effects"], ACTION_MOMENTS[when], ("actions", index, "effects"),
                               f"an action used as '{when}'", extra)
    for plot in pack.of_type("plot"):
        yield from _timing(plot, plot.get("effects", []), ("reward",), ("effects",), "a plot's reward")


def _timing(item: Item, effects: list, moments: tuple, path: tuple, what: str, extra: AbstractSet[str] = frozenset()):
    acting = set().union(*(ACTS[m] for m in moments)) | extra
    for index, effect in enumerate(effects):
        name = effect["effect"]
        if name not in acting:
            yield _error(item, f"{'.'.join(map(str, path))}[{index}]: '{name}' does nothing in {what}",
                         *path, index, "effect")


def texts(pack: Pack) -> Iterator[Finding]:
    """A card whose effects or actions are printed says them in words."""
    for type_name in ("commander", "character", "action", "location", "plot"):
        for item in pack.of_type(type_name):
            if (item.get("effects") or item.get("actions")) and not item.get("text"):
                yield _error(item, "text: the card has effects but no text saying them", "id")


def sworn_enemies(pack: Pack) -> Iterator[Finding]:
    """The sworn enemies are pairs of two different factions of the pack."""
    factions = {f.id for f in pack.game.factions}
    for index, pair in enumerate(pack.game.parameters.get("sworn_enemies", [])):
        mark = pack.game_doc.mark(("parameters", "sworn_enemies", index))
        if not isinstance(pair, list) or len(pair) != 2 or pair[0] == pair[1]:
            yield Finding("error", f"parameters.sworn_enemies[{index}]: expected two different factions, found "
                                   f"{pair!r}", mark=mark)
            continue
        for faction in pair:
            if faction not in factions:
                yield Finding("error", f"parameters.sworn_enemies[{index}]: no faction '{faction}'; the factions "
                                       f"are {', '.join(sorted(factions))}", mark=mark)


def journey_decks(pack: Pack) -> Iterator[Finding]:
    """The location decks hold a whole journey at each level, the final drawn from its own deck, and the plot decks
    hold the plots of that journey at the most players."""
    journey = pack.game.parameters.get("journey", [])
    mark = pack.game_doc.mark(("parameters", "journey"))
    if not journey or journey[-1] != "final":
        yield Finding("error", "parameters.journey: the last location of a journey is a final location", mark=mark)
    locations = Counter(item["level"] for item in pack.of_type("location") for _ in range(item.qty))
    plots = Counter(item["level"] for item in pack.of_type("plot") for _ in range(item.qty))
    players = pack.game.players.max if pack.game.players else 4
    per_location = math.floor(players * float(pack.game.parameters.get("plots_per_player", 1.5)))
    plot_level = {"first": "first", "second": "second", "final": "special"}
    for level, needed in Counter(journey).items():
        if locations[level] < needed:
            yield Finding("error", f"parameters.journey: a journey visits {needed} '{level}' locations; the deck "
                                   f"holds {locations[level]}", mark=mark)
        wanted = needed * per_location
        deck = plot_level.get(level, level)
        if plots[deck] < wanted:
            yield Finding("error", f"parameters.journey: {needed} '{level}' locations at {players} players draw "
                                   f"{wanted} '{deck}' plots; the deck holds {plots[deck]}", mark=mark)


ALL = (plot_icons, plot_fields, cooperative_difficulty, effect_timing, texts, sworn_enemies, journey_decks,
       *figures.ALL)
