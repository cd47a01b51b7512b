"""Play a Journey scenario through the engine with its scripted choices, and report the outcome as data (JSON).

Choices are taken in sequence: when the engine asks a player a question and the next choice is that player's and answers
that kind of question, the choice answers it (a ``do`` choice, written as the transcript of ``pnpforge replay --seed``
writes answers, answers the first question it is among the answers of); any other question gets the quiet answer (pass,
done, no, a secret bid of nothing; else the first option). A choice the rules forbid (a bid on a sworn enemy's
character, more resources than the player has, a character without the plot's icons) stops the replay with an error at
the choice that names the rule; so does a choice never asked for.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from pnpforge.content.pack import Pack
from pnpforge.content.source import Doc, LoadError, load_yaml
from pnpforge.engine.contract import Outcome
from pnpforge.games.legion_siberian_journey.auction import may_bid
from pnpforge.games.legion_siberian_journey.data import journey_data
from pnpforge.games.legion_siberian_journey.effects import can_join
from pnpforge.games.legion_siberian_journey.lookahead import quiet
from pnpforge.games.legion_siberian_journey.scenario import (
    Choice, ScenarioError, ScenarioFile, build, error, load_scenario)
from pnpforge.games.legion_siberian_journey.state import JourneyState

TURNS = ("bid_turn", "march_turn", "prepare", "tactics", "manoeuvre", "clean_up_cards")  # where cards are played


def schedule(state: JourneyState, scenario: ScenarioFile) -> None:
    """The steps of the scenario's phase, then the end of the round and the game (``to_end``) or a halt."""
    first = state.first
    steps: list[tuple]
    if scenario.phase == "auction":
        steps = [("auction",)] + ([("march",), ("evaluate_all",), ("award_location",)] if scenario.to_end else [])
    elif scenario.phase == "march":
        steps = [("prepare", p) for p in state.seats_from(first)]
        steps += [("march_turn", first), ("evaluate_all",), ("award_location",)]
    else:
        steps = [("evaluate_all",), ("award_location",)]
    state.push(*steps, ("round_end",) if scenario.to_end else ("halt",))


def _intended(state: JourneyState, choice: Choice, player: int) -> tuple[Any, str] | None:
    """The engine action a choice stands for, if it answers the pending question, with why the rules forbid it
    (``reason|rule``) when it is not legal; a ``do`` choice stands as its words, matched against the answers."""
    kind = state.waiting[0]
    chars, actions = state.data.characters, state.data.actions
    if choice.secret is not None:
        return (("secret", choice.secret), "tie-secret-bid") if kind == "secret" else None
    if choice.do is not None:
        return choice.do, ""
    if kind not in TURNS:
        return None
    if choice.bid is not None:
        if kind != "bid_turn":
            return None
        slots = [i for i, s in enumerate(state.market)
                 if (chars if s.kind == "character" else actions)[s.card].item == choice.bid.card]
        if not slots:
            return ("bid", -1, choice.bid.tokens), f"'{choice.bid.card}' is not in the Marketplace|auction-bid"
        slot = state.market[slots[0]]
        action = ("bid", slots[0], choice.bid.tokens)
        if not may_bid(state, player, slot):
            return action, (f"the {state.factions[player]} may not bid on a character of the "
                            f"{chars[slot.card].faction}, their sworn enemies|sworn-enemies-no-bid")
        if choice.bid.tokens > state.resources[player]:
            return action, (f"a bid of {choice.bid.tokens} is more than the {state.resources[player]} resources "
                            f"the {state.factions[player]} have|auction-bid")
        return action, "|auction-pass"
    if choice.deploy is not None:
        if kind != "march_turn":
            return None
        return _deploy(state, choice, player)
    if choice.play is not None:
        hand = [c for c in state.hand(player) if actions[c].item == choice.play]
        if not hand:
            return ("play", -1), f"'{choice.play}' is not in the {state.factions[player]}' hand|action-cards-single-use"
        return ("play", hand[0]), f"'{choice.play}' is not played at this moment|action-card-timing"
    return None


def _deploy(state: JourneyState, choice: Choice, player: int) -> tuple[Any, str]:
    spec = choice.deploy
    assert spec is not None  # a deploy choice
    chars = state.data.characters
    mine = [c for c in state.lineup[player] if chars[c].item == spec.character]
    sites = [i for i, s in enumerate(state.sites) if state.data.plots[s.plot].item == spec.plot and not s.done]
    if not sites:
        return ("deploy", -1, -1), f"'{spec.plot}' is not a plot of this round still open|march-deploy"
    index = sites[0]
    if not mine:
        return ("deploy", -1, index), (f"'{spec.character}' is not in the {state.factions[player]}' Line-up"
                                       "|march-lined-up")
    c = mine[0]
    if spec.squad is None and state.sites[index].squad_of(player) is None:
        deploy = ("deploy", c, index)
        if not can_join(state, c, index):
            return deploy, f"'{spec.character}' shows none of the icons of '{spec.plot}'|march-icons-match"
        return deploy, "|march-deploy"
    squad = spec.squad or state.factions[player]  # a player's own squad there, when it has one
    starter = state.factions.index(squad) if squad in state.factions else -1
    action = ("join", c, index, starter)
    if state.sites[index].squad_of(starter) is None:
        return action, f"the {squad} have no squad at '{spec.plot}'|march-reinforce"
    if not can_join(state, c, index, starter):
        return action, f"'{spec.character}' shows none of the icons of '{spec.plot}'|march-icons-match"
    return action, "|march-reinforce"


def play(state: JourneyState, scenario: ScenarioFile, doc: Doc) -> None:
    """Run the scenario's phase (and the game, ``to_end``), answering questions from the script."""
    choices = scenario.choices
    rng = random.Random(scenario.seed)
    schedule(state, scenario)
    state.auto = False
    state.run()
    taken = 0
    offered: list[str] = []  # the answers the next choice's player was asked for while it waited
    while not state.over:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        player = state.current_player()
        action = None
        if taken < len(choices) and state.factions[player] == choices[taken].player:
            intended = _intended(state, choices[taken], player)
            if isinstance(intended, tuple) and isinstance(intended[0], str):  # words: they wait for their answer
                action = next((a for a in legal if state.action_to_string(a) == intended[0]), None)
                offered += [state.action_to_string(a) for a in legal if state.action_to_string(a) not in offered]
            elif intended is not None:
                action = _legal(state, intended, legal, doc, taken)
            if action is not None:
                taken += 1
                offered = []
        state.apply_action(action if action is not None else quiet(legal))
    if taken < len(choices):
        path = ("choices", taken) + (("do",) if choices[taken].do is not None else ())
        asked = f"; the {choices[taken].player} were offered: {'; '.join(offered[:12])}" if offered else ""
        raise ScenarioError([error(doc, path, f"choice {taken + 1}: the engine never asked the "
                                              f"{choices[taken].player} for it{asked}")])


def _legal(state: JourneyState, intended: tuple[Any, str], legal: list, doc: Doc, index: int) -> Any:
    action, why = intended
    if action in legal:
        return action
    reason, _, rule = why.partition("|")
    step = state.waiting[0].replace("_", " ")
    reason = reason or "not allowed at this moment"
    raise ScenarioError([error(doc, ("choices", index), f"choice {index + 1} ({step} of the "
                                                        f"{state.factions[state.current_player()]}): {reason} "
                                                        f"(rule {rule})", rule=rule or "scenario")])


def outcome(state: JourneyState, start_dead: int) -> dict[str, Any]:
    """Per plot: the squads' strength (a cooperative plot: their total, and who failed its check), the winners and
    what each squad was paid; then every player's points and resources, who took the location, the cards bought
    and left in the Marketplace, the secret bids, the wounded and the dead, and at the end who won."""
    data, names = state.data, state.factions
    plots = []
    for site in state.sites:
        result = site.result or {}
        entry: dict[str, Any] = {"plot": data.plots[site.plot].item}
        if site.destroyed:
            entry["destroyed"] = True
        if "strength" in result:
            entry["strength"] = {names[p]: s for p, s in zip(result["places"], result["strength"])}
        if data.plots[site.plot].cooperative and ("total" in result or "strength" in result):
            entry["total"] = result.get("total", sum(result.get("strength", ())))
        if result.get("failed"):
            entry["failed"] = [names[p] for p in result.get("there", ())]
        entry["winners"] = [names[p] for p in result.get("winners", ())]
        entry["paid"] = {names[p]: vp for p, vp in result.get("paid", ())}
        plots.append(entry)
    bought: dict[str, str] = {}
    for logged in state.log:
        if logged[1] == "won":
            table = data.characters if logged[3] == "character" else data.actions
            bought[table[logged[4]].item] = names[logged[2]]
    bids = [{names[p]: amount for p, amount in e[3]} for e in state.log if e[1] == "secret bids"]
    awarded = [names[e[2]] for e in state.log if e[1] == "location" and len(e) == 5]
    result = {
        "plots": plots,
        "vp": {names[p]: state.vp[p] for p in range(state.n)},
        "resources": {names[p]: state.resources[p] for p in range(state.n)},
        "location_to": awarded[-1] if awarded else None,
        "bought": bought,
        "left_in_market": [(data.characters if s.kind == "character" else data.actions)[s.card].item
                           for s in state.market],
        "secret_bids": bids,
        "wounded": sorted(data.characters[c].item for c in state.wounded),
        "dead": [data.characters[c].item for c in state.graveyard[start_dead:]],
    }
    if state.final is not None:
        result["locations_won"] = {names[p]: len(state.won_locations[p]) for p in range(state.n)}
        result["won_by"] = [names[p] for p in range(state.n) if state.final[p] > 0]
    return result


def run_file(pack: Pack, path: Path) -> dict[str, Any]:
    """Load, build and play a scenario file; raise ``ScenarioError``/``LoadError`` with located findings."""
    doc = load_yaml(path)
    scenario = load_scenario(doc)
    state = build(scenario, doc, journey_data(pack))
    start_dead = len(state.graveyard)
    play(state, scenario, doc)
    return outcome(state, start_dead)


def replay(pack: Pack, path: Path) -> Outcome:
    """The ``pnpforge replay`` entry: the scenario's outcome, or the located findings that stop it."""
    try:
        return Outcome(run_file(pack, path))
    except (LoadError, ScenarioError) as exc:
        return Outcome(None, list(exc.findings))
