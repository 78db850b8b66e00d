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
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def parse(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))
