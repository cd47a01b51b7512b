"""Generic analyses of merged tallies: win shares by side and seat, how games ended (the players' wins, an
automaton's, losses for all, draws), items never used, rarely entered or never won, rule gaps, and game length.
Each finding is decided by its evidence (``engine/verdicts.py``): a warning when clear, else info that says how many
games would decide it (``data["more"]``).

Each function reads the keys ``engine/results.py`` writes and returns findings, chart bars or rows; a game
package's analysis calls the ones that fit, with its own thresholds, words and replay hint, and adds what only it
knows. Every finding about games names the seed of one that shows it (through ``hint``).

Shares that compare seats or sides (a side's wins, how games ended) take the paired unit, one deal in every
seating, as their sample (``engine/paired.py``); a game package judges its own such shares (the first seat's wins,
the draws) with ``paired.unit_outside``. Items are counted per game (``docs/why/validator.md`` says what that
means for units that share a deal).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping

from pnpforge.engine import paired
from pnpforge.engine.results import TWELFTHS
from pnpforge.engine.stats import share
from pnpforge.engine.tally import Tally
from pnpforge.engine.validate import Bar, Chart
from pnpforge.engine.verdicts import MIN_RATE, Verdict, below, never_seen, outside
from pnpforge.findings import Finding, Mark

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

Hint = Callable[[Tally, str], str]  # (tally, key) -> "; see `pnpforge replay ... --seed N`" or ""


def judged(verdict: Verdict, statement: str, unit: str, hint: str, mark: Mark | None, rule: str,
           subject: str | None = None, players: int | None = None) -> Finding:
    """The finding of a verdict: a warning when clear, else info saying what would decide it.

    ``statement`` says what was observed, with ``{evidence}`` where the verdict's evidence goes (else it goes at
    the end); ``unit`` names the trials (``rounds drawn``). An undecided finding
    carries ``data["more"]``: by what factor the games played so far would have to grow to decide it (trials grow
    with games), which ``validate --games auto`` reads. A finding about games at one player count carries the
    count as ``data["players"]``, which an acknowledgement kept at some counts (``accepted: players``) matches.
    """
    evidence = f"({verdict.evidence()})"
    said = statement.replace("{evidence}", evidence) if "{evidence}" in statement else f"{statement} {evidence}"
    counted = {} if players is None else {"players": players}
    if verdict.clear:
        return Finding("warning", f"{said}{hint}", mark=mark, subject=subject, rule=rule, data=counted)
    return Finding("info", f"undecided: {said}; {verdict.needed(unit)} would decide it", mark=mark,
                   subject=subject, rule=rule, data={"more": verdict.trials_needed / verdict.trials, **counted})


def replay_hint(pack_id: str, players: int, tally: Tally, key: str, mode: str = "") -> str:
    """``; see `pnpforge replay PACK --seed N --players P --bots greedy``` for the first game counted under ``key``
    ("" when none was); ``mode`` is named when it is not the game's first."""
    seed = tally.seeds.get(key)
    if seed is None:
        return ""
    shown = f" --mode {mode}" if mode else ""
    return f"; see `pnpforge replay {pack_id} --seed {seed} --players {players}{shown} --bots greedy`"


def side_marks(pack: Pack) -> list[tuple[str, Mark]]:
    """Each faction of the pack with the place game.yaml declares it (where a balance finding points)."""
    return [(f.id, pack.game_doc.mark(("factions", index))) for index, f in enumerate(pack.game.factions)]


def side_balance(tally: Tally, sides: Iterable[tuple[str, Mark]], players: int, tolerance: float, hint: Hint,
                 noun: str = "faction", family: int = 1) -> tuple[list[Finding], list[Bar], dict[str, Any]]:
    """Each side's win share against an equal share of ``1 / players`` ± ``tolerance``: findings (decided as
    ``engine/verdicts.py`` says, ``family`` checks together, the paired unit as the sample: ``engine/paired.py``),
    bars with 95% intervals, and the shares. Where an automaton won or everybody lost some games, the equal share is
    an equal part of what the players won."""
    expected = players_share(tally) / players
    findings, bars, shares = [], [], {}
    for side, mark in sides:
        played = tally.get(f"played/side/{side}")
        if not played:
            continue
        found = paired.wins(tally, f"side/{side}")
        low, high = paired.interval(found)
        value = found.share
        bars.append(Bar(side, round(value, 4), round(low, 4), round(high, 4)))
        shares[side] = win_share(tally, f"side/{side}")
        verdict = found.judge(expected - tolerance, expected + tolerance, family)
        if verdict is None:
            continue
        key = "losses" if value > expected else "wins"
        side_word = "often" if value > expected else "rarely"
        shown = "lost" if value > expected else "won"
        statement = (f"{noun} '{side}' wins too {side_word}: {value:.1%} of {played} {players}-player games "
                     f"{{evidence}}; expected {expected:.0%} ± {tolerance * 100:.0f} points")
        findings.append(judged(verdict, statement, f"{players}-player games",
                               f"; a game it {shown}{hint(tally, f'{key}/side/{side}')}", mark, f"{noun}-win-share",
                               players=players))
    return findings, bars, shares


def unwon(tally: Tally) -> int:
    """The twelfths of wins no player took: an automaton's, and losses for all."""
    return tally.get("lost-by-all") + sum(tally.get(key) for key in tally.keys("wins/automaton/"))


def players_share(tally: Tally) -> float:
    """The share of the wins the players took: 1 unless an automaton won or everybody lost some games."""
    rest, games = unwon(tally), tally.get("games")
    return 1.0 if not rest or not games else 1 - rest / TWELFTHS / games


def outcomes(tally: Tally, automaton: str | None = None, loss_for_all: bool = False
             ) -> tuple[dict[str, dict[str, float]], list[Bar]]:
    """How the games ended, each a share of the games with its 95% interval, for a summary and a chart: won by the
    players (shared wins and draws included), by the automaton, lost by all (when the game has them, or it
    happened), and drawn (when it happened). A game split between an automaton and players counts in part to each."""
    games = tally.get("games")
    rows = [("won by the players", players_share(tally) * games)]
    if automaton is not None:
        rows.append((f"won by {automaton}", tally.get(f"wins/automaton/{automaton}") / TWELFTHS))
    if loss_for_all or tally.get("lost-by-all"):
        rows.append(("lost by all", tally.get("lost-by-all") / TWELFTHS))
    if tally.get("draws"):
        rows.append(("drawn", tally.get("draws")))
    summary, bars = {}, []
    for name, count in rows:
        summary[name] = found = share(count, games)
        bars.append(Bar(name, found["share"], found["low"], found["high"]))
    return summary, bars


def outcome_bands(tally: Tally, players: int, thresholds: Mapping[str, float], marks: Callable[[str], Mark | None],
                  hint: Hint, automaton: str | None = None, family: int = 1) -> list[Finding]:
    """The automaton's wins and the losses for all against the bands a pack accepts (``thresholds``:
    ``automaton_win_min``/``_max``, ``lost_by_all_min``/``_max``; ``marks(key)`` locates one), decided as
    ``engine/verdicts.py`` says."""
    games = tally.get("games")
    checks = [("lost_by_all", "lost-by-all", "every player loses")]
    if automaton is not None:
        checks.insert(0, ("automaton_win", f"wins/automaton/{automaton}", f"automaton '{automaton}' wins"))
    findings = []
    for name, key, what in checks:
        low, high = thresholds.get(f"{name}_min"), thresholds.get(f"{name}_max")
        if games <= 0 or (low is None and high is None):
            continue
        low, high = low if low is not None else 0.0, high if high is not None else 1.0
        count = tally.get(key) / TWELFTHS
        verdict = paired.effective_trials(tally, key, TWELFTHS).judge(low, high, family)
        if verdict is None:
            continue
        statement = (f"{what} in {count / games:.1%} of {games} {players}-player games {{evidence}}; expected "
                     f"{low:.0%} to {high:.0%}")
        findings.append(judged(verdict, statement, f"{players}-player games", hint(tally, key),
                               marks(f"{name}_{'max' if count / games > high else 'min'}"),
                               name.replace("_", "-"), players=players))
    return findings


def win_share(tally: Tally, who: str) -> dict[str, float] | None:
    """The win share of ``who`` (``side/<faction>`` or ``seat/<n>``) with its 95% interval; None when it never
    played."""
    played = tally.get(f"played/{who}")
    if not played:
        return None
    found = paired.wins(tally, who)
    low, high = paired.interval(found)
    return {"share": round(found.share, 4), "low": round(low, 4), "high": round(high, 4), "games": played}


def seat_bars(tally: Tally, players: int) -> list[Bar]:
    """Each seat's win share with its 95% interval."""
    bars = []
    for seat in range(players):
        found = paired.wins(tally, f"seat/{seat}")
        low, high = paired.interval(found)
        bars.append(Bar(f"seat {seat + 1}", round(found.share, 4), round(low, 4), round(high, 4)))
    return bars


def rarely_entered(item: Any, tally: Tally, minimum: float, hint: Hint, offered: str = "rounds drawn",
                   rule: str = "entered", family: int = 1, min_rate: float = MIN_RATE) -> Finding | None:
    """An offered item that players took up in fewer than ``minimum`` of the times it was offered (never: judged
    at ``min_rate``)."""
    drawn, entered = tally.get(f"offered/{item.id}"), tally.get(f"entered/{item.id}")
    if drawn and not entered:
        return judged(never_seen(drawn, min_rate), f"never entered in the {drawn} {offered}", offered,
                      hint(tally, f"offered/{item.id}"), item.mark(), rule, item.subject)
    verdict = below(entered, drawn, minimum, family)
    if verdict is None:
        return None
    return judged(verdict, f"entered in only {entered / drawn:.1%} of the {drawn} {offered} (at least {minimum:.0%} "
                           f"expected)", offered, hint(tally, f"offered/{item.id}"), item.mark(), rule, item.subject)


def never_won(item: Any, tally: Tally, hint: Hint, offered: str = "rounds drawn", rule: str = "won",
              min_rate: float = MIN_RATE) -> Finding | None:
    """An item offered but never won."""
    drawn = tally.get(f"offered/{item.id}")
    if not drawn or tally.get(f"won/{item.id}"):
        return None
    return judged(never_seen(drawn, min_rate), f"never won in {drawn} {offered}", offered,
                  hint(tally, f"offered/{item.id}"), item.mark(), rule, item.subject)


def rarely_used(item: Any, tally: Tally, games: int, minimum: float, hint_key: str, hint: Hint,
                verb: str = "played", among: str = "games", rule: str = "used", family: int = 1,
                min_rate: float = MIN_RATE) -> Finding | None:
    """An item used in fewer than ``minimum`` of the ``games`` it could have been (never: judged at ``min_rate``)."""
    used = tally.get(f"used-games/{item.id}")
    if games and not used:
        return judged(never_seen(games, min_rate), f"never {verb} in {among} {games} games", f"of {among} games",
                      hint(tally, hint_key), item.mark(), rule, item.subject)
    verdict = below(used, games, minimum, family)
    if verdict is None:
        return None
    return judged(verdict, f"{verb} in {used / games:.1%} of {among} {games} games (at least {minimum:.0%} "
                           f"expected)", f"of {among} games", hint(tally, hint_key), item.mark(), rule,
                  item.subject)


def never_used(item: Any, tally: Tally, hint: Hint, message: str, hint_key: str = "games",
               rule: str = "used", trials_key: str = "games", unit: str = "games",
               min_rate: float = MIN_RATE) -> Finding | None:
    """An item never used; ``message`` is the sentence, with ``{games}`` and ``{offered}`` filled in, judged over
    the trials counted under ``trials_key``."""
    if tally.get(f"used/{item.id}"):
        return None
    trials = tally.get(trials_key)
    if trials <= 0:  # never had the chance: nothing to judge
        return None
    verdict = never_seen(trials, min_rate)
    text = message.format(games=tally.get("games"), offered=tally.get(f"offered/{item.id}"))
    return judged(verdict, text, unit, hint(tally, hint_key), item.mark(), rule, item.subject)


def rule_gaps(tally: Tally, mark: Mark) -> list[Finding]:
    """Each rule gap met, how often, and the seed of a game that met it."""
    games = tally.get("games")
    return [Finding("info", f"rule gap '{key[4:]}' hit {tally.get(key)} times in {games} games (handled as "
                            f"DECISIONS.md says); for one, seed {tally.seeds.get(key)}", mark=mark, rule="rule-gap")
            for key in tally.keys("gap/")]


def length_chart(tally: Tally, width: int, title: str, xlabel: str, chart_id: str = "length") -> Chart:
    """Games per length bucket of ``width`` (the game's own length: turns, or the playout's moves)."""
    buckets = tally.histogram("length/", width)
    return Chart(chart_id, title, [Bar(f"{n}-{n + width - 1}", c) for n, c in buckets], unit="count", xlabel=xlabel)


def lopsided(tally: Tally, prefix: str, maximum: float, hint: Hint, noun: str = "scenario",
             mark: Callable[[str], Mark | None] = lambda setting: None) -> list[Finding]:
    """Each setting (a scenario the game dealt, say) that one side won more than ``maximum`` of: the games of a
    setting counted under ``{prefix}played/<setting>``, a side's wins under ``{prefix}wins/<setting>/<side>`` in
    twelfths. Decided as ``engine/verdicts.py`` says, every setting and side together (one family); a setting seen
    too seldom to decide stays info. The finding's subject is the setting (messages are printed after it)."""
    played = {key[len(f"{prefix}played/"):]: tally.get(key) for key in tally.keys(f"{prefix}played/")}
    wins = {key[len(f"{prefix}wins/"):]: tally.get(key) / TWELFTHS for key in tally.keys(f"{prefix}wins/")}
    family = max(1, len(wins))
    findings = []
    for who, won in sorted(wins.items()):
        setting, _, side = who.rpartition("/")
        games = played.get(setting, 0)
        verdict = outside(won, games, 0.0, maximum, family) if games else None
        if verdict is None:
            continue
        statement = (f"side '{side}' wins {won / games:.0%} of the {games} games of this {noun} {{evidence}}; "
                     f"at most {maximum:.0%} expected")
        findings.append(judged(verdict, statement, f"games of the {noun}",
                               hint(tally, f"{prefix}played/{setting}"), mark(setting), f"{noun}-one-sided",
                               subject=setting))
    return findings
