"""The render cache: one entry per face, keyed by a hash of everything that decides its pixels.

A face's key is the SHA-256 of its HTML (the layout's template rendered with the item's data, fitted text, page size and
bleed) and of the bytes of every file that HTML fetches through ``pnp:`` URLs (stylesheets and what they import, fonts,
art), plus WeasyPrint's version, whether the native renderer is switched on, and a digest of the source of ``render/``
(``caches.code``): a face drawn by other code is drawn again. The same key always gives the same PDF bytes (both
renderers are deterministic), so a face whose key is in the cache is not drawn again: editing one card changes one key;
editing a layout or a stylesheet changes the keys of the faces that use it. Entries are ``cache/faces/<key>.frag``
(``render.fragments``), with the warnings drawing gave beside the bytes.

``Stamps`` does the same one level up: each file assembled from faces (a type's face PDF, a print-shop PDF or PNG, a
print sheet) records the key of its inputs, and is left alone while the key and the file are unchanged.
"""

from __future__ import annotations

import hashlib
import json
import posixpath
import re
from functools import lru_cache
from importlib.metadata import version
from pathlib import Path

from pnpforge.files import write_atomic
from pnpforge.caches import code
from pnpforge.render import fragments, native
from pnpforge.render.resolver import url_path

FACES_CACHE = "faces"  # in a language's cache folder (``caches.paths``)
FACE_CODE = ("render",)  # the code that draws a face: every line of it is in every face's key
STAMPS = "stamps.json"
PNP_URL = re.compile(r"pnp:[A-Za-z0-9_\-]+/[^\"'()\s<>]+")
CSS_URL = re.compile(r"""url\(\s*['"]?([^'")\s]+)['"]?\s*\)|@import\s+['"]([^'"]+)['"]""")


def hash_of(*parts: str | bytes) -> str:
    """A short hex digest of some strings and bytes."""
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()[:40]


class FileDigests:
    """Digests of the files behind ``pnp:`` URLs, each read once per build."""

    def __init__(self, roots: dict[str, Path]):
        """Resolve ``pnp:<root>/...`` against ``roots``."""
        self.roots = {name: path.resolve() for name, path in roots.items()}
        self._done: dict[str, str] = {}

    def of(self, url: str, depth: int = 0) -> str:
        """The digest of a URL's file, and of what a stylesheet imports from it."""
        if url in self._done:
            return self._done[url]
        path = url_path(self.roots, url)
        if path is None or not path.is_file():
            result = "missing"
        else:
            data = path.read_bytes()
            parts: list[str | bytes] = [data]
            if path.suffix.lower() == ".css" and depth < 8:
                for found in CSS_URL.finditer(data.decode("utf-8", "replace")):
                    target = found.group(1) or found.group(2)
                    nested = target if target.startswith("pnp:") else \
                        f"pnp:{posixpath.normpath(posixpath.join(posixpath.dirname(url[4:]), target))}"
                    parts += [nested, self.of(nested, depth + 1)]
            result = hash_of(*parts)
        self._done[url] = result
        return result


def face_key(html: str, files: FileDigests) -> str:
    """The cache key of one face's HTML and everything it fetches."""
    urls = sorted(set(PNP_URL.findall(html)))
    parts: list[str | bytes] = [code.digest(*FACE_CODE), _weasyprint_version(), native.key(), html]
    for url in urls:
        parts += [url, files.of(url)]
    return hash_of(*parts)


@lru_cache(maxsize=1)
def _weasyprint_version() -> str:
    """WeasyPrint's version, read from its package metadata (importing it costs a second)."""
    return version("weasyprint")


class FaceCache:
    """``cache/faces/<key>.frag``: rendered faces by key."""

    def __init__(self, folder: Path):
        """The cache folder (created when first written)."""
        self.folder = folder
        self._loaded: dict[str, fragments.Fragment] = {}

    def path(self, key: str) -> Path:
        """Where a face's entry lives."""
        return self.folder / f"{key}.frag"

    def has(self, key: str) -> bool:
        """True when the face is rendered already."""
        return self.path(key).is_file()

    def store(self, key: str, fragment: fragments.Fragment, warnings: list[str]) -> None:
        """Keep a face's page with the warnings drawing it gave."""
        fragments.dump(fragment, self.path(key), {"warnings": warnings})

    def fragment(self, key: str) -> fragments.Fragment:
        """A face's fragment (read once per build)."""
        if key not in self._loaded:
            self._loaded[key] = fragments.load(self.path(key))[0]
        return self._loaded[key]

    def warnings(self, key: str) -> list[str]:
        """Only the warnings of an entry (read from its header line)."""
        with self.path(key).open("rb") as source:
            return list(json.loads(source.readline())["meta"].get("warnings", []))

    def prune(self, keep: set[str]) -> None:
        """Remove entries no face of the last build uses."""
        if not self.folder.is_dir():
            return
        for entry in self.folder.glob("*.frag"):
            if entry.stem not in keep:
                entry.unlink(missing_ok=True)


class Stamps:
    """Which inputs made each assembled file: ``target -> [key, size, mtime]`` in the cache's ``stamps.json``."""

    def __init__(self, out_dir: Path, cache_dir: Path | None = None):
        """The stamps of one output folder, kept in its cache folder (default ``out_dir/cache``)."""
        self.out_dir = out_dir
        self.path = (cache_dir if cache_dir is not None else out_dir / "cache") / STAMPS
        try:
            self._stamps: dict[str, list] = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            self._stamps = {}
        self._changed = False

    def _name(self, target: Path) -> str:
        """A target's name relative to the output folder."""
        try:
            return target.relative_to(self.out_dir).as_posix()
        except ValueError:
            return str(target)

    def fresh(self, target: Path, key: str) -> bool:
        """True when ``target`` was made from ``key`` and has not changed since."""
        stamp = self._stamps.get(self._name(target))
        if not stamp or stamp[0] != key or not target.is_file():
            return False
        status = target.stat()
        return stamp[1:] == [status.st_size, status.st_mtime_ns]

    def record(self, target: Path, key: str) -> None:
        """Note that ``target`` now holds what ``key`` makes."""
        status = target.stat()
        stamp = [key, status.st_size, status.st_mtime_ns]
        name = self._name(target)
        if self._stamps.get(name) != stamp:
            self._stamps[name] = stamp
            self._changed = True

    def save(self) -> None:
        """Write the stamps back, when any changed (a stamp a line)."""
        if not self._changed:
            return
        lines = ",\n".join(f"{json.dumps(name)}: {json.dumps(stamp)}" for name, stamp in sorted(self._stamps.items()))
        write_atomic(self.path, f"{{\n{lines}\n}}\n")
        self._changed = False
