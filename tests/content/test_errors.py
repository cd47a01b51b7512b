"""Every input problem of the content model, as a broken fixture pack, with the full message and exit code."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.helpers import run_cli

D = "tests/data"

CASES = [
    ("broken-syntax-error", 2, f"{D}/broken-syntax-error/stalls.yaml:9:5: error: YAML syntax error: "
                               "expected ',' or ']', but got ':' while parsing a flow sequence"),
    ("broken-tab-indent", 2, f"{D}/broken-tab-indent/stalls.yaml:6:1: error: tab in indentation; "
                             "indent with spaces"),
    ("broken-duplicate-key", 2, f"{D}/broken-duplicate-key/stalls.yaml:8:3: error: duplicate key 'rent' "
                                "(first defined at line 7)"),
    ("broken-duplicate-id", 1, f"{D}/broken-duplicate-id/stalls.yaml:9:3: error: stall 'corner-stall': duplicate id "
                               f"'corner-stall' (also stall 'corner-stall' at "
                               f"{D}/broken-duplicate-id/stalls.yaml:1:3)"),
    ("broken-wrong-type", 2, f"{D}/broken-wrong-type/merchants.yaml:32:3: error: merchant 'lamp-glazier': price: "
                             "expected an integer, found 'four'"),
    ("broken-out-of-bounds", 2, f"{D}/broken-out-of-bounds/merchants.yaml:32:3: error: merchant 'lamp-glazier': "
                                "price: expected an integer <= 9, found 12"),
    ("broken-huge-number", 2, f"{D}/broken-huge-number/merchants.yaml:32:3: error: merchant 'lamp-glazier': price: "
                              "expected an integer, found a 400-digit number"),
    ("broken-negative-count", 2, f"{D}/broken-negative-count/merchants.yaml:20:3: error: merchant 'barrel-brothers': "
                                 "qty: expected an integer >= 0, found -2"),
    ("broken-unknown-key", 2, f"{D}/broken-unknown-key/stalls.yaml:4:3: error: stall 'corner-stall': unknown key "
                              "'colour'; accepted keys: id, name, qty, rent"),
    ("broken-missing-field", 2, f"{D}/broken-missing-field/merchants.yaml:29:3: error: merchant 'lamp-glazier': "
                                "price: required field is missing"),
    ("broken-scalar-for-list", 2, f"{D}/broken-scalar-for-list/merchants.yaml:24:3: error: merchant "
                                  "'barrel-brothers': goods: expected a list, found 'oil'"),
    ("broken-dangling-ref", 1, f"{D}/broken-dangling-ref/merchants.yaml:25:3: error: merchant 'barrel-brothers': "
                               "stall: no stall 'harbour-stall'; stall ids: bridge-stall, corner-stall, "
                               "fountain-stall"),
    ("broken-repeated-value", 1, f"{D}/broken-repeated-value/merchants.yaml:17:17: error: merchant "
                                 "'wick-apprentice': goods: 'wick' is listed twice"),
    ("broken-unknown-icon", 1, f"{D}/broken-unknown-icon/merchants.yaml:34:3: error: merchant 'lamp-glazier': text: "
                               f"unknown icon ':salt:': draw it as {D}/broken-unknown-icon/layouts/icons/salt.svg, or "
                               "declare it under icons: in game.yaml; known icons: coin, oil, wick"),
    ("broken-missing-translation", 1, f"{D}/broken-missing-translation/stalls.yaml:10:3: error: stall "
                                      "'bridge-stall': name: missing translation 'de'"),
    ("broken-image-escape", 2, f"{D}/broken-image-escape/merchants.yaml:10:3: error: merchant 'old-marta': art: "
                               "path '../../elsewhere/marta.png' leaves the pack folder"),
    ("broken-missing-art", 1, f"{D}/broken-missing-art/merchants.yaml:10:3: error: merchant 'old-marta': art: "
                              f"missing art: '{D}/broken-missing-art/art/marta-smiling.png' does not exist"),
    ("broken-wrong-count", 1, f"{D}/broken-wrong-count/game.yaml:34:19: error: box: the box lists 4 stall items, "
                              "the content has 3"),
    ("broken-empty-file", 2, f"{D}/broken-empty-file/stalls.yaml:1:1: error: file is empty"),
    ("broken-binary-garbage", 2, f"{D}/broken-binary-garbage/stalls.yaml:3:1: error: binary file: found a NUL byte; "
                                 "expected UTF-8 YAML text"),
    ("broken-latin1", 2, f"{D}/broken-latin1/stalls.yaml:10:34: error: file is not valid UTF-8 (byte 0xfc); "
                         "save it with UTF-8 encoding"),
    ("broken-alias-bomb", 2, f"{D}/broken-alias-bomb/stalls.yaml:6:8: error: alias expansion exceeds 10,000 nodes; "
                             "refusing to expand it"),
    ("broken-yaml-tag", 2, f"{D}/broken-yaml-tag/stalls.yaml:7:9: error: YAML tags are not allowed "
                           "(found '!!python/object:os.system')"),
    ("broken-missing-game-yaml", 2, f"{D}/broken-missing-game-yaml/game.yaml: error: missing game.yaml: "
                                    f"'{D}/broken-missing-game-yaml' is not a pack (every pack has a game.yaml)"),
]


@pytest.mark.parametrize("fixture, code, first_line", CASES, ids=[c[0] for c in CASES])
def test_broken_fixture_reports_located_error(fixture: str, code: int, first_line: str) -> None:
    result = run_cli("validate", f"{D}/{fixture}", "--static")
    assert result.code == code, result.output
    assert result.lines[0] == first_line
    assert result.lines[-1] == "1 error, 0 warnings in 1 file"
    assert "Traceback" not in result.output


def test_every_broken_fixture_has_a_case() -> None:
    on_disk = {p.name for p in Path(D).iterdir() if p.name.startswith("broken-")}
    assert on_disk == {c[0] for c in CASES}


def test_good_fixture_validates_clean() -> None:
    result = run_cli("validate", f"{D}/lantern-market", "--static")
    assert result.code == 0, result.output
    assert result.lines == ["no errors, no warnings in 3 files"]


def test_source_line_and_caret_follow_the_message() -> None:
    result = run_cli("validate", f"{D}/broken-unknown-key", "--static")
    assert result.lines[1:3] == ["      colour: red", "      ^"]


def _copy(tmp_path: Path) -> Path:
    pack = tmp_path / "pack"
    shutil.copytree(f"{D}/lantern-market", pack)
    return pack


def test_nesting_over_100_levels(tmp_path: Path) -> None:
    pack = _copy(tmp_path)
    (pack / "stalls.yaml").write_text("x: " + "[" * 101 + "]" * 101 + "\n")
    result = run_cli("validate", str(pack), "--static")
    assert result.code == 2
    assert result.lines[0] == f"{pack}/stalls.yaml:1:103: error: nesting is deeper than 100 levels"


def test_scalar_over_one_megabyte(tmp_path: Path) -> None:
    pack = _copy(tmp_path)
    (pack / "stalls.yaml").write_text("- id: huge\n  name: " + "a" * (1024 * 1024 + 1) + "\n")
    result = run_cli("validate", str(pack), "--static")
    assert result.code == 2
    assert result.lines[0] == f"{pack}/stalls.yaml:2:9: error: value is longer than 1 MB"


def test_symlink_leaving_the_pack(tmp_path: Path) -> None:
    pack = _copy(tmp_path)
    (tmp_path / "secret.png").write_bytes(b"x")
    (pack / "art" / "leak.png").symlink_to(tmp_path / "secret.png")
    result = run_cli("validate", str(pack), "--static")
    assert result.code == 2
    assert result.lines[0] == f"{pack}/art/leak.png: error: symlink leaves the pack (points to '{tmp_path}/secret.png')"


def test_unknown_pack_is_unusable_input() -> None:
    result = run_cli("validate", "no-such-game", "--static")
    assert result.code == 2
    assert result.lines[0].startswith("no-such-game: error: no pack 'no-such-game': not a pack id under content/")


def test_all_problems_are_reported_before_exiting(tmp_path: Path) -> None:
    pack = _copy(tmp_path)
    text = (pack / "merchants.yaml").read_text()
    text = text.replace("  price: 4", "  price: 40").replace("  price: 1", "  price: one")
    (pack / "merchants.yaml").write_text(text)
    (pack / "stalls.yaml").write_text((pack / "stalls.yaml").read_text().replace("  rent: 2", "  rent: 7"))
    result = run_cli("validate", str(pack), "--static")
    assert result.code == 2
    errors = [line for line in result.lines if ": error: " in line]
    assert [e.split(": error: ")[1] for e in errors] == [
        "merchant 'wick-apprentice': price: expected an integer, found 'one'",
        "merchant 'lamp-glazier': price: expected an integer <= 9, found 40",
        "stall 'fountain-stall': rent: expected an integer <= 5, found 7",
    ]
    assert result.lines[-1] == "3 errors, 0 warnings in 2 files"


def test_labels_for_players_are_declared_and_checked(tmp_path: Path) -> None:
    """A type's and a field's ``label`` (plain or per language), an enum's ``value_labels`` (only for its values),
    and the game's ``icon``."""
    pack = _copy(tmp_path)
    game = (pack / "game.yaml").read_text()
    game = game.replace("    file: merchants.yaml\n",
                        "    file: merchants.yaml\n    label: {en: trader, de: Händler}\n")
    game = game.replace("price: {kind: int, min: 0, max: 9,", "price: {kind: int, min: 0, max: 9, label: {en: Hire, "
                                                               "de: Lohn},")
    game = game.replace("version: \"1\"\n", "version: \"1\"\nicon: coin\n")
    (pack / "game.yaml").write_text(game)
    assert run_cli("validate", str(pack), "--static").code == 0
    (pack / "game.yaml").write_text(game.replace("values: [oil, wick, glass]}",
                                                 "values: [oil, wick, glass], value_labels: {salt: Salt}}"))
    result = run_cli("validate", str(pack), "--static")
    assert result.code == 2
    assert result.lines[0].endswith("game.yaml:46:72: error: types.merchant.fields.goods.of.value_labels: 'salt' is "
                                    "not one of the values (oil, wick, glass)")


def test_deep_brackets_are_refused_in_time_proportional_to_the_file(monkeypatch) -> None:
    """100,000 brackets on one line (200 KB): refused where the scanner meets the 101st level, the scanner given
    only the text up to there (on the whole line it takes about a minute: its look-ahead is quadratic in the
    nesting); quoted brackets and comments do not count."""
    from pnpforge.content import source

    scanned: list[int] = []
    real = source._scan_tokens
    monkeypatch.setattr(source, "_scan_tokens", lambda text, shown: (scanned.append(len(text)), real(text, shown)))
    text = "x: " + "[" * 100_000 + "]" * 100_000 + "\n"
    with pytest.raises(source.LoadError) as refused:
        source.parse_yaml(text, "deep.yaml")
    assert str(refused.value.findings[0]) == "deep.yaml:1:103: error: nesting is deeper than 100 levels"
    assert scanned == [104]
    parse_yaml = source.parse_yaml
    for harmless in ("x: '" + "[" * 300 + "'\n", 'x: "\\"' + "{" * 300 + '"\n', "# " + "[" * 300 + "\ny: 1\n",
                     "x: it's [" + "[" * 300 + "\n"):
        parse_yaml(harmless, "fine.yaml")
