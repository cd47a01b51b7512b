"""Tabletop Simulator: deck sheets, piece images and a saved object a player loads in the game."""

from pnpforge.publish.tts.stage import TTS_DIR, TtsResult, build_tts

__all__ = ["TTS_DIR", "TtsResult", "build_tts"]
