"""The Tabletop Simulator export: the saved object against a schema of the fields the game reads, and the sheets'
geometry (cells, at most 10 x 7, at most 4096 px, RGB, the hidden card in the last cell) for the flagship's 60
characters and a 150-card deck split over three sheets."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import jsonschema
import numpy
import pytest
from PIL import Image

from pnpforge.check.registry import run_static_checks
from pnpforge.content.game import Deck as DeckSpec
from pnpforge.content.pack import load_pack
from pnpforge.publish.decks import pack_decks
from pnpforge.publish.tts import build_tts
from pnpforge.publish.tts.grid import CARDS_PER_SHEET, sheet_grid, split
from pnpforge.render.stage import render_master
from pnpforge.scaffold import create

from tests.conftest import DATA
from tests.helpers import run_cli
from tests.render.conftest import LANTERN, LEGION, load

URL = {"type": "string", "minLength": 1}
CUSTOM_DECK = {
    "type": "object",
    "required": ["FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack"],
    "properties": {"FaceURL": URL, "BackURL": URL, "NumWidth": {"type": "integer", "minimum": 2, "maximum": 10},
                   "NumHeight": {"type": "integer", "minimum": 2, "maximum": 7}, "BackIsHidden": {"const": False},
                   "UniqueBack": {"type": "boolean"}},
}
DECKS = {"type": "object", "minProperties": 1, "patternProperties": {"^[1-9][0-9]*$": CUSTOM_DECK},
         "additionalProperties": False}
TRANSFORM = {"type": "object", "required": ["posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY",
                                            "scaleZ"]}
CARD = {"type": "object", "required": ["Name", "CardID", "Nickname", "Description", "CustomDeck", "Transform"],
        "properties": {"Name": {"const": "Card"}, "CardID": {"type": "integer", "minimum": 100},
                       "Nickname": {"type": "string", "minLength": 1}, "Description": {"type": "string"},
                       "CustomDeck": DECKS, "Transform": TRANSFORM}}
DECK = {"type": "object", "required": ["Name", "DeckIDs", "CustomDeck", "ContainedObjects", "Nickname", "Transform"],
        "properties": {"Name": {"const": "DeckCustom"}, "Nickname": {"type": "string", "minLength": 1},
                       "DeckIDs": {"type": "array", "items": {"type": "integer"}, "minItems": 2},
                       "CustomDeck": DECKS, "ContainedObjects": {"type": "array", "items": CARD},
                       "Transform": TRANSFORM}}
TILE = {"type": "object", "required": ["Name", "CustomImage", "Nickname", "Transform"],
        "properties": {"Name": {"const": "Custom_Tile"},
                       "CustomImage": {"type": "object", "required": ["ImageURL", "ImageSecondaryURL", "CustomTile"],
                                       "properties": {"ImageURL": URL, "ImageSecondaryURL": URL}}}}
BAG = {"type": "object", "required": ["Name", "ContainedObjects"],
       "properties": {"Name": {"const": "Bag"}, "ContainedObjects": {"type": "array", "items": TILE}}}
ROTATION = {"type": "object", "required": ["x", "y", "z"], "properties": {axis: {"type": "number"} for axis in "xyz"}}
DIE = {"type": "object", "required": ["Name", "CustomImage", "Nickname", "Transform", "RotationValues"],
       "properties": {"Name": {"const": "Custom_Dice"}, "Transform": TRANSFORM,
                      "RotationValues": {"type": "array", "minItems": 6, "maxItems": 6,
                                         "items": {"type": "object", "required": ["Value", "Rotation"],
                                                   "properties": {"Value": {"type": ["integer", "string"]},
                                                                  "Rotation": ROTATION}}},
                      "CustomImage": {"type": "object", "required": ["ImageURL", "CustomDice"],
                                      "properties": {"ImageURL": URL,
                                                     "CustomDice": {"type": "object", "required": ["Type"],
                                                                    "properties": {"Type": {"const": 1}}}}}}}
FIGURINE = {"type": "object", "required": ["Name", "CustomImage", "Nickname", "Transform"],
            "properties": {"Name": {"const": "Figurine_Custom"}, "Transform": TRANSFORM,
                           "CustomImage": {"type": "object", "required": ["ImageURL", "ImageSecondaryURL"],
                                           "properties": {"ImageURL": URL, "ImageSecondaryURL": URL}}}}
SAVED = {"type": "object", "required": ["SaveName", "ObjectStates"],
         "properties": {"ObjectStates": {"type": "array", "minItems": 1,
                                         "items": {"oneOf": [DECK, CARD, TILE, BAG, DIE, FIGURINE]}}}}


def saved(folder: Path, pack_id: str) -> dict:
    """The saved object, checked against the schema."""
    document = json.loads((folder / f"{pack_id}.json").read_text(encoding="utf-8"))
    jsonschema.validate(document, SAVED)
    return document


def decks_of(document: dict) -> dict[str, dict]:
    return {state["Nickname"]: state for state in document["ObjectStates"] if state["Name"] == "DeckCustom"}


def check_sheet(folder: Path, entry: dict, cards: int, size_mm: tuple[float, float]) -> tuple[Image.Image, int, int]:
    """A sheet's geometry: its cells, limits, colour mode, the empty cells and the hidden card; returns the image
    and the cell size."""
    image = Image.open(folder / entry["FaceURL"])
    columns, rows = entry["NumWidth"], entry["NumHeight"]
    assert image.mode == "RGB"
    assert max(image.size) <= 4096 and columns <= 10 and rows <= 7
    assert columns * rows >= cards + 1
    assert image.width % columns == 0 and image.height % rows == 0
    cell_w, cell_h = image.width // columns, image.height // rows
    assert cell_w / cell_h == pytest.approx(size_mm[0] / size_mm[1], abs=0.01)
    pixels = numpy.asarray(image)
    cell = lambda i: pixels[(i // columns) * cell_h:(i // columns + 1) * cell_h,  # noqa: E731
                            (i % columns) * cell_w:(i % columns + 1) * cell_w]
    assert all((cell(i) < 250).any() for i in range(cards)), "every card's cell is drawn"
    assert all((cell(i) == 255).all() for i in range(cards, columns * rows - 1)), "cells past the cards are empty"
    hidden = cell(columns * rows - 1)
    assert (hidden < 250).any(), "the hidden card is drawn in the last cell"
    back = Image.open(folder / entry["BackURL"])
    assert back.mode == "RGB"
    if entry["UniqueBack"]:
        assert back.size == image.size
        first_back = numpy.asarray(back)[:cell_h, :cell_w]
    else:
        assert back.size == (cell_w, cell_h)
        first_back = numpy.asarray(back)
    assert numpy.array_equal(hidden, first_back), "the hidden card shows the first card's back"
    return image, cell_w, cell_h


@pytest.fixture(scope="module")
def legion_characters(tmp_path_factory):
    pack = load(LEGION)
    out = tmp_path_factory.mktemp("tts-legion")
    master = render_master(pack, "en", out, jobs=1, select=lambda face: face.type == "character")
    result = build_tts(pack, master, out, "en")
    return pack, result


def test_legion_characters_are_one_deck_on_one_sheet(legion_characters) -> None:
    pack, result = legion_characters
    assert result.findings == []
    document = saved(result.folder, pack.id)
    deck = decks_of(document)["Character"]
    (number, entry), = deck["CustomDeck"].items()
    items = pack.of_type("character")
    assert len(items) == 60 and len(deck["ContainedObjects"]) == sum(item.qty for item in items)
    check_sheet(result.folder, entry, 60, (63.5, 88.9))
    # DeckIDs: sheet number x 100 + cell, in the pack's order; names and descriptions from the data
    ids = [int(number) * 100 + index for index in range(60)]
    assert deck["DeckIDs"] == [card["CardID"] for card in deck["ContainedObjects"]] == ids
    first = deck["ContainedObjects"][0]
    assert first["Nickname"] == items[0].get("name")
    assert f"Combat power: {items[0].get('combat_power')}" in first["Description"]
    assert entry["UniqueBack"] is True  # one back per faction: a back sheet


def test_a_150_card_deck_is_split_over_three_sheets(tmp_path) -> None:
    sheet = tmp_path / "cards.csv"
    sheet.write_text("name,power,text\n" + "".join(f"Card {n},{n % 7},Text of card {n}\n" for n in range(150)))
    create(tmp_path / "big-deck", sheet)
    pack, problems = load_pack(tmp_path / "big-deck")
    assert pack is not None, problems
    out = tmp_path / "build"
    master = render_master(pack, "en", out, jobs=2)
    result = build_tts(pack, master, out, "en", base_url="https://example.org/big")
    document = json.loads(result.saved.read_text(encoding="utf-8"))
    jsonschema.validate(document, SAVED)
    deck, = decks_of(document).values()
    assert sorted(deck["CustomDeck"]) == ["1", "2", "3"]
    assert deck["DeckIDs"] == [n * 100 + i for n, count in ((1, 69), (2, 69), (3, 12)) for i in range(count)]
    for number, count in (("1", 69), ("2", 69), ("3", 12)):
        entry = dict(deck["CustomDeck"][number])
        assert entry["FaceURL"].startswith("https://example.org/big/")
        local = {key: entry[key].removeprefix("https://example.org/big/") for key in ("FaceURL", "BackURL")}
        check_sheet(result.folder, entry | local, count, (63.5, 88.9))
    assert (decks_of(document)["Card"]["CustomDeck"]["1"]["NumWidth"],
            decks_of(document)["Card"]["CustomDeck"]["1"]["NumHeight"]) == (10, 7)
    assert [c["Nickname"] for c in deck["ContainedObjects"]][68:70] == ["Card 68", "Card 69"]
    assert "README.md" in {p.name for p in result.folder.iterdir()}


def test_sheet_grids() -> None:
    assert split(150) == [69, 69, 12] and split(69) == [69] and split(70) == [69, 1] and split(5) == [5]
    assert (sheet_grid(69, 63.5, 88.9).columns, sheet_grid(69, 63.5, 88.9).rows) == (10, 7)
    for cards in (1, 2, 12, 35, 60, CARDS_PER_SHEET):
        for size in ((63.5, 88.9), (88.9, 63.5), (70, 120), (44, 68)):
            grid = sheet_grid(cards, *size)
            assert grid.columns * grid.rows > cards and 2 <= grid.columns <= 10 and 2 <= grid.rows <= 7
            assert max(grid.size) <= 4096 and grid.dpi <= 300
    small = sheet_grid(5, 63.5, 88.9)
    assert small.cell_width > sheet_grid(69, 63.5, 88.9).cell_width  # a short deck gets larger cells
    with pytest.raises(ValueError):
        sheet_grid(70, 63.5, 88.9)


def test_declared_decks_group_by_a_field(tmp_path) -> None:
    pack = load(LANTERN)
    pack.game = pack.game.model_copy(update={"decks": [DeckSpec(id="market", types=["merchant"],
                                                                group_by="faction")]})
    master = render_master(pack, "en", tmp_path, jobs=1)
    decks, pieces, findings = pack_decks(pack, master.faces, "en")
    assert findings == []
    assert [deck.id for deck in decks] == ["market-wick-guild", "market-oil-sellers"]
    assert [deck.name for deck in decks] == ["Merchant: Wick Guild", "Merchant: Oil Sellers"]
    assert {face.item.get("faction") for face in decks[0].fronts} == {"wick-guild"}
    assert {face.type for face in pieces} == {"stall"}  # not in a declared deck: pieces of their own


def test_a_deck_naming_an_unknown_type_is_an_error(tmp_path) -> None:
    folder = tmp_path / "lantern-market"
    shutil.copytree(LANTERN, folder)
    game = folder / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") +
                    "decks:\n  - {id: market, types: [merchant, wagon]}\n  - {id: again, types: [merchant], "
                    "group_by: colour}\n", encoding="utf-8")
    pack, problems = load_pack(folder)
    assert pack is not None, problems
    messages = [f.message for f in run_static_checks(pack) if f.rule == "decks"]
    assert messages == ["deck 'market': unknown type 'wagon'; types: merchant, stall",
                        "deck 'again': type 'merchant' is already in deck 'market'",
                        "deck 'again': group_by: type 'merchant' has no field 'colour'"]


def test_build_only_tts_and_a_bad_base_url(tmp_path) -> None:
    run = run_cli("build", str(LANTERN), "--only", "tts", "--out", str(tmp_path), "--lang", "en")
    assert run.code == 0, run.output
    assert "tts/: " in run.output and (tmp_path / "lantern-market" / "tts" / "lantern-market.json").is_file()
    bad = run_cli("build", str(LANTERN), "--only", "tts", "--out", str(tmp_path), "--base-url", "ftp://x")
    assert bad.code == 2 and "--base-url" in bad.output


def test_a_full_build_leaves_the_export_out(tmp_path) -> None:
    """Tabletop Simulator files are made when asked for (``--only tts``), not by every build."""
    from pnpforge.publish.outputs import build_outputs

    outputs = build_outputs(load(LANTERN), "en", tmp_path, only=None, select=lambda face: face.type == "stall")
    assert outputs.tts is None and not (tmp_path / "lantern-market" / "tts").exists()


def test_dice_figurines_and_a_double_sided_hex_tile(tmp_path) -> None:
    """Border Watch's printed dice, standees and double-sided terrain hexes in the saved object, each image showing
    the faces its data declares."""
    from pnpforge.render.printed_dice import NET_CELLS

    pack = load(DATA / "border-watch")
    master = render_master(pack, "en", tmp_path, jobs=1,
                           select=lambda face: face.type in ("die-face", "figure", "terrain"))
    result = build_tts(pack, master, tmp_path, "en")
    document = saved(result.folder, pack.id)
    states = document["ObjectStates"]
    dice = [state for state in states if state["Name"] == "Custom_Dice"]
    assert [state["Nickname"] for state in dice] == ["plain", "plain", "fight die"]  # qty: 2 plain dice
    assert dice[2]["Description"] == "Faces: hit hit, hit, hit, shield, miss, blank"
    for state, colour in ((dice[0], (0xf2, 0xef, 0xe4)), (dice[2], (0x8b, 0x1e, 0x1e))):
        image = numpy.asarray(Image.open(result.folder / state["CustomImage"]["ImageURL"]).convert("RGB"))
        cell = image.shape[0] // 3
        assert image.shape[1] == 4 * cell
        painted = {(column, row) for column in range(4) for row in range(3)
                   if (numpy.abs(image[row * cell + 8, column * cell + 8].astype(int) - colour) < 8).all()}
        assert painted == set(NET_CELLS)  # six faces in the die's colour where the net puts them, white elsewhere
    plain = numpy.asarray(Image.open(result.folder / dice[0]["CustomImage"]["ImageURL"]).convert("L"))
    cell = plain.shape[0] // 3
    inked = [int((plain[row * cell:(row + 1) * cell, column * cell:(column + 1) * cell] < 100).sum())
             for column, row in NET_CELLS]
    assert inked[0] < inked[5] and all(count > 0 for count in inked)  # a 1 has less ink than a 6; none is blank
    figures = [state for state in states if state["Name"] == "Figurine_Custom"]
    assert [state["Nickname"] for state in figures] == ["Lookout"] * 3 + ["Outrider"] * 2
    front = Image.open(result.folder / figures[3]["CustomImage"]["ImageURL"])
    back = Image.open(result.folder / figures[3]["CustomImage"]["ImageSecondaryURL"])
    assert front.size == back.size and front.width > front.height  # a 50 mm wide base, a 45 mm tall figure
    (bag,) = [state for state in states if state["Name"] == "Bag"]
    tiles = bag["ContainedObjects"]
    assert len(tiles) == 8 and {tile["CustomImage"]["CustomTile"]["Type"] for tile in tiles} == {1}  # hexes
    fronts = {tile["CustomImage"]["ImageURL"] for tile in tiles}
    backs = {tile["CustomImage"]["ImageSecondaryURL"] for tile in tiles}
    assert len(fronts) == 4 and backs == {"pieces/terrain/back-all.png"} and not fronts & backs
    assert "- dice (custom six-sided dice): 3" in (result.folder / "README.md").read_text(encoding="utf-8")
    assert [v["Value"] for v in dice[0]["RotationValues"]] == [1, 2, 3, 4, 5, 6]
    assert [v["Value"] for v in dice[2]["RotationValues"]] == ["hit hit", "hit", "hit", "shield", "miss", "blank"]


def _face_up(rotation: dict) -> tuple[int, ...]:
    """The die's own direction that points up after Tabletop Simulator's rotation (Unity's Euler angles: z first,
    then x, then y), for rotations in quarter turns: R = Ry Rx Rz, and the face up is R's transpose times (0, 1, 0)."""
    def turn(axis: int, degrees: float) -> list[list[int]]:
        c, s = {0: (1, 0), 90: (0, 1), 180: (-1, 0), 270: (0, -1)}[round(degrees) % 360]
        i, j = [(1, 2), (2, 0), (0, 1)][axis]
        m = [[int(r == k) for k in range(3)] for r in range(3)]
        m[i][i], m[i][j], m[j][i], m[j][j] = c, -s, s, c
        return m

    def times(a, b):
        return [[sum(a[r][k] * b[k][c] for k in range(3)) for c in range(3)] for r in range(3)]

    r = times(turn(1, rotation["y"]), times(turn(0, rotation["x"]), turn(2, rotation["z"])))
    return tuple(r[1][c] for c in range(3))  # the row of R that (0, 1, 0) picks out of R's transpose


def test_a_dies_rotation_values_turn_the_faces_the_image_puts_opposite_to_opposite_sides() -> None:
    """The image's net and the rotations agree: each face is up at its own rotation, and two faces the net folds
    opposite each other (1 and 6, 2 and 5, 3 and 4) are up at opposite rotations."""
    from pnpforge.publish.tts.dice import rotation_values
    from pnpforge.render.printed_dice import NET_CELLS

    values = rotation_values([(str(n), n) for n in range(1, 7)])
    ups = [_face_up(value["Rotation"]) for value in values]
    assert len(set(ups)) == 6 and all(sorted(map(abs, up)) == [0, 0, 1] for up in ups)
    for a, (ca, ra) in enumerate(NET_CELLS):
        for b, (cb, rb) in enumerate(NET_CELLS):
            folded_opposite = (ra == rb == 1 and abs(ca - cb) == 2) or (ca == cb == 1 and abs(ra - rb) == 2)
            assert folded_opposite == (ups[a] == tuple(-v for v in ups[b])), (a + 1, b + 1)
    assert [value["Value"] for value in values] == [1, 2, 3, 4, 5, 6]
