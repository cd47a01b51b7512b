"""The native renderer: faces' HTML and CSS drawn straight into PDF content streams (see ``face``)."""

import os

SWITCH = "PNPFORGE_RENDERER"  # ``weasyprint`` draws every face with WeasyPrint, for comparing the two


def enabled() -> bool:
    """Whether faces are drawn natively where the renderer can (the default)."""
    return os.environ.get(SWITCH, "") != "weasyprint"


def key() -> str:
    """The renderer's part of a face's cache key: whether it is switched on (its code is in every key through
    ``render.cache.face_key``)."""
    return "native" if enabled() else "off"
