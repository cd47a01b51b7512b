"""The course of a game: set-up, the round's Income, first player and Marketplace, the Clean-up, the final location
and the end. The Auction (``auction.py``), the March (``march.py``) and plot evaluation (``evaluation.py``) declare
their own steps; this module chains them. Rule ids of ``rules.yaml`` are named in the docstrings.
"""

from __future__ import annotations

from pnpforge.engine import zones as z
from pnpforge.engine.steps import chance, decision, task
from pnpforge.games.legion_siberian_journey import standing
from pnpforge.games.legion_siberian_journey.effects import acts_in, use
from pnpforge.games.legion_siberian_journey.log import (CommanderChosen, FinalChosen, FirstPlayer, GameWon,
                                                     LocationRevealed, MarketOffered, played)
from pnpforge.games.legion_siberian_journey.state import JourneyState, Slot


def begin(state: JourneyState) -> None:
    """setup-one-faction-per-player, setup-choose-commander, setup-first-location; then the first round."""
    state.push(*[("commander", p) for p in range(state.n)], ("reveal_location", "first"), ("round_start",))


def _commander_options(state: JourneyState, player: int) -> list:
    return [("commander", c) for c in state.data.commanders_of(state.factions[player])]


@decision("commander", _commander_options)
def choose_commander(state: JourneyState, action: tuple, player: int) -> None:
    """setup-choose-commander: keep one of the faction's two commanders."""
    state.commander[player] = action[1]
    state.log.append(CommanderChosen(state.round, player, action[1]))


# --- drawing from the decks ---------------------------------------------------------------------------------------
CLEAR = z.Zone.pile()  # the table with nothing on it (a zone never changes, so every state may share it)


def drawn(state: JourneyState, deck: str, card: int) -> None:
    """Take the drawn ``card`` off ``deck`` (it is then placed openly by the caller)."""
    state.zones = z.draw(state.zones, deck, "table", card).with_zone("table", CLEAR)


def returned(state: JourneyState, deck: str, card: int) -> None:
    """Shuffle ``card`` back into ``deck``."""
    zones = state.zones.with_zone("table", z.Zone.pile((card,)))
    state.zones = z.shuffle(z.move(zones, "table", deck, card), deck)


def deck_outcomes(deck: str):
    """Chance outcomes of drawing the top card of ``deck`` (weighted by copies)."""
    def outcomes(state: JourneyState, *args) -> list:
        return z.draw_outcomes(state.zones, deck)
    return outcomes


def _location_outcomes(state: JourneyState, level: str) -> list:
    return z.draw_outcomes(state.zones, f"locations:{level}")


@chance("reveal_location", _location_outcomes, weighted=True)
def reveal_location(state: JourneyState, card: int, level: str) -> None:
    """setup-first-location, cleanup-reveal-location: the next location goes on the location space."""
    drawn(state, f"locations:{level}", card)
    state.location = card
    state.log.append(LocationRevealed(state.round, card))


# --- the round ------------------------------------------------------------------------------------------------------
@task("round_start")
def round_start(state: JourneyState) -> None:
    """round-phases: Auction, March, Clean-up."""
    state.round += 1
    state.location_ties = set()
    state.tiebreak = {}
    state.push(("income",), ("choose_first",), ("market",), ("auction",), ("march",), ("evaluate_all",),
               ("award_location",), ("round_end",))


@task("income")
def income(state: JourneyState) -> None:
    """auction-income: each commander's resources, and what the location adds to the income."""
    extra = sum(e["amount"] for e in standing.location_effects(state, "gain_resources"))
    for p in range(state.n):
        commander = state.commander[p]
        assert commander is not None  # chosen at set-up
        state.resources[p] += state.data.commanders[commander].income + extra


def _strength(state: JourneyState, player: int) -> tuple:
    living = state.living(player)
    strongest = max((state.data.characters[c].number for c in living), default=0)
    return (len(living), strongest, state.resources[player], state.vp[player])


@task("choose_first")
def choose_first(state: JourneyState) -> None:
    """first-player-each-round and its chain: most characters, the strongest character, most resources, most
    points, then chance. A first-player effect of the last round comes first."""
    if state.next_first is not None:
        state.first, state.next_first = state.next_first, None
        state.log.append(FirstPlayer(state.round, state.first))
        return
    keys = [_strength(state, p) for p in range(state.n)]
    best = max(keys)
    tied = tuple(p for p in range(state.n) if keys[p] == best)
    if len(tied) == 1:
        state.first = tied[0]
        state.log.append(FirstPlayer(state.round, state.first))
    else:
        state.push(("first_by_chance", tied))


def _tied_outcomes(state: JourneyState, tied: tuple) -> list:
    return [("first", p) for p in tied]


@chance("first_by_chance", _tied_outcomes)
def first_by_chance(state: JourneyState, action: tuple, tied: tuple) -> None:
    """first-player-tie-coin."""
    state.first = action[1]
    state.log.append(FirstPlayer(state.round, state.first))


@task("market")
def market(state: JourneyState) -> None:
    """market-draw, market-characters-first-round, market-characters-later-rounds, market-action-cards."""
    parameters = state.data.parameters
    characters = min(parameters.market_characters(state.n, state.round), state.zones["characters"].size)
    actions = min(int(state.n * parameters.market_actions), state.zones["actions"].size)
    state.push(*[("market_character",)] * characters, *[("market_action",)] * actions)


@chance("market_character", deck_outcomes("characters"), weighted=True)
def market_character(state: JourneyState, card: int) -> None:
    drawn(state, "characters", card)
    state.market.append(Slot("character", card, [0] * state.n, [0] * state.n))
    state.log.append(MarketOffered(state.round, "character", card))


@chance("market_action", deck_outcomes("actions"), weighted=True)
def market_action(state: JourneyState, card: int) -> None:
    drawn(state, "actions", card)
    state.market.append(Slot("action", card, [0] * state.n, [0] * state.n))
    state.log.append(MarketOffered(state.round, "action", card))


@task("round_end")
def round_end(state: JourneyState) -> None:
    """end-after-last-location; otherwise the Clean-up (the last round has none)."""
    journey = state.data.parameters.journey
    if state.round >= len(journey):
        finish(state)
        return
    state.push(("clean_up",))


@task("clean_up")
def clean_up(state: JourneyState) -> None:
    """cleanup-clear-board, cleanup-effects, cleanup-reserve-to-lineup, cleanup-wounds-stay,
    cleanup-reveal-location; two rounds before the final location the lowest scorer picks it (after round three
    of five, journey-length-variant)."""
    state.sites = []
    state.char_traps = []
    state.shown.clear()
    state.free.clear()
    steps: list[tuple] = []
    for p in state.seats_from(state.first):
        for e in standing.commander_effects(state, p, "heal"):
            steps.append(("effect", p, e, -1, -1))
        for c in sorted(state.lineup[p] + state.reserve[p]):
            for effects in state.data.characters[c].acts("clean_up"):
                steps += [("effect", p, e, c, -1) for e in effects]
        steps.append(("clean_up_cards", p))
    steps.append(("ready_all",))
    parameters = state.data.parameters
    if state.round == parameters.final_chosen_after:
        steps.append(("pick_final",))
    steps += [("next_location",), ("round_start",)]
    state.push(*steps)


def _clean_up_options(state: JourneyState, player: int) -> list:
    cards = [("play", card) for card in sorted(set(state.hand(player)))
             if acts_in(state.data.actions[card], "clean_up")]
    return cards + [("pass",)] if cards else []


@decision("clean_up_cards", _clean_up_options)
def clean_up_cards(state: JourneyState, action: tuple, player: int) -> None:
    """cleanup-effects: Clean-up cards, any number on each player's turn, once around the table."""
    if action == ("pass",):
        return
    state.push(("clean_up_cards", player))
    use(state, player, action, "clean_up")
    state.log.append(played(state.round, player, action))


@task("ready_all")
def ready_all(state: JourneyState) -> None:
    """cleanup-reserve-to-lineup."""
    for p in range(state.n):
        state.lineup[p] = sorted(state.lineup[p] + state.reserve[p])
        state.reserve[p] = []


@task("next_location")
def next_location(state: JourneyState) -> None:
    """cleanup-reveal-location, location-sequence: the level of the next round's location, or the final one."""
    level = state.data.parameters.journey[state.round]
    if level == "final" and state.final_location is not None:
        state.location, state.final_location = state.final_location, None
        state.log.append(LocationRevealed(state.round, state.location))
    else:
        state.push(("reveal_location", level))


@task("pick_final")
def pick_final(state: JourneyState) -> None:
    """final-location-choice: the player with the fewest points picks the final location (ties: a secret bid)."""
    low = min(state.vp)
    tied = tuple(p for p in range(state.n) if state.vp[p] == low)
    if len(tied) == 1:
        state.push(("final_location", tied[0]))
    else:
        state.push(("secret_bid", tied, "final", -1, 0))


def _final_options(state: JourneyState, player: int) -> list:
    return [("final", card) for card in sorted(set(state.zones["locations:final"].contents()))]


@decision("final_location", _final_options)
def final_location(state: JourneyState, action: tuple, player: int) -> None:
    """final-location-pack: chosen from the final deck, laid face up beside the board."""
    card = action[1]
    state.zones = z.move(state.zones, "locations:final", "table", card).with_zone("table", CLEAR)
    state.final_location = card
    state.log.append(FinalChosen(state.round, player, card))


def finish(state: JourneyState) -> None:
    """end-most-points-wins, end-tie: most points; then more location cards, more resources; else shared."""
    keys = [(state.vp[p], len(state.won_locations[p]), state.resources[p]) for p in range(state.n)]
    best = max(keys)
    winners = [p for p in range(state.n) if keys[p] == best]
    state.final = [1.0 / len(winners) if p in winners else 0.0 for p in range(state.n)]
    state.over = True
    state.log.append(GameWon(state.round, tuple(winners)))

