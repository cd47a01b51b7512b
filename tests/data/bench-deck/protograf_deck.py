"""The bench deck drawn with protograf 0.5.2, the peer pnpforge is compared with in ``make bench``.

It reads the same ``cards.csv`` and draws the same cards as the pack's layouts: the name at the top, the power as a
big number in the top-right corner, the text wrapped below a rule, a thin frame inside the trim, and one plain back
with the deck's name. A4 sheets of 3 x 3 poker cards (63.5 x 88.9 mm) touching at their edges, each page of fronts
followed by its page of backs. It runs only in protograf's own virtualenv (``build/bench/protograf-venv``), never
in pnpforge's: ``python protograf_deck.py -d OUT_DIR`` writes ``OUT_DIR/bench-deck.pdf`` (``-d`` is protograf's
own option for the output folder).
"""

from pathlib import Path

from protograf import Card, CardBack, Create, Data, Deck, Save, T, line, rectangle, text

HERE = Path(__file__).resolve().parent
INK = "#2D4A53"
CARD_W, CARD_H = 63.5, 88.9
PAPER_W, PAPER_H = 210.0, 297.0
SIDE = (PAPER_W - 3 * CARD_W) / 2  # the 3 x 3 block centred on the sheet, as pnpforge's cards sheet places it
TOP = (PAPER_H - 3 * CARD_H) / 2

Create(filename="bench-deck.pdf", paper="A4", units="mm", margin_left=SIDE, margin_right=SIDE,
       margin_top=TOP, margin_bottom=TOP)
Data(filename=str(HERE / "cards.csv"))
Deck(card_size="poker", rows=3, cols=3, grid_marks=True, stroke="white")

# Positions in mm from the card's top-left corner (the trim), as in layouts/card.yaml.
frame = rectangle(x=2, y=2, width=CARD_W - 4, height=CARD_H - 4, rounding=2, stroke=INK, stroke_width=1.1)
# A wrapped text box draws nothing when its text does not fit, so the name is set small enough for two lines.
title = text(text=T("{{ NAME | upper }}"), x=5, y=5, width=38, height=14, wrap=True, valign="centre",
             font_name="Helvetica-Bold", font_size=12, stroke=INK, align="left")
power = text(text=T("{{ POWER }}"), x=52.5, y=16, font_name="Helvetica-Bold", font_size=30, stroke=INK,
             align="centre")  # x is the centre of the corner zone, y the baseline
rule = line(x=5, y=23, x1=CARD_W - 5, y1=23, stroke=INK, stroke_width=0.85)
body = text(text=T("{{ TEXT }}"), x=5, y=25, width=CARD_W - 10, height=57, wrap=True, valign="top",
            font_name="Helvetica", font_size=10, stroke="#1A1A1A", align="left")
Card("all", frame, title, power, rule, body)

fill = rectangle(x=0, y=0, width=CARD_W, height=CARD_H, fill=INK, stroke=INK)
back_frame = rectangle(x=4, y=4, width=CARD_W - 8, height=CARD_H - 8, rounding=2, stroke="white", fill=INK,
                       stroke_width=1.4)
back_name = text(text="BENCH DECK", x=6, y=34, width=CARD_W - 12, height=20.9, wrap=True, valign="centre",
                 font_name="Helvetica-Bold", font_size=20, stroke="white", align="centre")
CardBack("all", fill, back_frame, back_name)

Save()
