"""``pnpforge serve``: the site on localhost, rebuilt when a source changes, with the open pages reloading.

- The site is built into ``build/<pack>/web/`` as by ``pnpforge build`` (but without the links to the pack's
  other languages, whose sites are not served), then served by ``http.server`` in a thread (localhost only). HTML is
  served with one added script tag (``layouts/web/live.js``, fetched from ``/__pnpforge/live.js``); the files on disk
  never contain it, so the static site stays as built.
- The pack's folder and ``layouts/`` are watched (watchfiles). A change under the pack's ``rules/`` or
  ``examples/``, or under ``layouts/web/``, rebuilds from the rules stage; any other change (the pack's YAML, art,
  card layouts, fonts, icons) reloads the pack first. Faces, images and pages are made again only where their
  inputs changed (the caches of the render stage and of the site).
- ``/__pnpforge/state`` answers ``{"version", "building", "errors"}``; the script polls it and reloads the page
  when the version moves, and shows the errors of a build that failed (the last good site stays served).
"""

from __future__ import annotations

import json
import threading
import time
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable
from urllib.parse import unquote, urlsplit

from pnpforge.findings import Finding, display_path
from pnpforge.publish.web.site import Loader, SiteBuilder, SiteResult
from pnpforge.render.layouts import LAYOUTS_DIR

LIVE_PREFIX = "/__pnpforge/"
LIVE_SCRIPT = "live.js"
MAX_ERRORS = 40
RULES_FOLDERS = ("rules", "examples")
Echo = Callable[[str], None]


class LiveState:
    """What the open pages poll: the site's version, whether a build runs, the last build's errors."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.version = 1
        self.building = False
        self.errors: list[str] = []

    def as_json(self) -> bytes:
        """The state as the script reads it."""
        with self.lock:
            return json.dumps({"version": self.version, "building": self.building,
                               "errors": self.errors}).encode("utf-8")

    def update(self, building: bool, errors: list[str] | None = None, new_version: bool = False) -> None:
        """Record a build starting or ending."""
        with self.lock:
            self.building = building
            if errors is not None:
                self.errors = errors
            if new_version:
                self.version += 1


class PreviewHandler(SimpleHTTPRequestHandler):
    """Serves the site's files; HTML gets the reload script; nothing is cached by the browser."""

    def __init__(self, *args, state: LiveState, script: Path, **kwargs):
        self.state = state
        self.script = script
        super().__init__(*args, **kwargs)

    def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
        """The live state, the reload script, an HTML page with the script added, or a file."""
        try:
            path = unquote(urlsplit(self.path).path, errors="strict")
        except UnicodeDecodeError:  # http.server would decode it to lone surrogates and fail on them
            self.send_error(HTTPStatus.BAD_REQUEST, "no such page: the path is not UTF-8")
            return
        if any(ord(ch) < 0x20 or ch == "\x7f" for ch in path):
            self.send_error(HTTPStatus.BAD_REQUEST, "no such page: the path holds a control character")
            return
        if path == f"{LIVE_PREFIX}state":
            self._send(self.state.as_json(), "application/json")
        elif path == f"{LIVE_PREFIX}{LIVE_SCRIPT}":
            self._send(self.script.read_bytes(), "text/javascript; charset=utf-8")
        elif path.endswith("/") or path.endswith(".html"):
            target = Path(self.translate_path(path))
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                self.send_error(HTTPStatus.NOT_FOUND, "no such page")
                return
            self._send(self._with_script(target.read_bytes()), "text/html; charset=utf-8")
        else:
            super().do_GET()

    def _with_script(self, html: bytes) -> bytes:
        """The page with the reload script before ``</body>``."""
        with self.state.lock:
            version = self.state.version
        tag = f'<script src="{LIVE_PREFIX}{LIVE_SCRIPT}" data-version="{version}"></script>\n'.encode("ascii")
        at = html.rfind(b"</body>")
        return html[:at] + tag + html[at:] if at >= 0 else html + tag

    def _send(self, data: bytes, content_type: str) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def end_headers(self) -> None:
        """Every answer is fresh: a rebuilt image or stylesheet shows at the next reload."""
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - http.server's signature
        """Requests are not logged (the terminal tells about builds)."""


def start_server(site_dir: Path, host: str, port: int, state: LiveState, script: Path) -> ThreadingHTTPServer:
    """A threaded HTTP server for the site, serving in a daemon thread (``port`` 0: any free port)."""
    handler = partial(PreviewHandler, directory=str(site_dir), state=state, script=script)
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, name="pnpforge-serve", daemon=True).start()
    return server


def first_stage(changed: list[Path], pack_root: Path, layouts_dir: Path, borrowed: tuple[Path, ...] = ()) -> str:
    """The stage a rebuild starts from: ``rules`` when only rules pages, examples or the site's own layouts
    changed, else ``load`` (the pack's data, art or card layouts)."""
    pack_root = pack_root.resolve()
    rules_inputs = [(layouts_dir / "web").resolve(), pack_root / "layouts" / "web",
                    *((folder / "web").resolve() for folder in borrowed), *(pack_root / name for name in RULES_FOLDERS)]
    if all(any(_below(path.resolve(), folder) for folder in rules_inputs) for path in changed):
        return "rules"
    return "load"


def _below(path: Path, folder: Path) -> bool:
    """True when ``path`` is ``folder`` or inside it."""
    return path == folder or folder in path.parents


def errors_of(findings: list[Finding]) -> list[str]:
    """The error findings as lines for the page's message box."""
    lines = [str(f) for f in findings if f.severity == "error"]
    return lines[:MAX_ERRORS] + ([f"... and {len(lines) - MAX_ERRORS} more"] if len(lines) > MAX_ERRORS else [])


def report(result: SiteResult, load: list[Finding], echo: Echo) -> list[str]:
    """Print a build's outcome; return its errors."""
    every = load + result.rules_findings + result.findings
    for finding in every:
        if finding.severity in ("error", "warning"):
            echo(str(finding))
    if not result.blocked:
        echo(result.summary())
    return errors_of(every)


def serve_pack(game: str, build_dir: Path, host: str = "127.0.0.1", port: int = 8000, lang: str | None = None,
               layouts_dir: Path = LAYOUTS_DIR, jobs: int | None = None, echo: Echo = print,
               stop: threading.Event | None = None, loader: Loader | None = None) -> int:
    """Build, serve and watch until interrupted (or ``stop`` is set); return the exit code. ``loader`` loads and
    checks the pack on every rebuild from the load stage (``SiteBuilder``)."""
    import watchfiles

    builder = SiteBuilder(game, build_dir, layouts_dir, lang, jobs, switcher=False, loader=loader)
    result = builder.build()
    errors = report(result, builder.load_findings, echo)
    if result.blocked:
        return 2
    state = LiveState()
    state.update(False, errors)
    try:
        server = start_server(builder.site_dir, host, port, state, layouts_dir / "web" / LIVE_SCRIPT)
    except OSError as exc:
        echo(f"error: cannot serve on {host}:{port}: {exc.strerror or exc}")
        return 2
    assert builder.pack is not None  # the first build loaded it
    pack_root = builder.pack.root
    borrowed = tuple(root / "layouts" for _, root in builder.pack.layout_packs if (root / "layouts").is_dir())
    address = f"http://{host}:{server.server_address[1]}/"
    echo(f"serving {display_path(builder.site_dir)}/ at {address} ; watching {display_path(pack_root)}/ and "
         f"{display_path(layouts_dir)}/ (Ctrl+C stops)")
    stop = stop or threading.Event()
    try:
        for changes in watchfiles.watch(pack_root, layouts_dir, *borrowed, stop_event=stop, debounce=120, step=40,
                                        raise_interrupt=True):
            changed = sorted({Path(path) for _, path in changes})
            start = first_stage(changed, pack_root, layouts_dir, borrowed)
            names = ", ".join(display_path(p) for p in changed[:3]) + (" ..." if len(changed) > 3 else "")
            echo(f"{names} changed: rebuilding from the {start} stage")
            state.update(True)
            started = time.monotonic()
            try:
                result = builder.build(start=start)
                load = builder.load_findings if start == "load" else [f for f in builder.load_findings if f.blocking]
                errors = report(result, load, echo)
                good = not result.blocked
            except Exception as exc:  # noqa: BLE001 - a bug must not stop the preview; it is shown and printed
                errors, good = [f"internal error while rebuilding ({type(exc).__name__}: {exc}); this is a bug "
                                "in pnpforge, please report it"], False
                echo(errors[0])
            state.update(False, errors, new_version=good)
            echo(f"{'rebuilt' if good else 'kept the last good site'} in {time.monotonic() - started:.1f} s")
    except KeyboardInterrupt:
        echo("stopped")
    finally:
        server.shutdown()
        server.server_close()
    return 0
