"""Static checks: the rule registry, the shared rules every pack gets, and the game package's own rules."""

from pnpforge.check.registry import run_static_checks

__all__ = ["run_static_checks"]
