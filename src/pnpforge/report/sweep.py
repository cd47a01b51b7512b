"""The sweep report: every variant a sweep played beside the published rules, in ``report.json``, a self-contained
``report.html`` and a line per variant on the terminal.

Per variant: its assignments, the games played, each faction's win share (each seat's, for a game whose sides do not
rotate; the automaton's and the losses for all beside them, for a game whose roles have them) per configuration with
its 95% interval and the change from the published rules (*apart* when the two intervals do not overlap; and
``paired_change``, the change measured deal by deal on the deals both played, with the interval of the mean paired
difference), and the findings it raises and clears against the published rules (matched by rule and subject, as
``report/compare.py`` matches them). The same sweep gives the same bytes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnpforge.engine.analyses import win_share
from pnpforge.engine.results import TWELFTHS
from pnpforge.engine.seating import Roles
from pnpforge.engine.stats import share
from pnpforge.engine.tally import Tally
from pnpforge.files import write_atomic
from pnpforge.findings import Finding
from pnpforge.report.compare import SHOWN, finding_changes, intervals_apart
from pnpforge.report.environment import report_environment
from pnpforge.report.validation import write_json


def configuration_label(key: Any) -> str:
    """A configuration as the report names it: a player count as ``2p``, a game's own label as it is."""
    return f"{key}p" if isinstance(key, int) else str(key)


def win_shares(tallies: dict[Any, Tally], sides: list[str] | None, seat_names: list[str] | None,
               roles: Roles | None = None) -> dict[str, dict[str, dict]]:
    """Per configuration, each side's win share with its 95% interval (``sides``: the factions, which rotate over
    the seats; None: each seat's, named by ``seat_names`` when the game names them); then, when the ``roles`` have
    them, the automaton's wins and the losses for all, each a share of the games."""
    shares: dict[str, dict[str, dict]] = {}
    for key, tally in tallies.items():
        row: dict[str, dict[str, float]] = {}
        if sides is not None:
            for side in sides:
                found = win_share(tally, f"side/{side}")
                if found is not None:
                    row[side] = found
        else:
            seats = sorted(int(k.rsplit("/", 1)[1]) for k in tally.keys("played/seat/"))
            for seat in seats:
                name = seat_names[seat] if seat_names and seat < len(seat_names) else f"seat {seat + 1}"
                found = win_share(tally, f"seat/{seat}")
                if found is not None:  # a seat counted has played
                    row[name] = found
        games = tally.get("games")
        if roles is not None and roles.automaton is not None and games:
            row[f"{roles.automaton} (automaton)"] = share(
                tally.get(f"wins/automaton/{roles.automaton}") / TWELFTHS, games)
        if roles is not None and roles.loss_for_all and games:
            row["lost by all"] = share(tally.get("lost-by-all") / TWELFTHS, games)
        shares[configuration_label(key)] = row
    return shares


def variant_entry(number: int, assignments: list[str], games: int, tallies: dict[Any, Tally],
                  findings: list[Finding], shares: dict[str, dict[str, dict]], same_as: int | None = None) -> dict:
    """One variant's part of the report (before it is set beside the published rules)."""
    ordered = sorted(findings, key=Finding.sort_key)
    return {
        "number": number,
        "name": "published" if number == 0 else f"variant {number}",
        "assignments": assignments,
        **({"same_as": same_as} if same_as is not None else {}),
        "games_per_configuration": games,
        "games": {configuration_label(k): t.get("games") for k, t in tallies.items()},
        "win_share": shares,
        "counts": {s: sum(f.severity == s for f in ordered) for s in ("error", "warning", "info")},
        "findings": [f.to_json() for f in ordered if f.severity in SHOWN],
    }


def sweep_data(pack_id: str, settings: dict[str, Any], varies: list[str], sides: str, players: dict[str, int],
               entries: list[dict]) -> dict[str, Any]:
    """The report: the sweep's settings and expressions, the players of each configuration, and each variant
    against the published rules (the first entry)."""
    published = entries[0]
    for entry in entries[1:]:
        entry["change"] = {
            config: {name: {"change": round(bar["share"] - published["win_share"][config][name]["share"], 4),
                            "intervals_apart": intervals_apart(_bar(bar), _bar(published["win_share"][config][name]))}
                     for name, bar in row.items() if name in published["win_share"].get(config, {})}
            for config, row in entry["win_share"].items()}
        entry["findings_change"] = {k: [{key: f[key] for key in ("rule", "subject", "severity", "message")}
                                        for f in found]
                                    for k, found in finding_changes(published["findings"], entry["findings"]).items()
                                    if k != "kept"}
    return {"pack": pack_id, "settings": settings, "vary": varies, "shares_of": sides, "players": players,
            "variants": entries}


def _bar(bar: dict) -> dict:
    return {"low": bar["low"], "high": bar["high"]}


def summary_lines(data: dict[str, Any]) -> list[str]:
    """One line per variant: its assignments, each side's share per configuration, findings raised and cleared."""
    lines = []
    for entry in data["variants"]:
        what = ", ".join(entry["assignments"]) or "published rules"
        shares = " | ".join(f"{config}: " + ", ".join(f"{name} {bar['share']:.1%}" for name, bar in row.items())
                            for config, row in entry["win_share"].items())
        tail = ""
        if "findings_change" in entry:
            change = entry["findings_change"]
            tail = f"; findings raised {len(change['raised'])}, cleared {len(change['cleared'])}"
            if entry.get("same_as") is not None:
                tail += " (the same pack as the published rules)"
        else:
            tail = f"; {entry['counts']['warning']} warnings, {entry['counts']['error']} errors"
        lines.append(f"#{entry['number']} {what}: {shares}{tail}")
    return lines


def write_sweep(folder: Path, data: dict[str, Any]) -> tuple[Path, Path]:
    """``report.json`` and ``report.html`` in ``folder``; the same data give the same bytes."""
    from pnpforge.report.charts import grouped_svg

    json_path, html_path = folder / "report.json", folder / "report.html"
    write_json(json_path, data)
    groups = [f"#{entry['number']}" for entry in data["variants"]]
    charts = []
    for config in data["variants"][0]["win_share"]:
        series = list(data["variants"][0]["win_share"][config])
        bars = {(f"#{entry['number']}", name): bar for entry in data["variants"]
                for name, bar in entry["win_share"].get(config, {}).items()}
        reference = 1 / data["players"][config] if data["players"].get(config) else None
        title = f"Win share per {data['shares_of']}, {config}"
        charts.append({"title": title, "config": config, "svg": grouped_svg(title, groups, series, bars, reference)})
    # the report shows a pack's words and the user's expressions, so it renders in the sandbox
    env = report_environment()
    write_atomic(html_path, env.get_template("sweep.html.j2").render(data=data, charts=charts))
    return json_path, html_path
