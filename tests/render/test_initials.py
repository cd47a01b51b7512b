"""The initials on placeholder art: a person's names, not the rank or title before them, with no word list of any
game; names with fewer capitals keep the first and last words."""

from __future__ import annotations

import pytest

from pnpforge.render.art import initials_of


@pytest.mark.parametrize("name, initials", [
    ("Staff Captain Andrei Orlov", "AO"),  # was SO: the rank's first word and the family name
    ("Sub-Lieutenant Mikhail Veretennikov", "MV"),
    ("Father Innokenty, Regimental Priest", "FI"),  # what follows a comma describes the name
    ("Captain Jaroslav Moravec, Armoured Train Commander", "JM"),
    ("Mikhail Lodygin", "ML"),
    ("Letter of Credit from Omsk", "CO"),  # lower-case joining words never count
    ("Samara, the Volga Front", "VF"),
    ("One victory point", "OP"),
    ("Шторм", "Ш"),
])
def test_initials_skip_a_rank_and_keep_the_names(name: str, initials: str) -> None:
    assert initials_of(name) == initials
