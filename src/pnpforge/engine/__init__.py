"""Engines: the Game/State protocol every game package implements, generic bots, and the playout loop."""

from pnpforge.engine.api import CHANCE, TERMINAL, Game, State
from pnpforge.engine.play import play_game

__all__ = ["CHANCE", "TERMINAL", "Game", "State", "play_game"]
