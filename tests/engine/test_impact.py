"""Card impact: a card's holders' wins against what their sides win anyway, judged against its peers' lift."""

from __future__ import annotations

from pnpforge.engine.impact import impacts, impact_findings
from pnpforge.engine.results import TWELFTHS
from pnpforge.engine.tally import Tally


def tally_of(sides: dict[str, tuple[int, int]], held: dict[str, dict[str, tuple[int, int]]]) -> Tally:
    """A configuration's tally: each side's (games, wins) and each item's (games, wins) by side."""
    tally = Tally()
    for side, (games, wins) in sides.items():
        tally.add(f"played/side/{side}", games)
        tally.add(f"wins/side/{side}", wins * TWELFTHS)
        tally.add(f"played/seat/{len(side)}", games)
        tally.add(f"wins/seat/{len(side)}", wins * TWELFTHS)
    for item, by_side in held.items():
        for side, (games, wins) in by_side.items():
            tally.add(f"held/{item}/games", games, 1)
            tally.add(f"held/{item}/wins", wins * TWELFTHS, 1)
            tally.add(f"held/{item}/side/{side}", games, 1)
    return tally


def test_expected_wins_follow_the_sides_that_held_the_card() -> None:
    tally = tally_of({"strong": (1000, 600), "weak": (1000, 400)},
                     {"sabre": {"strong": (300, 180), "weak": (100, 40)}})
    found = impacts({2: tally}, ["sabre", "unheld"])
    assert set(found) == {"sabre"}
    assert found["sabre"].games == 400 and found["sabre"].wins == 220
    assert abs(found["sabre"].expected - (300 * 0.6 + 100 * 0.4)) < 1e-9 and abs(found["sabre"].lift) < 1e-9


def test_a_card_far_above_its_peers_is_too_strong_and_one_like_them_passes() -> None:
    sides = {"a": (4000, 2000), "b": (4000, 2000)}
    held = {f"card-{i}": {"a": (500, 275), "b": (500, 275)} for i in range(5)}  # peers: +5 points over their sides
    held["star"] = {"a": (500, 400), "b": (500, 400)}  # +30 points
    found = impacts({2: tally_of(sides, held)}, held)
    groups = {"equipment costing 1": [(item, None, f"overlay '{item}'") for item in held]}
    findings, rows = impact_findings(groups, found, 0.10, lambda item: "")
    warned = [f for f in findings if f.severity == "warning"]
    assert [f.subject for f in warned] == ["overlay 'star'"]
    assert warned[0].message.startswith("too strong for its peers (equipment costing 1): its holders won 80.0% of "
                                        "the 1000 games they had it (95% CI")
    assert "at its peers' lift they would win 55.0% ± 10 points" in warned[0].message
    assert len(rows) == 6 and all(f.subject == "overlay 'star'" for f in findings)  # the peers are within it
