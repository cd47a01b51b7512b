"""The site in the pack's languages: the words of its own parts per language (layouts/web/strings/), a pack
adding or changing them key by key, a warning for a language with none, no English word of the site's own on a
German page, and the language links landing on the same page of the other site."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from pnpforge.content.pack import load_pack
from pnpforge.findings import Finding
from pnpforge.publish.web.languages import Switcher
from pnpforge.publish.web.strings import load_strings

from tests.conftest import DATA, REPO
from tests.web.conftest import LEGIE, Site

STRINGS = REPO / "layouts" / "web" / "strings"
PLACEHOLDER = re.compile(r"\{[a-z]+\}")


def english_words() -> list[str]:
    """The English words of the site's own parts that German says otherwise, as pieces a page could show
    (split at their placeholders)."""
    english = yaml.safe_load((STRINGS / "en.yaml").read_text(encoding="utf-8"))
    german = yaml.safe_load((STRINGS / "de.yaml").read_text(encoding="utf-8"))
    pieces = set()
    for key, text in english.items():
        if german.get(key) == text or key == "language_name":
            continue
        for piece in PLACEHOLDER.split(str(text)):
            piece = piece.strip(" “”.,:;()")
            if len(piece) >= 2:
                pieces.add(piece)
    return sorted(pieces)


def english_on_page(texts: list[str], words: list[str]) -> list[str]:
    """Texts of a page that are, or hold, an English word of the site's own (a single word only as a whole text:
    'also' is German too)."""
    found = []
    for text in texts:
        folded = " ".join(text.split()).casefold()
        for word in words:
            probe = word.casefold()
            if folded == probe or (" " in probe and probe in folded):
                found.append(f"{word!r} in {text[:80]!r}")
    return found


TEXTS = """() => {
    const texts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const own = node => { const el = node.nodeType === 1 ? node : node.parentElement;
                          const tagged = el && el.closest('[lang]'); return !tagged || tagged.lang === 'de'; };
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('script, style') || !node.textContent.trim() || !own(node)) continue;
        texts.push(node.textContent.trim());
    }
    for (const el of document.querySelectorAll('[placeholder], [aria-label], [alt], [title], [data-shown], '
                                               + '[data-none], [data-some], [data-one], [data-hint]')) {
        if (!own(el)) continue;
        for (const name of ['placeholder', 'aria-label', 'alt', 'title', 'data-shown', 'data-none', 'data-some',
                            'data-one', 'data-hint']) {
            const value = el.getAttribute(name);
            if (value && value.trim()) texts.push(value.trim());
        }
    }
    texts.push(document.title);
    return texts;
}"""


def test_a_german_page_shows_no_english_word_of_the_sites_own(legie_sites: dict[str, Site], page_of) -> None:
    """Every page of Legie's German site, its menus, buttons, labels, filters and messages (those the scripts
    write too: the gallery's count after filtering, the search's results), at a desktop's and a phone's size."""
    site = legie_sites["de"]
    words = english_words()
    assert "Worked examples" in words and "Start" not in words and "Version" not in words
    problems = []
    for width, height in ((1280, 900), (390, 844)):
        watched = page_of(width, height)
        pages = [p.relative_to(site.root).as_posix() for p in site.pages()] if width > 400 else \
            ["index.html", "rules/07-die-krone.html", "cards/white-king.html", "glossary.html"]
        for relative in [*pages, "search.html?q=turm", "search.html?q=zzzzqx"]:
            watched.page.goto(site.url(relative), wait_until="load")
            if relative.startswith("cards/index"):
                watched.page.select_option("#wb-facet-type", index=1)
            if "?q=" in relative:
                watched.page.wait_for_function("() => document.getElementById('wb-search-status').textContent"
                                               ".includes('„')", timeout=10000)
            problems += [f"{relative} at {width}px: {p}" for p in english_on_page(watched.page.evaluate(TEXTS), words)]
        assert watched.take() == []
    assert problems == []


def test_the_check_finds_an_english_word(legie_sites: dict[str, Site]) -> None:
    words = english_words()
    assert english_on_page(["Skip to the content"], words) == ["'Skip to the content' in 'Skip to the content'"]
    assert english_on_page(["Sie spielt also weiter"], words) == []  # 'Also' alone is a German word too
    assert english_on_page(["3 of 16 cards shown"], words) != []


@pytest.mark.parametrize("english,german", [
    ("rules/07-the-crown.html", "rules/07-die-krone.html"), ("cards/white-king.html", "cards/white-king.html"),
    ("glossary.html", "glossary.html"),
])
def test_the_language_link_lands_on_the_same_page(legie_sites: dict[str, Site], page_of, english: str,
                                                  german: str) -> None:
    watched = page_of(390, 844)
    watched.page.goto(legie_sites["en"].url(english), wait_until="load")
    link = watched.page.locator(".wb-languages a[hreflang='de']")
    assert link.text_content() == "Deutsch" and link.get_attribute("lang") == "de"
    assert not link.get_attribute("href").startswith(("/", "file:"))  # relative: the sites work from file://
    link.click()
    watched.page.wait_for_load_state("load")
    assert watched.page.url == legie_sites["de"].url(german)
    assert watched.page.evaluate("() => document.documentElement.lang") == "de"
    watched.page.locator(".wb-languages a[hreflang='en']").click()
    watched.page.wait_for_load_state("load")
    assert watched.page.url == legie_sites["en"].url(english)
    assert watched.take() == []


def test_a_page_a_language_lacks_leads_to_its_home_page(tmp_path: Path) -> None:
    pack, _ = load_pack(LEGIE)
    switcher = Switcher(pack, tmp_path, "en", REPO / "layouts")
    links = {link["lang"]: link for link in switcher.links("rules/99-appendix.html")}
    assert links["de"]["href"] == "../../de/web/index.html" and links["en"]["current"]
    german = {link["lang"]: link for link in Switcher(pack, tmp_path, "de", REPO / "layouts").links("cards/flag.html")}
    assert german["en"]["href"] == "../../../web/cards/flag.html" and german["en"]["name"] == "English"
    assert Switcher(pack, tmp_path, "de", REPO / "layouts", enabled=False).links("index.html") == []


def test_a_single_language_site_has_no_language_links(legion_site: Site) -> None:
    assert "wb-languages" not in (legion_site.root / "index.html").read_text(encoding="utf-8")


def _pack_with_strings(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "lantern-market"
    shutil.copytree(DATA / "lantern-market", root)
    folder = root / "layouts" / "web" / "strings"
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return root


def test_a_pack_adds_a_language_and_changes_words_key_by_key(tmp_path: Path) -> None:
    root = _pack_with_strings(tmp_path, {"en.yaml": "cards: Wares\n",
                                         "fr.yaml": "language_name: Français\nsearch: Chercher\n"})
    pack, problems = load_pack(root)
    assert pack is not None, problems
    findings: list[Finding] = []
    english = load_strings(pack, REPO / "layouts", "en", findings)
    assert english.get("cards") == "Wares" and english.get("glossary") == "Glossary"
    french = load_strings(pack, REPO / "layouts", "fr", findings)
    assert french.get("search") == "Chercher" and french.name == "Français"
    assert french.get("glossary") == "Glossary" and french.get("cards") == "Wares"  # the rest in English
    german = load_strings(pack, REPO / "layouts", "de", findings)
    assert german.get("cards") == "Karten" and german.name == "Deutsch"
    assert findings == []


def test_a_language_without_words_is_english_with_one_warning(tmp_path: Path) -> None:
    root = _pack_with_strings(tmp_path, {})
    pack, _ = load_pack(root)
    findings: list[Finding] = []
    italian = load_strings(pack, REPO / "layouts", "it", findings)
    assert italian.get("search") == "Search" and italian.name == "it"
    assert [f.severity for f in findings] == ["warning"]
    assert "no words in language 'it' (layouts/web/strings/it.yaml): its menus and buttons are in English" \
        in findings[0].message


def test_a_strings_file_that_is_not_a_mapping_of_words_is_located(tmp_path: Path) -> None:
    root = _pack_with_strings(tmp_path, {"de.yaml": "search: [Suchen]\n"})
    pack, _ = load_pack(root)
    findings: list[Finding] = []
    load_strings(pack, REPO / "layouts", "de", findings)
    assert [str(f).split("lantern-market/")[-1] for f in findings] == [
        "layouts/web/strings/de.yaml:1:1: error: search: expected a string, found list"]
