"""Card impact: a least-squares fit of each player's win share and score on the cards they held (seat and side
held fixed), from sums that merge; cards judged against their peers, and by how often they are taken."""

from __future__ import annotations

import random

from pnpforge.engine.impact import MIN_HELD, fit, impact_findings, one_each, pick_findings
from pnpforge.engine.results import TWELFTHS, count_held
from pnpforge.engine.tally import Tally
from pnpforge.findings import Finding


def played(games: int, effects: dict[str, int], rates: dict[str, float], side_bonus: int = 2, seed: int = 1,
           split: int = 1) -> dict[int, Tally]:
    """Two-player games, sides 'a' and 'b' rotating over the seats, of which each player holds each card with its
    rate. A player's win share in twelfths is 3, plus ``side_bonus`` on side 'b', plus each held card's effect; its
    score the same number. ``split``: the games go into that many tallies (configurations merge by key)."""
    rng = random.Random(seed)
    tallies = {n: Tally() for n in range(split)}
    for game in range(games):
        sides = ("a", "b") if game % 2 else ("b", "a")
        shares, held = [], set()
        for player, side in enumerate(sides):
            share = 3 + (side_bonus if side == "b" else 0)
            for card, rate in rates.items():
                if rng.random() < rate:
                    held.add((card, player, "card"))
                    share += effects.get(card, 0)
            shares.append(share)
        tally = tallies[game % split]
        for player, side in enumerate(sides):
            tally.add(f"wins/seat/{player}", shares[player])
            tally.add(f"wins/side/{side}", shares[player])
        count_held(tally, held, shares, shares, sides, game)
    return tallies


def test_the_fit_recovers_what_each_card_adds_with_side_and_seat_held_fixed() -> None:
    tallies = played(2000, {"star": 4, "dud": -2}, {"star": 0.3, "dud": 0.5, "plain": 0.4})
    wins = fit(tallies, ["star", "dud", "plain", "unheld"], "wins")
    assert set(wins) == {"star", "dud", "plain"}
    assert abs(wins["star"].value - 4 / TWELFTHS) < 0.005 and abs(wins["dud"].value + 2 / TWELFTHS) < 0.005
    assert abs(wins["plain"].value) < 0.005 and wins["star"].error < 0.005  # no noise: exact up to the ridge
    score = fit(tallies, ["star", "dud", "plain"], "score")
    assert abs(score["star"].value - 4) < 0.05 and score["star"].games == sum(
        t.get("held/star/games") for t in tallies.values())


def test_configurations_fit_together_as_one() -> None:
    one = fit(played(1200, {"star": 4}, {"star": 0.3, "plain": 0.4}, seed=3), ["star", "plain"])
    three = fit(played(1200, {"star": 4}, {"star": 0.3, "plain": 0.4}, seed=3, split=3), ["star", "plain"])
    assert abs(one["star"].value - three["star"].value) < 0.01


def test_a_card_far_above_its_peers_is_too_strong_and_the_peers_pass() -> None:
    rates = {f"card-{i}": 0.3 for i in range(5)} | {"star": 0.3}
    tallies = played(3000, {"star": 4}, rates, seed=5)
    found = fit(tallies, list(rates))
    groups = {"equipment costing 1": [(card, None, f"overlay '{card}'") for card in rates]}
    findings, rows = impact_findings(groups, found, 0.10, "wins", lambda card: "")
    assert [(card, f.severity) for card, f in findings] == [("star", "warning")]
    assert findings[0][1].message.startswith(
        "too strong for its peers (equipment costing 1): having it adds +33.3 points to its holder's win share "
        "(95% CI of 6 checks together +33.")
    assert "its peers add +0.0 points on average (± 10 points accepted)" in findings[0][1].message
    assert len(rows) == 6


def test_a_card_held_too_rarely_to_trust_is_undecided_however_large() -> None:
    rates = {f"card-{i}": 0.3 for i in range(4)} | {"rare": 0.004}
    tallies = played(2000, {"rare": 6}, rates, seed=7)
    found = fit(tallies, list(rates))
    assert found["rare"].games < MIN_HELD
    groups = {"orders": [(card, None, f"order '{card}'") for card in rates]}
    findings, _ = impact_findings(groups, found, 0.10, "wins", lambda card: "")
    (card, finding), = findings
    assert card == "rare" and finding.severity == "info" and finding.data["more"] > 1


def test_a_card_taken_far_more_often_than_its_peers() -> None:
    taken = {"coat": (950, 1000), "medal": (760, 1000), "sabre": (290, 1000), "kit": (30, 1000), "exams": (20, 1000)}
    groups = {"equipment costing 1": [(card, None, f"overlay '{card}'") for card in taken]}
    findings, rows = pick_findings(groups, taken, 2.5, lambda card: "")
    assert [(card, f.severity) for card, f in findings] == [("coat", "warning")]
    assert findings[0][1].message.startswith("taken far more often than its peers (equipment costing 1): in 95.0% of "
                                             "the 1000 player-games it could be (95% CI of 5 checks together")
    assert "its peers in 27.5%; up to 82.2% accepted" in findings[0][1].message and len(rows) == 5


def test_over_a_campaign_the_margin_applies_to_single_games() -> None:
    taken = {"medal": (980, 1000), "sabre": (660, 1000), "kit": (670, 1000)}  # held at least once in 3 games
    groups = {"equipment costing 1": [(card, None, f"overlay '{card}'") for card in taken]}
    assert pick_findings(groups, taken, 2.5, lambda card: "")[0]  # as single games: far above its peers
    found, rows = pick_findings(groups, taken, 2.5, lambda card: "", spans=3)
    assert found == [] and rows[0][-1] == 0.665  # 73% of single games against 31%: within 2.5 in log-odds


def test_one_finding_a_card_a_warning_first() -> None:
    def finding(severity: str, text: str) -> Finding:
        return Finding(severity, text)

    chosen = one_each([("a", finding("info", "a taken")), ("b", finding("warning", "b taken"))],
                      [("a", finding("warning", "a wins")), ("b", finding("warning", "b wins"))],
                      [("c", finding("info", "c score"))])
    assert sorted(f.message for f in chosen) == ["a wins", "b taken", "c score"]
