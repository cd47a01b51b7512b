"""A folder of entries kept from one build to the next, found by a key: ``Store``.

A store holds data only (JSON and the like its user wrote), never code or pickled objects, and its user checks
each entry against the full bytes of the inputs it was made from before using it (a parsed file keeps the text it
was parsed from). Every entry is sealed with a keyed hash (HMAC-SHA256) under a secret of this user's
(``user_secret``), so an entry this user's pnpforge did not write, say one in a ``build/`` folder a repository
committed, is ignored and made again like a damaged one. A store without a folder keeps nothing: the checks and
the tests work in memory.

The stores of the user's cache folder (``user_store``) are shared by every build folder and would only grow (a font
subset for every new text, a verdict for every changed layout), so each is held to a size: an entry read again is
marked as used, and ``prune_user_stores`` (run after each build that keeps its caches) removes the entries used longest
ago once a store holds more than ``USER_STORE_BOUND`` bytes, down to three quarters of it.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path

from pnpforge.files import write_atomic

SECRET = "pnpforge/secret"  # under the user's cache folder
SEAL = 32  # bytes of HMAC-SHA256 before each entry's data
_SECRETS: dict[Path, bytes] = {}  # process cache: the secret file -> its bytes (read once)


def user_cache() -> Path:
    """The user's cache folder: ``$XDG_CACHE_HOME``, else ``~/.cache``."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")


def user_secret() -> bytes:
    """This user's secret for sealing cache entries, made on first use (readable by the user only)."""
    path = user_cache() / SECRET
    found = _SECRETS.get(path)
    if found is None:
        try:
            found = path.read_bytes()
        except OSError:
            found = b""
        if len(found) != 32:
            found = secrets.token_bytes(32)
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                with os.fdopen(descriptor, "wb") as out:
                    out.write(found)
            except OSError:
                pass  # kept for this process only: the next one seals with another secret and redoes the work
        _SECRETS[path] = found
    return found


class Store:
    """Entries by key in ``folder`` (None: nowhere), each file named by the key's hash and sealed."""

    def __init__(self, folder: Path | None, mark_use: bool = False):
        """Keep entries under ``folder`` (created when first written), or nowhere; ``mark_use``: an entry read is
        marked as used (its modification time), for ``prune``."""
        self.folder = folder
        self.mark_use = mark_use

    @property
    def active(self) -> bool:
        """True when entries are kept on disk."""
        return self.folder is not None

    def path(self, key: str) -> Path | None:
        """The file of ``key``; None when nothing is kept."""
        if self.folder is None:
            return None
        return self.folder / hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]

    def read(self, key: str) -> bytes | None:
        """What this user's pnpforge kept under ``key``, or None (nothing kept, or not sealed by this user)."""
        path = self.path(key)
        if path is None:
            return None
        try:
            kept = path.read_bytes()
        except OSError:
            return None
        seal, data = kept[:SEAL], kept[SEAL:]
        if not hmac.compare_digest(seal, _seal(key, data)):
            return None
        if self.mark_use:
            try:
                os.utime(path)
            except OSError:
                pass  # a store the user cannot write is only pruned by someone who can
        return data

    def keep(self, key: str, data: bytes) -> None:
        """Keep ``data`` under ``key`` (nothing when there is no folder or it cannot be written: that only costs
        the next build the work again)."""
        path = self.path(key)
        if path is None:
            return
        try:
            write_atomic(path, _seal(key, data) + data)
        except OSError:
            pass

    def prune(self, bound: int) -> int:
        """When the entries take more than ``bound`` bytes, remove those used longest ago until they take three
        quarters of it (so that a store at its bound is not pruned on every build); return how many went."""
        if self.folder is None:
            return 0
        try:
            entries = [(entry.stat().st_mtime_ns, entry.name, entry.stat().st_size)
                       for entry in os.scandir(self.folder) if entry.is_file(follow_symlinks=False)]
        except OSError:
            return 0
        total = sum(size for _, _, size in entries)
        if total <= bound:
            return 0
        removed = 0
        for _, name, size in sorted(entries):
            if total <= bound * 3 // 4:
                break
            try:
                (self.folder / name).unlink()
            except OSError:
                continue
            total -= size
            removed += 1
        return removed


def _seal(key: str, data: bytes) -> bytes:
    """The keyed hash of an entry: its key and its data under this user's secret."""
    mac = hmac.new(user_secret(), digestmod=hashlib.sha256)
    encoded = key.encode("utf-8")
    mac.update(len(encoded).to_bytes(8, "big") + encoded + data)
    return mac.digest()


NOWHERE = Store(None)
USER_STORES = "pnpforge"  # under the user's cache folder
USER_STORE_BOUND = 64 * 1024 * 1024  # bytes each user store may hold before the entries used longest ago go
NOT_STORES = {"builds"}  # beside the stores: the caches of build folders inside packs (``caches.paths``)


def user_store(name: str) -> Store:
    """Entries kept for this user whatever the build folder (``<user cache>/pnpforge/<name>/``): work whose result
    depends on its inputs alone (what a font file says, the native renderer's verdict on a face), done once for
    every build folder, a fresh clone or a new ``--out`` included."""
    return Store(user_cache() / USER_STORES / name, mark_use=True)


def prune_user_stores(bound: int = USER_STORE_BOUND) -> int:
    """Hold every store of the user's cache folder to ``bound`` bytes (``Store.prune``); how many entries went."""
    root = user_cache() / USER_STORES
    try:
        names = sorted(entry.name for entry in os.scandir(root)
                       if entry.is_dir(follow_symlinks=False) and entry.name not in NOT_STORES)
    except OSError:
        return 0
    return sum(user_store(name).prune(bound) for name in names)
