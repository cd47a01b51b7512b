"""What a card says when a player hovers it in Tabletop Simulator: its name, and a plain description from its data.

The description gives the item's numbers and words one per line, in the order the type declares its fields: a
number, a choice or a yes/no as ``Label: value`` (a choice in the words the web site uses, ``publish.value_words``),
a reference by the name of what it refers to, lists joined with commas, text with its ``:icon:`` marks as the icons'
labels in brackets and its ``**bold**`` and ``*italic*`` as the ``[b]`` and ``[i]`` tags Tabletop Simulator draws.
Images, effects (their player text is a text field beside them) and nested objects are left out.
"""

from __future__ import annotations

from typing import Any

from pnpforge.content.pack import Item, Pack
from pnpforge.content import markup
from pnpforge.content.text import in_language
from pnpforge.publish.value_words import choice_words
from pnpforge.render.environment import field_label, humanise

SCALAR_KINDS = ("int", "number", "bool", "string", "enum", "ref")
LEFT_OUT = ("name", "id", "qty")


class Describer:
    """Names and descriptions of a pack's items in one language."""

    def __init__(self, pack: Pack, lang: str):
        self.pack, self.lang = pack, lang
        self.fallback = pack.game.languages[0]
        self.factions = {faction.id: in_language(faction.name, lang) for faction in pack.game.factions}
        self.items = pack.by_id()

    def name_of_game(self) -> str:
        """The game's title."""
        return in_language(self.pack.game.name, self.lang, self.fallback)

    def name(self, item: Item) -> str:
        """The item's name, else its id in words."""
        name = item.get("name")
        return in_language(name, self.lang, self.fallback) if name else humanise(item.id)

    def description(self, item: Item) -> str:
        """The item's fields as lines a player reads."""
        lines = []
        for name, spec in self.pack.types[item.type].fields.items():
            value = item.get(name)
            if name in LEFT_OUT or value is None or value == [] or value == "":
                continue
            label = field_label(spec, name, self.lang)
            if spec.kind == "text":
                lines.append(self._text(value))
            elif spec.kind in SCALAR_KINDS:
                lines.append(f"{label}: {self._scalar(value, spec)}")
            elif spec.kind == "list" and getattr(spec.of, "kind", None) in SCALAR_KINDS:
                lines.append(f"{label}: {', '.join(self._scalar(v, spec.of) for v in value)}")
        return "\n".join(line for line in lines if line.strip())

    def _scalar(self, value: Any, spec: Any) -> str:
        """A single value in words: a yes/no, a number, a choice as the web site says it (``value_words``), a
        reference by the name of the faction or item it names."""
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, float):
            return f"{value:g}"
        if isinstance(value, int):
            return str(value)
        if not isinstance(value, str):
            return in_language(value, self.lang, self.fallback)
        if spec.kind == "enum":
            return choice_words(self.pack, spec, value, self.lang)
        if spec.kind == "ref" and spec.to == "faction" and value in self.factions:
            return self.factions[value]
        target = self.items.get(value) if spec.kind == "ref" else None
        if target is not None and target.get("name"):
            return self.name(target)
        return humanise(value)

    def _text(self, value: Any) -> str:
        """Player text with each ``:icon:`` as ``[its label]`` and its emphasis as ``[b]`` and ``[i]``."""
        icons = self.pack.game.icons

        def label(icon_id: str) -> str:
            icon = icons.get(icon_id)
            return f"[{in_language(icon.label, self.lang) if icon else humanise(icon_id)}]"

        return markup.bbcode(in_language(value, self.lang, self.fallback), label)
