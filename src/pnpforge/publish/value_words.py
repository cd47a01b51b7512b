"""How players read a choice (an ``enum`` value), the same on the web site and in Tabletop Simulator.

A value that names one of the pack's icons (``ember``, or ``first_player`` for the icon ``first-player``) reads as
the icon's label; otherwise as the label the field declares for it (``value_labels``), else as the value in words.
A value that happens to be a faction's id as well is still a choice of its field: it reads as the choice, never as
the faction's name (a faction is named where a field refers to one, ``kind: ref, to: faction``).
"""

from __future__ import annotations

from typing import Any

from pnpforge.content.fields import label_in
from pnpforge.content.pack import Pack
from pnpforge.content.text import in_language
from pnpforge.render.environment import humanise


def icon_of(pack: Pack, value: Any) -> str | None:
    """The icon id a field value stands for (a value in snake_case names a kebab-case icon), or None."""
    if not isinstance(value, str):
        return None
    for candidate in (value, value.replace("_", "-")):
        if candidate in pack.game.icons:
            return candidate
    return None


def choice_words(pack: Pack, spec: Any, value: Any, lang: str) -> str:
    """An enum value as players read it: its icon's label, its declared label, or the value in words."""
    icon = icon_of(pack, value)
    if icon is not None:
        return in_language(pack.game.icons[icon].label, lang, pack.game.languages[0])
    labels = getattr(spec, "value_labels", {}) or {}
    return label_in(labels.get(value), lang, humanise(value).lower() if isinstance(value, str) else str(value))
