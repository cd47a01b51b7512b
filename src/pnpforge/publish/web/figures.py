"""Card figures on web pages: the rulebook's figures, drawn as images of the printed faces.

The rulebook's macros (``{card}``, ``{example}``, the cover) call ``Figures.draw``; the web site passes a
``WebFigures`` instead, which answers with ``<img>`` markup and notes every face a page shows, so that the
images can be made afterwards. Transparent cards lying on a card (its sleeve's contents) are further images
stacked on it, since their layouts share the card's geometry. A face of the pack links to its card page.

URLs are written from the site's root with the ``pnp-root:`` prefix; ``links.localise`` makes them relative
to each page, so one rendering of a rules page serves wherever the page is written. Every face is made at two
resolutions, ``image_dpi`` and twice that (``<item>@2x.webp``), and an image offers both (``srcset``), so a sharp
screen gets the sharper file and a plain one the lighter; a face larger than ``image_max_px`` at ``image_dpi`` (a
board) is made at the resolution that keeps it that size (``face_dpi``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from markupsafe import Markup, escape

from pnpforge.publish.rulebook.figures import Figures
from pnpforge.render.faces import FRONT, Face

ROOT = "pnp-root:"
IMAGE_DIR = "img"
CARD_DIR = "cards"
MM_TO_PX = 96 / 25.4
SCALES = (1, 2)  # each face's images: at image_dpi, and at twice it


def image_path(face_key: str, scale: int = 1) -> str:
    """Where a face's image lives in the site: ``img/<type>/<item>.webp``, ``<item>@2x.webp`` at twice the
    resolution (keys made safe for file names)."""
    safe = re.sub(r"[^A-Za-z0-9_./-]+", "-", face_key).replace("..", "-")
    return f"{IMAGE_DIR}/{safe}{'' if scale == 1 else f'@{scale}x'}.webp"


def face_dpi(face: Face, dpi: float, max_px: int) -> float:
    """The resolution of a face's first image: ``dpi``, or less for a face so large (a board, a mat, a sheet) that
    its longer side would be more than ``max_px`` pixels long: then it is that long (a thousandth of a pixel less,
    so that no rounding in the drawing makes it one pixel more)."""
    return min(dpi, (max_px - 0.001) * 25.4 / max(face.layout.width, face.layout.height))


def srcset(face: Face, dpi: float) -> str:
    """The ``srcset`` of a face whose first image is at ``dpi`` (``face_dpi``): each image with its width in
    pixels."""
    width_mm = face.layout.width
    return ", ".join(f"{ROOT}{image_path(face.key, scale)} {round(width_mm * dpi * scale / 25.4)}w"
                     for scale in SCALES)


def card_page(item_id: str) -> str:
    """Where an item's card page lives in the site."""
    return f"{CARD_DIR}/{item_id}.html"


@dataclass
class WebFigures(Figures):
    """Figures drawn as images; ``shown`` collects every face drawn (card and the cards lying on it)."""

    zoom: float = 1.0
    dpi: float = 200.0
    max_px: int = 1400

    def dpi_of(self, face: Face) -> float:
        """The resolution of a face's first image (``face_dpi``)."""
        return face_dpi(face, self.dpi, self.max_px)

    def draw(self, face: Face, scale: float, layers: Sequence[Face] = (), caption: str = "",
             notes: Sequence[str] = ()) -> Markup:
        """A figure: the face's image (and those lying on it) at ``scale`` times print size times the zoom."""
        layout = self.renderer.layout_of(face)
        width = layout.width * scale * self.zoom
        height = layout.height * scale * self.zoom
        self._note(face, layers)
        images = [_img(face, self.name_of(face), width, height, "wb-face", self.dpi_of(face))]
        images += [_img(layer, self.name_of(layer), width, height, "wb-layer", self.dpi_of(layer))
                   for layer in layers]
        body = Markup("").join(images)
        if self.links_to_page(face):
            body = Markup(f'<a class="wb-card" href="{ROOT}{card_page(face.item.id)}">') + body + Markup("</a>")
        else:
            body = Markup('<span class="wb-card">') + body + Markup("</span>")
        lines = "".join(f'<span class="rb-note">{escape(note)}</span>' for note in notes)
        text = f'<span class="rb-caption">{escape(caption)}</span>' if caption else ""
        return (Markup(f'<span class="rb-figure wb-figure rb-type-{escape(face.type)}" data-face="{escape(face.key)}" '
                       f'style="width:{width * MM_TO_PX:.0f}px">') + body + Markup(text + lines + "</span>"))

    def links_to_page(self, face: Face) -> bool:
        """True for the printed front of a pack item (every one has a card page; items written inline do not)."""
        return face.side == FRONT and self.fronts.get(face.item.id) is face

    def name_of(self, face: Face) -> str:
        """The face's item name in the site's language."""
        item = face.item
        return str(self.renderer.view.t(item.get("name", item.id)))


def _img(face: Face, name: str, width_mm: float, height_mm: float, css_class: str, dpi: float) -> Markup:
    """One image of a figure (its size in CSS pixels keeps the page from moving while images load)."""
    width = f"{width_mm * MM_TO_PX:.0f}"
    return Markup(f'<img class="{css_class}" src="{ROOT}{image_path(face.key)}" srcset="{srcset(face, dpi)}" '
                  f'sizes="{width}px" alt="{escape(name)}" width="{width}" height="{height_mm * MM_TO_PX:.0f}" '
                  'loading="lazy">')
