"""UserSettings — each person's time zone and morning briefing time.

A group that shares plans has a row too, under its chat id (negative:
``owners``): the group's own briefing, which is off until someone sets it
with /briefing_time in the group.

Stored in ``user_settings`` (migration 0002).  A column left NULL means "not
chosen": ``get`` fills in the configured defaults, so changing a default in the
configuration reaches everyone who never chose.  Bad values raise ValueError
with a message for the person and change nothing.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from drbot.memory import limits
from drbot.memory.clock import Clock, iso, system_clock
from drbot.memory.database import Database
from drbot.memory.owners import is_group

# In the zone database but no place a person lives in: "localtime" is whatever
# the server is set to, "Factory" and "posixrules" are tooling artefacts.
_NOT_ZONES = {"localtime", "Factory", "posixrules"}
# Stored as the briefing time of someone who wants no morning briefing.
BRIEFING_OFF = "off"
# ASCII digits only: \d would also take other scripts' digits ("٨:٠٠").
_TIME = re.compile(r"([0-9]{1,2}):([0-9]{2})")


@cache
def _zones_by_folded_name() -> dict[str, str]:
    # Built once: available_timezones() walks the zone directories on disk.
    return {name.casefold(): name for name in available_timezones() - _NOT_ZONES}


def usable_zone(zone: ZoneInfo | str, fallback: str = "UTC") -> ZoneInfo:
    """The zone by name, or ``fallback`` when tzdata no longer has it: a zone stored
    earlier and since dropped from the zone database still gets the person their messages."""
    try:
        return zone if isinstance(zone, ZoneInfo) else ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return ZoneInfo(fallback)


def zone_name(name: Any) -> str:
    """The canonical spelling of a time zone name ("europe/berlin" -> "Europe/Berlin")."""
    canonical = None
    if isinstance(name, str):
        canonical = _zones_by_folded_name().get(name.strip().casefold())
    if canonical is not None:
        try:
            ZoneInfo(canonical)
        except (ZoneInfoNotFoundError, ValueError, OSError):
            canonical = None  # listed but unreadable: refuse rather than store it
    if canonical is None:
        raise ValueError(
            f"Unknown time zone {name!r}; use a name like Europe/Berlin or America/New_York."
        )
    return canonical


def briefing_time(value: Any) -> str:
    """ "8:00" -> "08:00", "Off" -> "off"; anything outside 00:00-23:59 raises ValueError."""
    if isinstance(value, str) and value.strip().casefold() == BRIEFING_OFF:
        return BRIEFING_OFF
    match = _TIME.fullmatch(value.strip()) if isinstance(value, str) else None
    if match is None or int(match[1]) > 23 or int(match[2]) > 59:
        raise ValueError(
            f"The briefing time {value!r} is not a time I can read; use HH:MM "
            "between 00:00 and 23:59, like 08:00, or off."
        )
    return f"{int(match[1]):02d}:{match[2]}"


class UserSettings:
    def __init__(
        self,
        db: Database,
        *,
        default_timezone: str = "UTC",
        default_briefing_time: str = "08:00",
        clock: Clock = system_clock,
    ) -> None:
        self.db = db
        # Checked here so that a bad configuration fails at start-up, not at
        # the first briefing.
        self.default_timezone = zone_name(default_timezone)
        self.default_briefing_time = briefing_time(default_briefing_time)
        self._clock = clock

    async def get(self, user_id: int) -> dict[str, str]:
        row = await self.db.fetch_one(
            "SELECT timezone, briefing_time FROM user_settings WHERE user_id = ?",
            (limits.user_id(user_id),),
        )
        stored = dict(row) if row is not None else {}
        return {
            "timezone": stored.get("timezone") or self.default_timezone,
            "briefing_time": stored.get("briefing_time") or self._default_time(user_id),
        }

    def _default_time(self, owner: int) -> str:
        # A group never asked for a briefing: posting into it unasked would be noise.
        return BRIEFING_OFF if is_group(owner) else self.default_briefing_time

    async def briefed_groups(self) -> list[int]:
        """The groups that set a briefing time of their own (not off)."""
        rows = await self.db.fetch_all(
            "SELECT user_id FROM user_settings WHERE user_id < 0"
            " AND briefing_time IS NOT NULL AND briefing_time != ? ORDER BY user_id",
            (BRIEFING_OFF,),
        )
        return [row["user_id"] for row in rows]

    async def chosen(self, user_id: int, setting: str) -> str | None:
        """The person's own choice of this setting; None while the default applies."""
        assert setting in ("timezone", "briefing_time")  # never from input
        row = await self.db.fetch_one(
            f"SELECT {setting} AS value FROM user_settings WHERE user_id = ?",
            (limits.user_id(user_id),),
        )
        return row["value"] if row else None

    async def get_many(self, user_ids: list[int]) -> dict[int, dict[str, str]]:
        """``get`` for many people in one statement (the briefing job's view)."""
        rows = await self.db.fetch_all("SELECT user_id, timezone, briefing_time FROM user_settings")
        stored = {row["user_id"]: row for row in rows}
        return {
            user_id: {
                "timezone": (stored[user_id]["timezone"] if user_id in stored else None)
                or self.default_timezone,
                "briefing_time": (stored[user_id]["briefing_time"] if user_id in stored else None)
                or self._default_time(user_id),
            }
            for user_id in user_ids
        }

    async def set_timezone(self, user_id: int, name: str) -> str:
        """Store the zone; returns its canonical name (to echo back to the person)."""
        name = zone_name(name)
        await self._upsert(user_id, "timezone", name)
        return name

    async def set_briefing_time(self, user_id: int, value: str) -> str:
        """Store "HH:MM" (local time of the user's zone); returns it normalized."""
        value = briefing_time(value)
        await self._upsert(user_id, "briefing_time", value)
        return value

    async def zone(self, user_id: int) -> ZoneInfo:
        return usable_zone((await self.get(user_id))["timezone"], self.default_timezone)

    async def _upsert(self, user_id: int, column: str, value: str) -> None:
        assert column in ("timezone", "briefing_time")  # never from input
        user_id = limits.user_id(user_id)
        async with self.db.transaction() as conn:
            await conn.execute(
                f"INSERT INTO user_settings (user_id, {column}, updated_at) VALUES (?, ?, ?)"
                f" ON CONFLICT (user_id) DO UPDATE SET {column} = excluded.{column},"
                " updated_at = excluded.updated_at",
                (user_id, value, iso(self._clock())),
            )
