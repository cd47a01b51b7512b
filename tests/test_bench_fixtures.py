"""The fixtures ``make bench`` times: the plain bench deck (tests/data/bench-deck) and the stress pack written by
tests/make_stress_pack.py. Both must check clean, or the bench would time a build that stops at its checks."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

from pnpforge.content.pack import load_pack

from tests.conftest import DATA, REPO
from tests.helpers import run_cli

DECK = DATA / "bench-deck"


def test_the_bench_deck_has_180_cards_with_short_texts_and_unique_names() -> None:
    with (DECK / "cards.csv").open(encoding="utf-8", newline="") as sheet:
        reader = csv.DictReader(sheet)
        rows = list(reader)
    assert reader.fieldnames == ["id", "NAME", "POWER", "TEXT"]
    assert len(rows) == 180
    assert len({row["NAME"] for row in rows}) == 180
    assert [row["NAME"] for row in rows if not 90 <= len(row["TEXT"]) <= 130] == []
    assert all(row["TEXT"].isascii() and row["POWER"].isdigit() for row in rows)


def test_the_bench_deck_checks_clean_and_loads_every_card() -> None:
    result = run_cli("validate", "--static", str(DECK))
    assert result.code == 0 and "no errors, no warnings" in result.output, result.output
    pack, problems = load_pack(DECK)
    assert pack is not None and problems == []
    cards = pack.of_type("card")
    assert len(cards) == 180
    assert cards[0].get("NAME") == "Hollow Falcon" and isinstance(cards[0].get("POWER"), int)


def _write_stress_pack(out: Path, cards: int) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(REPO / "tests" / "make_stress_pack.py"), str(out), "--cards",
                           str(cards)], capture_output=True, text=True, check=True)


def test_the_stress_pack_script_writes_a_pack_that_checks_clean(tmp_path: Path) -> None:
    pack_root = tmp_path / "stress-deck"
    written = _write_stress_pack(pack_root, 30)
    assert "with 30 cards" in written.stdout
    result = run_cli("validate", "--static", str(pack_root))
    assert result.code == 0 and "no errors, no warnings" in result.output, result.output
    pack, problems = load_pack(pack_root)
    assert pack is not None and problems == []
    cards = pack.of_type("card")
    assert len(cards) == 30 and len({card.get("NAME") for card in cards}) == 30
    assert (pack_root / "layouts" / "card.yaml").read_bytes() == (DECK / "layouts" / "card.yaml").read_bytes()


def test_the_stress_pack_is_the_same_for_the_same_arguments(tmp_path: Path) -> None:
    _write_stress_pack(tmp_path / "one" / "stress-deck", 30)
    _write_stress_pack(tmp_path / "two" / "stress-deck", 30)
    first, second = (tmp_path / name / "stress-deck" / "cards.csv" for name in ("one", "two"))
    assert first.read_bytes() == second.read_bytes()
