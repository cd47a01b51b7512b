"""Card pages and the gallery as players read them: field labels from the schema in the page's language, values
in words (never as Python writes data), filters whose counts are the cards they show, images at two resolutions,
and a face that enlarges in a dialog by mouse, keyboard and touch."""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser

from PIL import Image

from tests.web.conftest import Site

REPR = re.compile(r"[{}\[\]_]|'[^'\s]*'\s*[:,]|(?<=[\[{(])'|'(?=[\]})])")


class _Details(HTMLParser):
    """The words of a card page's details table (icons read as their labels)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.labels: list[str] = []
        self.words: list[str] = []
        self.in_label = False

    def handle_starttag(self, tag: str, attrs: list) -> None:
        values = dict(attrs)
        if tag == "table" and "wb-fields" in (values.get("class") or ""):
            self.depth = 1
        elif self.depth and tag == "table":
            self.depth += 1
        if self.depth == 1 and tag == "th":
            self.in_label = True
            self.labels.append("")

    def handle_endtag(self, tag: str) -> None:
        if self.depth and tag == "table":
            self.depth -= 1
        if tag == "th":
            self.in_label = False

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.words.append(data)
            if self.in_label:
                self.labels[-1] += data.strip()


def details(site: Site, card: str) -> _Details:
    parser = _Details()
    parser.feed((site.root / "cards" / f"{card}.html").read_text(encoding="utf-8"))
    return parser


def test_no_card_detail_shows_data_as_python_writes_it(any_site: Site) -> None:
    """No braces, brackets, quoted keys or underscores of a data value in any card's details."""
    bad = []
    for path in sorted((any_site.root / "cards").glob("*.html")):
        if path.name == "index.html":
            continue
        words = " ".join(" ".join(details(any_site, path.stem).words).split())
        for match in REPR.finditer(words):
            bad.append(f"{path.name}: …{words[max(0, match.start() - 40):match.end() + 40]}…")
    assert bad == []


def test_the_check_finds_python_data() -> None:
    assert REPR.search("Sides {'side': 'a', 'name': 'Mill'}")
    assert REPR.search("Effects Set limit (what recruit_cost, value 1)")
    assert REPR.search("['sword', 'shield']")
    assert not REPR.search("The hunters' trails, learned to say 'lie still' in six languages.")


def test_labels_come_from_the_schema_in_the_pages_language(legie_sites: dict[str, Site], legion_site: Site) -> None:
    german, english = legie_sites["de"], legie_sites["en"]
    assert details(german, "black-archer").labels == ["Heer", "Symbole", "Stärke", "Abwehr", "Fähigkeit",
                                                      "Geschichte"]
    assert details(english, "black-archer").labels == ["Army", "Symbols", "Strength", "Defence", "Ability", "Story"]
    # the player aid: its sheet titles left out (site.yaml), its lists as lists and tables
    aid = details(german, "player-aid")
    assert aid.labels[:4] == ["Der Zug", "Symbole", "Gelände", "Nicht vergessen"]
    page = (german.root / "cards" / "player-aid.html").read_text(encoding="utf-8")
    assert '<ul class="wb-list">' in page and '<th scope="col">Wirkung</th>' in page
    # an effect reads as the card's own text; a label without one is its name in words
    scenario = details(german, "return-of-the-king")
    assert scenario.labels == ["Spielplan", "Ziel"] and "Wald auf mindestens einem Planteil" in scenario.words
    plot = next(p.stem for p in (legion_site.root / "cards").glob("*.html")
                if "wb-field-winner_vp" in p.read_text(encoding="utf-8"))
    assert "Victory points for the winner" in details(legion_site, plot).labels


def test_type_names_and_filters_are_in_the_pages_language(legie_sites: dict[str, Site]) -> None:
    gallery = (legie_sites["de"].root / "cards" / "index.html").read_text(encoding="utf-8")
    labels = re.findall(r'<label for="wb-facet-[a-z_]+">([^<]+)</label>', gallery)
    assert labels == ["Art", "Heer", "Symbole"]
    options = [unescape(o) for o in re.findall(r'<option value="[^"]+">([^<]+)</option>', gallery)]
    assert "Einheit (16)" in options and "Schwarz (8)" in options
    assert "Schwert (ein Punkt Stärke) (10)" in options  # ten tiles show a sword, some of them two
    assert not [o for o in options if "{" in o or "'" in o]


def _tiles_shown(page) -> int:
    return page.evaluate("() => Array.from(document.querySelectorAll('[data-card]'))"
                         ".filter(tile => !tile.hidden && tile.offsetParent !== null).length")


def test_each_filter_shows_as_many_cards_as_it_counts(request, page_of) -> None:
    """Every value of every filter of Legie's German gallery and of the Legion slice, chosen alone."""
    problems = []
    for name in ("legie-de", "legion"):
        site = request.getfixturevalue("legie_sites")["de"] if name == "legie-de" else \
            request.getfixturevalue("legion_site")
        watched = page_of(1280, 900)
        watched.page.goto(site.url("cards/index.html"), wait_until="load")
        width = watched.page.evaluate("() => document.querySelector('.wb-filters').scrollWidth")
        assert width <= 1000, f"{name}: the filters are {width} px wide"
        options = watched.page.evaluate("""() => Array.from(document.querySelectorAll('select[data-facet]'))
            .flatMap(select => Array.from(select.options).filter(o => o.value)
                .map(o => [select.id, o.value, o.textContent]))""")
        assert len({select for select, _, _ in options}) >= 3, options
        for select, value, text in options:
            watched.page.evaluate("() => document.querySelector('.wb-filters').reset()")
            watched.page.select_option(f"#{select}", value)
            count = int(re.search(r"\((\d+)\)$", text).group(1))
            shown = _tiles_shown(watched.page)
            if shown != count:
                problems.append(f"{name}: {select}={value}: says {count}, shows {shown}")
        assert watched.take() == []
    assert problems == []


def test_every_face_comes_at_twice_the_resolution(legie_sites: dict[str, Site]) -> None:
    site = legie_sites["de"]
    page = (site.root / "cards" / "player-aid.html").read_text(encoding="utf-8")
    srcset = re.search(r'srcset="([^"]+)"', page).group(1)
    one, two = (candidate.split() for candidate in srcset.split(", "))
    assert one[0].endswith("player_aid/player-aid.webp") and two[0].endswith("player_aid/player-aid@2x.webp")
    with Image.open(site.root / "cards" / one[0]) as small, Image.open(site.root / "cards" / two[0]) as large:
        assert abs(large.width - 2 * small.width) <= 2 and int(one[1][:-1]) == small.width
    gallery = (site.root / "cards" / "index.html").read_text(encoding="utf-8")
    assert gallery.count("@2x.webp") == gallery.count("<li class=\"wb-tile\"")


def _zoom_state(page) -> dict:
    return page.evaluate("""() => { const dialog = document.querySelector('.wb-zoom-dialog');
        const img = dialog.querySelector('img');
        return {open: dialog.open, src: img ? img.getAttribute('src') : '',
                natural: img && img.complete ? img.naturalWidth : 0,
                focused: document.activeElement.classList.contains('wb-zoom')}; }""")


def test_a_face_enlarges_with_the_keyboard_and_the_mouse(legie_sites: dict[str, Site], page_of) -> None:
    watched = page_of(1280, 900)
    page = watched.page
    page.goto(legie_sites["en"].url("cards/player-aid.html"), wait_until="load")
    inline = page.evaluate("() => document.querySelector('.wb-zoom img').naturalWidth")
    page.focus("a.wb-zoom")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.wb-zoom-dialog img').complete")
    state = _zoom_state(page)
    assert state["open"] and state["src"].endswith("@2x.webp") and state["natural"] >= 2 * inline - 2
    assert page.evaluate("() => document.activeElement.className") == "wb-zoom-close"
    page.keyboard.press("Escape")
    assert _zoom_state(page) == {**state, "open": False, "focused": True}
    page.keyboard.press(" ")
    assert _zoom_state(page)["open"]
    page.keyboard.press("Enter")  # on the close button, which has the focus
    assert not _zoom_state(page)["open"] and _zoom_state(page)["focused"]
    page.click("a.wb-zoom")
    assert _zoom_state(page)["open"]
    page.mouse.click(20, 880)  # outside the picture
    assert not _zoom_state(page)["open"] and _zoom_state(page)["focused"]
    assert watched.take() == []


def test_a_face_enlarges_with_a_tap(legie_sites: dict[str, Site], page_of) -> None:
    watched = page_of(390, 844, touch=True)
    page = watched.page
    page.goto(legie_sites["de"].url("cards/player-aid.html"), wait_until="load")
    box = page.locator("a.wb-zoom").bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function("() => document.querySelector('.wb-zoom-dialog').open")
    page.wait_for_function("() => document.querySelector('.wb-zoom-dialog img').complete")
    # a wide sheet on a phone held upright: taller than the window's width allows, scrolled sideways
    assert page.evaluate("() => document.querySelector('.wb-zoom-frame img').getBoundingClientRect().width") > 390
    assert page.evaluate("() => document.querySelector('.wb-zoom-close').textContent") == "Schließen"
    page.touchscreen.tap(195, 820)
    assert not _zoom_state(page)["open"] and _zoom_state(page)["focused"]
    assert watched.take() == []
