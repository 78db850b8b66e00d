"""A step's due date as the tools take it: the person's words ("friday", "jan 31",
"end of month", 2027-01-31) read as a day in their zone (``language.due_dates``).

A due date is a deadline: a day already past is refused (say what to do instead),
and "none" clears one.  The store keeps the day itself (``PlanStore.set_due_date``).
"""

from __future__ import annotations

import contextlib
import re
from datetime import date
from zoneinfo import ZoneInfo

from drbot.ai.language.due_dates import day_of
from drbot.ai.tools.tool_registry import ToolContext
from drbot.readable_times import calendar_day

CLEAR_WORDS = ("none", "no", "clear", "remove", "no deadline", "no due date", "not due")


def due_day(ctx: ToolContext, words: str, *, clearing: bool = False) -> date | None:
    """The day ``words`` name, in the person's zone; None for "none" (``clearing``).
    ValueError, changing nothing, for words that are no day or a day gone by."""
    text = " ".join(str(words).split())
    if clearing and text.casefold() in CLEAR_WORDS:
        return None
    text = re.sub(r"^(?:by|before|due|deadline|on)\s+", "", text, flags=re.I)
    day = None
    if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
        with contextlib.suppress(ValueError):  # no such day: read as none below
            day = date.fromisoformat(text)
    else:
        day = day_of(text, ctx.now, ctx.timezone)
    if day is None:
        raise ValueError(
            f'I can\'t read "{text[:40]}" as a due date; say e.g. "friday", '
            '"jan 31", "end of month" or 2027-01-31. Nothing changed.'
        )
    if day < ctx.now.astimezone(ZoneInfo(ctx.timezone)).date():
        raise ValueError(
            f"{calendar_day(day)} has already passed; give a due date from today "
            "on. Nothing changed."
        )
    return day


def shown(day: date | None) -> str:
    return calendar_day(day) if day else ""
