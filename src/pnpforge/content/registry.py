"""The rule registry (``rules.yaml``): one id per rule of the pack's source rulebook, with its section.

Engine tests and rulebook sections name these ids; tests check both directions (every id covered, every named id
exists).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from pnpforge.content.fields import ID_PATTERN


class Rule(BaseModel):
    """One rule of the source rulebook."""

    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)
    id: Annotated[str, StringConstraints(pattern=ID_PATTERN)] = Field(description="stable rule id (kebab-case)")
    section: str = Field(description="the section of the source rulebook it comes from")
    mode: str = Field("base", description="the game mode it belongs to")
    summary: str = Field(description="the rule in the pack's own words")
    unplayed: str | None = Field(None, description="why the game's engine does not play this rule yet (the validator "
                                                   "reports it as info; no test may claim to check it)")


REGISTRY_FILE = "rules.yaml"


def registry_path(root: Path) -> Path:
    return root / REGISTRY_FILE
