"""The weekly digest: the producer over a real database file —
progress per plan, the 14-day question, keep / snooze answers, the day and
time, once a week.

Sunday 2026-11-29 18:00 in Europe/Berlin is 17:00 UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from drbot.config import Settings
from drbot.digest_actions import DigestPress, decode
from drbot.memory.briefings import BriefingLog
from drbot.memory.digest_answers import PlanKeeps
from drbot.memory.quiet import Quiet
from drbot.memory.reviews import ReviewSettings, weekly_when
from drbot.memory.user_settings import UserSettings
from drbot.scheduler.contract import TickEnv
from drbot.scheduler.digest import bar, due_digests
from drbot.scheduler.producers import PRODUCERS
from drbot.scheduler.tick import tick
from tests.conftest import FakeClock

ME, OTHER = 1, 2
SUNDAY = datetime(2026, 11, 29, 17, 0, tzinfo=UTC)
OLD = datetime(2026, 11, 1, 10, 0, tzinfo=UTC)  # 28 days before


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(OLD)


@pytest.fixture
def env(store) -> TickEnv:
    return TickEnv(
        store, UserSettings(store.db), BriefingLog(store.db), Settings(), (ME, OTHER), store.db
    )


async def weekly(store, user=ME, when="sun 18:00") -> None:
    await UserSettings(store.db).set_timezone(user, "Europe/Berlin")
    await ReviewSettings(store.db).set_weekly(user, when)


async def plan(store, title, n, user=ME) -> tuple[int, list[int]]:
    plan_id = await store.create_plan(user, title, None, [f"Step {i}" for i in range(1, n + 1)])
    return plan_id, [s["id"] for s in (await store.get_plan(user, plan_id))["steps"]]


async def test_progress_per_plan_and_the_question_for_a_quiet_plan(store, env, clock):
    await weekly(store)
    fence, steps = await plan(store, "Fix the fence", 6)
    spanish, _ = await plan(store, "Learn Spanish", 4)
    clock.set(SUNDAY - timedelta(days=10))  # last week: not this week's
    await store.update_step_status(ME, steps[0], "done")
    await store.update_step_status(ME, steps[1], "done")
    clock.set(SUNDAY - timedelta(days=2))
    await store.update_step_status(ME, steps[2], "done")
    await store.add_attempt(ME, steps[3], "no answer")
    clock.advance(hours=1)
    await store.add_attempt(ME, steps[3], "voicemail")
    assert await due_digests(env, SUNDAY - timedelta(minutes=1)) == []
    [due] = await due_digests(env, SUNDAY)
    message = due.message
    assert (message.kind, message.dedupe_key) == ("weekly", "weekly:2026-11-29@Europe/Berlin")
    assert due.due_at == SUNDAY
    assert message.plain.splitlines() == [
        "📅 Weekly digest · week to Sun 29 Nov",
        '▓▓▓░░░ 3/6 "Fix the fence" — this week: 1 step done, 2 attempts',
        '░░░░░░ 0/4 "Learn Spanish" — quiet this week',
        "   ❓ (1) Nothing for 28 days. Keep, snooze or drop?",
    ]
    [row] = message.rows
    assert [(b.label, b.data) for b in row] == [
        ("Keep (1)", f"wk:keep:a:{spanish}"),
        ("Snooze 14d (1)", f"wk:snz:a:{spanish}"),
        ("Drop (1)", f"wk:drop:a:{spanish}"),
    ]
    assert all(len(b.data.encode()) <= 64 and b.data.isascii() for b in row)
    assert decode(row[0].data) == DigestPress("keep", spanish, "active")
    assert decode(f"wk:keep:{spanish}") == DigestPress("keep", spanish, "active")  # older
    assert decode(f"wk:keep:x:{spanish}") == DigestPress("keep", spanish, "abandoned")


async def test_keep_waits_14_days_before_asking_again_and_changes_nothing(store, env, clock):
    await weekly(store)
    spanish, _ = await plan(store, "Learn Spanish", 2)
    clock.set(SUNDAY)
    before = await store.plan_history(ME, spanish)
    await PlanKeeps(store.db, clock=clock).keep(ME, spanish)
    assert await store.plan_history(ME, spanish) == before  # no revision
    [due] = await due_digests(env, SUNDAY)
    assert "❓" not in due.message.plain and due.message.rows == ()
    next_week = SUNDAY + timedelta(days=7)
    [due] = await due_digests(env, next_week)
    assert "❓" not in due.message.plain
    [due] = await due_digests(env, next_week + timedelta(days=7))  # 14 days on: asked again
    assert "❓ (1)" in due.message.plain


async def test_snooze_lets_the_open_steps_wait_and_undo_takes_it_back(store, env, clock):
    await weekly(store)
    spanish, steps = await plan(store, "Learn Spanish", 3)
    await store.update_step_status(ME, steps[0], "done")
    clock.set(SUNDAY)
    wake = datetime(2026, 12, 12, 23, 0, tzinfo=UTC)
    assert await PlanKeeps(store.db, clock=clock).snooze_plan(ME, spanish, wake) == 2
    got = (await store.get_plan(ME, spanish))["steps"]
    assert [s["wait_until"] for s in got] == [
        None,
        "2026-12-12T23:00:00.000000Z",
        "2026-12-12T23:00:00.000000Z",
    ]
    [due] = await due_digests(env, SUNDAY + timedelta(days=14))
    assert "❓" not in due.message.plain  # snoozed: a sign of life to come
    await store.undo(ME, spanish)
    assert [s["wait_until"] for s in (await store.get_plan(ME, spanish))["steps"]] == [None] * 3


async def test_answers_only_for_the_persons_own_active_plan(store, clock):
    from drbot.memory import NotFound

    spanish, _ = await plan(store, "Learn Spanish", 1, user=OTHER)
    keeps = PlanKeeps(store.db, clock=clock)
    with pytest.raises(NotFound):
        await keeps.keep(ME, spanish)
    with pytest.raises(NotFound):
        await keeps.snooze_plan(ME, spanish, SUNDAY + timedelta(days=14))
    await store.update_plan_status(OTHER, spanish, "abandoned")
    with pytest.raises(ValueError, match="no longer active"):
        await keeps.keep(OTHER, spanish)
    assert await store.db.fetch_all("SELECT * FROM plan_keeps") == []


async def test_only_on_the_day_at_the_time_once(store, env, clock):
    await weekly(store, when="sun 18:00")
    await plan(store, "Fix the fence", 2)
    assert await due_digests(env, SUNDAY - timedelta(days=1)) == []  # Saturday
    assert await due_digests(env, SUNDAY + timedelta(days=1)) == []  # Monday
    sent = []

    async def send(message):
        sent.append(message)

    assert [(r.kind, r.outcome) for r in await tick(env, SUNDAY, send) if r.kind == "weekly"] == [
        ("weekly", "sent")
    ]
    assert await tick(env, SUNDAY + timedelta(hours=1), send) == []
    assert [m.kind for m in sent if m.kind == "weekly"] == ["weekly"]


async def test_off_no_plans_and_muted_plans(store, env, clock):
    await weekly(store)
    await weekly(store, OTHER)
    fence, _ = await plan(store, "Fix the fence", 2, user=OTHER)
    await Quiet(store.db).mute(OTHER, fence)
    dues = {d.message.user_id: d.message for d in await due_digests(env, SUNDAY)}
    assert dues[ME].text == "" and dues[OTHER].text == ""  # settled, nothing to say
    await ReviewSettings(store.db).set_weekly(ME, None)
    assert [d.message.user_id for d in await due_digests(env, SUNDAY)] == [OTHER]


def test_the_bar_and_the_setting():
    assert bar(3, 6) == "▓▓▓░░░ 3/6" and bar(0, 0) == "░░░░░░ 0/0" and bar(6, 6) == "▓▓▓▓▓▓ 6/6"
    assert weekly_when("Sunday 18:00") == (6, "18:00") and weekly_when("mon 7:05") == (0, "07:05")
    for bad in ("sun", "sun 25:00", "funday 18:00", "sun ١٨:٠٠", "sun 18:00 extra"):
        with pytest.raises(ValueError):
            weekly_when(bad)


def test_the_digest_is_one_of_the_ticks_jobs():
    assert due_digests in PRODUCERS
