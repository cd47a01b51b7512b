"""``pnpforge sweep``: the published rules and variants of them (``--vary`` expressions: which items, which field,
which values) validated with the same seeds and the same analysis as ``validate``, and a report that sets every
variant beside the published rules."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pnpforge.check.accepted import acknowledge
from pnpforge.check.pack import check_pack
from pnpforge.commands.simulation import (check_executor, echo_shown, executor_for, executor_options, game_options,
                                          settings_for, simulate)
from pnpforge.files import BUILD_DIR
from pnpforge.findings import exit_code
from pnpforge.report.terminal import format_findings, source_line

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack


@click.command()
@click.argument("game")
@click.option("--vary", "varies", multiple=True, metavar="EXPR",
              help="Items, a field and values to try: TYPE:ID.FIELD=A..B (a range), TYPE:*.FIELD=+N (every item "
                   "of the type, a step from its own value; also -N), TYPE:ID.FIELD[0].SUB=A,B,C (a path into a "
                   "list; a list of values). Repeat for more.")
@click.option("--apply-points", "apply_points", type=click.Path(dir_okay=False, path_type=Path), metavar="REPORT",
              help="The report.json of a validate --fit-points run: its fitted costs whose printed cost lies outside "
                   "their interval, played as one variant beside the published rules and written into a copy of the "
                   "pack in <out>/<game>/sweep/fitted-pack/.")
@click.option("--one-at-a-time", is_flag=True, help="Try each value of each --vary alone, the others at their "
                                                    "published values (default: every combination).")
@game_options
@executor_options
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=BUILD_DIR,
              show_default=True, help="The report goes to <out>/<game>/sweep/.")
def sweep(game: str, varies: tuple[str, ...], apply_points: Path | None, one_at_a_time: bool, games: int | None,
          max_games: int,
          players: str | None, mode: str | None, bots: str, seed: int, jobs: int | None, executor: str,
          scheduler: str | None, out_dir: Path) -> None:
    """Validate GAME's published rules and variants of them made by --vary, with the same seeds.

    Each variant is the pack with the values changed in memory, checked against the pack's schema (a value
    outside a field's bounds is an error before any game is played). Writes report.json and report.html to
    build/<game>/sweep/: per variant its changes, each faction's win share with its 95% interval, and the findings
    it raises or clears against the published rules (variant #0).
    """
    from pnpforge.content.vary import FORMS, MAX_VARIANTS, check, variants, vary_pack

    if not varies and apply_points is None:
        raise click.UsageError("say what to vary: --vary EXPR (repeat for more), or --apply-points REPORT")
    check_executor(executor, scheduler, jobs)
    checked = check_pack(game)
    pack, static = checked.pack, list(checked.findings)
    if pack is None or any(f.blocking for f in static):
        click.echo(format_findings(static, checked.files_checked))
        sys.exit(2)
    package = _engine(pack)
    if apply_points is not None:
        varies = varies + _fitted(pack, apply_points, out_dir)
    settings = settings_for(pack, package, games, max_games, players, mode, bots, seed, jobs)
    settings = replace(settings, units_kept=True)  # every variant plays the published rules' deals: pair them
    parsed, problems = check(pack, list(varies))
    wanted = variants(parsed, one_at_a_time) if not problems else []
    if len(wanted) > MAX_VARIANTS:
        click.echo(f"error: {len(wanted)} variants; a sweep plays at most {MAX_VARIANTS} (try --one-at-a-time, or "
                   "fewer values)")
        sys.exit(2)
    packs = []
    for assignments in wanted:
        changed, found = vary_pack(pack, assignments)
        problems += found
        packs.append((assignments, changed))
    if problems:
        _echo_problems(problems, FORMS)
        sys.exit(2)
    echo_shown(static, checked.files_checked)
    with executor_for(executor, settings.jobs, scheduler) as runner:
        entries = _play(pack, package, settings, None if games else max_games, runner, packs)
    _report(pack, package, settings, games, max_games, one_at_a_time, list(varies), entries, out_dir)
    sys.exit(exit_code(static))


def _engine(pack: Pack):
    """The pack's game package, or exit 2: a sweep needs a rules engine to play."""
    from pnpforge.games import load_package

    package = load_package(pack.game.engine)
    if package is None or not package.has_engine or package.analyse is None:
        click.echo(f"{pack.game_doc.path}: error: pack '{pack.id}' has no rules engine, so there is nothing to sweep")
        sys.exit(2)
    return package


def _fitted(pack: Pack, report: Path, out_dir: Path) -> tuple[str, ...]:
    """The fitted costs of a fair-points report whose printed cost lies outside their interval, as ``--vary``
    expressions, after writing them into a copy of the pack (``content/rewrite.py``); exit 2 on a report that cannot
    be read or does not fit the pack."""
    import json

    from pnpforge.content.rewrite import write_copy

    try:
        rows = json.loads(report.read_text(encoding="utf-8")).get("fair_points")
        changes = [(str(r["target"]), r["fitted"]) for r in rows if r.get("outside") and r.get("fitted") is not None]
    except (OSError, ValueError, AttributeError, TypeError, KeyError) as exc:
        click.echo(f"{report}: error: not the report.json of a validate --fit-points run ({exc})")
        sys.exit(2)
    if not changes:
        click.echo(f"{report}: error: no fitted cost lies away from its printed cost, so there is nothing to apply")
        sys.exit(2)
    copy = out_dir / pack.id / "sweep" / "fitted-pack"
    problems = write_copy(pack, changes, copy)
    if problems:
        click.echo("\n".join(f"{report}: error: {problem}" for problem in problems))
        sys.exit(2)
    click.echo(f"wrote {copy}: the pack with {len(changes)} fitted cost{'s' if len(changes) != 1 else ''} applied")
    return tuple(f"{target}={value}" for target, value in changes)


def _echo_problems(problems: list, forms: str) -> None:
    """Each problem with its expression and a caret under the column, the accepted forms, then the count."""
    lines = []
    for problem in problems:
        lines.append(str(problem))
        expression = problem.mark.path[len("--vary '"):-1].replace("'\\''", "'")
        lines += source_line(problem, {problem.mark.path: [expression]})
    lines.append(f"accepted forms: {forms}")
    errors, expressions = len(problems), len({p.mark.path for p in problems})
    lines.append(f"{errors} error{'s' if errors != 1 else ''} in {expressions} --vary "
                 f"expression{'s' if expressions != 1 else ''}")
    click.echo("\n".join(lines))


def _play(pack: Pack, package, settings, max_games, runner, packs) -> list[dict]:
    """The published rules and each variant played with the same seeds (the same deals): their report entries, in
    order, each variant's with its change of win share paired deal by deal against the published rules."""
    from pnpforge.content.vary import canonical
    from pnpforge.report.compare import paired_changes
    from pnpforge.report.sweep import variant_entry, win_shares

    from pnpforge.engine.seating import roles_of

    roles = roles_of(package, pack, settings.mode)
    sides = list(package.factions(pack)) if package.factions is not None else None
    seat_names = list(package.seat_names(pack)) if package.seat_names is not None else None
    if roles is not None:
        sides, seat_names = list(roles.fixed + roles.rotating) if roles.sided else None, None
    total = len(packs) + 1
    entries: list[dict] = []
    published: tuple | None = None
    for number, (assignments, changed) in enumerate([((), pack)] + packs):
        same = number > 0 and _same_items(pack, changed)
        if same:
            played = published
        else:
            title = f"{pack.id} ({settings.mode}) {'published rules' if not number else f'variant {number}'}"
            step = replace(settings, vary=canonical(assignments))
            played = simulate(changed, package, step, max_games, runner, f"{title} ({number + 1}/{total})")
            played[1].findings = acknowledge(changed, played[1].findings)
        if number == 0:
            published = played
        assert played is not None  # the published rules are played first
        step, analysis, tallies = played
        entries.append(variant_entry(number, [a.text() for a in assignments], step.games, tallies,
                                     analysis.findings, win_shares(tallies, sides, seat_names, roles),
                                     0 if same else None))
        if number and published is not None:
            entries[-1]["paired_change"] = paired_changes(published[2], tallies)
    return entries


def _same_items(pack: Pack, changed) -> bool:
    """Whether a variant changed nothing (every value it sets is the published one)."""
    return all(a.values == b.values for name in pack.items for a, b in zip(pack.items[name], changed.items[name]))


def _report(pack: Pack, package, settings, games, max_games, one_at_a_time, varies, entries, out_dir) -> None:
    from pnpforge.engine.seating import roles_of
    from pnpforge.engine.validate import configurations
    from pnpforge.report.sweep import configuration_label, summary_lines, sweep_data, write_sweep

    players = {configuration_label(k): run.players for k, run in configurations(pack, package, settings).items()}
    options = {"games": games if games else "auto", **({} if games else {"max_games": max_games}),
               "players": list(settings.players), "mode": settings.mode, "seed": settings.seed,
               "bots": list(settings.bots), "one_at_a_time": one_at_a_time}
    roles = roles_of(package, pack, settings.mode)
    sided = package.factions is not None if roles is None else roles.sided
    data = sweep_data(pack.id, options, varies, "faction" if sided else "seat", players, entries)
    json_path, html_path = write_sweep(out_dir / pack.id / "sweep", data)
    click.echo("\n".join(summary_lines(data)))
    click.echo(f"wrote {json_path} and {html_path}")
