"""The compiled build plays every game as the plain code does: seeded games of a game whose engine modules are
compiled give the same hashes (transcripts, final positions, returns, logs, events and tallies, as the fingerprint
hashes them) in a process that loads the compiled build and in one with ``PNPFORGE_PLAIN=1``. Skipped, with the
reason, where no current compiled build is present (``make setup`` makes one, so CI runs it)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from pnpforge.compiled import status
from tests.conftest import REPO

PACK, SETS, SEEDS = "legion-siberian-story", 8, 3  # the first sets of its fingerprint, a few seconds of games
PLAY = f"""
import hashlib, json, pnpforge.compiled, pnpforge.engine.results as results
from pnpforge.bench.fingerprint import game_text, sets, unobserved_text
from pnpforge.check.pack import check_pack
from pnpforge.games import load_package
pack = check_pack({PACK!r}).pack
package = load_package(pack.game.engine)
hashes = {{}}
for label, run, _ in sets(pack, package)[:{SETS}]:
    for seed in range({SEEDS}):
        texts = [game_text(package, pack, run, seed)]
        texts += [unobserved_text(package, pack, run, seed)] if run.bots == ("random",) else []
        hashes[f"{{label}}/{{seed}}"] = [hashlib.sha256(text.encode()).hexdigest() for text in texts]
print(json.dumps({{"status": pnpforge.compiled.status(), "file": results.__file__, "hashes": hashes}}))
"""


def _play(env: dict[str, str]) -> dict:
    done = subprocess.run([sys.executable, "-c", PLAY], env=env, capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_seeded_games_are_identical_compiled_and_plain() -> None:
    build = status()
    if build != "compiled":
        pytest.skip(f"no current compiled build here ({build}); make setup builds one")
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    compiled = _play(env)
    plain = _play({**env, "PNPFORGE_PLAIN": "1"})
    assert compiled["status"] == "compiled" and not compiled["file"].endswith(".py")  # the extension
    assert plain["status"] == "plain: PNPFORGE_PLAIN is set" and plain["file"].endswith("results.py")
    assert len(compiled["hashes"]) == SETS * SEEDS
    assert compiled["hashes"] == plain["hashes"]
