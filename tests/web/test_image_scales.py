"""A face's 1x web image is its 2x drawing scaled down: each pixel the average of the four it covers."""

from __future__ import annotations

from PIL import Image

from pnpforge.publish.web.images import _smaller


def _checkered(width: int, height: int) -> Image.Image:
    image = Image.new("RGB", (width, height))
    image.putdata(
        [(200, 40, 0) if (x // 2 + y // 2) % 2 else (0, 80, 240) for y in range(height) for x in range(width)]
    )
    return image


def test_each_pixel_averages_the_four_it_covers() -> None:
    drawn = Image.new("RGB", (4, 2))
    drawn.putdata([(0, 0, 0), (100, 0, 0), (8, 8, 8), (8, 8, 8), (100, 0, 0), (200, 0, 0), (8, 8, 8), (8, 8, 8)])
    small = _smaller(drawn, 2, (2, 1))
    assert small.size == (2, 1)
    assert small.getpixel((0, 0)) == (100, 0, 0)
    assert small.getpixel((1, 0)) == (8, 8, 8)


def test_an_odd_drawing_loses_its_last_column_and_row_not_its_scale() -> None:
    drawn = _checkered(9, 7)
    small = _smaller(drawn, 2, (4, 3))
    assert small.size == (4, 3)
    assert list(small.getdata()) == list(_smaller(drawn.crop((0, 0, 8, 6)), 2, (4, 3)).getdata())
    assert small.getpixel((0, 0)) == (0, 80, 240)  # a whole square of the checkers, not a blend of two


def test_a_size_that_is_not_a_half_is_a_box_resize() -> None:
    drawn = _checkered(10, 10)
    assert _smaller(drawn, 2, (4, 4)).tobytes() == drawn.resize((4, 4), Image.Resampling.BOX).tobytes()
