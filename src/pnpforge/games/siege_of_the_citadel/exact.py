"""The analyses this package makes of the pack's data alone, by name (``GamePackage.data_analyses``): the validator
reports them whether or not games are played, and the rulebook's appendix draws the combat tables
(``{analysis combat-odds}``, ``{analysis dark-legion-odds}``)."""

from __future__ import annotations

from pnpforge.games.siege_of_the_citadel import feasibility, odds, value

ANALYSES = {
    "combat-odds": odds.combat_odds,
    "dark-legion-odds": odds.dark_legion_odds,
    "defence-odds": odds.defence_odds,
    "mission-feasibility": feasibility.mission_feasibility,
    "weapon-value": value.weapon_value,
}
