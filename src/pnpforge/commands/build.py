"""``pnpforge build``: every output of each pack, through the one build chain of ``build.pipeline``."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from pnpforge.build.pipeline import (Build, BuildOptions, load_and_check, make_outputs, run_preflight, start_build,
                                     unknown_language)
from pnpforge.check.pack import all_pack_ids
from pnpforge.content.pack import parked
from pnpforge.files import BUILD_DIR, remove_leftovers
from pnpforge.findings import Finding, exit_code
from pnpforge.progress import progress
from pnpforge.report.jsonfile import write_findings
from pnpforge.report.terminal import format_findings

OUTPUT_NAMES = ("faces", "shop", "print", "tts", "rulebook", "web")


@click.command()
@click.argument("games", nargs=-1, metavar="[GAME ...]")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=BUILD_DIR,
              show_default=True, help="Where build/<game>/ folders go.")
@click.option("--strict", is_flag=True, help="Fail on warnings too.")
@click.option("--only", metavar="OUTPUT[,OUTPUT...]",
              help="Build only these outputs, comma-separated: faces (the face PDFs), shop (print-shop files, "
                   "with the DriveThruCards PDF/X files that a full build leaves out), "
                   "print (home-print sheets), tts (Tabletop Simulator, only when asked for), rulebook (the PDF "
                   "rulebook), web (the web site).")
@click.option("--lang", help="Build one language only (default: every language of each pack).")
@click.option("--jobs", type=click.IntRange(1, 64), help="Worker processes (default: one per core).")
@click.option("--back-offset", "back_offset", default="0,0", show_default=True, metavar="X,Y",
              help="Move the backs of duplex sheets by X,Y mm: positive X to the right, positive Y up, as seen "
                   "looking at the back side (measure it with print/<paper>/calibration.pdf).")
@click.option("--paper", "papers", metavar="PAPER[,PAPER...]",
              help="Home-print sheets on these papers only, e.g. a4 or a4,letter (default: the print plan's).")
@click.option("--sheets", metavar="SHEET[,SHEET...]",
              help="Home-print these sheet styles only, by name or alias, e.g. gapped or 9up,gutter-fold "
                   "(default: each type's styles in the print plan).")
@click.option("--base-url", "base_url", metavar="URL",
              help="Where the Tabletop Simulator images will be hosted (https://..., or file:/// and a folder to "
                   "play on this computer): the saved object names them there (default: paths relative to tts/).")
@click.option("--force", is_flag=True, help="Build even when the checks find errors (by default the last good "
                                            "outputs are kept).")
@click.option("--list", "list_file", type=click.Path(dir_okay=False, path_type=Path), metavar="FILE",
              help="Print the document of a file a player wrote for GAME (a force list's roster) instead of the "
                   "pack's outputs, on each paper: build/<game>/<document>/<file name>-<paper>.pdf.")
def build(games: tuple[str, ...], out_dir: Path, strict: bool, only: str | None, lang: str | None,
          jobs: int | None, back_offset: str, papers: str | None, sheets: str | None, base_url: str | None,
          force: bool, list_file: Path | None) -> None:
    """Build every output of each GAME (default: every pack under content/) into build/<game>/.

    Faces go to build/<game>/faces/<type>.pdf with faces.json; print-shop files to build/<game>/shop/<preset>/;
    sheets to print at home (A4 and US Letter) to build/<game>/print/; the PDF rulebook to
    build/<game>/rulebook-a4.pdf and rulebook-letter.pdf; the web rulebook to build/<game>/web/ (open its
    index.html). With --only tts, Tabletop Simulator deck sheets and a saved object go to build/<game>/tts/ (its
    README.md says how to load it). A language other than the pack's first goes to build/<game>/<lang>/. Only
    faces whose inputs changed since the last build are rendered again. When the checks find an error nothing is
    written over the last good outputs, unless --force; every file is written whole or not at all. Caches go to
    build/<game>/cache/, or to the user's cache folder when the build folder is inside a pack.
    """
    options = BuildOptions(only=_outputs(only), lang=lang, jobs=jobs, back_offset=_offset(back_offset),
                           papers=_names(papers), sheets=_names(sheets), base_url=_base_url(base_url), force=force)
    if list_file is not None:
        if len(games) != 1:
            raise click.BadParameter("a list belongs to one game: name it, as in build GAME --list FILE",
                                     param_hint="--list")
        sys.exit(_build_list(start_build(games[0], out_dir, options), list_file, strict))
    names = list(games) or all_pack_ids()
    if not names:
        raise click.ClickException("no packs under content/ and no GAME given")
    sys.exit(max(_build_one(start_build(name, out_dir, options), strict) for name in names))


def _build_one(build: Build, strict: bool) -> int:
    """The whole chain for one pack, reported on the terminal; its exit code."""
    load_and_check(build)
    checked, pack = build.checked, build.pack
    assert checked is not None
    click.echo(f"== {build.pack_id}")
    if pack is not None and build.paths is not None:
        stops = run_preflight(build)  # a layout, template or rules file that would fail stops it before any output
        errors = sum(f.severity == "error" for f in build.findings)
        if errors and not stops and not build.options.force:
            click.echo(f"not built: the checks found {errors} error{'' if errors == 1 else 's'}; the last good "
                       "outputs are kept (--force builds anyway)")
        remove_leftovers(build.paths.pack_dir)
        for language in [] if stops or (errors and not build.options.force) else build.languages:
            build.findings += _outputs_of(build, language)
        aside = parked(pack)
        if aside:
            click.echo(f"parked (qty: 0, checked but not printed): {', '.join(item.subject for item in aside)}")
    build.findings = list(dict.fromkeys(build.findings))  # text that does not fit: the preflight's and the render's
    click.echo(format_findings(build.findings, checked.files_checked, show_info=False))
    if checked.pack is not None and build.paths is not None:  # no paths: the build folder is another copy's
        target = build.paths.pack_dir / "check.json"
        write_findings(target, checked.findings, checked.pack.id)
        click.echo(f"wrote {target}")
    return exit_code(build.findings, strict)


def _build_list(build: Build, list_file: Path, strict: bool) -> int:
    """``--list FILE``: the pack checked, the player file checked, then its document printed; the exit code."""
    from pnpforge.lists.document import print_document  # noqa: PLC0415 - the render stage loads on demand
    from pnpforge.lists.run import check_list

    load_and_check(build)
    checked, pack = build.checked, build.pack
    assert checked is not None
    errors = [f for f in checked.findings if f.severity == "error"]
    if pack is None or build.paths is None or errors:
        click.echo(format_findings(checked.findings, checked.files_checked, show_info=False))
        click.echo(f"not built: the pack '{build.pack_id}' has errors")
        return exit_code(checked.findings, strict) or 1
    report = check_list(pack, list_file)
    found = list(report.findings)
    written: list[Path] = []
    if report.file is not None and not any(f.severity == "error" for f in found):
        lang = build.options.lang or pack.game.languages[0]
        written, problems = print_document(pack, report.file, build.paths.lang(lang), lang)
        found += problems
    elif report.file is not None:
        click.echo(f"not built: {report.file.path} breaks the rules below")
    click.echo(format_findings(found, 1, show_info=False))
    for path in written:
        click.echo(f"wrote {path}")
    return exit_code(found, strict)


def _outputs_of(build: Build, lang: str) -> list[Finding]:
    """One language's outputs with a progress display and what they wrote; the findings (layout errors block)."""
    from pnpforge.render.layouts import LayoutError  # noqa: PLC0415 - the render stage loads on demand

    unknown = unknown_language(build, lang)
    if unknown is not None:
        return [unknown]
    started = time.monotonic()
    step, done = progress(build.pack_id)  # a terminal gets a bar; a log or a pipe gets a line per stage
    try:
        outputs = make_outputs(build, lang, step)
    except LayoutError as exc:
        return exc.findings
    finally:
        done()
    for line in outputs.summary():
        click.echo(line)
    click.echo(f"built {build.pack_id} ({lang}) in {time.monotonic() - started:.1f} s")
    return outputs.findings


def _base_url(text: str | None) -> str | None:
    """A web address (or a ``file:///`` folder) the Tabletop Simulator images are published at."""
    if text is None:
        return None
    if not text.startswith(("https://", "http://", "file:///")) or any(c.isspace() for c in text):
        raise click.BadParameter(f"expected an address such as https://example.org/my-game/tts or "
                                 f"file:///home/me/build/my-game/tts, found {text!r}", param_hint="--base-url")
    return text.rstrip("/")


def _outputs(text: str | None) -> tuple[str, ...] | None:
    """``faces,web`` as a tuple of outputs; a name that is no output is a usage error."""
    if text is None:
        return None
    names = _names(text) or ()
    unknown = [name for name in names if name not in OUTPUT_NAMES]
    if unknown or not names:
        raise click.BadParameter(f"{unknown[0] if unknown else text!r} is not an output; outputs: "
                                 f"{', '.join(OUTPUT_NAMES)}", param_hint="--only")
    return names


def _names(text: str | None) -> tuple[str, ...] | None:
    """``a4,letter`` as a tuple; None when not given."""
    if text is None:
        return None
    return tuple(dict.fromkeys(part.strip() for part in text.split(",") if part.strip())) or None


def _offset(text: str) -> tuple[float, float]:
    """``X,Y`` in millimetres."""
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        raise click.BadParameter(f"expected X,Y in mm like 0.5,-1, found {text!r}",
                                 param_hint="--back-offset") from None
    if abs(x) > 20 or abs(y) > 20:
        raise click.BadParameter(f"{text}: an offset over 20 mm is not printer drift", param_hint="--back-offset")
    return x, y
