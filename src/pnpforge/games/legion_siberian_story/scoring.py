"""A player's score at the end of a game: decorations minus one per own dead soldier (Story rules: End of the game).

Its own module because the end of the game (``resolution.py``), the Survival camp (``modes.py``) and the search bot
all read it, and the end of the game reads the modes: kept apart, it depends on nothing of theirs.
"""

from __future__ import annotations

from pnpforge.games.legion_siberian_story.state import LegionState


def final_scores(state: LegionState) -> list[int]:
    """Decorations minus one per own dead soldier (Story rules: End of the game)."""
    return [state.vp[p] - len(state.graveyard[p]) for p in range(state.n)]
