"""Write a large pack for ``make bench``: one type, ``card``, in one CSV file of N distinct cards (10,000 by default).

    python tests/make_stress_pack.py OUT_DIR [--cards N] [--seed S]

The cards are made from a seeded random generator, so the same arguments always write the same bytes: a unique
name, a power from 0 to 12 and a text of two or three short sentences. The pack draws them with the bench deck's
layouts (``tests/data/bench-deck/layouts``, copied beside the data), A4 sheets of nine. ``OUT_DIR`` becomes the pack
folder; its name is the pack id, so it must be kebab-case (``stress-deck``).
"""

from __future__ import annotations

import argparse
import csv
import random
import re
import shutil
from pathlib import Path

BENCH_DECK = Path(__file__).resolve().parent / "data" / "bench-deck"
ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")

SYLLABLES = ["ka", "lo", "mi", "ren", "tu", "sa", "vor", "el", "dan", "ib", "ost", "qua", "ny", "har", "bel", "zo",
             "fen", "ur", "ti", "gal", "mo", "wes", "ca", "pri"]
ROLES = ["Scout", "Keeper", "Runner", "Smith", "Warden", "Sage", "Rider", "Archer", "Herald", "Tinker", "Sailor",
         "Miner", "Baker", "Piper", "Guard", "Seer"]
OPENINGS = ["When this card is played", "At the start of a round", "If you hold no other card",
            "When an opponent draws", "After the first card of a round", "When this card is revealed",
            "Once each turn", "When this card leaves play", "If your score is the lowest", "When a tie is called"]
ACTIONS = ["draw {n} cards", "gain {n} points", "look at the top {n} cards of the deck", "discard {n} cards",
           "return {n} cards to your hand", "give {n} points to the player on your left",
           "add {n} to the power of one card", "take {n} cards from the discard pile",
           "swap {n} cards with an opponent", "remove {n} counters from play"]
ENDINGS = ["Then shuffle the deck.", "Any player may answer this.", "This cannot be undone.",
           "Keep this card face up.", "The round ends at once.", "Pass this card to the left afterwards.",
           "Only the last player to act may do so.", "Put a counter on this card."]
NUMBERS = ["two", "three", "four", "five"]


def card_rows(count: int, seed: int = 1) -> list[dict[str, object]]:
    """``count`` distinct cards: id, NAME, POWER, TEXT; the same ``seed`` gives the same cards."""
    rng = random.Random(seed)
    rows = []
    for number in range(1, count + 1):
        name = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3))).capitalize()
        sentences = [f"{rng.choice(OPENINGS)}, {rng.choice(ACTIONS).format(n=rng.choice(NUMBERS))}."]
        sentences += rng.sample(ENDINGS, rng.randint(1, 2))
        rows.append({"id": f"card-{number:05d}", "NAME": f"{name} the {rng.choice(ROLES)} {number}",
                     "POWER": rng.randint(0, 12), "TEXT": " ".join(sentences)})
    return rows


def game_yaml(pack_id: str, count: int) -> str:
    """The pack's ``game.yaml``: the bench deck's single type, ``count`` cards in ``cards.csv``."""
    return f"""# A stress pack written by tests/make_stress_pack.py: {count} generated cards drawn with \
the bench deck's layouts.
id: {pack_id}
name: Stress Deck
version: "1"
languages: [en]
players: {{min: 2, max: 4}}
about: Generated cards for timing a large build.
box:
  - {{type: card, count: {count}}}
types:
  card:
    file: cards.csv
    label: Card
    doc: One generated card.
    fields:
      NAME: {{kind: text, translated: false, required: true, doc: The card's name.}}
      POWER: {{kind: int, min: 0, max: 99, required: true, doc: The big number in the corner.}}
      TEXT: {{kind: text, translated: false, required: true, doc: What the card does.}}
"""


def write_pack(out: Path, count: int = 10_000, seed: int = 1) -> Path:
    """Write the pack into ``out`` (created; its name is the pack id) and return it."""
    if not ID.fullmatch(out.name):
        raise SystemExit(f"the pack folder's name is its id and must be kebab-case, not '{out.name}'")
    if count < 1:
        raise SystemExit("--cards must be at least 1")
    out.mkdir(parents=True, exist_ok=True)
    (out / "game.yaml").write_text(game_yaml(out.name, count), encoding="utf-8")
    with (out / "cards.csv").open("w", encoding="utf-8", newline="") as sheet:
        writer = csv.DictWriter(sheet, fieldnames=["id", "NAME", "POWER", "TEXT"], lineterminator="\n")
        writer.writeheader()
        writer.writerows(card_rows(count, seed))
    shutil.copytree(BENCH_DECK / "layouts", out / "layouts", dirs_exist_ok=True)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Write a pack of many generated cards for timing a large build.")
    parser.add_argument("out", type=Path, help="the pack folder to write (its name is the pack id)")
    parser.add_argument("--cards", type=int, default=10_000, help="how many cards (default 10000)")
    parser.add_argument("--seed", type=int, default=1, help="the random seed (default 1)")
    args = parser.parse_args(argv)
    pack = write_pack(args.out, args.cards, args.seed)
    print(f"wrote {pack} with {args.cards} cards")


if __name__ == "__main__":
    main()
