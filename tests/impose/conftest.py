"""Shared set-up for the impose tests: a slice of the Legion pack built once, and pixel helpers."""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from pnpforge.content.pack import Pack, load_pack
from pnpforge.publish.outputs import BuildOutputs, build_outputs
from pnpforge.render.raster import rasterise

from tests.conftest import DATA, REPO

LEGION = REPO / "content" / "legion-siberian-story"
LANTERN = DATA / "lantern-market"
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
UNPRINTABLE = 4.2
POKER = (63.5, 88.9)


def load(root: Path) -> Pack:
    pack, problems = load_pack(root)
    assert pack is not None, [str(p) for p in problems]
    return pack


def copy_pack(source: Path, tmp: Path) -> Path:
    """A copy of a pack under ``tmp`` with the same folder name (the pack id)."""
    target = tmp / source.name
    shutil.copytree(source, target)
    return target


def legion_slice(pack: Pack) -> set[str]:
    """Face keys of a Legion slice: 9 characters of two factions and their backs, every film card, a few tokens
    of two factions and their backs, every cardboard token, one commander screen and its back."""
    def of(type_name: str, faction: str, count: int) -> list[str]:
        return [f"{type_name}/{i.id}" for i in pack.of_type(type_name) if i.get("faction") == faction][:count]
    commander = pack.of_type("commander")[0].id
    keys = set(of("character", "whites", 5) + of("character", "reds", 4))
    keys |= {"character/back/whites", "character/back/reds"}
    keys |= set(of("order_token", "whites", 3) + of("order_token", "reds", 3))
    keys |= {"order_token/back/whites", "order_token/back/reds", f"commander/{commander}",
             f"commander/back/{commander}"}
    keys |= {f"overlay/{i.id}" for i in pack.of_type("overlay")}
    keys |= {f"marker/{i.id}" for i in pack.of_type("marker")}
    return keys


@dataclass
class Built:
    """A build of a pack slice: the pack, what the build returned, where it wrote."""

    pack: Pack
    outputs: BuildOutputs
    out_dir: Path

    @property
    def print_dir(self) -> Path:
        return self.out_dir / "print"

    def manifest(self) -> dict:
        return json.loads((self.print_dir / "print.json").read_text(encoding="utf-8"))

    def file(self, name: str) -> dict:
        return next(f for f in self.manifest()["files"] if f["file"] == name)

    def face_image(self, key: str, dpi: float, transparent: bool = False):
        """The face alone, rasterised from the render's master PDF, cropped to its trim."""
        master = self.outputs.faces
        pdf, index = master.pages[key]
        image = next(rasterise(pdf, dpi, transparent=transparent, pages=[index]))[1]
        bleed = master.bleeds[key] * dpi / 25.4
        return image.crop((round(bleed), round(bleed), round(image.width - bleed), round(image.height - bleed)))


@pytest.fixture(scope="session")
def legion() -> Pack:
    return load(LEGION)


@pytest.fixture(scope="session")
def legion_print(tmp_path_factory, legion) -> Built:
    """The home-print sheets of the Legion slice (built once: about 35 faces)."""
    wanted = legion_slice(legion)
    out = tmp_path_factory.mktemp("legion-print")
    outputs = build_outputs(legion, "en", out, only="print", jobs=2, select=lambda face: face.key in wanted)
    return Built(legion, outputs, out / legion.id)


@pytest.fixture(scope="session")
def watch(tmp_path_factory) -> Path:
    """Border Watch's home-print sheets on A4 and Letter (built once for every test that measures them)."""
    from tests.helpers import run_cli

    out = tmp_path_factory.mktemp("watch")
    result = run_cli("build", str(DATA / "border-watch"), "--only", "print", "--out", str(out))
    assert result.code == 0, result.output
    return out / "border-watch" / "print"


def page_image(pdf: Path, page: int, dpi: float, transparent: bool = False):
    return next(rasterise(pdf, dpi, transparent=transparent, pages=[page]))[1]


def ink(image, threshold: int = 170) -> np.ndarray:
    """True where a pixel is clearly printed (darker than the paper), as a (rows, columns) array."""
    grey = np.asarray(image.convert("L"), dtype=np.int16)
    return grey < threshold


def painted(image, threshold: int = 245) -> np.ndarray:
    """True where anything at all is printed."""
    grey = np.asarray(image.convert("L"), dtype=np.int16)
    return grey < threshold


def runs(flags: np.ndarray) -> list[tuple[int, int]]:
    """(start, end) index pairs of the runs of True in a 1-D array."""
    padded = np.concatenate([[False], flags, [False]]).astype(np.int8)
    changes = np.flatnonzero(np.diff(padded))
    return list(zip(changes[::2], changes[1::2]))
