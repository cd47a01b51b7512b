"""A pack shipped with a prepared ``build/`` folder, built from inside the pack: nothing in it runs, and the pack's
real files are what the outputs show.

The shipped folder is a real build's, then forged: compiled templates in the format earlier releases loaded back
(marshalled code that writes a file when it runs), parsed files whose values differ from the files' text, and the
real build's faces, stamps and outputs beside them."""

from __future__ import annotations

import hashlib
import json
import marshal
import os
import shutil
import subprocess
import sys
from pathlib import Path

import jinja2

from pnpforge.caches.paths import USER_CACHE
from pnpforge.caches.store import SEAL

from tests.conftest import DATA, REPO

PACK = "lantern-market"


def _build(where: Path, *args: str, cache_home: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache_home)}
    return subprocess.run([sys.executable, "-m", "pnpforge", "build", ".", "--lang", "en", "--only", "faces,web",
                           "--jobs", "1", *args],
                          cwd=where, env=env, capture_output=True, text=True, check=False)


def _old_template_entries(folder: Path, marker: Path) -> int:
    """Compiled-template entries as earlier releases kept and loaded them, for every shared template, whose code
    writes ``marker`` when it runs."""
    header = f"pnpforge-template 1 jinja {jinja2.__version__} python {sys.version_info[0]}.{sys.version_info[1]}"
    payload = marshal.dumps(compile(f"open({str(marker)!r}, 'w').write('ran')\n", "<forged>", "exec"))
    count = 0
    for template in sorted((REPO / "layouts").rglob("*.html")):
        source = template.read_text(encoding="utf-8")
        checksum = hashlib.sha1(source.encode("utf-8")).hexdigest()
        for name in {template.name, template.relative_to(REPO / "layouts").as_posix()}:
            bucket = hashlib.sha1(name.encode("utf-8"))
            bucket.update(f"|{os.path.normpath(template)}".encode())
            key = f"{bucket.hexdigest()}|{checksum}"
            entry = folder / hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]
            entry.parent.mkdir(parents=True, exist_ok=True)
            entry.write_bytes(f"{header}\n{checksum}\n".encode("utf-8") + payload)
            count += 1
    return count


def _forge_parsed(folder: Path) -> int:
    """Every parsed file of the cache made to say "Forged Name" where the file says "Old Marta", the text kept."""
    count = 0
    for entry in folder.iterdir():
        seal, data = entry.read_bytes()[:SEAL], entry.read_bytes()[SEAL:]
        kept = json.loads(data)
        forged = json.dumps(kept["data"]).replace("Old Marta", "Forged Name")
        if forged != json.dumps(kept["data"]):
            kept["data"] = json.loads(forged)
            entry.write_bytes(seal + json.dumps(kept).encode("utf-8"))
            count += 1
    return count


def test_a_forged_build_folder_shipped_with_a_pack_is_never_used(tmp_path: Path) -> None:
    pack = tmp_path / PACK
    shutil.copytree(DATA / PACK, pack)
    marker = tmp_path / "ran.txt"
    # a real build from inside the pack; its caches go to the user's cache folder, not into the pack
    home_a = tmp_path / "home-a"
    for _ in range(2):  # the second build keeps the parsed files too
        first = _build(pack, cache_home=home_a)
        assert first.returncode == 0, first.stdout + first.stderr
    assert not (pack / "build" / PACK / "cache").exists()
    [moved] = (home_a / USER_CACHE).iterdir()
    # the pack's author ships that build with its caches beside it, forged
    shipped = pack / "build" / PACK / "cache"
    shutil.copytree(moved / PACK / "cache", shipped)
    assert _old_template_entries(shipped / "templates", marker) > 0
    assert _forge_parsed(shipped / "parsed") > 0

    home_b = tmp_path / "home-b"  # another user, with nothing cached
    second = _build(pack, cache_home=home_b)
    assert second.returncode == 0, second.stdout + second.stderr
    assert not marker.exists(), "code from the shipped cache ran"
    assert "9 faces rendered, 0 unchanged" in second.stdout  # nothing of the shipped cache was taken
    outputs = pack / "build" / PACK
    assert "Old Marta" in (outputs / "web" / "cards" / "old-marta.html").read_text(encoding="utf-8")
    assert not any("Forged Name" in path.read_text(encoding="utf-8", errors="replace")
                   for path in outputs.rglob("*") if path.is_file() and "cache" not in path.parts)


def test_forged_parsed_entries_are_ignored_even_where_the_cache_is_read(tmp_path: Path) -> None:
    """The location rule aside, a parsed entry that this user's pnpforge did not seal is never used."""
    pack = tmp_path / PACK
    shutil.copytree(DATA / PACK, pack)
    out = tmp_path / "out"
    home = tmp_path / "home"
    env = {**os.environ, "XDG_CACHE_HOME": str(home)}
    command = [sys.executable, "-m", "pnpforge", "build", str(pack), "--lang", "en", "--only", "web", "--jobs", "1",
               "--out", str(out)]
    for _ in range(2):  # the second build keeps the parsed files
        subprocess.run(command, env=env, capture_output=True, check=True, cwd=tmp_path)
    parsed = out / PACK / "cache" / "parsed"
    assert _forge_parsed(parsed) > 0
    for entry in parsed.iterdir():  # sealed again, but with another user's secret
        entry.write_bytes(bytes(SEAL) + entry.read_bytes()[SEAL:])
    subprocess.run(command, env=env, capture_output=True, check=True, cwd=tmp_path)
    page = (out / PACK / "web" / "cards" / "old-marta.html").read_text(encoding="utf-8")
    assert "Old Marta" in page and "Forged Name" not in page
