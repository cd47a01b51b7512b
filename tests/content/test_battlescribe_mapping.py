"""Mistakes in a pack's exports/battlescribe.yaml (content/battlescribe.py) are reported in the file, in the one format,
with exit code 2, by build and validate alike."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.helpers import edit, run_cli


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    pack = tmp_path / "dystopian-legions"
    shutil.copytree(REPO / "content" / "dystopian-legions", pack, ignore=shutil.ignore_patterns("build"))
    return pack


def build(pack: Path, tmp_path: Path):
    return run_cli("build", str(pack), "--only", "battlescribe", "--out", str(tmp_path / "out"))


def test_a_value_the_mapping_does_not_accept(copy: Path, tmp_path: Path) -> None:
    mapping = copy / "exports" / "battlescribe.yaml"
    line, column = edit(mapping, "unit", "squad", after="    kind: ")
    run = build(copy, tmp_path)
    assert run.code == 2
    assert (f"{mapping}:{line}:{column - 6}: error: entries[0].kind: expected one of 'model', 'upgrade' or "
            "'unit'; found 'squad'") in run.output


def test_every_field_named_that_the_type_lacks_is_reported(copy: Path, tmp_path: Path) -> None:
    mapping = copy / "exports" / "battlescribe.yaml"
    guns = edit(mapping, "field: weapons", "field: guns")
    line, column = edit(mapping, "type: platoon", "type: company")
    run = build(copy, tmp_path)
    assert run.code == 2
    assert f"{mapping}:{line}:{column}: error: no type 'company'; types: " in run.output
    assert f"{mapping}:{guns[0]}:{guns[1]}: error: type 'model' has no field 'guns'; fields: name, nation" in run.output
    assert "roster: no force entry 'platoon'; forces: company, tac-deck" in run.output  # the roster named it
    assert "3 errors" in run.output
    assert not (tmp_path / "out" / "dystopian-legions" / "battlescribe").exists()


def test_a_roster_of_a_kind_of_file_the_pack_lacks(copy: Path, tmp_path: Path) -> None:
    mapping = copy / "exports" / "battlescribe.yaml"
    line, column = edit(mapping, "force_list", "army_list", after="roster:")
    run = build(copy, tmp_path)
    assert run.code == 2
    assert (f"{mapping}:{line}:{column - 6}: error: roster: no kind of player file 'army_list'; the pack declares "
            "force_list") in run.output


def test_validate_reports_the_mapping_too(copy: Path) -> None:
    mapping = copy / "exports" / "battlescribe.yaml"
    line, column = edit(mapping, "{name: MV", "{nom: MV")
    run = run_cli("validate", str(copy))
    assert run.code == 2
    assert f"{mapping}:{line}:{column + 1}: error: profiles[0].characteristics[1]: unknown key 'nom'" in run.output
