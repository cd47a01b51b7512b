"""The parts of a diff on their own: value paths, regions of differing pixels, the side-by-side picture, the
extraction of a revision, and the Markdown wording."""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy
import pytest

from pnpforge.diff.faces import GAP_PX, GROUND, MARGIN_PX, OUTLINE, regions, side_by_side
from pnpforge.diff.items import FieldChange, file_kind, value_changes
from pnpforge.diff.report import markdown, shorten
from pnpforge.diff.revision import RevisionError, from_git

from tests.diff.conftest import git


def test_nested_values_are_named_by_their_path() -> None:
    old = {"effects": [{"effect": "gain_coins", "amount": 2}], "goods": ["oil"], "text": {"en": "A", "de": "B"}}
    new = {"effects": [{"effect": "gain_coins", "amount": 3}, {"effect": "swap_stalls"}], "goods": ["oil", "glass"],
           "text": {"en": "A", "de": "C"}}
    assert value_changes(old, new, "") == [
        FieldChange("effects[0].amount", 2, 3),
        FieldChange("effects[1]", None, {"effect": "swap_stalls"}),
        FieldChange("goods", ["oil"], ["oil", "glass"]),  # a list of plain values is one value
        FieldChange("text.de", "B", "C")]


def test_absent_and_empty_are_the_same_but_one_is_not_true() -> None:
    assert value_changes(None, None, "stall") == []
    assert value_changes({"a": None}, {}, "") == []
    assert value_changes(1, True, "flag") == [FieldChange("flag", 1, True)]
    assert value_changes(2, 2.0, "n") == [FieldChange("n", 2, 2.0)]


@pytest.mark.parametrize("path, kind", [("game.yaml", "settings"), ("cards.yaml", "items"),
                                        ("layouts/card.html", "layouts"), ("rules/en/01-setup.md", "rules"),
                                        ("art/scout.png", "art"), ("icons/coin.svg", "art"), ("README.md", "other")])
def test_file_kinds(path: str, kind: str) -> None:
    assert file_kind(path, {"cards.yaml"}) == kind


def test_regions_are_cut_apart_where_the_pixels_agree() -> None:
    differs = numpy.zeros((100, 80), dtype=bool)
    differs[10:20, 5:30] = True  # a title
    differs[12:15, 40:50] = True  # beside it, far enough to be its own
    differs[70:72, 10:12] = True  # a detail lower down
    assert regions(differs, 5) == [(5, 10, 25, 10), (40, 12, 10, 3), (10, 70, 2, 2)]
    assert regions(differs, 20) == [(5, 10, 45, 10), (10, 70, 2, 2)]  # a wider gap joins the first two


def test_many_regions_are_outlined_as_one() -> None:
    differs = numpy.zeros((200, 10), dtype=bool)
    differs[::20, 0] = True  # ten specks, far apart
    assert regions(differs, 5) == [(0, 0, 1, 181)]


def test_a_side_by_side_picture_is_old_left_new_right_on_a_ground() -> None:
    old = numpy.full((40, 30, 3), 255, dtype=numpy.uint8)
    new = old.copy()
    new[10:20, 10:20] = 0
    picture = side_by_side(old, new, [(10, 10, 10, 10)])
    assert picture.shape == (40 + 2 * MARGIN_PX, 2 * 30 + GAP_PX + 2 * MARGIN_PX, 3)
    assert tuple(picture[0, 0]) == GROUND
    right = MARGIN_PX + 30 + GAP_PX
    for left in (MARGIN_PX, right):
        assert tuple(picture[MARGIN_PX + 7, left + 7]) == OUTLINE  # the outline's corner, 3 px outside the box
        assert tuple(picture[MARGIN_PX + 12, left + 12]) == ((0, 0, 0) if left == right else (255, 255, 255))


def small_repo(tmp_path: Path) -> Path:
    """A repository with two packs whose names share a beginning, committed once."""
    repo = tmp_path / "repo"
    (repo / "content" / "deck" / "art").mkdir(parents=True)
    (repo / "content" / "deck" / "game.yaml").write_text("id: deck\n", encoding="utf-8")
    (repo / "content" / "deck" / "art" / "a.png").write_bytes(b"\x89PNG old")
    (repo / "content" / "deck-2").mkdir()
    (repo / "content" / "deck-2" / "game.yaml").write_text("id: deck-2\n", encoding="utf-8")
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "one")
    return repo


def test_a_revision_is_extracted_with_only_the_pack_s_files(tmp_path: Path) -> None:
    repo = small_repo(tmp_path)
    (repo / "content" / "deck" / "art" / "a.png").write_bytes(b"\x89PNG new")
    old = from_git("deck", repo / "content" / "deck", "HEAD", tmp_path / "old", {})
    files = sorted(p.relative_to(old.root).as_posix() for p in old.root.rglob("*") if p.is_file())
    assert files == ["art/a.png", "game.yaml"]  # not deck-2, which only starts with the same name
    assert (old.root / "art" / "a.png").read_bytes() == b"\x89PNG old"
    assert old.root == tmp_path / "old" / "deck" and old.label == "HEAD (" + old.commit[:7] + ")"
    with pytest.raises(RevisionError, match="no such revision"):
        from_git("deck", repo / "content" / "deck", "HEAD~1", tmp_path / "old", {})


def test_git_runs_without_a_shell(tmp_path: Path, monkeypatch) -> None:
    calls = []
    real = subprocess.run

    def spy(args, *rest, **options):
        calls.append((args, options.get("shell", False)))
        return real(args, *rest, **options)

    repo = small_repo(tmp_path)
    monkeypatch.setattr(subprocess, "run", spy)
    with pytest.raises(RevisionError, match="no such revision"):
        from_git("deck", repo / "content" / "deck", "HEAD; touch x", tmp_path / "old", {})
    assert any("HEAD; touch x^{commit}" in args for args, _ in calls)  # the revision reached git as one argument
    assert all(isinstance(args, list) and args[:3] == ["git", "-C", str(repo)] and not shell
               for args, shell in calls[1:])  # after finding the repository, git runs only inside it
    assert not (repo / "content" / "deck" / "x").exists() and not (tmp_path / "x").exists()


def test_the_terminal_shortens_long_text_and_the_markdown_names_languages() -> None:
    assert shorten("x" * 100, 20) == '"' + "x" * 18 + "…"
    assert shorten(None) == "(none)"
    report = {"lang": "de", "languages": ["en", "de"], "types": {"card": "Card"}, "files": [],
              "items": {"card": {"changed": [{"id": "a", "name": "Amber", "fields": [
                  {"path": "name.de", "old": "Bernstein", "new": "Amber"},
                  {"path": "text.en", "old": "Draw.", "new": "Draw two."},
                  {"path": "tags", "old": ["fast"], "new": ["fast", "cheap"]},
                  {"path": "flag", "old": None, "new": True}]}], "added": [
                  {"id": "b", "name": "Brass", "copies": 3}], "removed": []}},
              "faces": {"changed": [], "added": [], "removed": [], "fronts_per_type": {"card": 2}}}
    assert markdown(report) == (
        "- Card **Amber**: name “Bernstein” → “Amber”; text (en) “Draw.” → “Draw two.”; "
        "tags [fast] → [fast, cheap]; flag none → yes\n"
        "- Added card **Brass** (3 copies)\n")
