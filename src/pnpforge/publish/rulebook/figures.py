"""Card figures: the printed face, made by the render stage, placed on the rulebook's pages.

A figure in the rulebook's HTML is an empty box of the card's size times a scale, with an id. The faces it shows
are rendered once by the render stage's own renderer and drawer (``Renderer.document`` and ``faces_pdf``: the
same layouts, fonts and icons as the printed cards, trimmed without bleed) into one PDF, one page per face; after
WeasyPrint has laid out the rulebook, each box's position is read from the layout and the face's page is drawn there,
scaled, as vector content (``assemble.compose``). A card therefore looks exactly as it prints, and a face drawn ten
times is laid out once.

Items written inline (a card of an example, given by its stats) are validated with the pack's generated
model of their type and drawn by that type's layout like any printed card. Transparent cards in a sleeve are
further faces drawn over the card at the same place, since their layouts share its geometry.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence, cast

from markupsafe import Markup, escape
from pydantic import ValidationError

from pnpforge.content.fields import item_model, label_in
from pnpforge.content.messages import translate
from pnpforge.content.pack import Item, ItemFields, Pack, plain
from pnpforge.content.source import Doc
from pnpforge.findings import Finding
from pnpforge.render.document import FIGURE_TITLE, Renderer
from pnpforge.render.faces import FRONT, Face, pack_faces, variant_name
from pnpforge.render.fonts import load_fonts
from pnpforge.render.layouts import LAYOUTS_DIR, Layout
from pnpforge.render.stage import open_layouts

ANCHOR_PREFIX = "rb-fig-"
PT_PER_PX = 0.75  # CSS pixels (WeasyPrint's unit for positions) to PDF points
PT_PER_MM = 72 / 25.4


@dataclass(frozen=True)
class Placement:
    """One figure box: the faces drawn in it (card first, then what lies on it) and its size in mm."""

    anchor: str
    keys: tuple[str, ...]
    width: float
    height: float


@dataclass
class Figures:
    """Collects the figures of one rulebook and draws their faces, in one language."""

    pack: Pack
    lang: str
    art_cache: Path
    layouts_dir: Path = LAYOUTS_DIR
    findings: list[Finding] = field(default_factory=list)

    def __post_init__(self) -> None:
        """Index the pack's fronts by item id; nothing is laid out yet."""
        self.renderer = Renderer(self.pack, self.lang, open_layouts(self.pack, self.layouts_dir),
                                 load_fonts(self.layouts_dir, self.pack), self.art_cache, self.layouts_dir, bleed=0.0)
        faces, _ = pack_faces(self.pack, self.renderer.layouts)
        self.fronts: dict[str, Face] = {}
        for face in faces:
            if face.side == FRONT:
                self.fronts.setdefault(face.item.id, face)
        self.shown: dict[str, Face] = {}  # every face drawn (card and the cards lying on it), first drawn first
        self.placements: list[Placement] = []

    @property
    def roots(self):
        """The ``pnp:`` URL roots (layouts, pack, art cache)."""
        return self.renderer.roots

    def face_of(self, item_id: str) -> Face | None:
        """The printed front of the pack item with this id."""
        return self.fronts.get(item_id)

    def inline_face(self, type_name: str, values: dict[str, Any], doc: Doc, at: tuple, key: str) -> Face | None:
        """A front for an item written inline (``key`` keeps it apart from the pack's own items)."""
        spec = self.pack.types.get(type_name)
        if spec is None:
            return None
        try:
            validated = item_model(type_name, spec, self.pack.effects).model_validate(values)
        except ValidationError as exc:
            for _, _, message in translate(exc, spec.fields, self.pack.effects, ("id", "qty")):
                self.findings.append(Finding("error", f"cannot be drawn as a {type_name}: {message}",
                                             mark=doc.mark(at), rule="rulebook-figure"))
            return None
        values = {name: plain(getattr(validated, name)) for name in spec.fields}
        item_id = cast(ItemFields, validated).id  # item_model adds it to every type's model
        item = Item(type_name, item_id, values, 1, doc, at, label_in(spec.label, None, type_name.replace("_", " ")))
        return Face(key, type_name, FRONT, self._layout_for(type_name, item), item, [item.id], 1)

    def _layout_for(self, type_name: str, item: Item) -> Layout:
        """The type's layout, or the variant an item's value selects."""
        layout = self.renderer.layouts.for_type(type_name)
        name = variant_name(layout, item)
        return self.renderer.layouts.get(name) if name is not None else layout

    def draw(self, face: Face, scale: float, layers: Sequence[Face] = (), caption: str = "",
             notes: Sequence[str] = ()) -> Markup:
        """A figure: an empty box ``scale`` times the card's size, where ``compose`` draws the face and its
        layers, with an optional caption and notes under it."""
        layout = self.renderer.layout_of(face)
        self._note(face, layers)
        anchor = f"{ANCHOR_PREFIX}{len(self.placements) + 1}"
        width, height = layout.width * scale, layout.height * scale
        self.placements.append(Placement(anchor, tuple(f.key for f in (face, *layers)), width, height))
        lines = "".join(f'<span class="rb-note">{escape(note)}</span>' for note in notes)
        text = f'<span class="rb-caption">{escape(caption)}</span>' if caption else ""
        return Markup(f'<span class="rb-figure rb-type-{escape(face.type)}" style="width:{width:.2f}mm;">'
                      f'<span class="rb-card" id="{anchor}" data-face="{escape(face.key)}" '
                      f'style="width:{width:.2f}mm;height:{height:.2f}mm;"></span>{text}{lines}</span>')

    def _note(self, face: Face, layers: Sequence[Face]) -> None:
        """Add a figure's faces to ``shown`` (a face drawn before keeps its place)."""
        for drawn in (face, *layers):
            self.shown.setdefault(drawn.key, drawn)

    def documents(self) -> dict[str, str]:
        """The render stage's HTML document of every face the figures show, by face key, in the sequence they
        were first drawn."""
        before = len(self.renderer.findings)
        documents = {key: self.renderer.document([face], FIGURE_TITLE) for key, face in self.shown.items()}
        self.findings += self.renderer.findings[before:]
        return documents
