"""The layout model: zones, text-fit boxes, backs and the resolved layout, in millimetres from the trim.

``layouts`` reads layout files into these; ``layout_values`` checks the values. A problem with a layout file is a
``LayoutError`` carrying located findings in the project's one format.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pnpforge.findings import Finding, Mark

if TYPE_CHECKING:
    from pnpforge.render.outline import Outline


@dataclass(frozen=True)
class Zone:
    """A named box on a face, in mm from the trim's top-left corner."""

    name: str
    x: float
    y: float
    w: float
    h: float
    shape: str = "rect"

    def overlaps(self, other: "Zone") -> bool:
        """True when the two boxes share any area (touching edges do not count)."""
        return (self.x < other.x + other.w and other.x < self.x + self.w
                and self.y < other.y + other.h and other.y < self.y + self.h)

    def to_json(self) -> dict:
        """The zone as the manifest records it."""
        return {"x": self.x, "y": self.y, "w": self.w, "h": self.h, "shape": self.shape}


@dataclass(frozen=True)
class FitSpec:
    """A text box that shrinks its text in steps down to a floor size."""

    name: str
    zone: str
    fields: tuple[str, ...]
    font: str
    size: float
    floor: float
    step: float = 0.5
    line_height: float = 1.2
    pad: float = 0.0
    labelled: bool = False
    gap: float = 0.3


@dataclass(frozen=True)
class BackSpec:
    """Which layout draws the back, and which fields make one back differ from another."""

    layout: str
    same_for: tuple[str, ...] = ()


@dataclass(frozen=True)
class Layout:
    """A resolved layout: every inherited key filled in."""

    name: str
    path: str
    width: float
    height: float
    shape: str
    bleed: float
    safe: float
    template: str
    stylesheets: tuple[str, ...]
    zones: dict[str, Zone]
    fit: dict[str, FitSpec]
    art: dict[str, str] | None
    back: BackSpec | None
    variants: tuple[str, dict[str, str], str | None] | None  # (field, layout per value, default layout)
    transparent: bool
    render: bool
    params: dict[str, Any]
    size_name: str
    chain: tuple[str, ...] = ()
    outline: Outline | None = None  # the cut outline (None: the size's rectangle)
    true_scale: bool = False  # ``scale: true``: printed at 100 % on every sheet, never shrunk
    marks: dict[tuple, Mark] = field(default_factory=dict, compare=False)  # where keys were written

    def mark(self, *at: Any) -> Mark:
        """Where the key at ``at`` (or its nearest written parent, or the layout's file) was written."""
        for end in range(len(at), 0, -1):
            if at[:end] in self.marks:
                return self.marks[at[:end]]
        return self.marks.get((), Mark(self.path))

    @property
    def page_width(self) -> float:
        """Trim width plus bleed on both sides, in mm."""
        return self.width + 2 * self.bleed

    @property
    def page_height(self) -> float:
        """Trim height plus bleed on both sides, in mm."""
        return self.height + 2 * self.bleed

    def sized_like(self, front: "Layout") -> "Layout":
        """This layout at the size and shape of ``front`` (a back always matches its front)."""
        values = dict(self.__dict__)
        values.update(width=front.width, height=front.height, shape=front.shape, size_name=front.size_name,
                      outline=front.outline.mirrored() if front.outline else None, true_scale=front.true_scale)
        return Layout(**values)

    def with_bleed(self, bleed: float) -> "Layout":
        """The same layout with another bleed (print shops ask for their own)."""
        values = dict(self.__dict__)
        values["bleed"] = bleed
        return Layout(**values)


class LayoutError(Exception):
    """Layouts that cannot be used; carries located findings."""

    def __init__(self, findings: list[Finding]):
        """Carry the findings; the message lists them."""
        super().__init__("; ".join(str(f) for f in findings))
        self.findings = findings


def layout_error(mark: Mark, message: str, layout: str | None = None) -> Finding:
    """A blocking finding about a layout file, naming the layout."""
    subject = f"layout '{layout}'" if layout else None
    return Finding("error", message, mark=mark, subject=subject, blocking=True, rule="layout")


@dataclass(frozen=True)
class Size:
    """A named card, token or sheet size."""

    name: str
    w: float
    h: float
    shape: str = "rect"
    outline: Outline | None = None


