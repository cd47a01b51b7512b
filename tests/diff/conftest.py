"""A pack's history in a temporary git repository: the fixture pack with a layout of its own, then four commits of
one change each, and what ``pnpforge diff`` says of each commit against the one before (run once per session)."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

from pnpforge.render.layouts import LAYOUTS_DIR

from tests.conftest import DATA
from tests.helpers import Run, run_cli

PACK = "lantern-market"
GIT_USER = ["-c", "user.name=Pack Designer", "-c", "user.email=designer@example.org", "-c", "commit.gpgsign=false"]
# the four changes, each one commit: (name, file in the pack, old text, new text)
CHANGES = [
    ("text", "merchants.yaml", 'en: "Gain 2 :coin: when hired."', 'en: "Gain 2 :coin: when first hired."'),
    ("number", "merchants.yaml", "  price: 4\n", "  price: 5\n"),
    ("added", "stalls.yaml", None, "\n- id: harbour-stall\n  name: {en: Harbour Stall, de: Hafenstand}\n  rent: 3\n"),
    ("layout", "layouts/merchant.html", "mix('#ffffff', 0.88)", "mix('#ffffff', 0.7)"),
]


def git(repo: Path, *args: str) -> str:
    """Run git in the test repository (identity given on the command line, no global configuration written)."""
    done = subprocess.run(["git", "-C", str(repo), *GIT_USER, *args], capture_output=True, text=True, check=True)
    return done.stdout.strip()


def pack_with_layout(target: Path) -> Path:
    """The fixture pack with its own merchant layout: the shared generic card, copied into the pack."""
    shutil.copytree(DATA / PACK, target)
    (target / "layouts").mkdir()
    shutil.copy(LAYOUTS_DIR / "generic" / "card.html", target / "layouts" / "merchant.html")
    (target / "layouts" / "merchant.yaml").write_text("extends: card\ntemplate: merchant.html\n", encoding="utf-8")
    return target


def apply(pack: Path, file: str, old: str | None, new: str) -> None:
    """One change to one file of the pack (``old`` None: ``new`` is appended)."""
    path = pack / file
    text = path.read_text(encoding="utf-8")
    if old is None:
        text += new
    else:
        assert text.count(old) == 1, f"{old!r} in {file}"
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")


@dataclass
class Step:
    """What one diff said and wrote."""

    run: Run
    report: dict
    pictures: dict[str, bytes]  # the side-by-side pictures written, by path relative to the diff folder
    sheets: dict  # file -> {"front": Counter of faces on front pages, "back": Counter on back pages}
    diff_json: bytes


@dataclass
class History:
    repo: Path
    pack: Path
    out: Path
    commits: list[str]  # before the pack, the pack, then one commit per change
    steps: dict[str, Step]

    @property
    def folder(self) -> Path:
        return self.out / PACK / "diff"


def read_step(run: Run, folder: Path) -> Step:
    report_path = folder / "diff.json"
    report = json.loads(report_path.read_text(encoding="utf-8")) if report_path.is_file() else {}
    pictures = {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted((folder / "faces").rglob("*.png"))}
    sheets = {}
    manifest = folder / "print" / "print.json"
    if manifest.is_file():
        for entry in json.loads(manifest.read_text(encoding="utf-8"))["files"]:
            placed = {"front": Counter(), "back": Counter()}
            for page in entry["pages"]:
                placed[page["side"]].update(p["face"] for p in page["faces"])
            sheets[entry["file"]] = placed
    return Step(run, report, pictures, sheets, report_path.read_bytes() if report_path.is_file() else b"")


def diff_step(history_pack: Path, out: Path, *args: str) -> Step:
    run = run_cli("diff", str(history_pack), "--out", str(out), *args)
    return read_step(run, out / PACK / "diff")


@pytest.fixture(scope="session")
def history(tmp_path_factory) -> History:
    """The repository, and the diff of each change's commit against the commit before it (with sheets)."""
    repo = tmp_path_factory.mktemp("history") / "repo"
    repo.mkdir()
    out = repo.parent / "build"
    git(repo, "-c", "init.defaultBranch=main", "init", "-q")
    (repo / "README.md").write_text("A game in progress.\n", encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Start")
    pack = pack_with_layout(repo / "content" / PACK)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "The pack as printed for the first playtest")
    git(repo, "tag", "playtest-1")
    for name, file, old, new in CHANGES:
        apply(pack, file, old, new)
        git(repo, "commit", "-q", "-a", "-m", f"A {name} change")
    commits = git(repo, "rev-list", "--reverse", "HEAD").split()
    steps = {}
    for index, (name, *_) in enumerate(CHANGES):
        git(repo, "checkout", "-q", commits[index + 2])
        steps[name] = diff_step(pack, out, "--rev", "HEAD~1", "--sheets")
    git(repo, "checkout", "-q", "main")
    return History(repo, pack, out, commits, steps)


def printed_and_working(base: Path) -> tuple[Path, Path]:
    """The fixture pack as printed, with a stall layout and stylesheet of its own, and an identical working copy
    beside it (``base/printed/<pack>``, ``base/working/<pack>``) for a test to change."""
    old = shutil.copytree(DATA / PACK, base / "printed" / PACK)
    (old / "layouts").mkdir()
    (old / "layouts" / "stall.yaml").write_text("extends: card\nstylesheets: [base.css, card.css, stall.css]\n",
                                                encoding="utf-8")
    (old / "layouts" / "stall.css").write_text(".title { letter-spacing: 0.03em; }\n", encoding="utf-8")
    return old, shutil.copytree(old, base / "working" / PACK)
