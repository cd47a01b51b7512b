"""Reproducible font subsets: fontTools stamps the current time into a subset's ``head`` table unless
``SOURCE_DATE_EPOCH`` (the reproducible-builds convention it honours) is set, so every subset is made inside
``fixed_epoch``, which also quiets fontTools' notes about the vendored fonts (pre-1970 dates, tables it drops)."""

from __future__ import annotations

import logging
import os
from contextlib import contextmanager
from typing import Iterator

FIXED_EPOCH = "0"
QUIET_LOGGERS = ("fontTools.ttLib.tables._h_e_a_d", "fontTools.subset")


@contextmanager
def fixed_epoch() -> Iterator[None]:
    """Pin font timestamps, and quiet fontTools' notes, for the duration of the block."""
    previous = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = FIXED_EPOCH
    loggers = [logging.getLogger(name) for name in QUIET_LOGGERS]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)
        if previous is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)
        else:
            os.environ["SOURCE_DATE_EPOCH"] = previous
