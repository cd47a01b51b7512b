"""Engines: the Game/State protocol and the contract every game package implements, and everything around the
rules that every game shares: playouts, seating, tallies, the simulation harness, matches, transcripts, replays and
the generic analyses."""

from pnpforge.engine.api import CHANCE, TERMINAL, Game, State
from pnpforge.engine.loop import play_game

__all__ = ["CHANCE", "TERMINAL", "Game", "State", "play_game"]
