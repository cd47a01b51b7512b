"""One cell of the exact odds tables against a million seeded throws (``make robustness``): the Gardner Heavy
Machine Gun at effective range, regular shots, at the Line Infantry in soft cover. The dice and the saves are
thrown face by face with numpy; allocation, saves and losses follow ``damage.py``. The sampled mean LP removed and
the sampled chance of removing any LP lie within the 99.9% interval around the exact figures."""

from __future__ import annotations

import math

import numpy as np
import pytest

from pnpforge.content.pack import load_pack
from pnpforge.engine.pool_odds import decimal
from pnpforge.games.dystopian_legions import damage, odds, odds_tables
from pnpforge.games.dystopian_legions.data import Section

from tests.conftest import REPO

THROWS = 1_000_000
Z = 3.29  # two-sided 99.9%
SEED = 6071


def _successes(rng: np.random.Generator, throws: int, dice: int) -> np.ndarray:
    """Blue dice at 4+: a 4 or 5 is one success, a 6 two."""
    faces = rng.integers(1, 7, size=(throws, dice), dtype=np.int8)
    return ((faces >= 4).astype(np.int16) + (faces == 6)).sum(axis=1)


def _sampled_lp(chain: tuple[damage.ChainModel, ...], dice: int, rng: np.random.Generator) -> np.ndarray:
    hits = _successes(rng, THROWS, dice)
    lost = np.zeros(THROWS, dtype=np.int16)
    for count in np.unique(hits):
        rows = np.nonzero(hits == count)[0]
        allocated = damage.allocate(int(count), chain)
        pool = damage.save_pool(allocated, chain)
        assert set(pool) <= {"blue"}
        saves = _successes(rng, len(rows), pool["blue"]) if pool else np.zeros(len(rows), dtype=np.int16)
        table = np.array([damage.losses(damage.cancel(allocated, v), chain).total_lp for v in range(saves.max() + 1)])
        lost[rows] = table[saves]
    return lost


@pytest.mark.slow
def test_a_cell_against_a_million_throws() -> None:
    pack, problems = load_pack(REPO / "content" / "dystopian-legions")
    assert pack is not None and problems == []
    kit = odds.Kit(pack)
    gun = kit.data.weapons["gardner-heavy-machine-gun"]
    dice = odds.weapon_dice(gun, "effective")
    assert dice == {"blue": 8}
    line: Section = kit.data.sections["kob-line-infantry"]
    chain = odds.chain(kit, line, "soft")
    exact = kit.shoot(dice, odds.QUALITIES["regular"], chain)
    report = odds_tables.weapon_odds(pack).tables[0].rows
    row = next(r for r in report if r[0] == gun.name and r[1] == "effective" and r[3] == line.name)
    assert row[7] == decimal(exact.expected_lp)  # the cell: LP removed by regular shots in soft cover

    lost = _sampled_lp(chain, 8, np.random.default_rng(SEED))
    mean = float(exact.expected_lp)
    variance = float(sum(n * n * p for n, p in exact.lp.items())) - mean * mean
    assert abs(lost.mean() - mean) <= Z * math.sqrt(variance / THROWS)
    share = float(exact.any_lp)
    assert abs((lost >= 1).mean() - share) <= Z * math.sqrt(share * (1 - share) / THROWS)
