"""Commitments the person declined (migration 0011), so they are not offered again.

"I'll call the council tomorrow" is offered for tracking with Yes / No.  No is
remembered for that message: sending it again (or the model reading it again)
offers nothing.  The message is known by a key (a hash of its words, made by
the caller), never kept as text.  Rows are kept for ``KEEP``, then pruned.
"""

from __future__ import annotations

from datetime import timedelta

from drbot.memory import limits
from drbot.memory.clock import Clock, iso, system_clock
from drbot.memory.database import Database

KEEP = timedelta(days=90)  # long after anyone would repeat the same sentence
MAX_KEY = 64


class DeclinedCommitments:
    def __init__(self, db: Database, *, clock: Clock = system_clock) -> None:
        self.db = db
        self._clock = clock

    async def remember(self, user_id: int, message_key: str) -> None:
        """Record that this person said No for this message (again: no change);
        drops rows older than ``KEEP`` in the same transaction."""
        key = _key(message_key)
        now = self._clock()
        async with self.db.transaction() as conn:
            await conn.execute(
                "DELETE FROM declined_commitments WHERE declined_at < ?", (iso(now - KEEP),)
            )
            await conn.execute(
                "INSERT OR IGNORE INTO declined_commitments (user_id, message_key, declined_at)"
                " VALUES (?, ?, ?)",
                (limits.user_id(user_id), key, iso(now)),
            )

    async def declined(self, user_id: int, message_key: str) -> bool:
        """Whether this person said No for this message within ``KEEP``."""
        row = await self.db.fetch_one(
            "SELECT 1 FROM declined_commitments WHERE user_id = ? AND message_key = ?"
            " AND declined_at >= ?",
            (limits.user_id(user_id), _key(message_key), iso(self._clock() - KEEP)),
        )
        return row is not None


def _key(value: str) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= MAX_KEY:
        raise ValueError(f"A message key is 1 to {MAX_KEY} characters.")
    return value
