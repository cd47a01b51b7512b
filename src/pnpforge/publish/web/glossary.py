"""The glossary page: every term, icon, faction and rules item of a pack, each with an anchor of its own.

Entries come from four sources, merged by name (an icon labelled like a term joins the term's entry):
  - the rulebook's glossary (``rules/glossary.yaml``): ``#term-<term>``, with links to where the rules use it;
  - the pack's icons (``game.yaml``): ``#icon-<id>``, and for every gallery filter whose values are icons
    (a card's skills, abilities ...) ``#<field>-<value>``, with the number of cards that show it;
  - the factions: ``#faction-<id>``, with a link to their cards;
  - the items of every type that has no printed face of its own (the pack prints them as part of other
    components): ``#<type>-<id>``, with their text, their other fields and the cards that refer to them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from markupsafe import Markup, escape

from pnpforge.content.pack import Item, Pack
from pnpforge.publish.rulebook.document import Rulebook
from pnpforge.publish.rulebook.macros import Macros, slug, term_key
from pnpforge.publish.web.cards import TYPE_FACET, CardEntry, Facet, is_icon_value
from pnpforge.publish.web.figures import ROOT, card_page
from pnpforge.publish.web.settings import Settings
from pnpforge.publish.web.values import Href, Values
from pnpforge.render.environment import field_label, type_label

GALLERY = "cards/index.html"


@dataclass
class Entry:
    """One glossary entry."""

    name: str
    anchor: str
    kinds: list[str]
    definition: Markup = Markup("")
    anchors: list[str] = field(default_factory=list)  # further ids that land on this entry
    icon: Markup | None = None
    aliases: list[str] = field(default_factory=list)
    details: list[tuple[str, Markup]] = field(default_factory=list)
    uses: list[str] = field(default_factory=list)  # anchors of the term's uses in the rules

    @property
    def letter(self) -> str:
        """The letter the entry is listed under (``#`` for names that start with a sign or a digit)."""
        first = next((ch for ch in self.name if ch.isalnum()), "#")
        return first.upper() if first.isalpha() else "#"

    @property
    def sort_key(self) -> tuple:
        """Listed by letter, then by name."""
        return (self.letter != "#", self.letter, term_key(re.sub(r"^\W+", "", self.name)))


class GlossaryBuilder:
    """Collects and merges the entries of one pack."""

    def __init__(self, pack: Pack, macros: Macros, settings: Settings, href_of: Href, values: Values):
        """Entries by the key of each name they answer to."""
        self.pack = pack
        self.macros = macros
        self.settings = settings
        self.href_of = href_of
        self.values = values
        self.entries: list[Entry] = []
        self.by_name: dict[str, Entry] = {}

    def _add(self, entry: Entry, names: list[str]) -> Entry:
        """Add an entry answering to ``names``."""
        self.entries.append(entry)
        for name in names:
            self.by_name.setdefault(term_key(name), entry)
        return entry

    def terms(self, book: Rulebook) -> None:
        """The rulebook's glossary, with the anchors of each term's uses."""
        aliases = {entry.term: entry.aliases for entry in book.sources.glossary}
        uses = {entry.term: entry.uses for entry in book.index}
        for term, anchor, definition in book.glossary:
            self._add(Entry(term, anchor, [self.settings.label("term")], definition,
                            aliases=list(aliases.get(term, [])), uses=list(uses.get(term, []))),
                      [term, *aliases.get(term, [])])

    def icons(self, facets: list[Facet]) -> None:
        """Every icon; with the cards that show it, per gallery filter."""
        for icon_id in self.pack.game.icons:
            label = self.macros.icons.label(icon_id)
            entry = self.by_name.get(term_key(label))
            if entry is None:
                entry = self._add(Entry(label, f"icon-{slug(icon_id)}", []), [label])
            else:
                entry.anchors.append(f"icon-{slug(icon_id)}")
            entry.kinds.append(self.settings.label("icon"))
            entry.icon = entry.icon or self.macros.icons.svg(icon_id, None, "icon wb-glossary-icon")
            for facet in facets:
                if facet.name == TYPE_FACET:
                    continue
                for value in facet.values:
                    if is_icon_value(self.pack, value.value) == icon_id:
                        entry.anchors.append(f"{slug(facet.name)}-{slug(value.value)}")
                        entry.details.append((facet.label, _cards_link(facet.name, value.value, value.count,
                                                                       self.settings)))

    def factions(self, facets: list[Facet]) -> None:
        """Every faction, with a link to its cards."""
        for faction in self.pack.game.factions:
            name = self.macros.t(faction.name)
            entry = self.by_name.get(term_key(name))
            if entry is None:
                entry = self._add(Entry(name, f"faction-{slug(faction.id)}", []), [name])
            else:
                entry.anchors.append(f"faction-{slug(faction.id)}")
            entry.kinds.append(self.settings.label("faction"))
            if entry.icon is None and faction.icon and faction.icon in self.pack.game.icons:
                entry.icon = self.macros.icons.svg(faction.icon, None, "icon wb-glossary-icon")
            for facet in facets:
                for value in facet.values:
                    if value.value == faction.id:
                        entry.details.append((facet.label, _cards_link(facet.name, value.value, value.count,
                                                                       self.settings)))

    def faceless(self, type_names: list[str], cards: list[CardEntry]) -> None:
        """The items of types printed only as part of other components."""
        referrers = _referrers(self.pack)
        on_cards = {entry.item.id for entry in cards}
        for type_name in type_names:
            spec = self.pack.types[type_name]
            kind = type_label(self.pack, type_name, self.macros.lang)
            for item in self.pack.of_type(type_name):
                name = self.macros.t(item.get("name", item.id))
                texts = [self.macros.rich(self.macros.t(item.get(f))) for f, s in spec.fields.items()
                         if s.kind == "text" and f != "name" and item.get(f)]
                definition = Markup(" ").join(texts)
                entry = Entry(name, item_anchor(item), [kind], definition)
                for field_name, declared in spec.fields.items():
                    if declared.kind in ("text", "image", "effect") or field_name == "name":
                        continue
                    if declared.kind == "list" and declared.of.kind == "effect":
                        continue
                    if declared.kind in ("string",) or f"{type_name}.{field_name}" in self.values.hidden:
                        continue
                    html = self.values.html(item.get(field_name), declared)
                    if html:
                        entry.details.append((field_label(declared, field_name, self.macros.lang), html))
                for source_type, items in referrers.get(item.id, {}).items():
                    links = [_item_link(other, self.macros, other.id in on_cards) for other in items]
                    entry.details.append((type_label(self.pack, source_type, self.macros.lang),
                                          Markup(", ").join(links)))
                self._add(entry, [name])

    def cards(self, cards: list[CardEntry]) -> None:
        """An entry named like a card (a term and a card of the same name) links to the card's page."""
        for card in cards:
            entry = self.by_name.get(term_key(card.name))
            if entry is not None and card.item.type not in entry.kinds:
                link = Markup(f'<a href="{ROOT}{card_page(card.item.id)}">{escape(card.name)}</a>')
                entry.details.append((card.type_label, link))

    def result(self) -> list[Entry]:
        """The entries, sorted for the page."""
        return sorted(self.entries, key=lambda e: e.sort_key)


def item_anchor(item: Item) -> str:
    """The glossary anchor of an item without a face: ``<type>-<id>``."""
    return f"{slug(item.type)}-{slug(item.id)}"


def _cards_link(facet: str, value: str, count: int, settings: Settings) -> Markup:
    """A link to the gallery filtered to one value."""
    words = settings.label("cards_one" if count == 1 else "cards_many").replace("{n}", str(count))
    return Markup(f'<a href="{ROOT}{GALLERY}#{escape(facet)}={escape(value)}">{escape(words)}</a>')


def _item_link(item: Item, macros: Macros, has_page: bool) -> Markup:
    """An item's name, linked to its card page when it has one."""
    name = escape(macros.t(item.get("name", item.id)))
    return Markup(f'<a href="{ROOT}{card_page(item.id)}">{name}</a>') if has_page else Markup(name)


def _referrers(pack: Pack) -> dict[str, dict[str, list[Item]]]:
    """For every item id: the items of each type whose reference fields name it."""
    found: dict[str, dict[str, list[Item]]] = {}
    for item in pack.all_items():
        for name, spec in pack.types[item.type].fields.items():
            inner = spec.of if spec.kind == "list" else spec
            if inner.kind != "ref" or inner.to not in pack.types:
                continue
            value = item.get(name)
            for target in value if isinstance(value, list) else [value]:
                if isinstance(target, str):
                    bucket = found.setdefault(target, {}).setdefault(item.type, [])
                    if all(other.id != item.id for other in bucket):
                        bucket.append(item)
    return found


def where_used(entry: Entry, page_of: Callable[[str], "tuple[str, str] | None"]) -> list[tuple[str, str]]:
    """``(page title, anchor)``: the first use of the term on each rules page, in the pages' sequence."""
    seen: dict[str, tuple[str, str]] = {}
    for anchor in entry.uses:
        page = page_of(anchor)
        if page is not None and page[0] not in seen:
            seen[page[0]] = (page[1], anchor)
    return list(seen.values())
