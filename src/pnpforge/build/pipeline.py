"""One build of one pack, stage by stage: ``Build`` carries what each stage made to the stages after it.

    load -> check -> preflight -> render -> {shop, print, tts, rulebook, web}

``start_build`` makes the ``Build`` of a pack argument (its paths and caches), ``load_and_check`` loads the pack
with the caches of the earlier build and runs the static checks, ``run_preflight`` reads everything else the build
will read (layouts, templates, the rulebook rendered to HTML per language, the site's settings) and keeps the
rendered rulebooks in the ``Build``, and ``make_outputs`` renders the faces once and hands them, with the checked
rulebook, to the output stages (``publish.outputs``). ``pnpforge build``, ``diff``, ``serve`` and the bench go
through these functions; no stage keeps build state anywhere else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from pnpforge.caches.paths import BuildPaths, cache_base
from pnpforge.caches.store import NOWHERE, Store, prune_user_stores
from pnpforge.check.pack import CheckedPack, check_pack
from pnpforge.content.pack import CONTENT_DIR, Pack, resolve_pack
from pnpforge.content.parsed import ParsedFiles
from pnpforge.content.player_files import PlayerFile
from pnpforge.content.source import LoadError
from pnpforge.findings import Finding, Mark, display_path
from pnpforge.render.layouts import LAYOUTS_DIR

PARSED = "parsed"
FONT_METRICS = "font-metrics"
Step = Callable[[str, int], None]


@dataclass(frozen=True)
class BuildOptions:
    """What the user asked of the build."""

    only: tuple[str, ...] | None = None
    lang: str | None = None
    jobs: int | None = None
    back_offset: tuple[float, float] = (0.0, 0.0)
    papers: tuple[str, ...] | None = None
    sheets: tuple[str, ...] | None = None
    base_url: str | None = None
    force: bool = False


@dataclass(frozen=True)
class BuildCaches:
    """The caches kept between builds that stages read through the ``Build`` (the rest live in ``paths``)."""

    parsed: ParsedFiles
    fonts: Store

    @classmethod
    def at(cls, folder: Path | None) -> "BuildCaches":
        """The caches in a pack's cache folder (None: kept nowhere)."""
        if folder is None:
            return cls(ParsedFiles(), NOWHERE)
        return cls(ParsedFiles(Store(folder / PARSED)), Store(folder / FONT_METRICS))


@dataclass
class Build:
    """One command's build of one pack: made once, passed to every stage, holding what each stage made."""

    argument: str
    build_dir: Path
    options: BuildOptions = field(default_factory=BuildOptions)
    layouts_dir: Path = LAYOUTS_DIR
    keep: bool = True  # caches are read and kept (a check alone keeps nothing)
    caches: BuildCaches = field(default_factory=lambda: BuildCaches.at(None))
    checked: CheckedPack | None = None
    paths: BuildPaths | None = None
    findings: list[Finding] = field(default_factory=list)
    languages: list[str] = field(default_factory=list)
    books: dict = field(default_factory=dict)  # language -> the rulebook the preflight rendered (Rulebook, html)
    stopped: bool = False  # the preflight found something that stops the build before any output
    outputs: dict = field(default_factory=dict)  # language -> publish.outputs.BuildOutputs

    @property
    def pack(self) -> Pack | None:
        """The loaded pack, when it loaded without a blocking problem."""
        if self.checked is None or self.checked.pack is None:
            return None
        return None if any(f.blocking for f in self.checked.findings) else self.checked.pack

    @property
    def pack_id(self) -> str:
        """The pack's id (its folder's name before it is loaded)."""
        return self.checked.pack.id if self.checked and self.checked.pack else Path(self.argument).name


def start_build(argument: str, build_dir: Path, options: BuildOptions = BuildOptions(),
                layouts_dir: Path = LAYOUTS_DIR, content_dir: Path = CONTENT_DIR, keep: bool = True) -> Build:
    """The build of the pack named by ``argument``: the caches of an earlier build into ``build_dir`` are found
    (``keep`` false: none are read or kept, as for a check)."""
    build = Build(argument, build_dir, options, layouts_dir, keep)
    if keep:
        try:
            root = resolve_pack(argument, content_dir)
        except LoadError:
            return build  # reported by the check
        earlier = cache_base(build_dir, [root]) / root.resolve().name / "cache"  # a pack id is its folder name, mostly
        build.caches = BuildCaches.at(earlier if earlier.is_dir() else None)
    return build


def load_and_check(build: Build, content_dir: Path = CONTENT_DIR) -> Build:
    """Load the pack (with the parsed files an earlier build kept) and run the static checks."""
    build.checked = check_pack(build.argument, content_dir, build.caches.parsed)
    build.findings = list(build.checked.findings)
    pack = build.pack
    if pack is not None:
        build.paths = BuildPaths.of(build.build_dir, pack)
        other = build.paths.taken_by(pack.root) if build.keep else None
        if other is not None:  # two copies of one pack would share their outputs and caches
            build.checked.findings.append(_taken(pack, build.paths, other))
            build.findings.append(build.checked.findings[-1])
            build.paths = None
            return build
        if build.keep:
            build.paths.claim(pack.root)
            build.caches = BuildCaches.at(build.paths.cache(build.paths.first_lang))
        asked = build.options.lang
        build.languages = [asked] if asked else list(pack.game.languages)
    return build


def _taken(pack: Pack, paths: BuildPaths, other: Path) -> Finding:
    """The error of a pack whose build folder holds another folder's build of a pack with the same id."""
    return Finding("error", f"pack '{pack.id}': {display_path(paths.pack_dir)}/ holds the outputs of another copy "
                            f"of this pack, {display_path(other)} (a build folder is named by the pack's id): give this "
                            "copy an id of its own here, or build it into another folder with --out",
                   mark=pack.game_doc.mark(("id",)), blocking=True, rule="input")


def run_preflight(build: Build) -> list[Finding]:
    """Check everything else the build reads, in each language; return what stops it (and note it in
    ``build.stopped``). Text that does not fit its box is an error of the build's findings (no outputs without
    ``--force``), not a stop. The rulebook rendered on the way is kept in ``build.books`` for the rulebook stage."""
    from pnpforge.publish.preflight import preflight  # noqa: PLC0415 - loads the rulebook and web stages
    from pnpforge.render.fit import FIT_RULE  # noqa: PLC0415

    pack, paths = build.pack, build.paths
    assert pack is not None and paths is not None, "the pack is loaded before its preflight"
    known = [lang for lang in build.languages if lang in pack.game.languages]
    done = preflight(pack, known, paths.art)
    build.books = done.books
    stops = [f for f in done.findings if f.blocking]
    build.findings += stops + [f for f in done.findings if f.rule == FIT_RULE]  # errors: no build without --force
    build.stopped = bool(stops)
    return stops


def make_outputs(build: Build, lang: str, step: Step | None = None):
    """Render the faces of one language once and make every output asked for from them and the checked book;
    return ``publish.outputs.BuildOutputs`` (kept in ``build.outputs``). Raise ``LayoutError`` on bad layouts."""
    from pnpforge.publish.outputs import build_outputs  # noqa: PLC0415 - the output stages load on demand

    pack, paths, options = build.pack, build.paths, build.options
    assert pack is not None and paths is not None, "the pack is loaded before its outputs are made"
    outputs = build_outputs(pack, lang, build.build_dir, options.only, build.layouts_dir, step=step,
                            jobs=options.jobs, back_offset=options.back_offset, papers=options.papers,
                            sheets=options.sheets, base_url=options.base_url, paths=paths.lang(lang),
                            book=build.books.get(lang), fonts=build.caches.fonts, build_paths=paths)
    build.outputs[lang] = outputs
    if build.keep:
        prune_user_stores()  # the user's stores (font subsets, verdicts) are shared by every build: held to a size
    return outputs


def unknown_language(build: Build, lang: str) -> Finding | None:
    """A blocking finding when the pack has no language ``lang``."""
    pack = build.pack
    if pack is None or lang in pack.game.languages:
        return None
    return Finding("error", f"pack '{pack.id}' has no language '{lang}'; languages: "
                            f"{', '.join(pack.game.languages)}", mark=Mark(str(pack.game_doc.path)),
                   blocking=True, rule="input")


def make_list_exports(build: Build, player_file: PlayerFile, lang: str) -> tuple[list[Path], list[Finding]]:
    """What the pack's exports make of a player's file that passed its checks (``--list FILE``): its BattleScribe
    roster, when that export is built (the pack declares it, or ``--only`` names it). The files written and the
    findings."""
    from pnpforge.publish.outputs import wanted_outputs  # noqa: PLC0415 - the output stages load on demand

    pack, paths = build.pack, build.paths
    assert pack is not None and paths is not None, "the pack is loaded before a list is built"
    if "battlescribe" not in wanted_outputs(pack, build.options.only):
        return [], []
    from pnpforge.publish.battlescribe import build_roster  # noqa: PLC0415

    made = build_roster(pack, player_file, paths.lang(lang).out, lang)
    return made.files, made.findings
