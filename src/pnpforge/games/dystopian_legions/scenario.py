"""The duel's adapter to the script runner (``engine/script.py``): a scenario's choices as engine actions (or the rule
that forbids them), and its outcome: every throw (pool, target, faces, waves, re-rolls, successes or value, the exact
probability when asked), each side's models, Life Points, losses, Shaken markers, morale, points and cards, and the
log. The scenario's own keys and its start are ``setup.py``'s.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnpforge.engine.contract import Outcome
from pnpforge.engine.script import Answer, Refusal, ScriptAdapter, replay as run_script
from pnpforge.findings import Finding
from pnpforge.games.dystopian_legions import melee, shooting, table_play, turn
from pnpforge.games.dystopian_legions.log import Said
from pnpforge.games.dystopian_legions.setup import FLOWS, STARTS, Choice, ScenarioFile, build
from pnpforge.games.dystopian_legions.state import DuelState
from pnpforge.games.dystopian_legions.table_play import TableState
from pnpforge.games.dystopian_legions.throws import ThrowMismatch

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack


def answer(s: DuelState, choice: Choice) -> Answer | Refusal:
    if isinstance(s, TableState):
        return table_play.answer(s, choice)
    p = s.players().index(choice.player)
    pending = s.pending or ("",)
    if choice.act is not None:
        return Answer((choice.act,), _act_refusal(s, p, choice.act))
    if choice.card is not None:
        window = pending[2] if pending[0] == "tac" else pending[4] if pending[0] == "cancel" else ""
        if pending[0] == "ambush" and choice.card in s.game.cards:
            window = s.game.cards[choice.card].window
        why = turn.card_refusal(s, p, choice.card, window) if choice.card != "pass" else None
        return Answer((choice.card,), Refusal(*why, at=("card",)) if why else None)
    if choice.deck is not None:
        return Answer((choice.deck,), Refusal("only Infantry that has not hit the deck may", "shoot-hit-the-deck"))
    if choice.reroll is not None:
        return Answer((tuple(sorted(choice.reroll)),), _reroll_refusal(s, choice.reroll))
    if choice.aim is not None:
        enemy = s.sides[1 - p].troopers
        number = enemy[choice.aim - 1].number if 1 <= choice.aim <= len(enemy) else -1
        return Answer((number,), Refusal(f"the target has {len(enemy)} models", "mar-sniper", ("aim",)))
    if choice.lucky is not None:
        return Answer((choice.lucky,), Refusal("no model of the section has a Luck token left", "mar-lucky"))
    if choice.bolster is not None:
        return Answer((choice.bolster,), Refusal("no officer or NCO here has those points", "command-bolster"))
    return Answer((choice.cold_steel,), Refusal("no officer or NCO with Cold Steel has those points", "melee-bonus"))


def _act_refusal(s: DuelState, p: int, act: str) -> Refusal:
    if act in ("rally", "snap-out", "focus-fire"):
        why = turn.order_refusal(s, p, act)
        if why is not None:
            return Refusal(why[0], why[1], ("act",))
        if act == "focus-fire":
            return Refusal(shooting.may_fire(s, p) or "not now", "shoot-targets", ("act",))
    if act == "fire":
        reason = shooting.may_fire(s, p) or "not now"
        return Refusal(reason, "morale-routed" if "Routed" in reason else "shoot-targets", ("act",))
    if act == "charge":
        return Refusal(melee.may_charge(s, p) or "not now", "move-charge", ("act",))
    return Refusal("not now", "activation-alternate", ("act",))


def _reroll_refusal(s: DuelState, dice: list[int]) -> Refusal:
    _, _, throw = s.pending_throw or (None, None, None)
    for number in dice:
        if throw is not None and 1 <= number <= len(throw.dice) and not throw.dice[number - 1].initial:
            return Refusal(
                f"die {number} was added by an explosion; only initial dice are re-rolled", "dice-reroll", ("reroll",)
            )
    return Refusal(f"at most {s.game.reroll_limit} initial dice, each once", "dice-reroll", ("reroll",))


def _number(label: Any) -> Any:
    return int(label) if isinstance(label, str) and label.isdigit() else label


def _shown(value: Any) -> Any:
    if isinstance(value, list):
        return [_shown(v) for v in value]
    return _number(value)


def outcome(final: DuelState, first: DuelState) -> dict[str, Any]:
    if isinstance(final, TableState):
        return table_play.outcome(final, first)
    result: dict[str, Any] = {
        "throws": [
            {k: _shown(v) if k in ("faces", "waves") else v for k, v in entry.items()} for entry in final.record
        ],
        "sides": {},
        "log": [entry.text for entry in final.log if isinstance(entry, Said)],
    }
    for side in final.sides:
        result["sides"][side.setup.player] = {
            "models": len(side.troopers),
            "lp": side.lp,
            "lp_lost": side.lp_lost,
            "killed": len(side.killed),
            "markers": side.markers,
            "morale": final.morale(side),
            "cp": side.cp,
            "upper_hand": side.upper_hand,
            "hit_the_deck": side.deck,
            "played": side.graveyard,
            "luck": side.luck,
            "chain": [[t.profile, t.lp] for t in side.troopers],
        }
    if final.game.mode == "opposed" and final.over:
        result["initiative"] = final.players()[final.first]
    if final.game.start == FLOWS["turn"] and final.over:
        result["winner"] = None if final.winner is None else final.players()[final.winner]
    return result


CHOICES = ("act", "card", "deck", "reroll", "lucky", "aim", "bolster")  # a choice's kind, by its key (else cold_steel)
ADAPTER = ScriptAdapter[Any](  # a duel (DuelState) or a position on the table (TableState)
    setup=ScenarioFile,
    choice=Choice,
    build=build,
    name_of=lambda c: table_play.name_of(c) or next((k for k in CHOICES if getattr(c, k) is not None), "cold_steel"),
    answers={"act": ("act",), "card": ("tac", "cancel", "ambush"), "deck": ("deck",), "reroll": ("reroll",),
             "cold_steel": ("cold-steel",), "lucky": ("lucky",), "aim": ("aim",), "bolster": ("bolster",),
             **table_play.ANSWERS},
    answer=answer,
    players=lambda s: s.players(),
    outcome=outcome,
    starts=STARTS,
    quiet=table_play.quiet,
    by_anyone=table_play.BY_ANYONE,
    chances=table_play.CHANCES,
)


def replay(pack: Pack, path: Path) -> Outcome:
    """The package's ``replay``: the scenario played by the script runner (a duel, or a position on the table); a
    stated throw that does not fit the pool the rules throw stops it, an error at that throw."""
    try:
        return run_script(ADAPTER, pack, path)
    except ThrowMismatch as exc:
        return Outcome(None, [Finding("error", str(exc), mark=exc.mark, blocking=True, rule="script")])
