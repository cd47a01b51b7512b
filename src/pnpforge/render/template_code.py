"""Compiled templates kept between environments and builds, so a template is compiled once while it is unchanged.

Every environment of a build (the faces, the checks, the rulebook, the web pages) compiles the same layout
templates; compiling is most of what a build with nothing changed spends on Jinja. The compiled code of each
template is kept in memory for the process, and on disk in the build folder's cache (``cache/templates/``) for the
next build (``buildcache``). An entry is found by the template's name and file and used only when the template's text is
the one it was compiled from (Jinja's checksum of the source) and it was written by this Jinja on this Python.

The files are the build's own output, like Python's ``__pycache__``: nothing a pack contains is ever read as
code. The format is ours (a header line, then ``marshal``), so loading an entry never unpickles anything.
"""

from __future__ import annotations

import marshal
import sys
from types import CodeType

import jinja2
from jinja2.bccache import Bucket, BytecodeCache

from pnpforge import buildcache

FOLDER = "templates"
HEADER = f"pnpforge-template 1 jinja {jinja2.__version__} python {sys.version_info[0]}.{sys.version_info[1]}"
MAX_KEPT = 2048  # compiled templates kept in memory; a long-running watch forgets the oldest

_compiled: dict[tuple[str, str], CodeType] = {}  # (bucket key, source checksum) -> code


class SharedCode(BytecodeCache):
    """Jinja's bytecode cache, backed by this process's memory and the current build's cache folder."""

    def load_bytecode(self, bucket: Bucket) -> None:
        """Fill the bucket from memory, else from the build's cache when the entry matches this source."""
        key = (bucket.key, bucket.checksum)
        code = _compiled.get(key)
        if code is None:
            code = _code(buildcache.read(FOLDER, "|".join(key)), bucket.checksum)
            if code is not None:
                _remember(key, code)
        bucket.code = code

    def dump_bytecode(self, bucket: Bucket) -> None:
        """Keep a freshly compiled template in memory and in the build's cache."""
        if bucket.code is None:
            return
        key = (bucket.key, bucket.checksum)
        _remember(key, bucket.code)
        if buildcache.active():
            data = f"{HEADER}\n{bucket.checksum}\n".encode("utf-8") + marshal.dumps(bucket.code)
            buildcache.keep(FOLDER, "|".join(key), data)


def _remember(key: tuple[str, str], code: CodeType) -> None:
    if len(_compiled) >= MAX_KEPT:
        _compiled.pop(next(iter(_compiled)))
    _compiled[key] = code


def _code(data: bytes | None, checksum: str) -> CodeType | None:
    """The code in a cache entry, or None when there is none, or it is from another Jinja, Python or source."""
    if data is None:
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
