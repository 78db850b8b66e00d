"""When a daily or weekly message at a local wall-clock time is due.

The evening review ("20:30") and the weekly digest ("sun 18:00") fall due at
that wall-clock time in the person's zone, and stay due for :data:`GRACE`
after it: a bot that was down, or quiet hours that held the message back, send
it late rather than never (the tick's claim still sends it once).  Past that
it is left: an evening review is no use two days later.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

GRACE = timedelta(hours=12)


def zone_of(name: str | None, default: str) -> ZoneInfo:
    for candidate in (c for c in (name, default, "UTC") if c is not None):
        try:
            return ZoneInfo(candidate)
        except (ZoneInfoNotFoundError, ValueError, OSError, TypeError):
            continue  # a zone since dropped from tzdata: still send it
    raise AssertionError("UTC is always there")


def moment(day: date, hhmm: str, zone: ZoneInfo) -> datetime:
    """``hhmm`` on ``day`` in ``zone``, in UTC.  (A time that DST skips
    reads as the moment of the jump.)"""
    hours, minutes = (int(part) for part in hhmm.split(":"))
    return datetime.combine(day, time(hours, minutes), tzinfo=zone).astimezone(UTC)


def occasion(
    now: datetime, zone: ZoneInfo, hhmm: str, weekday: int | None = None
) -> tuple[date, datetime] | None:
    """The local day whose ``hhmm`` (on ``weekday`` only, 0 = Monday) has come
    at ``now`` and is less than :data:`GRACE` ago, with that moment; or None."""
    today = now.astimezone(zone).date()
    for day in (today, today - timedelta(days=1)):
        if weekday is not None and day.weekday() != weekday:
            continue
        due_at = moment(day, hhmm, zone)
        if due_at <= now < due_at + GRACE:
            return day, due_at
    return None


def day_bounds(day: date, zone: ZoneInfo) -> tuple[datetime, datetime]:
    """The local day ``day`` as a UTC interval [start, end)."""
    start = datetime.combine(day, time(0), tzinfo=zone).astimezone(UTC)
    end = datetime.combine(day + timedelta(days=1), time(0), tzinfo=zone).astimezone(UTC)
    return start, end
