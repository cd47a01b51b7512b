"""The one environment the HTML reports (validation, compare, sweep) render in, and the policy they carry.

A report shows a pack's words (component names, messages, ``--vary`` values), so its templates render in Jinja's
sandbox with every value escaped, whatever the template's file name; charts are SVG that matplotlib writes with its
text escaped, and are the only values marked safe. Every report carries a Content-Security-Policy first thing in its
head: no script at all, nothing loaded from anywhere (its styles are inline, its pictures inline SVG), so a report
copied onto the web site (``web/downloads/``) cannot run anything on the site's origin either.
"""

from __future__ import annotations

from jinja2 import PackageLoader
from jinja2.sandbox import ImmutableSandboxedEnvironment, SandboxedEnvironment

REPORT_POLICY = ("default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; "
                 "form-action 'none'; frame-ancestors 'none'")
POLICY_META = f'<meta http-equiv="Content-Security-Policy" content="{REPORT_POLICY}">'


def report_environment() -> SandboxedEnvironment:
    """A sandboxed, autoescaping environment over the report templates."""
    env = ImmutableSandboxedEnvironment(loader=PackageLoader("pnpforge.report", "templates"), autoescape=True,
                               keep_trailing_newline=True)
    env.globals["policy_meta"] = POLICY_META
    return env
