"""Updates fetched but not yet claimed by a handler, kept across a crash.

``keep`` runs when an update is scheduled (before it waits for its chat);
``leaves_with_its_handling`` claims the update (``processed_updates``: delivered
again, it stops at the duplicate filter, ``ConversationStore.claim_update``) and
removes it from the inbox, both with the first change its handling commits, or
just before the first thing the handling sends (``Database.write_waiting``), or at
its end, whichever comes first; ``pending`` lists what a crash left behind, for
replay at start-up.  A crash before any of these leaves the update unclaimed and
in the inbox: it is replayed and handled (nothing of it was committed or sent).
One replayed after its claim stops at the duplicate filter: an update is never
handled twice, and a claim that finds the update claimed already rolls back the
change it rides with (``AlreadyClaimed``).

Updates kept at about the same time (Telegram hands them over in batches of up
to 100) share one transaction: one commit for the batch instead of one each.
Every ``keep`` still returns only once its update is committed.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from contextvars import ContextVar
from typing import Any

from drbot.memory.clock import Clock, iso, system_clock
from drbot.memory.database import Database

_KEEP = (
    "INSERT OR IGNORE INTO inbox (update_id, received_at, payload)"
    " SELECT ?, ?, ? WHERE NOT EXISTS"
    " (SELECT 1 FROM processed_updates WHERE update_id = ?)"
)
_CLAIM = "INSERT OR IGNORE INTO processed_updates (update_id, processed_at) VALUES (?, ?)"
# The update whose claim rides its handling's first write, in this task.
_CLAIMED_WITH_ITS_HANDLING: ContextVar[int | None] = ContextVar(
    "drbot_claimed_with_its_handling", default=None
)


def handling_now() -> int | None:
    """The update this task is handling, when its claim rides its handling."""
    return _CLAIMED_WITH_ITS_HANDLING.get()


def claim_rides(update_id: int) -> bool:
    """Whether ``update_id``'s claim rides the first write of the handling this task
    is in (``Inbox.leaves_with_its_handling``): the duplicate filter then only reads."""
    return _CLAIMED_WITH_ITS_HANDLING.get() == update_id


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

    @asynccontextmanager
    async def leaves_with_its_handling(self, update_id: int) -> AsyncIterator[None]:
        """A block handling the update: the update's claim and its inbox row's
        deletion are written with the first change the block commits (a mark line:
        the marks, the claim and the deletion in one commit), or before the first
        thing it sends, or on their own when the block ends."""
        token = _CLAIMED_WITH_ITS_HANDLING.set(update_id)
        try:
            async with (
                self.db.with_next_write("DELETE FROM inbox WHERE update_id = ?", (update_id,)),
                self.db.with_next_write(_CLAIM, (update_id, iso(self._clock())), claims=True),
            ):
                yield
        finally:
            _CLAIMED_WITH_ITS_HANDLING.reset(token)

    async def pending(self) -> list[dict[str, Any]]:
        rows = await self.db.fetch_all("SELECT payload FROM inbox ORDER BY update_id")
        return [json.loads(row["payload"]) for row in rows]
