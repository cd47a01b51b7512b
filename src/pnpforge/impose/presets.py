"""Sheet presets and the print plan: YAML in ``layouts/sheets/`` with ``extends:``, like layouts.

A preset is looked up, first hit wins, in the ``sheets/`` folder of each layer of the pack's resolver (its own
``layouts/sheets/``, its ``layouts_from`` packs', then the shared ``layouts/sheets/``); a preset that extends its own
name continues the search further down, so a pack overrides a built-in by name. A sheet is a paper preset (``a4``,
``letter``) with a style preset on top (``cards``, ``punchboard``, ...): the style's keys win. ``print.yaml`` is the
plan: the papers, the calibration page, and which styles each component type is printed with. Unknown keys, missing
parents, cycles and bad numbers are located findings, like every other input problem.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnpforge.content.source import Doc, LoadError, load_yaml
from pnpforge.findings import Finding, Mark, display_path
from pnpforge.render.geometry import LayoutError, layout_error
from pnpforge.render.layout_values import number, unknown_keys
from pnpforge.render.layouts import LAYOUTS_DIR, merge_chain
from pnpforge.render.resolver import Resolver

if TYPE_CHECKING:
    from pnpforge.content.pack import Pack

SHEETS_DIR = "sheets"
PLAN = "print"
MODES = ("block", "gapped", "gutter-fold", "punchboard", "pages", "tiles", "calibration")

SHEET_KEYS = {
    "extends": "the preset this one inherits from",
    "doc": "what the preset is for",
    "paper": "the paper size {w, h} in mm",
    "orientation": "portrait (default) or landscape, which swaps the paper's sides",
    "unprintable": "mm at the paper's edge the printer cannot print: a number or {top, right, bottom, left}",
    "mode": f"how faces are placed: {', '.join(MODES)}",
    "grid": "auto (as many as fit) or {columns, rows}",
    "bleed": "mm of bleed at most: around a block of cards, or around each face in the other modes",
    "gap": "mm between the faces' bleeds (gapped cards, punchboards)",
    "overlap": "mm of a face two neighbouring tiles both print, where their alignment targets are (tiles)",
    "marks": "crop marks: {length, min_length, offset, stroke}",
    "duplex": "long-edge (backs on the following page, columns mirrored) or none",
    "aliases": "other names `build --sheets` accepts for this style (not inherited by presets that extend it)",
}
MARK_KEYS = {"length": "the longest crop mark, mm", "min_length": "the room a mark needs, mm; a grid leaves it",
             "offset": "mm between the bleed and a mark", "stroke": "line width in points"}
PLAN_KEYS = {
    "extends": "the plan this one inherits from",
    "doc": "what the plan is for",
    "papers": "the paper presets every sheet is made for",
    "calibration": "the preset of the duplex calibration page (null for none)",
    "types": "component type -> the sheet styles it is printed with",
    "rules": "[{when, sheets}]: the first rule matching a type's faces gives its sheet styles",
}
WHEN_KEYS = {"transparent": "true for faces printed on film", "shape": "rect, round, hex, polygon or path",
             "max_side": "the face's longer side is at most this, mm", "min_side": "its shorter side is at least this",
             "size": "a size name from layouts/sizes.yaml, or a list of them"}
MERGED = ("marks", "types", "unprintable")
PRESET_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")  # a preset is named, never a path


@dataclass(frozen=True)
class Marks:
    """Crop marks: at most ``length`` mm long, ``offset`` mm beyond the bleed, ``stroke`` points wide."""

    length: float = 5.0
    min_length: float = 2.0
    offset: float = 0.5
    stroke: float = 0.3


@dataclass(frozen=True)
class Sheet:
    """A paper with a style: everything the impose stage needs to place faces."""

    name: str  # the style's name (file names use it)
    paper_name: str
    width: float
    height: float
    unprintable: tuple[float, float, float, float]  # top, right, bottom, left
    mode: str
    grid: tuple[int, int] | None  # (columns, rows), None for auto
    bleed: float
    gap: float
    marks: Marks
    duplex: bool
    path: str = ""
    aliases: tuple[str, ...] = ()
    overlap: float = 12.0

    def known_as(self, name: str) -> bool:
        """Whether ``build --sheets`` chooses this style by ``name``: its own name or one of its aliases."""
        return name == self.name or name in self.aliases

    @property
    def printable(self) -> tuple[float, float, float, float]:
        """The printable area as (left, top, right, bottom) in mm from the paper's top-left corner."""
        top, right, bottom, left = self.unprintable
        return left, top, self.width - right, self.height - bottom


@dataclass(frozen=True)
class Rule:
    """One rule of the plan: faces matching ``when`` go on ``sheets``."""

    when: dict[str, Any]
    sheets: tuple[str, ...]


@dataclass
class Plan:
    """Papers, calibration page, and the sheet styles of each type."""

    papers: tuple[str, ...]
    calibration: str | None
    types: dict[str, tuple[str, ...]]
    rules: list[Rule]
    path: str = ""
    problems: list[Finding] = field(default_factory=list)


def sheet_search_path(pack: Pack | None, layouts_dir: Path = LAYOUTS_DIR) -> list[Path]:
    """Where sheet presets are looked up, first hit wins."""
    return Resolver.for_pack(pack, layouts_dir).folders(SHEETS_DIR)


class Presets:
    """The sheet presets one pack sees, resolved through ``extends``."""

    def __init__(self, search: list[Path]):
        """Presets found along ``search``."""
        self.search = search
        self._resolved: dict[tuple[str, str], tuple[dict[str, Any], dict[tuple, Doc], Doc]] = {}

    def _places(self) -> str:
        """The searched folders, for messages."""
        return ", ".join(f"{display_path(p)}/" for p in self.search) or "no sheet folder"

    def locate(self, name: str, start: int = 0) -> tuple[int, Path] | None:
        """The first ``<name>.yaml`` in the search path from position ``start``; None for a name that is not a
        preset name (a path, say: a preset never names a file)."""
        if not PRESET_NAME.fullmatch(name):
            return None
        for index in range(start, len(self.search)):
            path = self.search[index] / f"{name}.yaml"
            if path.is_file():
                return index, path
        return None

    def raw(self, name: str, accepted: dict[str, str]) -> tuple[dict[str, Any], dict[tuple, Doc], Doc]:
        """The merged keys of a preset and its parents, where each came from, and the preset's own file."""
        cache_key = (name, ",".join(accepted))
        if cache_key in self._resolved:
            return self._resolved[cache_key]
        found = self.locate(name)
        if found is None:
            where = Mark(display_path(self.search[0]) if self.search else "layouts/sheets")
            raise LayoutError([layout_error(where, f"no sheet preset '{name}'; looked in {self._places()}")])
        chain: list[tuple[str, Doc]] = []
        seen: set[str] = set()
        current: tuple[str, int, Path] | None = (name, *found)
        while current is not None:
            cur_name, index, path = current
            doc = _load(path)
            if f"{index}:{cur_name}" in seen:
                cycle = " -> ".join([n for n, _ in chain] + [cur_name])
                raise LayoutError([_error(doc, ("extends",), f"extends forms a cycle: {cycle}", cur_name)])
            seen.add(f"{index}:{cur_name}")
            problems = unknown_keys(doc, (), doc.data, accepted, cur_name)
            if problems:
                raise LayoutError(_renamed(problems))
            chain.append((cur_name, doc))
            parent = doc.data.get("extends")
            if parent is None:
                current = None
                continue
            if not isinstance(parent, str):
                raise LayoutError([_error(doc, ("extends",), "extends: expected a preset name", cur_name)])
            located = self.locate(parent, index + 1 if parent == cur_name else 0)
            if located is None:
                raise LayoutError([_error(doc, ("extends",), f"extends '{parent}', which does not exist; looked "
                                                             f"in {self._places()}", cur_name)])
            current = (parent, *located)
        merged, origin = merge_chain(chain, MERGED)
        self._resolved[cache_key] = (merged, origin, chain[0][1])
        return self._resolved[cache_key]

    def sheet(self, paper: str, style: str) -> Sheet:
        """A paper preset with a style preset on top."""
        paper_keys, paper_origin, _ = self.raw(paper, SHEET_KEYS)
        style_keys, style_origin, style_doc = self.raw(style, SHEET_KEYS)
        merged = {**paper_keys, **{k: v for k, v in style_keys.items() if k not in MERGED}}
        origin = {**paper_origin, **{k: v for k, v in style_origin.items() if k[0] not in MERGED}}
        for key in MERGED:
            if isinstance(style_keys.get(key), dict) and isinstance(paper_keys.get(key), dict):
                merged[key] = {**paper_keys[key], **style_keys[key]}
                origin.update({k: v for k, v in style_origin.items() if k[0] == key})
            elif key in style_keys:
                merged[key] = style_keys[key]
                origin.update({k: v for k, v in style_origin.items() if k[0] == key})
        return _build_sheet(style, paper, merged, origin, style_doc)

    def plan(self) -> Plan:
        """The print plan (``print.yaml``)."""
        merged, origin, own = self.raw(PLAN, PLAN_KEYS)
        problems: list[Finding] = []

        def doc_of(*at: Any) -> Doc:
            return origin.get(tuple(at[:2])) or origin.get(tuple(at[:1])) or own

        papers = merged.get("papers") or []
        if not isinstance(papers, list) or not papers or not all(isinstance(p, str) for p in papers):
            problems.append(_error(doc_of("papers"), ("papers",), "papers: expected a list of paper presets"))
            papers = []
        calibration = merged.get("calibration")
        types: dict[str, tuple[str, ...]] = {}
        declared = merged.get("types") or {}
        if not isinstance(declared, dict):
            problems.append(_error(doc_of("types"), ("types",), "types: expected a mapping of component type -> "
                                                                "list of sheet presets"))
            declared = {}
        for type_name, sheets in declared.items():
            if not isinstance(sheets, list) or not all(isinstance(s, str) for s in sheets):
                problems.append(_error(doc_of("types", type_name), ("types", type_name),
                                       f"types: {type_name}: expected a list of sheet presets"))
                continue
            types[str(type_name)] = tuple(sheets)
        rules: list[Rule] = []
        listed = merged.get("rules") or []
        if not isinstance(listed, list):
            problems.append(_error(doc_of("rules"), ("rules",), "rules: expected a list of rules"))
            listed = []
        for index, rule in enumerate(listed):
            at = ("rules", index)
            doc = doc_of("rules")
            problems += unknown_keys(doc, at, rule, {"when": "the condition", "sheets": "the sheet presets"}, None)
            if not isinstance(rule, dict):
                continue
            when = rule.get("when") or {}
            problems += unknown_keys(doc, at + ("when",), when, WHEN_KEYS, None)
            sheets = rule.get("sheets")
            if not isinstance(sheets, list) or not all(isinstance(s, str) for s in sheets):
                problems.append(_error(doc, at + ("sheets",), "sheets: expected a list of sheet presets"))
                continue
            rules.append(Rule(dict(when) if isinstance(when, dict) else {}, tuple(sheets)))
        if problems:
            raise LayoutError(_renamed(problems))
        return Plan(tuple(papers), str(calibration) if calibration else None, types, rules, own.path)


def _load(path: Path) -> Doc:
    """One preset file as a located mapping."""
    try:
        doc = load_yaml(path)
    except LoadError as exc:
        raise LayoutError(exc.findings) from None
    if not isinstance(doc.data, dict):
        raise LayoutError([_error(doc, (), "a sheet preset is a mapping of keys", path.stem)])
    return doc


def _renamed(problems: list[Finding]) -> list[Finding]:
    """Findings from the shared layout checks, naming a sheet preset instead of a layout."""
    return [replace(f, subject=f"sheet preset {f.subject[len('layout '):]}", rule="sheet")
            if f.subject and f.subject.startswith("layout '") else replace(f, rule="sheet") for f in problems]


def _error(doc: Doc, at: tuple, message: str, preset: str | None = None) -> Finding:
    """A blocking finding about a preset file, naming the preset."""
    subject = f"sheet preset '{preset}'" if preset else None
    return Finding("error", message, mark=doc.mark(at), subject=subject, blocking=True, rule="sheet")


def _build_sheet(name: str, paper_name: str, merged: dict[str, Any], origin: dict[tuple, Doc], own: Doc) -> Sheet:
    """A sheet from the merged keys of its paper and style; raise ``LayoutError`` listing every problem."""
    problems: list[Finding] = []

    def doc_of(*at: Any) -> Doc:
        return origin.get(tuple(at[:2])) or origin.get(tuple(at[:1])) or own

    def num(at: tuple, default: float, minimum: float = 0.0, exclusive: bool = False) -> float:
        return number(doc_of(*at), at, merged_get(at, default), problems, minimum, name, exclusive=exclusive)

    def merged_get(at: tuple, default: Any) -> Any:
        value: Any = merged
        for part in at:
            value = value.get(part, default if part == at[-1] else {}) if isinstance(value, dict) else default
        return value

    paper = merged.get("paper")
    if not isinstance(paper, dict):
        problems.append(_error(doc_of("paper"), ("paper",), "paper: expected {w, h} in mm", name))
        paper = {"w": 210, "h": 297}
    else:
        problems += unknown_keys(doc_of("paper"), ("paper",), paper, {"w": "width, mm", "h": "height, mm"}, name)
    width, height = num(("paper", "w"), 210, exclusive=True), num(("paper", "h"), 297, exclusive=True)
    orientation = merged.get("orientation", "portrait")
    if orientation == "landscape":
        width, height = max(width, height), min(width, height)
    elif orientation != "portrait":
        problems.append(_error(doc_of("orientation"), ("orientation",),
                               f"orientation: expected portrait or landscape, found {orientation!r}", name))
    raw_edge = merged.get("unprintable", 4.2)
    if isinstance(raw_edge, dict):
        problems += unknown_keys(doc_of("unprintable"), ("unprintable",), raw_edge,
                                 {s: f"{s} edge, mm" for s in ("top", "right", "bottom", "left")}, name)
        edge = (num(("unprintable", "top"), 4.2), num(("unprintable", "right"), 4.2),
                num(("unprintable", "bottom"), 4.2), num(("unprintable", "left"), 4.2))
    else:
        everywhere = num(("unprintable",), 4.2)
        edge = (everywhere, everywhere, everywhere, everywhere)
    mode = merged.get("mode", "block")
    if mode not in MODES:
        problems.append(_error(doc_of("mode"), ("mode",), f"mode: expected one of {', '.join(MODES)}, found "
                                                          f"{mode!r}", name))
    grid_raw = merged.get("grid", "auto")
    grid: tuple[int, int] | None = None
    if isinstance(grid_raw, dict):
        problems += unknown_keys(doc_of("grid"), ("grid",), grid_raw, {"columns": "cards across",
                                                                       "rows": "cards down"}, name)
        columns, rows = grid_raw.get("columns"), grid_raw.get("rows")
        if isinstance(columns, int) and isinstance(rows, int) and \
                all(not isinstance(v, bool) and 0 < v <= 50 for v in (columns, rows)):
            grid = (columns, rows)
        else:
            problems.append(_error(doc_of("grid"), ("grid",), "grid: expected columns and rows from 1 to 50", name))
    elif grid_raw != "auto":
        problems.append(_error(doc_of("grid"), ("grid",), f"grid: expected auto or {{columns, rows}}, found "
                                                          f"{grid_raw!r}", name))
    marks_raw = merged.get("marks") or {}
    problems += unknown_keys(doc_of("marks"), ("marks",), marks_raw, MARK_KEYS, name)
    marks = Marks(num(("marks", "length"), 5), num(("marks", "min_length"), 2), num(("marks", "offset"), 0.5),
                  num(("marks", "stroke"), 0.3, exclusive=True))
    duplex = merged.get("duplex", "long-edge")
    if duplex not in ("long-edge", "none"):
        problems.append(_error(doc_of("duplex"), ("duplex",), f"duplex: expected long-edge or none, found "
                                                              f"{duplex!r}", name))
    bleed, gap, overlap = num(("bleed",), 3), num(("gap",), 0), num(("overlap",), 12, minimum=4)
    if problems:
        raise LayoutError(_renamed(problems))
    # a style's aliases come from its own file or one it overrides by name, never from another style it extends
    alias_doc = origin.get(("aliases",), own)
    aliases = merged.get("aliases") or [] if Path(str(alias_doc.path)).stem == name else []
    if not isinstance(aliases, list) or not all(isinstance(a, str) and a for a in aliases):
        problems.append(_error(alias_doc, ("aliases",), "aliases: expected a list of names", name))
        aliases = []
    if problems:
        raise LayoutError(_renamed(problems))
    return Sheet(name, paper_name, width, height, edge, mode, grid, bleed, gap, marks, duplex == "long-edge",
                 own.path, tuple(aliases), overlap)


def check_print_plan(pack: Pack | None, layouts_dir: Path = LAYOUTS_DIR) -> list[Finding]:
    """Every problem of the print plan and of each sheet preset it names, on each of its papers, located; what a
    build's print stage would stop on, found before the build writes anything."""
    presets = Presets(sheet_search_path(pack, layouts_dir))
    try:
        plan = presets.plan()
    except LayoutError as exc:
        return exc.findings
    styles = {style for sheets in plan.types.values() for style in sheets}
    styles |= {style for rule in plan.rules for style in rule.sheets}
    styles |= {plan.calibration} if plan.calibration else set()
    problems: list[Finding] = []
    for paper in plan.papers:
        for style in sorted(styles):
            try:
                presets.sheet(paper, style)
            except LayoutError as exc:
                problems += exc.findings
    return list(dict.fromkeys(problems))

