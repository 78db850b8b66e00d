"""What the evening review and the weekly digest say: reads for everyone due
at once (migration 0013).  Each takes the people due and a window of UTC
moments per person, as JSON, and is one statement however many they are.

Nothing here writes; the keep / snooze answers are ``memory/digest_answers``.
A sample plan (onboarding's example, migration 0022) is in neither the look
ahead nor the weekly digest: nothing unasked is said about it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import datetime
from typing import Literal, TypedDict

from drbot.memory.clock import iso
from drbot.memory.database import Database
from drbot.memory.records import StepWithPlan
from drbot.memory.rows import RowT, by_user

# Each window: [user_id, since, until] (UTC ISO text, [since, until)).
_WINDOWS = """w AS (SELECT json_extract(value, '$[0]') AS user_id,
                           json_extract(value, '$[1]') AS since,
                           json_extract(value, '$[2]') AS until
                    FROM json_each(:windows))"""
_NOT_RETRACTED = "NOT EXISTS (SELECT 1 FROM attempt_retractions r WHERE r.attempt_id = a.id)"

# What moved in the window: steps that entered a status other than pending
# (done, skipped, blocked, started) and attempts that were not undone.  Every
# change touches its plan's updated_at, so only plans changed since the window
# began are looked at (the plans_by_user index).  Abandoned plans say nothing.
_MOVED = f"""
WITH {_WINDOWS},
changed AS (SELECT p.user_id, p.id, p.title, w.since, w.until FROM w
            JOIN plans p ON p.user_id = w.user_id
            WHERE p.status IN ('active', 'complete') AND p.updated_at >= w.since)
SELECT 'status' AS what, c.user_id, c.id AS plan_id, c.title AS plan_title, s.id AS step_id,
       s.position, s.title, s.status, s.status_since AS at, NULL AS outcome
FROM changed c JOIN plan_steps s ON s.plan_id = c.id AND s.removed_at IS NULL
WHERE s.status != 'pending' AND s.status_since >= c.since AND s.status_since < c.until
UNION ALL
SELECT 'attempt', c.user_id, c.id, c.title, s.id, s.position, s.title, s.status,
       a.attempted_at, a.outcome
FROM changed c JOIN plan_steps s ON s.plan_id = c.id AND s.removed_at IS NULL
JOIN plan_step_attempts a ON a.step_id = s.id
WHERE a.attempted_at >= c.since AND a.attempted_at < c.until AND {_NOT_RETRACTED}
ORDER BY 2, 9, 3, 6, 1 DESC
"""


class MovedStep(StepWithPlan):
    """A status other than pending that a step entered in the window, or an attempt
    at it not undone (``_MOVED``)."""

    what: Literal["status", "attempt"]
    at: str
    outcome: str | None  # an attempt's (None for a status)


# What comes first in the window (the person's tomorrow): steps waiting until a
# moment in it (reminders and snoozes), then each active plan's next step to
# act on — its first open step that is not blocked and not waiting past it.
_AHEAD = f"""
WITH {_WINDOWS},
open AS (SELECT p.user_id, p.id AS plan_id, p.title AS plan_title, s.id AS step_id,
                s.position, s.title, s.status, s.wait_until, s.wait_at_time, w.since, w.until,
                row_number() OVER (PARTITION BY p.id ORDER BY s.position) AS nth
         FROM w JOIN plans p ON p.user_id = w.user_id AND p.status = 'active' AND p.sample = 0
         JOIN plan_steps s ON s.plan_id = p.id AND s.removed_at IS NULL
         WHERE s.status IN ('pending', 'in_progress')
           AND (s.wait_until IS NULL OR s.wait_until < w.until))
SELECT user_id, plan_id, plan_title, step_id, position, title, status, wait_until, wait_at_time,
       (wait_until IS NOT NULL AND wait_until >= since) AS waking
FROM open WHERE nth = 1 OR (wait_until IS NOT NULL AND wait_until >= since)
ORDER BY user_id, waking DESC, wait_until, plan_id, position
"""


class StepAhead(StepWithPlan):
    """A step whose wait ends in the window, or an active plan's next step to act on
    (``_AHEAD``)."""

    wait_until: str | None  # a waking step's is in the window
    wait_at_time: int | None  # 1: at a time of day
    waking: int  # 1: its wait ends in the window; 0: a plan's next step


# Each active plan of the people due, with its progress in the window (the
# week) and its last sign of life: the plan's last change (every change,
# attempts included, moves updated_at) or the latest moment one of its open
# steps waits until, whichever is later.  kept_at: the last "keep" answer.
_WEEK = f"""
WITH {_WINDOWS}
SELECT p.user_id, p.id AS plan_id, p.title,
       (SELECT count(*) FROM plan_steps s WHERE s.plan_id = p.id AND s.removed_at IS NULL
          AND s.status != 'skipped') AS total,
       (SELECT count(*) FROM plan_steps s WHERE s.plan_id = p.id AND s.removed_at IS NULL
          AND s.status = 'done') AS done,
       (SELECT count(*) FROM plan_steps s WHERE s.plan_id = p.id AND s.removed_at IS NULL
          AND s.status = 'done' AND s.status_since >= w.since) AS done_now,
       (SELECT count(*) FROM plan_steps s JOIN plan_step_attempts a ON a.step_id = s.id
          WHERE s.plan_id = p.id AND a.attempted_at >= w.since AND {_NOT_RETRACTED}
       ) AS attempts_now,
       max(p.updated_at, coalesce((SELECT max(s.wait_until) FROM plan_steps s
          WHERE s.plan_id = p.id AND s.removed_at IS NULL
            AND s.status NOT IN ('done', 'skipped')), '')) AS alive_at,
       k.kept_at
FROM w JOIN plans p ON p.user_id = w.user_id AND p.status = 'active' AND p.sample = 0
LEFT JOIN plan_keeps k ON k.plan_id = p.id
ORDER BY p.user_id, p.id
"""


class PlanWeek(TypedDict):
    """An active plan's week (``_WEEK``)."""

    user_id: int
    plan_id: int
    title: str
    total: int  # its steps but the skipped
    done: int
    done_now: int  # done in the window
    attempts_now: int
    alive_at: str  # its last sign of life
    kept_at: str | None  # its last "keep"


def _windows(windows: Iterable[tuple[int, datetime, datetime]]) -> str:
    return json.dumps([[int(u), iso(since), iso(until)] for u, since, until in windows])


async def _read(
    db: Database, shape: type[RowT], sql: str, windows: Iterable[tuple[int, datetime, datetime]]
) -> dict[int, list[RowT]]:
    return by_user(shape, await db.fetch_all(sql, {"windows": _windows(windows)}))


async def moved(
    db: Database, windows: Iterable[tuple[int, datetime, datetime]]
) -> dict[int, list[MovedStep]]:
    """Per person, what moved in their window, oldest first."""
    return await _read(db, MovedStep, _MOVED, windows)


async def ahead(
    db: Database, windows: Iterable[tuple[int, datetime, datetime]]
) -> dict[int, list[StepAhead]]:
    """Per person, the steps waking in their window (``waking``), then each
    active plan's next step."""
    return await _read(db, StepAhead, _AHEAD, windows)


async def week(
    db: Database, windows: Iterable[tuple[int, datetime, datetime]]
) -> dict[int, list[PlanWeek]]:
    """Per person, every active plan with its progress in the window, in /plans order."""
    return await _read(db, PlanWeek, _WEEK, windows)
