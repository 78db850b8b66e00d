"""A question about what is coming up over some days: the days it asks about, never a change.

    what's due this week?                   → today … Sunday
    anything on tomorrow?                   → tomorrow
    what have I got on today                → today
    my agenda for the weekend               → Saturday … Sunday
    is anything due?                        → the next 7 days, and what is overdue

``days_asked`` returns the first and last day asked about (in the person's zone), and the
words that name them, or None when the text is no such question. What is due, waiting or
reminded on those days is the tools' to find. "what's on my list" and "what's left" are
requests to see a plan (``see_requests``): without a day or "due", "on" asks for no days.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import NamedTuple

from drbot.ai.language.dates import WEEKDAYS
from drbot.ai.language.see_requests import without_opening

# How far "anything due?" and "what's coming up?" look when they name no days.
WEEK_AHEAD = 7


class DaysAsked(NamedTuple):
    first: date
    last: date
    words: str  # how the answer names them: "today", "this week", "on Friday"


_DAY = "|".join(WEEKDAYS)
# The days a question names, however they are put.
_SPAN = (
    r"(?:(?:for\s+|on\s+|over\s+|in\s+)?(?:"
    r"today|tonight|this\s+(?:morning|afternoon|evening)|tomorrow|tmrw|tmr|"
    r"(?:this\s+|the\s+|this\s+coming\s+)?week(?:end)?|next\s+week|"
    rf"(?:this\s+|next\s+|coming\s+)?(?:{_DAY})|"
    r"the\s+next\s+(?:few|couple\s+of|\d|seven)\s+days|soon"
    r"))"
)
# Words after the question that change nothing: "for me", "at all", "then", "pls".
_TAIL = r"(?:\s+(?:for\s+(?:me|us)|at\s+all|then|again|pls|please|lol|mate|x+))*"
# What a question asks for. "due" and "coming up" say enough alone; "on", "planned" and
# the like need days, or "what's on my list" would be read as a day's agenda.
_DUE = r"(?:due|coming\s+up)"
_ON = r"(?:on|planned|scheduled|booked\s+in|happening|in\s+the\s+diary|lined\s+up)"
_QUESTIONS = (
    # "what's due this week", "what have I got on tomorrow", "what do we have coming up"
    re.compile(
        r"^what(?:'?s|\s+is|\s+are|'?re|\s+else\s+is)?\s*"
        r"(?:(?:do|have|did)\s+(?:i|we)\s+(?:got\s+|have\s+|got\s+left\s+)?|(?:i|we)'?ve\s+got\s+|"
        r"(?:i|we)\s+(?:have|got)\s+)?(?:still\s+)?"
        rf"(?:{_DUE}(?:\s+{_SPAN})?|{_ON}\s+{_SPAN}){_TAIL}$",
        re.I,
    ),
    # "anything due?", "is there anything on tomorrow", "got anything coming up this week"
    re.compile(
        r"^(?:(?:is|got|have\s+i\s+got|do\s+i\s+have)\s+)?(?:there\s+)?(?:anything|owt|much)\s+"
        rf"(?:else\s+)?(?:{_DUE}(?:\s+{_SPAN})?|{_ON}\s+{_SPAN}){_TAIL}$",
        re.I,
    ),
    # "my agenda", "show me the schedule for the weekend", "today's agenda"
    re.compile(
        r"^(?:(?:show|send|give)\s+(?:me\s+)?|what'?s\s+|whats\s+)?(?:my\s+|the\s+)?"
        rf"(?:{_SPAN}'?s\s+)?(?:agenda|schedule|diary)(?:\s+{_SPAN})?{_TAIL}$",
        re.I,
    ),
    # "what do I need to do today", "what have I got to do this week"
    re.compile(
        r"^what\s+(?:do|have|did)\s+(?:i|we)\s+(?:got\s+|have\s+|need\s+|gotta\s+)?(?:to\s+)?"
        rf"(?:do|get\s+done|sort(?:\s+out)?)\s+{_SPAN}{_TAIL}$",
        re.I,
    ),
)


def days_asked(text: str, today: date) -> DaysAsked | None:
    """The days a question about what is coming up asks about, or None."""
    asked = re.sub(r"\s+", " ", without_opening(text)).strip()
    if not any(question.fullmatch(asked) for question in _QUESTIONS):
        return None
    span = _SPAN_ALONE.search(asked)
    return _days(span[0] if span else "", today)


_SPAN_ALONE = re.compile(rf"\b{_SPAN}\b", re.I)


def _days(span: str, today: date) -> DaysAsked:
    words = re.sub(r"^(?:for|on|over|in)\s+", "", re.sub(r"\s+", " ", span.lower())).strip()
    words = {"tmrw": "tomorrow", "tmr": "tomorrow"}.get(words, words)
    monday = today - timedelta(days=today.weekday())
    if words.startswith("the next"):  # "the next few days", "the next 3 days"
        said = words.split()[2]
        days = max(1, {"few": 3, "couple": 2, "seven": 7}.get(said) or int(said))
        return DaysAsked(today, today + timedelta(days=days - 1), f"over the next {days} days")
    if not words or words == "soon":
        return DaysAsked(today, today + timedelta(days=WEEK_AHEAD - 1), "over the next 7 days")
    if words in {"today", "tonight", "this morning", "this afternoon", "this evening"}:
        return DaysAsked(today, today, "today")
    if words == "tomorrow":
        return DaysAsked(today + timedelta(days=1), today + timedelta(days=1), "tomorrow")
    if words == "next week":
        return DaysAsked(monday + timedelta(days=7), monday + timedelta(days=13), "next week")
    if words.endswith("weekend"):
        saturday = today + timedelta(days=(5 - today.weekday()) % 7)
        if today.weekday() == 6:  # on a Sunday "this weekend" is today
            saturday = today - timedelta(days=1)
        return DaysAsked(max(saturday, today), saturday + timedelta(days=1), "this weekend")
    if words.endswith("week"):  # "this week", "the week", "this coming week"
        return DaysAsked(today, monday + timedelta(days=6), "this week")
    name = words.split()[-1]
    ahead = (WEEKDAYS.index(name) - today.weekday()) % 7
    if words.startswith("next ") and ahead == 0:
        ahead = 7
    day = today + timedelta(days=ahead)
    return DaysAsked(day, day, f"on {name.capitalize()}")


# Read as stated (tests/test_readings.py): the question and how the answer names its days.
EXAMPLES = (
    ("what's due this week?", "this week"),
    ("anything due?", "over the next 7 days"),
    ("Is there anything on today?", "today"),
    ("what have I got on tomorrow", "tomorrow"),
    ("hmm what's on tmrw then", "tomorrow"),
    ("what do i need to do today", "today"),
    ("my schedule for the weekend", "this weekend"),
    ("today's agenda pls", "today"),
    ("what's coming up next week", "next week"),
    ("whats planned for saturday", "on Saturday"),
    ("got anything coming up?", "over the next 7 days"),
)
# Not a question about days: a plan's list, a step's due date, news.
NEAR_MISSES = (
    "what's on my list",
    "what's left",
    "what's on",
    "whats happening with the netball",
    "what's due for the wedding",
    "is the MOT due this week?",
    "the receipts are due friday",
    "I've got nothing on tomorrow",
    "what's on the shopping list for saturday",
)


# -- a question about what was done: the days gone by it asks about ---------------------------

# The days gone by a question about what was done names: "this week" is Monday up to today,
# "lately" (or none said) the last seven days.
_PAST_SPAN = (
    r"(?:(?:for\s+|on\s+|over\s+|in\s+|during\s+|at\s+)?(?:"
    r"today|yesterday|this\s+(?:morning|afternoon|evening|week|month)|"
    r"(?:the\s+)?(?:last|past)\s+(?:week|month|(?:few|couple\s+of|\d{1,2}|seven)\s+days)|"
    r"(?:the|this|last)\s+weekend|lately|recently|so\s+far(?:\s+this\s+(?:week|month))?|"
    r"since\s+(?:monday|the\s+weekend|last\s+week)"
    r"))"
)
# What was done, asked in the past: "did I do / get done / finish", "have I done / achieved".
_DID = (
    r"(?:did\s+(?:i|we)\s+(?:actually\s+|even\s+)?(?:do|get\s+done|get\s+through|finish|"
    r"achieve|complete|tick\s+off|sort(?:\s+out)?|manage(?:\s+to\s+do)?)|"
    r"(?:have|'?ve)\s+(?:i|we)\s+(?:actually\s+|even\s+)?(?:done|got\s+done|gotten\s+done|"
    r"got\s+through|finished|achieved|completed|ticked\s+off|sorted(?:\s+out)?|managed))"
)
_PAST_QUESTIONS = (
    # "what have I done this week?", "what did I get done today", "what did we finish lately"
    re.compile(rf"^what\s+{_DID}(?:\s+{_PAST_SPAN})?{_TAIL}$", re.I),
    # "show me what I did this week", "tell me what I've done so far"
    re.compile(
        r"^(?:(?:can|could)\s+(?:you|u)\s+)?(?:show|tell|remind|give)\s+(?:me|us)\s+(?:what\s+)?"
        r"(?:i|we)\s*(?:did|'?ve\s+done|have\s+done|got\s+done|'?ve\s+got\s+done|finished|"
        rf"achieved)(?:\s+{_PAST_SPAN})?{_TAIL}$",
        re.I,
    ),
    # "my progress this week", "how did I do this week", "what got done yesterday"
    re.compile(
        r"^(?:(?:show\s+(?:me\s+)?)?my\s+progress|how\s+did\s+(?:i|we)\s+do|"
        r"what\s+(?:got|has\s+been|'?s\s+been|was)\s+done)"
        rf"(?:\s+{_PAST_SPAN})?{_TAIL}$",
        re.I,
    ),
)


def past_days_asked(text: str, today: date) -> DaysAsked | None:
    """The days gone by a question about what was done asks about, or None."""
    asked = re.sub(r"\s+", " ", without_opening(text)).strip()
    if not any(question.fullmatch(asked) for question in _PAST_QUESTIONS):
        return None
    span = re.search(rf"\b{_PAST_SPAN}\b", asked, re.I)
    return _past_days(span[0] if span else "", today)


def _past_days(span: str, today: date) -> DaysAsked:
    words = re.sub(r"^(?:for|on|over|in|during|at)\s+", "", re.sub(r"\s+", " ", span.lower()))
    words = re.sub(r"^the\s+", "", words)
    monday = today - timedelta(days=today.weekday())
    if words in {"today", "this morning", "this afternoon", "this evening"}:
        return DaysAsked(today, today, "today")
    if words == "yesterday":
        return DaysAsked(today - timedelta(days=1), today - timedelta(days=1), "yesterday")
    if words in {"this week", "so far this week", "since monday"}:
        return DaysAsked(monday, today, "this week")
    if words == "last week":  # the week before this one, Monday to Sunday
        return DaysAsked(monday - timedelta(days=7), monday - timedelta(days=1), "last week")
    if words in {"this month", "so far this month"}:
        return DaysAsked(today.replace(day=1), today, "this month")
    if words in {"last month", "past month"}:
        return DaysAsked(today - timedelta(days=29), today, "over the last 30 days")
    saturday = today - timedelta(days=(today.weekday() - 5) % 7)  # the last one, or today
    if words.startswith("since"):  # "since the weekend", "since last week"
        first = monday - timedelta(days=7) if words.endswith("week") else saturday
        return DaysAsked(first, today, words)
    if words.endswith("weekend"):  # the last Saturday and Sunday (today's, on a weekend)
        if words.startswith("last") and today.weekday() >= 5:
            saturday -= timedelta(days=7)
        return DaysAsked(saturday, min(saturday + timedelta(days=1), today), "at the weekend")
    if counted := re.search(r"(few|couple of|\d{1,2}|seven) days$", words):
        said = counted[1]
        days = max(1, {"few": 3, "couple of": 2, "seven": 7}.get(said) or int(said))
        return DaysAsked(today - timedelta(days=days - 1), today, f"over the last {days} days")
    # "lately", "recently", "so far", "the past week", or no days said
    return DaysAsked(today - timedelta(days=6), today, "over the last 7 days")


# Read as stated (tests/test_readings.py): the question and how the answer names its days.
PAST_EXAMPLES = (
    ("what have I done this week?", "this week"),
    ("what did I get done today", "today"),
    ("what did i do yesterday", "yesterday"),
    ("hmm what have I actually achieved lately", "over the last 7 days"),
    ("what have we finished so far", "over the last 7 days"),
    ("show me what I did this week", "this week"),
    ("tell me what I've done over the last few days pls", "over the last 3 days"),
    ("my progress this month", "this month"),
    ("how did I do last week?", "last week"),
    ("what got done at the weekend", "at the weekend"),
    ("what have I done", "over the last 7 days"),
    ("what did I get through the past week", "over the last 7 days"),
    ("what have I done since monday", "this week"),
    ("what have I done since the weekend", "since the weekend"),
)
# A question about what is ahead, a plan's list, or news: no question about days gone by.
PAST_NEAR_MISSES = (
    "what do I need to do today",
    "what have I got to do this week",
    "what's due this week?",
    "I've done the quotes this week",
    "what have I done wrong with the form",
    "what did I do with the receipts",
    "did I do the quotes?",
    "what's left",
)
