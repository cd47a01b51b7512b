"""Compiled templates kept between environments and builds, so a template is compiled once while it is unchanged.

Every environment of a build (the faces, the checks, the rulebook, the web pages) compiles the same layout
templates; compiling is most of what a build with nothing changed spends on Jinja. The compiled code of each
template is kept in memory for the process, and on disk in the build folder's cache (``cache/templates/``) for the
next build (``buildcache``). An entry is found by the template's name and file and used only when the template's text is the one
it was compiled from (Jinja's checksum of the source) and it was written by this Jinja on this Python.

The files are the build's own output, like Python's ``__pycache__``: nothing a pack contains is ever read as
code. The format is ours (a header line, then ``marshal``), so loading an entry never unpickles anything.
"""

from __future__ import annotations

import hashlib
import marshal
import sys
from pathlib import Path
from types import CodeType

import jinja2
from jinja2.bccache import Bucket, BytecodeCache

from pnpforge import buildcache
from pnpforge.files import write_atomic

FOLDER = "templates"
HEADER = f"pnpforge-template 1 jinja {jinja2.__version__} python {sys.version_info[0]}.{sys.version_info[1]}"
MAX_KEPT = 2048  # compiled templates kept in memory; a long-running watch forgets the oldest

_compiled: dict[tuple[str, str], CodeType] = {}  # (bucket key, source checksum) -> code


class SharedCode(BytecodeCache):
    """Jinja's bytecode cache, backed by this process's memory and the current build's cache folder."""

    def load_bytecode(self, bucket: Bucket) -> None:
        """Fill the bucket from memory, else from the cache folder when the file matches this source."""
        key = (bucket.key, bucket.checksum)
        code = _compiled.get(key)
        folder = buildcache.folder(FOLDER)
        if code is None and folder is not None:
            code = _read(_path(folder, key), bucket.checksum)
            if code is not None:
                _remember(key, code)
        bucket.code = code

    def dump_bytecode(self, bucket: Bucket) -> None:
        """Keep a freshly compiled template in memory and in the cache folder."""
        if bucket.code is None:
            return
        key = (bucket.key, bucket.checksum)
        _remember(key, bucket.code)
        folder = buildcache.folder(FOLDER)
        if folder is not None:
            data = f"{HEADER}\n{bucket.checksum}\n".encode("utf-8") + marshal.dumps(bucket.code)
            try:
                write_atomic(_path(folder, key), data)
            except OSError:
                pass  # a cache that cannot be written only costs the next build a compile


def _remember(key: tuple[str, str], code: CodeType) -> None:
    if len(_compiled) >= MAX_KEPT:
        _compiled.pop(next(iter(_compiled)))
    _compiled[key] = code


def _path(folder: Path, key: tuple[str, str]) -> Path:
    """The file of one compiled template."""
    return folder / f"{hashlib.sha256('|'.join(key).encode('utf-8')).hexdigest()[:32]}.jinja"


def _read(path: Path, checksum: str) -> CodeType | None:
    """The code in a cache file, or None when there is none, or it is from another Jinja, Python or source."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    header, _, rest = data.partition(b"\n")
    stored, _, body = rest.partition(b"\n")
    if header.decode("utf-8", "replace") != HEADER or stored.decode("utf-8", "replace") != checksum:
        return None
    try:
        code = marshal.loads(body)
    except (EOFError, ValueError, TypeError):
        return None
    return code if isinstance(code, CodeType) else None
