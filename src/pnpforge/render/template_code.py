"""Compiled templates shared by the environments of one process, so a template is compiled once while unchanged.

Every environment of a build (the faces, the checks, the rulebook, the web pages) compiles the same layout
templates. The compiled code of each template is kept in this process's memory (``_compiled``, a documented process
cache), found by the template's name and file and used only when the template's text is the one it was compiled
from (Jinja's checksum of the source). Compiled code is never written to disk nor read from it: a build folder,
which a pack may ship or a repository commit, can never hand pnpforge code to run.
"""

from __future__ import annotations

from types import CodeType

from jinja2.bccache import Bucket, BytecodeCache

MAX_KEPT = 2048  # compiled templates kept in memory; a long-running watch forgets the oldest

_compiled: dict[tuple[str, str], CodeType] = {}  # process cache: (bucket key, source checksum) -> code


class SharedCode(BytecodeCache):
    """Jinja's bytecode cache, backed by this process's memory only."""

    def load_bytecode(self, bucket: Bucket) -> None:
        """Fill the bucket with the code compiled earlier in this process from this very source, if any."""
        bucket.code = _compiled.get((bucket.key, bucket.checksum))

    def dump_bytecode(self, bucket: Bucket) -> None:
        """Keep a freshly compiled template for the other environments of this process."""
        if bucket.code is None:
            return
        if len(_compiled) >= MAX_KEPT:
            _compiled.pop(next(iter(_compiled)))
        _compiled[(bucket.key, bucket.checksum)] = bucket.code
