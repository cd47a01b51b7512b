"""Legion's adapter to the script runner (``engine/script.py``): which questions each step of a choice answers, the
engine action it stands for and the rule that forbids it, the outcome, and the chance a scenario may decide
(``location``: the round's location drawn, by its id, in a scenario that starts there).

A question the script does not answer takes the first legal answer; a ``skip`` choice answers whatever comes next.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnpforge.engine.contract import Outcome
from pnpforge.engine.script import ANY, Answer, Refusal, ScriptAdapter, replay as run_script
from pnpforge.games.legion_siberian_story import character as ch
from pnpforge.games.legion_siberian_story.log import Crippled, Died, Frostbitten, Healed, Warmed, Withdrawn, Wounded
from pnpforge.games.legion_siberian_story.scenario import STARTS, Choice, ScenarioFile, build
from pnpforge.games.legion_siberian_story.scoring import final_scores
from pnpforge.games.legion_siberian_story.state import LegionState
from pnpforge.games.legion_siberian_story.view import public

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

STEP_KINDS = {
    "assault": ("assault_target",), "violence": ("violence_target",), "wound": ("allocate",),
    "cripple": ("cripple",), "heal": ("heal",), "order": ("resolve",),
    "move": ("pick_move", "move_carrier", "gather"), "withdraw": ("lure", "confirm_withdraw"),
    "swap": ("swap",), "sabotage": ("sabotage",), "sacrifice": ("sacrifice",), "skip": (ANY,),
}
ASKED = {kind: step for step, kinds in STEP_KINDS.items() for kind in kinds if kind != ANY}  # questions in words
RULES = {"assault": "assault-same-plot-only", "violence": "ability-violence", "wound": "assault-owner-assigns-wounds",
         "cripple": "ability-violence", "heal": "ability-first-aid", "order": "order-resolution-choice",
         "move": "march-entry", "withdraw": "order-lure-away", "swap": "order-transfer", "sabotage": "order-sabotage",
         "sacrifice": "order-sacrifice"}


def answer(state: LegionState, choice: Choice) -> Answer:
    """The engine action a choice stands for, with why the rules forbid it when it is not legal."""
    step = choice.step
    legal = state.legal_actions()
    if step == "skip":
        return Answer((("skip",) if ("skip",) in legal else ("stop",),))
    player = state.game.player_of[choice.player]
    action: tuple
    if step in ("assault", "violence"):
        action = ("target", state.game.player_of.get(choice.target, -1) if choice.target is not None else -1)
    elif step in ("wound", "heal", "withdraw", "swap", "sacrifice"):
        action = (step, choice.character)
    elif step == "cripple":
        action = ("cripple", choice.character, choice.skill)
    elif step == "order":
        action = ("resolve" if choice.use else "decline", choice.character)
    elif step == "move":
        action = ("move", choice.character, state.plots.index(choice.to) if choice.to in state.plots else -1)
    else:
        action = ("discard", choice.character)
    return Answer((action,), Refusal(_why(state, choice, player, legal), RULES[step]))


def _why(state: LegionState, choice: Choice, player: int, legal: list) -> str:
    """Why the rules forbid a choice, in words."""
    faction, step, c = choice.player, choice.step, choice.character
    plot = state.waiting[2] if step in ("assault", "violence", "wound", "cripple") else None
    if step in ("assault", "violence") and plot is not None:
        if choice.target == faction:
            return f"the {faction} may not turn their own {step} on themselves"
        return f"the {choice.target} have nobody at '{state.plots[plot]}'"
    if step in ("wound", "cripple") and plot is not None and c not in state.at_plot(plot, player):
        return f"'{c}' is not one of the {faction}' characters at '{state.plots[plot]}'"
    if step == "cripple" and c is not None and choice.skill not in ch.skills(state, c):
        return f"'{c}' shows no {choice.skill} to cripple"
    if step == "heal" and c == state.waiting[2]:
        return f"'{c}' gives the First Aid and may not heal itself"
    if step == "heal" and c is not None and not (state.fighters.get(c) and state.fighters[c].wounds):
        return f"'{c}' has no wound to heal"
    if step == "move" and choice.to in state.plots and c in state.at:
        return f"'{c}' may not enter '{choice.to}': it lacks the plot's entry skills"
    shown = [state.action_to_string(a) for a in legal[:8]]
    return "not among the answers here (" + "; ".join(shown) + ("; ..." if len(legal) > 8 else "") + ")"


def outcome(state: LegionState, first: LegionState) -> dict[str, Any]:
    """Per plot and faction: combat power, winners, VP and supplies gained, who was wounded, crippled, killed; the
    points and supplies; at the end the final scoring; and the open table (``view.public``)."""
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
        for kind, key in ((Wounded, "wounded"), (Frostbitten, "frostbitten"), (Died, "killed"), (Healed, "healed"),
                          (Withdrawn, "withdrawn"), (Warmed, "warmed")):
            entry[key] = sorted({e.character for e in state.log if isinstance(e, kind) and e.plot == i})
        entry["crippled"] = {e.character: e.skill for e in state.log if isinstance(e, Crippled) and e.plot == i}
        plots.append(entry)
    result = {"plots": plots, "vp": {names[p]: state.vp[p] for p in range(state.n)},
              "supplies": {names[p]: state.supplies[p] for p in range(state.n)}, **public(state)}
    if state.final is not None:  # the game ended: its final scoring
        result["dead"] = {names[p]: len(state.graveyard[p]) for p in range(state.n)}
        result["score"] = {names[p]: s for p, s in enumerate(final_scores(state))}
        result["won_by"] = [names[p] for p in range(state.n) if state.final[p] > 0]
    return result


ADAPTER = ScriptAdapter[LegionState](
    setup=ScenarioFile,
    choice=Choice,
    build=build,
    name_of=lambda choice: choice.step,
    answers=STEP_KINDS,
    answer=answer,
    players=lambda state: state.factions,
    outcome=outcome,
    starts=STARTS,
    by_anyone=frozenset({"skip"}),
    asked=lambda state: f"{ASKED.get(state.waiting[0], state.waiting[0])} of the "
                        f"{state.factions[state.current_player()]}",
    chances={"location": ("location",)},
    chance_words=lambda state, drawn: str(drawn[1]),
)

def replay(pack: Pack, path: Path) -> Outcome:
    """The package's ``replay``: the scenario played by the script runner."""
    return run_script(ADAPTER, pack, path)
