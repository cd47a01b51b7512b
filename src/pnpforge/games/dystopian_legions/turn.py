"""The duel's turn as steps: Pre-Turn (Command Points, cards), Initiative, each side's activation (an order, a card,
then fire, charge or hold), the Melee phase and the End Phase (Restore Order, the end of the duel).

Rules: ``turn-sequence``, ``pre-turn-cards``, ``pre-turn-shaken-cp``, ``initiative``, ``command-opposed``,
``activation-alternate``, ``cp-generate``, ``cp-spend-limit``, ``cp-spent-anyway``, ``order-issue``,
``order-rally``, ``order-snap-out``, ``order-focus-fire``, ``morale-check``, ``morale-routed``,
``end-restore-order``, ``end-medics`` (``medics.py``), ``end-clean-up``, ``tac-*``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnpforge.engine.dice import Reroll
from pnpforge.engine.steps import decision, task
from pnpforge.games.dystopian_legions import bolster, morale, orders
from pnpforge.games.dystopian_legions.medics import medic_steps
from pnpforge.games.dystopian_legions.melee import charge, may_charge
from pnpforge.games.dystopian_legions.shooting import bolstered, fire, gained, may_fire, side_may_drop
from pnpforge.games.dystopian_legions.tacs import why_not
from pnpforge.games.dystopian_legions.log import Said
from pnpforge.games.dystopian_legions.throws import ask

if TYPE_CHECKING:
    from pnpforge.games.dystopian_legions.state import DuelState, Side

WINDOWS = ("pre_turn", "command", "movement", "shooting", "melee")


@task("turn")
def start_turn(s: DuelState) -> None:
    """Pre-Turn: each side's pool is what its officers and NCOs make, less one per Shaken marker when they lead the
    section; cards of the Pre-Turn step; then the Initiative."""
    for side in s.sides:
        side.cp = orders.pool_at_start([s.made(side)], side.markers, s.led(side))
        side.spent, side.carded_by, side.activated, side.charging = {}, set(), False, False
        side.rushed = side.deck
    s.played = set()
    s.push(("tac", 0, "pre_turn"), ("tac", 1, "pre_turn"), ("initiative",))


@task("initiative")
def initiative(s: DuelState) -> None:
    """An opposed check in each side's quality colour, bolstered by nothing; a tie is thrown again."""
    entries = [ask(s, "initiative", p, {s.colour(s.sides[p]): s.game.check_dice}, s.game.success) for p in (0, 1)]
    s.push(*entries, ("initiative-won",))


@task("initiative-won")
def initiative_won(s: DuelState) -> None:
    a, b = s.last[("initiative", 0)], s.last[("initiative", 1)]
    if a == b:
        s.log.append(Said(f"initiative tied at {a}: thrown again"))
        s.push(("initiative",))
        return
    s.first = 0 if a > b else 1
    s.log.append(Said(f"{s.sides[s.first].setup.player} takes the initiative ({max(a, b)} to {min(a, b)})"))
    if s.game.mode == "opposed":
        s.over, s.winner = True, s.first
        return
    second = 1 - s.first
    s.push(("activate", s.first), ("activate", second), ("melee",), ("end",))


@task("activate")
def activate(s: DuelState, p: int) -> None:
    side = s.sides[p]
    if side.wiped or s.sides[1 - p].wiped:
        return
    s.active, s.played = p, set()
    s.push(("tac", p, "command"), ("act", p), ("activated", p))


@task("activated")
def activated(s: DuelState, p: int) -> None:
    s.sides[p].activated = True


def actions(s: DuelState, p: int) -> list[str]:
    """What the section may do in its activation: hold first (the quiet answer), then its orders and attacks."""
    side, enemy = s.sides[p], s.sides[1 - p]
    options = ["hold"]
    if side.wiped or enemy.wiped:
        return options

    for name in ("rally", "snap-out"):
        if order_refusal(s, p, name) is None:
            options.append(name)
    if may_fire(s, p) is None:
        options.append("fire")
        if order_refusal(s, p, "focus-fire") is None:
            options.append("focus-fire")
    if may_charge(s, p) is None:
        options.append("charge")
    if side_may_drop(s, side) and not side.deck and not side.engaged:
        options.append("hit-the-deck")
    return options


def order_refusal(s: DuelState, p: int, name: str) -> tuple[str, str] | None:
    """Why the section cannot take the order now, as (reason, rule), or None."""
    side = s.sides[p]
    order = orders.ORDERS[name]
    why = orders.may_order(order, side.markers, s.game.routed_at)
    if why is not None:
        return why, "order-rally" if name != "snap-out" else "order-snap-out"
    cost = order.cost_for(side.quality)
    if commander_for(s, p, cost) is None:
        return f"no officer or NCO of the section can spend {cost} Command Points now", "cp-spend-limit"
    return None


def commander_for(s: DuelState, p: int, cost: int) -> tuple[Side, int] | None:
    """The first officer or NCO who may spend ``cost`` from the pool on the section (the section it stands in and
    its number), if any: the section's own first, then an officer of another section within its command range."""
    side = s.sides[p]
    for owner, trooper in s.commanders(p):
        made = s.made_by(trooper)
        if (
            made
            and orders.may_spend(
                orders.Commander(trooper.profile, made, owner.spent.get(trooper.number, 0)), side.cp, cost, True
            )
            is None
        ):
            return owner, trooper.number
    return None


def spend(s: DuelState, p: int, cost: int) -> None:
    side = s.sides[p]
    found = commander_for(s, p, cost)
    assert found is not None
    owner, number = found
    owner.spent = {**owner.spent, number: owner.spent.get(number, 0) + cost}
    side.cp -= cost


@decision("act", actions)
def act(s: DuelState, action: str, p: int) -> None:

    side = s.sides[p]
    s.log.append(Said(f"{side.setup.player}: {action}"))
    if action in ("rally", "snap-out", "focus-fire"):
        spend(s, p, orders.ORDERS[action].cost_for(side.quality))
        s.push(("bolster", p, "command"), ("order-check", p, action))
    elif action == "fire":
        fire(s, p, "regular")
    elif action == "charge":
        charge(s, p)
    elif action == "hit-the-deck":
        side.deck = side.rushed = True


@task("order-check")
def order_check(s: DuelState, p: int, action: str) -> None:
    """The order's Command Check, with the dice its bolstering bought (rule ``command-bolster``)."""
    side = s.sides[p]
    check = morale.command_check(s.colour(side), s.game.check_dice, orders.ORDERS[action].needed, 0, bolster.dice(s, p))
    ones = Reroll(faces=("1",), initial=True) if any(s.profile(t).has("musician") for t in side.troopers) else None
    s.push(ask(s, "command", p, dict(check.dice), s.game.success, ones), ("ordered", p, action, check.needed))


@task("ordered")
def ordered(s: DuelState, p: int, name: str, needed: int) -> None:
    """A passed check carries the order out; the points stay spent either way (rule ``cp-spent-anyway``)."""

    passed = s.last[("command", p)] >= needed
    s.log.append(Said(f"{name} {'passes' if passed else 'fails'}"))
    if name == "focus-fire":
        if passed:
            fire(s, p, "placed")
        elif morale.may_shoot(s.sides[p].markers, s.game.routed_at):
            fire(s, p, "regular")
    elif passed:
        s.push(ask(s, "d3", p, {"black": 1}, 0), ("shaken-removed", p, name))


@task("shaken-removed")
def shaken_removed(s: DuelState, p: int, name: str) -> None:
    side = s.sides[p]
    roll = s.last[("d3", p)]
    side.markers = morale.rallied(side.markers, roll) if name == "rally" else morale.snapped(side.markers, roll)


# --- cards ---------------------------------------------------------------------------------------------------------
def target_of(s: DuelState, p: int, card: str) -> int:
    """The side a card affects: the enemy's section for an effect aimed at the enemy, else the player's own."""
    aimed = any(dict(params).get("whose") == "enemy" for _, params in s.game.cards[card].effects)
    return 1 - p if aimed else p


def card_refusal(s: DuelState, p: int, card: str, window: str) -> tuple[str, str] | None:
    """Why the player cannot play the card now, as (reason, rule), or None."""
    side = s.sides[p]
    if card not in side.hand:
        return f"{card} is not in the {side.setup.player} hand", "tac-hand-choice"
    on = s.sides[target_of(s, p, card)]
    return why_not(s.game.cards[card], window, side.cp, p in on.carded_by, p in s.played)


def playable(s: DuelState, p: int, window: str) -> list[str]:
    """Passing first (the quiet answer), then each card of the hand that may be played in this window."""
    return ["pass"] + [c for c in dict.fromkeys(s.sides[p].hand) if card_refusal(s, p, c, window) is None]


@decision("tac", playable)
def tac(s: DuelState, card: str, p: int, window: str) -> None:
    """A card played in its window: its cost from the pool (no officer's cap), then to the Graveyard; the opponent
    may cancel it before it takes effect."""
    if card == "pass":
        return
    played_on = pay(s, p, card)
    s.push(("cancel", 1 - p, card, played_on, window), ("card-effects", p, card))


def pay(s: DuelState, p: int, card: str) -> int:
    """The card's cost from the pool, the card to the Graveyard, the section it affects marked; that side."""
    on = target_of(s, p, card)
    side, target = s.sides[p], s.sides[on]
    side.cp -= s.game.cards[card].cp
    side.hand.remove(card)
    side.graveyard.append(card)
    target.carded_by = target.carded_by | {p}
    s.played = s.played | {p}
    s.log.append(Said(f"{side.setup.player} plays {card}"))
    return on


def _cancel_options(s: DuelState, q: int, card: str, on: int, window: str) -> list[str]:
    """Passing, or a card of ``q``'s hand that cancels a card, when it may be played now: in the window the
    cancelled card was played in, on the section it was played on, within the limits (rule ``tac-cancel``)."""
    side = s.sides[q]
    found = []
    for name in dict.fromkeys(side.hand):
        spec = s.game.cards[name]
        cancels = spec.effect("cancel")
        if cancels is None or cancels.get("what") != "card":
            continue
        if why_not(spec, window, side.cp, q in s.sides[on].carded_by, q in s.played) is None:
            found.append(name)
    return ["pass", *found] if found else []


@decision("cancel", _cancel_options)
def cancel(s: DuelState, answer: str, q: int, card: str, on: int, window: str) -> None:
    """The cancelled card stays in the Graveyard with its points spent and does nothing."""
    if answer == "pass":
        return
    side = s.sides[q]
    side.cp -= s.game.cards[answer].cp
    side.hand.remove(answer)
    side.graveyard.append(answer)
    s.sides[on].carded_by = s.sides[on].carded_by | {q}
    s.played = s.played | {q}
    s.cancelled = card
    s.log.append(Said(f"{side.setup.player} plays {answer}: {card} is cancelled"))


@task("card-effects")
def card_effects(s: DuelState, p: int, card: str) -> None:
    """What the card does, unless it was cancelled."""
    if s.cancelled == card:
        s.cancelled = None
        return
    on = target_of(s, p, card)
    side, target = s.sides[p], s.sides[on]
    for kind, params in s.game.cards[card].effects:
        values = dict(params)
        if kind == "shaken":
            if values.get("roll") == "d3":
                s.push(ask(s, "d3", p, {"black": 1}, 0), ("card-shaken", on, values.get("remove", 0), p))
            else:
                target.markers = max(0, target.markers - values.get("remove", 0))
        elif kind == "command_points":
            side.cp += values.get("amount", 0)
        elif kind == "fire_reaction":
            fire(s, p, "rushed")
        else:
            key = f"quality-{values['quality']}" if kind == "shot_quality" else kind
            target.effects = {**target.effects, key: params}


def _ambush_options(s: DuelState, p: int) -> list[str]:
    """Passing, or a card of the Ready section's hand that fires at a charger ending its move within the card's
    range (rule ``tac-fire-reaction``)."""
    side = s.sides[p]
    if side.activated or may_fire(s, p) is not None:
        return []
    found = []
    for name in dict.fromkeys(side.hand):
        spec = s.game.cards[name]
        reaction = spec.effect("fire_reaction")
        if reaction is None or s.inches > reaction.get("range", 0):
            continue
        if card_refusal(s, p, name, spec.window) is None:
            found.append(name)
    return ["pass", *found] if found else []


@decision("ambush", _ambush_options)
def ambush(s: DuelState, card: str, p: int) -> None:
    """A charged section that has not yet activated may answer with a fire reaction card: it fires Rushed before
    the charger makes contact, and stays Ready."""
    if card == "pass":
        return
    pay(s, p, card)
    s.push(("cancel", 1 - p, card, p, s.game.cards[card].window), ("card-effects", p, card))


@task("card-shaken")
def card_shaken(s: DuelState, on: int, remove: int, p: int) -> None:
    side = s.sides[on]
    side.markers = max(0, side.markers - remove - s.last[("d3", p)])


# --- morale --------------------------------------------------------------------------------------------------------
def morale_check(
    s: DuelState, p: int, suppressed: bool = False, more: tuple[tuple[str, int], ...] = ()
) -> morale.Check:
    side = s.sides[p]
    colour = s.colour(side)
    officer = s.officer_die(p)
    inspiring = any(s.profile(t).has("inspiring") for t in side.troopers)
    steadfast = all(s.profile(t).has("steadfast") for t in side.troopers) or gained(side, "steadfast")
    extra = tuple(bolstered(side, "morale")) + more
    return morale.morale_check(
        colour,
        side.lp_start,
        side.lp,
        base=s.game.check_dice,
        steadfast=steadfast,
        officer=officer,
        inspiring=inspiring,
        suppressed=suppressed,
        weary=s.weary,
        extra=extra,
    )


@task("morale")
def take_morale(s: DuelState, p: int, suppressed: bool = False) -> None:
    """A Morale check after the event that called for it, one success more after Suppression; Fearless sections
    never take one; a Musician re-rolls one failed die."""
    side = s.sides[p]
    if side.wiped or all(s.profile(t).has("fearless") for t in side.troopers):
        return
    s.push(("bolster", p, "morale"), ("morale-throw", p, suppressed))


@task("morale-throw")
def morale_throw(s: DuelState, p: int, suppressed: bool) -> None:
    """The Morale check thrown, with the dice its bolstering bought (rule ``command-bolster``)."""
    side = s.sides[p]
    check = morale_check(s, p, suppressed, bolster.dice(s, p))
    musician = Reroll(limit=1, initial=True) if any(s.profile(t).has("musician") for t in side.troopers) else None
    s.push(ask(s, "morale", p, dict(check.dice), s.game.success, musician), ("morale-result", p, check.needed))


@task("morale-result")
def morale_result(s: DuelState, p: int, needed: int) -> None:
    side = s.sides[p]
    if s.last[("morale", p)] < needed:
        side.markers = morale.failed(side.markers, s.game.routed_at)
        s.log.append(Said(f"{side.setup.player} fails a Morale check: {s.morale(side)}"))


# --- the End Phase -------------------------------------------------------------------------------------------------
@task("end")
def end_phase(s: DuelState) -> None:
    entries: list[tuple] = []
    for p, side in enumerate(s.sides):
        if side.markers and not side.wiped:
            entries += [("bolster", p, "restore"), ("restore-throw", p)]
    s.push(*entries, *medic_steps(s), ("close",))


@task("restore-throw")
def restore_throw(s: DuelState, p: int) -> None:
    """A Restore Order check, with the dice its bolstering bought (rule ``command-bolster``)."""
    check = morale_check(s, p, more=bolster.dice(s, p))
    s.push(ask(s, "restore", p, dict(check.dice), s.game.success), ("restored", p, check.needed))


@task("restored")
def restored(s: DuelState, p: int, needed: int) -> None:
    side = s.sides[p]
    side.markers = morale.restored(side.markers, morale.Check((), needed), s.last[("restore", p)])


@task("close")
def close(s: DuelState) -> None:
    """The duel ends when a section is wiped out or Routed at the end of a turn, or when the turns run out: then
    the side that lost the smaller share of its Life Points wins (equal shares draw)."""
    wiped = [side.wiped for side in s.sides]
    routed = [side.markers >= s.game.routed_at for side in s.sides]
    for side in s.sides:
        side.effects = {}
    lost = [(side.lp_start - side.lp) * s.sides[1 - p].lp_start for p, side in enumerate(s.sides)]
    if any(wiped) or any(routed) or s.turn >= s.game.turns:
        s.over = True
        broken = [w or r for w, r in zip(wiped, routed)]
        if broken[0] != broken[1]:
            s.winner = 1 if broken[0] else 0
        elif lost[0] != lost[1]:
            s.winner = 0 if lost[0] < lost[1] else 1
        return
    s.turn += 1
    s.push(("turn",))
