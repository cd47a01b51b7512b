"""What every part of the BattleScribe export reads: the pack, its mapping, the texts and the ids."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pnpforge.content.pack import Item, Pack
from pnpforge.content.text import in_language
from pnpforge.content.battlescribe import EntrySpec, Mapping, ProfileSpec, RuleSpec
from pnpforge.publish.battlescribe.texts import Reader
from pnpforge.publish.battlescribe.xml import stable_id
from pnpforge.publish.value_words import choice_words

GAME_SYSTEM = None  # the "catalogue" of what every faction shares


@dataclass
class Context:
    """One pack's export in one language."""

    pack: Pack
    mapping: Mapping
    lang: str
    reader: Reader = field(init=False)
    profiles: dict[str, ProfileSpec] = field(init=False)
    rules: dict[str, RuleSpec] = field(init=False)
    entries: dict[str, EntrySpec] = field(init=False)

    def __post_init__(self) -> None:
        self.profiles = {spec.type: spec for spec in self.mapping.profiles}
        self.rules = {spec.type: spec for spec in self.mapping.rules}
        self.entries = {spec.type: spec for spec in self.mapping.entries}
        links = {(spec.type, link.field): link for spec in self.mapping.profiles for link in spec.links}
        self.reader = Reader(self.pack, self.lang, links)
        self.factions = [faction.id for faction in self.pack.game.factions]
        self.items = self.pack.by_id()

    def id(self, *path: str) -> str:
        return stable_id(self.pack.id, *path)

    def name(self, item: Item) -> str:
        """An item's name as players read it."""
        return self.reader.name_of(item.id, item.type)

    def game_name(self) -> str:
        return in_language(self.pack.game.name, self.lang, self.pack.game.languages[0])

    def faction_name(self, faction: str) -> str:
        return self.reader.name_of(faction, "faction")

    def home(self, item: Item, catalogue_field: str | None) -> str | None:
        """The faction whose catalogue holds the item, or None for the game system."""
        value = item.get(catalogue_field) if catalogue_field else None
        return value if isinstance(value, str) and value in self.factions else GAME_SYSTEM

    def fields(self, type_name: str) -> dict[str, Any]:
        return self.pack.types[type_name].fields

    # -- categories -----------------------------------------------------------------------------------------------
    def categories(self) -> list[tuple[str, str]]:
        """Every category (key, name), in the order the mapping and the fields declare them."""
        found: dict[str, str] = {}
        for spec in self.mapping.entries:
            source = spec.category
            if source.field is not None:
                declared = self.fields(spec.type)[source.field]
                for value in getattr(declared, "values", []) or []:
                    words = choice_words(self.pack, declared, value, self.lang)
                    found.setdefault(value, words[:1].upper() + words[1:])
            elif source.id is not None:
                found.setdefault(source.id, source.name or source.id)
        return list(found.items())

    def category_of(self, item: Item) -> str:
        source = self.entries[item.type].category
        return str(item.get(source.field)) if source.field is not None else str(source.id)

    def category_id(self, key: str) -> str:
        return self.id("category", key)

    def is_root(self, item: Item) -> bool:
        """Whether the item is taken on its own (not only inside another entry)."""
        return not any(item.get(name) in values for name, values in self.entries[item.type].not_root.items())
