"""The validator's counterfactuals: orders resolved at once are weighed from the moment they took effect."""

from __future__ import annotations

from pnpforge.engine.playout import Run, play_seed
from pnpforge.engine.simulate import play_and_tally
from pnpforge.games.legion_siberian_story import PACKAGE
from pnpforge.games.legion_siberian_story.usefulness import UNDO_AT_ONCE

from tests.games.legion_siberian_story.helpers import pack


def _camouflage_game() -> tuple[int, object]:
    """The first seed whose 2-player greedy game assigns CAMOUFLAGE!, and the checkpoint taken right after."""
    for seed in range(1, 80):
        weighing = play_seed(PACKAGE, pack(), Run(players=2, analyse=True), seed).observer
        found = [c for c in weighing.at_once if c is not None]
        if found:
            return seed, found[0]
    raise AssertionError("no greedy game in 80 seeds plays CAMOUFLAGE!")


def test_an_order_resolved_at_once_is_checkpointed_after_it_acted_and_can_be_undone() -> None:
    _, (state, order, carrier) = _camouflage_game()
    assert order == "camouflage"
    player = state.owner(carrier)
    assert (player, state.at[carrier]) in state.camouflage  # the effect is on the board the checkpoint keeps
    UNDO_AT_ONCE["next_card_face_down"](state, player, carrier)
    assert (player, state.at[carrier]) not in state.camouflage


def test_camouflage_is_weighed_in_the_tally() -> None:
    seed, _ = _camouflage_game()
    tally = play_and_tally(PACKAGE, pack(), Run(players=2, analyse=True), seed)
    assert tally.get("order/camouflage/weighed") >= 1
    assert tally.get("order/camouflage/weighed") == tally.get("used/camouflage")
