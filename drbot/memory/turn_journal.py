"""The journal of model turns in progress, so a restart knows what a killed one did.

A model turn takes seconds to minutes and its tools commit as they go, but the
turn itself is stored (``ConversationStore.save_turn``) only when it ends.  A
process killed in between would leave changes that neither the chat's history
nor the person knows about; sending the message again would make them twice.
So (migration 0023):

* a write tool's change commits together with the turn's journal row
  (``record``, run inside the tool's own transaction through
  ``Database.also_in_each_write``): the person's message and every call that has
  committed so far.  The results follow in a small transaction of their own
  (``note_results``) once the round's calls have run, before the model is
  asked again;
* ``save_turn`` deletes the row in the transaction that stores the turn, so a
  row is there exactly while a turn with committed changes is unfinished;
* the "Working on it…" message a slow turn shows is noted too
  (``note_placeholder``), with the newest turn stored before that turn began,
  until its answer has replaced it (``drop_placeholder``).

At start-up ``drbot.ai.llm.interrupted`` makes what is left into stored turns
and the placeholders into words.  Each person's turn in a chat is keyed by
(chat, person): one runs at a time there.
"""

from __future__ import annotations

import json
from typing import Any

from aiosqlite import Connection

from drbot.memory import limits
from drbot.memory.clock import Clock, iso, system_clock
from drbot.memory.database import Database

_UPSERT = (
    "INSERT INTO turn_journal (chat_id, user_id, user_text, origin, started_at, calls)"
    " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (chat_id, user_id) DO UPDATE SET"
    " user_text = excluded.user_text, origin = excluded.origin,"
    " started_at = excluded.started_at, calls = excluded.calls"
)


async def record(
    conn: Connection,
    chat_id: int,
    user_id: int,
    *,
    user_text: str,
    origin: str | None,
    started_at: str,
    calls: list[dict[str, Any]],
) -> None:
    """The turn's committed calls so far; runs inside the caller's transaction."""
    await conn.execute(
        _UPSERT, (chat_id, limits.user_id(user_id), user_text, origin, started_at, _encode(calls))
    )


async def settle(conn: Connection, chat_id: int, user_id: int) -> None:
    """The turn is stored: its journal goes (inside the storing transaction)."""
    await conn.execute(
        "DELETE FROM turn_journal WHERE chat_id = ? AND user_id = ?", (chat_id, user_id)
    )


class TurnJournal:
    def __init__(self, db: Database, *, clock: Clock = system_clock) -> None:
        self.db = db
        self._clock = clock

    # -- the committed calls of a running turn ----------------------------------

    async def note_results(self, chat_id: int, user_id: int, calls: list[dict[str, Any]]) -> None:
        """The calls again, now with the newest one's result."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "UPDATE turn_journal SET calls = ? WHERE chat_id = ? AND user_id = ?",
                (_encode(calls), chat_id, limits.user_id(user_id)),
            )

    async def unfinished(self) -> list[dict[str, Any]]:
        """Every journalled turn that was never stored, oldest first."""
        rows = await self.db.fetch_all(
            "SELECT chat_id, user_id, user_text, origin, started_at, calls FROM turn_journal"
            " ORDER BY started_at"
        )
        return [{**dict(row), "calls": json.loads(row["calls"])} for row in rows]

    # -- "Working on it…" -------------------------------------------------------

    async def note_placeholder(
        self, chat_id: int, user_id: int, message_id: int, after_turn: int | None
    ) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT OR REPLACE INTO turn_placeholders (chat_id, user_id, message_id,"
                " after_turn, created_at) VALUES (?, ?, ?, ?, ?)",
                (chat_id, limits.user_id(user_id), message_id, after_turn or 0, iso(self._clock())),
            )

    async def drop_placeholder(self, chat_id: int, user_id: int, message_id: int) -> None:
        """The placeholder shows its answer (or never will): nothing left to fix."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "DELETE FROM turn_placeholders WHERE chat_id = ? AND user_id = ?"
                " AND message_id = ?",
                (chat_id, limits.user_id(user_id), message_id),
            )

    async def placeholders(self) -> list[dict[str, Any]]:
        rows = await self.db.fetch_all(
            "SELECT chat_id, user_id, message_id, after_turn FROM turn_placeholders"
            " ORDER BY created_at"
        )
        return [dict(row) for row in rows]


def _encode(calls: list[dict[str, Any]]) -> str:
    return json.dumps(calls, ensure_ascii=False, separators=(",", ":"))
