"""The worked examples on the table are on the Dystopian Legions site: the rules page "Worked examples on the table"
carries each example's figure, drawn as the PDF rulebook draws it (one inline SVG whose style is its own)."""

from __future__ import annotations

import re

from tests.web.conftest import LEGIONS, Site


def test_the_site_draws_each_worked_example_on_the_table(legions_site: Site) -> None:
    html = (legions_site.root / "rules" / "12-on-the-table.html").read_text(encoding="utf-8")
    stems = sorted(p.stem for p in (LEGIONS / "examples").glob("table-*.yaml"))
    figures = re.findall(
        r'<figure class="rb-map rb-plane"><svg xmlns="http://www.w3.org/2000/svg" '
        r'class="plane-figure" width="110mm"',
        html,
    )
    assert len(stems) >= 6 and len(figures) == len(stems)
    assert html.count("<title>riflemen-1</title>") >= 3  # bases keep their names as tooltips
    styles = re.findall(r"<style>\n(.*?)\n</style>", html, flags=re.S)
    assert styles and all(line.startswith(".plane-figure ") for style in styles for line in style.splitlines())
