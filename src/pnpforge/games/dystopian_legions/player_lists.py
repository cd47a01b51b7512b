"""Force lists as player files: the checks (the pack's force rules, ``force_rules.py``), the points by section
against the limit that ``validate --list`` prints, and the roster ``build --list`` prints (``roster.py``)."""

from __future__ import annotations

from pnpforge.content.pack import Pack
from pnpforge.content.player_files import PlayerFile
from pnpforge.engine.contract import PlayerDocument, PlayerFileRules
from pnpforge.games.dystopian_legions.force_list import read_force, shown
from pnpforge.games.dystopian_legions.force_rules import evaluate, hand
from pnpforge.games.dystopian_legions.roster import roster


def hand_rule(pack: Pack) -> dict:
    """The hand size's numbers, as the force rule ``hand_size`` gives them."""
    rule = next((r for r in pack.of_type("force_rule") if r["check"] == "hand_size"), None)
    return dict(rule.get("params") or {}) if rule is not None else {}


def summary(pack: Pack, player_file: PlayerFile) -> list[str]:
    """Points by section, platoon by platoon, and the total against the Maximum Force Value."""
    force = read_force(pack, player_file)
    width = max((len(entry.section) for entry in force.entries), default=10)
    lines = []
    for index in range(len(force.data["platoons"])):
        lines.append(f"platoon {index + 1}")
        for entry in force.platoon(index):
            name = entry.unit["name"] if entry.unit is not None else "?"
            carried = f" + {entry.transport.id}" if entry.transport is not None else ""
            fielded = sum(entry.models.values())
            lines.append(
                f"  {entry.section:<{width}}  {shown(entry.points):>6}  {name} ({fielded} "
                f"model{'s' if fielded != 1 else ''}){carried}"
            )
    mfv, total = force.data["mfv"], force.total
    spare = f"{shown(mfv - total)} to spare" if total <= mfv else f"{shown(total - mfv)} over"
    cards = hand(mfv, hand_rule(pack))
    lines.append(f"total {shown(total)} of {mfv} points ({spare}); a hand of {cards} TAC{'s' if cards != 1 else ''}")
    return lines


def document(pack: Pack, player_file: PlayerFile) -> PlayerDocument:
    """The roster of a force list (``roster.py``)."""
    return roster(pack, player_file, hand_rule(pack))


RULES = PlayerFileRules(check=evaluate, summary=summary, document=document)
