"""The rule registry and the engine tests name each other: every rule is tested, every named id exists."""

from __future__ import annotations

import re
from pathlib import Path

from tests.games.legion_siberian_story.helpers import pack

HERE = Path(__file__).parent


def named_ids() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted(HERE.glob("test_*.py")):
        for block in re.findall(r"@rules\(([^)]*)\)", path.read_text(encoding="utf-8")):
            for rule_id in re.findall(r'"([a-z0-9-]+)"', block):
                found.setdefault(rule_id, []).append(path.name)
    return found


def test_every_rule_has_a_test() -> None:
    named = named_ids()
    missing = [r.id for r in pack().rules if r.id not in named]
    assert missing == []


def test_every_named_rule_exists() -> None:
    known = {r.id for r in pack().rules}
    assert sorted(set(named_ids()) - known) == []
