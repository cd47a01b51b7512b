"""Paired units: one deal played in every seating, and the unit as the sample of the shares that compare seats."""

from __future__ import annotations

import random

import pytest

from pnpforge.engine.contract import GamePackage
from pnpforge.engine.paired import add_unit, compare_wins, effective_trials, interval, keep_unit, unit_difference, wins
from pnpforge.engine.playout import Run, streams
from pnpforge.engine.seating import Roles, seat, unit_size
from pnpforge.engine.simulate import chunks, game_seed, run_chunk
from pnpforge.engine.stats import wilson
from pnpforge.engine.tally import Tally

from tests.conftest import DATA
from tests.engine.coin_toss import PACKAGE as COIN

SIDES = ("a", "b", "c", "d")
FACTIONS = GamePackage("probe", factions=lambda pack: SIDES)
COLOURS = GamePackage("probe", seat_names=lambda pack: ("black", "white"))
VERSUS = GamePackage("probe", roles=lambda pack, mode: Roles(rotating=SIDES, fixed=("boss",)))


@pytest.mark.parametrize(
    "package, run, size",
    [
        (FACTIONS, Run(players=3), 3),  # every rotation of the seats
        (FACTIONS, Run(players=2, bots=("x", "y")), 4),  # ... times every place of the bots
        (COLOURS, Run(players=2), 1),  # nothing turns: a unit is a game
        (COLOURS, Run(players=2, bots=("x", "y")), 2),
        (VERSUS, Run(players=3), 2),  # the fixed side keeps its seat; the others turn over two
    ],
)
def test_a_unit_holds_every_seating_of_one_combination(package, run, size) -> None:
    assert unit_size(package, None, run) == size
    for first in (0, size, 5 * size):
        seatings = {(s.sides, s.bots) for s in (seat(package, None, run, first + k) for k in range(size))}
        assert len(seatings) == size  # each seating once
        assert len({frozenset(sides) for sides, _ in seatings}) == 1  # one combination of sides


def test_the_games_of_a_unit_share_their_deal_and_no_other_unit_does() -> None:
    run = Run(players=3)
    seeds = [game_seed(7, run, index, 3) for index in range(9)]
    deals = [streams(s)[0].random() for s in seeds]
    assert deals[0] == deals[1] == deals[2] != deals[3] == deals[4] == deals[5] != deals[6]
    assert len({streams(s)[1].random() for s in seeds}) == 9  # the bots' streams are each game's own
    small = streams(12)  # a seed typed by hand: bots and chance draw from one stream, as before
    assert small[0] is small[1] and small[0].random() == random.Random(12).random()


def test_chunks_hold_whole_units_and_merge_to_the_same_tally() -> None:
    root = DATA / "dice-race"
    run = Run(players=2, bots=("random",))
    with pytest.raises(ValueError, match="inside a paired unit"):
        chunks(root, COIN, run, 1, 10, unit=2, first=3)
    assert [c.count for c in chunks(root, COIN, run, 1, 10, size=3, unit=2)] == [4, 4, 2]
    whole = run_chunk(chunks(root, COIN, run, 1, 12, size=12, unit=2)[0])
    parts = Tally()
    for chunk in chunks(root, COIN, run, 1, 12, size=4, unit=2):
        parts.merge(run_chunk(chunk))
    assert whole.counts == parts.counts and whole.get("units") == 6
    # the coin says which seat wins, whoever sits there: each side wins exactly one game of every unit
    assert effective_trials(whole, "wins/side/heads", 12).share == 0.5
    assert whole.get("unit/sq/wins/side/heads") == 6 * 12 * 12


def unit_tally(units: list[list[tuple[str, int, float]]]) -> Tally:
    """A tally of units, each a list of games ``(side in seat 0, seat that won, ...)``; two seats, sides a and b."""
    tally = Tally()
    for number, games in enumerate(units):
        unit = Tally()
        for first, winner in games:
            seated = (first, "b" if first == "a" else "a")
            unit.add("games")
            for p, side in enumerate(seated):
                for who in (f"seat/{p}", f"side/{side}"):
                    unit.add(f"played/{who}")
                    unit.add(f"wins/{who}", 12 if p == winner else 0)
        tally.merge(unit)
        add_unit(tally, unit)
        keep_unit(tally, number, unit)
    return tally


def deal_units(rng: random.Random, units: int, stick: float, edge: float) -> list[list[tuple[str, int]]]:
    """Units of two games, side a first in one and second in the other. The deal favours a seat (the first with
    probability ``0.5 + edge``) and a game goes to that seat with probability ``stick``, else to either seat."""
    made = []
    for _ in range(units):
        favoured = 0 if rng.random() < 0.5 + edge else 1
        made.append([(first, favoured if rng.random() < stick else rng.randrange(2)) for first in ("a", "b")])
    return made


def test_the_paired_interval_covers_the_truth_about_95_percent_of_the_time() -> None:
    rng = random.Random(55)
    runs, units, stick, edge = 300, 60, 0.7, 0.1
    truth = {"side/a": 0.5, "seat/0": stick * (0.5 + edge) + (1 - stick) * 0.5}
    covered = dict.fromkeys(truth, 0)
    naive = dict.fromkeys(truth, 0)  # the games counted as independent
    for _ in range(runs):
        tally = unit_tally(deal_units(rng, units, stick, edge))
        for who, true in truth.items():
            low, high = interval(wins(tally, who))
            covered[who] += low <= true <= high
            low, high = wilson(tally.get(f"wins/{who}") / 12, tally.get(f"played/{who}"))
            naive[who] += low <= true <= high
    assert all(0.92 * runs <= covered[who] <= 0.98 * runs for who in truth), covered
    # the first seat's two games of a unit go the same way: counted as independent, its interval is too narrow
    assert naive["seat/0"] < 0.90 * runs, naive
    # a side meets both seats on the same deal: the unit takes the deal's seat out of its share
    assert wins(unit_tally(deal_units(rng, units, stick, edge)), "side/a").effective > 2 * units


def test_few_units_never_claim_more_than_their_games_and_units_of_one_game_are_plain() -> None:
    few = unit_tally([[("a", 0), ("b", 0)]] * 5 + [[("a", 1), ("b", 1)]] * 5)
    assert few.get("units") == 10 and wins(few, "side/a").effective == 20  # no residual, but too few units
    assert wins(few, "seat/0").effective == pytest.approx(9.0)  # both games of a unit alike: about one per unit
    single = unit_tally([[("a", p % 2)] for p in range(30)])
    assert wins(single, "seat/0").effective == 30
    every = unit_tally([[("a", 0), ("b", 0)]] * 30)  # the first seat always wins: as many trials as units
    assert wins(every, "seat/0").effective == 30


def test_a_variant_on_the_same_deals_is_compared_by_paired_differences() -> None:
    rng = random.Random(3)
    base = deal_units(rng, 200, 0.8, 0.0)
    variant = [[(first, winner) for first, winner in unit] for unit in base]
    for unit in variant[:20]:  # the variant gives side a ten more games of two hundred units' four hundred
        unit[:] = [(first, 0 if first == "a" else 1) for first, _ in unit]
    before, after = unit_tally(base), unit_tally(variant)
    found = compare_wins(before, after, "side/a")
    assert found is not None and found["units"] == 200 and found["apart"] and found["low"] > 0
    # the same change judged as two independent samples: their intervals overlap
    (a, b), (c, d) = (wilson(tally.get("wins/side/a") / 12, tally.get("played/side/a")) for tally in (before, after))
    assert found["difference"] > 0 and c < b
    assert unit_difference({0: (1.0, 2)}, {0: (1.0, 2)}) is None  # one shared unit: no variance
