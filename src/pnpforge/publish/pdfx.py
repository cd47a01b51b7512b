"""Press files for DriveThruCards: an RGB PDF of card pages to a CMYK PDF/X-1a:2003 file, text kept as text.

PDF/X-1a allows no RGB and no transparency, and the shop limits total ink (C + M + Y + K) to 240 %. The card
pages have both RGB and transparency (translucent panels, shadings), and a page with transparency given whole to
Ghostscript's PDF/X output is flattened into one image, text included. So each page is made in two layers:

1. the background: the page without its text, rasterised to CMYK by Ghostscript (its ICC profiles convert the
   colours and it composites the transparency), ink-limited (``publish.ink``) and kept as one losslessly
   compressed image over the whole page;
2. the text: the page with only its text, written by Ghostscript with CMYK colours; ``publish.ink`` makes it
   opaque and ink-limited.

The two are put together page by page (image below, text above: text ends up over all the art, which is right
for cards, where nothing covers text; the source's page boxes) and the result goes through Ghostscript's
``pdfwrite`` once more with ``-dPDFX`` and a small pdfmark prologue that adds what PDF/X-1a asks for: the version
keys, ``/Trapped``, the title, and an output intent carrying Ghostscript's CMYK profile (the profile the colours
were converted with). That pass keeps the image's pixels exactly and the text's colours to within 1/1024
(``publish.ink`` leaves room for it). Ghostscript moves every page's origin to 0 0: the boxes keep their sizes
and their places relative to each other.

The same source gives the same bytes: Ghostscript takes its dates and file identifier from
``SOURCE_DATE_EPOCH``, which is fixed for every run, and the file's name, which is the same in every run's
temporary folder.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
import zlib
from pathlib import Path
from typing import Sequence

from pnpforge.files import write_atomic
from pnpforge.publish.ink import limit_ink_pixels, opaque_text

PDFX_VERSION = "PDF/X-1a:2003"
PROFILE_NAME = "default_cmyk.icc"
PROFILE_FOLDERS = ("share/color/icc/ghostscript", "share/ghostscript/*/iccprofiles", "share/ghostscript/iccprofiles")
OUTPUT_CONDITION = "CGATS TR 001"  # SWOP, the characterisation Ghostscript's default CMYK profile is built on
REGISTRY = "http://www.color.org"
FIXED_EPOCH = "0"  # 1970-01-01: the date and identifier of every press file
INSTALL_HINT = "apt-get install ghostscript"
# A page whose bitmap fits is drawn whole instead of in bands: with transparency, banding made the 64 pages of a
# deck's characters take 4.4 CPU seconds instead of 0.8 (a 300 dpi card in CMYK is 4 MB).
MAX_BITMAP = 64_000_000
FLATE_LEVEL = 1  # the intermediate file only: Ghostscript compresses the images again


class PdfxError(Exception):
    """A press file could not be made; the message is one sentence for a person."""


def ghostscript() -> str | None:
    """The Ghostscript executable on the PATH, or None."""
    return shutil.which("gs")


def make_pdfx(source: Path, target: Path, title: str, max_ink: float = 240.0, dpi: int = 300,
              order: Sequence[int] | None = None) -> None:
    """Write ``target``: the pages of ``source`` (trim plus bleed, with TrimBox) as a PDF/X-1a:2003 file in CMYK
    with total ink at most ``max_ink`` percent, text kept as text, backgrounds rasterised at ``dpi``; raise
    ``PdfxError`` when Ghostscript is missing or fails.

    ``order`` lists the source pages to write, by index, in order; a page may come again (a card's copies), and
    is still converted once and stored once. Without it every page is written once.
    """
    gs = ghostscript()
    if gs is None:
        raise PdfxError(f"Ghostscript (gs) is not installed; DriveThruCards files need it: {INSTALL_HINT}")
    source = Path(source).resolve()
    if not source.is_file():
        raise PdfxError(f"Cannot make a DriveThruCards file from {source}: there is no such file")
    profile = cmyk_profile(gs)
    with tempfile.TemporaryDirectory(prefix="pnpforge-pdfx-") as folder:
        work = Path(folder)
        run_ghostscript(gs, background_arguments(source, dpi), source, work)
        run_ghostscript(gs, text_arguments(source), source, work)
        backgrounds = sorted(work.glob("background-*.tif"))
        compose(source, work / "text.pdf", backgrounds, work / "layers.pdf", max_ink, order)
        (work / "pdfx.ps").write_bytes(pdfx_prologue(title, profile))
        run_ghostscript(gs, pdfx_arguments(profile), source, work)
        write_atomic(Path(target), (work / "pdfx.pdf").read_bytes())


def cmyk_profile(gs: str) -> Path:
    """Ghostscript's default CMYK profile (what it converts RGB with), looked for beside its installation."""
    prefix = Path(gs).resolve().parent.parent
    for pattern in PROFILE_FOLDERS:
        found = sorted(prefix.glob(f"{pattern}/{PROFILE_NAME}"))
        if found:
            return found[-1]
    raise PdfxError(f"Ghostscript's CMYK profile ({PROFILE_NAME}) was not found under {prefix}/share; "
                    f"reinstall Ghostscript: {INSTALL_HINT}")


def run_ghostscript(gs: str, arguments: list[str], source: Path, folder: Path) -> None:
    """Run Ghostscript safely and quietly in ``folder`` with a fixed date; raise ``PdfxError`` with its error
    message when it fails. (The file identifier Ghostscript writes is a hash of the date and the output's name,
    so the final pass names its files relative to the folder.)"""
    command = [gs, "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", *arguments]
    environment = {**os.environ, "SOURCE_DATE_EPOCH": FIXED_EPOCH}
    try:
        done = subprocess.run(command, capture_output=True, text=True, env=environment, cwd=folder, check=False)
    except OSError as exc:
        raise PdfxError(f"Ghostscript could not be started for {source}: {exc.strerror or exc}") from exc
    if done.returncode != 0:
        raise PdfxError(f"Ghostscript failed on {source}: {_reason(done.stderr + done.stdout, done.returncode)}")


def _reason(output: str, status: int) -> str:
    """What Ghostscript said went wrong: its first error line (it follows one with a dump of its stacks), or its
    last line."""
    lines = [line.strip(" *") for line in output.splitlines() if line.strip(" *")]
    errors = [line for line in lines if line.startswith("Error")]
    return errors[0] if errors else lines[-1] if lines else f"exit status {status}"


def background_arguments(source: Path, dpi: int) -> list[str]:
    """Rasterise every page without its text to a CMYK TIFF file (``background-0001.tif``, ...)."""
    return ["-sDEVICE=tiff32nc", f"-r{dpi}", "-dFILTERTEXT", f"-dMaxBitmap={MAX_BITMAP}",
            "-sOutputFile=background-%04d.tif", str(source)]


def text_arguments(source: Path) -> list[str]:
    """Write only the pages' text (``text.pdf``), its colours converted to CMYK."""
    return ["-sDEVICE=pdfwrite", "-dFILTERIMAGE", "-dFILTERVECTOR", "-sColorConversionStrategy=CMYK",
            "-sProcessColorModel=DeviceCMYK", "-sOutputFile=text.pdf", str(source)]


def pdfx_arguments(profile: Path) -> list[str]:
    """The final pass: the composed layers to PDF/X-1a, colours kept as they are, images kept lossless."""
    return [f"--permit-file-read={profile}", "-sDEVICE=pdfwrite", "-dPDFX", "-dCompatibilityLevel=1.3",
            "-sColorConversionStrategy=CMYK", "-sProcessColorModel=DeviceCMYK",
            "-dAutoFilterColorImages=false", "-sColorImageFilter=FlateEncode", "-dDownsampleColorImages=false",
            "-sOutputFile=pdfx.pdf", "pdfx.ps", "layers.pdf"]


def compose(source: Path, text: Path, backgrounds: list[Path], target: Path, max_ink: float,
            order: Sequence[int] | None = None) -> None:
    """Write the layered pages (in ``order``): each background image under its opaque text, with the source's
    boxes moved to an origin of 0 0; identical backgrounds are stored once."""
    from pypdf import PdfReader, PdfWriter  # noqa: PLC0415 - loaded by the builds that write press files
    from pypdf.errors import PyPdfError  # noqa: PLC0415

    try:
        source_pages = PdfReader(source).pages
        len(source_pages)
    except (PyPdfError, OSError, ValueError) as exc:
        raise PdfxError(f"Cannot read {source} as a PDF: {exc}") from exc
    text_pages = PdfReader(text).pages
    if not len(source_pages) == len(text_pages) == len(backgrounds):
        raise PdfxError(f"Ghostscript gave {len(text_pages)} text pages and {len(backgrounds)} backgrounds for "
                        f"the {len(source_pages)} pages of {source}")
    if order is not None and not order:
        raise PdfxError(f"Cannot make a DriveThruCards file from {source}: no pages were asked for")
    missing = [index for index in order or () if not 0 <= index < len(source_pages)]
    if missing:
        raise PdfxError(f"Cannot write page {missing[0]} of {source}: it has pages 0 to {len(source_pages) - 1}")
    writer = PdfWriter()
    images: dict[str, object] = {}
    for source_page, text_page, background in zip(source_pages, text_pages, backgrounds):
        page = writer.add_page(text_page)
        opaque_text(page, writer, max_ink)
        pixels = background_pixels(background, max_ink)
        digest = hashlib.sha256(pixels).hexdigest()
        if digest not in images:
            images[digest] = writer._add_object(cmyk_image(pixels))
        reference = images[digest]
        width, height = _place_boxes(page, source_page)
        _put_under(page, writer, reference, width, height)
    if order is not None:
        ordered = PdfWriter()
        for index in order:
            ordered.add_page(writer.pages[index])  # copies of a page share its content and resources
        writer = ordered
    with open(target, "wb") as file:
        writer.write(file)


def background_pixels(raster: Path, max_ink: float):
    """The pixels of a CMYK TIFF file, ink-limited (height x width x 4)."""
    import numpy  # noqa: PLC0415
    from PIL import Image  # noqa: PLC0415

    with Image.open(raster) as tiff:
        if tiff.mode != "CMYK":
            raise PdfxError(f"Ghostscript gave a {tiff.mode} background, not CMYK, in {raster.name}")
        return limit_ink_pixels(numpy.asarray(tiff), max_ink)


def cmyk_image(pixels):
    """CMYK pixels as a Flate-compressed DeviceCMYK image XObject (lossless: a JPEG's ringing would add ink
    back, and for flat card art it was ten times the size)."""
    from pypdf.generic import NameObject, NumberObject, StreamObject  # noqa: PLC0415

    height, width = pixels.shape[:2]
    image = StreamObject()
    image.set_data(zlib.compress(pixels.tobytes(), FLATE_LEVEL))
    image.update({NameObject("/Type"): NameObject("/XObject"), NameObject("/Subtype"): NameObject("/Image"),
                  NameObject("/Width"): NumberObject(width), NameObject("/Height"): NumberObject(height),
                  NameObject("/ColorSpace"): NameObject("/DeviceCMYK"),
                  NameObject("/BitsPerComponent"): NumberObject(8), NameObject("/Filter"): NameObject("/FlateDecode")})
    return image


def _place_boxes(page, source_page) -> tuple[float, float]:
    """Give ``page`` the source page's MediaBox, BleedBox and TrimBox moved to an origin of 0 0 (as Ghostscript
    writes pages); the page's width and height."""
    from pypdf.generic import ArrayObject, FloatObject, NameObject  # noqa: PLC0415

    media = [float(value) for value in source_page.mediabox]
    left, bottom = media[0], media[1]

    def moved(box) -> ArrayObject:
        """A box relative to the MediaBox's lower-left corner."""
        x0, y0, x1, y1 = (float(value) for value in box)
        return ArrayObject(FloatObject(round(value, 4)) for value in (x0 - left, y0 - bottom, x1 - left, y1 - bottom))

    page[NameObject("/MediaBox")] = moved(media)
    page[NameObject("/BleedBox")] = moved(source_page.bleedbox)
    page[NameObject("/TrimBox")] = moved(source_page.trimbox)
    for key in ("/CropBox", "/ArtBox"):
        page.pop(key, None)
    return media[2] - left, media[3] - bottom


def _put_under(page, writer, image, width: float, height: float) -> None:
    """Draw ``image`` over the whole page, under what the page already draws."""
    from pypdf.generic import ContentStream, DictionaryObject, FloatObject, NameObject, NumberObject  # noqa: PLC0415

    resources = page["/Resources"]
    xobjects = resources.get("/XObject")
    xobjects = xobjects.get_object() if xobjects is not None else DictionaryObject()
    name = NameObject("/Background")
    xobjects[name] = image
    resources[NameObject("/XObject")] = xobjects
    content = ContentStream(page.get_contents(), writer)
    zero = NumberObject(0)
    scale = [FloatObject(round(width, 4)), zero, zero, FloatObject(round(height, 4)), zero, zero]
    content.operations = [([], b"q"), (scale, b"cm"), ([name], b"Do"), ([], b"Q"), *content.operations]
    page.replace_contents(content)


def pdfx_prologue(title: str, profile: Path) -> bytes:
    """PostScript pdfmarks for what PDF/X-1a:2003 asks beyond the page content: the Info keys (version,
    conformance, title, not trapped) and one output intent embedding the CMYK profile."""
    version = _ps_string(PDFX_VERSION)
    return "\n".join([
        "%!PS",
        "% PDF/X-1a:2003 markers for pnpforge press files",
        f"[/Title {_ps_string(title)} /Trapped /False /GTS_PDFXVersion {version}",
        f" /GTS_PDFXConformance {version} /DOCINFO pdfmark",
        "[/_objdef {pressProfile} /type /stream /OBJ pdfmark",
        "[{pressProfile} << /N 4 >> /PUT pdfmark",
        f"[{{pressProfile}} <{os.fsencode(profile).hex()}> (r) file /PUT pdfmark",  # the name's bytes, as hex
        "[/_objdef {pressIntent} /type /dict /OBJ pdfmark",
        "[{pressIntent} <<",
        " /Type /OutputIntent /S /GTS_PDFX",
        f" /OutputConditionIdentifier {_ps_string(OUTPUT_CONDITION)}",
        f" /OutputCondition {_ps_string('Commercial offset printing, SWOP characterisation')}",
        f" /RegistryName {_ps_string(REGISTRY)}",
        f" /Info {_ps_string('Artifex CMYK SWOP Profile (Ghostscript default_cmyk.icc)')}",
        " /DestOutputProfile {pressProfile}",
        ">> /PUT pdfmark",
        "[{Catalog} << /OutputIntents [{pressIntent}] >> /PUT pdfmark",
        "",
    ]).encode("ascii")


def _ps_string(text: str) -> str:
    """A PostScript string for ``text``: literal when it is plain ASCII, else UTF-16 with its byte-order mark
    in hexadecimal (how PDF text strings carry other characters)."""
    if text.isascii() and text.isprintable():
        return "(" + text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"
    return "<FEFF" + text.encode("utf-16-be").hex().upper() + ">"
