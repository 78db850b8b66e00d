"""The snooze_step tool with dates in the person's words, through the real registry.

Each call goes through ``build_registry()`` (schema validation, error results)
onto a PlanStore on a real SQLite file; every refusal is checked with a dump of
every table, identical before and after.
"""

from __future__ import annotations

import pytest

from drbot.ai.tools.catalogue import build_registry
from drbot.ai.tools.tool_registry import ToolContext
from drbot.memory.user_settings import UserSettings
from tests.conftest import START
from tests.dbdump import unchanged

ME = 1
BERLIN = "Europe/Berlin"  # START, Monday 2 March 2026 09:00 UTC, is 10:00 there


@pytest.fixture
def registry():
    return build_registry()


@pytest.fixture
def ctx(store):
    return ToolContext(
        user_id=ME,
        chat_id=ME,
        store=store,
        users=UserSettings(store.db),
        now=START,
        timezone=BERLIN,
    )


@pytest.fixture
async def step_id(registry, ctx, store):
    result = await registry.call(
        "create_plan", {"title": "Venue", "steps": ["Call the venue", "Fill in the form"]}, ctx
    )
    assert not result.is_error, result.content
    return (await store.get_plan(ME, ctx.current_plan_id))["steps"][1]["id"]


async def wait_until(store, ctx, step_id) -> str:
    plan = await store.get_plan(ME, ctx.current_plan_id)
    return next(s for s in plan["steps"] if s["id"] == step_id)["wait_until"]


@pytest.mark.parametrize(
    "arguments, wakes, said",
    [
        ({"until": "friday"}, "2026-03-05T23:00", "until Friday 6 March (Europe/Berlin)."),
        (
            {"until": "tmrw"},
            "2026-03-02T23:00",
            "until tomorrow (Tuesday 3 March) (Europe/Berlin).",
        ),
        ({"until": "in 3 days"}, "2026-03-04T23:00", "until Thursday 5 March (Europe/Berlin)."),
        ({"until": "next monday 9am"}, "2026-03-09T08:00", "until Monday 9 March at 09:00"),
        ({"until": "monday"}, "2026-03-08T23:00", "until Monday 9 March (Europe/Berlin)."),
        ({"until": "on the 5th"}, "2026-03-04T23:00", "until Thursday 5 March"),
        # 29 March: summer time begins, so 9am there is 07:00 UTC
        ({"until": "29 march 9am"}, "2026-03-29T07:00", "until Sunday 29 March at 09:00"),
        ({"until": "2026-12-01"}, "2026-11-30T23:00", "until Tuesday 1 December (Europe/Berlin)."),
        (
            {"until": "2026-03-10T09:00+01:00"},
            "2026-03-10T08:00",
            "until Tuesday 10 March at 09:00",
        ),
        ({"until": "2027-01-04"}, "2027-01-03T23:00", "until Monday 4 January 2027"),
        ({"days": 3}, "2026-03-04T23:00", "until Thursday 5 March (Europe/Berlin)."),
    ],
)
async def test_snooze_until_the_persons_words(
    registry, ctx, store, step_id, arguments, wakes, said
):
    result = await registry.call("snooze_step", {"step_id": step_id, **arguments}, ctx)
    assert not result.is_error, result.content
    assert (await wait_until(store, ctx, step_id)).startswith(wakes)
    assert result.content.startswith('Snoozed □ step 2 "Fill in the form"'), result.content
    assert said in result.content


async def test_snooze_reads_words_in_the_persons_own_zone(registry, ctx, store, step_id):
    ctx.timezone = "Pacific/Auckland"  # START is 22:00 Monday there: Tuesday starts soon
    result = await registry.call("snooze_step", {"step_id": step_id, "until": "tomorrow"}, ctx)
    assert "until tomorrow (Tuesday 3 March) (Pacific/Auckland)." in result.content
    assert (await wait_until(store, ctx, step_id)).startswith("2026-03-02T11:00")


@pytest.mark.parametrize(
    "arguments, message",
    [
        ({"until": "friday", "days": 3}, "Give until or days, not both."),
        ({}, 'Give until (a date or words like "friday") or days.'),
        (
            {"until": "the cows come home"},
            'I can\'t read "the cows come home" as a date; say e.g. "friday"',
        ),
        ({"until": "1/3"}, "I can't read"),  # 1 March or 3 January?
        ({"until": "2026-02-30"}, "I can't read the date '2026-02-30'; use YYYY-MM-DD."),
        ({"until": "2020-01-01"}, "That is Wednesday 1 January 2020, which has begun or passed"),
        ({"until": "today"}, "That is today (Monday 2 March), which has begun or passed"),
        ({"until": "at 9am today"}, "That is today (Monday 2 March) at 09:00, which has begun"),
        ({"until": "2026-03-02T09:59+01:00"}, "That is today (Monday 2 March) at 09:59, which has"),
    ],
)
async def test_snooze_refusals_change_nothing(registry, ctx, db_path, step_id, arguments, message):
    with unchanged(db_path):
        result = await registry.call("snooze_step", {"step_id": step_id, **arguments}, ctx)
    assert result.is_error
    assert result.content.startswith(message), result.content


async def test_snooze_until_text_is_described_in_the_schema(registry):
    snooze = next(d for d in registry.definitions() if d["name"] == "snooze_step")
    assert "person's words" in snooze["input_schema"]["properties"]["until"]["description"]
