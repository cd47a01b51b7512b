"""Old versions that cannot be had are one ``error:`` line each and exit 2, before anything is drawn."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.conftest import DATA
from tests.diff.conftest import PACK
from tests.helpers import run_cli


def diff(*args: str):
    return run_cli("diff", *args)


def test_a_revision_that_does_not_exist(history, tmp_path: Path) -> None:
    result = diff(str(history.pack), "--rev", "nosuch", "--out", str(tmp_path))
    assert (result.code, result.output) == (2, f"error: --rev nosuch: no such revision in {history.repo}\n")
    assert not (tmp_path / PACK / "diff" / "diff.json").exists()


def test_a_revision_that_looks_like_an_option_is_only_a_revision(history, tmp_path: Path) -> None:
    result = diff(str(history.pack), "--rev=--output=x", "--out", str(tmp_path))
    assert (result.code, result.output) == (2, f"error: --rev --output=x: no such revision in {history.repo}\n")


def test_the_pack_missing_at_that_revision(history, tmp_path: Path) -> None:
    before = history.commits[0]  # the commit before the pack was added
    result = diff(str(history.pack), "--rev", before[:10], "--out", str(tmp_path))
    assert (result.code, result.output) == (
        2, f"error: pack '{PACK}' (content/{PACK}) does not exist at revision {before[:7]}\n")


def test_a_pack_outside_any_repository_needs_against(tmp_path: Path) -> None:
    pack = shutil.copytree(DATA / PACK, tmp_path / "loose" / PACK)
    result = diff(str(pack), "--out", str(tmp_path / "build"))
    assert (result.code, result.output) == (
        2, f"error: {pack} is not in a git repository; compare with --against DIR\n")


def test_rev_and_against_together(history, tmp_path: Path) -> None:
    result = diff(str(history.pack), "--rev", "HEAD", "--against", str(DATA / PACK), "--out", str(tmp_path))
    assert (result.code, result.output) == (2, "error: --rev and --against name two old versions; give one of them\n")


def test_against_a_folder_that_is_no_pack(tmp_path: Path) -> None:
    result = diff(str(DATA / PACK), "--against", str(tmp_path), "--out", str(tmp_path / "build"))
    assert (result.code, result.output) == (2, f"error: --against {tmp_path}: not a pack folder (it has no "
                                               "game.yaml)\n")


def test_an_old_version_that_does_not_load_is_reported_with_its_findings(tmp_path: Path) -> None:
    broken = DATA / "broken-syntax-error"
    result = diff(str(DATA / PACK), "--against", str(broken), "--out", str(tmp_path))
    assert result.code == 2
    assert result.lines[0] == f"error: the old version of '{PACK}' (tests/data/broken-syntax-error) does not load:"
    assert any(": error: " in line and "broken-syntax-error/" in line for line in result.lines[1:])
    assert result.lines[-1].endswith("in 1 file")


def test_no_game_outside_a_pack_lists_the_packs(monkeypatch, tmp_path: Path) -> None:
    shutil.copytree(DATA / PACK, tmp_path / "content" / PACK)
    monkeypatch.chdir(tmp_path)
    result = diff()
    assert (result.code, result.output) == (
        2, f"error: give GAME (a pack id or a pack folder): the current folder has no game.yaml; packs under "
           f"content/: {PACK}\n")


def test_a_language_the_pack_lacks(tmp_path: Path) -> None:
    result = diff(str(DATA / PACK), "--against", str(DATA / PACK), "--lang", "fr", "--out", str(tmp_path))
    assert (result.code, result.output) == (2, f"error: pack '{PACK}' has no language 'fr'; languages: en, de\n")


def test_git_missing_is_a_clear_error(history, monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no git on the search path
    result = diff(str(history.pack), "--out", str(tmp_path / "build"))
    assert (result.code, result.output) == (
        2, "error: git is not installed (or not on PATH); install it, or compare with --against DIR\n")
