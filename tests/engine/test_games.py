"""The engine suite: every registered game package with an engine, checked the same way.

For each package and each pack that names it: random playouts in each of its golden configurations with the game's
invariant checker and the protocol's promises checked after every action (chance outcomes summing to 1, a player to
act with legal actions, returns each between 0 and 1 at the end and summing to 1 — or to at most 1 in a mode whose
roles have an automaton or a loss for all —, the same legal actions wherever a player's observation is the same,
and equal observations of a state whose hidden parts the game's ``determinize`` drew anew); clones independent of
their original; golden transcripts compared line by line; every worked example and scenario replayed to its stated
outcome.
Registering a package adds it here.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pnpforge.engine.api import CHANCE, TERMINAL
from pnpforge.engine.contract import GamePackage, GoldenGame
from pnpforge.engine.loop import RandomBot, play_game
from pnpforge.engine.replay import replay_and_check
from pnpforge.engine.results import SLACK
from pnpforge.engine.seating import roles_of
from pnpforge.engine.transcript import golden_transcript

from tests.conftest import REPO
from tests.engine.registered import engine_packs, pack_at, params

GAMES = 100  # random games per golden configuration, unless the golden game names its own count (``random_games``)
HIDDEN_EVERY = 5  # every fifth decision, the mover's and one other player's view of a state drawn anew
GOLDEN = REPO / "tests" / "golden"


def configurations(package: GamePackage, root: Path) -> list[GoldenGame]:
    return list(package.goldens)


class Where:
    """Where a check failed, worked out only when one does (an assertion message is formatted on failure)."""

    def __init__(self, seed: int, state, action) -> None:
        self.seed, self.state, self.action = seed, state, action

    def __str__(self) -> str:
        return f"seed {self.seed}, after {self.state.action_to_string(self.action)}"


class ProtocolCheck:
    """Runs after every action: the game's invariants and the protocol's promises (``short``: the returns may sum
    to less than 1, in a mode with an automaton or a loss for all)."""

    def __init__(self, package: GamePackage, seed: int, short: bool = False):
        self.package, self.seed, self.short = package, seed, short
        self.seen: dict[tuple, tuple] = {}  # (player, observation) -> legal actions
        self.steps = 0

    def __call__(self, state, action) -> None:
        where = Where(self.seed, state, action)
        broken = self.package.invariants(state)
        assert not broken, f"{where}: {broken}\n{state}"
        player = state.current_player()
        if state.is_terminal():
            assert player == TERMINAL and state.legal_actions() == []
            returns = state.returns()
            assert all(-SLACK <= r <= 1 + SLACK for r in returns), f"{where}: returns {returns}"
            assert sum(returns) <= 1 + SLACK, f"{where}: returns {returns} sum to more than 1"
            if not self.short:
                assert sum(returns) == pytest.approx(1.0), f"{where}: returns {returns} do not sum to 1"
        elif state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert player == CHANCE and outcomes and sum(p for _, p in outcomes) == pytest.approx(1.0), str(where)
        else:
            legal = tuple(state.legal_actions())
            assert 0 <= player < len(state.returns()) and legal, str(where)
            key = (player, state.observation(player))
            assert self.seen.setdefault(key, legal) == legal, \
                f"{where}: player {player} sees the same as before but may do other things"
            self.steps += 1
            if self.package.determinize is not None and self.steps % HIDDEN_EVERY == 0:
                sample = self.package.determinize(state, player, random.Random(self.steps))
                assert sample.observation(player) == key[1], \
                    f"{where}: a state player {player} cannot tell from this one looks different to it"
                assert tuple(sample.legal_actions()) == legal, f"{where}: the options depend on hidden information"
                other = (player + 1 + self.steps // HIDDEN_EVERY) % len(state.returns())  # each player in turn
                sample = self.package.determinize(state, other, random.Random(self.steps))
                assert sample.observation(other) == state.observation(other), \
                    f"{where}: a state player {other} cannot tell from this one looks different to it"


@pytest.mark.parametrize("package, root, golden", params(configurations))
def test_random_games_keep_the_invariants_and_the_protocol(package: GamePackage, root: Path,
                                                          golden: GoldenGame) -> None:
    assert package.invariants is not None, f"{package.name} declares no invariant checker"
    game = package.new_game(pack_at(root), golden.config)
    bots = [RandomBot()] * golden.config.players
    short = may_fall_short(package, root, golden.config.mode)
    for seed in range(GAMES if golden.random_games is None else golden.random_games):
        final = play_game(game, bots, random.Random(seed), after_action=ProtocolCheck(package, seed, short))
        assert final.is_terminal()


def may_fall_short(package: GamePackage, root: Path, mode: str) -> bool:
    """Whether the mode's returns may sum to less than 1: its roles have an automaton or a loss for all."""
    roles = roles_of(package, pack_at(root), mode)
    return roles is not None and roles.short


@pytest.mark.parametrize("package, root", params())
def test_each_of_the_three_bots_plays_a_whole_game(package: GamePackage, root: Path) -> None:
    """Random, greedy and search (on a small budget) seated round the table, the protocol checked throughout."""
    golden = package.goldens[0]
    game = package.new_game(pack_at(root), golden.config)
    names = ("search", "greedy", "random")
    rng = random.Random(3)
    bots = [package.bot(names[seat % 3], game, seat, rng, samples=1, candidates=2)
            for seat in range(golden.config.players)]
    final = play_game(game, bots, rng, after_action=ProtocolCheck(package, 3, may_fall_short(package, root,
                                                                                          golden.config.mode)))
    assert final.is_terminal()


@pytest.mark.parametrize("package, root, golden", params(configurations))
def test_clones_are_independent(package: GamePackage, root: Path, golden: GoldenGame) -> None:
    state = package.new_game(pack_at(root), golden.config).new_initial_state()
    rng = random.Random(11)
    players = golden.config.players
    while not state.is_terminal():
        copy, before = state.clone(), str(state)
        seen = [copy.observation(p) for p in range(players)]
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        action = actions[rng.randrange(len(actions))]
        state.apply_action(action)
        assert str(copy) == before and [copy.observation(p) for p in range(players)] == seen
        copy.apply_action(action)
        assert str(copy) == str(state)
        assert [copy.observation(p) for p in range(players)] == [state.observation(p) for p in range(players)]


@pytest.mark.parametrize("package, root, golden", params(lambda package, root: package.goldens))
def test_seeded_playthrough_matches_its_golden_transcript(package: GamePackage, root: Path, golden: GoldenGame,
                                                          update_golden: bool) -> None:
    text = golden_transcript(package, pack_at(root), golden)
    path = GOLDEN / root.name / f"{golden.name}.txt"
    if update_golden:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"no golden transcript {path}; run make update-golden"
    expected = path.read_text(encoding="utf-8").splitlines()
    for number, (want, got) in enumerate(zip(expected, text.splitlines()), 1):
        assert got == want, f"Wrong line {number}: expected {want!r}, got {got!r}"
    assert len(expected) == len(text.splitlines()), "the transcript's length changed"


@pytest.mark.parametrize("package, root", params())
def test_every_package_has_golden_transcripts_and_every_file_a_game(package: GamePackage, root: Path) -> None:
    assert package.goldens, f"{package.name} has no golden playthrough"
    assert {p.stem for p in (GOLDEN / root.name).glob("*.txt")} == {g.name for g in package.goldens}


def scripts(package: GamePackage, root: Path) -> list[str]:
    """The pack's worked examples and scenarios, as ``examples/<stem>`` and ``scenarios/<stem>``."""
    return sorted(f"{folder}/{p.stem}" for folder in ("examples", "scenarios") for p in (root / folder).glob("*.yaml"))


@pytest.mark.parametrize("package, root, script", params(scripts))
def test_every_worked_example_and_scenario_replays_to_its_stated_outcome(package: GamePackage, root: Path,
                                                                         script: str) -> None:
    _, outcome = replay_and_check(package, pack_at(root), root / f"{script}.yaml")
    assert [str(f) for f in outcome.findings] == [] and outcome.data is not None


def test_the_suite_runs_over_every_game_with_an_engine() -> None:
    names = {package.name for package, _ in engine_packs()}
    assert {"legie", "legion_siberian_story"} <= names
