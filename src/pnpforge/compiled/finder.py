"""The compiled build's finder: all listed modules compiled, or all plain, decided once per process.

The manifest (written by ``build.py``) names each compiled module with the sha256 of the exact source bytes that were
compiled, its extension file, the group's shared library (mypyc's ``<group>__mypyc``, imported by that top-level
name from the modules' extensions) and the Python it was built for. At the first import of any name it lists, the
finder reads the manifest, hashes every listed module's current source (found under the package's own folder, the
one the plain import would read) and checks the Python; a group shares one library, so one difference makes every
module load plain. When all match it loads the group's library first (a library that does not load also means
plain), then gives each listed module its extension. Nothing else goes through it: every other name, and every
listed one once the answer is plain, is left to the import system's own finders.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # typing, types and importlib are imported only when needed (as hashlib and json below)
if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec
    from types import ModuleType
    from typing import Sequence

COMPILED = "compiled"


def source_digest(path: str) -> str:
    import hashlib

    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


def python_tag() -> dict[str, object]:
    """What an extension must have been built for to load here."""
    from importlib.machinery import EXTENSION_SUFFIXES

    return {"hexversion": sys.hexversion, "ext_suffix": EXTENSION_SUFFIXES[0],
            "implementation": sys.implementation.cache_tag}


def check(manifest: dict, package_dir: str) -> str:
    """``COMPILED`` when the build in ``manifest`` is current for the sources under ``package_dir`` (the folder of
    the manifest's top package) and this Python, else ``"plain: <reason>"``. Loads nothing."""
    built = manifest.get("python", {})
    here = python_tag()
    for key, value in here.items():
        if built.get(key) != value:
            return f"plain: the compiled build is for another Python ({key} {built.get(key)!r}, here {value!r})"
    folder = manifest["folder"]
    for name, entry in manifest["modules"].items():
        source = os.path.join(package_dir, entry["source"])
        try:
            digest = source_digest(source)
        except OSError:
            return f"plain: {name}'s source {source} is missing"
        if digest != entry["sha256"]:
            return f"plain: {source} differs from the source compiled (edited since the build)"
        if not os.path.isfile(os.path.join(folder, entry["file"])):
            return f"plain: {name}'s compiled extension is missing from {folder}"
    library = manifest.get("library")
    if library and not os.path.isfile(os.path.join(folder, library["file"])):
        return f"plain: the compiled library {library['name']} is missing from {folder}"
    return COMPILED


class CompiledFinder:
    """A meta-path finder for the names of one compiled build (``manifest``: the path of its manifest.json, whose
    modules are all in the package ``package``). The manifest is read at the first import of a name in that package
    or of a library's name, and the sources are checked at the first import of a listed name."""

    def __init__(self, manifest: str, package: str = "pnpforge") -> None:
        self.manifest_path = manifest
        self.package = package
        self.prefix = package + "."
        self.folder = os.path.dirname(os.path.abspath(manifest))
        self.decision: str | None = None
        self.manifest: dict = {}
        self.files: dict[str, str] = {}  # every name the finder answers for, compiled: its extension file
        self.names: frozenset[str] | None = None  # None until the manifest is read

    def _read(self) -> frozenset[str]:
        import json

        self.names = frozenset()
        try:
            with open(self.manifest_path, encoding="utf-8") as handle:
                self.manifest = json.load(handle)
            self.manifest["folder"] = self.folder
            if self.manifest["package"] != self.package:
                raise ValueError(f"a build of {self.manifest['package']}, not of {self.package}")
            modules = self.manifest["modules"]
            library = self.manifest.get("library")
            self.files = {name: os.path.join(self.folder, entry["file"]) for name, entry in modules.items()}
            if library:
                self.files[library["name"]] = os.path.join(self.folder, library["file"])
            self.names = frozenset(self.files)
        except (OSError, ValueError, KeyError, TypeError) as error:
            self.decision = f"plain: the compiled build's manifest {self.manifest_path} is unreadable ({error!r})"
        return self.names

    def status(self) -> str:
        if self.names is None:
            self._read()
        if self.decision is None:
            self._decide()
        assert self.decision is not None
        return self.decision

    def _decide(self) -> None:
        package = sys.modules.get(self.package)
        paths = getattr(package, "__path__", None)
        if package is None or not paths:
            self.decision = f"plain: the package {self.package} is not imported"
            return
        try:
            decision = check(self.manifest, list(paths)[0])
        except (KeyError, TypeError) as error:
            decision = f"plain: the compiled build's manifest {self.manifest_path} is malformed ({error!r})"
        self.decision = decision
        library = self.manifest.get("library")
        if decision == COMPILED and library:
            try:
                __import__(library["name"])
            except ImportError as error:
                sys.modules.pop(library["name"], None)
                self.decision = f"plain: the compiled library did not load ({error})"

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if not fullname.startswith(self.prefix) and not fullname.endswith("__mypyc"):
            return None
        if fullname not in (self._read() if self.names is None else self.names):
            return None
        if self.status() != COMPILED:
            return None
        from importlib.util import spec_from_file_location

        return spec_from_file_location(fullname, self.files[fullname])

    def invalidate_caches(self) -> None:
        """The decision holds for the process: modules already loaded one way stay so."""
