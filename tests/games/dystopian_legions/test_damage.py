"""Damage as pure functions: the book's shooting example (p.82), allocation along the chain, the defensive pool,
cancellation from the furthest model inward, and the Ironclad damage table."""

from __future__ import annotations

import pytest

from pnpforge.content.pack import load_pack
from pnpforge.games.dystopian_legions import damage, data
from pnpforge.games.dystopian_legions.damage import Allocation, ChainModel

from tests.conftest import REPO

TROOPER_FENCE = ChainModel(ir=3, lp=1, cover="soft")
SERGEANT_OPEN = ChainModel(ir=3, lp=2)
SPECIALIST_HOUSE = ChainModel(ir=4, lp=1, cover="hard")


def test_the_books_example() -> None:
    """18 blue dice roll 14 hits at the Line Infantry: 3 + 3 + 6 allocated and 2 floating; two troopers behind a
    fence roll 2 blue and save 3; both troopers die and the sergeant loses one LP of two."""
    chain = (TROOPER_FENCE, TROOPER_FENCE, SERGEANT_OPEN, SPECIALIST_HOUSE, TROOPER_FENCE)
    allocated = damage.allocate(14, chain)
    assert allocated == Allocation((3, 3, 6, 0, 0), 2)
    assert damage.save_pool(allocated, chain) == {"blue": 2}
    left = damage.cancel(allocated, 3)
    assert left == Allocation((3, 3, 5, 0, 0), 0)
    lost = damage.losses(left, chain)
    assert lost.lp_lost == (1, 1, 1, 0, 0)
    assert lost.killed == (True, True, False, False, False)
    assert (lost.kills, lost.total_lp) == (2, 3)
    assert damage.resolve(14, chain, 3) == lost


def test_hits_short_of_the_next_model_float() -> None:
    chain = (ChainModel(3, 1), ChainModel(5, 2))
    assert damage.allocate(7, chain) == Allocation((3, 0), 4)
    assert damage.allocate(8, chain) == Allocation((3, 5), 0)
    assert damage.allocate(30, chain) == Allocation((3, 10), 17)


def test_a_model_short_of_its_kill_takes_whole_multiples_of_its_ir() -> None:
    chain = (ChainModel(3, 3), ChainModel(3, 1))
    assert damage.allocate(8, chain) == Allocation((6, 0), 2)
    assert damage.losses(damage.allocate(8, chain), chain).lp_lost == (2, 0)


def test_saves_cancel_floating_then_the_furthest_model() -> None:
    allocated = Allocation((3, 3, 3), 1)
    assert damage.cancel(allocated, 1) == Allocation((3, 3, 3), 0)
    assert damage.cancel(allocated, 2) == Allocation((3, 3, 2), 0)
    assert damage.cancel(allocated, 5) == Allocation((3, 2, 0), 0)
    assert damage.cancel(allocated, 99) == Allocation((0, 0, 0), 0)


def test_only_threatened_models_add_save_dice_once_each() -> None:
    dragoon = ChainModel(5, 2, cover="hard", shield=1, shield_colour="red")
    chain = (dragoon, dragoon, dragoon)
    assert damage.save_pool(damage.allocate(30, chain), chain) == {"blue": 6, "red": 3}
    assert damage.save_pool(damage.allocate(12, chain), chain) == {"blue": 2, "red": 1}  # 10 + 2 floating
    assert damage.save_pool(damage.allocate(15, chain), chain) == {"blue": 4, "red": 2}
    assert damage.save_pool(damage.allocate(30, chain), chain, energy=True) == {"blue": 6, "black": 3}
    assert damage.save_pool(damage.allocate(2, chain), chain) == {}


def test_melee_hits_left_over_are_lost() -> None:
    lost = damage.melee_losses(8, (ChainModel(3, 1), ChainModel(3, 1)))
    assert (lost.kills, lost.total_lp) == (2, 2)


def test_cover_levels_stay_between_open_and_hard() -> None:
    assert damage.cover_level("soft", 1) == "hard"
    assert damage.cover_level("hard", 1) == "hard"
    assert damage.cover_level("soft", -1) == "open"
    assert damage.cover_level("open", -1) == "open"


@pytest.mark.parametrize(
    ("roll", "name", "hp"),
    [
        (7, "no effect", 0),
        (8, "shaken", 0),
        (9, "shaken", 0),
        (10, "-1 HP, shaken", 1),
        (11, "-1 HP, shaken", 1),
        (12, "-2 HP, shaken", 2),
        (13, "-2 HP, shaken", 2),
        (14, "wrecked", 0),
        (15, "wrecked", 0),
        (16, "explodes", 0),
        (25, "explodes", 0),
    ],
)
def test_damage_table(roll: int, name: str, hp: int) -> None:
    result = damage.damage_result(roll)
    assert (result.name, result.hp_lost) == (name, hp)


def test_the_books_ironclad_roll() -> None:
    """15 hits at AR 8 with AP 2 and a roll of 8 make 17 on the table: the Ironclad explodes."""
    assert damage.damage_roll(8, 15 - 8, ap=(2, 1)) == 17
    assert damage.ironclad_hit(15, 8, 8, ap=(2,)).explodes
    assert damage.ironclad_hit(7, 8, 12) == damage.NO_EFFECT
    assert damage.damage_roll(7, 0, open_topped=True) == 8


def test_armour_and_cover_on_ironclads() -> None:
    assert damage.armour({"front": 9, "side": 7, "rear": 5}, ("side", "rear")) == 7
    assert [damage.cover_removes("soft", d) for d in (1, 2, 3)] == [0, 1, 2]
    assert [damage.cover_removes("hard", d) for d in (1, 2, 3)] == [2, 3, 4]
    assert damage.cover_removes("open", 3) == 0


def test_the_pack_reads_into_profiles_weapons_and_sections() -> None:
    pack, problems = load_pack(REPO / "content" / "dystopian-legions")
    assert pack is not None and problems == []
    read = data.read(pack)
    knight = read.profiles["pru-teutonic-knight"]
    assert (knight.ir, knight.lp, knight.combat_ir, knight.ironclad) == (6, 2, 7, False)
    mg = read.weapons[knight.weapons[0].weapon]
    assert mg.band("effective") is not None and mg.band("effective").rad == data.Dice(6, "blue")
    assert read.profiles["kob-terrier"].armour == {"front": 9, "side": 7, "rear": 5}
    line = read.sections["kob-line-infantry"]
    assert (line.slot, line.size, line.points) == ("line", 8, 80)
    assert len(read.profiles) == 43 and len(read.weapons) == 22 and len(read.sections) == 25
