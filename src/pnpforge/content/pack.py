"""Load a pack: game.yaml, its declared component types, and every item, each value located in its file.

``load_pack`` never raises for bad input: it returns the pack (or None) and the blocking findings, all of them,
so that a designer sees every problem of a broken pack at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Protocol, cast

from pydantic import BaseModel, ValidationError

from pnpforge.content.dice import dice_problems
from pnpforge.content.fields import EffectSpec, TypeSpec, item_model, label_in
from pnpforge.content.game import GameFile, SchemaFile, accepted_keys
from pnpforge.content.messages import field_path, sentence, translate
from pnpforge.content.paths import LOOP, PathEscape, inside_pack, outside_links
from pnpforge.content.registry import Rule, registry_path
from pnpforge.content.grid_field import text_mark
from pnpforge.content.sheet import SHEET_SUFFIXES, load_sheet
from pnpforge.content.parsed import ParsedFiles
from pnpforge.content.source import Doc, LoadError, load_yaml
from pnpforge.findings import Finding, Mark, display_path

CONTENT_DIR = Path("content")


class ItemFields(Protocol):
    """What every item model validates besides the type's fields."""

    id: str
    qty: int


@dataclass
class Item:
    """One component item as written (``qty`` not yet expanded), with access to the positions of its values."""

    type: str
    id: str
    values: dict[str, Any]
    qty: int
    doc: Doc
    at: tuple
    label: str

    def __post_init__(self) -> None:
        """A type's label given per language names the item in its first language in messages."""
        if not isinstance(self.label, str):
            self.label = label_in(self.label, None, self.type.replace("_", " "))

    @property
    def subject(self) -> str:
        """How messages name it: ``card 'scout'``."""
        return f"{self.label} '{self.id}'"

    def mark(self, *path: Any) -> Mark:
        """The position of a field (or of the item when no path is given)."""
        return self.doc.mark(self.at + path) if path else self.doc.value_mark(self.at)

    def get(self, key: str, default: Any = None) -> Any:
        value = self.values.get(key)
        return default if value is None else value

    def __getitem__(self, key: str) -> Any:
        return self.values[key]


@dataclass
class Pack:
    """A loaded pack: its declaration and its items by type, as the files list them."""

    root: Path
    game: GameFile
    game_doc: Doc
    types: dict[str, TypeSpec]
    items: dict[str, list[Item]] = field(default_factory=dict)
    docs: dict[str, Doc] = field(default_factory=dict)
    rules: list[Rule] = field(default_factory=list)
    rules_doc: Doc | None = None
    layout_packs: tuple[tuple[str, Path], ...] = ()  # (pack id, folder) of each pack named in layouts_from

    @property
    def id(self) -> str:
        return self.game.id

    @property
    def effects(self) -> dict[str, EffectSpec]:
        return self.game.effects

    def all_items(self) -> Iterator[Item]:
        for items in self.items.values():
            yield from items

    def by_id(self) -> dict[str, Item]:
        """Items by id (the first of duplicates; duplicate ids are reported by the checks)."""
        found: dict[str, Item] = {}
        for item in self.all_items():
            found.setdefault(item.id, item)
        return found

    def of_type(self, type_name: str) -> list[Item]:
        return self.items.get(type_name, [])

    def file_count(self) -> int:
        return len(self.docs)


def expand_qty(items: list[Item]) -> list[tuple[Item, int]]:
    """Each item once per copy: ``[(item, copy_index)]``. The only place where ``qty`` is expanded."""
    return [(item, copy) for item in items for copy in range(item.qty)]


def parked(pack: Pack) -> list[Item]:
    """The items with ``qty: 0``: checked like any other, but not printed (a card set aside during playtests)."""
    return [item for item in pack.all_items() if item.qty == 0]


def resolve_pack(name_or_path: str, content_dir: Path = CONTENT_DIR) -> Path:
    """A pack folder from a pack id under ``content/`` or a path; raise ``LoadError`` when there is none."""
    candidate = Path(name_or_path)
    if candidate.is_dir():
        return candidate
    under = content_dir / name_or_path
    if "/" not in name_or_path and under.is_dir():
        return under
    known = sorted(p.name for p in content_dir.iterdir() if (p / "game.yaml").is_file()) if content_dir.is_dir() else []
    hint = f"; packs under {content_dir}/: {', '.join(known)}" if known else ""
    raise LoadError([Finding("error", f"no pack '{name_or_path}': not a pack id under {content_dir}/ "
                                      f"nor a folder{hint}", mark=Mark(name_or_path), blocking=True, rule="input")])


def load_pack(root: Path, parsed: ParsedFiles | None = None) -> tuple[Pack | None, list[Finding]]:
    """Load a pack folder; return the pack (None when unusable) and the blocking findings. A build passes the
    parsed files it keeps (``parsed``), so unchanged files are not parsed again."""
    problems: list[Finding] = []
    game_path = root / "game.yaml"
    shown_root = display_path(root)
    if not root.is_dir():
        return None, [_blocking(Mark(shown_root), f"pack folder '{shown_root}' does not exist")]
    if not game_path.is_file():
        return None, [_blocking(Mark(display_path(game_path)),
                                f"missing game.yaml: '{shown_root}' is not a pack (every pack has a game.yaml)")]
    problems += _links(root)
    try:
        game_doc = load_yaml(game_path, parsed=parsed)
    except LoadError as exc:
        return None, problems + exc.findings
    game = validate_model(GameFile, game_doc, problems)
    if game is None:
        return None, problems
    problems += dice_problems(game.dice, game_doc)
    docs = {game_doc.path: game_doc}
    types = game.types
    schema_path = root / "schema.yaml"
    if schema_path.is_file():
        try:
            schema_doc = load_yaml(schema_path, parsed=parsed)
            docs[schema_doc.path] = schema_doc
            schema = validate_model(SchemaFile, schema_doc, problems)
            if schema is not None:
                if types:
                    problems.append(_blocking(schema_doc.mark(("types",)),
                                              "types are declared both here and in game.yaml; keep one"))
                types = schema.types
        except LoadError as exc:
            problems += exc.findings
    if types is None:
        if not problems:
            problems.append(_blocking(game_doc.mark(()), "no component types: declare 'types:' here or in schema.yaml"))
        return None, problems
    pack = Pack(root=root, game=game, game_doc=game_doc, types=types, docs=docs)
    pack.layout_packs = tuple(_layout_packs(pack, problems))
    for _, borrowed in pack.layout_packs:  # a borrowed pack's files are read as the pack's own
        problems += _links(borrowed, "borrowed ")
    type_doc = docs.get(display_path(schema_path), game_doc)
    problems += _check_declarations(pack, type_doc)
    for type_name, spec in types.items():
        problems += _load_type(pack, type_name, spec, type_doc, parsed)
    problems += _load_registry(pack, parsed)
    return (None if problems else pack), problems


def _links(root: Path, whose: str = "") -> list[Finding]:
    """A blocking finding for each symlink under ``root`` that leaves it or goes round in a loop."""
    return [_blocking(Mark(display_path(p)), f"symlink goes round in a loop in the {whose}pack" if target == LOOP
                      else f"symlink leaves the {whose}pack (points to '{target}')")
            for p, target in outside_links(root)]


def _layout_packs(pack: Pack, problems: list[Finding]) -> list[tuple[str, Path]]:
    """The packs named in ``layouts_from``, found by id next to the pack or under ``content/``."""
    found: list[tuple[str, Path]] = []
    for index, pack_id in enumerate(pack.game.layouts_from):
        places = [pack.root.parent / pack_id, CONTENT_DIR / pack_id]
        folder = next((p for p in places if (p / "game.yaml").is_file()), None)
        if pack_id == pack.id:
            problems.append(_blocking(pack.game_doc.mark(("layouts_from", index)),
                                      f"layouts_from: '{pack_id}' is this pack itself"))
        elif folder is None:
            shown = " and ".join(f"{display_path(p)}/" for p in places)
            problems.append(_blocking(pack.game_doc.mark(("layouts_from", index)),
                                      f"layouts_from: no pack '{pack_id}'; looked in {shown}"))
        else:
            found.append((pack_id, folder))
    return found


def _load_registry(pack: Pack, parsed: ParsedFiles | None = None) -> list[Finding]:
    """Load ``rules.yaml`` when the pack has one: a list of rules, each located."""
    path = registry_path(pack.root)
    if not path.is_file():
        return []
    try:
        doc = load_yaml(path, parsed=parsed)
    except LoadError as exc:
        return exc.findings
    pack.docs[doc.path] = doc
    if not isinstance(doc.data, list):
        return [_blocking(doc.mark(()), "expected a list of rules")]
    problems: list[Finding] = []
    for index in range(len(doc.data)):
        rule = validate_model(Rule, DocView(doc, (index,)), problems)
        if rule is not None:
            pack.rules.append(rule)
    pack.rules_doc = doc
    return problems


class DocView:
    """A view of one element of a document, for validating it on its own with located errors."""

    def __init__(self, doc: Doc, at: tuple):
        self.doc, self.at = doc, at
        node = doc.data
        for part in at:
            node = node[part]
        self.data = node

    def mark(self, path: tuple):
        return self.doc.mark(self.at + tuple(path))


def _blocking(mark: Mark, message: str, subject: str | None = None) -> Finding:
    return Finding("error", message, mark=mark, subject=subject, blocking=True, rule="input")


def validate_model(model: type[BaseModel], doc: Any, problems: list[Finding]) -> Any:
    """Validate a document (or a ``DocView`` of part of one) with a pydantic model; add located findings."""
    try:
        return model.model_validate(doc.data)
    except ValidationError as exc:
        seen: set[tuple] = set()
        for err in exc.errors(include_url=False):
            loc = tuple(err["loc"])
            path = _doc_path(doc, loc)
            if path in seen:
                continue  # one message per place (unions report each alternative)
            seen.add(path)
            if err["type"] == "extra_forbidden":
                keys = accepted_keys(model, loc[:-1])
                message = f"unknown key '{loc[-1]}'; accepted keys: {', '.join(keys)}"
                prefix = field_path(list(path[:-1]))
            else:
                message = sentence(err, None, {}, list(path))
                prefix = field_path(list(path))
            problems.append(_blocking(doc.mark(path), f"{prefix}: {message}" if prefix else message))
        return None


def _doc_path(doc: Doc, loc: tuple) -> tuple:
    """Drop pydantic's union tags from a ``loc`` so that it names keys and indices of the document."""
    path: list = []
    node: Any = doc.data
    for part in loc:
        if isinstance(node, dict) and part in node:
            path.append(part)
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and part < len(node):
            path.append(part)
            node = node[part]
        elif isinstance(node, dict) and not isinstance(part, int) and part not in node and part == loc[-1]:
            path.append(part)  # a missing key: point at its mapping through the parent
    return tuple(path)


def _check_declarations(pack: Pack, type_doc: Doc) -> list[Finding]:
    """Refs must point at declared types; effect names in ``allowed`` must exist."""
    problems = []
    targets = set(pack.types) | {"faction"}

    def visit(spec: Any, at: tuple) -> None:
        kind = spec.kind
        if kind == "ref" and spec.to not in targets:
            problems.append(_blocking(type_doc.mark(at + ("to",)),
                                      f"ref to unknown type '{spec.to}'; types: {', '.join(sorted(targets))}"))
        elif kind == "list":
            visit(spec.of, at + ("of",))
        elif kind == "object":
            for key, sub in spec.fields.items():
                visit(sub, at + ("fields", key))
        elif kind == "effect" and spec.allowed:
            for name in spec.allowed:
                if name not in pack.effects:
                    problems.append(_blocking(type_doc.mark(at + ("allowed",)), f"unknown effect '{name}' in allowed"))

    for type_name, spec in pack.types.items():
        for key, field_spec in spec.fields.items():
            visit(field_spec, ("types", type_name, "fields", key))
    for name, effect in pack.effects.items():
        for key, field_spec in effect.params.items():
            visit(field_spec, ("effects", name, "params", key))
    for kind, player_file in pack.game.player_files.items():  # declared in game.yaml
        for key, field_spec in player_file.fields.items():
            field_at = ("player_files", kind, "fields", key)
            before = len(problems)
            visit(field_spec, field_at)
            for index in range(before, len(problems)):  # their marks are game.yaml's, not schema.yaml's
                problems[index] = _blocking(pack.game_doc.mark(field_at), problems[index].message)
    return problems


def _load_type(pack: Pack, type_name: str, spec: TypeSpec, type_doc: Doc,
               parsed: ParsedFiles | None = None) -> list[Finding]:
    try:
        path = inside_pack(pack.root, spec.file)
    except PathEscape as exc:
        return [_blocking(type_doc.mark(("types", type_name, "file")), str(exc))]
    if not path.is_file():
        return [_blocking(type_doc.mark(("types", type_name, "file")),
                          f"file '{spec.file}' of type '{type_name}' does not exist")]
    try:
        if path.suffix.lower() in SHEET_SUFFIXES:
            doc = load_sheet(path, display_path(path), spec.fields, pack.game.languages, spec.sheet)
        else:
            doc = load_yaml(path, parsed=parsed)
    except LoadError as exc:
        return exc.findings
    pack.docs[doc.path] = doc
    label = label_in(spec.label, None, type_name.replace("_", " "))
    if not isinstance(doc.data, list):
        return [_blocking(doc.mark(()), f"expected a list of {label} items, found a mapping"
                          if isinstance(doc.data, dict) else f"expected a list of {label} items")]
    model = item_model(type_name, spec, pack.effects)
    problems: list[Finding] = []
    items: list[Item] = []
    for index, raw in enumerate(doc.data):
        raw_id = raw.get("id") if isinstance(raw, dict) else None
        subject = f"{label} '{raw_id}'" if isinstance(raw_id, str) else f"{label} #{index + 1}"
        if not isinstance(raw, dict):
            problems.append(_blocking(doc.value_mark((index,)), f"expected a mapping of fields, found {raw!r:.40}",
                                      subject=subject))
            continue
        try:
            validated = model.model_validate(raw)
        except ValidationError as exc:
            for at, inside, message in translate(exc, spec.fields, pack.effects, ("id", "qty")):
                mark = doc.mark((index, *at)) if inside is None else text_mark(doc, (index, *at, *inside[0]),
                                                                                  inside[1], inside[2])
                problems.append(_blocking(mark, message, subject=subject))
            continue
        values = {key: plain(getattr(validated, key)) for key in spec.fields}
        counted = cast(ItemFields, validated)  # item_model adds both to every type's model
        items.append(Item(type_name, counted.id, values, counted.qty, doc, (index,), label))
    pack.items[type_name] = items
    return problems


def plain(value: Any) -> Any:
    """Validated values back to plain data (effects become dicts)."""
    if isinstance(value, BaseModel):
        return {k: plain(v) for k, v in value.model_dump().items() if v is not None}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value
