"""pnpforge beside a peer tool on the same cards: the bench deck (``tests/data/bench-deck``) printed as A4 sheets of
nine poker cards, fronts and backs, by ``pnpforge build`` and by protograf.

protograf lives in its own virtualenv under ``build/bench/protograf-venv``, made on first use and kept; it is never
a dependency of pnpforge, and its script (``protograf_deck.py`` in the deck's folder) runs only there. Both tools
start cold, in fresh processes writing into empty folders; each runs a few times and the median is kept. When the
virtualenv cannot be made (no network, say), the reason is recorded instead of the figures.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from pnpforge.bench.measure import median_runs, timed

CHECKOUT = Path(__file__).resolve().parents[3]
BENCH_DECK = CHECKOUT / "tests" / "data" / "bench-deck"
PROTOGRAF = "protograf==0.5.2"
PROTOGRAF_VENV = Path("build") / "bench" / "protograf-venv"
CPU_RATIO_GOAL = 1 / 4
INSTALL_TIMEOUT_S = 900


def bench_peers(runs: int = 3, venv: Path = PROTOGRAF_VENV) -> dict:
    """The bench deck by pnpforge and by protograf: median wall and CPU seconds of ``runs`` cold runs each."""
    if not (BENCH_DECK / "game.yaml").is_file():
        return {"bench_deck": {"skipped": f"no bench deck at {BENCH_DECK} (make bench runs from a checkout)"}}
    entry: dict = {"cards": _count_cards(), "command": "pnpforge build tests/data/bench-deck --out <empty> "
                                                      "--only print --paper a4 --sheets cards",
                   "load_average_before": [round(v, 2) for v in os.getloadavg()]}
    entry["pnpforge"] = median_runs([_pnpforge_run() for _ in range(runs)])
    python, problem = protograf_python(venv)
    if python is None:
        entry["protograf"] = {"skipped": problem}
        entry.update(goal="pnpforge CPU <= 1/4 of protograf", met=None, cpu_ratio=None)
        return {"bench_deck": entry}
    entry["protograf"] = median_runs([_protograf_run(python) for _ in range(runs)])
    entry["protograf"]["version"] = PROTOGRAF.split("==")[1]
    ours, theirs = entry["pnpforge"]["cpu_s"], entry["protograf"]["cpu_s"]
    ratio = round(ours / theirs, 3) if ours is not None and theirs else None
    succeeded = entry["pnpforge"]["exit_codes"] == [0] and entry["protograf"]["exit_codes"] == [0]
    entry.update(cpu_ratio=ratio, goal="pnpforge CPU <= 1/4 of protograf",
                 met=bool(succeeded and ratio is not None and ratio <= CPU_RATIO_GOAL))
    return {"bench_deck": entry}


def _pnpforge_run() -> dict:
    with tempfile.TemporaryDirectory(prefix="pnpforge-bench-") as tmp:
        result = timed([sys.executable, "-m", "pnpforge", "build", str(BENCH_DECK), "--out", tmp,
                        "--only", "print", "--paper", "a4", "--sheets", "cards"])
        result["sheet_pages"] = _pages(Path(tmp) / BENCH_DECK.name / "print" / "a4" / "card-cards.pdf")
    _keep_tail(result)
    return result


def _protograf_run(python: Path) -> dict:
    with tempfile.TemporaryDirectory(prefix="pnpforge-bench-protograf-") as tmp:
        result = timed([str(python), str(BENCH_DECK / "protograf_deck.py"), "--directory", tmp], cwd=Path(tmp))
        result["sheet_pages"] = _pages(Path(tmp) / "bench-deck.pdf")
    _keep_tail(result)
    return result


def protograf_python(venv: Path = PROTOGRAF_VENV) -> tuple[Path | None, str | None]:
    """The interpreter of the virtualenv holding protograf, made on first use; or ``None`` and why not."""
    python = venv.absolute() / "bin" / "python"  # absolute, not resolved: the link is what makes it the venv
    if _has_protograf(python):
        return python, None
    steps = [[sys.executable, "-m", "venv", str(venv)],
             [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", PROTOGRAF]]
    for step in steps:
        try:
            done = subprocess.run(step, capture_output=True, text=True, timeout=INSTALL_TIMEOUT_S)
        except (OSError, subprocess.TimeoutExpired) as exc:
            return None, f"{' '.join(step[:4])}: {exc}"
        if done.returncode != 0:
            tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
            return None, f"{' '.join(step[:4])} failed ({done.returncode}): {' / '.join(tail)}"
    if not _has_protograf(python):
        return None, f"{PROTOGRAF} was installed into {venv} but cannot be imported there"
    return python, None


def _has_protograf(python: Path) -> bool:
    """Whether ``python`` exists and imports the pinned protograf."""
    if not python.exists():
        return False
    wanted = PROTOGRAF.split("==")[1]
    probe = "import importlib.metadata as m, protograf; print(m.version('protograf'))"
    done = subprocess.run([str(python), "-c", probe], capture_output=True, text=True)
    return done.returncode == 0 and done.stdout.strip() == wanted


def _count_cards() -> int:
    return max(0, len((BENCH_DECK / "cards.csv").read_text(encoding="utf-8").strip().splitlines()) - 1)


def _pages(pdf: Path) -> int | None:
    """How many pages a tool wrote (fronts and backs), to see that both printed the whole deck."""
    from pypdf import PdfReader

    return len(PdfReader(pdf).pages) if pdf.is_file() else None


def _keep_tail(result: dict) -> None:
    """The output of a failed run is kept (its last lines), that of a good one dropped."""
    output = result.pop("output")
    if result["exit_code"] != 0:
        result["output_tail"] = output.strip().splitlines()[-5:]
