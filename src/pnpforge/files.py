"""Writing outputs so that a reader, or a build killed half-way, never sees half a file.

Every output is written to a temporary file in its own folder and renamed over the target in one step
(``os.replace`` is atomic on one file system): the target is the old version or the new one, never a mix. The
temporary name starts with a dot and ends in ``.tmp``, so a file left by a kill is never mistaken for an output;
``remove_leftovers`` clears them at the start of the next build.
"""

from __future__ import annotations

import json
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterable, Iterator

BUILD_DIR = Path("build")  # where the commands write, unless told --out
LEFTOVER = ".*.tmp"


@contextmanager
def replacing(target: Path) -> Iterator[Path]:
    """A temporary path beside ``target`` to write to; renamed over ``target`` when the block ends without error,
    removed when it raises."""
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        yield temporary
        os.replace(temporary, target)
    finally:
        if temporary.exists():
            temporary.unlink()


def write_atomic(target: Path, data: bytes | str) -> None:
    """Write ``data`` (text as UTF-8) to ``target`` in one step."""
    with replacing(target) as temporary:
        temporary.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)


def write_if_changed(target: Path, data: bytes | str) -> bool:
    """Write ``data`` to ``target`` in one step unless it already holds exactly that; True when written."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if target.is_file() and target.stat().st_size == len(raw) and target.read_bytes() == raw:
        return False
    write_atomic(target, raw)
    return True


def write_json_lines(target: Path, head: dict, key: str, records: Iterable[dict], ensure_ascii: bool = False) -> bool:
    """Write, unless ``target`` already holds it, one JSON object: the entries of ``head``, then ``key`` with a list
    of ``records``, one record a line (diffable, and quick to write); True when written."""
    opening = json.dumps(head, ensure_ascii=ensure_ascii)[:-1] + (", " if head else "")
    lines = ",\n".join(json.dumps(record, ensure_ascii=ensure_ascii) for record in records)
    return write_if_changed(target, f'{opening}{json.dumps(key)}: [\n{lines}\n]}}\n')


def remove_leftovers(folder: Path) -> int:
    """Delete the temporary files a killed build left under ``folder``; how many there were."""
    if not folder.is_dir():
        return 0
    found = [path for path in folder.rglob(LEFTOVER) if path.is_file()]
    for path in found:
        path.unlink()
    return len(found)
