"""The evening review: the producer over a real database file, the
tick sending it once, and `drbot tick --at` printing it.

Tuesday 2026-11-24; the person lives in Europe/Berlin (UTC+1 in November) and
asked for /review 20:30, i.e. 19:30 UTC.
"""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from drbot.cli import main
from drbot.config import Settings
from drbot.memory.briefings import BriefingLog
from drbot.memory.plans import PlanStore
from drbot.memory.quiet import Quiet
from drbot.memory.reviews import ReviewSettings
from drbot.memory.user_settings import UserSettings
from drbot.scheduler.contract import TickEnv
from drbot.scheduler.producers import PRODUCERS
from drbot.scheduler.review import due_reviews
from drbot.scheduler.tick import tick
from tests.conftest import FakeClock

ME, OTHER, STRANGER = 1, 2, 3
MORNING = datetime(2026, 11, 24, 9, 0, tzinfo=UTC)
REVIEW = datetime(2026, 11, 24, 19, 30, tzinfo=UTC)  # 20:30 in Berlin


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(datetime(2026, 11, 23, 10, 0, tzinfo=UTC))  # the plans are from Monday


@pytest.fixture
def env(store) -> TickEnv:
    return TickEnv(
        store, UserSettings(store.db), BriefingLog(store.db), Settings(), (ME, OTHER), store.db
    )


async def person(store, user=ME, zone="Europe/Berlin", at="20:30") -> None:
    await UserSettings(store.db).set_timezone(user, zone)
    await ReviewSettings(store.db).set_review_time(user, at)


async def fence(store, user=ME) -> list[int]:
    plan = await store.create_plan(
        user, "Fix the fence", None, ["Get quotes", "Hire a contractor", "Buy <posts>"]
    )
    return [s["id"] for s in (await store.get_plan(user, plan))["steps"]]


class Sent:
    def __init__(self) -> None:
        self.messages = []

    async def __call__(self, message) -> None:
        self.messages.append(message)


async def test_what_moved_today_and_what_is_first_tomorrow(store, env, clock):
    await person(store)
    quotes, contractor, posts = await fence(store)
    passport = await store.create_plan(ME, "Renew passport", None, ["Get photos"])
    [photos] = [s["id"] for s in (await store.get_plan(ME, passport))["steps"]]
    clock.set(MORNING)
    await store.update_step_status(ME, quotes, "done")
    await store.add_attempt(ME, contractor, "no answer")
    await store.snooze_step(ME, photos, datetime(2026, 11, 25, 9, 0, tzinfo=UTC), at_time=True)
    assert await due_reviews(env, REVIEW - timedelta(minutes=1)) == []
    [due] = await due_reviews(env, REVIEW)
    assert due.due_at == REVIEW and due.plan_id is None
    message = due.message
    assert (message.user_id, message.kind) == (ME, "review")
    assert message.dedupe_key == "review:2026-11-24@Europe/Berlin"
    assert message.plain.splitlines() == [
        "🌙 Evening review · Tue 24 Nov",
        "Today:",
        '✓ "Fix the fence" — Step 1 (Get quotes)',
        '↻ "Fix the fence" — Step 2 (Hire a contractor): no answer',
        "First tomorrow:",
        '⏰ 10:00 "Renew passport" — Step 1 (Get photos)',
        '… "Fix the fence" — Step 2 (Hire a contractor)',
        "Anything else happen today?",
    ]
    assert "<b>Today:</b>" in message.text and message.rows == ()


async def test_the_persons_text_is_escaped_in_the_html(store, env, clock):
    await person(store)
    *_, posts = await fence(store)
    clock.set(MORNING)
    await store.update_step_status(ME, posts, "blocked", "shop shut")
    [due] = await due_reviews(env, REVIEW)
    assert '✗ "Fix the fence" — Step 3 (Buy &lt;posts&gt;)' in due.message.text
    assert "(Buy <posts>)" in due.message.plain


async def test_nothing_moved_and_nothing_due_settles_the_day_without_a_message(store, env, clock):
    await person(store)
    await fence(store)  # a plan with a next step, but nothing happened
    [due] = await due_reviews(env, REVIEW)
    assert due.message.text == "" and due.message.dedupe_key == "review:2026-11-24@Europe/Berlin"
    send = Sent()
    assert await tick(env, REVIEW, send) == []
    assert send.messages == []
    assert await due_reviews(env, REVIEW + timedelta(minutes=1)) == []  # settled
    [[state]] = await store.db.fetch_all("SELECT state FROM proactive_sends WHERE kind = 'review'")
    assert state == "empty"


async def test_a_step_waking_tomorrow_is_reason_enough(store, env, clock):
    await person(store)
    quotes, *_ = await fence(store)
    await store.snooze_step(ME, quotes, datetime(2026, 11, 25, 7, 0, tzinfo=UTC))  # a day
    [due] = await due_reviews(env, REVIEW)
    assert due.message.plain.splitlines()[1:3] == ["Nothing moved today.", "First tomorrow:"]
    assert '⏰ "Fix the fence" — Step 1 (Get quotes)' in due.message.plain


async def test_once_per_local_day_through_the_tick(store, env, clock):
    await person(store)
    quotes, contractor, _ = await fence(store)
    clock.set(MORNING)
    await store.update_step_status(ME, quotes, "done")
    send = Sent()
    assert [r.outcome for r in await tick(env, REVIEW, send)] == ["sent"]
    for later in (timedelta(minutes=1), timedelta(hours=2), timedelta(hours=5)):
        assert await tick(env, REVIEW + later, send) == []
    clock.set(MORNING + timedelta(days=1))
    await store.add_attempt(ME, contractor, "left a message")
    assert [r.dedupe_key for r in await tick(env, REVIEW + timedelta(days=1), send)] == [
        "review:2026-11-25@Europe/Berlin"
    ]
    assert [m.kind for m in send.messages] == ["review", "review"]
    assert "Get quotes" not in send.messages[1].plain  # only what moved that day


async def test_never_two_reviews_within_twelve_hours_after_flying_east(store, env, clock):
    """LA's review goes out at 20:30 there (04:30 UTC); moved to Tokyo, its
    20:30 is seven hours later and a new local day, which would tell the same
    moves again.  Nothing then; the next Tokyo evening has its review."""
    await person(store, zone="America/Los_Angeles")
    quotes, contractor, _ = await fence(store)
    clock.set(datetime(2026, 11, 24, 17, 0, tzinfo=UTC))  # 09:00 in LA
    await store.update_step_status(ME, quotes, "done")
    send = Sent()
    la_evening = datetime(2026, 11, 25, 4, 30, tzinfo=UTC)
    assert [r.dedupe_key for r in await tick(env, la_evening, send) if r.kind == "review"] == [
        "review:2026-11-24@America/Los_Angeles"
    ]
    await UserSettings(store.db).set_timezone(ME, "Asia/Tokyo")
    tokyo_evening = datetime(2026, 11, 25, 11, 30, tzinfo=UTC)
    for minute in (0, 1, 30):
        await tick(env, tokyo_evening + timedelta(minutes=minute), send)
    assert [m.kind for m in send.messages].count("review") == 1
    clock.set(tokyo_evening + timedelta(hours=12))
    await store.add_attempt(ME, contractor, "left a message")
    await tick(env, tokyo_evening + timedelta(days=1), send)
    reviews = [m for m in send.messages if m.kind == "review"]
    assert [m.dedupe_key for m in reviews] == [
        "review:2026-11-24@America/Los_Angeles",
        "review:2026-11-26@Asia/Tokyo",
    ]


async def test_off_unset_and_strangers_get_nothing(store, env, clock):
    await person(store)
    await person(store, OTHER)
    await person(store, STRANGER)  # not among the people served
    for user in (ME, OTHER, STRANGER):
        quotes, *_ = await fence(store, user)
        clock.set(MORNING)
        await store.update_step_status(user, quotes, "done")
    await ReviewSettings(store.db).set_review_time(OTHER, None)
    assert [d.message.user_id for d in await due_reviews(env, REVIEW)] == [ME]
    assert await ReviewSettings(store.db).review_time(OTHER) is None


async def test_each_person_in_their_own_zone_and_their_own_day(store, env, clock):
    await person(store, ME, "Asia/Tokyo")  # 20:30 in Tokyo is 11:30 UTC
    quotes, contractor, posts = await fence(store)
    clock.set(datetime(2026, 11, 23, 14, 0, tzinfo=UTC))  # 23:00 Monday in Tokyo
    await store.add_attempt(ME, quotes, "Monday's call")
    clock.set(datetime(2026, 11, 23, 16, 0, tzinfo=UTC))  # 01:00 Tuesday in Tokyo
    await store.add_attempt(ME, contractor, "Tuesday's call")
    tokyo = datetime(2026, 11, 24, 11, 30, tzinfo=UTC)
    assert await due_reviews(env, tokyo - timedelta(minutes=1)) == []
    [due] = await due_reviews(env, tokyo)
    assert due.message.dedupe_key == "review:2026-11-24@Asia/Tokyo"
    assert "Tuesday's call" in due.message.plain and "Monday's call" not in due.message.plain


async def test_muted_plans_say_nothing(store, env, clock):
    await person(store)
    quotes, *_ = await fence(store)
    clock.set(MORNING)
    await store.update_step_status(ME, quotes, "done")
    await Quiet(store.db).mute(ME, (await store.list_plans(ME))[0]["id"])
    [due] = await due_reviews(env, REVIEW)
    assert due.message.text == ""


async def test_held_through_quiet_hours_it_goes_at_their_end_saying_which_day(store, env, clock):
    await person(store, at="23:30")  # 22:30 UTC
    await Quiet(store.db).set_hours(ME, "23:00-07:00")
    quotes, *_ = await fence(store)
    clock.set(MORNING)
    await store.update_step_status(ME, quotes, "done")
    send = Sent()
    late_evening = datetime(2026, 11, 24, 22, 30, tzinfo=UTC)
    assert [r.outcome for r in await tick(env, late_evening, send)] == ["quiet"]
    morning = datetime(2026, 11, 25, 6, 0, tzinfo=UTC)  # 07:00 in Berlin: quiet is over
    assert [r.outcome for r in await tick(env, morning, send)] == ["sent"]
    [message] = send.messages
    assert message.plain.splitlines()[:2] == ["🌙 Evening review · Tue 24 Nov", "On Tue 24 Nov:"]
    assert message.plain.endswith("Anything else happen on Tue 24 Nov?")
    # Past the grace it is left: the next day's review is the next one.
    assert await due_reviews(env, late_evening + timedelta(hours=12)) == []


def test_the_review_is_one_of_the_ticks_jobs():
    assert due_reviews in PRODUCERS


# -- drbot tick --at ----------------------------------------------------------------------


def test_tick_at_prints_the_review(tmp_path, monkeypatch, capsys):
    path = tmp_path / "drbot.db"
    monkeypatch.setenv("DRBOT_DB", str(path))
    for name in ("DRBOT_CONFIG", "TELEGRAM_BOT_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "config.toml").write_text(
        '[telegram]\nallowed_user_ids = [1]\n[briefing]\ntime = "23:00"\n'
    )

    async def fill():
        clock = FakeClock(datetime(2026, 11, 23, 10, 0, tzinfo=UTC))
        store = await PlanStore.open(path, clock=clock)
        await person(store)
        quotes, *_ = await fence(store)
        clock.set(MORNING)
        await store.update_step_status(ME, quotes, "done")
        await store.close()

    asyncio.run(fill())
    assert main(["tick", "--at", "2026-11-24T19:30"]) == 0
    out = capsys.readouterr().out
    assert (
        "── user 1 · review · would send (review:2026-11-24@Europe/Berlin)\n"
        "🌙 Evening review · Tue 24 Nov\nToday:\n"
        '✓ "Fix the fence" — Step 1 (Get quotes)'
    ) in out
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT count(*) FROM proactive_sends").fetchone() == (0,)
