"""The validator's weighing of Journey's action cards, narrowed to the cards whose checks are still open."""

from __future__ import annotations

from functools import lru_cache

from pnpforge.engine.playout import Run, play_seed
from pnpforge.engine.simulate import play_and_tally
from pnpforge.engine.tally import Tally
from pnpforge.engine.validate import Settings
from pnpforge.engine.verdicts import sequential
from pnpforge.games.legion_siberian_journey import PACKAGE
from pnpforge.games.legion_siberian_journey.analysis import observing

from tests.engine.registered import pack_at
from tests.games.legion_siberian_journey.helpers import PACK


@lru_cache(maxsize=1)
def pack():
    return pack_at(PACK)


def _weighed(tally: Tally) -> dict[str, tuple[int, int]]:
    cards = {key.split("/")[1] for key in tally.counts if key.startswith("action/")}
    return {card: (tally.get(f"action/{card}/weighed"), tally.get(f"action/{card}/useful")) for card in cards}


def test_a_card_weighed_alone_is_weighed_as_among_all() -> None:
    compared = 0
    for seed in (8, 12):  # seeds where a replay seed shifted by a skipped play changes a count
        every = _weighed(play_and_tally(PACKAGE, pack(), Run(players=3, analyse=True), seed))
        watched = tuple(sorted(every)[::2])  # every other card weighed in the full game
        some = _weighed(play_and_tally(PACKAGE, pack(), Run(players=3, analyse=True, watch=watched), seed))
        assert some == {card: every[card] for card in watched}  # the same plays, the same replays, nothing else
        compared += len(watched)
    assert compared >= 3, compared


def test_the_observer_keeps_positions_only_for_the_cards_it_weighs() -> None:
    everything = play_seed(PACKAGE, pack(), Run(players=4, analyse=True), 5).observer
    kept = [k for k in everything.kept if k is not None]
    card = kept[-1][0].data.actions[kept[-1][2]].item  # the last card weighed among all
    alone = play_seed(PACKAGE, pack(), Run(players=4, analyse=True, watch=(card,)), 5).observer
    assert len(alone.kept) == len(everything.kept)  # every play still counts towards the game's limit
    positions = [k for k in alone.kept if k is not None]
    assert positions and all(k[0].data.actions[k[2]].item == card for k in positions)
    assert len(positions) == sum(1 for k in kept if k[0].data.actions[k[2]].item == card)
    assert play_seed(PACKAGE, pack(), Run(players=4, analyse=True, watch=()), 5).observer is None  # nothing open


def _open(counts: dict[str, tuple[int, int]]) -> set[str]:
    """``observing`` on tallies where each action card was weighed and useful as ``counts`` says (else 5000 times,
    useful in 1000: clearly above the 5% expected), at one of seven looks."""
    tally = Tally()
    tally.add("games", 2000)
    for card in pack().of_type("action"):
        weighed, useful = counts.get(card.id, (5000, 1000))
        tally.add(f"action/{card.id}/weighed", weighed, 1)
        tally.add(f"action/{card.id}/useful", useful, 1)
    with sequential(7):
        return observing(pack(), {4: tally}, Settings(2000, (4,), "base", 1, 1))


def test_the_weighing_goes_on_only_for_the_cards_still_open() -> None:
    card = pack().of_type("action")[0].id
    assert _open({}) == set()  # every card clearly changes rounds: nothing left to weigh for
    assert _open({card: (5000, 100)}) == set()  # 2% of 5000: clearly under 5%, a decided warning
    assert _open({card: (40, 3)}) == {card}  # 7.5% of 40: the interval still reaches down to 5%
    assert _open({card: (0, 0)}) == {card}  # never weighed yet
    assert _open({card: (100, 0)}) == {card}  # changed nothing in 100: not yet clearly never
    assert _open({card: (2000, 0)}) == set()  # ... in 2000 it clearly never does
