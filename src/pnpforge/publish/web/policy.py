"""The Content-Security-Policy every page of the web rulebook carries, as a ``<meta>`` first thing in its head.

Nothing is loaded from elsewhere: scripts, styles, images, fonts and fetches come from the site itself (``'self'``),
and the one inline script the shared page template runs is allowed by its hash; any other inline script, event
attribute, frame, plug-in or remote file is refused by the browser, whatever a pack's text or templates hold.
Inline styles stay allowed (pages set their accent colour and icon colours inline); a style cannot load anything
from elsewhere either, since style sheets and fonts are limited to the site.
"""

from __future__ import annotations

import base64
import hashlib
import re
from functools import lru_cache
from pathlib import Path

from pnpforge.render.layouts import LAYOUTS_DIR

INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)
HEAD = re.compile(r"<!--.*?(?:-->|$)|<head\b[^>]*>", re.IGNORECASE | re.DOTALL)  # a head tag, or a comment


@lru_cache(maxsize=4)
def policy(web_dir: Path = LAYOUTS_DIR / "web") -> str:
    """The policy, with the hashes of the inline scripts of the shared web templates (those without Jinja)."""
    hashes = []
    for template in sorted(web_dir.glob("*.html")):
        for script in INLINE_SCRIPT.findall(template.read_text(encoding="utf-8")):
            if "{" not in script:
                digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
                hashes.append(f"'sha256-{digest}'")
    scripts = " ".join(["'self'", *dict.fromkeys(hashes)])
    return (f"default-src 'self'; script-src {scripts}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
            "font-src 'self' data:; connect-src 'self'; object-src 'none'; frame-src 'none'; base-uri 'none'; "
            "form-action 'self'")


def with_policy(html: str) -> str:
    """The page with the policy as the first element of its head (the real one: a ``<head>`` written inside a
    comment is skipped), or first thing in the page when it has no head."""
    tag = f'<meta http-equiv="Content-Security-Policy" content="{policy()}">'
    found = next((match for match in HEAD.finditer(html) if not match.group().startswith("<!--")), None)
    return html[:found.end()] + "\n" + tag + html[found.end():] if found else tag + "\n" + html
