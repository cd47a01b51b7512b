"""Where one build of a pack writes its outputs and keeps its caches: every rule about it, in one place.

Outputs go to ``<build>/<pack>/`` for the pack's first language and ``<build>/<pack>/<lang>/`` for the others.
Caches go beside them, in a ``cache/`` folder of each, with the pack's art (shared by its languages) in the first
language's: ``<build>/<pack>/cache/art/``. A cache is never inside a pack's folder, though. When the build folder
is inside the pack being built, inside one whose layouts it borrows, or inside any folder holding a ``game.yaml``
(``pnpforge build .`` run in the pack's own folder puts ``build/`` there), the caches move to the user's cache
folder (``$XDG_CACHE_HOME/pnpforge/builds/``, else ``~/.cache/pnpforge/builds/``), into a folder named by a hash
of the build folder's absolute path. A pack shipped with a prepared ``build/`` folder never hands its cache
entries to the build.

Outputs are named by the pack's id, and an id need not be its folder's name, so two copies of a pack (``my-game``
and ``my-game-try``, both ``id: my-game``) would write into one ``<build>/my-game/``, each taking the other's
outputs and caches for its own. A build folder belongs to one pack folder: the first build records it
(``pack-folder`` in the first language's cache folder), and building another folder with the same id into the same
build folder is an error naming both, which says how to keep them apart (a new ``id``, or ``--out``). A recorded
folder that no longer holds a pack (moved or renamed) hands the build folder over without a word.

Inside a pack folder, its ``build/`` folder (where ``pnpforge build .`` run there writes) and any build folder a
command was given are outputs and caches, never the pack's content: ``outputs_in`` names them, and ``diff`` leaves
them out of the files it compares.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Protocol, Sequence

from pnpforge.caches.store import user_cache
from pnpforge.files import BUILD_DIR, write_atomic

CACHE = "cache"
ART = "art"
USER_CACHE = "pnpforge/builds"
OWNER = "pack-folder"  # in the first language's cache folder: the pack folder this build folder belongs to
PACK_FILE = "game.yaml"


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

    def owner(self) -> Path | None:
        """The pack folder whose build this is, as the first build recorded it (None: none recorded)."""
        try:
            return Path(self.cache(self.first_lang).joinpath(OWNER).read_text(encoding="utf-8").strip())
        except (OSError, UnicodeDecodeError, ValueError):
            return None

    def taken_by(self, pack_root: Path) -> Path | None:
        """Another pack folder, still holding a pack, whose outputs these paths hold; None when they are free for
        ``pack_root`` (nothing recorded, the same folder, or a recorded folder that is no pack any more)."""
        recorded = self.owner()
        if recorded is None or recorded == pack_root.resolve() or not (recorded / PACK_FILE).is_file():
            return None
        return recorded

    def claim(self, pack_root: Path) -> None:
        """Record ``pack_root`` as the pack folder whose build this is."""
        target = self.cache(self.first_lang) / OWNER
        folder = str(pack_root.resolve())
        if self.owner() != Path(folder):
            target.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(target, folder + "\n")


def outputs_in(pack_root: Path, build_dirs: Iterable[Path] = ()) -> list[Path]:
    """The folders inside ``pack_root`` that hold pnpforge's outputs and caches, never the pack's content: its
    ``build/`` (what ``pnpforge build .`` run in the pack writes) and each of ``build_dirs`` that lies inside it."""
    root = pack_root.resolve()
    found = [root / BUILD_DIR]
    for folder in build_dirs:
        where = folder.resolve()
        if where.is_relative_to(root) and where != root and where not in found:
            found.append(where)
    return found


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
