"""Bots for Legion: a greedy heuristic player and a determinized Monte-Carlo search player.

Bots look only at what their player may know: their own hand and sleeves, the faces at the plots (an opponent's
face-down card counts as an average card), turned-up tokens, supplies and VP on the table. The search bot samples
full states consistent with that knowledge (``determinize``) and plays them out with greedy players.
"""

from __future__ import annotations

import random
from typing import Callable

from pnpforge.games.legion_siberian_story import character as ch
from pnpforge.games.legion_siberian_story.data import ROUNDS
from pnpforge.games.legion_siberian_story.modes import SURVIVAL_PRICES
from pnpforge.games.legion_siberian_story.resolution import character_power
from pnpforge.games.legion_siberian_story.sight import UNKNOWN_POWER, Sight
from pnpforge.games.legion_siberian_story.state import LegionState

PRICES = {"recruit": "recruit_cost", "restore": "restore_order_cost"}  # the rule number of each purchase's price
PASS_VALUE = 0.3
DONE_VALUE = 0.6
STOP_VALUE = 0.25


# --- what a player can see (``sight.py``) ---------------------------------------------------------------------
def card_value(state: LegionState, c: str, shown: frozenset[str] | None = None) -> float:
    """A character's worth to the bot, from its card and the skills it shows (``shown`` when already known)."""
    card = state.data.characters[c]
    shown = ch.skills(state, c) if shown is None else shown
    return card.power + 0.6 * len(shown) + 0.4 * len(card.abilities) + (2 if card.officer else 0)


# --- the greedy bot -------------------------------------------------------------------------------------------
class GreedyBot:
    """Plays each question by a one-step judgement of what its own side gains."""

    name = "greedy"

    def choose(self, state: LegionState, player: int, rng: random.Random) -> tuple:
        actions = state.legal_actions()
        judge = JUDGES.get(state.waiting[0])
        if judge is None:
            return actions[rng.randrange(len(actions))]
        sight = Sight(state, player)
        together = JUDGED_TOGETHER.get(state.waiting[0])
        if together is not None:
            values = together(state, player, actions, sight)
        else:
            values = [judge(state, player, a, sight) for a in actions]
        best = max(values) - 1e-9
        ties = [i for i, value in enumerate(values) if value >= best]
        return actions[ties[rng.randrange(len(ties))]]

    def rank(self, state: LegionState, player: int, rng: random.Random) -> list[tuple]:
        """The legal actions, the best-judged first (what the search bot tries); unjudged questions keep their
        sequence."""
        actions = state.legal_actions()
        judge = JUDGES.get(state.waiting[0])
        if judge is None:
            return actions
        sight = Sight(state, player)
        return [actions[i] for i in sorted(range(len(actions)), key=lambda i: -judge(state, player, actions[i], sight))]


def _commander(state, player, action, sight):
    return 0.0  # every commander is fine; ties break at random


def _officer(state, player, action, sight):
    """The stronger officer; two within a point of each other are equal choices (ties break at random)."""
    return round(card_value(state, action[1]))


def _under(state, player, action, sight):
    return -card_value(state, action[1])


def _scoring_chance(state: LegionState, player: int, card: str) -> float:
    """A rough chance that a kept despatch scores, from the War Diary so far and the rounds left."""
    scoring = state.data.despatches[card].scoring
    won = state.won_types[player]
    rounds_left = ROUNDS - state.round + 1
    condition = scoring["condition"]
    if condition == "plots_won":
        plot_type = scoring.get("plot_type", "any")
        need = scoring.get("at_least", 1) - won[plot_type]
        # plots a player can hope to win in a round: a fair share of all of them, or about one of a given type
        rate = state.game.plots_per_round / state.n if plot_type == "any" else 0.8
        return 1.0 if need <= 0 else max(0.0, 1 - need / (rounds_left * rate + 0.01))
    if condition == "every_plot_type_won":
        need = sum(1 for t in ("freezing", "warming", "peaceful") if not won[t])
        return max(0.0, 1 - need / (rounds_left + 0.01))
    if condition == "dead_characters":
        return 0.6 if len(state.graveyard[player]) <= scoring.get("at_most", 0) else 0.0
    if condition == "supplies_left":  # supplies still come in from plots; the question is whether they are kept
        need = scoring.get("at_least", 1) - state.supplies[player]
        return 0.8 if need <= 0 else max(0.0, 0.8 - need / (rounds_left * 1.5 + 0.01))
    return 0.5


def _despatch_play_value(state: LegionState, player: int) -> float:
    card = state.despatch[player]
    assert card is not None  # asked only of a player holding one
    keep = _scoring_chance(state, player, card) * state.data.despatches[card].scoring["vp"]
    return 1.0 if keep < 1.0 else 0.0


def _hoard_penalty(state: LegionState, player: int, cost: int) -> float:
    """What a purchase risks when the kept despatch scores for supplies still held at the end."""
    card = state.despatch[player]
    if card is None:
        return 0.0
    scoring = state.data.despatches[card].scoring
    if scoring["condition"] != "supplies_left":
        return 0.0
    need, money = scoring.get("at_least", 1), state.supplies[player]
    if money - cost >= need or money + (ROUNDS - state.round) * 2 < need:
        return 0.0  # safe either way, or out of reach anyway
    return scoring["vp"] * (0.9 if state.round == ROUNDS else 0.4)


def _shop(state, player, action, sight):
    kind = action[0]
    if kind == "done":
        return DONE_VALUE
    if kind == "despatch":
        return _despatch_play_value(state, player)
    return _purchase(state, player, action, sight) - sight.remember(("hoard", kind), _kind_penalty, state, player, kind)


def _kind_penalty(state: LegionState, player: int, kind: str) -> float:
    return _hoard_penalty(state, player, state.game.limit(state, PRICES.get(kind, "equipment_cost")))


def _shop_values(state, player, actions, sight) -> list[float]:
    """The shop question's options judged together: what each hand character shows and what each card is for
    are worked out once."""
    shown: dict[str, frozenset] = {}
    uses: dict[str, str] = {}
    values = []
    for action in actions:
        if action[0] != "equip":
            values.append(_shop(state, player, action, sight))
            continue
        card_id, c = action[1], action[2]
        skills = shown.get(c)
        if skills is None:
            skills = shown[c] = ch.skills(state, c)
        use = uses.get(card_id)
        if use is None:
            use = uses[card_id] = _use(state.data.overlays[card_id])
        values.append(_equip(state, player, card_id, c, skills, sight, use)
                      - sight.remember(("hoard", "equip"), _kind_penalty, state, player, "equip"))
    return values


def _purchase(state, player, action, sight):
    kind = action[0]
    if kind == "equip":
        return _equip(state, player, action[1], action[2], ch.skills(state, action[2]), sight)
    if kind == "recruit":
        cost = state.game.limit(state, "recruit_cost")
        if cost <= 1:
            return 2.2  # a whole character for a single supply
        return 1.4 if len(state.hand[player]) <= 4 else (0.9 if cost < 3 else 0.2)
    if kind == "restore":
        return 0.9 if len(state.available[player]) <= 2 else 0.1
    return 0.3


def _use(card) -> str:
    """What an Equipment or Enhancement card is for, as the greedy bot weighs it."""
    if card.effect("frost_protection"):
        return "frost_protection"
    if card.ability in ("assault", "first_aid"):
        return card.ability
    if card.skill:
        return "skill"
    if card.effect("may_give_orders"):
        return "orders"
    if card.effect("combat_power"):
        return "combat_power"
    return "other"


def _equip(state, player, card_id, c, shown, sight, use=None):
    """What sleeving this card on character ``c`` (which shows skills ``shown``) is worth."""
    card = state.data.overlays[card_id]
    use = use or _use(card)
    power = state.data.characters[c].power
    if use == "frost_protection":
        return 1.5 + 0.1 * power if sight.freezing() else 0.3
    if use == "assault":
        return 0.9 + 0.1 * power
    if use == "first_aid":
        return 0.62 + 0.05 * power
    if use == "skill":
        fighter = state.fighters.get(c)
        if fighter and card.skill in fighter.crippled:
            return 1.3 + 0.1 * power
        plots = state.data.plots
        gained = shown | {card.skill}
        opens = [plots[p].winner_vp for p in state.plots
                 if plots[p].entry_set <= gained and not plots[p].entry_set <= shown]
        return 0.7 + 0.2 * max(opens, default=0) + 0.05 * power if opens else 0.4
    if use == "orders":
        officer_alive = state.officer[player] not in state.graveyard[player]
        return 0.2 if officer_alive else 1.5
    if use == "combat_power":  # worth more the more it adds (each point beyond the first as much as 3 of printed)
        return 0.5 + 0.1 * power + 0.3 * (card.effect("combat_power")["amount"] - 1)
    return 0.3


def _plot_gain(sight: Sight, plot: int, extra: int) -> float:
    """What ``extra`` combat power at a plot is worth to the viewer: VP when it turns the plot, else survival."""
    card, mine, other, before = sight.remember(("standing", plot), _standing_now, sight, plot)
    return _standing((mine or 0) + extra, other, card) - before


def _standing_now(sight: Sight, plot: int) -> tuple:
    """The plot, the viewer's power there (None when absent), the strongest rival's, and the viewer's standing."""
    state, seen = sight.state, sight.plot(plot)
    card = state.data.plots[state.plots[plot]]
    return card, seen.own, seen.rivals, _standing(seen.own, seen.rivals, card)


def _standing(mine, other, card) -> float:
    if mine is None:
        return 0.0
    if mine > other:
        return card.winner_vp + 0.2 * min(mine - other, 3)
    if mine == other:
        return card.winner_vp * 0.6
    return card.survivor_supplies * 0.4


def _march(state, player, action, sight):
    return _march_values(state, player, [action], sight)[0]


def _march_values(state, player, actions, sight) -> list[float]:
    """The march question's options judged together: what a character brings and what a plot offers are worked
    out once each, however many options share them."""
    values: list[float] = []
    known: dict[str, tuple] = {}  # what a character brings
    judged: dict[tuple, float] = {}  # what a plot offers to what is brought
    for action in actions:
        if action[0] == "pass":
            values.append(PASS_VALUE)
            continue
        if action[0] == "despatch":
            values.append(_despatch_play_value(state, player) * (1.5 if state.round == ROUNDS else 0.8))
            continue
        _, c, plot = action
        brings = known.get(c)
        if brings is None:
            brings = known[c] = _marcher(state, player, c)
        power, protected, frost, hurt, orders, worth = brings
        key = (plot, power, protected, frost, hurt)
        value = judged.get(key)
        if value is None:
            value = judged[key] = _march_to(sight, plot, power, protected, frost, hurt)
        if orders:
            value += 0.8
        values.append(value - 0.05 * worth)  # keep good cards for later when it hardly matters
    return values


def _march_to(sight: Sight, plot: int, power: int, protected: bool, frost: int, hurt: bool) -> float:
    """What sending a character with this power, protection, frostbite and hurt is worth at ``plot``."""
    value = _plot_gain(sight, plot, power)
    seen = sight.plot(plot)
    types = seen.types
    if "freezing" in types and not protected:
        value -= 3.0 if frost else 0.8
    if "warming" in types and frost:
        value += 0.8
    if "peaceful" not in types:
        value -= 0.3 * seen.threat * (2 if hurt else 1)
    return value


def _marcher(state: LegionState, player: int, c: str) -> tuple:
    """What a character brings to any plot: power, frost protection, frostbite, wounded or fragile, orders it
    could give someone, its card value."""
    fighter, sleeve = state.fighters.get(c), ch.sleeve_of(state, c)
    orders = bool(ch.orders_it_gives(state, c) and state.available[player] and any(
        state.owner(x) == player and ch.may_receive_order(state, x) for x in state.at))
    return (character_power(state, c), "frost_protection" in sleeve.effects, fighter.frost if fighter else 0,
            bool((fighter.wounds if fighter else 0) or ch.is_fragile(state, c)), orders,
            card_value(state, c, sleeve.skills))


def _assign(state, player, action, sight):
    if action[0] in ("stop", "take_back"):
        return STOP_VALUE
    _, order, c = action
    plot = state.at[c]
    card = state.data.plots[state.plots[plot]]
    mine = sight.power(player, plot)
    other = sight.rivals(plot)
    contested = abs(mine - other) <= 3 and sight.present(plot) != [player]
    effects = {e["effect"]: e for e in state.data.orders[order].effects}
    if not effects:  # the Blank: a bluff where it makes opponents think
        return 0.35 if contested else 0.1
    if "combat_power" in effects:
        value = _plot_gain(sight, plot, effects["combat_power"]["amount"]) + 0.1
        if "block" in effects:  # a block that comes with combat power is worth both
            value += _block_value(sight, plot, effects["block"]["what"])
        return value
    if "win_bonus" in effects:
        return 2.0 if mine - other >= 3 else -1.0
    if "take_survivor_reward" in effects:
        return card.survivor_supplies * 0.6 if mine > other else 0.0
    if "cancel_wounds" in effects:
        return 0.6 if sight.threat(plot) else 0.0
    if "block" in effects:
        return _block_value(sight, plot, effects["block"]["what"])
    if "sacrifice_own" in effects:
        others = [x for x in state.at_plot(plot, player) if x != c]
        return _plot_gain(sight, plot, effects["sacrifice_own"]["power"] - 2) - 1.0 if others else -1.0
    if "steal_plot_supplies" in effects:
        return card.survivor_supplies * (0.9 if mine < other else 0.3)
    if "withdraw_all_own" in effects:
        return 0.5 if mine < other - 3 else -0.5
    if "free_overlay" in effects:
        return 0.6 + 0.1 * state.data.characters[c].power
    if "next_card_face_down" in effects:  # worth it when a strong card can still follow, hidden, to this plot
        strong = [x for x in state.hand[player]
                  if character_power(state, x) > UNKNOWN_POWER and ch.may_enter(state, x, plot)]
        return 0.5 if strong and contested else 0.15
    if "wound_enemy" in effects or "withdraw_enemy" in effects:
        return 0.8 if contested else 0.3
    if "discard_order_at_plot" in effects:
        return 0.6 if any(t for x, t in state.tokens.items() if state.at.get(x) == plot and state.owner(x) != player
                          and not t[1]) else 0.1
    return 0.45 if contested else 0.3  # movement orders: useful when a plot is close


def _block_value(sight: Sight, plot: int, what: str) -> float:
    state, player = sight.state, sight.viewer
    if what == "assault":
        return 0.9 if sight.threat(plot) else 0.0
    rivals_here = [x for x in state.at_plot(plot) if state.owner(x) != player and x not in state.face_down]
    medics = [x for x in rivals_here if "first_aid" in ch.abilities(state, x)]
    wounded = [x for x in rivals_here if state.fighters.get(x) and state.fighters[x].wounds]
    return 1.0 if medics and wounded else 0.0  # only where a heal would happen


def _resolve(state, player, action, sight):
    kind, c = action
    order = state.tokens[c][0]
    effects = {e["effect"] for e in state.data.orders[order].effects}
    if kind == "decline":
        plot = state.at[c]
        winning = sight.power(player, plot) > sight.rivals(plot)
        return 1.0 if "withdraw_all_own" in effects and winning else 0.0
    return 0.5


def _target(state, player, action, sight):
    """Strike the strongest rival at the plot."""
    q = action[1]
    plot = state.waiting[2]
    return sight.power(q, plot) + 0.1 * len(state.at_plot(plot, q))


def _allocate(state, player, action, sight):
    """Spread wounds on the least valuable characters that survive them; GET DOWN! carriers first."""
    c = action[1]
    fighter = state.fighters.get(c)
    wounds = fighter.wounds if fighter else 0
    dies = wounds >= 1 or ch.is_fragile(state, c)
    if state.cancels.get(c, 0) > 0:
        return 10.0
    return -card_value(state, c) - (6.0 if dies else 0.0)


def _cripple(state, player, action, sight):
    _, c, skill = action
    return -card_value(state, c) - (1.0 if skill == "combat" else 0.0)


def _heal(state, player, action, sight):
    return card_value(state, action[1])


def _sacrifice(state, player, action, sight):
    return -card_value(state, action[1])


def _lure(state, player, action, sight):
    c = action[1]
    return UNKNOWN_POWER if c in state.face_down else character_power(state, c)


def _sabotage(state, player, action, sight):
    return 1.0 if state.owner(action[1]) != player else -1.0


def _move(state, player, action, sight):
    """Move a character where its power turns a plot, from where it is not needed."""
    if action[0] in ("skip", "stop"):
        return 0.2
    c, to = action[1], action[2]
    here = state.at[c]
    power = character_power(state, c)
    gain = _plot_gain(sight, to, power)
    loss = -_plot_gain(sight, here, -power) if len(state.at_plot(here, player)) > 1 else \
        _standing(sight.power(player, here), sight.rivals(here),
                  state.data.plots[state.plots[here]])
    return gain - loss


def _swap(state, player, action, sight):
    return 0.1


def _confirm(state, player, action, sight):
    return 0.0 if action[0] == "skip" else -0.1


def _keep(state, player, action, sight):
    card = action[1]
    return _scoring_chance(state, player, card) * state.data.despatches[card].scoring["vp"]


def _cure(state, player, action, sight):
    return card_value(state, action[1])


def _free_card(state, player, action, sight):
    return _shop(state, player, ("equip", action[1], action[2]), sight)


def _boost(state, player, action, sight):
    c = action[1]
    return _plot_gain(sight, state.at[c], 2)


def _camp(state, player, action, sight):
    """Between Survival games, in VP: heal or warm a character when what it is worth beats the price paid.

    A wounded or frostbitten character is lost only if it is hit again, so keeping it whole is worth about half
    its value; a supply bought for a point is worth less than the point."""
    kind = action[0]
    if kind == "done":
        return 0.0
    heal, warm, supply = SURVIVAL_PRICES[state.n]
    if kind == "supply":
        return 0.6 - supply
    worth = 0.5 * card_value(state, action[1])
    return worth - (heal if kind == "heal" else warm)


JUDGES: dict[str, Callable] = {
    "despatch_keep": _keep, "cure": _cure, "free_card": _free_card, "boost": _boost, "camp_buy": _camp,
    "commander": _commander, "officer": _officer, "under": _under, "shop": _shop, "march": _march,
    "assign": _assign, "resolve": _resolve, "assault_target": _target, "violence_target": _target,
    "wound_target": _target, "allocate": _allocate, "cripple": _cripple, "heal": _heal, "sacrifice": _sacrifice,
    "lure": _lure, "sabotage": _sabotage, "pick_move": _move, "move_carrier": _move, "gather": _move,
    "swap": _swap, "confirm_withdraw": _confirm,
}
# questions whose options are judged all at once (the same values as one by one, worked out faster)
JUDGED_TOGETHER: dict[str, Callable] = {"march": _march_values, "shop": _shop_values}
