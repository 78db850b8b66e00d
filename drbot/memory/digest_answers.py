"""The answers to the weekly digest's keep / snooze / drop question (migration 0016).

Keep changes nothing in the plan (no revision: there is nothing to undo), it
only records when it was said, so the question waits before it is asked again.
Snooze lets every open step of the plan wait until a day: a plan change like
any other, in one transaction with one revision, so /undo takes it back.  Drop
is ``PlanStore.update_plan_status(..., "abandoned")``.  Only the plan's owner
can answer; a plan that is not theirs reads as one that does not exist.
"""

from __future__ import annotations

from datetime import datetime

from aiosqlite import Connection

from drbot.memory import limits, plan_revisions
from drbot.memory import plan_writes as w
from drbot.memory.clock import Clock, iso, system_clock
from drbot.memory.database import Database
from drbot.memory.errors import NotFound
from drbot.memory.records import OPEN, PlanStatus


class PlanKeeps:
    def __init__(self, db: Database, *, clock: Clock = system_clock) -> None:
        self.db = db
        self._clock = clock

    async def keep(self, user_id: int, plan_id: int) -> None:
        """The person keeps the plan as it is (NotFound unless it is theirs and active)."""
        user_id = limits.user_id(user_id)
        async with self.db.transaction() as conn:
            await _active(conn, user_id, plan_id)
            await conn.execute(
                "INSERT INTO plan_keeps (plan_id, user_id, kept_at) VALUES (?, ?, ?)"
                " ON CONFLICT (plan_id) DO UPDATE SET kept_at = excluded.kept_at",
                (plan_id, user_id, iso(self._clock())),
            )

    async def snooze_plan(
        self, user_id: int, plan_id: int, until: datetime, *, origin: str | None = None
    ) -> int:
        """Every open step waits until ``until`` (a day: it wakes in that
        morning's briefing); a step already waiting longer keeps its wait.
        Returns how many steps now wait; ValueError if none is open."""
        moment = iso(limits.moment(until, "snooze date"))
        now = iso(self._clock())
        if moment <= now:
            raise ValueError("That moment has already passed; snooze until a later date.")
        async with self.db.transaction() as conn:
            await _active(conn, limits.user_id(user_id), plan_id)
            cursor = await conn.execute(
                "UPDATE plan_steps SET wait_until = ?, wait_at_time = 0, updated_at = ?"
                " WHERE plan_id = ? AND removed_at IS NULL AND status IN (?, ?, ?)"
                " AND (wait_until IS NULL OR wait_until < ?)",
                (moment, now, plan_id, *OPEN, moment),
            )
            if cursor.rowcount == 0:
                raise ValueError(
                    "Nothing to snooze: no step of that plan is open, "
                    "or every one already waits longer."
                )
            await w.touch_plan(conn, plan_id, now)
            await plan_revisions.record(
                conn, plan_id, f"plan snoozed until {moment[:10]}", origin, now
            )
            return cursor.rowcount


async def _active(conn: Connection, user_id: int, plan_id: int) -> None:
    if isinstance(plan_id, bool) or not isinstance(plan_id, int):
        raise NotFound(f"There is no plan {plan_id!r}.")
    plan = await w.owned_plan(conn, user_id, plan_id)
    if plan["status"] != PlanStatus.ACTIVE:
        raise ValueError("That plan is no longer active; nothing changed.")
