"""pnpforge as a user installs it: a wheel built offline, installed into a fresh environment, run from a folder
outside the checkout on a pack copied there. The shared layouts ship inside the wheel and are found through the
package, never through the working folder."""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from tests.conftest import DATA, REPO

FIXTURE = DATA / "lantern-market"


def test_an_installed_wheel_builds_a_pack_from_any_folder(tmp_path: Path) -> None:
    source = tmp_path / "source"  # a copy of the checkout, so the build leaves nothing in the work tree
    skipped = shutil.ignore_patterns(".git", ".venv", "*.egg-info", "__pycache__", ".pytest_cache", "tests")
    def ignored(folder: str, names: list[str]) -> set[str]:  # the checkout's build/ outputs, not the build/ stage
        return skipped(folder, names) | ({"build"} if Path(folder) == REPO else set())

    shutil.copytree(REPO, source, symlinks=True, ignore=ignored)
    wheels = tmp_path / "wheels"
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
                            "-q", "-w", str(wheels), str(source)], capture_output=True, text=True)
    assert built.returncode == 0, built.stdout + built.stderr
    wheel = next(wheels.glob("pnpforge-*.whl"))
    env = tmp_path / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env)], check=True)
    python = env / "bin" / "python"
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    (site / "project-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    installed = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
                                "--no-index", "-q", str(wheel)], capture_output=True, text=True)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(FIXTURE, elsewhere / "my-pack")
    shutil.copytree(DATA / "lantern-rules" / "rules", elsewhere / "my-pack" / "rules")  # so it has a web rulebook
    where = subprocess.run([str(python), "-c", "import pnpforge, pnpforge.render.layouts as l; "
                                               "print(pnpforge.__file__); print(l.LAYOUTS_DIR)"],
                           cwd=elsewhere, capture_output=True, text=True, check=True).stdout.splitlines()
    assert all(line.startswith(str(site)) for line in where), where  # the wheel's code and layouts, not the checkout's
    result = subprocess.run([str(env / "bin" / "pnpforge"), "build", "./my-pack", "--lang", "en"], cwd=elsewhere,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    out = elsewhere / "build" / "lantern-market"
    assert list((out / "faces").glob("*.pdf")) and (out / "faces" / "faces.json").is_file()
    for paper in ("a4", "letter"):
        assert list((out / "print" / paper).glob("*.pdf")), paper
    for shop in ("tgc", "mpc"):
        assert list((out / "shop" / shop).rglob("*.png")) and list((out / "shop" / shop).rglob("*.pdf")), shop
    for paper in ("a4", "letter"):
        assert (out / f"rulebook-{paper}.pdf").is_file(), paper
    assert (out / "web" / "index.html").is_file() and list((out / "web" / "cards").glob("*.html"))
    assert "no errors, no warnings" in result.stdout, result.stdout
