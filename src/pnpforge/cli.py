"""The ``pnpforge`` command: parse arguments, call a stage, print, exit with the spec's code.

Exit codes: 0 clean; 1 findings of error level (or warnings under --strict); 2 input that cannot be used;
3 an internal error (a bug: one line, and a request to report it).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pnpforge import __version__, buildcache
from pnpforge.check.pack import all_pack_ids, check_pack
from pnpforge.commands.diff import diff
from pnpforge.commands.sweep import sweep
from pnpforge.commands.validate import validate
from pnpforge.files import BUILD_DIR, remove_leftovers
from pnpforge.findings import Finding, Mark, exit_code
from pnpforge.progress import progress
from pnpforge.report.jsonfile import write_findings
from pnpforge.report.terminal import format_findings

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

INTERNAL_ERROR = 3


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnpforge")
def cli() -> None:
    """Turn a game's data into print files, rulebooks and a validation report.

    GAME is a pack id under ./content/ or the path of a pack folder.
    """


cli.add_command(validate)
cli.add_command(sweep)
cli.add_command(diff)


@cli.command()
@click.argument("games", nargs=-1, metavar="[GAME ...]")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=BUILD_DIR,
              show_default=True, help="Where build/<game>/ folders go.")
@click.option("--strict", is_flag=True, help="Fail on warnings too.")
@click.option("--only", metavar="OUTPUT[,OUTPUT...]",
              help="Build only these outputs, comma-separated: faces (the face PDFs), shop (print-shop files, "
                   "with the DriveThruCards PDF/X files that a full build leaves out), "
                   "print (home-print sheets), tts (Tabletop Simulator, only when asked for), rulebook (the PDF "
                   "rulebook), web (the web "
                   "site).")
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
def build(games: tuple[str, ...], out_dir: Path, strict: bool, only: str | None, lang: str | None,
          jobs: int | None, back_offset: str, papers: str | None, sheets: str | None, base_url: str | None,
          force: bool) -> None:
    """Build every output of each GAME (default: every pack under content/) into build/<game>/.

    Faces go to build/<game>/faces/<type>.pdf with faces.json; print-shop files to build/<game>/shop/<preset>/;
    sheets to print at home (A4 and US Letter) to build/<game>/print/; the PDF rulebook to
    build/<game>/rulebook-a4.pdf and rulebook-letter.pdf; the web rulebook to build/<game>/web/ (open its
    index.html). With --only tts, Tabletop Simulator deck sheets and a saved object go to build/<game>/tts/ (its
    README.md says how to load it). A language other than the pack's first goes to build/<game>/<lang>/. Only
    faces whose inputs changed since the last build are rendered again. When the checks find an error nothing is written
    over the last good outputs, unless --force; every file is written whole or not at all.
    """
    offset = _offset(back_offset)
    outputs = _outputs(only)
    base_url = _base_url(base_url)
    chosen = (_names(papers), _names(sheets))
    names = list(games) or all_pack_ids()
    if not names:
        raise click.ClickException("no packs under content/ and no GAME given")
    codes = []
    for name in names:
        earlier = out_dir / Path(name).name  # the folder a build of this pack made before, if any
        buildcache.use(earlier / "cache" if earlier.is_dir() else None)  # parsed files kept by that build
        checked = check_pack(name)
        pack = checked.pack
        pack_id = pack.id if pack else Path(name).name
        click.echo(f"== {pack_id}")
        findings = list(checked.findings)
        if pack is not None and not any(f.blocking for f in findings):
            buildcache.use(out_dir / pack_id / "cache")  # compiled templates and font metrics for the next build
            languages = [lang] if lang else pack.game.languages
            from pnpforge.publish.preflight import preflight

            stops = [f for f in preflight(pack, [x for x in languages if x in pack.game.languages], out_dir)
                     if f.blocking]
            findings += stops  # a layout, template or rules file that would fail stops the pack before any output
            errors = sum(f.severity == "error" for f in findings)
            if errors and not stops and not force:
                click.echo(f"not built: the checks found {errors} error{'' if errors == 1 else 's'}; the last good "
                           "outputs are kept (--force builds anyway)")
            remove_leftovers(out_dir / pack_id)
            for language in [] if stops or (errors and not force) else languages:
                findings += _build_pack(pack, language, out_dir, outputs, jobs, offset, chosen, base_url)
        click.echo(format_findings(findings, checked.files_checked, show_info=False))
        codes.append(exit_code(findings, strict))
        if pack is not None:
            target = out_dir / pack_id / "check.json"
            write_findings(target, checked.findings, pack_id)
            click.echo(f"wrote {target}")
    sys.exit(max(codes))


OUTPUT_NAMES = ("faces", "shop", "print", "tts", "rulebook", "web")


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


def _build_pack(pack: Pack, lang: str | None, out_dir: Path, only: tuple[str, ...] | None, jobs: int | None,
                back_offset: tuple[float, float] = (0.0, 0.0),
                chosen: tuple[tuple[str, ...] | None, tuple[str, ...] | None] = (None, None),
                base_url: str | None = None) -> list[Finding]:
    """Render one pack's outputs with a progress display; return the findings (layout errors block)."""
    import time

    from pnpforge.publish.outputs import build_outputs
    from pnpforge.render.layouts import LayoutError
    from pnpforge.render.stage import default_language

    language = lang or default_language(pack)
    if language not in pack.game.languages:
        return [Finding("error", f"pack '{pack.id}' has no language '{language}'; languages: "
                                 f"{', '.join(pack.game.languages)}", mark=Mark(str(pack.game_doc.path)),
                        blocking=True, rule="input")]
    started = time.monotonic()
    # a terminal gets a bar; a log or a pipe gets a line per stage
    step, done = progress(pack.id)
    try:
        outputs = build_outputs(pack, language, out_dir, only, step=step, jobs=jobs, back_offset=back_offset,
                                papers=chosen[0], sheets=chosen[1], base_url=base_url)
    except LayoutError as exc:
        return exc.findings
    finally:
        done()
    faces = outputs.faces
    rendered = outputs.rendered
    if faces is not None:
        click.echo(f"{rendered} face{'' if rendered == 1 else 's'} rendered, "
                   f"{outputs.face_count() - rendered} unchanged")
        if outputs.refusals:
            reasons = "; ".join(f"{reason} ({count})" for reason, count in sorted(outputs.refusals.items()))
            click.echo(f"{sum(outputs.refusals.values())} of them drawn by WeasyPrint, slower: {reasons}")
    if faces is not None and faces.manifest is not None:
        click.echo(f"wrote {len(faces.pdfs)} face PDFs ({len(faces.faces)} faces) and {faces.manifest}")
    for shop in outputs.shops:
        if shop.preset.format == "pdfx":
            click.echo(f"wrote {shop.folder}/: {len(shop.pdfs)} deck PDFs, CMYK PDF/X-1a ({shop.preset.name})")
        else:
            click.echo(f"wrote {shop.folder}/: {len(shop.pdfs)} PDFs, {len(shop.pngs)} PNGs ({shop.preset.name})")
    if outputs.prints is not None:
        prints = outputs.prints
        click.echo(f"wrote {prints.folder}/: {len(prints.files)} sheet PDFs ({prints.written} changed) and "
                   f"{prints.manifest}")
    if outputs.tts is not None:
        tts = outputs.tts
        click.echo(f"wrote {tts.folder}/: {len(tts.sheets)} deck sheets, {len(tts.pieces)} piece images and "
                   f"{tts.saved.name} ({tts.drawn} images drawn, see its README.md)")
    for line in outputs.rulebook:
        click.echo(line)
    if outputs.site is not None and not outputs.site.blocked:
        click.echo(outputs.site.summary())
    click.echo(f"built {pack.id} ({language}) in {time.monotonic() - started:.1f} s")
    return outputs.findings


@cli.command()
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--from", "sheet", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="A spreadsheet (.csv or .xlsx, a header row) whose rows become the cards.")
def new(folder: Path, sheet: Path | None) -> None:
    """Make a new pack in FOLDER: one card type, a front layout, a rules page, a README; it builds at once."""
    from pnpforge.content.source import LoadError
    from pnpforge.scaffold import create

    if folder.exists():
        raise click.ClickException(f"{folder} already exists; give a new folder")
    try:
        done = create(folder, sheet)
    except LoadError as exc:
        click.echo(format_findings(exc.findings, 1, show_info=False))
        sys.exit(2)
    for note in done.notes:
        click.echo(f"{sheet}: warning: {note}")
    click.echo(f"created {folder}/ with {done.cards} card{'' if done.cards == 1 else 's'}: {', '.join(done.files)}")
    click.echo(f"next: edit {folder}/game.yaml and {folder}/layouts/front.html (see {folder}/README.md), then "
               f"run: pnpforge build {folder}")


@cli.command()
@click.argument("game")
@click.argument("file", required=False, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--seed", type=int, help="Replay the simulated game of this seed (as the validator played it).")
@click.option("--bots", default="greedy", show_default=True, help="Bots for --seed, one name or a comma list.")
@click.option("--players", type=int, default=2, show_default=True, help="Players for --seed.")
@click.option("--mode", help="Game mode for --seed (default: the game's first).")
def replay(game: str, file: Path | None, seed: int | None, bots: str, players: int, mode: str | None) -> None:
    """Play a scripted game or scenario FILE through GAME's engine and print the result as JSON.

    With --seed instead of FILE, print the transcript of the simulated game of that seed.
    """
    from pnpforge.engine.playout import Run
    from pnpforge.engine.replay import replay as replay_file
    from pnpforge.engine.transcript import seed_transcript
    from pnpforge.games import load_package

    checked = check_pack(game)
    if checked.pack is None:
        click.echo(format_findings(checked.findings))
        sys.exit(2)
    package = load_package(checked.pack.game.engine)
    if seed is not None:
        if package is None or not package.has_engine:
            click.echo(f"{checked.pack.game_doc.path}: error: pack '{checked.pack.id}' has no simulated games")
            sys.exit(2)
        names = tuple(b.strip() for b in bots.split(","))
        mode = mode or package.modes[0]
        unknown = [b for b in names if b not in package.bots]
        if unknown or mode not in package.modes:
            what = f"bot {unknown[0]!r}; bots: {', '.join(package.bots)}" if unknown else \
                f"mode {mode!r}; modes: {', '.join(package.modes)}"
            click.echo(f"error: unknown {what}")
            sys.exit(2)
        try:
            click.echo(seed_transcript(package, checked.pack, Run(players=players, mode=mode, bots=names), seed))
        except ValueError as exc:  # a player count or mode this game cannot be played with
            click.echo(f"error: {exc}")
            sys.exit(2)
        sys.exit(0)
    if file is None:
        click.echo("error: give a scenario FILE or --seed N")
        sys.exit(2)
    if package is None or package.replay is None:
        click.echo(f"{checked.pack.game_doc.path}: error: pack '{checked.pack.id}' has no rules engine, "
                   "so there is nothing to replay")
        sys.exit(2)
    if not file.is_file():
        click.echo(f"{file}: error: no such file")
        sys.exit(2)
    outcome = replay_file(package, checked.pack, file)
    click.echo(outcome.to_json() if outcome.ok else format_findings(outcome.findings))
    sys.exit(0 if outcome.ok else 2)


@cli.command()
@click.argument("game")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to serve on (0: any free port; the address is printed).")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to serve on.")
@click.option("--lang", help="Language of the site (default: the pack's first language).")
@click.option("--jobs", type=click.IntRange(1, 64), help="Worker processes (default: one per core).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=BUILD_DIR,
              show_default=True, help="The site goes to <out>/<game>/web/.")
def serve(game: str, port: int, host: str, lang: str | None, jobs: int | None, out_dir: Path) -> None:
    """Preview GAME's web rulebook on localhost with live reload.

    Builds build/<game>/web/ (the same static site `pnpforge build` writes), serves it, and rebuilds what
    changed whenever a YAML, Markdown, layout or stylesheet file of the pack or of layouts/ changes; open pages
    reload by themselves. Ctrl+C stops.
    """
    from pnpforge.publish.web.serve import serve_pack

    sys.exit(serve_pack(game, out_dir, host, port, lang, jobs=jobs, echo=lambda line: click.echo(line)))


def main() -> None:
    """Entry point: run the CLI; an unexpected exception becomes one line asking for a bug report."""
    try:
        cli.main(standalone_mode=False)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        exc.show()
        sys.exit(2)
    except click.Abort:
        click.echo("aborted", err=True)
        sys.exit(130)
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(130)
    except SystemExit:
        raise
    except Exception as exc:  # noqa: BLE001 - the one place that turns a bug into a report request
        click.echo(f"pnpforge: internal error ({type(exc).__name__}: {exc}); this is a bug in pnpforge, "
                   "please report it with the command you ran", err=True)
        sys.exit(INTERNAL_ERROR)
