"""Migrated database files, made once and copied wherever a test needs a fresh one.

Migrating a new file runs every migration with synchronous=FULL (tens of
milliseconds); copying an up-to-date file takes a few.  Opening the copy finds
the schema current and applies nothing, so a test on it sees exactly what it
would see on a file it had migrated itself.  Tests *of* migrating (and of
opening a file that does not exist yet) still start from nothing.

* ``copy_migrated(path)`` puts a freshly migrated file at ``path``.
* ``template(fill)`` is a migrated file with ``fill``'s rows, made once per
  process; property tests copy it for each example.

The migrated file is kept between runs (in pytest's cache when conftest hands
one over, else in a temporary folder) under a name made of everything that
decides its contents: the migration files, the code that applies them and the
SQLite library.  Change any of them and the next run builds a new one."""

from __future__ import annotations

import asyncio
import hashlib
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from importlib import resources
from pathlib import Path

import drbot.memory.database as database_module
from drbot.memory.database import Database

_folder: Path | None = None  # where migrated files are kept; see use_folder()
_migrated: Path | None = None
_MADE: dict[Callable[[sqlite3.Connection], None], Path] = {}


def use_folder(folder: Path) -> None:
    """Keep migrated files in ``folder`` (conftest passes pytest's cache)."""
    global _folder
    _folder = Path(folder)


def key() -> str:
    """What the migrated file depends on, as a short hash."""
    digest = hashlib.sha256()
    digest.update(sqlite3.sqlite_version.encode())
    digest.update(Path(database_module.__file__).read_bytes())
    files = sorted(
        (entry.name, entry.read_bytes())
        for entry in resources.files("drbot.migrations").iterdir()
        if entry.name.endswith(".sql")
    )
    for name, content in files:
        digest.update(b"\0" + name.encode() + b"\0" + content)
    return digest.hexdigest()[:16]


def migrated() -> Path:
    """A file migrated to the latest schema.  Never write to it: copy it."""
    global _folder, _migrated
    if _migrated is None or not _migrated.exists():
        if _folder is None:
            _folder = Path(tempfile.mkdtemp(prefix="drbot-migrated-"))
        _folder.mkdir(parents=True, exist_ok=True)
        path = _folder / f"migrated-{key()}.db"
        if not path.exists():
            _build(path)
        _migrated = path
    return _migrated


def _build(path: Path) -> None:
    # Built aside and renamed into place: parallel test processes may build it
    # at the same moment, and none may ever copy a half-made file.
    workdir = Path(tempfile.mkdtemp(prefix="building-", dir=path.parent))
    try:
        made = workdir / "migrated.db"
        # In a thread of its own: an async fixture may ask for it inside a running loop.
        with ThreadPoolExecutor(1) as pool:
            pool.submit(asyncio.run, _migrate(made)).result()
        # Closing the last connection moved the WAL into the file and removed it.
        leftovers = sorted(p.name for p in workdir.iterdir() if p != made)
        if leftovers:
            raise RuntimeError(f"a migrated file left {leftovers} behind; it cannot be copied")
        made.chmod(0o444)  # copied, never written to
        os.replace(made, path)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def copy_migrated(path: str | Path) -> Path:
    """Put a freshly migrated database at ``path`` (its folder is made if needed)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(migrated(), path)
    return path


def template(fill: Callable[[sqlite3.Connection], None]) -> Path:
    """A migrated file with ``fill``'s rows, made once per process."""
    if fill not in _MADE:
        path = copy_migrated(Path(tempfile.mkdtemp(prefix="drbot-template-")) / "template.db")
        conn = sqlite3.connect(path)
        try:
            with conn:
                fill(conn)
        finally:
            conn.close()
        _MADE[fill] = path
    return _MADE[fill]


async def _migrate(path: Path) -> None:
    await (await Database.open(path)).close()
