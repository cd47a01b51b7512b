"""The ``pnpforge`` verbs, one module each; ``cli.py`` gathers them into the command."""
