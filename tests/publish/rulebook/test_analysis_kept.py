"""A data analysis' tables are kept between builds, by the code and the full bytes of the pack's files: the next
build with the same files reuses them, an edit of a data file works them out again, an edit of a rules page does
not."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from pnpforge.caches.store import user_store
from pnpforge.engine.validate import Analysis, Table
from pnpforge.publish.rulebook import analyses


@pytest.fixture
def pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    root = tmp_path / "pack"
    (root / "rules").mkdir(parents=True)
    (root / "units.yaml").write_text("- id: a\n  dice: 3\n", encoding="utf-8")
    (root / "rules" / "01-odds.md").write_text("# Odds\n\n{analysis odds}\n", encoding="utf-8")
    (root / "build" / "cache").mkdir(parents=True)  # outputs built inside the pack never count
    return root


def _shown(root: Path, runs: list[int]) -> list[Table]:
    """The tables of a fresh build (a new pack object, as a new process loads it)."""

    def odds(pack) -> Analysis:
        runs.append(1)
        dice = int((Path(pack.root) / "units.yaml").read_text(encoding="utf-8").split("dice: ")[1])
        return Analysis(tables=[Table("odds", ["dice", "chance"], [[dice, 1 - 0.5 ** dice]])])

    return analyses.kept_tables(SimpleNamespace(root=root), "odds", odds)


def test_the_same_files_reuse_the_kept_tables(pack: Path) -> None:
    runs: list[int] = []
    first = _shown(pack, runs)
    (pack / "rules" / "01-odds.md").write_text("# Odds, again\n\n{analysis odds}\n", encoding="utf-8")
    (pack / "build" / "cache" / "new").write_bytes(b"output")
    (pack / ".git").mkdir()  # nor a hidden folder
    (pack / ".git" / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
    again = _shown(pack, runs)
    assert runs == [1]
    assert [(t.title, t.columns, t.rows) for t in again] == [(t.title, t.columns, t.rows) for t in first]
    assert first[0].rows == [["3", "0.875"]]  # cells as text, kept or not


def test_an_edit_of_a_data_file_works_them_out_again(pack: Path) -> None:
    runs: list[int] = []
    _shown(pack, runs)
    (pack / "units.yaml").write_text("- id: a\n  dice: 4\n", encoding="utf-8")
    assert _shown(pack, runs)[0].rows == [["4", "0.9375"]]
    assert runs == [1, 1]


def test_an_entry_this_user_did_not_seal_is_not_used(pack: Path) -> None:
    runs: list[int] = []
    _shown(pack, runs)
    store = user_store(analyses.STORE)
    assert store.folder is not None
    for entry in store.folder.iterdir():
        data = entry.read_bytes()
        entry.write_bytes(data.replace(b"0.875", b"0.999"))  # a forged table under the same key
    assert _shown(pack, runs)[0].rows == [["3", "0.875"]]
    assert runs == [1, 1]


def test_a_link_out_of_the_pack_is_not_read(pack: Path, tmp_path: Path) -> None:
    outside = tmp_path / "secret.txt"
    outside.write_text("one\n", encoding="utf-8")
    (pack / "notes.txt").symlink_to(outside)
    (pack / "endless").symlink_to("/dev/zero")  # followed, the digest would never end
    before = analyses.pack_data_digest(pack)
    outside.write_text("two\n", encoding="utf-8")
    assert analyses.pack_data_digest(pack) == before
