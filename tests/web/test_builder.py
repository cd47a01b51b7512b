"""The builder page of the web rulebook (Dystopian Legions' force builder) in headless Chromium from file://: the
pack's data embedded and nothing fetched, a list built with the keyboard, the points and findings as it changes,
the list saved as the YAML file ``--list`` reads, the roster as printed, a phone's width and an axe-core scan; and
the embedding that keeps any text of a pack from leaving its JSON."""

from __future__ import annotations

import html.parser
import json

import yaml

from pnpforge.publish.web.builder import embedded_json

from tests.conftest import REPO
from tests.web.conftest import Site, axe_violations

PAGE = "builder-force-list.html"
PHONE_WIDTH = 390


class _Scripts(html.parser.HTMLParser):
    """The text of each script element of a page, by its id."""

    def __init__(self) -> None:
        super().__init__()
        self.found: dict[str, str] = {}
        self._open: str | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "script":
            self._open = dict(attrs).get("id") or ""
            self.found[self._open] = ""

    def handle_endtag(self, tag):
        if tag == "script":
            self._open = None

    def handle_data(self, data):
        if self._open is not None:
            self.found[self._open] += data


def test_embedded_json_keeps_hostile_text_inside_its_element() -> None:
    hostile = {"name": "</script><script>alert(1)</script><!--", "other": "a & b > c \u2028"}
    page = f'<script type="application/json" id="data">{embedded_json(hostile)}</script><p>after</p>'
    scripts = _Scripts()
    scripts.feed(page)
    assert set(scripts.found) == {"data"}
    assert json.loads(scripts.found["data"]) == hostile
    assert "<" not in scripts.found["data"] and "&" not in scripts.found["data"]


def test_the_builder_page_embeds_the_packs_data_and_only_builder_sites_get_the_kit(
    legions_site: Site, legie_sites
) -> None:
    page = (legions_site.root / PAGE).read_text(encoding="utf-8")
    scripts = _Scripts()
    scripts.feed(page)
    data = json.loads(scripts.found["wb-builder-data"])
    assert data["pack"]["id"] == "dystopian-legions" and data["kind"] == "force_list"
    pack = legions_site.pack
    assert {s["id"] for s in data["game"]["sections"]} == {u.id for u in pack.of_type("unit")}
    assert {t["id"] for t in data["game"]["tacs"]} == {t.id for t in pack.of_type("tac")}
    assert 'href="builder-force-list.html"' in (legions_site.root / "index.html").read_text(encoding="utf-8")
    assert (legions_site.root / "assets" / "builder" / "kit.js").is_file()
    assert (legions_site.root / "assets" / "games" / "dystopian_legions" / "force-rules.js").is_file()
    site = legie_sites["en"].root
    assert not (site / "assets" / "builder").exists() and not (site / "assets" / "games").exists()
    assert "builder" not in (site / "index.html").read_text(encoding="utf-8")


def _open(site: Site, page_of, width: int = 1280):
    watched = page_of(width, 900)
    watched.page.goto(site.url(PAGE), wait_until="load")
    watched.page.wait_for_selector(".wb-builder-summary")
    return watched


def _findings(page) -> list[dict]:
    return page.evaluate("""() => Array.from(document.querySelectorAll('.wb-builder-findings li')).map(li => ({
        severity: li.className.replace('wb-builder-', ''), rule: li.getAttribute('data-rule'),
        where: li.getAttribute('data-where'), message: li.querySelector('.wb-builder-message').textContent}))""")


def test_a_force_is_built_with_the_keyboard_and_its_points_follow(legions_site: Site, page_of) -> None:
    watched = _open(legions_site, page_of)
    page = watched.page
    units = {u.id: u for u in legions_site.pack.of_type("unit")}
    page.focus("#wb-nation")
    page.select_option("#wb-nation", "britannia")
    page.focus("#wb-p0-hq")
    page.select_option("#wb-p0-hq", "kob-captain-hq")
    assert page.evaluate("() => document.activeElement.id") == "wb-p0-hq"  # the focus stays where it was
    page.select_option("#wb-p0-add", "kob-line-infantry")
    page.focus("#wb-p0-add-button")
    page.keyboard.press("Enter")
    total = units["kob-captain-hq"]["points"] + units["kob-line-infantry"]["points"]
    assert page.text_content(".wb-builder-total").endswith(f"{total} / 1250")
    page.focus("#wb-p0-s0-models")
    page.fill("#wb-p0-s0-models", "10")
    page.keyboard.press("Tab")
    more = next(o for o in units["kob-line-infantry"]["options"] if o["kind"] == "reinforce")
    total += 2 * more["points"]
    assert page.text_content(".wb-builder-total").endswith(f"{total} / 1250")
    rows = page.evaluate(
        "() => Array.from(document.querySelectorAll('.wb-builder-points tbody tr')).map(tr => tr.lastChild.textContent)"
    )
    assert rows == [str(units["kob-captain-hq"]["points"]), str(total - units["kob-captain-hq"]["points"])]
    assert watched.take() == []


def test_the_list_is_saved_as_yaml_and_the_roster_is_what_prints(legions_site: Site, page_of) -> None:
    watched = _open(legions_site, page_of)
    page = watched.page
    page.select_option("#wb-p0-hq", "kob-captain-hq")
    page.select_option("#wb-tac-0", "second-wind")
    with page.expect_download() as download:
        page.click("#wb-save")
    saved = yaml.safe_load(open(download.value.path(), encoding="utf-8").read())
    assert saved == {
        "nation": "britannia",
        "mfv": 1250,
        "platoons": [{"hq": {"section": "kob-captain-hq"}}],
        "tacs": ["second-wind"],
    }
    assert download.value.suggested_filename == "my-force.yaml"
    page.emulate_media(media="print")
    shown = page.evaluate("""() => Array.from(document.querySelectorAll('.wb-main > *, .wb-builder > *'))
        .filter(node => node.offsetParent !== null || node.getClientRects().length).map(node => node.className)""")
    assert "wb-roster-box" in shown and "wb-builder-columns" not in shown and "wb-builder-toolbar" not in shown
    assert page.is_visible(".wb-roster") and not page.is_visible(".wb-header")
    assert watched.take() == []


def test_the_builder_fits_a_phone_and_has_no_accessibility_violation(legions_site: Site, page_of) -> None:
    watched = _open(legions_site, page_of, PHONE_WIDTH)
    watched.page.select_option("#wb-p0-hq", "kob-captain-hq")
    watched.page.select_option("#wb-p0-add", "kob-line-infantry")
    watched.page.click("#wb-p0-add-button")
    assert watched.page.evaluate("() => document.documentElement.scrollWidth") <= PHONE_WIDTH
    assert axe_violations(watched.page) == []
    dark = page_of(1280, 900, dark=True)
    dark.page.goto(legions_site.url(PAGE), wait_until="load")
    # the Prussian starter force: every kind of control and finding shown
    dark.page.select_option("#wb-start", label="Kampfgruppe Van Hahl")
    dark.page.click("#wb-start-button")
    dark.page.uncheck("#wb-p0-hqe-senior")
    assert dark.page.text_content(".wb-builder-status") == "1 error"
    assert axe_violations(dark.page) == []
    assert watched.take() == [] and dark.take() == []


def test_a_finding_leads_to_the_control_that_mends_it(legions_site: Site, page_of) -> None:
    watched = _open(legions_site, page_of)
    page = watched.page
    fixture = REPO / "tests" / "data" / "force-lists" / "deck-duplicate.yaml"
    page.evaluate("values => window.PnpForceBuilder.load(values)", yaml.safe_load(fixture.read_text(encoding="utf-8")))
    assert page.text_content(".wb-builder-status") == "1 error"
    where = page.get_attribute(".wb-builder-findings li", "data-where")
    assert where.startswith("tacs[")
    page.focus(".wb-builder-goto")
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.id") == "wb-tac-" + where[5:-1]
    page.select_option("#wb-tac-" + where[5:-1], "steady-lads")
    assert page.text_content(".wb-builder-status") == page.evaluate("() => window.PnpBuilder.word('clean')")
    page.select_option("#wb-nation", "prussia")  # the form keeps what the list holds and shows what is wrong
    assert page.input_value("#wb-p0-hq") == "kob-captain-hq" and page.input_value("#wb-tac-2") == "steady-lads"
    assert page.input_value("#wb-tac-7") == "thin-red-line"  # a British card, kept in a Prussian deck
    errors = page.evaluate("() => Number(document.querySelector('.wb-builder-count').dataset.errors)")
    assert errors > 10, errors
    assert watched.take() == []


TRICKY = """# a comment
name: 'It''s a #1 force'   # a comment after a value
nation: britannia
mfv: 1250
hand: 5
platoons:
- hq:
    section: kob-captain-hq
    senior: true
  sections:
    - {section: "kob-line-infantry", upgrades: [{upgrade: rifle-grenadier, count: 1}],
       transport: kob-bulldog-section}
    -
      section: kob-dragoons
      models: 5
strategic: []
tacs: [a, "b: c", 'd', 1, 2.5, true, null, ~]
"""


def test_the_page_reads_list_files_as_yaml_does(legions_site: Site, page_of) -> None:
    """Every list file of the pack and the tests, and one in every style a player may write, reads in the page as
    PyYAML reads it; YAML the page does not read is refused with its line."""
    watched = _open(legions_site, page_of)
    texts = [p.read_text(encoding="utf-8") for p in sorted((REPO / "tests" / "data" / "force-lists").glob("*.yaml"))]
    texts += [
        p.read_text(encoding="utf-8")
        for p in sorted((REPO / "content" / "dystopian-legions" / "forces").glob("*.yaml"))
    ]
    texts.append(TRICKY)
    texts.append(watched.page.evaluate("() => window.PnpForceBuilder.yaml()"))
    for text in texts:
        read = watched.page.evaluate("text => window.PnpBuilder.readYaml(text)", text)
        assert read == yaml.safe_load(text), text
    for bad, line in [
        ("a: 1\na: 2\n", 2),
        ("a: &x 1\n", 1),
        ("a: [1, 2\n", 1),
        ("a:\n  b: 1\n    c: 2\n", 3),
        ("a: |\n  text\n", 1),
        ("a: 1\n---\nb: 2\n", 2),
    ]:
        problem = watched.page.evaluate(
            "text => { try { window.PnpBuilder.readYaml(text); return null; } catch (e) { return e.message; } }", bad
        )
        assert problem is not None and problem.startswith(f"line {line}: "), (bad, problem)
    assert watched.take() == []
