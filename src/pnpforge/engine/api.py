"""The engine protocol: an immutable ``Game`` built from validated content and a ``State`` that moves by actions.

Modelled on OpenSpiel's Python games. Chance is explicit: at a chance node ``chance_outcomes()`` lists the
outcomes with their probabilities and the caller (a playout loop, a bot's search) picks one with *its* RNG and
applies it; a state never draws random numbers itself. ``observation(player)`` returns what that player may know
and nothing more (no hidden hands, the sequence of a deck, face-down tokens): bots act on observations only.

Actions are small hashable values chosen by each game (ints, tuples or frozen dataclasses), typed ``Any`` here
because each game narrows them to its own and the engine only hands a state the actions it listed; ``action_to_string``
gives the readable form used by transcripts, and a state may name who acts in its own words with an optional
``actor_to_string(player)`` (``turn 12``, with the seat's name; by default ``player 0``).
"""

from __future__ import annotations

import random
from typing import Any, Hashable, Protocol, Self, Sequence, TypeVar, runtime_checkable

CHANCE = -1  # current_player() at a chance node
TERMINAL = -4  # current_player() once the game is over

Action = Any


@runtime_checkable
class State(Protocol):
    """A position of a game in progress."""

    def current_player(self) -> int:
        """The player to act (0-based), ``CHANCE`` or ``TERMINAL``."""

    def legal_actions(self) -> list[Action]:
        """The actions the current player may take, in a stable sequence."""

    def apply_action(self, action: Action) -> None:
        """Play ``action`` (a chance outcome at a chance node); raise ``ValueError`` if it is illegal."""

    def is_chance_node(self) -> bool:
        """True when the next step is decided by chance."""

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """``(outcome, probability)`` pairs at a chance node."""

    def observation(self, player: int) -> Hashable:
        """What ``player`` may know of this state; equal for states that differ only in what is hidden from them."""

    def is_terminal(self) -> bool:
        """True when the game is over."""

    def returns(self) -> Sequence[float]:
        """Each player's result at a terminal state (a shared victory splits 1 among its winners)."""

    def action_to_string(self, action: Action) -> str:
        """A readable form of an action for transcripts."""

    def clone(self) -> Self:
        """An independent copy."""


StateT = TypeVar("StateT", bound=State)  # a game's own state, in the callbacks a game package declares
StateT_contra = TypeVar("StateT_contra", bound=State, contravariant=True)


@runtime_checkable
class Game(Protocol):
    """The rules and content of one game with fixed parameters (player count, mode)."""

    @property
    def num_players(self) -> int:
        """How many players this game seats."""

    def new_initial_state(self) -> State:
        """The position before the first action (often a chance node: shuffling, set-up draws)."""


class Bot(Protocol[StateT_contra]):
    """A player of one game (``Bot[LegieState]``): chooses an action from what its player may observe."""

    def choose(self, state: StateT_contra, player: int, rng: random.Random) -> Action:
        """The action to play; may look only at ``state.observation(player)`` and ``state.legal_actions()``."""
