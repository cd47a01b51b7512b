"""A report shows a pack's words: every value is escaped and every report forbids scripts by its policy."""

from __future__ import annotations

import re
from pathlib import Path

from pnpforge.report.environment import REPORT_POLICY, report_environment


PAYLOAD = '<img src=x onerror="alert(1)"><script>alert(2)</script>'


def test_a_pack_word_with_markup_is_shown_as_text_in_the_validation_report(tmp_path: Path) -> None:
    from pnpforge.engine.validate import Analysis, Table
    from pnpforge.report.validation import write_html

    data = {"pack": PAYLOAD, "counts": {"error": 0, "warning": 1, "info": 0}, "other_modes": [],
            "settings": {"bots": [PAYLOAD], "games_per_player_count": 2, "mode": "basic", "players": [2], "seed": 1},
            "findings": [{"severity": "warning", "subject": f"component '{PAYLOAD}'", "message": PAYLOAD,
                          "path": "game.yaml", "line": 3, "col": 5}]}
    target = tmp_path / "report.html"
    write_html(target, data, Analysis(tables=[Table(PAYLOAD, [PAYLOAD], [[PAYLOAD]])]))
    html = target.read_text(encoding="utf-8")
    assert "<script>" not in html and "<img" not in html
    assert html.count("&lt;script&gt;alert(2)&lt;/script&gt;") >= 5
    head = re.search(r"<head>\s*(<meta[^>]*>)", html)
    assert head and head.group(1) == f'<meta http-equiv="Content-Security-Policy" content="{REPORT_POLICY}">'


def test_every_report_template_escapes_and_carries_the_policy() -> None:
    env = report_environment()
    assert env.autoescape is True
    for name in env.list_templates():
        source = env.loader.get_source(env, name)[0]
        assert source.index("{{ policy_meta | safe }}") < source.index("<meta charset"), name
        assert "<script" not in source, name
    assert "script-src" not in REPORT_POLICY and "default-src 'none'" in REPORT_POLICY
