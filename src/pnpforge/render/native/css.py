"""Stylesheets and the cascade for the native renderer: the CSS the faces use, computed per element.

Stylesheets are parsed once per process with tinycss2 and matched with cssselect2, as WeasyPrint does; the
cascade orders declarations by importance, specificity and order, an element's ``style`` attribute last. Only
the properties in ``PROPERTIES`` are understood. A declaration of any other property, a value the parser does
not read, an ``@media`` or ``@import`` rule, or a pseudo-element selector makes the styled face ``Unsupported``,
so that a face is either drawn natively with every rule applied or laid out by WeasyPrint.
"""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

import cssselect2
import tinycss2
from tinycss2 import color4

from pnpforge.render.native.dom import Unsupported

PT = {"pt": 1.0, "px": 0.75, "mm": 72 / 25.4, "cm": 72 / 2.54, "in": 72.0, "pc": 12.0, "q": 72 / 101.6}
ROOT_FONT_SIZE = 12.0  # points: the initial font size (16 px), which ``rem`` refers to

# name -> (initial value, inherited)
PROPERTIES: dict[str, tuple[Any, bool]] = {
    "display": ("inline", False), "position": ("static", False),
    "left": ("auto", False), "top": ("auto", False), "right": ("auto", False), "bottom": ("auto", False),
    "width": ("auto", False), "height": ("auto", False), "max-width": ("none", False),
    "min-width": ("auto", False), "min-height": ("auto", False), "max-height": ("none", False),
    "margin-top": (0, False), "margin-right": (0, False), "margin-bottom": (0, False), "margin-left": (0, False),
    "padding-top": (0, False), "padding-right": (0, False), "padding-bottom": (0, False), "padding-left": (0, False),
    "border-top-width": ("medium", False), "border-right-width": ("medium", False),
    "border-bottom-width": ("medium", False), "border-left-width": ("medium", False),
    "border-top-style": ("none", False), "border-right-style": ("none", False),
    "border-bottom-style": ("none", False), "border-left-style": ("none", False),
    "border-top-color": ("currentcolor", False), "border-right-color": ("currentcolor", False),
    "border-bottom-color": ("currentcolor", False), "border-left-color": ("currentcolor", False),
    "border-top-left-radius": (0, False), "border-top-right-radius": (0, False),
    "border-bottom-right-radius": (0, False), "border-bottom-left-radius": (0, False),
    "background-color": ("transparent", False), "color": ((0.0, 0.0, 0.0, 1.0), True),
    "opacity": (1.0, False), "overflow": ("visible", False), "box-sizing": ("content-box", False),
    "font-family": ("serif", True), "font-size": (ROOT_FONT_SIZE, True), "font-weight": (400, True),
    "font-style": ("normal", True), "line-height": ("normal", True), "letter-spacing": ("normal", True),
    "text-align": ("start", True), "text-transform": ("none", True), "white-space": ("normal", True),
    "vertical-align": ("baseline", False), "visibility": ("visible", True),
    "flex-direction": ("row", False), "flex-wrap": ("nowrap", False), "align-items": ("normal", False),
    "justify-content": ("normal", False), "align-self": ("auto", False), "row-gap": ("normal", False),
    "column-gap": ("normal", False), "flex-grow": (0.0, False), "flex-shrink": (1.0, False),
    "flex-basis": ("auto", False), "list-style-type": ("disc", True), "z-index": ("auto", False),
    "text-decoration-line": ("none", False), "page": ("auto", False), "break-after": ("auto", False),
    "object-fit": ("fill", False), "text-indent": (0, True),
    "border-collapse": ("separate", True), "table-layout": ("auto", False),
    "transform": (0, False),  # quarter turns clockwise, about the border box's centre (see ``_quarter_turns``)
}
IGNORED = frozenset({"break-before", "break-inside", "page-break-after", "page-break-before", "orphans", "widows",
                     "list-style-position", "list-style-image", "cursor", "user-select",
                     "border-spacing", "empty-cells"})  # tables are laid out only with collapsed borders
SIDES = ("top", "right", "bottom", "left")
CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")
KEYWORDS = {"display": {"inline", "block", "flex", "none", "inline-block", "list-item", "table", "table-row",
                        "table-cell"},
            "border-collapse": {"separate", "collapse"}, "table-layout": {"auto", "fixed"},
            "position": {"static", "relative", "absolute"},
            "overflow": {"visible", "hidden"}, "box-sizing": {"content-box", "border-box"},
            "font-style": {"normal", "italic"}, "text-align": {"start", "left", "right", "center", "end"},
            "text-transform": {"none", "uppercase", "lowercase", "capitalize"},
            "white-space": {"normal", "nowrap"}, "visibility": {"visible", "hidden"},
            "flex-direction": {"row", "column"}, "flex-wrap": {"nowrap", "wrap"},
            "align-items": {"normal", "stretch", "center", "flex-start", "flex-end", "start", "end", "baseline"},
            "align-self": {"auto", "normal", "stretch", "center", "flex-start", "flex-end", "start", "end"},
            "justify-content": {"normal", "center", "flex-start", "flex-end", "start", "end", "space-between",
                                "space-around", "space-evenly"},
            "list-style-type": {"none", "disc"}, "z-index": {"auto"}, "text-decoration-line": {"none"},
            "break-after": {"auto", "page"}, "object-fit": {"fill", "cover", "contain"}}
UA_STYLESHEET = """
section, div, p, h1, h2, h3, h4, ul, ol, header, footer, main, article, aside, figure, body, html { display: block }
li { display: list-item }
head, style, link, meta, title, script { display: none }
p, ul, ol, figure { margin-top: 1em; margin-bottom: 1em }
h1 { font-size: 2em; margin-top: .67em; margin-bottom: .67em; font-weight: bold }
h2 { font-size: 1.5em; margin-top: .83em; margin-bottom: .83em; font-weight: bold }
h3 { font-size: 1.17em; margin-top: 1em; margin-bottom: 1em; font-weight: bold }
h4 { margin-top: 1.33em; margin-bottom: 1.33em; font-weight: bold }
ul, ol { padding-left: 30pt }
b, strong { font-weight: bold }
i, em { font-style: italic }
svg, img { overflow: hidden }
table { display: table; box-sizing: border-box; border-collapse: separate; text-indent: 0 }
tr { display: table-row; vertical-align: middle }
td, th { display: table-cell; vertical-align: inherit; padding: 0.75pt }
th { font-weight: bold }
table, td, th { border-color: gray }
"""
INLINE_TAGS = frozenset({"span", "b", "strong", "i", "em", "small", "br", "img", "svg", "a"})
KNOWN_TAGS = frozenset({"section", "div", "p", "h1", "h2", "h3", "h4", "ul", "ol", "li", "header", "footer",
                        "main", "article", "aside", "figure", "html", "body", "table", "tr", "td",
                        "th"}) | INLINE_TAGS


@dataclass(frozen=True)
class Declaration:
    name: str
    value: tuple  # tinycss2 component values, whitespace and comments stripped
    important: bool


class Stylesheets:
    """Parsed stylesheets (the UA sheet first) and a matcher over their selectors."""

    def __init__(self, texts: list[str]):
        self.matcher = cssselect2.Matcher()
        self.rules: list[tuple[Declaration, ...]] = []
        self._add(tinycss2.parse_stylesheet(UA_STYLESHEET, skip_comments=True, skip_whitespace=True))
        self.ua_rules = len(self.rules)
        for text in texts:
            self._add(tinycss2.parse_stylesheet(text, skip_comments=True, skip_whitespace=True))

    def _add(self, rules: list) -> None:
        for rule in rules:
            if rule.type == "at-rule":
                if rule.lower_at_keyword in ("font-face", "page"):
                    continue  # fonts come from the pack's font list; pages are sized by the face
                raise Unsupported(f"@{rule.lower_at_keyword} rule")
            if rule.type != "qualified-rule":
                raise Unsupported(f"a stylesheet item of type {rule.type}")
            declarations = parse_declarations(rule.content)
            try:
                selectors = cssselect2.compile_selector_list(rule.prelude)
            except cssselect2.SelectorError as exc:
                raise Unsupported(f"selector {tinycss2.serialize(rule.prelude).strip()!r}: {exc}") from None
            index = len(self.rules)
            self.rules.append(declarations)
            for selector in selectors:
                if selector.pseudo_element is not None:
                    raise Unsupported(f"pseudo-element ::{selector.pseudo_element}")
                self.matcher.add_selector(selector, index)

    def matched(self, wrapper: cssselect2.ElementWrapper) -> list[tuple[tuple, int]]:
        """``(specificity, rule index)`` of every rule matching the element, in cascade order."""
        return sorted((specificity, payload) for specificity, _, _, payload in self.matcher.match(wrapper))


def parse_declarations(content) -> tuple[Declaration, ...]:
    """The declarations of a rule or a ``style`` attribute (a string or tinycss2 tokens)."""
    items = tinycss2.parse_blocks_contents(content, skip_comments=True, skip_whitespace=True)
    found = []
    for item in items:
        if item.type == "error":
            raise Unsupported(f"CSS: {item.message}")
        if item.type != "declaration":
            raise Unsupported(f"a nested {item.type} in a declaration block")
        value = tuple(token for token in item.value if token.type not in ("whitespace", "comment"))
        found.append(Declaration(item.lower_name, value, item.important))
    return tuple(found)


@lru_cache(maxsize=4096)
def inline_declarations(style: str) -> tuple[Declaration, ...]:
    """The declarations of a ``style`` attribute, parsed once per distinct string."""
    return parse_declarations(style)


class Style(dict):
    """Computed values of one element, by property name (lengths in points; colours as RGBA 0..1)."""

    serial = 0  # a number per distinct computed style, for caches keyed by style

    def __getattr__(self, name: str) -> Any:  # style.font_size for style["font-size"]
        return self[name.replace("_", "-")]


def compute(element: ET.Element, wrapper: cssselect2.ElementWrapper, sheets: Stylesheets,
            parent: Style | None, blockify: bool = False) -> Style:
    """The computed style of ``element`` given its parent's; a flex item's ``inline`` display is ``block``."""
    if element.tag not in KNOWN_TAGS:
        raise Unsupported(f"element <{element.tag}>")
    entries = []
    for specificity, index in sheets.matched(wrapper):
        origin = 0 if index < sheets.ua_rules else 1
        entries += [(d.important, origin, specificity, index, d) for d in sheets.rules[index]]
    style_attribute = element.get("style")
    if style_attribute:
        entries += [(d.important, 2, (0, 0, 0), order, d) for order, d in
                    enumerate(inline_declarations(style_attribute))]
    entries.sort(key=lambda entry: entry[:4])
    declared: dict[str, tuple] = {}
    for *_, declaration in entries:
        for name, value in expand(declaration):
            declared[name] = value
    if blockify:
        display = declared.get("display")
        name = display[0].value if display and isinstance(display[0], tinycss2.ast.IdentToken) else "inline"
        if name in ("inline", "inline-block"):
            declared["display"] = (tinycss2.ast.IdentToken(0, 0, "block"),)
        elif name == "inline-flex":
            declared["display"] = (tinycss2.ast.IdentToken(0, 0, "flex"),)
    key = (tuple(declared.items()), parent.serial if parent is not None else 0)
    found = _STYLES.get(key)
    if found is None:
        if len(_STYLES) > MAX_STYLES:
            _STYLES.clear()
        found = _STYLES[key] = _computed(declared, parent)
        found.serial = next(_SERIALS)
    return found


MAX_STYLES = 50_000
_SERIALS = itertools.count(1)
_STYLES: dict[tuple, "Style"] = {}  # process cache: computed styles by declarations and parent


def _computed(declared: dict[str, tuple], parent: Style | None) -> Style:
    style = Style()
    values = dict(declared)
    # font-size first: em lengths depend on it
    parent_size = parent["font-size"] if parent is not None else ROOT_FONT_SIZE
    style["font-size"] = _font_size(values.pop("font-size", None), parent_size)
    for name, (initial, inherited) in PROPERTIES.items():
        if name == "font-size":
            continue
        if name in values:
            raw = values[name]
            if len(raw) == 1 and raw[0].type == "ident" and raw[0].lower_value == "inherit":
                style[name] = parent[name] if parent is not None else initial
                continue
            if len(raw) == 1 and raw[0].type == "ident" and raw[0].lower_value == "initial":
                style[name] = initial
                continue
            style[name] = _value(name, raw, style, parent)
        elif inherited and parent is not None:
            style[name] = parent[name]
        else:
            style[name] = initial
    for side in SIDES:  # a border without a style has no width
        if style[f"border-{side}-style"] == "none":
            style[f"border-{side}-width"] = 0.0
        elif style[f"border-{side}-width"] == "medium":
            style[f"border-{side}-width"] = 2.25
        if style[f"border-{side}-color"] == "currentcolor":
            style[f"border-{side}-color"] = style["color"]
    if style["background-color"] == "transparent":
        style["background-color"] = None
    return style


def _font_size(raw: tuple | None, parent_size: float) -> float:
    if raw is None:
        return parent_size
    if len(raw) == 1:
        token = raw[0]
        if token.type == "dimension" and token.lower_unit == "em":
            return token.value * parent_size
        if token.type == "percentage":
            return token.value / 100 * parent_size
        if token.type == "ident" and token.lower_value == "inherit":
            return parent_size
    return length(raw, parent_size, parent_size, "font-size")


def length(raw: tuple, font_size: float, percent_of: float | None, name: str) -> float:
    """A length in points; ``percent_of`` None leaves percentages unsupported."""
    if len(raw) != 1:
        raise Unsupported(f"{name}: {tinycss2.serialize(raw)}")
    token = raw[0]
    if token.type == "number" and token.value == 0:
        return 0.0
    if token.type == "dimension":
        unit = token.lower_unit
        if unit in PT:
            return token.value * PT[unit]
        if unit == "em":
            return token.value * font_size
        if unit == "rem":
            return token.value * ROOT_FONT_SIZE
    if token.type == "percentage" and percent_of is not None:
        return token.value / 100 * percent_of
    raise Unsupported(f"{name}: {tinycss2.serialize(raw)}")


class Percent(float):
    """A percentage kept for layout time (of the containing block)."""


def _length_or(raw: tuple, style: Style, name: str, keywords: tuple[str, ...]) -> Any:
    token = raw[0] if len(raw) == 1 else None
    if token is not None and token.type == "ident" and token.lower_value in keywords:
        return token.lower_value
    if token is not None and token.type == "percentage":
        return Percent(token.value / 100)
    return length(raw, style["font-size"], None, name)


def _value(name: str, raw: tuple, style: Style, parent: Style | None) -> Any:
    """The computed value of one declared property."""
    token = raw[0] if len(raw) == 1 else None
    if name in KEYWORDS:
        if token is None or token.type != "ident" or token.lower_value not in KEYWORDS[name]:
            raise Unsupported(f"{name}: {tinycss2.serialize(raw)}")
        return token.lower_value
    if name in ("left", "top", "right", "bottom", "width", "height", "min-width", "min-height", "flex-basis"):
        return _length_or(raw, style, name, ("auto", "content"))
    if name in ("max-width", "max-height"):
        return _length_or(raw, style, name, ("none",))
    if name.startswith(("margin-", "padding-")):
        return _length_or(raw, style, name, ("auto",) if name.startswith("margin") else ())
    if name.endswith("-radius"):
        return _length_or(raw, style, name, ())
    if name.endswith("-width") and name.startswith("border-"):
        if token is not None and token.type == "ident" and token.lower_value in ("thin", "medium", "thick"):
            return {"thin": 0.75, "medium": 2.25, "thick": 3.75}[token.lower_value]
        return length(raw, style["font-size"], None, name)
    if name.endswith("-style") and name.startswith("border-"):
        if token is None or token.type != "ident" or token.lower_value not in ("none", "solid", "dashed", "hidden"):
            raise Unsupported(f"{name}: {tinycss2.serialize(raw)}")
        return "none" if token.lower_value == "hidden" else token.lower_value
    if name.endswith("color"):
        if token is not None and token.type == "ident" and token.lower_value == "currentcolor":
            return "currentcolor" if name != "color" else (parent["color"] if parent else (0, 0, 0, 1))
        if token is not None and token.type == "ident" and token.lower_value == "transparent":
            return "transparent"
        return colour(raw, name)
    if name in ("opacity", "flex-grow", "flex-shrink"):
        if token is None or token.type not in ("number", "percentage"):
            raise Unsupported(f"{name}: {tinycss2.serialize(raw)}")
        value = token.value / 100 if token.type == "percentage" else token.value
        return min(1.0, max(0.0, value)) if name == "opacity" else float(value)
    if name == "font-family":
        names = [t.value if t.type == "string" else t.value for t in raw if t.type in ("string", "ident")]
        if not names or any(t.type not in ("string", "ident", "literal") for t in raw):
            raise Unsupported(f"font-family: {tinycss2.serialize(raw)}")
        return names[0]
    if name == "font-weight":
        if token is not None and token.type == "number":
            return int(token.value)
        if token is not None and token.type == "ident":
            inherited = parent["font-weight"] if parent else 400
            mapped = {"normal": 400, "bold": 700, "bolder": 700 if inherited < 600 else 900,
                      "lighter": 400 if inherited > 500 else 100}
            if token.lower_value in mapped:
                return mapped[token.lower_value]
        raise Unsupported(f"font-weight: {tinycss2.serialize(raw)}")
    if name == "line-height":
        if token is not None and token.type == "ident" and token.lower_value == "normal":
            return "normal"
        if token is not None and token.type == "number":
            return ("factor", float(token.value))
        if token is not None and token.type == "percentage":
            return token.value / 100 * style["font-size"]
        return length(raw, style["font-size"], None, name)
    if name == "letter-spacing":
        if token is not None and token.type == "ident" and token.lower_value == "normal":
            return "normal"
        return length(raw, style["font-size"], None, name)
    if name == "text-indent":
        return length(raw, style["font-size"], None, name)
    if name == "vertical-align":
        if token is not None and token.type == "ident" and token.lower_value in ("baseline", "middle", "top",
                                                                                  "bottom", "text-top"):
            return token.lower_value
        if token is not None and token.type == "percentage":
            raise Unsupported("vertical-align: a percentage")
        return length(raw, style["font-size"], None, name)
    if name in ("row-gap", "column-gap"):
        if token is not None and token.type == "ident" and token.lower_value == "normal":
            return "normal"
        return length(raw, style["font-size"], None, name)
    if name == "page":
        return token.value if token is not None and token.type == "ident" else "auto"
    if name == "transform":
        return _quarter_turns(raw)
    raise Unsupported(f"{name}: {tinycss2.serialize(raw)}")


ANGLE_UNITS = {"deg": Fraction(1, 90), "grad": Fraction(1, 100), "turn": Fraction(4)}  # quarter turns per unit


def _quarter_turns(raw: tuple) -> int:
    """``transform: none`` or one ``rotate()`` by a whole number of quarter turns, as turns clockwise (0 to 3).

    Any other transform (another function, a list of them, an angle between quarter turns) is refused. The
    angle is read exactly (a Fraction of its decimal spelling); radians count only when they are zero."""
    token = raw[0] if len(raw) == 1 else None
    if token is not None and token.type == "ident" and token.lower_value == "none":
        return 0
    if token is not None and token.type == "function" and token.lower_name == "rotate":
        arguments = [t for t in token.arguments if t.type not in ("whitespace", "comment")]
        angle = arguments[0] if len(arguments) == 1 else None
        if angle is not None and angle.type in ("number", "dimension") and angle.value == 0:
            return 0
        if angle is not None and angle.type == "dimension" and angle.lower_unit in ANGLE_UNITS:
            turns = Fraction(angle.representation) * ANGLE_UNITS[angle.lower_unit]
            if turns.denominator == 1:
                return int(turns) % 4
    raise Unsupported(f"transform: {tinycss2.serialize(raw)}")


@lru_cache(maxsize=2048)
def _colour_text(text: str) -> tuple[float, float, float, float] | None:
    parsed = color4.parse_color(text)
    if parsed is None or not hasattr(parsed, "to"):
        return None
    red, green, blue = parsed.to("srgb").coordinates
    return (min(1.0, max(0.0, red)), min(1.0, max(0.0, green)), min(1.0, max(0.0, blue)), float(parsed.alpha))


def colour(raw: tuple, name: str = "color") -> tuple[float, float, float, float]:
    """RGBA (0..1) of a CSS colour value."""
    found = _colour_text(tinycss2.serialize(raw))
    if found is None:
        raise Unsupported(f"{name}: {tinycss2.serialize(raw)}")
    return found


FLEX_KEYWORDS = {"none": "0 0 auto", "auto": "1 1 auto", "initial": "0 1 auto"}


def _flex_parts(value: tuple) -> list[tuple[str, tuple]]:
    """``flex`` as grow, shrink and basis: a keyword, or numbers (grow, shrink) and a basis in any order."""
    value = tuple(token for token in value if token.type not in ("whitespace", "comment"))
    if len(value) == 1 and value[0].type == "ident" and value[0].lower_value in FLEX_KEYWORDS:
        value = tuple(tinycss2.parse_component_value_list(FLEX_KEYWORDS[value[0].lower_value], skip_comments=True))
        value = tuple(token for token in value if token.type != "whitespace")
    numbers = [token for token in value if token.type == "number"]
    others = [token for token in value if token.type != "number"]
    if not value or len(numbers) > 2 or len(others) > 1 or (not numbers and not others):
        raise Unsupported(f"flex: {tinycss2.serialize(value)}")
    grow = numbers[0] if numbers else tinycss2.ast.NumberToken(0, 0, 1, 1, "1")
    shrink = numbers[1] if len(numbers) > 1 else tinycss2.ast.NumberToken(0, 0, 1, 1, "1")
    basis = others[0] if others else tinycss2.ast.NumberToken(0, 0, 0, 0, "0")  # a number alone means basis 0
    return [("flex-grow", (grow,)), ("flex-shrink", (shrink,)), ("flex-basis", (basis,))]


def expand(declaration: Declaration) -> list[tuple[str, tuple]]:
    """A declaration as longhand ``(name, value tokens)`` pairs; shorthands are split."""
    name, value = declaration.name, declaration.value
    if name in PROPERTIES:
        return [(name, value)]
    if name in IGNORED:
        return []
    if name in ("margin", "padding"):
        parts = _four(value, name)
        return [(f"{name}-{side}", (part,)) for side, part in zip(SIDES, parts)]
    if name in ("border-width", "border-style", "border-color"):
        kind = name.split("-")[1]
        return [(f"border-{side}-{kind}", (part,)) for side, part in zip(SIDES, _four(value, name))]
    if name == "border-radius":
        if any(token.type == "literal" and token.value == "/" for token in value):
            raise Unsupported("border-radius with elliptical corners")
        return [(f"border-{corner}-radius", (part,)) for corner, part in zip(CORNERS, _four(value, name))]
    if name == "border" or (name.startswith("border-") and name[7:] in SIDES):
        sides = SIDES if name == "border" else (name[7:],)
        width, style_, colour_ = _border_parts(value, name)
        return [(f"border-{side}-{kind}", part) for side in sides
                for kind, part in (("width", width), ("style", style_), ("color", colour_))]
    if name == "background":
        if len(value) != 1 and not (len(value) > 1 and value[0].type == "function"):
            raise Unsupported(f"background: {tinycss2.serialize(value)}")
        if value[0].type == "ident" and value[0].lower_value == "none":
            return [("background-color", (tinycss2.ast.IdentToken(0, 0, "transparent"),))]
        return [("background-color", value)]
    if name == "gap":
        if len(value) == 1:
            return [("row-gap", value), ("column-gap", value)]
        if len(value) == 2:
            return [("row-gap", (value[0],)), ("column-gap", (value[1],))]
    if name == "list-style":
        if len(value) == 1 and value[0].type == "ident" and value[0].lower_value == "none":
            return [("list-style-type", value)]
    if name == "text-decoration":
        if len(value) == 1 and value[0].type == "ident" and value[0].lower_value == "none":
            return [("text-decoration-line", value)]
    if name == "flex":
        return _flex_parts(value)
    if name == "flex-flow":
        return [("flex-direction" if t.lower_value in ("row", "column") else "flex-wrap", (t,)) for t in value
                if t.type == "ident"]
    raise Unsupported(f"property {name}: {tinycss2.serialize(value)}")


def _four(value: tuple, name: str) -> tuple:
    if not 1 <= len(value) <= 4:
        raise Unsupported(f"{name}: {tinycss2.serialize(value)}")
    top = value[0]
    right = value[1] if len(value) > 1 else top
    bottom = value[2] if len(value) > 2 else top
    left = value[3] if len(value) > 3 else right
    return top, right, bottom, left


def _border_parts(value: tuple, name: str) -> tuple[tuple, tuple, tuple]:
    width = (tinycss2.ast.IdentToken(0, 0, "medium"),)
    style_ = (tinycss2.ast.IdentToken(0, 0, "none"),)
    colour_ = (tinycss2.ast.IdentToken(0, 0, "currentcolor"),)
    for token in value:
        if token.type == "ident" and token.lower_value in ("none", "solid", "dashed", "dotted", "double", "hidden",
                                                            "groove", "ridge", "inset", "outset"):
            style_ = (token,)
        elif token.type == "dimension" or (token.type == "number" and token.value == 0) or \
                (token.type == "ident" and token.lower_value in ("thin", "medium", "thick")):
            width = (token,)
        else:
            colour_ = (token,)
    return width, style_, colour_


def anonymous_style(parent: Style) -> Style:
    """The style of an anonymous block in ``parent``: its inherited values, every other property initial."""
    key = ("anonymous", parent.serial)
    found = _STYLES.get(key)
    if found is None:
        found = _STYLES[key] = _computed({"display": (tinycss2.ast.IdentToken(0, 0, "block"),)}, parent)
        found.serial = next(_SERIALS)
    return found
