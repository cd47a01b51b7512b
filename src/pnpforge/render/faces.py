"""Faces: which distinct printed sides a pack has, per component type, per item, front and back.

Every item has one front (``qty`` copies share it). A layout with ``back:`` gives the type backs; items whose
``same_for`` fields have equal values share one back (``same_for: []`` means one back for the whole type, a
faction field means one back per faction); a back always takes its front's size and shape. A layout with
``render: false`` gives its type no face at all (the type is printed as part of another component), and an item with
``qty: 0`` (parked) has none either. The copies
of each face are counted through ``expand_qty``, the one place where quantities are expanded.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnpforge.content.pack import Item, Pack, expand_qty
from pnpforge.findings import Finding
from pnpforge.render.layouts import Layout, LayoutSet
from pnpforge.render.standee import base_field, standee_layout

FRONT, BACK = "front", "back"


@dataclass
class Face:
    """One distinct printed side."""

    key: str  # unique in the pack: "<type>/<item-id>" or "<type>/back/<values>"
    type: str
    side: str
    layout: Layout
    item: Item  # the item drawn (a shared back shows its first item's values)
    items: list[str] = field(default_factory=list)  # ids of the items whose copies use this face
    copies: int = 0
    back: str | None = None  # a front's back face key
    same_for: tuple[str, ...] = ()  # a back's fields whose values it shows

    @property
    def file_stem(self) -> str:
        """A file name for this face: ``<item-id>`` or ``back-<values>``."""
        return self.key.split("/", 1)[1].replace("/", "-")


def pack_faces(pack: Pack, layouts: LayoutSet) -> tuple[list[Face], list[Finding]]:
    """Every face of the pack, type by type as declared: the type's fronts, then its backs."""
    faces: list[Face] = []
    problems: list[Finding] = []
    for type_name in pack.types:
        layout = layouts.for_type(type_name)
        if not layout.render:
            continue
        fronts: list[Face] = []
        backs: dict[str, Face] = {}
        unnamed: dict[str, list[Item]] = {}
        for item in pack.of_type(type_name):
            if item.qty == 0:
                continue  # parked: not printed
            item_layout = _variant(layout, item, layouts, unnamed)
            if base_field(item_layout) is not None:
                item_layout = _standee(item_layout, item, problems)
            copies = len(expand_qty([item]))
            front = Face(f"{type_name}/{item.id}", type_name, FRONT, item_layout, item, [item.id], copies)
            fronts.append(front)
            if item_layout.back is None:
                continue
            values = [_value_key(item.id if name == "id" else item.get(name)) for name in item_layout.back.same_for]
            back_key = f"{type_name}/back/{'-'.join(values) or 'all'}"
            if back_key not in backs:
                back_layout = layouts.get(item_layout.back.layout).sized_like(item_layout)
                backs[back_key] = Face(back_key, type_name, BACK, back_layout, item,
                                       same_for=item_layout.back.same_for)
            backs[back_key].items.append(item.id)
            backs[back_key].copies += copies
            front.back = back_key
        problems += _unnamed_values(layout, unnamed)
        faces += fronts + list(backs.values())
    return faces, problems


def variant_name(layout: Layout, item: Item) -> str | None:
    """The name of the layout an item's value selects among the layout's ``variants`` (the map's entry for the
    value, else the map's ``default``), or None when it selects none."""
    if layout.variants is None:
        return None
    field_name, choices, default = layout.variants
    value = item.get(field_name)
    return (choices.get(str(value)) if value is not None else None) or default


def _variant(layout: Layout, item: Item, layouts: LayoutSet, unnamed: dict[str, list[Item]]) -> Layout:
    """The layout an item uses: the type's, or the variant its field value selects; an item whose value selects
    none is noted in ``unnamed`` under its value (one warning per value, not per item)."""
    if layout.variants is None:
        return layout
    name = variant_name(layout, item)
    if name is None:
        unnamed.setdefault(repr(item.get(layout.variants[0])), []).append(item)
        return layout
    return layout if name == layout.name else layouts.get(name)


def _standee(layout: Layout, item: Item, problems: list[Finding]) -> Layout:
    """The standee layout sized for the item's base; a value that names no base is an error at the field, and the
    figure is drawn on a 25 mm round base."""
    field_name = base_field(layout) or "base"
    sized = standee_layout(layout, item.get(field_name))
    if sized is not None:
        return sized
    problems.append(Finding("error", f"{field_name}: expected a base in mm, 25 (round) or 25 x 50, found "
                                     f"{item.get(field_name)!r}", mark=item.mark(field_name), subject=item.subject,
                            rule="render-layout"))
    fallback = standee_layout(layout, 25)
    assert fallback is not None
    return fallback


def _unnamed_values(layout: Layout, unnamed: dict[str, list[Item]]) -> list[Finding]:
    """One warning per value the variant map names no layout for, at its first item, with how many items have it."""
    findings = []
    for value, items in unnamed.items():
        field_name = layout.variants[0] if layout.variants else ""
        others = f" (and {len(items) - 1} more {'item' if len(items) == 2 else 'items'})" if len(items) > 1 else ""
        findings.append(Finding("warning", f"{field_name}: layout '{layout.name}' has no variant for {value}"
                                           f"{others}; drawn with '{layout.name}' itself (name one under variants: "
                                           f"layouts:, or a default: for every other value)",
                                mark=items[0].mark(field_name), subject=items[0].subject, rule="render-layout"))
    return findings


def _value_key(value) -> str:
    """A field value as part of a face key."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    return str(value)
