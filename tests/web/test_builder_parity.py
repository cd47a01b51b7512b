"""One definition of each force rule, evaluated on both sides: every broken force list under tests/data/force-lists/
and every starter list of the pack, opened in the web force builder as a player opens a saved file, gives the very
findings (severity, rule, place in the file, words) that ``pnpforge validate dystopian-legions --list FILE`` gives;
and a list the builder saves is a file ``--list`` reads.

The lists also go through mutations that break a rule of each kind the fixtures leave alone (a slot the ladder has
not opened, an unknown upgrade, a transport too small, a foreign section, a stray strategic entry...), so that every
rule of force-rules.yaml is compared at least once."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
import yaml

from pnpforge.lists.run import check_list

from tests.conftest import REPO
from tests.helpers import run_cli
from tests.web.conftest import Site

FIXTURES = REPO / "tests" / "data" / "force-lists"
STARTERS = REPO / "content" / "dystopian-legions" / "forces"
PAGE = "builder-force-list.html"
LISTS = sorted(FIXTURES.glob("*.yaml")) + sorted(STARTERS.glob("*.yaml"))
RECORDED = json.loads((FIXTURES / "findings.json").read_text(encoding="utf-8"))
pytestmark = pytest.mark.usefixtures("shipped_packs_checked_once")


def _line_findings(pack, path: Path) -> list[tuple[str, str, str, str]]:
    """The command line's findings on a list file: (severity, rule, place, words)."""
    report = check_list(pack, path)
    assert report.file is not None, [str(f) for f in report.findings]
    return [
        (f.severity, f.rule or "", f.data.get("at") or f.message.partition(": ")[0], f.message) for f in report.findings
    ]


def _page_findings(page, values: dict | Path) -> list[tuple[str, str, str, str]]:
    """The builder's findings once the list is loaded into it (a file opened as a player opens one, or the values
    of one), as its findings box shows them."""
    if isinstance(values, Path):
        page.fill("#wb-file-name", "")
        page.set_input_files("#wb-open", str(values))
        page.wait_for_function(f"() => document.getElementById('wb-file-name').value === {json.dumps(values.name)}")
        assert page.text_content(".wb-builder-problem") == ""
    else:
        page.evaluate("values => window.PnpForceBuilder.load(values)", values)
    shown = page.evaluate("""() => Array.from(document.querySelectorAll('.wb-builder-findings li')).map(li => [
        li.className.replace('wb-builder-', ''), li.getAttribute('data-rule'), li.getAttribute('data-where'),
        li.querySelector('.wb-builder-message').textContent])""")
    return [tuple(row) for row in shown]


@pytest.fixture
def builder(legions_site: Site, page_of):
    watched = page_of(1280, 900)
    watched.page.goto(legions_site.url(PAGE), wait_until="load")
    watched.page.wait_for_selector(".wb-builder-summary")
    yield watched
    assert watched.take() == []


def test_every_fixture_and_starter_shows_the_command_lines_findings(legions_site: Site, builder) -> None:
    assert len(LISTS) >= 9 and set(RECORDED) <= {path.name for path in LISTS}  # seven broken lists, two starters
    builder.page.wait_for_selector("#wb-open")
    for path in LISTS:
        expected = _line_findings(legions_site.pack, path)
        assert _page_findings(builder.page, path) == expected, path.name
        if path.parent == FIXTURES:  # each broken list's exact findings, recorded once for both sides
            assert expected == [(f["severity"], f["rule"], f["at"], f["message"]) for f in RECORDED[path.name]]
        run = run_cli("validate", "dystopian-legions", "--list", str(path))
        errors = [f for f in expected if f[0] == "error"]
        assert run.code == (1 if errors else 0), (path.name, run.output)
        for _severity, _rule, _at, words in expected:
            assert words in run.output, (path.name, words)
        if path.parent == STARTERS:
            assert expected == [], path.name
        else:
            assert errors, path.name  # each broken list is broken, and the page says so


def _mutations(starter: dict, pack) -> dict[str, dict]:
    """Lists that break the rules the fixtures keep, each made from a starter list."""
    units = {unit.id: unit for unit in pack.of_type("unit")}
    models = {model.id: model for model in pack.of_type("model")}
    made: dict[str, dict] = {}

    def change(name: str, edit) -> None:
        values = copy.deepcopy(starter)
        if edit(values) is not False:
            made[name] = values

    def sections(v: dict) -> list[dict]:
        return v["platoons"][0]["sections"]

    def of_slot(v: dict, slot: str) -> list[str]:
        return [u.id for u in units.values() if u["slot"] == slot and u["nation"] == v["nation"]]

    def carried(v: dict) -> dict:
        return next(e for e in sections(v) if "transport" in e)

    def without_character(v: dict):
        masters = {
            units[e["section"]].get("character") for e in sections(v) if units[e["section"]]["slot"] == "sidekick"
        }
        if not masters:
            return False
        v["platoons"][0]["sections"] = [e for e in sections(v) if e["section"] not in masters]

    def heavy_held(v: dict):
        heavy = [
            e["section"]
            for e in sections(v)
            if any(models[p["model"]]["model_type"] == "heavy_ironclad" for p in units[e["section"]]["models"])
        ]
        if not heavy:
            return False
        v["strategic"] = [{"section": heavy[0], "deploy": "reserve"}]

    def junior_senior(v: dict):
        for entry in [v["platoons"][0]["hq"], *sections(v)]:
            entry.pop("senior", None)
        sections(v)[0]["senior"] = True

    change("ladder", lambda v: sections(v).insert(0, sections(v).pop(1)))  # an Elite before any Line
    change(
        "upgrade",
        lambda v: sections(v)[0].update(
            upgrades=[{"upgrade": "no-such-thing"}, {"upgrade": "rifle-grenadier", "count": 3}]
        ),
    )
    change("size", lambda v: sections(v)[1].update(models=29))
    change(
        "transport", lambda v: (sections(v)[-1].update(transport=carried(v)["transport"]), carried(v).update(models=30))
    )
    change("foreign", lambda v: v.update(nation="prussia" if v["nation"] != "prussia" else "britannia"))
    change(
        "strategic",
        lambda v: v.update(
            strategic=v.get("strategic", []) + [{"section": sections(v)[0]["section"], "deploy": "flank", "platoon": 2}]
        ),
    )
    change("reference", lambda v: v.update(strategic=[{"section": "no-such-section", "deploy": "flank"}]))
    change("platoons", lambda v: v["platoons"].append({"hq": dict(v["platoons"][0]["hq"], senior=True)}))
    change("hand", lambda v: v.update(hand=9, mfv=2000))
    change("short-deck", lambda v: v.update(tacs=v["tacs"][:5]))
    change(
        "slots",
        lambda v: (
            v["platoons"][0].update(hq={"section": sections(v)[0]["section"]}),
            sections(v).extend({"section": s} for s in of_slot(v, "hq") + of_slot(v, "transport")),
        ),
    )
    change("heavy", lambda v: sections(v).extend({"section": s} for s in of_slot(v, "heavy_support") * 2))
    change("character", without_character)
    change("heavy-held", heavy_held)
    change("senior", junior_senior)
    return made


def test_mutated_lists_show_the_command_lines_findings(legions_site: Site, builder, tmp_path: Path) -> None:
    checks_seen: set[str] = set()
    for starter in sorted(STARTERS.glob("*-starter.yaml")):  # the full starters: every kind of section to mutate
        for name, values in _mutations(yaml.safe_load(starter.read_text(encoding="utf-8")), legions_site.pack).items():
            path = tmp_path / f"{starter.stem}-{name}.yaml"
            path.write_text(yaml.safe_dump(values, sort_keys=False), encoding="utf-8")
            expected = _line_findings(legions_site.pack, path)
            assert expected, (path.name, "the mutation breaks a rule")
            assert _page_findings(builder.page, values) == expected, path.name
            checks_seen |= {rule for _s, rule, _a, _w in expected}
    for path in LISTS:  # compared in the browser by the test above
        checks_seen |= {rule for _s, rule, _a, _w in _line_findings(legions_site.pack, path)}
    rules = {rule.id for rule in legions_site.pack.of_type("force_rule")} | {"references"}
    assert sorted(rules - checks_seen) == [], sorted(checks_seen)


def test_a_saved_starter_is_a_list_the_command_line_passes(legions_site: Site, builder, tmp_path: Path) -> None:
    page = builder.page
    names = page.evaluate("() => Array.from(document.querySelectorAll('#wb-start option')).map(o => o.textContent)")
    assert len(names) == 1 + len(list(STARTERS.glob("*.yaml"))), names
    page.select_option("#wb-start", "0")
    page.click("#wb-start-button")
    assert page.text_content(".wb-builder-count") == page.evaluate("() => window.PnpBuilder.word('clean')")
    with page.expect_download() as download:
        page.click("#wb-save")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    first = sorted(STARTERS.glob("*.yaml"))[0]
    assert saved.name == first.name
    assert yaml.safe_load(saved.read_text(encoding="utf-8")) == json.loads(
        json.dumps(yaml.safe_load(first.read_text(encoding="utf-8")))
    )
    run = run_cli("validate", "dystopian-legions", "--list", str(saved))
    assert run.code == 0, run.output
