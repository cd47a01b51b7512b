"""The generated site against a stored copy (tests/golden/web/), as Pelican tests its output.

Every generated text file is compared after normalising: inline SVG drawings are shortened to their tag (the
icons have tests of their own), blank lines and trailing spaces go, and the search index is written one
document per line. Binary files (card images, fonts) and the files copied from layouts/web/ are compared by
name only, in MANIFEST.txt. After a reviewed, intended change: ``make update-golden`` (``--update-golden``).
"""

from __future__ import annotations

import difflib
import json
import re
import shutil
from pathlib import Path

from tests.conftest import REPO
from tests.web.conftest import Site

GOLDEN = REPO / "tests" / "golden" / "web" / "legion-siberian-story"
SVG = re.compile(r"(<svg\b[^>]*>).*?</svg>", re.DOTALL)
GENERATED = (".html",)
GENERATED_FILES = ("assets/search-index.js", "assets/fonts.css")


def normalise_html(text: str) -> str:
    text = SVG.sub(lambda m: m.group(1) + "…</svg>", text)
    return "\n".join(line.rstrip() for line in text.splitlines() if line.strip()) + "\n"


def normalise_index(text: str) -> str:
    prefix, _, body = text.partition("= ")
    data = json.loads(body.rstrip().rstrip(";"))
    lines = [prefix + "= {", json.dumps(data["fields"], ensure_ascii=False)]
    lines += [json.dumps(doc, ensure_ascii=False, sort_keys=True) for doc in data["documents"]]
    return "\n".join(lines) + "\n}\n"


def snapshot(root: Path) -> dict[str, str]:
    """Normalised text per generated file, and the manifest of every file."""
    files = sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
    shot = {"MANIFEST.txt": "\n".join(files) + "\n"}
    for name in files:
        text = (root / name).read_text(encoding="utf-8") if name.endswith(GENERATED) or name in GENERATED_FILES \
            else None
        if text is None:
            continue
        shot[name] = normalise_index(text) if name.endswith("search-index.js") else \
            normalise_html(text) if name.endswith(".html") else text
    return shot


def test_the_site_matches_the_golden_copy(legion_site: Site, update_golden: bool) -> None:
    shot = snapshot(legion_site.root)
    if update_golden:
        shutil.rmtree(GOLDEN, ignore_errors=True)
        for name, text in shot.items():
            target = GOLDEN / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        return
    assert GOLDEN.is_dir(), "no golden copy yet: run make update-golden"
    stored = {p.relative_to(GOLDEN).as_posix(): p.read_text(encoding="utf-8") for p in GOLDEN.rglob("*") if p.is_file()}
    assert sorted(stored) == sorted(shot), "the site's files differ from the golden copy's (see MANIFEST.txt)"
    changed = [name for name in shot if shot[name] != stored[name]]
    if changed:
        first = changed[0]
        diff = "".join(list(difflib.unified_diff(stored[first].splitlines(True), shot[first].splitlines(True),
                                                 f"golden/{first}", f"site/{first}"))[:60])
        raise AssertionError(f"{len(changed)} files differ from the golden copy ({', '.join(changed[:8])}); "
                             f"first difference:\n{diff}")
