"""Every row of every table, for asserting that something changed nothing."""

from __future__ import annotations

import sqlite3
from contextlib import contextmanager


def dump(db_path) -> dict[str, list[tuple]]:
    """Every row of every table, read with plain sqlite3."""
    conn = sqlite3.connect(db_path)
    try:
        tables = [
            row[0]
            for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        ]
        return {
            table: conn.execute(f'SELECT * FROM "{table}" ORDER BY rowid').fetchall()
            for table in tables
        }
    finally:
        conn.close()


@contextmanager
def unchanged(db_path, message: str = "the database changed"):
    before = dump(db_path)
    yield
    assert dump(db_path) == before, message
