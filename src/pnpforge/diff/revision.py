"""The old version of a pack: its folder at a git revision, extracted, or another folder given by the user.

Git runs as a subprocess with a list of arguments (never through a shell), always inside the pack's own repository
(``git -C <top>``), only reading, and only on the pack's folder: the revision is resolved to a commit, then that
commit's files under the pack's path are listed (``git ls-tree``), read as committed (``git cat-file``) and written
below the diff folder, each checked to stay inside it; nothing is checked out. Only the pack's own folder is taken
from the revision; packs named in ``layouts_from`` are the current ones (linked beside the extracted folder, where
the loader looks for them).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from pnpforge.findings import display_path

SOURCE_DIR = "source"  # below the old version's render folder: the files extracted from git
SYMLINK_MODE = "120000"  # git's mode of a symbolic link
GIT_ENV = {"GIT_TERMINAL_PROMPT": "0", "GIT_PAGER": "cat", "LC_ALL": "C"}


class RevisionError(Exception):
    """The old version cannot be had; the message is one line for the user."""


@dataclass(frozen=True)
class OldVersion:
    """Where the old version's files are and how to name it."""

    root: Path
    label: str  # "v1.0 (1a2b3c4)" or the folder as given
    rev: str | None = None
    commit: str | None = None

    @property
    def short(self) -> str | None:
        """The commit's abbreviation, as git log shows it."""
        return self.commit[:7] if self.commit else None

    def to_json(self) -> dict:
        """How the report names the old version."""
        if self.commit is None:
            return {"folder": display_path(self.root), "label": self.label}
        return {"rev": self.rev, "commit": self.commit, "label": self.label}


def from_folder(folder: Path) -> OldVersion:
    """A pack folder given with ``--against``; it need not be in any repository."""
    if not folder.is_dir():
        raise RevisionError(f"--against {folder}: no such folder")
    if not (folder / "game.yaml").is_file():
        raise RevisionError(f"--against {folder}: not a pack folder (it has no game.yaml)")
    return OldVersion(folder, display_path(folder))


def from_git(pack_id: str, pack_root: Path, rev: str | None, target: Path, siblings: dict[str, Path]) -> OldVersion:
    """Pack ``pack_id``'s folder as it was at ``rev`` (default: the last tag reachable from HEAD, else HEAD),
    written to ``target/<folder name>``; ``siblings`` (pack id -> folder) are linked beside it for
    ``layouts_from``."""
    top, prefix = repository_of(pack_root)
    rev = rev if rev is not None else default_revision(top)
    commit = resolve(top, rev)
    short = commit[:7]
    inside = prefix.rstrip("/")
    if inside:
        probe = _git(top, "cat-file", "-t", f"{commit}:{inside}/game.yaml", check=False)
        if probe.returncode != 0:
            raise RevisionError(f"pack '{pack_id}' ({inside}) does not exist at revision {short}")
    elif _git(top, "cat-file", "-t", f"{commit}:game.yaml", check=False).returncode != 0:
        raise RevisionError(f"pack '{pack_id}' (the repository's top folder) does not exist at "
                            f"revision {short}")
    name = PurePosixPath(inside).name if inside else top.name
    if target.exists():
        shutil.rmtree(target)
    root = target / name
    root.mkdir(parents=True)
    _extract(top, commit, inside, root)
    for sibling, folder in sorted(siblings.items()):
        link = target / sibling
        if sibling != name and not link.exists():
            link.symlink_to(folder.resolve(), target_is_directory=True)
    label = rev if rev.startswith(short) else f"{rev} ({short})"
    return OldVersion(root, label, rev, commit)


def repository_of(pack_root: Path) -> tuple[Path, str]:
    """The top folder of the repository holding the pack, and the pack's path in it (``content/x/``)."""
    shown = display_path(pack_root)
    try:
        found = _git(pack_root, "rev-parse", "--show-toplevel", "--show-prefix", check=False)
    except FileNotFoundError:
        raise RevisionError("git is not installed (or not on PATH); install it, "
                            "or compare with --against DIR") from None
    if found.returncode != 0:
        reason = _first_line(found.stderr)
        if "not a git repository" in reason:
            raise RevisionError(f"{shown} is not in a git repository; compare with --against DIR")
        raise RevisionError(f"{shown}: git cannot read its repository: {reason}")
    top, prefix = (found.stdout.decode("utf-8", "replace").splitlines() + ["", ""])[:2]
    return Path(top), prefix


def default_revision(top: Path) -> str:
    """The last tag reachable from HEAD (the version printed last), else HEAD."""
    described = _git(top, "describe", "--tags", "--abbrev=0", check=False)
    tag = described.stdout.decode("utf-8", "replace").strip()
    return tag if described.returncode == 0 and tag else "HEAD"


def resolve(top: Path, rev: str) -> str:
    """The full commit id a revision names; an error naming the repository when it names none."""
    found = _git(top, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{rev}^{{commit}}", check=False)
    commit = found.stdout.decode("ascii", "replace").strip()
    if found.returncode != 0 or not commit:
        raise RevisionError(f"--rev {rev}: no such revision in {top}")
    return commit


def _extract(top: Path, commit: str, inside: str, root: Path) -> None:
    """Write the files under ``inside`` at ``commit`` into ``root``, as committed (``git ls-tree`` lists them, ``git
    cat-file`` gives their bytes: no attribute of the tree, such as ``export-ignore``, leaves a file out)."""
    listed = _git(top, "ls-tree", "-r", "-z", "--full-tree", commit, *(["--", inside] if inside else []),
                  check=False)
    if listed.returncode != 0:
        raise RevisionError(f"git ls-tree {commit[:7]} failed: {_first_line(listed.stderr)}")
    entries = []
    for record in listed.stdout.split(b"\0"):
        if not record:
            continue
        meta, _, name = record.partition(b"\t")
        mode, kind, blob = meta.decode("ascii").split()
        if kind == "blob":  # a submodule (a commit) has no files here
            entries.append((mode, blob, PurePosixPath(name.decode("utf-8", "surrogateescape"))))
    command = ["git", "-C", str(top), "cat-file", "--batch"]
    with subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          env=_env()) as process:
        assert process.stdin is not None and process.stdout is not None  # pipes, asked for above
        for mode, blob, name in entries:
            process.stdin.write(blob.encode("ascii") + b"\n")
            process.stdin.flush()
            size = int(process.stdout.readline().split()[2])
            data = process.stdout.read(size)
            process.stdout.read(1)  # the newline after each object
            _write_file(root, name.relative_to(inside) if inside else name, data, mode == SYMLINK_MODE)
        process.stdin.close()


def _write_file(root: Path, path: PurePosixPath, data: bytes, symlink: bool) -> None:
    """One file of the old version below ``root``; nothing may land outside it."""
    if not path.parts or path.is_absolute() or ".." in path.parts:
        return
    destination = root.joinpath(*path.parts)
    if not _within(destination.parent, root):
        return
    destination.parent.mkdir(parents=True, exist_ok=True)
    if symlink:  # the loader reports a link that leaves the pack, as it does for the working tree
        destination.symlink_to(data.decode("utf-8", "surrogateescape"))
    else:
        destination.write_bytes(data)


def _within(path: Path, root: Path) -> bool:
    """True when ``path`` (resolved, links followed) is ``root`` or below it."""
    resolved, base = path.resolve(), root.resolve()
    return resolved == base or base in resolved.parents


def _git(cwd: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    """Run git in ``cwd`` with a list of arguments; stdout and stderr as bytes."""
    return subprocess.run(["git", "-C", str(cwd), *args], capture_output=True, check=check, env=_env())


def _env() -> dict[str, str]:
    """The environment git runs in: no prompts, no pager, messages in English (they are matched)."""
    return {**os.environ, **GIT_ENV}


def _first_line(data: bytes) -> str:
    """The first non-empty line git wrote, without its ``fatal:`` prefix."""
    for line in data.decode("utf-8", "replace").splitlines():
        if line.strip():
            return line.strip().removeprefix("fatal: ").removeprefix("error: ")
    return "no message"
