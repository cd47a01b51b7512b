"""Golden HTML: one rules page exactly as the PDF stage receives it (text, icons, terms, figure boxes, examples).

The page is rendered on its own, so that figure and index anchors do not depend on the pages before it. After a
reviewed, intended change: ``pytest tests/publish/rulebook --update-golden`` (or ``make update-golden``).
"""

from __future__ import annotations

from pnpforge.publish.rulebook.book import load_sources
from pnpforge.publish.rulebook.document import write_rulebook
from pnpforge.publish.rulebook.figures import Figures

from tests.conftest import REPO

GOLDEN = REPO / "tests" / "golden" / "rulebook"
PAGE = "10-resolving-the-plots"


def test_the_rendered_page_matches_its_golden_file(legion, tmp_path, update_golden) -> None:
    sources = load_sources(legion, "en")
    sources.pages = [page for page in sources.pages if page.path.stem == PAGE]
    book = write_rulebook(sources, Figures(legion, "en", tmp_path / "art"), "en")
    assert [str(f) for f in book.findings if f.severity != "warning"] == []
    html = str(book.chapters[0].html)
    assert "file:" not in html and str(REPO) not in html  # machine-independent
    golden = GOLDEN / f"{PAGE}.html"
    if update_golden:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(html, encoding="utf-8")
    assert golden.is_file(), f"no golden file {golden}; run pytest with --update-golden"
    expected = golden.read_text(encoding="utf-8")
    if html != expected:
        for number, (got, want) in enumerate(zip(html.splitlines(), expected.splitlines()), 1):
            assert got == want, f"{golden.relative_to(REPO)}: wrong line {number}"
        assert html == expected, f"{golden.relative_to(REPO)}: different length"


def test_no_stale_golden_files() -> None:
    assert sorted(p.name for p in GOLDEN.glob("*")) == [f"{PAGE}.html"]
