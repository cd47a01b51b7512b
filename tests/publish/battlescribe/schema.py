"""BattleScribe's published schema (tests/data/battlescribe/Catalogue.xsd, MIT), with the namespace its comments name
for each kind of file, and readers of the exported files."""

from __future__ import annotations

import functools
import xml.etree.ElementTree as ET
from pathlib import Path

import xmlschema

from tests.conftest import DATA

XSD = DATA / "battlescribe" / "Catalogue.xsd"
SCHEMA_NS = "http://www.battlescribe.net/schema/catalogueSchema"
KINDS = {".gst": "gameSystemSchema", ".cat": "catalogueSchema", ".ros": "rosterSchema"}


@functools.lru_cache(maxsize=None)
def schema_for(suffix: str) -> xmlschema.XMLSchema:
    """The schema for one kind of file: the comments say to set the target namespace to the kind's own."""
    namespace = f"http://www.battlescribe.net/schema/{KINDS[suffix]}"
    return xmlschema.XMLSchema(XSD.read_text(encoding="utf-8").replace(SCHEMA_NS, namespace))


def problems(path: Path) -> list[str]:
    """What the schema finds wrong with a file (none: it validates)."""
    return [str(error.reason or error) for error in schema_for(path.suffix).iter_errors(str(path))]


def tree(path: Path) -> ET.Element:
    """The file's root, with the namespace taken out of every tag."""
    root = ET.parse(path).getroot()
    for element in root.iter():
        element.tag = element.tag.split("}")[-1]
    return root
