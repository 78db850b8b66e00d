"""Which messages in a chat are a plan's live view (migration 0008).

A plan view carries buttons that act on the plan.  Only the newest view of a
plan in a chat keeps them: ``replace`` records the new view and hands back the
previous one's messages, whose buttons the bot then removes.  ``user_id`` is
the plan's owner as every PlanStore call takes it (``owners``: in a group, the
group's chat id).
"""

from __future__ import annotations

import json
import sqlite3

from drbot.memory import limits
from drbot.memory.clock import Clock, iso, system_clock
from drbot.memory.database import Database


class PlanViews:
    def __init__(self, db: Database, *, clock: Clock = system_clock) -> None:
        self.db = db
        self._clock = clock

    async def replace(
        self, chat_id: int, user_id: int, plan_id: int, message_ids: list[int]
    ) -> list[int]:
        """Record ``message_ids`` as the plan's live view in the chat; returns the
        messages of the view it replaces (none when there was none)."""
        user_id = limits.user_id(user_id)
        now = iso(self._clock())

        # After every answer that shows a plan: one round trip to the database's thread.
        def record(conn: sqlite3.Connection) -> list[sqlite3.Row]:
            rows = conn.execute(
                "SELECT message_ids FROM plan_views WHERE chat_id = ? AND plan_id = ?"
                " AND user_id = ?",
                (chat_id, plan_id, user_id),
            ).fetchall()
            # Only the owner's plan: a forged id for someone else's plan finds no
            # row to replace and writes none (the foreign key alone would allow it).
            conn.execute(
                "INSERT INTO plan_views (chat_id, plan_id, user_id, message_ids, sent_at)"
                " SELECT ?, id, user_id, ?, ? FROM plans WHERE id = ? AND user_id = ?"
                " ON CONFLICT (chat_id, plan_id) DO UPDATE SET"
                " message_ids = excluded.message_ids, sent_at = excluded.sent_at",
                (chat_id, json.dumps(message_ids), now, plan_id, user_id),
            )
            return rows

        # Housekeeping: a view forgotten in a power cut keeps its buttons, and every
        # press is checked against the status its button was made for.
        rows = await self.db.write(record, durable=False)
        previous = json.loads(rows[0]["message_ids"]) if rows else []
        return [mid for mid in previous if mid not in message_ids]

    async def live(self, chat_id: int, user_id: int, plan_id: int) -> list[int]:
        """The messages of the plan's live view in the chat, in order."""
        row = await self.db.fetch_one(
            "SELECT message_ids FROM plan_views WHERE chat_id = ? AND plan_id = ? AND user_id = ?",
            (chat_id, plan_id, limits.user_id(user_id)),
        )
        return json.loads(row["message_ids"]) if row else []
