"""Siege's site draws every mission's map in its missions page and four worked examples in the combat and equipment
pages, the same figures as the PDF rulebook (``tests/games/siege_of_the_citadel/test_rulebook_maps.py``): each map
with its squares, walls, door tokens, entrances and objective squares, named under it."""

from __future__ import annotations

import re

from pnpforge.games.siege_of_the_citadel.diagrams import mission_map

from tests.web.conftest import Site


def _figures(html: str) -> list[str]:
    return re.findall(r'<figure class="rb-map">.*?</figure>', html, flags=re.S)


def test_the_missions_page_shows_each_mission_s_map_from_its_data(siege_site: Site) -> None:
    html = (siege_site.root / "rules" / "09-missions.html").read_text(encoding="utf-8")
    figures = _figures(html)
    missions = siege_site.pack.of_type("mission")
    assert len(figures) == len(missions)
    for mission, figure in zip(missions, figures):
        marks = mission_map(siege_site.pack, mission)
        assert marks is not None
        assert f'aria-label="map, {marks.grid.width} by {marks.grid.height} squares"' in figure
        assert f"<figcaption>{mission.get('name')}" in figure.replace("&#39;", "'")
        assert figure.count('class="wb-map-door-closed"') == len(mission.get("doors"))
        assert figure.count('class="wb-map-entrance"') == len(mission.get("entrances"))
        assert figure.count('class="wb-map-target"') == len(mission.get("targets"))
        assert figure.count('class="wb-map-tile"') == len(mission.get("map"))


def test_the_rules_pages_draw_the_worked_examples_with_their_figures(siege_site: Site) -> None:
    rules = siege_site.root / "rules"
    combat = _figures((rules / "05-combat.html").read_text(encoding="utf-8"))
    equipment = _figures((rules / "08-equipment.html").read_text(encoding="utf-8"))
    assert len(combat) == 2 and len(equipment) == 2
    sight = combat[0]
    assert "Sight through doors" in sight and sight.count('class="wb-map-marker"') == 3
    assert "wb-map-sight-blocked" in sight and "wb-map-sight-clear" in sight
    assert "The Violator sweep" in equipment[0] and equipment[0].count('class="wb-map-marker"') == 4
