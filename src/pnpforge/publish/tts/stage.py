"""The Tabletop Simulator export: deck sheets, piece images and a saved object, into ``build/<pack>/tts/``.

Each deck (``publish.decks``) becomes one or more sheets (``<deck>.png``, or ``<deck>-1.png``, ``<deck>-2.png``
for a deck longer than 69 cards) of its fronts, RGB, with the hidden card in the last cell, and its backs: one
image when a sheet's cards share a back (``<sheet>-back.png``), else a back sheet of the same grid; a type without
backs gets a plain one. Tokens, tiles and boards become ``pieces/<type>/<face>.png`` (front and back). The saved
object ``<pack>.json`` names those files by relative path, or under ``base_url`` when the designer hosts them;
``README.md`` says how to load it. The pictures come from the master render (trim only, bleed cut away), and a
file is drawn again only when one of its faces changed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from pnpforge.content.pack import Pack
from pnpforge.files import write_if_changed
from pnpforge.findings import Finding
from pnpforge.publish.decks import Deck, pack_decks
from pnpforge.publish.tts.describe import Describer
from pnpforge.publish.tts.dice import dice_images
from pnpforge.publish.tts.figurines import figurines, is_standee
from pnpforge.publish.tts.grid import MAX_DPI, MAX_PIXELS, MM_PER_INCH, SheetGrid, sheet_grid, split
from pnpforge.publish.tts.paint import Painter
from pnpforge.publish.tts.saved import Card, DeckObject, Piece, Sheet, saved_object
from pnpforge.render.environment import type_label
from pnpforge.render.faces import Face
from pnpforge.render.printed_dice import TYPES as DICE_TYPES
from pnpforge.render.stage import RenderResult

TTS_DIR = "tts"
PIECES_DIR = "pieces"
PLAIN_BACK = "plain-back.png"


@dataclass
class TtsResult:
    """What the export wrote."""

    folder: Path
    saved: Path
    sheets: list[Path] = field(default_factory=list)  # deck sheets, fronts and backs
    pieces: list[Path] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    drawn: int = 0  # images drawn by this build; the others were up to date


def build_tts(pack: Pack, master: RenderResult, out_dir: Path, lang: str,
              base_url: str | None = None) -> TtsResult:
    """Write the deck sheets, piece images, saved object and README for one language of a pack."""
    folder = out_dir / TTS_DIR
    drawn = [f for f in master.faces if f.key in master.pages]
    standees = [f for f in drawn if is_standee(f) and f.side == "front"]
    flat = [f for f in drawn if f.type not in DICE_TYPES and not is_standee(f)]
    decks, pieces, findings = pack_decks(pack, flat, lang)
    result = TtsResult(folder, folder / f"{pack.id}.json", findings=findings)
    painter = Painter(master, folder)
    describer = Describer(pack, lang)

    def url(path: Path) -> str:
        relative = path.relative_to(folder).as_posix()
        return f"{base_url.rstrip('/')}/{relative}" if base_url else relative

    objects, number = [], 0
    for deck in decks:
        deck_object = DeckObject(deck.id, deck.name, *deck.size)
        start = 0
        sizes = split(len(deck.fronts))
        for part, count in enumerate(sizes, start=1):
            fronts = deck.fronts[start:start + count]
            start += count
            number += 1
            stem = deck.id if len(sizes) == 1 else f"{deck.id}-{part}"
            sheet = _sheet(deck, fronts, stem, number, painter, result, url)
            deck_object.cards += [Card(sheet, cell, face.copies, describer.name(face.item),
                                       describer.description(face.item)) for cell, face in enumerate(fronts)]
        objects.append(deck_object)
    tiles = [_piece(pack, face, painter, result, url, describer) for face in pieces]
    dice, dice_files = dice_images(pack, painter, folder, url)
    figures, figure_files = figurines(standees, painter, folder, url, describer)
    result.pieces += dice_files + figure_files
    title = describer.name_of_game()
    text = json.dumps(saved_object(title, objects, tiles, others=dice + figures), ensure_ascii=False,
                      indent=1) + "\n"
    write_if_changed(result.saved, text)
    write_if_changed(folder / "README.md", readme(pack.id, title, objects, tiles, base_url, dice + figures))
    result.drawn = painter.drawn
    painter.finish(keep=[result.saved, folder / "README.md", *result.sheets, *result.pieces])
    return result


def _sheet(deck: Deck, fronts: list[Face], stem: str, number: int, painter: Painter, result: TtsResult,
           url) -> Sheet:
    """Draw one sheet of a deck and its backs; the saved object's view of it."""
    grid = sheet_grid(len(fronts), *deck.size)
    backs = [deck.back_of(face) for face in fronts]
    hidden = backs[0]
    faces_png = result.folder / f"{stem}.png"
    painter.sheet(faces_png, grid, fronts, hidden)
    unique = len({back.key if back else None for back in backs}) > 1
    back_png = result.folder / f"{stem}-back.png"
    if unique:
        painter.sheet(back_png, grid, backs, hidden)
    elif hidden is not None:
        painter.single(back_png, hidden, grid.cell_width, grid.cell_height)
    else:
        back_png = painter.plain(result.folder / PLAIN_BACK, grid.cell_width, grid.cell_height)
    result.sheets += [faces_png, back_png]
    return Sheet(number, url(faces_png), url(back_png), grid.columns, grid.rows, unique)


def _piece(pack: Pack, face: Face, painter: Painter, result: TtsResult, url, describer: Describer) -> Piece:
    """Draw a token, tile or board, front and back, at up to 300 dpi and 4096 px on its longest side."""
    layout = face.layout
    dpi = min(MAX_DPI, MAX_PIXELS / (max(layout.width, layout.height) / MM_PER_INCH))
    grid = SheetGrid(1, 1, round(layout.width / MM_PER_INCH * dpi), round(layout.height / MM_PER_INCH * dpi), dpi)
    folder = result.folder / PIECES_DIR / face.type
    front = folder / f"{face.file_stem}.png"
    painter.single(front, face, grid.cell_width, grid.cell_height)
    back_face = painter.faces.get(face.back or "")
    back = front
    if back_face is not None:
        back = folder / f"{back_face.file_stem}.png"
        painter.single(back, back_face, grid.cell_width, grid.cell_height)
    result.pieces += list(dict.fromkeys([front, back]))
    return Piece(type_label(pack, face.type, describer.lang), describer.name(face.item),
                 describer.description(face.item), url(front), url(back), layout.width, layout.height,
                 layout.shape, face.copies)


def readme(pack_id: str, title: str, decks: list[DeckObject], pieces: list[Piece], base_url: str | None,
           others: list[dict] | None = None) -> str:
    """How to load the export into Tabletop Simulator, and what it holds."""
    cards = sum(card.copies for deck in decks for card in deck.cards)
    lines = [f"# {title} for Tabletop Simulator", "",
             f"`{pack_id}.json` is a saved object: {len(decks)} decks ({cards} cards) and "
             f"{sum(p.copies for p in pieces)} pieces (tokens, tiles, boards).", "",
             "## Loading it", ""]
    if base_url:
        lines += [f"The images are named under {base_url}/: upload this folder there first, keeping its layout.",
                  ""]
    else:
        lines += ["The images are named by paths relative to this folder, which Tabletop Simulator cannot open by "
                  "itself. Either upload the folder to a web host (or Tabletop Simulator's Cloud Manager) and build "
                  "again with `pnpforge build --only tts --base-url https://your.host/folder`, or, to play on this "
                  "computer only, build with `--base-url file:///` followed by this folder's full path.", ""]
    lines += ["1. Copy the JSON file into Tabletop Simulator's Saved Objects folder (Documents/My Games/"
              "Tabletop Simulator/Saves/Saved Objects on Windows, ~/Library/Tabletop Simulator/Saves/Saved "
              "Objects on macOS, ~/.local/share/Tabletop Simulator/Saves/Saved Objects on Linux).",
              "2. In a game, open Objects > Saved Objects and click it: the decks, bags of pieces and boards land "
              "on the table.", "",
              "## What is in it", ""]
    lines += [f"- Deck {deck.name}: {sum(c.copies for c in deck.cards)} cards, {len(deck.cards)} different "
              f"({len({c.sheet.number for c in deck.cards})} sheet"
              f"{'' if len({c.sheet.number for c in deck.cards}) == 1 else 's'})" for deck in decks]
    groups: dict[str, int] = {}
    for piece in pieces:
        groups[piece.group] = groups.get(piece.group, 0) + piece.copies
    lines += [f"- {group}: {count} piece{'' if count == 1 else 's'}" for group, count in groups.items()]
    for kind, words in (("Custom_Dice", "dice (custom six-sided dice)"), ("Figurine_Custom", "figurines")):
        count = sum(1 for state in others or [] if state["Name"] == kind)
        if count:
            lines.append(f"- {words}: {count}")
    lines += ["", "Each sheet's last cell is the hidden card: what players see of a card in another player's hand.",
              "Card names and descriptions come from the game's data; sizes are scaled from a poker card, so a "
              "board or token may want a touch of scaling on the table.", ""]
    return "\n".join(lines)

