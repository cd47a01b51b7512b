"""The March and the giving of orders; the Order resolution phase's sequence."""

from __future__ import annotations

from pnpforge.games.legion_siberian_story import character as ch

from tests.games.legion_siberian_story.helpers import data, rules, run_until, setup_game


def at_march(n: int = 2, start: int = 0):
    state = setup_game(n, start)
    return run_until(state, "march")


def officer_of(state, player: int) -> str:
    return state.officer[player]


def place(state, character: str, plot: int) -> None:
    owner = state.owner(character)
    if character in state.hand[owner]:
        state.hand[owner].remove(character)
    state.members[plot].append(character)
    state.at[character] = plot
    state.refresh()


def an_enterable(state, player: int, exclude=()) -> tuple[str, int]:
    for c in sorted(state.hand[player]):
        if c in exclude or data().characters[c].officer:
            continue
        for i in range(len(state.plots)):
            if ch.may_enter(state, c, i):
                return c, i
    raise AssertionError("no character can enter any plot")


@rules("march-turns", "march-stacking", "round-phases")
def test_players_send_one_character_at_a_time_clockwise_and_may_stack():
    state = at_march(3, start=1)
    assert state.pending == ("march", 1)
    c, i = an_enterable(state, 1)
    state.apply_action(("send", c, i))
    assert state.pending[:2] == ("march", 2)
    state.apply_action(("pass",))
    state.apply_action(("pass",))
    assert state.pending[:2] == ("march", 1)
    d, j = an_enterable(state, 1)
    options = [a for a in state.legal_actions() if a[0] == "send" and a[1] == d]
    assert ("send", d, j) in options
    if ch.may_enter(state, d, i):
        state.apply_action(("send", d, i))
        assert state.members[i] == [c, d]


@rules("march-entry", "skills-entry")
def test_only_plots_whose_entry_skills_the_character_shows():
    state = at_march()
    for action in state.legal_actions():
        if action[0] == "send":
            _, c, i = action
            entry = set(data().plots[state.plots[i]].entry)
            assert entry <= ch.skills(state, c)
    for c in state.hand[0]:
        for i, plot_id in enumerate(state.plots):
            if not set(data().plots[plot_id].entry) <= set(data().characters[c].skills):
                assert ("send", c, i) not in state.legal_actions()


@rules("march-pass")
def test_a_player_who_passes_sends_nobody_more_this_round():
    state = at_march()
    state.apply_action(("pass",))
    for _ in range(30):
        if state.pending[0] != "march":
            break
        assert state.pending[1] == 1
        state.apply_action(state.legal_actions()[-1] if len(state.legal_actions()) > 1 else ("pass",))
    assert 0 in state.passed


def officer_arrives(state, player: int = 0):
    """Put an own character at plot 0, then send the officer: the assign decision is pending."""
    c, i = an_enterable(state, player)
    place(state, c, i)
    officer = officer_of(state, player)
    state.hand[player].append(officer) if officer not in state.hand[player] else None
    plots = [j for j in range(len(state.plots)) if ch.may_enter(state, officer, j)]
    state.apply_action(("send", officer, plots[0]))
    return c, i


@rules("orders-officer-assigns", "orders-optional", "faq-orders-any-plot", "orders-one-per-character")
def test_an_arriving_officer_assigns_up_to_two_orders_face_down_to_own_characters_anywhere():
    state = at_march()
    other, j = an_enterable(state, 0)
    place(state, other, j)
    c, i = officer_arrives(state)
    assert state.pending[0] == "assign" and state.pending[3] == 2
    options = state.legal_actions()
    assert ("stop",) in options
    targets = {a[2] for a in options if a[0] == "assign"}
    assert c in targets and officer_of(state, 0) not in targets
    order = next(a for a in options if a[0] == "assign" and a[2] == c)
    state.apply_action(order)
    assert state.tokens[c] == [order[1], False]
    assert state.pending[0] == "assign" and state.pending[3] == 1
    remaining = {a[2] for a in state.legal_actions() if a[0] == "assign"}
    assert c not in remaining and other in remaining  # one order per character, any plot


@rules("orders-officer-death", "enhancement-officer-exams")
def test_officer_exams_give_one_order_and_the_holder_takes_none():
    state = at_march()
    c, i = an_enterable(state, 0)
    place(state, c, i)
    holder, j = an_enterable(state, 0, exclude=(c,))
    state.fighter(holder).gear = ("officer-exams",)
    state.refresh()
    assert ch.orders_it_gives(state, holder) == 1 and not ch.may_receive_order(state, holder)
    state.apply_action(("send", holder, j))
    assert state.pending[0] == "assign" and state.pending[3] == 1


@rules("orders-reclaim-when-empty")
def test_a_player_with_no_token_left_takes_the_used_ones_back():
    state = at_march()
    state.used[0] = [(o, True) for o in state.available[0]]
    state.refresh()
    state.available[0] = []
    state.refresh()
    officer_arrives(state)
    assert state.available[0] and not state.used[0]
    assert state.pending[0] == "assign"


@rules("orders-timing-order-phase", "order-resolution-choice", "orders-used-tokens")
def test_order_phase_tokens_wait_face_down_and_may_be_declined_face_down():
    state = at_march()
    c, i = officer_arrives(state)
    state.apply_action(("assign", "transfer", c))
    state.apply_action(("stop",)) if state.pending[0] == "assign" else None
    assert state.tokens[c] == ["transfer", False]
    assert state.observation(1) != state.observation(0)
    state = run_until(state, "resolve")
    assert set(state.legal_actions()) == {("resolve", c), ("decline", c)}
    state.apply_action(("decline", c))
    assert ("transfer", False) in state.used[0]
    view = state.observation(1)
    assert "face-down" in str(view) and "transfer" not in str(view[4][0][8])


@rules("order-resolution-sequence")
def test_order_resolution_starts_right_of_the_starting_player_and_goes_counterclockwise():
    state = at_march(3, start=1)
    for player in (1, 2, 0):
        c, i = an_enterable(state, player)
        place(state, c, i)
        state.tokens[c] = ["transfer", False]
    for player in range(3):
        state.passed.add(player)
    state.pending = None  # every player has passed: the March is over and the Order resolution phase is next
    state.run()
    seen = []
    while state.pending and state.pending[0] == "resolve":
        seen.append(state.pending[1])
        state.apply_action(("decline", state.legal_actions()[0][1]))
    assert seen == [0, 2, 1]


def camouflage_state():
    """Player 0's officer arrives and assigns CAMOUFLAGE! to a character at a plot."""
    state = at_march()
    state.available[0] = sorted(state.available[0] + ["camouflage"])
    state.refresh()
    c, i = officer_arrives(state)
    state.apply_action(("assign", "camouflage", c))
    if state.pending[0] == "assign":
        state.apply_action(("stop",))
    return state, i
