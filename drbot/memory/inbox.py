"""Updates fetched but not yet claimed by a handler, kept across a crash.

``keep`` runs when an update is scheduled (before it waits for its chat);
``leaves_with_its_handling`` removes it with the first change its handling
commits (or at its end); ``pending`` lists what a crash left behind, for replay
at start-up.  One replayed after its handler claimed it
(``ConversationStore.claim_update``, committed before the work) stops
at that claim and leaves: an update is never handled twice.

Updates kept at about the same time (Telegram hands them over in batches of up
to 100) share one transaction: one commit for the batch instead of one each.
Every ``keep`` still returns only once its update is committed.
"""

from __future__ import annotations

import asyncio
import json
from contextlib import AbstractAsyncContextManager
from typing import Any

from drbot.memory.clock import Clock, iso, system_clock
from drbot.memory.database import Database

_KEEP = (
    "INSERT OR IGNORE INTO inbox (update_id, received_at, payload)"
    " SELECT ?, ?, ? WHERE NOT EXISTS"
    " (SELECT 1 FROM processed_updates WHERE update_id = ?)"
)


class Inbox:
    def __init__(self, db: Database, *, clock: Clock = system_clock) -> None:
        self.db = db
        self._clock = clock
        self._waiting: list[tuple[int, str, str, int]] = []  # for the next transaction
        self._next: asyncio.Future[None] | None = None  # that transaction, once started

    async def keep(self, update_id: int, payload: dict[str, Any]) -> None:
        self._waiting.append((update_id, iso(self._clock()), json.dumps(payload), update_id))
        if self._next is None:
            self._next = asyncio.ensure_future(self._write_waiting())
        # Shielded: one keeper cancelled must not cancel the others' transaction.
        await asyncio.shield(self._next)

    async def _write_waiting(self) -> None:
        # Started by the first keeper of a batch; the batch's other updates are
        # scheduled by then and join before it runs.
        await asyncio.sleep(0)
        rows, self._waiting, self._next = self._waiting, [], None
        await self.db.write(lambda conn: conn.executemany(_KEEP, rows))

    def leaves_with_its_handling(self, update_id: int) -> AbstractAsyncContextManager[None]:
        """A block handling the update: its inbox row is deleted with the first
        change the block commits, or on its own when the block ends."""
        return self.db.with_next_write("DELETE FROM inbox WHERE update_id = ?", (update_id,))

    async def pending(self) -> list[dict[str, Any]]:
        rows = await self.db.fetch_all("SELECT payload FROM inbox ORDER BY update_id")
        return [json.loads(row["payload"]) for row in rows]
