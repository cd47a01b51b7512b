"""A pack's rules and glossary cannot put scripts, event handlers, frames or remote loads into the web site, and
every page carries the Content-Security-Policy (pages parsed, not grepped)."""

from __future__ import annotations

import shutil
from html.parser import HTMLParser
from pathlib import Path

from pnpforge.publish.web.policy import policy

from tests.conftest import DATA
from tests.helpers import run_cli

HOSTILE = """
<script>document.title = 'owned'</script>

Stalls open <img src="x.png" onerror="alert(1)"> at dawn, <a href="javascript:alert(2)">see here</a>,
<img src="https://evil.example/pixel.png"> and <b onclick="alert(3)">bold</b>.

<link rel="stylesheet" href="https://evil.example/x.css">

<style>@import url(https://evil.example/y.css);</style>

<iframe src="file:///etc/passwd"></iframe>

<object data="https://evil.example/z.swf"></object>

![a remote picture](https://evil.example/picture.png)
"""
GLOSSARY_ENTRY = """- term: Lamp oil
  definition: Burns <script>alert(4)</script> for hours <img src=y onerror=alert(5)> <a href="javascript:x">x</a>.
"""


class Page(HTMLParser):
    """What a page asks the browser to run or load."""

    def __init__(self) -> None:
        super().__init__()
        self.policies: list[str] = []
        self.in_head = False
        self.problems: list[str] = []
        self.scripts: list[str] = []
        self._script = False

    def handle_starttag(self, tag: str, attrs: list) -> None:
        values = dict(attrs)
        self.in_head = self.in_head or tag == "head"
        if tag == "meta" and (values.get("http-equiv") or "").lower() == "content-security-policy":
            self.policies.append(values.get("content") or "")
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}>")
            if name in ("href", "src", "data", "action") and value and \
                    value.strip().lower().startswith(("javascript:", "http:", "https:", "file:", "//")):
                self.problems.append(f"<{tag} {name}={value}>")
        if tag in ("iframe", "object", "embed", "frame"):
            self.problems.append(f"<{tag}>")
        if tag == "script":
            self._script = "src" not in values
            if self._script:
                self.scripts.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._script = False

    def handle_data(self, data: str) -> None:
        if self._script:
            self.scripts[-1] += data
        if "@import" in data:
            self.problems.append("@import")


def test_hostile_html_in_rules_and_glossary_reaches_no_page(tmp_path: Path) -> None:
    pack = tmp_path / "lantern-market"
    shutil.copytree(DATA / "lantern-market", pack)
    shutil.copytree(DATA / "lantern-rules" / "rules", pack / "rules")
    page = pack / "rules" / "en" / "01-the-market.md"
    page.write_text(page.read_text(encoding="utf-8") + HOSTILE, encoding="utf-8")
    glossary = pack / "rules" / "en" / "glossary.yaml"
    glossary.write_text(glossary.read_text(encoding="utf-8") + GLOSSARY_ENTRY, encoding="utf-8")
    out = tmp_path / "out"
    result = run_cli("build", str(pack), "--out", str(out), "--only", "web", "--lang", "en")
    assert result.code == 0, result.output
    pages = sorted((out / "lantern-market" / "web").rglob("*.html"))
    assert len(pages) > 5
    text = (out / "lantern-market" / "web" / "rules" / "01-the-market.html").read_text(encoding="utf-8")
    assert "Stalls open" in text and "<b>bold</b>" in text and "a remote picture" in text  # the words stay
    allowed_inline = {"document.documentElement.className = 'js';"}
    for path in pages:
        parsed = Page()
        parsed.feed(path.read_text(encoding="utf-8"))
        where = path.relative_to(out)
        assert parsed.problems == [], f"{where}: {parsed.problems}"
        assert set(parsed.scripts) <= allowed_inline, f"{where}: inline scripts {parsed.scripts}"
        assert parsed.policies == [policy()], f"{where}: no Content-Security-Policy"
    assert "'unsafe-inline'" not in policy().split("script-src")[1].split(";")[0]
