"""A diff for people and programs: the report as data (``diff.json``), as terminal lines, and as a Markdown list for
the pack's changelog (``changes.md``).

The data holds every value whole; the terminal shortens long text. Items are named in the build's language, types
by their labels. The JSON is stable: keys sorted, lists in the pack's order, paths relative to the diff folder.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pnpforge.content.pack import Pack
from pnpforge.content.text import in_language
from pnpforge.diff.faces import FaceChange, FaceDiff
from pnpforge.diff.items import ADDED, CHANGED, REMOVED, DataDiff
from pnpforge.diff.reprint import Reprint
from pnpforge.diff.revision import OldVersion
from pnpforge.files import write_atomic
from pnpforge.findings import display_path
from pnpforge.render.faces import FRONT

REPORT = "diff.json"
CHANGES = "changes.md"
SHORT_TEXT = 60  # characters of a value the terminal shows
SHORT_CONTEXT = 20  # characters before the first difference of two long texts the terminal shows
CHANGES_ORDER = (CHANGED, ADDED, REMOVED)
MARKS = {CHANGED: "~", ADDED: "+", REMOVED: "-"}
MAX_SETTINGS_SHOWN = 6  # values of a settings file the Markdown list names before "and N more"


def report_data(new: Pack, old: Pack, lang: str, old_version: OldVersion, data: DataDiff, faces: FaceDiff,
                reprint: Reprint | None) -> dict:
    """Everything the diff found, as the JSON report holds it."""
    names = {(i.type, i.id): in_language(i.get("name") or i.id, lang, new.game.languages[0])
             for pack in (old, new) for i in pack.all_items()}
    copies = {ADDED: {(i.type, i.id): i.qty for i in new.all_items()},
              REMOVED: {(i.type, i.id): i.qty for i in old.all_items()}}
    items: dict[str, dict[str, list]] = {}
    for change in data.items:
        entry: dict[str, Any] = {"id": change.id, "name": in_language(change.name, lang, new.game.languages[0]),
                                 "at": change.at}
        if change.change == CHANGED:
            entry["fields"] = [f.to_json() for f in change.fields]
        else:
            entry["copies"] = copies[change.change].get((change.type, change.id))
        items.setdefault(change.type, {c: [] for c in CHANGES_ORDER})[change.change].append(entry)
    face_entries: dict[str, list] = {c: [] for c in CHANGES_ORDER}
    for face in faces.changes:
        face_entries[face.change].append(_named(face.to_json(), face, names))
    fronts: dict[str, int] = {}
    for item in new.all_items():
        fronts[item.type] = fronts.get(item.type, 0) + 1
    summary = {"items_" + c: sum(len(t[c]) for t in items.values()) for c in CHANGES_ORDER}
    summary.update({"faces_" + c: len(face_entries[c]) for c in CHANGES_ORDER})
    summary["files_changed"] = len(data.files)
    return {
        "pack": new.id, "lang": lang, "languages": list(new.game.languages),
        "old": old_version.to_json(), "new": {"folder": display_path(new.root), "label": "working tree"},
        "differences": any(summary.values()), "summary": summary,
        "types": data.labels, "items": items,
        "files": [{"path": f.path, "change": f.change, "kind": f.kind, "keys": [k.to_json() for k in f.keys]}
                  for f in data.files],
        "faces": {"dpi": faces.dpi, "unchanged": faces.unchanged, "redrawn_identically": faces.redrawn_identically,
                  "redrawn": [_named(face.to_json(), face, names) for face in faces.redrawn],
                  "fronts_per_type": fronts, **face_entries},
        "sheets": reprint.to_json() if reprint is not None else None,
    }


def _named(entry: dict, face: FaceChange, names: dict) -> dict:
    """A face's entry with the name of the item a front shows (None for a back)."""
    entry["name"] = names.get((face.type, face.items[0])) if face.side == FRONT and face.items else None
    return entry


def write_report(folder: Path, report: dict) -> tuple[Path, Path]:
    """``diff.json`` and ``changes.md`` in the diff folder."""
    target = folder / REPORT
    write_atomic(target, json.dumps(report, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
    changes = folder / CHANGES
    write_atomic(changes, markdown(report))
    return target, changes


def terminal_lines(report: dict, folder: Path) -> list[str]:
    """The report for a person at a terminal: items per type, other files, faces, sheets."""
    lines = [f"{report['pack']}: {report['old']['label']} -> {report['new']['label']} ({report['new']['folder']})"]
    for type_name, changes in report["items"].items():
        label = report["types"].get(type_name, type_name)
        counts = ", ".join(f"{len(changes[c])} {c}" for c in CHANGES_ORDER if changes[c])
        lines.append(f"{label}: {counts}")
        for change in CHANGES_ORDER:
            for entry in changes[change]:
                lines.append(f"  {MARKS[change]} {entry['name']} ({entry['id']})  {entry['at']}")
                lines += [f"      {f['path']}: {' -> '.join(shorten_pair(f['old'], f['new']))}"
                          for f in entry.get("fields", [])]
    files = _other_files(report)
    if files:
        lines.append("Files: " + ", ".join(f"{f['path']} {f['change']}" for f in files))
        for f in files:
            lines += [f"      {f['path']}: {k['path']}: {' -> '.join(shorten_pair(k['old'], k['new']))}"
                      for k in f["keys"]]
    faces = report["faces"]
    counts = ", ".join(f"{len(faces[c])} {c}" for c in CHANGES_ORDER)
    redrawn = faces.get("redrawn", [])
    quiet = f", {len(redrawn)} redrawn with no visible change" if redrawn else ""
    lines.append(f"Faces ({faces['dpi']} dpi): {counts}, {faces['unchanged']} unchanged{quiet}")
    for change in CHANGES_ORDER:
        for entry in faces[change]:
            shown = f" -> {display_path(folder / entry['image'])}" if entry["image"] else ""
            lines.append(f"  {MARKS[change]} {entry['key']}{shown}")
    lines += [f"  = {entry['key']}: redrawn, no visible change" for entry in redrawn]
    sheets = report["sheets"]
    if sheets is not None:
        lines.append(_sheets_line(sheets, folder))
        lines += [f"  error: {problem}" for problem in sheets["problems"]]
    if not report["differences"]:
        lines.append("no differences")
    return lines


def _other_files(report: dict) -> list[dict]:
    """Changed files the items do not already show: all but item files in which some item changed."""
    item_files = {entry["at"].split(":", 1)[0] for changes in report["items"].values()
                  for entries in changes.values() for entry in entries}
    return [f for f in report["files"] if not (f["kind"] == "items" and f["path"] in item_files)]


def _sheets_line(sheets: dict, folder: Path) -> str:
    """What the reprint sheets hold and where they are."""
    if not sheets["fronts"]:
        return "Reprint sheets: nothing to reprint"
    fronts, backs = len(sheets["fronts"]), len(sheets["backs"])
    papers = ", ".join(dict.fromkeys(f.split("/", 1)[0] for f in sheets["files"] if "/" in f))
    return (f"Reprint sheets: {_plural(fronts, 'front')} ({_plural(sheets['copies'], 'card')}) and "
            f"{_plural(backs, 'back')}: {_plural(len(sheets['files']), 'PDF')} in "
            f"{display_path(folder / sheets['folder'])}/ ({papers}), listed in print.json")


def shorten(value: Any, limit: int = SHORT_TEXT) -> str:
    """A value on one line, cut at ``limit`` characters (an absent value as ``(none)``)."""
    if value is None:
        return "(none)"
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def shorten_pair(old: Any, new: Any, limit: int = SHORT_TEXT) -> tuple[str, str]:
    """Two versions of a value, each shortened; two texts that begin alike are shown from a little before the
    place where they part, so that the shortened versions still differ."""
    if isinstance(old, str) and isinstance(new, str):
        same = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
        start = same - SHORT_CONTEXT if same > limit - SHORT_CONTEXT else 0
        if start > 0:
            return "…" + shorten(old[start:], limit)[1:], "…" + shorten(new[start:], limit)[1:]
    return shorten(old, limit), shorten(new, limit)


def markdown(report: dict) -> str:
    """The changes as a Markdown list for the pack's changelog, items named in the build's language."""
    lines = []
    for type_name, changes in report["items"].items():
        label = report["types"].get(type_name, type_name)
        for entry in changes[CHANGED]:
            said = "; ".join(f"{_field(f['path'], report)} {_md(f['old'])} → {_md(f['new'])}"
                             for f in entry["fields"])
            lines.append(f"- {label} **{entry['name']}**: {said}")
        for change in (ADDED, REMOVED):
            for entry in changes[change]:
                copies = f" ({entry['copies']} copies)" if (entry.get("copies") or 1) > 1 else ""
                lines.append(f"- {change.capitalize()} {label.lower()} **{entry['name']}**{copies}")
    lines += _redrawn(report)
    lines += _files_md(report)
    return "\n".join(lines or ["- No changes"]) + "\n"


def _redrawn(report: dict) -> list[str]:
    """Faces drawn differently without a change to their item's data: a layout, art or a referenced item."""
    explained = {(t, entry["id"]) for t, changes in report["items"].items()
                 for c in (CHANGED, ADDED) for entry in changes[c]}
    layouts = any(f["kind"] == "layouts" for f in report["files"])
    head = "Layout changes" if layouts else "Redrawn"
    lines = []
    for type_name in dict.fromkeys(f["type"] for f in report["faces"][CHANGED]):
        label = report["types"].get(type_name, type_name)
        faces = [f for f in report["faces"][CHANGED] if f["type"] == type_name]
        fronts = [f for f in faces if f["side"] == FRONT]
        unexplained = [f for f in fronts if not any((type_name, i) in explained for i in f["items"])]
        every = report["faces"]["fronts_per_type"].get(type_name, 0)
        if unexplained and len(fronts) == every and every > 1:
            lines.append(f"- {head}: every {label.lower()} face redrawn ({every} faces)")
        elif unexplained:
            names = ", ".join(f"**{f['name']}**" for f in unexplained)
            lines.append(f"- {head}: {label.lower()} {names} redrawn")
        backs = [f for f in faces if f["side"] != FRONT]
        if backs:
            lines.append(f"- {head}: {label.lower()} {'backs' if len(backs) > 1 else 'back'} redrawn"
                         + (f" ({len(backs)})" if len(backs) > 1 else ""))
    return lines


def _files_md(report: dict) -> list[str]:
    """Settings (their values when short), rules text, art, and layout files that redrew no face."""
    lines = []
    files = [f for f in report["files"] if f["kind"] != "items"]
    for f in (f for f in files if f["kind"] == "settings"):
        keys = [f"{k['path']} {_md(k['old'])} → {_md(k['new'])}" if _plain(k["old"]) and _plain(k["new"])
                else k["path"] for k in f["keys"][:MAX_SETTINGS_SHOWN]]
        more = len(f["keys"]) - MAX_SETTINGS_SHOWN
        detail = f" ({'; '.join(keys)}{f'; and {more} more' if more > 0 else ''})" if keys else ""
        lines.append(f"- Settings changed: {f['path']}{detail}")
    heads = {"rules": "Rules text changed", "art": "Art changed"}  # notes and the changelog itself are left out
    if not _redrawn(report):
        heads["layouts"] = ("Layout files changed (no visible change on any face)" if report["faces"].get("redrawn")
                            else "Layout files changed (no face redrawn)")
    for kind, head in heads.items():
        named = [f["path"] + ("" if f["change"] == CHANGED else f" ({f['change']})") for f in files
                 if f["kind"] == kind]
        if named:
            lines.append(f"- {head}: {', '.join(named)}")
    return lines


def _plain(value: Any) -> bool:
    """A value short enough to write out in a settings line: a number, a flag, a short text."""
    return value is None or isinstance(value, (int, float, bool)) or (isinstance(value, str) and len(value) <= 40)


def _field(path: str, report: dict) -> str:
    """A field's path for players: ``text.en`` is ``text`` in an English list, ``text (de)`` otherwise."""
    head, _, last = path.rpartition(".")
    if head and last in report["languages"]:
        return head if last == report["lang"] else f"{head} ({last})"
    return path


def _md(value: Any) -> str:
    """A value in a Markdown line: text in quotes, lists and mappings written out, nothing as ``none``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return f"“{value}”"
    if isinstance(value, list):  # a list of words reads without quotes: [oil, glass]
        return "[" + ", ".join(v if isinstance(v, str) and " " not in v else _md(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_md(v)}" for k, v in value.items()) + "}"
    return str(value)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
