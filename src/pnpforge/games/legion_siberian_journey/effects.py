"""The pack's effect vocabulary (``game.yaml: effects``) as rules, and the ways a player uses a card.

An effect runs as the task ``("effect", player, effect, source, site)``: ``player`` acts, ``source`` is the character
whose action it is (or -1), ``site`` the index of the plot it acts at (or -1). An effect that asks for a choice
pushes ``("pick", player, kind, ...)`` decisions (``picks.py``); each effect's reading where the cards leave room is
in DECISIONS.md, "How the engine reads the effects".
"""

from __future__ import annotations

from typing import Final, Mapping

from pnpforge.engine import zones as z
from pnpforge.engine.steps import task
from pnpforge.games.legion_siberian_journey import standing
from pnpforge.games.legion_siberian_journey.data import BIT, ActionCard
from pnpforge.games.legion_siberian_journey.log import Died, Healed, PlotDestroyed
from pnpforge.games.legion_siberian_journey.state import JourneyState

# the abilities a character uses by sending itself to the Reserve, and when
SURGERY_MOMENTS: Final = ("auction", "march", "tactics")


def acts_in(card: ActionCard, moment: str) -> bool:
    return card.phase == moment


def special_steps(state: JourneyState, player: int, moment: str) -> list[tuple]:
    """A player's special actions now: printed ones of Line-up characters (Auction and March) and Surgery
    (ability-surgery: from the Line-up or from a plot not yet evaluated)."""
    options: list[tuple] = []
    characters = state.data.characters
    wounded = sorted(state.wounded)
    for c in state.lineup[player]:
        card = characters[c]
        if moment in ("auction", "march"):
            options += [("special", c, k) for k, (when, _) in enumerate(card.actions) if when == "special_action"]
        if "surgery" in card.abilities and moment in SURGERY_MOMENTS:
            options += [("surgery", c, patient) for patient in wounded]
    if moment in SURGERY_MOMENTS:
        at_plots = sorted(c for site in state.sites if not site.done for c in site.members()
                          if state.owner[c] == player and "surgery" in characters[c].abilities)
        options += [("surgery", c, patient) for c in at_plots for patient in wounded]
    return options


def use(state: JourneyState, player: int, action: tuple, moment: str, site: int = -1) -> None:
    """Carry out a special action, Surgery, an action card or Explosives (the caller has checked it is legal)."""
    kind = action[0]
    if kind == "special":
        character, index = action[1], action[2]
        to_reserve(state, character)
        _, effects = state.data.characters[character].actions[index]
        state.push(*[("effect", player, e, character, site) for e in effects])
    elif kind == "surgery":
        to_reserve(state, action[1])
        heal(state, action[2])
    elif kind == "play":
        card = action[1]
        state.zones = z.move(state.zones, f"hand:{player}", "action-discard", card)
        state.zones = z.reveal(state.zones, "action-discard", card)
        state.push(*[("effect", player, e, -1, site) for e in state.data.actions[card].effects])
    elif kind == "explode":
        character, target = action[1], action[2]
        kill(state, character)
        destroy(state, target)
    else:
        raise ValueError(f"unknown use {action!r}")


# --- moving characters ----------------------------------------------------------------------------------------------
def leave_site(state: JourneyState, character: int) -> None:
    for site in state.sites:
        for index, (_starter, squad) in enumerate(site.squads):
            if character in squad:
                squad.remove(character)
                if not squad:
                    del site.squads[index]
                return


def to_reserve(state: JourneyState, character: int) -> None:
    owner = state.owner[character]
    if character in state.lineup[owner]:
        state.lineup[owner].remove(character)
    else:
        leave_site(state, character)
    if character not in state.reserve[owner]:
        state.reserve[owner].append(character)
        state.reserve[owner].sort()


def to_lineup(state: JourneyState, character: int) -> None:
    owner = state.owner[character]
    state.reserve[owner].remove(character)
    state.lineup[owner] = sorted(state.lineup[owner] + [character])


def kill(state: JourneyState, character: int) -> None:
    """wound-second-kills, graveyard: the character leaves play, face up on the graveyard."""
    owner = state.owner[character]
    for zone in (state.lineup[owner], state.reserve[owner]):
        if character in zone:
            zone.remove(character)
    leave_site(state, character)
    state.wounded.discard(character)
    state.graveyard.append(character)
    state.log.append(Died(state.round, character))


def heal(state: JourneyState, character: int) -> None:
    state.wounded.discard(character)
    state.log.append(Healed(state.round, character))


def destroy(state: JourneyState, index: int) -> None:
    """ability-explosives, ability-explosives-plot-gone: nobody gains the plot; its characters go to the Reserve
    and its traps are discarded."""
    site = state.sites[index]
    for character in site.members():
        to_reserve(state, character)
    site.squads, site.done, site.destroyed = [], True, True
    discard_traps(state, index)
    state.log.append(PlotDestroyed(state.round, site.plot))


def discard_traps(state: JourneyState, index: int) -> None:
    zone = f"traps:{index}"
    for card in state.zones[zone].contents():
        state.zones = z.move(state.zones, zone, "action-discard", card)
    if 0 <= index < len(state.sites):
        state.sites[index].trappers = []
    state.char_traps = [t for t in state.char_traps if t[0] != index]


def join(state: JourneyState, character: int, index: int, starter: int) -> None:
    """march-deploy (a new squad when ``starter`` has none there) and march-reinforce."""
    owner = state.owner[character]
    if character in state.lineup[owner]:
        state.lineup[owner].remove(character)
    else:
        leave_site(state, character)
    site = state.sites[index]
    squad = site.squad_of(starter)
    if squad is None:
        site.squads.append((starter, [character]))
    else:
        squad.append(character)


def can_join(state: JourneyState, character: int, index: int, starter: int | None = None) -> bool:
    """march-icons-match (any one icon), ability-comradery (a squad holding a Red character), ignored icons."""
    plot = state.data.plots[state.sites[index].plot]
    if state.attributes(character) & plot.icons or character in state.free:
        return True
    if starter is not None and "comradery" in state.data.characters[character].abilities:
        squad = state.sites[index].squad_of(starter) or []
        return any(state.data.characters[c].faction == COMRADES for c in squad)
    return False


COMRADES: Final = "reds"  # ability-comradery names the Reds


# --- the effect task --------------------------------------------------------------------------------------------------
@task("effect")
def effect(state: JourneyState, player: int, e: Mapping, source: int, site: int) -> None:
    HANDLERS[e["effect"]](state, player, e, source, site)


def _at(state: JourneyState, site: int) -> list[int]:
    return state.sites[site].members() if 0 <= site < len(state.sites) else []


def _number(state, player, e, source, site):
    target, amount = e["target"], e["amount"]
    if site < 0:
        return
    here = state.sites[site]
    if target == "self":
        chosen = [source] if source in here.members() else []
    elif target in ("chosen_own", "chosen_other"):
        state.push(("pick", player, "boost", e, source, site, 1))
        return
    elif target == "own_squad":
        chosen = list(here.squad_of(player) or [])
    elif target == "each_other_squad":
        chosen = [c for s, squad in here.squads if s != player for c in squad]
    else:
        chosen = [c for c in here.members() if state.owner[c] == player and standing.qualifies(state, c, e)]
    for c in chosen:
        here.boost[c] = here.boost.get(c, 0) + amount


def _wound(state, player, e, source, site):
    target, count = e["target"], e["count"]
    if target == "self":
        state.push(*[("wound", source)] * count)
    elif target in ("each_other_squad", "losers"):
        here = state.sites[site] if site >= 0 else None
        if here is None:
            return
        result = here.result or {}
        winners = set(result.get("winners", ()))
        starters = [s for s, _ in here.squads if (s != player if target == "each_other_squad" else s not in winners)]
        # each starter places its squad's wounds, one starter after another in turn order (wound-distribution)
        turns = state.seats_from(state.first)
        state.push(*[("pick", s, "casualty", e, source, site, 1)
                     for s in sorted(starters, key=turns.index) for _ in range(count)])
    else:  # chosen_at_plot, own, any_other
        state.push(*[("pick", player, "victim", e, source, site, 1)] * count)


def _heal(state, player, e, source, site):
    if e.get("target") == "self":
        if source in state.wounded:
            heal(state, source)
        return
    state.push(("pick", player, "patient", e, source, site, e["count"]))


def _prevent(state, player, e, source, site):
    if site < 0:
        return
    shields = state.sites[site].shields
    key = {"self": ("char", source), "own_squad": ("squad", player), "any": ("any",)}[e["target"]]
    shields[key] = shields.get(key, 0) + e["count"]


def _gain_resources(state, player, e, source, site):
    who = e.get("who", "self")
    for p in range(state.n):
        if who == "self" and p == player or who == "each_player" or who == "each_other_player" and p != player:
            state.resources[p] += e["amount"]


def _take_resources(state, player, e, source, site):
    state.push(("pick", player, "robbed", e, source, site, 1))


def _gain_vp(state, player, e, source, site):
    who = e.get("who", "self")
    if who == "self":
        gainers = [player]
    else:
        here = state.sites[site] if site >= 0 else None
        if here is None:
            return
        result = here.result or {}
        gainers = list(result.get("winners", ())) if who == "winner" else [s for s, _ in here.squads]
    for p in gainers:
        state.vp[p] += e["amount"]


def _lose_vp(state, player, e, source, site):
    who = e["who"]
    if who == "chosen_player":
        state.push(("pick", player, "loser", e, source, site, 1))
        return
    here = state.sites[site] if site >= 0 else None
    if here is None:
        return
    winners = set((here.result or {}).get("winners", ()))
    for s, _ in list(here.squads):
        if who == "each_squad" or s not in winners:
            state.vp[s] = max(0, state.vp[s] - e["amount"])


def _draw_actions(state, player, e, source, site):
    count = min(e["count"], state.zones["actions"].size)
    state.push(*[("draw_action", player)] * count)


def _ready(state, player, e, source, site):
    if e.get("target") == "self":
        if source in state.reserve[player]:
            to_lineup(state, source)
        return
    state.push(("pick", player, "readied", e, source, site, e["count"]))


def _move(state, player, e, source, site):
    if e["target"] == "self":
        if state.site_of(source) is not None:
            state.push(("pick", player, "destination", e, source, site, source))
        return
    state.push(*[("pick", player, "mover", e, source, site, 1)] * e.get("count", 1))


def _withdraw(state, player, e, source, site):
    if e["target"] == "self":
        if source in _at(state, site):
            to_reserve(state, source)
        return
    state.push(*[("pick", player, "withdrawn", e, source, site, 1)] * e.get("count", 1))


def _site_pick(kind):
    def handler(state, player, e, source, site):
        state.push(("pick", player, kind, e, source, site, 1))
    return handler


def _difficulty(state, player, e, source, site):
    if site >= 0:
        state.sites[site].difficulty += e["amount"]
    else:
        state.push(("pick", player, "harder", e, source, site, 1))


def _reward(state, player, e, source, site):
    if site >= 0:
        state.sites[site].reward += e["amount"]
    else:
        state.push(("pick", player, "richer", e, source, site, 1))


def _ignore_icons(state, player, e, source, site):
    if e["target"] == "self":
        state.free.add(source)
    else:
        state.free.update(state.living(player))


def _add_attribute(state, player, e, source, site):
    if e.get("target", "self") == "self":
        state.shown[source] = state.shown.get(source, 0) | BIT[e["attribute"]]
    else:
        state.push(("pick", player, "taught", e, source, site, 1))


def _bid_bonus(state, player, e, source, site):
    state.bonus[player].append((e["on"], e["amount"]))


def _action_price(state, player, e, source, site):
    state.price[player] += e["amount"]


def _discard_market(state, player, e, source, site):
    state.push(*[("pick", player, "discarded", e, source, site, 1)] * e.get("count", 1))


def _peek(state, player, e, source, site):
    deck = peek_deck(state, e["deck"])
    count = min(e["count"], state.zones[deck].size)
    state.push(*[("peek_draw", player, deck)] * count, ("peek_back", player, deck))


def peek_deck(state: JourneyState, name: str) -> str:
    """The deck a ``peek`` looks at: plots of the level about to be drawn (this round's before its plots are laid
    out, else the next round's), or the character, action or location deck of the next location."""
    journey = state.data.parameters.journey
    ahead = state.round - 1 if not state.sites and state.round >= 1 else min(state.round, len(journey) - 1)
    level = journey[max(0, ahead)]
    if name == "plots":
        return f"plots:{standing.PLOT_LEVEL[level]}"
    if name == "locations":
        return f"locations:{level}"
    return name


def _win_ties(state, player, e, source, site):
    if e.get("scope", "plot") == "location":
        state.location_ties.add(player)
    elif site >= 0:
        state.sites[site].ties.add(player)


def _first_player(state, player, e, source, site):
    state.next_first = player


def _nothing(state, player, e, source, site):
    """An effect that acts elsewhere (``cancel_action`` as a reaction, ``location_bonus`` as a standing rule)."""


def _recover(state, player, e, source, site):
    state.push(("pick", player, "recovered", e, source, site, 1))


HANDLERS = {
    "number": _number, "wound": _wound, "heal": _heal, "prevent_wounds": _prevent,
    "gain_resources": _gain_resources, "take_resources": _take_resources, "gain_vp": _gain_vp, "lose_vp": _lose_vp,
    "draw_actions": _draw_actions, "ready": _ready, "move": _move, "withdraw": _withdraw,
    "destroy_plot": _site_pick("destroyed"), "replace_plot": _site_pick("replaced"), "difficulty": _difficulty,
    "reward": _reward, "ignore_icons": _ignore_icons, "add_attribute": _add_attribute, "bid_bonus": _bid_bonus,
    "action_price": _action_price, "discard_market": _discard_market, "peek": _peek, "win_ties": _win_ties,
    "cancel_action": _nothing, "first_player": _first_player, "location_bonus": _nothing, "recover": _recover,
}
