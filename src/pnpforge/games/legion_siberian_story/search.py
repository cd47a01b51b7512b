"""Determinization and what the engine's search bot needs to play Legion (``engine/search.py``).

``determinize`` builds a full state that agrees with everything one player may know and fills in the rest at
random: other players' hands, decks and face-down cards from the cards they could be, their unseen tokens among
the places tokens could be, their purchases this round forgotten. What a player cannot know is never copied from
the true state, so the bot's choice depends on its observation (and its RNG) only.

``SEARCH`` tells the search bot which questions to weigh (the important ones), how far to play on (to the end of
the round, with greedy players) and how to weigh where it got (``standing``): four candidates, the greedy bot's
best-judged, in four sampled worlds each.
"""

from __future__ import annotations

import random

from pnpforge.engine.search import SearchPlan
from pnpforge.games.legion_siberian_story.scoring import final_scores
from pnpforge.games.legion_siberian_story.state import LegionState

SEARCHED = {"march", "assign", "resolve", "assault_target", "pick_move", "move_carrier", "gather"}


def determinize(state: LegionState, player: int, rng: random.Random) -> LegionState:
    """A state consistent with ``player``'s knowledge, the unknown parts drawn with ``rng``."""
    sample = state.clone()
    data = state.data
    for q in range(state.n):
        if q == player or state.commander[q] is None:
            continue
        faction = state.factions[q]
        seen = set(state.graveyard[q]) | {c for c in state.at if state.owner(c) == q and c not in state.face_down}
        unknown = sorted(c.id for c in data.faction_characters(faction) if c.id not in seen)
        rng.shuffle(unknown)
        officers = [c for c in unknown if data.characters[c].officer]
        boxed = officers[:1]  # the returned officer is never seen; if the kept one is unseen too, either may be
        if state.officer[q] not in seen and len(officers) == 2:
            sample.officer[q] = officers[1]
        rest = [c for c in unknown if c not in boxed]
        hidden_here = sorted(c for c in state.face_down if state.owner(c) == q)
        placed = rest[: len(hidden_here)]
        rest = rest[len(hidden_here):]
        _swap_face_down(sample, hidden_here, placed)
        hand = len(state.hand[q])
        bottom = len(state.bottom[q])
        sample.boxed[q] = boxed
        sample.hand[q] = rest[:hand]
        sample.bottom[q] = rest[hand:hand + bottom]
        # as many as the deck holds: before the set-up deals them, a faction's cards are in no pile yet
        sample.deck[q] = sorted(rest[hand + bottom: hand + bottom + len(state.deck[q])])
        for c in unknown:
            sample.fighters.pop(c, None)  # what happened to unseen cards is not known
        sample.bought[q] = type(state.bought[q])()
        _shuffle_tokens(state, sample, q, rng)
    _shuffle_despatches(state, sample, player, rng)
    sample.refresh()
    return sample


def _swap_face_down(sample: LegionState, hidden: list[str], replacements: list[str]) -> None:
    """Put other cards in the places of face-down ones (their tokens stay where they lie)."""
    spots = []
    for old in hidden:
        plot = sample.at.pop(old)
        spots.append((plot, sample.members[plot].index(old), sample.tokens.pop(old, None)))
        sample.face_down.discard(old)
        sample.fighters.pop(old, None)
    for (plot, index, token), new in zip(spots, replacements):
        sample.members[plot][index] = new
        sample.at[new] = plot
        sample.face_down.add(new)
        if token is not None:
            sample.tokens[new] = token


def _shuffle_tokens(state: LegionState, sample: LegionState, q: int, rng: random.Random) -> None:
    """Unseen tokens of player ``q`` (available, face-down used, face-down on characters) drawn afresh."""
    data, commander = state.data, state.commander[q]
    assert commander is not None  # chosen at set-up
    unique = set(data.commanders[commander][1])
    mine = [o for o in data.tokens[state.factions[q]] if data.orders[o].universal or o in unique]
    for order, up in state.used[q]:
        if up:
            mine.remove(order)
    hidden_on = sorted(c for c, t in sample.tokens.items() if sample.owner(c) == q and not t[1])
    for c, token in state.tokens.items():
        if state.owner(c) == q and token[1]:
            mine.remove(token[0])
    rng.shuffle(mine)
    for c in hidden_on:
        sample.tokens[c] = [mine.pop(), False]
    face_down_used = sum(1 for _, up in state.used[q] if not up)
    sample.used[q] = [(o, True) for o, up in state.used[q] if up] + [(mine.pop(), False) for _ in range(face_down_used)]
    sample.available[q] = sorted(mine)


def _shuffle_despatches(state: LegionState, sample: LegionState, player: int, rng: random.Random) -> None:
    """Other players' secret despatches (and the deck's sequence) drawn from the cards ``player`` has not seen."""
    seen = {state.despatch[player], *state.offered[player], *(d for d in state.played_despatch if d)}
    unseen = sorted(d for d in state.data.despatches if d not in seen)
    rng.shuffle(unseen)
    for q in range(state.n):
        if q == player:
            continue
        if state.despatch[q] is not None:
            sample.despatch[q] = unseen.pop()
        sample.offered[q] = [unseen.pop() for _ in state.offered[q]]
    sample.despatch_deck = sorted(unseen[: len(state.despatch_deck)])


def standing(state: LegionState, player: int) -> float:
    """How well ``player`` stands: own score ahead of the best other score, supplies as a tiebreak."""
    scores = final_scores(state)
    best_other = max(s for p, s in enumerate(scores) if p != player)
    return scores[player] - best_other + 0.15 * state.supplies[player]


def searched(state: LegionState) -> bool:
    """The questions the search bot weighs by playing on; the greedy judgement answers the rest."""
    return state.waiting[0] in SEARCHED


def round_over(start: LegionState, now: LegionState) -> bool:
    """A search playout looks as far as the end of the round."""
    return now.round != start.round


SEARCH = SearchPlan(samples=4, candidates=4, horizon=round_over, value=standing, searched=searched)
