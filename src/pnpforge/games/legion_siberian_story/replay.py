"""Play a scenario through the engine with its scripted choices, and report the outcome as data (JSON).

Choices are consumed in sequence: when the engine asks a question whose kind matches the next choice, that choice
answers it; any other question takes the first legal answer (a stable default). A choice that is not legal (a wound
on a character not at the plot, an assault on one's own faction) or never asked for is an error at its location.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnpforge.content.pack import Pack
from pnpforge.engine.contract import Outcome
from pnpforge.content.source import Doc, LoadError, load_yaml
from pnpforge.findings import Finding
from pnpforge.games.legion_siberian_story.data import build_data
from pnpforge.games.legion_siberian_story.scenario import Choice, ScenarioError, build, load_scenario
from pnpforge.games.legion_siberian_story.scoring import final_scores
from pnpforge.games.legion_siberian_story.state import LegionState

STEP_KINDS = {
    "assault": ("assault_target",), "violence": ("violence_target",), "wound": ("allocate",),
    "cripple": ("cripple",), "heal": ("heal",), "order": ("resolve",),
    "move": ("pick_move", "move_carrier", "gather"), "withdraw": ("lure", "confirm_withdraw"),
    "swap": ("swap",), "sabotage": ("sabotage",), "sacrifice": ("sacrifice",),
}


def _action_for(state: LegionState, choice: Choice) -> tuple | None:
    """The engine action a choice stands for, when it answers the pending question."""
    kind = state.waiting[0]
    player = state.waiting[1]
    game = state.game
    if choice.step == "skip":
        return ("skip",) if ("skip",) in state.legal_actions() else ("stop",)
    if kind not in STEP_KINDS.get(choice.step, ()) or game.player_of.get(choice.player) != player:
        return None
    if choice.step in ("assault", "violence"):
        return ("target", game.player_of.get(choice.target, -1) if choice.target is not None else -1)
    if choice.step in ("wound", "heal"):
        return (choice.step, choice.character)
    if choice.step == "cripple":
        return ("cripple", choice.character, choice.skill)
    if choice.step == "order":
        return ("resolve" if choice.use else "decline", choice.character)
    if choice.step == "move":
        target = state.plots.index(choice.to) if choice.to in state.plots else -1
        return ("move", choice.character, target)
    if choice.step == "withdraw":
        return ("withdraw", choice.character)
    if choice.step == "swap":
        return ("swap", choice.character)
    if choice.step == "sabotage":
        return ("discard", choice.character)
    return ("sacrifice", choice.character)


def play(state: LegionState, choices: list[Choice], doc: Doc, start: str, end: bool = False) -> None:
    """Run the scenario's phase to its end (``end``: and the game, with its final scoring), answering questions
    from the script."""
    steps: list[tuple] = [("orders_start",)] if start == "orders" else []
    steps += [("resolve_plot", i) for i in range(len(state.plots))] + [("frost",)]
    steps.append(("game_end",) if end else ("scenario_end",))
    state.push(*steps)
    state.auto = False
    state.run()
    next_choice = 0
    while not state.over:
        legal = state.legal_actions()
        action = None
        if next_choice < len(choices):
            action = _action_for(state, choices[next_choice])
            if action is not None:
                if action not in legal:
                    raise ScenarioError([Finding("error", f"choice {next_choice + 1}: not allowed here "
                                                          f"({_describe(state, legal)})",
                                                 mark=doc.mark(("choices", next_choice)), blocking=True)])
                next_choice += 1
        state.apply_action(action if action is not None else legal[0])
    if next_choice < len(choices):
        raise ScenarioError([Finding("error", f"choice {next_choice + 1}: the engine never asked for it",
                                     mark=doc.mark(("choices", next_choice)), blocking=True)])


def _describe(state: LegionState, legal: list) -> str:
    shown = [state.action_to_string(a) for a in legal[:8]]
    return "the options are: " + "; ".join(shown) + ("; ..." if len(legal) > 8 else "")


def outcome(state: LegionState, factions: dict[str, str]) -> dict[str, Any]:
    """Per plot and faction: combat power, winners, VP and supplies gained, who was wounded, crippled, killed."""
    names = state.factions
    plots = []
    for i, plot_id in enumerate(state.plots):
        result = next((r for r in state.results if r["plot"] == plot_id), None)
        entry: dict[str, Any] = {"plot": plot_id}
        if result:
            entry["power"] = {names[p]: v for p, v in sorted(result["power"].items())}
            entry["winners"] = [names[p] for p in result["winners"]]
            entry["vp"] = {names[p]: g[0] for p, g in sorted(result["gained"].items()) if g[0]}
            entry["supplies"] = {names[p]: g[1] for p, g in sorted(result["gained"].items()) if g[1]}
        for event, key in (("wound", "wounded"), ("frostbite", "frostbitten"), ("death", "killed"),
                           ("heal", "healed"), ("withdraw", "withdrawn"), ("warm", "warmed")):
            found = sorted({e[2] for e in state.log if e[0] == event and e[-1] == i})
            entry[key] = found
        entry["crippled"] = {e[2]: e[4] for e in state.log if e[0] == "cripple" and e[3] == i}
        plots.append(entry)
    result = {"plots": plots, "vp": {names[p]: state.vp[p] for p in range(state.n)},
              "supplies": {names[p]: state.supplies[p] for p in range(state.n)}}
    if state.final is not None:  # the game ended: its final scoring
        result["dead"] = {names[p]: len(state.graveyard[p]) for p in range(state.n)}
        result["score"] = {names[p]: s for p, s in enumerate(final_scores(state))}
        result["won_by"] = [names[p] for p in range(state.n) if state.final[p] > 0]
    return result


def run_file(pack: Pack, path: Path) -> dict[str, Any]:
    """Load, build and play a scenario file; raise ``ScenarioError``/``LoadError`` with located findings."""
    doc = load_yaml(path)
    scenario = load_scenario(doc)
    state, factions = build(scenario, doc, build_data(pack))
    play(state, scenario.choices, doc, scenario.start, scenario.end)
    return outcome(state, factions)


def replay(pack: Pack, path: Path) -> Outcome:
    """The ``pnpforge replay`` entry: the scenario's outcome, or the located findings that stop it."""
    try:
        return Outcome(run_file(pack, path))
    except (LoadError, ScenarioError) as exc:
        return Outcome(None, list(exc.findings))
