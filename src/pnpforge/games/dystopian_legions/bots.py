"""The duel's greedy bot: it rallies a Routed section, fires Placed when it can pay for Focus Fire, charges when its
melee dice outnumber the enemy's, otherwise fires; it plays the first card it may, hits the deck under a pool of six
dice or more when it stands in the open or soft cover, spends every point Cold Steel allows, bolsters a Morale check
that would rout with every point it may and any other check with one, cancels a card and answers a charge with a
fire reaction when it can, spends a Luck token on its first throw, and aims a Sniper weapon at an officer or NCO."""

from __future__ import annotations

import random
from typing import Any

from pnpforge.games.dystopian_legions.hands import worth
from pnpforge.games.dystopian_legions.melee import melee_dice
from pnpforge.games.dystopian_legions.shooting import attack_dice
from pnpforge.games.dystopian_legions.state import DuelState

PREFERENCE = ("rally", "focus-fire", "charge", "fire", "snap-out", "hit-the-deck", "hold")


class Greedy:
    name = "greedy"

    def rank(self, s: DuelState, player: int, rng: random.Random) -> list[Any]:
        legal = s.legal_actions()
        return sorted(legal, key=lambda a: (self.score(s, player, a), legal.index(a)))

    def choose(self, s: DuelState, player: int, rng: random.Random) -> Any:
        return self.rank(s, player, rng)[0]

    def score(self, s: DuelState, p: int, action: Any) -> int:
        """Lower is better."""
        step = s.pending[0] if s.pending else ""
        if step == "act":
            if action == "charge" and sum(melee_dice(s, p).values()) <= sum(melee_dice(s, 1 - p).values()):
                return len(PREFERENCE)
            return PREFERENCE.index(action)
        if step in ("tac", "b-lay"):  # a card of the window, or one laid face down for the Pre-Turn step
            return 1 if action == "pass" else 0 if useful(s, p, action) else 2
        if step == "deck":
            side = s.sides[p]
            threat = sum(attack_dice(s, 1 - p).values()) >= 6 and all(t.cover != "hard" for t in side.troopers)
            return 0 if action == threat else 1
        if step in ("cancel", "ambush"):
            return 1 if action == "pass" else 0
        if step == "aim":
            target = next(t for t in s.sides[1 - p].troopers if t.number == action)
            return 0 if s.profile(target).rank in ("officer", "nco") else 1
        if step == "lucky":
            return 0 if action else 1
        if step == "cold-steel":
            return -int(action)
        if step == "bolster":  # every point on a Morale check that would rout, one on any other check
            routs = (s.pending or ())[2:3] == ("morale",) and s.sides[p].markers + 1 >= s.game.routed_at
            return -int(action) if routs else abs(int(action) - 1)
        if step == "reroll":
            return -len(action)
        if step == "b-independent":  # a weapon free to fire elsewhere fires at the first target it may
            return 1 if action == "none" else 0
        if step == "b-pick":  # a battle's hand: the card of most worth per point
            return -worth(s.game.cards[action])  # type: ignore[return-value]
        return 0


def useful(s: DuelState, p: int, card: str) -> bool:
    """Whether a card would change anything now: shooting cards for the side that fires or is fired at, melee
    cards in a melee, Shaken markers removed from a Shaken section, points for the pool."""
    firing = s.active == p
    side = s.sides[p]
    for kind, params in s.game.cards[card].effects:
        values = dict(params)
        if kind == "shaken":
            return side.markers > 0
        if kind == "command_points":
            return True
        if kind in ("cover", "shot_quality"):
            return (
                firing == (values.get("whose") == "enemy")
                if kind == "cover"
                else firing == (values.get("whose") == "own")
            )
        if kind in ("bolster", "reroll"):
            roll = values.get("roll")
            return (
                (roll == "shooting" and firing)
                or (roll == "defence" and not firing)
                or (roll == "melee" and side.engaged)
                or (roll == "morale" and side.markers > 0)
            )
        if kind == "strike_first":
            return side.engaged
    return False


def greedy_bot(game: Any, seat: int, rng: random.Random, **options: Any) -> Greedy:
    return Greedy()


def determinize(s: DuelState, player: int, rng: random.Random) -> DuelState:
    """The other side's hand is hidden. A duel's hands come from the starter decks in a fixed order and nothing is
    drawn, so every hand a player could face is the one there is: the world is a copy. A battle's hands are chosen
    from the decks: the other player's is drawn again, as many cards, from its deck less its Graveyard."""
    world = s.clone()
    decks = getattr(s.game, "decks", None)
    if decks is None:
        return world
    from pnpforge.games.dystopian_legions.hands import hand_of

    q = 1 - player
    hand = hand_of(world, q)  # type: ignore[arg-type]
    grave = world.units[world.first_of(q)].side.graveyard  # type: ignore[attr-defined]
    unseen = [c for c in dict.fromkeys(decks[q]) if c not in grave]
    if hand and len(unseen) >= len(hand):
        hand[:] = rng.sample(unseen, len(hand))
    listed = getattr(world, "march", {}).get(q)
    if listed:  # the other Order of March is secret: any order of the same sections
        world.march = {**world.march, q: tuple(rng.sample(listed, len(listed)))}  # type: ignore[attr-defined]
    laid = getattr(world, "facedown", {})
    if q in laid:  # a card laid face down: one of the guessed hand's cards of the step, if it holds any
        step = [c for c in hand if world.game.cards[c].window == "pre_turn"]
        world.facedown = {**laid, q: rng.choice(step) if step else laid[q]}  # type: ignore[attr-defined]
    return world
