"""Times of day in the person's words make reminders: the built-in interpreter
(through ``Assistant.handle``, as `drbot chat` and Telegram do) and the model's
snooze_step tool, on a real SQLite file.  A day alone stays a plain snooze.
The clock is Tuesday 2026-11-24 10:00 UTC; the person is in Europe/London,
or Europe/Berlin (one hour ahead) where said.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from drbot.ai.assistant import Assistant
from drbot.ai.tools.catalogue import build_registry
from drbot.ai.tools.tool_registry import ToolContext
from drbot.config import LLMSettings, Settings
from tests.conftest import FakeClock

ME = 1
NOW = datetime(2026, 11, 24, 10, 0, tzinfo=UTC)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(NOW)


@pytest.fixture
async def bot(store, clock):
    assistant = Assistant.from_settings(
        Settings(llm=LLMSettings(provider="offline")), store, clock=clock
    )
    await assistant.users.set_timezone(ME, "Europe/London")
    yield assistant
    await assistant.close()


async def waits(store, plan_id: int) -> dict[str, tuple[str | None, int]]:
    plan = await store.get_plan(ME, plan_id)
    return {s["title"]: (s["wait_until"], s["wait_at_time"]) for s in plan["steps"]}


async def current(store, bot, title: str, steps: list[str]) -> int:
    plan_id = await store.create_plan(ME, title, None, steps)
    await bot.conversations.set_current_plan(ME, ME, plan_id)
    return plan_id


@pytest.mark.parametrize(
    "text, step, wait",
    [
        (
            "remind me about the form friday 10am",
            "Fill in the form",
            ("2026-11-27T10:00:00.000000Z", 1),
        ),
        (
            "snooze step 3 until thursday 3pm",
            "Book an appointment",
            ("2026-11-26T15:00:00.000000Z", 1),
        ),
        (
            "remind me about the photos tomorrow at 9:30",
            "Get photos",
            ("2026-11-25T09:30:00.000000Z", 1),
        ),
        # a day alone: the morning briefing's, not a reminder
        ("remind me about the form friday", "Fill in the form", ("2026-11-27T00:00:00.000000Z", 0)),
    ],
)
async def test_interpreter_reads_a_time_of_day_as_a_reminder(store, bot, text, step, wait):
    plan_id = await current(
        store, bot, "Passport", ["Get photos", "Fill in the form", "Book an appointment"]
    )
    reply = await bot.handle(ME, ME, text)
    assert (await waits(store, plan_id))[step] == wait, reply.text
    assert ("I'll remind you then." in reply.text) == bool(wait[1])


async def test_snooze_the_van_until_monday_9_in_the_persons_zone(store, bot):
    await bot.users.set_timezone(ME, "Europe/Berlin")
    plan_id = await current(store, bot, "Move house", ["Book the van", "Pack the kitchen"])
    reply = await bot.handle(ME, ME, "snooze the van until monday 9")
    assert (await waits(store, plan_id))["Book the van"] == ("2026-11-30T08:00:00.000000Z", 1)
    assert "Monday 30 November at 09:00" in reply.text


@pytest.mark.parametrize(
    "until, wait",
    [
        ("friday 10am", ("2026-11-27T10:00:00.000000Z", 1)),
        ("2026-11-27T10:00", ("2026-11-27T10:00:00.000000Z", 1)),
        ("friday", ("2026-11-27T00:00:00.000000Z", 0)),
        ("2026-11-27", ("2026-11-27T00:00:00.000000Z", 0)),
    ],
)
async def test_the_models_snooze_tool_takes_a_time_of_day(store, bot, until, wait):
    plan_id = await store.create_plan(ME, "Passport", None, ["Get photos", "Fill in the form"])
    step_id = (await store.get_plan(ME, plan_id))["steps"][1]["id"]
    ctx = ToolContext(
        user_id=ME, chat_id=ME, store=store, users=bot.users, now=NOW, timezone="Europe/London"
    )
    result = await build_registry().call("snooze_step", {"step_id": step_id, "until": until}, ctx)
    assert not result.is_error, result.content
    assert (await waits(store, plan_id))["Fill in the form"] == wait
    assert ("I'll remind you then." in result.content) == bool(wait[1])


# -- later today, and relative times ----------------------------------------------------


@pytest.mark.parametrize(
    "text, step, wait",
    [
        ("remind me at 6pm about the photos", "Get photos", "2026-11-24T18:00:00.000000Z"),
        ("remind me about the form at 18:30", "Fill in the form", "2026-11-24T18:30:00.000000Z"),
        (
            "remind me in 2 hours to fill in the form",
            "Fill in the form",
            "2026-11-24T12:00:00.000000Z",
        ),
        ("remind me about the form tonight", "Fill in the form", "2026-11-24T20:00:00.000000Z"),
        ("remind me about the photos this evening", "Get photos", "2026-11-24T18:00:00.000000Z"),
        (
            "remind me about the appointment tomorrow morning",
            "Book an appointment",
            "2026-11-25T09:00:00.000000Z",
        ),
    ],
)
async def test_a_time_later_today_is_a_reminder_today(store, bot, text, step, wait):
    """These answered "Invalid arguments for snooze_step: until must be a string, not
    null": a time later today was taken for a day gone by."""
    plan_id = await current(
        store, bot, "Passport", ["Get photos", "Fill in the form", "Book an appointment"]
    )
    reply = await bot.handle(ME, ME, text)
    assert "Invalid" not in reply.text and "snooze_step" not in reply.text
    assert (await waits(store, plan_id))[step] == (wait, 1), reply.text


async def test_tomorrow_west_of_utc_late_in_the_evening(store, bot, clock):
    """22:30 in New York is 03:30 UTC the next day: "tomorrow at 9am" is the next New York
    day, and it was refused as a day already gone."""
    await bot.users.set_timezone(ME, "America/New_York")
    clock.now = datetime(2026, 11, 25, 3, 30, tzinfo=UTC)
    plan_id = await current(store, bot, "Passport", ["Get photos", "Fill in the form"])
    reply = await bot.handle(ME, ME, "remind me about the photos tomorrow at 9am")
    assert (await waits(store, plan_id))["Get photos"] == ("2026-11-25T14:00:00.000000Z", 1), (
        reply.text
    )


async def test_a_time_already_passed_today_asks_and_changes_nothing(store, bot, clock):
    clock.now = datetime(2026, 11, 24, 20, 0, tzinfo=UTC)
    plan_id = await current(store, bot, "Passport", ["Get photos", "Fill in the form"])
    reply = await bot.handle(ME, ME, "remind me about the photos today at 9am")
    assert "already passed" in reply.text and "Nothing changed" in reply.text
    assert (await waits(store, plan_id))["Get photos"] == (None, 0)


async def test_an_internal_error_never_reaches_a_person(store):
    """Arguments that fail the schema (a rule's bug) or are past SQLite's integers: the
    model gets the details, a person one plain line."""
    registry = build_registry()
    ctx = ToolContext(store=store, users=None, user_id=ME, chat_id=ME, now=NOW, timezone="UTC")
    for name, args in (
        ("snooze_step", {"step_id": 1, "until": None}),
        ("update_plan_step", {"step_id": 10**30, "status": "done"}),
        ("get_plan", {"plan_id": -(10**30)}),
    ):
        result = await registry.call(name, args, ctx)
        assert result.is_error and result.internal
        assert "Invalid arguments" in result.content  # for the model to correct
        person = result.for_person()
        assert "Invalid" not in person and name not in person and "Sorry" in person
    result = await registry.call("update_plan_step", {"step_id": 10**30, "status": "done"}, ctx)
    assert "out of range" in result.content


async def test_a_reminder_on_a_muted_plan_or_in_quiet_hours_says_so(store, bot):
    """Asked for after the mute, it comes (the newer wish wins), and the confirmation says
    so; a moment in quiet hours says when it will come instead."""
    from drbot.memory.quiet import Quiet

    plan_id = await current(store, bot, "Passport", ["Get photos", "Fill in the form"])
    quiet = Quiet(store.db)
    await quiet.mute(ME, plan_id)
    reply = await bot.handle(ME, ME, "remind me at 6pm about the photos")
    assert "I'll remind you then. The plan is muted, but you asked for this one" in reply.text
    await quiet.unmute(ME, plan_id)
    await quiet.set_hours(ME, "22:00-07:00")
    reply = await bot.handle(ME, ME, "remind me about the form at 23:30")
    assert "That's in your quiet hours — I'll send it at 07:00." in reply.text
