"""Did a decision change anything? The position a choice was made in, played on twice: once with the choice, once
with another (a card played, or passed), by the same bots with the same chance, to a horizon the game names (the
end of the turn, say), and the two positions compared by what the game says matters in them (its ``signature``:
the models left, their wounds, the markers; not the cards still in hand, which the other branch kept by
construction).

The two branches draw their chance from one seed each, so a choice that leaves every throw alone leaves the
branches alike; one that adds a throw (a re-roll) shifts the throws after it, and whatever that shift changes is
the choice's doing too. A game watcher (``GamePackage.observer``) keeps the positions and weighs them at the end of
the game; ``docs/why/validator.md`` says what the validator makes of the counts.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Hashable, Sequence

from pnpforge.engine.api import Action, Bot, State
from pnpforge.engine.loop import play_game

MAX_STEPS = 20_000


def differs(
    before: State,
    chosen: Action,
    instead: Action,
    bots: Sequence[Bot],
    seed: int,
    until: Callable[[State], bool],
    signature: Callable[[State], Hashable],
) -> bool:
    """Whether ``chosen`` and ``instead``, each taken in ``before`` (left as it is) and played on to the horizon
    ``until`` (or the end) with the same bots and chance, lead to positions whose ``signature`` differs."""
    ends = []
    for action in (chosen, instead):
        state: Any = before.clone()
        state.apply_action(action)
        rng, chance = random.Random(seed), random.Random(f"chance {seed}")
        play_game(None, bots, rng, MAX_STEPS, start=state, until=until, chance_rng=chance)
        ends.append(signature(state))
    return ends[0] != ends[1]
