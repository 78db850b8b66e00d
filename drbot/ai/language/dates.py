"""Dates in people's words ("friday 10am", "in 3 days", "tomorow"), in their time zone.

``dateparser`` does the reading; this module is the glue around it:

* words are normalised first (``tmrw`` -> ``tomorrow``, typos like ``thurdsay``
  fixed with rapidfuzz), and a leading "until/on/by/for…" is dropped;
* the few phrasings dateparser gets wrong are rewritten or answered here:
  ``on the 5th`` (dateparser reads a month), ``monday 9`` (a month again),
  ``end of the month`` and ``till month end``, ``the first week of next month``
  (its 1st), ``the weekend``;
* dateparser works on wall-clock time: it is given "now" as the person's naive
  local time, and its answer is placed in their zone with ``zoneinfo`` (its own
  offsets go stale across a DST switch), except for hours and minutes, which
  are elapsed time;
* :func:`find_when` only hands dateparser spans that look like dates (a table
  of patterns over the normalised words), so "may I", "sat down" or "step 2"
  never become dates.

dateparser is imported on first use: it costs time at start-up, and the CLI
and tests that never read a date should not pay it.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo

from drbot.ai.language import letters

__all__ = ["When", "days_spelt_out", "describe", "find_when", "parse_when"]


@dataclass(frozen=True)
class When:
    moment: datetime  # timezone-aware, in the person's zone; 00:00 local without a time
    has_time: bool  # the words named a time of day ("friday 10am")
    start: int  # span of the date words in the text given to find_when
    end: int


# -- words ---------------------------------------------------------------------------------

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
# Shorthands dateparser does not know, mapped to words it does.
SHORTHANDS = {
    "tmrw": "tomorrow",
    "tmr": "tomorrow",
    "tmw": "tomorrow",
    "tmrow": "tomorrow",
    "tmoro": "tomorrow",
    "tomoro": "tomorrow",  # (too short for the typo fix below: "tomato" is as near)
    "tomrw": "tomorrow",
    "tomrow": "tomorrow",
    "tmorow": "tomorrow",
    "2mrw": "tomorrow",
    "2mro": "tomorrow",
    "tomo": "tomorrow",
    "tomoz": "tomorrow",
    "2moro": "tomorrow",
    "2morrow": "tomorrow",
    # as Krio and Tok Pisin say it ("remind me bout di signboard tumara", "remind me to ring
    # her tumora": z210, z221)
    "tumara": "tomorrow",
    "tumora": "tomorrow",
    # Friday by its prayer ("remind me about the invitations after jumaa", "jummah ke baad":
    # z176, z238), never the name "Juma" (and only a time of that day after it is named:
    # "friday after jummah", ``_tokens``)
    **dict.fromkeys(("jumaa", "jummah", "jummaa", "jumuah"), "friday"),
    "tdy": "today",
    "tonite": "tonight",
    "2nite": "tonight",
    "thur": "thursday",
    "thurs": "thursday",
    "weds": "wednesday",
    "tues": "tuesday",
    "fri": "friday",  # (no English word, unlike "sat", "sun", "wed" and "mon")
    "wk": "week",
    "wks": "weeks",
    "mins": "minutes",
    "hr": "hour",
    "hrs": "hours",
    "sept": "september",
    "fortnight's": "fortnight",
    "fortnights": "fortnight",
    "week's": "weeks",  # "in a week's time"
    "month's": "months",
}
# Words a typo may be corrected to; correct spellings of other date words are
# listed too so that they are never "corrected" into one of these.
_FIXABLE = (
    *WEEKDAYS,
    *MONTHS,
    "tomorrow",
    "tonight",
    "fortnight",
    "midnight",
    "morning",
    "evening",
    "afternoon",
)
_KNOWN = frozenset(
    (
        *_FIXABLE,
        "weekend",
        "weekends",
        "weekday",
        "weekdays",
        "minutes",
        "seconds",
        "someday",
        "yesterday",
        "mourning",
        "octopus",
    )
)
_PREPOSITION = r"(?:until|till|til|on|by|for|to|before|from|at)"
# Counts said in words ("a week", "three days"): shared with the readers of doubt about a day.
NUMBER_WORDS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
}

_TOKEN = re.compile(
    r"\d{4}-\d{2}-\d{2}(?:[tT ]\d{1,2}:\d{2}(?::\d{2})?)?"  # ISO date, maybe a time
    r"|\d{1,2}(?::\d{2})?\s?(?:[ap]\.?m\.?)(?![a-z])"  # 10am, 10:30 p.m.
    r"|\d{1,2}[:/.]\d{1,2}(?:[/.]\d{2,4})?"  # 10:30, 1/12, 1.12.2026
    # (a word of any letters is one token: "Führerschein", never "F" and "hrerschein")
    rf"|{letters.WORD}(?:'{letters.WORD})?",
    re.IGNORECASE,
)


# A day of the month spelt out ("till the fifth of december"): its number, which the date
# patterns read ("first" has readings of its own)
ORDINAL_DAYS = {
    word: f"{n}{'st' if n % 10 == 1 and n != 11 else 'nd' if n % 10 == 2 and n != 12 else 'rd' if n % 10 == 3 and n != 13 else 'th'}"
    for n, word in enumerate(
        "second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth "
        "fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth".split(),
        start=2,
    )
}


def _fix_word(word: str) -> str:
    """One token in its plain form: lower case, shorthand expanded, typo fixed."""
    word = word.lower()
    if word in ORDINAL_DAYS:
        return ORDINAL_DAYS[word]
    if re.fullmatch(r"\d{1,2}(?::\d{2})?\s?[ap]\.?m\.?", word):
        return re.sub(r"\s|\.", "", word)  # "10 a.m." -> "10am"
    if word in SHORTHANDS:
        return SHORTHANDS[word]
    if len(word) < 7 or not word.isalpha() or word in _KNOWN:
        return word
    # Short words stay as typed: "sundry" is one letter away from "sunday".
    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    found = process.extractOne(
        word, _FIXABLE, scorer=OSA.distance, score_cutoff=1 if len(word) < 8 else 2
    )
    return found[0] if found else word


def _tokens(text: str) -> list[tuple[str, int, int]]:
    """(plain word, start, end) for each word of the text."""
    tokens = [(_fix_word(m[0]), m.start(), m.end()) for m in _TOKEN.finditer(text)]
    for i in range(2, len(tokens)):
        said = text[tokens[i][1] : tokens[i][2]].lower()
        if said in _PRAYER_DAY and tokens[i - 1][0] == "after" and tokens[i - 2][0] in WEEKDAYS:
            # "bring it back friday after jummah": the prayer is a time of the Friday named
            tokens[i] = (said, tokens[i][1], tokens[i][2])
    return tokens


_PRAYER_DAY = frozenset(word for word, day in SHORTHANDS.items() if word.startswith("jum"))


def _plain(text: str) -> str:
    return " ".join(word for word, _, _ in _tokens(text))


# -- reading one date expression ---------------------------------------------------------------


@cache
def _settings() -> Any:
    """dateparser's settings, built once; each call only sets "now"."""
    from dateparser.conf import Settings

    chosen = {
        "PREFER_DATES_FROM": "future",
        "RETURN_AS_TIMEZONE_AWARE": True,
        "DATE_ORDER": "DMY",
        "PREFER_LOCALE_DATE_ORDER": False,
        # No "timestamp" parser: "1700000000" is not something people say.
        "PARSERS": ["relative-time", "absolute-time"],
        "RELATIVE_BASE": datetime(2000, 1, 1),
        "TIMEZONE": "UTC",
    }
    return Settings().replace(mod_settings=chosen, **chosen)


def _dateparser(text: str, local_now: datetime) -> Any:
    """dateparser's reading of the text, on the person's wall clock.

    Its TIMEZONE stays UTC: dateparser takes RELATIVE_BASE as local time for
    relative words ("tomorrow") but as UTC when it decides whether a bare time
    ("at 5pm") is still ahead today, so with any other zone the two disagree.
    With UTC both are the naive local wall clock, and zoneinfo places the
    answer in the person's zone afterwards.
    """
    # A DateDataParser binds its settings (and so "now") when it is made, so
    # each call makes one: that costs microseconds, since the language data and
    # compiled patterns it uses are loaded once and shared by every parser.
    from dateparser.date import DateDataParser

    settings = _settings().replace(RELATIVE_BASE=local_now)
    return DateDataParser(languages=["en"], settings=settings).get_date_data(text)


def _hour(match: re.Match) -> str:
    """A bare hour after a day ("monday 9", "friday at 3"): office hours, 7am to 6pm."""
    hour = int(match["hour"])
    if hour > 23:
        return match[0]
    if hour > 12 or hour == 0:
        return f"{match['before']}{hour}:00"
    return f"{match['before']}{hour}{'am' if 7 <= hour <= 11 else 'pm'}"


# "friday 10", "the 5th at 9", "3rd december 9": an hour.  A month's number
# alone is its day ("march 3", "until december 9"), never an hour.
_BARE_HOUR = re.compile(
    rf"(?P<before>(?:{'|'.join(WEEKDAYS)}|mon|tue|wed|thu|fri|sat|sun|tomorrow|today|tonight"
    rf"|\d{{1,2}}(?:st|nd|rd|th)?(?: (?:of )?(?:{'|'.join(MONTHS)}))?) (?:at )?|^at )"
    rf"(?P<hour>\d{{1,2}})$"
)
_AMBIGUOUS_NUMERIC = re.compile(r"(?<!\d)(\d{1,2})[/.](\d{1,2})(?![\d:])")


def _special(text: str, today: date) -> date | None:
    """The phrasings read here, not by dateparser (it gets them wrong or not at all)."""
    # "on the first (of the month)": the next 1st
    text = re.sub(r"^(?:the )?first(?: of (?:the|next) month)?$", "1st", text)
    nth = re.fullmatch(r"(?:the )?(\d{1,2})(?:st|nd|rd|th)", text)
    if nth:  # "on the 5th": the next 5th, not today's
        day, year, month = int(nth[1]), today.year, today.month
        for _ in range(13):
            if day <= calendar.monthrange(year, month)[1] and date(year, month, day) > today:
                return date(year, month, day)
            year, month = (year + 1, 1) if month == 12 else (year, month + 1)
        return None
    named = _weekday_and_number(text, today)
    if named:
        return named
    thanksgiving = re.fullmatch(r"(after )?thanksgiving", text)
    if thanksgiving:  # the fourth Thursday of November; "after" it, the Friday
        for year in (today.year, today.year + 1):
            november = date(year, 11, 1)
            thursday = november + timedelta(days=(3 - november.weekday()) % 7 + 21)
            meant = thursday + timedelta(days=1 if thanksgiving[1] else 0)
            if meant > today:
                return meant
        return None
    week_on = re.fullmatch(rf"({'|'.join(WEEKDAYS)}) week", text)
    if week_on:  # "friday week": the friday after the coming one
        ahead = (WEEKDAYS.index(week_on[1]) - today.weekday() - 1) % 7 + 1
        return today + timedelta(days=ahead + 7)
    if text == "next week":  # "push it to next week": its Monday, not a week from today
        return today + timedelta(days=7 - today.weekday())
    # "leave the theory test till next month": its 1st, as next week is its Monday (dateparser
    # reads a month to the day, the 25th). "in a month" and
    # "a month from now" stay a span counted from today.
    if text == "next month":
        return (
            date(today.year + 1, 1, 1)
            if today.month == 12
            else today.replace(month=today.month + 1, day=1)
        )
    week_span = _week_span(text, today)
    if week_span:
        return week_span
    month_part = _month_part(text, today)
    if month_part:
        return month_part
    if re.fullmatch(r"(?:the )?new year", text):  # "leave it till the new year"
        return date(today.year + 1, 1, 1)
    feast = re.fullmatch(r"(after )?(?:christmas|xmas)", text)
    if feast:  # "after christmas": the first ordinary day after Boxing Day
        feast_day = date(today.year, 12, 27 if feast[1] else 25)
        return feast_day if feast_day > today else feast_day.replace(year=today.year + 1)
    # "the first week of next month", "early next month", "next month first week": its 1st
    if re.fullmatch(
        r"(?:(?:the )?(?:first week|start|beginning) of next month|early next month|"
        r"next month(?:'?s)? (?:first week|start|beginning))",
        text,
    ):
        return (
            date(today.year + 1, 1, 1)
            if today.month == 12
            else date(today.year, today.month + 1, 1)
        )
    end = re.fullmatch(r"(?:the )?(?:end (?:of (?:the |this )?)?(next )?month|month end)", text)
    if end:
        year, month = today.year, today.month
        if end[1] or today.day == calendar.monthrange(year, month)[1]:
            year, month = (year + 1, 1) if month == 12 else (year, month + 1)
        return date(year, month, calendar.monthrange(year, month)[1])
    return None


# A weekday with a day of the month ("monday the 7th", "fri 4th", "tuesday 8th"): the day
# that is both among the next two of that number, else the number's own next day (the
# words' doubt, ``date_doubts``, then offers it: "monday the 3rd" when no 3rd is a Monday).
_WEEKDAY_AND_NUMBER = re.compile(
    rf"(?P<day>{'|'.join(WEEKDAYS)}|mon|tue|wed|thu|sat|sun) (?:the )?(?P<n>\d{{1,2}})(?:st|nd|rd|th)?"
)


def _weekday_and_number(text: str, today: date) -> date | None:
    said = _WEEKDAY_AND_NUMBER.fullmatch(text)
    if said is None:
        return None
    weekday = next(i for i, name in enumerate(WEEKDAYS) if name.startswith(said["day"]))
    number = int(said["n"])
    coming = [d for d in _next_days_numbered(number, today, 2)]
    return next((d for d in coming if d.weekday() == weekday), coming[0] if coming else None)


# Declared (tests/test_readings.py runs them, "now" a Tuesday, 24 November 2026): "the day
# after" a named day is that day's next; after a span ("the weekend") or a weekday the reader
# cannot compose, the words stay for the doubt to weigh.
DAY_AFTER_NAMED_EXAMPLES: tuple[tuple[str, date], ...] = (
    ("remind me to chase the fees the day after thanksgiving", date(2026, 11, 27)),
    ("leave it till the day after christmas", date(2026, 12, 26)),
    ("push it to the day after the 5th", date(2026, 12, 6)),
)
DAY_AFTER_NAMED_NEAR_MISSES: tuple[tuple[str, date], ...] = (
    ("chase it the day after the weekend", date(2026, 11, 30)),  # read as "after the weekend"
    ("the week after thanksgiving", date(2026, 11, 27)),  # its doubt asks
)

# Declared (tests/test_readings.py runs them, "now" a Tuesday, 24 November 2026): a month
# and its day number read as that day whatever word follows; "may" and "march", which are
# words too, and a number that counts, are none.
MONTH_AND_NUMBER_EXAMPLES: tuple[tuple[str, date], ...] = (
    ("push the technical interviews to Dec 2 abeg, half the team is off", date(2026, 12, 2)),
    ("pa-remind me on Dec 5 about the costume fabric", date(2026, 12, 5)),
    ("leave it till January 8 when school's back", date(2027, 1, 8)),
    ("move the dentist to feb 3 pls", date(2027, 2, 3)),
)
MONTH_AND_NUMBER_NEAR_MISSES: tuple[tuple[str, date | None], ...] = (
    ("we march 3 abreast to the hall", None),  # "march" the verb
    ("she may 2 of them need back", None),
    ("gone dec 2 days already", None),  # the number counts
)

# Declared (tests/test_readings.py runs them, "now" a Tuesday, 24 November 2026): a day
# number followed by what it is about or another day word ("on the 3rd about the fence"), and
# the month's end as typed in a hurry ("end month"); a number counting the word after it, and
# a month called the end one, are no date.
DAY_NUMBER_AND_SUBJECT_EXAMPLES: tuple[tuple[str, date], ...] = (
    ("ping me on the 3rd about ripping out the old fence", date(2026, 12, 3)),
    ("remind me on the 1st regarding the rent", date(2026, 12, 1)),
    ("leave it till the 2nd after payday", date(2026, 12, 2)),
    ("remind me about share capital end month", date(2026, 11, 30)),
    ("the gifts on the 1st remind me, salary comes then", date(2026, 12, 1)),
    ("chase the loan end next month", date(2026, 12, 31)),
)
DAY_NUMBER_AND_SUBJECT_NEAR_MISSES: tuple[str, ...] = (
    "do it on the 5th step",
    "the end month of the project was june",
)

# Declared (tests/test_readings.py runs them, "now" a Tuesday, 24 November 2026): a weekday
# and a day number read as the day that is both; a short weekday where only a day can be.
WEEKDAY_AND_NUMBER_EXAMPLES: tuple[tuple[str, date], ...] = (
    ("I'll deal with it on Monday the 7th, after the meeting", date(2026, 12, 7)),
    ("leave the direct debit til payday, thats fri 4th", date(2026, 12, 4)),
    ("Say Tuesday the 8th", date(2026, 12, 8)),
    ("push it to sat 5th", date(2026, 12, 5)),
    ("ill do it sat when im off", date(2026, 11, 28)),
    # right after the words asking for a reminder, a short day is the day asked for
    ("remind me sat to go get the amp", date(2026, 11, 28)),
    # before a part of the day, a short day is a day anywhere
    ("electrician deposit - remind me sat morning pls", date(2026, 11, 28)),
    ("ill ring them wed afternoon", date(2026, 11, 25)),
    ("nudge me sun about the gutters", date(2026, 11, 29)),
    ("the van can wait till fri", date(2026, 11, 27)),
    ("lights can wait till payday, the 1st. remind me then", date(2026, 12, 1)),
    ("the bank's shut till monday, thats the 30th", date(2026, 11, 30)),
    ("I'll do it after my nights, so like a week from today?", date(2026, 12, 1)),
    # no 3rd of the next two months is a Monday: the number's day (its doubt offers Monday)
    ("push it to monday the 3rd", date(2026, 12, 3)),
)
WEEKDAY_AND_NUMBER_NEAR_MISSES: tuple[tuple[str, datetime | None], ...] = (
    ("friday 9", datetime(2026, 11, 27, 9, 0)),  # an hour, never a day of the month
    ("on monday the 7th step", datetime(2026, 11, 30)),  # the number counts a step
    ("it sat there for weeks", None),
    ("sat the exam in the big hall", None),
    ("the sun was out", None),
    ("sat in the sun", None),
    ("the nurse had me sat in the corridor", None),
    ("remind me sat is the cup final", None),
    ("we sat night after night by her bed", None),
    ("paid on payday, the 3rd one this year", None),
)


def _next_days_numbered(number: int, today: date, count: int) -> list[date]:
    """The next ``count`` days (from today on) whose day of the month is ``number``."""
    found: list[date] = []
    year, month = today.year, today.month
    for _ in range(24):
        if number <= calendar.monthrange(year, month)[1] and date(year, month, number) >= today:
            found.append(date(year, month, number))
            if len(found) == count:
                break
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return found


# Spans of weeks counted from today ("a week today", "the week after next", "end of next
# week"): the day each names, from this week's Monday or from today.
_WEEK_SPAN = re.compile(
    r"(?:(?P<same>(?:a )?week (?:today|tomorrow)|this time next week|(?:a )?week from (?:today|tomorrow))"
    rf"|(?:a )?week on (?P<weekday>{'|'.join(WEEKDAYS)})"
    r"|(?:the )?week after next"
    r"|(?P<end>(?:the )?end of next week)"
    r"|(?P<mid>(?:the )?(?:middle of|mid) next week)"
    r"|(?P<long>after (?:the |this )?(?:long|bank holiday) weekend)"
    rf"|(?:the )?(?P<day_of>{'|'.join(WEEKDAYS)}) (?:of )?next week"
    rf"|next week(?:'?s)? (?:on )?(?P<day_in>{'|'.join(WEEKDAYS)}))"
)


def _week_span(text: str, today: date) -> date | None:
    """The day a span of weeks names; None if the text is not one."""
    span = _WEEK_SPAN.fullmatch(text)
    if not span:
        return None
    next_monday = today + timedelta(days=7 - today.weekday())
    if span["same"]:  # "a week today", "a week tomorrow": seven days on
        return today + timedelta(days=7 + (1 if "tomorrow" in text else 0))
    if span["weekday"]:  # "a week on friday": the friday after the coming one
        ahead = (WEEKDAYS.index(span["weekday"]) - today.weekday() - 1) % 7 + 1
        return today + timedelta(days=ahead + 7)
    if span["end"]:  # "end of next week": its Friday
        return next_monday + timedelta(days=4)
    if span["mid"]:  # "mid next week": its Wednesday
        return next_monday + timedelta(days=2)
    if span["day_of"] or span["day_in"]:  # "thursday next week": that day of next week
        return next_monday + timedelta(days=WEEKDAYS.index(span["day_of"] or span["day_in"]))
    if span["long"]:  # "after the long weekend": the Tuesday, its Monday being a holiday
        return next_monday + timedelta(days=1)
    return next_monday + timedelta(days=7)  # "the week after next": its Monday


# A part of a named month ("start of december", "early jan", "end of february"): its
# first day, or its last; the coming one.
_MONTH_PART = re.compile(
    r"(?:(?P<first>(?:the )?(?:start|beginning|first week) of|early)|(?P<last>(?:the )?end of|late))"
    rf" (?P<month>{'|'.join(MONTHS)}|{'|'.join(m[:3] for m in MONTHS)})"
)


def _month_part(text: str, today: date) -> date | None:
    part = _MONTH_PART.fullmatch(text)
    if not part:
        return None
    month = [m[:3] for m in MONTHS].index(part["month"][:3]) + 1
    year = today.year + (1 if month < today.month else 0)
    day = 1 if part["first"] else calendar.monthrange(year, month)[1]
    return date(year, month, day)


# A clock time said with a part of the day, either way round ("tonight at 10", "sunday night at
# 9:30", "at 7 this evening", "tomorrow morning at 8"): the hour is that part's, so a bare "10"
# tonight is 22:00, never the office hours a bare hour after a day gets ("friday at 10": 10am).
_PART_OF_DAY = (
    rf"(?P<day>tonight|(?:(?P<on>this|today|tomorrow|{'|'.join(WEEKDAYS)}) )?"
    r"(?P<part>morning|afternoon|evening|night))"
)
_CLOCK_OF_PART = r"(?P<hour>\d{1,2})(?::(?P<minute>\d{2}))?(?P<half>am|pm)?"
_PART_THEN_CLOCK = re.compile(rf"^(?:{_PREPOSITION} )?{_PART_OF_DAY} (?:at )?{_CLOCK_OF_PART}$")
_CLOCK_THEN_PART = re.compile(
    rf"^(?:{_PREPOSITION} )?(?:at )?{_CLOCK_OF_PART} (?:on )?{_PART_OF_DAY}$"
)
# The hours a bare number can be in each part (24-hour clock); any other is not read, since
# "tonight at 1" or "tonight at 12" may be after midnight: asked, never guessed.
_HOURS_OF_PART = {
    "morning": range(5, 12),
    "afternoon": range(12, 19),
    "evening": range(16, 24),
    "night": range(18, 24),
}


def _clock_of_part(text: str) -> str | None:
    """A clock time with a part of the day as "DAY at HH:MM" (dateparser reads that), "" when
    the hour does not fit the part ("tonight at 3": not read), None when the text is no such
    time."""
    said = _PART_THEN_CLOCK.fullmatch(text) or _CLOCK_THEN_PART.fullmatch(text)
    if said is None:
        return None
    part = "night" if said["day"] == "tonight" else said["part"]
    hour = int(said["hour"])
    if said["half"]:
        hour = hour % 12 + (12 if said["half"] == "pm" else 0)
    elif hour < 12 and hour + 12 in _HOURS_OF_PART[part] and hour not in _HOURS_OF_PART[part]:
        hour += 12
    if hour not in _HOURS_OF_PART[part]:
        return ""
    on = said["on"] if said["on"] not in (None, "this") else "today"
    return f"{on} at {hour}:{said['minute'] or '00'}"


def _read(text: str, now: datetime, timezone: str) -> tuple[datetime, bool] | None:
    """One date expression in plain words -> (aware moment, has a time of day)."""
    zone = ZoneInfo(timezone)
    local_now = now.astimezone(zone)
    clocked = _clock_of_part(text)
    if clocked == "":
        return None
    text = clocked or text
    text = _BARE_HOUR.sub(_hour, text)  # before "at" goes: "at 9"
    text = re.sub(r"\b(?P<before>)(?P<hour>\d{1,2})ish\b", _hour, text)  # "5ish": 5pm
    text = re.sub(r"^(?:till|until|til) (?=after )", "", text)  # "till after the weekend"
    text = re.sub(r"^after (?:the |this )?weekend$", "monday", text)  # not saturday
    text = re.sub(r"^(?:(?:till|until|til) )?after (?=(?:the )?\d)", "", text)  # "after the 5th"
    text = re.sub(rf"^(?:{_PREPOSITION} )+", "", text)
    text = re.sub(r"^(?:say|around) (?=the \d)", "", text)  # "…, say the 12th"
    # "so like 2 weeks", "about 3 days", "a couple of weeks": a span from now
    text = re.sub(
        r"^(?:like|about|around|roughly|maybe) (?=\w+ (?:days?|weeks?|months?)$)", "in ", text
    )
    text = re.sub(r"^(?:in )?(?:a )?couple (?:of )?(?=(?:days|weeks|months)$)", "in 2 ", text)
    text = re.sub(r"^mid (\w+)$", r"15 \1", text)  # "mid dec": the middle of the month
    text = re.sub(r"\b(?:a )?couple(?: of)?\b", "2", text)  # "in a couple hours"
    text = re.sub(r"\ba few\b", "3", text)  # "in a few days"
    text = re.sub(rf"^(?:in|into) (?=(?:{'|'.join(MONTHS)})\b)", "", text)  # "in march"
    text = re.sub(r"^(?:the )?end of (?:the |this )?week$", "friday", text)
    # "mechanic coming thursday", "this coming friday": the next one
    text = re.sub(rf"^(?:this )?coming (?=(?:{'|'.join(WEEKDAYS)})\b)", "", text)
    text = re.sub(r"^(?:the |this )?weekend$", "saturday", text)
    if re.fullmatch(r"\d+", text) or _ambiguous(text):  # "2" is not a date, 1/12 unclear
        return None
    special = _special(text, local_now.date())
    if special:
        return _midnight(special, zone), False
    wall_now = local_now.replace(tzinfo=None)
    data = _dateparser(text, wall_now)
    if data.date_obj is None:
        return None
    parts = set(data.parts)
    if not parts & {"day", "time"}:
        if re.fullmatch(rf"(?:{'|'.join(MONTHS)})(?: \d{{4}})?", text):
            data.date_obj = data.date_obj.replace(day=1)  # "december": its first day
        elif not re.search(r"\b(?:months?|years?)\b", text):
            return None  # "at 9" read as September
    wall = data.date_obj.replace(tzinfo=None)
    if "time" not in parts:
        return _midnight(wall.date(), zone), False
    if re.search(r"\b(?:hours?|minutes?)\b", text):  # elapsed time, across DST too
        return (now + (wall - wall_now)).astimezone(zone), True
    if re.fullmatch(r"(?:later )?tonight", text) and wall <= wall_now:
        wall = _later_tonight(wall_now) or wall
    return _localize(_later_today(text, wall, wall_now), zone), True


def _later_tonight(wall_now: datetime) -> datetime | None:
    """ "tonight" said once its evening hour (20:00) has gone ("remind me tonight after the
    kids sleep" at 20:40, "remind me tonight about the PHF form" at 21:40: z204, z235): the
    next whole hour at least half an hour ahead, while that is still today; None after that
    (then it has passed, and when is asked)."""
    ahead = wall_now + timedelta(minutes=30)
    hour = ahead.replace(minute=0, second=0, microsecond=0)
    if hour < ahead:
        hour += timedelta(hours=1)
    return hour if hour.date() == wall_now.date() else None


# Today's weekday with a time of day ("friday at 6pm" said on a Friday morning): a person
# means today while that time is still ahead, never the same day next week. "next friday",
# "friday week" and a weekday without a time (docs: a bare weekday is the coming one, a week
# on when said on that day) are left as read.
_ITS_WEEKDAY = re.compile(
    rf"(?<!next )(?<!following )\b(?P<day>{'|'.join(WEEKDAYS)}|mon|tues?|wed|thur?s?|fri|sat|sun)\b"
    r"(?! week\b)"
)


def _later_today(text: str, wall: datetime, wall_now: datetime) -> datetime:
    """``wall`` a week on from today, when the text names today's weekday with a time
    still ahead today: that time today."""
    day = _ITS_WEEKDAY.search(text)
    if day is None or re.search(r"\bweeks?\b", text):
        return wall
    named = next(i for i, name in enumerate(WEEKDAYS) if name.startswith(day["day"][:3]))
    today = wall_now.date()
    earlier = wall - timedelta(days=7)
    if named == today.weekday() and wall.date() - today == timedelta(days=7) and earlier > wall_now:
        return earlier
    return wall


def _ambiguous(text: str) -> bool:
    """1/12 or 3.4: day-month or month-day? Better to ask than to guess."""
    return any(
        int(a) <= 12 and int(b) <= 12 and a != b for a, b in _AMBIGUOUS_NUMERIC.findall(text)
    )


def _localize(wall: datetime, zone: ZoneInfo) -> datetime:
    """A local wall-clock time in the zone; one that a DST switch skips moves forward."""
    return wall.replace(tzinfo=zone).astimezone(UTC).astimezone(zone)


def _midnight(day: date, zone: ZoneInfo) -> datetime:
    return _localize(datetime.combine(day, time(0)), zone)


def parse_when(text: str, now: datetime, timezone: str) -> When | None:
    """The whole text as a date ("friday", "until next monday 9am"); None if it is not one."""
    if len(text) > 80:
        return None
    found = _read(_plain(text), now, timezone)
    return When(found[0], found[1], 0, len(text)) if found else None


# -- finding a date inside a sentence ---------------------------------------------------------


@cache
def _pattern() -> re.Pattern:
    """What a date looks like among plain words; dateparser then says whether it is one.

    Words that are also ordinary English need company to count: "sat", "wed" and
    "sun" a "next/on/until" before them, months a day number ("march 3") or an
    "until/to/in" before them ("in march"), "the 5th" an "on/by/until" before it, a span
    ("a week") an "in/for" or a "wait" ("it can wait a week").  A bare number is never a
    date on its own.
    """
    weekday = "|".join(WEEKDAYS)
    month = "|".join(
        (*MONTHS, "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
    )
    # "in a couple (of) hours", "in a few days"
    count = "|".join((r"\d{1,3}", r"(?:a\ )?couple(?:\ of)?", r"a\ few", *NUMBER_WORDS))
    # A month alone after "until/to/in…" ("push it to january"); not "may" ("to may
    # be"), whose day number is always needed.
    whole_month = "|".join(m for m in MONTHS if m != "may")
    short_month = "jan|feb|mar|apr|jun|jul|aug|sep|oct|nov|dec"
    # A month that is no other word, with a day number, is a date whatever word follows ("push
    # the interviews to Dec 2 abeg", "on Dec 5 about the fabric"), unless the word is what the
    # number counts ("dec 2 days"); "may" and "march" are words too and keep the guard.
    plain_month = "|".join(
        m for m in (*MONTHS, *short_month.split("|")) if m not in ("may", "march", "mar")
    )
    counted = r"days?|weeks?|months?|years?|hours?|minutes?|mins?|times?|steps?|people|kids"
    # A number at the end must not be followed by a word it counts: "on the 5th step".
    # Words that start a clause or a reason are no such word: "on the 5th thats payday",
    # "by the 3rd when the money's in", "the 12th because of the bank holiday".
    alone = (
        # (and what it is about, or a day beside it: "ping me on the 3rd about the fence", "the
        # 1st after payday")
        r"(?!\s(?!(?:and|or|then|so|but|please|pls|i|we|you|they|it|to|for|with|again|only|"
        r"about|regarding|re|after|before|till|until|"
        r"latest|earliest|at|too|would|could|should|can|will|ya|yeah|mate|thanks|cheers|ok|if|lol|"
        r"that|thats|which|when|once|because|cause|cos|coz|cuz|since|as|is|its|was|my|our|your|"
        r"his|her|their|hopefully|probably|maybe|anyway|pay|payday|"
        # (the ask after the day: "1 tarik ma yaad dilaunu", glossed "on the 1st remind me")
        r"remind|ping|nudge|"
        # (a word said to the reader: "leave the zoo till the 10th love")
        r"love|luv|hun|hon|babe|pet|dear|darling|bro|sis)\b)"
        r"[a-z])"
    )
    day = rf"""(?:
        (?:the\ )?(?:{weekday})\ (?:of\ )?next\ week | next\ week(?:'?s)?\ (?:on\ )?(?:{weekday})
      | (?:the\ )?day\ after\ tomorrow | tomorrow | today | tonight
      | this\ (?:morning|afternoon|evening)
      | (?:{weekday}|mon|tue|wed|thu|sat|sun)\ (?:the\ \d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}(?:st|nd|rd|th)){alone}
      | (?:(?:next|this|coming)\ )?(?:{weekday})(?:\ week(?!\ (?:off|of|ago|and|or)\b))?
      | (?:next|this|coming|on|until|till|til|by|before|after|from|to)
        \ (?:mon|tue|wed|thu|fri|sat|sun)
      | (?:(?<=\bit\ )|(?<=\bthem\ )|(?<=\bthat\ )|(?<=\bthis\ ))(?:mon|wed|sat|sun)
        (?=\ ;|$|\ (?:when|once|as|cos|coz|cause|because|after|before|then|and|if|morning|afternoon|evening|night)\b)
      | (?:mon|wed|sat|sun)(?=\ (?:morning|afternoon|evening|arvo)\b)
      | (?:(?<=\bremind\ me\ )|(?<=\bping\ me\ )|(?<=\bnudge\ me\ )|(?<=\bbug\ me\ ))
        (?:mon|wed|sat|sun)
        (?=\ ;|$|\ (?:to|about|abt|re|when|once|cos|coz|because|then|and|morning|afternoon|evening|night)\b)
      | \d{{4}}-\d{{2}}-\d{{2}}(?:[t\ ]\d{{1,2}}:\d{{2}}(?::\d{{2}})?)?
      | (?:the\ )?\d{{1,2}}(?:st|nd|rd|th)?\ (?:of\ )?(?:{month})(?:\ \d{{4}})?
      | (?:{plain_month})\ \d{{1,2}}(?:st|nd|rd|th)?(?:\ \d{{4}})?(?!\ (?:{counted})\b)
      | (?:may|march|mar)\ \d{{1,2}}(?:st|nd|rd|th)?(?:\ \d{{4}})?{alone}
      | (?:on|for|until|till|til|by|before|from|say|around|(?:till\ |until\ |til\ )?after)\ (?:the\ )?\d{{1,2}}(?:st|nd|rd|th){alone}
      | (?<='s\ )the\ \d{{1,2}}(?:st|nd|rd|th){alone}
      | (?:(?<=\bthats\ )|(?<=\bpayday\ )|(?<=\bpayday\ ;\ ))(?:the\ )?\d{{1,2}}(?:st|nd|rd|th){alone}
      | (?:on|for|until|till|til|by|before|from)\ the\ first(?:\ of\ (?:the|next)\ month)?{alone}
      | (?:until|till|til|to|in|into|by|from)\ (?:{whole_month})(?:\ \d{{4}})?
      | (?:the\ )?new\ year | (?:after\ )?(?:christmas|xmas)
      | (?:the\ )?(?:first\ week|start|beginning)\ of\ next\ month | early\ next\ month
      | next\ month(?:'?s)?\ (?:first\ week|start|beginning)
      | (?:(?<=till\ )|(?<=until\ )|(?<=til\ )|(?<=by\ )|(?<=at\ )|(?<=before\ ))(?:the\ )?month\ end
      | next\ (?:week|month|year) | (?:the\ )?end\ of\ (?:the\ |this\ |next\ )?(?:week|month)
      # (as typed in a hurry: "remind me end month", "end of month")
      | (?:(?<=^)|(?<=\ ))end\ (?:next\ )?month(?!\ of)
      | (?:a\ )?week\ (?:today|tomorrow|on\ (?:{weekday})) | this\ time\ next\ week
      | (?:a\ )?week\ from\ (?:today|tomorrow) | (?:the\ )?week\ after\ next
      | (?:the\ )?end\ of\ next\ week | (?:the\ )?(?:middle\ of|mid)\ next\ week
      | after\ (?:the\ |this\ )?(?:long|bank\ holiday)\ weekend
      | (?:(?:the\ )?(?:start|beginning|first\ week|end)\ of|early|late)\ (?:{whole_month}|{short_month})
      | (?:after\ )?(?:the\ |this\ )?weekend
      | (?:in|for)\ (?:{count})\ (?:days?|weeks?|months?|years?|hours?|minutes?|fortnight)
      | (?:like|about|around|roughly|maybe)\ (?:{count})\ (?:days?|weeks?|months?)(?!\ ago)(?!\ from\b)
      | (?:in\ )?(?:a\ )?couple\ (?:of\ )?(?:days|weeks|months)(?!\ ago)
      | mid\ (?:{month}) | (?:after\ )?thanksgiving
      | (?:{count})\ (?:days?|weeks?|months?)\ from\ now
      | (?:(?<=\bwait\ )|(?<=\bback\ )|(?<=\boff\ ))(?:a|an|one|{count})\ (?:days?|weeks?|months?|fortnight)
    )"""
    clock = r"(?:\d{1,2}(?::\d{2})?(?:am|pm)|\d{1,2}:\d{2}|\d{1,2}ish|noon|midnight)"
    expression = rf"""
        (?<!\S)(?:{_PREPOSITION}\ )?(?:
            {day}(?:\ (?:at\ )?(?:{clock}|\d{{1,2}}{alone})
                   |\ (?:morning|afternoon|evening|night)
                    (?:\ (?:at\ )?(?:{clock}|\d{{1,2}}{alone}))?)?
          | (?:at\ )?{clock}(?:\ (?:on\ )?{day}(?:\ (?:morning|afternoon|evening|night))?)?
          # (a bare hour before a part of the day: "at 10 tonight", "at 7 tomorrow evening")
          | at\ \d{{1,2}}\ (?:tonight|this\ (?:morning|afternoon|evening)
                           |(?:{day})\ (?:morning|afternoon|evening|night))
        )(?!\S)"""
    return re.compile(expression, re.VERBOSE)


def find_when(text: str, now: datetime, timezone: str) -> When | None:
    """The date inside a sentence ("will finish tomorrow", "try again friday 10am").

    Of the date expressions found, the right-most is the one meant: "called
    monday, no answer, try again thursday".  Its span covers a leading
    "until/on/by…" too, so cutting it out leaves the rest of the sentence.
    """
    tokens = _asked_short_days(text, _tokens(text))
    plain, offsets = "", []
    for index, (word, start, _) in enumerate(tokens):
        if index:  # punctuation between words ends an expression: "no answer, friday"
            gap = text[tokens[index - 1][2] : start]
            plain += " " if not gap.strip() else " ; "
        offsets.append(len(plain))
        plain += word
    readings: list[tuple[datetime, bool, int, int]] = []
    for match in _pattern().finditer(plain):
        read = _read(match[0], now, timezone)
        if read:
            start, end = match.start(), match.end()
            composed = _day_after(plain, start, end, read[0], now, timezone)
            if composed is not None:
                read, start, end = (composed[0], False), composed[1], composed[2]
            readings.append((read[0], read[1], start, end))
    if not readings:
        return None
    glossed = _numbered_by_named(plain, readings, now, timezone)
    moment, has_time, start, end = glossed or _before_a_holiday_named(plain, readings)
    first = offsets.index(start)
    last = max(i for i, offset in enumerate(offsets) if offset < end)
    return When(moment, has_time, tokens[first][1], tokens[last][2])


# A holiday named bare in a later clause, after a day said before it ("dont bring up the
# police certificate till monday, everything's closed for thanksgiving anyway", "on dec 2nd,
# nobody reads email thanksgiving week anyway"): the holiday is the reason's, the day said
# before it the one meant. A holiday said with a word of waiting ("till after new year", "to
# christmas") is a day asked for and stays the last one said, as does one beside no other day.
_BARE_HOLIDAY = re.compile(r"(?:for\ )?(?:thanksgiving|christmas|xmas|(?:the\ )?new\ year)")
# The words of waiting the date pattern leaves before a holiday
_WAITED_FOR = re.compile(r"\b(?:after|till|until|til|to|by|before|on|at|since|from)\ (?:the\ )?$")


def _before_a_holiday_named(
    plain: str, readings: list[tuple[datetime, bool, int, int]]
) -> tuple[datetime, bool, int, int]:
    """The last reading, or the one before it when the last is a holiday named bare in a
    later clause than that other day, itself no holiday."""
    last = readings[-1]
    if len(readings) < 2 or not _BARE_HOLIDAY.fullmatch(plain[last[2] : last[3]]):
        return last
    before = readings[-2]
    if _BARE_HOLIDAY.search(plain[before[2] : before[3]]) or ";" not in plain[before[3] : last[2]]:
        return last
    if _WAITED_FOR.search(plain[: last[2]]):  # ("park it till after new year")
        return last
    return before


# Declared (tests/test_readings.py runs them, "now" a Tuesday, 24 November 2026): the day
# said before a holiday named in a later clause, and near misses: a holiday asked for with a
# word of waiting, one in the clause of the day, one beside another holiday.
BEFORE_A_HOLIDAY_EXAMPLES: tuple[tuple[str, date], ...] = (
    (
        "dont bring up the police certificate till monday, everything's closed for "
        "thanksgiving anyway",
        date(2026, 11, 30),
    ),
    (
        "i'll do the college radio emails on dec 2nd, nobody reads email thanksgiving week",
        date(2026, 12, 2),
    ),
    ("remind me about the masa friday, molino closed for thanksgiving", date(2026, 11, 27)),
    ("leave the sparky till the 5th, no one comes out with christmas coming", date(2026, 12, 5)),
)
BEFORE_A_HOLIDAY_NEAR_MISSES: tuple[tuple[str, date], ...] = (
    ("tax bill's not due till end of jan. park it till after new year", date(2027, 1, 1)),
    ("busy friday, leave it till christmas", date(2026, 12, 25)),
    ("do it friday for thanksgiving", date(2026, 11, 26)),  # one clause: as said last
    ("happy thanksgiving lol, already thinking christmas", date(2026, 12, 25)),
)


# A day named in words and a day of the month said beside it as its gloss ("till after
# christmas, the 28th say", "next week, so the 3rd", "say the 2nd, after new year"): the
# number is the explicit one and wins, read as the day with that number nearest the named
# day, never the number's next day from today (the 28th of November said about Christmas).
_DAY_NUMBER = re.compile(
    r"(?<!\S)(?:(?:on|for|until|till|til|by|say|around|about|so|like|thats|ie)\ )?"
    r"(?:the\ )?(?P<n>\d{1,2})(?:st|nd|rd|th)(?:\ (?:say|ish|or\ so))?"
    # (at a clause's end: "the 3rd is harder" counts something, it glosses nothing)
    r"(?=$|\ ;|\ (?:please|pls|then|when|because|cos|coz|as|thats|which|once|since|i|we)\b)"
)
# What may stand between the named day and its number: punctuation and filler only.
_GLOSS_GAP = re.compile(
    r"(?:\s|;|\b(?:would|could|will|can|you|ya|u|please|pls|plz|say|so|like|i|mean|ie|thats|"
    r"that|is|or|maybe|probably|actually|lets|let's|mate|hun|then|which|be|should|ok|okay)\b)*"
)
_NUMBERED_DAY = re.compile(r"\d{1,2}(?:st|nd|rd|th)?\b|\d{4}-\d{2}-\d{2}|\d[:/.]\d")
_ONE_DAY = re.compile(
    rf"\b(?:{'|'.join(WEEKDAYS)}|mon|tue|wed|thu|fri|sat|sun|today|tonight|tomorrow)\b(?! week\b)"
)


def _numbered_by_named(
    plain: str, readings: list[tuple[datetime, bool, int, int]], now: datetime, timezone: str
) -> tuple[datetime, bool, int, int] | None:
    """The day a day number glosses a named day with, and the span of both; None when the
    date said has no such gloss."""
    zone = ZoneInfo(timezone)
    today = now.astimezone(zone).date()
    named = [r for r in readings if not _NUMBERED_DAY.search(plain[r[2] : r[3]])]
    if not named:
        return None
    for number in _DAY_NUMBER.finditer(plain):
        for moment, has_time, start, end in named:
            if number.start() >= end:
                gap = plain[end : number.start()]
            elif number.end() <= start:
                gap = plain[number.end() : start]
            else:
                continue
            if not _GLOSS_GAP.fullmatch(gap) or ";" not in gap and gap.strip():
                continue
            named_day = moment.astimezone(zone).date()
            day = _nearest_numbered(int(number["n"]), named_day)
            span = min(start, number.start()), max(end, number.end())
            if day == named_day:
                return moment, has_time, *span
            # a weekday is one day already: another number disagrees with it (its doubt asks);
            # a number whose nearest day is gone glosses nothing to wait for
            if day is None or day <= today or _ONE_DAY.search(plain[start:end]):
                continue
            return _midnight(day, zone), False, *span
    return None


# Declared (tests/test_readings.py runs them, "now" a Tuesday, 24 November 2026): a day
# number glossing a named day is the day read, near the named day; a number that counts or
# disagrees with a weekday glosses nothing.
NUMBERED_BY_NAMED_EXAMPLES: tuple[tuple[str, date], ...] = (
    ("leave the insurance till after Christmas would you, the 28th say", date(2026, 12, 28)),
    ("leave it till after christmas, say the 28th", date(2026, 12, 28)),
    ("push it to next week, the 3rd", date(2026, 12, 3)),
    ("the week after next, so the 7th", date(2026, 12, 7)),
    ("park it till the new year, the 2nd say", date(2027, 1, 2)),
    ("the 29th, after christmas", date(2026, 12, 29)),
    ("the bank's shut till monday, thats the 30th", date(2026, 11, 30)),
)
NUMBERED_BY_NAMED_NEAR_MISSES: tuple[tuple[str, date], ...] = (
    ("do it friday, the 3rd step is harder", date(2026, 11, 27)),  # a number that counts
    ("push it to monday, the 3rd", date(2026, 11, 30)),  # a weekday it disagrees with
    ("till after christmas, the 15th", date(2026, 12, 27)),  # too far to gloss it
    ("remind me on the 10th", date(2026, 12, 10)),  # a number alone is its next day
    ("leave it to the end of the month, the 20th", date(2026, 11, 30)),  # its 20th is gone
)


def _nearest_numbered(number: int, near: date) -> date | None:
    """The day whose day of the month is ``number`` nearest ``near``,
    at most ten days away (a number further off glosses nothing)."""
    days = []
    for shift in (-1, 0, 1):
        year, month = near.year, near.month + shift
        year, month = (
            (year - 1, 12) if month == 0 else (year + 1, 1) if month == 13 else (year, month)
        )
        if 1 <= number <= calendar.monthrange(year, month)[1]:
            days.append(date(year, month, number))
    best = min(days, key=lambda d: (abs((d - near).days), d < near), default=None)
    return best if best is not None and abs((best - near).days) <= 10 else None


_SHORT_DAY = re.compile(r"\b(?:mon|tues?|wed|weds|thu|thur|thurs|fri|sat|sun)\b", re.I)


def days_spelt_out(text: str, now: datetime, timezone: str) -> str:
    """The text with a weekday the date reader found in it short ("ill do it sat", "fri
    4th") spelt out in full, for readers that know words, not dates ("sat" is more often
    "sat down"); the rest as said."""
    found = find_when(text, now, timezone)
    if found is None:
        return text
    said = _SHORT_DAY.sub(
        lambda m: next(d for d in WEEKDAYS if d.startswith(m[0].lower()[:3])),
        text[found.start : found.end],
    )
    return text[: found.start] + said + text[found.end :]


# A short weekday that is also a word ("sat", "sun", "wed", "mon") closing a clause that asks
# to be reminded or says the person's own future, or before its reason: "remind me abt the
# photos sat", "ill deal w the mail forwarding sat when im at moms". Never after someone who
# did it ("remind me where we sat"), nor said in capitals ("the SAT", "Sun Life").
_ASKING = frozenset("remind ping nudge bug nag i'll ill gonna we'll".split())
_SHORT_WORD_DAYS = {"sat": "saturday", "sun": "sunday", "wed": "wednesday", "mon": "monday"}
_DOER = frozenset("i we you he she they who where it's its there".split())
_REASON = frozenset("when once cos coz cause because as after before since".split())


def _asked_short_days(text: str, tokens: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """The tokens with a short weekday said where only a day can be spelt out in full."""
    found = list(tokens)
    clause_start = 0
    for index, (word, start, end) in enumerate(tokens):
        if index and text[tokens[index - 1][2] : start].strip():
            clause_start = index  # (punctuation between words starts a clause)
        if word not in _SHORT_WORD_DAYS or text[start:end].isupper() or not index:
            continue
        last = index + 1 == len(tokens) or text[end : tokens[index + 1][1]].strip()
        before_reason = not last and tokens[index + 1][0] in _REASON
        asked = any(w in _ASKING for w, _, _ in tokens[clause_start:index])
        if (last or before_reason) and asked and tokens[index - 1][0] not in _DOER:
            found[index] = (_SHORT_WORD_DAYS[word], start, end)
    return found


# Declared (tests/test_readings.py runs them, "now" a Tuesday, 24 November 2026)
ASKED_SHORT_DAY_EXAMPLES: tuple[tuple[str, date], ...] = (
    ("no time today, remind me abt the photos sat", date(2026, 11, 28)),
    ("ill deal w the mail forwarding sat when im at moms", date(2026, 11, 28)),
    ("nudge me about the gutters sun", date(2026, 11, 29)),
)
ASKED_SHORT_DAY_NEAR_MISSES: tuple[str, ...] = (
    "remind me where we sat",
    "remind me about the SAT",
    "ill ring Sun Life",  # (no day at the clause's end: the name goes on)
    "the cat sat when i came in",  # nothing asked
)


# A day said by another it comes after: "monday after thanksgiving", "the tuesday after the
# 5th", "the friday after next", "the weekend after next". The weekday (or the weekend) is
# the first one after the day the rest names; "after next", the one after the coming one.
_DAY_BEFORE_AFTER = re.compile(rf"(?:the )?(?P<day>{'|'.join(WEEKDAYS)}|weekend|day) $")
_AFTER_NEXT = re.compile(r" after next\b")


def _day_after(
    plain: str, start: int, end: int, read: datetime, now: datetime, timezone: str
) -> tuple[datetime, int, int] | None:
    """The day a weekday said before "after <a day>", or after itself with "after next",
    names, with the span of all its words; None when the date is said no such way."""
    zone = ZoneInfo(timezone)
    said = plain[start:end]
    before = _DAY_BEFORE_AFTER.search(plain[:start])
    if before is not None and re.match(r"(?:(?:till|until|til) )?after ", said):
        anchor = _read(re.sub(r"^(?:(?:till|until|til) )?after ", "", said), now, timezone)
        if anchor is None:
            return None
        day = anchor[0].astimezone(zone).date()
        if before["day"] == "day":
            # "the day after thanksgiving": the named day's next, never a span's ("the day
            # after the weekend" is a Monday the weekend's Saturday does not give)
            if re.search(r"\b(?:week|weekend|month|year)\b", said):
                return None
            return _midnight(day + timedelta(days=1), zone), before.start(), end
        weekday = 5 if before["day"] == "weekend" else WEEKDAYS.index(before["day"])
        meant = day + timedelta(days=(weekday - day.weekday() - 1) % 7 + 1)
        return _midnight(meant, zone), before.start(), end
    after_next = _AFTER_NEXT.match(plain, end)
    named = re.fullmatch(
        rf"(?:(?:the|on|by|until|till|til) )*(?P<day>{'|'.join(WEEKDAYS)}|weekend)", said
    )
    if after_next is not None and named is not None:
        # "the friday after next": the coming one's, a week on
        coming = read.astimezone(zone).date()
        if plain[:start].endswith("the ") and not said.startswith("the "):
            start -= len("the ")
        return _midnight(coming + timedelta(days=7), zone), start, after_next.end()
    return None


# -- saying a date back ----------------------------------------------------------------------


def describe(moment: datetime, timezone: str, now: datetime, has_time: bool = False) -> str:
    """ "tomorrow (Wednesday 25 November)", "Friday 27 November at 10:00"; the year
    only when it is not this one."""
    zone = ZoneInfo(timezone)
    local, today = moment.astimezone(zone), now.astimezone(zone).date()
    text = f"{local:%A} {local.day} {local:%B}"
    if local.year != today.year:
        text += f" {local.year}"
    ahead = (local.date() - today).days
    if ahead in (0, 1):
        text = f"{'today' if ahead == 0 else 'tomorrow'} ({text})"
    return f"{text} at {local:%H:%M}" if has_time else text
