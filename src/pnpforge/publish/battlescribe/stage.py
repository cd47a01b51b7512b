"""The BattleScribe export: a game system and a catalogue per faction into ``build/<pack>/battlescribe/``.

A pack asks for it with ``exports/battlescribe.yaml`` (``mapping``); the files are read by BattleScribe, NewRecruit
and the roster tools of its community. Every file is written whole, and only when its text changed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnpforge.content.pack import Pack
from pnpforge.content.player_files import PlayerFile
from pnpforge.files import write_if_changed
from pnpforge.findings import Finding, Mark, display_path
from pnpforge.publish.battlescribe.context import Context
from pnpforge.publish.battlescribe.data_files import catalogue, entry_items, game_system
from pnpforge.content.battlescribe import load_mapping
from pnpforge.content.exports import MAPPING_FILE, has_mapping
from pnpforge.publish.battlescribe.roster import roster

BATTLESCRIBE_DIR = "battlescribe"


@dataclass
class BattleScribeResult:
    """What the export wrote."""

    folder: Path
    files: list[Path] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)

    def summary(self) -> str:
        kinds = [path.suffix for path in self.files]
        return (f"wrote {self.folder}/: {kinds.count('.gst')} game system and {kinds.count('.cat')} catalogues "
                "(BattleScribe)")


def export_context(pack: Pack, lang: str) -> tuple[Context | None, list[Finding]]:
    """The export's context, or the findings that stop it (no mapping, or a mapping with mistakes)."""
    if not has_mapping(pack):
        shown = display_path(pack.root / MAPPING_FILE)
        return None, [Finding("error", f"pack '{pack.id}' declares no BattleScribe export: {shown} is missing "
                                       "(docs/content-model.md says what it holds)", mark=Mark(shown),
                              blocking=True, rule="input")]
    mapping, _, problems = load_mapping(pack)
    if mapping is None:
        return None, problems
    return Context(pack, mapping, lang), []


def build_battlescribe(pack: Pack, out_dir: Path, lang: str) -> BattleScribeResult:
    """Write the game system and the catalogues of one language of a pack."""
    result = BattleScribeResult(out_dir / BATTLESCRIBE_DIR)
    ctx, result.findings = export_context(pack, lang)
    if ctx is None:
        return result
    result.files.append(_write(result.folder / f"{pack.id}.gst", game_system(ctx)))
    for faction in ctx.factions:
        if entry_items(ctx, faction):
            result.files.append(_write(result.folder / f"{pack.id}-{faction}.cat", catalogue(ctx, faction)))
    write_if_changed(result.folder / "README.md", readme(ctx, result.files))
    return result


def build_roster(pack: Pack, player_file: PlayerFile, out_dir: Path, lang: str) -> BattleScribeResult:
    """Write the roster of a player's file (``<file name>.ros``) beside the game system and catalogues."""
    result = BattleScribeResult(out_dir / BATTLESCRIBE_DIR)
    ctx, result.findings = export_context(pack, lang)
    if ctx is None:
        return result
    spec = ctx.mapping.roster
    if spec is None or spec.kind != player_file.kind:
        _, doc, _ = load_mapping(pack)
        where = doc.mark(("roster",)) if doc is not None else Mark(display_path(pack.root / MAPPING_FILE))
        result.findings.append(Finding("error", f"pack '{pack.id}': the BattleScribe export reads no roster from a "
                                                f"{player_file.label} (a roster: block with kind: {player_file.kind})",
                                       mark=where, rule="player-files"))
        return result
    text, _ = roster(ctx, player_file.data, player_file.name)
    result.files.append(_write(result.folder / f"{player_file.name}.ros", text))
    return result


def readme(ctx: Context, files: list[Path]) -> str:
    """How a player opens the files."""
    data = [f"- `{path.name}`" for path in files if path.suffix in (".gst", ".cat")]
    return "\n".join([
        f"# {ctx.game_name()} for BattleScribe and NewRecruit", "",
        "The game system and the catalogues of this game, made by pnpforge from the same data as its cards and "
        "rulebook:", "", *data, "",
        "To build forces in BattleScribe, copy these files into a folder of their own in BattleScribe's data folder "
        "and reload its data; in NewRecruit, add them as a local data set. A "
        "roster (`.ros`) made from a force list opens in either, and in the roster printers that read BattleScribe "
        "rosters.", "",
        "BattleScribe checks each category on its own, so it may accept a force the game's own check refuses; "
        "`pnpforge validate GAME --list FILE` is the authority.", ""])


def _write(path: Path, text: str) -> Path:
    write_if_changed(path, text)
    return path
