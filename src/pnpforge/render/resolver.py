"""One resolver for every file a pack can override: layouts, templates, CSS, icons, fonts, sizes, sheets, shop
presets, and the rulebook's and web site's templates and settings.

A pack sees layers, first hit wins:

1. its own ``layouts/`` folder;
2. the ``layouts/`` folder of each pack it names in ``game.yaml`` (``layouts_from: [other-pack]``), in order;
3. the shared set shipped with pnpforge (``pnpforge/layouts``; in a checkout, the top-level ``layouts/``).

Each kind of file has the same sub-folder in every layer (``icons/``, ``sheets/``, ``shop/``, ``fonts/``,
``rulebook/``, ``web/``, ``sizes.yaml``), except card layouts: a pack keeps them directly in ``layouts/``, the
shared set in ``layouts/generic/``. ``extends`` in layouts and sheet presets follows the same order (a file that
extends its own name continues further down it).

In ``pnp:`` URLs a pack layer's files appear under ``layouts/<pack-id>/`` (the shared set under ``layouts/``),
so a document names the same URL whichever folder the file was found in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dataclasses import dataclass
from pathlib import Path

from pnpforge.findings import display_path

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

CARD_LAYOUTS = ""  # the kind of the card layouts themselves
SHARED_CARD_FOLDER = "generic"
PACK_LAYOUTS = "layouts"


@dataclass(frozen=True)
class Layer:
    """One folder of layouts: a pack's ``layouts/`` or the shared set."""

    name: str  # the pack id, or "shared"
    root: Path
    url: str  # the pnp: URL prefix of its files
    shared: bool = False

    def folder(self, kind: str) -> Path:
        """Where this layer keeps files of ``kind``."""
        if kind == CARD_LAYOUTS:
            return self.root / SHARED_CARD_FOLDER if self.shared else self.root
        return self.root / kind


@dataclass(frozen=True)
class Resolver:
    """The layers one pack sees, most specific first."""

    layers: tuple[Layer, ...]

    @classmethod
    def for_pack(cls, pack: Pack | None, shared: Path) -> "Resolver":
        """The pack's own layouts, those of the packs it names in ``layouts_from``, then ``shared`` (the shared
        set alone when ``pack`` is None)."""
        own = [] if pack is None else [(pack.id, pack.root), *getattr(pack, "layout_packs", ())]
        layers = [Layer(name, root / PACK_LAYOUTS, _url(name, shared)) for name, root in own]
        return cls(tuple(layers) + (Layer("shared", shared, "layouts", shared=True),))

    @property
    def shared(self) -> Path:
        """The shared set's folder."""
        return self.layers[-1].root

    def folders(self, kind: str) -> list[Path]:
        """The existing folders holding files of ``kind``, first hit first."""
        return [folder for folder in (layer.folder(kind) for layer in self.layers) if folder.is_dir()]

    def files(self, relative: str) -> list[Path]:
        """Every existing file at ``relative`` (e.g. ``sizes.yaml``), first hit first."""
        return [path for path in (layer.root / relative for layer in self.layers) if path.is_file()]

    def first(self, relative: str) -> Path | None:
        """The first existing file at ``relative``."""
        found = self.files(relative)
        return found[0] if found else None

    def named(self, kind: str, suffix: str = ".yaml") -> dict[str, Path]:
        """Files of ``kind`` by stem, the first layer holding a name winning (sorted by name)."""
        found: dict[str, Path] = {}
        for folder in self.folders(kind):
            for path in sorted(folder.glob(f"*{suffix}")):
                found.setdefault(path.stem, path)
        return dict(sorted(found.items()))

    def url_roots(self) -> list[tuple[str, Path]]:
        """``(pnp: prefix, folder)`` pairs, most specific first."""
        return [(layer.url, layer.root) for layer in self.layers]

    def places(self, kind: str) -> str:
        """Where files of ``kind`` are looked up, for messages."""
        return ", ".join(f"{display_path(layer.folder(kind))}/" for layer in self.layers)


def _url(pack_id: str, shared: Path) -> str:
    """The URL prefix of a pack layer; a pack id that is also a shared folder's name gets its own prefix."""
    return f"layouts/{pack_id}" if not (shared / pack_id).exists() else f"layouts/pack-{pack_id}"


def url_path(roots: dict[str, Path], url: str) -> Path | None:
    """The file behind a ``pnp:<root>/<path>`` URL (the longest matching root wins), or None when no root
    matches or the path would leave its root."""
    if not url.startswith("pnp:"):
        return None
    rest = url[4:]
    for name in sorted(roots, key=len, reverse=True):
        if rest.startswith(name + "/"):
            root = roots[name].resolve()
            path = (root / rest[len(name) + 1:]).resolve()
            return path if root in path.parents else None
    return None
