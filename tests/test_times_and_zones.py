"""Times and zones as people write them, in every setting and question:
/briefing_time, /review, /weekly, /quiet and /timezone over `drbot chat` (a
real process) and over the fake Bot API, and typed answers to the onboarding
questions.  Each accepted form is checked in the stored row; each refusal is
one line with an example and changes nothing."""

from __future__ import annotations

import contextlib
import os
import sqlite3

import pytest

from drbot import times, zones
from tests.bot_harness import OWNER, bot_running, bot_settings
from tests.test_bot_e2e import ask, buttons_of, settle
from tests.test_chat_cli import chat

USAGE = "Use 7:30."


@pytest.fixture
def env(tmp_path):
    """`drbot chat` with no config, no key, its database under ``tmp_path``."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("ANTHROPIC_", "DRBOT_", "TELEGRAM_"))
    }
    env.update(HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path / "data"))
    return env


def row(db, sql, *args):
    with contextlib.closing(sqlite3.connect(db)) as conn:
        return conn.execute(sql, args).fetchone()


# -- the parser and the resolver by themselves ------------------------------------


@pytest.mark.parametrize(
    "typed, read",
    [
        ("7:30", "07:30"),
        ("07:30", "07:30"),
        ("7.30", "07:30"),
        ("7:30am", "07:30"),
        ("7:30 a.m.", "07:30"),
        ("7:30 PM", "19:30"),
        ("7pm", "19:00"),
        ("8", "08:00"),
        ("19h30", "19:30"),
        ("0730", "07:30"),
        ("730pm", "19:30"),
        ("noon", "12:00"),
        ("midday", "12:00"),
        ("midnight", "00:00"),
        ("12am", "00:00"),
        ("12pm", "12:00"),
        ("at 6pm", "18:00"),
        ("7 o'clock", "07:00"),
        (" 23:59 ", "23:59"),
    ],
)
def test_a_time_of_day_as_people_write_it(typed, read):
    assert times.time_of_day(typed, USAGE) == read


@pytest.mark.parametrize(
    "typed", ["25:00", "7:60", "13pm", "0am", "8:5", "08:00:00", "٨:٠٠", "soon", "", None]
)
def test_what_is_no_time_of_day_is_refused_with_the_example(typed):
    with pytest.raises(ValueError, match=r"^I can't read .* as a time.* Use 7:30\.$"):
        times.time_of_day(typed, USAGE)


@pytest.mark.parametrize(
    "typed, read",
    [
        ("sunday 6pm", (6, "18:00")),
        ("sun 18:00", (6, "18:00")),
        ("Sun, 6 pm", (6, "18:00")),
        ("every Sunday at 6pm", (6, "18:00")),
        ("6pm on sundays", (6, "18:00")),
        ("thurs 7.30", (3, "07:30")),
        ("Mon noon", (0, "12:00")),
    ],
)
def test_a_weekday_and_a_time(typed, read):
    assert times.weekday_and_time(typed, USAGE) == read


@pytest.mark.parametrize("typed", ["sunday", "6pm", "someday 6pm", "sun 25:00", ""])
def test_a_weekday_without_a_time_or_a_time_without_a_day_is_refused(typed):
    with pytest.raises(ValueError, match=r"Use 7:30\.$"):
        times.weekday_and_time(typed, USAGE)


@pytest.mark.parametrize(
    "typed, read",
    [
        ("10pm-7am", ("22:00", "07:00")),
        ("22:00–07:00", ("22:00", "07:00")),
        ("22:00-08:00", ("22:00", "08:00")),
        ("from 10 pm to 7 am", ("22:00", "07:00")),
        ("10pm until 7am", ("22:00", "07:00")),
        ("22-8", ("22:00", "08:00")),
        ("midnight - 6am", ("00:00", "06:00")),
        ("10 p.m. — 7 a.m.", ("22:00", "07:00")),
    ],
)
def test_a_range_of_times(typed, read):
    assert times.time_range(typed, "quiet hours", USAGE) == read


@pytest.mark.parametrize("typed", ["10pm", "bogus", "25:00-07:00", "10pm-", ""])
def test_what_is_no_range_is_refused(typed):
    with pytest.raises(ValueError, match=r"^I can't read .* as quiet hours.* Use 7:30\.$"):
        times.time_range(typed, "quiet hours", USAGE)


@pytest.mark.parametrize(
    "typed, zone",
    [
        ("Etc/GMT-7", "Etc/GMT-7"),
        ("etc/gmt+5", "Etc/GMT+5"),
        ("Europe/Berlin", "Europe/Berlin"),
        ("US/Eastern", "US/Eastern"),
        ("UTC", "UTC"),
        # the abbreviations, each one chosen zone (not the database's fixed EST)
        ("EST", "America/New_York"),
        ("edt", "America/New_York"),
        ("CST", "America/Chicago"),
        ("PST", "America/Los_Angeles"),
        ("CET", "Europe/Berlin"),
        ("BST", "Europe/London"),
        ("GMT", "Europe/London"),
        ("pacific time", "America/Los_Angeles"),
        # offsets: the database's Etc signs are inverted
        ("UTC+2", "Etc/GMT-2"),
        ("GMT-5", "Etc/GMT+5"),
        ("utc +10", "Etc/GMT-10"),
        ("+02:00", "Etc/GMT-2"),
        ("UTC+0", "UTC"),
        ("UTC+5:30", "Asia/Kolkata"),
        ("UTC+14", "Etc/GMT-14"),
        # places, and the way people say them
        ("Berlin", "Europe/Berlin"),
        ("london", "Europe/London"),
        ("I'm in London", "Europe/London"),
        ("i am in new york", "America/New_York"),
        ("im in berlin", "Europe/Berlin"),
        ("i live in Tokyo", "Asia/Tokyo"),
        ("my time zone is EST", "America/New_York"),
        ("Berlin, Germany", "Europe/Berlin"),
        ("london time", "Europe/London"),
    ],
)
def test_a_zone_as_people_write_it(typed, zone):
    assert zones.resolve(typed) == [zone]


@pytest.mark.parametrize(
    "typed", ["Atlantis Prime", "UTC+15", "UTC-13", "UTC+3:15", "7:30", "", "x" * 100, None]
)
def test_what_is_no_zone_resolves_to_nothing(typed):
    assert zones.resolve(typed) == []


def test_a_country_with_several_zones_resolves_to_them_all():
    assert zones.resolve("I'm in the United States")[:4] == [
        "America/New_York",
        "America/Chicago",
        "America/Denver",
        "America/Los_Angeles",
    ]


# -- drbot chat: one chat per setting, each form read back, the rows behind it ----------
# One chat per setting, not per form. Each form is followed by the command that reads the
# stored setting back, and neighbouring forms store different values, so a form that
# changed nothing would read back its neighbour's.

CHAT_DB = ("data", "drbot", "drbot.db")


def chat_rows(tmp_path, sql):
    return row(tmp_path.joinpath(*CHAT_DB), sql)


QUIET_FORMS = [
    ("/quiet 10pm-7am", ("22:00", "07:00")),
    ("/quiet from 11 pm to 6:30 am", ("23:00", "06:30")),
    ("/quiet 22:00–07:00", ("22:00", "07:00")),
    ("/quiet midnight-6am", ("00:00", "06:00")),
]


def test_quiet_hours_as_written_in_drbot_chat(env, tmp_path):
    typed = "".join(f"{form}\n/quiet\n" for form, _ in QUIET_FORMS)
    answers = chat(typed, env, tmp_path).strip().split("\n\n")
    assert len(answers) == 2 * len(QUIET_FORMS), answers
    for (form, (start, end)), set_, read in zip(QUIET_FORMS, answers[::2], answers[1::2]):
        assert set_.startswith(f"Quiet hours set: {start}–{end} (UTC)."), form
        assert read.startswith(f"Quiet hours: {start}–{end} (UTC)."), form  # read back
    stored = QUIET_FORMS[-1][1]
    assert chat_rows(tmp_path, "SELECT quiet_from, quiet_until FROM user_settings") == stored


ZONE_FORMS = [
    ("/timezone Berlin", "Europe/Berlin"),
    ("/timezone Etc/GMT-7", "Etc/GMT-7"),
    ("/timezone EST", "America/New_York"),
    ("/timezone GMT+2", "Etc/GMT-2"),
    ("/timezone UTC-5", "Etc/GMT+5"),
    ("/timezone I'm in London", "Europe/London"),
    ("/timezone america/new_york", "America/New_York"),
]


def test_a_zone_as_written_in_drbot_chat(env, tmp_path):
    typed = "".join(f"{form}\n/timezone\n" for form, _ in ZONE_FORMS)
    answers = chat(typed, env, tmp_path).strip().split("\n\n")
    assert len(answers) == 2 * len(ZONE_FORMS), answers
    for (form, zone), set_, read in zip(ZONE_FORMS, answers[::2], answers[1::2]):
        assert set_.startswith(f"Time zone: {zone} (it's "), form
        assert set_.endswith("Not right? /timezone"), form
        assert read.startswith(f"Time zone: {zone} (it's "), form  # read back
    assert chat_rows(tmp_path, "SELECT timezone FROM user_settings") == (ZONE_FORMS[-1][1],)


TIME_FORMS = [  # (typed, the read-back command, what it says, its column, the stored value)
    ("/briefing_time 7:30am", "/briefing_time", "at 07:30 (UTC)", "briefing_time", "07:30"),
    ("/briefing_time noon", "/briefing_time", "at 12:00 (UTC)", "briefing_time", "12:00"),
    ("/briefing_time 7.30", "/briefing_time", "at 07:30 (UTC)", "briefing_time", "07:30"),
    ("/review 8pm", "/review", "at 20:00 (UTC)", "review_time", "20:00"),
    ("/review 20.30", "/review", "at 20:30 (UTC)", "review_time", "20:30"),
    (
        "/weekly sunday 6pm",
        "/weekly",
        "on Sundays at 18:00 (UTC)",
        "weekly_day || ' ' || weekly_time",
        "6 18:00",
    ),
    (
        "/weekly Fri at 5:30pm",
        "/weekly",
        "on Fridays at 17:30 (UTC)",
        "weekly_day || ' ' || weekly_time",
        "4 17:30",
    ),
]


def test_times_as_written_in_drbot_chat(env, tmp_path):
    typed = "".join(f"{form}\n{read_back}\n" for form, read_back, *_ in TIME_FORMS)
    answers = chat(typed, env, tmp_path).strip().split("\n\n")
    assert len(answers) == 2 * len(TIME_FORMS), answers
    for (form, _, says, _, _), read in zip(TIME_FORMS, answers[1::2]):
        assert says in read, (form, read)
    for column in {column for *_, column, _ in TIME_FORMS}:
        last = [stored for *_, c, stored in TIME_FORMS if c == column][-1]
        assert chat_rows(tmp_path, f"SELECT {column} FROM user_settings") == (last,), column


def test_what_drbot_chat_cannot_read_changes_nothing(env, tmp_path):
    out = chat(
        "/quiet 10pm-7am\n/timezone Berlin\n/briefing_time 7:30\n/review 8pm\n"
        "/weekly sun 6pm\n"
        "/quiet 25:00-07:00\n/quiet tonight\n/timezone Atlantis Prime\n/timezone UTC+15\n"
        "/briefing_time 7:77\n/briefing_time soon\n/review 13pm\n/weekly sunday\n"
        "/timezone United States",
        env,
        tmp_path,
    )
    answers = out.strip().split("\n\n")[5:]
    assert answers[0] == (
        "I can't read '25:00-07:00' as quiet hours: times run from 00:00 to "
        "23:59. Use /quiet 22:00-08:00 or /quiet 10pm-7am (your local time), "
        "or /quiet off."
    )
    assert answers[1].startswith("I can't read 'tonight' as quiet hours. Use /quiet 22:00-08:00")
    for refused in answers[2:4]:
        assert refused.startswith("I couldn't place")
        assert "Europe/Berlin" in refused and "EST" in refused and "UTC+2" in refused
    assert answers[4].startswith("I can't read '7:77' as a time: times run from 00:00 to 23:59.")
    assert answers[5] == (
        "I can't read 'soon' as a time. Use /briefing_time HH:MM, like 07:30 "
        "or 7:30am, or /briefing_time off."
    )
    assert answers[6].startswith("I can't read '13pm' as a time") and "/review 20:30" in answers[6]
    assert answers[7].startswith("Give a day and a time. Use /weekly sun 18:00")
    assert answers[8].startswith(
        "United States has several time zones. Which one? America/New_York, America/Chicago"
    )
    assert all("\n" not in answer for answer in answers)  # one line each
    assert chat_rows(
        tmp_path,
        "SELECT quiet_from, quiet_until, timezone, briefing_time,"
        " review_time, weekly_day, weekly_time FROM user_settings",
    ) == ("22:00", "07:00", "Europe/Berlin", "07:30", "20:00", 6, "18:00")


# -- Telegram: the commands over the fake Bot API ----------------------------------

SETTINGS = "SELECT quiet_from, quiet_until, timezone FROM user_settings WHERE user_id = ?"


@pytest.mark.parametrize(
    "typed, stored",
    [
        ("/quiet 10pm-7am", ("22:00", "07:00")),
        ("/quiet 22:00–07:00", ("22:00", "07:00")),
        ("/quiet 10 pm to 7 am", ("22:00", "07:00")),
        ("/quiet 11.30pm - 6am", ("23:30", "06:00")),
    ],
)
async def test_quiet_hours_as_written_over_telegram(tg, tmp_path, typed, stored):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)):
        answer = await ask(tg, OWNER, typed)
        assert answer.plain.startswith(f"Quiet hours set: {stored[0]}–{stored[1]} (UTC).")
        assert row(db, SETTINGS, OWNER) == (*stored, None)
        refused = await ask(tg, OWNER, "/quiet 10pm")
        assert refused.plain == (
            "I can't read '10pm' as quiet hours. Use /quiet 22:00-08:00 or "
            "/quiet 10pm-7am (your local time), or /quiet off."
        )
        assert row(db, SETTINGS, OWNER) == (*stored, None)  # unchanged


@pytest.mark.parametrize(
    "typed, stored",
    [
        ("/timezone Etc/GMT-7", "Etc/GMT-7"),
        ("/timezone Berlin", "Europe/Berlin"),
        ("/timezone EST", "America/New_York"),
        ("/timezone GMT+2", "Etc/GMT-2"),
        ("/timezone UTC+5:30", "Asia/Kolkata"),
        ("/timezone i'm in london", "Europe/London"),
        ("/timezone PST", "America/Los_Angeles"),
    ],
)
async def test_a_zone_as_written_over_telegram(tg, tmp_path, typed, stored):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)):
        answer = await ask(tg, OWNER, typed)
        assert answer.plain.startswith(f"Time zone: {stored} (it's ")
        assert row(db, SETTINGS, OWNER) == (None, None, stored)
        refused = await ask(tg, OWNER, "/timezone UTC+15")
        assert refused.plain.startswith('I couldn\'t place "UTC+15". Send a city (Berlin)')
        assert "or share your location" in refused.plain
        assert row(db, SETTINGS, OWNER) == (None, None, stored)  # unchanged


async def test_times_as_written_over_telegram(tg, tmp_path):
    db = tmp_path / "bot.db"
    when = (
        "SELECT briefing_time, review_time, weekly_day, weekly_time FROM user_settings"
        " WHERE user_id = ?"
    )
    async with bot_running(bot_settings(tg, db)):
        assert (await ask(tg, OWNER, "/briefing_time 7:30am")).plain == (
            "Your briefing comes at 07:30 each morning."
        )
        assert (await ask(tg, OWNER, "/review 8pm")).plain.startswith("Evening review at 20:00")
        assert (await ask(tg, OWNER, "/weekly sunday 6pm")).plain.startswith(
            "Weekly digest on Sundays at 18:00"
        )
        assert row(db, when, OWNER) == ("07:30", "20:00", 6, "18:00")
        for refused in ("/briefing_time 7:30 tomorrow", "/review 8 tonight", "/weekly 6pm"):
            said = (await ask(tg, OWNER, refused)).plain
            assert said.startswith(("I can't read", "Give a day and a time")), said
        assert row(db, when, OWNER) == ("07:30", "20:00", 6, "18:00")


# -- Telegram: typed answers to the onboarding questions ----------------------------


async def test_a_typed_time_answers_the_briefing_question(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, "/start")
        await settle(app, tg)
        zone = await ask(tg, OWNER, "I'm in London")  # a phrase, not a name
        await settle(app, tg)
        assert zone.plain.startswith("Time zone: Europe/London (it's ")
        question = tg.sent_messages(OWNER)[-1]
        assert question.plain.startswith("When should your morning briefing come?")
        assert "send a time, like 7:30" in question.plain
        refused = await ask(tg, OWNER, "25:00")  # meant as a time
        assert refused.plain == (
            "I can't read '25:00' as a time: times run from 00:00 to "
            "23:59. Send a time like 7:30 or 7:30am, or press a button."
        )
        assert row(
            db, "SELECT timezone, briefing_time FROM user_settings WHERE user_id = ?", OWNER
        ) == ("Europe/London", None)
        before = len(tg.sent_messages(OWNER))
        tg.push_message(OWNER, OWNER, "7:30")
        await settle(app, tg)
        said = tg.sent_messages(OWNER)[before:]
        assert said[0].plain == "Your briefing comes at 07:30 each morning."
        assert "Try it now" in said[1].plain  # onboarding goes on
        assert buttons_of(tg.messages[(OWNER, question.message_id)].get("reply_markup")) == []
        # answered: the next "7:30" is a message, not the briefing time again
        await ask(tg, OWNER, "8am")
    assert row(
        db, "SELECT timezone, briefing_time FROM user_settings WHERE user_id = ?", OWNER
    ) == ("Europe/London", "07:30")


async def test_an_offset_answers_the_zone_question_and_a_message_is_a_message(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, "/start")
        await settle(app, tg)
        zone = await ask(tg, OWNER, "GMT+2")  # digits, yet a zone
        await settle(app, tg)
        assert zone.plain.startswith("Time zone: Etc/GMT-2 (it's ")
        # the briefing question waits; a plan in words is no time: it goes on as a message
        plan = await ask(tg, OWNER, "fence: get quotes, hire someone")
        assert "Fence" in plan.plain
    assert row(
        db, "SELECT timezone, briefing_time FROM user_settings WHERE user_id = ?", OWNER
    ) == ("Etc/GMT-2", None)


async def test_a_typed_time_after_briefing_time_sets_it_without_onboarding(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        shown = await ask(tg, OWNER, "/briefing_time")
        assert buttons_of(shown)
        before = len(tg.sent_messages(OWNER))
        tg.push_message(OWNER, OWNER, "6.45am")
        await settle(app, tg)
        said = tg.sent_messages(OWNER)[before:]
        assert [m.plain for m in said] == ["Your briefing comes at 06:45 each morning."]
    assert row(db, "SELECT briefing_time FROM user_settings WHERE user_id = ?", OWNER) == ("06:45",)


# -- stored times ----------------------------------------------------------------------------------


@pytest.mark.parametrize("year", [1, 999, 1000, 2026, 9999])
def test_a_stored_time_has_a_four_digit_year_and_sorts_as_text(year):
    from datetime import UTC, datetime

    from drbot.memory import clock

    moment = datetime(year, 3, 5, 9, 0, tzinfo=UTC)
    text = clock.iso(moment)
    assert text == f"{year:04d}-03-05T09:00:00.000000Z"
    assert clock.parse(text) == moment
    # Text order is time order, which the stored times' comparisons in SQL rely on.
    assert clock.iso(datetime(999, 12, 31, tzinfo=UTC)) < clock.iso(
        datetime(1000, 1, 1, tzinfo=UTC)
    )
