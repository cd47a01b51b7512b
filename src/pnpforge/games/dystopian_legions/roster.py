"""The roster of a force list: what ``build dystopian-legions --list FILE`` prints (the pack's ``roster.html``).

A page for each platoon: each section with its points, the profiles it fields (the template looks them up), the
MARs of its models and weapons in words, and its Life Point tally boxes numbered from 1 to the section's LP (an
Ironclad's Hull Points likewise); the force's total against its Maximum Force Value on every page; then the chosen
Tactical Action Cards as cards on a sheet (the pack's own TAC faces, imposed like every card).
"""

from __future__ import annotations

from typing import Any, Iterable

from pnpforge.content.fields import label_in
from pnpforge.content.pack import Item, Pack
from pnpforge.content.player_files import PlayerFile
from pnpforge.engine.contract import PlayerDocument
from pnpforge.games.dystopian_legions.force_list import Entry, Force, read_force, shown
from pnpforge.games.dystopian_legions.force_rules import hand, held_back

TEMPLATE = "roster.html"
HULLS = ("ironclad", "heavy_ironclad", "field_gun")  # Hull Points instead of Life Points (p.107)


def roster(pack: Pack, player_file: PlayerFile, hand_params: dict[str, Any]) -> PlayerDocument:
    """The roster's pages and cards for one force list."""
    force = read_force(pack, player_file)
    deploys = {
        entry.at: held["deploy"]
        for (index, entry), held in zip(held_back(force), force.data.get("strategic", []))
        if entry is not None
    }
    faction = next((f for f in pack.game.factions if f.id == force.data["nation"]), None)
    mfv, total = force.data["mfv"], force.total
    platoons = []
    for index in range(len(force.data["platoons"])):
        entries = force.platoon(index)
        sections = [_section(force, entry, deploys.get(entry.at)) for entry in entries]
        mars = []
        for section in sections:
            mars += [mar for mar in section["mars"] if mar not in mars]
        platoons.append(
            {"number": index + 1, "points": shown(sum(e.points for e in entries)), "sections": sections, "mars": mars}
        )
    name = force.data.get("name") or player_file.name
    context = {
        "name": name,
        "file": player_file.name,
        "nation": force.data["nation"],
        "nation_name": force.nation_name(force.data["nation"]),
        "colour": faction.colour if faction is not None and faction.colour else "#444444",
        "mfv": mfv,
        "total": shown(total),
        "left": shown(mfv - total) if total <= mfv else "",
        "over": shown(total - mfv) if total > mfv else "",
        "hand": hand(mfv, hand_params),
        "platoons": platoons,
        "tacs": [card for card in force.data["tacs"] if card in force.cards],
    }
    return PlayerDocument(TEMPLATE, {"roster": context}, {"tac": tuple(context["tacs"])}, title=f"{name}: roster")


def _section(force: Force, entry: Entry, deploy: str | None) -> dict[str, Any]:
    unit = entry.unit
    if unit is None:  # an id the pack lacks: the reference check stops such a list before a roster
        return {
            "id": entry.section,
            "name": entry.section,
            "points": shown(entry.points),
            "profiles": [],
            "tally": [],
            "lp": 0,
            "mars": [],
            "transport": None,
        }
    profiles = [{"model": model_id, "count": count} for model_id, count in entry.models.items()]
    tally, lp = _tally(force, entry.models.items())
    transport = None
    carried = [(part["model"], part["count"]) for part in entry.transport["models"]] if entry.transport else []
    if entry.transport is not None:
        hull, hp = _tally(force, carried)
        transport = {
            "id": entry.transport.id,
            "name": label_in(entry.transport["name"], None, entry.transport.id),
            "points": shown(entry.transport["points"]),
            "profiles": [{"model": model, "count": count} for model, count in carried],
            "tally": hull,
            "lp": hp,
        }
    options = {option["id"]: option for option in unit.get("options", [])}
    upgrades = [
        {
            "option": pick["upgrade"],
            "count": pick["count"],
            "model": options[pick["upgrade"]]["model"],
            "kind": options[pick["upgrade"]]["kind"],
        }
        for pick in entry.values.get("upgrades", [])
        if pick["upgrade"] in options
    ]
    return {
        "id": unit.id,
        "name": label_in(unit["name"], None, unit.id),
        "slot": unit["slot"],
        "quality": unit["quality"],
        "points": shown(entry.points),
        "size": sum(entry.models.values()),
        "profiles": profiles,
        "upgrades": upgrades,
        "tally": tally,
        "lp": lp,
        "transport": transport,
        "life": "HP" if tally and all(row["hull"] for row in tally) else "LP",
        "senior": bool(entry.values.get("senior")),
        "deploy": deploy,
        "mars": _mars(force, list(entry.models) + [model for model, _count in carried]),
    }


def _life(model: Item) -> int:
    return int(model.get("hp") or 0) if model["model_type"] in HULLS else int(model.get("lp") or 0)


def _tally(force: Force, models: Iterable[tuple[str, int]]) -> tuple[list[dict[str, Any]], int]:
    """Tally boxes numbered from 1 to the section's LP (HP for a hull), grouped by profile and then by model."""
    rows, number = [], 0
    for model_id, count in models:
        model = force.models.get(model_id)
        if model is None:
            continue
        life = _life(model)
        each = []
        for _copy in range(count):
            each.append(list(range(number + 1, number + life + 1)))
            number += life
        rows.append(
            {
                "model": model_id,
                "name": label_in(model["name"], None, model_id),
                "count": count,
                "hull": model["model_type"] in HULLS,
                "boxes": each,
            }
        )
    return rows, number


def _mars(force: Force, models: list[str]) -> list[str]:
    """The ids of the MARs the models and their weapons carry, each once, in the order met."""
    weapons = {weapon.id: weapon for weapon in force.pack.of_type("weapon")}
    found: list[str] = []
    for model_id in models:
        model = force.models.get(model_id)
        if model is None:
            continue
        uses = list(model.get("mars", []))
        for mount in model.get("weapons", []):
            uses += weapons[mount["weapon"]].get("mars", []) if mount["weapon"] in weapons else []
        found += [use["mar"] for use in uses if use["mar"] not in found]
    return list(dict.fromkeys(found))
