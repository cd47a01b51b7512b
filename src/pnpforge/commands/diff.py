"""``pnpforge diff``: which items and faces of a pack changed since the version printed last (a git revision or
another folder), side-by-side pictures of the faces that changed, reprint sheets of just those cards, and a
Markdown list for the pack's changelog."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NoReturn

import click

from pnpforge.build.pipeline import Build, BuildOptions, load_and_check, start_build
from pnpforge.check.pack import check_pack
from pnpforge.commands.here import current_pack
from pnpforge.content.pack import Pack
from pnpforge.files import BUILD_DIR
from pnpforge.findings import count_line, display_path
from pnpforge.progress import progress
from pnpforge.report.terminal import format_findings

INTERNAL_ERROR = 3


@click.command()
@click.argument("game", required=False)
@click.option("--rev", metavar="REV",
              help="Compare with the pack as it is at this git revision: a tag, branch or commit, e.g. v1.0 or HEAD~3 "
                   "(default: the last tag reachable from HEAD, else HEAD).")
@click.option("--against", type=click.Path(file_okay=False, path_type=Path), metavar="DIR",
              help="Compare with the pack in this folder instead of a git revision (a copy of the version printed "
                   "last; it need not be in a git repository).")
@click.option("--sheets", is_flag=True,
              help="Also write home-print sheets (with backs and crop marks) of only the cards whose faces changed "
                   "or were added, with their copies, to <out>/<game>/diff/print/.")
@click.option("--markdown", is_flag=True,
              help="Print the changes as a Markdown list for the pack's changelog (the other output goes to "
                   "stderr); the list is always written to <out>/<game>/diff/changes.md.")
@click.option("--lang", help="Compare the faces in this language (default: the pack's first).")
@click.option("--exit-code", "exit_with_code", is_flag=True,
              help="Exit 1 when the versions differ (and 0 when they do not), as `git diff --exit-code` does.")
@click.option("--jobs", type=click.IntRange(1, 64), help="Worker processes for drawing faces (default: one per core).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=BUILD_DIR,
              show_default=True, help="The diff goes to <out>/<game>/diff/; the new version's faces are drawn into "
                                      "<out>/<game>/ as a build draws them.")
def diff(game: str | None, rev: str | None, against: Path | None, sheets: bool, markdown: bool, lang: str | None,
         exit_with_code: bool, jobs: int | None, out_dir: Path) -> None:
    """Show which items and faces of GAME changed since the version printed last.

    GAME (default: the current folder when it holds a game.yaml) is compared as it is in the working tree with
    the same pack at a git revision (--rev; by default the last tag, else HEAD) or in another folder
    (--against). Prints the items added, removed and changed per type with the fields that changed, the pack's
    other files that changed, and the faces whose pixels changed; writes diff.json, changes.md and for each
    changed face a picture of the old (left) and new (right) face with the differences outlined in red, to
    <out>/<game>/diff/. Only the pack's own folder is compared: layouts shared by other packs or by pnpforge
    are the current ones for both versions. Exit 0 when it ran (1 with --exit-code when the versions differ),
    2 when the input cannot be used.
    """
    _diff(game, rev, against, sheets, markdown, lang, exit_with_code, jobs, out_dir)


def _diff(game: str | None, rev: str | None, against: Path | None, sheets: bool, markdown: bool, lang: str | None,
          exit_with_code: bool, jobs: int | None, out_dir: Path) -> None:
    """The command's work; exits with its code."""
    from pnpforge.diff.revision import SOURCE_DIR, RevisionError, from_folder, from_git
    from pnpforge.diff.stage import old_folder
    from pnpforge.render.stage import default_language

    say = _say(markdown)
    if rev is not None and against is not None:
        _fail("--rev and --against name two old versions; give one of them")
    game = game if game is not None else current_pack()
    build = load_and_check(start_build(game, out_dir, BuildOptions(lang=lang, jobs=jobs)))
    checked, pack = build.checked, build.pack
    assert checked is not None
    if pack is None:
        click.echo(format_findings(checked.findings, checked.files_checked), err=True)
        sys.exit(2)
    language = lang or default_language(pack)
    if language not in pack.game.languages:
        _fail(f"pack '{pack.id}' has no language '{language}'; languages: {', '.join(pack.game.languages)}")
    try:
        if against is not None:
            old_version = from_folder(against)
        else:
            old_version = from_git(pack.id, pack.root, rev, old_folder(out_dir, pack) / SOURCE_DIR,
                                   dict(pack.layout_packs))
    except RevisionError as exc:
        _fail(str(exc))
    old_checked = check_pack(str(old_version.root))
    if old_checked.pack is None or any(f.blocking for f in old_checked.findings):
        where = f", its files in {display_path(old_version.root)}" if old_version.commit else ""
        click.echo(f"error: the old version of '{pack.id}' ({old_version.label}{where}) does not load:", err=True)
        click.echo(format_findings(old_checked.findings, old_checked.files_checked), err=True)
        sys.exit(2)
    if any(f.severity in ("error", "warning") for f in checked.findings):
        say(f"checks of the new version: {count_line(checked.findings)} (pnpforge validate shows them)")
    result = _run(build, old_checked.pack, old_version, language, sheets, markdown)
    _show(result, markdown, say)
    if result.reprint is not None and result.reprint.problems:
        say(f"pnpforge: internal error (the reprint sheets do not hold exactly the changed faces: "
            f"{'; '.join(result.reprint.problems)}); this is a bug in pnpforge, please report it with the command "
            "you ran")
        sys.exit(INTERNAL_ERROR)
    sys.exit(1 if exit_with_code and result.differences else 0)


def _run(build: Build, old: Pack, old_version, language: str, sheets: bool, markdown: bool):
    """The diff with progress on the terminal (or a line per stage in a log); layouts that fail exit 2."""
    from pnpforge.diff.stage import run_diff
    from pnpforge.render.layouts import LayoutError

    pack, paths = build.pack, build.paths
    assert pack is not None and paths is not None
    step, done = progress(pack.id, markdown)
    try:
        return run_diff(pack, old, old_version, language, build.build_dir, sheets, progress=step,
                        jobs=build.options.jobs, paths=paths.lang(language), fonts=build.caches.fonts)
    except LayoutError as exc:
        done()
        click.echo(format_findings(exc.findings), err=True)
        sys.exit(2)
    finally:
        done()


def _show(result, markdown: bool, say) -> None:
    """The report on the terminal (or the Markdown list on stdout and the rest on stderr)."""
    from pnpforge.diff.report import markdown as markdown_list
    from pnpforge.diff.report import terminal_lines

    (new_drawn, old_drawn), (new_count, old_count) = result.drawn, result.counts
    say(f"faces drawn: {new_drawn} of {new_count} (new), {old_drawn} of {old_count} (old); the others came from "
        "the render caches")
    for line in terminal_lines(result.report, result.folder):
        say(line)
    for finding in result.findings:
        say(str(finding))
    diff_json, changes = result.written
    say(f"wrote {display_path(diff_json)} and {display_path(changes)} in {result.seconds:.1f} s")
    if markdown:
        click.echo(markdown_list(result.report), nl=False)


def _say(markdown: bool):
    """Echo a line to stdout, or to stderr when stdout carries the Markdown list."""
    return lambda line: click.echo(line, err=markdown)


def _fail(message: str) -> NoReturn:
    """One error line (on stderr, like every error of this command) and exit 2: the input cannot be used."""
    click.echo(f"error: {message}", err=True)
    sys.exit(2)

