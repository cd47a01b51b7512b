"""The Order resolution phase and the effects orders (and despatches) carry out.

Story rules: Order resolution — in reverse turn order, counter-clockwise from the player to the right of the
starting player, each player turns up one of their tokens and may carry it out; this goes round until every
token of the phase is resolved. Kept tokens wait for their plot; immediate ones acted when assigned.
"""

from __future__ import annotations

from pnpforge.games.legion_siberian_story import character as ch
from pnpforge.games.legion_siberian_story import moves
from pnpforge.games.legion_siberian_story.flow import give_overlay, restore_token, schedule_draw_then
from pnpforge.engine.steps import decision, task
from pnpforge.games.legion_siberian_story.log import OrderFate, Sabotaged, WoundCancelled
from pnpforge.games.legion_siberian_story.state import LegionState


@task("orders_start")
def orders_start(state: LegionState) -> None:
    """Face-down characters turn up first; one that does not qualify for its plot goes under its deck."""
    if state.watch is not None:
        state.watch(state)  # the validator's checkpoint: the board as the March left it
    for c in sorted(state.face_down):
        state.face_down.discard(c)
        if not ch.may_enter(state, c, state.at[c]):
            moves.withdraw(state, c, "deck_bottom")
    state.push(("order_turn", (state.start - 1) % state.n))


def _carriers(state: LegionState) -> list[str]:
    """Characters at plots carrying an unrevealed token of the Order resolution phase."""
    orders = state.data.orders
    return [c for c, (order, revealed) in state.tokens.items()
            if not revealed and orders[order].timing == "order_phase"]


def _waiting(state: LegionState, player: int) -> list[str]:
    """Own characters at plots carrying an unrevealed token of the Order resolution phase."""
    return sorted(c for c in _carriers(state) if state.owner(c) == player)


@task("order_turn")
def order_turn(state: LegionState, player: int) -> None:
    waiting = {state.owner(c) for c in _carriers(state)} if state.tokens else ()
    if not waiting:
        return
    for step in range(state.n):
        p = (player - step) % state.n
        if p in waiting:
            state.push(("resolve", p), ("order_turn", (p - 1) % state.n))
            return


def _resolve_options(state: LegionState, player: int) -> list:
    waiting = _waiting(state, player)
    return [("resolve", c) for c in waiting] + [("decline", c) for c in waiting]


@decision("resolve", _resolve_options)
def resolve(state: LegionState, action: tuple, player: int) -> None:
    """Turn up a token and carry it out, or put it face down among the used ones without effect."""
    kind, c = action
    order = state.tokens[c][0]
    if kind == "decline":
        state.tokens.pop(c)
        state.used[player].append((order, False))
        state.log.append(OrderFate(player, order, "declined"))
        return
    state.tokens[c][1] = True
    state.log.append(OrderFate(player, order, "resolved"))
    state.push(("order_effects", player, c, order, 0))


@task("order_effects")
def order_effects(state: LegionState, player: int, carrier: str, order: str, index: int) -> None:
    """Carry out an order's effects in sequence; they fizzle once the carrier has left its plot."""
    effects = state.data.orders[order].effects
    if index >= len(effects) or (index == 0 and carrier not in state.at):
        return
    state.push(("order_effects", player, carrier, order, index + 1))
    effect = effects[index]
    handler = ACTIVE.get(effect["effect"])
    if handler is not None:
        handler(state, player, carrier, effect)


# --- active effects: each pushes the decisions it needs -------------------------------------------------------
def _gain_supplies(state, player, carrier, effect):
    targets = range(state.n) if effect.get("who") == "each_player" else [player]
    for p in targets:
        state.supplies[p] += effect["amount"]


def _move_own(state, player, carrier, effect):
    state.push(*[("pick_move", player, effect["ignore_entry"])] * effect.get("count", 1))


def _withdraw_all_own(state, player, carrier, effect):
    plot = state.at.get(carrier)
    for c in state.at_plot(plot, player) if plot is not None else []:
        moves.withdraw(state, c, effect["to"])


def _wound_enemy(state, player, carrier, effect):
    if carrier in state.at:
        state.push(("wound_target", player, state.at[carrier], effect["count"]))


def _move_self(state, player, carrier, effect):
    state.push(("move_carrier", player, carrier, effect["ignore_entry"], bool(effect.get("optional"))))


def _withdraw_self(state, player, carrier, effect):
    if effect.get("optional"):
        state.push(("confirm_withdraw", player, carrier, effect["to"]))
    else:
        moves.withdraw(state, carrier, effect["to"])


def _withdraw_enemy(state, player, carrier, effect):
    state.push(*[("lure", player, carrier, effect["to"])] * effect["count"])


def _swap_own(state, player, carrier, effect):
    state.push(("swap", player, carrier, effect["ignore_entry"]))


def _gather_own(state, player, carrier, effect):
    if carrier in state.at:
        state.push(("gather", player, state.at[carrier], effect["ignore_entry"]))


def _discard_orders(state, player, carrier, effect):
    state.push(*[("sabotage", player, carrier)] * effect.get("count", 1))


def _sacrifice_own(state, player, carrier, effect):
    state.push(("sacrifice", player, carrier, effect["power"]))


def _steal(state, player, carrier, effect):
    """THEFT!: the plot's survivor supplies now; nobody collects them there this round."""
    plot = state.at.get(carrier)
    if plot is not None and plot not in state.stolen:
        state.supplies[player] += state.data.plots[state.plots[plot]].survivor_supplies
        state.stolen.add(plot)


def _free_overlay(state, player, carrier, effect):
    """PROMOTION!: a free card from the pool, kept like a bought one (DECISIONS: PROMOTION! is permanent)."""
    overlay = effect.get("overlay")
    if overlay and ch.may_take(state, carrier, overlay):
        give_overlay(state, carrier, overlay)


def _camouflage(state, player, carrier, effect):
    if carrier in state.at:
        state.camouflage.add((player, state.at[carrier]))


def _restore_orders(state, player, carrier, effect):
    for order, _ in sorted(state.used[player])[: effect["count"]]:
        restore_token(state, player, order)


def _draw_characters(state, player, carrier, effect):
    state.push(("draw_more", player, effect["count"]))


@task("draw_more")
def draw_more(state: LegionState, player: int, left: int) -> None:
    """One draw after another: the deck is looked at before each, so a deck that runs out is a counted gap."""
    if left > 0:
        schedule_draw_then(state, player, ("draw_more", player, left - 1))


ACTIVE = {
    "gain_supplies": _gain_supplies, "move_own": _move_own, "withdraw_all_own": _withdraw_all_own,
    "wound_enemy": _wound_enemy, "move_self": _move_self, "withdraw_self": _withdraw_self,
    "withdraw_enemy": _withdraw_enemy, "swap_own": _swap_own, "gather_own": _gather_own,
    "discard_order_at_plot": _discard_orders, "sacrifice_own": _sacrifice_own, "steal_plot_supplies": _steal,
    "free_overlay": _free_overlay, "next_card_face_down": _camouflage, "restore_orders": _restore_orders,
    "draw_characters": _draw_characters,
}


# --- the decisions those effects ask for ----------------------------------------------------------------------
def _destinations(state: LegionState, c: str, ignore: bool) -> list[int]:
    here = state.at.get(c)
    return [j for j in range(len(state.plots)) if j != here and (ignore or ch.may_enter(state, c, j))]


def _pick_move_options(state, player, ignore):
    own = sorted(c for c in state.at if state.owner(c) == player and c not in state.face_down)
    moves_ = [("move", c, j) for c in own for j in _destinations(state, c, ignore)]
    return moves_ + [("skip",)] if moves_ else []


@decision("pick_move", _pick_move_options)
def pick_move(state, action, player, ignore):
    if action[0] == "move":
        moves.move(state, action[1], action[2], ignore)


def _enemies_at(state: LegionState, player: int, plot: int) -> list[int]:
    return [p for p in state.present(plot) if p != player]


def _wound_target_options(state, player, plot, left):
    return [("target", q) for q in _enemies_at(state, player, plot)]


@decision("wound_target", _wound_target_options)
def wound_target(state, action, player, plot, left):
    state.push(("allocate", action[1], plot, 1, "order"), *([("wound_target", player, plot, left - 1)] * (left > 1)))


def _move_carrier_options(state, player, carrier, ignore, optional):
    options = [("move", carrier, j) for j in _destinations(state, carrier, ignore)]
    return options + [("skip",)] if optional and options else options


@decision("move_carrier", _move_carrier_options)
def move_carrier(state, action, player, carrier, ignore, optional):
    if action[0] == "move":
        moves.move(state, carrier, action[2], ignore)


def _confirm_options(state, player, carrier, to):
    return [("withdraw", carrier), ("skip",)] if carrier in state.at else []


@decision("confirm_withdraw", _confirm_options)
def confirm_withdraw(state, action, player, carrier, to):
    if action[0] == "withdraw":
        moves.withdraw(state, carrier, to)


def _lure_options(state, player, carrier, to):
    if carrier not in state.at:
        return []
    plot = state.at[carrier]
    return [("withdraw", c) for c in sorted(state.at_plot(plot)) if state.owner(c) != player]


@decision("lure", _lure_options)
def lure(state, action, player, carrier, to):
    moves.withdraw(state, action[1], to)


def _swap_options(state, player, carrier, ignore):
    if carrier not in state.at:
        return []
    here = state.at[carrier]
    options = []
    for c in sorted(state.at):
        there = state.at[c]
        if state.owner(c) == player and there != here and c not in state.face_down:
            if ignore or (ch.may_enter(state, c, here) and ch.may_enter(state, carrier, there)):
                options.append(("swap", c))
    return options


@decision("swap", _swap_options)
def swap(state, action, player, carrier, ignore):
    other = action[1]
    here, there = state.at[carrier], state.at[other]
    moves.move(state, carrier, there, ignore)
    moves.move(state, other, here, ignore)


def _gather_options(state, player, plot, ignore):
    options = [("move", c, plot) for c in sorted(state.at) if state.owner(c) == player and state.at[c] != plot
               and c not in state.face_down and (ignore or ch.may_enter(state, c, plot))]
    return options + [("stop",)] if options else []


@decision("gather", _gather_options)
def gather(state, action, player, plot, ignore):
    if action[0] == "move":
        moves.move(state, action[1], plot, ignore)
        state.push(("gather", player, plot, ignore))


def _sabotage_options(state, player, carrier):
    if carrier not in state.at:
        return []
    plot = state.at[carrier]
    return [("discard", c) for c in sorted(state.at_plot(plot)) if c in state.tokens and not state.tokens[c][1]]


@decision("sabotage", _sabotage_options)
def sabotage(state, action, player, carrier):
    """SABOTAGE!: any unrevealed token at the plot goes to its owner's used tokens (DECISIONS)."""
    target = action[1]
    order = state.tokens.pop(target)[0]
    state.used[state.owner(target)].append((order, False))
    state.log.append(Sabotaged(state.owner(target), order))


def _sacrifice_options(state, player, carrier, power):
    if carrier not in state.at:
        return []
    return [("sacrifice", c) for c in sorted(state.at_plot(state.at[carrier], player)) if c != carrier]


@decision("sacrifice", _sacrifice_options)
def sacrifice(state, action, player, carrier, power):
    moves.kill(state, action[1], "sacrifice")
    state.bonus[carrier] = state.bonus.get(carrier, 0) + power


def _allocate_options(state, player, plot, left, source):
    return [("wound", c) for c in sorted(state.at_plot(plot, player))]


@decision("allocate", _allocate_options)
def allocate(state, action, player, plot, left, source):
    """The owner of the targeted faction picks who takes each wound (Story rules: Assault)."""
    c = action[1]
    if source == "assault" and state.cancels.get(c, 0) > 0:  # GET DOWN!
        state.cancels[c] -= 1
        state.log.append(WoundCancelled(player, c))
    else:
        moves.wound(state, c, at_once=source != "assault")
    if left > 1:
        state.push(("allocate", player, plot, left - 1, source))
