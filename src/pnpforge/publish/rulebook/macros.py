"""What the macros of a rules page become: icons, glossary terms, card figures and card tables, as HTML.

Each macro is checked where it stands; an unknown icon, card, type, field or term is an error finding at the
page's line and column, and the macro is drawn as a visible mark so the rest of the rulebook still builds.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup, escape

from pnpforge.content.pack import Item, Pack
from pnpforge.content import markup
from pnpforge.content.text import in_language
from pnpforge.findings import Finding, Mark
from pnpforge.publish.rulebook.book import GlossaryEntry, Sources
from pnpforge.publish.rulebook.figures import Figures
from pnpforge.publish.rulebook.markdown import Where
from pnpforge.publish.rulebook.tables import colgroup, column_widths, measured
from pnpforge.render.environment import humanise
from pnpforge.render.icons import IconSet

TABLE_ARGS = re.compile(r"^([a-z][a-z0-9_]*)((?:\s+[a-z][a-z0-9_]*=\S+)*)\s*:\s*(.+)$")


def slug(text: str) -> str:
    """An anchor name for a text: accents dropped (``Bogenschütze`` -> ``bogenschutze``), other signs as hyphens."""
    folded = unicodedata.normalize("NFKD", text.replace("ß", "ss")).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", folded.lower()).strip("-") or "x"


def term_key(text: str) -> str:
    """How a term is looked up: case and spacing do not matter."""
    return " ".join(text.casefold().split())


@dataclass
class Use:
    """One use of a glossary term in the text (an index entry points at it)."""

    anchor: str
    term: str


@dataclass
class Macros:
    """Draws the macros of every page of one rulebook and collects what they find wrong."""

    sources: Sources
    figures: Figures
    lang: str
    findings: list[Finding] = field(default_factory=list)
    uses: list[Use] = field(default_factory=list)

    def __post_init__(self) -> None:
        """Icons, items and terms by id."""
        self.pack: Pack = self.sources.pack
        self.icons = IconSet(self.pack, self.lang, self.figures.layouts_dir)
        self.items = self.pack.by_id()
        self.terms: dict[str, GlossaryEntry] = {}
        for entry in self.sources.glossary:
            for name in (entry.term, *entry.aliases):
                self.terms.setdefault(term_key(name), entry)

    def error(self, page: str, where: Where | None, message: str) -> None:
        """An error at a place of a page."""
        mark = Mark(page, where.line, where.col) if where else Mark(page)
        self.findings.append(Finding("error", message, mark=mark, rule="rulebook"))

    def t(self, value: Any) -> str:
        """A text value in the rulebook's language."""
        return in_language(value, self.lang, self.pack.game.languages[0])

    # --- inline -------------------------------------------------------------------------------------------
    def icon(self, icon_id: str, page: str, where: Where | None, css_class: str = "icon") -> Markup:
        """An icon drawn inline; an unknown one is reported."""
        if icon_id not in self.pack.game.icons:
            known = ", ".join(sorted(self.pack.game.icons))
            self.error(page, where, f"unknown icon ':{icon_id}:'; known icons: {known}")
            return Markup(f'<span class="rb-missing">:{escape(icon_id)}:</span>')
        return self.icons.svg(icon_id, None, css_class)

    def rich(self, text: str, page: str = "", where: Where | None = None) -> Markup:
        """Content text with its inline markup (``content.markup``: emphasis and ``:icon:``), escaped."""
        return markup.html(text, lambda icon_id: self.icon(icon_id, page, where))

    def term(self, key: str, shown: str, page: str, where: Where | None, indexed: bool = True) -> Markup:
        """A glossary term: a link to its definition, and an index entry."""
        entry = self.terms.get(term_key(key))
        if entry is None:
            near = difflib.get_close_matches(term_key(key), list(self.terms), n=1)
            hint = f"; did you mean '{near[0]}'?" if near else ""
            self.error(page, where, f"unknown glossary term '{key}'{hint} (terms are defined in "
                                    f"{self._glossary_path()})")
            return Markup(f'<span class="rb-missing">{escape(shown)}</span>')
        target = f"term-{slug(entry.term)}"
        if not indexed:
            return Markup(f'<a class="rb-term" href="#{target}">{escape(shown)}</a>')
        anchor = f"ix-{slug(entry.term)}-{len(self.uses) + 1}"
        self.uses.append(Use(anchor, entry.term))
        return Markup(f'<a class="rb-term" id="{anchor}" href="#{target}">{escape(shown)}</a>')

    def _glossary_path(self) -> str:
        """Where the glossary lives, for messages."""
        doc = self.sources.glossary_doc
        return doc.path if doc else f"{self.sources.folder.as_posix()}/glossary.yaml"

    # --- blocks -------------------------------------------------------------------------------------------
    def cards(self, args: str, page: str, where: Where | None) -> Markup:
        """``{card ID ...}``: a row of figures; ``ID+LAYER+...`` draws transparent cards over the card."""
        if not args.split():
            self.error(page, where, "{card} needs at least one card id")
        drawn = []
        for word in args.split():
            faces = [self._face(card_id, page, where) for card_id in word.split("+")]
            if any(face is None for face in faces):
                drawn.append(Markup(f'<span class="rb-missing">{escape(word)}</span>'))
                continue
            card, layers = faces[0], faces[1:]
            names = [self.t(face.item.get("name", face.item.id)) for face in layers]
            notes = [f"+ {', '.join(names)}"] if names else []
            drawn.append(self.figures.draw(card, self.sources.book.figure_scale, layers,
                                           self.t(card.item.get("name", card.item.id)), notes))
        return Markup('<div class="rb-figures">') + Markup("").join(drawn) + Markup("</div>")

    def _face(self, card_id: str, page: str, where: Where | None):
        """The printed front of a card, or None with an error."""
        face = self.figures.face_of(card_id)
        if face is None:
            near = difflib.get_close_matches(card_id, list(self.figures.fronts), n=1)
            hint = f"; did you mean '{near[0]}'?" if near else ""
            why = "it has no printed face" if card_id in self.items else "no item of the pack has this id"
            self.error(page, where, f"unknown card '{card_id}': {why}{hint}")
        return face

    def table(self, args: str, page: str, where: Where | None) -> Markup:
        """``{table TYPE [FIELD=VALUE ...]: FIELD[=Label], ...}``: one row per item of the type."""
        match = TABLE_ARGS.match(args)
        if not match:
            self.error(page, where, "expected {table TYPE [FIELD=VALUE ...]: FIELD[=Label], ...}")
            return Markup("")
        type_name, filters, columns = match.group(1), match.group(2).split(), match.group(3)
        spec = self.pack.types.get(type_name)
        if spec is None:
            self.error(page, where, f"unknown type '{type_name}'; types: {', '.join(self.pack.types)}")
            return Markup("")
        known = ["id", *spec.fields]
        wanted: list[tuple[str, str]] = []
        for part in (p.strip() for p in columns.split(",")):
            name, _, label = part.partition("=")
            name = name.strip()
            if name not in known:
                self.error(page, where, f"type '{type_name}' has no field '{name}'; fields: {', '.join(known)}")
                continue
            wanted.append((name, label.strip() or humanise(name)))
        where_values: list[tuple[str, str]] = []
        for condition in filters:
            name, _, value = condition.partition("=")
            if name not in known:
                self.error(page, where, f"type '{type_name}' has no field '{name}'; fields: {', '.join(known)}")
            where_values.append((name, value))
        rows = [item for item in self.pack.of_type(type_name)
                if all(_shown_value(item, name) == value for name, value in where_values)]
        cells = [[str(self.cell(item, name)) for name, _ in wanted] for item in rows]
        columns = [[(label, 0)] + [measured(row[i]) for row in cells] for i, (_, label) in enumerate(wanted)]
        head = "".join(f'<th class="rb-col-{escape(name)}">{escape(label)}</th>' for name, label in wanted)
        body = "".join("<tr>" + "".join(f'<td class="rb-col-{escape(name)}">{cell}</td>'
                                        for (name, _), cell in zip(wanted, row)) + "</tr>" for row in cells)
        return Markup(f'<table class="rb-cards rb-cards-{escape(type_name)}">{colgroup(column_widths(columns))}'
                      f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")

    def cell(self, item: Item, name: str) -> Markup:
        """One field of an item as table text: icons for values that are icons, names for references."""
        if name == "id":
            return Markup(escape(item.id))
        spec = self.pack.types[item.type].fields[name]
        return self.value(item.get(name), spec)

    def value(self, value: Any, spec: Any) -> Markup:
        """A value of a declared field kind as HTML."""
        if value is None or value == []:
            return Markup("")
        kind = spec.kind
        if kind == "text":
            return self.rich(self.t(value))
        if kind == "list":
            return Markup(" ").join(self.value(v, spec.of) for v in value)
        if kind == "bool":
            return Markup(escape(self.sources.label("yes" if value else "no")))
        if kind in ("enum", "string") and isinstance(value, str):
            icon_id = value if value in self.pack.game.icons else value.replace("_", "-")
            if icon_id in self.pack.game.icons:
                return self.icons.svg(icon_id, None, "icon") + Markup(
                    f'<span class="rb-icon-label">{escape(self.icons.label(icon_id))}</span>')
            return Markup(escape(humanise(value).lower()))
        if kind == "ref":
            if spec.to == "faction":
                faction = next((f for f in self.pack.game.factions if f.id == value), None)
                return Markup(escape(self.t(faction.name) if faction else value))
            target = self.items.get(value)
            return Markup(escape(self.t(target.get("name", value)) if target else value))
        if kind == "object":
            return Markup("; ").join(Markup(f"{escape(humanise(k).lower())} ") + self.value(v, spec.fields[k])
                                     for k, v in value.items() if v is not None and k in spec.fields)
        return Markup(escape(str(value)))


def _shown_value(item: Item, name: str) -> str:
    """A field's value as a table filter compares it."""
    value = item.id if name == "id" else item.get(name)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
