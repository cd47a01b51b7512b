"""One finished game as tally counts: win shares by seat, side and bot, draws, length, and the game's events.

Win shares come from ``returns()``: a shared victory splits the win among its winners, counted in twelfths so that
every count stays an integer (shares of 1/2, 1/3 and 1/4 are whole twelfths). A game is drawn when every player's
return is the same and the players took the whole win between them.

Returns may sum to less than one in a game whose roles say so (``engine/seating.py``). What the players did not
take is the automaton's win, when the game has one (``wins/automaton/<side>``), else a loss for all
(``lost-by-all``): outcomes of their own, never draws. A co-operative game's equal returns are the players' shared
win, not a draw either.
"""

from __future__ import annotations

from pnpforge.engine.contract import GamePackage
from pnpforge.engine.event_counts import count_events
from pnpforge.engine.playout import Played
from pnpforge.engine.tally import Tally

TWELFTHS = 12
SLACK = 1e-9  # returns summing to within this of one sum to one


def tally_game(
    package: GamePackage, played: Played, tally: Tally | None = None, held: bool = True, margins: bool = False
) -> Tally:
    """Count a finished game (into ``tally`` when given): ``wins/``, ``played/``, ``losses/`` by ``seat/<n>``,
    ``side/<faction>`` (when sides rotate or the roles give them) and ``bot/<name>``; the automaton's under
    ``automaton/<side>``, or the twelfths nobody won under ``lost-by-all``; ``draws``; ``moves``; ``length/<n>``; then
    the game's events (counted by the package from its log when it can, ``GamePackage.count_log``; else from its
    ``events``: ``engine/event_counts.py``), the items each player held among them only when ``held`` (what the
    validator's analyses weigh), each side's score and the others' only when ``margins`` (``count_margins``)."""
    state, seed, seating = played.state, played.seed, played.seating
    tally = Tally() if tally is None else tally
    tally.add("games", 1, seed)
    returns = state.returns()
    roles = seating.roles
    sided = package.factions is not None if roles is None else roles.sided
    shares = [round(r * TWELFTHS) for r in returns]
    for p, bot in enumerate(seating.bots):
        share = shares[p]
        keys = [f"seat/{p}"] + ([f"side/{seating.sides[p]}"] if sided else []) + [f"bot/{bot}"]
        for key in keys:
            tally.add(f"wins/{key}", share, seed)
            tally.add(f"played/{key}", 1, seed)
            if not share:
                tally.add(f"losses/{key}", 1, seed)
    # what no player won, the automaton's or nobody's (none when the returns sum to one, whatever the rounding)
    rest = TWELFTHS - sum(shares) if sum(returns) < 1 - SLACK else 0
    automaton = seating.automaton
    if automaton is not None:
        key = f"automaton/{automaton}"
        tally.add(f"wins/{key}", rest, seed)
        tally.add(f"played/{key}", 1, seed)
        if not rest:
            tally.add(f"losses/{key}", 1, seed)
    elif rest:
        tally.add("lost-by-all", rest, seed)
    cooperative = roles is not None and roles.cooperative
    drawn = (len(set(returns)) == 1 and not cooperative
             and (not rest or (automaton is not None and rest == shares[0])))  # a tie of all who won
    if drawn:
        tally.add("draws", 1, seed)
    tally.add("moves", played.moves)
    if package.count_log is not None:
        found = package.count_log(state, held)
    else:
        found = count_events(package.events(state) if package.events is not None else (), held)
    if margins and sided:
        count_margins(tally, found.scores, seating.sides)
    counts = found.keyed
    if not found.timed:  # the playout's moves
        found.plain["length"] = found.plain.get("length", 0) + played.moves
        key = f"length/{played.moves}"
        counts[key] = counts.get(key, 0) + 1
    for rule in found.ended:  # the rule that ended a drawn game, or one every player lost, counted again
        if drawn:
            counts["draws/" + rule] = counts.get("draws/" + rule, 0) + 1
        elif automaton is None and rest == TWELFTHS:
            counts["lost-by-all/" + rule] = counts.get("lost-by-all/" + rule, 0) + 1
    tally.add_game(counts, seed)
    tally.add_game(found.plain)
    if held:
        scores = found.scores or (0,) * len(returns)
        count_held(tally, found.held, shares, scores, seating.sides if sided else (), seed)
    return tally


def count_held(tally: Tally, held: set[tuple[str, int, str]], shares: list[int], scores, sides: tuple[str, ...],
               seed: int) -> None:
    """The sums a least-squares fit of each player's win share (in twelfths) and score on the items they had, the
    seat and the side needs (``engine/impact.py``): per item its player-games, wins, score, seats and sides; per
    pair of items of the same kind the player-games that had both; per seat and side the player-games, their
    scores, and the sums of squares of both outcomes. ``held``: ``(item, player, kind)``."""
    counts: dict[str, int] = {}  # the keys that remember a seed (the items' games)
    plain: dict[str, int] = {}
    get, add = counts.get, plain.get
    mine: dict[int, dict[str, list[str]]] = {}
    for item, player, kind in held:
        mine.setdefault(player, {}).setdefault(kind, []).append(item)
    for player, share in enumerate(shares):
        score = scores[player]
        where = [f"seat/{player}"] + ([f"side/{sides[player]}"] if sides else [])
        cell = f"fit/n/{where[-1]}/{where[0]}" if sides else f"fit/n/{where[0]}"
        plain[cell] = add(cell, 0) + 1
        plain["fit/yy/wins"] = add("fit/yy/wins", 0) + share * share
        plain["fit/yy/score"] = add("fit/yy/score", 0) + score * score
        for at in where:
            plain[f"fit/score/{at}"] = add(f"fit/score/{at}", 0) + score
        for items in mine.get(player, {}).values():
            items.sort()
            for index, item in enumerate(items):
                key = "held/" + item
                counts[key + "/games"] = get(key + "/games", 0) + 1
                plain[key + "/wins"] = add(key + "/wins", 0) + share
                plain[key + "/score"] = add(key + "/score", 0) + score
                for at in where:
                    plain[f"{key}/{at}"] = add(f"{key}/{at}", 0) + 1
                for other in items[index + 1:]:
                    plain[f"{key}/with/{other}"] = add(f"{key}/with/{other}", 0) + 1
    tally.add_game(counts, seed)
    tally.add_game(plain)


def count_margins(tally: Tally, scores: tuple[int, ...] | None, sides: tuple[str, ...]) -> None:
    """Each side's score and the other sides' under ``score/side/<side>`` and ``against/side/<side>``, from the
    game's last ``Scores`` (one per seat): a margin kept per paired unit (``engine/paired.py``) for a fit that judges
    by it (``engine/fair_fit.py``)."""
    if scores is None or len(scores) != len(sides):
        return
    total = sum(scores)
    for side, score in zip(sides, scores):
        tally.add(f"score/side/{side}", score)
        tally.add(f"against/side/{side}", total - score)
