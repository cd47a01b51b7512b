"""axe-core, the accessibility checker the browser tests inject into pages, installed from the npm registry
without node or npm: ``make`` (its ``setup``) runs ``python tests/web/axe_core.py``.

It downloads the pinned package tarball, checks it against the ``integrity`` (sha512) that the registry's metadata
gives for that version, pinned here, and writes ``axe.min.js`` and the package's ``LICENSE`` (Mozilla Public
License 2.0) into ``.venv/share/axe-core/``. Nothing else of the tarball is unpacked. Without the network it says
so and leaves the tests to skip (outside CI) or fail (under ``CI=true``); a tarball that does not match the pin is
always an error.

To move to another version: ``curl -s https://registry.npmjs.org/axe-core/<version>`` gives ``dist.tarball``
and ``dist.integrity``; pin both below.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import sys
import tarfile
import urllib.error
import urllib.request
from pathlib import Path

VERSION = "4.14.1"
TARBALL = f"https://registry.npmjs.org/axe-core/-/axe-core-{VERSION}.tgz"
INTEGRITY = "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="
FILES = {"package/axe.min.js": "axe.min.js", "package/LICENSE": "LICENSE"}
FOLDER = Path(sys.prefix) / "share" / "axe-core"  # the virtualenv's, when run by its python
SCRIPT = FOLDER / "axe.min.js"
STAMP = FOLDER / "VERSION"
TIMEOUT = 60


def installed(folder: Path = FOLDER) -> bool:
    """True when the pinned version is in place."""
    stamp = folder / STAMP.name
    return (folder / "axe.min.js").is_file() and stamp.is_file() and stamp.read_text().strip() == INTEGRITY


def integrity_of(data: bytes) -> str:
    """The npm ``integrity`` string of some bytes (sha512, base64)."""
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def unpack(data: bytes, folder: Path) -> None:
    """Write the wanted files of the tarball into ``folder`` (each whole or not at all), then the stamp."""
    folder.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        for member, name in FILES.items():
            source = archive.extractfile(member)
            if source is None:
                raise ValueError(f"the tarball has no file {member}")
            partial = folder / f".{name}.partial"
            partial.write_bytes(source.read())
            partial.replace(folder / name)
    (folder / STAMP.name).write_text(INTEGRITY + "\n")


def main(folder: Path = FOLDER) -> int:
    """Install the pinned axe-core unless it is there; the exit code for make."""
    if installed(folder):
        return 0
    in_ci = os.environ.get("CI", "").lower() == "true"
    try:
        with urllib.request.urlopen(TARBALL, timeout=TIMEOUT) as response:  # noqa: S310 - a fixed https URL
            data = response.read()
    except (urllib.error.URLError, OSError) as exc:
        print(f"axe-core {VERSION}: cannot download {TARBALL} ({exc}); the accessibility tests "
              f"{'fail under CI=true' if in_ci else 'will skip'} until it is installed (run make again)")
        return 1 if in_ci else 0
    found = integrity_of(data)
    if found != INTEGRITY:
        print(f"axe-core {VERSION}: the downloaded tarball does not match the pinned integrity\n"
              f"  expected {INTEGRITY}\n  found    {found}")
        return 1
    unpack(data, folder)
    print(f"axe-core {VERSION} installed in {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
