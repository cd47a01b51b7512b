"""Battles on the table: deployment zones and order, objectives and missions, the move choices (advance, At The Double,
hold, charge, flee, regroup, an Ironclad's turn), terrain closing ways, Limited Visibility, the turn cap as a logged
end, and the greedy bot against the random one (rules named on each test)."""

from __future__ import annotations

import random

import pytest

from pnpforge.engine.contract import GameConfig
from pnpforge.engine.events import Ended
from pnpforge.engine.loop import play_game
from pnpforge.engine.plane import INCH, Shape
from pnpforge.engine.plane_measure import within
from pnpforge.games.dystopian_legions import PACKAGE, battle_moves, battle_turn, deployment
from pnpforge.games.dystopian_legions.battle import BattleState
from pnpforge.games.dystopian_legions.battle_fire import after, targets
from pnpforge.games.dystopian_legions.data import Band
from pnpforge.games.dystopian_legions.table import in_contact, standard_table

from tests.conftest import REPO
from tests.helpers import shipped_pack

PACK = REPO / "content" / "dystopian-legions"
W = 48 * INCH


def T_FARMHOUSE() -> Shape:  # noqa: N802
    """The farmhouse at the centre of the Farmstead table."""
    setup = standard_table(shipped_pack(PACK), 500, "farmstead")
    return next(piece.shape for piece in setup.pieces if piece.id == "farmhouse")


def battle(rows: tuple[int, int, int] = (0, 0, 0), **options: object) -> BattleState:
    """A battle set up by seeded chance and the first answer of every question, up to its first activation choice."""
    config = GameConfig(mode="battle", options=tuple(sorted({"scenario": rows, **options}.items())))
    s = PACKAGE.new_game(shipped_pack(PACK), config).new_initial_state()
    rng = random.Random(1)
    while s.pending is not None and s.pending[0] != "b-choose":
        if s.pending[0] == "b-zone":  # the first seat along the bottom edge, whoever chooses, as the tests place it
            s.apply_action(("zone", 0 if s.pending[1] == 0 else 1))
            continue
        s.apply_action(s.sample_chance(rng) if s.is_chance_node() else s.legal_actions()[0])
    assert isinstance(s, BattleState)
    return s


def unit_of(s: BattleState, section: str) -> int:
    return next(u.spec.index for u in s.units if u.spec.unit == section)


def only(s: BattleState, *keep: int) -> None:
    """Take every other section off the table."""
    for unit in s.units:
        if unit.spec.index not in keep:
            unit.block = None
    s.moved()


def put(s: BattleState, i: int, x: float, y: float, heading: int | None = None) -> None:
    unit = s.units[i]
    assert unit.block is not None
    unit.block = unit.block.at((int(x * INCH), int(y * INCH)), heading)
    s.moved()


@pytest.mark.rules(
    "deploy-oblique", "deploy-meeting", "deploy-surprise", "mission-centre-ground", "mission-vital-objective"
)
def test_zones_and_objectives_on_the_4_by_4_table() -> None:
    strip = ((0, 0, W, 12 * INCH),), ((0, 36 * INCH, W, W),)
    assert deployment.zones("advancing-lines", W, W) == strip
    assert deployment.zones("meeting-engagement", W, W) == strip
    assert deployment.zones("oblique-contact", W, W) == (((0, 0, W // 2, W // 2),), ((W // 2, W // 2, W, W),))
    attacker, defender = deployment.zones("surprise-attack", W, W, defender=1)
    assert attacker == strip[0] and defender == ((0, 36 * INCH, W // 2, W), (W // 2, 36 * INCH, W, W))
    assert deployment.objectives("centre-ground", W, W) == ((12 * INCH, 24 * INCH), (36 * INCH, 24 * INCH))
    assert deployment.objectives("vital-objective", W, W) == ((24 * INCH, 24 * INCH),)
    assert deployment.objectives("annihilate", W, W) == ()
    house = T_FARMHOUSE()
    assert deployment.objectives("vital-objective", W, W, [house]) == ((18 * INCH, 24 * INCH),)  # clear of its wall


@pytest.mark.rules("deploy-order")
def test_heavy_ironclads_set_up_first_then_the_rest_alternating() -> None:
    players, heavy = [0, 0, 0, 1, 1, 1, 1], [False, True, False, False, False, False, True]
    assert deployment.order(players, heavy, first_heavy=1, first_main=0) == [6, 1, 0, 3, 2, 4, 5]


@pytest.mark.rules("deploy-oblique", "setup-table")
def test_every_section_sets_up_in_its_zone_clear_of_terrain() -> None:
    s = battle((1, 0, 0))
    assert s.names == ("oblique-contact", "centre-ground", "no-condition")
    assert len(s.blocks()) == 10
    for unit in s.units:
        assert unit.block is not None
        assert any(deployment.inside(zone, unit.block) for zone in s.zones[unit.spec.player]), unit.spec.unit
        assert unit.block.heading == (2 if unit.spec.player == s.bottom else 6)
    assert PACKAGE.invariants(s) == []


@pytest.mark.rules("move-general", "move-advance", "move-hold", "move-double", "terrain-movement")
def test_advance_hold_and_at_the_double() -> None:
    s = battle()
    line = unit_of(s, "kob-line-infantry")
    grenadiers = unit_of(s, "pru-line-grenadiers")
    only(s, line, grenadiers)
    put(s, line, 24, 4)
    put(s, grenadiers, 40, 44)
    options = battle_moves._moves(s, 0, line)
    assert options[:3] == ["hold", "advance:enemy", "advance:obj0"] and "double:enemy" in options
    start = s.units[line].block
    battle_moves.move(s, "hold", 0, line)
    assert s.units[line].block == start and s.units[line].moved == "hold"
    battle_moves.move(s, "advance:obj0", 0, line)
    moved = s.units[line].block
    assert moved is not None and start is not None
    travelled = (moved.centre[0] - start.centre[0]) ** 2 + (moved.centre[1] - start.centre[1]) ** 2
    assert 0 < travelled <= (s.units[line].spec.mv * INCH) ** 2 + 2  # the section's move
    # At The Double stops short of the field wall, difficult ground for foot; an advance crosses it
    put(s, line, 24, 10)
    battle_moves.move(s, "double:obj1", 0, line)
    assert s.units[line].block.shape.box[3] <= 14 * INCH  # type: ignore[union-attr]
    put(s, line, 24, 11)
    battle_moves.move(s, "advance:obj1", 0, line)
    assert s.units[line].block.shape.box[1] > 14 * INCH  # type: ignore[union-attr]
    # a move ends an inch from the enemy
    put(s, grenadiers, 24, 17)
    put(s, line, 24, 8)
    battle_moves.move(s, "advance:enemy", 0, line)
    assert not within(s.units[line].block.shape, s.units[grenadiers].block.shape, INCH - 1)  # type: ignore[union-attr]
    assert PACKAGE.invariants(s) == []


@pytest.mark.rules("move-charge", "melee-when")
def test_a_charge_ends_in_base_contact_and_engages_both() -> None:
    s = battle()
    line = unit_of(s, "kob-line-infantry")
    knights = unit_of(s, "pru-teutonic-knights")
    only(s, line, knights, unit_of(s, "kob-gardner-section"))
    put(s, line, 20, 3)
    put(s, knights, 20, 11)
    put(s, unit_of(s, "kob-gardner-section"), 36, 4)
    assert f"charge:{line}" in battle_moves._moves(s, 1, knights)
    battle_moves.move(s, f"charge:{line}", 1, knights)
    s.run()  # the charged section may be ordered On My Mark before the chargers move in
    assert in_contact(s.units[line].block, s.units[knights].block)  # type: ignore[arg-type]
    assert (line, knights) in s.engagements and s.units[line].side.engaged and s.units[knights].side.engaged
    assert battle_moves._moves(s, 0, line) == []
    assert knights not in targets(s, unit_of(s, "kob-gardner-section"))  # nobody shoots into a melee
    assert PACKAGE.invariants(s) == []


@pytest.mark.rules("ironclad-move", "los-arcs")
def test_an_ironclad_turns_on_the_template_and_drives_on() -> None:
    s = battle()
    tank = unit_of(s, "pru-kettenkarre-section")
    only(s, tank)
    put(s, tank, 10, 42, heading=6)
    assert battle_moves._moves(s, 1, tank)[:4] == ["hold", "ahead", "left", "right"]
    battle_moves.move(s, "left", 1, tank)
    after_turn = s.units[tank].block
    assert after_turn is not None and after_turn.heading == 7
    assert after_turn.centre[1] < 42 * INCH


@pytest.mark.rules("morale-routed", "coherency")
def test_a_routed_section_flees_and_a_broken_one_regroups() -> None:
    s = battle()
    line = unit_of(s, "kob-line-infantry")
    only(s, line, unit_of(s, "pru-line-grenadiers"))
    put(s, unit_of(s, "pru-line-grenadiers"), 40, 44)
    put(s, line, 24, 30)
    s.units[line].side.markers = 3
    assert battle_moves._moves(s, 0, line) == ["flee"]
    battle_moves.move(s, "flee", 0, line)
    assert s.units[line].block.centre[1] < 30 * INCH  # type: ignore[union-attr]
    s.units[line].side.markers = 0
    side = s.units[line].side
    side.troopers = [t for t in side.troopers if s.units[line].slots[t.number] % 5 != 2]  # the middle file falls
    side.lp_lost = side.lp_start - side.lp
    assert battle_moves._moves(s, 0, line) == ["regroup"]
    battle_moves.move(s, "regroup", 0, line)
    assert s.units[line].coherent() and s.units[line].formed == len(side.troopers)


@pytest.mark.rules("condition-visibility")
def test_limited_visibility_halves_ranges_and_stops_at_the_double() -> None:
    s = battle((0, 0, 2))
    assert s.names[2] == "limited-visibility" and s.halved
    s.inches = 12
    assert s.reaches(Band("effective", 0, 24, None, None)) and not s.reaches(Band("effective", 0, 22, None, None))
    line = unit_of(s, "kob-line-infantry")
    assert not any(o.startswith("double") for o in battle_moves._moves(s, 0, line))


@pytest.mark.rules("mission-annihilate", "end-blp-casualties", "morale-triggers")
def test_a_section_wiped_out_scores_and_shakes_its_friends_near() -> None:
    s = battle((0, 2, 0))
    gardner, line = unit_of(s, "kob-gardner-section"), unit_of(s, "kob-line-infantry")
    put(s, gardner, 20, 6)
    put(s, line, 30, 6)
    side = s.units[gardner].side
    side.lp_lost, side.troopers = side.lp_start, []
    s.agenda = []
    after(s)
    assert s.blp == [0, s.game.wiped_blp[gardner] + 2]
    assert ("morale", 0) in s.agenda


@pytest.mark.rules("mission-breakthrough", "mission-centre-ground", "end-objectives")
def test_objectives_and_breakthrough_score_at_the_end_of_the_turn() -> None:
    s = battle((0, 0, 0))
    line, grenadiers = unit_of(s, "kob-line-infantry"), unit_of(s, "pru-line-grenadiers")
    only(s, line, grenadiers)
    put(s, grenadiers, 40, 44)
    put(s, line, 12, 25.5)  # its block's near edge within an inch of the objective at (12, 24)
    s.agenda = []
    battle_turn.score(s)
    assert s.blp == [2, 0]
    put(s, grenadiers, 12, 22.5)
    assert battle_turn.holders(s, (12 * INCH, 24 * INCH)) == set()  # contested
    s = battle((0, 3, 0))
    line = unit_of(s, "kob-line-infantry")
    only(s, line, unit_of(s, "pru-line-grenadiers"))
    put(s, line, 24, 45)  # in the enemy's zone
    s.agenda = []
    battle_turn.score(s)
    assert s.blp[0] == 2


@pytest.mark.rules("turn-sequence", "end-victory")
def test_the_turn_cap_ends_a_battle_as_a_logged_finding() -> None:
    game = PACKAGE.new_game(shipped_pack(PACK), GameConfig(mode="battle", options=(("turns", 1),)))
    final = play_game(game, [PACKAGE.bot("random", game, k, random.Random(k)) for k in (0, 1)], random.Random(4))
    assert isinstance(final, BattleState) and final.turn == 1
    assert Ended("turn-cap") in final.log or Ended("blp-target") in final.log
    assert [e for e in PACKAGE.events(final) if isinstance(e, Ended)]  # type: ignore[misc]


def test_greedy_beats_random() -> None:
    """Five battles in eight, over 24 seeded battles (eight were too few to tell the bots apart from the seeds)."""
    game = PACKAGE.new_game(shipped_pack(PACK), GameConfig(mode="battle"))
    wins = 0
    for seed in range(24):
        rng = random.Random(seed)
        names = ("greedy", "random") if seed % 2 == 0 else ("random", "greedy")
        final = play_game(game, [PACKAGE.bot(names[k], game, k, rng) for k in (0, 1)], rng)
        returns = final.returns()
        wins += returns[names.index("greedy")] > returns[names.index("random")]
    assert wins >= 15


@pytest.mark.rules("tac-one-per-section")
def test_a_card_moves_a_section_on_after_its_move() -> None:
    s = battle()
    line = unit_of(s, "kob-line-infantry")
    only(s, line, unit_of(s, "pru-line-grenadiers"))
    put(s, unit_of(s, "pru-line-grenadiers"), 40, 44)
    put(s, line, 24, 4)
    s.units[line].side.effects = {"move": (("inches", 6), ("when", "now"))}  # Forced March
    s.agenda = []
    battle_moves.card_move(s, 0, line, "enemy")
    assert s.agenda == [("b-extra-move", 0, line, "enemy", 6, False)]
    before = s.units[line].block.centre  # type: ignore[union-attr]
    battle_moves.extra_move(s, 0, line, "enemy", 6, False)
    after_move = s.units[line].block.centre  # type: ignore[union-attr]
    assert 0 < (after_move[0] - before[0]) ** 2 + (after_move[1] - before[1]) ** 2 <= (6 * INCH) ** 2 + 2
    assert "move" not in s.units[line].side.effects
