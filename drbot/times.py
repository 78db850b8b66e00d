"""Times of day as people write them, for the settings: "7:30", "7.30pm",
"noon", "sunday 6pm", "10pm-7am".

Every answer is the one spelling the stores keep: "HH:MM" (24-hour), a
weekday number (0 = Monday … 6 = Sunday) with "HH:MM", or two "HH:MM".
What cannot be read raises ValueError with one line for the person: what
was not understood, then the ``usage`` the caller gives (an example).  ASCII
digits only, like the stores: another script's digits are refused, not guessed.
"""

from __future__ import annotations

import re
from typing import Any

DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
# Every spelling of a weekday taken, plural too ("sundays at 6pm").
_DAY_WORDS = {
    word: number
    for number, words in enumerate(
        (
            ("mon", "monday"),
            ("tue", "tues", "tuesday"),
            ("wed", "weds", "wednesday"),
            ("thu", "thur", "thurs", "thursday"),
            ("fri", "friday"),
            ("sat", "saturday"),
            ("sun", "sunday"),
        )
    )
    for spelled in words
    for word in (spelled, spelled + "s")
}
_SPECIAL = {
    "noon": "12:00",
    "midday": "12:00",
    "12 noon": "12:00",
    "midnight": "00:00",
    "12 midnight": "00:00",
}
# "7", "7:30", "7.30", "19h30", "19h", "7:30pm", "7 p.m." (dots gone by then), "0730", "730pm".
_CLOCK = re.compile(
    r"(?P<h>[0-9]{1,2})(?:[:.h](?P<m>[0-9]{2}))?h?\s*(?P<half>am|pm|a|p)?"
    r"|(?P<hm>[0-9]{3,4})\s*(?P<half2>am|pm|a|p)?"
)
_SEPARATOR = re.compile(r"(.+?)\s*(?:-|\bto\b|\buntil\b|\btill\b|\btil\b)\s*(.+)")
OUT_OF_DAY = "times run from 00:00 to 23:59"


def _words(text: str) -> str:
    """Lower case, one space, dashes as "-", "a.m." as "am", no "o'clock", no final dot."""
    text = text.casefold().replace("’", "'").replace("–", "-").replace("—", "-")
    text = re.sub(r"\b([ap])\.\s?m\b\.?", r"\1m", text)
    text = re.sub(r"\s*o'?\s?clock\b", "", text)
    return " ".join(text.replace(",", " ").split()).rstrip(".!")


def _read(words: str) -> str | None:
    """ "HH:MM" for one time of day already in ``_words`` form; None when it is
    no time; ValueError when it is one outside the day ("25:00", "13pm")."""
    words = words.removeprefix("at ").strip()
    if words in _SPECIAL:
        return _SPECIAL[words]
    match = _CLOCK.fullmatch(words)
    if match is None:
        return None
    if match["hm"]:
        hours, minutes = int(match["hm"][:-2]), int(match["hm"][-2:])
        half = match["half2"]
    else:
        hours, minutes, half = int(match["h"]), int(match["m"] or 0), match["half"]
    if minutes > 59:
        raise ValueError(OUT_OF_DAY)
    if half:
        if not 1 <= hours <= 12:
            raise ValueError(OUT_OF_DAY)
        hours = hours % 12 + (12 if half.startswith("p") else 0)
    elif hours > 23:
        raise ValueError(OUT_OF_DAY)
    return f"{hours:02d}:{minutes:02d}"


def _shown(text: Any) -> str:
    return repr(str(text).strip()[:40])


def time_of_day(text: Any, usage: str) -> str:
    """ "7:30", "7.30", "7:30am", "7 pm", "19h", "noon", "midnight" -> "HH:MM"."""
    try:
        found = _read(_words(text)) if isinstance(text, str) else None
    except ValueError as error:
        raise ValueError(f"I can't read {_shown(text)} as a time: {error}. {usage}") from None
    if found is None:
        raise ValueError(f"I can't read {_shown(text)} as a time. {usage}")
    return found


def weekday_and_time(text: Any, usage: str) -> tuple[int, str]:
    """ "sunday 6pm", "sun 18:00", "every Sunday at 6 pm", "6pm on sundays" -> (6, "18:00")."""
    words = _words(text).split() if isinstance(text, str) else []
    words = [w for w in words if w not in ("every", "each", "on")]
    if words and words[0] in _DAY_WORDS:
        day, rest = _DAY_WORDS[words[0]], words[1:]
    elif words and words[-1] in _DAY_WORDS:
        day, rest = _DAY_WORDS[words[-1]], words[:-1]
    else:
        raise ValueError(f"Give a day and a time. {usage}")
    if not rest:
        raise ValueError(f"Give a day and a time. {usage}")
    return day, time_of_day(" ".join(rest), usage)


def time_range(text: Any, what: str, usage: str) -> tuple[str, str]:
    """ "10pm-7am", "22:00–07:00", "from 10 pm to 7 am", "22-8" -> ("22:00", "07:00").

    ``what`` names the range in the refusal ("quiet hours")."""
    words = _words(text).removeprefix("from ") if isinstance(text, str) else ""
    match = _SEPARATOR.fullmatch(words)
    try:
        span = (_read(match[1]), _read(match[2])) if match else (None, None)
    except ValueError as error:
        raise ValueError(f"I can't read {_shown(text)} as {what}: {error}. {usage}") from None
    start, end = span
    if start is None or end is None:
        raise ValueError(f"I can't read {_shown(text)} as {what}. {usage}")
    return start, end
