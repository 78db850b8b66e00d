"""Due dates in people's words: "submit the tax return by jan 31", "deadline friday",
"due end of month".

A due date is the last day a thing may be done on, not the day it starts: "by friday"
is a deadline, where "on friday" or "friday" alone is when (``dates``, snoozes and
commitments read those).  So only the words that say deadline count here: "by",
"before", "no later than", "deadline", "due".  They must end the words, followed only
by a date that ``dates.parse_when`` reads in the person's zone: "stand by the door",
"paid by card" and "due to the rain" are no due dates.

:func:`read_due` splits a step's words into the task and its day; :func:`read_due_about`
reads a sentence about a step that exists ("the tax return is due jan 31", "deadline for
the tax return is friday") into the words naming the step and the day.  Each reading is
declared with the sentences it must read (``EXAMPLES``) and those it must not
(``NEAR_MISSES``); tests/test_readings.py runs both.  Pure functions: no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime
from zoneinfo import ZoneInfo

from drbot.ai.language import dates

__all__ = [
    "Due",
    "EXAMPLES",
    "NEAR_MISSES",
    "ABOUT_EXAMPLES",
    "read_due",
    "read_due_about",
    "day_of",
]


@dataclass(frozen=True)
class Due:
    words: str  # the task ("Submit the tax return"), or the words naming a step
    day: date  # the day it is due, in the person's zone
    said: str  # the date words as written ("jan 31")


_SEP = r"[\s,;:(—–-]*"
# The deadline words; "due" may take "by/on/date/is" after it ("due by friday").
_KEY = (
    # "before it runs out on 14 December", "before my visa expires on the 3rd": the day a thing
    # runs out is the deadline for what must happen before it
    r"(?:\bbefore\s+(?:it|they|that|this|(?:my|the|our|his|her|their)\s+[\w'-]+)\s+"
    r"(?:runs?\s+out|expires?|ends?|lapses?|closes?)(?:\s+(?:on|in|at))?"
    r"|\b(?:by|before|no\s+later\s+than|not\s+later\s+than)"
    r"|\b(?:deadline|due)(?:\s+(?:date|day))?(?:\s+(?:is|by|on|of))?\s*:?)"
)
_TRAILING = re.compile(
    rf"^(?P<task>.*?){_SEP}{_KEY}\s+(?P<when>[^,;()]+?)[\s).!]*$", re.IGNORECASE | re.DOTALL
)
# "deadline for the tax return is friday", "the tax return is due jan 31",
# "tax return deadline: friday", "the van needs booking by friday".
_ABOUT = (
    re.compile(
        r"^(?:the\s+)?(?:deadline|due\s+date)\s+(?:for|on)\s+(?P<task>.+?)\s+(?:is|=|:)"
        r"\s+(?P<when>.+?)[\s.!]*$",
        re.IGNORECASE,
    ),
    re.compile(
        r"^(?P<task>.+?)\s+(?:(?:is|are)\s+due|(?:has|have|needs?)\s+to\s+be\s+"
        r"(?:done|in|sent|paid|finished)|must\s+be\s+(?:done|in|sent|paid|finished))"
        r"\s+(?:by\s+|on\s+|before\s+)?(?P<when>.+?)[\s.!]*$",
        re.IGNORECASE,
    ),
    re.compile(
        rf"^(?P<task>.+?)\s+(?:deadline|due\s+date){_SEP}(?:is\s+)?(?P<when>[^,;()]+?)"
        r"[\s.!]*$",
        re.IGNORECASE,
    ),
)
# Words before the date that are the task's, never a date: "by car", "by hand".
_NOT_A_DATE = re.compile(
    r"^(?:car|bus|train|hand|post|email|phone|card|cash|myself|yourself|"
    r"ourselves|the\s+way|then|now|far)\b",
    re.IGNORECASE,
)

# (text, task, due day as said against 2026-11-24 in Europe/London)
EXAMPLES: tuple[tuple[str, str, str], ...] = (
    ("submit the tax return by jan 31", "submit the tax return", "2027-01-31"),
    ("Submit the tax return by 31 January", "Submit the tax return", "2027-01-31"),
    ("book the van by friday", "book the van", "2026-11-27"),
    ("pay the deposit, deadline friday", "pay the deposit", "2026-11-27"),
    ("send the invoices - due end of month", "send the invoices", "2026-11-30"),
    ("renew the insurance (due 5th december)", "renew the insurance", "2026-12-05"),
    ("council form due by monday", "council form", "2026-11-30"),
    ("get the MOT done before the 3rd", "get the MOT done", "2026-12-03"),
    ("file the claim no later than 2026-12-15", "file the claim", "2026-12-15"),
    ("finish the report deadline: tomorrow", "finish the report", "2026-11-25"),
    (
        "Renew my driving licence before it runs out on 14 December",
        "Renew my driving licence",
        "2026-12-14",
    ),
    ("renew the visa before my permit expires on the 3rd", "renew the visa", "2026-12-03"),
)
# Deadline words that are no due date: the date is not the end, or is no date.
NEAR_MISSES: tuple[str, ...] = (
    "paid by card",
    "go by train",
    "stand by the door",
    "delayed due to the rain",
    "drop by the office on friday",
    "call jim friday",
    "by the way the van is booked",
    "sent it by post",
    "due diligence",
    "by friday",  # a date and no task
    "made by hand, by then dry",
    "before it runs out of battery",  # no day
)
# (sentence about a step, words naming it, due day against 2026-11-24 in Europe/London)
ABOUT_EXAMPLES: tuple[tuple[str, str, str], ...] = (
    ("the tax return is due jan 31", "the tax return", "2027-01-31"),
    ("deadline for the tax return is friday", "the tax return", "2026-11-27"),
    ("tax return deadline friday", "tax return", "2026-11-27"),
    ("the deposit has to be done by the 5th", "the deposit", "2026-12-05"),
    ("insurance due date: 2026-12-20", "insurance", "2026-12-20"),
)


def day_of(words: str, now: datetime, timezone: str) -> date | None:
    """The day the date words name in the person's zone; None when they are no date."""
    words = words.strip()
    if not words or _NOT_A_DATE.match(words):
        return None
    when = dates.parse_when(words, now, timezone)
    if when is None:
        return None
    return when.moment.astimezone(ZoneInfo(timezone)).date()


def read_due(text: str, now: datetime, timezone: str) -> Due | None:
    """A step's words ending in a deadline: the task and the day; None otherwise."""
    found = _TRAILING.match(text.strip())
    if found is None:
        return None
    task = found["task"].strip(" ,;:(—–-")
    day = day_of(found["when"], now, timezone)
    if day is None or not re.search(r"[^\W\d_]{2}", task):
        return None
    return Due(task, day, found["when"].strip())


def read_due_about(text: str, now: datetime, timezone: str) -> Due | None:
    """A sentence giving a step's deadline ("the tax return is due jan 31"): the words
    naming the step and the day; or the step's own words with a deadline after them."""
    plain = text.strip()
    for pattern in _ABOUT:
        found = pattern.match(plain)
        if found is not None:
            day = day_of(found["when"], now, timezone)
            if day is not None and re.search(r"[^\W\d_]{2}", found["task"]):
                return Due(found["task"].strip(" ,;:"), day, found["when"].strip())
    return read_due(plain, now, timezone)
