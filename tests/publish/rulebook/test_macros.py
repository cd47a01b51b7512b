"""The macros of a rules page: what they draw, and the located errors for whatever they cannot find."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpforge.findings import display_path
from pnpforge.publish.rulebook.book import Page, load_sources
from pnpforge.publish.rulebook.document import write_rulebook
from pnpforge.publish.rulebook.figures import Figures
from pnpforge.publish.rulebook.markdown import parse, parser
from pnpforge.report.terminal import format_findings
from pnpforge.render.icons import known_icons

GLOSSARY = "content/legion-siberian-story/rules/glossary.yaml"


def render(legion, tmp_path: Path, text: str):
    """One page written by the test, rendered with the pack's real glossary, examples and cards."""
    path = tmp_path / "01-test.md"
    path.write_text(text, encoding="utf-8")
    sources = load_sources(legion, "en")
    sources.pages = [Page(path, display_path(path), text)]
    book = write_rulebook(sources, Figures(legion, "en", tmp_path / "art"), "en")
    page_findings = [f for f in book.findings if f.mark and f.mark.path == display_path(path)]
    return book, page_findings, display_path(path)


def test_icons_terms_cards_tables_and_examples_are_drawn(legion, tmp_path) -> None:
    book, findings, _ = render(legion, tmp_path, "# Title\n\nA :combat: skill and [[combat power|power]].\n\n"
                                                 "{card ivan-sablin}\n\n{table plot entry=['charisma']: name}\n\n"
                                                 "{table commander: name, orders}\n\n{example order-plus-two}\n")
    html = str(book.chapters[0].html)
    assert findings == []
    assert 'class="icon icon-combat"' in html
    assert '<a class="rb-term" id="ix-combat-power-1" href="#term-combat-power">power</a>' in html
    assert 'data-face="character/ivan-sablin"' in html and "Rotmistr Ivan Sablin" in html
    assert "<td class=\"rb-col-orders\">WIN OR DIE! SACRIFICE!</td>" in html
    assert 'data-example="order-plus-two"' in html
    assert "Combat power at Holding the Water Tower: the Whites 7 and the Reds 6." in html


@pytest.mark.parametrize("line, message", [
    ("Fight with :combatt: skill.", "3:12: error: unknown icon ':combatt:': draw it as {folder}/combatt.svg, or "
                                    "declare it under icons: in game.yaml; known icons: {icons}"),
    ("Count your [[combat powr]].", "3:12: error: unknown glossary term 'combat powr'; did you mean 'combat power'? "
                                    f"(terms are defined in {GLOSSARY})"),
    ("{card ivan-sablinn}", "3:1: error: unknown card 'ivan-sablinn': no item of the pack has this id; did you "
                            "mean 'ivan-sablin'?"),
    ("{card plus-two}", "3:1: error: unknown card 'plus-two': it has no printed face; did you mean 'reds-plus-two'?"),
    ("{example tie-at-the-bridge}", "3:1: error: unknown example 'tie-at-the-bridge': no file "
                                    "examples/tie-at-the-bridge.yaml; examples: {examples}"),
    ("{example ../../x}", "3:1: error: example '../../x': an example is named by its file in examples/, without "
                          "folders or suffix (letters, digits, '-' and '_')"),
    ("{table plt: name}", "3:1: error: unknown type 'plt'; types: character, commander, order, order_token, overlay, "
                          "location, plot, despatch, marker, aid_card, war_diary"),
    ("{table plot: name, reward}", "3:1: error: type 'plot' has no field 'reward'; fields: id, name, entry, types, "
                                   "winner_vp, survivor_supplies, flavour"),
    ("{analysis odds}", "3:1: error: {{analysis odds}}: pack 'legion-siberian-story' has no game package analysing its "
                        "data"),
    ("{figure ivan-sablin}",
     "3:1: error: unknown macro '{{figure}}'; macros: card, table, example, map, plane, analysis"),
    ("## Assault {#assault rule=assault-step}", "3:12: error: unknown heading attribute 'rule='; use #anchor, .class "
                                                "or rules=id,id"),
])
def test_an_unknown_name_is_an_error_at_its_line_and_column(legion, tmp_path, line, message) -> None:
    _, findings, shown = render(legion, tmp_path, f"# Title\n\n{line}\n")
    icons = ", ".join(sorted(known_icons(legion)))  # declared, and drawn in its layouts/icons/
    examples = ", ".join(sorted(p.stem for p in (legion.root / "examples").glob("*.yaml")))
    folder = display_path(legion.root / "layouts" / "icons")
    assert [str(f) for f in findings] == [f"{shown}:{message.format(icons=icons, examples=examples, folder=folder)}"]


def test_an_error_in_a_list_item_points_at_the_macro_itself(legion, tmp_path) -> None:
    text = "# Title\n\n- first item\n- a second item, with\n  the wrong icon :frozen: here\n"
    _, findings, shown = render(legion, tmp_path, text)
    report = format_findings(findings)
    assert report.splitlines()[:3] == [
        f"{shown}:5:18: error: unknown icon ':frozen:': draw it as {display_path(legion.root)}/layouts/icons/"
        f"frozen.svg, or declare it under icons: in game.yaml; known icons: {', '.join(sorted(known_icons(legion)))}",
        "      the wrong icon :frozen: here",
        "                     ^",
    ]
    assert report.splitlines()[-1] == "1 error, 0 warnings in 1 file"


def test_an_unknown_rule_id_in_a_heading_is_reported_with_the_heading(legion, tmp_path) -> None:
    _, findings, shown = render(legion, tmp_path, "# Set-up {#setup rules=setup-supplies,setup-suplies}\n\nText.\n")
    assert [str(f) for f in findings] == [f"{shown}:1:10: error: heading 'Set-up': unknown rule id 'setup-suplies' "
                                          "(not in rules.yaml)"]


def test_a_page_opens_with_a_level_one_heading(legion, tmp_path) -> None:
    _, findings, shown = render(legion, tmp_path, "Some text first.\n\n# Title\n")
    assert [str(f) for f in findings] == [f"{shown}:1:1: error: a rules page opens with a level-1 heading (# Title)"]


def test_heading_attributes_set_anchor_class_and_rule_ids() -> None:
    tokens = parse(parser(), "## Step 1: Assault {#assault .wide rules=assault-step, assault-announce-order}\n")
    assert tokens[0].meta == {"anchor": "assault", "classes": ["wide"], "rules": ["assault-step",
                                                                                  "assault-announce-order"],
                              "unknown": [], "where": tokens[0].meta["where"]}
    assert tokens[1].content == "Step 1: Assault"
    assert (tokens[0].meta["where"].line, tokens[0].meta["where"].col) == (1, 20)


def test_macros_in_code_are_left_alone(legion, tmp_path) -> None:
    book, findings, _ = render(legion, tmp_path, "# Title\n\nWrite `:nothing:` or\n\n    {card nobody}\n")
    assert findings == []
    assert ":nothing:" in str(book.chapters[0].html) and "{card nobody}" in str(book.chapters[0].html)


def test_a_broken_rulebook_yaml_blocks_with_located_errors(tmp_path) -> None:
    import shutil

    from pnpforge.publish.rulebook import build_rulebook
    from tests.publish.rulebook.conftest import LEGION, load

    root = tmp_path / "legion-siberian-story"
    shutil.copytree(LEGION, root)
    book = root / "rules" / "rulebook.yaml"
    book.write_text(book.read_text(encoding="utf-8").replace('accent: "#7a2418"', "accent: red\ncolour: blue"),
                    encoding="utf-8")
    findings = build_rulebook(load(root), tmp_path / "out", "en")
    shown = display_path(book)
    assert [str(f) for f in findings] == [
        f"{shown}:5:1: error: accent: expected text matching ^#[0-9a-fA-F]{{6}}$, found 'red'",
        f"{shown}:6:1: error: unknown key 'colour'; accepted keys: accent, cover, examples, figure_scale, labels, "
        "page_breaks, subtitle, title",
    ]
    assert all(f.blocking for f in findings) and not (tmp_path / "out" / "rulebook-a4.pdf").exists()
