"""The native renderer: faces' HTML and CSS drawn straight into PDF content streams (see ``face``)."""

import os

VERSION = "2"  # part of every face's cache key: bump it when the native renderer draws differently
SWITCH = "PNPFORGE_RENDERER"  # ``weasyprint`` draws every face with WeasyPrint, for comparing the two


def enabled() -> bool:
    """Whether faces are drawn natively where the renderer can (the default)."""
    return os.environ.get(SWITCH, "") != "weasyprint"


def key() -> str:
    """The renderer's part of a face's cache key."""
    return VERSION if enabled() else "off"
