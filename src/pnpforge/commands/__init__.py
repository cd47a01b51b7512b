"""The ``pnpforge`` commands with more to do than call one stage (``cli.py`` holds the rest)."""
