"""What every page has: headings in order, each section heading with a small link to itself, no file named that
the site does not have, the site's icon; and in the browser: one search box on the search page, results in
groups with the words found marked, a header that stays (or a way back to the top), and a dark colour scheme."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

from pnpforge.render.svg_clean import clean_svg

from tests.web.conftest import Site, axe_violations

FILE_NAME = re.compile(r"\b[\w-]+\.(?:md|ya?ml|py|json|csv|xlsx)\b", re.IGNORECASE)


class _Page(HTMLParser):
    """Headings, permalinks, visible words outside links, and the head's icon of one page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.headings: list[tuple[int, str | None]] = []  # (level, id)
        self.permalinks: dict[str, str] = {}  # anchor -> aria-label
        self.words: list[str] = []
        self.icons: list[str] = []
        self.skip = 0
        self.link = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        values = dict(attrs)
        if tag in ("script", "style", "svg"):
            self.skip += 1
        if re.fullmatch(r"h[1-6]", tag):
            self.headings.append((int(tag[1]), values.get("id")))
        if tag == "a":
            self.link += 1
            if "wb-permalink" in (values.get("class") or ""):
                self.permalinks[values.get("href", "")[1:]] = values.get("aria-label", "")
        if tag == "link" and values.get("rel") == "icon":
            self.icons.append(values.get("href", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "svg"):
            self.skip = max(0, self.skip - 1)
        if tag == "a":
            self.link = max(0, self.link - 1)

    def handle_data(self, data: str) -> None:
        if not self.skip and not self.link:
            self.words.append(data)


def parsed(site: Site, relative: str) -> _Page:
    page = _Page()
    page.feed((site.root / relative).read_text(encoding="utf-8"))
    return page


def test_headings_go_down_one_level_at_a_time_and_link_to_themselves(any_site: Site) -> None:
    problems = []
    for path in any_site.pages():
        relative = path.relative_to(any_site.root).as_posix()
        page = parsed(any_site, relative)
        levels = [level for level, _ in page.headings]
        for before, after in zip(levels, levels[1:]):
            if after > before + 1:
                problems.append(f"{relative}: h{before} then h{after}")
        for level, anchor in page.headings:
            if level in (2, 3) and anchor and anchor not in ("faces",) and not page.permalinks.get(anchor):
                problems.append(f"{relative}: h{level} #{anchor} has no link to itself")
    assert problems == []


def test_no_page_names_a_file_the_site_does_not_have(any_site: Site) -> None:
    named = []
    for path in any_site.pages():
        relative = path.relative_to(any_site.root).as_posix()
        for name in FILE_NAME.findall(" ".join(parsed(any_site, relative).words)):
            if not list(any_site.root.rglob(name)):
                named.append(f"{relative}: {name}")
    assert named == []


def test_every_page_has_the_games_icon(any_site: Site) -> None:
    icon = any_site.root / "assets" / "icon.svg"
    text = icon.read_text(encoding="utf-8")
    assert text.startswith("<svg xmlns=") and "<script" not in text
    for relative in ("index.html", "cards/index.html"):
        assert parsed(any_site, relative).icons == [("../" * relative.count("/")) + "assets/icon.svg"]


def test_an_icon_file_from_a_pack_loses_its_active_parts() -> None:
    dirty = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="alert(1)">'
             '<script>alert(2)</script><foreignObject><iframe src="x"></iframe></foreignObject>'
             '<image href="http://a/b.png"/><a xlink:href="javascript:alert(3)"><path d="M0 0h1"/></a></svg>')
    assert clean_svg(dirty).document() == '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1"/></svg>\n'


def test_the_search_page_has_one_search_box(legion_site: Site) -> None:
    page = (legion_site.root / "search.html").read_text(encoding="utf-8")
    assert page.count('type="search"') == 1
    assert (legion_site.root / "glossary.html").read_text(encoding="utf-8").count('type="search"') == 1


def test_search_results_come_in_groups_with_the_words_marked(legion_site: Site, page_of) -> None:
    watched = page_of(1280, 900)
    watched.page.goto(legion_site.url("search.html?q=frostbite coat"), wait_until="load")
    watched.page.wait_for_function("() => document.querySelectorAll('.wb-result').length > 3", timeout=10000)
    groups = watched.page.evaluate("""() => Array.from(document.querySelectorAll('.wb-result-group')).map(g => ({
        heading: g.querySelector('h3').firstChild.textContent.trim(),
        kinds: Array.from(g.querySelectorAll('.wb-result')).map(r => r.dataset.kind),
        marked: Array.from(g.querySelectorAll('.wb-result')).every(r => r.querySelector('mark')),
        texts: Array.from(g.querySelectorAll('.wb-result-text')).map(p => p.textContent)}))""")
    headings = [g["heading"] for g in groups]
    assert sorted(headings) == sorted(set(headings)) and {"Rules", "Glossary", "Card"} <= set(headings)
    for group in groups:
        assert set(group["kinds"]) == {group["heading"]} and group["marked"], group
    cards = next(g for g in groups if g["heading"] == "Card")
    assert cards["texts"] and not [t for t in cards["texts"] if re.search(r"\b(Flavour|Kind|Zone|Effects)\b", t)]
    marks = watched.page.evaluate("() => Array.from(document.querySelectorAll('mark')).map(m => m.textContent)")
    assert {m.casefold() for m in marks} <= {"frostbite", "coat", "coats", "frostbitten"}
    assert watched.take() == []


def test_the_header_stays_on_a_desktop_and_the_way_up_floats_on_a_phone(legion_site: Site, page_of) -> None:
    desktop = page_of(1280, 900)
    desktop.page.goto(legion_site.url("rules/08-orders.html"), wait_until="load")
    desktop.page.evaluate("() => window.scrollTo(0, 2500)")
    assert desktop.page.evaluate("() => document.querySelector('.wb-header').getBoundingClientRect().top") == 0
    phone = page_of(390, 844)
    phone.page.goto(legion_site.url("rules/08-orders.html"), wait_until="load")
    phone.page.evaluate("() => window.scrollTo(0, 4000)")
    phone.page.wait_for_function("() => document.querySelector('.wb-top').classList.contains('wb-top-floating')")
    box = phone.page.locator(".wb-top").bounding_box()
    assert box["y"] + box["height"] <= 844 and box["x"] + box["width"] <= 390
    phone.page.click(".wb-top")
    phone.page.wait_for_function("() => window.scrollY === 0")
    assert desktop.take() == [] and phone.take() == []


def test_the_dark_colour_scheme_reads_well(legie_sites: dict[str, Site], page_of) -> None:
    watched = page_of(1280, 900, dark=True)
    for relative in ("cards/player-aid.html", "rules/05-nahkampf.html", "index.html"):
        watched.page.goto(legie_sites["de"].url(relative), wait_until="load")
        paper = watched.page.evaluate("() => getComputedStyle(document.body).backgroundColor")
        assert paper == "rgb(28, 26, 23)"
        bad = axe_violations(watched.page)
        assert bad == [], json.dumps(bad, indent=1)
    assert watched.take() == []
