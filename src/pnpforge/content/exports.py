"""Where a pack declares the exports only some packs have: its BattleScribe mapping. Whether a pack has one is
asked by every check and build, so it is answered here without loading the mapping's models
(``content/battlescribe.py``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

MAPPING_FILE = Path("exports") / "battlescribe.yaml"


def has_mapping(pack: Pack) -> bool:
    """Whether the pack declares a BattleScribe export."""
    return (pack.root / MAPPING_FILE).is_file()
