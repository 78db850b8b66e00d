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
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from drbot.memory.clock import Clock, iso, system_clock
from drbot.memory.database import Database

_KEEP = (
    "INSERT OR IGNORE INTO inbox (update_id, received_at, payload)"
    " SELECT ?, ?, ? WHERE NOT EXISTS"
    " (SELECT 1 FROM processed_updates WHERE update_id = ?)"
)
_CLAIM = "INSERT OR IGNORE INTO processed_updates (update_id, processed_at) VALUES (?, ?)"
# Of a batch just kept ([update id, sender] pairs as JSON): each update's claim made
# before, and whether its sender has blocked the bot (a briefing refused: ``briefings``).
_KNOWN = (
    "SELECT b.id, EXISTS (SELECT 1 FROM processed_updates WHERE update_id = b.id),"
    " coalesce((SELECT blocked_at IS NOT NULL FROM recipients WHERE user_id = b.sender), 0)"
    " FROM (SELECT json_extract(value, '$[0]') AS id, json_extract(value, '$[1]') AS sender"
    " FROM json_each(?)) b"
)


@dataclass(frozen=True)
class Handling:
    """The update a task is handling, whose claim rides the handling's first write;
    ``known``: (claimed before, sender blocked) as its keep read them, when nothing
    can have changed the first since (None: the duplicate filter reads afresh)."""

    update_id: int
    known: tuple[bool, bool] | None


_HANDLING: ContextVar[Handling | None] = ContextVar("drbot_handling", default=None)


def handling_now() -> int | None:
    """The update this task is handling, when its claim rides its handling."""
    handling = _HANDLING.get()
    return None if handling is None else handling.update_id


def handling(update_id: int) -> Handling | None:
    """This task's handling of ``update_id`` (``Inbox.leaves_with_its_handling``), if
    it is in one: its claim rides the handling's first write."""
    found = _HANDLING.get()
    return found if found is not None and found.update_id == update_id else None


class _Batch(asyncio.Future[dict[int, tuple[bool, bool]]]):
    """One batch's commit, awaited by each of its keepers directly: its result wakes
    each keeper with one callback (``asyncio.shield`` around a shared task took three:
    the inner and the outer future's callbacks, then the keeper's wake-up).  A keeper
    cancelled while it waits must not cancel the others' commit, and a task cancels
    the future it awaits: so this future refuses, and the keeper's cancellation takes
    effect when the batch is settled (milliseconds later; the update's row is then
    kept and replayed, as when a keeper is cancelled just after its commit)."""

    writing: asyncio.Task[dict[int, tuple[bool, bool]]] | None = None

    def cancel(self, msg: object = None) -> bool:
        return False

    def settle(self, outcome: asyncio.Task[dict[int, tuple[bool, bool]]]) -> None:
        """As ``outcome`` ended (the batch's transaction, a task)."""
        if outcome.cancelled():
            asyncio.Future.cancel(self)
        elif (error := outcome.exception()) is not None:
            self.set_exception(error)
            # Raised to every keeper still waiting; one left by all is no stray error.
            self.exception()
        else:
            self.set_result(outcome.result())


class Inbox:
    def __init__(self, db: Database, *, clock: Clock = system_clock) -> None:
        self.db = db
        self._clock = clock
        self._waiting: list[tuple[int, str, str, int]] = []  # for the next transaction
        self._senders: list[tuple[int, int | None]] = []
        # That transaction, once started: (claimed before, blocked) by update id.
        self._next: _Batch | None = None

    async def keep(
        self, update_id: int, payload: dict[str, Any], sender: int | None = None
    ) -> tuple[bool, bool]:
        """Keep the update (committed when this returns); (whether it was claimed
        before, whether ``sender`` has blocked the bot), read in the same
        transaction: the duplicate filter then needs no read of its own."""
        self._waiting.append((update_id, iso(self._clock()), json.dumps(payload), update_id))
        self._senders.append((update_id, sender))
        if (batch := self._next) is None:
            batch = self._next = _Batch()
            # Held by the batch, so by every keeper: a task nothing holds may be collected.
            batch.writing = asyncio.ensure_future(self._write_waiting())
            batch.writing.add_done_callback(batch.settle)
        # The batch refuses to be cancelled: one keeper cancelled must not cancel the
        # others' transaction (``_Batch``).
        return (await batch)[update_id]

    async def _write_waiting(self) -> dict[int, tuple[bool, bool]]:
        # Started by the first keeper of a batch; the batch's other updates are
        # scheduled by then and join before it runs.
        await asyncio.sleep(0)
        rows, senders = self._waiting, json.dumps(self._senders)
        self._waiting, self._senders, self._next = [], [], None

        def keep(conn: sqlite3.Connection) -> dict[int, tuple[bool, bool]]:
            conn.executemany(_KEEP, rows)
            return {
                int(update_id): (bool(claimed), bool(blocked))
                for update_id, claimed, blocked in conn.execute(_KNOWN, (senders,))
            }

        return await self.db.write(keep)

    @asynccontextmanager
    async def leaves_with_its_handling(
        self, update_id: int, known: tuple[bool, bool] | None = None
    ) -> AsyncIterator[None]:
        """A block handling the update: the update's claim and its inbox row's
        deletion are written with the first change the block commits (a mark line:
        the marks, the claim and the deletion in one commit), or before the first
        thing it sends, or on their own when the block ends.  ``known``: what its
        ``keep`` read, when nothing can have claimed it since (``Handling``)."""
        token = _HANDLING.set(Handling(update_id, known))
        try:
            async with (
                self.db.with_next_write("DELETE FROM inbox WHERE update_id = ?", (update_id,)),
                self.db.with_next_write(_CLAIM, (update_id, iso(self._clock())), claims=True),
            ):
                yield
        finally:
            _HANDLING.reset(token)

    async def pending(self) -> list[dict[str, Any]]:
        rows = await self.db.fetch_all("SELECT payload FROM inbox ORDER BY update_id")
        return [json.loads(row["payload"]) for row in rows]
