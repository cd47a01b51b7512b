"""Standing rules: the effects of commanders and of the round's location, which act without being played.

A commander's effect holds for its player all game, a location's for every player while the round is played
there. When each acts follows from the effect (the cards' texts say it in words): a Number or a difficulty
counts at every plot, bid bonuses and the action card price in the Auction, ``draw_actions`` at the start of each
Auction, ``heal`` in each Clean-up, ``gain_resources`` with the income, ``wound`` after each plot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Mapping

from pnpforge.games.legion_siberian_journey.data import BIT, Effects

if TYPE_CHECKING:
    from pnpforge.games.legion_siberian_journey.state import JourneyState

# the plot deck under a location of each level (rules: "Which plot deck"; every final location draws special plots)
PLOT_LEVEL: Final = {"first": "first", "second": "second", "final": "special"}


def commander_effects(state: "JourneyState", player: int, name: str) -> Effects:
    """The ``name`` effects of ``player``'s commander, in the card's sequence."""
    commander = state.commander[player]
    return () if commander is None else state.data.commanders[commander].by_effect.get(name, ())


def location_effects(state: "JourneyState", name: str) -> Effects:
    """The ``name`` effects of the round's location, in the card's sequence."""
    return () if state.location is None else state.data.locations[state.location].by_effect.get(name, ())


def qualifies(state: "JourneyState", character: int, effect: Mapping) -> bool:
    """Whether ``character`` is one an ``own_with_attribute`` / ``own_with_ability`` effect names."""
    target = effect.get("target")
    if target == "own_with_attribute":
        return bool(state.attributes(character) & BIT[effect["attribute"]])
    if target == "own_with_ability":
        return effect["ability"] in state.data.characters[character].abilities
    return False


def standing_number(state: "JourneyState", character: int) -> int:
    """What the owner's commander and the location add to a character's Number at a plot (what ``qualifies`` tests,
    for each ``number`` effect of the two cards, read once per card as ``data.numbers``)."""
    data = state.data
    commander = state.commander[state.owner[character]]  # an owner of -1 reads the last seat's
    mine = () if commander is None else data.commanders[commander].numbers
    here = () if state.location is None else data.locations[state.location].numbers
    if not mine and not here:  # neither card changes a Number
        return 0
    card = data.characters[character]
    shown = card.attributes | state.shown.get(character, 0)  # state.attributes(character)
    added = 0
    for rules in (mine, here):
        for bit, ability, amount in rules:
            if shown & bit if bit else ability in card.abilities:
                added += amount
    return added


def wins_ties(state: "JourneyState", player: int, scope: str) -> bool:
    return any(e.get("scope", "plot") == scope for e in commander_effects(state, player, "win_ties"))


def bid_bonus(state: "JourneyState", player: int, kind: str, faction: str | None) -> int:
    """Tokens from the bank a first bid on a card of ``kind`` (and ``faction``) gets, from standing rules and the
    Auction's played cards, besides the home-faction bonus."""
    bonuses = [(e["on"], e["amount"]) for e in commander_effects(state, player, "bid_bonus")]
    bonuses += [(e["on"], e["amount"]) for e in location_effects(state, "bid_bonus")]
    bonuses += state.bonus[player]
    total = 0
    for on, amount in bonuses:
        if (on == "actions" and kind == "action"
                or kind == "character" and (on == "any_character" or on == "civilians" and faction is None
                                            or on == "own_faction" and faction == state.factions[player])):
            total += amount
    return total


def action_price(state: "JourneyState", player: int) -> int:
    price = state.data.parameters.action_price + state.price[player]
    price += sum(e["amount"] for e in location_effects(state, "action_price"))
    return max(0, price)


def location_bonus(state: "JourneyState", player: int) -> int:
    return sum(e["amount"] for e in commander_effects(state, player, "location_bonus"))


def plot_difficulty(state: "JourneyState") -> int:
    return sum(e["amount"] for e in location_effects(state, "difficulty"))


def plot_reward(state: "JourneyState") -> int:
    return sum(e["amount"] for e in location_effects(state, "reward"))
