"""Hidden information: observations do not reveal other hands, deck sequence or face-down tokens."""

from __future__ import annotations

from tests.games.legion_siberian_story.helpers import rules, run_until, setup_game


def test_states_differing_only_in_hidden_information_look_the_same() -> None:
    a = run_until(setup_game(2), "march")
    b = a.clone()
    other = 1
    # swap a card of player 1's hand with one of its deck: player 0 cannot tell
    hand_card, deck_card = b.hand[other][0], b.deck[other][0]
    b.hand[other][0], b.deck[other][0] = deck_card, hand_card
    b.deck[other].reverse()
    assert a.observation(0) == b.observation(0)
    assert a.observation(1) != b.observation(1)


@rules("orders-timing-kept")
def test_a_face_down_token_shows_only_that_there_is_one() -> None:
    a = run_until(setup_game(2), "march")
    c = next(x for x in a.hand[1] if x != a.officer[1])
    for state in (a,):
        state.hand[1].remove(c)
        state.members[0].append(c)
        state.at[c] = 0
        state.refresh()
    b = a.clone()
    a.tokens[c] = ["plus-two", False]
    b.tokens[c] = ["blank", False]
    assert a.observation(0) == b.observation(0)
    assert a.observation(1) != b.observation(1)
    b.tokens[c] = ["blank", True]
    assert a.observation(0) != b.observation(0)


def test_clones_are_independent() -> None:
    a = run_until(setup_game(2), "march")
    b = a.clone()
    b.apply_action(b.legal_actions()[-1])
    assert a.observation(0) != b.observation(0) or a.pending != b.pending
    assert a.legal_actions() == run_until(setup_game(2), "march").legal_actions()
