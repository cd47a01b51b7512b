"""The script runner (``engine/script.py``) on the tiny dice race: choices matched to the questions by kind and
player, quiet answers, ``refused:`` that plays on, scripted and seeded chance, starts, and every problem located."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict

from pnpforge.engine.loop import sample_chance
from pnpforge.engine.script import Answer, Refusal, Report, ScriptAdapter, ScriptChoice, play, replay

from tests.engine import dice_race

NAMES = ("red", "blue")


class Setup(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = ""
    energy: dict[str, int] = {}
    at: dict[str, list[int]] = {}


class Choice(ScriptChoice):
    bid: int | None = None
    move: list[int] | None = None
    do: str | None = None


def build(pack: Any, setup: Setup, start: str | None, report: Report) -> dice_race.Race | None:
    state = dice_race.Race(dice_race.RaceGame())
    state.agenda, state.pending, state.sealed = [], None, None
    state.refresh()
    for name, energy in setup.energy.items():
        if name not in NAMES:
            report.error(("energy", name), f"no runner '{name}'")
        else:
            state.energy[NAMES.index(name)] = energy
    for name, cell in setup.at.items():
        state.at[NAMES.index(name)] = tuple(cell)
    if report.problems:
        return None
    state.push(*([("round",)] if start == "round" else [("throw", 0, 0), ("move", 0, 0), ("end",)]))
    state.auto = False
    state.run()
    return state


def answer(state: dice_race.Race, choice: Choice) -> Answer | Refusal:
    player = NAMES.index(choice.player)
    if choice.bid is not None:
        return Answer((choice.bid,), Refusal(f"a bid of {choice.bid} is more than {choice.player} may make", "bid"))
    assert choice.move is not None
    cell = tuple(choice.move)
    if cell == state.at[1 - player]:
        return Refusal("the rival stands there", "one-per-cell", ("move",))
    return Answer((cell,), Refusal(f"{cell} is out of reach", "reach", ("move",)))


def outcome(final: dice_race.Race, first: dice_race.Race) -> dict[str, Any]:
    return {"at": {NAMES[p]: list(final.at[p]) for p in (0, 1)}, "energy": dict(zip(NAMES, final.energy)),
            "round": final.round, "started": {NAMES[p]: list(first.at[p]) for p in (0, 1)}}


ADAPTER = ScriptAdapter(
    setup=Setup, choice=Choice, build=build, name_of=lambda c: "bid" if c.bid is not None else "move",
    answers={"bid": ("bid",), "move": ("move",)}, answer=answer, players=lambda s: NAMES, outcome=outcome,
    starts=("round", "throw"), chances={"throw": ("throw",)}, chance_words=lambda s, o: str(o),
    asked=lambda s: f"{s.pending[0]} of {NAMES[s.pending[1]]}",
    quiet=lambda s, legal: None if s.round >= 1 else legal[0],  # a script plays the first round only
)


def run(tmp_path: Path, text: str, keep: bool = False):
    path = tmp_path / "race.yaml"
    path.write_text(text, encoding="utf-8")
    return path, play(ADAPTER, None, path, keep=keep)


def errors(path: Path, played) -> list[str]:
    return [str(f).removeprefix(f"{path}:") for f in played.findings]


def test_choices_answer_their_questions_and_scripted_throws_decide_the_dice(tmp_path: Path) -> None:
    path, played = run(tmp_path, "name: x\nstart: throw\nchance:\n  - throw: 1\nchoices:\n"
                                 "  - {player: red, move: [0, 2]}\n")
    assert played.findings == []
    # one success: a reach of two, and red goes two rows up; then the round ends, and so does the script
    assert played.outcome["at"] == {"red": [0, 2], "blue": [4, 4]}
    assert played.outcome["round"] == 1 and played.outcome["started"]["red"] == [0, 4]


def test_unscripted_chance_is_drawn_from_the_seed_as_in_a_seeded_game(tmp_path: Path) -> None:
    path, played = run(tmp_path, "name: x\nstart: throw\nseed: 5\n")
    assert played.findings == []
    state = build(None, Setup(), "throw", Report(None))  # type: ignore[arg-type]
    rng = random.Random(5)
    while state.round < 1:
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else state.legal_actions()[0])
    assert played.final.at == state.at and played.final.energy == state.energy


def test_a_refused_choice_is_checked_and_play_goes_on(tmp_path: Path) -> None:
    path, played = run(tmp_path, "name: x\nchoices:\n  - {player: red, bid: 3, refused: bid}\n"
                                 "  - {player: red, bid: 1}\n  - {player: blue, bid: 0}\n")
    assert played.findings == []
    assert played.outcome["refused"] == [{"choice": 1, "player": "red", "rule": "bid",
                                          "reason": "a bid of 3 is more than red may make"}]
    assert played.outcome["energy"]["red"] <= 2  # the bid of one was taken: red moved first


def test_a_refusal_for_another_rule_or_none_is_an_error_at_the_refused_key(tmp_path: Path) -> None:
    path, played = run(tmp_path, "name: x\nchoices:\n  - {player: red, bid: 3, refused: reach}\n")
    assert errors(path, played) == ["3:27: error: choice 1: the rules forbid it for another reason: a bid of 3 is "
                                    "more than red may make (rule bid), not rule reach"]
    path, played = run(tmp_path, "name: x\nchoices:\n  - {player: red, bid: 1, refused: bid}\n")
    assert errors(path, played) == ["3:27: error: choice 1: written as refused (bid), but the rules allow it here"]


def test_a_forbidden_choice_not_written_as_refused_stops_with_its_number_and_rule(tmp_path: Path) -> None:
    path, played = run(tmp_path, "name: x\nchoices:\n  - {player: red, bid: 0}\n  - {player: blue, bid: 5}\n")
    assert errors(path, played) == ["4:5: error: choice 2 (bid of blue): a bid of 5 is more than blue may make "
                                    "(rule bid)"]
    assert replay(ADAPTER, None, path).data is None  # type: ignore[arg-type]


def test_a_choice_never_asked_for_is_an_error_at_its_line(tmp_path: Path) -> None:
    path, played = run(tmp_path, "name: x\nstart: throw\nchance: [{throw: 0}]\nchoices:\n"
                                 "  - {player: red, move: [0, 3]}\n  - {player: blue, move: [4, 3]}\n")
    # red's move is answered; blue is never asked to move in a script that starts at red's throw
    assert errors(path, played) == ["6:5: error: choice 2: the engine never asked the blue for it"]


def test_scripted_chance_that_cannot_come_up_or_never_comes_up(tmp_path: Path) -> None:
    path, played = run(tmp_path, "name: x\nstart: throw\nchance: [{throw: 4}]\n")
    assert errors(path, played) == ["3:11: error: chance 1: '4' cannot come up here; throw may give: 0; 1"]
    path, played = run(tmp_path, "name: x\nstart: throw\nchance: [{throw: 1}, {throw: 1}]\n")
    assert errors(path, played) == ["3:23: error: chance 2: no throw came up where the script says"]


def test_quiet_answers_and_a_choice_by_its_words(tmp_path: Path) -> None:
    path, played = run(tmp_path, "name: x\nchoices:\n  - {player: blue, do: bid 2}\n")
    assert played.findings == [] and played.outcome["energy"]["blue"] in (0, 1)  # bid 2, got one back at the end
    path, played = run(tmp_path, "name: x\nchoices:\n  - {player: blue, do: bid 7}\n")
    assert errors(path, played)[0].startswith("3:20: error: choice 1: the engine never asked the blue for it; the blue "
                                              "were offered: bid 0; bid 1; bid 2; move ")


def test_the_position_before_and_after_each_choice_is_kept_on_request(tmp_path: Path) -> None:
    path, played = run(tmp_path, "name: x\nchoices:\n  - {player: red, bid: 1}\n  - {player: blue, bid: 0}\n",
                       keep=True)
    assert [t.index for t in played.turns] == [0, 1]
    assert played.turns[0].before.energy == [2, 2] and played.first.energy == [2, 2]


def test_every_problem_of_a_file_is_reported_together(tmp_path: Path) -> None:
    path, played = run(tmp_path, "name: x\nseed: -1\nstart: finish\nchance: [{dice: 3}]\nenergy: {green: 1}\n"
                                 "choices:\n  - {player: red, bid: 1, colour: red}\n  - [bid]\n")
    assert errors(path, played) == [
        "3:1: error: start: expected one of round, throw; found 'finish'",
        "2:1: error: seed: expected an integer >= 0, found -1",
        "4:10: error: chance 1: expected one kind of chance with its outcome (throw), found a mapping",
        "7:27: error: choice 1: unknown key 'colour'; accepted keys: bid, do, move, player, refused",
        "8:5: error: choice 2: expected a mapping, found a list",
    ]
    path, played = run(tmp_path, "name: x\nenergy: {green: 1}\nchoices:\n  - {player: green, bid: 1}\n")
    assert errors(path, played) == ["2:10: error: no runner 'green'"]
    path, played = run(tmp_path, "- 1\n")
    assert errors(path, played) == ["1:1: error: scenario file: expected a mapping, found a list"]


def test_a_choice_for_someone_not_playing_is_an_error_before_play(tmp_path: Path) -> None:
    path, played = run(tmp_path, "name: x\nchoices:\n  - {player: green, bid: 1}\n")
    assert errors(path, played) == ["3:6: error: choice 1: 'green' is not a player; players: red, blue"]


@pytest.mark.parametrize("start", ["round", "throw"])
def test_a_script_starts_at_the_step_it_names(tmp_path: Path, start: str) -> None:
    path, played = run(tmp_path, f"name: x\nstart: {start}\n")
    assert played.findings == [] and played.first.pending[0] == ("bid" if start == "round" else "throw")
