"""A clone copies every attribute of the state by name (a compiled state has no ``__dict__``) and shares nothing the
rules change."""

from __future__ import annotations

import random

from pnpforge.engine.loop import sample_chance

from tests.games.legion_siberian_journey.helpers import game


def test_a_clone_has_every_attribute_of_its_state_and_plays_on_apart() -> None:
    state = game(4).new_initial_state()
    rng = random.Random(3)
    for _ in range(150):
        if state.is_terminal():
            break
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
        other = state.clone()
        if hasattr(state, "__dict__"):  # plain Python: the same attributes, every one named in ``_copy``
            assert set(vars(other)) == set(vars(state))
        assert str(other) == str(state) and other.legal_actions() == state.legal_actions()
        assert other.kept is None and other.agenda == state.agenda and other.agenda is not state.agenda
        assert [s.key() for s in other.market] == [s.key() for s in state.market]
        for name in ("resources", "vp", "owner", "lineup", "reserve", "graveyard", "log", "sites", "market"):
            assert getattr(other, name) is not getattr(state, name), name
    copy = state.clone()
    if not copy.is_terminal():  # playing the clone on leaves the state as it was
        before = str(state)
        copy.apply_action(sample_chance(copy, rng) if copy.is_chance_node() else copy.legal_actions()[0])
        assert str(state) == before
