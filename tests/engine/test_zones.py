"""Card zones: draws as chance outcomes, what each player sees, and redealing what a player cannot see."""

from __future__ import annotations

import random

import pytest

from pnpforge.engine.zones import (EVERYONE, UNSEEN, Visibility, Zone, Zones, determinize, draw, draw_outcomes,
                                   move, observation, reveal, reveal_at, shuffle)


def table() -> Zones:
    """Three players: a deck, a hand each, a discard pile and a face-down row of player 0."""
    return Zones.of({
        "deck": Zone.deck(["a", "a", "a", "b", "c", "c"]),
        "hand/0": Zone.hand(0, ["x", "y"]),
        "hand/1": Zone.hand(1, ["p", "q"]),
        "hand/2": Zone.hand(2, ["m", "n"]),
        "discard": Zone.pile(["d"]),
        "row/0": Zone.face_down(0, ["f", "g"]),
    })


def test_draw_probabilities_are_counts_over_size_and_sum_to_one() -> None:
    outcomes = dict(draw_outcomes(table(), "deck"))
    assert outcomes == pytest.approx({"a": 3 / 6, "b": 1 / 6, "c": 2 / 6})
    assert sum(outcomes.values()) == pytest.approx(1.0)


def test_a_draw_moves_the_chosen_card_and_the_deck_stays_a_multiset() -> None:
    zones = draw(table(), "deck", "hand/1", "c")
    assert zones["hand/1"].cards == ("c", "p", "q") and zones["deck"].size == 5
    assert dict(draw_outcomes(zones, "deck")) == pytest.approx({"a": 3 / 5, "b": 1 / 5, "c": 1 / 5})
    with pytest.raises(ValueError):
        draw(zones, "deck", "hand/1", "z")


def test_a_known_top_stack_is_drawn_first_as_a_certain_outcome() -> None:
    zones = move(table(), "discard", "deck", "d")  # put back on top, in sight of everyone
    assert draw_outcomes(zones, "deck") == [("d", 1.0)]
    assert observation(zones, 1)[0] == ("deck", "hidden", (("d",), 6, ()))
    zones = draw(zones, "deck", "hand/2", "d")
    assert len(draw_outcomes(zones, "deck")) == 3  # back to the unknown multiset
    assert observation(zones, 1)[3][2] == (3, (("d", 1),))  # everyone saw the card go into that hand


def test_a_card_put_at_the_bottom_comes_after_the_multiset() -> None:
    zones = move(Zones.of({"deck": Zone.deck(["a"]), "hand": Zone.hand(0, ["z"])}), "hand", "deck", "z",
                 bottom=True)
    assert draw_outcomes(zones, "deck") == [("a", 1.0)]
    zones = draw(zones, "deck", "hand", "a")
    assert draw_outcomes(zones, "deck") == [("z", 1.0)]


def test_a_shuffle_forgets_the_order_and_an_empty_deck_has_no_draw() -> None:
    zones = move(table(), "discard", "deck", "d")
    zones = shuffle(zones, "deck")
    assert dict(draw_outcomes(zones, "deck"))["d"] == pytest.approx(1 / 7)
    empty = Zones.of({"deck": Zone.deck(), "hand": Zone.hand(0)})
    with pytest.raises(ValueError):
        draw_outcomes(empty, "deck")


def test_moving_an_absent_card_raises() -> None:
    with pytest.raises(ValueError):
        move(table(), "hand/0", "discard", "p")
    with pytest.raises(ValueError):
        move(table(), "deck", "discard", "z")
    with pytest.raises(KeyError):
        move(table(), "hand/9", "discard", "x")


def test_a_hand_is_seen_by_its_owner_and_counted_by_the_others() -> None:
    zones = table()
    assert observation(zones, 0)[1] == ("hand/0", "owner", ("x", "y"))
    assert observation(zones, 1)[1] == ("hand/0", "owner", (2, ()))
    assert observation(zones, 0) != observation(zones, 1)


def test_states_differing_only_in_another_hand_look_the_same_to_a_third_player() -> None:
    one = table()
    other = one.with_zone("hand/1", Zone.hand(1, ["b", "c"])).with_zone("deck", Zone.deck("aaapqc"))
    assert observation(one, 2) == observation(other, 2)
    assert observation(one, 0) == observation(other, 0)
    assert observation(one, 1) != observation(other, 1)


def test_face_down_cards_show_their_places_and_reveal_shows_a_face() -> None:
    zones = table()
    assert observation(zones, 1)[5] == ("row/0", "face_down", ((UNSEEN, UNSEEN), 0, ()))
    assert observation(zones, 0)[5][2] == (("f", "g"), 0, ())
    shown = reveal_at(zones, "row/0", 1)
    assert observation(shown, 1)[5][2] == ((UNSEEN, "g"), 0, ())
    assert observation(reveal(zones, "row/0", "f", to=[2]), 2)[5][2] == (("f", UNSEEN), 0, ())
    assert observation(reveal(zones, "row/0", "f", to=[2]), 1)[5][2] == ((UNSEEN, UNSEEN), 0, ())
    assert reveal(shown, "hand/0", "x")["hand/0"].sees(0, 2) and EVERYONE in shown["row/0"].knowers(1)


def test_peeking_at_the_top_fixes_it_and_shows_it_to_the_peeker_only() -> None:
    zones = draw(table(), "deck", "deck", "b")  # the chance outcome of which card lies on top
    zones = reveal(zones, "deck", "b", to=[0])
    assert observation(zones, 0)[0][2] == (("b",), 5, ())
    assert observation(zones, 1)[0][2] == ((UNSEEN,), 5, ())
    assert draw_outcomes(zones, "deck") == [("b", 1.0)]


def test_determinize_keeps_sizes_own_hand_and_public_cards() -> None:
    zones = reveal_at(move(table(), "hand/1", "discard", "p"), "row/0", 0)
    for seed in range(10):
        sample = determinize(zones, 1, random.Random(seed))
        assert observation(sample, 1) == observation(zones, 1)
        assert [z.size for _, z in sample] == [z.size for _, z in zones]
        assert sample["hand/1"] == zones["hand/1"] and sample["discard"] == zones["discard"]
        assert sample["row/0"].cards[0] == "f"
        assert sorted(c for _, z in sample for c in z.contents()) == sorted(c for _, z in zones for c in z.contents())


def test_determinize_changes_hidden_cards_and_repeats_per_seed() -> None:
    zones = table()
    samples = [determinize(zones, 1, random.Random(seed)) for seed in range(20)]
    assert any(s["hand/0"] != zones["hand/0"] for s in samples)
    assert any(s["deck"] != zones["deck"] for s in samples)
    assert determinize(zones, 1, random.Random(7)) == determinize(zones, 1, random.Random(7))
    assert all(s["deck"].visibility is Visibility.HIDDEN and not s["deck"].cards for s in samples)


def test_zones_are_values_and_operations_leave_the_original_alone() -> None:
    zones = table()
    before = observation(zones, 0)
    move(zones, "hand/0", "discard", "x")
    assert observation(zones, 0) == before and hash(zones) == hash(table())


def test_determinize_pools_keep_kinds_of_cards_apart() -> None:
    zones = table().with_zone("row/0", Zone.face_down(0, ["token", "token"], owner_sees=False))
    for seed in range(20):
        sample = determinize(zones, 1, random.Random(seed), pools=[["row/0"]])
        assert sample["row/0"].cards == ("token", "token")
        assert "token" not in sample["hand/0"].cards + sample["deck"].contents()
    assert any("token" in determinize(zones, 1, random.Random(seed))["deck"].contents() for seed in range(20))


def test_moved_zones_equal_zones_built_afresh_and_names_still_index_them() -> None:
    zones = move(table(), "hand/0", "discard", "x", bottom=True)
    zones = reveal(draw(zones, "deck", "row/0", "c"), "row/0", "c", to=[1])
    for _name, zone in zones:  # what the fast paths made is what the checked constructor makes of the same fields
        assert zone == Zone(zone.visibility, zone.owner, zone.cards, zone.known, zone.unknown, zone.split,
                            zone.owner_sees)
    assert zones["discard"].cards == ("d", "x") and zones["row/0"].cards[0] == "c"
    assert zones["deck"].split == 0 and zones["hand/0"].contents() == ("y",)
    assert [name for name, _ in zones] == list(table().names)
    with pytest.raises(KeyError):
        zones["nowhere"]
    with pytest.raises(ValueError):
        Zones(("a", "a"), (Zone.pile(), Zone.pile()))



def test_moves_make_the_same_zones_with_and_without_blank_values(monkeypatch) -> None:
    """Plain Python makes moved zones as blank values, a compiled build (which refuses them) through the
    constructor: both ways give the same zones, each what the constructor makes of its fields."""
    from pnpforge.engine import zones as module

    def played() -> Zones:
        zones = move(table(), "hand/0", "discard", "x", bottom=True)
        zones = reveal(draw(zones, "deck", "row/0", "a"), "row/0", "a", to=[2])
        return move(zones, "deck", "hand/1", "c")

    monkeypatch.setattr(module, "_BLANK", False)
    made = played()
    monkeypatch.setattr(module, "_BLANK", module._makes_blank())
    assert played() == made and made.index == table().index
    for _name, zone in made:
        assert zone == Zone(zone.visibility, zone.owner, zone.cards, zone.known, zone.unknown, zone.split,
                            zone.owner_sees)
    assert made["row/0"].known[0] == frozenset({2}) and made["hand/1"].cards == ("c", "p", "q")
