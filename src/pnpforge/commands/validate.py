"""``pnpforge validate``: the static checks, then seeded games on local processes or a Dask cluster, until every
finding is decided (``--games auto``) or for a given number of games; the report, and a variant beside the published
rules (``--compare``)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

from pnpforge.check.accepted import acknowledge, unmatched
from pnpforge.check.pack import check_pack
from pnpforge.commands.here import current_pack
from pnpforge.engine.data_analyses import merge
from pnpforge.commands.simulation import (MAX_GAMES_DEFAULT, check_executor, echo_shown, executor_for, executor_options,
                                          game_options, settings_for, simulate)
from pnpforge.files import BUILD_DIR
from pnpforge.findings import Finding, Mark, count_line, exit_code
from pnpforge.report.terminal import format_findings

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack
    from pnpforge.engine.validate import Analysis


@click.command()
@click.argument("game", required=False)
@click.option("--static", "static_only", is_flag=True,
              help="Run the static checks only (no simulation); a game's analyses of its data alone (exact odds, "
                   "routes) are still reported.")
@click.option("--strict", is_flag=True, help="Exit 1 on warnings too.")
@game_options
@click.option("--variant", default="", help="Play one of the pack's variants (house rules in game.yaml's variants:) "
                                           "instead of its published rules.")
@click.option("--compare", is_flag=True, help="With --variant: also play the same games under the published rules "
                                              "and write compare.html, the two side by side.")
@executor_options
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=BUILD_DIR,
              show_default=True, help="Reports go to <out>/<game>/validation/ (<variant>/ below it for a variant).")
@click.option("--list", "list_file", type=click.Path(dir_okay=False, path_type=Path), metavar="FILE",
              help="Check a file a player wrote for GAME (a force list) instead of the pack: its findings, located "
                   "in it, and the summary the game prints (points against the limit).")
@click.option("--fit-points", is_flag=True,
              help="Instead of the balance run: fit the points value at which each priced item's force wins half "
                   "its games against the reference force, from games at a few trial costs (--games N: paired units "
                   "per trial cost); the report goes to <out>/<game>/validation/fair-points/.")
@click.option("-v", "--verbose", is_flag=True,
              help="After the run, print on stderr what each configuration (mode, player count, bots, a ladder "
                   "step's pairing) cost: its games, the looks taken at them and the CPU seconds they used.")
def validate(game: str | None, static_only: bool, strict: bool, games: int | None, max_games: int, players: str | None,
             mode: str | None, bots: str, seed: int, variant: str, compare: bool, jobs: int | None, executor: str,
             scheduler: str | None, out_dir: Path, list_file: Path | None, fit_points: bool,
             verbose: bool = False) -> None:
    """Check GAME's data: static rules, then seeded games with greedy bots when the game has an engine.

    GAME is a pack id under content/ or a pack folder (default: the current folder when it holds a game.yaml).

    Plays every mode the game declares (--mode to play one). Writes report.json and report.html (with charts) to
    build/<game>/validation/ for the game's first mode and to build/<game>/validation/<mode>/ for each other. Every
    finding about a game situation names a seed; `pnpforge replay GAME --seed N --players P --bots greedy` prints
    that game.
    """
    if compare and not variant:
        raise click.BadParameter("--compare puts a variant beside the published rules: name it with --variant",
                                 param_hint="--compare")
    if list_file is not None:
        _validate_list(game if game is not None else current_pack(), list_file, strict)
    check_executor(executor, scheduler, jobs)
    checked = check_pack(game if game is not None else current_pack())
    findings = list(checked.findings)
    pack = checked.pack
    if pack is not None and not any(f.severity == "error" for f in findings):  # else only follow-on errors
        from pnpforge.publish.preflight import preflight

        findings += preflight(pack, pack.game.languages).findings  # reported, but only the data decide the simulation
        if not any(f.blocking for f in findings):
            findings += _native_check(pack, out_dir)
    exact = _data_analyses(pack, checked.findings)
    if pack is None or any(f.blocking for f in checked.findings) or static_only:
        _without_games(pack, exact, findings, checked.files_checked, strict, seed, out_dir, complete=False)
    from pnpforge.games import load_package

    if any(f.rule == "game-package" and f.severity == "error" for f in findings):  # its engine cannot read the data
        findings.append(Finding("info", f"the games are not played: pack '{pack.id}' lacks what game package "
                                        f"'{pack.game.engine}' needs (the errors above)",
                                mark=Mark(str(pack.game_doc.path)), rule="simulation"))
        click.echo(format_findings(findings, checked.files_checked))
        sys.exit(exit_code(findings, strict))
    package = load_package(pack.game.engine)
    if fit_points:
        from pnpforge.commands.fit_points import fit_pass
        from pnpforge.engine.simulate import default_jobs

        fit_pass(pack, package, findings, games, seed, jobs or default_jobs(), executor, scheduler, strict, out_dir)
    if package is None or not package.has_engine or package.analyse is None:
        findings.append(Finding("info", f"pack '{pack.id}' has no rules engine: static checks only",
                                mark=Mark(str(pack.game_doc.path)), rule="simulation"))
        _without_games(pack, exact, findings, checked.files_checked, strict, seed, out_dir, complete=True)
    # every mode the game declares, unless --mode names one: a card that only one mode plays is judged there
    runs = [settings_for(pack, package, games, max_games, players, m, bots, seed, jobs, variant)
            for m in ([mode] if mode else package.validated_modes or package.modes)]
    if compare:  # both runs keep each deal's wins: the comparison pairs them deal by deal
        from dataclasses import replace

        runs = [replace(settings, units_kept=True) for settings in runs]
    if variant:
        from pnpforge.content.variants import variant_pack

        pack, problems = variant_pack(pack, variant)
        if pack is None:
            click.echo(format_findings(problems, checked.files_checked))
            sys.exit(2)
    echo_shown(findings, checked.files_checked)
    every = list(findings)
    matched = [False] * len(pack.game.accepted)  # the acknowledgements some mode's findings matched
    from pnpforge.engine.cost import Metered, cost_lines, cpu_seconds

    with executor_for(executor, runs[0].jobs, scheduler) as played_on:
        runner, started = Metered(played_on), cpu_seconds()
        ladder, climbed = _ladder(pack, package, seed, runner, games, max_games)
        for index, settings in enumerate(runs):
            if len(runs) > 1:
                click.echo(f"== {settings.mode} mode")
            budget = min(max_games, package.validate_budgets.get(settings.mode, max_games))
            settings, analysis, tallies = simulate(pack, package, settings, None if games else budget, runner)
            if exact is not None:  # the data analyses' tables in every mode's report, their findings in the first's
                merge(analysis, exact, findings=index == 0)
            _metrics(pack, analysis, tallies, ladder, climbed if index == 0 else [])
            data, folder = _report(pack, settings, findings, analysis, out_dir, runner, package.modes[0],
                                   [r.mode for r in runs], matched)
            every += analysis.findings
            if compare:
                _compare(checked.pack, package, settings, findings, data, folder, runner, tallies)
    if verbose:
        spent = cpu_seconds() - started
        games_cpu = sum(cost.cpu for cost in runner.costs.values())
        click.echo("\n".join(cost_lines(runner.costs, runner.local, spent - games_cpu)), err=True)
    # a complete run: every mode and player count, until decided, up to at least the default limit
    complete = not games and not mode and not players and max_games >= MAX_GAMES_DEFAULT
    stale = unmatched(pack, matched, complete)
    if stale:
        click.echo(format_findings(stale).rsplit("\n", 1)[0])
        every += stale
    if len(runs) > 1:
        click.echo(f"every mode ({', '.join(r.mode for r in runs)}): {count_line(every)}")
    sys.exit(exit_code(every, strict))


def _validate_list(game: str, list_file: Path, strict: bool) -> NoReturn:
    """``--list FILE``: the pack's own errors first (a list is checked against a pack that passes), then the
    player file's findings and the game's summary of it."""
    from pnpforge.lists.run import check_list

    checked = check_pack(game)
    pack = checked.pack
    errors = [f for f in checked.findings if f.severity == "error"]
    if pack is None or errors:
        click.echo(format_findings(checked.findings, checked.files_checked))
        click.echo(f"the list is not checked: the pack '{game}' has errors")
        sys.exit(exit_code(checked.findings, strict) or 1)
    report = check_list(pack, list_file)
    shown, _, counted = format_findings(report.findings, 1).rpartition("\n")
    if shown:
        click.echo(shown)
    for line in report.lines:
        click.echo(line)
    click.echo(counted)
    sys.exit(exit_code(report.findings, strict))


def _data_analyses(pack: Pack | None, found: list[Finding]) -> Analysis | None:
    """The analyses the pack's game package makes of its data alone (exact odds, paths on maps), when the data
    passed the checks; None when it has none."""
    if pack is None or not pack.game.engine or any(f.severity == "error" for f in found):
        return None
    from pnpforge.engine.data_analyses import analyse_data
    from pnpforge.games import load_package

    package = load_package(pack.game.engine)
    if package is None or not package.data_analyses:
        return None
    return analyse_data(pack, package)


def _without_games(pack: Pack | None, data: Analysis | None, findings: list[Finding], files: int | None,
                   strict: bool, seed: int, out_dir: Path, complete: bool) -> NoReturn:
    """End a run that plays no game: the findings, and with the data analyses their findings (acknowledged as the
    pack's ``accepted:`` says) and a report of their tables; ``complete`` when no game could add a finding (then
    an acknowledgement no finding matched is a warning)."""
    if pack is None or data is None:
        click.echo(format_findings(findings, files))
        sys.exit(exit_code(findings, strict))
    from pnpforge.engine.validate import Settings
    from pnpforge.report.validation import report_data, write_html, write_json

    matched = [False] * len(pack.game.accepted)
    data.findings = acknowledge(pack, data.findings, matched)
    static = findings + unmatched(pack, matched, complete)
    settings = Settings(games=0, players=(), mode="", seed=seed, jobs=1, bots=())
    folder = out_dir / pack.id / "validation"
    report = report_data(pack.id, settings, static, data)
    write_json(folder / "report.json", report)
    write_html(folder / "report.html", report, data)
    every = static + data.findings
    shown, _, counted = format_findings(every, files).rpartition("\n")
    if shown:
        click.echo(shown)
    click.echo(f"no game played; wrote {folder / 'report.json'} and {folder / 'report.html'} "
               f"({len(data.tables)} tables of the pack's data)")
    click.echo(counted)
    sys.exit(exit_code(every, strict))


def _ladder(pack: Pack, package, seed: int, runner, games: int | None, max_games: int
            ) -> tuple[dict, list[Finding]]:
    """The skill ladder of the run (played once, shown in every mode's report) and its findings: played by a run
    until decided (``--games auto``) up to the default ``--max-games`` or more; a shorter run says so."""
    from pnpforge.engine.ladder import LADDER_MAX, skill_ladder

    if games or max_games < MAX_GAMES_DEFAULT:
        why = f"--games {games}" if games else f"--max-games {max_games}"
        return {"played": False, "steps": [], "why": f"played by --games auto with --max-games {MAX_GAMES_DEFAULT} "
                                                     f"or more, not by a run with {why}"}, []
    return skill_ladder(pack, package, seed, runner, LADDER_MAX, Mark(str(pack.game_doc.path)))


def _metrics(pack: Pack, analysis, tallies: dict, ladder: dict, climbed: list[Finding]) -> None:
    """The standard metrics of one mode's games and the run's skill ladder, into its analysis (the ladder's findings
    only in the first mode's: they are the run's)."""
    from pnpforge.engine.metrics import standard_metrics

    analysis.metrics = {"configurations": standard_metrics(tallies, pack.game.thresholds), "skill_ladder": ladder}
    analysis.findings += climbed


def _native_check(pack: Pack, out_dir: Path) -> list[Finding]:
    """An info at each of the pack's own layouts whose first face the native renderer would draw otherwise than
    WeasyPrint, in each language (``render.verify``). Where a build of the pack already is (``--out``), the verdicts
    are kept in its cache, so that the next build draws those layouts with WeasyPrint without comparing them
    again; validate makes no build folder of its own."""
    from pnpforge.caches.paths import BuildPaths
    from pnpforge.render import verify

    paths = BuildPaths.of(out_dir, pack)
    found = []
    for lang in pack.game.languages:
        cache = paths.cache(lang)
        found += verify.check_layouts(pack, lang, cache / verify.FOLDER if cache.is_dir() else None)
    return found


def _report(pack: Pack, settings, findings: list, analysis, out_dir: Path, runner, first_mode: str,
            modes: list[str], matched: list[bool]) -> tuple[dict, Path]:
    """Write and print the validation report of one mode: in validation/ for the game's first mode, in
    validation/<mode>/ for the others (below <variant>/ for a variant), linked to the reports of the other
    ``modes`` of the run; the report's data and its folder. ``matched`` records the acknowledgements (``accepted:``)
    its findings matched."""
    from pnpforge.engine.executors import summary_line
    from pnpforge.report.validation import report_data, terminal_summary, write_html, write_json

    def place(mode: str) -> str:  # a mode's folder below the run's validation folder
        return "" if mode == first_mode else f"{mode}/"

    up = "../" if place(settings.mode) else ""
    others = [(mode, f"{up}{place(mode)}report.html") for mode in modes if mode != settings.mode]
    analysis.findings = acknowledge(pack, analysis.findings, matched)
    data = report_data(pack.id, settings, findings, analysis, others)
    folder = out_dir / pack.id / "validation"
    folder = folder / settings.variant if settings.variant else folder
    folder = folder / settings.mode if settings.mode != first_mode else folder
    write_json(folder / "report.json", data)
    write_html(folder / "report.html", data, analysis)
    # where the games were played is the run's record beside the report, which stays the same wherever they were
    played_on, record = runner.summary(), folder / "executor.json"
    if played_on is not None:
        write_json(record, played_on)
    else:
        record.unlink(missing_ok=True)  # a record of an earlier run on a cluster would no longer be true
    every = findings + analysis.findings
    click.echo(format_findings(analysis.findings, None).rsplit("\n", 1)[0])
    click.echo(terminal_summary(data, every))
    if played_on is not None:
        click.echo(summary_line(played_on))
    click.echo(f"wrote {folder / 'report.json'} and {folder / 'report.html'}"
               + (f" ({record.name}: where the games were played)" if played_on is not None else ""))
    return data, folder


def _compare(published, package, settings, static: list, data: dict, folder: Path, runner, tallies: dict) -> None:
    """The games the variant played, played again under the published rules (the same deals), and the two reports
    side by side, with each side's change of win share paired deal by deal."""
    from dataclasses import replace

    from pnpforge.report.compare import compare_data, paired_changes, write_compare
    from pnpforge.report.validation import report_data

    base_settings, analysis, base_tallies = simulate(published, package, replace(settings, variant=""), None, runner)
    analysis.findings = acknowledge(published, analysis.findings)
    base = report_data(published.id, base_settings, static, analysis)
    paired = paired_changes(base_tallies, tallies)
    json_path, html_path = write_compare(folder, compare_data(base, data, settings.variant, paired))
    click.echo(f"wrote {json_path} and {html_path} (published rules beside variant {settings.variant})")
