"""What a duel scenario states (``examples/*.yaml``) and the position it starts from; the runner that plays it is the
shared one (``engine/script.py``), told about the duel in ``scenario.py``.

A scenario states the sections (each model with its cover and Life Points lost, the section's Shaken markers,
quality, Command Points, hand, Upper Hand, Hit the Deck, the arc an Ironclad is hit on; ``mars`` gives models MARs
their profile lacks, for this scenario only), the range, where play starts
(``start``: a free ``throw`` of a stated pool, a ``shoot``ing attack by the first side (``shoot-end``: and the
End Phase after it), a ``melee``, a ``morale``
check of the first side and its activation after, an ``opposed`` check, or whole ``turn``s) and its throws die by
die (``throws``: initial faces by colour, explosion waves, the faces of re-rolled dice, and the exact probability
of the result when asked). Choices answer the engine's questions: ``act`` (hold, fire, focus-fire, charge, rally,
snap-out, hit-the-deck), ``card`` (a card of the hand, or pass; also a card that cancels one, or a fire reaction to a
charge), ``lucky`` (spend a Luck token on the next throw), ``aim`` (the 1-based place on the target's chain of the
model a Sniper weapon aims at), ``deck`` (Hit the Deck when fired upon),
``reroll`` (dice by 1-based index) and ``cold_steel`` (Command Points spent). The outcome reports every throw, each
side's models, Life Points, losses, Shaken markers and morale, and the log. A scenario with ``table:`` sets a
position on the table instead (``table_setup.py``) and is played by ``table_play.py``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from pnpforge.engine.dice import Reroll
from pnpforge.engine.script import Report
from pnpforge.engine.steps import Steps, task
from pnpforge.games.dystopian_legions import bolster, ironclads, medics, melee, shooting, table_play, throws, turn
from pnpforge.games.dystopian_legions.data import Mar, Profile, read
from pnpforge.games.dystopian_legions.duel import troopers
from pnpforge.games.dystopian_legions.state import Duel, DuelState, SideSetup, Trooper
from pnpforge.games.dystopian_legions.table_play import TableState
from pnpforge.games.dystopian_legions.table_setup import TableChoice, TableKeys
from pnpforge.games.dystopian_legions.throws import ThrowMismatch, ask

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

Face = Union[int, str]
STARTS = ("throw", "shoot", "melee", "morale", "opposed", "turn", "shoot-end")
ACTS = ("hold", "fire", "focus-fire", "charge", "rally", "snap-out", "hit-the-deck")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)


class MarSpec(_Strict):
    mar: str
    value: int | None = Field(None, ge=0, le=20)


class ModelSpec(_Strict):
    model: str
    count: int = Field(1, ge=1, le=60)
    cover: Literal["open", "soft", "hard"] | None = None
    lp_lost: int = Field(0, ge=0, le=20)
    mars: list[MarSpec] = Field(default_factory=list, max_length=10)  # MARs the scenario gives these models


class SideSpec(_Strict):
    player: str = Field(min_length=1, max_length=40)
    section: str
    models: list[ModelSpec] | None = None  # nearest first; default: the section as bought
    cover: Literal["open", "soft", "hard"] = "open"
    markers: int = Field(0, ge=0, le=3)
    quality: Literal["veteran", "regular", "militia"] | None = None
    cp: int | None = Field(None, ge=0, le=30)
    hand: list[str] = Field(default_factory=list, max_length=10)
    upper_hand: bool = False
    hit_the_deck: bool = False
    facing: Literal["front", "side", "rear"] = "front"
    charged: bool = False
    lp_start: int | None = Field(None, ge=1, le=200)


class ThrowSpec(_Strict):
    faces: list[Face] | dict[str, list[Face]]
    waves: list[list[Face]] = Field(default_factory=list)
    rerolled: list[Face] | None = None
    rerolled_waves: list[list[Face]] = Field(default_factory=list)
    probability: Literal["exactly", "at_least"] | None = None


class ScenarioFile(TableKeys):
    title: str = Field(min_length=1, max_length=200)
    sides: list[SideSpec] = Field(default_factory=list, max_length=2)
    range: int = Field(12, ge=0, le=100)
    pool: dict[Literal["black", "blue", "red"], int] | None = None
    target: int | None = Field(None, ge=2, le=6)
    shot: Literal["placed", "regular", "rushed"] | None = None
    reroll: int = Field(0, ge=0, le=10)
    turns: int = Field(1, ge=1, le=12)
    throws: list[ThrowSpec] = Field(default_factory=list, max_length=200)


class Choice(TableChoice):
    act: Literal["hold", "fire", "focus-fire", "charge", "rally", "snap-out", "hit-the-deck"] | None = None
    card: str | None = None
    deck: bool | None = None
    reroll: list[int] | None = None
    cold_steel: int | None = None
    bolster: int | None = Field(None, ge=0, le=20)
    lucky: bool | None = None
    aim: int | None = Field(None, ge=1, le=60)


@task("free")
def free(s: DuelState) -> None:
    """A stated pool thrown at its target, with the stated number of re-rolls of initial dice."""
    reroll = Reroll(limit=s.game.reroll_limit, initial=True) if s.game.reroll_limit else None
    s.push(ask(s, "free", 0, dict(s.game.free_pool), s.game.target or s.game.success, reroll))


@task("fire-first")
def fire_first(s: DuelState) -> None:
    shooting.fire(s, 0, "regular")


@task("stop")
def stop(s: DuelState) -> None:
    s.over = True


STEPS = Steps.collect(turn, shooting, melee, ironclads, throws, bolster, medics, free, fire_first, stop)
FLOWS: dict[str, tuple[tuple, ...]] = {
    "throw": (("free",), ("stop",)),
    "shoot": (("fire-first",), ("stop",)),
    "shoot-end": (("fire-first",), ("end",)),  # an attack, then the End Phase (Restore Order, Medics)
    "melee": (("melee",), ("stop",)),
    "morale": (("morale", 0), ("activate", 0), ("stop",)),
    "opposed": (("initiative",),),
    "turn": (("turn",),),
}


def _given(pack: Pack, model: ModelSpec, at: tuple, report: Report, extra: dict[str, Profile]) -> str | None:
    """The id of the model's profile with the MARs the scenario gives it (a profile of the scenario's own, kept in
    ``extra``), or None when a MAR is not the pack's."""
    known = {item.id for item in pack.of_type("mar")}
    for index, given in enumerate(model.mars):
        if given.mar not in known:
            report.error(at + ("mars", index, "mar"), f"no MAR '{given.mar}'")
            return None
    if not model.mars:
        return model.model
    profile = read(pack).profiles[model.model]
    name = "+".join([model.model, *(f"{m.mar}{m.value or ''}" for m in model.mars)])
    mars = profile.mars + tuple(Mar(m.mar, m.value) for m in model.mars)
    extra[name] = replace(profile, id=name, mars=mars)
    return name


def _side(pack: Pack, spec: SideSpec, at: tuple, report: Report, extra: dict[str, Profile]) -> SideSetup | None:
    data = read(pack)
    if spec.section not in data.sections:
        report.error(at + ("section",), f"no section '{spec.section}'; sections: {', '.join(sorted(data.sections))}")
        return None
    cards = {item.id for item in pack.of_type("tac")}
    for index, card in enumerate(spec.hand):
        if card not in cards:
            report.error(at + ("hand", index), f"no card '{card}'")
    if spec.models is None:
        bought = troopers(pack, spec.section, spec.cover)
    else:
        made: list[Trooper] = []
        for index, model in enumerate(spec.models):
            profile = data.profiles.get(model.model)
            if profile is None:
                report.error(at + ("models", index, "model"), f"no model '{model.model}'")
                continue
            most = profile.lp or profile.hp
            if model.lp_lost >= most:
                report.error(
                    at + ("models", index, "lp_lost"),
                    f"a {model.model} has {most} LP; a model that lost them all is not on the table",
                )
                continue
            name = _given(pack, model, at + ("models", index), report, extra)
            if name is None:
                continue
            made += [Trooper(name, most - model.lp_lost, model.cover or spec.cover)] * model.count
        bought = tuple(Trooper(t.profile, t.lp, t.cover, n) for n, t in enumerate(made))
    if not bought:
        return None
    return SideSetup(
        spec.player,
        spec.section,
        bought,
        spec.markers,
        spec.quality,
        spec.cp,
        tuple(spec.hand),
        spec.upper_hand,
        spec.hit_the_deck,
        spec.facing,
        spec.charged,
        spec.lp_start,
    )


def build(pack: Pack, spec: ScenarioFile, start: str | None, report: Report) -> DuelState | TableState | None:
    if spec.table is not None:  # a position on the table (table_play.py), not a duel
        return table_play.build(pack, spec, report)
    start = start or STARTS[0]
    sides: list[SideSetup] = []
    extra: dict[str, Profile] = {}
    for index, side in enumerate(spec.sides):
        made = _side(pack, side, ("sides", index), report, extra)
        if made is not None:
            sides.append(made)
    defaults = (("britannia", "kob-line-infantry"), ("prussia", "pru-line-grenadiers"))
    names = [s.player for s in sides]
    for player, unit in defaults:
        if len(sides) < 2 and player not in names:
            sides.append(SideSetup(player, unit, troopers(pack, unit, "open")))
    if len(sides) == 2 and sides[0].player == sides[1].player:
        report.error(("sides", 1, "player"), f"both sides are called '{sides[0].player}'")
    if start == "throw" and not spec.pool:
        report.error(("pool",), "a throw scenario states its pool, e.g. pool: {black: 9}")
    if report.problems or len(sides) < 2:
        return None
    game = Duel(
        pack,
        (sides[0], sides[1]),
        spec.range,
        spec.turns,
        STEPS,
        FLOWS[start],
        scripted=True,
        free_pool=tuple((spec.pool or {}).items()),
        target=spec.target,
        shot=spec.shot,
        reroll_limit=spec.reroll,
        mode="opposed" if start == "opposed" else "duel",
        engaged=start == "melee",
        where=report.doc,
        profiles=extra,
    )
    try:
        return DuelState(game, list(enumerate(spec.throws)))
    except ThrowMismatch as exc:
        report.error(("throws", exc.index), str(exc))
        return None
