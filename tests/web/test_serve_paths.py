"""The preview server answers hostile paths with an HTTP error, never a traceback, and serves nothing outside."""

from __future__ import annotations

import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from pnpforge.publish.web.serve import LiveState, start_server


@pytest.mark.parametrize("path, status", [("/%00", 400), ("/a%01b.html", 400), ("/../../etc/passwd", 404),
                                          ("/%2e%2e/%2e%2e/etc/passwd", 404), ("/missing.html", 404),
                                          ("/%ed%a0%80.css", 400), ("/%ff.html", 400)])
def test_a_hostile_path_gets_an_error_status(tmp_path: Path, capfd, path: str, status: int) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<html><body>home</body></html>", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("outside", encoding="utf-8")
    script = tmp_path / "live.js"
    script.write_text("", encoding="utf-8")
    server = start_server(site, "127.0.0.1", 0, LiveState(), script)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with pytest.raises(urllib.error.HTTPError) as answer:
            urllib.request.urlopen(f"http://127.0.0.1:{server.server_address[1]}{path}", timeout=5)
        assert answer.value.code == status
    finally:
        server.shutdown()
        server.server_close()
    assert "Traceback" not in capfd.readouterr().err
