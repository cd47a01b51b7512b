"""BattleScribe's data format: a game system, catalogues and rosters from a pack's data and its mapping."""

from pnpforge.publish.battlescribe.stage import BATTLESCRIBE_DIR, BattleScribeResult, build_battlescribe, build_roster

__all__ = ["BATTLESCRIBE_DIR", "BattleScribeResult", "build_battlescribe", "build_roster"]
