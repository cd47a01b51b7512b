"""Answers kept between processes: read back exactly as made, and only under the same name, code and inputs."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from pnpforge.caches.store import Store
from pnpforge.engine.kept_tables import KeptTable


def _table(folder: Path, name: str = "odds", inputs: str = "d6", code: tuple = ("engine.dice",)) -> KeptTable:
    return KeptTable(name, inputs, code, Store(folder))


def test_an_answer_made_once_is_read_back_exactly_by_another_table(tmp_path: Path) -> None:
    made: list[str] = []
    chances = [[n, n / 7] for n in range(1, 7)] + [[9, 0.1 + 0.2]]  # floats whose text is long

    def make() -> list:
        made.append("made")
        return chances

    first = _table(tmp_path).get("pool 3", make)
    again = _table(tmp_path).get("pool 3", make)  # a new table on the same store: another process, say
    assert first == again == chances and made == ["made"]
    assert all(a[1] == b[1] for a, b in zip(again, chances, strict=True))  # bit for bit
    ratio = _table(tmp_path).get("lp", lambda: str(Fraction(22, 7)))
    assert Fraction(_table(tmp_path).get("lp", lambda: "0")) == Fraction(ratio) == Fraction(22, 7)


def test_another_name_inputs_code_or_question_never_reads_it(tmp_path: Path) -> None:
    _table(tmp_path).get("pool 3", lambda: 1)
    assert _table(tmp_path, name="other").get("pool 3", lambda: 2) == 2
    assert _table(tmp_path, inputs="d8").get("pool 3", lambda: 3) == 3
    assert _table(tmp_path, code=("engine.dice", "engine.dice_exact")).get("pool 3", lambda: 4) == 4
    assert _table(tmp_path).get("pool 4", lambda: 5) == 5
    assert _table(tmp_path).get("pool 3", lambda: 6) == 1


def test_a_made_answer_is_handed_back_as_its_json_and_a_damaged_entry_is_made_again(tmp_path: Path) -> None:
    assert _table(tmp_path).get("pairs", lambda: [(1, 0.5)]) == [[1, 0.5]]  # as a read one would be
    table = _table(tmp_path)
    path = table.store.path(table.key)
    assert path is not None and path.exists()
    path.write_bytes(path.read_bytes()[:-3])  # cut short: its seal no longer holds
    assert _table(tmp_path).get("pairs", lambda: [(2, 0.25)]) == [[2, 0.25]]
    assert _table(tmp_path).get("pairs", lambda: None) == [[2, 0.25]]


def test_a_process_writes_its_answers_a_few_times_and_keeps_what_others_wrote(tmp_path: Path) -> None:
    one, other = _table(tmp_path), _table(tmp_path)
    for n in range(100):
        one.get(f"q{n}", lambda n=n: n)
    other.get("theirs", lambda: "x")
    kept = _table(tmp_path)
    assert kept.get("theirs", lambda: "made") == "x" and kept.get("q63", lambda: "made") == 63
    assert kept.get("q99", lambda: "made") == "made"  # written after the 128th answer only
