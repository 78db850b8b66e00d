"""Which messages in a chat are a plan's live view (migration 0008).

A plan view carries buttons that act on the plan.  Only the newest view of a
plan in a chat keeps them: ``replace`` records the new view and hands back the
previous one's messages, whose buttons the bot then removes.  The record only
decides which older message loses its buttons (every press is checked against
the status its button was made for), so it is written off the answer's path
(``PlanViews``).  ``user_id`` is the plan's owner as every PlanStore call takes it (``owners``: in a group, the
group's chat id).
"""

from __future__ import annotations

import json
from collections import OrderedDict

from drbot.memory import limits
from drbot.memory.clock import Clock, iso, system_clock
from drbot.memory.database import Database

# Live views remembered in memory, the least recently used let go first: one let go
# is read from the file again when next needed.
REMEMBERED = 10_000

_RECORD = (
    "INSERT INTO plan_views (chat_id, plan_id, user_id, message_ids, sent_at)"
    " SELECT ?, id, user_id, ?, ? FROM plans WHERE id = ? AND user_id = ?"
    " ON CONFLICT (chat_id, plan_id) DO UPDATE SET"
    " message_ids = excluded.message_ids, sent_at = excluded.sent_at"
)


class PlanViews:
    """The record is written off the answer's path: this process remembers each live
    view it recorded or read, and the row rides the next write transaction that
    commits (``Database.later``), or is written on its own within ``LATER_S`` seconds.
    It is housekeeping: a view whose record a crash lost keeps its buttons, and every
    press is checked against the status its button was made for."""

    def __init__(self, db: Database, *, clock: Clock = system_clock) -> None:
        self.db = db
        self._clock = clock
        # (chat, plan) -> (the plan's owner, the view's messages), as this process knows it
        self._known: OrderedDict[tuple[int, int], tuple[int, list[int]]] = OrderedDict()

    async def replace(
        self, chat_id: int, user_id: int, plan_id: int, message_ids: list[int]
    ) -> list[int]:
        """Record ``message_ids`` as the plan's live view in the chat; returns the
        messages of the view it replaces (none when there was none)."""
        user_id = limits.user_id(user_id)
        previous = self._remembered(chat_id, plan_id, user_id)
        if previous is None:
            # Not remembered (the first view of this plan here since the start): one read.
            row = await self.db.fetch_one(
                "SELECT (SELECT message_ids FROM plan_views WHERE chat_id = ? AND plan_id = ?"
                " AND user_id = ?) AS message_ids,"
                " EXISTS (SELECT 1 FROM plans WHERE id = ? AND user_id = ?) AS owned",
                (chat_id, plan_id, user_id, plan_id, user_id),
            )
            # Only the owner's plan: a forged id for someone else's plan is neither
            # remembered nor written (the foreign key alone would allow it).
            if row is None or not row["owned"]:
                return []
            previous = json.loads(row["message_ids"]) if row["message_ids"] else []
        message_ids = list(message_ids)
        self._remember(chat_id, plan_id, user_id, message_ids)
        # The statement checks the owner again: a plan gone meanwhile gets no row.
        self.db.later(
            ("plan_views", chat_id, plan_id),
            _RECORD,
            (chat_id, json.dumps(message_ids), iso(self._clock()), plan_id, user_id),
        )
        return [mid for mid in previous if mid not in message_ids]

    async def live(self, chat_id: int, user_id: int, plan_id: int) -> list[int]:
        """The messages of the plan's live view in the chat, in order."""
        user_id = limits.user_id(user_id)
        known = self._remembered(chat_id, plan_id, user_id)
        if known is not None:
            return list(known)
        row = await self.db.fetch_one(
            "SELECT message_ids FROM plan_views WHERE chat_id = ? AND plan_id = ? AND user_id = ?",
            (chat_id, plan_id, user_id),
        )
        if row is None:
            return []
        found: list[int] = json.loads(row["message_ids"])
        self._remember(chat_id, plan_id, user_id, found)
        return list(found)

    def forget(self, user_id: int) -> None:
        """Let go of what is remembered of ``user_id``'s plans (after /forget)."""
        user_id = limits.user_id(user_id)
        for key in [key for key, (owner, _) in self._known.items() if owner == user_id]:
            del self._known[key]

    def _remembered(self, chat_id: int, plan_id: int, user_id: int) -> list[int] | None:
        known = self._known.get((chat_id, plan_id))
        if known is None or known[0] != user_id:
            return None
        return known[1]

    def _remember(self, chat_id: int, plan_id: int, user_id: int, message_ids: list[int]) -> None:
        key = (chat_id, plan_id)
        self._known[key] = (user_id, message_ids)
        self._known.move_to_end(key)
        while len(self._known) > REMEMBERED:
            self._known.popitem(last=False)
