"""Content: located YAML loading, declared component types, generated validators, and the loaded pack."""

from pnpforge.content.pack import Item, Pack, expand_qty, load_pack, resolve_pack
from pnpforge.content.source import Doc, LoadError

__all__ = ["Doc", "Item", "LoadError", "Pack", "expand_qty", "load_pack", "resolve_pack"]
