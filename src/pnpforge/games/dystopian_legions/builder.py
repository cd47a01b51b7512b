"""The force builder of the web rulebook: what its page needs of the pack, embedded in the page as JSON.

The page (``web/force-builder.js``) lets a player pick a nation, platoons, sections with their models and upgrades,
and the TAC deck, shows the points and every force finding as the list changes, saves the list as the YAML file
``--list`` reads and prints the roster. The findings come from ``web/force-rules.js``, which evaluates the same rule
data as the command line. Everything here is data of the pack (shown as text, never as HTML).
"""

from __future__ import annotations

from typing import Any

from pnpforge.content.fields import label_in
from pnpforge.content.pack import Item, Pack
from pnpforge.content.player_files import examples, load_player_file
from pnpforge.engine.contract import WebBuilder

KIND = "force_list"  # game.yaml's player_files
SCRIPTS = ("force-list.js", "force-rules.js", "force-roster.js", "force-builder.js")
SECTION_FIELDS = (
    "name",
    "nation",
    "slot",
    "quality",
    "models",
    "points",
    "max_models",
    "options",
    "transports",
    "character",
    "model_types",
)
MODEL_FIELDS = ("name", "nation", "model_type", "rank", "lp", "hp", "mars")
REFERENCED = ("faction", "unit", "tac")  # the types a force list names items of
RULE_FIELDS = ("check", "severity", "message", "params")
TAC_FIELDS = ("name", "kind", "nation", "character", "number", "cp", "window")


def _pick(item: Item, names: tuple[str, ...]) -> dict[str, Any]:
    """The item's id and the named fields it has."""
    found: dict[str, Any] = {"id": item.id}
    for name in names:
        value = item.get(name)
        if value is not None:
            found[name] = value
    return found


def web_data(pack: Pack) -> dict[str, Any]:
    """The nations, sections, models, TACs, platoon structures and parameters the builder reads."""
    return {
        "nations": [
            {
                "id": f.id,
                "name": f.name if isinstance(f.name, str) else next(iter(f.name.values())),
                "colour": f.colour or "",
            }
            for f in pack.game.factions
        ],
        "sections": [_pick(item, SECTION_FIELDS) for item in pack.of_type("unit")],
        "models": [_pick(item, MODEL_FIELDS) for item in pack.of_type("model")],
        "tacs": [_pick(item, TAC_FIELDS) for item in pack.of_type("tac")],
        "platoons": [dict(item.values, id=item.id) for item in pack.of_type("platoon")],
        "rules": [
            {"id": rule.id, **{key: rule.get(key) for key in RULE_FIELDS}} for rule in pack.of_type("force_rule")
        ],
        "starters": starters(pack),
        "labels": {name: _label(pack, name) for name in REFERENCED},
        "parameters": {
            key: pack.game.parameters.get(key) for key in ("tac_deck_size", "hand", "strategic_share_percent")
        },
    }


def _label(pack: Pack, type_name: str) -> str:
    """How a message names a type (its declared label, as the reference check of player files writes it)."""
    declared = pack.types.get(type_name)
    return label_in(declared.label if declared else None, None, type_name.replace("_", " "))


def starters(pack: Pack) -> list[dict[str, Any]]:
    """The pack's example lists (its starter forces) as written, to start a list from: each that reads cleanly."""
    found = []
    for path in examples(pack, KIND):
        player_file, problems = load_player_file(pack, path)
        if player_file is not None and not problems:
            values = {key: value for key, value in player_file.doc.data.items() if key != "kind"}
            found.append({"name": values.get("name") or path.stem, "file": path.name, "list": values})
    return found


BUILDER = WebBuilder(KIND, SCRIPTS, web_data)
