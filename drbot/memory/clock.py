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
    utc = moment.astimezone(UTC)
    # strftime's %Y does not pad years below 1000 on glibc ("999-…"), and the stored
    # times are compared as text: the year is padded by hand so the order stays right.
    return f"{utc.year:04d}-{utc:%m-%dT%H:%M:%S.%f}Z"


def parse(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))
