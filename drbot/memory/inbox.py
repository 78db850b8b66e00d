"""Updates fetched but not yet claimed by a handler, kept across a crash.

``keep`` runs when an update is scheduled (before it waits for its chat);
``ConversationStore.mark_update_processed`` removes it when a handler claims
it; ``pending`` lists what a crash left behind, for replay at start-up.
"""

from __future__ import annotations

import json
from typing import Any

from drbot.memory.clock import Clock, iso, system_clock
from drbot.memory.database import Database


class Inbox:
    def __init__(self, db: Database, *, clock: Clock = system_clock) -> None:
        self.db = db
        self._clock = clock

    async def keep(self, update_id: int, payload: dict[str, Any]) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT OR IGNORE INTO inbox (update_id, received_at, payload)"
                " SELECT ?, ?, ? WHERE NOT EXISTS"
                " (SELECT 1 FROM processed_updates WHERE update_id = ?)",
                (update_id, iso(self._clock()), json.dumps(payload), update_id),
            )

    async def pending(self) -> list[dict[str, Any]]:
        rows = await self.db.fetch_all("SELECT payload FROM inbox ORDER BY update_id")
        return [json.loads(row["payload"]) for row in rows]
