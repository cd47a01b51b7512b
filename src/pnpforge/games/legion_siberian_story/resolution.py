"""Plot resolution: Assault, the winner, Violence and First Aid; then Freezing and Warming; then the end of the game.

Story rules: Assault and Plot resolution, steps 1-4; End of the game. Plots resolve one by one starting with the
one nearest the plot deck (the first revealed).
"""

from __future__ import annotations

from pnpforge.games.legion_siberian_story import character as ch
from pnpforge.games.legion_siberian_story import modes, moves
from pnpforge.games.legion_siberian_story.scoring import final_scores
from pnpforge.engine.steps import decision, task
from pnpforge.games.legion_siberian_story.state import LegionState


def location_effects(state: LegionState, name: str) -> tuple:
    if not state.location:
        return ()
    return state.data.location_effects[state.location].get(name, ())


def plot_types(state: LegionState, plot: int) -> set[str]:
    """The plot's printed types plus any the location adds (effect ``add_plot_type``)."""
    types = set(state.data.plots[state.plots[plot]].types)
    for effect in location_effects(state, "add_plot_type"):
        if effect.get("except_type") not in types:
            types.add(effect["plot_type"])
    return types


def revealed_effects(state: LegionState, plot: int, name: str) -> list[tuple[str, dict]]:
    """``(carrier, effect)`` for each turned-up token at the plot whose order has this effect."""
    found = []
    tokens = state.tokens
    if not tokens:
        return found
    effects = state.data.order_effects
    for c in state.members[plot]:
        token = tokens.get(c)
        if token and token[1]:
            for e in effects[token[0]].get(name, ()):
                found.append((c, e))
    return found


def blocked(state: LegionState, plot: int, what: str) -> bool:
    """Peaceful plots, CEASEFIRE!, NO MEDICS! and locations switch steps off (DECISIONS: Peaceful)."""
    if what == "assault" and "peaceful" in plot_types(state, plot):
        return True
    if any(e["what"] == what for e in location_effects(state, "block")):
        return True
    return any(e["what"] == what for _, e in revealed_effects(state, plot, "block"))


@task("resolve_plot")
def resolve_plot(state: LegionState, plot: int) -> None:
    """Kept tokens turn up, then the plot's steps run in the rulebook's sequence."""
    for c in state.at_plot(plot):
        token = state.tokens.get(c)
        if token and not token[1]:
            token[1] = True
            state.note("order", state.owner(c), token[0], "kept")
            for effect in state.data.orders[token[0]].effects:
                if effect["effect"] == "cancel_wounds":
                    state.cancels[c] = effect["count"]
    steps = [("score", plot), ("aftermath", plot)]
    if not blocked(state, plot, "assault"):
        steps = [*[("assault_declare", p, plot) for p in state.turn_order()], ("assault_allocate", plot),
                 ("assault_deaths", plot), *steps]
    state.assault = {}
    state.push(*steps)


def assaults(state: LegionState, player: int, plot: int) -> int:
    """Wounds a player inflicts at a plot: one per Assault, plus the location's bonus (``assault_bonus``)."""
    count = sum(1 for c in state.at_plot(plot, player) if "assault" in ch.abilities(state, c))
    if count:
        count += sum(e["extra_wounds"] for e in location_effects(state, "assault_bonus"))
    return count


@task("assault_declare")
def assault_declare(state: LegionState, player: int, plot: int) -> None:
    count = assaults(state, player, plot)
    if count and any(q != player for q in state.present(plot)):
        state.push(("assault_target", player, plot, count))


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


def faction_power(state: LegionState, player: int, plot: int) -> int:
    """Combat power of a player's characters at a plot with every modifier (Story rules: step 2)."""
    total = sum(character_power(state, c) for c in state.at_plot(plot, player))
    for carrier, effect in revealed_effects(state, plot, "combat_power"):
        if effect["scope"] in ("faction_at_plot", "self") and state.owner(carrier) == player:  # the carrier is here
            total += effect["amount"]
    return total


def _reward_bonus(state: LegionState, plot: int, key: str) -> int:
    types = plot_types(state, plot)
    return sum(e.get(key, 0) for e in location_effects(state, "plot_reward_bonus")
               if e["plot_type"] == "any" or e["plot_type"] in types)


@task("score")
def score(state: LegionState, plot: int) -> None:
    """The greatest combat power wins the VP (ties all win); other survivors take the supplies."""
    card = state.data.plots[state.plots[plot]]
    present = state.present(plot)
    power = {p: faction_power(state, p, plot) for p in present}
    best = max(power.values(), default=None)
    winners = [p for p in present if power[p] == best]
    vp_each = card.winner_vp + _reward_bonus(state, plot, "vp")
    supplies = card.survivor_supplies + _reward_bonus(state, plot, "supplies")
    gained = {p: [0, 0] for p in present}
    for p in winners:
        gained[p][0] += vp_each
        gained[p][0] += sum(e["vp"] for c, e in revealed_effects(state, plot, "win_bonus") if state.owner(c) == p)
    if plot not in state.stolen:
        takers = {state.owner(c) for c, _ in revealed_effects(state, plot, "take_survivor_reward")}
        for p in present:
            if p not in winners or p in takers:
                gained[p][1] += supplies
    for p, (vp, sup) in gained.items():
        state.vp[p] += vp
        state.supplies[p] += sup
    for p in winners:  # the War Diary: each type of a won plot (Story rules: Despatches)
        state.won_types[p]["any"] += 1
        for plot_type in plot_types(state, plot):
            state.won_types[p][plot_type] += 1
    for c, _ in revealed_effects(state, plot, "die_unless_win"):
        if state.owner(c) not in winners:
            moves.kill(state, c, "win_or_die")
    state.results.append({"plot": state.plots[plot], "power": power, "winners": winners, "gained": gained})
    state.note("scored", state.plots[plot], tuple(sorted(power.items())), tuple(winners))


@task("aftermath")
def aftermath(state: LegionState, plot: int) -> None:
    """Step 3: Violence and First Aid, one player at a time in turn order."""
    steps = []
    violence, first_aid = not blocked(state, plot, "violence"), not blocked(state, plot, "first_aid")
    if not (violence or first_aid):
        return
    heals = state.game.limit(state, "first_aid_heals")
    for p in state.turn_order():
        here = state.at_plot(plot, p)
        if violence:
            steps += [("violence_target", p, plot) for c in here if "violence" in ch.abilities(state, c)]
        if first_aid:
            steps += [("heal", p, c, plot, heals, ()) for c in here if "first_aid" in ch.abilities(state, c)]
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
        state.note("location_used", "first_aid_heals")
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
            points = modes.despatch_points(state, p)
            if points:
                state.vp[p] += points
                state.note("despatch", p, state.despatch[p], "scored")
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
    state.note("end", tuple(scores), tuple(winners))
