"""Mission feasibility of Siege of the Citadel: the shortest route from each white entrance to each objective on the
joined map against the actions of the time limit, on the shipped missions and on copies with one change."""

from __future__ import annotations

from pathlib import Path

from pnpforge.content.pack import load_pack
from pnpforge.games.siege_of_the_citadel.feasibility import budget, mission_feasibility, reaches
from pnpforge.games.siege_of_the_citadel.maps import joined

from tests.games.siege_of_the_citadel.test_static import copy, edit, findings, shipped  # noqa: F401 - a fixture

COLUMNS = ["mission", "objective", "entrance", "squares", "actions", "actions (blocked)", "turns", "actions in time"]


def test_battle_plans_reaches_the_desks_in_three_turns_of_five() -> None:
    analysis = mission_feasibility(shipped())
    table = analysis.tables[0]
    assert table.columns == COLUMNS
    rows = [row for row in table.rows if row[0] == "battle-plans"]
    # from either side entrance: the step onto the map, 13 squares to a square beside a desk; 5 moves of 3 and the
    # photograph, 7 moves of 2 when blocked every time; 5 rounds of 2 actions and up to 5 Doomtrooper cards
    assert rows == [
        ["battle-plans", "side 12 (2, 3)", "side 14 (0, 3) west", 14, 6, 8, 3, 15],
        ["battle-plans", "side 12 (2, 3)", "side 15 (6, 3) east", 14, 6, 8, 3, 15],
        ["battle-plans", "side 12 (4, 3)", "side 14 (0, 3) west", 14, 6, 8, 3, 15],
        ["battle-plans", "side 12 (4, 3)", "side 15 (6, 3) east", 14, 6, 8, 3, 15],
    ]
    assert analysis.findings == []


def test_every_shipped_objective_is_reached_in_time() -> None:
    rows = mission_feasibility(shipped()).tables[0].rows
    assert {row[0] for row in rows} == {m.id for m in shipped().of_type("mission")}
    assert all(row[4] <= row[7] for row in rows)


def test_the_route_enters_the_war_room_through_a_door_and_ends_beside_a_desk() -> None:
    pack = shipped()
    mission = pack.by_id()["battle-plans"]
    assembly, numbers = joined(pack, mission)
    route = reaches(assembly, numbers, mission)[0].route
    assert route is not None
    desk = assembly.cell_at(numbers.index(12), (2, 3))
    assert route.goal != desk and max(abs(route.goal[0] - desk[0]), abs(route.goal[1] - desk[1])) == 1
    doors = {assembly.cell_at(numbers.index(12), (3, 2)), assembly.cell_at(numbers.index(12), (3, 1))}
    assert len(doors & set(route.cells)) == 2  # through the north door of the War Room


def test_a_time_limit_too_short_is_a_warning_at_the_mission(copy: Path) -> None:  # noqa: F811
    line, column = edit(copy / "missions.yaml", "rounds: 5", "rounds: 1", after="id: battle-plans")
    pack, problems = load_pack(copy)
    assert pack is not None and problems == []
    plan = budget(pack, pack.by_id()["battle-plans"])
    assert (plan.rounds, plan.actions, plan.total) == (1, 2, 3)
    text = (copy / "missions.yaml").read_text(encoding="utf-8")
    at = text.index("targets:", text.index("id: battle-plans"))
    target_line = text[:at].count("\n") + 2
    assert [str(f) for f in mission_feasibility(pack).findings] == [
        f"{copy}/missions.yaml:{target_line + i}:7: warning: mission 'battle-plans': targets[{i}]: the objective on "
        f"side 12 ({col}, 3) is 14 squares from the nearest white entrance: 6 actions with the action there, more "
        "than the 3 actions 1 rounds give a Doomtrooper"
        for i, col in ((0, 2), (1, 4))
    ]


def test_debris_on_the_way_lengthens_the_route(copy: Path) -> None:  # noqa: F811
    # a debris token on the square beside the sample where the route from side 1 arrives
    before = [r for r in mission_feasibility(shipped()).tables[0].rows if r[0] == "you-got-in-now-get-out"]
    edit(
        copy / "missions.yaml",
        "- {side: 13, column: 3, row: 3, token: cell_sample}",
        "- {side: 13, column: 3, row: 3, token: cell_sample}\n    - {side: 13, column: 3, row: 2, token: debris}\n"
        "    - {side: 13, column: 2, row: 2, token: debris}\n    - {side: 13, column: 4, row: 2, token: debris}",
        after="id: you-got-in-now-get-out",
    )
    pack, problems = load_pack(copy)
    assert pack is not None and problems == [], [str(p) for p in problems]
    after = [r for r in mission_feasibility(pack).tables[0].rows if r[0] == "you-got-in-now-get-out"]
    assert after[0][3] > before[0][3]
