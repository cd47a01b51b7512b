"""Legie test set-up: the ``rules`` marker naming rule ids of content/legie/rules.yaml, and the pack's rules."""

from __future__ import annotations

import pytest

from pnpforge.games.legie.model import Ruleset

from tests.games.legie.helpers import load_rules


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "rules(*ids): the ids of content/legie/rules.yaml that a test checks")


@pytest.fixture(scope="session")
def rules() -> Ruleset:
    return load_rules()
