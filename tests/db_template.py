"""Migrated database files made once per test module and copied per example.

Property tests run hundreds of examples; migrating a fresh file for each would
be most of their time.  ``template(fill)`` migrates one file, lets ``fill``
write its rows, and returns it; each example copies it."""

from __future__ import annotations

import asyncio
import sqlite3
import tempfile
from collections.abc import Callable
from pathlib import Path

from drbot.memory.database import Database

_MADE: dict[Callable[[sqlite3.Connection], None], Path] = {}


def template(fill: Callable[[sqlite3.Connection], None]) -> Path:
    if fill not in _MADE:
        path = Path(tempfile.mkdtemp()) / "template.db"
        asyncio.run(_migrate(path))
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
