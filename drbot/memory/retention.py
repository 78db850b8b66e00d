"""Retention: what is kept, for how long, so that nothing grows without bound
(docs/RETENTION.md states the rule for people; this is the rule for SQLite).

``prune(db, now)`` runs at start and then every hour (bot/app.py).  It only
removes what no promise needs:

* conversation turns: the model sees at most the newest ``max_turns`` (20) of
  a person's conversation in a chat, and /usage and the daily token budget sum
  today's.  A turn goes when it is both older than ``TURN_DAYS`` and not among
  the newest ``TURNS_PER_CHAT`` of its conversation: its (chat, person), since
  a group keeps one conversation per person (0013_chat_per_person.sql), so one
  busy member never pushes out a quieter member's history.
* plan revisions: /undo restores the second-newest revision still in effect,
  and repeated undos walk back through the ones before it; ``plan_history``
  and export show every revision's cause, time and origin, never its
  snapshot.  So every row stays, and a snapshot is emptied (``THINNED``) when
  the revision is older than ``REVISION_DAYS`` and not one of its plan's
  newest ``FULL_REVISIONS`` in effect.  Undo stops, with a plain message, at
  the first thinned snapshot (plan_revisions.undo_latest).
* briefing records (``briefings_sent``): only today's row matters (the
  once-a-day claim); ``BRIEFING_DAYS`` of them are kept for looking back.
* handled messages (``handled_messages``): an edit of a message older than
  ``handled_messages.KEEP`` is never applied anyway, so its row goes then.
* proactive sends (``proactive_sends``): a message's claim only has to outlive
  the time its producer may offer it again (a reminder a day, a review 12
  hours); settled ones (sent, gone, rejected, unknown, empty) go after
  ``SENDS_DAYS``.  Claims still open or waiting for a retry stay.
* reminders that are over (``personal_reminders``: a one-off that went out, or
  one the person cancelled or stopped): /reminders lists only active ones, a
  bare "undo" only takes back the newest active one, and a Done press on a
  message that old is answered "no such reminder"; so they go ``REMINDER_DAYS``
  after their last change.  Active reminders, repeating ones included, stay.

Plans, steps, attempts and notes are never pruned: they are what people
asked drbot to remember (``/forget`` removes them on request).  The
duplicate filter's ``processed_updates`` is pruned by the scheduler's
housekeeping job (7 days).

Every batch of at most ``BATCH`` rows is its own short transaction, so a
prune never holds the writer for long while people are writing.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from drbot.memory.clock import iso
from drbot.memory.database import Database
from drbot.memory.handled_messages import KEEP as HANDLED_KEEP

TURNS_PER_CHAT = 200  # per (chat, person): 10x what the model is ever sent (max_turns)
TURN_DAYS = 30  # and a month of everything, whatever the count
FULL_REVISIONS = 10  # undo depth per plan
REVISION_DAYS = 30
BRIEFING_DAYS = 60
SENDS_DAYS = 7
REMINDER_DAYS = 30
BATCH = 500
THINNED = ""  # a revision's snapshot once thinned (the column is NOT NULL)

# Each conversation's floor (the id of its newest TURNS_PER_CHAT-th turn) is found
# once, on the (chat_id, user_id, id) index (0019); then only turns below it are
# looked at.  (No WITH: the sqlite3 module reports no rowcount for a statement
# that starts with it.)
_TURNS = """
DELETE FROM turns WHERE id IN (
  SELECT t.id FROM (
    SELECT c.chat_id, c.user_id,
           (SELECT k.id FROM turns k WHERE k.chat_id = c.chat_id AND k.user_id = c.user_id
            ORDER BY k.id DESC LIMIT 1 OFFSET :keep - 1) AS floor
    FROM (SELECT DISTINCT chat_id, user_id FROM turns) c) f
  JOIN turns t ON t.chat_id = f.chat_id AND t.id < f.floor AND t.user_id = f.user_id
  WHERE t.started_at < :cutoff
  LIMIT :batch)
"""

# In effect: neither undone nor an undo record (plan_revisions._IN_EFFECT).
_REVISIONS = """
UPDATE plan_revisions SET snapshot = :thinned WHERE id IN (
  SELECT r.id FROM plan_revisions r
  WHERE r.snapshot != :thinned AND r.created_at < :cutoff
    AND NOT (r.undone_at IS NULL AND r.undoes IS NULL
             AND (SELECT count(*) FROM plan_revisions n
                  WHERE n.plan_id = r.plan_id AND n.revision > r.revision
                    AND n.undone_at IS NULL AND n.undoes IS NULL) < :keep)
  LIMIT :batch)
"""

_HANDLED = """
DELETE FROM handled_messages WHERE rowid IN (
  SELECT rowid FROM handled_messages WHERE handled_at < :cutoff LIMIT :batch)
"""

_SENDS = """
DELETE FROM proactive_sends WHERE rowid IN (
  SELECT rowid FROM proactive_sends
  WHERE state IN ('sent', 'gone', 'rejected', 'unknown', 'empty') AND due_at < :cutoff
  LIMIT :batch)
"""

_REMINDERS = """
DELETE FROM personal_reminders WHERE id IN (
  SELECT id FROM personal_reminders
  WHERE status IN ('finished', 'cancelled') AND updated_at < :cutoff
  LIMIT :batch)
"""

_BRIEFINGS = """
DELETE FROM briefings_sent WHERE rowid IN (
  SELECT rowid FROM briefings_sent WHERE sent_at < :cutoff LIMIT :batch)
"""


async def prune(db: Database, now: datetime) -> dict[str, int]:
    """Remove (or thin) what the retention rule lets go; returns counts by kind."""
    return {
        "turns": await _in_batches(
            db, _TURNS, {"cutoff": _ago(now, TURN_DAYS), "keep": TURNS_PER_CHAT}
        ),
        "revisions_thinned": await _in_batches(
            db,
            _REVISIONS,
            {"cutoff": _ago(now, REVISION_DAYS), "keep": FULL_REVISIONS, "thinned": THINNED},
        ),
        "briefings": await _in_batches(db, _BRIEFINGS, {"cutoff": _ago(now, BRIEFING_DAYS)}),
        "handled_messages": await _in_batches(db, _HANDLED, {"cutoff": iso(now - HANDLED_KEEP)}),
        "proactive_sends": await _in_batches(db, _SENDS, {"cutoff": _ago(now, SENDS_DAYS)}),
        "reminders": await _in_batches(db, _REMINDERS, {"cutoff": _ago(now, REMINDER_DAYS)}),
    }


async def _in_batches(db: Database, sql: str, params: dict[str, Any]) -> int:
    total = 0
    while True:
        async with db.transaction() as conn:
            cursor = await conn.execute(sql, {**params, "batch": BATCH})
        total += cursor.rowcount
        if cursor.rowcount < BATCH:
            return total


def _ago(now: datetime, days: int) -> str:
    return iso(now - timedelta(days=days))
