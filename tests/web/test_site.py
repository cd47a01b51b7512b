"""The static site, read as files: every page there, every link resolving, nothing fetched from elsewhere."""

from __future__ import annotations

import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from pnpforge.findings import Finding
from pnpforge.publish.rulebook.macros import slug
from pnpforge.publish.web.links import Linker
from pnpforge.publish.web.search import sections
from pnpforge.publish.web.serve import first_stage
from pnpforge.publish.web.settings import load_settings
from pnpforge.publish.web.site import SiteBuilder

from tests.conftest import REPO
from tests.web.conftest import LEGION, Site


class _Links(HTMLParser):
    """Ids, and the URLs of href/src/action/data-zoom attributes and of srcset candidates, of one page."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)
            if name in ("href", "src", "action", "data-zoom") and value is not None:
                self.urls.append(value)
            if name == "srcset" and value:
                self.urls += [candidate.split()[0] for candidate in value.split(",") if candidate.strip()]


def parsed(path: Path) -> _Links:
    links = _Links()
    links.feed(path.read_text(encoding="utf-8"))
    return links


def test_the_site_has_its_pages(legion_site: Site) -> None:
    root = legion_site.root
    for name in ("index.html", "glossary.html", "examples.html", "search.html", "cards/index.html"):
        assert (root / name).is_file(), name
    for page in sorted((LEGION / "rules").glob("[0-9]*.md")):
        assert (root / "rules" / f"{page.stem}.html").is_file(), page.name
    fronts = [p for p in (root / "cards").glob("*.html") if p.name != "index.html"]
    assert len(fronts) >= 20
    for character in ("ivan-sablin", "yuri-pestov"):  # cards the rules pages show are always in the site
        assert (root / "cards" / f"{character}.html").is_file()
        assert (root / "img" / "character" / f"{character}.webp").is_file()


def language_sites(site: Site) -> set[Path]:
    """The site folders of the same build in each of the pack's languages (the language links lead there)."""
    pack_dir = site.root.parent if site.root.parent.name == site.pack.id else site.root.parent.parent
    return {pack_dir.resolve() / "web"} | {pack_dir.resolve() / lang / "web" for lang in site.pack.game.languages}


def test_every_internal_link_and_anchor_resolves(any_site: Site) -> None:
    root = any_site.root
    pages = {path: parsed(path) for path in any_site.pages()}
    others = language_sites(any_site) - {root.resolve()}
    broken = []
    for path, links in pages.items():
        for url in links.urls:
            parts = urlsplit(url)
            if parts.scheme or url.startswith("//"):
                broken.append(f"{path.relative_to(root)}: external URL {url}")
                continue
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if not target.is_file():
                broken.append(f"{path.relative_to(root)}: {url} -> no such file")
                continue
            if root.resolve() not in target.parents:
                if not others & set(target.parents):
                    broken.append(f"{path.relative_to(root)}: {url} leaves the site")
                continue  # the same page of the site in another language
            anchor = unquote(parts.fragment)
            if anchor and "=" not in anchor and target.suffix == ".html":
                if anchor not in pages[target if target in pages else Path(target)].ids:
                    broken.append(f"{path.relative_to(root)}: {url} -> no anchor #{anchor}")
    assert broken == []
    assert [f for f in any_site.result.findings if f.rule == "web-link"] == []


def test_nothing_is_fetched_from_elsewhere(any_site: Site) -> None:
    remote = re.compile(r"""(?:src|href|action)\s*=\s*["']?(?:https?:)?//|url\(\s*["']?(?:https?:)?//|@import""",
                        re.IGNORECASE)
    offending = []
    for path in any_site.root.rglob("*"):
        if path.suffix in (".html", ".css") or (path.suffix == ".js" and "vendor" not in path.parts):
            if remote.search(path.read_text(encoding="utf-8")):
                offending.append(str(path.relative_to(any_site.root)))
    assert offending == []
    fonts_css = (any_site.root / "assets" / "fonts.css").read_text(encoding="utf-8")
    for url in re.findall(r"url\('([^']+)'\)", fonts_css):
        assert (any_site.root / "assets" / url).is_file(), url
    assert (any_site.root / "vendor" / "minisearch" / "LICENSE.txt").is_file()
    assert list((any_site.root / "assets" / "fonts").rglob("OFL.txt"))


def test_the_reload_script_is_never_written(legion_site: Site) -> None:
    for path in legion_site.root.rglob("*"):
        if path.suffix in (".html", ".js"):
            assert "__pnpforge" not in path.read_text(encoding="utf-8"), path


def test_glossary_has_an_anchor_per_term_icon_faction_and_faceless_item(legion_site: Site) -> None:
    ids = parsed(legion_site.root / "glossary.html").ids
    pack = legion_site.pack
    import yaml

    terms = yaml.safe_load((LEGION / "rules" / "glossary.yaml").read_text(encoding="utf-8"))
    expected = {f"term-{slug(entry['term'])}" for entry in terms}
    expected |= {f"icon-{icon}" for icon in pack.game.icons}
    expected |= {f"faction-{faction.id}" for faction in pack.game.factions}
    expected |= {f"order-{item.id}" for item in pack.of_type("order")}
    expected |= {f"abilities-{slug(value)}" for item in pack.of_type("character") for value in item.get("abilities")
                 if f"character/{item.id}" in _shown_faces(legion_site)}
    assert expected - ids == set()


def _shown_faces(site: Site) -> set[str]:
    return {f"character/{p.stem}" for p in (site.root / "cards").glob("*.html")}


def test_search_index_is_a_script_with_every_order_and_its_glossary_entry(legion_site: Site) -> None:
    text = (legion_site.root / "assets" / "search-index.js").read_text(encoding="utf-8")
    assert text.startswith("window.PNPFORGE_SEARCH = ")
    data = json.loads(text[len("window.PNPFORGE_SEARCH = "):].rstrip().rstrip(";"))
    by_url = {doc["url"]: doc for doc in data["documents"]}
    for item in legion_site.pack.of_type("order"):
        doc = by_url[f"glossary.html#order-{item.id}"]
        assert doc["title"] == item.get("name")
    kinds = {doc["kind"] for doc in data["documents"]}
    assert kinds == {"Rules", "Glossary", "Card", "Example"}


def test_a_second_build_writes_nothing(legion_site: Site, tmp_path: Path) -> None:
    builder = SiteBuilder(legion_site.pack, legion_site.root.parent.parent,
                          select=lambda face: (legion_site.root / "cards" / f"{face.item.id}.html").is_file())
    before = {p: p.stat().st_mtime_ns for p in legion_site.root.rglob("*") if p.is_file()}
    result = builder.build(start="rules")
    assert not result.blocked
    assert result.written == 0 and result.made == 0
    after = {p: p.stat().st_mtime_ns for p in legion_site.root.rglob("*") if p.is_file()}
    assert after == before


def test_a_link_to_a_missing_anchor_is_reported() -> None:
    linker = Linker()
    linker.register("rules/01-a.html", '<h1 id="start">A</h1><a href="#elsewhere">x</a><a href="#start">y</a>')
    linker.register("glossary.html", '<dt id="term-x">x</dt>')
    html, problems = linker.localise("rules/01-a.html", '<h1 id="start">A</h1><a href="#term-x">x</a>'
                                                        '<a href="#nowhere">y</a><a href="pnp-root:cards/z.html">z</a>')
    assert 'href="../glossary.html#term-x"' in html
    assert problems == ["link to '#nowhere': no page of the site has this anchor",
                        "link to 'pnp-root:cards/z.html': the site has no file 'cards/z.html'"]


@pytest.mark.parametrize("changed, stage", [
    (["content/legion-siberian-story/rules/08-orders.md"], "rules"),
    (["content/legion-siberian-story/examples/order-retreat.yaml"], "rules"),
    (["layouts/web/assets/site.css"], "rules"),
    (["content/legion-siberian-story/rules/08-orders.md", "content/legion-siberian-story/orders.yaml"], "load"),
    (["content/legion-siberian-story/layouts/legion.css"], "load"),
    (["content/legion-siberian-story/layouts/web/site.yaml"], "rules"),
])
def test_a_change_rebuilds_from_the_stage_it_feeds(changed: list[str], stage: str) -> None:
    assert first_stage([REPO / p for p in changed], LEGION, REPO / "layouts") == stage


def test_an_unknown_settings_key_is_reported_at_its_line(legion_site: Site, tmp_path: Path) -> None:
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "site.yaml").write_text("image_dpi: 150\nfacets:\n  - {field: skills, colour: red}\n",
                                               encoding="utf-8")
    findings: list[Finding] = []
    load_settings(legion_site.pack, tmp_path, findings)
    assert [str(f).replace(str(tmp_path), "L") for f in findings] == [
        "L/web/site.yaml:3:21: error: facets[0]: unknown key 'colour'; accepted keys: field, label"]


def test_search_text_reads_icons_as_their_labels_once() -> None:
    html = ('<h2 id="a">Wounds</h2><p>Every <svg class="icon" aria-label="Wound"><path/></svg> Wound counts; '
            'take 1 <svg aria-label="Supply"></svg>. A <svg aria-label="Coat"></svg> <em>keeps</em> you warm.</p>')
    assert sections(html) == [("", "", ""),
                              ("a", "Wounds", "Every Wound counts; take 1 Supply. A Coat keeps you warm.")]


def test_the_home_page_offers_the_builds_rulebooks_and_report(legion_site: Site, tmp_path: Path) -> None:
    """PDFs and the validation report beside the site are copied into it and linked; gone ones are taken out."""
    build = tmp_path / "build"
    shutil.copytree(legion_site.root.parent.parent, build)
    out = build / legion_site.pack.id
    (out / "rulebook-a4.pdf").write_bytes(b"%PDF-1.7 a4")
    (out / "validation" / "survival").mkdir(parents=True, exist_ok=True)
    (out / "validation" / "report.html").write_text(
        '<!DOCTYPE html><title>report</title><a href="survival/report.html">mode survival</a>', encoding="utf-8")
    (out / "validation" / "report.json").write_text(
        '{"other_modes": [{"mode": "survival", "href": "survival/report.html"}]}', encoding="utf-8")
    (out / "validation" / "survival" / "report.html").write_text(
        '<!DOCTYPE html><title>survival</title><a href="../report.html">the first mode</a>', encoding="utf-8")
    chosen = {p.stem for p in (legion_site.root / "cards").glob("*.html")}

    def build_again():
        builder = SiteBuilder(legion_site.pack, build, select=lambda face: face.item.id in chosen)
        result = builder.build(start="rules")
        assert not result.blocked and not [f for f in result.findings if f.severity != "info"]
        return result.folder, parsed(result.folder / "index.html").urls

    site, urls = build_again()
    assert "downloads/rulebook-a4.pdf" in urls and "downloads/validation/report.html" in urls
    assert "downloads/rulebook-letter.pdf" not in urls  # only what the build has
    assert (site / "downloads" / "rulebook-a4.pdf").read_bytes() == b"%PDF-1.7 a4"
    # the report's links to the run's other modes, and theirs back, lead to copies in the site
    report, other = site / "downloads" / "validation" / "report.html", site / "downloads" / "validation" / "survival"
    assert (report.parent / "survival/report.html").is_file()
    assert (other / "../report.html").resolve() == report
    (out / "rulebook-a4.pdf").unlink()
    site, urls = build_again()
    assert "downloads/rulebook-a4.pdf" not in urls and not (site / "downloads" / "rulebook-a4.pdf").exists()
