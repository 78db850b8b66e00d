"""Sample plans: onboarding's "Try this example" (migration 0022).

The example is made the way the person would make a plan (their message, read
by the assistant), so it is a real plan: marks, buttons and undo work on it.
Afterwards the plans that message created are marked as samples; a sample
never appears in a briefing, a review or a digest (``plan_queries``,
``review_queries``), and one tap removes it.

Removing deletes the plan with its steps, revisions and views (the foreign
keys cascade) — unless attempts were logged on it: attempts are append-only
(migration 0001), so then the example is abandoned instead and they stay.
Only the owner can do either; another person's plan, or one that is not a
sample, reads as one that does not exist.
"""

from __future__ import annotations

import json

from drbot.memory import limits, plan_revisions
from drbot.memory.clock import Clock, iso, system_clock
from drbot.memory.database import Database, fetch
from drbot.memory.errors import NotFound


async def mark(db: Database, user_id: int, origin: str) -> list[int]:
    """Mark as samples the person's plans created by the message ``origin``; their ids."""
    user_id = limits.user_id(user_id)
    async with db.transaction() as conn:
        rows = await fetch(
            conn,
            "SELECT p.id FROM plans p JOIN plan_revisions r ON r.plan_id = p.id"
            " WHERE p.user_id = ? AND r.revision = 1 AND r.origin = ? ORDER BY p.id",
            (user_id, origin),
        )
        ids = [row["id"] for row in rows]
        await conn.execute(
            "UPDATE plans SET sample = 1 WHERE user_id = ? AND id IN"
            " (SELECT value FROM json_each(?))",
            (user_id, json.dumps(ids)),
        )
    return ids


async def remove(
    db: Database,
    user_id: int,
    plan_id: int,
    *,
    origin: str | None = None,
    clock: Clock = system_clock,
) -> str:
    """Remove the person's sample plan: "deleted", or "abandoned" when it has
    attempts (they are never deleted).  NotFound unless it is theirs and a sample."""
    user_id = limits.user_id(user_id)
    if isinstance(plan_id, bool) or not isinstance(plan_id, int):
        raise NotFound(f"There is no example {plan_id!r}.")
    now = iso(clock())
    async with db.transaction() as conn:
        rows = await fetch(
            conn,
            "SELECT status, EXISTS (SELECT 1 FROM plan_steps s JOIN plan_step_attempts a"
            "  ON a.step_id = s.id WHERE s.plan_id = p.id) AS tried"
            " FROM plans p WHERE p.id = ? AND p.user_id = ? AND p.sample = 1",
            (plan_id, user_id),
        )
        if not rows:
            raise NotFound("That example is gone already.")
        if rows[0]["tried"]:
            if rows[0]["status"] != "abandoned":
                await conn.execute(
                    "UPDATE plans SET status = 'abandoned', updated_at = ? WHERE id = ?",
                    (now, plan_id),
                )
                await plan_revisions.record(
                    conn, plan_id, "example removed (abandoned)", origin, now
                )
            return "abandoned"
        # No foreign key holds the chat's last step: a press must not reach a deleted one.
        await conn.execute(
            "UPDATE chat_state SET last_step_id = NULL WHERE user_id = ? AND last_step_id IN"
            " (SELECT id FROM plan_steps WHERE plan_id = ?)",
            (user_id, plan_id),
        )
        await conn.execute("DELETE FROM plans WHERE id = ?", (plan_id,))
    return "deleted"
