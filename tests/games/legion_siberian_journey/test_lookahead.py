"""The greedy bot's look ahead plays the round on past chance: a card that replaces a plot is weighed on the plot
drawn in its place, the same draws with and without the card, and its choice of plot follows the Line-ups."""

from __future__ import annotations

import random

from pnpforge.games.legion_siberian_journey import bots, lookahead

from tests.games.legion_siberian_journey.helpers import Layout, PlotSpot, Seat, act, built, card, ch, data

RUMOURS = "rumours-of-a-gold-cache"


def _preparation(lineup: list[str], rival: list[str] | None = None):
    layout = Layout(location="kazan-on-the-volga",
                    seats={0: Seat(commander="arkady-velembovsky", hand=[RUMOURS], lineup=lineup),
                           1: Seat(commander="matvei-lysenko", lineup=rival or []), 2: Seat(commander="emanuel-blaha"),
                           3: Seat(commander="reinhold-von-kessel")},
                    plots=[PlotSpot("looters-in-the-goods-yard"), PlotSpot("bribing-the-stationmaster")])
    return built(layout, ("prepare", 0), ("march_turn", 0), auto=False)


def _own(state, legal):
    return bots._deploy_or_pass(state, legal)


def _pick(state, player, action):
    return bots._pick(state, player, action, state.pending[2])


def test_the_look_ahead_draws_the_replacing_plot_and_plays_the_round_to_its_end() -> None:
    state = _preparation(["gleb-yartsev"])
    trial = state.clone()
    trial.apply_action(("play", act(RUMOURS)))
    before = [site.plot for site in trial.sites]
    assert lookahead.settle(trial, 0, _pick, _own, random.Random(0))  # chance drew on the way
    drawn = [site.plot for site in trial.sites if site.plot not in before]
    assert len(drawn) == 1 and data().plots[drawn[0]].level == "special"
    assert not trial.is_chance_node() and trial.site_of(ch("gleb-yartsev")) is not None  # on past the draw: it marched
    again = state.clone()
    again.apply_action(("play", act(RUMOURS)))
    lookahead.settle(again, 0, _pick, _own, random.Random(0))
    assert [site.plot for site in again.sites] == [site.plot for site in trial.sites]  # the same seed, the same draw


def test_the_bot_discards_the_plot_that_suits_its_rivals_and_not_itself() -> None:
    state = _preparation(["gleb-yartsev"], rival=["osip-kaganovsky"])  # combat for the bot, intrigue for the Reds
    state.apply_action(("play", act(RUMOURS)))
    assert state.pending[0] == "pick" and state.pending[2] == "replaced"
    choice = bots.GreedyBot().choose(state, 0, random.Random(0))
    assert state.sites[choice[1]].plot == card("plot", "bribing-the-stationmaster")  # intrigue: the Reds' plot


def _question_with_cards():
    """A position of a seeded greedy game where the player to act weighs two or more action cards."""
    from pnpforge.engine.loop import sample_chance

    from tests.games.legion_siberian_journey.helpers import game

    for seed in range(40):
        rng = random.Random(seed)
        state = game(4).new_initial_state()
        for _ in range(3000):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            player = state.current_player()
            legal = state.legal_actions()
            if sum(1 for a in legal if a[0] == "play") >= 2 and state.waiting[0] == "tactics":
                return state, player
            state.apply_action(bots.GreedyBot().choose(state, player, rng))
    raise AssertionError("no question with two cards in 40 games")


def test_a_question_keeps_the_quiet_round_and_judges_every_card_as_without_it() -> None:
    state, player = _question_with_cards()
    legal = state.legal_actions()
    alone = [bots.judge(state, player, a) for a in legal]
    with lookahead.Question(state) as question:
        kept = [bots.judge(state, player, a) for a in legal]
        assert question.rounds  # the round without a card was played once and kept
        with lookahead.Question(state.clone()) as other:  # another state: nothing of this one is used
            assert [bots.judge(state, player, a) for a in legal] == alone
            assert not other.rounds
    assert kept == alone
    assert lookahead.Question.current() is None


def test_the_questions_judged_together_get_the_values_judged_one_by_one() -> None:
    """``judge_all`` (the March's points without a move once, the Auction's bids once per slot) gives every action
    the value ``judge`` gives it alone, at every question of a few seeded greedy games."""
    from pnpforge.engine.loop import sample_chance

    from tests.games.legion_siberian_journey.helpers import game

    asked = {"bid_turn": 0, "march_turn": 0}
    for seed in range(2):
        rng = random.Random(seed)
        state = game(3).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            player, legal = state.current_player(), state.legal_actions()
            if state.waiting[0] in asked:
                asked[state.waiting[0]] += 1
                assert bots.judge_all(state, player, legal) == [bots.judge(state, player, a) for a in legal]
            state.apply_action(bots.GreedyBot().choose(state, player, rng))
    assert min(asked.values()) >= 10  # both kinds of question were asked


def test_the_rounds_of_every_seed_played_together_end_as_each_played_alone() -> None:
    """Seeds that draw the same outcome at a chance node are played on together; each seed's end is the one its
    round played alone from the answer reaches, with the same draws."""
    state = _preparation(["gleb-yartsev"])
    answer = ("play", act(RUMOURS))
    together = lookahead.Round(state, 0, answer, _pick, _own)
    assert together.chance
    for seed in range(lookahead.DRAWS):
        alone = state.clone()
        alone.apply_action(answer)
        alone.use_steps(lookahead.quiet_steps(alone.steps_table(), 0))
        lookahead.play(alone, 0, _pick, _own, random.Random(seed), alone.round, lookahead.STEPS)
        assert together.standing(seed, bots.worth, 0) == (lookahead.standing(alone, 0, bots.worth), True)
        assert str(together.ends[seed]) == str(alone)


def test_a_round_kept_from_the_question_before_judges_as_a_round_played_afresh() -> None:
    """Through a few seeded four-player greedy games, every question's values with the quiet rounds kept from the
    question before are the values judged on a clone, which keeps none; and rounds were kept, again and again."""
    from pnpforge.engine.loop import sample_chance

    from tests.games.legion_siberian_journey.helpers import game

    borrowed = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game(4).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            player, legal = state.current_player(), state.legal_actions()
            fresh = state.clone()
            assert fresh.kept is None
            with lookahead.Question(fresh):
                afresh = bots.judge_all(fresh, player, legal)
            with lookahead.Question(state) as question:
                values = bots.judge_all(state, player, legal)
            assert values == afresh
            borrowed += len(question.borrowed)
            best = max(values) - 1e-9
            ties = [i for i, value in enumerate(values) if value >= best]
            state.apply_action(legal[ties[rng.randrange(len(ties))]])
    assert borrowed >= 20


def test_the_quick_bot_judges_a_card_by_its_effects_without_playing_the_round(monkeypatch) -> None:
    from pnpforge.games.legion_siberian_journey.search import SEARCH

    state, player = _question_with_cards()
    legal = state.legal_actions()
    played = [bots.judge(state, player, a) for a in legal]

    def no_round(*args, **kwargs):
        raise AssertionError("the quick bot played a round on")

    monkeypatch.setattr(lookahead, "Round", no_round)
    choice = bots.QuickBot().choose(state, player, random.Random(0))
    assert choice in legal
    token = bots._QUICK.set(True)
    try:
        quick = [bots.judge(state, player, a) for a in legal]
    finally:
        bots._QUICK.reset(token)
    cards = [i for i, a in enumerate(legal) if a[0] == "play"]
    assert cards and all(quick[i] == bots.effect_value(state, player, state.data.actions[legal[i][1]].effects)
                         - bots.CARD_KEPT for i in cards)
    assert quick != played  # the greedy bot's judgement of a card is not the quick one
    assert SEARCH.playout is bots.quick_bot  # the search bot plays its playouts with it


def _by_the_rules(state, player: int, answer: tuple, seed: int):
    """The quiet round after ``answer`` played by the rules' own steps: every option listed and the quiet answer
    taken at every question (the looking player's March turns by ``_own``), chance drawn with ``seed``."""
    from pnpforge.engine.loop import sample_chance

    trial = state.clone()
    trial.apply_action(answer)
    start, draws = trial.round, random.Random(seed)
    while not trial.over and trial.round == start and trial.waiting[0] not in lookahead.STOP:
        if trial.is_chance_node():
            trial.apply_action(sample_chance(trial, draws))
            continue
        legal = trial.legal_actions()
        if trial.waiting[0] == "march_turn" and trial.waiting[1] == player:
            trial.apply_action(_own(trial, legal))
        else:
            trial.apply_action(lookahead.quiet_answer(trial, legal, _pick))
    return trial


def test_a_quiet_round_ends_where_the_rules_own_steps_with_the_quiet_answers_end() -> None:
    """The quiet step table (Tactics and the other players' questions passed over, a wound asking for no First Aid
    or Brotherhood) leads every seed's round to the end the rules' own steps reach when every question is answered
    quietly: the same points, resources, wounds, dead and standing, after every Tactics and Preparation card weighed
    in two seeded four-player games."""
    from pnpforge.engine.loop import sample_chance

    from tests.games.legion_siberian_journey.helpers import game

    compared = wounded = 0
    for seed in range(2):
        rng = random.Random(seed)
        state = game(4).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            player, legal = state.current_player(), state.legal_actions()
            if state.waiting[0] in ("tactics", "prepare"):
                for answer in [a for a in legal if a[0] == "play"] + [a for a in legal if a in lookahead.QUIET]:
                    played = lookahead.Round(state, player, answer, _pick, _own)
                    for draw in range(lookahead.DRAWS):
                        alone = _by_the_rules(state, player, answer, draw)
                        played.settle()
                        end = played.ends[draw if played.chance else 0]
                        fields = [(s.vp, s.resources, s.wounded, s.graveyard, s.round) for s in (end, alone)]
                        assert fields[0] == fields[1]
                        standing = lookahead.standing(alone, player, bots.worth)
                        assert played.standing(draw, bots.worth, player)[0] == standing
                        compared += 1
                        wounded += len(alone.wounded) > len(state.wounded)
            state.apply_action(bots.GreedyBot().choose(state, player, rng))
    assert compared >= 100 and wounded >= 10  # rounds were compared, and wounds were dealt in them
