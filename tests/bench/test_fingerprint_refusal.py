"""The fingerprint records a seating the game refuses at set-up instead of stopping, and compares the refusal."""

from __future__ import annotations

from typing import Any

from pnpforge.bench import fingerprint


def test_a_refused_set_is_recorded_and_compared(monkeypatch: Any, tmp_path: Any) -> None:
    def refuse(package: Any, pack: Any, run: Any, seed: int) -> str:
        if run.bots == ("random",):
            raise ValueError("no seat left for a side")
        return f"game {run.players} {seed}"

    monkeypatch.setattr(fingerprint, "game_text", refuse)
    found = fingerprint.fingerprints(only={"legie"}, scale=0.02)
    assert found, "legie has sets"
    refused = [value for value in found.values() if "refused" in value]
    played = [value for value in found.values() if "sha256" in value]
    assert refused and all(value == {"games": 0, "refused": "no seat left for a side"} for value in refused)
    assert played and all(value["games"] >= 1 for value in played)
