"""Rasterising: pdfium's own buffer taken as it is gives the pixels of drawing, converting and cropping."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen import canvas

from pnpforge.render.raster import png_size, release_buffer, render_page
from pnpforge.workers import give_back_memory


@pytest.fixture(scope="module")
def page():
    out = io.BytesIO()
    drawing = canvas.Canvas(out, pagesize=(100.1, 60.05), invariant=1)
    drawing.setFillColorRGB(0.8, 0.2, 0.1)
    drawing.circle(40, 30, 20, fill=1)
    drawing.setFillColorRGB(0.1, 0.3, 0.9, alpha=0.5)
    drawing.rect(55, 10, 30, 40, fill=1, stroke=0)
    drawing.showPage()
    drawing.save()
    document = pdfium.PdfDocument(out.getvalue())
    yield document[0]
    document.close()


@pytest.mark.parametrize("transparent", [False, True])
def test_the_image_is_the_converted_drawing(page, transparent) -> None:
    mode = "RGBA" if transparent else "RGB"
    drawn = page.render(scale=300 / 72, fill_color=(255, 255, 255, 0 if transparent else 255),
                        may_draw_forms=False).to_pil().convert(mode)
    for reuse in (False, True):
        image = render_page(page, 300, transparent, reuse=reuse)
        assert image.mode == mode and image.size == drawn.size
        assert image.tobytes() == drawn.tobytes()
    release_buffer()
    give_back_memory()  # harmless wherever it runs


def test_a_png_size_is_read_from_its_header(tmp_path, page) -> None:
    target = tmp_path / "face.png"
    render_page(page, 150).save(target)
    assert png_size(target) == render_page(page, 150).size
    (tmp_path / "not.png").write_bytes(b"GIF89a" + bytes(30))
    with pytest.raises(ValueError):
        png_size(tmp_path / "not.png")


@pytest.mark.parametrize("transparent", [False, True])
def test_a_png_holds_the_pixels_and_says_its_resolution(tmp_path, page, transparent) -> None:
    from PIL import Image

    from pnpforge.render.raster import png_bytes

    image = render_page(page, 300, transparent)
    target = tmp_path / "face.png"
    target.write_bytes(png_bytes(image, 300))
    with Image.open(target) as back:
        assert back.mode == image.mode and back.tobytes() == image.tobytes()
        assert back.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    assert png_size(target) == image.size


@pytest.mark.parametrize("transparent", [False, True])
def test_the_pixels_of_a_pdf_page_are_the_converted_drawing_at_its_exact_size(tmp_path, page, transparent) -> None:
    from pnpforge.render.raster import page_size_px, rasterise, rasterise_arrays

    out = io.BytesIO()
    pdf = tmp_path / "page.pdf"
    document = pdfium.PdfDocument.new()
    document.import_pages(page.pdf)
    document.save(out)
    pdf.write_bytes(out.getvalue())
    mode = "RGBA" if transparent else "RGB"
    drawn = page.render(scale=300 / 72, fill_color=(255, 255, 255, 0 if transparent else 255),
                        may_draw_forms=False).to_pil().convert(mode)
    width, height = page_size_px(*page.get_size(), 300)
    assert (width, height) != drawn.size  # pdfium draws a rounding pixel more: it is cut
    [(_, pixels)] = list(rasterise_arrays(pdf, 300, transparent))
    assert pixels.shape == (height, width, len(mode))
    assert pixels.tobytes() == drawn.crop((0, 0, width, height)).tobytes()
    [(_, image)] = list(rasterise(pdf, 300, transparent, [0]))
    assert image.mode == mode and image.tobytes() == pixels.tobytes()


@pytest.mark.parametrize("transparent", [False, True])
def test_pages_drawn_into_the_reused_buffer_are_the_pages_drawn_alone(tmp_path, transparent) -> None:
    from pnpforge.render.raster import rasterise_arrays

    out = io.BytesIO()
    drawing = canvas.Canvas(out, invariant=1)
    for number, size in enumerate([(200.3, 120.1), (90, 90), (300, 200), (90.2, 140)]):  # smaller after larger
        drawing.setPageSize(size)
        drawing.setFillColorRGB(0.2 * number, 0.5, 0.9 - 0.2 * number, alpha=0.7)
        drawing.rect(5, 5, size[0] / 2, size[1] - 20, fill=1, stroke=0)
        drawing.showPage()
    drawing.save()
    pdf = tmp_path / "pages.pdf"
    pdf.write_bytes(out.getvalue())
    alone = [(index, pixels.copy()) for index, pixels in rasterise_arrays(pdf, 300, transparent)]
    reused = [(index, pixels.copy()) for index, pixels in rasterise_arrays(pdf, 300, transparent, reuse=True)]
    assert [i for i, _ in reused] == [0, 1, 2, 3]
    for (_, one), (_, other) in zip(alone, reused):
        assert one.shape == other.shape and one.tobytes() == other.tobytes()


def test_a_reused_page_cut_by_a_rounding_pixel_is_not_copied_and_writes_the_same_png(tmp_path) -> None:
    import numpy

    from pnpforge.render.raster import _SCRATCH, png_bytes, rasterise_arrays

    out = io.BytesIO()
    drawing = canvas.Canvas(out, invariant=1)
    drawing.setPageSize((200, 120))  # 833.3 px wide, drawn 834: a pixel of each row is cut
    drawing.setFillColorRGB(0.8, 0.3, 0.1)
    drawing.rect(5, 5, 100, 80, fill=1, stroke=0)
    drawing.showPage()
    drawing.save()
    pdf = tmp_path / "page.pdf"
    pdf.write_bytes(out.getvalue())
    [(_, alone)] = list(rasterise_arrays(pdf, 300, False))
    for _, pixels in rasterise_arrays(pdf, 300, False, reuse=True):
        assert not pixels.flags["C_CONTIGUOUS"]  # rows of the buffer less their last pixel
        assert numpy.shares_memory(pixels, numpy.frombuffer(_SCRATCH.buffer, dtype=numpy.uint8))
        assert pixels.tobytes() == alone.tobytes()
        assert png_bytes(pixels, 300) == png_bytes(alone, 300)


def test_pages_drawn_into_png_rows_make_the_png_of_their_pixels(tmp_path) -> None:
    from pnpforge.render.raster import png_bytes, rasterise_arrays, rasterise_pngs

    out = io.BytesIO()
    drawing = canvas.Canvas(out, invariant=1)
    for number, size in enumerate([(200, 120), (300.3, 200.2), (90, 90.4), (200.1, 300)]):  # cut and uncut rows
        drawing.setPageSize(size)
        drawing.setFillColorRGB(0.2 * number, 0.5, 0.9 - 0.2 * number, alpha=0.7)
        drawing.rect(3, 0, size[0] / 2, size[1], fill=1, stroke=0)  # every row: a rounding pixel moved shows
        drawing.showPage()
    drawing.save()
    pdf = tmp_path / "pages.pdf"
    pdf.write_bytes(out.getvalue())
    wanted = [(index, png_bytes(pixels, 300), (pixels.shape[1], pixels.shape[0]))
              for index, pixels in rasterise_arrays(pdf, 300, False, [0, 1, 2, 3])]
    assert list(rasterise_pngs(pdf, 300, [0, 1, 2, 3])) == wanted
