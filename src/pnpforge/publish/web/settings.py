"""The web site's settings: ``web/site.yaml`` of every layer of the pack's resolver, each key declared with a
description.

Read in this order, later files overriding earlier ones key by key:
  ``layouts/web/site.yaml``              the shared defaults every site starts from
  ``<other>/layouts/web/site.yaml``      each pack named in ``layouts_from`` (the last named first)
  ``<pack>/layouts/web/site.yaml``       the pack's own settings

An unknown key is reported at its line with the accepted keys, like any other file of pnpforge. The words of
the site's own parts are not settings: they are per language, in ``layouts/web/strings/<lang>.yaml`` (``strings``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Union

from pydantic import BaseModel, ConfigDict, Field

from pnpforge.content.pack import DocView, Pack, validate_model
from pnpforge.content.source import LoadError, load_yaml
from pnpforge.findings import Finding
from pnpforge.publish.web.strings import Strings
from pnpforge.render.resolver import Resolver

WEB_LAYOUTS = "web"
SITE_FILE = "site.yaml"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)


class Facet(_Strict):
    """One filter of the card gallery: a field whose values sort the cards."""

    field: str = Field(description="a field name of the pack's types (ref to faction, enum or list of enums)")
    label: Union[str, dict[str, str], None] = Field(
        None, description="the filter's label, plain or per language (default: the field's label)")


class SiteFile(_Strict):
    """The keys of a web ``site.yaml``."""

    facets: list[Facet] = Field([], description="the gallery's filters besides the type (when no file sets "
                                                "it: every faction field and every field whose values are icons)")
    image_dpi: int = Field(200, ge=72, le=600, description="resolution of the card images, in dots per inch")
    image_max_px: int = Field(1400, ge=200, le=8000, description="the longer side of a face's image at most, in "
                                                                "pixels: a larger face (a board, a mat) is drawn "
                                                                "at a lower resolution (its sharp-screen image is "
                                                                "twice this)")
    figure_zoom: float = Field(1.4, gt=0.2, le=4.0, description="card figures in the rules pages, as a "
                                                              "multiple of their size in the PDF rulebook")
    hidden_fields: list[str] = Field([], description="fields the card pages leave out, as type.field "
                                                     "(player_aid.headings)")
    accent: str | None = Field(None, pattern=r"^#[0-9a-fA-F]{6}$",
                               description="colour of headings and links (default: the rulebook's accent)")


class Settings:
    """The merged settings of one site."""

    def __init__(self, merged: SiteFile, sources: list[Path], strings: Strings | None = None):
        """The merged file, the files it came from, and the words of the site's language."""
        self.file = merged
        self.sources = sources
        self.strings = strings or Strings("en")

    def label(self, key: str) -> str:
        """A word of the site's own parts, in the site's language."""
        return self.strings.get(key)


def settings_files(pack: Pack, layouts_dir: Path) -> list[Path]:
    """The settings files of a pack's site, defaults first: ``web/site.yaml`` of every layer."""
    return list(reversed(Resolver.for_pack(pack, layouts_dir).files(f"{WEB_LAYOUTS}/{SITE_FILE}")))


def load_settings(pack: Pack, layouts_dir: Path, findings: list[Finding], strings: Strings | None = None) -> Settings:
    """Read and merge the settings files; problems are added to ``findings`` (they block the site)."""
    merged: dict = {}
    sources = settings_files(pack, layouts_dir)
    for path in sources:
        try:
            doc = load_yaml(path)
        except LoadError as exc:
            findings += exc.findings
            continue
        checked = validate_model(SiteFile, DocView(doc, ()), findings)
        if checked is None:
            continue
        merged.update(checked.model_dump(exclude_unset=True))
    return Settings(SiteFile.model_validate(merged, strict=False), sources, strings)
