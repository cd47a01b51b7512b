"""Fair points: for each priced item a game package names (a section, an upgrade), the points value at which the
force holding it wins half its games against a reference force, fitted from games at a few trial values.

The game package says what to fit (``GamePackage.fair_points``: a ``FitPlan`` of ``Subject``s). A trial value enters
the games through the pack: each trial is the pack with the subject's cost set to it (a sweep's assignment,
``content/vary.py``), and the game builds its forces from the pack's costs to a points limit (``spend`` helps: what
a cheaper item leaves buys more models elsewhere, a dearer one costs models). So the question asked is the
designer's: at what price is this item worth the other things the same points would buy?

Every trial value plays the same paired units (the deals do not depend on the pack's values:
``engine/simulate.py``'s ``game_seed``), so the differences between trials are the price's and not the dice's;
``engine/fair_fit.py`` fits the value at even odds and its interval. ``docs/why/fair-points.md`` states the method,
its assumptions and its limits.
"""

from __future__ import annotations

import math
from fractions import Fraction
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Sequence, TypeVar

from pnpforge.engine.executors import Executor, LocalExecutor
from pnpforge.engine.fair_fit import Fit, fit
from pnpforge.engine.paired import kept, kept_margins
from pnpforge.engine.playout import Run
from pnpforge.engine.seating import unit_size
from pnpforge.engine.simulate import CHUNK, chunks
from pnpforge.engine.validate import Analysis, Table
from pnpforge.engine.verdicts import z_score
from pnpforge.findings import Finding, Mark

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack
    from pnpforge.engine.contract import GamePackage

Points = TypeVar("Points", int, Fraction)  # whole points, or exact fractions of them
FACTORS = (0.5, 0.75, 1.0, 1.25, 1.5)  # trial values as shares of the printed cost, unless the pack says otherwise
UNITS = 100  # paired units per trial value, unless the pack says otherwise (``thresholds.fair_points_units``)


@dataclass(frozen=True)
class Subject:
    """One priced thing to fit: its name in the report, the field that holds its cost (``TYPE:ID.PATH``, as
    ``--vary`` writes it), its printed cost, the side whose force holds it and the games that weigh it (its force
    against the reference force; the same ``Run`` at every trial value)."""

    name: str
    target: str
    printed: int
    side: str
    run: Run
    mark: Mark | None = None


@dataclass(frozen=True)
class FitPlan:
    """What a game package asks the fit to weigh: its subjects, the trial values as shares of each printed cost,
    the paired units played per trial value (at most, with ``step``), and ``step``: when above zero, the units are
    played that many at a time and each subject's fit looked at after every step, stopping once it decides
    (``looked``); zero plays them all and looks once."""

    subjects: tuple[Subject, ...]
    factors: tuple[float, ...] = FACTORS
    units: int = UNITS
    step: int = 0
    statistic: str = "wins"  # what the fit judges by: ``wins`` (the win share) or ``margin`` (the score margin)

    @property
    def looks(self) -> int:
        """The looks planned at each subject's games (the error of the intervals is shared over them)."""
        return -(-self.units // self.step) if 0 < self.step < self.units else 1


@dataclass(frozen=True)
class FairRow:
    """A subject's row of the report: printed and fitted cost with the interval (None: not fitted), and whether the
    printed cost lies outside it."""

    section: str
    printed: int
    fitted: int | None
    low: int | None
    high: int | None
    outside: bool
    trials: tuple[tuple[int, float, int], ...] = field(default=())  # (value, wins, games)
    target: str = ""  # the field that holds the cost (``Subject.target``): what ``sweep --apply-points`` changes
    statistic: str = "wins"  # what the trials' second figure is: wins in games, or the summed score margin

    def to_json(self) -> dict[str, Any]:
        return {
            "section": self.section,
            "printed": self.printed,
            "fitted": self.fitted,
            "low": self.low,
            "high": self.high,
            "outside": self.outside,
            "target": self.target,
            "trials": [{"value": v, self.statistic: round(w, 4), "games": g} for v, w, g in self.trials],
        }


def spend(points: Points, options: Sequence[tuple[Any, Points, int, int, int]]) -> tuple[dict[Any, int], Points]:
    """Models added (or, with ``points`` below zero, taken away) to spend ``points`` on ``options`` of
    ``(key, cost per model, models now, fewest, most)``: one model at a time over the options in turn, as long as
    the points allow (a dearer item leaves less: models come off until the force is within its limit). The models
    of each option and the points left (never below zero unless nothing more can come off)."""
    models = {key: now for key, _, now, _, _ in options}
    moved = True
    while moved:
        moved = False
        for key, cost, _, fewest, most in options:
            if points < 0 and models[key] > fewest and cost > 0:
                models[key] -= 1
                points += cost
                moved = True
            elif points >= cost > 0 and models[key] < most:
                models[key] += 1
                points -= cost
                moved = True
    return models, points


def trial_values(printed: int, factors: Sequence[float]) -> tuple[int, ...]:
    """The trial values of a printed cost: each factor of it, rounded to whole points, at least one, none twice."""
    return tuple(sorted({max(1, round(printed * f)) for f in factors}))


def play_subject(
    pack: Pack,
    package: GamePackage,
    subject: Subject,
    values: Sequence[int],
    units: int,
    seed: int,
    executor: Executor,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    first: int = 0,
    statistic: str = "wins",
) -> list[dict[int, tuple[float, int]]]:
    """The subject's side's wins (or score margins, ``statistic="margin"``) per paired unit at each trial value, every
    value on the same units (``units`` of them from unit number ``first``)."""
    unit = unit_size(package, pack, subject.run)
    games = units * unit
    size = min(CHUNK, max(unit, math.ceil(games / max(1, jobs))))
    found = []
    for value in values:
        work = chunks(
            pack.root,
            package,
            subject.run,
            seed,
            games,
            size,
            vary=f"{subject.target}={value}",
            first=first * unit,
            unit=unit,
            keep=True,
        )
        tally = executor.run(work, progress)
        found.append((kept_margins if statistic == "margin" else kept)(tally, f"side/{subject.side}"))
    return found


def fit_points(
    pack: Pack,
    package: GamePackage,
    plan: FitPlan,
    seed: int,
    executor: Executor | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    done: Callable[[FairRow], None] | None = None,
) -> list[FairRow]:
    """Every subject of ``plan`` fitted: its row, the intervals holding for all the subjects together and over all
    the planned looks (Bonferroni: a printed cost is flagged when it lies outside its subject's interval).
    ``done`` hears each row as soon as its subject is fitted (a long pass shows its rows as they come)."""
    executor = executor or LocalExecutor(jobs)
    z = z_score(max(1, len(plan.subjects)) * plan.looks)
    rows = []
    for subject in plan.subjects:
        values = list(trial_values(subject.printed, plan.factors))
        wins, found, units = looked(pack, package, subject, values, plan, z, seed, executor, jobs, progress)
        more = beyond(found, values, plan.statistic)
        if more:  # the crossing lies beyond the trials: a second look around it, on the same units
            wins += play_subject(
                pack, package, subject, more, units, seed, executor, jobs, progress, statistic=plan.statistic
            )
            values += more
            found = fit(values, wins, z, plan.statistic)
        rows.append(row(subject, found, plan.statistic))
        if done:
            done(rows[-1])
    return rows


def looked(
    pack: Pack,
    package: GamePackage,
    subject: Subject,
    values: Sequence[int],
    plan: FitPlan,
    z: float,
    seed: int,
    executor: Executor,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> tuple[list[dict[int, tuple[float, int]]], Fit, int]:
    """The subject's games, ``plan.step`` paired units at a time (all at once without a step), and its fit after
    each step: it stops once the fit decides (a bounded interval) or cannot decide within ``plan.units`` (``futile``).
    Stopping early is sound because ``z`` is shared over every planned look. The wins, the fit and the units
    played."""
    step = plan.step if 0 < plan.step < plan.units else plan.units
    wins: list[dict[int, tuple[float, int]]] = [{} for _ in values]
    played = 0
    while True:
        count = min(step, plan.units - played)
        more = play_subject(
            pack,
            package,
            subject,
            values,
            count,
            seed,
            executor,
            jobs,
            progress,
            first=played,
            statistic=plan.statistic,
        )
        for found_at, new in zip(wins, more):
            found_at.update(new)
        played += count
        found = fit(values, wins, z, plan.statistic)
        if played >= plan.units or found.fitted is not None or futile(found, played, plan.units, z):
            return wins, found, played


def futile(found: Fit, played: int, most: int, z: float) -> bool:
    """Whether a fit not yet decided would not decide within ``most`` units either, judged once a third of them are
    played: its slope is not falling, or is clear of zero by less than ``z`` standard errors even when the error
    shrinks as the root of the units it would have. Stopping then never reports a cost; it spends the units where
    a decision can come."""
    if found.spread <= 0 or played * 3 < most:
        return False
    return found.slope >= 0 or -found.slope / found.spread * math.sqrt(most / played) < z


def beyond(found: Fit, values: Sequence[int], statistic: str = "wins") -> list[int]:
    """Trial values for a second look when the crossing lies outside the trials played: around a fitted crossing
    beyond them (at most 2.5 times the highest trial), or, where the side won (lost) clearly more than half at every
    trial (by more than a tenth), half as much again above the highest (below the lowest); the value and a tenth
    either side, those not played yet. None when the crossing lies among the trials, or the share hardly moves (a
    fit by the margin looks again only around a fitted crossing)."""
    if found.fitted is not None:
        if min(values) <= found.fitted <= max(values):
            return []
        centre = found.fitted
    elif statistic == "margin":
        return []
    else:
        shares = [t.share for t in found.trials]
        if shares and min(shares) > 0.6:
            centre = 1.5 * max(values)
        elif shares and max(shares) < 0.4:
            centre = 0.5 * min(values)
        else:
            return []
    centre = min(max(1.0, centre), 2.5 * max(values))
    return [v for v in sorted({max(1, round(centre * f)) for f in (0.9, 1.0, 1.1)}) if v not in values]


def row(subject: Subject, found: Fit, statistic: str = "wins") -> FairRow:
    """The report's row of a subject's fit, in whole points."""
    trials = tuple((t.value, t.wins, t.games) for t in found.trials)
    if found.fitted is None or found.low is None or found.high is None:
        return FairRow(subject.name, subject.printed, None, None, None, False, trials, subject.target, statistic)
    return FairRow(
        subject.name,
        subject.printed,
        round(found.fitted),
        math.floor(found.low),
        math.ceil(found.high),
        found.excludes(subject.printed),
        trials,
        subject.target,
        statistic,
    )


def analysis(plan: FitPlan, rows: list[FairRow], marks: dict[str, Mark | None] | None = None) -> Analysis:
    """The fit as a report's analysis: the table of printed and fitted costs side by side, a finding for each
    printed cost outside its interval (a warning) or not fitted (info), and the rows under ``fair_points``."""
    marks = marks or {s.name: s.mark for s in plan.subjects}
    result = Analysis()
    family = len(rows)
    together = f"95% interval of {family} fits together" if family > 1 else "95% interval"
    if plan.looks > 1:
        together += f" over {plan.looks} looks each"
    margin = plan.statistic == "margin"
    even = "its score margin is even" if margin else "its force wins half its games"
    shown_as = "mean score margin" if margin else "win share"

    def measured(value: int, won: float, games: int) -> str:
        return f"{value}: {won / games:+.2f}" if margin else f"{value}: {won / games:.0%}"

    table_rows = []
    for r in rows:
        shown = "not fitted" if r.fitted is None else f"{r.fitted}"
        interval = "" if r.low is None else f"{r.low} to {r.high}"
        verdict = "outside" if r.outside else ("no fit" if r.fitted is None else "inside")
        shares = ", ".join(measured(v, w, g) for v, w, g in sorted(r.trials) if g)
        table_rows.append([r.section, r.printed, shown, interval, verdict, r.trials[0][2] if r.trials else 0, shares])
        if r.outside:
            result.findings.append(
                Finding(
                    "warning",
                    f"printed at {r.printed} points, but {even} at {r.fitted} ({together}: {r.low} to {r.high})",
                    mark=marks.get(r.section),
                    subject=r.section,
                    rule="fair-points",
                )
            )
        elif r.fitted is None:
            spread = ", ".join(measured(v, w, g) for v, w, g in r.trials if g)
            result.findings.append(
                Finding(
                    "info",
                    f"no fair cost fitted: the {shown_as} does not move clearly with its cost at "
                    f"the trial values ({spread})",
                    mark=marks.get(r.section),
                    subject=r.section,
                    rule="fair-points",
                )
            )
    result.tables.append(
        Table(
            f"Printed and fitted costs ({together}; {plan.units} paired units per trial value"
            + (f" at most, looked at every {plan.step})" if plan.looks > 1 else ")"),
            ["item", "printed", "fitted", "interval", "printed cost", "games per trial", shown_as + "s"],
            table_rows,
        )
    )
    result.summary["fair_points"] = {
        "units_per_trial": plan.units,
        "step": plan.step,
        "factors": list(plan.factors),
        "statistic": plan.statistic,
        "subjects": len(rows),
        "outside": sum(r.outside for r in rows),
    }
    result.fair_points = [r.to_json() for r in rows]
    return result
