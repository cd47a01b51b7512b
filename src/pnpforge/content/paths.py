"""Files named by content must stay inside their pack: no absolute paths, no '..' out, no symlink leading out."""

from __future__ import annotations

import os
from pathlib import Path


MAX_NAME_BYTES = 255  # what file systems allow a file name
MAX_PATH_BYTES = 1024


class PathEscape(Exception):
    """A path named by content leaves the pack."""


def inside_pack(root: Path, relative: str) -> Path:
    """The file ``relative`` names inside ``root``; raise ``PathEscape`` when it would leave the pack."""
    if not relative or relative.startswith(("/", "\\")) or (len(relative) > 1 and relative[1] == ":"):
        raise PathEscape(f"path '{relative}' must be relative to the pack folder")
    if "\x00" in relative:
        raise PathEscape(f"path {relative!r} holds a NUL character")
    if len(relative.encode("utf-8")) > MAX_PATH_BYTES or any(
            len(part.encode("utf-8")) > MAX_NAME_BYTES for part in relative.replace("\\", "/").split("/")):
        raise PathEscape(f"path '{relative[:40]}...' is too long (at most {MAX_NAME_BYTES} bytes a name, "
                         f"{MAX_PATH_BYTES} in all)")
    try:
        base = root.resolve()
        target = (root / relative).resolve()
    except (OSError, RuntimeError):
        raise PathEscape(f"path '{relative}' goes round a loop of symlinks") from None
    if target != base and base not in target.parents:
        raise PathEscape(f"path '{relative}' leaves the pack folder")
    return root / relative


def outside_links(root: Path) -> list[tuple[Path, str]]:
    """Symlinks under ``root`` whose targets lie outside it, or that go round in a loop (the second part says which:
    the link's target, or ``LOOP``)."""
    base = root.resolve()
    found = []
    for folder, dirs, files in os.walk(root):
        for name in sorted(dirs + files):
            path = Path(folder) / name
            if path.is_symlink():
                try:
                    target = path.resolve(strict=True)
                except FileNotFoundError:
                    target = path.resolve()  # a dangling link inside the pack is reported where it is used
                except (OSError, RuntimeError):
                    found.append((path, LOOP))
                    continue
                if target != base and base not in target.parents:
                    found.append((path, os.readlink(path)))
        dirs[:] = [d for d in dirs if not (Path(folder) / d).is_symlink()]
    return sorted(found)


LOOP = "a loop of symlinks"
