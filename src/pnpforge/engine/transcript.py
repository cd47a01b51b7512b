"""Transcripts: a seeded game action by action, then its final position.

``seed_transcript`` prints the game a validator seed stands for (``pnpforge replay GAME --seed N``);
``seed_figure`` draws where it ends, for a game on a table (``replay GAME --seed N --svg FILE``);
``golden_transcript`` writes a package's golden playthrough, compared line by line by the engine test suite.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pnpforge.engine.contract import GamePackage, GoldenGame
from pnpforge.engine.loop import play_game
from pnpforge.engine.playout import Run, play_seed

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack
    from pnpforge.engine.plane_figure import PlaneFigure


def seed_transcript(package: GamePackage, pack: Pack, run: Run, seed: int) -> str:
    """``seed N: player 0 ... (bot), ...``, every action, then the final position."""
    played = play_seed(package, pack, run, seed, transcript=True)
    head = f"seed {seed}: {played.seating.describe()}"
    return "\n".join([head, *(played.transcript or []), "", str(played.state)])


def seed_figure(package: GamePackage, pack: Pack, run: Run, seed: int) -> PlaneFigure | None:
    """The final position of the seed's game as a figure, for a game played on a table (None otherwise)."""
    if package.position_figure is None:
        return None
    return package.position_figure(play_seed(package, pack, run, seed).state)


def golden_transcript(package: GamePackage, pack: Pack, golden: GoldenGame) -> str:
    """The golden playthrough's text: its header, every action, the final position, a closing newline."""
    if package.new_game is None:
        raise ValueError(f"game package '{package.name}' has no engine")
    game = package.new_game(pack, golden.config)
    rng = random.Random(golden.seed)
    bots = [package.bot(name, game, seat, rng) for seat, name in enumerate(golden.bots)]
    lines: list[str] = [golden.header] if golden.header is not None else []
    final = play_game(game, bots, rng, transcript=lines)
    lines += [""] if golden.blank_before_final else []
    lines.append(golden.final(final) if golden.final is not None else str(final))
    return "\n".join(lines) + "\n"
