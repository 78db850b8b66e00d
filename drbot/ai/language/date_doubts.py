"""Whether the day read from a message is surely the day to wait for: a certainty policy on dates.

:func:`dates.find_when` finds a date expression and reads it; the words around it may say
that the day read is not the day meant, or not a day to wait for at all. The signs are of a
class, not a phrasing:

- **words left beside it**: words attached to the date that the reader did not take in
  ("a week on friday", "the monday after thanksgiving", "tonight after tea", "next month
  first week", "before christmas"): the day meant is counted from the one read, or before it;
- **it bounds something else**: the date ends or opens a period that is not the step's wait —
  a thing had or hired till then ("got it till sunday"), a place open or closed till then
  ("nothing open till december"), a time from one day to another;
- **someone else's day**: the day is when another person or a firm does something ("she said
  the payment will go out next week", "they've got a slot next wednesday", "the earliest she
  can come is the 5th") and the person asked no wait of their own in the same clause;
- **news, not a wish**: the wait rides on news of a try, a start or a step done whose words
  ask to come back to it on no day ("will finish it tonight", "tried to grab him after church
  sunday", "booked in for the tuesday"): the day is when something happens, not one to wait
  for;
- **a day of the weekend named beside it**: "the weekend" read as its Saturday while another
  clause names its Sunday ("can wait for the weekend, my son comes on Sunday"): the Sunday
  is offered beside it;
- **the day it cannot be done**: a reminder asked in one clause while the only day said is
  today, in another clause saying why not now ("mum's at church tonight, remind me to ring her
  the morn"): the day meant is in words the reader did not take; the next day is offered beside it.

With a sign, the wait is proposed ("Wait on “…” until Monday 30 November?", with the other
days the words could mean), never written. Each sign is declared with sentences it must find
and near-misses it must not (tests/test_readings.py runs both). Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta

from drbot.ai.language import dates


@dataclass(frozen=True)
class Unread:
    """Words beside a date that the date reader did not take in."""

    left: str  # before it: "2 weeks on", "the monday", "before" (a relation it dropped)
    right: str  # after it: "week", "second half", "after we"
    words: str  # the date with them, as said


@dataclass(frozen=True)
class DateDoubt:
    sign: str  # which sign: one of SIGNS' names
    words: str  # the words that raise it, as said
    unread: Unread | None = None  # the words beside the date it did not read, if any


_DAYS = "|".join((*dates.WEEKDAYS, "mon", "tues?", "wed", "thur?s?", "fri", "sat", "sun"))
_COUNT = r"(?:a|an|one|two|three|four|five|six|\d{1,2}|(?:a\s+)?couple(?:\s+of)?|few)"
_UNIT = r"(?:days?|weeks?|fortnights?|months?)"

# Left of the date: a count of days counted from it ("a week on", "2 days after"), a day said
# by the one after it ("the monday after", "the day before"), or a bare relation ("after").
_LEFT = re.compile(
    rf"(?:\b{_COUNT}\s+{_UNIT}(?:\s+(?:on|after|before|from|past))?"
    rf"|\b(?:the\s+)?(?:day|week|weekend|{_DAYS})\s+(?:(?:till|until|til|to)\s+)?(?:after|before|of)"
    rf"|\b(?P<weekday>{_DAYS}))\s*$",
    re.I,
)
# Right of a bare weekday: a relation to something said after it ("the tuesday after I come
# home", "the friday before we go"): the day is counted from an event the reader cannot date.
_RIGHT_OF_A_DAY = re.compile(
    r"^\s*(?:after|before)\s+(?:i|we|he|she|they|you|mum|dad|my\s+\w+\s+(?:is|are|gets?|comes?))\b",
    re.I,
)
_BARE_DAY = re.compile(
    rf"^\s*(?:(?:on|for|till|until|til|by|to)\s+)?(?:the\s+)?(?:{_DAYS})\s*$", re.I
)
# Right of any date: a span the reader left ("next month first week", "friday week" read as
# friday): the day meant is further on than the day read.
_RIGHT = re.compile(r"^\s*(?:(?:first|second|last)\s+(?:week|half)|week|fortnight)\b", re.I)
# Inside the date's words: a relation the reader drops ("before christmas" read as the day
# itself); "no point ringing before the 5th", "can't do it before monday" say the day itself.
_BEFORE = re.compile(r"^\s*(?:(?:till|until|til)\s+)?before\b", re.I)
_NO_USE_BEFORE = re.compile(
    r"\b(?:no\s+(?:point|sense|use)|pointless|not\s+worth|can'?t|cannot|won'?t|wont|not)\b"
    r"[^.,;!?]*$",
    re.I,
)


_LEADING = re.compile(r"\s*(?:(?:till|until|til|on|by|for|to|before|after|from|at)\s+)+", re.I)


def unread_beside(text: str, when: dates.When) -> Unread | None:
    """The words attached to the date that the reader did not take in, or None."""
    before, said, after = text[: when.start], text[when.start : when.end], text[when.end :]
    lead = _LEADING.match(said)
    left = _LEFT.search(before + said[: lead.end()].rstrip() if lead else before)
    if left is not None and not (
        left["weekday"]
        and dates.WEEKDAYS[when.moment.weekday()].startswith(left["weekday"][:3].lower())
    ):
        return Unread(left[0].strip(), "", text[left.start() : when.end].strip())
    if _BARE_DAY.match(said) and (right := _RIGHT_OF_A_DAY.match(after)) is not None:
        return Unread("", right[0].strip(), (said + right[0]).strip())
    if (right := _RIGHT.match(after)) is not None:
        return Unread("", right[0].strip(), (said + right[0]).strip())
    if _BEFORE.match(said) and _NO_USE_BEFORE.search(before) is None:
        return Unread(_BEFORE.match(said)[0].strip(), "", said.strip())  # type: ignore[index]
    return None


def words_left_beside(text: str, when: dates.When) -> str | None:
    """The date with the words beside it that the reader did not take in, or None."""
    unread = unread_beside(text, when)
    return None if unread is None else unread.words


# The date's clause: what is said around it up to a clause's end.
_CLAUSE_END = re.compile(r"[,;.!?—]|\s(?:but|so|and\s+then|because|cos|as)\s", re.I)


def _clause(text: str, when: dates.When) -> tuple[str, str]:
    """The words of the date's clause before the date, and after it."""
    starts = [m.end() for m in _CLAUSE_END.finditer(text, 0, when.start)]
    ends = [m.start() for m in _CLAUSE_END.finditer(text, when.end)]
    return text[starts[-1] if starts else 0 : when.start], text[
        when.end : ends[0] if ends else None
    ]


# The person takes the day as theirs: they ask for a wait anywhere in the message ("park that
# til then", "remind me", "can wait"), or say what they will do then ("I'll invoice her then",
# "nothing I can do till then").
_ASKED = re.compile(
    r"\b(?:remind|bug|nag|ping|nudge|chase)\s+(?:me|us)\b|\b(?:ask|tell|text|message)\s+me\b|"
    r"\b(?:park|leave|hold|push|snooze|postpone|put\s+(?:it|that|this|them)\s+off|hold\s+off|"
    r"keep\s+(?:it|that|this|them)\s+aside|pop\s+[\w' ]{1,30}?\s+aside|bump|move|shift)\b|"
    r"\b(?:can|could|will|'ll|has\s+to|have\s+to|had\s+to|got\s+to|gotta|needs?\s+to)\s+wait\b|"
    r"\bcheck\s+(?:back|again|in)\b|\b(?:waiting|wait|hanging\s+on|holding\s+on)\s+(?:on|for|to)\b|\bno\s+(?:point|sense|use)\b|\bnothing\s+(?:i|we)?\s*(?:can\s+)?"
    r"(?:to\s+)?do\b",
    re.I,
)
_THEN = re.compile(r"\b(?:then|that\s+day|by\s+that|after\s+that|before\s+that)\b", re.I)


def _adopted(text: str, when: dates.When) -> bool:
    return _ASKED.search(text) is not None or _THEN.search(text, when.end) is not None


# A period the date ends that is not the step's wait: a thing had, hired, lent or valid till
# then. (Someone away, closed or full till a day blocks the step till then: that is its wait,
# or a try's outcome, which the statement's readers weigh.)
_BOUND = re.compile(
    r"\b(?:(?<!have\s)(?<!has\s)got|(?<!to\s)have|has|borrow\w*|hire[ds]?|hiring|"
    r"rent\w*|lent|lend|loan\w*|valid|good|lasts?|runs?|running)"
    r"(?:\s+\S+){0,3}\s+$",
    re.I,
)
_UNTIL = re.compile(r"^\s*(?:till|until|til|'til|through|thru|to)\b", re.I)


def _bounds_something_else(text: str, when: dates.When, kind: str) -> str | None:
    if _adopted(text, when):
        return None
    before, _ = _clause(text, when)
    said = text[when.start : when.end]
    if re.match(r"\s*for\b", said, re.I) and _BARE_DAY.match(said):
        return said.strip()  # "will try again for sunday": the day the thing is for
    if _UNTIL.match(said) is None and not re.search(r"\b(?:till|until|til|to)\s*$", before, re.I):
        return None
    bound = _BOUND.search(before)
    return None if bound is None else (bound[0] + said).strip()


# News with a day to come back to the step: the clause asks to do so ("will try again
# friday", "ring back monday", "follow up next week").
_COME_BACK = re.compile(
    r"\b(?:again|back|retry|re-?try|chase|follow\s+up|remind|check|nudge|bug|ping|wait|"
    r"try|ring|call|phone|email|text|message|finish|continue|carry\s+on|resume|pick\s+it\s+up)\b",
    re.I,
)


# Someone else does something on that day: a subject that is not the person before the date
# in its clause, or their word reported ("she said", "they reckon"), or a slot they have. Not
# when they cannot do it till then ("can't come till thursday", "won't be ready until the
# 5th"): that blocks the step till the day, which is its wait.
_THEIRS = re.compile(
    r"\b(?:he|she|they|they'?ve|they'?re|he'?s|she'?s|they'?ll|he'?ll|she'?ll|"
    r"says?|said|reckons?|told\s+me|promised|"
    r"slot|appointment|appt|booking)\b",
    re.I,
)
_BLOCKED_TILL = re.compile(
    r"\b(?:can'?t|cannot|won'?t|wont|not|only|no\b|nothing|isn'?t|aren'?t|doesn'?t|don'?t)\b"
    r"[^.!?]*\b(?:till|until|til|before|after)\b|\bonly\b",
    re.I,
)


def _someone_elses_day(text: str, when: dates.When, kind: str) -> str | None:
    if _adopted(text, when) or _BLOCKED_TILL.search(text):
        return None
    before, after = _clause(text, when)
    if _COME_BACK.search(before + " " + after):
        return None  # "said give them a ring after the weekend": the person's day to come back
    theirs = _THEIRS.search(before)
    return None if theirs is None else (theirs[0] + " … " + text[when.start : when.end]).strip()


def _news_not_a_wish(text: str, when: dates.When, kind: str) -> str | None:
    if kind == "snooze" or _adopted(text, when):
        return None
    before, after = _clause(text, when)
    if _COME_BACK.search(before + " " + after) or _THEIRS.search(before):
        return None  # (a day of someone else's is that sign's to weigh)
    return (before.strip() + " " + text[when.start : when.end]).strip()


# A weekday and a day of the month that no coming day is both ("monday the 3rd" when the 3rd
# is a Thursday): the reader took the number; the weekday may be the one meant.
_WEEKDAY_AND_NUMBER = re.compile(
    rf"(?:\b(?:on|for|till|until|til|by|to|say)\s+)*(?P<day>{_DAYS})\s+(?:the\s+)?\d{{1,2}}"
    r"(?:st|nd|rd|th)?\s*$",
    re.I,
)


# A reminder asked in one clause while the only day said is today's, in another clause that
# says why not now ("mum's at church tonight, remind me to ring her the morn", "remind me about
# the bank book the morra, my eyes are done in tonight"): the day read is when it cannot be
# done, and the day meant is in words the reader did not take. The next day is offered beside it.
_NOW_SAID = re.compile(
    r"\b(?:to(?:night|nite|day)|this\s+(?:evening|afternoon|morning)|(?:right\s+)?now)\b", re.I
)
_NOT_NOW = re.compile(
    r"(?:'s|\bis|\bare|\bam|'m|'re)\s+(?:at|out|away|off|busy|working|done|too|so|not|closed|"
    r"shut|tired|knackered|fried|dead)\b|"
    r"\b(?:can'?t|cannot|won'?t|no\s+time|busy|tired|knackered|fried|closed|shut|at\s+work|"
    r"at\s+church|on\s+(?:night\s+)?shift)\b",
    re.I,
)


def _when_it_cannot_be_done(text: str, when: dates.When, kind: str) -> str | None:
    if kind != "snooze" or not _NOW_SAID.search(text[when.start : when.end]):
        return None
    before, after = _clause(text, when)
    if _ASKED.search(before + " " + after) or _THEN.search(text, when.end):
        return None  # the day is said in the ask itself ("remind me tonight, busy now")
    if not _ASKED.search(text) or not _NOT_NOW.search(before + " " + after):
        return None
    rest = text[: when.start - len(before)] + " " + text[when.end + len(after) :]
    if dates.find_when(rest, when.moment, "UTC") is not None:
        return None  # the ask names its own day ("remind me tomorrow, too knackered tonight")
    return (before.strip() + " " + text[when.start : when.end]).strip()


def _weekday_of(word: str) -> int:
    return next(i for i, name in enumerate(dates.WEEKDAYS) if name.startswith(word[:3].lower()))


def _weekday_disagrees(text: str, when: dates.When, kind: str) -> str | None:
    said = text[when.start : when.end]
    named = _WEEKDAY_AND_NUMBER.fullmatch(said.strip())
    if named is None or _weekday_of(named["day"]) == when.moment.weekday():
        return None
    return said.strip()


# The weekend read as its Saturday while another clause names its Sunday ("the shutters can
# wait for the weekend, my son comes on Sunday and will help me", z256): two days disagree,
# and the day named is the likelier (wherever the sets say "the weekend" and one day of it,
# they mean that day: "park the 10k til the weekend, ask me sunday", z22; "washer fluid not
# before the weekend, remind me sunday", z181; "spare room not before the weekend", z205).
# Yet the day may be named as the one it cannot be ("sunday is mum's birthday"), so the two
# are offered, never written. Only full day names: "sat" is a verb too, "sun" a thing.
_WEEKEND_READ = re.compile(r"\bweekend\b", re.I)
_WEEKEND_DAY = re.compile(r"\b(?P<day>saturday|sunday)s?\b", re.I)
_ANY_DAY = re.compile(rf"\b(?:{'|'.join(dates.WEEKDAYS)})s?\b", re.I)


def _day_inside_the_weekend(text: str, when: dates.When, kind: str) -> str | None:
    said = text[when.start : when.end]
    if not _WEEKEND_READ.search(said) or re.search(r"\b(?:after|before)\b", said, re.I):
        return None
    rest = text[: when.start] + " " + text[when.end :]
    named = {m[0].lower().rstrip("s") for m in _ANY_DAY.finditer(rest)}
    if len(named) != 1:
        return None  # no day, or two ("the weekend, no, saturday … sunday is her birthday")
    day = _WEEKEND_DAY.search(rest)
    if day is None or (_weekday_of(day["day"]) - when.moment.weekday()) % 7 != 1:
        return None  # (the Sunday of the Saturday read: the other day of the weekend)
    return day[0]


WORDS_LEFT = "words left beside it"
SOMEONE_ELSES = "someone else's day"
DAYS_DISAGREE = "a weekday and a day number that disagree"
NOT_NOW = "the day it cannot be done"
DAY_INSIDE = "a day of the weekend named beside it"


@dataclass(frozen=True)
class Sign:
    name: str
    finds: Callable[[str, dates.When, str], str | None]
    # (sentence, kind of the reading the wait rides on): must be found / must not be
    examples: tuple[tuple[str, str], ...]
    near_misses: tuple[tuple[str, str], ...]


SIGNS: tuple[Sign, ...] = (
    Sign(
        NOT_NOW,
        _when_it_cannot_be_done,
        (
            # ("tumora", as z221 said it, is read as tomorrow now: dates.SHORTHANDS)
            ("mum's at church tonight, remind me to ring her the morn", "snooze"),
            ("remind me about the bank book the morra, my eyes are done in tonight", "snooze"),
            ("he's at work all day today, remind me to call him", "snooze"),
        ),
        (
            ("leaflets tonight after my shift pls, remind me", "snooze"),
            ("cake later tonight, remind me around 10", "snooze"),
            ("remind me about linkedin tomorrow, too knackered tonight", "snooze"),
            ("too tired now, remind me tonight", "snooze"),
            ("she's busy today, remind me then", "snooze"),
            ("mum's at church tonight", "snooze"),
        ),
    ),
    Sign(
        DAYS_DISAGREE,
        _weekday_disagrees,
        (
            ("push the gutters to monday the 3rd", "snooze"),
            ("leave the tiling till fri 10th, remind me then", "snooze"),
            ("I'll ring the bank on sat the 1st", "snooze"),
        ),
        (
            ("push the gutters to thursday the 3rd", "snooze"),
            ("leave the tiling till fri 4th", "snooze"),
            ("I'll ring the bank on monday the 7th", "snooze"),
            ("leave it till the 3rd", "snooze"),
        ),
    ),
    Sign(
        DAY_INSIDE,
        _day_inside_the_weekend,
        (
            (
                "the shutters can wait for the weekend, my son comes on Sunday and will help me",
                "snooze",
            ),
            ("leave the hedge till the weekend, Sunday is meant to be dry", "snooze"),
        ),
        (
            ("the shutters can wait for the weekend", "snooze"),
            ("leave the hedge till the weekend, saturday is meant to be dry", "snooze"),
            ("leave it till after the weekend, the shop opens monday", "snooze"),
            (
                "the weekend, no, saturday, remind me saturday because sunday is my mums birthday",
                "snooze",
            ),
            ("leave the hedge till the weekend, I sat on it long enough", "snooze"),
        ),
    ),
    Sign(
        WORDS_LEFT,
        lambda text, when, kind: words_left_beside(text, when),
        (
            ("leave the boiler service till two weeks after the 3rd", "snooze"),
            ("push the gutters to the day before the 9th", "snooze"),
            ("leave the shed till the tuesday after we get the keys", "snooze"),
            ("hold the curtains till before christmas please", "snooze"),
            ("park the logo till next month second half", "snooze"),
        ),
        (
            ("push the gutters to friday", "snooze"),
            ("remind me about the van tomorrow after work", "snooze"),
            ("no point chasing the solicitor before the 12th", "snooze"),
            ("leave the tiling till monday, ask me then", "snooze"),
        ),
    ),
    Sign(
        "it bounds something else",
        _bounds_something_else,
        (
            ("collected the carpet cleaner, we have it till thursday", "done"),
            ("collected the mixer from jim, borrowed till the 8th", "done"),
            ("picked up the trailer, hired till saturday", "done"),
            ("rang the hall, will try again for saturday", "attempt"),
        ),
        (
            ("leave the hall till the 8th", "snooze"),
            ("the hall is closed till the 8th", "snooze"),
            ("the caretaker is away till the 8th", "snooze"),
            ("the hall will have to wait till the 8th", "snooze"),
            ("got to wait till friday for the trailer, park it till then", "snooze"),
        ),
    ),
    Sign(
        SOMEONE_ELSES,
        _someone_elses_day,
        (
            ("rang the bank, he said the card goes out next tuesday", "attempt"),
            ("the clinic have a slot on the 9th", "attempt"),
            ("spoke to the joiner, earliest he can start is monday", "snooze"),
        ),
        (
            ("they can't do it till monday so park it till then", "snooze"),
            ("she's away, remind me on the 9th", "snooze"),
            ("rang the joiner, will try again monday", "attempt"),
            ("the garage said to phone them back on thursday", "attempt"),
        ),
    ),
    Sign(
        "news, not a wish",
        _news_not_a_wish,
        (
            ("painting the first coat now, second coat tomorrow", "start"),
            ("saw the vicar after mass on sunday, he'll think about it", "attempt"),
            ("varnished the first coat, the second one on thursday", "done"),
        ),
        (
            ("rang the garage, will try again friday", "attempt"),
            ("no answer, ring back on monday", "attempt"),
            ("leave the flowers till saturday", "snooze"),
        ),
    ),
)


def doubt(
    text: str,
    when: dates.When | None,
    kind: str,
    message: str = "",
    judged: frozenset[str] = frozenset(),
) -> DateDoubt | None:
    """The first sign that the day read from ``text`` (found at ``when``) is not surely the
    day to wait for, when a reading of ``kind`` ("snooze", "attempt", …) sets the wait.
    ``message``: the whole message ``text`` is a sentence of, whose other sentences may ask
    for the wait ("… Remind me then"); ``judged``: signs a reading has weighed already."""
    if when is None:
        return None
    for sign in SIGNS:
        if sign.name in judged:
            continue
        words = sign.finds(text, when, kind)
        if words is None:
            continue
        if (
            sign.name not in (WORDS_LEFT, DAYS_DISAGREE, NOT_NOW, DAY_INSIDE)
            and message
            and _ASKED.search(message)
        ):
            continue  # the person asks for the wait in another sentence: the day is theirs
        unread = unread_beside(text, when) if sign.name == WORDS_LEFT else None
        return DateDoubt(sign.name, words, unread)
    return None


_COUNTED = re.compile(
    rf"\b(?P<count>{_COUNT})\s+(?P<unit>{_UNIT})\s+(?:on|after|from|past)\b", re.I
)
_DAY_AFTER = re.compile(rf"\b(?P<day>{_DAYS})\s+(?:(?:till|until|til|to)\s+)?after\b", re.I)
_NUMBERS = {**dates.NUMBER_WORDS, "few": 3}


def other_days(found: DateDoubt, day: date) -> list[date]:
    """Days the words left beside the date may mean instead of ``day``, the one read: "two
    weeks on friday" the friday two weeks on, "the monday after" the monday after it. Empty
    when the words name no day of their own."""
    if found.sign == NOT_NOW:
        return [day + timedelta(days=1)]  # not today: the next day is the likeliest meant
    if found.sign == DAY_INSIDE:  # the weekend's other day, the one named
        return [day + timedelta(days=(_weekday_of(found.words) - day.weekday()) % 7)]
    if found.sign == DAYS_DISAGREE:
        # the weekday said nearest the number's day (3 days either side): one of the two
        # words is a slip, and a slip of the number lands near
        named = _WEEKDAY_AND_NUMBER.fullmatch(found.words)
        if named is None:
            return []
        weekday = _weekday_of(named["day"])
        return [day + timedelta(days=o) for o in range(-3, 4) if (day.weekday() + o) % 7 == weekday]
    if found.unread is None:
        return []
    left, right = found.unread.left, found.unread.right
    counted = _COUNTED.search(left)
    if counted is not None:
        word = counted["count"].lower()
        count = int(word) if word.isdigit() else 2 if "couple" in word else _NUMBERS.get(word, 1)
        unit = counted["unit"].lower()
        if unit.startswith("month"):
            return []
        return [
            day
            + timedelta(
                days=count
                * (1 if unit.startswith("day") else 7)
                * (2 if unit.startswith("fortnight") else 1)
            )
        ]
    after = _DAY_AFTER.search(left)
    if after is not None:
        weekday = next(
            i for i, name in enumerate(dates.WEEKDAYS) if name.startswith(after["day"][:3].lower())
        )
        return [day + timedelta(days=(weekday - day.weekday() - 1) % 7 + 1)]
    if re.fullmatch(r"week", right, re.I):
        return [day + timedelta(days=7)]
    return []
