"""A face cut along a hex, polygon or path outline is transparent outside it in the web site's images."""

from __future__ import annotations

from PIL import Image

from pnpforge.publish.web.images import _save, image_key
from pnpforge.render.outline import hex_corners


def test_a_hex_face_image_is_transparent_beyond_its_sides(tmp_path) -> None:
    width, height, corners = hex_corners(40, "flat")
    image = Image.new("RGB", (round(width * 10), round(height * 10)), "#3f7a3a")
    target = tmp_path / "hex.webp"
    _save(str(target), image, False, corners, (width, height))
    saved = Image.open(target).convert("RGBA")
    assert saved.getpixel((saved.width // 2, saved.height // 2))[3] == 255  # the middle
    assert saved.getpixel((2, 2))[3] == 0  # the corner of the box, outside the hex
    assert saved.getpixel((saved.width - 3, saved.height // 2))[3] > 0  # the hex's right corner touches the box
    assert saved.getpixel((saved.width // 4 - 20, 2))[3] == 0


def test_an_outline_changes_the_images_cache_key_and_no_outline_keeps_it() -> None:
    plain = image_key("face", 200, False, False)
    assert image_key("face", 200, False, False, ()) == plain
    assert image_key("face", 200, False, False, ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0))) != plain
