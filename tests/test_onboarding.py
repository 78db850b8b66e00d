"""The first minutes over the fake Bot API: /start asks the time zone, then the
briefing time, then offers an example; deep links; /timezone and /briefing_time
with buttons, typed places and shared locations.  The database is checked behind
every answer."""

from __future__ import annotations

import contextlib
import sqlite3
from datetime import UTC, datetime
from types import SimpleNamespace

import pytest

from drbot import zones
from drbot.memory import PlanStore
from drbot.scheduler.briefing import briefing_due
from tests.bot_harness import FRIEND, OWNER, bot_running, bot_settings
from tests.test_bot_e2e import ask, buttons_of, settle


def settings_row(db, user_id):
    with contextlib.closing(sqlite3.connect(db)) as conn:
        return conn.execute(
            "SELECT timezone, briefing_time FROM user_settings WHERE user_id = ?", (user_id,)
        ).fetchone()


def datas(message) -> list[str]:
    return [b["callback_data"] for row in buttons_of(message) for b in row]


def labels(message) -> list[str]:
    return [b["text"] for row in buttons_of(message) for b in row]


async def press(app, tg, chat, message, data, *, user=None):
    """Press a button on ``message``; returns the messages sent after it."""
    before = len(tg.sent_messages(chat))
    assert data in datas(message), (data, datas(message))
    tg.push_callback(chat, user or chat, data, message.message_id)
    await settle(app, tg)
    return tg.sent_messages(chat)[before:]


def current(tg, chat, message):
    """``message`` as the chat shows it now (after edits)."""
    shown = tg.messages[(chat, message.message_id)]
    return SimpleNamespace(plain=shown.get("text"), reply_markup=shown.get("reply_markup"))


async def test_start_walks_through_zone_briefing_and_an_example(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        greeting = await ask(tg, OWNER, "/start")
        await settle(app, tg)
        question = tg.sent_messages(OWNER)[-1]
        assert greeting.plain.startswith("Hello Tester!")
        assert len(greeting.plain.splitlines()) <= 3  # a greeting, not the /help wall
        assert "time zone" in question.plain
        # language "en": the English-speaking world's main zones, and Skip
        assert datas(question) == [
            "ob:tz:Europe/London",
            "ob:tz:America/New_York",
            "ob:tz:America/Chicago",
            "ob:tz:America/Los_Angeles",
            "ob:skip:tz",
        ]
        assert settings_row(db, OWNER) is None  # nothing stored before a choice

        [briefing_q] = await press(app, tg, OWNER, question, "ob:tz:America/Chicago")
        assert settings_row(db, OWNER) == ("America/Chicago", None)
        shown = current(tg, OWNER, question)
        assert shown.plain.startswith("Time zone: America/Chicago (it's ")
        assert buttons_of(shown) == []  # answered: no live choice stays behind
        assert datas(briefing_q) == [
            "ob:bt:07:00",
            "ob:bt:08:00",
            "ob:bt:09:00",
            "ob:bt:off",
            "ob:skip:bt",
        ]

        [try_it] = await press(app, tg, OWNER, briefing_q, "ob:bt:07:00")
        assert settings_row(db, OWNER) == ("America/Chicago", "07:00")
        assert current(tg, OWNER, briefing_q).plain == "Your briefing comes at 07:00 each morning."
        assert "fix the fence: get quotes, hire someone, paint it" in try_it.plain
        assert datas(try_it) == ["ob:try:example"]

        answers = await press(app, tg, OWNER, try_it, "ob:try:example")
        assert answers[0].plain == "You: fix the fence: get quotes, hire someone, paint it"
        assert "Fix the fence" in answers[-1].plain
    store = await PlanStore.open(db)
    try:
        [plan] = await store.list_plans(OWNER)
        assert plan["title"] == "Fix the fence"
        assert len((await store.get_plan(OWNER, plan["id"]))["steps"]) == 3
    finally:
        await store.close()
    assert tg.errors == []


async def test_each_step_can_be_skipped_and_nothing_is_stored(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, "/start")
        await settle(app, tg)
        question = tg.sent_messages(OWNER)[-1]
        [briefing_q] = await press(app, tg, OWNER, question, "ob:skip:tz")
        assert current(tg, OWNER, question).plain == (
            "Time zone left at UTC. /timezone changes it."
        )
        [try_it] = await press(app, tg, OWNER, briefing_q, "ob:skip:bt")
        assert "Try it now" in try_it.plain
        # the skipped wait for a place is over: a short message goes to the assistant
        reply = await ask(tg, OWNER, "berlin")
        assert "Time zone" not in reply.plain
    assert settings_row(db, OWNER) is None


async def test_a_typed_city_answers_the_zone_question(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, "/start")
        await settle(app, tg)
        unknown = await ask(tg, OWNER, "Xyzzyville")
        assert unknown.plain.startswith('I couldn\'t place "Xyzzyville"')
        assert settings_row(db, OWNER) is None
        several = await ask(tg, OWNER, "United States")
        assert "several time zones" in several.plain
        assert "ob:tz:America/Denver" in datas(several)
        assert settings_row(db, OWNER) is None
        answer = await ask(tg, OWNER, "Munich")
        await settle(app, tg)
        assert answer.plain.startswith("Time zone: Europe/Berlin (it's ")
        assert "briefing" in tg.sent_messages(OWNER)[-1].plain  # on to the next question
    assert settings_row(db, OWNER) == ("Europe/Berlin", None)


async def test_a_long_message_during_the_zone_question_is_a_message(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, "/start")
        await settle(app, tg)
        reply = await ask(tg, OWNER, "fence: get quotes, hire someone")
        assert "Fence" in reply.plain
    assert settings_row(db, OWNER) is None


async def test_a_shared_location_sets_the_nearest_zone(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, "/start")
        await settle(app, tg)
        before = len(tg.sent_messages(OWNER))
        tg.push_message(
            OWNER, OWNER, "", extra={"location": {"latitude": 34.05, "longitude": -118.24}}
        )
        await settle(app, tg)
        sent = tg.sent_messages(OWNER)[before:]
        assert sent[0].plain.startswith("Time zone: America/Los_Angeles (it's ")
        assert "briefing" in sent[1].plain
    assert settings_row(db, OWNER) == ("America/Los_Angeles", None)


async def test_start_with_a_plan_link_opens_the_persons_own_plan_by_position(tg, tmp_path):
    db = tmp_path / "bot.db"
    store = await PlanStore.open(db)
    try:
        await store.create_plan(FRIEND, "Friend's secret", steps=["a"])  # a lower database id
        await store.create_plan(OWNER, "Fence", steps=["quotes"])
        await store.create_plan(OWNER, "Energy", steps=["compare tariffs"])
    finally:
        await store.close()
    async with bot_running(bot_settings(tg, db)) as app:
        view = await ask(tg, OWNER, "/start plan_2")
        assert view.plain.startswith("Energy") and buttons_of(view)
        missing = await ask(tg, OWNER, "/start plan_3")
        assert missing.plain == "You have no plan 3 (you have 2 active). /plans lists them."
        other = await ask(tg, OWNER, "/start plan_²")  # not ASCII digits: a plain start
        assert other.plain.startswith("Hello Tester!")
        await settle(app, tg)
    assert "secret" not in " ".join(m.plain for m in tg.sent_messages(OWNER))


async def test_timezone_command_takes_a_city_or_offers_buttons(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        reply = await ask(tg, OWNER, "/timezone New York")
        assert reply.plain.startswith("Time zone: America/New_York (it's ")
        assert settings_row(db, OWNER) == ("America/New_York", None)
        bad = await ask(tg, OWNER, "/timezone Atlantis Prime")
        assert bad.plain.startswith("I couldn't place")
        assert settings_row(db, OWNER) == ("America/New_York", None)

        shown = await ask(tg, OWNER, "/timezone")
        assert shown.plain.startswith("Time zone: America/New_York")
        assert labels(shown)[0] == "Keep America/New_York" and "ob:skip:tz" not in datas(shown)
        after = await press(app, tg, OWNER, shown, "ob:tz:Europe/London")
        assert after == []  # a change from /timezone does not restart onboarding
        assert current(tg, OWNER, shown).plain.startswith("Time zone: Europe/London")
    assert settings_row(db, OWNER) == ("Europe/London", None)


async def test_briefing_time_can_be_turned_off_and_on(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        off = await ask(tg, OWNER, "/briefing_time off")
        assert off.plain == "No morning briefing. Turn it on with /briefing_time 08:00."
        assert settings_row(db, OWNER) == (None, "off")
        shown = await ask(tg, OWNER, "/briefing_time")
        assert shown.plain.startswith("No morning briefing")
        await press(app, tg, OWNER, shown, "ob:bt:09:00")
        assert settings_row(db, OWNER) == (None, "09:00")
        bad = await ask(tg, OWNER, "/briefing_time 25:00")
        assert "HH:MM" in bad.plain
    assert settings_row(db, OWNER) == (None, "09:00")


async def test_a_forged_zone_button_changes_nothing(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        shown = await ask(tg, OWNER, "/timezone")
        tg.push_callback(OWNER, OWNER, "ob:tz:Mars/Olympus", shown.message_id)
        await settle(app, tg)
        [answer] = [c for c in tg.calls_to("answerCallbackQuery")]
        assert "Unknown time zone" in answer["text"]
    assert settings_row(db, OWNER) is None


def test_briefing_off_is_never_due():
    assert not briefing_due(datetime(2026, 11, 24, 23, 59, tzinfo=UTC), "UTC", "off")
    assert briefing_due(datetime(2026, 11, 24, 8, 0, tzinfo=UTC), "UTC", "08:00")


# -- finding zones ---------------------------------------------------------------


@pytest.mark.parametrize(
    "typed, zone",
    [
        ("Berlin", "Europe/Berlin"),
        ("berln", "Europe/Berlin"),
        ("Germany", "Europe/Berlin"),
        ("São Paulo", "America/Sao_Paulo"),
        ("europe/berlin", "Europe/Berlin"),
        ("new york", "America/New_York"),
        ("Munich", "Europe/Berlin"),
        ("UK", "Europe/London"),
        ("India", "Asia/Kolkata"),
        ("Kyiv", "Europe/Kyiv"),
    ],
)
def test_find_zones_from_a_city_country_or_name(typed, zone):
    assert zones.find_zones(typed) == [zone]


def test_a_country_with_several_zones_offers_one_per_offset():
    found = zones.find_zones("United States")
    assert found[:4] == [
        "America/New_York",
        "America/Chicago",
        "America/Denver",
        "America/Los_Angeles",
    ]
    assert zones.find_zones("Brazil")[0] == "America/Sao_Paulo"


@pytest.mark.parametrize("typed", ["xyzzy", "", "   ", "x" * 100])
def test_find_zones_refuses_what_is_no_place(typed):
    assert zones.find_zones(typed) == []


@pytest.mark.parametrize(
    "lat, lon, zone",
    [
        (34.05, -118.24, "America/Los_Angeles"),
        (-33.87, 151.21, "Australia/Sydney"),
        (52.52, 13.40, "Europe/Berlin"),
        (35.68, 139.69, "Asia/Tokyo"),
    ],
)
def test_nearest_zone(lat, lon, zone):
    assert zones.nearest_zone(lat, lon) == zone


@pytest.mark.parametrize(
    "code, first",
    [
        ("en", "Europe/London"),
        ("en-US", "America/New_York"),
        ("de", "Europe/Berlin"),
        ("pt-br", "America/Sao_Paulo"),
        (None, "Europe/London"),
        ("xx", "Europe/London"),
    ],
)
def test_likely_zones_from_the_app_language(code, first):
    offered = zones.likely_zones(code)
    assert offered[0] == first and 1 <= len(offered) <= zones.MAX_OFFERED


async def test_a_live_location_sets_the_zone_once_and_its_updates_stay_silent(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        update_id = tg.push_message(
            OWNER,
            OWNER,
            "",
            extra={"location": {"latitude": 52.52, "longitude": 13.40, "live_period": 900}},
        )
        await settle(app, tg)
        assert len(tg.sent_messages(OWNER)) == 1  # "Time zone: Europe/Berlin …"
        [(_, message_id)] = [
            k for k in tg.messages if k[0] == OWNER and tg.messages[k]["from"]["id"] == OWNER
        ]
        for n in range(3):  # Telegram sends each move of a live location as an edit
            moved = dict(
                tg.messages[(OWNER, message_id)],
                edit_date=1_800_000_000 + n,
                location={"latitude": 52.5 + n / 100, "longitude": 13.4, "live_period": 900},
            )
            tg.push_raw_update({"update_id": update_id + 100 + n, "edited_message": moved})
        await settle(app, tg)
        assert len(tg.sent_messages(OWNER)) == 1
    assert settings_row(db, OWNER) == ("Europe/Berlin", None)
