"""The static rules every pack gets: ids, references, icons, translations, images, box counts, game package."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

from pnpforge.content.exports import has_mapping
from pnpforge.content.fields import label_in
from pnpforge.content.pack import Item, Pack
from pnpforge.content.paths import PathEscape, inside_pack
from pnpforge.content.player_files import examples
from pnpforge.content.text import ICON_NAME, icons_in, strings_of
from pnpforge.content.walk import walk
from pnpforge.check.rule import static_rule
from pnpforge.findings import Finding, display_path
from pnpforge.games import available_packages, load_package
from pnpforge.render.icons import known_icons, unknown_icon

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")


def _error(item: Item, path: tuple, message: str, **kw) -> Finding:
    return Finding("error", message, mark=item.mark(*path), subject=item.subject, **kw)


def _values(pack: Pack, item: Item) -> Iterator[tuple[tuple, Any, Any]]:
    yield from walk(pack.types[item.type].fields, item.values, pack.effects)


def _shown(path: tuple) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


@static_rule("unique-ids")
def unique_ids(pack: Pack) -> Iterator[Finding]:
    """Every item id is unique in the pack."""
    first: dict[str, Item] = {}
    for item in pack.all_items():
        if item.id in first:
            other = first[item.id]
            yield _error(item, ("id",), f"duplicate id '{item.id}' (also {other.subject} at {other.mark('id')})")
        else:
            first[item.id] = item
    seen: set[str] = set()
    for index, faction in enumerate(pack.game.factions):
        if faction.id in seen:
            yield Finding("error", f"duplicate faction id '{faction.id}'",
                          mark=pack.game_doc.mark(("factions", index, "id")))
        seen.add(faction.id)


@static_rule("references")
def references(pack: Pack) -> Iterator[Finding]:
    """Every ref field names an existing item of its type (or a faction)."""
    ids_by_type = {name: {item.id for item in items} for name, items in pack.items.items()}
    ids_by_type["faction"] = {f.id for f in pack.game.factions}
    for item in pack.all_items():
        for path, spec, value in _values(pack, item):
            if spec.kind == "ref" and value not in ids_by_type.get(spec.to, set()):
                known = sorted(ids_by_type.get(spec.to, set()))
                hint = f"; {spec.to} ids: {', '.join(known)}" if 0 < len(known) <= 12 else ""
                yield _error(item, path, f"{_shown(path)}: no {spec.to.replace('_', ' ')} '{value}'{hint}")


@static_rule("icons")
def icons(pack: Pack) -> Iterator[Finding]:
    """Every :icon: in text is one of the pack's icons: declared under ``icons:`` or an SVG file in an icon folder."""
    known = known_icons(pack)
    for item in pack.all_items():
        for path, spec, value in _values(pack, item):
            if spec.kind != "text":
                continue
            for text in strings_of(value):
                for icon, _ in icons_in(text):
                    if icon not in known:
                        yield _error(item, path, f"{_shown(path)}: {unknown_icon(pack, icon, known)}")
    for icon_id, declared in pack.game.icons.items():
        problem = icon_file_problem(pack.root, declared.file)
        if problem is not None:
            message, unusable = problem
            yield Finding("error", f"icon '{icon_id}': file: {message}", blocking=unusable,
                          mark=pack.game_doc.value_mark(("icons", icon_id, "file")))
    for index, faction in enumerate(pack.game.factions):
        if faction.icon and faction.icon not in known:
            yield Finding("error", f"faction '{faction.id}': unknown icon '{faction.icon}'",
                          mark=pack.game_doc.mark(("factions", index, "icon")))


def icon_file_problem(root: Path, file: str | None) -> tuple[str, bool] | None:
    """Why an icon's ``file`` cannot be used, and whether that makes the input unusable: it names an SVG file inside
    the pack, or a layout icon by name."""
    if file is None:
        return None
    if file.lower().endswith(".svg"):
        try:
            target = inside_pack(root, file)
        except PathEscape as exc:
            return str(exc), True
        return None if target.is_file() else (f"'{display_path(target)}' does not exist", False)
    if not ICON_NAME.match(file):
        return (f"'{file}' is neither an SVG file inside the pack (a path ending in .svg) nor the name of a layout "
                "icon (lower-case letters, digits, '-' and '_')"), True
    return None


@static_rule("translations")
def translations(pack: Pack) -> Iterator[Finding]:
    """Every translated text gives each of the pack's languages (a plain string serves them all)."""
    languages = pack.game.languages
    for item in pack.all_items():
        for path, spec, value in _values(pack, item):
            if spec.kind != "text" or not isinstance(value, dict):
                continue
            missing = [lang for lang in languages if lang not in value]
            extra = [lang for lang in value if lang not in languages]
            for lang in missing:
                yield _error(item, path, f"{_shown(path)}: missing translation '{lang}'")
            for lang in extra:
                yield _error(item, path + (lang,), f"{_shown(path)}: language '{lang}' is not one of the pack's "
                                                   f"languages ({', '.join(languages)})")


@static_rule("images")
def images(pack: Pack) -> Iterator[Finding]:
    """Image paths stay inside the pack (else the input is unusable) and name existing image files."""
    for item in pack.all_items():
        for path, spec, value in _values(pack, item):
            if spec.kind != "image":
                continue
            try:
                target = inside_pack(pack.root, value)
            except PathEscape as exc:
                yield _error(item, path, f"{_shown(path)}: {exc}", blocking=True)
                continue
            if not target.is_file():
                yield _error(item, path, f"{_shown(path)}: missing art: '{display_path(target)}' does not exist")
            elif target.suffix.lower() not in IMAGE_SUFFIXES:
                yield _error(item, path, f"{_shown(path)}: '{value}' is not a PNG, JPEG or SVG file")
            elif target.suffix.lower() != ".svg":
                problem = _raster_problem(target)
                if problem:
                    yield _error(item, path, f"{_shown(path)}: '{value}' {problem}")


MAX_ART_PIXELS = 100_000_000  # 10,000 x 10,000: an A3 page at 600 dpi is 70 million


def _raster_problem(path: Path) -> str | None:
    """What makes a PNG or JPEG file unusable as art (its header read, never its pixels), or None."""
    from PIL import Image, UnidentifiedImageError  # noqa: PLC0415 - loaded when a pack has raster art

    try:
        with Image.open(path) as image:
            width, height = image.size
    except Image.DecompressionBombError:
        return f"is far too large to draw (more than {MAX_ART_PIXELS // 1_000_000} million pixels)"
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError):
        return "cannot be read as an image"
    if width * height > MAX_ART_PIXELS:
        return (f"is {width} x {height} pixels; art is at most {MAX_ART_PIXELS // 1_000_000} million pixels "
                "(scale it down)")
    return None


@static_rule("box-counts")
def box_counts(pack: Pack) -> Iterator[Finding]:
    """Each box entry's count equals the number of items (after qty) of its type and filter: an error when game.yaml
    says ``box_strict: true``, else a warning (which ``--strict`` makes fail), so that a playtest's changes of qty
    need not be mirrored in the box at once."""
    for index, entry in enumerate(pack.game.box):
        mark = pack.game_doc.mark(("box", index))
        if entry.type is None:
            if entry.component is None:
                yield Finding("error", "box entry names neither a type nor a component", mark=mark)
            elif entry.printed:
                yield Finding("warning", f"box component '{entry.component}' has no items; "
                                         "mark it 'printed: false' or give it a type", mark=mark)
            continue
        if entry.type not in pack.types:
            yield Finding("error", f"box: unknown type '{entry.type}'; types: {', '.join(sorted(pack.types))}",
                          mark=pack.game_doc.mark(("box", index, "type")))
            continue
        where = entry.where or {}
        unknown = [key for key in where if key not in pack.types[entry.type].fields]
        if unknown:
            yield Finding("error", f"box: {entry.type} has no field '{unknown[0]}'",
                          mark=pack.game_doc.mark(("box", index, "where")))
            continue
        found = sum(item.qty for item in pack.of_type(entry.type)
                    if all(item.get(key) == value for key, value in where.items()))
        if found != entry.count:
            subset = "".join(f" with {key} '{value}'" for key, value in where.items())
            strict = pack.game.box_strict
            label = label_in(pack.types[entry.type].label, None, entry.type.replace("_", " "))
            yield Finding("error" if strict else "warning",
                          f"box: the box lists {entry.count} {label} items{subset}, the content has {found}"
                          + ("" if strict else " (an error under --strict or box_strict: true)"),
                          mark=pack.game_doc.mark(("box", index, "count")))


@static_rule("game-package")
def game_package(pack: Pack) -> Iterator[Finding]:
    """A named game package exists, and the pack has the types and fields it relies on."""
    name = pack.game.engine
    if not name:
        return
    package = load_package(name)
    if package is None:
        yield Finding("error", f"engine: no game package '{name}'; available: {', '.join(available_packages())}",
                      mark=pack.game_doc.mark(("engine",)))
        return
    for type_name, fields in package.requires.items():
        if type_name not in pack.types:
            yield Finding("error", f"game package '{name}' needs component type '{type_name}'",
                          mark=pack.game_doc.mark(("types",)))
            continue
        for field_name in fields:
            if field_name not in pack.types[type_name].fields:
                yield Finding("error", f"game package '{name}' needs field '{field_name}' of type '{type_name}'",
                              mark=pack.game_doc.mark(("types", type_name)))


@static_rule("campaigns")
def campaigns(pack: Pack) -> Iterator[Finding]:
    """Each campaign is a mode of the pack's game package and chains scenarios the package knows."""
    package = load_package(pack.game.engine) if pack.game.engine else None
    if package is not None:
        yield from campaign_findings(pack, package)


def campaign_findings(pack: Pack, package: Any) -> Iterator[Finding]:
    """The campaigns of ``pack`` checked against a game package: a mode it plays, scenarios it knows (when it
    lists them)."""
    known = package.scenarios(pack) if package.scenarios is not None else None
    for mode, campaign in pack.game.campaigns.items():
        if mode not in package.modes:
            yield Finding("error", f"campaign '{mode}': game package '{package.name}' has no mode '{mode}'; modes: "
                                   f"{', '.join(package.modes)}", mark=pack.game_doc.mark(("campaigns", mode)))
        for index, scenario in enumerate(campaign.scenarios):
            if known is not None and scenario not in known:
                yield Finding("error", f"campaign '{mode}': no scenario '{scenario}'; scenarios: "
                                       f"{', '.join(known) or 'none'}",
                              mark=pack.game_doc.mark(("campaigns", mode, "scenarios", index)))


@static_rule("unique-values")
def unique_values(pack: Pack) -> Iterator[Finding]:
    """A list declared ``unique: true`` holds no value twice."""
    for item in pack.all_items():
        for path, spec, value in _values(pack, item):
            if spec.kind != "list" or not spec.unique or not isinstance(value, list):
                continue
            seen: list = []
            for index, element in enumerate(value):
                if element in seen:
                    shown = element if isinstance(element, str) else repr(element)
                    yield _error(item, path + (index,), f"{_shown(path)}: '{shown}' is listed twice")
                else:
                    seen.append(element)


@static_rule("rule-registry")
def rule_registry(pack: Pack) -> Iterator[Finding]:
    """Rule ids in rules.yaml are unique; a rule the engine does not play says so (info at its ``unplayed:``)."""
    seen: dict[str, int] = {}
    doc = pack.rules_doc
    if doc is None:  # no rules.yaml
        return
    for index, rule in enumerate(pack.rules):
        if rule.id in seen:
            yield Finding("error", f"duplicate rule id '{rule.id}' (first at line "
                                   f"{doc.mark((seen[rule.id], 'id')).line})",
                          mark=doc.mark((index, "id")))
        else:
            seen[rule.id] = index
        if rule.unplayed is not None:
            yield Finding("info", f"rule '{rule.id}' is not played by the engine: {rule.unplayed}",
                          mark=doc.mark((index, "unplayed")))


@static_rule("decks")
def decks(pack: Pack) -> Iterator[Finding]:
    """``decks:`` names types the pack has, each in one deck at most, and fields those types have."""
    placed: dict[str, str] = {}
    for index, deck in enumerate(pack.game.decks or []):
        for at, type_name in enumerate(deck.types):
            mark = pack.game_doc.mark(("decks", index, "types", at))
            if type_name not in pack.types:
                yield Finding("error", f"deck '{deck.id}': unknown type '{type_name}'; types: "
                                       f"{', '.join(sorted(pack.types))}", mark=mark)
            elif type_name in placed:
                yield Finding("error", f"deck '{deck.id}': type '{type_name}' is already in deck "
                                       f"'{placed[type_name]}'", mark=mark)
            else:
                placed[type_name] = deck.id
            if deck.group_by and type_name in pack.types and deck.group_by not in pack.types[type_name].fields:
                yield Finding("error", f"deck '{deck.id}': group_by: type '{type_name}' has no field "
                                       f"'{deck.group_by}'", mark=pack.game_doc.mark(("decks", index, "group_by")))


@static_rule("player-file-examples")
def player_file_examples(pack: Pack) -> Iterator[Finding]:
    """Every example of a kind of player file (its ``examples`` folder) reads and passes its kind's checks (their
    errors and warnings are the pack's, not blocking): a pack's sample force list is one a player may copy. The
    examples folder stays inside the pack."""
    for kind, spec in pack.game.player_files.items():
        if spec.examples:
            try:
                inside_pack(pack.root, spec.examples)
            except PathEscape as exc:
                yield Finding("error", f"player_files.{kind}.examples: {exc}", blocking=True,
                              mark=pack.game_doc.value_mark(("player_files", kind, "examples")))
                continue
        from pnpforge.lists.run import check_list  # noqa: PLC0415 - the engine's contract loads for a pack's lists

        for path in examples(pack, kind):
            for finding in check_list(pack, path).findings:  # an example the pack ships passes its kind's checks
                if finding.severity in ("error", "warning") and finding.rule != "player-files":
                    yield Finding(finding.severity, finding.message, mark=finding.mark, rule="player-file-examples",
                                  data=finding.data)


@static_rule("battlescribe")
def battlescribe(pack: Pack) -> Iterator[Finding]:
    """A pack's BattleScribe mapping (``exports/battlescribe.yaml``), when it has one, names what the pack has."""
    if has_mapping(pack):
        from pnpforge.content.battlescribe import load_mapping  # noqa: PLC0415 - its models load when used

        yield from load_mapping(pack)[2]
