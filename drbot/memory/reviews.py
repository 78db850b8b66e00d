"""The evening review's and the weekly digest's settings (migration 0013).

Both are opt-in and stored in ``user_settings``: ``review_time`` ("20:30"),
``weekly_day`` (0 = Monday … 6 = Sunday) and ``weekly_time``, wall-clock
times in the person's own zone; NULL means off.  Bad values raise ValueError
with a message for the person and change nothing.  :func:`everyone_with_review`
and :func:`everyone_with_digest` are the jobs' reads: one statement each,
from partial indexes, so people with the feature off cost nothing.
"""

from __future__ import annotations

import re
from typing import Any, TypedDict

from drbot.memory import limits
from drbot.memory.clock import Clock, iso, system_clock
from drbot.memory.database import Database
from drbot.memory.rows import as_rows

REVIEW_USAGE = "Use /review 20:30 (your local time), or /review off."
WEEKLY_USAGE = "Use /weekly sun 18:00 (a day and your local time), or /weekly off."
DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
# ASCII digits only, like the briefing time: \d would take "٢٠:٣٠" too.
_TIME = re.compile(r"([0-9]{1,2}):([0-9]{2})")


def clock_time(value: Any, usage: str) -> str:
    """ "8:30" -> "08:30"; anything outside 00:00-23:59 raises ValueError."""
    match = _TIME.fullmatch(value.strip()) if isinstance(value, str) else None
    if match is None or int(match[1]) > 23 or int(match[2]) > 59:
        raise ValueError(f"I can't read {str(value)[:20]!r} as a time. {usage}")
    return f"{int(match[1]):02d}:{match[2]}"


def weekday(value: Any) -> int:
    """ "sun", "Sunday", "SUN" -> 6; anything else raises ValueError."""
    word = value.strip().casefold() if isinstance(value, str) else ""
    for number, (short, name) in enumerate(zip(DAYS, DAY_NAMES)):
        if word in (short, name.casefold()):
            return number
    raise ValueError(f"I can't read {str(value)[:20]!r} as a day of the week. {WEEKLY_USAGE}")


def weekly_when(text: Any) -> tuple[int, str]:
    """ "sun 18:00" -> (6, "18:00")."""
    parts = text.split() if isinstance(text, str) else []
    if len(parts) != 2:
        raise ValueError(f"Give a day and a time. {WEEKLY_USAGE}")
    return weekday(parts[0]), clock_time(parts[1], WEEKLY_USAGE)


class ReviewSettings:
    def __init__(self, db: Database, *, clock: Clock = system_clock) -> None:
        self.db = db
        self._clock = clock

    async def review_time(self, user_id: int) -> str | None:
        row = await self.db.fetch_one(
            "SELECT review_time FROM user_settings WHERE user_id = ?", (limits.user_id(user_id),)
        )
        return row[0] if row is not None else None

    async def set_review_time(self, user_id: int, text: str | None) -> str | None:
        """Store "HH:MM" (None: off); returns what was stored."""
        value = None if text is None else clock_time(text, REVIEW_USAGE)
        await self._upsert(user_id, {"review_time": value})
        return value

    async def weekly(self, user_id: int) -> tuple[int, str] | None:
        row = await self.db.fetch_one(
            "SELECT weekly_day, weekly_time FROM user_settings WHERE user_id = ?",
            (limits.user_id(user_id),),
        )
        return (row[0], row[1]) if row is not None and row[0] is not None else None

    async def set_weekly(self, user_id: int, text: str | None) -> tuple[int, str] | None:
        """Store "sun 18:00" as (6, "18:00") (None: off); returns what was stored."""
        value = None if text is None else weekly_when(text)
        await self._upsert(
            user_id, {"weekly_day": value and value[0], "weekly_time": value and value[1]}
        )
        return value

    async def _upsert(self, user_id: int, values: dict[str, Any]) -> None:
        assert set(values) <= {"review_time", "weekly_day", "weekly_time"}  # never from input
        names = ", ".join(values)
        async with self.db.transaction() as conn:
            await conn.execute(
                f"INSERT INTO user_settings (user_id, {names}, updated_at)"
                f" VALUES (:user_id, {', '.join(f':{n}' for n in values)}, :now)"
                " ON CONFLICT (user_id) DO UPDATE SET "
                + ", ".join(f"{n} = excluded.{n}" for n in values)
                + ", updated_at = excluded.updated_at",
                {**values, "user_id": limits.user_id(user_id), "now": iso(self._clock())},
            )


class ReviewTime(TypedDict):
    """Someone's evening review time (``everyone_with_review``)."""

    user_id: int
    timezone: str | None
    review_time: str


class DigestTime(TypedDict):
    """Someone's weekly digest day and time (``everyone_with_digest``)."""

    user_id: int
    timezone: str | None
    weekly_day: int
    weekly_time: str


async def everyone_with_review(db: Database) -> list[ReviewTime]:
    """Everyone who has the evening review on, with their zone (None: not set)."""
    rows = await db.fetch_all(
        "SELECT user_id, timezone, review_time FROM user_settings"
        " INDEXED BY user_settings_reviews WHERE review_time IS NOT NULL"
    )
    return as_rows(ReviewTime, rows)


async def everyone_with_digest(db: Database) -> list[DigestTime]:
    """Everyone who has the weekly digest on, with their zone (None: not set)."""
    rows = await db.fetch_all(
        "SELECT user_id, timezone, weekly_day, weekly_time FROM user_settings"
        " INDEXED BY user_settings_digests WHERE weekly_day IS NOT NULL"
    )
    return as_rows(DigestTime, rows)
