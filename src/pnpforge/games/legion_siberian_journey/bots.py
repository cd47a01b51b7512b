"""The greedy bot for Legion: Siberian Journey: each question judged by what its own side gains at once.

It looks only at what its player may know: the Marketplace and its bids, the plots and their squads, Line-ups,
Reserves, wounds, resources and points on the table, and its own hand. It bids up to a card's value to it,
deploys where its squad can win or where a cooperative plot's share pays, and spends Tactics cards where they
change a result.
"""

from __future__ import annotations

import random
from contextvars import ContextVar
from typing import Final

from pnpforge.games.legion_siberian_journey import lookahead, standing
from pnpforge.games.legion_siberian_journey.effects import can_join
from pnpforge.games.legion_siberian_journey.ranking import number, strength
from pnpforge.games.legion_siberian_journey.state import JourneyState

PASS_VALUE: Final = 0.05
RESOURCE: Final = 0.5  # what a resource is worth to the bot, in points
ACTION_CARD: Final = 1.2  # what an unknown action card is worth
CARD_KEPT: Final = 0.25  # what keeping a card in hand for later is worth, against playing it now
CHARACTER: Final = 0.25  # a living character's worth, per point of its value to the bot, in points

# set while the quick bot judges: an action card is worth its effects' rough value, without playing the round on
_QUICK: ContextVar[bool] = ContextVar("quick", default=False)


def character_value(state: JourneyState, c: int) -> float:
    card = state.data.characters[c]
    shown = card.attributes.bit_count()  # the printed attributes: a mask of ATTRIBUTES' bits
    return card.number + 0.6 * shown + 0.5 * len(card.abilities) + 0.4 * len(card.actions)


def worth(state: JourneyState, player: int) -> float:
    """Points, with resources and living characters (a wounded one half) at the bot's rates."""
    living = state.living(player)
    healthy = sum(character_value(state, c) * (0.5 if c in state.wounded else 1.0) for c in living)
    return state.vp[player] + RESOURCE * state.resources[player] + CHARACTER * healthy


def card_gain(state: JourneyState, player: int, action: tuple) -> float:
    """A card played now, by what the rest of the round does with it (``lookahead.py``), less keeping it; for the
    quick bot, by the rough worth of its effects."""
    if _QUICK.get():
        return effect_value(state, player, state.data.actions[action[1]].effects) - CARD_KEPT
    return lookahead.gain(state, player, action, worth, _pick_asked, _deploy_or_pass) - CARD_KEPT


def _pick_asked(state: JourneyState, player: int, action: tuple) -> float:
    """``_pick`` of the pick being asked (one function, so that quiet rounds made with it can be told apart)."""
    return _pick(state, player, action, state.waiting[2])


def _deploy_or_pass(state: JourneyState, legal: list) -> tuple:
    """The bot's own March turn in a look ahead: the best deployment, or a pass (never a card)."""
    player = state.waiting[1]
    moves = [a for a in legal if a[0] in ("deploy", "join")]
    if not moves:
        return ("pass",)
    plots: dict[int, Plot] = {}  # each plot as the squad finds it, the same for every move there
    values = [_march(state, player, a, plots) for a in moves]
    best = max(values)  # the first move of the best value
    return moves[values.index(best)] if best > PASS_VALUE else ("pass",)


def effect_value(state: JourneyState, player: int, effects) -> float:
    """A rough worth of effects used now, in points."""
    value = 0.0
    for e in effects:
        name = e["effect"]
        if name == "bid_bonus":  # on the first bid on each card the bot still wants this Auction
            wanted = sum(1 for slot in state.market if player not in slot.bonused and slot.kind == "character")
            value += RESOURCE * e.get("amount", 1) * min(2, wanted)
        elif name in ("gain_resources", "take_resources"):
            value += RESOURCE * e.get("amount", 1)
        elif name == "action_price":
            affordable = state.resources[player] >= standing.action_price(state, player) + e["amount"]
            value += RESOURCE * -e["amount"] if affordable and state.zones["actions"].size else 0.0
        elif name == "first_player":
            value += 0.7
        elif name == "discard_market":  # a card a rival leads is taken off the Marketplace
            value += 0.8 if any(max(s.bids) > s.bids[player] for s in state.market) else 0.0
        elif name == "draw_actions":
            value += ACTION_CARD * e["count"]
        elif name in ("gain_vp", "reward"):
            value += e["amount"]
        elif name == "ready":
            value += 0.8 * e["count"]
        elif name == "heal":
            own_wounded = sum(1 for c in state.wounded if state.owner[c] == player)
            value += 0.8 * min(e["count"], own_wounded)
        elif name == "number":
            value += 0.5 * e["amount"]
        else:
            value += 0.3
    return value


def fit(state: JourneyState, index: int, player: int) -> int:
    """The Number ``player``'s Line-up could bring to a plot (every character showing one of its icons)."""
    return sum(number(state, c, index) for c in state.lineup[player] if can_join(state, c, index))


def points_for(state: JourneyState, index: int, player: int, extra: int = 0, mine: int | None = None) -> float:
    """What ``player``'s squad at a plot would be paid if evaluated now with ``extra`` more Number in it."""
    site = state.sites[index]
    plot = state.data.plots[site.plot]
    squad = site.squad_of(player) or []
    own = (strength(state, index, squad) if mine is None else mine) + extra
    if not own:
        return 0.0
    reward = plot.rewards[0] + site.reward + standing.plot_reward(state)
    others = [strength(state, index, sq) for s, sq in site.squads if s != player]  # each squad's strength once
    if not plot.cooperative:
        best = max(others, default=0)
        return reward if own > best else reward / 2 if own == best else 0.0
    total = sum(others) + strength(state, index, squad) + extra
    difficulty = plot.difficulty + site.difficulty + standing.plot_difficulty(state)
    place = sum(1 for value in others if value >= own)
    ladder = list(plot.rewards) + [0] * 4
    paid = ladder[place] + (site.reward if place == 0 else 0)
    if total <= difficulty:  # not beaten yet: worth the share others may still make good, as far as it goes
        return 0.5 * paid * (total / (difficulty + 1)) ** 2
    return paid


class Plot:
    """A plot as ``player``'s squad finds it during one question (the state is not changed while the bot judges):
    what ``points_for`` reads there, read once for every move weighed at it (``points``)."""

    __slots__ = ("own", "others", "best", "total", "reward", "cooperative", "difficulty", "ladder", "first", "base")

    def __init__(self, state: JourneyState, index: int, player: int):
        site = state.sites[index]
        plot = state.data.plots[site.plot]
        self.own = strength(state, index, site.squad_of(player) or [])
        self.others = [strength(state, index, sq) for s, sq in site.squads if s != player]
        self.best = max(self.others, default=0)
        self.total = sum(self.others) + self.own
        self.reward = plot.rewards[0] + site.reward + standing.plot_reward(state)
        self.cooperative = plot.cooperative
        self.difficulty = plot.difficulty + site.difficulty + standing.plot_difficulty(state)
        self.ladder = list(plot.rewards) + [0] * 4
        self.first = site.reward
        self.base = self.points()  # as it stands, without the move

    def points(self, extra: int = 0) -> float:
        """``points_for`` the plot with ``extra`` more Number in the squad: the same value, by the same sums."""
        own = self.own + extra
        if not own:
            return 0.0
        if not self.cooperative:
            best, reward = self.best, self.reward
            return reward if own > best else reward / 2 if own == best else 0.0
        total = self.total + extra
        place = sum(1 for value in self.others if value >= own)
        paid = self.ladder[place] + (self.first if place == 0 else 0)
        if total <= self.difficulty:
            return 0.5 * paid * (total / (self.difficulty + 1)) ** 2
        return paid


def _plot(state: JourneyState, index: int, player: int, plots: dict[int, Plot] | None) -> Plot:
    """The plot at ``index`` as ``Plot`` reads it, kept in ``plots`` (when given) for the other moves weighed there."""
    found = plots.get(index) if plots is not None else None
    if found is None:
        found = Plot(state, index, player)
        if plots is not None:
            plots[index] = found
    return found


# --- judges: (state, player, action) -> value -------------------------------------------------------------------
def _bid(state: JourneyState, player: int, action: tuple) -> float:
    kind = action[0]
    if kind == "pass":
        return PASS_VALUE
    if kind == "buy":
        return ACTION_CARD - RESOURCE * standing.action_price(state, player)
    if kind == "bid":
        slot = state.market[action[1]]
        worth = character_value(state, slot.card) if slot.kind == "character" else ACTION_CARD * 2
        others = max((b for p, b in enumerate(slot.bids) if p != player), default=0)
        total = slot.bids[player] + action[2]
        if total != others + 1 or total > worth:
            return -1.0
        return worth - RESOURCE * 1.5 * total
    return _use(state, player, action)


def _use(state: JourneyState, player: int, action: tuple) -> float:
    kind = action[0]
    if kind == "special":
        _, effects = state.data.characters[action[1]].actions[action[2]]
        return effect_value(state, player, effects) - 0.4 * state.data.characters[action[1]].number
    if kind == "surgery":
        return 1.5 if state.owner[action[2]] == player else -1.0
    if kind == "play":
        if state.waiting[0] == "bid_turn":  # the Auction's cards act on bids the quiet look ahead never makes
            return effect_value(state, player, state.data.actions[action[1]].effects) - CARD_KEPT
        return card_gain(state, player, action)
    if kind == "explode":
        index = action[2]
        theirs = max((points_for(state, index, p) for p in range(state.n) if p != player), default=0)
        return 0.5 * theirs - points_for(state, index, player) - character_value(state, action[1]) * 0.4
    return 0.0


def _march(state: JourneyState, player: int, action: tuple, plots: dict[int, Plot] | None = None) -> float:
    kind = action[0]
    if kind == "pass":
        return PASS_VALUE
    if kind in ("deploy", "join"):
        c, index = action[1], action[2]
        starter = player if kind == "deploy" else action[3]
        gain = number(state, c, index)
        if starter == player:
            here = _plot(state, index, player, plots)
            value = here.points(gain) - here.base
        else:  # helping another squad pays only at a cooperative plot where the bot's own squad needs the total
            plot = state.data.plots[state.sites[index].plot]
            mine = state.sites[index].squad_of(player)
            value = 0.0
            if plot.cooperative and mine:
                here = _plot(state, index, player, plots)
                value = here.points(gain) - here.base
        return value - 0.05 * gain
    return _use(state, player, action)


def _prepare(state: JourneyState, player: int, action: tuple) -> float:
    if action[0] == "done":
        return PASS_VALUE
    if action[0] == "trap":  # at the richest plot, where rivals are likeliest to gather
        plot = state.data.plots[state.sites[action[2]].plot]
        return 0.1 + 0.05 * plot.rewards[0]
    if action[0] == "play":
        return card_gain(state, player, action) + 0.2  # its effect lasts through the March the look ahead skips
    if action[0] == "set_trap":
        return -0.2
    return _use(state, player, action)


def _tactics(state: JourneyState, player: int, action: tuple) -> float:
    if action[0] == "pass":
        return PASS_VALUE
    if action[0] == "play":
        return card_gain(state, player, action)
    return _use(state, player, action)


def _pick(state: JourneyState, player: int, action: tuple, kind: str) -> float:
    if action == ("none",):
        return -0.5
    value = action[1]
    if kind in ("boost", "taught", "readied", "recovered"):
        return character_value(state, value) if state.owner[value] in (player, -1) else -character_value(state, value)
    if kind == "victim":
        return character_value(state, value) * (1 if state.owner[value] != player else -1) + (value in state.wounded)
    if kind == "casualty":  # a member of one's own squad: helpers of other players first, then the weakest
        lent = 10 if state.owner[value] != player else 0
        return lent - character_value(state, value) - 5 * (value in state.wounded)
    if kind == "patient":
        return 5 if state.owner[value] == player else -1
    if kind in ("robbed",):
        return state.resources[value]
    if kind == "loser":
        return state.vp[value]
    if kind in ("mover", "withdrawn"):
        return character_value(state, value) if state.owner[value] != player else -character_value(state, value)
    if kind in ("destination", "richer"):
        return points_for(state, value, player)
    if kind == "replaced":  # a plot nobody has joined: the one that suits the rivals' Line-ups best, not the bot's
        fits = [fit(state, value, p) for p in range(state.n)]
        return max(f for p, f in enumerate(fits) if p != player) - fits[player]
    if kind in ("destroyed", "harder"):
        return -points_for(state, value, player)
    return 0.0


def judge(state: JourneyState, player: int, action: tuple) -> float:
    step = state.waiting[0]
    if step == "bid_turn":
        return _bid(state, player, action)
    if step == "march_turn":
        return _march(state, player, action)
    if step == "prepare":
        return _prepare(state, player, action)
    if step == "tactics":
        return _tactics(state, player, action)
    if step == "pick":
        return _pick(state, player, action, state.waiting[2])
    if step == "secret":
        reward = 3.0  # about what a tie is worth
        return -abs(action[1] - min(state.resources[player], int(reward / RESOURCE / 2) + 1))
    if step == "commander":  # a matter of taste: either, by chance, so that every commander is played
        return 0.0
    if step == "final_location":
        return state.data.locations[action[1]].vp
    if step in ("first_aid", "brotherhood"):
        patient = state.waiting[2]
        return 1.0 if action[0] != "no" and state.owner[patient] == player and patient in state.wounded else 0.0
    if step in ("cancel", "manoeuvre", "clean_up_cards"):
        return card_gain(state, player, action) if action[0] in ("cancel", "play") else 0.0
    if step == "assault":
        return -state.vp[action[1]]
    return 0.0


def judge_all(state: JourneyState, player: int, actions: list) -> list[float]:
    """``judge`` of each action, the same values. A March turn reckons each plot's points without the move once.
    In the Auction a slot's bids are judged together: of the amounts offered on one card only the one that makes
    the bot's bid the highest by one can be worth it, so the slot's worth and the other players' best bid are
    looked up once per slot, not once per amount."""
    step = state.waiting[0]
    if step == "march_turn":  # each plot as the squad finds it, once for every move there
        plots: dict[int, Plot] = {}
        return [_march(state, player, a, plots) for a in actions]
    if step != "bid_turn":
        return [judge(state, player, a) for a in actions]
    slots: dict[int, tuple[int, float]] = {}  # slot -> (the amount that can be worth it, its value)
    values = []
    for action in actions:
        if action[0] != "bid":
            values.append(_bid(state, player, action))
            continue
        found = slots.get(action[1])
        if found is None:
            slot = state.market[action[1]]
            worth = character_value(state, slot.card) if slot.kind == "character" else ACTION_CARD * 2
            others = max((b for p, b in enumerate(slot.bids) if p != player), default=0)
            total = others + 1
            found = slots[action[1]] = (total - slot.bids[player],
                                        -1.0 if total > worth else worth - RESOURCE * 1.5 * total)
        values.append(found[1] if action[2] == found[0] else -1.0)
    return values


class GreedyBot:
    """Plays each question by a one-step judgement; ties are broken at random."""

    name = "greedy"

    def choose(self, state: JourneyState, player: int, rng: random.Random) -> tuple:
        actions = state.legal_actions()
        with lookahead.Question(state):
            values = judge_all(state, player, actions)
        best = max(values) - 1e-9
        ties = [i for i, value in enumerate(values) if value >= best]
        return actions[ties[rng.randrange(len(ties))]]

    def rank(self, state: JourneyState, player: int, rng: random.Random) -> list[tuple]:
        actions = state.legal_actions()
        with lookahead.Question(state):
            values = [value + rng.random() * 1e-6 for value in judge_all(state, player, actions)]
        return [a for _, a in sorted(zip(values, actions), key=lambda pair: -pair[0])]


def greedy_bot(game, seat, rng, **options) -> GreedyBot:
    return GreedyBot()


class QuickBot:
    """The greedy bot without its look ahead: an action card is judged by the rough worth of its effects, as in the
    Auction, where the greedy bot plays the round on. The search bot's playouts are played with it (``search.py``):
    a search game costs about a quarter of the CPU it took with greedy players."""

    name = "quick"

    def choose(self, state: JourneyState, player: int, rng: random.Random) -> tuple:
        actions = state.legal_actions()
        token = _QUICK.set(True)
        try:
            values = judge_all(state, player, actions)
        finally:
            _QUICK.reset(token)
        best = max(values) - 1e-9
        ties = [i for i, value in enumerate(values) if value >= best]
        return actions[ties[rng.randrange(len(ties))]]


def quick_bot(game, seat, rng, **options) -> QuickBot:
    return QuickBot()

