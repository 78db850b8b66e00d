"""Repeating reminders: recurrence rules over a person's local wall-clock time.

A rule is python-dateutil's ``rrule``, kept as its RFC 5545 text (``DTSTART``
and ``RRULE`` lines) with a *naive* start: the times it yields are local
wall-clock times, placed in the person's zone only when an occurrence is
computed.  So "every monday 9am" is 09:00 on both sides of a daylight-saving
change (a fixed UTC offset would drift an hour); a time the change skips
(02:30 on the spring-forward night) is the moment of the jump.

:func:`next_after` is the only question the rest of drbot asks of a rule: the
first occurrence strictly after a moment.  Asked from "now", it skips every
occurrence missed while drbot was down: a daily reminder after a three-day
outage is sent once (late) and then keeps its schedule, never a backlog.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from typing import Literal
from zoneinfo import ZoneInfo

from dateutil import rrule as rr

FREQUENCIES: dict[str, Literal[0, 1, 2, 3, 4, 5, 6]] = {
    "daily": rr.DAILY,
    "weekly": rr.WEEKLY,
    "monthly": rr.MONTHLY,
    "yearly": rr.YEARLY,
}
MAX_INTERVAL = 366


@dataclass(frozen=True)
class Repeat:
    """How a reminder repeats, as read from a person's words."""

    freq: str  # daily · weekly · monthly · yearly
    interval: int = 1  # every 2 weeks: 2
    weekdays: tuple[int, ...] = ()  # 0 = Monday; weekly (or daily on weekdays)
    monthday: int | None = None  # monthly: the day of the month
    at: time | None = None  # the time of day; None: the caller's default


def rule_text(repeat: Repeat, start: date, at: time) -> str:
    """The rule as stored: from local ``start`` at local ``at``."""
    if repeat.freq not in FREQUENCIES:
        raise ValueError(f"unknown frequency {repeat.freq!r}")
    if not 1 <= repeat.interval <= MAX_INTERVAL:
        raise ValueError(f"Repeat at most every {MAX_INTERVAL} days, weeks or months.")
    rule = rr.rrule(
        FREQUENCIES[repeat.freq],
        interval=repeat.interval,
        dtstart=datetime.combine(start, time(at.hour, at.minute)),
        byweekday=repeat.weekdays or None,
        bymonthday=repeat.monthday,
        byhour=at.hour,
        byminute=at.minute,
        bysecond=0,
    )
    return str(rule)


def next_after(rule: str, zone: ZoneInfo, moment: datetime) -> datetime | None:
    """The rule's first occurrence strictly after ``moment`` (aware), in UTC; None
    when the rule has no more."""
    parsed = rr.rrulestr(rule)
    wall = moment.astimezone(zone).replace(tzinfo=None)
    while (found := parsed.after(wall)) is not None:
        placed = local_moment(found, zone)
        if placed > moment:
            return placed
        wall = found  # a wall time of a repeated (fall-back) hour already passed
    return None


def local_moment(wall: datetime, zone: ZoneInfo) -> datetime:
    """A naive local wall-clock time as a UTC moment; a time a DST switch skips
    moves forward to the jump."""
    return wall.replace(tzinfo=zone).astimezone(UTC)
