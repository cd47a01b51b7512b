"""The odds strip each section card prints along its foot (``odds-strips.yaml``, type ``odds_strip``): the
section's regular fire at effective range on the reference section of the other nation in the open, soft and hard
cover, the chance that it wipes that section out in the open, and a melee between the two, striking together.

The figures are the validator's (``odds_tables.section_fire``, ``melee_pair``), kept in the pack so the card layout
can print them; the ``odds_strips`` check works them out again and reports every strip that no longer says what
the profiles give, with the figures it should say.
"""

from __future__ import annotations

from collections.abc import Iterator

from pnpforge.content.pack import Pack
from pnpforge.engine.pool_odds import decimal, percent
from pnpforge.engine.validate import Analysis, Table
from pnpforge.findings import Finding
from pnpforge.games.dystopian_legions import forces, profiles
from pnpforge.games.dystopian_legions.damage import COVERS
from pnpforge.games.dystopian_legions.data import Section
from pnpforge.games.dystopian_legions.odds import Kit, chain, melee_pool
from pnpforge.games.dystopian_legions.odds_tables import melee_pair, section_fire, settings

FIGURES = ("fire", "wipe", "melee", "upper_hand")


def strip(kit: Kit, section: Section) -> dict[str, str] | None:
    """The strip of a section's card, or ``None`` when the pack names no reference section for its nation."""
    against = kit.data.sections.get((settings(kit.pack).get("strip") or {}).get(section.nation, ""))
    if against is None:
        return None
    shots = section_fire(kit, section, against)
    fights = bool(melee_pool(kit, section)) and bool(chain(kit, section, melee=True))
    strike, _, upper = melee_pair(kit, section, against) if fights else (None, None, None)
    return {
        "id": f"odds-{section.id}",
        "section": section.id,
        "against": against.id,
        "fire": " / ".join(decimal(shots[c].expected_lp) for c in COVERS),
        "wipe": percent(shots["open"].wipe),
        "melee": decimal(strike.expected_lp) if strike is not None else "-",
        "upper_hand": percent(upper) if upper is not None else "-",
    }


def strips(pack: Pack) -> list[dict[str, str]]:
    kit = Kit(pack)
    return [found for section in kit.data.sections.values() if (found := strip(kit, section)) is not None]


def strips_yaml(pack: Pack) -> str:
    """``odds-strips.yaml`` as the odds give it."""
    lines = [
        "# The odds each section card prints along its foot, worked out from the profiles, weapons and sections",
        '# (DECISIONS.md, "Odds and worth per point"). A check works them out again: a figure that no longer holds',
        "# is an error that gives the one to write.",
    ]
    for found in strips(pack):
        cells = ", ".join(f'{key}: "{value}"' if key in FIGURES else f"{key}: {value}" for key, value in found.items())
        lines.append(f"- {{{cells}, source: authored}}")
    return "\n".join(lines) + "\n"


def _unsound(pack: Pack) -> bool:
    """Whether the dice, profiles, weapons or sections have an error of their own (the checks that find it report
    it): the odds of such data mean nothing, so the strips are not weighed against them."""
    return any(f.severity == "error" for check in (*profiles.ALL, *forces.ALL) for f in check(pack))


def odds_strips(pack: Pack) -> Iterator[Finding]:
    """Every section the pack names a reference section for has a strip, and each strip says what the odds give."""
    if "odds_strip" not in pack.types or _unsound(pack):
        return
    kit = Kit(pack)
    written = {item["section"]: item for item in pack.of_type("odds_strip")}
    units = {item.id: item for item in pack.of_type("unit")}
    for section in kit.data.sections.values():
        wanted = strip(kit, section)
        if wanted is None:
            continue
        item = written.get(section.id)
        if item is None:
            yield Finding(
                "error",
                f"no odds strip for its card; add to odds-strips.yaml: "
                f"{', '.join(f'{k}: {wanted[k]}' for k in ('against', *FIGURES))}",
                mark=units[section.id].mark("name"),
                subject=units[section.id].subject,
            )
            continue
        for key in ("against", *FIGURES):
            if str(item.get(key)) != wanted[key]:
                yield Finding(
                    "error",
                    f"{key}: '{item.get(key)}', but the odds give '{wanted[key]}'",
                    mark=item.mark(key),
                    subject=item.subject,
                )


def strip_table(pack: Pack) -> Analysis:
    """What each section card's odds strip prints, as the odds give it (``strips.py``)."""
    names = {item.id: item["name"] for item in pack.of_type("unit")}
    rows = [
        [names[s["section"]], names[s["against"]], s["fire"], s["wipe"], s["melee"], s["upper_hand"]]
        for s in strips(pack)
    ]
    return Analysis(
        tables=[
            Table(
                "Odds strips: what each section card prints along its foot: regular fire at effective range on the "
                "other nation's reference section (expected LP in the open / soft / hard cover, the chance of a wipe "
                "in the open) and a melee with it (expected LP dealt, the chance of the Upper Hand)",
                ["section", "against", "fire LP", "wipe", "melee LP", "Upper Hand"],
                rows,
            )
        ]
    )


ALL = (odds_strips,)
