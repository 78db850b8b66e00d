"""A real database file with damaged pages: SQLite still opens it and reads its schema, its
version and the plans, but ``PRAGMA quick_check`` finds the damage."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from drbot.memory import PlanStore

DEADBEEF = b"\xde\xad\xbe\xef" * 64


async def with_attempts(path: Path) -> Path:
    """A store with a plan and a few attempts at ``path``, closed (the last connection copies
    the WAL into the file)."""
    store = await PlanStore.open(path)
    plan = await store.create_plan(1, "Fix the fence", steps=["Get quotes", "Hire someone"])
    step = (await store.get_plan(1, plan))["steps"][0]["id"]
    for i in range(5):
        await store.add_attempt(1, step, f"called jim, attempt {i}")
    await store.close()
    return path


def damage(path: Path) -> Path:
    """Overwrite 256 bytes of the attempts table's page in the file: its cell pointers, past
    the page's own 8-byte header and far from the file's 100-byte header.  The pages must be
    in the file itself (closed, or checkpointed), not in the WAL."""
    conn = sqlite3.connect(path)
    try:
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
        [root] = conn.execute(
            "SELECT rootpage FROM sqlite_schema WHERE name = 'plan_step_attempts'"
        ).fetchone()
    finally:
        conn.close()
    with open(path, "r+b") as file:
        file.seek((root - 1) * page_size + 8)
        file.write(DEADBEEF)
    conn = sqlite3.connect(path)
    try:  # the premise: it opens and reads like a healthy file, until every page is read
        assert conn.execute("SELECT count(*) FROM plans").fetchone() == (1,)
        assert conn.execute("PRAGMA quick_check").fetchall() != [("ok",)]
    finally:
        conn.close()
    return path


async def damaged_database(path: Path) -> Path:
    """A database with attempts, then damaged (see :func:`damage`)."""
    await with_attempts(path)
    assert not Path(f"{path}-wal").exists()
    return damage(path)
