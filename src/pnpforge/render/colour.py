"""Colour arithmetic for templates: mixing, shading and a readable ink on a given background."""

from __future__ import annotations

import hashlib
import re

HEX = re.compile(r"^#([0-9a-fA-F]{6})$")
NEUTRALS = ("#5f6b73", "#7a5c3e", "#4e6151", "#6b4f63", "#8a6d2f", "#3f5873")


def rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` as three integers (a malformed colour reads as mid grey)."""
    match = HEX.match(colour or "")
    if not match:
        return (128, 128, 128)
    value = match.group(1)
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def hex_of(channels: tuple[float, float, float]) -> str:
    """Three channels (clamped to 0..255) as ``#rrggbb``."""
    return "#" + "".join(f"{max(0, min(255, round(c))):02x}" for c in channels)


def mix(colour: str, other: str, amount: float) -> str:
    """``colour`` moved ``amount`` (0..1) of the way towards ``other``."""
    a, b = rgb(colour), rgb(other)
    red, green, blue = (x + (y - x) * amount for x, y in zip(a, b))
    return hex_of((red, green, blue))


def shade(colour: str, amount: float) -> str:
    """Darker (amount > 0) or lighter (amount < 0) version of ``colour``."""
    return mix(colour, "#000000", amount) if amount >= 0 else mix(colour, "#ffffff", -amount)


def luminance(colour: str) -> float:
    """Relative luminance (WCAG) of ``colour``, from 0 (darkest) to 1 (lightest)."""
    def channel(c: int) -> float:
        """One channel, linearised."""
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink(colour: str, dark: str = "#1d1d1b", light: str = "#ffffff") -> str:
    """The text colour that reads best on ``colour``."""
    return dark if luminance(colour) > 0.32 else light


def strong(colour: str) -> str:
    """A version of ``colour`` dark enough to carry light text (pale colours are darkened)."""
    result = colour
    while luminance(result) > 0.18:
        result = shade(result, 0.15)
    return result


def palette_colour(key: str) -> str:
    """A stable neutral colour for things without a colour of their own (chosen by a hash of ``key``)."""
    digest = hashlib.sha256(key.encode("utf-8")).digest()
    return NEUTRALS[digest[0] % len(NEUTRALS)]
