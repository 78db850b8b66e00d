"""Dates in people's words (drbot/ai/language/dates.py), in their own time zone.

The tables read each phrasing at the same *local* moment in several zones, so
the expected answers are local wall-clock times; a moment just after local
midnight (when the UTC date is another day) and both DST switches of
Europe/Berlin are checked on their own.
"""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from drbot.ai.language.dates import When, describe, find_when, parse_when

ZONES = ["UTC", "Europe/Berlin", "America/Los_Angeles", "Pacific/Auckland"]


def local_now(zone: str, wall: str = "2026-11-24T15:30") -> datetime:
    """A local wall-clock moment as the caller passes it: aware, in UTC."""
    return datetime.fromisoformat(wall).replace(tzinfo=ZoneInfo(zone)).astimezone(UTC)


def wall(when: When, zone: str) -> str:
    assert when.moment.tzinfo is not None
    assert when.moment.utcoffset() == when.moment.astimezone(ZoneInfo(zone)).utcoffset()
    return when.moment.astimezone(ZoneInfo(zone)).strftime("%Y-%m-%dT%H:%M")


# Tuesday 24 November 2026, 15:30 local.  (text, local wall time, has_time)
PHRASES = [
    ("tomorrow", "2026-11-25T00:00", False),
    ("tmrw", "2026-11-25T00:00", False),
    ("tomorow", "2026-11-25T00:00", False),
    ("Tommorow", "2026-11-25T00:00", False),
    ("the day after tomorrow", "2026-11-26T00:00", False),
    ("friday", "2026-11-27T00:00", False),
    ("Fri", "2026-11-27T00:00", False),
    ("FRIDAY", "2026-11-27T00:00", False),
    ("thurdsay", "2026-11-26T00:00", False),
    ("thurs", "2026-11-26T00:00", False),
    ("wedensday", "2026-11-25T00:00", False),
    ("tuesday", "2026-12-01T00:00", False),  # today's weekday: a week ahead
    ("next monday", "2026-11-30T00:00", False),
    ("next tuesday", "2026-12-01T00:00", False),
    ("until thursday", "2026-11-26T00:00", False),
    ("till Saturday", "2026-11-28T00:00", False),
    ("in 3 days", "2026-11-27T00:00", False),
    ("for 2 weeks", "2026-12-08T00:00", False),
    ("for a week", "2026-12-01T00:00", False),
    ("in two weeks", "2026-12-08T00:00", False),
    ("in a month", "2026-12-24T00:00", False),
    ("next week", "2026-11-30T00:00", False),
    ("on the 5th", "2026-12-05T00:00", False),
    ("by the 24th", "2026-12-24T00:00", False),  # today is the 24th: the next one
    ("the 30th", "2026-11-30T00:00", False),
    ("on the 31st", "2026-12-31T00:00", False),  # November has no 31st
    ("friday 10am", "2026-11-27T10:00", True),
    ("Friday 10 a.m.", "2026-11-27T10:00", True),
    ("monday 9", "2026-11-30T09:00", True),
    ("friday at 3", "2026-11-27T15:00", True),
    ("next monday 9am", "2026-11-30T09:00", True),
    ("tomorrow evening", "2026-11-25T18:00", True),
    ("2026-12-01", "2026-12-01T00:00", False),
    ("2026-12-01 10:00", "2026-12-01T10:00", True),
    ("1 april", "2027-04-01T00:00", False),
    ("april 1st", "2027-04-01T00:00", False),
    ("on 5 dec", "2026-12-05T00:00", False),
    ("dec 5th 3pm", "2026-12-05T15:00", True),
    ("25/12", "2026-12-25T00:00", False),
    ("december", "2026-12-01T00:00", False),
    ("end of the month", "2026-11-30T00:00", False),
    ("end of next month", "2026-12-31T00:00", False),
    ("the weekend", "2026-11-28T00:00", False),
    ("tonight", "2026-11-24T20:00", True),
    ("at 5pm", "2026-11-24T17:00", True),  # still ahead: today
    ("at 2pm", "2026-11-25T14:00", True),  # gone: tomorrow
    ("at 9", "2026-11-25T09:00", True),
    ("in 2 hours", "2026-11-24T17:30", True),
    ("2020-01-01", "2020-01-01T00:00", False),  # past, as given: the caller refuses it
]


@pytest.mark.parametrize("zone", ZONES)
@pytest.mark.parametrize("text, expected, has_time", PHRASES)
def test_parse_when_reads_phrasings_in_each_zone(zone, text, expected, has_time):
    when = parse_when(text, local_now(zone), zone)
    assert when is not None, text
    assert (wall(when, zone), when.has_time) == (expected, has_time)
    assert (when.start, when.end) == (0, len(text))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "book a van",
        "soon",
        "the cows come home",
        "march on",
        "2",
        "step 2",
        "sundry",
        "1/12",
        "3.4",
        "next",
        "at",
        "I'm done",
        "get 3 quotes",
        "x" * 200,
    ],
)
def test_parse_when_refuses_what_is_not_a_date(text):
    assert parse_when(text, local_now("UTC"), "UTC") is None


# Just after local midnight the UTC date is still yesterday (Berlin, Auckland), or
# just before it is already tomorrow (Los Angeles): "tomorrow" follows the local date.
@pytest.mark.parametrize(
    "zone, now, tomorrow, wednesday",
    [
        ("Europe/Berlin", "2026-11-25T00:30", "2026-11-26", "2026-12-02"),
        ("Pacific/Auckland", "2026-11-25T00:10", "2026-11-26", "2026-12-02"),
        ("America/Los_Angeles", "2026-11-24T23:50", "2026-11-25", "2026-11-25"),
    ],
)
def test_near_midnight_the_local_date_counts(zone, now, tomorrow, wednesday):
    moment = local_now(zone, now)
    assert moment.date() != datetime.fromisoformat(now).date()  # UTC is another day
    assert wall(parse_when("tomorrow", moment, zone), zone) == f"{tomorrow}T00:00"
    assert wall(parse_when("wednesday", moment, zone), zone) == f"{wednesday}T00:00"
    assert wall(find_when("try again tmrw", moment, zone), zone) == f"{tomorrow}T00:00"


BERLIN = "Europe/Berlin"


@pytest.mark.parametrize(
    "now, text, expected",
    [
        # Sunday 29 March 2026: clocks go 02:00 CET -> 03:00 CEST
        ("2026-03-28T15:30", "tomorrow", "2026-03-29T00:00:00+01:00"),
        ("2026-03-28T15:30", "tomorrow 9am", "2026-03-29T09:00:00+02:00"),
        ("2026-03-28T15:30", "tomorrow 2:30am", "2026-03-29T03:30:00+02:00"),  # skipped: later
        ("2026-03-28T15:30", "next week", "2026-03-30T00:00:00+02:00"),
        ("2026-03-28T15:30", "monday 9", "2026-03-30T09:00:00+02:00"),
        ("2026-03-29T01:30", "in 2 hours", "2026-03-29T04:30:00+02:00"),  # elapsed time
        # Sunday 25 October 2026: clocks go 03:00 CEST -> 02:00 CET
        ("2026-10-24T15:30", "tomorrow 9am", "2026-10-25T09:00:00+01:00"),
        ("2026-10-24T15:30", "tomorrow 2:30am", "2026-10-25T02:30:00+02:00"),  # twice: the first
        ("2026-10-24T15:30", "next week", "2026-10-26T00:00:00+01:00"),
        ("2026-10-24T15:30", "in 3 days", "2026-10-27T00:00:00+01:00"),
    ],
)
def test_dst_switches_keep_local_wall_times(now, text, expected):
    when = parse_when(text, local_now(BERLIN, now), BERLIN)
    assert when.moment.isoformat() == expected


# -- find_when ---------------------------------------------------------------------------------

FOUND = [
    ("I filled in half the form, will finish tomorrow", "tomorrow", "2026-11-25T00:00"),
    ("called the venue, no answer, try again friday 10am", "friday 10am", "2026-11-27T10:00"),
    ("snooze the van till next monday", "till next monday", "2026-11-30T00:00"),
    ("try again thurdsay", "thurdsay", "2026-11-26T00:00"),
    ("met them monday, come back in 2 weeks", "in 2 weeks", "2026-12-08T00:00"),
    ("push it to 1 April please", "to 1 April", "2027-04-01T00:00"),
    ("see you on sat", "on sat", "2026-11-28T00:00"),
    ("wait until the 5th", "until the 5th", "2026-12-05T00:00"),
    ("meeting friday at 3 with Jim", "friday at 3", "2026-11-27T15:00"),
    ("call at 5pm", "at 5pm", "2026-11-24T17:00"),
    ("Tomorrow I will call", "Tomorrow", "2026-11-25T00:00"),
    ("back in 3 days time", "in 3 days", "2026-11-27T00:00"),
    ("deadline is 2026-12-01, ok", "2026-12-01", "2026-12-01T00:00"),
    ("waiting on council until end of the month", "until end of the month", "2026-11-30T00:00"),
    ("no answer monday 9 again", "monday 9", "2026-11-30T09:00"),
    # a month alone after until/to/in: its first day; a month's number is its day
    ("push the dress to january", "to january", "2027-01-01T00:00"),
    ("do the dress in march", "in march", "2027-03-01T00:00"),
    ("leave it till the new year", "till the new year", "2027-01-01T00:00"),
    ("snooze the van until march 3", "until march 3", "2027-03-03T00:00"),
    ("visit on 3rd december 9", "on 3rd december 9", "2026-12-03T09:00"),
    # spans and days people wait for, said loosely
    ("remind me in a fortnight's time", "in a fortnight's", "2026-12-08T00:00"),
    ("rego's not due till mid dec", "till mid dec", "2026-12-15T00:00"),
    ("the will can wait till after thanksgiving", "till after thanksgiving", "2026-11-27T00:00"),
    ("the 8k can wait til after the weekend", "til after the weekend", "2026-11-30T00:00"),
    ("can't come out until the 5th at the earliest", "until the 5th", "2026-12-05T00:00"),
    ("has to wait till we move, so like 2 weeks", "like 2 weeks", "2026-12-08T00:00"),
    ("ping me in a couple of weeks", "in a couple of weeks", "2026-12-08T00:00"),
    # a span after "wait", and a day followed by a word said to the reader
    ("tickets can wait a week, lol", "a week", "2026-12-01T00:00"),
    ("the quote can wait a fortnight", "a fortnight", "2026-12-08T00:00"),
    ("park that one till the 5th would ya", "till the 5th", "2026-12-05T00:00"),
    ("leave it till the 5th thanks", "till the 5th", "2026-12-05T00:00"),
]


@pytest.mark.parametrize("zone", ["UTC", "Pacific/Auckland"])
@pytest.mark.parametrize("text, span, expected", FOUND)
def test_find_when_in_a_sentence(zone, text, span, expected):
    when = find_when(text, local_now(zone), zone)
    assert when is not None, text
    assert text[when.start : when.end] == span
    assert wall(when, zone) == expected


@pytest.mark.parametrize(
    "text",
    [
        "book a van",
        "may I",
        "second step",
        "march on",
        "sat down",
        "I'm done",
        "get 3 quotes",
        "step 2",
        "the 2 forms",
        "I am on the 5th step",
        "wed them",
        "sundry items",
        "mark 3 done",
        "Sun is out",
        "May the council approve it",
        "call Jim about 2 quotes at home",
        "we march to the venue",
        "it may be late",
        "in may I will",
        "sold it a couple of days ago",
        "took about 2 hours",
        "heard about 2 weeks ago",
        "mid way through",
        "waited a week for nothing",
        "a week ago",
        "I am on the 5th floor",
    ],
)
def test_find_when_leaves_ordinary_words_alone(text):
    assert find_when(text, local_now("UTC"), "UTC") is None


# -- describe ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "moment, has_time, expected",
    [
        ("2026-11-25T00:00", False, "tomorrow (Wednesday 25 November)"),
        ("2026-11-24T20:00", True, "today (Tuesday 24 November) at 20:00"),
        ("2026-11-27T00:00", False, "Friday 27 November"),
        ("2026-11-27T10:00", True, "Friday 27 November at 10:00"),
        ("2027-04-01T00:00", False, "Thursday 1 April 2027"),
    ],
)
def test_describe_says_it_as_a_person_would(moment, has_time, expected):
    zone = "Pacific/Auckland"
    local = datetime.fromisoformat(moment).replace(tzinfo=ZoneInfo(zone))
    assert describe(local.astimezone(UTC), zone, local_now(zone), has_time) == expected


def test_dateparser_is_loaded_only_when_a_date_is_read():
    # The tools import this module; starting drbot must not pay for dateparser.
    code = (
        "import sys; import drbot.ai.tools.plan_tools; assert 'dateparser' not in sys.modules;"
        "from datetime import datetime, UTC; from drbot.ai.language.dates import parse_when;"
        "parse_when('friday', datetime.now(UTC), 'UTC'); assert 'dateparser' in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(
    "text, span, expected",
    [
        ("ping me in a couple hours", "in a couple hours", "2026-11-24T17:30"),
        ("back in a couple of days", "in a couple of days", "2026-11-26T00:00"),
        ("try them again in a few days", "in a few days", "2026-11-27T00:00"),
        ("committee meets on the 5th only, remind me then", "on the 5th", "2026-12-05T00:00"),
        ("by the 3rd at the latest", "by the 3rd", "2026-12-03T00:00"),
        # a reason after the day starts a clause; the day is not counting it
        ("remind me on the 5th thats payday", "on the 5th", "2026-12-05T00:00"),
        ("by the 12th when the money's in", "by the 12th", "2026-12-12T00:00"),
        ("leave it till the 20th because of the holiday", "till the 20th", "2026-12-20T00:00"),
        ("on the 9th my sister is back", "on the 9th", "2026-12-09T00:00"),
    ],
)
def test_a_couple_a_few_and_a_day_with_a_word_after_it(text, span, expected):
    when = find_when(text, local_now("UTC"), "UTC")
    assert when is not None, text
    assert (text[when.start : when.end], wall(when, "UTC")) == (span, expected)


@pytest.mark.parametrize(
    "text",
    [
        "a couple of forms to fill",
        "a few quotes came in",
        "on the 5th step only",
        "on the 3rd attempt it worked",
        "by the 2nd try she answered",
    ],
)
def test_a_couple_and_a_few_alone_are_no_dates(text):
    assert find_when(text, local_now("UTC"), "UTC") is None


@pytest.mark.parametrize(
    "text, span",
    [
        ("remind me to chase the contributions on the first", "on the first"),
        ("rent's due by the first of the month", "by the first of the month"),
        ("nudge me about it on the first of next month", "on the first of next month"),
    ],
)
def test_the_first_is_the_next_first_of_a_month(text, span):
    when = find_when(text, local_now("UTC"), "UTC")
    assert when is not None, text
    assert (text[when.start : when.end], wall(when, "UTC")) == (span, "2026-12-01T00:00")


@pytest.mark.parametrize(
    "text, span, expected",
    [
        # a month ahead to wait till: its start, as next week is its Monday
        ("leave the theory test till next month pls", "till next month", "2026-12-01T00:00"),
        ("remind me next month", "next month", "2026-12-01T00:00"),
        # a span counted from today stays one
        ("leave it for a month", "for a month", "2026-12-24T00:00"),
        # tomorrow spelt short, a day number before the word someone is called
        ("remind me bout the flu jab tomoro", "tomoro", "2026-11-25T00:00"),
        ("the bins 2mrw", "2mrw", "2026-11-25T00:00"),
        # as Krio and Tok Pisin spell it (z210, z221)
        ("remind me bout di signboard tumara", "tumara", "2026-11-25T00:00"),
        ("remind me to ring her tumora", "tumora", "2026-11-25T00:00"),
        # Friday by its prayer (z176, z238); after a Friday named, a time of that day
        ("remind me about the invitations after jumaa", "jumaa", "2026-11-27T00:00"),
        ("guest house ka jummah ke baad dekhte hain", "jummah", "2026-11-27T00:00"),
        ("bring it back friday after jummah inshallah", "friday", "2026-11-27T00:00"),
        (
            "leave the zoo till the 10th love, our Kate will know",
            "till the 10th",
            "2026-12-10T00:00",
        ),
    ],
)
def test_next_month_a_short_tomorrow_and_a_day_said_to_someone(text, span, expected):
    when = find_when(text, local_now("UTC"), "UTC")
    assert when is not None, text
    assert (text[when.start : when.end], wall(when, "UTC")) == (span, expected)


@pytest.mark.parametrize(
    "text", ["done the first step", "on the first one I did", "mark the first done"]
)
def test_the_first_of_something_else_is_no_date(text):
    assert find_when(text, local_now("UTC"), "UTC") is None


@pytest.mark.parametrize(
    "text, span, expected",
    [
        ("put it off till the fifth of december", "till the fifth of december", "2026-12-05T00:00"),
        ("leave it until the twelfth", "until the twelfth", "2026-12-12T00:00"),
        ("the third of january suits", "the third of january", "2027-01-03T00:00"),
        ("mechanic coming thursday only", "coming thursday", "2026-11-26T00:00"),
        ("this coming friday is fine", "coming friday", "2026-11-27T00:00"),
        ("appointment isn't until friday week", "until friday week", "2026-12-04T00:00"),
        ("park it till monday week", "till monday week", "2026-12-07T00:00"),
    ],
)
def test_a_day_of_the_month_in_words_a_coming_day_and_a_day_week(text, span, expected):
    when = find_when(text, local_now("UTC"), "UTC")
    assert when is not None, text
    assert (text[when.start : when.end], wall(when, "UTC")) == (span, expected)


@pytest.mark.parametrize(
    "text",
    ["did the second step", "for the third time", "on the fifth go", "coming along nicely"],
)
def test_ordinals_and_coming_of_something_else_are_no_dates(text):
    assert find_when(text, local_now("UTC"), "UTC") is None


def test_a_weekday_then_a_week_of_something_is_that_weekday():
    when = find_when("off on friday, week off after", local_now("UTC"), "UTC")
    assert when is not None and wall(when, "UTC") == "2026-11-27T00:00"


@pytest.mark.parametrize(
    "text, span, expected",
    [
        ("say the 12th", "say the 12th", "2026-12-12T00:00"),
        ("park it on hold, say the 4th", "say the 4th", "2026-12-04T00:00"),
        ("around the 20th should do", "around the 20th", "2026-12-20T00:00"),
    ],
)
def test_a_day_said_as_a_guess_is_that_day(text, span, expected):
    when = find_when(text, local_now("UTC"), "UTC")
    assert when is not None, text
    assert (text[when.start : when.end], wall(when, "UTC")) == (span, expected)


@pytest.mark.parametrize("text", ["say the word", "around the 5th step", "say the 3rd one again"])
def test_say_or_around_before_no_day_is_no_date(text):
    assert find_when(text, local_now("UTC"), "UTC") is None


@pytest.mark.parametrize(
    "now, expected",
    [
        ("2026-11-24T10:00:00+00:00", "2026-11-30T00:00"),  # a Tuesday: the coming Monday
        ("2026-11-26T10:00:00+00:00", "2026-11-30T00:00"),  # a Thursday: not Thursday 3 Dec
        ("2026-11-29T10:00:00+00:00", "2026-11-30T00:00"),  # a Sunday: tomorrow
        ("2026-11-30T10:00:00+00:00", "2026-12-07T00:00"),  # a Monday: a week on
    ],
)
def test_next_week_is_its_monday(now, expected):
    when = find_when("push the felt to next week", datetime.fromisoformat(now), "UTC")
    assert when is not None
    assert wall(when, "UTC") == expected


@pytest.mark.parametrize(
    "text, span, expected",
    [
        (
            "leave it till the first week of next month",
            "till the first week of next month",
            "2026-12-01T00:00",
        ),
        (
            "let it wait until next month first week, no hurry",
            "until next month first week",
            "2026-12-01T00:00",
        ),
        ("push the vet to early next month", "to early next month", "2026-12-01T00:00"),
        (
            "park it till the start of next month",
            "till the start of next month",
            "2026-12-01T00:00",
        ),
        ("venue has to wait till month end", "till month end", "2026-11-30T00:00"),
        ("need it done by the month end", "by the month end", "2026-11-30T00:00"),
    ],
)
def test_the_start_of_next_month_and_the_month_end(text, span, expected):
    when = find_when(text, local_now("UTC"), "UTC")
    assert when is not None, text
    assert (text[when.start : when.end], wall(when, "UTC")) == (span, expected)


def test_the_first_week_of_next_month_in_december_is_january():
    when = find_when("till early next month", local_now("UTC", "2026-12-10T09:00"), "UTC")
    assert when is not None and wall(when, "UTC") == "2027-01-01T00:00"


@pytest.mark.parametrize("text", ["the month end figures are in", "did the month end accounts"])
def test_month_end_as_a_thing_is_no_date(text):
    assert find_when(text, local_now("UTC"), "UTC") is None


# Spans of weeks and parts of a named month, the way people put a day off (Tuesday 24
# November 2026): phrasings unlike any in the corpus.
@pytest.mark.parametrize(
    "text, span, expected",
    [
        (
            "the gutters can wait until the week after next",
            "until the week after next",
            "2026-12-07",
        ),
        ("hang on till a week on thursday", "till a week on thursday", "2026-12-03"),
        ("bring it up again this time next week", "this time next week", "2026-12-01"),
        ("ask me a week tomorrow", "a week tomorrow", "2026-12-02"),
        ("leave the boiler till the end of next week", "till the end of next week", "2026-12-04"),
        ("should be sorted mid next week", "mid next week", "2026-12-02"),
        (
            "nothing doing till after the bank holiday weekend",
            "till after the bank holiday weekend",
            "2026-12-01",
        ),
        ("ping me in a week's time", "in a week's", "2026-12-01"),
        (
            "the painter is booked from the start of january",
            "from the start of january",
            "2027-01-01",
        ),
        ("try them again early feb", "early feb", "2027-02-01"),
        ("that can slide to the end of december", "to the end of december", "2026-12-31"),
    ],
)
def test_spans_of_weeks_and_parts_of_a_named_month(text, span, expected):
    when = find_when(text, local_now("UTC"), "UTC")
    assert when is not None, text
    assert (text[when.start : when.end], wall(when, "UTC")[:10]) == (span, expected)


@pytest.mark.parametrize(
    "text",
    [
        "a week ago the van broke",
        "the start of the week was awful",
        "the week after was worse",
        "late again, sorry",
        "the end of an era",
    ],
)
def test_weeks_and_parts_of_something_else_are_no_dates(text):
    assert find_when(text, local_now("UTC"), "UTC") is None


# A day of the month with no "the" after a word of time ("only after 5th", "handover on
# 5th"), and one said as what a day is ("that's the 8th"); not an ordinal of something else.
@pytest.mark.parametrize(
    "text, span, expected",
    [
        ("the sweep can only come after 9th, remind me then", "after 9th", "2026-12-09"),
        ("keys are released on 3rd. nudge me that day", "on 3rd", "2026-12-03"),
        ("the office shuts till 30th", "till 30th", "2026-11-30"),
        ("payday? that's the 28th. remind me then", "the 28th", "2026-11-28"),
    ],
)
def test_a_day_of_the_month_without_the(text, span, expected):
    when = find_when(text, local_now("UTC"), "UTC")
    assert when is not None, text
    assert (text[when.start : when.end], wall(when, "UTC")[:10]) == (span, expected)


@pytest.mark.parametrize(
    "text", ["it's the 3rd time I've asked", "done on 2nd attempt", "sold by 3rd party"]
)
def test_an_ordinal_of_something_else_without_the_is_no_date(text):
    assert find_when(text, local_now("UTC"), "UTC") is None


# A weekday of next week, said either way round ("thursday next week", "next week friday")
@pytest.mark.parametrize(
    "text, span, expected",
    [
        ("try the surgery again on wednesday next week", "on wednesday next week", "2026-12-02"),
        ("next week friday works for the sweep", "next week friday", "2026-12-04"),
        ("bump it to the tuesday of next week", "to the tuesday of next week", "2026-12-01"),
    ],
)
def test_a_weekday_of_next_week(text, span, expected):
    when = find_when(text, local_now("UTC"), "UTC")
    assert when is not None, text
    assert (text[when.start : when.end], wall(when, "UTC")[:10]) == (span, expected)


@pytest.mark.parametrize("text", ["friday was next to useless", "the week before was busy"])
def test_a_weekday_near_week_words_is_no_date_of_next_week(text):
    when = find_when(text, local_now("UTC"), "UTC")
    assert when is None or "next week" not in text[when.start : when.end]


# Today's weekday with a time still ahead today is today, not the same day next week: said
# at 15:30 on Tuesday 24 November ("a careful person means this evening")
@pytest.mark.parametrize("zone", ZONES)
@pytest.mark.parametrize(
    "text, expected",
    [
        ("on tuesday at 6pm", "2026-11-24T18:00"),
        ("tues 9pm", "2026-11-24T21:00"),
        ("at 7:30pm on tuesday", "2026-11-24T19:30"),
        ("tuesday evening", "2026-11-24T18:00"),
        ("this tuesday at 8pm", "2026-11-24T20:00"),
    ],
)
def test_todays_weekday_with_a_time_still_ahead_is_today(zone, text, expected):
    when = parse_when(text, local_now(zone), zone)
    assert when is not None and when.has_time, text
    assert wall(when, zone) == expected


# ... but a time already gone, "next", a week on, or another weekday keep their week; a
# weekday alone said on that day stays the coming one (a week on), as documented
@pytest.mark.parametrize(
    "text, expected",
    [
        ("tuesday at 9am", "2026-12-01T09:00"),
        ("tuesday at 3pm", "2026-12-01T15:00"),
        ("next tuesday at 6pm", "2026-12-01T18:00"),
        ("tuesday", "2026-12-01T00:00"),
        ("wednesday at 6pm", "2026-11-25T18:00"),
    ],
)
def test_a_weekday_with_a_time_gone_or_next_keeps_its_week(text, expected):
    when = parse_when(text, local_now("UTC"), "UTC")
    assert when is not None, text
    assert wall(when, "UTC") == expected


def test_todays_weekday_and_time_inside_a_sentence_is_today():
    text = "call the garage back on tuesday at 5pm"
    when = find_when(text, local_now("Europe/Berlin"), "Europe/Berlin")
    assert when is not None
    assert (text[when.start : when.end], wall(when, "Europe/Berlin")) == (
        "on tuesday at 5pm",
        "2026-11-24T17:00",
    )


# A day said by another it comes after (Tuesday 24 November 2026): the weekday, or the
# weekend, first after the day the rest names; "after next", the coming one's a week on.
@pytest.mark.parametrize("zone", ["UTC", "Europe/Berlin"])
@pytest.mark.parametrize(
    "text, span, expected",
    [
        ("ask me again monday after thanksgiving", "monday after thanksgiving", "2026-11-30"),
        ("leave it till the tuesday after the 5th", "the tuesday after the 5th", "2026-12-08"),
        ("do it the monday after christmas", "the monday after christmas", "2026-12-28"),
        ("park it till the friday after next please", "the friday after next", "2026-12-04"),
        ("the weekend after next", "the weekend after next", "2026-12-05"),
    ],
)
def test_a_day_said_by_another_it_comes_after(zone, text, span, expected):
    when = find_when(text, local_now(zone), zone)
    assert when is not None and text[when.start : when.end] == span
    assert wall(when, zone) == f"{expected}T00:00"


@pytest.mark.parametrize("zone", ["UTC"])
@pytest.mark.parametrize(
    "text, expected",
    [
        # near misses: "after" with no weekday before it keeps its own reading
        ("after thanksgiving", "2026-11-27"),
        ("see you after the 5th", "2026-12-05"),
        ("next friday", "2026-11-27"),
    ],
)
def test_after_a_day_with_no_weekday_before_it_is_read_as_before(zone, text, expected):
    when = find_when(text, local_now(zone), zone)
    assert when is not None and wall(when, zone) == f"{expected}T00:00"


# "tonight" said once its evening hour (20:00) has gone is still tonight: the next whole hour
# at least half an hour ahead (z204 at 21:40, z235 at 20:40 were told it had passed); before
# 20:00 it stays 20:00, and so late that no hour is left today it stays passed (asked when)
@pytest.mark.parametrize(
    "said_at, text, expected",
    [
        (
            "2026-11-25T20:40",
            "the tax thing on egov — remind me tonight after the kids sleep",
            "2026-11-25T22:00",
        ),
        ("2026-11-26T21:40", "remind me tonight about the PHF form", "2026-11-26T23:00"),
        ("2026-11-25T20:00", "remind me later tonight", "2026-11-25T21:00"),
        ("2026-11-25T15:30", "remind me tonight", "2026-11-25T20:00"),
        ("2026-11-25T19:50", "remind me tonight", "2026-11-25T20:00"),
        ("2026-11-25T22:50", "remind me tonight", "2026-11-25T20:00"),
    ],
)
def test_tonight_said_after_its_evening_hour_is_later_tonight(said_at, text, expected):
    for zone in ZONES:
        when = find_when(text, local_now(zone, said_at), zone)
        assert when is not None and when.has_time
        assert wall(when, zone) == expected, zone


# A clock time said with a part of the day, either way round, is that part's hour: "tonight at
# 10" is 22:00 (it was read 10:00, still ahead at 09:00 and so written), "at 10 tonight" and
# "sunday night at 9" were read at the part's default 20:00, "this evening at 7" lost its time.
# Said at 09:00 on Wednesday 25 November (local).
@pytest.mark.parametrize(
    "text, expected",
    [
        ("remind me about the boxes tonight at 10", "2026-11-25T22:00"),
        ("tonight 9:30", "2026-11-25T21:30"),
        ("call him tonight at 8 about the fence", "2026-11-25T20:00"),
        ("remind me at 10 tonight", "2026-11-25T22:00"),
        ("nudge me at 10pm tonight", "2026-11-25T22:00"),
        ("this evening at 7", "2026-11-25T19:00"),
        ("at 7 this evening pls", "2026-11-25T19:00"),
        ("tomorrow night at 10", "2026-11-26T22:00"),
        ("at 7 tomorrow evening", "2026-11-26T19:00"),
        ("tomorrow evening at 8", "2026-11-26T20:00"),
        ("sunday night at 9", "2026-11-29T21:00"),
        ("at 9:30 on sunday night", "2026-11-29T21:30"),
        ("tomorrow morning at 10", "2026-11-26T10:00"),
        ("this morning at 11", "2026-11-25T11:00"),
        ("tomorrow afternoon at 2", "2026-11-26T14:00"),
        ("tonight at 22", "2026-11-25T22:00"),
        # after a word of waiting
        ("leave it till tomorrow night at 9", "2026-11-26T21:00"),
        ("by tonight at 10", "2026-11-25T22:00"),
    ],
)
def test_a_clock_time_with_a_part_of_the_day_is_that_parts_hour(text, expected):
    for zone in ZONES:
        when = find_when(text, local_now(zone, "2026-11-25T09:00"), zone)
        assert when is not None and when.has_time, (text, zone)
        assert wall(when, zone) == expected, (text, zone)


# An hour that may be after midnight ("tonight at 1", "tonight at 12") or is no hour of the
# part said ("this morning at 4", "tomorrow evening at 2") is not read: asked, never guessed.
@pytest.mark.parametrize(
    "text",
    ["tonight at 12", "tonight at 1", "this morning at 4", "tomorrow evening at 2"],
)
def test_an_hour_outside_the_part_of_the_day_said_is_not_read(text):
    assert parse_when(text, local_now("UTC", "2026-11-25T09:00"), "UTC") is None


def test_juma_the_name_is_no_friday():
    assert find_when("Juma will carry the stock with his canter", local_now("UTC"), "UTC") is None
