"""Layout values: turn a layout's merged keys into a ``Layout``, reporting every bad key and number at its line.

Unknown keys are named with the accepted ones (each key documented here); numbers are checked against their
bounds; zones may reach into the bleed but not beyond it; fit boxes must name an existing zone.
"""

from __future__ import annotations

from typing import Any

from pnpforge.content.source import Doc
from pnpforge.findings import Finding
from pnpforge.render.geometry import BackSpec, FitSpec, Layout, LayoutError, Size, Zone
from pnpforge.render.geometry import layout_error as _error
from pnpforge.render.outline import Outline, outline_of
from pnpforge.render.standee import STANDS


LAYOUT_KEYS = {
    "extends": "the layout this one inherits from",
    "doc": "what the layout is for",
    "size": "a size name from layouts/sizes.yaml, or {w, h, shape, hex} in mm",
    "scale": "true for faces that must print at 100 % (templates, rulers, boards): never shrunk to fit",
    "orientation": "portrait (default) or landscape, which swaps the size's sides",
    "bleed": "mm of artwork beyond the trim on every side (default 3)",
    "safe": "mm inside the trim that text keeps clear of (default 3)",
    "template": "the Jinja template that draws one face",
    "stylesheets": "CSS files, looked up like layouts",
    "transparent": "true for faces printed on film: no background, only the art",
    "render": "false for a type that has no face of its own",
    "zones": "named boxes {x, y, w, h} in mm from the trim's top-left",
    "fit": "text boxes that shrink to fit: {zone, fields, font, size, floor, ...}",
    "art": "where the item's picture goes: {zone, field}",
    "back": "the back face: {layout, same_for: [fields whose values make backs differ]}",
    "variants": "another layout per value of a field: {field, layouts: {value: layout}}",
    "params": "free values for the template",
    "standee": "a figure as a folding standee: {base: the item field giving its base, height: mm}",
}
STANDEE_KEYS = {"base": "the item field giving the base: 25 (round, mm across) or 25 x 50",
                "height": "the figure's height in mm (default 40)",
                "stand": "tab (two base tabs that fold out; the default) or slot (a base with a slot the feet go in)"}
ZONE_KEYS = {"x": "left edge", "y": "top edge", "w": "width", "h": "height", "shape": "rect or round",
             "doc": "what goes there"}
FIT_KEYS = {"zone": "the zone holding the text", "fields": "item fields measured ('*' for the remaining ones)",
            "font": "role/style from layouts/fonts/fonts.yaml", "size": "starting size in pt",
            "floor": "smallest size in pt", "step": "pt removed per step (default 0.5)",
            "line_height": "line height as a multiple of the size (default 1.2)", "pad": "mm of padding",
            "labelled": "true when each field is printed as 'label: value'",
            "gap": "space between paragraphs, as a multiple of the line height (default 0.3)"}
ART_KEYS = {"zone": "the zone the picture fills", "field": "the image field (default: the type's first)"}
BACK_KEYS = {"layout": "the back's layout", "same_for": "fields whose values make backs differ"}
VARIANT_KEYS = {"field": "the item field deciding the layout", "layouts": "layout name per field value",
                "default": "the layout of a value the map does not name (default: this layout, with a warning)"}
SIZE_KEYS = {"w": "width in mm (a hex, polygon or path may leave it out)", "h": "height in mm (likewise)",
             "shape": "the cut outline: rect, round, hex, {polygon: [[x, y], ...]} or {path: \"SVG path\"}",
             "hex": "for shape: hex: {top: flat or pointy, across_flats: mm}", "doc": "what it is for"}


def unknown_keys(doc: Doc, at: tuple, mapping: Any, accepted: dict[str, str], layout: str | None) -> list[Finding]:
    """One finding per key the mapping does not accept, naming the accepted ones."""
    if not isinstance(mapping, dict):
        return [_error(doc.mark(at), f"{_where(at)}expected a mapping", layout)]
    return [_error(doc.mark(at + (key,)), f"{_where(at)}unknown key '{key}'; accepted keys: {', '.join(accepted)}",
                   layout)
            for key in mapping if key not in accepted]


def _where(at: tuple) -> str:
    """``zones: name: `` for a message about the value at ``at``."""
    return "".join(f"{part}: " for part in at)


def number(doc: Doc, at: tuple, value: Any, problems: list[Finding], minimum: float = 0.0,
            layout: str | None = None, exclusive: bool = True) -> float:
    """A number at ``at``, checked against its lower bound (exclusive by default)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        problems.append(_error(doc.mark(at), f"{_where(at)}expected a number, found {value!r}", layout))
        return 0.0
    if value < minimum or (exclusive and value == minimum):
        bound = f"> {minimum:g}" if exclusive else f">= {minimum:g}"
        problems.append(_error(doc.mark(at), f"{_where(at)}expected a number {bound}, found {value}", layout))
    return float(value)



def text(doc: Doc, at: tuple, value: Any, problems: list[Finding], layout: str | None, what: str = "a name") -> str:
    """A name or file name at ``at``; anything else (a number, a list, a mapping) is a finding."""
    if isinstance(value, str):
        return value
    problems.append(_error(doc.mark(at), f"{_where(at)}expected {what}, found {value!r}", layout))
    return ""


def names(doc: Doc, at: tuple, value: Any, problems: list[Finding], layout: str | None) -> tuple[str, ...]:
    """A list of names at ``at`` (one name alone counts as a list of one)."""
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return tuple(value)
    problems.append(_error(doc.mark(at), f"{_where(at)}expected a list of names, found {value!r}", layout))
    return ()


def shape_of(doc: Doc, at: tuple, value: Any, problems: list[Finding], layout: str | None) -> str:
    """``rect`` or ``round`` at ``at``."""
    if value in ("rect", "round"):
        return str(value)
    problems.append(_error(doc.mark(at), f"{_where(at)}expected rect or round, found {value!r}", layout))
    return "rect"


def build_layout(name: str, merged: dict[str, Any], origin: dict[tuple, Doc], own: Doc,
                 chain: tuple[str, ...], sizes: dict[str, Size]) -> Layout:
    """The resolved layout from its merged keys; raise ``LayoutError`` listing every problem."""
    problems: list[Finding] = []

    def doc_of(*at: Any) -> Doc:
        """The file that wrote the key at ``at`` (a child or one of its parents)."""
        return origin.get(tuple(at[:2])) or origin.get(tuple(at[:1])) or own

    size_name, outline = _size(merged, doc_of, sizes, problems, name)
    width, height, shape = outline.width, outline.height, outline.kind
    bleed = number(doc_of("bleed"), ("bleed",), merged.get("bleed", 3), problems, 0, name, exclusive=False)
    safe = number(doc_of("safe"), ("safe",), merged.get("safe", 3), problems, 0, name, exclusive=False)
    zones = _zones(merged.get("zones") or {}, doc_of, width, height, bleed, problems, name)
    fit = _fits(merged.get("fit") or {}, doc_of, zones, problems, name)
    art = _small_mapping(merged.get("art"), doc_of, ("art",), ART_KEYS, problems, name)
    if art is not None and not all(text(doc_of("art"), ("art", key), art[key], problems, name)
                                   for key in ("zone", "field") if key in art):
        art = None
    if art is not None and art.get("zone") not in zones:
        problems.append(_error(doc_of("art").mark(("art", "zone")), f"art: zone '{art.get('zone')}' is not "
                               f"among the zones: {', '.join(zones) or 'none'}", name))
    back_raw = _small_mapping(merged.get("back"), doc_of, ("back",), BACK_KEYS, problems, name)
    back = BackSpec(text(doc_of("back"), ("back", "layout"), back_raw["layout"], problems, name, "a layout name"),
                    names(doc_of("back"), ("back", "same_for"), back_raw.get("same_for") or [], problems, name)) \
        if back_raw else None
    variants_raw = _small_mapping(merged.get("variants"), doc_of, ("variants",), VARIANT_KEYS, problems, name)
    variants = _variants(variants_raw, doc_of("variants"), problems, name) if variants_raw else None
    template = text(doc_of("template"), ("template",), merged.get("template", "card.html"), problems, name,
                    "a template's file name")
    stylesheets = merged.get("stylesheets") or []
    if not isinstance(stylesheets, list) or not all(isinstance(s, str) for s in stylesheets):
        problems.append(_error(doc_of("stylesheets").mark(("stylesheets",)), "stylesheets: expected a list of "
                               "file names", name))
        stylesheets = []
    for flag in ("transparent", "render", "scale"):
        if flag in merged and not isinstance(merged[flag], bool):
            problems.append(_error(doc_of(flag).mark((flag,)), f"{flag}: expected true or false", name))
    params = merged.get("params") or {}
    if not isinstance(params, dict):
        problems.append(_error(doc_of("params").mark(("params",)), "params: expected a mapping", name))
        params = {}
    standee = _small_mapping(merged.get("standee"), doc_of, ("standee",), STANDEE_KEYS, problems, name)
    if standee is not None:
        base = text(doc_of("standee"), ("standee", "base"), standee["base"], problems, name, "a field name")
        height = number(doc_of("standee"), ("standee", "height"), standee.get("height", 40), problems, 5, name)
        stand = standee.get("stand", "tab")
        if stand not in STANDS:
            problems.append(_error(doc_of("standee").mark(("standee", "stand")),
                                   f"standee: stand: expected tab or slot, found {stand!r}", name))
            stand = "tab"
        params = {**params, "standee": {"base": base, "height": min(height, MAX_SIDE_MM / 3), "stand": stand}}
    if problems:
        raise LayoutError(problems)
    return Layout(
        name=name, path=own.path, width=width, height=height, shape=shape, bleed=bleed, safe=safe,
        template=str(template), stylesheets=tuple(stylesheets), zones=zones, fit=fit, art=art, back=back,
        variants=variants, transparent=bool(merged.get("transparent", False)),
        render=bool(merged.get("render", True)), params=params, size_name=size_name,
        chain=chain, marks=_marks(merged, doc_of, own), outline=outline if outline.drawn else None,
        true_scale=merged.get("scale") is True)


def _marks(merged: dict[str, Any], doc_of, own: Doc) -> dict[tuple, Any]:
    """Where the keys a later check may point at were written: template, stylesheets, fit fields, art."""
    marks: dict[tuple, Any] = {(): own.mark(())}
    for key in ("template", "stylesheets", "art", "size", "scale"):
        if key in merged:
            marks[(key,)] = doc_of(key).mark((key,))
    for index, _ in enumerate(merged.get("stylesheets") or []):
        marks[("stylesheets", index)] = doc_of("stylesheets").mark(("stylesheets", index))
    if isinstance(merged.get("art"), dict) and "field" in merged["art"]:
        marks[("art", "field")] = doc_of("art").mark(("art", "field"))
    for fit_name, spec in (merged.get("fit") or {}).items():
        doc = doc_of("fit", fit_name)
        marks[("fit", fit_name)] = doc.mark(("fit", fit_name))
        fields = spec.get("fields") if isinstance(spec, dict) else None
        if isinstance(fields, list):
            for index, _ in enumerate(fields):
                marks[("fit", fit_name, "fields", index)] = doc.mark(("fit", fit_name, "fields", index))
        elif fields is not None:
            marks[("fit", fit_name, "fields", 0)] = doc.mark(("fit", fit_name, "fields"))
        if isinstance(spec, dict) and "font" in spec:
            marks[("fit", fit_name, "font")] = doc.mark(("fit", fit_name, "font"))
    return marks


MAX_SIDE_MM = 1000.0  # the largest face: a metre a side (the largest board of our packs is 570 x 400 mm)


def size_outline(doc: Doc, at: tuple, spec: dict, problems: list[Finding], layout: str | None) -> Outline:
    """The outline of a size mapping ``{w, h, shape, hex}`` at ``at`` (a layout's ``size`` or one of
    ``sizes.yaml``): ``w`` and ``h`` are required unless the shape gives them (a hex, a polygon, a path)."""
    shape = spec.get("shape", "rect")
    own_box = shape == "hex" or isinstance(shape, dict)
    sides: list[float | None] = []
    for side in ("w", "h"):
        value = spec.get(side)
        if value is None and own_box:
            sides.append(None)
            continue
        sides.append(number(doc, at + (side,), value, problems, layout=layout))
        if sides[-1] > MAX_SIDE_MM:  # type: ignore[operator]
            problems.append(_error(doc.mark(at + (side,)), f"{_where(at)}{side}: a face is at most {MAX_SIDE_MM:g} "
                                                           f"mm a side, found {sides[-1]:g}", layout))
            sides[-1] = MAX_SIDE_MM
    outline = outline_of(doc, at, shape, spec.get("hex"), sides[0], sides[1], problems, layout)
    if outline.width <= 0 or outline.height <= 0:
        return Outline("rect", outline.width or 63.5, outline.height or 88.9)
    return outline


def _size(merged: dict, doc_of, sizes: dict[str, Size], problems: list[Finding], name: str) -> tuple[str, Outline]:
    """``(size name, outline)`` from ``size`` and ``orientation``; the outline holds the width and height."""
    raw = merged.get("size", "poker")
    doc = doc_of("size")
    if isinstance(raw, str):
        if raw not in sizes:
            problems.append(_error(doc.mark(("size",)), f"size: unknown size '{raw}'; sizes: {', '.join(sizes)}",
                                   name))
            return raw, Outline("rect", 63.5, 88.9)
        size = sizes[raw]
        outline, size_name = size.outline or Outline(size.shape, size.w, size.h), raw
    elif isinstance(raw, dict):
        problems += unknown_keys(doc, ("size",), raw, SIZE_KEYS, name)
        outline, size_name = size_outline(doc, ("size",), raw, problems, name), "custom"
    else:
        problems.append(_error(doc.mark(("size",)), "size: expected a size name or {w, h}", name))
        return "poker", Outline("rect", 63.5, 88.9)
    orientation = merged.get("orientation", "portrait")
    if orientation == "landscape" and outline.width < outline.height:
        outline = outline.quarter_turned() if outline.drawn else Outline(outline.kind, outline.height,
                                                                         outline.width)
    elif orientation not in ("portrait", "landscape"):
        problems.append(_error(doc_of("orientation").mark(("orientation",)),
                               f"orientation: expected portrait or landscape, found {orientation!r}", name))
    return size_name, outline


def _zones(raw: Any, doc_of, width: float, height: float, bleed: float, problems: list[Finding],
           name: str) -> dict[str, Zone]:
    """The named zones, each inside the bleed."""
    if not isinstance(raw, dict):
        problems.append(_error(doc_of("zones").mark(("zones",)), "zones: expected a mapping of zone names", name))
        return {}
    zones: dict[str, Zone] = {}
    for zone_name, spec in raw.items():
        doc = doc_of("zones", zone_name)
        at = ("zones", zone_name)
        found = unknown_keys(doc, at, spec, ZONE_KEYS, name)
        if found:
            problems += found
            continue
        x = number(doc, at + ("x",), spec.get("x"), problems, -bleed, name, exclusive=False)
        y = number(doc, at + ("y",), spec.get("y"), problems, -bleed, name, exclusive=False)
        w = number(doc, at + ("w",), spec.get("w"), problems, 0, name)
        h = number(doc, at + ("h",), spec.get("h"), problems, 0, name)
        if x + w > width + bleed + 1e-6 or y + h > height + bleed + 1e-6:
            problems.append(_error(doc.mark(at), f"zones: {zone_name}: reaches beyond the bleed "
                                   f"({x:g}+{w:g} x {y:g}+{h:g} on a {width:g} x {height:g} face)", name))
        shape = shape_of(doc, at + ("shape",), spec.get("shape", "rect"), problems, name)
        zones[zone_name] = Zone(zone_name, x, y, w, h, shape)
    return zones


def _fits(raw: Any, doc_of, zones: dict[str, Zone], problems: list[Finding], name: str) -> dict[str, FitSpec]:
    """The text-fit boxes, each in an existing zone."""
    if not isinstance(raw, dict):
        problems.append(_error(doc_of("fit").mark(("fit",)), "fit: expected a mapping of text boxes", name))
        return {}
    fits: dict[str, FitSpec] = {}
    for fit_name, spec in raw.items():
        doc = doc_of("fit", fit_name)
        at = ("fit", fit_name)
        found = unknown_keys(doc, at, spec, FIT_KEYS, name)
        if found:
            problems += found
            continue
        zone = text(doc, at + ("zone",), spec.get("zone", fit_name), problems, name, "a zone name")
        if zone and zone not in zones:
            problems.append(_error(doc.mark(at + ("zone",)), f"fit: {fit_name}: zone '{zone}' is not among the "
                                   f"zones: {', '.join(zones) or 'none'}", name))
            continue
        fields = names(doc, at + ("fields",), spec.get("fields", [fit_name]), problems, name)
        font = text(doc, at + ("font",), spec.get("font", "body/regular"), problems, name, "a font as role/style")
        if not isinstance(spec.get("labelled", False), bool):
            problems.append(_error(doc.mark(at + ("labelled",)), f"fit: {fit_name}: labelled: expected true or "
                                   "false", name))
        size = number(doc, at + ("size",), spec.get("size"), problems, 0, name)
        floor = number(doc, at + ("floor",), spec.get("floor", size), problems, 0, name)
        if floor > size:
            problems.append(_error(doc.mark(at + ("floor",)), f"fit: {fit_name}: floor {floor:g} is above the "
                                   f"size {size:g}", name))
        fits[fit_name] = FitSpec(
            name=fit_name, zone=zone, fields=fields, font=font, size=size, floor=floor,
            step=number(doc, at + ("step",), spec.get("step", 0.5), problems, 0, name),
            line_height=number(doc, at + ("line_height",), spec.get("line_height", 1.2), problems, 0, name),
            pad=number(doc, at + ("pad",), spec.get("pad", 0), problems, 0, name, exclusive=False),
            labelled=bool(spec.get("labelled", False)),
            gap=number(doc, at + ("gap",), spec.get("gap", 0.3), problems, 0, name, exclusive=False))
    return fits


def _variants(raw: dict, doc: Doc, problems: list[Finding], name: str) -> tuple[str, dict[str, str], str | None]:
    """``(field, layout per value, default layout)`` of ``variants``."""
    field = text(doc, ("variants", "field"), raw["field"], problems, name, "a field name")
    layouts = raw.get("layouts") or {}
    if not isinstance(layouts, dict) or not all(isinstance(v, str) for v in layouts.values()):
        problems.append(_error(doc.mark(("variants", "layouts")), "variants: layouts: expected a layout name per "
                               f"value, found {layouts!r}", name))
        layouts = {}
    default = raw.get("default")
    if default is not None:
        default = text(doc, ("variants", "default"), default, problems, name, "a layout name")
    return field, dict(layouts), default


def _small_mapping(raw: Any, doc_of, at: tuple, accepted: dict[str, str], problems: list[Finding],
                   name: str) -> dict | None:
    """A small mapping (art, back, variants) with known keys and its first key required."""
    if raw is None:
        return None
    found = unknown_keys(doc_of(*at), at, raw, accepted, name)
    if found:
        problems += found
        return None
    required = next(iter(accepted))
    if required not in raw:
        problems.append(_error(doc_of(*at).mark(at), f"{_where(at)}missing key '{required}'", name))
        return None
    return raw
