"""Pixel comparison of two renderings, for tests that hold the native renderer to WeasyPrint's output."""

from __future__ import annotations

from PIL import ImageChops
from PIL.Image import Image


def differing_share(a: Image, b: Image, tolerance: int = 24) -> float:
    """The share of pixels (0..1) where any channel of ``a`` and ``b`` differs by more than ``tolerance`` (0..255).

    Both images must have the same size; they are compared as RGB, so an alpha channel is ignored.
    """
    if a.size != b.size:
        raise ValueError(f"images of different sizes: {a.size} and {b.size}")
    difference = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    red, green, blue = (channel.point(lambda value: 255 if value > tolerance else 0) for channel in difference.split())
    differing = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return differing.histogram()[255] / (a.size[0] * a.size[1])
