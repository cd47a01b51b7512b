"""Layouts as data: the size, bleed, safe zone, named zones and template of each component type.

A layout is a YAML file; ``extends: <name>`` inherits every key of another layout (mappings such as ``zones``
merge name by name, everything else is replaced). A pack's layouts are looked up through its resolver
(``render/resolver.py``): the pack's own ``layouts/`` folder, then those of the packs it names in ``layouts_from``,
then the shared ``layouts/generic/``; a layout that extends its own name continues the search further down that
chain, so a pack overrides a built-in by name. A component type without a layout of its own uses ``card``, the
generic layout that renders any declared type. Named sizes come from ``sizes.yaml`` in every layer, a pack's
sizes adding to (or replacing by name) the shared ones.

Problems (unknown keys, a missing parent, a cycle, a bad number) are located findings, like content errors.
Zone geometry is in millimetres from the trim's top-left corner.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnpforge.content.paths import PathEscape, inside_pack
from pnpforge.content.source import Doc, LoadError, load_yaml_shared
from pnpforge.findings import Finding, Mark, display_path
from pnpforge.render.geometry import (  # noqa: F401 - the layout model, re-exported for callers
    BackSpec, FitSpec, Layout, LayoutError, Size, Zone, layout_error as _error)
from pnpforge.render.layout_values import LAYOUT_KEYS, SIZE_KEYS, build_layout, size_outline, unknown_keys
from pnpforge.render.resolver import CARD_LAYOUTS, Resolver

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

# The shared layouts ship inside the package (``pnpforge/layouts``; in a checkout, a link to the top-level
# ``layouts/``), so pnpforge finds them from any working folder and after ``pip install``.
LAYOUTS_DIR = (Path(__file__).parent.parent / "layouts").resolve()
FALLBACK_LAYOUT = "card"


def load_sizes(layouts_dir: Path = LAYOUTS_DIR, pack: Pack | None = None) -> dict[str, Size]:
    """The named sizes of ``sizes.yaml``: the shared set's, then each layer's of ``pack`` adding or replacing."""
    sizes: dict[str, Size] = {}
    for path in reversed(Resolver.for_pack(pack, layouts_dir).files("sizes.yaml")):
        sizes.update(_sizes_file(path))
    return sizes


def _sizes_file(path: Path) -> dict[str, Size]:
    """The sizes one ``sizes.yaml`` names."""
    try:
        doc = load_yaml_shared(path)
    except LoadError as exc:
        raise LayoutError(exc.findings) from None
    problems: list[Finding] = []
    sizes: dict[str, Size] = {}
    raw = doc.data.get("sizes") if isinstance(doc.data, dict) else None
    if not isinstance(raw, dict):
        raise LayoutError([_error(doc.mark(()), "expected 'sizes:' with a mapping of size names")])
    for name, spec in raw.items():
        at = ("sizes", name)
        if not isinstance(spec, dict):
            problems.append(_error(doc.mark(at), f"size '{name}': expected {{w, h}}"))
            continue
        problems += unknown_keys(doc, at, spec, SIZE_KEYS, None)
        outline = size_outline(doc, at, spec, problems, None)
        sizes[name] = Size(name, outline.width, outline.height, outline.kind, outline if outline.drawn else None)
    if problems:
        raise LayoutError(problems)
    return sizes


def search_path(pack: Pack | None, layouts_dir: Path = LAYOUTS_DIR) -> list[Path]:
    """Where a pack's layouts are looked up, first hit wins."""
    return Resolver.for_pack(pack, layouts_dir).folders(CARD_LAYOUTS)


class LayoutSet:
    """The layouts one pack sees, loaded on demand and resolved through ``extends``."""

    def __init__(self, search: list[Path], sizes: dict[str, Size]):
        """Layouts found along ``search``, with the named sizes."""
        self.search = search
        self.sizes = sizes
        self._resolved: dict[str, Layout] = {}
        self._located: dict[tuple[str, int], tuple[int, Path] | None] = {}  # looked up once per set (one build)

    def locate(self, name: str, start: int = 0) -> tuple[int, Path] | None:
        """The first ``<name>.yaml`` in the search path from position ``start``."""
        if (name, start) not in self._located:
            self._located[(name, start)] = self._find(name, start)
        return self._located[(name, start)]

    def _find(self, name: str, start: int) -> tuple[int, Path] | None:
        for index in range(start, len(self.search)):
            try:
                path = inside_pack(self.search[index], f"{name}.yaml")
            except PathEscape:
                return None  # a name that leaves the layouts folder names no layout
            if path.is_file():
                return index, path
        return None

    def has(self, name: str) -> bool:
        """True when a layout of that name exists on the search path."""
        return self.locate(name) is not None

    def get(self, name: str) -> Layout:
        """The resolved layout called ``name``; raise ``LayoutError`` with located findings."""
        if name not in self._resolved:
            found = self.locate(name)
            if found is None:
                raise LayoutError([_error(Mark(display_path(self.search[0]) if self.search else "layouts"),
                                          f"no layout '{name}'; looked in {self.places()}")])
            self._resolved[name] = self._resolve(name, *found)
        return self._resolved[name]

    def for_type(self, type_name: str) -> Layout:
        """The layout of a component type: its own, else the generic ``card``."""
        return self.get(type_name if self.has(type_name) else FALLBACK_LAYOUT)

    def places(self) -> str:
        """The searched folders, for messages."""
        return ", ".join(f"{display_path(p)}/" for p in self.search) or "no layout folder"

    def _resolve(self, name: str, index: int, path: Path) -> Layout:
        """Follow ``extends`` from one file, refusing cycles and missing parents."""
        chain: list[tuple[str, Doc]] = []
        seen: list[str] = []
        current: tuple[str, int, Path] | None = (name, index, path)
        while current is not None:
            cur_name, cur_index, cur_path = current
            key = f"{cur_index}:{cur_name}"
            doc = _load(cur_path)
            if key in seen:
                cycle = " -> ".join([n for n, _ in chain] + [cur_name])
                raise LayoutError([_error(doc.mark(("extends",)), f"extends forms a cycle: {cycle}", cur_name)])
            seen.append(key)
            problems = unknown_keys(doc, (), doc.data, LAYOUT_KEYS, cur_name)
            if problems:
                raise LayoutError(problems)
            chain.append((cur_name, doc))
            parent = doc.data.get("extends")
            if parent is None:
                current = None
                continue
            if not isinstance(parent, str):
                raise LayoutError([_error(doc.mark(("extends",)), "extends: expected a layout name", cur_name)])
            found = self.locate(parent, cur_index + 1 if parent == cur_name else 0)
            if found is None:
                raise LayoutError([_error(doc.mark(("extends",)),
                                          f"extends '{parent}', which does not exist; looked in {self.places()}",
                                          cur_name)])
            current = (parent, *found)
        merged, origin = merge_chain(chain, ("zones", "fit", "params"))
        return build_layout(name, merged, origin, chain[0][1], tuple(n for n, _ in chain), self.sizes)


def _load(path: Path) -> Doc:
    """One layout file as a located mapping."""
    try:
        doc = load_yaml_shared(path)
    except LoadError as exc:
        raise LayoutError(exc.findings) from None
    if not isinstance(doc.data, dict):
        raise LayoutError([_error(doc.mark(()), "a layout is a mapping of keys", path.stem)])
    return doc



def merge_chain(chain: list[tuple[str, Doc]], mergeable: tuple[str, ...]) -> tuple[dict[str, Any], dict[tuple, Doc]]:
    """The keys of an ``extends`` chain, parents first; the ``mergeable`` mappings merge one level deep.

    Also where each key (and each key of a mapping) came from, for findings at the right file."""
    merged: dict[str, Any] = {}
    origin: dict[tuple, Doc] = {}
    for _, doc in reversed(chain):
        for key, value in doc.data.items():
            if key == "extends":
                continue
            if key in mergeable and isinstance(value, dict) and isinstance(merged.get(key), dict):
                merged[key] = {**merged[key], **value}
            else:
                merged[key] = value
            if isinstance(value, dict):
                for sub in value:
                    origin[(key, sub)] = doc
            origin[(key,)] = doc
    return merged, origin


