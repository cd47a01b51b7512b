"""Where one build of a pack writes its outputs and keeps its caches: every rule about it, in one place.

Outputs go to ``<build>/<pack>/`` for the pack's first language and ``<build>/<pack>/<lang>/`` for the others.
Caches go beside them, in a ``cache/`` folder of each, with the pack's art (shared by its languages) in the first
language's: ``<build>/<pack>/cache/art/``. A cache is never inside a pack's folder, though. When the build folder
is inside the pack being built, inside one whose layouts it borrows, or inside any folder holding a ``game.yaml``
(``pnpforge build .`` run in the pack's own folder puts ``build/`` there), the caches move to the user's cache
folder (``$XDG_CACHE_HOME/pnpforge/builds/``, else ``~/.cache/pnpforge/builds/``), into a folder named by a hash
of the build folder's absolute path. A pack shipped with a prepared ``build/`` folder never hands its cache
entries to the build.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, Sequence

from pnpforge.caches.store import user_cache

CACHE = "cache"
ART = "art"
USER_CACHE = "pnpforge/builds"


class _Game(Protocol):
    @property
    def languages(self) -> Sequence[str]: ...


class Pack(Protocol):
    """What the paths need of a loaded pack (``content.pack.Pack``; this package reads nothing else of it)."""

    @property
    def id(self) -> str: ...

    @property
    def root(self) -> Path: ...

    @property
    def game(self) -> _Game: ...

    @property
    def layout_packs(self) -> tuple[tuple[str, Path], ...]: ...


@dataclass(frozen=True)
class OutputPaths:
    """One language's outputs (``out``) and caches (``cache``), and the pack's art cache (``art``)."""

    out: Path
    cache: Path
    art: Path

    @classmethod
    def beside(cls, out_dir: Path, pack: Pack) -> "OutputPaths":
        """The paths of a stage called with an output folder alone (a test, a tool): caches in ``out_dir/cache``,
        the art cache in the pack's folder of the build (``out_dir`` itself, or its parent for a language's)."""
        base = out_dir if out_dir.name == pack.id else out_dir.parent
        return cls(out_dir, out_dir / CACHE, base / CACHE / ART)

    def cached(self, name: str) -> Path:
        """A cache folder or file of this language: ``faces``, ``master``, ``stamps.json`` ..."""
        return self.cache / name


@dataclass(frozen=True)
class BuildPaths:
    """Where a build of one pack into ``build_dir`` puts things."""

    build_dir: Path
    pack_id: str
    first_lang: str
    cache_base: Path  # build_dir, or the user's cache folder when build_dir is inside a pack

    @classmethod
    def of(cls, build_dir: Path, pack: Pack) -> "BuildPaths":
        """The paths of ``pack`` built into ``build_dir``."""
        return cls(build_dir, pack.id, pack.game.languages[0], cache_base(build_dir, pack_folders(pack)))

    @property
    def pack_dir(self) -> Path:
        """``<build>/<pack>/``: the first language's outputs, the others' folders, ``check.json``."""
        return self.build_dir / self.pack_id

    def out(self, lang: str) -> Path:
        """Where a language's outputs go."""
        return self.pack_dir if lang == self.first_lang else self.pack_dir / lang

    def cache(self, lang: str) -> Path:
        """Where a language's caches go."""
        relative = Path(self.pack_id) if lang == self.first_lang else Path(self.pack_id) / lang
        return self.cache_base / relative / CACHE

    @property
    def art(self) -> Path:
        """The pack's art cache, shared by its languages."""
        return self.cache(self.first_lang) / ART

    def lang(self, lang: str) -> OutputPaths:
        """One language's paths."""
        return OutputPaths(self.out(lang), self.cache(lang), self.art)


def pack_folders(pack: Pack) -> list[Path]:
    """The folders a build of ``pack`` reads as the pack's own: its root and the packs it borrows layouts from."""
    return [pack.root, *(root for _, root in pack.layout_packs)]


def cache_base(build_dir: Path, packs: list[Path]) -> Path:
    """``build_dir``, unless it lies inside one of ``packs`` or any pack folder (a folder with a ``game.yaml`` at or
    above it): then a folder of the user's cache named after it."""
    where = build_dir.resolve()
    in_a_pack = any((folder / "game.yaml").is_file() for folder in (where, *where.parents))
    if not in_a_pack and not any(where.is_relative_to(folder.resolve()) for folder in packs):
        return build_dir
    return user_cache() / USER_CACHE / hashlib.sha256(str(where).encode("utf-8")).hexdigest()[:24]
