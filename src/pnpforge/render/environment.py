"""The Jinja environment: autoescaped templates looked up like layouts, and the helpers templates use.

Content strings are data: they reach a template as values, are HTML-escaped on output, and are never compiled
as templates. ``rich`` turns a text value into escaped HTML with its ``:icon:`` markup drawn as inline SVG;
``t`` picks a translated value's language. Templates may name a game's fields; this module names none.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from jinja2 import StrictUndefined, select_autoescape
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup

from pnpforge.content.fields import label_in
from pnpforge.content.pack import Item, Pack
from pnpforge.content.text import ICON_NAME, in_language
from pnpforge.render import colour as colours
from pnpforge.render import grids
from pnpforge.render.icons import IconSet
from pnpforge.render.template_budget import BoundedEnvironment
from pnpforge.render.template_code import SharedCode
from pnpforge.render.template_files import TextLoader


class RenderError(Exception):
    """A layout's template could not be rendered (a bug in the layout, reported with its name)."""


def make_environment(search: list[Path]) -> SandboxedEnvironment:
    """A sandboxed Jinja environment (a pack's templates are untrusted) whose templates come from the layout
    search path, autoescaping everything. It is the immutable sandbox: a template cannot change a list, mapping
    or set it is given (an item's values, the items of a type, a layout's zones), so one template cannot change
    what another face, page or the rulebook shows. Each render has a budget of work (``template_budget.py``):
    a template that loops, repeats or writes without end is stopped at its line."""
    env = BoundedEnvironment(
        loader=TextLoader([str(p) for p in search]),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        bytecode_cache=SharedCode(),
    )
    env.filters.update(mix=colours.mix, shade=colours.shade, ink=colours.ink, strong=colours.strong,
                       mm=millimetres, humanise=humanise)
    env.globals.update(square_grid=_template_helper(grids.square_grid), hex_grid=_template_helper(grids.hex_grid))
    return env


def _template_helper(helper: Callable[..., Markup]) -> Callable[..., Markup]:
    """A drawing helper whose ``ValueError`` is an error of the template that called it."""
    def call(*args: Any, **kwargs: Any) -> Markup:
        try:
            return helper(*args, **kwargs)
        except ValueError as exc:
            raise RenderError(str(exc)) from None
    return call


def _cell_mm(value: Any) -> float:
    """A map square's side in mm, from 1 to 100."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 1 <= value <= 100:
        raise RenderError(f"a map square is from 1 to 100 mm a side, found {value!r}")
    return float(value)


def millimetres(value: Any) -> str:
    """A number as a CSS length in millimetres (``3`` -> ``3mm``); anything else is an error of the template."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise RenderError(f"mm: expected a number of millimetres, found {value!r}")
    try:
        return f"{float(value):g}mm"
    except ValueError:
        raise RenderError(f"mm: expected a number of millimetres, found {value!r}") from None


def humanise(name: str) -> str:
    """A field or value name as a label: ``entry_cost`` -> ``Entry cost``."""
    text = str(name).replace("_", " ").replace("-", " ").strip()
    return text[:1].upper() + text[1:]


def type_label(pack: Pack, type_name: str, lang: str | None = None) -> str:
    """How players call a type: its declared label (in ``lang``), else its name in words."""
    return humanise(label_in(pack.types[type_name].label, lang, type_name))


def field_label(spec: Any, name: str, lang: str | None) -> str:
    """A field's name as players read it: its declared label (in ``lang``), else its name in words."""
    return label_in(getattr(spec, "label", None), lang, humanise(name))


class PackView:
    """What templates may ask of the pack, in one language."""

    def __init__(self, pack: Pack, lang: str, icons: IconSet):
        """Helpers for one pack in one language."""
        self.pack = pack
        self.lang = lang
        self.icons = icons
        self._by_id = pack.by_id()
        self._factions = {f.id: f for f in pack.game.factions}

    def install(self, env: SandboxedEnvironment) -> None:
        """Expose the helpers as the environment's filters and globals."""
        env.filters.update(t=self.t, rich=self.rich, ref=self.ref)
        env.globals.update(t=self.t, rich=self.rich, icon=self.icon, ref=self.ref, items=self.items,
                           faction=self.faction, colour_of=self.colour_of, display=self.display,
                           has_icon=self.has_icon, icon_label=self.icons.label, humanise=humanise,
                           lang=self.lang, game_name=self.t(self.pack.game.name), pack_id=self.pack.id,
                           grid_map=self.grid_map, tiles_map=self.tiles_map)

    def t(self, value: Any) -> str:
        """A text value in the build's language."""
        return in_language(value, self.lang, self.pack.game.languages[0])

    def rich(self, value: Any, colour: str | None = None) -> Markup:
        """A text value as escaped HTML with its icons drawn inline in ``colour``."""
        return self.icons.rich(self.t(value), colour)

    def icon(self, icon_id: str, colour: str | None = None, css_class: str = "icon") -> Markup:
        """An icon as inline SVG; an id that is not a name (a path, say) is an error of the template."""
        name = str(icon_id)
        if not ICON_NAME.match(name):
            shown = name if len(name) <= 200 else name[:197] + "..."
            raise RenderError(f"icon({shown!r}): an icon id is a name (lower-case letters, digits, '-' and '_'), "
                              "never a path")
        return self.icons.svg(name, colour, css_class)

    def grid_map(self, value: Any, cell: float = 10.0) -> Markup:
        """A ``grid`` field's map drawn in a face, each square ``cell`` mm a side."""
        from pnpforge.render import map_drawing  # noqa: PLC0415 - the engine's grids load when a face draws a map

        size = _cell_mm(cell)
        drawn = map_drawing.field_map(value, size)
        if not drawn:
            raise RenderError(f"grid_map: expected the value of a grid field, found {value!r}"[:300])
        return drawn

    def tiles_map(self, tiles: Any, field: str, cell: float = 10.0) -> Markup:
        """The map joined from ``tiles`` (each ``{tile, x, y, turn, mirror, field}``, ``tile`` an item id whose
        ``field`` is a ``grid``; an entry's own ``field`` names the side face up of a tile with a map on each side)
        drawn in a face, each square ``cell`` mm a side."""
        from pnpforge.render import map_drawing  # noqa: PLC0415 - the engine's grids load when a face draws a map

        size = _cell_mm(cell)

        def grid_of(tile: Any, own: Any) -> Any:
            item = self.ref(str(tile))
            return item.get(str(field if own is None else own)) if item is not None else None

        try:
            grid = map_drawing.joined(tiles, grid_of)
        except ValueError as exc:
            raise RenderError(str(exc)[:300]) from None
        return map_drawing.map_svg(grid, True, size)

    def has_icon(self, icon_id: str) -> bool:
        """True when the icon has a drawing (not just a label badge); an id that is not a name has none."""
        return self.icons.path(str(icon_id)) is not None

    def ref(self, item_id: str) -> Item | None:
        """The item with this id."""
        return self._by_id.get(item_id)

    def items(self, type_name: str) -> list[Item]:
        """Every item of a type, as its file lists them."""
        return self.pack.of_type(type_name)

    def faction(self, faction_id: str | None):
        """The faction with this id, or None."""
        return self._factions.get(faction_id) if faction_id else None

    def faction_field(self, item: Item) -> str | None:
        """The name of the item's first field that refers to a faction."""
        for name, spec in self.pack.types[item.type].fields.items():
            if spec.kind == "ref" and spec.to == "faction":
                return name
        return None

    def colour_of(self, item: Item) -> str:
        """The item's colour: its faction's, else a stable neutral one."""
        field = self.faction_field(item)
        faction = self.faction(item.get(field)) if field else None
        if faction is not None and faction.colour:
            return faction.colour
        return self.type_colour(item.type)

    def type_colour(self, type_name: str) -> str:
        """A stable neutral colour for a whole type (used where no faction decides)."""
        return colours.palette_colour(type_name)

    def display(self, item: Item, field: str) -> str:
        """A field's value as plain text for a generic card."""
        spec = self.pack.types[item.type].fields.get(field)
        return self._display(item.get(field), spec)

    def _display(self, value: Any, spec: Any) -> str:
        """A value of a declared field kind as plain text."""
        if value is None or value == [] or spec is None:
            return "" if value is None else str(value)
        kind = spec.kind
        if kind == "text":
            return self.t(value)
        if kind == "bool":
            return "yes" if value else "no"
        if kind == "enum":
            return humanise(value).lower() if isinstance(value, str) else str(value)
        if kind == "ref":
            if spec.to == "faction":
                faction = self.faction(value)
                if faction is None:
                    return str(value)
                return self.t(faction.name)
            target = self.ref(value)
            if target is None:
                return str(value)
            return self.t(target.get("name", value))
        if kind == "list":
            return ", ".join(filter(None, (self._display(v, spec.of) for v in value)))
        if kind == "object":
            return "; ".join(f"{humanise(k).lower()} {self._display(v, spec.fields.get(k))}"
                             for k, v in value.items() if v is not None)
        if kind == "effect":
            params = ", ".join(f"{humanise(k).lower()} {self._plain(v)}" for k, v in value.items() if k != "effect")
            return f"{humanise(value.get('effect', ''))}" + (f" ({params})" if params else "")
        return str(value)

    def _plain(self, value: Any) -> str:
        """An effect parameter as plain text."""
        if isinstance(value, bool):
            return "yes" if value else "no"
        return humanise(value).lower() if isinstance(value, str) else str(value)
