"""Raw HTML in a pack's rules pages and glossary passes an allow-list before it reaches a page.

A rules page is Markdown, and Markdown lets an author write HTML. A pack may come from a stranger, so that HTML is
untrusted: a raw HTML block, and every paragraph holding raw inline HTML, is cleaned by nh3 (an allow-list
sanitizer) — formatting tags and tables stay; scripts, styles, frames, forms, images, event attributes and URLs with
a scheme other than http, https and mailto go. What pnpforge draws itself in such a paragraph (icons, glossary
terms, Markdown links and images, which markdown-it has already checked) is set aside first and put back after, so
it is never cleaned twice. Paragraphs without raw HTML are rendered as before, byte for byte.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

import nh3
from markupsafe import escape

TAGS = {"a", "abbr", "b", "blockquote", "br", "caption", "cite", "code", "col", "colgroup", "dd", "del", "details",
        "div", "dl", "dt", "em", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "ins", "kbd",
        "li", "mark", "ol", "p", "pre", "q", "s", "samp", "small", "span", "strong", "sub", "summary", "sup",
        "table", "tbody", "td", "tfoot", "th", "thead", "tr", "u", "ul", "var", "wbr"}
ATTRIBUTES = {"*": {"class", "title", "lang", "dir"}, "a": {"href"}, "td": {"colspan", "rowspan"},
              "th": {"colspan", "rowspan", "scope"}, "ol": {"start"}, "abbr": {"title"}}
SCHEMES = {"http", "https", "mailto"}
REMOTE = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]*:|//")  # a URL with a scheme, or to another host
TRUSTED = {"rb_icon", "rb_term", "link_open", "link_close", "image"}  # drawn or checked by pnpforge itself


def clean(html: str) -> str:
    """``html`` with only the allowed tags, attributes and URL schemes left (comments go too)."""
    return nh3.clean(html, tags=TAGS, attributes=ATTRIBUTES, url_schemes=SCHEMES, link_rel=None,
                     strip_comments=True, clean_content_tags={"script", "style", "iframe", "object", "template"})


def install(renderer: Any) -> None:
    """Make a markdown-it renderer clean raw HTML blocks and the paragraphs that hold raw inline HTML, and draw a
    Markdown image from elsewhere (``![x](https://...)``) as its words only: a page loads nothing remote."""
    renderer.rules["html_block"] = lambda tokens, idx, options, env: clean(tokens[idx].content)
    image = renderer.rules["image"]

    def local_image(tokens: list, idx: int, options: Any, env: Any) -> str:
        source = tokens[idx].attrGet("src") or ""
        if REMOTE.match(source):
            return str(escape(renderer.renderInlineAsText(tokens[idx].children or [], options, env)))
        return image(tokens, idx, options, env)

    renderer.rules["image"] = local_image
    plain = renderer.renderInline

    def render_inline(tokens: list, options: Any, env: Any) -> str:
        if not any(token.type == "html_inline" for token in tokens):
            return plain(tokens, options, env)
        # a marker no author can have written: it depends on the very text it stands in
        marker = "pnp" + hashlib.sha256("\0".join(t.content for t in tokens).encode()).hexdigest()[:20]
        kept: list[str] = []
        parts = []
        for index, token in enumerate(tokens):
            rule = renderer.rules.get(token.type)
            html = rule(tokens, index, options, env) if rule else renderer.renderToken(tokens, index, options, env)
            if token.type in TRUSTED:
                kept.append(html)
                html = f"{marker}{len(kept) - 1}{marker}"
            parts.append(html)
        cleaned = clean("".join(parts))
        return re.sub(f"{marker}(\\d+){marker}", lambda m: kept[int(m.group(1))], cleaned)

    renderer.renderInline = render_inline
