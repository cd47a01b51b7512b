"""Doors a pack's web templates tried: a ``<head>`` inside a comment before the real one, and scripts of its own."""

from __future__ import annotations

from pathlib import Path

from pnpforge.publish.web.policy import with_policy
from pnpforge.publish.web.write import _copy_static


def test_the_policy_goes_into_the_real_head_not_one_in_a_comment() -> None:
    page = "<!doctype html>\n<!-- <head> -->\n<html><head><title>x</title></head><body></body></html>"
    shown = with_policy(page)
    assert shown.index('http-equiv="Content-Security-Policy"') > shown.index("<html><head>")
    assert shown.startswith("<!doctype html>\n<!-- <head> -->\n<html><head>\n<meta http-equiv=")
    unclosed = with_policy("<!-- <head> never closed")
    assert unclosed.startswith('<meta http-equiv="Content-Security-Policy"')


def test_a_pack_cannot_put_a_script_of_its_own_into_the_site(tmp_path: Path) -> None:
    pack, shared, site = tmp_path / "pack" / "web", tmp_path / "shared" / "web", tmp_path / "site"
    for folder, files in ((pack, {"assets/evil.js": "alert(1)", "assets/site.js": "alert(2)",
                                  "assets/look.css": "body{}", "vendor/lib.mjs": "alert(3)"}),
                          (shared, {"assets/site.js": "// ours", "assets/look.css": "p{}"})):
        for name, text in files.items():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text(text, encoding="utf-8")
    _copy_static([pack, shared], site)
    copied = {p.relative_to(site).as_posix(): p.read_text(encoding="utf-8") for p in site.rglob("*") if p.is_file()}
    assert copied == {"assets/site.js": "// ours", "assets/look.css": "body{}"}
