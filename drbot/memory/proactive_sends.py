"""SendLog — the one claim-before-send path of every proactive message
(migration 0011, table ``proactive_sends``).

A message is identified by (person, dedupe key).  Its life:

    claim ──▶ claimed ──start──▶ sending ──▶ sent | gone | rejected
                 │                  │   ├──▶ retry ──(next_try_at)──▶ claimed …
                 │                  │   └──▶ unknown: written, no answer — never resent
                 │                  └──(no outcome for STALE)──▶ unknown: never resent
                 ├──(not started for STALE)──▶ retry: resent, provably never sent
                 └──(a retry no longer due)──▶ empty: settled, nothing sent

Only the first claim of a key wins, in whichever process; a later claim of
the same key is refused whatever state the row is in (a retry is taken with
:meth:`claim_retry`, which moves the row, so two ticks cannot both take it).
:meth:`start` is written *before* the Bot API call and only by the tick that
holds the claim (its token): so a row still ``claimed`` proves the call never
happened and may be sent again, while a row ``sending`` with no outcome may
or may not have reached the person — drbot never risks a second copy and logs
it instead (:meth:`recover`).  Nothing here talks to Telegram: the caller
does, between :meth:`start` and the outcome, outside any transaction.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Awaitable, Callable, Iterable
from datetime import datetime, timedelta
from typing import Any

import aiosqlite

from drbot.memory import limits
from drbot.memory.clock import iso
from drbot.memory.database import Database, fetch

# A claim older than this without an outcome is left over from a crash.  A
# live tick starts a claimed send within a few database writes and a Bot API
# call returns (rate-limit waits included) well within it.
STALE = timedelta(minutes=10)
# Waits after the 1st, 2nd, 3rd… failed try; the last repeats: never given up.
BACKOFF = (timedelta(minutes=1), timedelta(minutes=5), timedelta(minutes=30))
FINISHED = ("sent", "gone", "rejected", "unknown", "empty")

# Runs inside the claim's transaction; False refuses the claim (nothing written).
Guard = Callable[[aiosqlite.Connection], Awaitable[bool]]


async def went_out_since(conn: aiosqlite.Connection, user_id: int, kind: str, since: str) -> bool:
    """Whether a message of this kind was claimed for the person at or after
    ``since`` and went out, or may have (a guard's read, inside the claim's
    transaction; by the primary key's person, a few rows each)."""
    cursor = await conn.execute(
        "SELECT 1 FROM proactive_sends WHERE user_id = ? AND kind = ? AND claimed_at >= ?"
        " AND state IN ('claimed', 'sending', 'sent', 'retry', 'unknown') LIMIT 1",
        (limits.user_id(user_id), kind, since),
    )
    return await cursor.fetchone() is not None


def backoff(attempts: int) -> timedelta:
    """The wait after ``attempts`` failed tries (1 → 1 min, 2 → 5, then 30)."""
    return BACKOFF[min(max(attempts, 1), len(BACKOFF)) - 1]


class SendLog:
    def __init__(self, db: Database) -> None:
        self.db = db
        self.token = secrets.token_hex(8)  # this tick's claims

    # -- reads ------------------------------------------------------------------

    async def states(self, keys: Iterable[tuple[int, str]]) -> dict[tuple[int, str], str]:
        """The state of each (person, key) that has a row: one statement."""
        pairs = json.dumps([[int(u), str(k)] for u, k in keys])
        rows = await self.db.fetch_all(
            "SELECT s.user_id, s.dedupe_key, s.state FROM json_each(?) j"
            " JOIN proactive_sends s ON s.user_id = json_extract(j.value, '$[0]')"
            " AND s.dedupe_key = json_extract(j.value, '$[1]')",
            (pairs,),
        )
        return {(row[0], row[1]): row[2] for row in rows}

    async def due_retries(self, now: datetime) -> list[dict[str, Any]]:
        """Messages waiting for a retry whose time has come (an indexed scan)."""
        rows = await self.db.fetch_all(
            "SELECT user_id, dedupe_key, kind, plan_id, due_at, payload, attempts"
            " FROM proactive_sends WHERE state = 'retry' AND next_try_at <= ?"
            " ORDER BY next_try_at",
            (iso(now),),
        )
        return [dict(row) | {"payload": json.loads(row["payload"])} for row in rows]

    async def get(self, user_id: int, key: str) -> dict[str, Any] | None:
        row = await self.db.fetch_one(
            "SELECT * FROM proactive_sends WHERE user_id = ? AND dedupe_key = ?",
            (limits.user_id(user_id), str(key)),
        )
        return None if row is None else dict(row)

    # -- claims -------------------------------------------------------------------

    async def claim(
        self,
        user_id: int,
        key: str,
        kind: str,
        due_at: datetime,
        payload: dict[str, Any],
        now: datetime,
        *,
        plan_id: int | None = None,
        guard: Guard | None = None,
        empty: bool = False,
    ) -> bool:
        """Take a new message; True only for the first claim of (person, key),
        and only if ``guard`` (run in the same transaction) agrees.  ``empty``
        settles the key without anything to send."""
        async with self.db.transaction() as conn:
            cursor = await conn.execute(
                "SELECT 1 FROM proactive_sends WHERE user_id = ? AND dedupe_key = ?",
                (limits.user_id(user_id), str(key)),
            )
            if await cursor.fetchone() is not None:
                return False
            if guard is not None and not await guard(conn):
                return False
            await conn.execute(
                "INSERT INTO proactive_sends (user_id, dedupe_key, kind, plan_id, due_at, state,"
                " payload, claim_token, claimed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    user_id,
                    str(key),
                    str(kind),
                    plan_id,
                    iso(due_at),
                    "empty" if empty else "claimed",
                    json.dumps(payload),
                    self.token,
                    iso(now),
                ),
            )
        return True

    async def claim_retry(self, user_id: int, key: str, now: datetime) -> bool:
        """Take a message waiting for its retry; one tick wins."""
        return await self._move(
            user_id,
            key,
            "state = 'retry' AND next_try_at <= ?",
            (iso(now),),
            "state = 'claimed', claim_token = ?, claimed_at = ?",
            (self.token, iso(now)),
        )

    async def start(self, user_id: int, key: str, now: datetime) -> bool:
        """Written just before the Bot API call, only while our claim stands."""
        return await self._move(
            user_id,
            key,
            "state = 'claimed' AND claim_token = ?",
            (self.token,),
            "state = 'sending', started_at = ?, attempts = attempts + 1",
            (iso(now),),
        )

    # -- outcomes -------------------------------------------------------------------

    async def sent(self, user_id: int, key: str, now: datetime) -> None:
        await self._outcome(
            user_id, key, "state = 'sent', sent_at = ?, last_error = NULL", (iso(now),)
        )

    async def failed(self, user_id: int, key: str, error: str, now: datetime) -> datetime:
        """A failure a later try may fix: back off and try again.  Returns when."""
        row = await self.get(user_id, key)
        when = now + backoff(row["attempts"] if row else 1)
        await self._outcome(
            user_id,
            key,
            "state = 'retry', next_try_at = ?, last_error = ?",
            (iso(when), error[:200]),
        )
        return when

    async def unknown(self, user_id: int, key: str, error: str) -> None:
        """The request went out and no answer came (or the sender broke mid-call):
        it may have arrived, so it is never sent again."""
        await self._outcome(user_id, key, "state = 'unknown', last_error = ?", (error[:200],))

    async def settle(self, user_id: int, key: str, reason: str) -> bool:
        """A retry we claimed whose producer no longer produces it (the step was
        done, the morning is over): settled without sending."""
        return await self._move(
            user_id,
            key,
            "state = 'claimed' AND claim_token = ?",
            (self.token,),
            "state = 'empty', claim_token = NULL, last_error = ?",
            (reason[:200],),
        )

    async def given_up(self, user_id: int, key: str, state: str, error: str) -> None:
        """Recipient gone, or the message rejected: sending it again would fail too."""
        assert state in ("gone", "rejected")  # never from input
        await self._outcome(user_id, key, f"state = '{state}', last_error = ?", (error[:200],))

    async def recover(self, now: datetime) -> dict[str, list[tuple[int, str, str]]]:
        """Claims left by a crash (older than STALE, no outcome).  Never started:
        back to retry (provably never sent).  Started: 'unknown', never resent.
        Returns {"retry": [...], "unknown": [...]} as (user, key, kind)."""
        before = iso(now - STALE)
        async with self.db.transaction() as conn:
            retry = await fetch(
                conn,
                "UPDATE proactive_sends SET state = 'retry', next_try_at = ?, claim_token = NULL,"
                " last_error = 'claimed, never started' WHERE state = 'claimed'"
                " AND claimed_at < ? RETURNING user_id, dedupe_key, kind",
                (iso(now), before),
            )
            unknown = await fetch(
                conn,
                "UPDATE proactive_sends SET state = 'unknown', last_error = 'no outcome reported'"
                " WHERE state = 'sending' AND coalesce(started_at, claimed_at) < ?"
                " RETURNING user_id, dedupe_key, kind",
                (before,),
            )
        return {"retry": [tuple(r) for r in retry], "unknown": [tuple(r) for r in unknown]}

    # -- helpers ----------------------------------------------------------------------

    async def _move(
        self,
        user_id: int,
        key: str,
        where: str,
        where_args: tuple[Any, ...],
        setting: str,
        set_args: tuple[Any, ...],
    ) -> bool:
        async with self.db.transaction() as conn:
            cursor = await conn.execute(
                f"UPDATE proactive_sends SET {setting} WHERE user_id = ? AND dedupe_key = ?"
                f" AND {where}",
                (*set_args, limits.user_id(user_id), str(key), *where_args),
            )
            return cursor.rowcount == 1

    async def _outcome(self, user_id: int, key: str, setting: str, args: tuple[Any, ...]) -> None:
        # Only a send this tick started: a row another tick has since taken is
        # theirs.  ('unknown': a very slow call that recover() gave up on, now back.)
        async with self.db.transaction() as conn:
            await conn.execute(
                f"UPDATE proactive_sends SET {setting}, claim_token = NULL WHERE user_id = ?"
                " AND dedupe_key = ? AND state IN ('sending', 'unknown') AND claim_token = ?",
                (*args, limits.user_id(user_id), str(key), self.token),
            )
