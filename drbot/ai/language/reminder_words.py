"""Reminders asked for in words: "remind me friday 10am to call the council",
"remind me every monday to water the plants", and how a reminder repeats.

Two pure readings, each declared with the sentences it must read and the
near-misses it must not (tests/test_readings.py runs both):

* :func:`read_request` — "remind me <when> to <thing>", "remind me every <rule>
  to <thing>", and the same with the thing first ("remind me to take the cake
  out in 20 minutes").  It splits the words only; whether they name a step of a
  plan (then it is that step's reminder) is for the rules to decide.
* :func:`read_repeat` — "every monday 9am", "every weekday at 8", "on the 1st of
  every month", "every 2 weeks" as a :class:`~drbot.memory.recurrence.Repeat`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import time

from drbot.memory.recurrence import Repeat

__all__ = ["Request", "read_request", "read_repeat", "describe_repeat", "as_remind_me"]

DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_DAY = r"(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:[a-z]*)"
_NUMBERS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "other": 2,
    "second": 2,
    "third": 3,
}
_UNITS = {
    "day": "daily",
    "week": "weekly",
    "fortnight": "weekly",
    "month": "monthly",
    "year": "yearly",
}
_CLOCK = (
    r"(?:at\s+)?(?:(?P<h>\d{1,2})(?::(?P<m>\d{2}))?\s*(?P<ampm>am|pm|a\.m\.|p\.m\.)"
    r"|(?P<h24>\d{1,2}):(?P<m24>\d{2})|(?<=at\s)(?P<bare>\d{1,2})(?!\d)"
    r"|(?P<word>noon|midday|midnight))"
)
_CLOCK_RE = re.compile(_CLOCK, re.I)
# The parts of day people repeat by: "every morning" is 09:00.
_PARTS = {"morning": time(9), "afternoon": time(14), "evening": time(18), "night": time(21)}


@dataclass(frozen=True)
class Request:
    thing: str  # "call the council"
    when: str | None  # "friday 10am", in the person's words
    repeat: str | None  # "every monday", in the person's words


# -- how it repeats --------------------------------------------------------------------


def _time(words: str) -> tuple[time | None, str]:
    """A time of day in the words, and the words without it."""
    found = _CLOCK_RE.search(words)
    if found is None:
        return None, words
    if found["word"]:
        at = time(0) if found["word"].lower() == "midnight" else time(12)
    else:
        hour = int(found["h"] or found["h24"] or found["bare"])
        minute = int(found["m"] or found["m24"] or 0)
        ampm = (found["ampm"] or "").lower().replace(".", "")
        if ampm == "pm" and hour < 12:
            hour += 12
        elif ampm == "am" and hour == 12:
            hour = 0
        if hour > 23 or minute > 59:
            return None, words
        at = time(hour, minute)
    rest = words[: found.start()] + " " + words[found.end() :]
    return at, " ".join(rest.split())


def _weekdays(words: str) -> tuple[int, ...]:
    found = re.findall(rf"\b({_DAY})s?\b", words, re.I)
    days = []
    for word in found:
        day = next((i for i, d in enumerate(DAYS) if d.startswith(word.lower()[:3])), None)
        if day is not None and day not in days:
            days.append(day)
    return tuple(sorted(days))


def _count(word: str | None) -> int:
    if not word:
        return 1
    return int(word) if word.isdigit() else _NUMBERS.get(word.lower(), 0)


_MONTHDAY = re.compile(
    r"(?:on\s+)?(?:the\s+)?(?P<day>\d{1,2})(?:st|nd|rd|th)?\s+(?:day\s+)?of\s+(?:every|each)"
    r"(?:\s+(?P<n>\d{1,2}|other))?\s+months?"
    r"|(?:every|each)(?:\s+(?P<n2>\d{1,2}|other))?\s+months?\s+on\s+the\s+(?P<day2>\d{1,2})"
    r"(?:st|nd|rd|th)?|monthly\s+on\s+the\s+(?P<day3>\d{1,2})(?:st|nd|rd|th)?",
    re.I,
)
_EVERY_N = re.compile(
    r"(?:every|each)\s+(?:(?P<n>\d{1,3}|one|two|three|four|five|six|other|second|third)\s+)?"
    r"(?P<unit>day|week|fortnight|month|year)s?",
    re.I,
)
_SHORT = {
    "daily": ("daily", 1),
    "weekly": ("weekly", 1),
    "fortnightly": ("weekly", 2),
    "monthly": ("monthly", 1),
    "yearly": ("yearly", 1),
    "annually": ("yearly", 1),
}


def read_repeat(words: str) -> Repeat | None:
    """How a reminder repeats, or None when the words say no rule this reads."""
    text = " ".join(words.replace(",", " ").split()).strip(" .!").lower()
    if not text or len(text) > 80:
        return None
    at, text = _time(text)
    part = re.search(r"\b(morning|afternoon|evening|night)s?\b", text)
    if part and at is None:
        at = _PARTS[part[1]]
    if part:
        text = " ".join((text[: part.start()] + text[part.end() :]).split())
    text = re.sub(r"\b(?:in\s+the|at|on|and|every|each|the)\s*$", "", text).strip()
    repeat = _read_rule(text, bool(part))
    return None if repeat is None else replace(repeat, at=at)


def _read_rule(text: str, part: bool) -> Repeat | None:
    if found := _MONTHDAY.fullmatch(text):
        day = int(found["day"] or found["day2"] or found["day3"])
        every = _count(found["n"] or found["n2"])
        return Repeat("monthly", every, monthday=day) if 1 <= day <= 31 and every else None
    if re.fullmatch(
        r"(?:every|each|on)\s+(?:week\s*day|working\s+day|work\s*day)s?|"
        r"week\s*days|(?:every|each)\s+day\s+of\s+the\s+week|"
        r"(?:on\s+)?weekdays|monday\s+to\s+friday|mon(?:day)?\s*-\s*fri(?:day)?",
        text,
    ):
        return Repeat("weekly", weekdays=(0, 1, 2, 3, 4))
    if re.fullmatch(r"(?:every|each|on)\s+weekends?|weekends", text):
        return Repeat("weekly", weekdays=(5, 6))
    if text in _SHORT:
        return Repeat(*_SHORT[text])
    if text in ("every", "each", "") and part:  # "every morning", "each evening"
        return Repeat("daily")
    if re.fullmatch(r"every\s*day|everyday|each\s+day|every\s+single\s+day", text):
        return Repeat("daily")
    if found := re.fullmatch(
        rf"(?:(?:every|each|on)\s+)?(?:(?P<n>\d{{1,2}}|other|second)\s+)?"
        rf"(?:{_DAY}s?(?:\s*(?:and|&|\+|/)\s*|\s+)?)+",
        text,
    ):
        days = _weekdays(text)
        every = _count(found["n"])
        if not days or not every:
            return None
        # "mondays" alone repeats; "monday" alone is one day: the caller's one-off
        if (
            not re.match(r"(?:every|each)\b", text)
            and not re.search(rf"{_DAY}s\b", text)
            and not text.startswith("on ")
        ):
            return None
        if text.startswith("on ") and not re.search(rf"{_DAY}s\b", text):
            return None  # "on monday" is one Monday
        return Repeat("weekly", every, weekdays=days)
    if found := re.fullmatch(rf"{_EVERY_N.pattern}(?:\s+on\s+(?P<days>.+))?", text, re.I):
        unit = found["unit"].lower()
        every = _count(found["n"]) * (2 if unit == "fortnight" else 1)
        if not every:
            return None
        days = _weekdays(found["days"]) if found["days"] else ()
        if found["days"] and (not days or unit not in ("week", "fortnight")):
            return None
        return Repeat(_UNITS[unit], every, weekdays=days)
    return None


def describe_repeat(repeat: Repeat, at: time) -> str:
    """ "every Monday at 09:00", "every weekday at 08:00", "on the 1st of every month
    at 09:00", "every 2 weeks at 09:00"."""
    clock = f"at {at:%H:%M}"
    if repeat.freq == "monthly" and repeat.monthday:
        every = "every month" if repeat.interval == 1 else f"every {repeat.interval} months"
        return f"on the {_ordinal(repeat.monthday)} of {every} {clock}"
    if repeat.weekdays == (0, 1, 2, 3, 4) and repeat.interval == 1:
        return f"every weekday {clock}"
    if repeat.weekdays == (5, 6) and repeat.interval == 1:
        return f"every weekend day {clock}"
    unit = {"daily": "day", "weekly": "week", "monthly": "month", "yearly": "year"}[repeat.freq]
    if repeat.weekdays:
        days = " and ".join(DAYS[d].capitalize() for d in repeat.weekdays)
        every = "every" if repeat.interval == 1 else f"every {_ordinal(repeat.interval)}"
        return f"{every} {days} {clock}"
    every = f"every {unit}" if repeat.interval == 1 else f"every {repeat.interval} {unit}s"
    return f"{every} {clock}"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


REPEAT_EXAMPLES: tuple[tuple[str, Repeat], ...] = (
    ("every monday 9am", Repeat("weekly", weekdays=(0,), at=time(9))),
    ("every Monday at 9", Repeat("weekly", weekdays=(0,), at=time(9))),
    ("every weekday at 8", Repeat("weekly", weekdays=(0, 1, 2, 3, 4), at=time(8))),
    ("on weekdays at 7:30am", Repeat("weekly", weekdays=(0, 1, 2, 3, 4), at=time(7, 30))),
    ("on the 1st of every month", Repeat("monthly", monthday=1)),
    ("every month on the 15th at 18:00", Repeat("monthly", monthday=15, at=time(18))),
    ("every 2 weeks", Repeat("weekly", 2)),
    ("every other week on friday", Repeat("weekly", 2, weekdays=(4,))),
    ("every day at 7pm", Repeat("daily", at=time(19))),
    ("daily", Repeat("daily")),
    ("every morning", Repeat("daily", at=time(9))),
    ("every tuesday and thursday at noon", Repeat("weekly", weekdays=(1, 3), at=time(12))),
    ("mondays", Repeat("weekly", weekdays=(0,))),
    ("every 3 days", Repeat("daily", 3)),
    ("fortnightly", Repeat("weekly", 2)),
    ("every weekend", Repeat("weekly", weekdays=(5, 6))),
)
REPEAT_NEAR_MISSES: tuple[str, ...] = (
    "monday",
    "on monday",
    "friday 10am",
    "tomorrow",
    "in 20 minutes",
    "every so often",
    "every time I see him",
    "every 0 days",
    "on the 1st",
    "every month on the 40th",
)


# -- other ways to ask for a reminder ------------------------------------------------------

# "Remember me on monday to send the draft" (remember for remind, as a learner says it in
# many languages: "recuérdame", "erinnere mich"), "don't let me forget (to/about) the
# contract": asked of drbot at the start of a clause, never someone's memory of the person
# ("she'd even remember me"), nor a greeting sent ("remember me to your mum").
_REMEMBER_ME = re.compile(
    r"(?P<head>(?:^|[,.;!?]\s*|\b(?:you|u|pls|plz|please|and|just|also|to)\s+))"
    r"(?:remember|remeber|rember)\s+me\s+"
    r"(?!to\s+(?:your|his|her|their|the|everyone|all|them|him)\b)"
    r"(?=(?:on|to|about|of|next|this|tomorrow|tmrw|in|at|before|after|when)\b|"
    r"(?:mon|tue|wed|thu|fri|sat|sun)\w*\b)",
    re.I,
)
# "tell me again tomorrow morning about the blood test" (z269), "tell me again about calling
# uncle yusuf tonight" (z202), "… leave it after harvest, tell me again in 2 week" (z228): to
# be told again of a thing at a time is a reminder asked. Only before a day or "about": "tell
# me again what's next", "tell me again how it works" ask drbot now
_TELL_ME_AGAIN = re.compile(
    r"(?P<head>(?:^|[,.;!?—]\s*|\b(?:you|u|pls|plz|please|and|just|then|so)\s+))"
    r"tell\s+me\s+(?:again|once\s+more)\s+"
    r"(?=(?:on|about|abt|bout|next|this|tomorrow|tmrw|tmr|tonight|in\s+(?:a|an|\d+|two|three)\b|"
    r"after|at\s+\d)\b|(?:mon|tue|wed|thu|fri|sat|sun)\w*\b)",
    re.I,
)
_LET_ME_FORGET = re.compile(
    r"\b(?:do\s+not|don'?t|dont)\s+let\s+me\s+forget\s+(?P<to>to\s+|about\s+)?(?=[\w'])",
    re.I,
)


# The thing said first as a label, then the ask with only its day: "deposit — remind me on the
# 10th, that's move out day", "the rego: remind me friday" (the ask's own thing, "to …" or
# "about …", keeps the label a plan's or a topic's)
_LABEL_FIRST = re.compile(
    r"^(?P<thing>[^—:,.;!?\n]{2,40}?)\s*[—:]\s*"
    r"(?P<ask>(?:(?:please|pls|can\s+you|could\s+you|just)\s+)*)remind\s+me\s+"
    r"(?!to\b|about\b|that\b|of\b|how\b|what\b|when\b|why\b|if\b|later\b)(?=\w)",
    re.I,
)


# The ask in another language, said first as "remind me" is, in a message mixed with English:
# Tagalog "pa-remind naman bukas about …", "paki-remind ako", Spanish "recuérdame", French
# "rappelle-moi" (mixed: "rappel me"), Portuguese "me lembra", German "erinnere mich", Swahili
# "nikumbushe", Indonesian "ingetin aku", "ingatkan saya" (with the particles said after it:
# "naman", "po"), Romanian "amintește-mi", "reamintește-mi", "adu-mi aminte" (typed with its
# marks or without, "amintestemi": z186, z226), also after a dash ("cabana de la straja -
# aminteste-mi luni")
_OTHER_ASK_FIRST = re.compile(
    r"(?P<head>^|[,.;!?—]\s*|\s-\s+|\b(?:and|pls|plz|please|po|at|tapos)\s+)"
    r"(?:pa-?remind|paki-?remind|paalala(?:hanan)?\s+mo|recu[eé]rdame|rappel(?:le|les)?[\s-](?:moi|me)\b|"
    r"lembra[\s-]me|me\s+lembra|erinnere\s+mich|nikumbushe|ingetin|ingatkan|"
    r"(?:re)?aminte[sș]te-?mi|adu-?mi\s+aminte)"
    r"(?:\s+(?:naman|po|nga|lang|mo|ako|ulit|saya|aku|gue|an|de|daran))*\s+(?=\w)",
    re.I,
)
# Hindi/Urdu say the ask last, after the thing and its day ("GST application 1st Dec ko yaad
# dilana", "Hall Road wale ko Sunday ko call karna hai, yaad dila dena"): "yaad dilana",
# "yaad dila dena", "yaad karwa dena", "yaad dilaiye"
_YAAD = re.compile(
    r"^(?P<before>.+?)[\s,]*\b(?:(?:mujhe|muje|please|pls|plz|zara)\s+)*yaad\s+"
    r"(?:dil+a+|karwa+|kara+)(?:na|o|ye|iye|ein|\s+d(?:e|ena|o|ijiye|ijiyega|ein|iyo))?\b"
    r"(?:\s+(?:please|pls|plz|bhai|yaar|na|zara))*\s*(?P<rest>(?:[,.;!]\s*.*)?)$",
    re.I | re.S,
)
# the day of a Hindi/Urdu ask is said before "ko" ("on"): "1st Dec ko", "Sunday ko", "kal ko"
_DAY_KO = re.compile(
    r"\b(?P<when>\d{1,2}(?:st|nd|rd|th)?\s+[a-z]{3,9}|[a-z]{3,9}\s+\d{1,2}(?:st|nd|rd|th)?|"
    r"(?:(?:this|next|agle|is)\s+)?(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*|tomorrow|today|in\s+2\s+days|"
    r"\d{1,2}(?:st|nd|rd|th)|(?:the\s+)\d{1,2}(?:st|nd|rd|th)?)\s+ko\b\s*",
    re.I,
)
# The days such an ask names in its own language: "bukas" (Tagalog), "kesho" (Swahili),
# "besok" (Indonesian), "kal"/"aaj"/"parso" (Hindi/Urdu: said of a reminder, "kal" is the day
# to come), "mañana", "demain", "amanhã", "morgen" — read only beside such an ask
_OTHER_DAYS = (
    (
        re.compile(r"\b(?:bukas|kesho|besok|kal|mañana|manana|demain|amanh[ãa]|morgen)\b", re.I),
        "tomorrow",
    ),
    (re.compile(r"\b(?:parso|parson|lusa|makalawa)\b", re.I), "in 2 days"),
    (re.compile(r"\b(?:aaj|leo\s+hii?)\b", re.I), "today"),
    # Romanian (z186, z226): "diseară" (tonight), "mâine" (tomorrow), the weekdays below;
    # ("\b" knows "ă" and "â" as letters of the word)
    (re.compile(r"\b(?:diseară|diseara|deseară|deseara)\b", re.I), "tonight"),
    (re.compile(r"\b(?:mâine|maine)\b", re.I), "tomorrow"),
    # the days of the week in the same languages (Hindi/Urdu, Tagalog, Swahili, Spanish)
    (re.compile(r"\b(?:somvar|somwar|lunes|jumatatu|luni)\b", re.I), "monday"),
    (re.compile(r"\b(?:mangalvar|mangalwar|martes|jumanne|marți|marti)\b", re.I), "tuesday"),
    (re.compile(r"\b(?:budhvar|budhwar|miy?[eé]rcoles|jumatano|miercuri)\b", re.I), "wednesday"),
    (
        re.compile(r"\b(?:guruvar|guruwar|veervar|jumeraat|jueves|huwebes|alhamisi|joi)\b", re.I),
        "thursday",
    ),
    (
        re.compile(r"\b(?:shukravar|shukrawar|jumma|viernes|biyernes|ijumaa|vineri)\b", re.I),
        "friday",
    ),
    (
        re.compile(
            r"\b(?:shanivar|shaniwar|s[aá]bado|jumamosi|sâmbătă|sambata|sâmbata|sambătă)\b", re.I
        ),
        "saturday",
    ),
    (
        re.compile(
            r"\b(?:ravivar|raviwar|itvaar|itwar|domingo|linggo|jumapili|duminică|duminica)\b", re.I
        ),
        "sunday",
    ),
)


def _in_english_days(text: str) -> str:
    for words, day in _OTHER_DAYS:
        text = words.sub(day, text)
    return text


# Vietnamese asks with "nhắc" and the one to be reminded, first, last or after the day ("nhắc
# chị check license thứ hai nha", "ngày 1 nhắc chị", "mai nhac chi dang ky …", "the sink thing,
# nhắc tôi tomorrow morning"), typed with its marks or without. Never a past ask ("đã nhắc"),
# one already made ("nhắc rồi") or another person reminded ("nhắc anh Tuấn …": a name after)
_VI_ASK = re.compile(
    r"(?<![\w])(?<!đã\s)(?<!da\s)(?:nhắc|nhac)"
    r"(?:\s+(?:tôi|toi|tui|chị|chi|anh|em|mình|minh|con|cô|co|bác|bac)(?![\w]))?+"
    r"(?:\s+(?:giùm|dùm|giúp|gium|dum|giup|với|voi))?+(?![\w])(?!\s+(?:rồi|roi)\b)(?!\s+[A-ZĐ])"
)
# Its days, read only beside such an ask: "mai" (lower case: "Mai" is a name) and "ngày mai"
# tomorrow, "tối nay" tonight, "thứ hai" … "chủ nhật" the weekdays ("thứ 2" … "thứ 7" as
# numbers), "tuần sau" next week ("thứ ba tuần sau": the Tuesday of next week), "ngày 1" the
# 1st. "hôm nay" (today) is left: said beside the ask it is why not now ("hom nay ban qua")
_VI_WEEKDAYS = (
    ("hai|2", "monday"),
    ("ba|3", "tuesday"),
    ("tư|tu|4", "wednesday"),
    ("năm|nam|5", "thursday"),
    ("sáu|sau|6", "friday"),
    ("bảy|bay|7", "saturday"),
)
_VI_NEXT_WEEK = r"(?:tuần|tuan)\s+(?:sau|tới|toi)"
_VI_DAYS = (
    *(
        (rf"(?:thứ|thu)\s+(?:{spelling})(?P<next>\s+{_VI_NEXT_WEEK})?", day)
        for spelling, day in _VI_WEEKDAYS
    ),
    (rf"(?:chủ\s+nhật|chu\s+nhat|cn)(?P<next>\s+{_VI_NEXT_WEEK})?", "sunday"),
    (_VI_NEXT_WEEK, "next week"),
    (r"(?:sáng|sang)\s+mai", "tomorrow morning"),
    (r"(?:chiều|chieu)\s+mai", "tomorrow afternoon"),
    (r"(?:tối|toi)\s+mai", "tomorrow evening"),
    (r"(?:ngày|ngay)\s+mai|(?-i:mai)", "tomorrow"),
    (r"(?:tối|toi)\s+nay", "tonight"),
    (r"(?:chiều|chieu)\s+nay", "this afternoon"),
    (r"(?:ngày|ngay)\s+(?P<n>[1-9]|[12]\d|3[01])", "on the {n}"),
)
_VI_DAY = re.compile(
    "|".join(
        # (each day's own groups, read again in ``_vi_day``, are plain groups here)
        f"(?P<d{i}>{re.sub(r'[(][?]P<[a-z]+>', '(?:', words)})"
        for i, (words, _) in enumerate(_VI_DAYS)
    ).join((r"(?<![\w])(?:", r")(?![\w])")),
    re.I,
)
_VI_PARTICLES = re.compile(
    r"\s+(?:nha|nhé|nhe|nhá|nghen|ha|đi|di|giùm|dùm|với|voi)(?=\s*(?:$|[,.;!]))", re.I
)
# the day of an ask once in English (as said, or read from its own words above)
_ENGLISH_WHEN = re.compile(
    r"\b(?:(?:on\s+)?the\s+\d{1,2}(?:st|nd|rd|th)|tomorrow(?:\s+(?:morning|afternoon|evening))?|"
    r"tonight|this\s+afternoon|(?:next\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day"
    r"(?:\s+next\s+week)?|next\s+week)\b",
    re.I,
)


def _vi_day(found: re.Match[str]) -> str:
    index = int(
        next(name for name, said in found.groupdict().items() if said and name[0] == "d")[1:]
    )
    day = _VI_DAYS[index][1]
    local = re.compile(_VI_DAYS[index][0], re.I).fullmatch(found[0])
    if local is not None and local.groupdict().get("next"):
        day += " next week"
    if local is not None and local.groupdict().get("n"):
        n = int(local["n"])
        day = day.format(
            n=f"{n}{_ORDINAL_SUFFIX.get(n % 10 if n not in (11, 12, 13) else 0, 'th')}"
        )
    return day


_ORDINAL_SUFFIX = {1: "st", 2: "nd", 3: "rd"}


def _vietnamese_ask(text: str) -> str | None:
    """ "nhắc chị check license của Vy thứ hai nha" → "remind me monday about check license của
    Vy"; the thing is the ask's clause, or the clause before it when the ask's clause holds
    only the day ("movers để tuần sau tính, nhắc anh thứ ba tuần sau"). None with no ask or no
    day: a reminder with no day is no wait to write."""
    if _VI_ASK.search(text) is None:
        return None
    said = _VI_DAY.sub(_vi_day, text)
    ask = _VI_ASK.search(said)
    if ask is None:
        return None
    clauses = re.split(r"(?<=[,.;!])\s+", said)
    ends = [sum(len(c) + 1 for c in clauses[: i + 1]) for i in range(len(clauses))]
    index = next(i for i, end in enumerate(ends) if ask.start() < end)
    clause = clauses[index]
    rest = _VI_PARTICLES.sub("", clause.replace(ask[0], " ", 1)).strip(" ,.;!")
    when = _ENGLISH_WHEN.search(rest)
    if when is None:
        return None
    thing = " ".join((rest[: when.start()] + " " + rest[when.end() :]).split())
    lead = clauses[:index]
    if not thing and lead:
        before = _VI_PARTICLES.sub("", lead.pop()).strip(" ,.;!")
        thing = " ".join(_ENGLISH_WHEN.sub(" ", before).split())
    if not thing:
        return None
    after = clauses[index + 1 :]
    asked = f"remind me {when[0]} about {thing}"
    return ", ".join((*(c.rstrip(",") for c in lead), asked, *(c.rstrip(",") for c in after)))


# Bengali, typed in Latin letters, asks last, after the thing and its day (z201, z252):
# "card er kotha shukrobar jummar pore mone koriye dio", "tax token er kotha 1 tarikh e mone
# koraio, salary ashle korbo", "brake pad ta kal shokale remind dio". The ask is "mone
# koriye/kore dio" or "mone koraio" (make me remember), "remind dio/koro", "abar bolio" (tell
# me again); the thing is said as "<thing> er kotha" (the matter of), "<thing> er ta" or
# "<thing> ta"; the day stands between them in Bengali words. Never a past ask ("mone koriye
# dilam"), the person's own promise ("mone kore dibo"), another reminded ("Rubel ke …") nor an
# ask with no day of its own: a reminder with no day is no wait to write
_BN_ASK = re.compile(
    r"(?<![\w])(?:mone\s+(?:kori?y?e|korie|koira|kore)\s+d(?:io|iyo|iyen|iben|en)|"
    r"mone\s+kora(?:i|y)(?:o|yo|iyo|ben|ben\s+na)|remind\s+(?:dio|diyo|koro|koiro|koriyo|"
    r"kore\s+dio|koira\s+dio)|abar\s+(?:bolio|boliyo|boilo))(?![\w])"
    r"(?:\s+(?:please|pls|plz|bhai|vai|bhaiya|apu|apa|to|na|ektu))*\s*(?=$|[,.;!?🙏]|\s+\W)",
    re.I,
)
_BN_PART = r"(?:\s+(?P<part>sokale|shokale|sokal|shokal|bikale|bikel|rate|raate|raite|raat|rat))?"
_BN_AT = r"(?:\s+(?P<at>\d{1,2})\s*(?:ta|tay|tae|te)(?![\w]))?"
# the days, read only between such an ask and its thing
_BN_DAYS = (
    (r"(?:aj|ajke|aaj|aajke)", "today"),
    (r"(?:kal|kalke|kaal|kaalke)", "tomorrow"),
    (r"(?:porshu|porsu|porshudin)", "in 2 days"),
    (r"(?P<n>\d{1,2})\s*(?:tarikh|tarik|tarikhe)(?:\s+e)?", "on the {n}"),
    (r"(?P<days>\d{1,2})\s+din\s+(?:por|pore)", "in {days} days"),
    # (the day of the month as the gloss of the Bengali "tarikh" already wrote it)
    (r"on\s+the\s+(?P<n>\d{1,2})(?:st|nd|rd|th)(?:\s+e)?", "on the {n}"),
    (r"(?:shombar|sombar|shombare|sombare)(?:\s+e)?", "monday"),
    (r"(?:mongolbar|monggolbar|mongolbare)(?:\s+e)?", "tuesday"),
    (r"(?:budhbar|budhbare|budbar|budhvar)(?:\s+e)?", "wednesday"),
    (
        r"(?:brihoshpotibar|brihospotibar|bishudbar|bishshudbar|brihoshpotibare)(?:\s+e)?",
        "thursday",
    ),
    (
        r"(?:shukrobar|sukrobar|shukkurbar|shukrobare)(?:\s+e)?(?:\s+jummar\s+(?:pore|por))?",
        "friday",
    ),
    (r"(?:shonibar|sonibar|shonibare|sonibare)(?:\s+e)?", "saturday"),
    (r"(?:robibar|robbar|robibare)(?:\s+e)?", "sunday"),
    (r"jummar\s+(?:pore|por)", "friday"),
)
_BN_PARTS = {
    "sokale": "morning", "shokale": "morning", "sokal": "morning", "shokal": "morning",
    "bikale": "afternoon", "bikel": "afternoon",
    "rate": "night", "raate": "night", "raite": "night", "raat": "night", "rat": "night",
}  # fmt: skip
_BN_WHEN = re.compile(
    r"\s+(?:"
    + "|".join(
        f"(?P<d{i}>{re.sub(r'[(][?]P<[a-z]+>', '(?:', words)})"
        for i, (words, _) in enumerate(_BN_DAYS)
    )
    + r")"
    + _BN_PART
    + _BN_AT
    + r"\s*$",
    re.I,
)
# the thing said as "the matter of …": "… er kotha (ta)", "… er ta", "… ta"
_BN_THING_END = re.compile(r"(?:\s+er)?\s+kotha(?:\s+ta)?$|\s+er\s+ta$|\s+ta$|\s+er$", re.I)


def _bn_when(found: re.Match[str]) -> str:
    index = int(next(n for n, said in found.groupdict().items() if said and n[0] == "d")[1:])
    words, day = _BN_DAYS[index]
    local = re.compile(words, re.I).fullmatch(found[f"d{index}"])
    if local is not None and local.groupdict().get("n"):
        n = int(local["n"])
        day = day.format(
            n=f"{n}{_ORDINAL_SUFFIX.get(n % 10 if n not in (11, 12, 13) else 0, 'th')}"
        )
    if local is not None and local.groupdict().get("days"):
        day = day.format(days=int(local["days"]))
    part = _BN_PARTS.get((found["part"] or "").lower(), "")
    if part:
        day = {("today", "night"): "tonight"}.get((day, part), f"{day} {part}")
        day = day.replace("tomorrow night", "tomorrow evening")
    if found["at"]:
        day += f" at {int(found['at'])}"
    return day


def _bengali_ask(text: str) -> str | None:
    """ "card er kotha shukrobar jummar pore mone koriye dio" → "remind me friday about card";
    None with no such ask, no day before it, or another person to be reminded."""
    ask = _BN_ASK.search(text)
    if ask is None:
        return None
    head = text[: ask.start()].rstrip()
    clauses = re.split(r"(?<=[,.;!])\s+", head)
    clause = clauses[-1]
    when = _BN_WHEN.search(" " + clause)
    if when is None:
        return None
    thing = _BN_THING_END.sub("", (" " + clause)[: when.start()].strip()).strip(" ,")
    # "Rubel ke …": someone else is reminded ("amake", "amay": me)
    if not thing or re.search(r"\s(?:ke|k)$", thing, re.I):
        return None
    thing = re.sub(r"^(?:amake|amay)\s+|\s+(?:amake|amay)$", "", thing, flags=re.I)
    lead = " ".join(clauses[:-1])
    rest = text[ask.end() :].strip().lstrip(",.;! ")
    asked = f"remind me {_bn_when(when)} about {thing}"
    return ", ".join(part for part in (lead.rstrip(","), asked, rest) if part)


def other_language_ask(text: str) -> str:
    """The text with an ask for a reminder in another language's words said as "remind me
    <when> about <thing>" (``OTHER_LANGUAGE_ASKS``); as it was when it has none."""
    if (vietnamese := _vietnamese_ask(text)) is not None:
        return vietnamese
    if (bengali := _bengali_ask(text)) is not None:
        return bengali
    if _OTHER_ASK_FIRST.search(text) is not None:
        return _in_english_days(_OTHER_ASK_FIRST.sub(lambda m: f"{m['head']}remind me ", text))
    found = _YAAD.match(text.strip())
    if found is None:
        return text
    # the thing is the clause before the ask ("…, yaad dila dena"), or the ask's own clause
    before = found["before"].strip(" ,")
    thing = re.split(r"(?<=[.!;])\s+", before)[-1]
    lead = before[: len(before) - len(thing)]
    # (a day in the ask's own language is read as its English name first: "somvar ko")
    thing = _in_english_days(thing)
    day = _DAY_KO.search(thing)
    when = ""
    if day is not None:
        when = day["when"] + " "
        thing = " ".join((thing[: day.start()] + " " + thing[day.end() :]).split())
    rest = found["rest"].strip()
    return f"{lead}remind me {when}about {thing.strip(' ,')}{', ' + rest.lstrip(',.;! ') if rest.strip(',.;! ') else ''}"


OTHER_LANGUAGE_ASKS: tuple[tuple[str, str], ...] = (
    (
        "pa-remind naman bukas about the price list, itetext ko yung wholesaler",
        "remind me tomorrow about the price list, itetext ko yung wholesaler",
    ),
    (
        "GST application 1st Dec ko yaad dilana, CA uncle Goa se tab tak wapas aa jayenge",
        "remind me 1st Dec about GST application, CA uncle Goa se tab tak wapas aa jayenge",
    ),
    (
        "Hall Road wale ko Sunday ko call karna hai, yaad dila dena",
        "remind me Sunday about Hall Road wale ko call karna hai",
    ),
    ("nikumbushe kesho about the permit fee", "remind me tomorrow about the permit fee"),
    ("recuérdame mañana about the NIE appointment", "remind me tomorrow about the NIE appointment"),
    ("bijli ka bill kal ko yaad dila dena pls", "remind me tomorrow about bijli ka bill"),
    ("rent wala cheque somvar ko yaad dilana", "remind me monday about rent wala cheque"),
    ("pa-remind sa Biyernes about the permit", "remind me sa friday about the permit"),
    ("please rappel me the sleeping bag saturday", "please remind me the sleeping bag saturday"),
    ("rappelle me demain about the CAF form", "remind me tomorrow about the CAF form"),
    # Vietnamese (z144, z183): the ask first, last or after its day, marks typed or not
    ("nhắc chị check license của Vy thứ hai nha", "remind me monday about check license của Vy"),
    (
        "payroll cho Vy để đầu tháng đi, ngày 1 nhắc chị",
        "remind me on the 1st about payroll cho Vy để đầu tháng",
    ),
    (
        "mai nhac chi dang ky merchant Grab nha, hom nay ban qua",
        "remind me tomorrow about dang ky merchant Grab, hom nay ban qua",
    ),
    (
        "movers để tuần sau tính, nhắc anh thứ ba tuần sau",
        "remind me tuesday next week about movers để tính",
    ),
    (
        "toi nay nhac anh dang tin tuyen part time nha, gio ban qua",
        "remind me tonight about dang tin tuyen part time, gio ban qua",
    ),
    (
        "the sink thing, nhắc tôi tomorrow morning",
        "remind me tomorrow morning about the sink thing",
    ),
    ("nhắc em thứ 7 đặt bánh", "remind me saturday about đặt bánh"),
    # Romanian (z186, z226), with its marks or without, first or after a dash
    (
        "amintestemi vineri de taxa 790, after we get paid",
        "remind me friday de taxa 790, after we get paid",
    ),
    (
        "cabana de la straja - aminteste-mi luni, atunci intra salariul",
        "cabana de la straja - remind me monday, atunci intra salariul",
    ),
    (
        "adu-mi aminte diseară să-l sun pe dottor Rossi",
        "remind me tonight să-l sun pe dottor Rossi",
    ),
    (
        "cu pozele lui Vlad mai așteptăm. reamintește-mi duminică",
        "cu pozele lui Vlad mai așteptăm. remind me sunday",
    ),
    # Bengali in Latin letters (z201, z252): the ask last, the day in its own words before it
    (
        "card er kotha shukrobar jummar pore mone koriye dio",
        "remind me friday about card",
    ),
    (
        "tax token er kotha 1 tarikh e mone koraio, salary ashle korbo",
        "remind me on the 1st about tax token, salary ashle korbo",
    ),
    (
        "GM sir er kase chhutir kotha ta shombar e mone koraiyo, ekhon audit cholche",
        "remind me monday about GM sir er kase chhutir, ekhon audit cholche",
    ),
    ("brake pad ta kal shokale remind dio", "remind me tomorrow morning about brake pad"),
    (
        "bus ticket er kotha 3 din por mone koriye dio, ekhon taka nai",
        "remind me in 3 days about bus ticket, ekhon taka nai",
    ),
    (
        "library boi ferot deyar kotha aj raat 10 tay mone koraio",
        "remind me tonight at 10 about library boi ferot deyar",
    ),
    (
        "school application er ta porshu remind koro, ekhon time nai",
        "remind me in 2 days about school application, ekhon time nai",
    ),
    ("TB test er kotha ajke rate abar bolio", "remind me tonight about TB test"),
)
OTHER_LANGUAGE_NEAR_MISSES: tuple[str, ...] = (
    "bukas na lang ako pupunta sa bangko",  # "I'll just go to the bank tomorrow": no ask
    "kal bank gaya tha, band tha",  # "went to the bank yesterday, closed"
    "mujhe yaad hai, kal karunga",  # "I remember, I'll do it tomorrow"
    "remind me tomorrow about the bins",  # asked in English already
    "the paremind app is rubbish",
    "Lunes na lang ako pupunta",  # a day word with no ask stays as said
    "the rappel down the cliff was fun",  # abseiling, no ask
    "nhắc anh Tuấn gửi hợp đồng thứ hai",  # Tuấn is reminded, not the person
    "đã nhắc chị Lan rồi, thứ hai gửi",  # a past ask
    "nhắc tôi nha",  # no day: nothing to wait for
    "Mai sent the form on monday",  # a name, no ask
    "mi-a adus aminte de bunica",  # "it reminded me of grandma": no ask
    "the Maine trip is on luni",  # a day word with no ask stays as said
    "Rubel ke kal mone koriye dio",  # Rubel is to be reminded, not the person
    "ami kal mone kore dibo",  # "I'll remind (him) tomorrow": the person's own promise
    "kal mone koriye dilam",  # "I reminded (him) yesterday": a past ask
    "gold set er kotha mone koriye dio",  # no day: nothing to wait for
    "kal er kotha mone ache?",  # "remember yesterday's thing?": no ask
)


# "Later" asked for in everyday words, with the day it ends its clause with: "can we come back
# to the overnight person thing on Thursday?", "the flight — let me deal with it tomorrow",
# "let's revisit the budget next week". Only an ask ("can we", "let me", "let's"), never what
# the person says they will do ("I'll deal with it tomorrow" may be news of a try), and only
# with a day: "let me deal with it" alone asks for no wait.
# A month's name, as typed in full or short ("may" and "march" are words too: only in full
# with a day number beside them, as here)
_MONTH = (
    r"jan(?:uary)?|feb(?:ruary)?|march|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
)
_LATER_DAY = (
    r"(?:(?:on|this|next|by|till|until)\s+)?(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)"
    r"[a-z]*|tomorrow|tmrw|tmr|tonight|next\s+week|(?:on\s+)?the\s+\d{1,2}(?:st|nd|rd|th)|"
    r"(?:after|at)\s+the\s+weekend|in\s+(?:a|an|one|two|three|a\s+few|\d{1,2})\s+(?:days?|weeks?)|"
    # a day of a month, either way round ("on dec 3rd", "on the 6th of december", "3 jan")
    rf"(?:(?:on|till|until)\s+)?(?:{_MONTH})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?|"
    rf"(?:(?:on|till|until)\s+)?(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{_MONTH})"
)
_LATER_THING = (
    rf"(?P<thing>[^,.;!?—]{{1,60}}?)(?:\s+again)?\s+(?P<when>{_LATER_DAY})\b(?:(?P<asked>\s*\?)|"
    r"(?=\s*(?:$|[,.;!—]|(?:when|once|as|cos|coz|because|then|and|my|since)\b)))"
)
_COME_BACK_LATER = re.compile(
    r"(?P<head>^|[,.;!?—:]\s*|\b(?:and|so|ok|okay|actually)\s+)"
    r"(?:(?:can|could|shall)\s+(?:we|i|u|you)|let'?s|let\s+me|lemme)\s+(?:just\s+)?"
    r"(?:come\s+back\s+to|get\s+back\s+to|circle\s+back\s+to|return\s+to|revisit|deal\s+with|"
    r"tackle|look\s+at|bring\s+(?:back|up))\s+" + _LATER_THING,
    re.I,
)
# "bring back …" / "bring up … again" as a sentence of its own is asked of drbot too (the "can
# u" before it is dropped as politeness before the message is read): "can u bring back the
# Neukölln viewing on saturday? too tired now"; never after "and" ("we'll pick it up and bring
# back the van on monday": the person's own doing)
_BRING_BACK_LATER = re.compile(
    r"(?P<head>^|[.;!?—:]\s*)(?:(?:please|pls|just)\s+)?bring\s+(?:back|up)\s+" + _LATER_THING,
    re.I,
)


def _later(found: re.Match[str]) -> str:
    """ "can we come back to X on thursday?" → "remind me about X on thursday."; "let me deal
    with it tomorrow" → "remind me tomorrow" (a label said before it names the thing). The day
    stays last, as said: "on the 10th about …" would read "the 10th" as counting a thing."""
    thing = found["thing"].strip()
    about = "" if re.fullmatch(r"it|that|this|them|those", thing, re.I) else f"about {thing} "
    return f"{found['head']}remind me {about}{found['when']}{'.' if found['asked'] else ''}"


def as_remind_me(text: str) -> str:
    """The text with another way of asking for a reminder said as "remind me"."""
    text = other_language_ask(text)
    text = _REMEMBER_ME.sub(lambda m: f"{m['head']}remind me ", text)
    text = _TELL_ME_AGAIN.sub(lambda m: f"{m['head']}remind me ", text)
    text = _COME_BACK_LATER.sub(_later, text)
    text = _BRING_BACK_LATER.sub(_later, text)
    text = _LABEL_FIRST.sub(
        lambda m: f"{m['ask']}remind me about {m['thing'].strip()} ", text, count=1
    )
    return _LET_ME_FORGET.sub(
        lambda m: (
            "remind me to " if (m["to"] or "").lower().startswith("to") else "remind me about "
        ),
        text,
    )


ASKED_OTHERWISE: tuple[tuple[str, str], ...] = (
    (
        "can you remember me on monday to send the draft",
        "can you remind me on monday to send the draft",
    ),
    ("remember me tomorrow about the bins", "remind me tomorrow about the bins"),
    ("pls remember me to call the bank on friday", "pls remind me to call the bank on friday"),
    ("Don't let me forget to book the vet next week", "remind me to book the vet next week"),
    (
        "don't let me forget the contract, say tuesday",
        "remind me about the contract, say tuesday",
    ),
    (
        "deposit — remind me on the 10th, that's move out day",
        "remind me about deposit on the 10th, that's move out day",
    ),
    ("the rego: remind me friday", "remind me about the rego friday"),
    (
        "entrepreneur registration — pls remind me on the 10th, I land the day before",
        "pls remind me about entrepreneur registration on the 10th, I land the day before",
    ),
)
# (to be told again at a time: ``_TELL_ME_AGAIN``)
TOLD_AGAIN_ASKS: tuple[tuple[str, str], ...] = (
    (
        "tell me again tomorrow morning about the blood test, I must go with empty stomach",
        "remind me tomorrow morning about the blood test, I must go with empty stomach",
    ),
    (
        "tell me again about calling uncle yusuf tonight when i park",
        "remind me about calling uncle yusuf tonight when i park",
    ),
    (
        "chicken house leave it after harvest, tell me again in 2 week",
        "chicken house leave it after harvest, remind me in 2 week",
    ),
    ("can you tell me again on friday about the vet", "can you remind me on friday about the vet"),
)
TOLD_AGAIN_NEAR_MISSES: tuple[str, ...] = (
    "can you tell me again what's next",
    "tell me again how the reminders work",
    "tell me again which step that was",
    "she'll tell me again on friday if the van is free",  # someone else will tell the person
)
ASKED_LATER: tuple[tuple[str, str], ...] = (
    (
        "can we come back to the overnight person thing on Thursday? the hospital tells us",
        "remind me about the overnight person thing on Thursday. the hospital tells us",
    ),
    (
        "the flight to Enugu — let me deal with it tomorrow, my brain is fried",
        "remind me about the flight to Enugu tomorrow, my brain is fried",
    ),
    ("let's revisit the budget next week", "remind me about the budget next week"),
    ("ok let me get back to the quotes on monday", "ok remind me about the quotes on monday"),
    # asked as a question (z182, and "bring up … again" of z142, z164): the thing brought back
    (
        "can u bring back the Neukölln viewing on saturday? 🙏 too tired now",
        "remind me about the Neukölln viewing on saturday. 🙏 too tired now",
    ),
    (
        "could you bring up the kimchi again on the 6th? not ripe before",
        "remind me about the kimchi on the 6th. not ripe before",
    ),
    # (as the rules read it, the "can u" dropped first)
    (
        "bring back the Neukölln viewing on saturday? 🙏 too tired now",
        "remind me about the Neukölln viewing on saturday. 🙏 too tired now",
    ),
    # a day of a month, after a sentence of why (z272; z164 "again on dec 6")
    (
        "shipper is closed for thanksgiving anyway. bring back the barrel drop off on dec 3rd",
        "shipper is closed for thanksgiving anyway. remind me about the barrel drop off on dec 3rd",
    ),
    (
        "bring up the kimchi again on the 6th of december, not ripe before",
        "remind me about the kimchi on the 6th of december, not ripe before",
    ),
)
ASKED_LATER_NEAR_MISSES: tuple[str, ...] = (
    "I'll deal with it tomorrow",  # what the person will do, maybe news of a try
    "let me deal with it",  # no day
    "can we come back to the flat on thursday to measure up",  # the day is the visit's
    "let me look at the quotes tomorrow morning and pick one",
    "can we come back to it?",
    "they can bring back the van on monday",  # another's doing, no ask
    "we'll pick it up and bring back the van on monday",  # the person's own doing
    "I'll bring up the tiles again tomorrow",  # the person's own doing
    "they'll bring back the van on dec 3rd",  # another's doing, no ask
    "bring back the van on dec 3 days later",  # no day of the month: a count
)
ASKED_OTHERWISE_NEAR_MISSES: tuple[str, ...] = (
    "not sure she'd even remember me",
    "remember me to your mum",
    "you remember me to the team",
    "I forgot to tell you to remember me",
    "don't let me forget",
    "will he remember me on monday",
    "deposit — remind me to chase it on the 10th",
    "the bins: remind me about them friday",
    "note: remind me later",
)


# -- "remind me …" -------------------------------------------------------------------

_ASK = r"(?:(?:please|pls|can\s+you|could\s+you|would\s+you|hey|ok|and)\s+)*"
_RULE_START = (
    r"(?:every|each|daily|weekly|fortnightly|monthly|yearly|annually|weekdays|"
    r"weekends|on\s+weekdays|on\s+weekends|on\s+the\s+\d{1,2}(?:st|nd|rd|th)?\s+of\s+"
    r"(?:every|each)|(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)days)"
)
_WHEN_FIRST = re.compile(
    rf"{_ASK}remind\s+me\s+(?P<when>(?!to\b|about\b|that\b)[^,;:]+?)\s*,?\s+(?:to|that\s+i\s+"
    rf"(?:need|have)\s+to|about)\s+(?P<thing>.+)",
    re.I,
)
_THING_FIRST = re.compile(
    rf"{_ASK}remind\s+me\s+(?:to|about)\s+(?P<thing>.+?)\s*,?\s+(?P<rule>{_RULE_START}\b.*)", re.I
)
_THING_THEN_WHEN = re.compile(rf"{_ASK}remind\s+me\s+(?:to|about)\s+(?P<rest>.+)", re.I)


def read_request(text: str, find_when=None) -> Request | None:
    """ "remind me <when> to <thing>" and "remind me to <thing> <rule>"; with
    ``find_when`` (a function giving the span of a date in a sentence, like
    ``dates.find_when`` bound to a moment and zone) also "remind me to <thing>
    <when>".  None when the words are no request for a reminder, or a question."""
    text = " ".join(text.split()).strip()
    if text.endswith("?") or len(text) > 300 or "\n" in text:
        return None
    plain = text.rstrip(" .!")
    if found := _WHEN_FIRST.fullmatch(plain):
        when, thing = found["when"].strip(), _thing(found["thing"])
        if not thing:
            return None
        if re.match(rf"{_RULE_START}\b", when, re.I) and read_repeat(when) is not None:
            return Request(thing, None, when)
        if re.match(rf"{_RULE_START}\b", when, re.I):
            return None  # "every so often": no rule it can keep
        if find_when is not None and find_when(when) is None:
            return None  # "remind me how to fill in the form": no time at all
        return Request(thing, when, None)
    if found := _THING_FIRST.fullmatch(plain):
        thing = _thing(found["thing"])
        if thing and read_repeat(found["rule"]) is not None:
            return Request(thing, None, found["rule"].strip())
        return None
    if find_when is not None and (found := _THING_THEN_WHEN.fullmatch(plain)):
        rest = found["rest"]
        span = find_when(rest)
        if span is None or rest[span[1] :].strip(" .!"):
            return None  # the date must close the sentence
        thing = _thing(rest[: span[0]])
        return Request(thing, rest[span[0] : span[1]].strip(), None) if thing else None
    return None


# A thing that is a step by its number or a word for the step at hand: the step's own
# reminder ("remind me about step 2 tomorrow", "remind me friday about it").
_A_STEP = re.compile(
    r"(?:(?:do|finish|check|call|chase)\s+)?(?:it|that|this|them|"
    r"(?:the\s+)?step\s*#?\d+|(?:the\s+)?(?:first|second|third|next|last)"
    r"\s+step)",
    re.I,
)


def _thing(words: str) -> str:
    """The thing to be reminded of; "" when it is none of its own."""
    words = re.sub(r"\s+(?:please|pls|thanks|thank\s+you|ta)$", "", words.strip(" ,.!"), flags=re.I)
    words = words.strip(" ,.!")
    return "" if _A_STEP.fullmatch(words) else words


EXAMPLES: tuple[tuple[str, Request], ...] = (
    ("remind me friday 10am to call the council", Request("call the council", "friday 10am", None)),
    (
        "remind me in 20 minutes to take the cake out",
        Request("take the cake out", "in 20 minutes", None),
    ),
    (
        "Remind me every monday to water the plants",
        Request("water the plants", None, "every monday"),
    ),
    (
        "remind me every weekday at 8 to take my pills",
        Request("take my pills", None, "every weekday at 8"),
    ),
    (
        "remind me on the 1st of every month to pay the rent",
        Request("pay the rent", None, "on the 1st of every month"),
    ),
    (
        "remind me to water the plants every monday 9am",
        Request("water the plants", None, "every monday 9am"),
    ),
    (
        "please remind me tomorrow at 5pm about the bins",
        Request("the bins", "tomorrow at 5pm", None),
    ),
    (
        "remind me to take the cake out in 20 minutes",
        Request("take the cake out", "in 20 minutes", None),
    ),
)
NEAR_MISSES: tuple[str, ...] = (
    "remind me about the van",  # no time: the step's own reminder
    "can you remind me friday to call the council?",  # a question
    "remind me every so often to stretch",  # no rule drbot can keep
    "remind me to call the council",  # no time at all
    "don't forget the council",
    "remind me to call the council when the form comes",
    "remind me how to fill in the form",
    "remind me about step 2 tomorrow",  # the step's own reminder
    "remind me friday about it",
)
