"""The site in headless Chromium, opened from file:// as a reader opens it: clean loads, a phone's width, search,
gallery filters, and an axe-core scan of each kind of page and of the validation report."""

from __future__ import annotations

import json

import pytest

from tests.web.conftest import Site, axe_violations, site_named

PHONE = 390


def test_every_page_loads_cleanly_and_fits_a_phone(any_site: Site, page_of) -> None:
    """No console error, failed or outside request, broken image, or sideways scrolling at 390 px."""
    watched = page_of(PHONE, 844)
    problems = []
    for path in any_site.pages():
        relative = path.relative_to(any_site.root).as_posix()
        watched.page.goto(path.as_uri(), wait_until="load")
        watched.page.evaluate("() => document.querySelectorAll('img').forEach(img => img.loading = 'eager')")
        watched.page.wait_for_function("() => Array.from(document.images).every(img => img.complete)", timeout=15000)
        state = watched.page.evaluate("""() => {
            const images = Array.from(document.images);
            return {width: document.documentElement.scrollWidth, viewport: window.innerWidth,
                    broken: images.filter(img => img.complete && img.naturalWidth === 0).map(img => img.src),
                    h1: document.querySelectorAll('h1').length};
        }""")
        problems += [f"{relative}: {p}" for p in watched.take()]
        if state["width"] > state["viewport"]:
            problems.append(f"{relative}: scrolls sideways ({state['width']} px wide at {state['viewport']} px)")
        if state["broken"]:
            problems.append(f"{relative}: images that do not load: {state['broken'][:3]}")
        if state["h1"] != 1:
            problems.append(f"{relative}: {state['h1']} level-1 headings")
    assert problems == []


def test_images_load_when_scrolled_into_view(any_site: Site, page_of) -> None:
    """The gallery's lazy images all load (none is a broken path)."""
    watched = page_of(1280, 900)
    watched.page.goto(any_site.url("cards/index.html"))
    watched.page.evaluate("() => document.querySelectorAll('img').forEach(img => img.loading = 'eager')")
    watched.page.wait_for_function("() => Array.from(document.images).every(img => img.complete)", timeout=15000)
    broken = watched.page.evaluate("() => Array.from(document.images).filter(i => !i.naturalWidth).map(i => i.src)")
    assert broken == []
    assert watched.take() == []


def _results(watched) -> list[dict]:
    watched.page.wait_for_function("() => document.querySelectorAll('#wb-results li').length > 0", timeout=10000)
    return watched.page.evaluate("""() => Array.from(document.querySelectorAll('#wb-results li')).map(li => ({
        href: li.querySelector('a').getAttribute('href'), title: li.querySelector('a').textContent,
        kind: li.getAttribute('data-kind')}))""")


def test_searching_an_order_finds_its_glossary_entry(legion_site: Site, page_of) -> None:
    watched = page_of(1280, 900)
    orders = legion_site.pack.of_type("order")
    for item in (orders[0], orders[len(orders) // 2], orders[-1]):
        name = item.get("name")
        watched.page.goto(legion_site.url("search.html"))
        watched.page.fill("#wb-search-page-input", name)
        watched.page.press("#wb-search-page-input", "Enter")
        results = _results(watched)
        glossary = [r for r in results if r["kind"] == "Glossary"]
        assert glossary and glossary[0]["href"] == f"glossary.html#order-{item.id}", (name, results[:5])
        assert results.index(glossary[0]) < 3, (name, results[:5])
        watched.page.click(f"#wb-results a[href='glossary.html#order-{item.id}']")
        watched.page.wait_for_url(f"**/glossary.html#order-{item.id}")
        assert watched.page.evaluate(f"() => document.getElementById('order-{item.id}').textContent").strip()
    assert watched.take() == []


def test_the_header_search_opens_the_results(legion_site: Site, page_of) -> None:
    watched = page_of(1280, 900)
    watched.page.goto(legion_site.url("rules/08-orders.html"))
    watched.page.fill("#wb-q", "first aid")
    watched.page.press("#wb-q", "Enter")
    watched.page.wait_for_url("**/search.html?q=first+aid")
    results = _results(watched)
    assert any(r["href"].startswith("glossary.html#term-first-aid") for r in results[:5]), results[:5]
    assert watched.take() == []


def _visible_cards(watched) -> list[dict]:
    return watched.page.evaluate("""() => Array.from(document.querySelectorAll('[data-card]'))
        .filter(tile => !tile.hidden && tile.offsetParent !== null)
        .map(tile => ({faction: tile.getAttribute('data-f-faction') || '', type: tile.getAttribute('data-f-type'),
                       skills: tile.getAttribute('data-f-skills') || ''}))""")


def test_gallery_filters_change_the_visible_cards(legion_site: Site, page_of) -> None:
    watched = page_of(1280, 900)
    watched.page.goto(legion_site.url("cards/index.html"))
    everything = _visible_cards(watched)
    watched.page.select_option("#wb-facet-faction", "reds")
    reds = _visible_cards(watched)
    assert 0 < len(reds) < len(everything)
    assert all("reds" in card["faction"].split() for card in reds)
    watched.page.select_option("#wb-facet-type", "character")
    assert all(card["type"] == "character" for card in _visible_cards(watched))
    watched.page.select_option("#wb-facet-faction", "")
    watched.page.select_option("#wb-facet-skills", "combat")
    combat = _visible_cards(watched)
    assert combat and all("combat" in card["skills"].split() for card in combat)
    status = watched.page.text_content(".wb-shown")
    assert status.startswith(f"{len(combat)} of {len(everything)}")
    assert watched.page.evaluate("() => window.location.hash") == "#type=character&skills=combat"
    watched.page.click(".wb-reset")
    watched.page.wait_for_function(f"() => document.querySelectorAll('[data-card]:not([hidden])').length === "
                                   f"{len(everything)}")
    watched.page.goto(legion_site.url("cards/index.html") + "#faction=warlords")
    assert {c["faction"] for c in _visible_cards(watched)} == {"warlords"}
    assert watched.take() == []


def test_journey_gallery_filters_by_type_faction_level_and_attribute(journey_site: Site, page_of) -> None:
    watched = page_of(1280, 900)
    watched.page.goto(journey_site.url("cards/index.html"))
    read = """() => Array.from(document.querySelectorAll('[data-card]'))
        .filter(tile => !tile.hidden && tile.offsetParent !== null)
        .map(tile => ({type: tile.getAttribute('data-f-type'), faction: tile.getAttribute('data-f-faction') || '',
                       level: tile.getAttribute('data-f-level') || '',
                       attributes: tile.getAttribute('data-f-attributes') || ''}))"""
    everything = watched.page.evaluate(read)
    assert {card["type"] for card in everything} >= {"commander", "character", "action", "location", "plot"}
    watched.page.select_option("#wb-facet-type", "plot")
    watched.page.select_option("#wb-facet-level", "first")
    plots = watched.page.evaluate(read)
    assert plots and all(c["type"] == "plot" and c["level"] == "first" for c in plots)
    watched.page.select_option("#wb-facet-type", "character")
    watched.page.select_option("#wb-facet-level", "")
    watched.page.select_option("#wb-facet-faction", "reds")
    reds = watched.page.evaluate(read)
    assert reds and all(c["type"] == "character" and c["faction"] == "reds" for c in reds)
    watched.page.select_option("#wb-facet-faction", "")
    watched.page.select_option("#wb-facet-attributes", "intrigue")
    sly = watched.page.evaluate(read)
    assert sly and all("intrigue" in c["attributes"].split() for c in sly)
    assert watched.page.evaluate("() => window.location.hash") == "#type=character&attributes=intrigue"
    assert watched.take() == []


SIEGE_FACETS = {"type": "Type", "faction": "Corporation", "specialty": "Specialty", "rank": "Rank",
                "icons": "Attack icon", "kind": "Card kind"}


def test_siege_gallery_filters_by_corporation_specialty_rank_attack_icon_and_kind(siege_site: Site, page_of) -> None:
    """Each of the pack's filters, set to each value it offers in turn, shows some of the cards and only cards
    with that value; the filters are named as the pack names them."""
    watched = page_of(1280, 900)
    watched.page.goto(siege_site.url("cards/index.html"))
    labels = watched.page.evaluate("""() => Object.fromEntries(Array.from(document.querySelectorAll('select'))
        .filter(s => s.id.startsWith('wb-facet-'))
        .map(s => [s.id.slice(9), document.querySelector(`label[for="${s.id}"]`).textContent.trim()]))""")
    assert labels == SIEGE_FACETS
    read = """field => Array.from(document.querySelectorAll('[data-card]'))
        .filter(tile => !tile.hidden && tile.offsetParent !== null)
        .map(tile => tile.getAttribute('data-f-' + field) || '')"""
    everything = len(watched.page.evaluate(read, "type"))
    for field in SIEGE_FACETS:
        options = watched.page.evaluate(f"() => Array.from(document.querySelectorAll('#wb-facet-{field} option'))"
                                        ".map(o => o.value).filter(v => v)")
        assert options, field
        for value in options[:4]:
            watched.page.select_option(f"#wb-facet-{field}", value)
            shown = watched.page.evaluate(read, field)
            assert 0 < len(shown) < everything, (field, value)
            assert all(value in seen.split() for seen in shown), (field, value, shown)
        watched.page.select_option(f"#wb-facet-{field}", "")
    watched.page.select_option("#wb-facet-type", "equipment")
    icons = watched.page.evaluate("() => Array.from(document.querySelectorAll('#wb-facet-icons option'))"
                                  ".map(o => o.value).filter(v => v)")
    watched.page.select_option("#wb-facet-icons", icons[0])
    assert watched.page.evaluate("() => window.location.hash") == f"#type=equipment&icons={icons[0]}"
    assert watched.take() == []


@pytest.mark.parametrize("name,relative", [
    ("legie-de", "index.html"), ("legion", "rules/08-orders.html"), ("legie-de", "glossary.html"),
    ("journey", "cards/index.html"), ("legie-en", "cards/player-aid.html"), ("legion", "cards/ivan-sablin.html"),
    ("legion", "examples.html"), ("legie-de", "search.html?q=turm"), ("legie-en", "rules/05-melee.html"),
    ("siege", "cards/index.html"), ("siege", "cards/tile-1-9.html"),
])
def test_no_accessibility_violation_on_a_page_of_each_kind(request, page_of, name: str, relative: str) -> None:
    """axe-core (installed by make, injected by the test) finds nothing on one page of each kind: home, rules
    (with board diagrams), glossary, gallery, cards (a reference sheet with tables in its details), examples,
    search with results. Every page of every site is scanned by make site-check."""
    site = site_named(request, name)
    watched = page_of(1280, 900)
    watched.page.goto(site.url(relative), wait_until="load")
    if relative.startswith("search"):
        _results(watched)
    bad = axe_violations(watched.page)
    assert bad == [], json.dumps(bad, indent=1)


def test_no_accessibility_violation_in_the_validation_report(validation_report, page_of) -> None:
    """The validation report the site offers: no axe violation, and nothing wider than a phone."""
    watched = page_of(PHONE, 844)
    watched.page.goto(validation_report.as_uri(), wait_until="load")
    width = watched.page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE
    bad = axe_violations(watched.page)
    assert bad == [], json.dumps(bad, indent=1)


@pytest.mark.parametrize("lang,query,anchor", [("en", "Archer", "term-archer"),
                                                ("de", "Bogenschütze", "term-bogenschutze")])
def test_searching_a_unit_finds_its_glossary_entry_in_each_language(legie_sites, page_of, lang, query,
                                                                    anchor) -> None:
    site = legie_sites[lang]
    watched = page_of(1280, 900)
    watched.page.goto(site.url("search.html"))
    watched.page.fill("#wb-search-page-input", query)
    watched.page.press("#wb-search-page-input", "Enter")
    results = _results(watched)
    glossary = [r for r in results[:3] if r["href"].startswith("glossary.html#term-")]
    assert glossary and glossary[0]["href"] == f"glossary.html#{anchor}", results[:5]
    assert watched.take() == []


def test_legions_gallery_filters_by_nation_slot_quality_and_type(legions_site: Site, page_of) -> None:
    watched = page_of(1280, 900)
    watched.page.goto(legions_site.url("cards/index.html"))
    read = """() => Array.from(document.querySelectorAll('[data-card]'))
        .filter(tile => !tile.hidden && tile.offsetParent !== null)
        .map(tile => ({type: tile.getAttribute('data-f-type'), nation: tile.getAttribute('data-f-nation') || '',
                       slot: tile.getAttribute('data-f-slot') || '',
                       quality: tile.getAttribute('data-f-quality') || ''}))"""
    everything = watched.page.evaluate(read)
    assert {card["type"] for card in everything} >= {"unit", "tac", "standee"}
    watched.page.select_option("#wb-facet-type", "unit")
    watched.page.select_option("#wb-facet-nation", "prussia")
    prussian = watched.page.evaluate(read)
    assert prussian and all(c["type"] == "unit" and c["nation"] == "prussia" for c in prussian)
    watched.page.select_option("#wb-facet-nation", "")
    watched.page.select_option("#wb-facet-quality", "veteran")
    veterans = watched.page.evaluate(read)
    assert veterans and all(c["quality"] == "veteran" for c in veterans)
    assert len(veterans) < len([c for c in everything if c["type"] == "unit"])
    assert watched.page.evaluate("() => window.location.hash") == "#type=unit&quality=veteran"
    watched.page.select_option("#wb-facet-quality", "")
    kinds = watched.page.evaluate("() => Array.from(document.querySelectorAll('#wb-facet-model_types option'))"
                                  ".map(option => option.value).filter(value => value)")
    assert "infantry" in kinds and len(kinds) > 1, kinds  # a section's type: its models' types
    other = next(kind for kind in kinds if kind != "infantry")
    watched.page.select_option("#wb-facet-model_types", other)
    typed = watched.page.evaluate(read.replace("quality: tile", "types: tile.getAttribute('data-f-model_types') "
                                               "|| '', quality: tile"))
    assert typed and all(other in c["types"].split() for c in typed), typed
    assert len(typed) < len([c for c in everything if c["type"] == "unit"])
    assert watched.take() == []
