"""Progress on long work, as commands show it: a bar on a terminal, a line per stage in a log or a pipe.

``progress(label)`` returns ``(step, done)``: the work calls ``step(what, count)`` as it goes (a stage is named by
``what``; counts add up within a stage) and the command calls ``done()`` at the end. In a log each stage gets one
line when it ends, with its count and seconds. ``err`` sends it to stderr, for commands whose stdout is their
result.
"""

from __future__ import annotations

import sys
import time
from typing import Callable

import click

Step = Callable[[str, int], None]


def progress(label: str, err: bool = False) -> tuple[Step, Callable[[], None]]:
    """``(step, done)``: a bar when the stream is a terminal (started at the first step), else stage lines."""
    if (sys.stderr if err else sys.stdout).isatty():
        return _bar(label, err)
    lines = StageLines(label, err)
    return lines, lines.flush


def _bar(label: str, err: bool) -> tuple[Step, Callable[[], None]]:
    """A rich progress bar that goes away when the work is done."""
    from rich.console import Console  # noqa: PLC0415 - loaded only on a terminal
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn  # noqa: PLC0415

    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   transient=True, console=Console(stderr=err))
    task = bar.add_task(f"{label}: rendering", total=None)
    started: list[bool] = []

    def step(what: str, count: int) -> None:
        if not started:
            bar.start()
            started.append(True)
        bar.update(task, description=f"{label}: {what}", advance=count)

    return step, bar.stop


class StageLines:
    """One line per stage, with its count and seconds, when the stage ends."""

    def __init__(self, label: str, err: bool = False):
        self.label, self.err = label, err
        self.stage: str | None = None
        self.count = 0
        self.since = time.monotonic()  # when the last stage ended (or the lines were made): the next began then

    def __call__(self, what: str, count: int) -> None:
        if what != self.stage:
            self.flush()
            self.stage, self.count = what, 0
        self.count += count

    def flush(self) -> None:
        now = time.monotonic()
        if self.stage is not None:
            click.echo(f"{self.label}: {self.stage}: {self.count} in {now - self.since:.1f} s", err=self.err)
            self.since = now
        self.stage = None
