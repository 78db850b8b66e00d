"""Time as the plan memory stores it: UTC ISO-8601 text of one fixed width, so
that comparing two stored times as text compares the moments."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

Clock = Callable[[], datetime]


def system_clock() -> datetime:
    return datetime.now(UTC)


def iso(moment: datetime) -> str:
    """2026-03-05T09:00:00.000000Z — always microseconds, always Z."""
    if moment.tzinfo is None:
        raise ValueError("naive datetime: the plan memory only stores aware UTC times")
    utc = moment if moment.tzinfo is UTC else moment.astimezone(UTC)
    # Field by field, every one padded: strftime's %Y does not pad years below 1000 on
    # glibc ("999-…") and the stored times are compared as text; and strftime costs
    # twice this (a mark line stores five times, docs/PERFORMANCE.md).
    return (
        f"{utc.year:04d}-{utc.month:02d}-{utc.day:02d}T{utc.hour:02d}:{utc.minute:02d}:"
        f"{utc.second:02d}.{utc.microsecond:06d}Z"
    )


def parse(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))
