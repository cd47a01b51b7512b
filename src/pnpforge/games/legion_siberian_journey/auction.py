"""The Auction: open round-robin bidding on the Marketplace (DECISIONS.md, "A turn-based auction"), special actions,
random action cards for resources, action cards played in the Auction, passing; then the bids are settled.

A turn is one of: ``("bid", slot, tokens)`` (tokens from the player's stock added to their stack on a card),
``("special", character, index)``, ``("surgery", character, patient)``, ``("play", card)``, ``("buy",)`` and
``("pass",)``; a pass is final.
"""

from __future__ import annotations

from typing import Final

from pnpforge.engine import zones as z
from pnpforge.engine.steps import chance, decision, task
from pnpforge.games.legion_siberian_journey import standing
from pnpforge.games.legion_siberian_journey.effects import acts_in, special_steps, use
from pnpforge.games.legion_siberian_journey.flow import deck_outcomes, returned
from pnpforge.games.legion_siberian_journey.log import AuctionTied, MarketWon, played
from pnpforge.games.legion_siberian_journey.state import JourneyState

ACTION: Final = "auction"


@task("auction")
def auction(state: JourneyState) -> None:
    """auction-turns: from the first player clockwise; bonuses are once per card per Auction."""
    state.passed = set()
    state.bonus = [[] for _ in range(state.n)]
    state.price = [0] * state.n
    for slot in state.market:
        slot.bonused = frozenset()
    steps = []
    for p in state.seats_from(state.first):
        steps += [("draw_action", p)] * sum(e["count"] for e in standing.commander_effects(state, p, "draw_actions"))
    state.push(*steps, ("bid_turn", state.first))


def may_bid(state: JourneyState, player: int, slot) -> bool:
    """sworn-enemies-no-bid: the Reds and the Legionnaires may not bid on each other's characters."""
    if slot.kind != "character":
        return True
    return not state.data.parameters.enemies(state.factions[player], state.data.characters[slot.card].faction)


def _turn_options(state: JourneyState, player: int) -> list:
    if player in state.passed:
        return []
    options: list[tuple] = []
    stock = state.resources[player]
    if stock:
        for index, slot in enumerate(state.market):
            if may_bid(state, player, slot):
                options += [("bid", index, tokens) for tokens in range(1, stock + 1)]
    options += special_steps(state, player, ACTION)
    options += [("play", card) for card in sorted(set(state.hand(player)))
                if acts_in(state.data.actions[card], ACTION)]
    if stock >= standing.action_price(state, player) and state.zones["actions"].size:
        options.append(("buy",))
    options.append(("pass",))
    return options


@decision("bid_turn", _turn_options)
def bid_turn(state: JourneyState, action: tuple, player: int) -> None:
    """auction-bid, auction-bid-raise, auction-home-faction-bonus, auction-special-actions,
    auction-buy-action-card, auction-pass."""
    kind = action[0]
    state.push(("auction_next", player))
    if kind == "pass":
        state.passed.add(player)
    elif kind == "bid":
        _bid(state, player, action[1], action[2])
    elif kind == "buy":
        state.resources[player] -= standing.action_price(state, player)
        state.push(("draw_action", player))
    else:
        use(state, player, action, ACTION)
    state.log.append(played(state.round, player, action))


def _bid(state: JourneyState, player: int, index: int, tokens: int) -> None:
    slot = state.market[index]
    state.resources[player] -= tokens
    slot.own[player] += tokens
    slot.bids[player] += tokens
    if player not in slot.bonused:
        slot.bonused = slot.bonused | {player}
        faction = state.data.characters[slot.card].faction if slot.kind == "character" else None
        bonus = standing.bid_bonus(state, player, slot.kind, faction)
        if slot.kind == "character" and faction is not None and faction == state.factions[player]:
            bonus += state.data.parameters.home_bonus
        slot.bids[player] += bonus


@task("auction_next")
def auction_next(state: JourneyState, player: int) -> None:
    """auction-end: when everybody has passed."""
    for step in range(1, state.n + 1):
        other = (player + step) % state.n
        if other not in state.passed:
            state.push(("bid_turn", other))
            return
    state.push(("settle",))


@task("draw_action")
def draw_action(state: JourneyState, player: int) -> None:
    """An action card from the deck into a hand, while the deck has one (DECISIONS.md: an empty deck gives none)."""
    if state.zones["actions"].size:
        state.push(("action_drawn", player))


@chance("action_drawn", deck_outcomes("actions"), weighted=True)
def action_drawn(state: JourneyState, card: int, player: int) -> None:
    """The card drawn goes into the hand, kept secret."""
    state.zones = z.draw(state.zones, "actions", f"hand:{player}", card)


@task("settle")
def settle(state: JourneyState) -> None:
    """auction-winner-takes-card, auction-won-character, auction-won-action-card, auction-winner-pays,
    auction-losers-refunded, auction-tie-card-stays, auction-no-bid-returns."""
    kept = []
    for slot in state.market:
        top = max(slot.bids)
        if top == 0:
            deck = "characters" if slot.kind == "character" else "actions"
            returned(state, deck, slot.card)
            continue
        leaders = [p for p in range(state.n) if slot.bids[p] == top]
        if len(leaders) > 1:
            kept.append(slot)  # the card and every bid stay for the next Auction
            state.log.append(AuctionTied(state.round, slot.kind, slot.card, tuple(leaders)))
            continue
        winner = leaders[0]
        for p in range(state.n):
            if p != winner:
                state.resources[p] += slot.own[p]
        if slot.kind == "character":
            state.owner[slot.card] = winner
            state.lineup[winner] = sorted(state.lineup[winner] + [slot.card])
        else:
            zones = state.zones.with_zone("table", z.Zone.pile((slot.card,)))
            state.zones = z.move(zones, "table", f"hand:{winner}", slot.card)
        state.log.append(MarketWon(state.round, winner, slot.kind, slot.card, top, slot.own[winner]))
    state.market = kept

