"""A card's fields as players read them: each field's label from the pack's schema, each value in words.

A field's label is its declared ``label`` in the site's language, else its name in words. Values:
  text            the text with its icons drawn;
  enum            an icon with its label when the value names an icon, else the declared ``value_labels``, else
                  the value in words; ``string`` fields are codes players do not read and are left out;
  ref             the name of the item or faction, linked to its page or glossary entry;
  effect          the item's own player text (its ``text`` field, else its first required text field), which
                  then is not shown a second time (so also for a mapping that holds effects, such as an ability
                  with its timing); an item without one shows the effect's name, its parameters with their
                  labels, and its one-line doc;
  list            of text: a list of paragraphs; of objects: a small table with a column per field; of lists:
                  a grid (a board's rows); of anything else: the values one after another;
  object          a small table of its fields;
  bool            the site's words for yes and no;
  grid            the map drawn as an inline SVG (``render/map_drawing.py``).
Nothing is ever shown as Python writes it (no braces, brackets, quotes or underscores of a data value).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from markupsafe import Markup, escape

from pnpforge.content.fields import label_in
from pnpforge.content.pack import Item, Pack
from pnpforge.publish.rulebook.macros import Macros
from pnpforge.publish.value_words import choice_words, icon_of
from pnpforge.render.map_drawing import field_map
from pnpforge.render.environment import field_label, humanise

TITLE_FIELD = "name"
TEXT_FIELD = "text"
QUIET = ("string", "image")  # kinds players do not read
Href = Callable[[str, str], "str | None"]  # (id, type or 'faction') -> the URL of its page or entry


def player_text_field(pack: Pack, type_name: str) -> str | None:
    """The field holding an item's rules text for players: ``text``, else the first required text field."""
    fields = pack.types[type_name].fields
    if TEXT_FIELD in fields and fields[TEXT_FIELD].kind == "text":
        return TEXT_FIELD
    return next((name for name, spec in fields.items()
                 if spec.kind == "text" and spec.required and name != TITLE_FIELD), None)


def holds_effects(spec: Any) -> bool:
    """True for a field that holds effects: an effect, a list of them, or a mapping (or list of mappings) with
    effects among its fields (an ability: when it works, and its effects)."""
    if spec.kind == "effect":
        return True
    if spec.kind == "list":
        return holds_effects(spec.of)
    return spec.kind == "object" and any(holds_effects(sub) for sub in spec.fields.values())


class Values:
    """Draws field values of one pack in one language."""

    def __init__(self, pack: Pack, macros: Macros, href_of: Href, words: Callable[[str], str],
                 hidden: tuple[str, ...] = ()):
        """``words`` gives the site's own words (``yes``, ``no``); ``hidden`` lists ``type.field`` to leave out."""
        self.pack = pack
        self.macros = macros
        self.lang = macros.lang
        self.href_of = href_of
        self.words = words
        self.hidden = set(hidden)

    def rows(self, item: Item) -> list[tuple[str, str, Markup]]:
        """``(field, label, HTML)`` for every field of a card page that has a value (the name is the title); the
        first field of effects shows the item's player text, which then has no row of its own."""
        fields = self.pack.types[item.type].fields
        text_field = player_text_field(self.pack, item.type)
        folded = text_field if text_field and item.get(text_field) and any(
            holds_effects(spec) and item.get(name) for name, spec in fields.items()) else None
        rows, told = [], False
        for name, spec in fields.items():
            if name in (TITLE_FIELD, folded) or spec.kind in QUIET or f"{item.type}.{name}" in self.hidden:
                continue
            if folded and holds_effects(spec) and item.get(name):
                if told:
                    continue
                html, told = self.html(item.get(folded), fields[folded]), True
            else:
                html = self.html(item.get(name), spec)
            if html:
                rows.append((name, field_label(spec, name, self.lang), html))
        return rows

    def html(self, value: Any, spec: Any) -> Markup:
        """A value of a declared field as HTML."""
        if value is None or value == [] or value == "" or value == {}:
            return Markup("")
        kind = spec.kind
        if kind == "text":
            return self.macros.rich(self.macros.t(value))
        if kind == "bool":
            return Markup(escape(self.words("yes" if value else "no")))
        if kind in ("int", "number"):
            return Markup(escape(f"{value:g}" if isinstance(value, float) else str(value)))
        if kind == "enum":
            return self.enum(value, spec)
        if kind == "string":
            return Markup(escape(humanise(value).lower()))
        if kind == "ref":
            return self.ref(value, spec)
        if kind == "effect":
            return self.effect(value)
        if kind == "object":
            return self.object(value, spec)
        if kind == "list":
            return self.list(value, spec)
        if kind == "grid":
            return field_map(value)
        return Markup("")

    def enum(self, value: Any, spec: Any, icon_only: bool = False) -> Markup:
        """An enum value: its icon (with its label), its declared label, or the value in words."""
        words = choice_words(self.pack, spec, value, self.lang)  # as Tabletop Simulator's descriptions say it
        icon_id = icon_of(self.pack, value)
        if icon_id is not None:
            svg = self.macros.icons.svg(icon_id, None, "icon")
            if icon_only:
                return svg
            return svg + Markup(f'<span class="rb-icon-label">{escape(words)}</span>')
        return Markup(escape(words))

    def ref(self, value: Any, spec: Any) -> Markup:
        """The name of the item or faction referred to, linked where it has a page or an entry."""
        if spec.to == "faction":
            faction = next((f for f in self.pack.game.factions if f.id == value), None)
            text = self.macros.t(faction.name) if faction else humanise(value)
        else:
            target = self.macros.items.get(value)
            text = self.macros.t(target.get(TITLE_FIELD, value)) if target else humanise(value)
        href = self.href_of(str(value), spec.to)
        return Markup(f'<a href="{escape(href)}">{escape(text)}</a>') if href else Markup(escape(text))

    def effect(self, value: Any) -> Markup:
        """An effect without player text: its name, its parameters in words, and what it does."""
        if not isinstance(value, dict):
            return Markup(escape(humanise(value)))
        name = str(value.get("effect", ""))
        declared = self.pack.effects.get(name)
        params = declared.params if declared else {}
        parts = []
        for key, param in value.items():
            if key == "effect" or param is None:
                continue
            spec = params.get(key)
            shown = self.html(param, spec) if spec is not None else Markup(escape(humanise(str(param)).lower()))
            declared_label = getattr(spec, "label", None)
            label = label_in(declared_label, self.lang, key) if declared_label else humanise(key).lower()
            parts.append(Markup(f"{escape(label)}: ") + shown)
        html = Markup(f'<span class="wb-effect-name">{escape(humanise(name))}</span>')
        if parts:
            html += Markup(" (") + Markup(", ").join(parts) + Markup(")")
        if declared and declared.doc:
            html += Markup(f' <span class="wb-effect-doc">{escape(declared.doc)}</span>')
        return html

    def object(self, value: Any, spec: Any) -> Markup:
        """A mapping as a small table of its fields."""
        if not isinstance(value, dict):
            return Markup("")
        rows = []
        for key, sub in spec.fields.items():
            if sub.kind in QUIET:
                continue
            html = self.html(value.get(key), sub)
            if html:
                rows.append(Markup(f'<tr><th scope="row">{escape(field_label(sub, key, self.lang))}</th>'
                                   f"<td>{html}</td></tr>"))
        return Markup('<table class="wb-object"><tbody>') + Markup("").join(rows) + Markup("</tbody></table>")

    def list(self, value: Any, spec: Any) -> Markup:
        """A list as paragraphs, a table, a grid, or its values one after another."""
        inner = spec.of
        values = [v for v in value if v is not None and v != ""] if isinstance(value, list) else [value]
        if inner.kind == "text":
            items = [self.html(v, inner) for v in values]
            if len(items) == 1:
                return items[0]
            return Markup('<ul class="wb-list">') + Markup("").join(
                Markup("<li>") + item + Markup("</li>") for item in items) + Markup("</ul>")
        if inner.kind == "object":
            return self.table(values, inner)
        if inner.kind == "list":
            return self.grid(values, inner.of)
        if inner.kind == "effect":
            return Markup("; ").join(self.effect(v) for v in values)
        parts = [self.html(v, inner) for v in values]
        joiner = Markup(" ") if inner.kind == "enum" and all(
            str(v) in self.pack.game.icons or str(v).replace("_", "-") in self.pack.game.icons for v in values) \
            else Markup(", ")
        return joiner.join(p for p in parts if p)

    def table(self, values: Sequence[Any], spec: Any) -> Markup:
        """A list of mappings as a table with a column per field that any of them gives."""
        columns = [(key, sub) for key, sub in spec.fields.items()
                   if sub.kind not in QUIET and any(isinstance(v, dict) and v.get(key) not in (None, "", [])
                                                    for v in values)]
        head = "".join(f'<th scope="col">{escape(field_label(sub, key, self.lang))}</th>' for key, sub in columns)
        body = [Markup("<tr>") + Markup("").join(Markup("<td>") + self.html(v.get(key), sub) + Markup("</td>")
                                                 for key, sub in columns) + Markup("</tr>")
                for v in values if isinstance(v, dict)]
        return Markup(f'<table class="wb-object wb-object-list"><thead><tr>{head}</tr></thead><tbody>') + \
            Markup("").join(body) + Markup("</tbody></table>")

    def grid(self, rows: Sequence[Any], spec: Any) -> Markup:
        """Rows of values (a board's squares) as a grid; icons are drawn without their labels."""
        lines = []
        for row in rows:
            cells = row if isinstance(row, list) else [row]
            shown = [self.enum(v, spec, icon_only=True) if spec.kind == "enum" else self.html(v, spec) for v in cells]
            lines.append(Markup("<tr>") + Markup("").join(Markup("<td>") + cell + Markup("</td>") for cell in shown)
                         + Markup("</tr>"))
        return Markup('<table class="wb-grid"><tbody>') + Markup("").join(lines) + Markup("</tbody></table>")
