"""Compass directions: rings clockwise from a named direction, and the cell a compass pair picks."""

from __future__ import annotations

import pytest

from pnpforge.engine.compass import extreme, ring, step


def test_a_ring_runs_clockwise_from_north() -> None:
    assert ring((5, 5)) == [(5, 4), (6, 4), (6, 5), (6, 6), (5, 6), (4, 6), (4, 5), (4, 4)]
    assert ring((5, 5), start="W")[:3] == [(4, 5), (4, 4), (5, 4)]
    wide = ring((5, 5), 2, start="SE")
    assert len(wide) == len(set(wide)) == 16 and wide[0] == (7, 7) and wide[1] == (6, 7)
    assert step((5, 5), "NW", 2) == (3, 3)
    with pytest.raises(ValueError):
        ring((0, 0), 0)
    with pytest.raises(ValueError, match="unknown compass direction"):
        ring((0, 0), start="up")


def test_a_compass_pair_picks_one_cell() -> None:
    cells = [(0, 0), (2, 0), (2, 3), (1, 3)]
    assert extreme(cells, "E", "N") == (2, 0) and extreme(cells, "E", "S") == (2, 3)
    assert extreme(cells, "S", "W") == (1, 3) and extreme(cells, "W", "N") == (0, 0)
    assert extreme([], "E", "N") is None
    with pytest.raises(ValueError, match="right angles"):
        extreme(cells, "E", "W")
    with pytest.raises(ValueError, match="compass pair"):
        extreme(cells, "NE", "N")
