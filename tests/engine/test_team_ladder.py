"""The team ladder's looks and its stop for a step its rungs' limits cannot decide: a slow rung is looked at as often
as the others, at shares of its limit fixed in advance, and a step undecided at the shares seen stops early."""

from __future__ import annotations

from dataclasses import replace

from pnpforge.engine.executors import LocalExecutor
from pnpforge.engine.ladder import skill_ladder
from pnpforge.engine.loop import random_bot
from pnpforge.engine.matches import Pairing
from pnpforge.engine.team_ladder import decidable, look_counts
from pnpforge.engine.validate import schedule

from tests.conftest import DATA
from tests.engine.dice_race import PACKAGE
from tests.engine.registered import pack_at


def test_a_slow_rung_is_looked_at_as_often_as_the_others() -> None:
    plan = schedule(20, 160)
    assert look_counts(160, plan) == [20, 40, 80, 160]
    assert look_counts(8, plan) == [1, 2, 4, 8]
    assert look_counts(3, plan) == [1, 1, 2, 3]
    assert look_counts(400, plan) == plan


def test_a_step_is_decidable_only_if_its_limits_would_decide_it_at_the_shares_seen() -> None:
    z = 3.0
    assert not decidable((0, 20), (0, 20), (160, 160), z)  # nobody wins: no number of games tells them apart
    assert not decidable((1, 20), (0, 20), (160, 160), z)  # 5 % against none, 160 games each: still undecided
    assert decidable((6, 20), (0, 20), (160, 160), z)  # 30 % against none: 160 games each would decide it
    assert decidable((1, 1), (6, 20), (8, 160), z)  # a slow team that won its one game: its 8 could decide it
    assert not decidable((0, 1), (6, 20), (8, 160), z)  # ... and one that lost it: 8 games at none could not
    assert decidable((0, 0), (0, 20), (8, 160), z)  # nothing seen yet: go on


def test_two_equal_teams_stop_before_the_rungs_limits() -> None:
    pack = pack_at(DATA / "dice-race")
    rungs = (Pairing(("random",), mode="co-op"), Pairing(("greedy",), mode="co-op"))
    package = replace(PACKAGE, matches=rungs, bots={"greedy": random_bot, "random": random_bot})
    block, findings = skill_ladder(pack, package, 1, LocalExecutor(1), most=160)
    (step,) = block["teams"]
    assert step["verdict"] == "undecided"
    assert step["stronger_share"]["games"] < 160 and step["weaker_share"]["games"] < 160
    assert [f.severity for f in findings] == ["info"] and "would not decide" in findings[0].message


def test_a_step_between_equal_bots_stops_before_its_limit() -> None:
    pack = pack_at(DATA / "dice-race")
    package = replace(
        PACKAGE, matches=(Pairing(("greedy", "random")),), bots={"greedy": random_bot, "random": random_bot}
    )
    block, findings = skill_ladder(pack, package, 1, LocalExecutor(1), most=160)
    (step,) = block["steps"]
    assert step["verdict"] == "undecided" and step["games"] < 160
    assert [f.severity for f in findings] == ["info"] and "would not decide" in findings[0].message
