"""What a designer reads first about a Journey box: per faction its characters, their Numbers and attributes;
per level its plots, how they are decided and what they pay. Reported as info by ``validate --static``."""

from __future__ import annotations

from collections import Counter
from typing import Iterator

from pnpforge.content.pack import Pack
from pnpforge.findings import Finding

ATTRIBUTES = ("combat", "intrigue", "charisma")
NO_FACTION = "no faction"


def _copies(pack: Pack, type_name: str):
    for item in pack.of_type(type_name):
        yield from [item] * item.qty


def faction_figures(pack: Pack) -> Iterator[Finding]:
    """Per faction (and the characters of no faction): count, total and spread of Numbers, attribute coverage."""
    groups = [(f.id, index) for index, f in enumerate(pack.game.factions)] + [(NO_FACTION, None)]
    characters = list(_copies(pack, "character"))
    for name, index in groups:
        members = [c for c in characters if c.get("faction", NO_FACTION) == name]
        if not members:
            continue
        numbers = sorted(c["number"] for c in members)
        shown = Counter(a for c in members for a in c["attributes"])
        abilities = Counter(a for c in members for a in c.get("abilities", []))
        coverage = ", ".join(f"{a} {shown[a]}" for a in ATTRIBUTES)
        skills = ", ".join(f"{a} {n}" for a, n in sorted(abilities.items())) or "none"
        mark = pack.game_doc.mark(("factions", index)) if index is not None else pack.game_doc.mark(("box",))
        who = f"faction '{name}'" if index is not None else "characters of no faction"
        yield Finding("info", f"{who}: {len(members)} characters, total N {sum(numbers)} "
                              f"(N {numbers[0]}-{numbers[-1]}, median {numbers[len(numbers) // 2]}); "
                              f"attributes shown: {coverage}; abilities: {skills}",
                      mark=mark, rule="figures")


def plot_figures(pack: Pack) -> Iterator[Finding]:
    """Per plot level: competitive and cooperative plots, icons, rewards and difficulties."""
    plots = list(_copies(pack, "plot"))
    for level in dict.fromkeys(p["level"] for p in plots):
        here = [p for p in plots if p["level"] == level]
        contest = Counter(p["contest"] for p in here)
        icons = Counter(i for p in here for i in p["icons"])
        firsts = [p["rewards"][0] for p in here if p["contest"] == "competitive"]
        difficulties = sorted(p["difficulty"] for p in here if p.get("difficulty") is not None)
        parts = [f"{len(here)} plots: {contest['competitive']} competitive, {contest['cooperative']} cooperative",
                 "icons " + ", ".join(f"{a} {icons[a]}" for a in ATTRIBUTES)]
        if firsts:
            parts.append(f"competitive rewards {min(firsts)}-{max(firsts)} VP (mean {sum(firsts) / len(firsts):.1f})")
        if difficulties:
            parts.append(f"difficulties {difficulties[0]}-{difficulties[-1]}")
        first = next(p for p in pack.of_type("plot") if p["level"] == level)
        yield Finding("info", f"level '{level}': " + "; ".join(parts), mark=first.mark("level"), rule="figures")


ALL = (faction_figures, plot_figures)
