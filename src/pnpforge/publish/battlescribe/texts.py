"""Texts filled from an item's fields, as the BattleScribe mapping declares them.

A text such as ``{mar.name}[{value}]`` is filled from the fields of one item (or one element of its lists): a
place names a field, and a dot steps into an object or follows a reference to the item it names. A value reads as
players read it elsewhere (``publish.value_words``): a choice by its label, a reference by the name of what it
names, text with its icons as their labels, a list by the names its links give (joined with commas). A text with a
place that has no value does not apply; of a list of texts the first that applies (and whose ``when`` and
``unless`` hold) is used. Only fields of the pack's data are read: nothing is evaluated.
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction
from typing import Any

from pnpforge.content import markup
from pnpforge.content.pack import Pack
from pnpforge.content.text import in_language
from pnpforge.content.battlescribe import Alternative, Link, Texts
from pnpforge.publish.value_words import choice_words
from pnpforge.render.environment import humanise

PLACE = re.compile(r"\{([a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)*)\}")
MISSING = object()


def number(value: Any) -> str:
    """A whole or fractional number as a decimal (``12``, ``7.5``), never in floating-point notation."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    exact = Fraction(str(value)) if isinstance(value, float) else Fraction(value)
    if exact.denominator == 1:
        return str(exact.numerator)
    text = format(Decimal(exact.numerator) / Decimal(exact.denominator), "f")
    return text.rstrip("0").rstrip(".")


class Reader:
    """Fills texts from items of one pack in one language; ``links`` say how a list of links reads, by the
    (type, field) it belongs to."""

    def __init__(self, pack: Pack, lang: str, links: dict[tuple[str, str], Link] | None = None):
        self.pack, self.lang = pack, lang
        self.fallback = pack.game.languages[0]
        self.items = pack.by_id()
        self.factions = {f.id: f for f in pack.game.factions}
        self.links = links or {}

    # -- one text ---------------------------------------------------------------------------------------------
    def text(self, texts: Texts, type_name: str, values: dict[str, Any], fields: dict[str, Any]) -> str | None:
        """The first of ``texts`` that applies to ``values`` (of a type's ``fields``), or None."""
        for choice in [texts] if isinstance(texts, str) else texts:
            alternative = Alternative(text=choice) if isinstance(choice, str) else choice
            if not all(self._holds(path, want, type_name, values, fields) for path, want in alternative.when.items()):
                continue
            if any(self._holds(path, want, type_name, values, fields) for path, want in alternative.unless.items()):
                continue
            filled = self._fill(alternative.text, type_name, values, fields)
            if filled is not None:
                return filled
        return None

    def _holds(self, path: str, want: Any, type_name: str, values: dict[str, Any], fields: dict[str, Any]) -> bool:
        found = self.raw(path, type_name, values, fields)[0]
        wanted = want if isinstance(want, list) else [want]
        return found is not MISSING and any(found == w and type(found) is type(w) for w in wanted)

    def _fill(self, text: str, type_name: str, values: dict[str, Any], fields: dict[str, Any]) -> str | None:
        parts: list[str] = []
        last = 0
        for match in PLACE.finditer(text):
            shown = self.words(match.group(1), type_name, values, fields)
            if shown is None:
                return None
            parts += [text[last:match.start()], shown]
            last = match.end()
        return "".join(parts + [text[last:]])

    # -- one place ----------------------------------------------------------------------------------------------
    def raw(self, path: str, type_name: str, values: dict[str, Any],
            fields: dict[str, Any]) -> tuple[Any, Any, str, str]:
        """The value at ``path`` with its field's declaration, the type and the field it belongs to (``MISSING``
        when some step has no value)."""
        value: Any = values
        spec: Any = None
        owner, name = type_name, ""
        for step in path.split("."):
            if spec is not None and spec.kind == "ref":  # follow the reference to the item it names
                target = self.items.get(value)
                if target is None or target.type != spec.to:
                    return MISSING, None, owner, name
                owner, value, fields = target.type, target.values, self.pack.types[target.type].fields
            elif spec is not None:
                fields = getattr(spec, "fields", None) or {}
            if not isinstance(value, dict) or step not in fields:
                return MISSING, None, owner, name
            value, spec, name = value.get(step), fields[step], step
            if value is None or value == "" or value == [] or value == {}:
                return MISSING, None, owner, name
        return value, spec, owner, name

    def words(self, path: str, type_name: str, values: dict[str, Any], fields: dict[str, Any]) -> str | None:
        """The value at ``path`` as players read it, or None when it has none."""
        value, spec, owner, name = self.raw(path, type_name, values, fields)
        if value is MISSING:
            return None
        return self.shown(value, spec, owner, name)

    def shown(self, value: Any, spec: Any, owner: str, name: str) -> str | None:
        """One value in words."""
        kind = spec.kind
        if kind == "list":
            link = self.links.get((owner, name))
            element_fields = getattr(spec.of, "fields", None) or {}
            if link is not None and spec.of.kind == "object":
                names = [self.text(link.name, owner, element, element_fields) for element in value]
            else:
                names = [self.shown(element, spec.of, owner, name) for element in value]
            kept = [n for n in names if n]
            return ", ".join(kept) if kept else None
        if kind == "ref":
            return self.name_of(value, spec.to)
        if kind == "enum":
            return choice_words(self.pack, spec, value, self.lang)
        if kind == "text":
            return self.plain(value)
        if kind == "bool":
            return "yes" if value else "no"
        if kind in ("int", "number"):
            return number(value)
        if kind == "string":
            return str(value)
        return None  # objects, effects, images, grids: name one of their fields instead

    def name_of(self, item_id: str, type_name: str) -> str:
        """A faction's or an item's name, else its id in words."""
        if type_name == "faction" and item_id in self.factions:
            return in_language(self.factions[item_id].name, self.lang, self.fallback)
        target = self.items.get(item_id)
        if target is not None and target.get("name"):
            return self.plain(target.get("name"))
        return humanise(item_id)

    def plain(self, value: Any) -> str:
        """Player text without emphasis, each ``:icon:`` as the icon's label."""
        icons = self.pack.game.icons
        parts = []
        for kind, part in markup.events(in_language(value, self.lang, self.fallback)):
            if kind == markup.TEXT:
                parts.append(part)
            elif kind == markup.ICON:
                icon = icons.get(part)
                parts.append(in_language(icon.label, self.lang, self.fallback) if icon else humanise(part))
        return "".join(parts)
