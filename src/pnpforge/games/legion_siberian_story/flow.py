"""The course of a game: set-up, each round's set-up, Recruitment and Equipment, the March, and the round's end.

Orders (``orders.py``) and plot resolution (``resolution.py``) declare their own steps; this module chains them.
Playing a despatch is here too, as the Recruitment and March turns offer it; what the despatch then does is in
``modes.py``.
"""

from __future__ import annotations

from pnpforge.games.legion_siberian_story import character as ch
from pnpforge.games.legion_siberian_story import data as rules
from pnpforge.engine.steps import chance, decision, task
from pnpforge.engine.events import RuleGap
from pnpforge.games.legion_siberian_story.log import (Assigned, Bought, CommanderChosen, Despatch, LocationDrawn,
                                                   LocationHelped, PlotDrawn, Recruited, Sent)
from pnpforge.games.legion_siberian_story.state import LegionState

DESPATCH_ROUND = 2  # Story rules: Despatches, "at the start of the second round"


def begin(state: LegionState) -> None:
    """Set-up (Story rules: Game setup, steps 1-10), then the first round."""
    steps = [("first_player",)] + [("commander", p) for p in range(state.n)]
    for p in range(state.n):
        steps += [("officer", p), ("setup_deck", p)]
    state.push(*steps, ("round_start",))


# --- set-up --------------------------------------------------------------------------------------------------
def _first_player_outcomes(state: LegionState) -> list:
    return [("first_player", p) for p in range(state.n)]


@chance("first_player", _first_player_outcomes)
def first_player(state: LegionState, action: tuple) -> None:
    """Step 9: with no legion ancestor nor dark green at the table, the starting player is drawn at random."""
    state.start = action[1]


def _commander_options(state: LegionState, player: int) -> list:
    faction = state.factions[player]
    return [("commander", cid) for cid, (f, _) in sorted(state.data.commanders.items()) if f == faction]


@decision("commander", _commander_options)
def choose_commander(state: LegionState, action: tuple, player: int) -> None:
    """Step 2: the chosen commander's unique tokens plus the universal ones and the Blank."""
    commander = action[1]
    state.commander[player] = commander
    state.available[player] = list(state.data.commander_tokens[commander])
    state.supplies[player] = rules.START_SUPPLIES  # step 3
    state.log.append(CommanderChosen(player, commander))


def _officer_options(state: LegionState, player: int) -> list:
    return [("officer", c.id) for c in state.data.faction_characters(state.factions[player]) if c.officer]


@decision("officer", _officer_options)
def choose_officer(state: LegionState, action: tuple, player: int) -> None:
    """Step 10: keep one officer behind the screen, return the other to the box."""
    officer = action[1]
    state.officer[player] = officer
    cards = state.data.faction_characters(state.factions[player])
    state.boxed[player] = [c.id for c in cards if c.officer and c.id != officer]
    state.deck[player] = sorted(c.id for c in cards if not c.officer)
    state.hand[player].append(officer)  # behind the screen: it joins the hand, never the cards put under


@task("setup_deck")
def setup_deck(state: LegionState, player: int) -> None:
    """Step 10: draw six, keep four, put two under the deck, add the officer."""
    draws = [("draw", player)] * rules.SETUP_DRAW
    state.push(*draws, ("under", player, rules.SETUP_UNDER))


def _under_options(state: LegionState, player: int, left: int) -> list:
    return [("under", c) for c in sorted(state.hand[player]) if c != state.officer[player]]


@decision("under", _under_options)
def put_under(state: LegionState, action: tuple, player: int, left: int) -> None:
    state.hand[player].remove(action[1])
    state.bottom[player].append(action[1])
    if left > 1:
        state.push(("under", player, left - 1))


# --- drawing -------------------------------------------------------------------------------------------------
def deck_size(state: LegionState, player: int) -> int:
    return len(state.deck[player]) + len(state.bottom[player])


def _draw_outcomes(state: LegionState, player: int) -> list:
    made = state.data.chance_actions["draw"]
    if state.deck[player]:
        return list(map(made.__getitem__, state.deck[player]))
    return [made[state.bottom[player][0]]]


@chance("draw", _draw_outcomes)
def draw(state: LegionState, action: tuple, player: int) -> None:
    """The top card of a faction deck: any card of the shuffled part, else the first card put under."""
    card = action[1]
    if card in state.deck[player]:
        state.deck[player].remove(card)
    else:
        state.bottom[player].remove(card)
    state.hand[player].append(card)


# --- round set-up --------------------------------------------------------------------------------------------
@task("round_start")
def round_start(state: LegionState) -> None:
    """Round setup: a location and plots by player count, then the four phases."""
    state.round += 1
    state.plots, state.members, state.results = [], [], []
    state.bought = [type(b)() for b in state.bought]
    state.passed = set()
    deal = [("despatch_deal",)] if state.game.mode == "despatches" and state.round == DESPATCH_ROUND else []
    state.push(("location",), *[("plot",)] * state.game.plots_per_round, *deal,
               *[("refill", p) for p in state.turn_order()], ("location_now",),
               *[("shop", p) for p in state.turn_order()],
               ("march", state.start), ("orders_start",),
               *[("resolve_plot", i) for i in range(state.game.plots_per_round)],
               ("frost",), ("round_end",))


def _location_outcomes(state: LegionState) -> list:
    return list(map(state.data.chance_actions["location"].__getitem__, state.location_deck))


@chance("location", _location_outcomes)
def reveal_location(state: LegionState, action: tuple) -> None:
    state.location = action[1]
    state.location_deck.remove(action[1])
    state.log.append(LocationDrawn(state.round, action[1]))


def _plot_outcomes(state: LegionState) -> list:
    return list(map(state.data.chance_actions["plot"].__getitem__, state.plot_deck))


@chance("plot", _plot_outcomes)
def reveal_plot(state: LegionState, action: tuple) -> None:
    state.plots.append(action[1])
    state.members.append([])
    state.plot_deck.remove(action[1])
    state.log.append(PlotDrawn(state.round, action[1]))


@task("location_now")
def location_now(state: LegionState) -> None:
    """Location effects that happen once when the round starts (effect ``gain_supplies``)."""
    assert state.location is not None  # revealed before
    for effect in state.data.locations[state.location].effects:
        if effect["effect"] == "gain_supplies":
            targets = range(state.n) if effect.get("who") == "each_player" else [state.start]
            for p in targets:
                state.supplies[p] += effect["amount"]
            state.log.append(LocationHelped("gain_supplies"))


# --- Recruitment and Equipment -------------------------------------------------------------------------------
@task("refill")
def refill(state: LegionState, player: int) -> None:
    """Recruitment: a hand under five cards is refilled to five."""
    if len(state.hand[player]) < rules.HAND_SIZE:
        schedule_draw_then(state, player, ("refill", player))


def schedule_draw_then(state: LegionState, player: int, then: tuple) -> bool:
    """Put a draw (then ``then``) on the agenda; drawing from an empty deck is a rule gap, counted."""
    if deck_size(state, player) == 0:
        state.gaps["empty_deck"] += 1
        state.log.append(RuleGap("empty_deck"))
        return False
    state.push(("draw", player), then)
    return True


def _shop_options(state: LegionState, player: int) -> list:
    money, limits = state.supplies[player], state.data.location_limits[state.location]  # the round's numbers
    options: list = [("done",)]
    if state.despatch[player] is not None and state.round >= DESPATCH_ROUND:
        options.append(("despatch",))
    if money >= limits["recruit_cost"] and deck_size(state, player):
        options.append(("recruit",))
    if money >= limits["equipment_cost"]:
        per_type = limits["buys_per_equipment_type"]
        data, pool, bought = state.data, state.pool, state.bought[player]
        hand = [(c, ch.sleeve_of(state, c).takes) for c in sorted(state.hand[player])]
        equip = data.equip_actions
        # one comprehension for every card and character (each comprehension is a call of its own)
        options += [equip[cid][c] for cid in data.buyable_ids if pool[cid] > 0 and bought.get(cid, 0) < per_type
                    for c, takes in hand if cid in takes]
    if money >= limits["restore_order_cost"] and state.used[player]:
        options += [("restore", o) for o in sorted({o for o, _ in state.used[player]})]
    return options


@decision("shop", _shop_options)
def shop(state: LegionState, action: tuple, player: int) -> None:
    """Spend supplies: a character for 3, equipment for 1, an order token back for 2 (Story rules)."""
    kind = action[0]
    if kind == "done":
        return
    if kind == "despatch":
        state.push(("shop", player))
        play_despatch(state, player)
        return
    game = state.game
    if kind == "recruit":
        _location_helped(state, player, "recruit_cost")
        state.supplies[player] -= game.limit(state, "recruit_cost")
        state.log.append(Recruited(player))
        schedule_draw_then(state, player, ("shop", player))
        return
    if kind == "equip":
        _location_helped(state, player, "equipment_cost")
        state.supplies[player] -= game.limit(state, "equipment_cost")
        state.bought[player][action[1]] += 1
        if state.bought[player][action[1]] > rules.BUYS_PER_TYPE:
            state.log.append(LocationHelped("buys_per_equipment_type"))
        give_overlay(state, action[2], action[1])
        state.log.append(Bought(player, action[1], action[2]))
    elif kind == "restore":
        _location_helped(state, player, "restore_order_cost")
        state.supplies[player] -= game.limit(state, "restore_order_cost")
        restore_token(state, player, action[1])
    state.push(("shop", player))


def _location_helped(state: LegionState, player: int, what: str) -> None:
    """Note a purchase the round's location made possible (for the validator's location findings)."""
    usual = rules.DEFAULT_LIMITS[what]
    if state.game.limit(state, what) != usual and state.supplies[player] < usual:
        state.log.append(LocationHelped(what))


def restore_token(state: LegionState, player: int, order: str) -> None:
    for index, (used, _) in enumerate(state.used[player]):
        if used == order:
            del state.used[player][index]
            state.available[player].append(order)
            state.available[player].sort()
            return


def give_overlay(state: LegionState, character: str, overlay_id: str) -> bool:
    """Sleeve an Equipment or Enhancement card from the pool; a skill card cures its crippled position."""
    if state.pool[overlay_id] <= 0:
        state.gaps["pool_empty"] += 1
        state.log.append(RuleGap("pool_empty"))
        return False
    fighter = state.fighter(character)
    effect = state.data.overlays[overlay_id].effect("add_skill")
    if effect and effect["skill"] in fighter.crippled:
        fighter.crippled = tuple(s for s in fighter.crippled if s != effect["skill"])
        state.pool[state.data.crippled_card(effect["skill"]).id] += 1
    state.pool[overlay_id] -= 1
    fighter.gear = tuple(sorted(fighter.gear + (overlay_id,)))
    return True


# --- playing a despatch (Despatches mode) -------------------------------------------------------------------
def may_play_despatch(state: LegionState, player: int) -> bool:
    return state.despatch[player] is not None and state.round >= DESPATCH_ROUND


def play_despatch(state: LegionState, player: int) -> None:
    """Carry out the upper half (Story rules: Despatches); a played despatch scores nothing."""
    card = state.despatch[player]
    assert card is not None  # played only when held
    state.despatch[player] = None
    state.played_despatch[player] = card
    state.log.append(Despatch(player, card, "played"))
    steps = [("despatch_effect", player, card, i) for i in range(len(state.data.despatches[card].effects))]
    state.push(*steps)


# --- March ---------------------------------------------------------------------------------------------------
def next_marcher(state: LegionState, player: int) -> int | None:
    """Players send one character at a time, in turn from ``player``, until all have passed (Story rules: March)."""
    passed = state.passed
    for p in state.game.turn_orders[player]:
        if p not in passed:
            return p
    return None


def _march_on(state: LegionState, player: int) -> None:
    """Put the next player's march turn (after ``player``'s) on the agenda, if anyone has yet to pass."""
    p = next_marcher(state, (player + 1) % state.n)
    if p is not None:
        state.agenda.append(("march", p))


def _march_options(state: LegionState, player: int) -> list:
    options: list = [("pass",)]
    if state.despatch[player] is not None and state.round >= DESPATCH_ROUND:
        options.append(("despatch",))
    hand = sorted(state.hand[player])
    # CAMOUFLAGE!: the next card may go where it cannot enter
    if state.camouflage and any(p == player for p, _ in state.camouflage):
        entries = [state.data.plots[p].entry_set for p in state.plots]
        hidden = [(player, i) in state.camouflage for i in range(len(entries))]
        for c in hand:
            shown = ch.skills(state, c)
            options += [("send", c, i) for i, entry in enumerate(entries) if hidden[i] or entry <= shown]
        return options
    sends = _round_sends(state)
    fighters = state.fighters
    for c in hand:
        fighter = fighters.get(c)
        # a character with a fresh sleeve shows its printed skills: its sends are kept under its id alone
        key = c if fighter is None or not (fighter.gear or fighter.crippled) else (c, ch.skills(state, c))
        found = sends.get(key)
        if found is None:
            shown, plots = ch.skills(state, c), state.data.plots
            found = sends[key] = [("send", c, i) for i, p in enumerate(state.plots) if plots[p].entry_set <= shown]
        options += found
    return options


def _round_sends(state: LegionState) -> dict:
    """The sends open to a character showing some skills, kept while the round's plots stay the same."""
    plots, sends = state.sends
    if plots != state.plots:
        plots, sends = list(state.plots), {}
        state.sends = (plots, sends)
    return sends


@decision("march", _march_options)
def march(state: LegionState, action: tuple, player: int) -> None:
    if action[0] == "despatch":  # before sending a character (DECISIONS: despatches)
        state.push(("march", player))
        play_despatch(state, player)
        return
    if action[0] == "pass":
        state.passed.add(player)  # a player who passes sends nobody more this round
        _march_on(state, player)
        return
    _march_on(state, player)  # after what this character's arrival sets off
    _, c, plot = action
    state.hand[player].remove(c)
    state.at[c] = plot
    state.members[plot].append(c)
    if (player, plot) in state.camouflage:  # CAMOUFLAGE!: this card goes face down
        state.camouflage.discard((player, plot))
        state.face_down.add(c)
    state.log.append(Sent(player, c, state.plots[plot], c in state.face_down))
    gives = ch.orders_it_gives(state, c)
    if gives:
        state.push(("assign", player, c, gives))


def _assign_options(state: LegionState, player: int, officer: str, left: int) -> list:
    if not state.available[player] and state.used[player]:
        return [("take_back",)]  # Story rules: Order resolution, a player with no token takes the used ones back
    if not state.available[player]:
        return []
    owner = state.game.owner_of
    targets = sorted(c for c in state.at if owner[c] == player and c != officer and ch.may_receive_order(state, c))
    if not targets:
        return []
    options: list = [("stop",)]
    for order in sorted(set(state.available[player])):
        options += [("assign", order, c) for c in targets]
    return options


@decision("assign", _assign_options)
def assign(state: LegionState, action: tuple, player: int, officer: str, left: int) -> None:
    """An arriving officer assigns up to two orders face down to own characters at any plot."""
    if action[0] == "stop":
        return
    if action[0] == "take_back":
        state.available[player] = sorted(o for o, _ in state.used[player])
        state.used[player] = []
        state.push(("assign", player, officer, left))
        return
    _, order, target = action
    if ch.orders_it_gives(state, officer) - left + 1 > rules.OFFICER_ORDERS:
        state.log.append(LocationHelped("orders_per_officer"))
    state.available[player].remove(order)
    state.tokens[target] = [order, False]
    state.log.append(Assigned(player, order, target))
    card = state.data.orders[order]
    steps: list[tuple] = []
    if card.timing == "immediate":  # turned up and resolved at once
        state.tokens[target][1] = True
        steps.append(("order_effects", player, target, order, 0))
    if left > 1:
        steps.append(("assign", player, officer, left - 1))
    state.push(*steps)


# --- round end -----------------------------------------------------------------------------------------------
@task("round_end")
def round_end(state: LegionState) -> None:
    """Survivors return to the hand (DECISIONS: survivors return to the hand); the start token moves clockwise."""
    for i in range(len(state.plots)):
        for c in list(state.members[i]):
            state.hand[state.owner(c)].append(c)
    for c, (order, revealed) in state.tokens.items():
        state.used[state.owner(c)].append((order, revealed))
    state.tokens, state.at, state.face_down, state.waived = {}, {}, set(), set()
    state.camouflage, state.bonus, state.stolen, state.cancels = set(), {}, set(), {}
    state.members = [[] for _ in state.plots]
    state.start = (state.start + 1) % state.n
    if state.round >= rules.ROUNDS:
        state.push(("game_end",))
    else:
        state.push(("round_start",))
