"""``make matches``: bot-against-bot matches for every pack whose game package has bots.

Each game package declares the pairings to play (``GamePackage.matches``); the engine plays them on the shared
harness, and the results go to ``build/<game>/matches.json``. ``--package module:NAME`` plays a package that is not
registered (a game built inside the tests) on the pack folders given instead of pack ids.
"""

from __future__ import annotations

import argparse
import importlib
import json
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.progress import Progress

from pnpforge.check.pack import all_pack_ids, check_pack
from pnpforge.engine.contract import GamePackage
from pnpforge.engine.matches import play_matches
from pnpforge.engine.packs import cached_pack
from pnpforge.engine.simulate import default_jobs
from pnpforge.files import write_atomic
from pnpforge.games import load_package

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack


def main() -> None:
    parser = argparse.ArgumentParser(description="Play bot-against-bot matches for every pack with bots.")
    parser.add_argument("--out", type=Path, default=Path("build"))
    parser.add_argument("--games", type=int, default=200, help="games per pairing (default 200)")
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument("--package", help="module:NAME of a game package to play instead of the registered ones")
    parser.add_argument("--only", metavar="BOT,BOT",
                        help="play only the pairings of these two bots, e.g. search,greedy")
    parser.add_argument("packs", nargs="*", help="pack ids (default: every pack), or pack folders with --package")
    args = parser.parse_args()
    played = 0
    for pack_id, pack, package in _games(args.package, args.packs):
        if package is None or not package.matches:
            print(f"{pack_id}: no bots; skipped")
            continue
        name = "matches"
        if args.only:
            wanted = tuple(args.only.split(","))
            package = replace(package, matches=tuple(p for p in package.matches if p.bots[:len(wanted)] == wanted))
            if not package.matches:
                print(f"{pack_id}: no {args.only} pairing; skipped")
                continue
            name = f"matches-{'-'.join(wanted)}"  # a part of the matches does not replace the whole file
        _play(pack_id, pack, package, args, name)
        played += 1
    if not played:
        print("no pack has bots yet: nothing to play")


def _games(named: str | None, packs: list[str]) -> list[tuple[str, Any, GamePackage | None]]:
    """(pack id, pack, package) for every pack to play."""
    if named is not None:
        module, _, attribute = named.partition(":")
        package = getattr(importlib.import_module(module), attribute or "PACKAGE")
        return [(cached_pack(root).id, cached_pack(root), package) for root in packs]
    found = []
    for pack_id in packs or all_pack_ids():
        checked = check_pack(pack_id)
        found.append((pack_id, checked.pack, load_package(checked.pack.game.engine) if checked.pack else None))
    return found


def _play(pack_id: str, pack: Pack, package: GamePackage, args: argparse.Namespace, name: str) -> None:
    start = time.perf_counter()
    with Progress(transient=True) as bar:
        task = bar.add_task(f"{pack_id} matches", total=None)
        result = play_matches(package, pack, games=args.games, jobs=args.jobs,
                              progress=lambda n: bar.advance(task, n))
    result["seconds"] = round(time.perf_counter() - start, 1)
    target = args.out / pack_id / f"{name}.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(target, json.dumps(result, indent=2, sort_keys=True) + "\n")
    for match in result["matches"]:
        print(f"{pack_id}: {_line(match)}; {match['cpu_seconds']} CPU s")
    print(f"wrote {target} ({result['seconds']} s)")


def _line(match: dict[str, Any]) -> str:
    """One match's result in words: the bots, where, the first bot's share with its interval and the verdict."""
    bots = match["bots"]
    where = " in " + (match["scenario"] or match["mode"]) if match.get("mode") else ""
    interval = f"(95% CI {match['low']:.1%}-{match['high']:.1%})"
    if len(bots) == 1:  # a game played alone (against an automaton): the share it won, no opponent to be above
        return f"{bots[0]} alone{where}: won {match['share']:.1%} of {match['games']} games {interval}"
    a, b = bots[:2]
    verdict = "stronger" if match["stronger"] else "NOT shown stronger"
    seats = f" ({match['players']} players, {match['equal_share']:.0%} for an equal player)" \
        if match["players"] > 2 else ""
    return f"{a} vs {b}{where}{seats}: {match['share']:.1%} of {match['games']} games {interval}: {a} {verdict}"


if __name__ == "__main__":
    main()
