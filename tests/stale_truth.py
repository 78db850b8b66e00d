"""The stale rule (docs/ARCHITECTURE.md, "Stale") worked out in plain Python from the rows: the stale
clock each step should have, to check migration 0018's kept column against."""

from __future__ import annotations

import sqlite3


def stale_clocks(conn: sqlite3.Connection) -> dict[int, str | None]:
    """{step id: the moment its stale clock started, or None off the frontier}."""
    active = {
        pid for pid, status in conn.execute("SELECT id, status FROM plans") if status == "active"
    }
    clocks: dict[int, str | None] = {}
    live: dict[int, list[tuple]] = {}
    for row in conn.execute(
        "SELECT id, plan_id, position, status, status_since, wait_until, last_attempt_at,"
        " removed_at FROM plan_steps"
    ):
        clocks[row[0]] = None
        if row[1] in active and row[7] is None:
            live.setdefault(row[1], []).append(row)
    for steps in live.values():
        steps.sort(key=lambda r: r[2])
        started = [r for r in steps if r[3] == "in_progress"]
        if not started:
            pending = [r for r in steps if r[3] == "pending"]
            if not pending:
                continue
            first = pending[0]
            finished = [r[4] for r in steps if r[3] in ("done", "skipped") and r[2] < first[2]]
            clocks[first[0]] = _latest(first, max(finished, default=""))
        for row in started:
            clocks[row[0]] = _latest(row, "")

    return clocks


def _latest(row: tuple, frontier: str) -> str:
    return max(row[4], row[6] or "", row[5] or "", frontier)


def kept_clocks(conn: sqlite3.Connection) -> dict[int, str | None]:
    return dict(conn.execute("SELECT id, stale_clock FROM plan_steps"))
