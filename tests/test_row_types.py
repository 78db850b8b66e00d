"""Every read the scheduler runs hands out rows with exactly the keys its TypedDict
declares (``memory/rows.py``): each statement is run on a world where it finds
something, and its rows' keys are held to the type. A column added to or dropped
from a statement without its type fails here."""

from __future__ import annotations

from datetime import time, timedelta
from zoneinfo import ZoneInfo

from drbot.memory import due_dates, review_queries, reviews, step_reminders
from drbot.memory import plan_queries as q
from drbot.memory.personal_reminders import (
    PersonalReminder,
    ReminderList,
    claim_occurrence,
    dedupe_key,
    due_for_everyone,
    standing,
)
from drbot.memory.records import DatedStep, EndedWait, StaleStep, StuckStep
from drbot.memory.recurrence import Repeat, next_after, rule_text

ME = 7
SOMEONE = 8  # a second person, so the everyone-reads group rows by person


def keys_of(shape: type) -> set[str]:
    return set(shape.__annotations__)


def assert_rows(rows: list, shape: type) -> None:
    assert rows, f"the world has no {shape.__name__} row: the check would hold nothing"
    for row in rows:
        assert set(row) == keys_of(shape), shape.__name__


async def make_world(store, clock) -> list[int]:
    """For ME and SOMEONE: a stale, a stuck, an ended wait, a due date, a step
    reminder still to come and one just come, an attempt and a step done today.
    Returns the steps with a due date."""
    dated = []
    for user in (ME, SOMEONE):
        await store.create_plan(user, f"Idle {user}", None, ["Wait"])
        slow = await store.create_plan(
            user, f"Slow {user}", None, [{"title": "Tile", "estimated_days": 1}]
        )
        later = await store.create_plan(user, f"Later {user}", None, ["Call back", "Chase"])
        busy = await store.create_plan(user, f"Busy {user}", None, ["Book", "Pay", "Post"])
        slow_step = (await store.get_plan(user, slow))["steps"][0]["id"]
        call, chase = [s["id"] for s in (await store.get_plan(user, later))["steps"]]
        book, pay, post = [s["id"] for s in (await store.get_plan(user, busy))["steps"]]
        await store.update_step_status(user, slow_step, "in_progress")
        await store.snooze_step(user, call, clock() + timedelta(days=8))
        clock.advance(days=9)
        await store.set_due_date(user, chase, clock().date())
        await store.snooze_step(user, book, clock() + timedelta(hours=2), at_time=True)
        await store.snooze_step(user, pay, clock() + timedelta(minutes=1), at_time=True)
        await store.add_attempt(user, post, "no answer")
        await store.update_step_status(user, post, "done")
        dated.append(chase)
        clock.advance(days=-9)
    clock.advance(days=9, minutes=2)  # pay's reminder has come; book's is still to come
    return dated


async def test_every_scheduler_read_of_steps_has_exactly_the_keys_its_type_declares(
    store, clock, monkeypatch
):
    dated = await make_world(store, clock)
    now, db = clock(), store.db

    assert_rows(await store.stale_steps(ME), StaleStep)
    assert_rows((await store.stale_steps_for_everyone())[ME], StaleStep)
    assert_rows(await store.stuck_steps(ME), StuckStep)
    assert_rows(await store.due_steps(ME), EndedWait)
    for few in (1000, 1):  # from the people's plans, and through the everyone-scans
        monkeypatch.setattr(q, "FEW_PEOPLE", few)
        for found in (
            await store.attention_for([ME, SOMEONE], 7, 2.0),
            await store.attention_for_everyone(7, 2.0),
        ):
            assert set(found) == {ME, SOMEONE}
            assert_rows(found[ME]["stale"], StaleStep)
            assert_rows(found[ME]["stuck"], StuckStep)
            assert_rows(found[ME]["due"], EndedWait)
        latest = now.date().isoformat()
        assert_rows((await store.dated_steps([ME], latest))[ME], DatedStep)
        assert_rows((await store.dated_steps([ME, SOMEONE], latest))[SOMEONE], DatedStep)

    day = timedelta(days=1)
    assert_rows(
        await step_reminders.between(db, [ME], now, now + day), step_reminders.TimedReminder
    )
    assert_rows(await step_reminders.scheduled(db, ME, now), step_reminders.TimedReminder)
    standing_now = await step_reminders.due_for_everyone(db, now - day, now)
    assert_rows(standing_now, step_reminders.StandingReminder)
    steps = [row["step_id"] for row in standing_now]
    assert_rows(
        await step_reminders.standing(db, steps, now - day, now), step_reminders.StandingReminder
    )

    today = now.date()
    assert_rows(await due_dates.due_around(db, today, today), due_dates.StepDueSoon)
    assert_rows(await due_dates.due_around(db, today, today, dated[:1]), due_dates.StepDueSoon)

    windows = [(ME, now - day, now), (SOMEONE, now - day, now)]
    moved = await review_queries.moved(db, windows)
    assert {row["what"] for row in moved[ME]} == {"status", "attempt"}
    assert_rows(moved[ME], review_queries.MovedStep)
    ahead = await review_queries.ahead(db, [(ME, now, now + day)])
    assert {row["waking"] for row in ahead[ME]} == {0, 1}
    assert_rows(ahead[ME], review_queries.StepAhead)
    assert_rows((await review_queries.week(db, windows))[SOMEONE], review_queries.PlanWeek)

    settings = reviews.ReviewSettings(db, clock=clock)
    await settings.set_review_time(ME, "20:30")
    await settings.set_weekly(ME, "sun 18:00")
    assert_rows(await reviews.everyone_with_review(db), reviews.ReviewTime)
    assert_rows(await reviews.everyone_with_digest(db), reviews.DigestTime)


async def test_every_read_of_a_persons_own_reminders_has_exactly_the_keys_its_type_declares(
    store, clock
):
    db, utc = store.db, ZoneInfo("UTC")
    reminders = ReminderList(db, clock=clock)
    rule = rule_text(Repeat("daily"), clock().date(), time(10))
    daily = await reminders.add(
        ME, "Water the plants", next_after(rule, utc, clock()), rule=rule, repeat_words="daily"
    )
    once = await reminders.add(ME, "Call mum", clock() + timedelta(hours=2))
    assert_rows(await reminders.scheduled(ME), PersonalReminder)
    assert_rows([await reminders.newest(ME)], PersonalReminder)
    assert_rows([await reminders.get(ME, daily)], PersonalReminder)
    assert_rows([await reminders.done(ME, daily)], PersonalReminder)
    assert_rows([await reminders.skip_next(ME, daily, utc)], PersonalReminder)
    assert_rows([await reminders.cancel(ME, once)], PersonalReminder)

    clock.advance(days=2)
    [due] = await due_for_everyone(db, clock())
    assert_rows([due], PersonalReminder)
    async with db.transaction() as conn:
        assert await claim_occurrence(conn, ME, daily, due["next_at"], utc, clock())
    kept = await standing(db, [(ME, dedupe_key(daily, due["next_at"]))], clock())
    assert_rows(list(kept.values()), PersonalReminder)
