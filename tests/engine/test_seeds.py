"""Each game's seed is hashed from the run's seed, the configuration and the game's number: runs with different
seeds share no game, and seats and factions still rotate evenly."""

from __future__ import annotations

import hashlib
from collections import Counter

from pnpforge.engine.packs import cached_pack
from pnpforge.engine.playout import Run, play_seed
from pnpforge.engine.seating import seat
from pnpforge.engine.simulate import SEAT_CYCLE, game_seed
from pnpforge.games.legion_siberian_story import PACKAGE

from tests.games.legion_siberian_story.helpers import PACK_DIR

RUN = Run(players=2, bots=("random",))
GAMES = 30


def transcripts(seed: int) -> set[str]:
    """The hash of each game's transcript in the first games of a run started with ``seed``."""
    pack = cached_pack(str(PACK_DIR.resolve()))
    found = set()
    for index in range(GAMES):
        played = play_seed(PACKAGE, pack, RUN, game_seed(seed, RUN, index), transcript=True)
        found.add(hashlib.sha256("\n".join(played.transcript).encode()).hexdigest())
    return found


def test_runs_with_seeds_11_and_12_share_no_game() -> None:
    eleven, twelve = transcripts(11), transcripts(12)
    assert len(eleven) == len(twelve) == GAMES  # and within a run, every game differs
    assert not eleven & twelve


def test_the_same_seed_plays_the_same_games_and_each_configuration_its_own() -> None:
    assert [game_seed(11, RUN, k) for k in range(5)] == [game_seed(11, RUN, k) for k in range(5)]
    other = Run(players=3, bots=("random",))
    assert not {game_seed(11, RUN, k) for k in range(100)} & {game_seed(11, other, k) for k in range(100)}


def test_seats_and_factions_rotate_as_evenly_as_consecutive_numbers() -> None:
    pack = cached_pack(str(PACK_DIR.resolve()))
    assert all(game_seed(5, RUN, k) % SEAT_CYCLE == k for k in range(50))
    sides = Counter(seat(PACKAGE, pack, RUN, game_seed(5, RUN, k)).sides for k in range(120))
    assert len(sides) == 12 and set(sides.values()) == {10}  # each faction pair in both seat orders, equally often
