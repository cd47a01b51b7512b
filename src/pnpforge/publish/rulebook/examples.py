"""Worked examples: a scenario file of ``examples/``, replayed by the game's engine, drawn and told in words.

The situation is drawn as card figures (cards of the pack, or members written inline, drawn by their type's
layout from their stats, with their transparent cards on them); the outcome is written from the engine's own
result (``words.py``), so the words cannot drift from the rules. The scenario's stated outcome (``expect:``, or the
file ``<stem>.expected.json`` beside it) is compared with the engine's; every difference is an error at the
stated value. How a scenario is read and its outcome worded is the pack's data (``rulebook.yaml``, ``examples:``);
a game whose examples are positions rather than cards draws them itself (the game package's ``example``: board
diagrams before and after, and the outcome in words). This module knows no game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from markupsafe import Markup, escape

from pnpforge.content.source import Doc
from pnpforge.engine.replay import replay_and_check
from pnpforge.findings import Finding, Mark
from pnpforge.games import load_package
from pnpforge.publish.rulebook.book import ExampleDrawing
from pnpforge.publish.rulebook.words import OutcomeWriter, fill
from pnpforge.publish.rulebook.macros import Macros
from pnpforge.publish.rulebook.markdown import Where
from pnpforge.render.environment import humanise

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

EXAMPLES_DIR = "examples"
EXAMPLE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")  # a file of examples/, never a path


@dataclass
class Replayed:
    """A scenario file and what the engine made of it."""

    stem: str
    doc: Doc
    outcome: dict | None
    findings: list[Finding]


_REPLAYED: dict[tuple, tuple[object, Replayed]] = {}  # process cache: each example replayed once


def replay_example(macros: Macros, stem: str) -> Replayed | None:
    """Replay ``examples/<stem>.yaml`` and compare it with its stated outcome (None when there is no such file).

    A process replays an example of a pack once while the file and its stated outcome are unchanged.
    """
    pack = macros.pack
    path = pack.root / EXAMPLES_DIR / f"{stem}.yaml"
    if not EXAMPLE_NAME.fullmatch(stem) or not path.is_file():
        return None
    key = (id(pack), stem, *_stat(path), *_stat(path.with_name(f"{stem}.expected.json")))
    known = _REPLAYED.get(key)
    if known is not None and known[0] is pack:
        return replace(known[1], findings=list(known[1].findings))
    replayed = _replay(pack, path, stem)
    if len(_REPLAYED) > 256:  # a long-running watch keeps only recent packs' examples
        _REPLAYED.clear()
    _REPLAYED[key] = (pack, replayed)  # the pack is kept, so its id is not reused
    return replace(replayed, findings=list(replayed.findings))


def _stat(path: Path) -> tuple[int, int]:
    """A file's time and size, (0, -1) when there is none."""
    try:
        status = path.stat()
    except OSError:
        return 0, -1
    return status.st_mtime_ns, status.st_size


def _replay(pack: Pack, path: Path, stem: str) -> Replayed:
    """Replay one example file."""
    package = load_package(pack.game.engine)
    if package is None or package.replay is None:
        doc, _ = replay_and_check(None, pack, path)
        return Replayed(stem, doc, None, [Finding("error", f"example '{stem}': pack '{pack.id}' has no rules engine "
                                                           "to replay it", mark=Mark(doc.path), rule="rulebook")])
    doc, outcome = replay_and_check(package, pack, path)
    findings = [f if f.rule else replace(f, rule="rulebook-example") for f in outcome.findings]
    return Replayed(stem, doc, outcome.data, findings)


@dataclass
class ExampleView:
    """Draws one replayed example."""

    macros: Macros
    drawing: ExampleDrawing
    replayed: Replayed

    def __post_init__(self) -> None:
        """Names the example itself gives (parts and members written inline)."""
        self.local: dict[str, str] = {}
        data = self.replayed.doc.data if isinstance(self.replayed.doc.data, dict) else {}
        for n, part in enumerate(data.get(self.drawing.parts) or [], 1):
            if not isinstance(part, dict):
                continue
            if not self._is_ref(part, self.drawing.part.ref, self.drawing.part.fields):
                name = part.get("name")
                part_id = part.get(self.drawing.part.ref) or fill(self.drawing.part.inline_id, {"n": str(n)})
                self.local[str(part_id)] = str(name) if name else humanise(str(part_id))
            members = part.get(self.drawing.part.members)
            for listed in (members.values() if isinstance(members, dict) else []):
                for member in listed if isinstance(listed, list) else []:
                    self._name_member(member)

    def _name_member(self, member: Any) -> None:
        """An inline member's name: its own, else its id in words."""
        if not isinstance(member, dict) or self.drawing.member.ref in member:
            return
        keys = {field: key for key, field in self.drawing.member.fields.items()}
        member_id = member.get(keys.get("id", "id"))
        if member_id:
            name = member.get(keys.get("name", "name"))
            self.local[str(member_id)] = str(name) if name else humanise(str(member_id))

    @staticmethod
    def _is_ref(part: dict, ref: str, fields: list[str]) -> bool:
        """A part naming a pack item and giving none of the inline fields."""
        return ref in part and not any(f in part for f in fields if f != ref)

    def name_of(self, value: Any) -> str:
        """An id in words: the pack's name for it, the example's, or the id made readable."""
        if not isinstance(value, str):
            return str(value)
        words = self.drawing.outcome.names
        if value in words:
            return words[value]
        if value in self.local:
            return self.local[value]
        item = self.macros.items.get(value)
        if item is not None and item.get("name"):
            return self.macros.t(item.get("name"))
        faction = next((f for f in self.macros.pack.game.factions if f.id == value), None)
        if faction is not None:
            return self.macros.t(faction.name)
        if value in self.macros.pack.game.icons:
            return self.macros.icons.label(value)
        return humanise(value)

    # --- figures ----------------------------------------------------------------------------------------------
    def situation(self) -> Markup:
        """Every part with its card and, side by side, the members each side has there."""
        data = self.replayed.doc.data if isinstance(self.replayed.doc.data, dict) else {}
        part_drawing = self.drawing.part
        seats = [str(s) for s in data.get(self.drawing.sides) or []]
        panels = []
        for n, part in enumerate(data.get(self.drawing.parts) or [], 1):
            if not isinstance(part, dict):
                continue
            at = (self.drawing.parts, n - 1)
            figure = self._part_figure(part, n, at)
            members = part.get(part_drawing.members) or {}
            sides = [side for side in seats if side in members] + [s for s in members if s not in seats]
            groups = [self._side(side, members[side] or [], at + (part_drawing.members, side)) for side in sides]
            panels.append(Markup('<div class="rb-part"><div class="rb-group rb-part-card">'
                                 '<div class="rb-side-name">&#160;</div>') + figure + Markup("</div>") +
                          Markup("\n").join(groups) + Markup("</div>"))
        return Markup('<div class="rb-situation">\n') + Markup("\n").join(panels) + Markup("\n</div>\n")

    def _part_figure(self, part: dict, n: int, at: tuple) -> Markup:
        """The part's card: the pack's, or drawn from the values written inline."""
        spec = self.drawing.part
        if self._is_ref(part, spec.ref, spec.fields):
            face = self.macros.figures.face_of(str(part[spec.ref]))
        else:
            values = {f: part[f] for f in spec.fields if f in part}
            values["id"] = str(part.get(spec.ref) or fill(spec.inline_id, {"n": str(n)}))
            face = self._inline(spec.type, values, at)
        if face is None:
            return Markup("")
        return self._figure(face, [], self.name_of(face.item.id), [])

    def _side(self, side: str, members: list, at: tuple) -> Markup:
        """One side's members at a part, each as a figure with its caption."""
        listed = members if isinstance(members, list) else []
        figures = [self._member(side, member, at + (i,)) for i, member in enumerate(listed)]
        return (Markup(f'<div class="rb-group rb-side"><div class="rb-side-name">{escape(self.name_of(side))}</div>')
                + Markup("").join(figures) + Markup("</div>"))

    def _member(self, side: str, member: Any, at: tuple) -> Markup:
        """A member: its card (the pack's, by id or under the ``ref`` key, or from inline stats), with what lies on
        it and its notes."""
        spec = self.drawing.member
        if isinstance(member, str):  # a pack item named by its id alone
            member = {spec.ref: member}
        if not isinstance(member, dict):
            return Markup("")
        if spec.ref in member:
            face = self.macros.figures.face_of(str(member[spec.ref]))
        else:
            values = {field: member[key] for key, field in spec.fields.items() if key in member}
            values[spec.side_field] = side
            face = self._inline(spec.type, values, at)
        if face is None:
            return Markup("")
        layers = [layer for key, how in spec.layers.items() for layer in self._layers(member.get(key), how, at)]
        notes = [f"{label}: {self.name_of(member[key])}" for key, label in spec.notes.items() if member.get(key)]
        return self._figure(face, layers, self.name_of(face.item.id), notes)

    def _layers(self, value: Any, how: Any, at: tuple) -> list:
        """The transparent cards a member's value puts on it."""
        if not value:
            return []
        if how == "*":
            ids = [str(v) for v in value] if isinstance(value, list) else [str(value)]
        elif isinstance(how, dict):
            ids = [how[str(v)] for v in (value if isinstance(value, list) else [value]) if str(v) in how]
        else:
            ids = [how]
        faces = []
        for card_id in ids:
            face = self.macros.figures.face_of(card_id)
            if face is None:
                self.replayed.findings.append(Finding("error", f"example '{self.replayed.stem}': no card "
                                                               f"'{card_id}' to draw", mark=self.replayed.doc.mark(at),
                                                      rule="rulebook-example"))
            else:
                faces.append(face)
        return faces

    def _inline(self, type_name: str, values: dict, at: tuple):
        """A face for an item written inline in the example."""
        key = f"example/{self.replayed.stem}/{type_name}/{values.get('id')}"
        spec = self.macros.pack.types.get(type_name)
        if spec is not None and "name" in spec.fields and not values.get("name") and values.get("id"):
            values["name"] = self.name_of(str(values["id"]))
        return self.macros.figures.inline_face(type_name, values, self.replayed.doc, at, key)

    def _figure(self, face, layers: list, caption: str, notes: list[str]) -> Markup:
        """A figure with its caption lines."""
        return self.macros.figures.draw(face, self.drawing.scale, layers, caption, notes)


def example_html(macros: Macros, drawing: ExampleDrawing | None, stem: str, page: str, where: Where | None,
                 findings: list[Finding]) -> Markup:
    """``{example STEM}``: the example's title, its situation as figures, and the engine's outcome in words."""
    package = load_package(macros.pack.game.engine)
    drawn_by_game = drawing is None and package is not None and package.example is not None
    if drawing is None and not drawn_by_game:
        macros.error(page, where, f"example '{stem}': rulebook.yaml has no 'examples:' telling how to draw it")
        return Markup("")
    if not EXAMPLE_NAME.fullmatch(stem):
        macros.error(page, where, f"example {stem[:60]!r}: an example is named by its file in {EXAMPLES_DIR}/, "
                                  "without folders or suffix (letters, digits, '-' and '_')")
        return Markup("")
    replayed = replay_example(macros, stem)
    if replayed is None:
        known = sorted(p.stem for p in (macros.pack.root / EXAMPLES_DIR).glob("*.yaml"))
        macros.error(page, where, f"unknown example '{stem}': no file {EXAMPLES_DIR}/{stem}.yaml"
                                  f"{'; examples: ' + ', '.join(known) if known else ''}")
        return Markup("")
    data = replayed.doc.data if isinstance(replayed.doc.data, dict) else {}
    parts = _head(macros, stem, data)
    if replayed.outcome is not None:
        if drawn_by_game:
            parts += _diagrams(macros, package, stem)
        else:
            assert drawing is not None  # not drawn by the game: the rulebook's own drawing
            parts += _figures(macros, drawing, replayed, stem, data)
    parts.append(Markup("</div>"))
    findings += replayed.findings  # the drawing may have added some
    return Markup("\n").join(parts)


def _figures(macros: Macros, drawing: ExampleDrawing, replayed: Replayed, stem: str, data: dict) -> list[Markup]:
    """The situation as card figures and the outcome written from the pack's ``examples:`` settings."""
    view = ExampleView(macros, drawing, replayed)
    seats = [str(side) for side in data.get(drawing.sides) or []]
    writer = OutcomeWriter(drawing.outcome, view.name_of, seats, macros.sources.label("and"))
    situation = view.situation()
    return [situation, _outcome(macros, writer.sentences(replayed.outcome))]


def _outcome(macros: Macros, sentences: list[str]) -> Markup:
    items = "".join(f"\n<li>{macros.rich(s)}</li>" for s in sentences)
    return Markup(f'<div class="rb-outcome"><div class="rb-outcome-label">'
                  f'{escape(macros.sources.label("outcome"))}</div><ul>{items}</ul></div>')


def _head(macros: Macros, stem: str, data: dict) -> list[Markup]:
    """The example's box, label, title and description (``name``/``doc`` may be given per language)."""
    parts = [Markup(f'<div class="rb-example" id="example-{escape(stem)}" data-example="{escape(stem)}">'),
             Markup(f'<div class="rb-example-head"><span class="rb-example-label">'
                    f'{escape(macros.sources.label("example"))}</span> '
                    f'<span class="rb-example-title">{escape(macros.t(data.get("name", stem)))}</span></div>')]
    if data.get("doc"):
        parts.append(Markup('<p class="rb-example-doc">') + macros.rich(macros.t(data["doc"])) + Markup("</p>"))
    return parts


def _diagrams(macros: Macros, package: Any, stem: str) -> list[Markup]:
    """An example the game draws itself: its diagrams (SVG) side by side, then the outcome in words."""
    figures, sentences = package.example(macros.pack, macros.pack.root / EXAMPLES_DIR / f"{stem}.yaml",
                                         macros.lang, macros.sources.label)
    boards = Markup("").join(Markup('<figure class="rb-diagram">') + Markup(svg) +
                             Markup(f"<figcaption>{escape(caption)}</figcaption></figure>") for caption, svg in figures)
    return [Markup('<div class="rb-situation rb-diagrams">') + boards + Markup("</div>"), _outcome(macros, sentences)]
