"""Quiet hours and muted plans (migration 0011): when, and about what, drbot
says nothing unasked.

Quiet hours are two wall-clock times in the person's own zone ("22:00" to
"08:00", crossing midnight or not), stored in ``user_settings``.  A muted plan
(``plan_mutes``) gets no proactive lines until it is unmuted; only the plan's
owner can mute it, and a plan that is not theirs reads as one that does not
exist.  Bad values raise ValueError with a message for the person and change
nothing.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, time
from typing import Any
from zoneinfo import ZoneInfo

from aiosqlite import Connection

from drbot.memory import limits
from drbot.memory.clock import Clock, iso, parse, system_clock
from drbot.memory.database import Database
from drbot.memory.errors import NotFound

# ASCII digits only, like the briefing time.  "22:00-08:00", "22-8", "22:00 to 8:00".
_SPAN = re.compile(r"([0-9]{1,2})(?::([0-9]{2}))?\s*(?:-|–|to)\s*([0-9]{1,2})(?::([0-9]{2}))?")
QUIET_USAGE = "Use /quiet 22:00-08:00 (your local time), or /quiet off."


def quiet_span(text: Any) -> tuple[str, str]:
    """ "22:00-08:00" → ("22:00", "08:00"); anything else raises ValueError."""
    match = _SPAN.fullmatch(text.strip()) if isinstance(text, str) else None
    if match is None:
        raise ValueError(f"I can't read {str(text)[:40]!r} as quiet hours. {QUIET_USAGE}")
    start = (int(match[1]), int(match[2] or 0))
    end = (int(match[3]), int(match[4] or 0))
    for hours, minutes in (start, end):
        if hours > 23 or minutes > 59:
            raise ValueError(f"Times run from 00:00 to 23:59. {QUIET_USAGE}")
    if start == end:
        raise ValueError(f"Quiet hours need a start and a different end. {QUIET_USAGE}")
    return f"{start[0]:02d}:{start[1]:02d}", f"{end[0]:02d}:{end[1]:02d}"


def in_quiet_hours(now: datetime, zone: ZoneInfo, span: tuple[str, str] | None) -> bool:
    """Is the person's wall clock at ``now`` inside [start, end)?  Wall-clock
    times, like the briefing: a DST jump moves the hours with the clock."""
    if span is None:
        return False
    start, end = (time.fromisoformat(t) for t in span)
    local = now.astimezone(zone).time().replace(tzinfo=None)
    if start < end:
        return start <= local < end
    return local >= start or local < end  # across midnight


class Quiet:
    def __init__(self, db: Database, *, clock: Clock = system_clock) -> None:
        self.db = db
        self._clock = clock

    # -- quiet hours ---------------------------------------------------------------

    async def hours(self, user_id: int) -> tuple[str, str] | None:
        row = await self.db.fetch_one(
            "SELECT quiet_from, quiet_until FROM user_settings WHERE user_id = ?",
            (limits.user_id(user_id),),
        )
        return (row[0], row[1]) if row is not None and row[0] and row[1] else None

    async def hours_many(self, user_ids: list[int]) -> dict[int, tuple[str, str]]:
        """Quiet hours of those who have them, among ``user_ids``: one statement."""
        rows = await self.db.fetch_all(
            "SELECT user_id, quiet_from, quiet_until FROM user_settings"
            " WHERE quiet_from IS NOT NULL AND user_id IN (SELECT value FROM json_each(?))",
            (json.dumps([int(u) for u in user_ids]),),
        )
        return {row[0]: (row[1], row[2]) for row in rows}

    async def set_hours(self, user_id: int, text: str | None) -> tuple[str, str] | None:
        """Store "HH:MM-HH:MM" (None: no quiet hours); returns what was stored."""
        span = None if text is None else quiet_span(text)
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO user_settings (user_id, quiet_from, quiet_until, updated_at)"
                " VALUES (?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET"
                " quiet_from = excluded.quiet_from, quiet_until = excluded.quiet_until,"
                " updated_at = excluded.updated_at",
                (limits.user_id(user_id), span and span[0], span and span[1], iso(self._clock())),
            )
        return span

    # -- muted plans -------------------------------------------------------------------

    async def mute(self, user_id: int, plan_id: int) -> bool:
        """Mute the person's plan; False if it was muted already."""
        user_id = limits.user_id(user_id)
        async with self.db.transaction() as conn:
            await _owned(conn, user_id, plan_id)
            cursor = await conn.execute(
                "INSERT OR IGNORE INTO plan_mutes (plan_id, user_id, muted_at) VALUES (?, ?, ?)",
                (plan_id, user_id, iso(self._clock())),
            )
            return cursor.rowcount == 1

    async def unmute(self, user_id: int, plan_id: int) -> bool:
        """Unmute; False if it was not muted."""
        user_id = limits.user_id(user_id)
        async with self.db.transaction() as conn:
            await _owned(conn, user_id, plan_id)
            cursor = await conn.execute(
                "DELETE FROM plan_mutes WHERE plan_id = ? AND user_id = ?", (plan_id, user_id)
            )
            return cursor.rowcount == 1

    async def muted(self, user_id: int) -> set[int]:
        rows = await self.db.fetch_all(
            "SELECT plan_id FROM plan_mutes WHERE user_id = ?", (limits.user_id(user_id),)
        )
        return {row[0] for row in rows}

    async def muted_everyone(self) -> dict[int, set[int]]:
        """Every muted plan, by person: one statement for a whole tick."""
        found: dict[int, set[int]] = {}
        for row in await self.db.fetch_all("SELECT user_id, plan_id FROM plan_mutes"):
            found.setdefault(row[0], set()).add(row[1])
        return found

    async def mutes_everyone(self) -> dict[int, dict[int, datetime]]:
        """Every muted plan with the moment it was muted, by person: one statement."""
        found: dict[int, dict[int, datetime]] = {}
        for row in await self.db.fetch_all("SELECT user_id, plan_id, muted_at FROM plan_mutes"):
            found.setdefault(row[0], {})[row[1]] = parse(row[2])
        return found


async def _owned(conn: Connection, user_id: int, plan_id: int) -> None:
    if isinstance(plan_id, bool) or not isinstance(plan_id, int):
        raise NotFound(f"plan {plan_id!r} not found")
    cursor = await conn.execute(
        "SELECT 1 FROM plans WHERE id = ? AND user_id = ?", (plan_id, user_id)
    )
    if await cursor.fetchone() is None:
        raise NotFound(f"plan {plan_id} not found")
