"""Test helpers: run the CLI in-process and capture what a user would see."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from click.testing import CliRunner

from pnpforge.cli import cli
from pnpforge.content.pack import Pack, load_pack


@dataclass
class Run:
    code: int
    output: str

    @property
    def lines(self) -> list[str]:
        return self.output.splitlines()


def run_cli(*args: str) -> Run:
    """Run ``pnpforge ARGS`` and return its exit code and output (stdout and stderr together)."""
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return Run(result.exit_code, result.output)


def ship_faces_with(tmp_path: Path, first_line: str) -> tuple[Path, Run]:
    """A copy of the harbour-lights fixture whose ship template starts with ``first_line``, and what building its
    faces says: the template's path and the run."""
    pack = tmp_path / "harbour-lights"
    shutil.copytree(Path(__file__).parent / "data" / "harbour-lights", pack)
    template = pack / "layouts" / "ship.html"
    template.write_text(first_line + "\n" + template.read_text(encoding="utf-8"), encoding="utf-8")
    return template, run_cli("build", str(pack), "--only", "faces", "--lang", "en", "--out", str(tmp_path / "out"))


def open_tables(game: Any, players: int, determinize: Callable, public: Callable, limit: int) -> list[dict]:
    """The open table (``public``) after each of the first ``limit`` actions of ``game`` played by ``players``
    random players, each checked to be the same in every world a player cannot tell apart (``determinize``)."""
    import random

    from pnpforge.engine.loop import RandomBot, play_game

    seen: list[dict] = []

    def compare(now: Any, action: Any) -> None:
        if now.is_terminal() or len(seen) > limit:
            return
        seen.append(public(now))
        for player in range(now.n):
            assert public(determinize(now, player, random.Random(len(seen)))) == seen[-1]

    play_game(game, [RandomBot()] * players, random.Random(4), after_action=compare)
    return seen


def edit(path: Path, old: str, new: str, after: str = "") -> tuple[int, int]:
    """Put ``new`` in place of the first ``old`` after ``after`` in a pack's file; return the 1-based line and column
    where ``old`` stood (where a finding about it points)."""
    text = path.read_text(encoding="utf-8")
    at = text.index(old, text.index(after) if after else 0)
    path.write_text(text[:at] + new + text[at + len(old):], encoding="utf-8")
    return text[:at].count("\n") + 1, at - text.rfind("\n", 0, at)


@lru_cache(maxsize=None)
def shipped_pack(root: Path) -> Pack:
    """A pack as shipped, loaded once per test session; loading it must give no problem at all."""
    pack, problems = load_pack(root)
    assert pack is not None and problems == [], [str(p) for p in problems]
    return pack
