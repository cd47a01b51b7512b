"""Rules pages to HTML chapters, and the rule ids their sections explain.

A page (``rules/NN-name.md``) is one chapter and opens with a level-1 heading. A heading's ``rules=`` names the
rule ids of ``rules.yaml`` that its section (up to the next heading of the same or a higher level) explains;
``rule_coverage`` checks both directions: every named id exists, and every id of the registry is explained.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markupsafe import Markup, escape

from pnpforge.content.pack import Pack
from pnpforge.findings import Finding, Mark
from pnpforge.publish.rulebook.book import Page
from pnpforge.publish.rulebook.analyses import analysis_html
from pnpforge.publish.rulebook.examples import example_html
from pnpforge.publish.rulebook.macros import Macros, slug
from pnpforge.publish.rulebook.maps import map_figure
from pnpforge.publish.rulebook.planes import plane_figure
from pnpforge.publish.rulebook import sanitize
from pnpforge.publish.rulebook.markdown import Where, parse, parser
from pnpforge.publish.rulebook.tables import colgroup, column_widths

MACROS = ("card", "table", "example", "map", "plane", "analysis")


@dataclass
class Heading:
    """A heading of a page, with the rule ids its section explains."""

    level: int
    text: str
    anchor: str
    rules: list[str]
    where: Where


@dataclass
class Chapter:
    """One rules page as HTML."""

    page: Page
    title: str
    anchor: str
    classes: list[str]
    headings: list[Heading] = field(default_factory=list)
    html: Markup = Markup("")


class ChapterWriter:
    """Parses and renders every page of one rulebook, keeping anchors unique across pages."""

    def __init__(self, macros: Macros):
        """One parser; the macros draw what the pages ask for."""
        self.macros = macros
        self.md = parser()
        self.anchors: set[str] = {"contents", "glossary", "index"}
        self.findings = macros.findings
        renderer = self.md.renderer
        assert isinstance(renderer, RendererHTML)  # parser()'s, markdown-it's own
        rules: dict[str, Any] = renderer.rules  # typed as bound methods; a plain function is called the same
        rules["rb_icon"] = self._icon
        rules["rb_term"] = self._term
        rules["rb_macro"] = self._macro
        rules["heading_open"] = self._heading_open
        rules["table_open"] = _table_open
        sanitize.install(renderer)  # raw HTML from the pack's text passes an allow-list

    def chapter(self, page: Page) -> Chapter:
        """The page as a chapter; problems become findings at their line and column."""
        tokens = parse(self.md, page.text)
        headings = self._headings(tokens, page)
        first = next((t for t in tokens if t.type not in ("rb_macro",)), None)
        if first is None or first.type != "heading_open" or first.tag != "h1":
            self.macros.error(page.shown, Where(1, 1), "a rules page opens with a level-1 heading (# Title)")
        top = headings[0] if headings and headings[0].level == 1 else None
        classes: list[str] = next((t.meta["classes"] for t in tokens if t.type == "heading_open"), []) if top else []
        chapter = Chapter(page, top.text if top else page.path.stem, top.anchor if top else slug(page.path.stem),
                          classes, headings)
        chapter.html = Markup(self.md.renderer.render(tokens, self.md.options, {"page": page.shown}))
        return chapter

    def _headings(self, tokens: list[Token], page: Page) -> list[Heading]:
        """Every heading, given its anchor (written or made from its words)."""
        found = []
        for index, token in enumerate(tokens):
            if token.type != "heading_open":
                continue
            meta = token.meta
            text = plain_text(tokens[index + 1])
            where = meta["where"] or Where(token.map[0] + 1 if token.map else 1, 1)
            for other in meta["unknown"]:
                self.macros.error(page.shown, where, f"unknown heading attribute '{other}'; use #anchor, .class "
                                                     "or rules=id,id")
            anchor = meta["anchor"] or slug(text)
            if anchor in self.anchors:
                if meta["anchor"]:
                    self.macros.error(page.shown, where, f"anchor '#{anchor}' is used twice")
                anchor = next(f"{anchor}-{n}" for n in range(2, 1000) if f"{anchor}-{n}" not in self.anchors)
            self.anchors.add(anchor)
            meta["anchor"] = anchor
            found.append(Heading(int(token.tag[1]), text, anchor, list(meta["rules"]), where))
        return found

    def _heading_open(self, tokens, idx, options, env) -> str:
        """``<hN id=... class=... data-rules=...>``."""
        token = tokens[idx]
        meta = token.meta or {}
        attributes = f' id="{escape(meta.get("anchor") or "")}"'
        if meta.get("classes"):
            attributes += f' class="{escape(" ".join(meta["classes"]))}"'
        if meta.get("rules"):
            attributes += f' data-rules="{escape(" ".join(meta["rules"]))}"'
        return f"<{token.tag}{attributes}>"

    def _icon(self, tokens, idx, options, env) -> str:
        token = tokens[idx]
        return str(self.macros.icon(token.meta["id"], env["page"], env.get("where") or token.meta.get("where")))

    def _term(self, tokens, idx, options, env) -> str:
        token = tokens[idx]
        return str(self.macros.term(token.meta["key"], token.meta["shown"], env["page"],
                                    env.get("where") or token.meta.get("where"), not env.get("glossary")))

    def _macro(self, tokens, idx, options, env) -> str:
        """A block macro: figures, a card table, a worked example, a map or a data analysis' tables."""
        meta = tokens[idx].meta
        name, args, where, page = meta["name"], meta["args"], meta["where"], env["page"]
        if name == "card":
            return str(self.macros.cards(args, page, where)) + "\n"
        if name == "table":
            return str(self.macros.table(args, page, where)) + "\n"
        if name == "example":
            drawing = self.macros.sources.book.examples
            return str(example_html(self.macros, drawing, args, page, where, self.findings)) + "\n"
        if name == "map":
            return str(map_figure(self.macros, args, page, where)) + "\n"
        if name == "plane":
            return str(plane_figure(self.macros, args, page, where)) + "\n"
        if name == "analysis":
            return str(analysis_html(self.macros, args, page, where)) + "\n"
        self.macros.error(page, where, f"unknown macro '{{{name}}}'; macros: {', '.join(MACROS)}")
        return ""


def _table_open(tokens, idx, options, env) -> str:
    """A Markdown table, laid out with fixed column widths measured from its cells."""
    columns: list[list[tuple[str, int]]] = []
    column = 0
    for token in tokens[idx + 1:]:
        if token.type == "table_close":
            break
        if token.type == "tr_open":
            column = 0
        elif token.type == "inline":
            while len(columns) <= column:
                columns.append([])
            icons = sum(1 for child in token.children or [] if child.type == "rb_icon")
            columns[column].append((plain_text(token), icons))
            column += 1
    return f'<table class="rb-table">{colgroup(column_widths(columns))}\n'


def plain_text(inline: Token) -> str:
    """The words of an inline token (icons and markup left out)."""
    parts = []
    for child in inline.children or []:
        if child.type in ("text", "code_inline"):
            parts.append(child.content)
        elif child.type == "rb_term":
            parts.append(child.meta["shown"])
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return " ".join("".join(parts).split())


def rule_coverage(pack: Pack, chapters: list[Chapter]) -> list[Finding]:
    """Every rule id a heading names exists in ``rules.yaml``; every id there is explained by some section."""
    known = {rule.id for rule in pack.rules}
    findings, named = [], set()
    for chapter in chapters:
        for heading in chapter.headings:
            for rule_id in heading.rules:
                named.add(rule_id)
                if rule_id not in known:
                    findings.append(Finding("error", f"heading '{heading.text}': unknown rule id '{rule_id}' (not "
                                                     "in rules.yaml)", mark=Mark(chapter.page.shown, heading.where.line,
                                                                                 heading.where.col), rule="rulebook"))
    for index, rule in enumerate(pack.rules):
        if rule.id not in named:
            mark = pack.rules_doc.mark((index, "id")) if pack.rules_doc else None
            findings.append(Finding("warning", f"rule '{rule.id}' is explained by no section of the rulebook "
                                               "(name it in a heading's rules=)", mark=mark, rule="rulebook"))
    return findings
