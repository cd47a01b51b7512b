"""The card gallery: one entry per printed front, the filters (facets) it offers, and each card's fields as HTML.

Facets come from the pack's declarations: the component type always, then the fields that ``site.yaml`` names,
or, by default, every field that refers to a faction and every field whose values are all icons of the pack.
A facet value's label is the faction's name, the icon's label, or the value in words. Field values on a card
page are drawn like the rulebook's card tables (``Macros.value``), with references made into links.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from markupsafe import Markup, escape

from pnpforge.content.pack import Item, Pack
from pnpforge.publish.rulebook.macros import Macros
from pnpforge.publish.web.figures import card_page
from pnpforge.publish.web.settings import Settings
from pnpforge.render.environment import humanise
from pnpforge.render.faces import BACK, FRONT, Face

TYPE_FACET = "type"
FACTION = "faction"


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


def type_label(pack: Pack, type_name: str) -> str:
    """How players call a type: its declared label, else its name in words."""
    return humanise(pack.types[type_name].label or type_name)


def card_entries(pack: Pack, faces: list[Face], macros: Macros) -> list[CardEntry]:
    """Every front among ``faces`` as a gallery entry, in the pack's sequence of types and items."""
    backs = {face.key: face for face in faces if face.side == BACK}
    entries = []
    for face in faces:
        if face.side != FRONT:
            continue
        item = face.item
        entries.append(CardEntry(item, face, backs.get(face.back or ""), macros.t(item.get("name", item.id)),
                                 type_label(pack, item.type)))
    return entries


def is_icon_value(pack: Pack, value: Any) -> str | None:
    """The icon id a field value stands for (a value in snake_case names a kebab-case icon), or None."""
    if not isinstance(value, str):
        return None
    for candidate in (value, value.replace("_", "-")):
        if candidate in pack.game.icons:
            return candidate
    return None


def facet_fields(pack: Pack, settings: Settings) -> list[tuple[str, str]]:
    """``(field, label)`` of each facet besides the type: as configured, else derived from the declarations."""
    if "facets" in settings.file.model_fields_set:
        return [(f.field, f.label or humanise(f.field)) for f in settings.file.facets]
    found: dict[str, str] = {}
    for spec in pack.types.values():
        for name, declared in spec.fields.items():
            inner = declared.of if declared.kind == "list" else declared
            if inner.kind == "ref" and inner.to == FACTION:
                found.setdefault(name, humanise(name))
            elif inner.kind == "enum" and all(is_icon_value(pack, v) for v in inner.values):
                found.setdefault(name, humanise(name))
    return list(found.items())


def build_facets(pack: Pack, entries: list[CardEntry], settings: Settings, macros: Macros) -> list[Facet]:
    """The gallery's facets with their values (a facet with fewer than two values filters nothing and is left
    out); each entry learns its values."""
    factions = {f.id: macros.t(f.name) for f in pack.game.factions}
    facets = [Facet(TYPE_FACET, settings.label("type"))]
    fields = facet_fields(pack, settings)
    facets += [Facet(name, label) for name, label in fields]
    values: dict[str, dict[str, FacetValue]] = {facet.name: {} for facet in facets}
    for entry in entries:
        entry.facets[TYPE_FACET] = [entry.item.type]
        _count(values[TYPE_FACET], entry.item.type, entry.type_label)
        for name, _ in fields:
            if name not in pack.types[entry.item.type].fields:
                continue
            raw = entry.item.get(name)
            found = [str(v) for v in (raw if isinstance(raw, list) else [raw]) if v is not None and v != ""]
            entry.facets[name] = found
            for value in found:
                icon = is_icon_value(pack, value)
                label = factions.get(value) or (macros.icons.label(icon) if icon else humanise(value))
                _count(values[name], value, label)
    for facet in facets:
        facet.values = list(values[facet.name].values())
    return [facet for facet in facets if len(facet.values) > 1]


def _count(values: dict[str, FacetValue], value: str, label: str) -> None:
    """One more card with this value."""
    if value not in values:
        values[value] = FacetValue(value, label)
    values[value].count += 1


Href = Callable[[str, str], "str | None"]  # (id, type or 'faction') -> the URL of its page or entry


def field_rows(pack: Pack, item: Item, macros: Macros, href_of: Href) -> list[tuple[str, str, Markup]]:
    """``(field, label, HTML)`` for every field of a card page that has a value (the name is the title)."""
    rows = []
    for name, spec in pack.types[item.type].fields.items():
        if name == "name" or spec.kind == "image":
            continue
        html = value_html(item.get(name), spec, macros, href_of)
        if html:
            rows.append((name, humanise(name), html))
    return rows


def value_html(value: Any, spec: Any, macros: Macros, href_of: Href) -> Markup:
    """A field value as HTML: the rulebook's drawing, with references as links and effects in words."""
    if value is None or value == [] or value == "":
        return Markup("")
    kind = spec.kind
    if kind == "ref":
        text = macros.value(value, spec)
        href = href_of(str(value), spec.to)
        return Markup(f'<a href="{escape(href)}">{text}</a>') if href else text
    if kind == "list":
        parts = [value_html(v, spec.of, macros, href_of) for v in value]
        joiner = Markup(", ") if spec.of.kind in ("ref", "text", "effect", "int", "number") else Markup(" ")
        return joiner.join(p for p in parts if p)
    if kind == "effect":
        return Markup(escape(effect_words(value)))
    return macros.value(value, spec)


def effect_words(value: Any) -> str:
    """An effect of the pack's vocabulary in words: ``Draw cards (count 2)``."""
    if not isinstance(value, dict):
        return str(value)
    params = ", ".join(f"{humanise(k).lower()} {_word(v)}" for k, v in value.items() if k != "effect")
    return humanise(str(value.get("effect", ""))) + (f" ({params})" if params else "")


def _word(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return humanise(value).lower() if isinstance(value, str) else str(value)
