"""The replay runner: a scripted game or scenario file played through its game's engine, and its stated outcome.

A game package's ``replay(pack, file)`` returns an ``Outcome``: the result as JSON-able data, or the located
findings that stopped it (every game plays its files through the script runner, ``engine/script.py``). Here that
call is guarded (a file that is not YAML is a finding, a pack without an engine is said so), and an outcome is
compared with the one a file states (``expect:``, or ``<stem>.expected.json`` beside it) by one ``mismatches`` for
the CLI, the rulebook's worked examples and the tests.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnpforge.content.source import Doc, LoadError, load_yaml
from pnpforge.engine.contract import GamePackage, Outcome
from pnpforge.findings import Finding, Mark, display_path

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

RULE = "rulebook-example"


def replay(package: GamePackage | None, pack: Pack, path: Path) -> Outcome:
    """Play the file through the package's engine; every problem as a located finding."""
    if package is None or package.replay is None:
        return Outcome(None, [Finding("error", f"pack '{pack.id}' has no rules engine, so there is nothing to "
                                               "replay", mark=Mark(display_path(pack.game_doc.path)), blocking=True)])
    try:
        return package.replay(pack, Path(path))
    except LoadError as exc:
        return Outcome(None, list(exc.findings))


def mismatches(expected: Any, actual: Any, at: tuple = ()) -> list[tuple[tuple, str]]:
    """``(path, message)`` wherever a stated outcome and the engine's differ (stated mappings may omit keys)."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        found = []
        for key, value in expected.items():
            if key not in actual:
                found.append((at + (key,), "the engine reports no such value"))
            else:
                found += mismatches(value, actual[key], at + (key,))
        return found
    if (isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual)
            and all(isinstance(e, dict) for e in expected)):
        return [m for i, (e, a) in enumerate(zip(expected, actual)) for m in mismatches(e, a, at + (i,))]
    return [] if expected == actual else [(at, f"stated {expected!r}, engine gives {actual!r}")]


def dotted(path: tuple) -> str:
    """``expect.parts[0].score`` for ``("expect", "parts", 0, "score")``."""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")


def check_stated(doc: Doc, path: Path, outcome: dict[str, Any]) -> list[Finding]:
    """Every difference between the outcome the file states and the engine's, located at the stated value."""
    stem = Path(path).stem
    expect = doc.data.get("expect") if isinstance(doc.data, dict) else None
    stated = Path(path).with_name(f"{stem}.expected.json")
    if expect is None and stated.is_file():
        try:
            expect = json.loads(stated.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            return [Finding("error", f"example '{stem}': {stated.name}: {exc}", mark=Mark(display_path(stated)),
                            rule=RULE)]
        return [Finding("error", f"example '{stem}': {stated.name}: {dotted(at) or 'outcome'}: {message}",
                        mark=Mark(display_path(stated)), rule=RULE) for at, message in mismatches(expect, outcome)]
    found = []
    if expect is None:
        found.append(Finding("error", f"example '{stem}': states no expected outcome (expect:, or {stated.name} "
                                      "beside it)", mark=doc.mark(()), rule=RULE))
    for at, message in mismatches(expect or {}, outcome):
        found.append(Finding("error", f"example '{stem}': {dotted(('expect',) + at)}: {message}",
                             mark=doc.mark(("expect",) + at), rule=RULE))
    return found


def replay_and_check(package: GamePackage | None, pack: Pack, path: Path) -> tuple[Doc, Outcome]:
    """Replay a file and compare it with the outcome it states; the findings of both in the outcome."""
    try:
        doc = load_yaml(Path(path))
    except LoadError as exc:
        return Doc(display_path(path), {}), Outcome(None, list(exc.findings))
    outcome = replay(package, pack, path)
    if outcome.data is not None:
        outcome.findings += check_stated(doc, path, outcome.data)
    return doc, outcome
