"""Reminders at a time of day: the producer over a real database file.

``due_reminders(env, now)`` is called directly, as the tick will, at moments
around the reminder's: before, at, late after downtime, after the person acted.
The clock is Tuesday 2026-11-24 10:00 UTC; London is on UTC in November.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from drbot.config import Settings
from drbot.memory import NotFound
from drbot.memory.briefings import BriefingLog
from drbot.memory.clock import iso
from drbot.memory.user_settings import UserSettings
from drbot.scheduler.contract import TickEnv
from drbot.scheduler.step_reminders import due_reminders
from tests.conftest import FakeClock
from tests.dbdump import unchanged

ME, OTHER, STRANGER = 1, 2, 3
NOW = datetime(2026, 11, 24, 10, 0, tzinfo=UTC)
FRIDAY_10 = datetime(2026, 11, 27, 10, 0, tzinfo=UTC)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(NOW)


@pytest.fixture
def env(store) -> TickEnv:
    users = UserSettings(store.db)
    return TickEnv(store, users, BriefingLog(store.db), Settings(), (ME, OTHER), store.db)


async def plan_step(
    store, user: int = ME, title: str = "Renew passport", steps=("Get photos", "Fill in the form")
) -> int:
    plan_id = await store.create_plan(user, title, None, list(steps))
    return (await store.get_plan(user, plan_id))["steps"][1]["id"]


async def at(env, moment: datetime) -> list:
    return await due_reminders(env, moment)


async def test_sent_at_its_moment_with_the_steps_buttons(store, env):
    step = await plan_step(store)
    await store.snooze_step(ME, step, FRIDAY_10, at_time=True)
    assert await at(env, FRIDAY_10 - timedelta(minutes=1)) == []
    [due] = await at(env, FRIDAY_10)
    message = due.message
    assert (message.user_id, message.kind) == (ME, "reminder")
    assert message.plain == '⏰ Reminder: "Renew passport" — Step 2 (Fill in the form)'
    assert message.dedupe_key == f"reminder:{step}:{iso(FRIDAY_10)}"
    assert [b.data for b in message.rows[0]] == [
        f"step:{a}:p:{step}" for a in ("done", "attempt", "snooze", "skip")
    ]
    assert due.due_at == FRIDAY_10 and due.plan_id is not None
    # Still standing a minute later (the tick's claim is what stops a second send),
    # with the same key.
    [again] = await at(env, FRIDAY_10 + timedelta(minutes=1))
    assert again.message.dedupe_key == message.dedupe_key
    assert "due at" not in again.message.plain


async def test_late_after_downtime_it_says_when_it_was_due(store, env):
    await UserSettings(store.db).set_timezone(ME, "Europe/Berlin")
    step = await plan_step(store)
    await store.snooze_step(ME, step, FRIDAY_10, at_time=True)  # 11:00 in Berlin
    [late] = await at(env, FRIDAY_10 + timedelta(hours=3))
    assert late.message.plain.endswith("\n(due at 11:00)")
    assert late.message.dedupe_key == f"reminder:{step}:{iso(FRIDAY_10)}"
    [next_day] = await at(env, FRIDAY_10 + timedelta(hours=20))
    assert next_day.message.plain.endswith("(due at 11:00 yesterday)")
    # Past a day it is the briefing's: the step is due there.
    assert await at(env, FRIDAY_10 + timedelta(hours=25)) == []
    assert [s["step_id"] for s in await store.due_steps(ME, FRIDAY_10 + timedelta(hours=25))] == [
        step
    ]


@pytest.mark.parametrize(
    "change", ["done", "skipped", "attempt", "started", "abandoned", "date only", "undone attempt"]
)
async def test_nothing_for_a_step_finished_or_changed_meanwhile(store, env, clock, change):
    step = await plan_step(store)
    await store.snooze_step(ME, step, FRIDAY_10, at_time=True)
    clock.set(FRIDAY_10 + timedelta(minutes=30))  # the bot was down at 10:00
    plan_id = (await store.get_step(ME, step))["plan_id"]
    if change in ("done", "skipped"):
        await store.update_step_status(ME, step, change)
    elif change == "attempt":
        await store.add_attempt(ME, step, "filled half of it")
    elif change == "started":
        await store.update_step_status(ME, step, "in_progress")
    elif change == "abandoned":
        await store.update_plan_status(ME, plan_id, "abandoned")
    elif change == "date only":
        clock.set(NOW)
        await store.snooze_step(ME, step, FRIDAY_10)  # a day, not a time: no reminder
        clock.set(FRIDAY_10 + timedelta(minutes=30))
    else:  # an attempt that was undone never happened: the reminder still stands
        await store.add_attempt(ME, step, "oops, wrong step")
        await store.undo(ME, plan_id)
    found = await at(env, FRIDAY_10 + timedelta(hours=1))
    assert [d.message.dedupe_key for d in found] == (
        [f"reminder:{step}:{iso(FRIDAY_10)}"] if change == "undone attempt" else []
    )


async def test_an_attempt_before_the_moment_does_not_cancel_it(store, env, clock):
    step = await plan_step(store)
    await store.snooze_step(ME, step, FRIDAY_10, at_time=True)
    clock.advance(days=1)
    await store.add_attempt(ME, step, "printed the form")
    assert len(await at(env, FRIDAY_10)) == 1


async def test_resnoozed_is_a_new_reminder_with_a_new_key(store, env, clock):
    step = await plan_step(store)
    await store.snooze_step(ME, step, FRIDAY_10, at_time=True)
    [first] = await at(env, FRIDAY_10)
    clock.set(FRIDAY_10 + timedelta(minutes=2))
    monday_9 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
    await store.snooze_step(ME, step, monday_9, at_time=True)
    assert await at(env, FRIDAY_10 + timedelta(minutes=3)) == []
    [second] = await at(env, monday_9)
    assert second.message.dedupe_key == f"reminder:{step}:{iso(monday_9)}"
    assert second.message.dedupe_key != first.message.dedupe_key


async def test_only_people_served_each_their_own(store, env):
    mine, theirs = await plan_step(store, ME), await plan_step(store, OTHER, "Van")
    strangers = await plan_step(store, STRANGER, "Secret")
    for user, step in ((ME, mine), (OTHER, theirs), (STRANGER, strangers)):
        await store.snooze_step(user, step, FRIDAY_10, at_time=True)
    found = await at(env, FRIDAY_10)
    assert sorted((d.message.user_id, d.message.dedupe_key.split(":")[1]) for d in found) == [
        (ME, str(mine)),
        (OTHER, str(theirs)),
    ]
    assert all("Secret" not in d.message.text for d in found)


async def test_titles_are_escaped_in_the_html(store, env):
    step = await plan_step(store, title="Fence <b> & gate", steps=("a", "Call <Jim>"))
    await store.snooze_step(ME, step, FRIDAY_10, at_time=True)
    [due] = await at(env, FRIDAY_10)
    assert due.message.text == (
        '<b>⏰ Reminder:</b> "Fence &lt;b&gt; &amp; gate" — Step 2 (Call &lt;Jim&gt;)'
    )


async def test_the_briefing_leaves_a_reminder_to_the_reminder_while_it_stands(store):
    """Before its moment the step waits; for a day after it the reminder job
    has it (sent, or still to go out late); then the briefing lists it as due."""
    step = await plan_step(store)
    await store.snooze_step(ME, step, FRIDAY_10, at_time=True)
    friday_8 = FRIDAY_10 - timedelta(hours=2)
    assert await store.due_steps(ME, friday_8) == []
    assert await store.due_steps(ME, FRIDAY_10) == []
    assert await store.due_steps(ME, FRIDAY_10 + timedelta(hours=23, minutes=59)) == []
    assert [s["step_id"] for s in await store.due_steps(ME, FRIDAY_10 + timedelta(days=1))] == [
        step
    ]
    # A wait given as a day is no reminder: the briefing has it at once.
    await store.snooze_step(ME, step, FRIDAY_10)
    assert [s["step_id"] for s in await store.due_steps(ME, FRIDAY_10)] == [step]


@pytest.mark.parametrize(
    "reminder_at, briefing_at",
    [
        (FRIDAY_10 - timedelta(hours=3), FRIDAY_10 - timedelta(hours=2)),  # 07:00, then 08:00
        (
            FRIDAY_10 - timedelta(hours=20),
            FRIDAY_10 - timedelta(hours=2),
        ),  # both late after downtime
    ],
    ids=["reminder at 7, briefing at 8", "both late after downtime"],
)
async def test_one_tick_never_sends_a_reminder_and_a_briefing_line_for_one_step(
    store, env, reminder_at, briefing_at
):
    from drbot.scheduler.tick import tick

    sent = []

    async def send(message):
        sent.append(message)

    step = await plan_step(store)  # "Fill in the form"
    other = await plan_step(store, title="Fix the fence", steps=("Call Jim", "Buy posts"))
    await store.snooze_step(ME, step, reminder_at, at_time=True)
    await store.snooze_step(ME, other, reminder_at)  # a day: the briefing's
    await UserSettings(store.db).set_briefing_time(ME, "08:00")
    if reminder_at < briefing_at - timedelta(hours=1):  # downtime: one tick sends both
        await tick(env, briefing_at, send)
    else:
        await tick(env, reminder_at, send)
        await tick(env, briefing_at, send)
    [reminder] = [m for m in sent if m.kind == "reminder"]
    [briefing] = [m for m in sent if m.kind == "briefing"]
    assert "Fill in the form" in reminder.plain
    assert "Fill in the form" not in briefing.plain and "Buy posts" in briefing.plain


async def test_undo_brings_back_the_time_of_day(store, env, clock):
    step = await plan_step(store)
    plan_id = (await store.get_step(ME, step))["plan_id"]
    await store.snooze_step(ME, step, FRIDAY_10, at_time=True)
    await store.snooze_step(ME, step, FRIDAY_10 + timedelta(days=1))  # a date: no reminder
    assert await at(env, FRIDAY_10 + timedelta(days=1)) == []
    await store.undo(ME, plan_id)
    assert len(await at(env, FRIDAY_10)) == 1


async def test_a_step_marked_done_by_marks_drops_its_reminder(store, env):
    step = await plan_step(store)
    plan_id = (await store.get_step(ME, step))["plan_id"]
    await store.snooze_step(ME, step, FRIDAY_10, at_time=True)
    await store.apply_marks(ME, plan_id, [(2, "done", None)])
    await store.update_step_status(ME, step, "pending")
    row = await store.db.fetch_one(
        "SELECT wait_until, wait_at_time FROM plan_steps WHERE id = ?", (step,)
    )
    assert tuple(row) == (None, 0)


# -- cancelling ---------------------------------------------------------------------


async def test_cancel_puts_the_step_back_to_normal(store, env):
    step = await plan_step(store)
    await store.snooze_step(ME, step, FRIDAY_10, at_time=True)
    result = await store.cancel_reminder(ME, step, iso(FRIDAY_10))
    assert result["position"] == 2
    assert (await store.get_step(ME, step))["wait_until"] is None
    assert await at(env, FRIDAY_10) == []
    history = await store.plan_history(ME, result["plan_id"])
    assert history[-1]["cause"] == "step 2 reminder cancelled"


async def test_cancel_of_a_changed_reminder_or_anothers_changes_nothing(store, db_path):
    step = await plan_step(store)
    await store.snooze_step(ME, step, FRIDAY_10, at_time=True)
    with unchanged(db_path):
        with pytest.raises(ValueError, match="has changed since"):
            await store.cancel_reminder(ME, step, iso(FRIDAY_10 - timedelta(days=1)))
        with pytest.raises(NotFound):
            await store.cancel_reminder(OTHER, step, iso(FRIDAY_10))


async def test_the_tick_sends_a_reminder_once_and_holds_it_through_quiet_hours(store, env):
    """Wired into the tick's producers: claimed and sent once, kept back in
    quiet hours and sent once they end."""
    from drbot.memory.quiet import Quiet
    from drbot.scheduler.tick import tick

    sent = []

    async def send(message):
        sent.append(message)

    step = await plan_step(store)
    await store.snooze_step(ME, step, FRIDAY_10, at_time=True)
    await Quiet(store.db).set_hours(ME, "09:30-10:30")
    held = await tick(env, FRIDAY_10, send)
    assert [(r.kind, r.outcome) for r in held if r.kind == "reminder"] == [("reminder", "quiet")]
    assert sent == []
    for minute in (31, 32, 45):
        await tick(env, FRIDAY_10 + timedelta(minutes=minute), send)
    reminders = [m for m in sent if m.kind == "reminder"]
    assert len(reminders) == 1
    assert reminders[0].dedupe_key == f"reminder:{step}:{iso(FRIDAY_10)}"


async def test_once_claimed_it_is_not_produced_again(store, env):
    """A sent reminder stands until acted on, but the job no longer builds it
    each minute for the claim to drop: the send log is read in the query.  A
    dry run (`drbot tick --at` without --send) claims nothing."""
    from drbot.scheduler.tick import tick

    sent = []

    async def send(message):
        sent.append(message)

    step = await plan_step(store)
    await store.snooze_step(ME, step, FRIDAY_10, at_time=True)
    await tick(env, FRIDAY_10, None)
    assert [d.message.dedupe_key for d in await at(env, FRIDAY_10 + timedelta(minutes=1))] == [
        f"reminder:{step}:{iso(FRIDAY_10)}"
    ]
    await tick(env, FRIDAY_10, send)
    assert [m.kind for m in sent if m.kind == "reminder"] == ["reminder"]
    assert await at(env, FRIDAY_10 + timedelta(minutes=1)) == []
    # A re-snooze to another moment is a new reminder.
    await store.snooze_step(ME, step, FRIDAY_10 + timedelta(hours=2), at_time=True)
    [due] = await at(env, FRIDAY_10 + timedelta(hours=2))
    assert due.message.dedupe_key == f"reminder:{step}:{iso(FRIDAY_10 + timedelta(hours=2))}"
