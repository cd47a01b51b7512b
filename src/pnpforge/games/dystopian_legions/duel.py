"""The duel mode: a fight between two sections at a stated range and cover, made from a ``GameConfig``.

Options (``GameConfig.options``): ``sections`` (two section ids, default the Line section of each nation, in the
order of the config's sides by seat),
``range`` (inches, default 12), ``cover`` (each side's cover: open, soft or hard; default soft and open), ``turns``
(default 6) and ``facing`` (the arc of an Ironclad that attacks hit, default front). Each side holds a hand dealt
from its nation's starter deck: the cards it may play in a duel's windows, as many as its force value gives
(rule ``tac-hand-size``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnpforge.engine.contract import GameConfig
from pnpforge.engine.steps import Steps
from pnpforge.games.dystopian_legions import bolster, ironclads, medics, melee, shooting, throws, turn
from pnpforge.games.dystopian_legions.state import Duel, SideSetup, Trooper
from pnpforge.games.dystopian_legions.tacs import hand_size

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

STEPS = Steps.collect(turn, shooting, melee, ironclads, throws, bolster, medics)
DEFAULT_SECTIONS = ("kob-line-infantry", "pru-line-grenadiers")
DEFAULT_NATIONS = ("britannia", "prussia")  # whose section each default is; sides by seat pick them
DUEL_WINDOWS = ("pre_turn", "command", "shooting", "melee")


def troopers(pack: Pack, unit: str, cover: str) -> tuple[Trooper, ...]:
    """A section as bought, every model at full Life (or Hull) Points in the cover given, in its listed order."""
    from pnpforge.games.dystopian_legions.data import read

    data = read(pack)
    out = []
    for model, count in data.sections[unit].models:
        profile = data.profiles[model]
        out += [Trooper(model, profile.lp or profile.hp, cover) for _ in range(count)]
    return tuple(Trooper(t.profile, t.lp, t.cover, n) for n, t in enumerate(out))


def hand(pack: Pack, nation: str) -> tuple[str, ...]:
    """The first cards of the nation's starter deck that a duel can play (a fire reaction answers a charge), as many
    as its force value allows."""
    from pnpforge.games.dystopian_legions.force_list import starter_forces

    force = next((f for f in starter_forces(pack).values() if f.data["nation"] == nation), None)
    if force is None:
        return ()
    playable = {
        t.id
        for t in pack.of_type("tac")
        if t["window"] in DUEL_WINDOWS or any(e["effect"] == "fire_reaction" for e in t["effects"])
    }
    size = hand_size(int(force.data["mfv"]))
    return tuple([c for c in force.data["tacs"] if c in playable][:size])


def new_game(pack: Pack, config: GameConfig) -> Duel:
    if config.mode == "battle":
        from pnpforge.games.dystopian_legions.battle_mode import new_battle

        return new_battle(pack, config)
    by_nation = {DEFAULT_NATIONS[n]: unit for n, unit in enumerate(DEFAULT_SECTIONS)}
    default = tuple(by_nation[side] for side in config.sides) if config.sides else DEFAULT_SECTIONS
    units = tuple(config.option("sections", default))
    nations = tuple(config.sides) or DEFAULT_NATIONS
    covers = tuple(config.option("cover", tuple("soft" if n == "britannia" else "open" for n in nations)))
    sides: list[SideSetup] = []
    for unit, cover in zip(units, covers):
        nation = next(item["nation"] for item in pack.of_type("unit") if item.id == unit)
        player = nation if nation not in [s.player for s in sides] else f"{nation}-2"
        sides.append(
            SideSetup(
                player,
                unit,
                troopers(pack, unit, cover),
                hand=hand(pack, nation),
                facing=str(config.option("facing", "front")),
            )
        )
    return Duel(pack, (sides[0], sides[1]), int(config.option("range", 12)), int(config.option("turns", 6)), STEPS)


def modes_of(pack: Pack) -> tuple[str, ...]:
    return ("duel",)


def describe(config: GameConfig) -> dict[str, Any]:
    return {"sections": list(config.option("sections", DEFAULT_SECTIONS)), "range": config.option("range", 12)}
