"""Plot resolution: Assault, the winner, Violence and First Aid; then Freezing and Warming; then the end of the game.

Story rules: Assault and Plot resolution, steps 1-4; End of the game. Plots resolve one by one starting with the
one nearest the plot deck (the first revealed).
"""

from __future__ import annotations

from typing import Any, Mapping

from pnpforge.games.legion_siberian_story import character as ch
from pnpforge.games.legion_siberian_story import modes, moves
from pnpforge.games.legion_siberian_story.data import SCOPES_APPLIED
from pnpforge.games.legion_siberian_story.scoring import final_scores
from pnpforge.engine.steps import decision, task
from pnpforge.games.legion_siberian_story.log import Despatch, GameOver, LocationHelped, OrderFate, PlotScored
from pnpforge.games.legion_siberian_story.state import LegionState


Effect = Mapping[str, Any]  # an effect as the pack gives it (read-only: the pack's tables are mappingproxies)
ORDER_POWER = SCOPES_APPLIED[("order", "combat_power")]  # the scopes of an order's combat power


def location_effects(state: LegionState, name: str) -> tuple:
    if not state.location:
        return ()
    return state.data.location_effects[state.location].get(name, ())


def plot_types(state: LegionState, plot: int) -> frozenset[str]:
    """The plot's printed types plus any the location adds (``data.plot_types``)."""
    return state.data.plot_types(state.location, state.plots[plot])


def revealed_effects(state: LegionState, plot: int, name: str) -> list[tuple[str, Effect]]:
    """``(carrier, effect)`` for each turned-up token at the plot whose order has this effect."""
    return revealed_at(state, plot).get(name, [])


def revealed_at(state: LegionState, plot: int) -> dict[str, list[tuple[str, Effect]]]:
    """Every turned-up token's effects at the plot by effect name, as ``(carrier, effect)``."""
    found: dict[str, list[tuple[str, Effect]]] = {}
    tokens = state.tokens
    if not tokens:
        return found
    effects = state.data.order_effects
    for c in state.members[plot]:
        token = tokens.get(c)
        if token and token[1]:
            for name, listed in effects[token[0]].items():
                found.setdefault(name, []).extend((c, e) for e in listed)
    return found


def blocked_steps(state: LegionState, plot: int) -> frozenset[str]:
    """The steps switched off at the plot: by Peaceful plots, CEASEFIRE!, NO MEDICS! and locations
    (DECISIONS: Peaceful)."""
    found = state.data.blocked(state.location, state.plots[plot])  # by the location and the plot's types
    if state.tokens:
        revealed = revealed_effects(state, plot, "block")
        if revealed:
            return found.union(e["what"] for _, e in revealed)
    return found


@task("resolve_plot")
def resolve_plot(state: LegionState, plot: int) -> None:
    """Kept tokens turn up, then the plot's steps run in the rulebook's sequence."""
    tokens = state.tokens
    for c in state.members[plot] if tokens else ():
        token = tokens.get(c)
        if token and not token[1]:
            token[1] = True
            state.log.append(OrderFate(state.owner(c), token[0], "kept"))
            for effect in state.data.orders[token[0]].effects:
                if effect["effect"] == "cancel_wounds":
                    state.cancels[c] = effect["count"]
    steps = [("score", plot), ("aftermath", plot)]
    if "assault" not in blocked_steps(state, plot):
        steps = [*_assault_targets(state, plot), ("assault_allocate", plot), ("assault_deaths", plot), *steps]
    state.assault = {}
    state.push(*steps)


def _assault_targets(state: LegionState, plot: int) -> list[tuple]:
    """Each player in turn order with Assault at the plot and a rival there picks the targets of its wounds."""
    owner = state.game.owner_of
    counts: dict[int, int] = {}
    for c in state.members[plot]:
        if "assault" in ch.abilities(state, c):
            counts[owner[c]] = counts.get(owner[c], 0) + 1
    if not counts:
        return []
    present = state.present(plot)
    if len(present) < 2:
        return []
    extra = sum(e["extra_wounds"] for e in location_effects(state, "assault_bonus"))
    return [("assault_target", p, plot, counts[p] + extra) for p in state.turn_order() if p in counts]


def _assault_target_options(state, player, plot, left):
    return [("target", q) for q in state.present(plot) if q != player]


@decision("assault_target", _assault_target_options)
def assault_target(state, action, player, plot, left):
    """Each Assault is one wound on a faction of the player's choice at the same plot."""
    state.assault[action[1]] = state.assault.get(action[1], 0) + 1
    if left > 1:
        state.push(("assault_target", player, plot, left - 1))


@task("assault_allocate")
def assault_allocate(state: LegionState, plot: int) -> None:
    steps = [("allocate", q, plot, state.assault[q], "assault") for q in state.turn_order() if state.assault.get(q)]
    state.push(*steps)


@task("assault_deaths")
def assault_deaths(state: LegionState, plot: int) -> None:
    """A second wound (a first on a Fragile character) kills once the Assault step is over."""
    for c in state.at_plot(plot):
        if ch.is_dying(state, c):
            moves.kill(state, c, "wounds")


def character_power(state: LegionState, c: str) -> int:
    """A character's combat power: printed, sleeve, the round's location and any bonus gained this round."""
    fighter = state.fighters.get(c)
    key = (state.location, c) if fighter is None else (state.location, c, fighter.gear, fighter.crippled)
    known = state.data.powers
    power = known.get(key)
    if power is None:  # the same location, character and sleeve always give the same power
        power = known[key] = _located_power(state, c)
    if state.bonus:
        power += state.bonus.get(c, 0)
    return power


def _located_power(state: LegionState, c: str) -> int:
    power = ch.printed_and_gear_power(state, c)
    card = state.data.characters[c]
    for effect in location_effects(state, "combat_power"):
        scope = effect["scope"]
        if ((scope == "with_skill" and effect.get("skill") in ch.skills(state, c))
                or (scope == "with_ability" and effect.get("ability") in ch.abilities(state, c))
                or (scope == "officers" and card.officer)):
            power += effect["amount"]
    return power


@task("score")
def score(state: LegionState, plot: int) -> None:
    """The greatest combat power wins the VP (ties all win); other survivors take the supplies."""
    plot_id = state.plots[plot]
    present = state.present(plot)
    owner = state.game.owner_of
    revealed = revealed_at(state, plot)
    power = dict.fromkeys(present, 0)  # each present side's combat power, every modifier included (step 2)
    for c in state.members[plot]:
        power[owner[c]] += character_power(state, c)
    for carrier, effect in revealed.get("combat_power", ()) if revealed else ():
        if effect["scope"] in ORDER_POWER:  # the carrier is here
            power[owner[carrier]] += effect["amount"]
    best = max(power.values(), default=None)
    winners = [p for p in present if power[p] == best]
    types, vp_each, supplies = state.data.rewards(state.location, plot_id)
    gained = {p: [0, 0] for p in present}
    bonus = revealed.get("win_bonus", ()) if revealed else ()
    for p in winners:
        gained[p][0] += vp_each
        if bonus:
            gained[p][0] += sum(e["vp"] for c, e in bonus if owner[c] == p)
    if plot not in state.stolen:
        takers = {owner[c] for c, _ in revealed.get("take_survivor_reward", ())} if revealed else ()
        for p in present:
            if p not in winners or p in takers:
                gained[p][1] += supplies
    vps, stock = state.vp, state.supplies
    for p, (vp, sup) in gained.items():
        vps[p] += vp
        stock[p] += sup
    for p in winners:  # the War Diary: each type of a won plot (Story rules: Despatches)
        won = state.won_types[p]
        won["any"] += 1
        for plot_type in types:
            won[plot_type] += 1
    for c, _ in revealed.get("die_unless_win", ()) if revealed else ():
        if owner[c] not in winners:
            moves.kill(state, c, "win_or_die")
    state.results.append({"plot": plot_id, "power": power, "winners": winners, "gained": gained})
    state.log.append(PlotScored(plot_id, tuple(sorted(power.items())), tuple(winners)))


@task("aftermath")
def aftermath(state: LegionState, plot: int) -> None:
    """Step 3: Violence and First Aid, one player at a time in turn order."""
    members = state.members[plot]
    if not members:
        return
    off = blocked_steps(state, plot)
    violence, first_aid = "violence" not in off, "first_aid" not in off
    if not (violence or first_aid):
        return
    owner = state.game.owner_of
    acting: dict[int, list[tuple[str, bool, bool]]] = {}
    for c in members:
        shown = ch.abilities(state, c)
        hits, heals = violence and "violence" in shown, first_aid and "first_aid" in shown
        if hits or heals:
            acting.setdefault(owner[c], []).append((c, hits, heals))
    if not acting:
        return
    steps: list[tuple] = []
    count = state.game.limit(state, "first_aid_heals")
    for p in state.turn_order():
        here = acting.get(p, ())
        steps += [("violence_target", p, plot) for _, hits, _ in here if hits]
        steps += [("heal", p, c, plot, count, ()) for c, _, heals in here if heals]
    state.push(*steps)


def _violence_options(state, player, plot):
    return [("target", q) for q in state.present(plot) if q != player]


@decision("violence_target", _violence_options)
def violence_target(state, action, player, plot):
    state.push(("cripple", action[1], plot))


def _cripple_options(state, player, plot):
    """The owner picks a character and a skill it shows (DECISIONS: an empty position cannot be crippled)."""
    return [("cripple", c, s) for c in sorted(state.at_plot(plot, player)) for s in sorted(ch.skills(state, c))]


@decision("cripple", _cripple_options)
def cripple(state, action, player, plot):
    moves.cripple(state, action[1], action[2])


def _heal_options(state, player, healer, plot, left, done):
    if healer not in state.at:
        return []
    return [("heal", c) for c in sorted(state.at_plot(plot, player))
            if c != healer and c not in done and state.fighters.get(c) and state.fighters[c].wounds]


@decision("heal", _heal_options)
def first_aid(state, action, player, healer, plot, left, done):
    """First Aid heals one wound of another own character at the plot, never the healer."""
    moves.heal(state, action[1])
    if done:
        state.log.append(LocationHelped("first_aid_heals"))
    if left > 1:
        state.push(("heal", player, healer, plot, left - 1, done + (action[1],)))


@task("frost")
def frost(state: LegionState) -> None:
    """Step 4, once the last plot is resolved (DECISIONS): Freezing first, then Warming removes Frostbite."""
    no_coats = any(e["what"] == "frost_protection" for e in location_effects(state, "block"))
    for plot in range(len(state.plots)):
        if "freezing" in plot_types(state, plot):
            for c in state.at_plot(plot):
                if no_coats or not ch.has_effect(state, c, "frost_protection"):
                    moves.frostbite(state, c)
    for plot in range(len(state.plots)):
        if "warming" in plot_types(state, plot):
            for c in state.at_plot(plot):
                moves.warm(state, c)


@task("game_end")
def game_end(state: LegionState) -> None:
    """The most VP wins; ties go to supplies, then fewer dead, else the victory is shared."""
    if state.game.mode == "despatches":
        for p in range(state.n):
            points, card = modes.despatch_points(state, p), state.despatch[p]
            if points and card is not None:  # points only for a kept despatch
                state.vp[p] += points
                state.log.append(Despatch(p, card, "scored"))
    if state.game.mode == "survival":
        if state.game_number < modes.CAMPAIGN_GAMES:
            state.push(("camp",))
            return
        scores = modes.campaign_end(state)
        dead = [state.fallen[p] + len(state.graveyard[p]) for p in range(state.n)]
    else:
        scores = final_scores(state)
        dead = [len(state.graveyard[p]) for p in range(state.n)]
    key = {p: (scores[p], state.supplies[p], -dead[p]) for p in range(state.n)}
    best = max(key.values())
    winners = [p for p in range(state.n) if key[p] == best]
    state.final = [1.0 / len(winners) if p in winners else 0.0 for p in range(state.n)]
    state.over = True
    state.pending = None
    state.log.append(GameOver(tuple(scores), tuple(winners)))
