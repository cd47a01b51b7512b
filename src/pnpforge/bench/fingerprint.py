"""``python -m pnpforge.bench.fingerprint``: one hash per game and bot over a few hundred seeded games, so that a
change made for speed can be shown to leave every game identical seed for seed.

Each game is played as the validator plays it (``play_seed`` with the game's observer), and everything it leaves
goes into the hash: every action of its transcript, the final position as text, the returns, the game's log (its
typed entries' ``repr``), its shared events and the tally the validator would count from it. The sets of games
come from each registered game package: random and greedy play at every player count and in every mode, and each
other bot (a search bot on a small budget) against the greedy one, in the first mode and in each mode the bench
times on its own (``bench_modes``; ``sets``). Each random set is hashed a second time as the bench and plain
playouts play it, without transcript or observer (``<set>/unobserved``: the step machine plays random players
out in one call there). ``--out FILE`` writes
the hashes as JSON; ``--check FILE`` plays the same games and lists every hash that differs (exit 1 when one does).
``--only PACK,PACK`` plays the games of some packs only; ``--games N`` scales every set of seeds.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from pnpforge.engine.playout import Run, play_seed
from pnpforge.engine.results import tally_game

RANDOM, AGAINST, GREEDY, SEARCHED = 80, 30, 20, 3  # games per set: random, greedy against random, greedy, other bots
SMALL_BUDGET = (("samples", 1), ("candidates", 2), ("iterations", 30))  # options a search bot reads; others ignore them


def sets(pack: Any, package: Any) -> list[tuple[str, Run, int]]:
    """(label, run, games) for one game: random and greedy play at every player count in every mode the package
    declares, and each other bot (search bots, on a small budget) against the greedy one."""
    span = pack.game.players
    counts = range(span.min, span.max + 1) if span else range(2, 3)
    modes = [mode for mode in package.modes if mode != "all"] or [""]
    bots = set(package.bots) | ({"search"} if package.search is not None or package.determinize else set())
    found: list[tuple[str, Run, int]] = []
    for n in counts:
        for mode in modes:
            found.append((f"random-{n}p-{mode}", Run(players=n, mode=mode, bots=("random",)), RANDOM))
            if "greedy" in bots:
                found.append((f"greedy-random-{n}p-{mode}", Run(players=n, mode=mode, bots=("greedy", "random")),
                              AGAINST))
                found.append((f"greedy-{n}p-{mode}", Run(players=n, mode=mode, bots=("greedy",)), GREEDY))
    policy = "greedy" if "greedy" in bots else "random"
    slow = [mode for mode in getattr(package, "bench_modes", None) or () if mode in modes and mode != modes[0]]
    for name in sorted(bots - {"random", "greedy"}):
        for mode in [modes[0], *slow]:  # and in each mode the bench times on its own (a battle, say)
            found.append((f"{name}-{counts[0]}p-{mode}", Run(players=counts[0], mode=mode, bots=(name, policy),
                                                             bot_options=SMALL_BUDGET), SEARCHED))
    return found


def game_text(package: Any, pack: Any, run: Run, seed: int) -> str:
    """Everything one seeded game leaves, as text."""
    played = play_seed(package, pack, replace(run, analyse=True), seed, transcript=True)
    tally = tally_game(package, played, held=True)
    if played.observer is not None:
        played.observer.finish(played.state, tally)
    state = played.state
    parts = [*(played.transcript or []), str(state), repr(state.returns()), f"moves {played.moves}",
             repr(getattr(state, "log", None)),
             repr(list(package.events(state))) if package.events is not None else "",
             repr(sorted(tally.counts.items())), repr(sorted(tally.seeds.items()))]
    return "\n".join(parts)


def unobserved_text(package: Any, pack: Any, run: Run, seed: int) -> str:
    """What one seeded game leaves when it is played as the bench and a validation's plain playouts play it: no
    transcript and no observer (random players then play out in one call of the step machine, ``play_out``)."""
    played = play_seed(package, pack, replace(run, analyse=False), seed)
    tally = tally_game(package, played)
    state = played.state
    parts = [str(state), repr(state.returns()), f"moves {played.moves}", repr(getattr(state, "log", None)),
             repr(list(package.events(state))) if package.events is not None else "",
             repr(sorted(tally.counts.items())), repr(sorted(tally.seeds.items()))]
    return "\n".join(parts)


def fingerprints(only: set[str] | None = None, scale: float = 1.0, verbose: bool = False) -> dict[str, Any]:
    """Each set's hash, games and CPU seconds."""
    from pnpforge.check.pack import all_pack_ids, check_pack
    from pnpforge.games import load_package

    out: dict[str, Any] = {}
    for pack_id in all_pack_ids():
        if only and pack_id not in only:
            continue
        pack = check_pack(pack_id).pack
        package = load_package(pack.game.engine) if pack is not None else None
        if pack is None or package is None or not package.has_engine:
            continue
        played = [(label, run, games, game_text) for label, run, games in sets(pack, package)]
        played += [(f"{label}/unobserved", run, games, unobserved_text) for label, run, games, _ in played
                   if run.bots == ("random",)]
        for label, run, games, text in played:
            count = max(1, round(games * scale))
            digest = hashlib.sha256()
            cpu = time.process_time()
            key = f"{pack_id}/{label}"
            try:
                first = text(package, pack, run, 0)
            except ValueError as refused:  # a seating the game does not play (a side with no seat): its refusal
                out[key] = {"games": 0, "refused": str(refused)}
                continue
            for seed in range(count):
                digest.update((first if seed == 0 else text(package, pack, run, seed)).encode())
                digest.update(b"\0")
            used = time.process_time() - cpu
            out[key] = {"games": count, "sha256": digest.hexdigest(), "cpu_s": round(used, 2)}
            if verbose:
                print(f"{key}: {count} games, {used:.1f} CPU s, {digest.hexdigest()[:16]}", file=sys.stderr)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pnpforge.bench.fingerprint", description=__doc__)
    parser.add_argument("--out", type=Path, help="write the hashes here (JSON)")
    parser.add_argument("--check", type=Path, help="compare with the hashes in this file")
    parser.add_argument("--only", help="comma-separated pack ids")
    parser.add_argument("--games", type=float, default=1.0, help="scale every set's number of games")
    args = parser.parse_args(argv)
    only = {name.strip() for name in args.only.split(",")} if args.only else None
    found = fingerprints(only, args.games, verbose=True)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(found, indent=2, sort_keys=True) + "\n")
    if args.check:
        expected = json.loads(args.check.read_text())
        differ = [key for key, value in found.items()
                  if key not in expected or any(expected[key].get(part) != value.get(part)
                                                for part in ("games", "sha256", "refused"))]
        for key in differ:
            print(f"DIFFERS: {key}")
        print(f"{len(found) - len(differ)} of {len(found)} sets identical")
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
