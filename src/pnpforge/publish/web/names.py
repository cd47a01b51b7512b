"""The names a web page's template is given, and a check that a pack's own web templates use no other.

Every page is rendered with ``site``, ``page``, ``label`` and ``root``, and with the values of its kind
(``PAGE_NAMES``: a rules page has its ``chapter`` and ``html``, a card page its ``entry`` and ``rows``...). The site
is the last output a build makes, so a pack's web template that names something no page has would fail after the
faces, sheets and rulebook were written. ``check_web_templates`` reads each template of the pack's own
``layouts/web/`` in the preflight instead: a name it uses that no page gives it (nor a macro, loop or ``set`` of the
template itself) is a located error before anything is built. What a name holds is only known when the page is
rendered; an error there is located too, but late.
"""

from __future__ import annotations

from pathlib import Path

from jinja2 import TemplateError, meta, nodes

from pnpforge.content.pack import Pack
from pnpforge.findings import Finding
from pnpforge.publish.web.settings import WEB_LAYOUTS
from pnpforge.render.environment import make_environment
from pnpforge.render.geometry import layout_error
from pnpforge.render.layouts import LAYOUTS_DIR
from pnpforge.render.resolver import Resolver
from pnpforge.render.template_errors import mark_at

SHARED_NAMES = ("site", "page", "label", "root")
PAGE_NAMES: dict[str, tuple[str, ...]] = {  # each page template's own values (``write_site`` holds pages to it)
    "rules.html": ("chapter", "html", "classes", "previous", "next"),
    "glossary.html": ("groups",),
    "gallery.html": ("sections", "facets", "total", "image", "size", "srcset"),
    "card.html": ("entry", "rows", "pictures", "shown_in", "tables", "neighbours", "faction"),
    "examples.html": ("examples",),
    "home.html": ("subtitle", "note", "cover", "chapters", "counts", "about", "downloads"),
    "search.html": (),
    "builder.html": ("builder", "data", "scripts"),
}


def given(template: str) -> list[str]:
    """The names a template of that file name is given: a page template its page's; another (a base template, a
    part included) any page's, since it may be used by each."""
    own = PAGE_NAMES.get(template)
    if own is None:
        own = tuple(name for names in PAGE_NAMES.values() for name in names)
    return sorted({*SHARED_NAMES, *own})


def check_web_templates(pack: Pack, layouts_dir: Path = LAYOUTS_DIR) -> list[Finding]:
    """A located error for each name a template of the pack's own web folders uses that no page gives it."""
    resolver = Resolver.for_pack(pack, layouts_dir)
    folders = resolver.folders(WEB_LAYOUTS)
    env = make_environment(folders)
    problems = []
    for folder in folders:
        if folder.is_relative_to(resolver.shared):
            continue  # the shared set is checked by pnpforge's own tests
        for path in sorted(folder.glob("*.html")):
            if path.is_file():
                problems += unknown_names(env, path)
    return problems


def unknown_names(env, path: Path) -> list[Finding]:
    """The names ``path`` uses that its pages do not give it, each at the first line using it."""
    try:
        tree = env.parse(path.read_text(encoding="utf-8"), path.name, str(path))
        unknown = meta.find_undeclared_variables(tree) - set(given(path.name))
    except (TemplateError, UnicodeDecodeError):
        return []  # reported where the templates are compiled
    problems = []
    for name in sorted(unknown):
        line = min((node.lineno for node in tree.find_all(nodes.Name) if node.name == name), default=0)
        problems.append(layout_error(mark_at(path, line, name),
                                     f"template '{path.name}': '{name}' is undefined: no page gives it; "
                                     f"{path.name} is given {', '.join(given(path.name))}", path.stem))
    return problems
