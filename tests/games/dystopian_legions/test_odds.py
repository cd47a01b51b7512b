"""Exact odds of Dystopian Legions: the kernel's expected successes per die and two-dice chances, figures worked out
by hand for a few cells, the Ironclad damage table, worth per point, and the odds strip on every section card of
both starter forces, read back from the printed PDF."""

from __future__ import annotations

import json
import random
import shutil
from fractions import Fraction
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pnpforge.content.pack import Pack, load_pack
from pnpforge.engine.data_analyses import analyse_data
from pnpforge.engine.dice_exact import TAIL
from pnpforge.games import load_package
from pnpforge.games.dystopian_legions import damage, odds, strips, worth
from pnpforge.games.dystopian_legions.damage import ChainModel
from pnpforge.games.dystopian_legions.force_list import starter_forces

from tests.conftest import REPO

PACK = REPO / "content" / "dystopian-legions"


@pytest.fixture(scope="module")
def pack() -> Pack:
    loaded, problems = load_pack(PACK)
    assert loaded is not None and problems == []
    return loaded


@pytest.fixture(scope="module")
def kit(pack: Pack) -> odds.Kit:
    return odds.Kit(pack)


@pytest.mark.parametrize("target", [2, 3, 4, 5, 6])
def test_expected_successes_per_die(kit: odds.Kit, target: int) -> None:
    """(7 - t) / 6 black, (8 - t) / 6 blue, (8 - t) / 5 red; red's exploding tail is under TAIL."""
    assert odds.mean(kit.successes({"black": 1}, target)) == Fraction(7 - target, 6)
    assert odds.mean(kit.successes({"blue": 1}, target)) == Fraction(8 - target, 6)
    assert abs(odds.mean(kit.successes({"red": 1}, target)) - Fraction(8 - target, 5)) < TAIL


@pytest.mark.parametrize("colour", ["black", "blue", "red"])
def test_one_success_of_two_dice_is_three_in_four(kit: odds.Kit, colour: str) -> None:
    two = kit.successes({colour: 2}, 4)
    assert 1 - two[0] == Fraction(3, 4)


def test_two_successes_of_two_dice(kit: odds.Kit) -> None:
    assert kit.successes({"black": 2}, 4)[2] == Fraction(1, 4)
    blue = kit.successes({"blue": 2}, 4)
    assert sum(p for n, p in blue.items() if n >= 2) == Fraction(5, 12)
    red = kit.successes({"red": 2}, 4)
    assert abs(sum(p for n, p in red.items() if n >= 2) - Fraction(5, 12)) < TAIL


def test_a_revolver_at_the_line_infantry(kit: odds.Kit) -> None:
    """3 black at 4+ take a trooper (IR 3) only with three successes, 1/8; in soft cover the trooper's blue die
    saves half of those; in hard cover its two blue dice save 3/4 of them."""
    line = kit.data.sections["kob-line-infantry"]
    shots = {c: kit.shoot({"black": 3}, 4, odds.chain(kit, line, c)) for c in ("open", "soft", "hard")}
    assert shots["open"].expected_lp == Fraction(1, 8)
    assert shots["soft"].expected_lp == Fraction(1, 16)
    assert shots["hard"].expected_lp == Fraction(1, 32)
    assert shots["open"].wipe == 0


def test_a_wipe_of_a_one_model_section(kit: odds.Kit) -> None:
    """One model of IR 3 and LP 1 in the open: a wipe is three successes of 4 blue dice or more."""
    blue = kit.successes({"blue": 4}, 4)
    shot = kit.shoot({"blue": 4}, 4, (ChainModel(3, 1),))
    assert shot.wipe == sum(p for n, p in blue.items() if n >= 3)
    assert shot.lp == {0: 1 - shot.wipe, 1: shot.wipe}


def test_the_book_ironclad_odds_at_no_excess(kit: odds.Kit) -> None:
    """Successes just reaching the armour: 2D6 of 7 or less does nothing, 7/12 (the digest's .58)."""
    table = odds.ironclad_odds({9: Fraction(1)}, 9)
    assert table["no effect"] == Fraction(7, 12)
    assert table["shaken"] == Fraction(9, 36)
    assert sum(table.values()) == 1
    assert odds.ironclad_odds({8: Fraction(1)}, 9) == {"no effect": Fraction(1)}


def test_melee_uses_combat_armour_and_cold_steel(kit: odds.Kit) -> None:
    knights = kit.data.sections["pru-teutonic-knights"]
    assert {m.ir for m in odds.chain(kit, knights, melee=True)} == {7}
    assert {m.cover for m in odds.chain(kit, knights, "soft")} == {"open"}  # Towering
    captain = kit.data.sections["kob-captain-hq"]
    assert odds.melee_pool(kit, captain) == {"blue": 3, "black": 1, "red": 3}


def test_worth_per_point_findings(pack: Pack, kit: odds.Kit) -> None:
    """The pack's findings are the three it accepts; the Colour Sergeant at its old 10 points would be a fourth."""
    found = worth.worth_per_point(pack).findings
    assert sorted((f.subject, f.message.split(":")[0]) for f in found) == [
        ("section 'kob-line-infantry'", "option rifle-grenadier"),
        ("section 'kob-royal-marines'", "option rifle-grenadier"),
        ("section 'pru-line-grenadiers'", "option drummer"),
    ]
    assert all(f.rule == "worth-per-point" and f.mark.path.endswith("sections.yaml") for f in found)
    line = kit.data.sections["kob-line-infantry"]
    more = worth.gain(kit, line, "kob-colour-sergeant", "kob-line-sergeant")
    low, high = worth.bands(
        pack, kit, {s.id: worth.best(worth.section_turn(kit, s)) / s.points for s in kit.data.sections.values()}
    )["line"]
    assert low <= more / 16 <= high < more / 10


def test_a_stale_strip_is_an_error(pack: Pack, tmp_path: Path) -> None:
    assert list(strips.odds_strips(pack)) == []
    copy = tmp_path / "pack"
    shutil.copytree(PACK, copy, ignore=shutil.ignore_patterns("build"))
    path = copy / "odds-strips.yaml"
    text = path.read_text(encoding="utf-8")
    stale = text.replace('fire: "2.33 / 1.81 / 1.30"', 'fire: "2.30 / 1.81 / 1.30"', 1)
    assert stale != text
    path.write_text(stale, encoding="utf-8")
    changed, _ = load_pack(copy)
    assert changed is not None
    found = list(strips.odds_strips(changed))
    assert [f.message for f in found] == ["fire: '2.30 / 1.81 / 1.30', but the odds give '2.33 / 1.81 / 1.30'"]
    assert found[0].mark.path.endswith("odds-strips.yaml") and found[0].mark.line


def test_the_strips_file_is_what_the_odds_give(pack: Pack) -> None:
    assert (PACK / "odds-strips.yaml").read_text(encoding="utf-8") == strips.strips_yaml(pack)


def test_every_starter_section_card_prints_the_reports_odds(pack: Pack, legions_built: Path) -> None:
    """The report's odds-strip figures are printed on the section card of every section of both starter forces."""
    package = load_package(pack.game.engine or "dystopian_legions")
    report = analyse_data(pack, package, ("odds-strips",)).tables[0]
    rows = {row[0]: row for row in report.rows}
    faces = legions_built / PACK.name / "faces"
    manifest = json.loads((faces / "faces.json").read_text(encoding="utf-8"))
    pages = {f["items"][0]: f["page"] for f in manifest["faces"] if f["type"] == "unit" and f["side"] == "front"}
    pdf = pdfium.PdfDocument(faces / "unit.pdf")
    names = {item.id: item["name"] for item in pack.of_type("unit")}
    forces = starter_forces(pack).values()
    starters = {entry.section for force in forces for entry in force.entries}
    starters |= {entry.transport.id for force in forces for entry in force.entries if entry.transport is not None}
    assert len(starters) >= 20
    for section in sorted(starters):
        text = " ".join(pdf[pages[section]].get_textpage().get_text_range().split())
        _, against, fire, wipe, melee, upper = rows[names[section]]
        assert f"Odds vs {against}" in text, section
        assert f"{fire} LP open / soft / hard, wipe {wipe}" in text, section
        assert (f"melee {melee} LP, Upper Hand {upper}" if melee != "-" else "melee none") in text, section


@pytest.mark.rules("mar-solo-weapon", "mar-unreliable")
def test_a_solo_weapon_throws_alone_in_the_odds(kit: odds.Kit) -> None:
    """The Rifle Grenadier's 3 blue dice follow the pooled attack, on the models it left; alone they seldom reach
    IR 3, so the section does worse than with the rifleman's 2 black dice in its pool. A Flammenwerfer fires 5 times
    in 6, its Spray and Pray taking a level off the cover."""
    line = kit.data.sections["kob-line-infantry"]
    grenade = worth.with_model(line, "kob-rifle-grenadier", "kob-line-infantryman")
    attacks = odds.section_attacks(kit, grenade, "effective")
    assert [(a.dice, a.alone) for a in attacks] == [((("black", 14),), False), ((("blue", 3),), True)]
    target = odds.chain(kit, kit.data.sections["pru-line-grenadiers"], "open")
    apart = kit.attacks(attacks, 4, target)
    pooled = kit.shoot({"black": 14, "blue": 3}, 4, target)
    assert apart.successes == pooled.successes and apart.expected_lp < pooled.expected_lp
    first = kit.shoot({"black": 14}, 4, target)
    assert first.expected_lp < apart.expected_lp
    assert sum(apart.lp.values()) == 1 and apart.lp == dict(sorted(apart.lp.items()))
    assault = odds.section_attacks(kit, kit.data.sections["pru-assault-grenadiers"], "effective")
    flames = [a for a in assault if a.alone]
    assert len(flames) == 2 and all(a.fires == Fraction(5, 6) and a.shift == -1 for a in flames)


@pytest.mark.rules("mar-sniper")
def test_a_snipers_attack_counts_placed_in_the_odds(kit: odds.Kit) -> None:
    attacks = odds.section_attacks(kit, kit.data.sections["kob-sharpshooters"], "effective")
    steady = [a for a in attacks if a.steady]
    assert steady and all(a.alone for a in steady)
    assert [steady[0].target(t) for t in (5, 4, 3)] == [4, 3, 3]
    chain = odds.chain(kit, kit.data.sections["pru-line-grenadiers"])
    as_placed = kit.attacks(steady[:1], 4, chain)
    assert as_placed.successes == kit.successes(steady[0].dice, 3)


def test_loss_totals_are_the_losses_of_the_cancelled_allocation() -> None:
    rng = random.Random(61)
    for _ in range(2000):
        chain = tuple(ChainModel(rng.randint(1, 6), rng.randint(0, 3)) for _ in range(rng.randint(1, 6)))
        allocated = damage.allocate(rng.randint(0, 40), chain)
        saves = rng.randint(0, allocated.total + 3)
        lost = damage.losses(damage.cancel(allocated, saves), chain)
        assert odds.loss_totals(allocated, saves, chain) == (lost.total_lp, lost.kills)


def test_expected_losses_kept_between_processes_are_the_ones_worked_out(pack: Pack) -> None:
    """A second kit (another process, say) reads the first one's answers from the user's cache: the same fractions,
    and the pools' chances the same floats, as the odds worked out afresh."""
    from pnpforge.engine.dice import DiceSet
    from pnpforge.games.dystopian_legions import throws

    rng = random.Random(67)
    chains = [
        tuple(ChainModel(rng.randint(3, 7), rng.randint(1, 3)) for _ in range(rng.randint(1, 5))) for _ in range(6)
    ]
    pools = [{c: rng.randint(0, 4) for c in ("black", "blue", "red")} for _ in range(6)]
    first, second = odds.Kit(pack), odds.Kit(pack)
    for counts, chain in [(counts, chain) for counts in pools[:3] for chain in chains]:  # one pool, many chains
        made = first.expected_shot(counts, 4, chain)
        assert made == second.expected_shot(counts, 4, chain) == first.shoot(counts, 4, chain).expected_lp
        assert second.expected_melee(counts, chain, 5) == first.melee(counts, chain, 5).expected_lp
    table, dice = throws.kept_chances(pack), DiceSet.of_pack(pack)
    for counts in pools:
        ordered = tuple((c, n) for c, n in counts.items() if n)
        fresh = throws._chances(dice, ordered, 4, None)
        table.get(repr((ordered, 4, None)), lambda made=fresh: made)
        assert [tuple(pair) for pair in table.get(repr((ordered, 4, None)), lambda: [])] == fresh
