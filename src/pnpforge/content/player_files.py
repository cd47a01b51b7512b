"""Player files: the files a pack's players write (a force list), read with every value located in the file.

A pack declares each kind in ``game.yaml`` under ``player_files:`` (its fields, in the same field kinds as a
component type, a folder of examples, the document a build prints). ``load_player_file`` reads one with the located
YAML loader and validates it against the generated model of its kind's fields: anything that makes it unusable
(unreadable, YAML syntax, a field of the wrong shape) is a blocking finding at its place in the file (exit 2); a
reference to an id the pack does not have is an error there (exit 1). The game package's checks of the kind's rules
then read ``PlayerFile.data`` and point at ``PlayerFile.mark(path)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from pnpforge.content.fields import PlayerFileSpec, label_in, object_model
from pnpforge.content.messages import field_path, translate
from pnpforge.content.pack import Pack, plain
from pnpforge.content.paths import PathEscape, inside_pack
from pnpforge.content.source import Doc, LoadError, load_yaml
from pnpforge.content.walk import walk
from pnpforge.findings import Finding, Mark, display_path

KIND_KEY = "kind"  # names the kind in a file, when the pack declares more than one


@dataclass
class PlayerFile:
    """One player file as read: its kind, its document (with every position) and its validated values."""

    kind: str
    spec: PlayerFileSpec
    doc: Doc
    data: dict[str, Any]

    @property
    def path(self) -> str:
        """The file as the user named it."""
        return self.doc.path

    @property
    def name(self) -> str:
        """The file's name without its suffix: what the documents printed from it are named after."""
        return Path(self.doc.path).stem

    @property
    def label(self) -> str:
        """What players call such a file: ``force list``."""
        return label_in(self.spec.label, None, self.kind.replace("_", " "))

    def mark(self, *path: Any) -> Mark:
        """The position of a value: its key when it is a mapping's value, else the value, else its nearest parent."""
        return self.doc.mark(tuple(path))


def player_kinds(pack: Pack) -> dict[str, PlayerFileSpec]:
    """The kinds of player files the pack declares."""
    return dict(pack.game.player_files)


def no_player_files(pack: Pack, mark: Mark) -> Finding:
    """The finding for ``--list`` on a pack that declares no kind of player file."""
    return Finding(
        "error",
        f"pack '{pack.id}' declares no player files, so it has no list to check or print "
        "(a pack declares them in game.yaml under player_files:)",
        mark=mark,
        blocking=True,
        rule="input",
    )


def load_player_file(pack: Pack, path: Path, shown: str | None = None) -> tuple[PlayerFile | None, list[Finding]]:
    """Read one player file for ``pack``: the file (None when it cannot be used) and every finding, located in it."""
    shown = shown or display_path(path)
    kinds = player_kinds(pack)
    if not kinds:
        return None, [no_player_files(pack, Mark(shown))]
    if not path.is_file():
        return None, [_blocking(Mark(shown), f"no file '{shown}'" + (" (it is a folder)" if path.is_dir() else ""))]
    try:
        doc = load_yaml(path, shown)
    except LoadError as exc:
        return None, exc.findings
    if not isinstance(doc.data, dict):
        return None, [_blocking(doc.value_mark(()), "expected a mapping of fields at the top of the file")]
    kind, problem = _kind_of(doc, kinds)
    if kind is None:
        return None, [problem] if problem else []
    spec = kinds[kind]
    values = {key: value for key, value in doc.data.items() if key != KIND_KEY}
    try:
        validated = object_model(f"player file {kind}", spec.fields, pack.effects).model_validate(values)
    except ValidationError as exc:
        label = label_in(spec.label, None, kind.replace("_", " "))
        return None, [
            _blocking(doc.mark(tuple(at)), f"{label}: {message}")
            for at, _inside, message in translate(exc, spec.fields, pack.effects)
        ]
    data = _unset_dropped({key: plain(getattr(validated, key)) for key in spec.fields})
    player_file = PlayerFile(kind, spec, doc, data)
    return player_file, _references(pack, player_file)


def examples(pack: Pack, kind: str) -> list[Path]:
    """The example files the pack keeps for a kind (its ``examples`` folder), sorted; none when it names none."""
    folder = player_kinds(pack)[kind].examples
    if not folder:
        return []
    try:
        where = inside_pack(pack.root, folder)
    except PathEscape:
        return []
    return sorted(p for p in where.glob("*.yaml") if p.is_file()) if where.is_dir() else []


def _kind_of(doc: Doc, kinds: dict[str, PlayerFileSpec]) -> tuple[str | None, Finding | None]:
    """The file's kind: the pack's only one, or the one its ``kind:`` names."""
    named = doc.data.get(KIND_KEY)
    if named is None and len(kinds) == 1:
        return next(iter(kinds)), None
    if named in kinds:
        return str(named), None
    where = doc.value_mark((KIND_KEY,)) if named is not None else doc.mark(())
    found = f"found {named!r}" if named is not None else "the file names none"
    return None, _blocking(where, f"kind: expected one of {', '.join(kinds)} (the pack's player files); {found}")


def _references(pack: Pack, player_file: PlayerFile) -> list[Finding]:
    """An error at each ``ref`` value that names no item of its type (or no faction)."""
    ids = {name: {item.id for item in items} for name, items in pack.items.items()}
    ids["faction"] = {faction.id for faction in pack.game.factions}
    found = []
    for at, spec, value in walk(player_file.spec.fields, player_file.data, pack.effects):
        if spec.kind == "ref" and value not in ids.get(spec.to, set()):
            known = sorted(ids.get(spec.to, set()))
            declared = pack.types.get(spec.to)
            label = label_in(declared.label if declared else None, None, spec.to.replace("_", " "))
            hint = f"; {label} ids: {', '.join(known)}" if 0 < len(known) <= 12 else ""
            found.append(
                Finding(
                    "error",
                    f"{field_path(list(at))}: no {label} '{value}'{hint}",
                    mark=player_file.mark(*at),
                    rule="references",
                )
            )
    return found


def _unset_dropped(value: Any) -> Any:
    """Validated values with the optional fields the file left out dropped (a default given in the kind's fields
    stays), so that ``data.get(key)`` is None only where the file says nothing."""
    if isinstance(value, dict):
        return {key: _unset_dropped(inner) for key, inner in value.items() if inner is not None}
    if isinstance(value, list):
        return [_unset_dropped(inner) for inner in value]
    return value


def _blocking(mark: Mark, message: str) -> Finding:
    return Finding("error", message, mark=mark, blocking=True, rule="input")
