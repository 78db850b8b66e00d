"""Due reminders' reads and each person's choice of them (migration 0025).

A step's due date is written with the plan (``PlanStore.set_due_date``, a revision like
any change); this module reads, for the reminder job, the open steps due around now for
everyone who has due reminders on, and keeps that choice (``/due_reminders on|off``,
``user_settings.due_reminders``: on unless turned off).
"""

from __future__ import annotations

import json
from datetime import date, time
from typing import Any

from drbot.memory import limits
from drbot.memory.clock import Clock, iso, system_clock
from drbot.memory.database import Database
from drbot.memory.records import StepWithPlan
from drbot.memory.rows import as_rows

# When the reminder the evening before a due date goes, in the person's zone.
EVENING = time(18, 0)

# Open steps of active plans due in [:first, :last] of everyone with due reminders
# on, with what the job needs to place them in the person's day.  From the partial
# index plan_steps_due: a few days of due dates, not a walk over the steps.
_AROUND = """
SELECT p.user_id, p.id AS plan_id, p.title AS plan_title, s.id AS step_id, s.position,
       s.title, s.status, s.due_date, s.due_set_at, u.timezone, u.briefing_time
FROM plan_steps s INDEXED BY plan_steps_due JOIN plans p ON p.id = s.plan_id
LEFT JOIN user_settings u ON u.user_id = p.user_id
WHERE s.due_date BETWEEN :first AND :last AND s.removed_at IS NULL
  AND s.status NOT IN ('done', 'skipped') AND p.status = 'active' AND p.sample = 0
  AND coalesce(u.due_reminders, 1) = 1 {steps}
ORDER BY s.due_date, p.user_id, s.id
"""


class StepDueSoon(StepWithPlan):
    """A step of ``_AROUND``, with its owner's zone and briefing time (None: not set)."""

    due_date: str
    due_set_at: str | None
    timezone: str | None
    briefing_time: str | None


_ALL = _AROUND.replace("{steps}", "")
_SOME_STEPS = _AROUND.replace("{steps}", "AND s.id IN (SELECT value FROM json_each(:steps))")


async def due_around(
    db: Database, first: date, last: date, step_ids: list[int] | None = None
) -> list[StepDueSoon]:
    """Open steps due from ``first`` to ``last`` (calendar days) of everyone with due
    reminders on (``step_ids``: of these steps only).  It acts for no one person: the
    job sends each row only to its owner."""
    params: dict[str, Any] = {"first": first.isoformat(), "last": last.isoformat()}
    if step_ids is not None:
        params["steps"] = json.dumps([int(i) for i in step_ids])
    rows = await db.fetch_all(_ALL if step_ids is None else _SOME_STEPS, params)
    return as_rows(StepDueSoon, rows)


class DueReminderSettings:
    """``/due_reminders on|off``: on for everyone who never said otherwise."""

    def __init__(self, db: Database, *, clock: Clock = system_clock) -> None:
        self.db = db
        self._clock = clock

    async def enabled(self, user_id: int) -> bool:
        row = await self.db.fetch_one(
            "SELECT due_reminders FROM user_settings WHERE user_id = ?", (limits.user_id(user_id),)
        )
        return row is None or bool(row[0])

    async def set_enabled(self, user_id: int, on: bool) -> bool:
        if not isinstance(on, bool):
            raise ValueError("Due reminders are on or off.")
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO user_settings (user_id, due_reminders, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET due_reminders = excluded.due_reminders,"
                " updated_at = excluded.updated_at",
                (limits.user_id(user_id), int(on), iso(self._clock())),
            )
        return on
