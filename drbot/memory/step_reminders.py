"""Step reminders (a step waiting until a time of day): the reads (migration 0011).

A person's own reminders, on no step, are ``personal_reminders``.

A step waits until ``wait_until``; when the person gave a time of day
(``wait_at_time = 1``) that moment is a reminder.  Writing one is a snooze
(``PlanStore.snooze_step(..., at_time=True)``), cancelling one is
``PlanStore.cancel_reminder``: both are plan changes with a revision.  This
module only reads: what is due for everyone (the reminder job, every minute)
and what one person has scheduled (/reminders).
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta

from drbot.memory import limits
from drbot.memory.clock import iso
from drbot.memory.database import Database
from drbot.memory.records import StepWithPlan
from drbot.memory.rows import as_rows

# How long after its moment a reminder stands: it may still go out late
# (downtime, quiet hours waiting to end), and the morning briefing leaves the
# step to it — one message about it, not a reminder at 07:00 and the same step
# again in the 08:00 briefing.  Past it, the step is the briefing's, as due.
# It also bounds the reminder job's query to a day of moments.
STANDING = timedelta(hours=24)

_COLUMNS = """p.user_id, p.id AS plan_id, p.title AS plan_title, s.id AS step_id,
       s.position, s.title, s.status, s.wait_until, s.wait_set_at, s.wait_chat_id,
       s.wait_message_id"""


class TimedReminder(StepWithPlan):
    """A step's reminder (``_COLUMNS``): the moment, when and where it was asked for."""

    wait_until: str
    wait_set_at: str | None
    wait_chat_id: int | None  # the group it was asked in (None: a private chat)
    wait_message_id: int | None  # the message that asked for it


class StandingReminder(TimedReminder):
    """A reminder the job sends, with its name in the send log."""

    dedupe_key: str


# A reminder's name in the send log (proactive_sends.dedupe_key): the step and
# its moment, so a re-snooze is a new reminder and each is sent once.
_KEY = "'reminder:' || s.id || ':' || s.wait_until"

# Reminders whose moment is in (since, now], for everyone, that still stand:
# the plan active, the step open, and nothing happened to it since its moment
# (no status change, no attempt that was not undone) — and not yet claimed in
# the send log: a reminder sent stands until acted on, and without this every
# tick for a day would build its message again only for the claim to drop it
# (1,000 standing: ~38 ms a tick instead of ~6; docs/PERFORMANCE.md).  A claimed
# reminder that failed is retried from the send log's own copy.  Read from the
# partial index plan_steps_reminders: a range of moments, not a scan of the
# steps; the send log by its primary key.
_STANDS = """s.wait_at_time = 1 AND s.removed_at IS NULL
  AND s.wait_until > :since AND s.wait_until <= :now
  AND p.status = 'active' AND s.status NOT IN ('done', 'skipped')
  AND s.status_since < s.wait_until
  AND NOT EXISTS (SELECT 1 FROM plan_step_attempts a
                  WHERE a.step_id = s.id AND a.attempted_at >= s.wait_until
                    AND NOT EXISTS (SELECT 1 FROM attempt_retractions r
                                    WHERE r.attempt_id = a.id))"""
_DUE = f"""
SELECT {_COLUMNS}, {_KEY} AS dedupe_key
FROM plan_steps s INDEXED BY plan_steps_reminders JOIN plans p ON p.id = s.plan_id
WHERE {_STANDS}
  AND NOT EXISTS (SELECT 1 FROM proactive_sends ps
                  WHERE ps.user_id = p.user_id AND ps.dedupe_key = {_KEY})
ORDER BY s.wait_until, s.id
"""

# The same rule for given steps, claimed or not: does a reminder whose send
# failed still stand before it is tried again?  By the steps' primary key.
_STANDING = f"""
SELECT {_COLUMNS}, {_KEY} AS dedupe_key
FROM plan_steps s JOIN plans p ON p.id = s.plan_id
WHERE s.id IN (SELECT value FROM json_each(:steps)) AND {_STANDS}
"""

# One person's reminders still to come, soonest first.
_SCHEDULED = f"""
SELECT {_COLUMNS}
FROM plans p JOIN plan_steps s ON s.plan_id = p.id
WHERE p.user_id = :user_id AND p.status = 'active'
  AND s.wait_at_time = 1 AND s.removed_at IS NULL AND s.wait_until > :now
  AND s.status NOT IN ('done', 'skipped')
ORDER BY s.wait_until, s.id
"""


# The timed reminders of some people (:users, a JSON array) whose moment is in
# [since, until), steps still open: the morning agenda's "reminders today" (it
# keeps each person's own day).  From the partial index plan_steps_reminders.
_BETWEEN = f"""
SELECT {_COLUMNS}
FROM plan_steps s INDEXED BY plan_steps_reminders JOIN plans p ON p.id = s.plan_id
WHERE s.wait_at_time = 1 AND s.removed_at IS NULL
  AND s.wait_until >= :since AND s.wait_until < :until
  AND p.status = 'active' AND p.sample = 0 AND s.status NOT IN ('done', 'skipped')
  AND p.user_id IN (SELECT value FROM json_each(:users))
ORDER BY p.user_id, s.wait_until, s.id
"""


async def between(
    db: Database, user_ids: list[int], since: datetime, until: datetime
) -> list[TimedReminder]:
    """These people's open reminders with a moment in [since, until), by person, soonest
    first.  Acts for no one person: the caller passes each person's rows only to them."""
    users = json.dumps([limits.user_id(u) for u in user_ids])
    rows = await db.fetch_all(_BETWEEN, {"users": users, "since": iso(since), "until": iso(until)})
    return as_rows(TimedReminder, rows)


async def due_for_everyone(db: Database, since: datetime, now: datetime) -> list[StandingReminder]:
    """Every standing reminder not yet claimed whose moment is after ``since``
    and not after ``now``, each with its send-log key."""
    rows = await db.fetch_all(_DUE, {"since": iso(since), "now": iso(now)})
    return as_rows(StandingReminder, rows)


async def standing(
    db: Database, step_ids: list[int], since: datetime, now: datetime
) -> list[StandingReminder]:
    """The reminders of these steps that still stand at ``now`` (moment after
    ``since``), claimed or not, each with its send-log key."""
    rows = await db.fetch_all(
        _STANDING,
        {"steps": json.dumps([int(i) for i in step_ids]), "since": iso(since), "now": iso(now)},
    )
    return as_rows(StandingReminder, rows)


async def scheduled(db: Database, user_id: int, now: datetime) -> list[TimedReminder]:
    """The person's reminders after ``now``."""
    rows = await db.fetch_all(_SCHEDULED, {"user_id": limits.user_id(user_id), "now": iso(now)})
    return as_rows(TimedReminder, rows)
