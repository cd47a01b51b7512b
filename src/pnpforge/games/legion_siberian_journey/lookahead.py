"""What an action card would do: the greedy bot plays the round on quietly with and without it and compares.

"Quietly" means every other player passes, says no, lays nothing and bids nothing in secret, and the player looking
ahead only deploys (its March turns are answered by ``own``, which plays no card, so a look ahead never nests); a
choice a card asks for is made by the greedy judgement of that choice alone. The round is played so until the plots are evaluated and the
location awarded (or until chance must draw a card, or the round ends), and the player's standing is read off:
points, resources and living characters at the greedy bot's rates, against the other players' average.
"""

from __future__ import annotations

from typing import Callable

from pnpforge.games.legion_siberian_journey.state import JourneyState

QUIET = (("pass",), ("no",), ("done",), ("secret", 0))
STEPS = 400  # answers at most in one look ahead
STOP = frozenset({"clean_up_cards", "final_location", "commander"})  # the round's plots are over by then


def quiet(legal: list) -> tuple:
    """The quiet answer among ``legal``: a pass, a no, done, a secret bid of nothing; else the first option."""
    return next((answer for answer in QUIET if answer in legal), legal[0])


def quiet_answer(state: JourneyState, legal: list, pick: Callable) -> tuple:
    if state.pending[0] == "pick":
        return max(legal, key=lambda a: pick(state, state.pending[1], a))
    return quiet(legal)


def settle(state: JourneyState, player: int, pick: Callable, own: Callable) -> JourneyState:
    """Play ``state`` on quietly (changing it) until the round's plots and location are decided."""
    start = state.round
    for _ in range(STEPS):
        if state.over or state.round != start or state.is_chance_node() or state.pending[0] in STOP:
            break
        legal = state.legal_actions()
        if state.pending[0] == "march_turn" and state.pending[1] == player:
            state.apply_action(own(state, legal))
        else:
            state.apply_action(quiet_answer(state, legal, pick))
    return state


def standing(state: JourneyState, player: int, worth: Callable) -> float:
    others = [worth(state, p) for p in range(state.n) if p != player]
    return worth(state, player) - sum(others) / len(others)


def gain(state: JourneyState, player: int, action: tuple, worth: Callable, pick: Callable, own: Callable) -> float:
    """How much better ``player`` stands after the quiet round with ``action`` than after passing instead."""
    base = state.clone()
    legal = base.legal_actions()
    fallback = next((a for a in QUIET if a in legal), None)
    if fallback is None:
        return 0.0
    base.apply_action(fallback)
    trial = state.clone()
    trial.apply_action(action)
    after = settle(trial, player, pick, own)
    return standing(after, player, worth) - standing(settle(base, player, pick, own), player, worth)
