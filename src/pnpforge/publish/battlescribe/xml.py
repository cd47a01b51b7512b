"""XML the way BattleScribe files are written: one namespace per kind of file, stable ids, deterministic bytes.

Ids are name-based UUIDs (version 5) of the pack's id and a path of the pack's own ids, so the same pack gives the
same ids on every machine and a user's roster keeps pointing at the right entries from one build to the next.
Elements keep their attributes in the order they are set; the text is indented and ends with a newline.
"""

from __future__ import annotations

import uuid
import xml.etree.ElementTree as ET
from typing import Any

from pnpforge.publish.battlescribe.texts import number

FORMAT_VERSION = "2.03"
NAMESPACES = {
    "gameSystem": "http://www.battlescribe.net/schema/gameSystemSchema",
    "catalogue": "http://www.battlescribe.net/schema/catalogueSchema",
    "roster": "http://www.battlescribe.net/schema/rosterSchema",
}
_ROOT = uuid.UUID("6f1c3a52-9d1e-5b7a-8c44-0e2f7d9b1a63")  # the namespace of every id pnpforge gives


def stable_id(pack_id: str, *path: str) -> str:
    """The id of one thing of a pack, from the pack's id and a path of ids (``"profile", "model", "x"``)."""
    return str(uuid.uuid5(_ROOT, "/".join((pack_id,) + path)))


class Tree:
    """Builds one file's elements in its namespace."""

    def __init__(self, root_tag: str):
        self.namespace = NAMESPACES[root_tag]
        self.root = ET.Element(root_tag, {"xmlns": self.namespace})  # every element in the default namespace

    def tag(self, name: str) -> str:
        return name

    def add(self, parent: ET.Element, name: str, attributes: dict[str, Any] | None = None,
            text: str | None = None) -> ET.Element:
        """A child element; attributes whose value is None are left out, numbers are written as decimals."""
        element = ET.SubElement(parent, self.tag(name))
        for key, value in (attributes or {}).items():
            if value is None:
                continue
            if isinstance(value, bool):
                element.set(key, "true" if value else "false")
            elif isinstance(value, (int, float)) or type(value).__name__ in ("Fraction", "Decimal"):
                element.set(key, number(value))
            else:
                element.set(key, str(value))
        if text is not None:
            element.text = text
        return element

    def group(self, parent: ET.Element, name: str) -> ET.Element:
        """The list element ``name`` under ``parent``, made when first asked for (schemas fix their order, so
        callers ask for them in the schema's order)."""
        found = parent.find(self.tag(name))
        return found if found is not None else self.add(parent, name)

    def serialise(self) -> str:
        """The file's text: the XML declaration, the indented tree and a final newline."""
        ET.indent(self.root, space="  ")
        body = ET.tostring(self.root, encoding="unicode", short_empty_elements=True)
        return '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' + body + "\n"
