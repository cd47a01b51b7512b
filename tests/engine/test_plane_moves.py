"""Moves as finite choices, chains and scatter, on the wargame rulebook's situations (core rulebook 2.0 pages)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pnpforge.engine.plane import INCH, Base, Table, add, inches, polygon
from pnpforge.engine.plane_measure import CONTACT, closer_than, overlap, touching, within
from pnpforge.engine.plane_moves import (SIX, Field, ahead, chains, choices, coherent, contact, format_inches,
                                         scatter, together, towards, turn)
from pnpforge.engine.plane_sight import Piece

TABLE = Table(inches(48), inches(48))


def trooper(name: str, x: float, y: float) -> Base:
    return Base(name, (round(x * INCH), round(y * INCH)), 250)


def test_a_model_may_not_end_its_move_within_1_inch_of_an_enemy() -> None:
    # p.65: a model must end its move at least 1" away from enemy models unless it charges them. Advancing 6"
    # straight at an enemy 5" away (edge to edge) stops 1" short of it.
    mover, enemy = trooper("mover", 10, 10), trooper("enemy", 10 + 5 + 1, 10)  # edges 5" apart
    field = Field(TABLE, (), (mover, enemy))
    move = towards(field, "mover", "enemy", enemy.centre, inches(6), keep_away={"enemy"}, away=INCH)
    assert move is not None
    assert not closer_than(move.after.shape, enemy.shape, INCH)  # at least 1" away
    assert closer_than(move.after.shape, enemy.shape, INCH + CONTACT)  # and no further back than it must be
    # a spot 1" from the enemy less a tenth of a millimetre is refused: the end would be too near
    too_near = towards(field, "mover", "spot", (enemy.centre[0] - 250 - INCH + 1, enemy.centre[1]), inches(6),
                       keep_away={"enemy"}, away=INCH)
    assert too_near is not None and too_near.after.centre[0] < enemy.centre[0] - 250 - INCH + 1
    # exactly 1" is allowed
    exactly = towards(field, "mover", "spot", (enemy.centre[0] - 250 - INCH, enemy.centre[1]), inches(6),
                      keep_away={"enemy"}, away=INCH)
    assert exactly is not None and exactly.after.centre == (enemy.centre[0] - 250 - INCH, enemy.centre[1])


def test_a_move_passing_an_enemy_may_end_beyond_it() -> None:
    # p.65 limits where a move ends, not the path: a model may pass an enemy 1.5" to its side (never through it)
    mover, enemy = trooper("mover", 10, 10), trooper("enemy", 13, 11.5)
    field = Field(TABLE, (), (mover, enemy))
    move = towards(field, "mover", "beyond", (round(16 * INCH), round(10 * INCH)), inches(6),
                   keep_away={"enemy"}, away=INCH)
    assert move is not None and move.after.centre == (16 * INCH, 10 * INCH)


def test_a_charge_ends_in_base_contact() -> None:
    # p.65-66: a charge moves up to twice the move value into base contact with the enemy
    charger, enemy = trooper("charger", 10, 10), Base("knight", (20 * INCH, 13 * INCH), 500, 250, heading=3)
    field = Field(TABLE, (), (charger, enemy))
    move = contact(field, "charger", "knight", inches(12))
    assert move is not None and touching(move.after.shape, enemy.shape)
    assert contact(field, "charger", "knight", inches(6)) is None  # out of reach


def test_impassable_terrain_and_other_models_clip_a_path() -> None:
    # p.65: a model cannot move through other models or impassable terrain (p.54: a wood is impassable to cavalry)
    wood = Piece("wood", polygon([(inches(14), inches(5)), (inches(18), inches(5)), (inches(18), inches(15)),
                                  (inches(14), inches(15))]), blocks_sight=True, open_depth=inches(3))
    horse = Base("horse", (inches(10), inches(10)), 500, 250, heading=0)
    field = Field(TABLE, (wood,), (horse,))
    blocked = towards(field, "horse", "east", (inches(24), inches(10)), inches(8), impassable={"wood"})
    assert blocked is not None and touching(blocked.after.shape, wood.shape)
    through = towards(field, "horse", "east", (inches(24), inches(10)), inches(8))  # for infantry: not impassable
    assert through is not None and through.after.centre == (inches(18), inches(10))
    friend = trooper("friend", 12, 10)
    crowded = towards(Field(TABLE, (wood,), (horse, friend)), "horse", "east", (inches(24), inches(10)), inches(8))
    assert crowded is not None and touching(crowded.after.shape, friend.shape)


def test_a_coherency_chain_broken_by_one_model() -> None:
    # p.63: infantry keep a chain, each model within 1" of another; the kneeling trooper of the book's figure is
    # more than 1" from the others, so the section is out of coherency
    standing = [trooper("a", 10, 10), trooper("b", 11.5, 10), trooper("c", 13, 10)]  # 0.5" gaps
    assert coherent(standing, INCH)
    kneeling = trooper("d", 15.1, 10)  # 1.1" beyond c's edge
    assert not coherent(standing + [kneeling], INCH)
    assert chains(standing + [kneeling], INCH) == [["a", "b", "c"], ["d"]]
    # and a chain broken in the middle: the model that linked both halves is killed (p.16: removed)
    chain = standing + [trooper("e", 14.5, 10), trooper("f", 16, 10)]
    assert coherent(chain, INCH)
    assert chains([b for b in chain if b.id != "c"], INCH) == [["a", "b"], ["e", "f"]]
    # cavalry keep 2" (p.63)
    assert coherent(standing + [kneeling], 2 * INCH)


def test_a_section_moves_together_and_keeps_its_chain() -> None:
    section = [trooper("a", 10, 10), trooper("b", 11.5, 10), trooper("c", 11.5, 11.5)]
    enemy = trooper("enemy", 20, 10)
    field = Field(TABLE, (), (*section, enemy))
    moves = together(field, ["a", "b", "c"], "enemy", enemy.centre, inches(6), keep_away={"enemy"}, away=INCH)
    assert len(moves) == 3 and coherent([m.after for m in moves], INCH)
    assert all(not closer_than(m.after.shape, enemy.shape, INCH) for m in moves)


def test_a_hull_turns_by_the_45_degree_template_and_moves_ahead() -> None:
    # p.107: an ironclad turns with the 45 degree template placed at its front, after moving straight
    hull = Base("hull", (inches(20), inches(20)), inches(4), inches(2), heading=0)
    field = Field(TABLE, (), (hull,))
    forward = ahead(field, "hull", INCH)
    assert forward is not None and forward.after.centre == (inches(21), inches(20))
    left = turn(field.placed(forward.after), "hull", 1)
    assert left is not None and left.after.heading == 1
    assert left.after.front() == forward.after.front() or \
        max(abs(p - q) for p, q in zip(left.after.front(), forward.after.front())) <= 1
    backwards = ahead(field, "hull", -INCH)
    assert backwards is not None and backwards.after.centre == (inches(19), inches(20))
    # rocks beside the hull's rear, on its left, stop a turn to the right (pivoting on the front, the rear swings
    # left), not a turn to the left
    rocks = Piece("rocks", polygon([(inches(18), inches(21) + 100), (inches(19), inches(21) + 100),
                                    (inches(19), inches(23)), (inches(18), inches(23))]))
    assert turn(Field(TABLE, (rocks,), (hull,)), "hull", 1, impassable={"rocks"}) is not None
    assert turn(Field(TABLE, (rocks,), (hull,)), "hull", -1, impassable={"rocks"}) is None


def test_a_scatter_stops_at_the_table_edge() -> None:
    # p.86: a template over open sights scatters 1D6" along the random direction template's arrow (p.13); near
    # the edge it stops there (the book is silent; the kit keeps the point on the table)
    aim = (inches(2), inches(24))
    assert scatter(TABLE, aim, SIX[3], inches(6)) == (0, inches(24))  # arrow 4 points at the left edge
    landed = scatter(TABLE, aim, SIX[0], inches(6))
    assert landed == (inches(8), inches(24))
    slant = scatter(TABLE, (inches(1), inches(1)), SIX[4], inches(6))  # down and left, 60 degrees
    assert slant == (108, 0)  # 254 - 254 / tan(60 deg) = 107.4, rounded back towards the aim


def test_lengths_print_in_inches() -> None:
    assert [format_inches(u) for u in (254, 381, 3048, 0, -127)] == ['1"', '1.5"', '12"', '0"', '-0.5"']


# -- moving never crosses impassable terrain ------------------------------------------------------------------

rocks = st.lists(st.builds(
    lambda x, y, w, h, name: Piece(name, polygon([(x, y), (x + w, y + h // 3), (x + w, y + h), (x, y + h)])),
    st.integers(500, 9000), st.integers(500, 9000), st.integers(200, 2500), st.integers(300, 2500),
    st.sampled_from(["r1", "r2", "r3", "r4"])), max_size=4)
spots = st.tuples(st.integers(300, 11_000), st.integers(300, 11_000))


@settings(max_examples=150, deadline=None)
@given(spots, spots, rocks, st.lists(spots, max_size=4), st.integers(1, 4000), st.booleans())
def test_moving_by_a_choice_never_crosses_impassable_terrain_or_a_base(start: tuple[int, int],
                                                                       goal: tuple[int, int], terrain: list[Piece],
                                                                       others: list[tuple[int, int]], reach: int,
                                                                       rectangular: bool) -> None:
    table = Table(12_000, 12_000)
    mover = Base("mover", start, 500, 250, 3) if rectangular else Base("mover", start, 320)
    crowd = [Base(f"o{i}", spot, 250) for i, spot in enumerate(others)]
    field = Field(table, tuple(terrain), (mover, *crowd))
    impassable = {p.id for p in terrain}
    obstacles = [p.shape for p in terrain] + [b.shape for b in crowd]
    if any(overlap(mover.shape, o) for o in obstacles) or not table.holds(mover.shape):
        return  # a start that is already illegal
    for move in (towards(field, "mover", "goal", goal, reach, impassable),
                 contact(field, "mover", crowd[0].id, reach, impassable) if crowd else None,
                 ahead(field, "mover", reach, impassable), turn(field, "mover", 1, impassable)):
        if move is None:
            continue
        offset = (move.after.centre[0] - start[0], move.after.centre[1] - start[1])
        swept = mover.shape.swept(offset) if move.kind != "turn" else move.after.shape
        assert not any(overlap(swept, o) for o in obstacles), move
        assert table.holds(move.after.shape)
        assert move.length <= reach or move.kind == "turn"
        assert add(start, offset) == move.after.centre
        if move.kind == "contact":
            assert within(move.after.shape, crowd[0].shape, CONTACT)


@settings(max_examples=100, deadline=None)
@given(spots, spots, st.lists(spots, min_size=1, max_size=4), st.integers(1, 4000))
def test_a_move_towards_a_point_never_ends_too_near_a_base_it_keeps_away_from(start: tuple[int, int],
                                                                             goal: tuple[int, int],
                                                                             others: list[tuple[int, int]],
                                                                             reach: int) -> None:
    # p.65: at least 1" from every enemy at the end of the move
    mover = Base("mover", start, 250)
    enemies = [Base(f"e{i}", spot, 400) for i, spot in enumerate(others)]
    field = Field(Table(12_000, 12_000), (), (mover, *enemies))
    move = towards(field, "mover", "goal", goal, reach, keep_away=[e.id for e in enemies], away=INCH)
    if move is not None:
        assert not any(closer_than(move.after.shape, e.shape, INCH) for e in enemies)


def test_a_bot_is_offered_a_finite_list_of_distinct_legal_moves() -> None:
    # p.65: advance up to the move value (6" for infantry, p.41), charge up to twice it; the objective and the
    # cover are named points a game offers; a move ending where another does is offered once
    mover, enemy = trooper("mover", 10, 10), trooper("enemy", 10, 20)
    field = Field(TABLE, (), (mover, enemy))
    offered = choices(field, "mover", {"objective": (inches(16), inches(10)), "cover": (inches(4), inches(10)),
                                       "also-objective": (inches(16), inches(10)), "enemy": enemy.centre},
                      inches(6), contacts=["enemy"], contact_up_to=inches(12), keep_away={"enemy"}, away=INCH)
    assert [str(m) for m in offered] == ['mover towards objective (6")', 'mover towards cover (6")',
                                         'mover towards enemy (6")', 'mover contact enemy (9.02")']
    assert len(set(offered)) == len(offered)
    moved = field.placed(offered[0].after)
    assert moved.base("mover").centre == (inches(16), inches(10)) and moved.base("enemy") == enemy
