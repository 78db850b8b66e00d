"""Revisions: every change to a plan leaves a snapshot, and /undo walks back.

A revision row holds the plan as it stood *after* a change (title, status,
steps with their statuses), the cause, and the message that caused it.  Undo
restores the newest revision before the latest change that is still in effect,
marks that change undone, and records the undo itself as a new revision — so
history only grows, and repeated undos walk further back.

Attempts are never edited: those made after the restored revision are listed
in ``attempt_retractions`` instead.  The re-plan counter is not restored: it
counts re-plans made, not re-plans standing.  Steps are never deleted either (their
attempts hold on to them); a step the restored revision did not have gets
``removed_at``.

Everything here runs inside the caller's write transaction.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from aiosqlite import Connection

from drbot.memory import plan_queries as q
from drbot.memory import retention
from drbot.memory.database import fetch, inserted

# An undo row (undoes IS NOT NULL) and an undone change (undone_at IS NOT NULL)
# are both out of play; the rest are the changes currently in effect.
_IN_EFFECT = "plan_id = ? AND undone_at IS NULL AND undoes IS NULL"


async def record(
    conn: Connection,
    plan_id: int,
    cause: str,
    origin: str | None,
    now: str,
    *,
    undoes: int | None = None,
    replaced: list[int] | None = None,
) -> int:
    """Write the plan's current state as its next revision; returns the row id.
    ``replaced``: the ids of the steps a re-plan took out, kept in the snapshot
    so that ``get_plan`` can tell them from steps an undo removed."""
    row = {"plan_id": plan_id, "cause": cause, "origin": origin, "now": now, "undoes": undoes}
    if replaced:
        [[snapshot]] = await fetch(conn, q.SNAPSHOT, {"plan_id": plan_id})
        row["snapshot"] = json.dumps({**json.loads(snapshot), "replaced": replaced})
        cursor = await conn.execute(_INSERT.format(snapshot=":snapshot"), row)
    else:  # the snapshot taken by the INSERT itself: one statement
        cursor = await conn.execute(_INSERT.format(snapshot=f"({q.SNAPSHOT})"), row)
    return inserted(cursor.lastrowid)


def record_on_thread(
    conn: sqlite3.Connection, plan_id: int, cause: str, origin: str | None, now: str
) -> int:
    """``record`` (without ``undoes`` or ``replaced``) for a transaction run whole on the
    database's thread (``Database.write``)."""
    row = {"plan_id": plan_id, "cause": cause, "origin": origin, "now": now, "undoes": None}
    return inserted(conn.execute(_INSERT.format(snapshot=f"({q.SNAPSHOT})"), row).lastrowid)


_INSERT = (
    "INSERT INTO plan_revisions (plan_id, revision, cause, origin, snapshot, created_at, undoes)"
    " SELECT :plan_id, coalesce(max(revision), 0) + 1, :cause, :origin, {snapshot}, :now,"
    " :undoes FROM plan_revisions WHERE plan_id = :plan_id"
)


async def undo_latest(
    conn: Connection, plan_id: int, origin: str | None, now: str
) -> dict[str, Any]:
    rows = await fetch(
        conn,
        f"SELECT id, revision, cause, snapshot FROM plan_revisions WHERE {_IN_EFFECT}"
        " ORDER BY revision DESC LIMIT 2",
        (plan_id,),
    )
    if len(rows) < 2:
        raise ValueError(
            "Nothing to undo: this plan has no change since it was created. "
            "To drop it, mark it abandoned."
        )
    latest, target = rows
    if target["snapshot"] == retention.THINNED:  # pruned (memory/retention.py): history only
        raise ValueError(
            f"Nothing further to undo: I keep the last {retention.FULL_REVISIONS} changes "
            "of a plan for undo, older ones only as history."
        )
    snapshot = json.loads(target["snapshot"])
    await conn.execute("UPDATE plan_revisions SET undone_at = ? WHERE id = ?", (now, latest["id"]))
    await _restore(conn, plan_id, snapshot, now)
    revision_id = await record(
        conn, plan_id, f"undo: {latest['cause']}", origin, now, undoes=latest["revision"]
    )
    retracted = await conn.execute(
        "INSERT INTO attempt_retractions (attempt_id, revision_id, retracted_at)"
        " SELECT a.id, ?, ? FROM plan_step_attempts a JOIN plan_steps s ON s.id = a.step_id"
        " WHERE s.plan_id = ? AND a.id > ?"
        "   AND a.id NOT IN (SELECT attempt_id FROM attempt_retractions)",
        (revision_id, now, plan_id, snapshot["last_attempt_id"]),
    )
    return {
        "revision": latest["revision"],
        "cause": latest["cause"],
        "restored_revision": target["revision"],
        "attempts_retracted": retracted.rowcount,
    }


async def _restore(conn: Connection, plan_id: int, snapshot: dict[str, Any], now: str) -> None:
    plan = snapshot["plan"]
    # times_replanned is not restored: it counts the re-plans made, so undoing
    # one cannot be used to get past the limit of 3.
    await conn.execute(
        "UPDATE plans SET title = ?, description = ?, status = ?, updated_at = ? WHERE id = ?",
        (plan["title"], plan["description"], plan["status"], now, plan_id),
    )
    steps = snapshot["steps"]
    keep = [step["id"] for step in steps]
    # (An empty NOT IN list cannot be written; NOT IN (NULL) would match nothing.)
    not_kept = f" AND id NOT IN ({','.join('?' * len(keep))})" if keep else ""
    await conn.execute(
        "UPDATE plan_steps SET removed_at = ?, updated_at = ? WHERE plan_id = ?"
        " AND removed_at IS NULL" + not_kept,
        (now, now, plan_id, *keep),
    )
    await conn.executemany(
        "UPDATE plan_steps SET position = :position, title = :title, notes = :notes,"
        " status = :status, status_note = :status_note, status_since = :status_since,"
        " estimated_days = :estimated_days, expected_outcome = :expected_outcome,"
        " wait_set_at = iif(wait_until IS :wait_until AND wait_at_time = :wait_at_time,"
        " wait_set_at, :now),"  # a wait undo brings back is asked for again, now
        " wait_until = :wait_until, wait_at_time = :wait_at_time, removed_at = NULL,"
        " due_date = :due_date, due_set_at = :due_set_at,"
        " updated_at = :now WHERE id = :id AND plan_id = :plan_id",
        # (Snapshots from before migration 0011 have no wait_at_time: a date;
        # from before 0025, no due date.)
        [
            {
                "wait_at_time": 0,
                "due_date": None,
                "due_set_at": None,
                **step,
                "now": now,
                "plan_id": plan_id,
            }
            for step in steps
        ],
    )
    await conn.execute(
        "UPDATE plan_notes SET removed_at = ? WHERE plan_id = ? AND id > ? AND removed_at IS NULL",
        (now, plan_id, snapshot["last_note_id"]),
    )
