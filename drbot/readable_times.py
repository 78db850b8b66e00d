"""Times as people read them: "3 days ago", "Thu 5 Mar 09:00" in their zone; and the
count beside them, "3 steps" (``plural``)."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from drbot.memory.clock import parse


def plural(count: int, word: str, many: str | None = None) -> str:
    """ "1 step", "3 steps", "1,200 tokens"; ``many`` for a word that is not word+s
    ("1 reply", "2 replies")."""
    return f"{count:,} {word if count == 1 else many or word + 's'}"


def ago(stamp: str, now: datetime) -> str:
    seconds = (now - parse(stamp)).total_seconds()
    if seconds < 90:
        return "just now"
    minutes = seconds / 60
    if minutes < 90:
        return f"{round(minutes)} minutes ago"
    hours = minutes / 60
    if hours < 36:
        return f"{round(hours)} hours ago"
    days = int(hours // 24)
    return "1 day ago" if days == 1 else f"{days} days ago"


def days_since(stamp: str, now: datetime) -> int:
    return int((now - parse(stamp)).total_seconds() // 86400)


def local_day(stamp: str, zone: str) -> str:
    """2026-03-04T23:00:00Z in Europe/Berlin → "Thu 5 Mar" (a wait given as a day)."""
    moment = parse(stamp).astimezone(ZoneInfo(zone))
    return f"{moment:%a} {moment.day} {moment:%b}"


def local(stamp: str, zone: str) -> str:
    """2026-03-05T08:00:00Z in Europe/Berlin → "Thu 5 Mar 09:00"."""
    moment = parse(stamp).astimezone(ZoneInfo(zone))
    return f"{moment:%a} {moment.day} {moment:%b %H:%M}"


def calendar_day(day: str | date) -> str:
    """2027-01-31 → "Sun 31 Jan" (a due date: a day in the person's zone already)."""
    day = date.fromisoformat(day) if isinstance(day, str) else day
    return f"{day:%a} {day.day} {day:%b}"


def due_mark(day: str | date) -> str:
    """What every view shows after a step with a due date: "📅 Sun 31 Jan"."""
    return f"📅 {calendar_day(day)}"
