"""The SQL that reads plans, and the shaping of its rows into dicts.

The scheduler's reads (stale, stuck, due, dated) hand out their rows as they are
(``rows``), each declared in ``records`` (``StaleStep``, ``StuckStep``, ``EndedWait``,
``DatedStep``).

Each read is a single statement: one statement sees one consistent snapshot of
the database, and the cost of reading a plan does not grow with its steps.
``get_plan`` builds the whole nested plan inside SQLite with the JSON1
functions (subqueries in FROM keep steps and attempts in order; SQLite 3.40
has no ORDER BY inside aggregates).
"""

from __future__ import annotations

import json
import sqlite3

from drbot.memory.records import Plan, PlanStatus, PlanSummary, StepInPlan, StepStatus

# A step's attempts, oldest first, as a JSON array ({step} names the step row).
_ATTEMPTS = """json((SELECT json_group_array(json(attempt)) FROM (
            SELECT json_object(
              'id', a.id, 'attempted_at', a.attempted_at, 'outcome', a.outcome,
              'notes', a.notes, 'retracted', json(iif(r.attempt_id IS NULL, 'false', 'true'))
            ) AS attempt
            FROM plan_step_attempts a
            LEFT JOIN attempt_retractions r ON r.attempt_id = a.id
            WHERE a.step_id = {step}.id ORDER BY a.attempted_at, a.id)))"""

# Which removed steps a re-plan replaced.  A re-plan removes the steps and
# writes its revision in one transaction with one timestamp, and lists their ids
# in the revision's snapshot ("replaced"); for a revision written before that
# list existed, the timestamp alone says it.  Steps an undo removed are not
# replaced steps: they never stood in the plan the undo went back to.
# Re-plan revisions are found by their cause (plan_writes.replace_*: always
# "re-planned…"), read before the large snapshot column: a plan's hundreds of
# revisions cost little that way, where testing each one's created_at (stored
# after the snapshot) would read every snapshot.
_IS_REPLAN = "{r}.cause LIKE 're-planned%' AND {r}.undone_at IS NULL AND {r}.undoes IS NULL"
_REPLACED_IN = """{step}.removed_at = {r}.created_at
  AND ({r}.ids IS NULL OR EXISTS (SELECT 1 FROM json_each({r}.ids) WHERE value = {step}.id))"""

# Scoped to the user in the WHERE clause: someone else's plan is simply absent.
# ``steps`` are the live steps in order; ``replaced_steps`` those a re-plan
# took out, with their attempts, kept out of the numbering (no position: the
# numbers people type mean live steps only).  Only a re-plan replaces steps and
# times_replanned never goes back down, so a plan never re-planned skips the scan
# of its revisions (which grows with every change) and its replaced steps are [].
PLAN_JSON = f"""
WITH replans AS MATERIALIZED (
  SELECT revision, created_at, json_extract(snapshot, '$.replaced') AS ids
  FROM plan_revisions r WHERE r.plan_id = :plan_id AND {_IS_REPLAN.format(r="r")})
SELECT json_object(
  'id', p.id, 'title', p.title, 'description', p.description, 'status', p.status,
  'created_at', p.created_at, 'updated_at', p.updated_at,
  'times_replanned', p.times_replanned,
  'steps', json((SELECT json_group_array(json(step)) FROM (
      SELECT json_object(
        'id', s.id, 'position', s.position, 'title', s.title, 'notes', s.notes,
        'status', s.status, 'status_note', s.status_note, 'status_since', s.status_since,
        'estimated_days', s.estimated_days, 'expected_outcome', s.expected_outcome,
        'wait_until', s.wait_until, 'wait_at_time', s.wait_at_time,
        'due_date', s.due_date,
        'created_at', s.created_at, 'updated_at', s.updated_at,
        'attempts', {_ATTEMPTS.format(step="s")}
      ) AS step
      FROM plan_steps s WHERE s.plan_id = p.id AND s.removed_at IS NULL
      ORDER BY s.position))),
  'replaced_steps', json(iif(p.times_replanned = 0, '[]', (SELECT json_group_array(json(step)) FROM (
      SELECT json_object(
        'id', x.id, 'title', x.title, 'notes', x.notes, 'status', x.status,
        'status_note', x.status_note, 'estimated_days', x.estimated_days,
        'created_at', x.created_at, 'replaced_at', rv.created_at,
        'replaced_in', rv.revision, 'attempts', {_ATTEMPTS.format(step="x")}
      ) AS step
      FROM plan_steps x JOIN replans rv ON {_REPLACED_IN.format(step="x", r="rv")}
      WHERE x.plan_id = p.id AND x.removed_at IS NOT NULL
      ORDER BY rv.revision, x.position)))),
  'notes', json((SELECT json_group_array(json(note)) FROM (
      SELECT json_object('id', n.id, 'kind', n.kind, 'text', n.text,
                         'created_at', n.created_at) AS note
      FROM plan_notes n WHERE n.plan_id = p.id AND n.removed_at IS NULL ORDER BY n.id)))
) AS plan
FROM plans p WHERE p.id = :plan_id AND p.user_id = :user_id
"""

LIST_PLANS = """
SELECT p.id, p.title, p.description, p.status, p.created_at, p.updated_at,
       p.times_replanned,
       count(s.id) AS total,
       coalesce(sum(s.status = 'pending'), 0) AS pending,
       coalesce(sum(s.status = 'in_progress'), 0) AS in_progress,
       coalesce(sum(s.status = 'done'), 0) AS done,
       coalesce(sum(s.status = 'skipped'), 0) AS skipped,
       coalesce(sum(s.status = 'blocked'), 0) AS blocked
FROM plans p
LEFT JOIN plan_steps s ON s.plan_id = p.id AND s.removed_at IS NULL
WHERE p.user_id = :user_id AND (:status = 'all' OR p.status = :status)
GROUP BY p.id
ORDER BY p.id
"""

STEP = """
SELECT s.id, s.plan_id, p.title AS plan_title, p.status AS plan_status, s.position, s.title,
       s.status, s.status_note, s.wait_until, s.wait_at_time, s.due_date
FROM plan_steps s JOIN plans p ON p.id = s.plan_id
WHERE s.id = :step_id AND p.user_id = :user_id AND s.removed_at IS NULL
"""

PLAN_TITLES = "SELECT id, title, status FROM plans WHERE user_id = :user_id ORDER BY id DESC"

# The stale frontier (docs/ARCHITECTURE.md, "Stale"): per active plan its in-progress
# steps, or, only when none is in progress, its first pending step; later
# pending steps wait their turn.  The first pending step's clock starts when it
# became the first open step: the newest status change of the done or skipped
# steps before it (undo restores those stamps with the statuses, so an undone
# "done" gives the clock back too), else its own status_since.
# A sample plan (onboarding's example, migration 0022) is never in a briefing:
# every read below leaves its steps out.
# Migration 0018's triggers keep that rule's answer on each step: stale_clock
# is the moment a frontier step's clock started (NULL off the frontier), so a
# step is stale when stale_clock < :cutoff, and stale_clock is its last activity.
# A stale row carries what the briefing line says ("… has been in progress for
# 9 days", the last attempt and its outcome), nothing more: the everyone-scan
# returns ~28,000 rows at 10,000 people, and each column costs a Python object
# per row (docs/PERFORMANCE.md).
# {from} is where the scan starts: one person's plans (plans_by_user), or for
# everyone the covering index of frontier steps (plan_steps_stale: one range
# read, no step row read) — the briefing job's hot path.
_STALE = """
SELECT p.user_id, p.id AS plan_id, p.title AS plan_title, s.id AS step_id,
       s.position, s.title, s.status, s.last_attempt_at, s.last_outcome,
       s.stale_clock AS last_activity
FROM {from}
WHERE s.stale_clock < :cutoff AND p.sample = 0 {user} {not_stuck}
ORDER BY p.user_id, last_activity, p.id, s.position
"""


# In progress for longer than multiplier x the step's estimate (on an
# in-progress step s).
_IS_STUCK = """s.estimated_days IS NOT NULL
  AND (s.wait_until IS NULL OR s.wait_until <= :now)
  AND julianday(:now) - julianday(s.status_since) > :multiplier * s.estimated_days"""
_STUCK = f"""
SELECT p.user_id, p.id AS plan_id, p.title AS plan_title, s.id AS step_id, s.position,
       s.title, s.status, s.status_since, s.estimated_days,
       julianday(:now) - julianday(s.status_since) AS days_in_status,
       s.last_attempt_at, s.last_outcome
FROM plans p JOIN plan_steps s ON s.plan_id = p.id
WHERE p.status = 'active' AND p.sample = 0 {{user}} AND s.removed_at IS NULL
  AND s.status = 'in_progress' AND {_IS_STUCK}
ORDER BY p.user_id, days_in_status / s.estimated_days DESC, p.id, s.position
"""

STUCK = _STUCK.replace("{user}", "AND p.user_id = :user_id")
STUCK_FOR_EVERYONE = _STUCK.replace("{user}", "")

_EVERYONE = "plan_steps s INDEXED BY plan_steps_stale JOIN plans p ON p.id = s.plan_id"
_FROM_PLANS = "plans p CROSS JOIN plan_steps s ON s.plan_id = p.id"
STALE_FOR_USER = (
    _STALE.replace("{from}", _FROM_PLANS)
    .replace("{user}", "AND p.user_id = :user_id")
    .replace("{not_stuck}", "")
)
STALE_FOR_EVERYONE = (
    _STALE.replace("{from}", _EVERYONE).replace("{user}", "").replace("{not_stuck}", "")
)
# For the briefing, which shows a step once (due, then stuck, then stale):
# the stale steps that are not also stuck.  At 10,000 people half of the
# stale in-progress steps are stuck too; leaving them out here spares
# sorting and converting ~13,000 rows the briefing would drop.
_NOT_STUCK = f"AND (s.status <> 'in_progress' OR ({_IS_STUCK}) IS NOT TRUE)"
STALE_NOT_STUCK_FOR_EVERYONE = (
    _STALE.replace("{from}", _EVERYONE).replace("{user}", "").replace("{not_stuck}", _NOT_STUCK)
)

# The waiting date has come and nothing has happened to the step since.  A
# reminder at a time of day is the reminder job's while it stands (its moment
# after :reminders_from, memory.step_reminders.STANDING): the briefing does not
# repeat it.
_DUE = """
SELECT p.user_id, p.id AS plan_id, p.title AS plan_title, s.id AS step_id, s.position,
       s.title, s.status, s.status_note, s.wait_until, s.wait_set_at,
       s.last_attempt_at, s.last_outcome
FROM plans p JOIN plan_steps s ON s.plan_id = p.id
WHERE p.status = 'active' AND p.sample = 0 {user} AND s.removed_at IS NULL
  AND s.status NOT IN ('done', 'skipped')
  AND s.wait_until IS NOT NULL AND s.wait_until <= :now
  AND NOT (s.wait_at_time = 1 AND s.wait_until > :reminders_from)
  AND s.status_since < s.wait_until
  AND coalesce(s.last_attempt_at, '') < s.wait_until
ORDER BY p.user_id, s.wait_until, p.id, s.position
"""

DUE = _DUE.replace("{user}", "AND p.user_id = :user_id")
DUE_FOR_EVERYONE = _DUE.replace("{user}", "")

# The same three reads for some people only (:users, a JSON array of ids),
# each starting from those people's plans (plans_by_user): the every-minute
# briefing job asks for the few people whose morning it is.  Reading a person's
# plans costs ~0.04 ms, so up to FEW_PEOPLE of them this beats scanning
# everyone (~0.15 s at 10,000 people; docs/PERFORMANCE.md); beyond that the
# everyone-scans are used and the other people's rows ignored.
FEW_PEOPLE = 1000
_SOME = "AND p.user_id IN (SELECT value FROM json_each(:users))"
DUE_FOR_SOME = _DUE.replace("{user}", _SOME)
STUCK_FOR_SOME = _STUCK.replace("{user}", _SOME)
STALE_NOT_STUCK_FOR_SOME = (
    _STALE.replace("{from}", _FROM_PLANS)
    .replace("{user}", _SOME)
    .replace("{not_stuck}", _NOT_STUCK)
)


# Open steps with a due date up to :latest_day (migration 0025), for the morning
# agenda: due today and overdue are told apart per person, in their zone.  Read
# from the partial index plan_steps_due for everyone (or many people), from the
# person's plans for one.  A step waiting until a later moment (snoozed) is kept:
# the agenda decides what its wait means.
_DATED = """
SELECT p.user_id, p.id AS plan_id, p.title AS plan_title, s.id AS step_id, s.position,
       s.title, s.status, s.status_note, s.status_since, s.due_date, s.wait_until,
       s.last_attempt_at, s.last_outcome
FROM {from}
WHERE s.due_date IS NOT NULL AND s.due_date <= :latest_day AND s.removed_at IS NULL
  AND s.status NOT IN ('done', 'skipped') AND p.status = 'active' AND p.sample = 0 {user}
ORDER BY p.user_id, s.due_date, p.id, s.position
"""
DATED_FOR_SOME = _DATED.replace(
    "{from}", "plan_steps s INDEXED BY plan_steps_due JOIN plans p ON p.id = s.plan_id"
).replace("{user}", _SOME)
DATED_FOR_USER = _DATED.replace("{from}", _FROM_PLANS).replace("{user}", "AND p.user_id = :user_id")
DATED_FOR_FEW = _DATED.replace("{from}", _FROM_PLANS).replace("{user}", _SOME)


# Each revision with the steps it replaced (a re-plan still in effect), each
# with its count of attempts that stand (not undone).
HISTORY = f"""
SELECT p.id AS plan_id, r.revision, r.cause, r.origin, r.created_at,
       r.undone_at, r.undoes,
       iif({_IS_REPLAN.format(r="r")}, (SELECT json_group_array(json(step)) FROM (
          SELECT json_object('id', x.id, 'title', x.title, 'status', x.status,
                             'attempts', (SELECT count(*) FROM plan_step_attempts a
                                          WHERE a.step_id = x.id AND a.id NOT IN
                                            (SELECT attempt_id FROM attempt_retractions))
                 ) AS step
          FROM plan_steps x, (SELECT r.created_at,
                                     json_extract(r.snapshot, '$.replaced') AS ids) AS rv
          WHERE x.plan_id = p.id AND {_REPLACED_IN.format(step="x", r="rv")}
          ORDER BY x.position)), '[]') AS replaced
FROM plans p LEFT JOIN plan_revisions r ON r.plan_id = p.id
WHERE p.id = :plan_id AND p.user_id = :user_id
ORDER BY r.revision
"""

# The plan as it stands, for a revision row (read inside the write transaction).
SNAPSHOT = """
SELECT json_object(
  'plan', (SELECT json_object('title', title, 'description', description, 'status', status,
                              'times_replanned', times_replanned)
           FROM plans WHERE id = :plan_id),
  'steps', json((SELECT json_group_array(json(step)) FROM (
      SELECT json_object('id', id, 'position', position, 'title', title, 'notes', notes,
                         'status', status, 'status_note', status_note,
                         'status_since', status_since, 'estimated_days', estimated_days,
                         'expected_outcome', expected_outcome, 'wait_until', wait_until,
                         'wait_at_time', wait_at_time, 'due_date', due_date,
                         'due_set_at', due_set_at) AS step
      FROM plan_steps WHERE plan_id = :plan_id AND removed_at IS NULL ORDER BY position))),
  'last_attempt_id', (SELECT coalesce(max(a.id), 0) FROM plan_step_attempts a
                      JOIN plan_steps s ON s.id = a.step_id WHERE s.plan_id = :plan_id),
  'last_note_id', (SELECT coalesce(max(id), 0) FROM plan_notes WHERE plan_id = :plan_id)
)
"""


def plan_from_json(text: str) -> Plan:
    plan: Plan = json.loads(text)
    plan["status"] = PlanStatus(plan["status"])
    for step in [*plan["steps"], *plan["replaced_steps"]]:
        step["status"] = StepStatus(step["status"])
        for attempt in step["attempts"]:
            attempt["retracted"] = bool(attempt["retracted"])
    return plan


def summary_from_row(row: sqlite3.Row) -> PlanSummary:
    return {
        "id": row["id"],
        "title": row["title"],
        "description": row["description"],
        "status": PlanStatus(row["status"]),
        "created_at": row["created_at"],
        "updated_at": row["updated_at"],
        "times_replanned": row["times_replanned"],
        "total": row["total"],
        # Every change to a plan (attempts included) moves its updated_at.
        "last_activity": row["updated_at"],
        "counts": {
            "pending": row["pending"],
            "in_progress": row["in_progress"],
            "done": row["done"],
            "skipped": row["skipped"],
            "blocked": row["blocked"],
        },
    }


def step_from_row(row: sqlite3.Row) -> StepInPlan:
    """A ``STEP`` row, its statuses as the enums ``get_plan`` hands out."""
    return {
        "id": row["id"],
        "plan_id": row["plan_id"],
        "plan_title": row["plan_title"],
        "plan_status": PlanStatus(row["plan_status"]),
        "position": row["position"],
        "title": row["title"],
        "status": StepStatus(row["status"]),
        "status_note": row["status_note"],
        "wait_until": row["wait_until"],
        "wait_at_time": row["wait_at_time"],
        "due_date": row["due_date"],
    }
