"""``pnpforge build`` timed as an author meets it: every pack from nothing, again unchanged, after a one-card edit,
after renaming a card the rulebook shows in a figure, its faces alone from nothing; and the rulebook and web site
of each pack that has rules.

Each build is the real command in a fresh process on a copy of the pack (so the edits never touch ``content/``),
measured by ``measure.timed``. The goals are the acceptance figures of the largest pack, and a pack given its own
cold-build goal (``--cold-goals``) is held to that and to the memory goal; CPU goals are judged in CPU seconds
normalised to the machine's reference figure.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnpforge.bench.measure import goal, timed
from pnpforge.check.pack import all_pack_ids, check_pack

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

BUILD_GOALS = {"cold_build_s": 15.0, "one_card_rebuild_s": 1.0, "faces_per_second": 100.0}
CPU_GOALS = {
    "faces_per_cpu_second": 50.0,  # a cold faces-only build: faces rendered per CPU second, at least
    "cold_build_cpu_s": 30.0,  # the full build from nothing, at most
    "one_card_over_floor_cpu_s": 1.0,  # a one-card edit, beyond the no-change build, at most
    "no_change_cpu_s": 1.5,  # the floor: a build with nothing changed, at most
    "peak_tree_memory_mb": 400.0,  # the full build's processes together, at most
    "figure_edit_cpu_s": 5.0,  # renaming a card a rulebook figure shows: every output rebuilt, at most
}
OWN_GOALS = ("cold_build_cpu_s", "peak_tree_memory_mb", "figure_edit_cpu_s")  # of a pack given its own goal
PUBLISH_GOALS = {"rulebook_warm_s": 5.0}  # "a few seconds" once its layouts are cached
FACES = re.compile(r"^(\d+) faces? rendered, (\d+) unchanged", re.MULTILINE)


def build_command(pack: Path, out: Path, *options: str) -> list[str]:
    """``pnpforge build PACK --out OUT [options]`` run by this interpreter."""
    return [sys.executable, "-m", "pnpforge", "build", str(pack), "--out", str(out), *options]


def timed_build(command: list[str]) -> dict:
    """A timed build with the faces it rendered and the faces it has in all, read from its summary line."""
    result = timed(command)
    found = FACES.search(result.pop("output"))
    result.update({"faces_rendered": int(found.group(1)) if found else None,
                   "faces": int(found.group(1)) + int(found.group(2)) if found else None})
    return result


def bench_build(pack_ids: list[str] | None = None, reference: float | None = None,
                cold_goals: dict[str, float] | None = None) -> dict:
    """Per pack: a full build from nothing, again with nothing changed, after editing one card, after renaming a
    card the rulebook shows, and the faces alone from nothing into another empty folder.

    The edited card is the first item of the type with the most faces that no rulebook figure shows, one of its
    text fields extended by a few words; the renamed one is the first item a rulebook figure shows (``_rename``).
    The goals are the acceptance figures of the largest pack (the most faces); the other packs' figures are
    recorded beside them, held to their own cold-build goal when ``cold_goals`` names them. CPU goals are judged
    normalised by ``reference`` (the machine's reference figure) when it is given.
    """
    results = {}
    for pack_id in pack_ids or all_pack_ids():
        checked = check_pack(pack_id)
        if checked.pack is None:
            continue
        with tempfile.TemporaryDirectory(prefix="pnpforge-bench-") as tmp:
            root = Path(tmp) / pack_id
            shutil.copytree(checked.pack.root, root)
            full = build_command(root, Path(tmp) / "out")
            cold = timed_build(full)
            unchanged = timed_build(full)
            edited_item = _edit_one_card(checked.pack, root)
            one_card = timed_build(full) if edited_item else None
            renamed = _rename(checked.pack, root)
            figure_edit = timed_build(full) if renamed else None
            faces_only = timed_build(build_command(root, Path(tmp) / "out-faces", "--only", "faces"))
        results[pack_id] = _build_entry(cold, unchanged, one_card, edited_item, faces_only, reference)
        results[pack_id].update(figure_edit=figure_edit, renamed=renamed)
        if figure_edit is not None:
            results[pack_id]["goals"]["figure_edit_cpu_s"] = goal(
                CPU_GOALS["figure_edit_cpu_s"], figure_edit["cpu_s"], reference=reference,
                unit="CPU s, every output after renaming a card a rulebook figure shows")
    largest = max(results, key=lambda name: results[name]["cold"]["faces"] or 0, default=None)
    for pack_id, entry in results.items():
        own = (cold_goals or {}).get(pack_id)
        if own is not None:  # the pack's own cold-build goal replaces the largest pack's
            entry["goals"]["cold_build_cpu_s"] = goal(own, entry["cold"]["cpu_s"], unit="CPU s, full cold build",
                                                      reference=reference)
            if pack_id != largest:
                entry["goals"] = {name: entry["goals"][name] for name in OWN_GOALS if name in entry["goals"]}
        elif pack_id != largest:
            entry["goals"] = {}
            entry["goals_held_by"] = largest
    return results


def _build_entry(cold: dict, unchanged: dict, one_card: dict | None, edited_item: str | None,
                 faces_only: dict, reference: float | None = None) -> dict:
    """The figures of one pack's builds and the goals they are held to."""
    rendered = cold["faces_rendered"] or 0
    faces_per_cpu = round(faces_only["faces_rendered"] / faces_only["cpu_s"], 1) \
        if faces_only["faces_rendered"] and faces_only["cpu_s"] else None
    over_floor = round(one_card["cpu_s"] - unchanged["cpu_s"], 2) if one_card else None
    entry: dict[str, Any] = {"cold": cold, "no_change": unchanged, "one_card": one_card, "edited": edited_item,
             "faces_only_cold": faces_only,
             "faces_per_second": round(rendered / cold["wall_s"], 1) if cold["wall_s"] else None,
             "faces_per_cpu_second": faces_per_cpu, "one_card_over_floor_cpu_s": over_floor,
             "load_average": [round(v, 2) for v in os.getloadavg()]}
    entry["goals"] = {
        "cold_build_s": {"goal": BUILD_GOALS["cold_build_s"], "measured": cold["wall_s"],
                         "met": cold["wall_s"] < BUILD_GOALS["cold_build_s"]},
        "one_card_rebuild_s": {"goal": BUILD_GOALS["one_card_rebuild_s"],
                               "measured": one_card["wall_s"] if one_card else None,
                               "met": one_card is not None and one_card["wall_s"] < BUILD_GOALS["one_card_rebuild_s"]},
        "faces_per_second": {"goal": BUILD_GOALS["faces_per_second"], "measured": entry["faces_per_second"],
                             "met": (entry["faces_per_second"] or 0) >= BUILD_GOALS["faces_per_second"]},
        "faces_per_cpu_second": goal(CPU_GOALS["faces_per_cpu_second"], faces_per_cpu, at_least=True,
                                     unit="faces per CPU s, cold --only faces", reference=reference,
                                     per_cpu_second=True),
        "cold_build_cpu_s": goal(CPU_GOALS["cold_build_cpu_s"], cold["cpu_s"], unit="CPU s, full cold build",
                                 reference=reference),
        "one_card_over_floor_cpu_s": goal(CPU_GOALS["one_card_over_floor_cpu_s"], over_floor,
                                          unit="CPU s beyond the no-change build", reference=reference),
        "no_change_cpu_s": goal(CPU_GOALS["no_change_cpu_s"], unchanged["cpu_s"], unit="CPU s, nothing changed",
                                reference=reference),
        "peak_tree_memory_mb": goal(CPU_GOALS["peak_tree_memory_mb"], cold["peak_tree_memory_mb"],
                                    unit="MB, all processes of the full cold build together"),
    }
    return entry


def bench_publish(pack_ids: list[str] | None = None) -> dict:
    """The PDF rulebook and the web site of each pack that has rules: from nothing, then again unchanged.

    ``pnpforge build --only rulebook`` and ``--only web`` in fresh processes into an empty folder; the second
    run of each is what an author waits for after editing something else.
    """
    from pnpforge.publish.rulebook import has_rulebook

    results = {}
    for pack_id in pack_ids or all_pack_ids():
        checked = check_pack(pack_id)
        if checked.pack is None or not has_rulebook(checked.pack):
            continue
        entry = {}
        with tempfile.TemporaryDirectory(prefix="pnpforge-bench-") as tmp:
            for output in ("rulebook", "web"):
                command = build_command(checked.pack.root, Path(tmp), "--only", output)
                runs = {}
                for name in ("cold", "warm"):
                    result = timed(command)
                    result.pop("output")
                    runs[name] = result
                entry[output] = runs
        entry["goals"] = {"rulebook_warm_s": {"goal": PUBLISH_GOALS["rulebook_warm_s"],
                                              "measured": entry["rulebook"]["warm"]["wall_s"],
                                              "met": entry["rulebook"]["warm"]["wall_s"]
                                              < PUBLISH_GOALS["rulebook_warm_s"]}}
        results[pack_id] = entry
    return results


def _edit_one_card(pack: Pack, root: Path) -> str | None:
    """Extend one text field of the first item, of the type with the most items, that no rulebook figure shows;
    the edited item's subject."""
    types = sorted(pack.types, key=lambda name: -len(pack.of_type(name)))
    shown = _shown_in_rulebook(pack)
    for type_name in types:
        spec = pack.types[type_name]
        for item in pack.of_type(type_name):
            if item.id in shown:
                continue
            for name, field_spec in spec.fields.items():
                value = item.get(name)
                if isinstance(value, dict):  # a translated string: edit the first language's text
                    value = next((v for v in value.values() if isinstance(v, str)), None)
                if field_spec.kind != "text" or not isinstance(value, str) or len(value) < 8:
                    continue
                path = root / spec.file
                text = path.read_text(encoding="utf-8")
                if text.count(value) != 1:
                    continue
                path.write_text(text.replace(value, value + " (edited)"), encoding="utf-8")
                return f"{item.subject}: {name}"
    return None


def _rename(pack: Pack, root: Path) -> str | None:
    """Rename the first item a rulebook figure shows (in the sequence of the pack's types and files), as an author
    renames a character: the last word of its ``name`` reversed (``Ivan Sablin`` -> ``Ivan Nilbas``, the same
    length); the renamed item's subject and its new name."""
    shown = _shown_in_rulebook(pack)
    for type_name, spec in pack.types.items():
        if "name" not in spec.fields:
            continue
        for item in pack.of_type(type_name):
            value = item.get("name")
            if isinstance(value, dict):  # a translated name: rename it in the first language
                value = next((v for v in value.values() if isinstance(v, str)), None)
            if item.id not in shown or not isinstance(value, str) or not value.strip():
                continue
            path = root / spec.file
            text = path.read_text(encoding="utf-8")
            if text.count(value) != 1:
                continue
            head, _, last = value.rpartition(" ")
            renamed = f"{head} {last[::-1].capitalize()}".strip()
            if renamed == value:
                continue
            path.write_text(text.replace(value, renamed), encoding="utf-8")
            return f"{item.subject}: {value} -> {renamed}"
    return None


def _shown_in_rulebook(pack: Pack) -> set[str]:
    """The ids of the items whose faces the pack's rulebook shows as figures."""
    from pnpforge.publish.rulebook import has_rulebook, prepare

    if not has_rulebook(pack):
        return set()
    with tempfile.TemporaryDirectory(prefix="pnpforge-bench-") as tmp:
        book = prepare(pack, Path(tmp), pack.game.languages[0])
    return {face.item.id for face in book.figures.shown.values()}
