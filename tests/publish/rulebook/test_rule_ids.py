"""Every rule id of rules.yaml is explained by a section of the rulebook, and every id a section names exists."""

from __future__ import annotations

from pathlib import Path

from pnpforge.findings import Mark
from pnpforge.publish.rulebook.book import Page
from pnpforge.publish.rulebook.chapters import Chapter, Heading, rule_coverage
from pnpforge.publish.rulebook.markdown import Where


def named_ids(book) -> dict[str, list[str]]:
    """Rule id -> the headings that name it."""
    found: dict[str, list[str]] = {}
    for chapter in book.chapters:
        for heading in chapter.headings:
            for rule_id in heading.rules:
                found.setdefault(rule_id, []).append(f"{chapter.page.shown}: {heading.text}")
    return found


def test_every_registry_id_is_explained_by_a_section(legion, prepared) -> None:
    registry = [rule.id for rule in legion.rules]
    assert len(registry) == 110
    unexplained = [rule_id for rule_id in registry if rule_id not in named_ids(prepared)]
    assert unexplained == []


def test_every_id_a_section_names_is_in_the_registry(legion, prepared) -> None:
    registry = {rule.id for rule in legion.rules}
    unknown = {rule_id: where for rule_id, where in named_ids(prepared).items() if rule_id not in registry}
    assert unknown == {}


def test_the_build_reports_no_rule_id_problem(prepared) -> None:
    assert [str(f) for f in prepared.findings if f.rule == "rulebook"] == []


def test_the_check_reports_an_unknown_id_and_an_unexplained_one(legion) -> None:
    every = [rule.id for rule in legion.rules]
    page = Page(Path("rules/01-x.md"), "rules/01-x.md", "")
    headings = [Heading(1, "Setting up", "set-up", every[1:] + ["setup-faction-dekc"], Where(1, 14))]
    findings = rule_coverage(legion, [Chapter(page, "Setting up", "set-up", [], headings)])
    assert [str(f) for f in findings] == [
        "rules/01-x.md:1:14: error: heading 'Setting up': unknown rule id 'setup-faction-dekc' (not in rules.yaml)",
        f"{legion.rules_doc.mark((0, 'id'))}: warning: rule 'setup-faction-deck' is explained by no section of the "
        "rulebook (name it in a heading's rules=)",
    ]
    assert findings[1].mark == Mark("content/legion-siberian-story/rules.yaml", 6, 3)
