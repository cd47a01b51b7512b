"""Build options: several outputs at once, and a line per stage when the output is a pipe or a log."""

from __future__ import annotations

import re
from pathlib import Path

from tests.helpers import run_cli


def test_only_builds_the_outputs_named_and_a_piped_build_prints_a_line_per_stage(tmp_path: Path) -> None:
    assert run_cli("new", str(tmp_path / "demo")).code == 0
    out = tmp_path / "build"
    built = run_cli("build", str(tmp_path / "demo"), "--out", str(out), "--only", "faces,web")
    assert built.code == 0, built.output
    assert sorted(p.name for p in (out / "demo").iterdir()) == ["cache", "check.json", "faces", "web"]
    assert re.search(r"^demo: faces cards: 3 in \d+\.\d s$", built.output, re.M), built.output
    assert re.search(r"^demo: web images: \d+ in \d+\.\d s$", built.output, re.M), built.output


def test_an_unknown_output_is_a_usage_error(tmp_path: Path) -> None:
    result = run_cli("build", str(tmp_path), "--only", "faces,posters")
    assert result.code == 2 and "'posters' is not an output; outputs: faces, shop, print, tts, rulebook, web" in \
        result.output


def test_a_pack_without_rules_gets_a_web_gallery_and_search_and_no_empty_sections(tmp_path: Path) -> None:
    from html.parser import HTMLParser

    from tests.conftest import DATA

    out = tmp_path / "build"
    built = run_cli("build", str(DATA / "lantern-market"), "--out", str(out), "--only", "web", "--lang", "en")
    assert built.code == 0, built.output
    site = out / "lantern-market" / "web"
    assert (site / "cards" / "index.html").is_file() and (site / "search.html").is_file()
    assert not (site / "examples.html").exists() and not (site / "rules").exists()

    class Nav(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.inside, self.links = False, []

        def handle_starttag(self, tag, attrs) -> None:
            self.inside = self.inside or (tag == "nav" and ("id", "wb-site-nav") in attrs)
            if self.inside and tag == "a":
                self.links.append(dict(attrs)["href"])

        def handle_endtag(self, tag) -> None:
            self.inside = self.inside and tag != "nav"

    nav = Nav()
    nav.feed((site / "index.html").read_text(encoding="utf-8"))
    assert nav.links == ["cards/index.html", "glossary.html"]
    assert all((site / link).is_file() for link in nav.links)


def test_paper_and_sheets_choose_the_home_print_sheets(tmp_path: Path) -> None:
    assert run_cli("new", str(tmp_path / "demo")).code == 0
    out = tmp_path / "build"
    built = run_cli("build", str(tmp_path / "demo"), "--out", str(out), "--only", "print", "--paper", "letter",
                    "--sheets", "gapped")
    assert built.code == 0, built.output
    printed = out / "demo" / "print"
    assert sorted(p.relative_to(printed).as_posix() for p in printed.rglob("*.pdf")) == [
        "letter/calibration.pdf", "letter/cards-cards-gapped.pdf"]
    both = run_cli("build", str(tmp_path / "demo"), "--out", str(out), "--only", "print", "--paper", "a4",
                   "--sheets", "9up,cards-gutter-fold")  # an alias and a name
    assert both.code == 0, both.output
    assert sorted(p.relative_to(printed).as_posix() for p in printed.rglob("*.pdf")) == [
        "a4/calibration.pdf", "a4/cards-cards-gutter-fold.pdf", "a4/cards-cards.pdf"]
    wrong = run_cli("build", str(tmp_path / "demo"), "--out", str(out), "--only", "print", "--sheets", "posters")
    assert wrong.code == 1 and "error: --sheets posters: no type of this pack is printed on 'posters' sheets; its " \
                                "sheets: 9up, block, cards, cards-gapped, cards-gutter-fold, gapped, " \
                                "gutter-fold" in wrong.output
