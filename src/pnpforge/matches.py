"""``make matches``: bot-against-bot matches for every pack whose game package has bots.

Each game package that can play matches exposes ``matches(pack, out_dir) -> dict``; results go to
``build/<game>/matches.json``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from pnpforge.check.pack import all_pack_ids, check_pack
from pnpforge.games import load_package


def main() -> None:
    parser = argparse.ArgumentParser(description="Play bot-against-bot matches for every pack with bots.")
    parser.add_argument("--out", type=Path, default=Path("build"))
    args = parser.parse_args()
    played = 0
    for pack_id in all_pack_ids():
        checked = check_pack(pack_id)
        if checked.pack is None or not checked.pack.game.engine:
            continue
        package = load_package(checked.pack.game.engine)
        play = getattr(package, "matches", None) if package else None
        if play is None:
            print(f"{pack_id}: its game package has no bots yet; skipped")
            continue
        result = play(checked.pack)
        target = args.out / pack_id / "matches.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(result, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {target}")
        played += 1
    if not played:
        print("no pack has bots yet: nothing to play")


if __name__ == "__main__":
    main()
