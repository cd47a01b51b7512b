"""The card gallery: one entry per printed front, the filters (facets) it offers, and each card's fields as HTML.

Facets come from the pack's declarations: the component type always, then the fields that ``site.yaml`` names,
or, by default, every field that refers to a faction and every field whose values are all icons of the pack.
A facet reads a field only in the types that declare it as a value it can filter by (a faction, an enum, a
number, or a list of those): a type whose field of the same name holds mappings or text is not part of it. A
facet value's label is the faction's name, the icon's label, the enum's declared value label, or the value in
words; its count is the number of cards that have it (a card that shows an icon twice is one card with it), which is
what choosing it shows. The field values of a card page are drawn by ``values``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pnpforge.content.fields import label_in
from pnpforge.content.pack import Item, Pack
from pnpforge.publish.rulebook.macros import Macros
from pnpforge.publish.value_words import icon_of
from pnpforge.publish.web.figures import card_page
from pnpforge.publish.web.settings import Settings
from pnpforge.render.environment import field_label, humanise, type_label
from pnpforge.render.faces import BACK, FRONT, Face

TYPE_FACET = "type"
FACTION = "faction"
FILTERABLE = ("enum", "ref", "int", "bool")  # kinds whose values sort cards into groups


@dataclass
class FacetValue:
    """One value of a facet, with its label and how many cards have it."""

    value: str
    label: str
    count: int = 0


@dataclass
class Facet:
    """A gallery filter: a field (or the type) and the values the cards show."""

    name: str
    label: str
    values: list[FacetValue] = field(default_factory=list)


@dataclass
class CardEntry:
    """A card of the gallery: a pack item with a printed front (and perhaps a back)."""

    item: Item
    front: Face
    back: Face | None
    name: str
    type_label: str
    facets: dict[str, list[str]] = field(default_factory=dict)

    @property
    def page(self) -> str:
        """The card page's path in the site."""
        return card_page(self.item.id)


def card_entries(pack: Pack, faces: list[Face], macros: Macros) -> list[CardEntry]:
    """Every front among ``faces`` as a gallery entry, in the pack's sequence of types and items."""
    backs = {face.key: face for face in faces if face.side == BACK}
    entries = []
    for face in faces:
        if face.side != FRONT:
            continue
        item = face.item
        entries.append(CardEntry(item, face, backs.get(face.back or ""), macros.t(item.get("name", item.id)),
                                 type_label(pack, item.type, macros.lang)))
    return entries


def is_icon_value(pack: Pack, value: Any) -> str | None:
    """The icon id a field value stands for (a value in snake_case names a kebab-case icon), or None."""
    return icon_of(pack, value)


def filterable(declared: Any) -> Any | None:
    """The declaration of the values a field sorts cards by (the items of a list), or None when it cannot."""
    inner = declared.of if declared.kind == "list" else declared
    return inner if inner.kind in FILTERABLE else None


def _declared_label(pack: Pack, name: str, lang: str) -> str:
    """A field's label, from the first type that declares it so that it can filter."""
    for spec in pack.types.values():
        declared = spec.fields.get(name)
        if declared is not None and filterable(declared) is not None:
            return field_label(declared, name, lang)
    return humanise(name)


def facet_fields(pack: Pack, settings: Settings, lang: str | None = None) -> list[tuple[str, str]]:
    """``(field, label)`` of each facet besides the type: as configured, else derived from the declarations."""
    lang = lang or pack.game.languages[0]
    if "facets" in settings.file.model_fields_set:
        return [(f.field, label_in(f.label, lang, "") or _declared_label(pack, f.field, lang))
                for f in settings.file.facets]
    found: dict[str, str] = {}
    for spec in pack.types.values():
        for name, declared in spec.fields.items():
            inner = filterable(declared)
            if inner is None:
                continue
            if inner.kind == "ref" and inner.to == FACTION or \
                    inner.kind == "enum" and all(is_icon_value(pack, v) for v in inner.values):
                found.setdefault(name, _declared_label(pack, name, lang))
    return list(found.items())


def build_facets(pack: Pack, entries: list[CardEntry], settings: Settings, macros: Macros) -> list[Facet]:
    """The gallery's facets with their values (a facet with fewer than two values filters nothing and is left
    out); each entry learns its values."""
    factions = {f.id: macros.t(f.name) for f in pack.game.factions}
    facets = [Facet(TYPE_FACET, settings.label("type"))]
    fields = facet_fields(pack, settings, macros.lang)
    facets += [Facet(name, label) for name, label in fields]
    values: dict[str, dict[str, FacetValue]] = {facet.name: {} for facet in facets}
    for entry in entries:
        entry.facets[TYPE_FACET] = [entry.item.type]
        _count(values[TYPE_FACET], entry.item.type, entry.type_label)
        for name, _ in fields:
            declared = pack.types[entry.item.type].fields.get(name)
            inner = filterable(declared) if declared is not None else None
            if inner is None:
                continue  # the type has no such field, or one whose values do not sort cards (mappings, text)
            raw = entry.item.get(name)
            found = list(dict.fromkeys(_facet_value(v) for v in (raw if isinstance(raw, list) else [raw])
                                       if v is not None and v != ""))
            entry.facets[name] = found
            for value in found:  # each value once per card: the count is the cards the filter shows
                _count(values[name], value, _value_label(pack, macros, factions, inner, value,
                                                              settings.label))
    for facet in facets:
        facet.values = list(values[facet.name].values())
    return [facet for facet in facets if len(facet.values) > 1]


def _facet_value(value: Any) -> str:
    """A value as the gallery's filters and tiles write it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _value_label(pack: Pack, macros: Macros, factions: dict[str, str], inner: Any, value: str,
                 words: Any) -> str:
    """How a filter's value reads: the faction's name, the icon's label, the declared label or the value."""
    if inner.kind == "ref" and inner.to == FACTION and value in factions:
        return factions[value]
    if inner.kind == "ref":
        target = macros.items.get(value)
        return macros.t(target.get("name", value)) if target else humanise(value)
    if inner.kind == "bool":
        return words(value)
    icon = is_icon_value(pack, value)
    if icon:
        return macros.icons.label(icon)
    labels = getattr(inner, "value_labels", {}) or {}
    return label_in(labels.get(value), macros.lang, humanise(value))


def _count(values: dict[str, FacetValue], value: str, label: str) -> None:
    """One more card with this value."""
    if value not in values:
        values[value] = FacetValue(value, label)
    values[value].count += 1
