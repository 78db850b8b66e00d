"""Small steps of PlanStore's write transactions: ownership checks and inserts.

Each takes the open connection of a ``Database.transaction()`` and runs inside
it; none commits.  An owner check that fails raises ``NotFound`` exactly as for
a row that does not exist.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from aiosqlite import Connection

from drbot.memory import limits
from drbot.memory.clock import iso
from drbot.memory.database import fetch, inserted
from drbot.memory.errors import NotFound
from drbot.memory.records import FINISHED, StepSpec


async def owned_plan(conn: Connection, user_id: int, plan_id: Any) -> sqlite3.Row:
    rows = await fetch(
        conn,
        "SELECT id, status, times_replanned FROM plans WHERE id = ? AND user_id = ?",
        (plan_id, limits.user_id(user_id)),
    )
    if not rows:
        raise NotFound(f"There is no plan {plan_id}.")
    return rows[0]


async def owned_step(conn: Connection, user_id: int, step_id: Any) -> sqlite3.Row:
    rows = await fetch(
        conn,
        "SELECT s.id, s.plan_id, s.position, s.status, s.status_note, s.status_since,"
        " s.notes, s.wait_until, s.wait_at_time, s.due_date FROM plan_steps s"
        " JOIN plans p ON p.id = s.plan_id"
        " WHERE s.id = ? AND p.user_id = ? AND s.removed_at IS NULL",
        (step_id, limits.user_id(user_id)),
    )
    if not rows:
        raise NotFound(f"There is no step {step_id}.")
    return rows[0]


async def step_count(conn: Connection, plan_id: int) -> int:
    [[count]] = await fetch(
        conn, "SELECT count(*) FROM plan_steps WHERE plan_id = ? AND removed_at IS NULL", (plan_id,)
    )
    return int(count)


async def insert_steps(
    conn: Connection, plan_id: int, specs: list[StepSpec], *, first_position: int, now: str
) -> list[int]:
    ids: list[int] = []
    for position, spec in enumerate(specs, start=first_position):
        cursor = await conn.execute(
            "INSERT INTO plan_steps (plan_id, position, title, notes, status, status_since,"
            " estimated_days, expected_outcome, wait_until, due_date, due_set_at, created_at,"
            " updated_at) VALUES (?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                plan_id,
                position,
                spec["title"],
                spec["notes"],
                now,
                spec["estimated_days"],
                spec["expected_outcome"],
                _wait(spec),
                spec["due_date"],
                now if spec["due_date"] else None,
                now,
                now,
            ),
        )
        ids.append(inserted(cursor.lastrowid))
    return ids


def _wait(spec: StepSpec) -> str | None:
    wait = spec["wait_until"]
    return None if wait is None else iso(wait)


TOUCH_PLAN = "UPDATE plans SET updated_at = ? WHERE id = ?"


async def touch_plan(conn: Connection, plan_id: int, now: str) -> None:
    await conn.execute(TOUCH_PLAN, (now, plan_id))


async def replace_unfinished(
    conn: Connection, plan_id: int, specs: list[StepSpec], now: str
) -> tuple[list[int], list[int], str]:
    """The new steps' ids, the replaced steps' ids, and the revision's cause
    (starting "re-planned": plan_queries finds re-plan revisions by it)."""
    replaced = await fetch(
        conn,
        "SELECT id FROM plan_steps WHERE plan_id = ? AND removed_at IS NULL"
        " AND status NOT IN ('done', 'skipped') ORDER BY position",
        (plan_id,),
    )
    kept = await fetch(
        conn,
        "SELECT id FROM plan_steps WHERE plan_id = ? AND removed_at IS NULL"
        " AND status IN ('done', 'skipped') ORDER BY position",
        (plan_id,),
    )
    if len(kept) + len(specs) > limits.MAX_STEPS:
        raise ValueError(
            f"A plan can have at most {limits.MAX_STEPS} steps; split it into smaller plans."
        )
    await conn.execute(
        "UPDATE plan_steps SET removed_at = ? WHERE plan_id = ? AND removed_at IS NULL"
        " AND status NOT IN ('done', 'skipped')",
        (now, plan_id),
    )
    await conn.executemany(
        "UPDATE plan_steps SET position = ? WHERE id = ?",
        [(i, row["id"]) for i, row in enumerate(kept, start=1)],
    )
    ids = await insert_steps(conn, plan_id, specs, first_position=len(kept) + 1, now=now)
    return ids, [row["id"] for row in replaced], "re-planned"


async def replace_one(
    conn: Connection,
    user_id: int,
    plan_id: int,
    step_id: int,
    specs: list[StepSpec],
    now: str,
) -> tuple[list[int], list[int], str]:
    """As ``replace_unfinished``, for one unfinished step, replaced in its place."""
    step = await owned_step(conn, user_id, step_id)
    if step["plan_id"] != plan_id:
        raise NotFound(f"Plan {plan_id} has no step {step_id}.")
    if step["status"] in FINISHED:
        raise ValueError(
            f"Step {step['position']} is already {step['status']}; "
            "only an unfinished step can be re-planned."
        )
    if await step_count(conn, plan_id) - 1 + len(specs) > limits.MAX_STEPS:
        raise ValueError(
            f"A plan can have at most {limits.MAX_STEPS} steps; split it into smaller plans."
        )
    position = step["position"]
    await conn.execute("UPDATE plan_steps SET removed_at = ? WHERE id = ?", (now, step_id))
    await conn.execute(
        "UPDATE plan_steps SET position = position + ? WHERE plan_id = ? AND removed_at IS NULL"
        " AND position > ?",
        (len(specs) - 1, plan_id, position),
    )
    ids = await insert_steps(conn, plan_id, specs, first_position=position, now=now)
    return ids, [step_id], f"re-planned step {position}"
