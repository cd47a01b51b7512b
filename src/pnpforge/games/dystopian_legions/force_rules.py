"""The evaluator of the force rules (``force-rules.yaml``): each rule names one check of a closed vocabulary, and the
check finds the places in a force list that break it, with the values the rule's message names.

The vocabulary is documented in ``docs/why/force-rules.md`` (what each check computes, the values it gives and the
place it points at), so that the web force builder evaluates the same rule items and words the same findings. A
finding is ``<file>:<line>:<col>: <severity>: <message>``: the message is the rule's text with each ``{name}``
replaced by the check's value, the place is the path the check gives (see ``PlayerFile.mark``).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from pnpforge.content.pack import Item, Pack
from pnpforge.content.player_files import PlayerFile
from pnpforge.findings import Finding
from pnpforge.games.dystopian_legions.force_list import Entry, Force, listed_size, read_force, reinforcement, shown
from pnpforge.games.dystopian_legions.platoons import FREE, HEAVY, Places

Hit = tuple[tuple, dict[str, Any]]  # (path in the list file, values for the message)
PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")


@dataclass(frozen=True)
class Check:
    """One word of the vocabulary: the values its hits give, and how it finds them."""

    values: tuple[str, ...]
    find: Callable[[Force, dict[str, Any]], Iterator[Hit]]


def evaluate(pack: Pack, player_file: PlayerFile) -> list[Finding]:
    """Every finding of the pack's force rules on one force list, rule by rule in the order of force-rules.yaml and
    each rule's findings in the order of the list."""
    force = read_force(pack, player_file)
    found = []
    for rule in pack.of_type("force_rule"):
        check = CHECKS[rule["check"]]
        for at, values in check.find(force, rule.get("params") or {}):
            found.append(
                Finding(
                    rule["severity"],
                    message(rule["message"], values),
                    mark=player_file.mark(*at),
                    rule=rule.id,
                    data={"at": path_text(at)},
                )
            )
    return found


def message(text: str, values: dict[str, Any]) -> str:
    """The rule's text with each ``{name}`` replaced by its value."""
    return PLACEHOLDER.sub(lambda match: str(values.get(match.group(1), match.group(0))), text)


def path_text(at: tuple) -> str:
    """``platoons[0].sections[2].section`` from its parts."""
    text = ""
    for part in at:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def hand(mfv: int, params: dict[str, Any]) -> int:
    """Cards in hand: one per full ``per_card`` points of the MFV, ``most`` at most (p.36)."""
    return int(min(params.get("most", 10), mfv // params.get("per_card", 250)))


def _slot(slot: str) -> str:
    return slot.replace("_", " ")


# --- sections as bought ----------------------------------------------------------------------------------------------


def _sections(force: Force) -> Iterator[tuple[Entry, Item]]:
    for entry in force.entries:
        if entry.unit is not None:
            yield entry, entry.unit


def section_nation(force: Force, params: dict) -> Iterator[Hit]:
    nation = force.data["nation"]
    for entry, unit in _sections(force):
        if unit["nation"] != nation:
            yield (
                entry.at + ("section",),
                {"section": unit.id, "serves": force.nation_name(unit["nation"]), "nation": force.nation_name(nation)},
            )


def hq_slot(force: Force, params: dict) -> Iterator[Hit]:
    for entry, unit in _sections(force):
        if entry.at[-1] == "hq" and unit["slot"] != "hq":
            yield entry.at + ("section",), {"section": unit.id, "slot": _slot(unit["slot"])}


def section_slot(force: Force, params: dict) -> Iterator[Hit]:
    for entry, unit in _sections(force):
        if entry.at[-1] != "hq" and unit["slot"] in ("hq", "transport"):
            yield entry.at + ("section",), {"section": unit.id, "slot": _slot(unit["slot"])}


def section_size(force: Force, params: dict) -> Iterator[Hit]:
    for entry, unit in _sections(force):
        least = listed_size(unit)
        most = unit["max_models"] if reinforcement(unit) is not None else least
        if not least <= entry.size <= most:
            yield entry.at + ("models",), {"section": unit.id, "models": entry.size, "least": least, "most": most}


def _upgrades(unit: Item) -> dict[str, dict]:
    return {option["id"]: option for option in unit.get("options", []) if option["kind"] != "reinforce"}


def upgrade_known(force: Force, params: dict) -> Iterator[Hit]:
    for entry, unit in _sections(force):
        options = _upgrades(unit)
        for index, pick in enumerate(entry.values.get("upgrades", [])):
            if pick["upgrade"] not in options:
                yield (
                    entry.at + ("upgrades", index, "upgrade"),
                    {"section": unit.id, "upgrade": pick["upgrade"], "options": ", ".join(options) or "none"},
                )


def upgrade_count(force: Force, params: dict) -> Iterator[Hit]:
    for entry, unit in _sections(force):
        options = _upgrades(unit)
        taken: Counter = Counter()
        for index, pick in enumerate(entry.values.get("upgrades", [])):
            option = options.get(pick["upgrade"])
            if option is None:
                continue
            taken[option["id"]] += pick["count"]
            if taken[option["id"]] > option["max"]:
                yield (
                    entry.at + ("upgrades", index, "count"),
                    {"section": unit.id, "upgrade": option["id"], "count": taken[option["id"]], "most": option["max"]},
                )


def transport_allowed(force: Force, params: dict) -> Iterator[Hit]:
    for entry, unit in _sections(force):
        transport = entry.values.get("transport")
        if transport is not None and transport not in unit.get("transports", []):
            yield (
                entry.at + ("transport",),
                {
                    "section": unit.id,
                    "transport": transport,
                    "transports": ", ".join(unit.get("transports", [])) or "none",
                },
            )


def _capacity(transport: Item, models: dict[str, Item]) -> int | None:
    for part in transport["models"]:
        for use in models[part["model"]].get("mars", []) if part["model"] in models else []:
            if use["mar"] == "capacity":
                return int(use["value"])
    return None


def transport_capacity(force: Force, params: dict) -> Iterator[Hit]:
    for entry, unit in _sections(force):
        if entry.transport is None or entry.values.get("transport") not in unit.get("transports", []):
            continue
        room = _capacity(entry.transport, force.models)
        riders = sum(
            count
            for model_id, count in entry.models.items()
            if model_id in force.models
            and not any(use["mar"] == "non-combatant" for use in force.models[model_id].get("mars", []))
        )
        if room is not None and riders > room:
            yield (
                entry.at + ("transport",),
                {"section": unit.id, "transport": entry.transport.id, "capacity": room, "riders": riders},
            )


def sidekick_character(force: Force, params: dict) -> Iterator[Hit]:
    present = {entry.section for entry in force.entries}
    for entry, unit in _sections(force):
        if unit["slot"] == "sidekick" and unit.get("character") is not None and unit["character"] not in present:
            yield entry.at + ("section",), {"section": unit.id, "character": unit.get("character")}


# --- platoons --------------------------------------------------------------------------------------------------------


def platoon_required(force: Force, params: dict) -> Iterator[Hit]:
    if force.structure is None:
        return
    for index, _platoon in enumerate(force.data["platoons"]):
        bought = Counter(entry.unit["slot"] for entry in force.platoon(index) if entry.unit is not None)
        for need in force.structure["required"]:
            if sum(bought[slot] for slot in need["slots"]) < need["count"]:
                where = ("platoons", index, "sections") if "hq" not in need["slots"] else ("platoons", index, "hq")
                yield (
                    where,
                    {
                        "platoon": index + 1,
                        "slots": " or ".join(_slot(s) for s in need["slots"]),
                        "count": need["count"],
                    },
                )


def _ladder(force: Force) -> Iterator[tuple[Entry, str, str, Places, int]]:
    """Each section that needs a place, platoon by platoon in the order bought: the entry, its slot, what became of
    it (``took``, ``none`` when no place was open, ``heavy`` when over the Heavy Support limit), the platoon's places
    after it and its number among the platoon's Heavy Supports."""
    if force.structure is None:
        return
    for index, _platoon in enumerate(force.data["platoons"]):
        places, heavy = Places(force.structure), 0
        for entry in force.platoon(index):
            unit = entry.unit
            if unit is None or unit["slot"] in FREE or unit["slot"] == "hq":
                continue
            slot = unit["slot"]
            if slot == "line":
                places.add_line()
                continue
            if slot == HEAVY:
                heavy += 1
                if heavy > force.structure["heavy_support_max"]:
                    yield entry, slot, "heavy", places, heavy
                    continue
            took = places.take_instead() if slot == HEAVY else places.take(slot)
            yield entry, slot, "took" if took else "none", places, heavy


def slot_ladder(force: Force, params: dict) -> Iterator[Hit]:
    for entry, slot, outcome, places, _heavy in _ladder(force):
        if outcome == "none":
            yield entry.at + ("section",), {"section": entry.section, "slot": _slot(slot), "lines": places.lines}


def heavy_support_max(force: Force, params: dict) -> Iterator[Hit]:
    for entry, _slot_name, outcome, _places, heavy in _ladder(force):
        if outcome == "heavy":
            yield (
                entry.at + ("section",),
                {
                    "section": entry.section,
                    "number": heavy,
                    "most": force.structure["heavy_support_max"] if force.structure else 1,
                },
            )


def platoon_count(force: Force, params: dict) -> Iterator[Hit]:
    agreed, count = params.get("agreed", 1), len(force.data["platoons"])
    if count > agreed:
        yield ("platoons", agreed), {"count": count, "agreed": agreed}


# --- the force -------------------------------------------------------------------------------------------------------


def points_limit(force: Force, params: dict) -> Iterator[Hit]:
    total, mfv = force.total, force.data["mfv"]
    if total > mfv:
        yield ("mfv",), {"total": shown(total), "over": shown(total - mfv), "mfv": mfv}


def _seniors(force: Force) -> list[Entry]:
    return [entry for entry in force.entries if entry.values.get("senior")]


def sco_present(force: Force, params: dict) -> Iterator[Hit]:
    if not _seniors(force):
        yield ("platoons",), {}


def sco_single(force: Force, params: dict) -> Iterator[Hit]:
    seniors = _seniors(force)
    for entry in seniors[1:]:
        yield entry.at + ("senior",), {"section": entry.section, "first": seniors[0].section}


def sco_officer(force: Force, params: dict) -> Iterator[Hit]:
    for entry in _seniors(force):
        if entry.unit is not None and not any(
            force.models[m].get("rank") == "officer" for m in entry.models if m in force.models
        ):
            yield entry.at + ("senior",), {"section": entry.section}


def unique_once(force: Force, params: dict) -> Iterator[Hit]:
    seen: Counter = Counter()
    for entry in force.entries:
        for model_id, count in entry.models.items():
            model = force.models.get(model_id)
            if model is None or not any(use["mar"] == "unique" for use in model.get("mars", [])):
                continue
            seen[model_id] += count
            if seen[model_id] > 1:
                yield entry.at + ("section",), {"section": entry.section, "model": model_id}


# --- Strategic Forces ------------------------------------------------------------------------------------------------


def held_back(force: Force) -> list[tuple[int, Entry | None]]:
    """Each ``strategic`` entry with the section it holds back: the next one of its id in its platoon not already
    held, or None."""
    taken: set[tuple] = set()
    out: list[tuple[int, Entry | None]] = []
    for index, held in enumerate(force.data.get("strategic", [])):
        match = next(
            (
                entry
                for entry in force.platoon(held["platoon"] - 1)
                if entry.section == held["section"] and entry.at not in taken
            ),
            None,
        )
        if match is not None:
            taken.add(match.at)
        out.append((index, match))
    return out


def strategic_section(force: Force, params: dict) -> Iterator[Hit]:
    for index, entry in held_back(force):
        if entry is None:
            held = force.data["strategic"][index]
            yield ("strategic", index, "section"), {"section": held["section"], "platoon": held["platoon"]}


def strategic_share(force: Force, params: dict) -> Iterator[Hit]:
    held = [entry for _index, entry in held_back(force) if entry is not None]
    share = (
        force.structure["strategic"]["share_percent"] if force.structure and force.structure.get("strategic") else 50
    )
    total, mfv = sum(entry.points for entry in held), force.data["mfv"]
    if held and total * 100 > share * mfv:
        yield ("strategic",), {"held": shown(total), "share": share, "mfv": mfv, "most": shown(share * mfv / 100)}


def strategic_one_platoon(force: Force, params: dict) -> Iterator[Hit]:
    heldout = force.data.get("strategic", [])
    for index, held in enumerate(heldout[1:], 1):
        if held["platoon"] != heldout[0]["platoon"]:
            yield ("strategic", index, "platoon"), {"platoon": held["platoon"], "first": heldout[0]["platoon"]}


def strategic_no_heavy(force: Force, params: dict) -> Iterator[Hit]:
    if force.structure is not None and (force.structure.get("strategic") or {}).get("heavy_ironclads"):
        return  # a structure that lets Heavy Ironclads arrive late
    for index, entry in held_back(force):
        heavy = (
            [m for m in entry.models if force.models.get(m) and force.models[m]["model_type"] == "heavy_ironclad"]
            if entry is not None
            else []
        )
        if heavy:
            yield ("strategic", index, "section"), {"section": entry.section if entry else "", "model": heavy[0]}


# --- the TAC deck ----------------------------------------------------------------------------------------------------


def deck_size(force: Force, params: dict) -> Iterator[Hit]:
    count, size = len(force.data["tacs"]), params.get("size", 12)
    if count != size:
        yield ("tacs",), {"count": count, "size": size}


def deck_distinct(force: Force, params: dict) -> Iterator[Hit]:
    seen: set[str] = set()
    for index, card in enumerate(force.data["tacs"]):
        if card in seen:
            yield ("tacs", index), {"card": card}
        seen.add(card)


def baseline(force: Force) -> Counter:
    """The costs of the common deck: every generic card's."""
    return Counter(card["cp"] for card in force.cards.values() if card["kind"] == "generic")


def _costs(costs: Counter) -> str:
    return " ".join(str(cp) for cp in sorted(costs.elements()))


def deck_costs(force: Force, params: dict) -> Iterator[Hit]:
    deck = force.data["tacs"]
    if len(deck) != params.get("size", 12) or any(card not in force.cards for card in deck):
        return  # a deck of the wrong size is the size rule's finding; an unknown id the reference check's
    costs, common = Counter(force.cards[card]["cp"] for card in deck), baseline(force)
    if costs != common:
        yield ("tacs",), {"costs": _costs(costs), "baseline": _costs(common)}


def deck_nation(force: Force, params: dict) -> Iterator[Hit]:
    nation = force.data["nation"]
    for index, card_id in enumerate(force.data["tacs"]):
        card = force.cards.get(card_id)
        if card is not None and card["kind"] != "generic" and card["nation"] != nation:
            yield (
                ("tacs", index),
                {
                    "card": card_id,
                    "card_nation": force.nation_name(card["nation"]),
                    "nation": force.nation_name(nation),
                },
            )


def deck_character(force: Force, params: dict) -> Iterator[Hit]:
    present = {entry.section for entry in force.entries}
    for index, card_id in enumerate(force.data["tacs"]):
        card = force.cards.get(card_id)
        if card is not None and card["kind"] == "character" and card.get("character") not in present:
            yield ("tacs", index), {"card": card_id, "character": card.get("character")}


def hand_size(force: Force, params: dict) -> Iterator[Hit]:
    stated, mfv = force.data.get("hand"), force.data["mfv"]
    expected = hand(mfv, params)
    if stated is not None and stated != expected:
        yield (
            ("hand",),
            {
                "hand": stated,
                "expected": expected,
                "mfv": mfv,
                "per_card": params.get("per_card", 250),
                "most": params.get("most", 10),
            },
        )


CHECKS: dict[str, Check] = {
    "section_nation": Check(("section", "serves", "nation"), section_nation),
    "hq_slot": Check(("section", "slot"), hq_slot),
    "section_slot": Check(("section", "slot"), section_slot),
    "section_size": Check(("section", "models", "least", "most"), section_size),
    "upgrade_known": Check(("section", "upgrade", "options"), upgrade_known),
    "upgrade_count": Check(("section", "upgrade", "count", "most"), upgrade_count),
    "transport_allowed": Check(("section", "transport", "transports"), transport_allowed),
    "transport_capacity": Check(("section", "transport", "capacity", "riders"), transport_capacity),
    "sidekick_character": Check(("section", "character"), sidekick_character),
    "platoon_required": Check(("platoon", "slots", "count"), platoon_required),
    "slot_ladder": Check(("section", "slot", "lines"), slot_ladder),
    "heavy_support_max": Check(("section", "number", "most"), heavy_support_max),
    "platoon_count": Check(("count", "agreed"), platoon_count),
    "points_limit": Check(("total", "over", "mfv"), points_limit),
    "sco_present": Check((), sco_present),
    "sco_single": Check(("section", "first"), sco_single),
    "sco_officer": Check(("section",), sco_officer),
    "unique_once": Check(("section", "model"), unique_once),
    "strategic_share": Check(("held", "share", "mfv", "most"), strategic_share),
    "strategic_one_platoon": Check(("platoon", "first"), strategic_one_platoon),
    "strategic_no_heavy": Check(("section", "model"), strategic_no_heavy),
    "strategic_section": Check(("section", "platoon"), strategic_section),
    "deck_size": Check(("count", "size"), deck_size),
    "deck_distinct": Check(("card",), deck_distinct),
    "deck_costs": Check(("costs", "baseline"), deck_costs),
    "deck_nation": Check(("card", "card_nation", "nation"), deck_nation),
    "deck_character": Check(("card", "character"), deck_character),
    "hand_size": Check(("hand", "expected", "mfv", "per_card", "most"), hand_size),
}


def force_rule_items(pack: Pack) -> Iterator[Finding]:
    """A force rule's message names only values its check gives, and every check of the vocabulary is one the
    evaluator knows (the schema's enum and ``CHECKS`` agree)."""
    for rule in pack.of_type("force_rule"):
        check = CHECKS.get(rule["check"])
        if check is None:
            yield Finding(
                "error",
                f"check: '{rule['check']}' is no check of the evaluator; checks: {', '.join(CHECKS)}",
                mark=rule.mark("check"),
                subject=rule.subject,
            )
            continue
        for name in PLACEHOLDER.findall(rule["message"]):
            if name not in check.values:
                yield Finding(
                    "error",
                    f"message: {{{name}}} is no value of {rule['check']}; its values: "
                    f"{', '.join(check.values) or 'none'}",
                    mark=rule.mark("message"),
                    subject=rule.subject,
                )


ALL = (force_rule_items,)
