"""set_reminder, list_reminders and cancel_reminder through the real registry (schema
checks, error results) onto a real SQLite file: times in the person's words and zone,
repeats read as rules, every refusal a short reason with the database unchanged."""

from __future__ import annotations

import sqlite3

import pytest

from drbot.ai.tools.catalogue import build_registry
from drbot.ai.tools.tool_registry import ToolContext
from drbot.memory.quiet import Quiet
from drbot.memory.user_settings import UserSettings
from tests.conftest import START
from tests.dbdump import unchanged

ME, OTHER, GROUP = 1, 2, -100200300
BERLIN = "Europe/Berlin"  # START, Monday 2 March 2026 09:00 UTC, is 10:00 there


@pytest.fixture
def registry():
    return build_registry()


def context(store, user=ME, chat=ME, origin=None) -> ToolContext:
    return ToolContext(
        user_id=user,
        chat_id=chat,
        store=store,
        users=UserSettings(store.db),
        now=START,
        timezone=BERLIN,
        origin=origin,
    )


def listed(store) -> list[tuple]:
    with sqlite3.connect(store.db.path) as conn:
        return conn.execute(
            "SELECT user_id, text, repeat_words, next_at, status, chat_id,"
            " message_id FROM personal_reminders ORDER BY id"
        ).fetchall()


@pytest.mark.parametrize(
    "arguments, first, said",
    [
        (
            {"text": "Call the council", "when": "friday 10am"},
            "2026-03-06T09:00",
            "Reminder set: “Call the council” Friday 6 March at 10:00 (Europe/Berlin).",
        ),
        (
            {"text": "Call the council", "when": "friday"},
            "2026-03-06T08:00",
            "Reminder set: “Call the council” Friday 6 March at 09:00 (Europe/Berlin).",
        ),
        (
            {"text": "Cake out", "when": "in 20 minutes"},
            "2026-03-02T09:20",
            "Reminder set: “Cake out” today (Monday 2 March) at 10:20 (Europe/Berlin).",
        ),
        (
            {"text": "Water the plants", "when": "every monday"},
            "2026-03-09T08:00",
            "Reminder set: “Water the plants” every Monday at 09:00 (Europe/Berlin); the first is "
            "Monday 9 March at 09:00.",
        ),
        (
            {"text": "Pills", "repeat": "every weekday", "when": "8am"},
            "2026-03-03T07:00",
            "Reminder set: “Pills” every weekday at 08:00 (Europe/Berlin); the first is tomorrow "
            "(Tuesday 3 March) at 08:00.",
        ),
        # every 2 weeks from a first day: that Friday, then each other one; 09:00 across the
        # start of summer time (29 March) is 08:00 then 07:00 UTC
        (
            {"text": "Bins", "repeat": "every 2 weeks", "when": "friday 9am"},
            "2026-03-06T08:00",
            "Reminder set: “Bins” every 2 weeks at 09:00 (Europe/Berlin); the first is Friday 6 "
            "March at 09:00.",
        ),
    ],
)
async def test_set_reminder_in_the_persons_words(registry, store, arguments, first, said):
    result = await registry.call("set_reminder", arguments, context(store))
    assert not result.is_error, result.content
    assert result.content == said
    assert listed(store)[0][3].startswith(first)


@pytest.mark.parametrize(
    "arguments, reason",
    [
        ({"text": "Call", "when": "whenever"}, 'I can\'t read "whenever" as a time'),
        (
            {"text": "Call", "when": "today 9am"},
            "That is today (Monday 2 March) at 09:00, which has passed",
        ),
        (
            {"text": "Call", "repeat": "every so often"},
            'I can\'t read "every so often" as a repeat',
        ),
        ({"text": "Call"}, "When should I remind you?"),
        ({"text": "  ", "when": "friday"}, "The reminder is empty"),
        ({"text": "Call", "when": "friday", "user_id": OTHER}, "not a known field"),
    ],
)
async def test_bad_input_gets_a_short_reason_and_changes_nothing(
    registry, store, arguments, reason
):
    with unchanged(store.db.path):
        result = await registry.call("set_reminder", arguments, context(store))
    assert result.is_error and reason in result.content


async def test_a_time_in_quiet_hours_or_asked_in_a_group_is_said_at_once(registry, store):
    await Quiet(store.db).set_hours(ME, "22:00-07:00")
    result = await registry.call(
        "set_reminder",
        {"text": "Bins out", "when": "today 11pm"},
        context(store, chat=GROUP, origin=f"telegram:{GROUP}:77"),
    )
    assert result.content == (
        "Reminder set: “Bins out” today (Monday 2 March) at 23:00 (Europe/Berlin). "
        "I'll remind you here in the group — start a private chat with me to get it there. "
        "That's in your quiet hours — I'll send it at 07:00."
    )
    assert listed(store) == [
        (ME, "Bins out", None, "2026-03-02T22:00:00.000000Z", "active", GROUP, 77)
    ]


async def test_list_and_cancel_by_number_or_words_for_the_person_only(registry, store):
    mine, theirs = context(store), context(store, user=OTHER, chat=OTHER)
    for text, when in (
        ("Call the council", "friday 10am"),
        ("Pay the rent", "every month on the 1st"),
        ("Email the council", "tuesday 9am"),
    ):
        key = "repeat" if when.startswith("every") else "when"
        assert not (await registry.call("set_reminder", {"text": text, key: when}, mine)).is_error
    assert (await registry.call("list_reminders", {}, theirs)).content == "No reminders scheduled."
    shown = (await registry.call("list_reminders", {}, mine)).content
    assert shown.splitlines()[1:] == [
        "1. Tue 3 Mar 09:00 — Email the council",
        "2. Fri 6 Mar 10:00 — Call the council",
        "3. Wed 1 Apr 09:00 — Pay the rent (on the 1st of every month at 09:00)",
    ]
    with unchanged(store.db.path):
        for args, reason in (
            ({"reminder": "council"}, "fits several reminders"),
            ({"reminder": "dentist"}, "fits no reminder"),
            ({"reminder": "7"}, "There is no reminder 7; there are 3."),
        ):
            result = await registry.call("cancel_reminder", args, mine)
            assert result.is_error and reason in result.content
        result = await registry.call("cancel_reminder", {"reminder": "1"}, theirs)
        assert result.is_error and "no reminders scheduled" in result.content
    result = await registry.call("cancel_reminder", {"reminder": "the rent"}, mine)
    assert result.content == "Reminder cancelled: Pay the rent."
    result = await registry.call("cancel_reminder", {"reminder": "1"}, mine)
    assert result.content == "Reminder cancelled: Email the council."
    assert [row[1:5:3] for row in listed(store)] == [
        ("Call the council", "active"),
        ("Pay the rent", "cancelled"),
        ("Email the council", "cancelled"),
    ]


def test_no_reminder_tool_takes_a_user_id():
    definitions = {d["name"]: d for d in build_registry().definitions()}
    for name in ("set_reminder", "list_reminders", "cancel_reminder"):
        schema = definitions[name]["input_schema"]
        assert schema["additionalProperties"] is False
        assert not any("user" in field for field in schema["properties"])


def test_a_reminder_the_model_proposes_is_put_to_the_person_in_words():
    from drbot.ai.llm.confirm import describe

    assert (
        describe(
            "set_reminder", {"text": "Water the plants", "repeat": "every monday", "when": "9am"}
        )
        == "remind you “Water the plants” every monday 9am"
    )
    assert (
        describe("set_reminder", {"text": "Call the council", "when": "friday 10am"})
        == "remind you “Call the council” friday 10am"
    )
    assert describe("cancel_reminder", {"reminder": "2"}) == "cancel the reminder “2”"
