"""The search bot every game gets: determinized Monte-Carlo over its observation, with a policy bot playing out.

At a question worth searching the bot takes a few candidate answers (the ones its policy ranks best when the policy
can rank, otherwise the policy's own choice and others drawn at random), then for each of ``samples`` worlds drawn by
the game's ``determinize`` — states its player cannot tell from the true one — plays every candidate out with the
policy bots (or the plan's cheaper ``playout`` bots) in every seat and the same random numbers for every candidate,
and keeps the answer with the best total (of equal totals the first tried: a policy's ``rank`` starts with its own
answer, so a search that learns nothing plays as the policy would).
A playout ends with the game, or at the plan's ``horizon``; its worth is the plan's ``value`` of the final state
(by default the player's share of ``returns()``).

Everything the bot sees of the true state goes through ``determinize``, so its choice depends on its player's
observation and its RNG alone. A package gets the bot as ``search`` when it declares ``determinize`` and has the bot
its plan names as policy (``greedy`` by default); ``GamePackage.search`` tunes it for the game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Callable, Generic

from pnpforge.engine.api import Action, Bot, Game, StateT
from pnpforge.engine.loop import play_game

PLAYOUT_STEPS = 20_000  # a playout longer than this is a rules bug, reported by the loop


@dataclass(frozen=True)
class SearchPlan(Generic[StateT]):
    """How the search bot plays one game. Every field is optional; ``samples`` and ``candidates`` may also be given
    as bot options (``--bot-option samples=16``, a run's ``bot_options``)."""

    policy: str = "greedy"  # the bot that ranks candidates and plays the playouts, by name
    samples: int = 8  # determinized worlds per question
    candidates: int = 6  # answers tried per question
    # (state at the question, state now) -> True where a playout stops short of the end
    horizon: Callable[[StateT, StateT], bool] | None = None
    value: Callable[[StateT, int], float] | None = None  # the worth of a stopped playout to a player
    searched: Callable[[StateT], bool] | None = None  # which questions are searched; the policy answers the rest
    # the bot factory that plays the playouts, where a cheaper one than the policy will do (default: the policy)
    playout: Callable[..., Bot[StateT]] | None = None

    def __post_init__(self) -> None:
        if self.horizon is not None and self.value is None:
            raise ValueError("a search plan with a horizon needs a value: returns() are only known at the end")

    def with_options(self, options: dict[str, Any]) -> SearchPlan[StateT]:
        """The plan with the numeric options a run gives (unknown ones are left to other bots)."""
        return replace(self, samples=int(options.get("samples", self.samples)),
                       candidates=int(options.get("candidates", self.candidates)))


@dataclass(frozen=True)
class SearchFactory(Generic[StateT]):
    """The ``search`` entry of a package's bots (a plain value, so a package still pickles)."""

    policy: Callable[..., Bot[StateT]]  # the policy's bot factory
    determinize: Callable[[StateT, int, random.Random], StateT]
    plan: SearchPlan[StateT]

    def __call__(self, game: Game, seat: int, rng: random.Random, **options: Any) -> SearchBot[StateT]:
        return SearchBot(game, seat, self.policy, self.determinize, self.plan.with_options(options))


class SearchBot(Generic[StateT]):
    """Determinized Monte-Carlo search with a policy bot (see the module docstring)."""

    name = "search"

    def __init__(self, game: Game, seat: int, policy: Callable[..., Bot[StateT]],
                 determinize: Callable[[StateT, int, random.Random], StateT], plan: SearchPlan[StateT]):
        self.game, self.seat, self.plan = game, seat, plan
        self._make_policy, self.determinize = policy, determinize
        self._policies: list[Bot[StateT]] | None = None

    def policies(self, rng: random.Random) -> list[Bot[StateT]]:
        """One policy bot per seat, made on first use: they rank candidates and answer unsearched questions."""
        if self._policies is None:
            self._policies = [self._make_policy(self.game, seat, rng) for seat in range(self.game.num_players)]
        return self._policies

    def fresh_policies(self, rng: random.Random) -> list[Bot[StateT]]:
        """New playout bots (the plan's ``playout``, else the policy), one per seat. Each playout gets its own, so
        what a bot remembers of a game (the positions it left, say) never carries from one playout into the next:
        every candidate meets the same players."""
        make = self.plan.playout or self._make_policy
        return [make(self.game, seat, rng) for seat in range(self.game.num_players)]

    def choose(self, state: StateT, player: int, rng: random.Random) -> Action:
        actions = state.legal_actions()
        policies = self.policies(rng)
        plan = self.plan
        if len(actions) == 1 or (plan.searched is not None and not plan.searched(state)):
            return policies[player].choose(state, player, rng)
        candidates = self.candidates(state, player, actions, rng)
        if len(candidates) == 1:
            return candidates[0]
        totals = [0.0] * len(candidates)
        for _ in range(plan.samples):
            world = self.determinize(state, player, rng)
            seed = rng.randrange(1 << 30)  # the same random numbers for every candidate in this world
            for index, action in enumerate(candidates):
                trial = world.clone()
                trial.apply_action(action)
                totals[index] += self.play_out(world, trial, player, random.Random(seed))
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def candidates(self, state: StateT, player: int, actions: list[Action], rng: random.Random) -> list[Action]:
        """The answers worth trying: the policy's ranking when it has one, else its choice and random others."""
        limit = max(1, self.plan.candidates)
        policy = self.policies(rng)[player]
        rank = getattr(policy, "rank", None)
        if rank is not None:
            return list(rank(state, player, rng))[:limit]
        if len(actions) <= limit:
            return list(actions)
        first = policy.choose(state, player, rng)
        others = [a for a in actions if a != first]
        return [first, *rng.sample(others, limit - 1)]

    def play_out(self, start: StateT, trial: StateT, player: int, rng: random.Random) -> float:
        """Play ``trial`` on with the policies until the end or the horizon; its worth to ``player``."""
        horizon = self.plan.horizon
        until = None if horizon is None else (lambda now: horizon(start, now))
        play_game(None, self.fresh_policies(rng), rng, max_steps=PLAYOUT_STEPS, start=trial, until=until)  # on trial
        if self.plan.value is not None:
            return self.plan.value(trial, player)
        return float(trial.returns()[player])
