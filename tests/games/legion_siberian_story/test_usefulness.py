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


def _orders_judged(useful: int, blank_useful: int, weighed: int = 5000) -> list:
    """The order findings of an analysis where 'plus-two' and the Blank were each weighed ``weighed`` times and
    every other order was useful every time."""
    from pnpforge.engine.tally import Tally
    from pnpforge.engine.validate import Settings
    from pnpforge.games.legion_siberian_story.analysis import analyse

    tally = Tally()
    tally.add("games", 2000)
    for order in pack().of_type("order"):
        hits = {"plus-two": useful, "blank": blank_useful}.get(order.id, weighed)
        for key, amount in (("weighed", weighed), ("useful", hits)):
            tally.add(f"order/{order.id}/{key}", amount, 1)
        tally.add(f"used/{order.id}", weighed, 1)
    findings = analyse(pack(), {2: tally}, Settings(2000, (2,), "base", 1, 1)).findings
    return [f for f in findings if f.rule in ("order-useful", "order-blank")]


def test_an_order_is_judged_against_the_blank_not_a_fixed_share() -> None:
    found = _orders_judged(useful=75, blank_useful=65)  # 1.5% against the placebo's 1.3%: the same, near enough
    warned = [f for f in found if f.severity == "warning"]
    assert [f.subject for f in warned] == ["order 'plus-two'"]
    assert (
        "changed an outcome in 1.5% of the 5000 times it was played (at least 1% more than the Blank's 1.3%, "
        "which does nothing, expected)" in warned[0].message
    )
    blank = next(f for f in found if f.rule == "order-blank")
    assert blank.severity == "info" and "changed an outcome in 1.3% of them (the placebo)" in blank.message


def test_an_order_well_above_the_blank_passes() -> None:
    found = _orders_judged(useful=400, blank_useful=65)  # 8%: clearly more than the placebo and its margin
    assert not [f for f in found if f.severity == "warning"]


def test_a_replay_stopped_once_it_differs_answers_as_the_whole_replay_would() -> None:
    """Stopping a counterfactual replay as soon as its outcome and its decisions differ from the replay it is
    compared with gives the same two answers (useful, drew a reaction) as playing it out, token by token."""
    import random

    from pnpforge.games.legion_siberian_story.usefulness import _finish_round, _resume

    compared = stopped = 0
    for seed in (3, 4):
        for index, checkpoint in enumerate(
            play_seed(PACKAGE, pack(), Run(players=3, analyse=True), seed).observer.checkpoints
        ):
            actual = _finish_round(_resume(checkpoint), random.Random(index))
            for character, (_, revealed) in sorted(checkpoint.tokens.items()):
                if revealed:
                    continue
                without = checkpoint.clone()
                order = without.tokens.pop(character)[0]
                without.used[without.owner(character)].append((order, False))
                whole = _finish_round(_resume(without.clone()), random.Random(index))
                short = _finish_round(_resume(without), random.Random(index), against=actual)
                assert (short.result() != actual.result()) == (whole.result() != actual.result())
                assert (short.actions != actual.actions) == (whole.actions != actual.actions)
                compared += 1
                stopped += short.vp is None
    assert compared >= 10 and 0 < stopped < compared, (compared, stopped)


def test_shorter_replays_cut_from_a_longer_one_are_those_replays_played_alone() -> None:
    """A checkpoint is played on once, to the longest horizon its weighing asks for, and the shorter replays (the
    location's round, the orders' two rounds when an order is followed to the end of the game) are cut from it
    (``shorter``): the same events, VP, supplies and decisions as each replayed alone, in two modes."""
    import random

    from pnpforge.games.legion_siberian_story.data import ROUNDS
    from pnpforge.games.legion_siberian_story.usefulness import (
        HORIZON,
        LOCATION_OUTCOMES,
        ORDER_OUTCOMES,
        Replay,
        _finish_round,
        _resume,
    )

    compared = 0
    for mode, seed in (("base", 5), ("survival", 6)):
        for index, checkpoint in enumerate(
            play_seed(PACKAGE, pack(), Run(players=3, mode=mode, analyse=True), seed).observer.checkpoints
        ):
            asked = [(1, LOCATION_OUTCOMES), (HORIZON, ORDER_OUTCOMES)]
            alone = [
                _finish_round(_resume(checkpoint), random.Random(index), outcomes=kinds, rounds=rounds)
                for rounds, kinds in asked
            ]
            cut = [(rounds, kinds, Replay()) for rounds, kinds in asked]
            whole = _finish_round(_resume(checkpoint), random.Random(index), rounds=ROUNDS, shorter=tuple(cut))
            assert whole.result() == _finish_round(_resume(checkpoint), random.Random(index), rounds=ROUNDS).result()
            for (_, _, replay), played in zip(cut, alone):
                assert replay.result() == played.result()
                assert replay.actions == played.actions
                compared += 1
    assert compared >= 16, compared


def _open(order_counts: dict[str, tuple[int, int]], location_used: int = 1, drawn: int = 500) -> set[str]:
    """``observing`` on tallies where each order was weighed and useful as ``order_counts`` says (else 5000 times,
    useful in 400: clearly above the Blank's 65 and its margin) and each location was ``drawn`` and mattered in
    ``location_used`` of them, at one of seven looks."""
    from pnpforge.engine.tally import Tally
    from pnpforge.engine.validate import Settings
    from pnpforge.engine.verdicts import sequential
    from pnpforge.games.legion_siberian_story.analysis import observing

    tally = Tally()
    tally.add("games", 2000)
    for order in pack().of_type("order"):
        weighed, useful = order_counts.get(order.id, (5000, 65 if order.id == "blank" else 400))
        tally.add(f"order/{order.id}/weighed", weighed, 1)
        tally.add(f"order/{order.id}/useful", useful, 1)
    for location in pack().of_type("location"):
        tally.add(f"offered/{location.id}", drawn, 1)
        tally.add(f"used/{location.id}", location_used, 1)
    with sequential(7):
        return observing(pack(), {2: tally}, Settings(2000, (2,), "base", 1, 1))


def test_the_weighing_goes_on_only_for_the_checks_still_open() -> None:
    locations = {location.id for location in pack().of_type("location")}
    assert _open({}) == set()  # every order clearly useful, every location mattered: nothing left to weigh for
    assert _open({"plus-two": (5000, 75)}) == set()  # clearly below the Blank's bar: a decided warning
    # 10% of 40: its interval still reaches down to the bar; the Blank is weighed as long as an order is
    assert _open({"plus-two": (40, 4)}) == {"plus-two", "blank"}
    assert _open({"plus-two": (0, 0)}) == {"plus-two", "blank"}  # never weighed yet
    assert _open({"plus-two": (100, 0)}) == {"plus-two", "blank"}  # useful in none of 100: not yet clearly never
    assert _open({}, location_used=0, drawn=200) == locations  # never mattered in 200 draws: not yet clearly
    assert _open({}, location_used=0, drawn=500) == set()  # ... in 500 it clearly never does (1% / 7 asks for 324)


def test_an_order_weighed_alone_is_weighed_as_among_all() -> None:
    watched = ("plus-two", "transfer", "camouflage")
    for seed in (3, 4):
        every = play_and_tally(PACKAGE, pack(), Run(players=3, analyse=True), seed)
        some = play_and_tally(PACKAGE, pack(), Run(players=3, analyse=True, watch=watched), seed)
        for order in watched:
            for key in ("weighed", "useful", "reaction"):
                assert some.get(f"order/{order}/{key}") == every.get(f"order/{order}/{key}")
        assert every.get("order/blank/weighed") and not some.get("order/blank/weighed")
