"""Siege's adapter to the script runner (``engine/script.py``): a scenario's choices as engine actions (or the rule
that forbids them), quiet answers (a figure not scripted does nothing more), the chance a scenario may script
(``die``: a combat die's face, ``armour``: a defence die's, ``door``: a door card by id, ``event``, ``force`` and
``ai``: a card by number, ``peek``: a force card looked at by number, ``marker``: the side drawn), and the outcome:
each attack's dice, faces, hits, damage and
eliminations, every figure, points per side, the objective, the winners, and the sight lines asked for.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnpforge.engine.contract import Outcome
from pnpforge.engine.script import Answer, Refusal, ScriptAdapter, Unclear, replay as run_script
from pnpforge.games.siege_of_the_citadel import board, scoring
from pnpforge.games.siege_of_the_citadel.game import LEGION
from pnpforge.games.siege_of_the_citadel.log import Said
from pnpforge.games.siege_of_the_citadel.refusals import wanted, why_not
from pnpforge.games.siege_of_the_citadel.scenario import STARTS, Choice, ScenarioFile, build
from pnpforge.games.siege_of_the_citadel.state import SiegeState

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

DARK_LEGION = "dark-legion"


def players(state: SiegeState) -> list[str]:
    return [DARK_LEGION if state.game.side_of(s) == LEGION else state.game.side_of(s)
            for s in range(state.game.num_players)]


def step(state: SiegeState) -> str:
    if not state.agenda:
        return ""
    top = state.agenda[-1]
    return str(top[1] if top[0] == "chance" else top[2] if top[0] == "decide" else top[0])


def answer(state: SiegeState, choice: Choice) -> Answer | Refusal | Unclear:
    top = state.agenda[-1]
    kind = top[2]
    if choice.react is not None:
        play = ("pass",) if choice.react == "pass" else ("react", choice.react, *((choice.on,) if choice.on else ()))
        return Answer((play,), Refusal(f"'{choice.react}' cannot be played here", "card-other-turns"))
    if choice.reroll is not None:
        return Answer((("reroll", tuple(i - 1 for i in choice.reroll)),),
                      Refusal("those dice cannot be re-rolled", "attack-rerolls"))
    if choice.place is not None:
        return Answer((("place", tuple(choice.place)),), Refusal("a figure is not placed there", "spawn-placement"))
    fig = state.figs.get(choice.figure or "")
    if fig is None:
        return Refusal(f"there is no figure '{choice.figure}' on the board", "attack-damage", ("figure",))
    action = wanted(state, choice)
    if isinstance(action, Unclear):
        return action
    lead: tuple = ()
    if kind == "act" and top[3] != fig.id:
        lead = (("end",), ("activate", fig.id))
    elif kind == "activate":
        lead = (("activate", fig.id),)
    return Answer((*lead, action), why_not(state, fig.id, action))


def quiet(state: SiegeState, legal: list) -> Any:
    """A figure not scripted does nothing more; a re-roll not scripted re-rolls nothing; an overrun not scripted
    stays."""
    for calm in (("end",), ("reroll", ()), ("overrun", False), ("done",), ("pass",)):
        if calm in legal:
            return calm
    return legal[0]


def chance_words(state: SiegeState, outcome: Any) -> str:
    kind = state.agenda[-1][1]
    if kind == "door":
        return state.game.doors[outcome].id
    return str(outcome)


def outcome(final: SiegeState, first: SiegeState) -> dict[str, Any]:
    spec_sight = first.sight_asked
    grid = board.sight_grid(first)
    result: dict[str, Any] = {
        "attacks": final.attacks,
        "figures": {f.id: {"at": list(f.cell) if f.cell else None, "health": f.health}
                    for f in final.figs.values()},
        "eliminated": sorted(f for f in first.figs if f not in final.figs),
        "points": {DARK_LEGION if s == LEGION else s: p for s, p in scoring.scores(final).items()},
        "ranks": {c: [t.rank, t.points] for c, t in final.teams.items()},
        "reckless": {c: t.reckless for c, t in final.teams.items()},
        "objective": final.goal_done,
        "over": final.is_terminal(),
        "round": final.round,
        "sight": [{"from": list(a), "to": list(b), "clear": board.can_see(first, grid, a, b)} for a, b in spec_sight],
        "log": [entry.text for entry in final.log if isinstance(entry, Said)],
    }
    if final.is_terminal():
        result["winners"] = [DARK_LEGION if w == LEGION else w for w in scoring.winners(final)]
    return result


def build_with_sight(pack: Pack, spec: ScenarioFile, start: str | None, report: Any) -> SiegeState | None:
    state = build(pack, spec, start, report)
    if state is not None:
        state.sight_asked = tuple(((s.seen_from[0], s.seen_from[1]), (s.to[0], s.to[1])) for s in spec.sight)
    return state


ADAPTER = ScriptAdapter[SiegeState](
    setup=ScenarioFile,
    choice=Choice,
    build=build_with_sight,
    name_of=lambda choice: "reroll" if choice.reroll is not None else "place" if choice.place is not None
    else "react" if choice.react is not None else "act",
    answers={"act": ("act", "activate"), "reroll": ("reroll",), "place": ("place",), "react": ("react",)},
    answer=answer,
    players=players,
    outcome=outcome,
    starts=STARTS,
    start_key="start",
    step=step,
    quiet=quiet,
    chances={"die": ("die",), "armour": ("armour",), "door": ("door",), "event": ("event",), "force": ("force",),
             "ai": ("ai",), "marker": ("marker",), "deal": ("deal",), "peek": ("peek",)},
    chance_words=chance_words,
)


def replay(pack: Pack, path: Path) -> Outcome:
    """The package's ``replay``: the scenario played by the script runner."""
    return run_script(ADAPTER, pack, path)
