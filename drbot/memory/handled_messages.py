"""Which messages drbot acted on (migration 0009), for edited messages.

Telegram sends an edit as a separate update.  Applying it again would do the
work twice ("✓ 2" edited to "✓ 3" marks both), so an edit is only handled
when its message never was (a group message edited to mention the bot).
Rows are kept for ``KEEP`` (``memory.retention`` prunes); an edit of an older
message is never applied.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime, timedelta

from drbot.memory import limits
from drbot.memory.clock import Clock, iso, system_clock
from drbot.memory.database import Database

KEEP = timedelta(days=14)


class HandledMessages:
    def __init__(self, db: Database, *, clock: Clock = system_clock) -> None:
        self.db = db
        self._clock = clock

    async def claim(self, chat_id: int, message_id: int, user_id: int, sent_at: datetime) -> bool:
        """Mark the message as acted on; False when it already was (or is too old
        to know).  Rows older than ``KEEP`` are pruned by ``memory.retention``."""
        now = self._clock()
        if now - sent_at > KEEP:
            return False
        async with self.db.transaction() as conn:
            cursor = await conn.execute(
                _CLAIM, (chat_id, message_id, limits.user_id(user_id), iso(now))
            )
            return cursor.rowcount == 1

    @asynccontextmanager
    async def claimed_with_its_change(
        self, chat_id: int, message_id: int, user_id: int
    ) -> AsyncIterator[None]:
        """A new message, acted on within this block: its row is written with the
        first change the block commits (a mark line: the marks and the claim in one
        commit), or on its own when the block ends without one."""
        params = (chat_id, message_id, limits.user_id(user_id), iso(self._clock()))
        async with self.db.with_next_write(_CLAIM, params):
            yield


_CLAIM = (
    "INSERT OR IGNORE INTO handled_messages (chat_id, message_id, user_id, handled_at)"
    " VALUES (?, ?, ?, ?)"
)
