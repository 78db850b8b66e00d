"""BriefingLog — who got their morning briefing, which steps keep coming up,
and who blocked the bot (migration 0004).

"Once per person per local morning": :meth:`BriefingLog.claim` inserts the
morning's row before the message is sent, in one write transaction that first
checks nothing was sent since a moment the caller gives (the scheduler gives
the start of the person's local day in their zone *now*, or 12 hours ago if
that is earlier, which is what survives time-zone moves).  Only the first claim
wins, in whichever process or run it happens; the primary key (person,
morning key) backs that up.  A send that then fails on the network calls
:meth:`release` so a later run may try again the same morning; a person who
blocked the bot does not get their claim back (the day is over for them).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Awaitable, Callable, Iterable, Mapping

import aiosqlite

from drbot.memory import limits, plan_queries
from drbot.memory.clock import Clock, iso, system_clock
from drbot.memory.database import Database, Params


def next_times(stored: sqlite3.Row | None, activity_at: str | None, local_date: str) -> int:
    """How many briefings running a step has come up in, counting this one.

    New, or something happened to the step since it last came up → 1; the
    same local day again (a retried send) → unchanged; otherwise one more.
    """
    if stored is None or stored["activity_at"] != activity_at:
        return 1
    times: int = stored["times"]
    return times if stored["last_local_date"] == local_date else times + 1


async def claim_morning(
    conn: aiosqlite.Connection,
    user_id: int,
    local_date: str,
    items: int,
    *,
    since: str | None,
    at: str,
) -> bool:
    """:meth:`BriefingLog.claim` inside a transaction the caller holds (the
    proactive tick claims the morning and its message in one transaction)."""
    user_id = limits.user_id(user_id)
    if since is not None:
        cursor = await conn.execute(
            "SELECT 1 FROM briefings_sent WHERE user_id = ? AND sent_at >= ? LIMIT 1",
            (user_id, str(since)),
        )
        if await cursor.fetchone() is not None:
            return False
    cursor = await conn.execute(
        "INSERT OR IGNORE INTO briefings_sent (user_id, local_date, sent_at, items)"
        " VALUES (?, ?, ?, ?)",
        (user_id, str(local_date), at, items),
    )
    return cursor.rowcount == 1


class BriefingLog:
    def __init__(self, db: Database, *, clock: Clock = system_clock) -> None:
        self.db = db
        self._clock = clock

    # -- once per local day ---------------------------------------------------

    async def claim(
        self,
        user_id: int,
        local_date: str,
        items: int,
        *,
        since: str | None = None,
        at: str | None = None,
    ) -> bool:
        """Take the morning ``local_date`` (a date, or "date@zone") for this
        person; True only for the first claim, and only if nothing was sent at
        or after ``since`` (UTC ISO).  ``at`` is the briefing's moment (default
        now); later claims compare against it."""
        async with self.db.transaction() as conn:  # BEGIN IMMEDIATE: check and insert as one
            return await claim_morning(
                conn, user_id, local_date, items, since=since, at=at or iso(self._clock())
            )

    async def release(self, user_id: int, local_date: str) -> None:
        """Give the day back after a failed send, so a later run retries it."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "DELETE FROM briefings_sent WHERE user_id = ? AND local_date = ?",
                (limits.user_id(user_id), str(local_date)),
            )

    async def sent_on(self, user_id: int, local_date: str) -> bool:
        """Was a briefing claimed for the date ``local_date`` (in any zone)?"""
        row = await self.db.fetch_one(
            "SELECT 1 FROM briefings_sent WHERE user_id = ?"
            " AND (local_date = ? OR substr(local_date, 1, 11) = ? || '@')",
            (limits.user_id(user_id), str(local_date), str(local_date)),
        )
        return row is not None

    async def settled(self, since: Mapping[int, str]) -> set[int]:
        """Of ``{user_id: since}`` (UTC ISO), the people sent a briefing at or
        after their moment, or blocked — two statements however many people
        the job looks at."""
        if not since:
            return set()
        pairs = json.dumps([[int(u), str(s)] for u, s in since.items()])
        rows = await self.db.fetch_all(
            "SELECT json_extract(j.value, '$[0]') FROM json_each(?) j WHERE EXISTS ("
            " SELECT 1 FROM briefings_sent b WHERE b.user_id = json_extract(j.value, '$[0]')"
            " AND b.sent_at >= json_extract(j.value, '$[1]'))",
            (pairs,),
        )
        done = {row[0] for row in rows}
        rows = await self.db.fetch_all(
            "SELECT user_id FROM recipients WHERE blocked_at IS NOT NULL"
            " AND user_id IN (SELECT value FROM json_each(?))",
            (json.dumps([int(u) for u in since]),),
        )
        return done | {row[0] for row in rows}

    # -- escalation -------------------------------------------------------------

    async def record_surfaced(
        self, user_id: int, steps: Iterable[tuple[int, str | None]], local_date: str
    ) -> dict[int, int]:
        """Count a sent briefing that surfaced ``steps`` ((step_id, last activity)).

        Returns {step_id: briefings running}.  The person's other steps lose
        their run: a briefing went out without them.
        """
        user_id, local_date = limits.user_id(user_id), str(local_date)
        steps = list(steps)
        result: dict[int, int] = {}
        async with self.db.transaction() as conn:
            stored = await _stored(conn.execute_fetchall, user_id, [s for s, _ in steps])
            for step_id, activity_at in steps:
                times = next_times(stored.get(step_id), activity_at, local_date)
                result[step_id] = times
                await conn.execute(
                    "INSERT INTO surfacings (step_id, user_id, times, last_local_date,"
                    " activity_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (step_id) DO UPDATE SET"
                    " user_id = excluded.user_id, times = excluded.times,"
                    " last_local_date = excluded.last_local_date,"
                    " activity_at = excluded.activity_at",
                    (step_id, user_id, times, local_date, activity_at),
                )
            await conn.execute(
                "DELETE FROM surfacings WHERE user_id = ?"
                " AND step_id NOT IN (SELECT value FROM json_each(?))",
                (user_id, json.dumps(list(result))),
            )
        return result

    async def preview_surfaced(
        self, user_id: int, steps: Iterable[tuple[int, str | None]], local_date: str
    ) -> dict[int, int]:
        """What :meth:`record_surfaced` would return, without counting anything."""
        steps = list(steps)
        stored = await _stored(self.db.fetch_all, limits.user_id(user_id), [s for s, _ in steps])
        return {
            step_id: next_times(stored.get(step_id), activity_at, str(local_date))
            for step_id, activity_at in steps
        }

    async def surfacings_of(self, user_ids: Iterable[int]) -> dict[int, sqlite3.Row]:
        """The stored runs of these people's steps, by step: previews for many
        people in one statement.  Many people are read as everyone (one scan,
        the others' rows unused), a few through surfacings_by_user (the same
        threshold as PlanStore.attention_for).  The rows stay sqlite3.Row (read
        by column name): one a step surfaced, so tens of thousands at scale,
        and copying each into a dict is waste."""
        wanted = [limits.user_id(u) for u in dict.fromkeys(user_ids)]
        columns = "SELECT step_id, user_id, times, last_local_date, activity_at FROM surfacings"
        if len(wanted) > plan_queries.FEW_PEOPLE:
            rows = await self.db.fetch_all(columns)
        else:
            rows = await self.db.fetch_all(
                columns + " WHERE user_id IN (SELECT value FROM json_each(?))",
                (json.dumps(wanted),),
            )
        return {row["step_id"]: row for row in rows}

    async def surfaced_times(self, user_id: int, step_ids: Iterable[int]) -> dict[int, int]:
        """The stored run length of each step that has one."""
        stored = await _stored(self.db.fetch_all, limits.user_id(user_id), list(step_ids))
        return {step_id: row["times"] for step_id, row in stored.items()}

    # -- people who blocked the bot -----------------------------------------------

    async def mark_blocked(self, user_id: int) -> None:
        await self._set_blocked(user_id, iso(self._clock()))

    async def unblock(self, user_id: int) -> None:
        """The person wrote to the bot again: brief them again."""
        await self._set_blocked(user_id, None)

    async def blocked_among(self, user_ids: Iterable[int]) -> set[int]:
        """Of ``user_ids``, those who blocked the bot: one statement."""
        rows = await self.db.fetch_all(
            "SELECT user_id FROM recipients WHERE blocked_at IS NOT NULL"
            " AND user_id IN (SELECT value FROM json_each(?))",
            (json.dumps([int(u) for u in user_ids]),),
        )
        return {row[0] for row in rows}

    async def is_blocked(self, user_id: int) -> bool:
        row = await self.db.fetch_one(
            "SELECT blocked_at FROM recipients WHERE user_id = ?", (limits.user_id(user_id),)
        )
        return row is not None and row[0] is not None

    # -- people drbot may write to privately -----------------------------------------

    async def private_chats(self, user_ids: Iterable[int]) -> set[int]:
        """Of ``user_ids``, those with a private chat drbot may write to: they
        have a conversation with drbot there (a private chat's id is the
        person's own), and Telegram has not refused a message since they last
        wrote.  One statement, by chat_state's primary key."""
        rows = await self.db.fetch_all(
            "SELECT c.user_id FROM chat_state c"
            " WHERE c.chat_id IN (SELECT value FROM json_each(?)) AND c.user_id = c.chat_id"
            " AND NOT EXISTS (SELECT 1 FROM recipients r WHERE r.user_id = c.user_id"
            "                 AND r.blocked_at IS NOT NULL)",
            (json.dumps([int(u) for u in user_ids]),),
        )
        return {row[0] for row in rows}

    async def _set_blocked(self, user_id: int, blocked_at: str | None) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO recipients (user_id, blocked_at) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET blocked_at = excluded.blocked_at",
                (limits.user_id(user_id), blocked_at),
            )


async def _stored(
    fetch_all: Callable[[str, Params], Awaitable[Iterable[sqlite3.Row]]],
    user_id: int,
    step_ids: list[int],
) -> dict[int, sqlite3.Row]:
    # Scoped to the user: a step id from elsewhere never reads another's count.
    rows = await fetch_all(
        "SELECT step_id, times, last_local_date, activity_at FROM surfacings"
        " WHERE user_id = ? AND step_id IN (SELECT value FROM json_each(?))",
        (user_id, json.dumps([int(s) for s in step_ids])),
    )
    return {row["step_id"]: row for row in rows}
