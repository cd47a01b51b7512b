"""Links between the site's pages: which page holds each anchor, and every URL made relative to its page.

The rules are rendered as one document would be (a glossary term links to ``#term-x``, a heading's anchor is
``#set-up``), and the site's own templates write URLs from the root (``pnp-root:cards/index.html``, in ``href``,
``src``, ``action``, ``data-zoom`` and each candidate of a ``srcset``). Once every
page is rendered, ``Linker`` knows which page holds each id, and ``localise`` turns each URL into one relative
to the page that carries it: a page works from ``file://`` and from any folder of any static host.

A link to an anchor or a file that does not exist is reported at the page's source, so a designer who writes
``[see](#nowhere)`` learns it when building.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field

from pnpforge.publish.web.figures import ROOT

ID = re.compile(r'\sid="([^"]+)"')
URL = re.compile(r'(\s(?:href|src|action|data-zoom))="([^"]*)"')
SRCSET = re.compile(r'(\ssrcset)="([^"]*)"')
RULES_PAGE = re.compile(r"^(\d+-[a-z0-9-]+)\.md$")
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)


def ids_of(html: str) -> list[str]:
    """The ids a page's HTML defines."""
    return ID.findall(html)


@dataclass
class Linker:
    """Anchors and files of the whole site."""

    owner: dict[str, str] = field(default_factory=dict)  # anchor -> page path
    ids: dict[str, set[str]] = field(default_factory=dict)  # page path -> its ids
    files: set[str] = field(default_factory=set)  # every path the site holds
    rules_dir: str = "rules"

    def register(self, path: str, html: str) -> None:
        """A page and its ids (an id already held by an earlier page stays with that page)."""
        found = ids_of(html)
        self.ids[path] = set(found)
        self.files.add(path)
        for anchor in found:
            self.owner.setdefault(anchor, path)

    def localise(self, path: str, html: str) -> tuple[str, list[str]]:
        """The page's HTML with every site URL relative to it; and a sentence per link that leads nowhere."""
        prefix = "../" * path.count("/")
        problems: list[str] = []

        def fix(match: re.Match) -> str:
            attribute, url = match.group(1), match.group(2)
            resolved = self.resolve(path, url, problems)
            return f'{attribute}="{prefix}{resolved}"' if resolved is not None else match.group(0)

        def fix_set(match: re.Match) -> str:
            candidates = []
            for candidate in match.group(2).split(","):
                url, _, descriptor = candidate.strip().partition(" ")
                resolved = self.resolve(path, url, problems)
                candidates.append(f"{prefix}{resolved}" if resolved is not None else url)
                candidates[-1] += f" {descriptor}" if descriptor else ""
            return f'{match.group(1)}="{", ".join(candidates)}"'

        return SRCSET.sub(fix_set, URL.sub(fix, html)), list(dict.fromkeys(problems))

    def resolve(self, path: str, url: str, problems: list[str]) -> str | None:
        """A URL as a path from the site's root (None: leave it as written)."""
        if url.startswith("#"):
            anchor = url[1:]
            if not anchor or anchor in self.ids.get(path, set()):
                return None
            if anchor in self.owner:
                return f"{self.owner[anchor]}#{anchor}"
            problems.append(f"link to '#{anchor}': no page of the site has this anchor")
            return None
        if url.startswith(ROOT):
            target = url[len(ROOT):]
        elif EXTERNAL.match(url) or url.startswith("/"):
            return None
        else:
            file_part, _, anchor = url.partition("#")
            page = RULES_PAGE.match(posixpath.basename(file_part))
            if not page:
                return None
            target = f"{self.rules_dir}/{page.group(1)}.html" + (f"#{anchor}" if anchor else "")
        file_part, _, anchor = target.partition("#")
        if file_part and file_part not in self.files:
            problems.append(f"link to '{url}': the site has no file '{file_part}'")
        elif anchor and file_part and "=" not in anchor and anchor not in self.ids.get(file_part, set()):
            problems.append(f"link to '{url}': page '{file_part}' has no anchor '#{anchor}'")
        return target
