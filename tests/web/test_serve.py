"""``pnpforge serve`` on a copy of a pack: the page as served, and what an edit does to it and to an open page.

The pack is a copy of the fixture game with a rules folder written by the test, so that the cold build stays
short (its web fonts are taken from the session's build: the font cache is keyed by the font files' bytes).
Every wait is a bounded poll; the server is stopped with Ctrl+C (SIGINT) and must exit 0.
"""

from __future__ import annotations

import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

from tests.conftest import DATA, REPO
from tests.web.conftest import Site, copy_pack

START_TIMEOUT = 120.0
CHANGE_TIMEOUT = 45.0
RULES = """# The market {#market}

Every merchant pays :coin: for a stall, once a round.

## Stalls {#stalls}

A stall holds one [[merchant]].
"""
GLOSSARY = """- term: Merchant
  aliases: [merchants]
  definition: A trader hired for :coin:.
"""


def _reader(stream, lines: queue.Queue) -> None:
    for line in stream:
        lines.put(line.rstrip("\n"))


def _wait_for_line(lines: queue.Queue, seen: list[str], needle: str, timeout: float) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=0.2)
        except queue.Empty:
            continue
        seen.append(line)
        if needle in line:
            return line
    raise AssertionError(f"no line with {needle!r} within {timeout:.0f} s; output:\n" + "\n".join(seen))


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=5) as answer:
        return answer.read().decode("utf-8")


def _poll(url: str, word: str, timeout: float) -> float:
    """Seconds until the page at ``url`` contains ``word`` (bounded)."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        if word in _get(url):
            return time.monotonic() - started
        time.sleep(0.2)
    raise AssertionError(f"{url} did not show {word!r} within {timeout:.0f} s")


def _ctrl_c_as_in_a_terminal() -> None:
    """In the server's process, before it starts: Ctrl+C interrupts, as in a terminal. A signal ignored by the test
    process (a library run by an earlier test may leave SIGINT ignored) would otherwise stay ignored in the child."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_serve_rebuilds_and_reloads_the_open_page(legion_site: Site, browser, tmp_path: Path) -> None:
    pack = copy_pack(DATA / "lantern-market", tmp_path)
    (pack / "rules").mkdir()
    (pack / "rules" / "01-the-market.md").write_text(RULES, encoding="utf-8")
    (pack / "rules" / "glossary.yaml").write_text(GLOSSARY, encoding="utf-8")
    out = tmp_path / "build"
    shutil.copytree(legion_site.root.parent / "cache" / "web" / "fonts", out / pack.name / "cache" / "web" / "fonts")
    parent_sigint = signal.getsignal(signal.SIGINT)  # what the child would inherit if it were ignored here
    process = subprocess.Popen([sys.executable, "-m", "pnpforge", "serve", str(pack), "--port", "0", "--out", str(out)],
                               cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               preexec_fn=_ctrl_c_as_in_a_terminal)
    lines: queue.Queue = queue.Queue()
    seen: list[str] = []
    threading.Thread(target=_reader, args=(process.stdout, lines), daemon=True).start()
    try:
        address = _wait_for_line(lines, seen, "serving ", START_TIMEOUT).split(" at ")[1].split()[0]
        assert address.startswith("http://127.0.0.1:")
        served = _get(f"{address}rules/01-the-market.html")
        assert '<script src="/__pnpforge/live.js"' in served
        on_disk = (out / pack.name / "web" / "rules" / "01-the-market.html").read_text(encoding="utf-8")
        assert "__pnpforge" not in on_disk and "Every merchant pays" in on_disk

        page = browser.new_page()
        problems: list[str] = []
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(f"{address}rules/01-the-market.html")
        page.evaluate("() => { window.notReloaded = true; }")

        # A rules page changes: the rebuilt page is served, and the open page reloads by itself.
        with (pack / "rules" / "01-the-market.md").open("a", encoding="utf-8") as rules:
            rules.write("\nLanterns are lit at dusk, and the zebracorn trade begins.\n")
        _poll(f"{address}rules/01-the-market.html", "zebracorn", CHANGE_TIMEOUT)
        # While the page reloads there is a moment with no body yet: the predicate must wait through it.
        page.wait_for_function("() => !window.notReloaded && document.body !== null"
                               " && document.body.innerText.includes('zebracorn')",
                               timeout=CHANGE_TIMEOUT * 1000)

        # A card's data changes: the pack is loaded again and the card's page and face image are rebuilt.
        image = out / pack.name / "web" / "img" / "merchant" / "old-marta.webp"
        before = image.read_bytes()
        merchants = pack / "merchants.yaml"
        merchants.write_text(merchants.read_text(encoding="utf-8").replace("Old Marta", "Old Martina"),
                             encoding="utf-8")
        _poll(f"{address}cards/old-marta.html", "Old Martina", CHANGE_TIMEOUT)
        assert image.read_bytes() != before

        # A broken edit keeps the last good site and reports where the problem is.
        merchants.write_text(merchants.read_text(encoding="utf-8").replace("price: 3", "price: three"),
                             encoding="utf-8")
        _wait_for_line(lines, seen, "kept the last good site", CHANGE_TIMEOUT)
        assert any("merchants.yaml" in line and "price" in line for line in seen), seen
        assert "Old Martina" in _get(f"{address}cards/old-marta.html")
        page.wait_for_selector(".wb-live pre", timeout=CHANGE_TIMEOUT * 1000)
        assert "merchants.yaml" in page.text_content(".wb-live pre")
        page.close()
        assert problems == []
    finally:
        process.send_signal(signal.SIGINT)
        try:
            code = process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
            raise AssertionError(f"serve did not stop on Ctrl+C within 20 s (the test's own SIGINT handler: "
                                 f"{parent_sigint!r}); its output:\n" + "\n".join(seen)) from None
    assert code == 0, "\n".join(seen)
