"""A card page shows the item's own figures when the game package gives them (``item_tables``): every Dystopian
Legions section card page carries its rows of the section fire and melee odds, the figures the report gives."""

from __future__ import annotations

import html

from pnpforge.games.dystopian_legions import odds_tables
from pnpforge.publish.web.figures import card_page

from .conftest import Site


def test_each_section_card_page_shows_its_own_odds(legions_site: Site) -> None:
    pack = legions_site.pack
    fire = odds_tables.section_odds(pack).tables[0]
    melee = odds_tables.melee_odds(pack).tables[0]
    shown = 0
    for unit in pack.of_type("unit"):
        page = legions_site.root / card_page(unit.id)
        if not page.is_file():
            continue  # outside the site's slice of cards
        text = html.unescape(page.read_text(encoding="utf-8")).replace("\xa0", " ")
        assert 'id="figures"' in text, unit.id
        for table in (fire, melee):
            rows = [row for row in table.rows if row[0] == unit["name"]]
            assert rows, (unit.id, table.title)
            for row in rows:
                assert "".join(f"<td>{cell}</td>" for cell in row) in text, (unit.id, row)
        others = [row for row in fire.rows if row[0] != unit["name"]]
        assert not any("".join(f"<td>{cell}</td>" for cell in row) in text for row in others), unit.id
        shown += 1
    assert shown >= 3


def test_a_card_without_figures_has_no_figures_section(legions_site: Site) -> None:
    pages = [legions_site.root / card_page(tac.id) for tac in legions_site.pack.of_type("tac")]
    pages = [page for page in pages if page.is_file()]
    assert pages
    assert all('id="figures"' not in page.read_text(encoding="utf-8") for page in pages)
