"""Art: an item's picture scaled and cropped to its zone, or a generated placeholder when it has none.

Raster art (PNG, JPEG) is cover-fitted to the zone at 300 dpi with Pillow and cached under the build folder by a
hash of the source bytes and the target size, so a second build reuses it and the same input gives the same file.
SVG art goes through the shared SVG sanitizer (``svg_clean.py``: its drawing only, no script, no link to another
file, bounded work) and the cache keeps the sanitized copy; ``art_findings`` reports, located in the file, SVG art
the sanitizer refuses (the preflight stops the build on it). A missing or unreadable file is already a finding of
the static checks; here it simply falls back to the placeholder: a landscape silhouette in the item's colour,
derived from its id, with the initials of its name (``initials_of``), so every card is distinguishable before any art
exists.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from markupsafe import Markup

from pnpforge.caches import code
from pnpforge.content.pack import Pack
from pnpforge.content.paths import PathEscape, inside_pack
from pnpforge.content.walk import walk
from pnpforge.files import replacing, write_atomic
from pnpforge.findings import Finding, Mark, display_path
from pnpforge.render.colour import mix
from pnpforge.render.layouts import Zone
from pnpforge.render.svg_clean import SvgProblem, clean_svg

ART_DPI = 300
RASTER_SUFFIXES = (".png", ".jpg", ".jpeg")
ART_CODE = ("render.art", "render.svg_clean")  # the code whose output the art cache keeps


@dataclass(frozen=True)
class Art:
    """What fills an art zone: an image URL, or a placeholder drawing with initials."""

    url: str | None = None
    placeholder: Markup | None = None
    initials: str = ""
    colour: str = "#777777"
    seed: str = ""
    zone: Zone | None = None

    @property
    def is_placeholder(self) -> bool:
        """True when no art file was usable."""
        return self.url is None

    def in_colour(self, colour: str) -> Markup | None:
        """The same placeholder drawn in another colour (a template may tint it to its frame)."""
        if self.zone is None:
            return self.placeholder
        return placeholder(self.seed, self.zone, colour, "").placeholder


def initials_of(name: str) -> str:
    """Up to two initials of a name: those of its last two capitalised words before any comma, so that a rank or a
    title before a person's names is skipped (``Staff Captain Andrei Orlov`` -> ``AO``, ``Father Innokenty,
    Regimental Priest`` -> ``FI``); a name with fewer than two capitalised words (``One victory point``, a script
    without capitals) gives its first and last words, short joining words skipped."""
    for part in (name.split(",", 1)[0], name):
        capitalised = [w for w in _words(part) if w[:1].isupper()]
        if len(capitalised) >= 2:
            return "".join(w[0] for w in capitalised[-2:])
    words = _words(name)
    significant = [w for w in words if len(w) > 3 or w[:1].isupper()] or words
    if len(significant) > 2:
        significant = [significant[0], significant[-1]]
    return "".join(w[0].upper() for w in significant[:2])


def _words(text: str) -> list[str]:
    """The words of a name that begin with a letter or digit (hyphenated words split)."""
    return [w for w in text.replace("-", " ").split() if w[:1].isalnum()]


def prepare_art(source: Path | None, zone: Zone, cache_dir: Path) -> str | None:
    """The cache file name of ``source`` fitted to ``zone`` (None when there is no usable file)."""
    if source is None or not source.is_file():
        return None
    suffix = source.suffix.lower()
    data = source.read_bytes()
    size = (max(1, round(zone.w / 25.4 * ART_DPI)), max(1, round(zone.h / 25.4 * ART_DPI)))
    key = hashlib.sha256(data + f"|{size}|{suffix}|{code.digest(*ART_CODE)}".encode()).hexdigest()[:24]
    if suffix == ".svg":
        name = f"{key}.svg"
        target = cache_dir / name
        if not target.is_file():
            try:
                write_atomic(target, clean_svg(data).document().encode("utf-8"))
            except SvgProblem:  # reported by art_findings, located in the file
                return None
        return name
    if suffix not in RASTER_SUFFIXES:
        return None
    name = f"{key}.png"
    target = cache_dir / name
    if target.is_file():
        return name
    from PIL import Image, ImageOps, UnidentifiedImageError  # noqa: PLC0415 - loaded when art is resized

    try:
        with Image.open(source) as image:
            image.load()
            mode = "RGBA" if "A" in image.getbands() or image.mode == "P" else "RGB"
            fitted = ImageOps.fit(image.convert(mode), size, Image.Resampling.LANCZOS, centering=(0.5, 0.5))
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError):
        return None  # the static checks report the file (check/shared.py: images); the face gets a placeholder
    with replacing(target) as temporary:
        fitted.save(temporary, format="PNG", optimize=False, compress_level=6)
    return name


def resolve_art(pack_root: Path, relative: str | None) -> Path | None:
    """The art file an item names, when it names one inside the pack."""
    if not relative:
        return None
    try:
        return inside_pack(pack_root, relative)
    except PathEscape:
        return None


def art_findings(pack: Pack) -> list[Finding]:
    """SVG art of the pack's items that the sanitizer refuses, each file once, located in the file."""
    findings = []
    seen: set[Path] = set()
    for item in pack.all_items():
        for _, spec, value in walk(pack.types[item.type].fields, item.values, pack.effects):
            if spec.kind != "image" or not isinstance(value, str) or not value.lower().endswith(".svg"):
                continue
            path = resolve_art(pack.root, value)
            if path is None or path in seen or not path.is_file():
                continue  # a path leaving the pack or a missing file is a finding of the static checks
            seen.add(path)
            try:
                clean_svg(path.read_bytes())
            except SvgProblem as exc:
                findings.append(Finding("error", f"art: {exc.message}", subject=item.subject, blocking=True,
                                        rule="input", mark=Mark(display_path(path), exc.line, exc.col)))
            except OSError as exc:
                findings.append(Finding("error", f"art: cannot be read ({exc.strerror or exc})",
                                        mark=Mark(display_path(path)), subject=item.subject, blocking=True,
                                        rule="input"))
    return findings


def placeholder(seed: str, zone: Zone, colour: str, name: str) -> Art:
    """A generated landscape in ``colour``: hills and a tree line that differ per ``seed``."""
    width, height = max(1, round(zone.w * 10)), max(1, round(zone.h * 10))
    digest = hashlib.sha256(seed.encode("utf-8")).digest()
    sky_top, sky_bottom = mix(colour, "#ffffff", 0.55), mix(colour, "#ffffff", 0.85)
    layers = [
        (0.42, 0.16, mix(colour, "#ffffff", 0.35), 0),
        (0.60, 0.12, mix(colour, "#000000", 0.10), 7),
        (0.78, 0.08, mix(colour, "#000000", 0.38), 14),
    ]
    shapes = [f'<rect width="{width}" height="{height}" fill="url(#sky-{digest[:4].hex()})"/>']
    for base, amplitude, fill, offset in layers:
        points = _ridge(digest, offset, width, height, base, amplitude)
        shapes.append(f'<polygon points="{points}" fill="{fill}"/>')
    shapes.append(_trees(digest, width, height, mix(colour, "#000000", 0.55)))
    gradient = (f'<defs><linearGradient id="sky-{digest[:4].hex()}" x1="0" y1="0" x2="0" y2="1">'
                f'<stop offset="0" stop-color="{sky_top}"/><stop offset="1" stop-color="{sky_bottom}"/>'
                f'</linearGradient></defs>')
    svg = (f'<svg class="art-placeholder" viewBox="0 0 {width} {height}" preserveAspectRatio="none">'
           f'{gradient}{"".join(shapes)}</svg>')
    return Art(placeholder=Markup(svg), initials=initials_of(name), colour=colour, seed=seed, zone=zone)


def _ridge(digest: bytes, offset: int, width: int, height: int, base: float, amplitude: float) -> str:
    """A polygon outline of rolling hills across the whole width."""
    steps = 6
    points = [(0, height)]
    for i in range(steps + 1):
        byte = digest[(offset + i) % len(digest)]
        y = height * (base - amplitude * (byte / 255 - 0.5))
        points.append((round(width * i / steps), round(y)))
    points.append((width, height))
    return " ".join(f"{x},{y}" for x, y in points)


def _trees(digest: bytes, width: int, height: int, fill: str) -> str:
    """A short line of pines in front of the nearest hills."""
    trees = []
    count = 5 + digest[20] % 4
    for i in range(count):
        cx = round(width * (0.08 + 0.84 * ((digest[21 + i] / 255 + i) / count)))
        tree_h = round(height * (0.16 + 0.12 * digest[(26 + i) % 32] / 255))
        base = round(height * 0.93)
        half = max(2, round(tree_h * 0.28))
        trees.append(f"{cx - half},{base} {cx},{base - tree_h} {cx + half},{base}")
    return "".join(f'<polygon points="{p}" fill="{fill}"/>' for p in trees)
