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
        for item in pack.of_type(type_name):
            if item.qty == 0:
                continue  # parked: not printed
            item_layout = _variant(layout, item, layouts, problems)
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
        faces += fronts + list(backs.values())
    return faces, problems


def _variant(layout: Layout, item: Item, layouts: LayoutSet, problems: list[Finding]) -> Layout:
    """The layout an item uses: the type's, or the variant its field value selects."""
    if layout.variants is None:
        return layout
    field_name, choices = layout.variants
    value = item.get(field_name)
    name = choices.get(str(value)) if value is not None else None
    if name is None:
        problems.append(Finding("warning", f"{field_name}: layout '{layout.name}' has no variant for "
                                           f"{value!r}; drawn with '{layout.name}' itself",
                                mark=item.mark(field_name), subject=item.subject, rule="render-layout"))
        return layout
    return layouts.get(name)


def _value_key(value) -> str:
    """A field value as part of a face key."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    return str(value)
