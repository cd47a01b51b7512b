"""pnpforge: a print-and-play content pipeline.

Game packs are data (YAML and Markdown under ``content/<pack>/``); the stages under this package turn them
into checked models, rendered faces, print sheets, rulebooks and validation reports.
"""

__version__ = "0.1.0"

from pnpforge.compiled import install as _install_compiled  # noqa: E402  (the compiled build, when current)

_install_compiled()
