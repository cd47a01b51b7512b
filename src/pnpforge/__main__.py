"""Allow ``python -m pnpforge``."""

from pnpforge.cli import main

main()
