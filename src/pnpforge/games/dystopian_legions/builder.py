"""The force builder of the web rulebook: what its page needs of the pack, embedded in the page as JSON.

The page (``web/force-builder.js``) lets a player pick a nation, platoons, sections with their models and upgrades,
and the TAC deck, shows the points and every force finding as the list changes, saves the list as the YAML file
``--list`` reads and prints the roster. The findings come from ``web/force-rules.js``, which evaluates the same rule
data as the command line. Everything here is data of the pack (shown as text, never as HTML).
"""

from __future__ import annotations

from typing import Any

from pnpforge.content.pack import Item, Pack
from pnpforge.engine.contract import WebBuilder

SCRIPTS = ("force-rules.js", "force-builder.js")
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
            {"id": rule.id, **{key: rule.get(key) for key in RULE_FIELDS}}
            for rule in (pack.of_type("force_rule") if "force_rule" in pack.types else [])
        ],
        "parameters": {
            key: pack.game.parameters.get(key) for key in ("tac_deck_size", "hand", "strategic_share_percent")
        },
    }


BUILDER = WebBuilder("force_list", SCRIPTS, web_data)
