"""The Journey pack reuses the flagship's layouts and icons by reference (``layouts_from``), never by copy: no
file of the pack repeats 10 consecutive lines of a file of the flagship pack."""

from __future__ import annotations

from tests.conftest import REPO

JOURNEY = REPO / "content" / "legion-siberian-journey"
FLAGSHIP = REPO / "content" / "legion-siberian-story"
RUN = 10


def _runs(path) -> set[tuple[str, ...]]:
    """Every run of 10 consecutive non-blank lines of a text file (stripped)."""
    try:
        lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    except UnicodeDecodeError:
        return set()
    return {tuple(lines[i:i + RUN]) for i in range(len(lines) - RUN + 1)}


def test_no_file_repeats_ten_lines_of_a_flagship_file() -> None:
    flagship: dict[tuple[str, ...], str] = {}
    for path in sorted(FLAGSHIP.rglob("*")):
        if path.is_file():
            flagship.update(dict.fromkeys(_runs(path), str(path.relative_to(REPO))))
    copied = [f"{path.relative_to(REPO)} repeats {flagship[run]}: {run[0]!r} ..."
              for path in sorted(JOURNEY.rglob("*")) if path.is_file() for run in _runs(path) if run in flagship]
    assert not copied, "\n".join(copied[:10])


def test_the_check_finds_a_copied_block(tmp_path) -> None:
    source = next(p for p in sorted((FLAGSHIP / "layouts").glob("*.html")) if len(_runs(p)) > 0)
    copy = tmp_path / "copy.html"
    copy.write_text("<!-- mine -->\n" + source.read_text(encoding="utf-8"), encoding="utf-8")
    assert _runs(copy) & _runs(source)
