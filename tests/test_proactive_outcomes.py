"""What a proactive send's outcome decides: never a second copy of a message
that may have arrived, never a retry of one that is no longer due, and the
newer of the person's wishes between a mute and a reminder.

Sends go through the real outbox and python-telegram-bot to the fake Bot API
(which can answer late, or fail), over a real SQLite file.  The clock is Tuesday
2026-11-24 09:00 UTC; the person lives in UTC unless a test says otherwise.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta

import pytest
import telegram

from drbot import person_settings
from drbot.bot import outbox
from drbot.bot.json_bodies import JsonBodies
from drbot.config import BriefingSettings, Settings, TelegramSettings
from drbot.memory.briefings import BriefingLog
from drbot.memory.clock import iso
from drbot.memory.proactive_sends import STALE, SendLog
from drbot.memory.quiet import Quiet
from drbot.memory.user_settings import UserSettings
from drbot.outgoing import Outgoing
from drbot.scheduler.producers import PRODUCERS, TickEnv
from drbot.scheduler.step_reminders import due_reminders
from drbot.scheduler.tick import tick
from tests.bot_harness import OWNER, TOKEN, bot_running, bot_settings
from tests.conftest import FakeClock
from tests.fakes.telegram_server import FakeTelegram
from tests.test_bot_e2e import answers, ask, settle

ME = OWNER
NOW = datetime(2026, 11, 24, 9, 0, tzinfo=UTC)
TEN = datetime(2026, 11, 24, 10, 0, tzinfo=UTC)
READ_TIMEOUT = 0.5


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(NOW)


@pytest.fixture
def env(store) -> TickEnv:
    settings = Settings(
        telegram=TelegramSettings(allowed_user_ids=(ME,)), briefing=BriefingSettings()
    )
    users = UserSettings(store.db, default_timezone="UTC", default_briefing_time="08:00")
    return TickEnv(store, users, BriefingLog(store.db), settings, (ME,), store.db)


@pytest.fixture
async def bot(tg):
    """drbot's outbox over a real Bot whose read timeout is short."""
    request = JsonBodies(read_timeout=READ_TIMEOUT, connect_timeout=READ_TIMEOUT)
    async with telegram.Bot(tg.token, base_url=tg.base_url, request=request) as client:
        yield client


async def reminder_at(
    store, moment: datetime = TEN, title: str = "Renew passport"
) -> tuple[int, int]:
    """A plan whose step 1 has a reminder at ``moment``: (plan id, step id)."""
    plan_id = await store.create_plan(ME, title, None, ["Fill in the form", "Post it"])
    step = (await store.get_plan(ME, plan_id))["steps"][0]["id"]
    await store.snooze_step(ME, step, moment, at_time=True)
    return plan_id, step


def reminder_key(step: int, moment: datetime = TEN) -> str:
    return f"reminder:{step}:{iso(moment)}"


async def ticks(env, send, moments, producers=(due_reminders,)) -> list[tuple[int, str]]:
    """Tick at each moment (minutes after TEN); (minute, outcome) of what happened."""
    seen = []
    for minute in moments:
        for result in await tick(env, TEN + timedelta(minutes=minute), send, producers=producers):
            seen.append((minute, result.outcome))
    return seen


# -- 1. an outcome that is unknown is never resent ---------------------------------------


async def test_a_send_answered_after_the_read_timeout_is_unknown_and_never_resent(
    store, env, tg, bot, caplog
):
    _, step = await reminder_at(store)
    # Telegram delivers at once; its answer comes after the client stopped waiting.
    tg.delay("sendMessage", READ_TIMEOUT * 3, after_effect=True)
    caplog.set_level(logging.WARNING, "drbot.tick")
    assert await ticks(env, outbox.sender(bot), [0]) == [(0, "unknown")]
    await tg.wait_for(lambda: tg.sent_messages(ME), timeout=READ_TIMEOUT * 6)
    tg.delay("sendMessage", 0)
    # The minutes a failed send would be retried at, and past a crash's recovery.
    later = await ticks(env, outbox.sender(bot), [1, 2, 6, 36, 60 + STALE.seconds // 60])
    assert later == []
    assert len(tg.calls_to("sendMessage")) == 1
    assert tg.bodies_of("sendMessage") == ["application/json"]  # as drbot sends
    [sent] = tg.sent_messages(ME)
    assert sent.plain.startswith("⏰ Reminder")  # the one copy arrived
    row = await SendLog(store.db).get(ME, reminder_key(step))
    assert (row["state"], row["attempts"]) == ("unknown", 1)
    assert caplog.text.count("it may have arrived; not resent") == 1  # logged once


async def test_a_request_that_never_got_out_is_retried(store, env):
    _, step = await reminder_at(store)
    server = await FakeTelegram(token=TOKEN).start()
    request = JsonBodies(connect_timeout=READ_TIMEOUT, read_timeout=READ_TIMEOUT)
    async with telegram.Bot(TOKEN, base_url=server.base_url, request=request) as client:
        await server.stop()  # gone: the connection is refused, nothing was written
        assert await ticks(env, outbox.sender(client), [0]) == [(0, "retry")]
    row = await SendLog(store.db).get(ME, reminder_key(step))
    assert (row["state"], row["attempts"]) == ("retry", 1)


async def test_a_sender_that_breaks_mid_call_is_unknown_and_logged_once(store, env, caplog):
    _, step = await reminder_at(store)

    async def broken(message: Outgoing) -> None:
        await asyncio.sleep(0)
        raise RuntimeError("a bug after the request went out")

    caplog.set_level(logging.WARNING, "drbot.tick")
    assert await ticks(env, broken, [0]) == [(0, "unknown")]
    # Settled at once, not left 'sending' for a recovery that logs it a second time.
    assert (await SendLog(store.db).get(ME, reminder_key(step)))["state"] == "unknown"
    sent: list[Outgoing] = []

    async def works(message: Outgoing) -> None:
        sent.append(message)

    assert await ticks(env, works, [1, 6, 60 + STALE.seconds // 60]) == []
    assert sent == []
    assert (await SendLog(store.db).get(ME, reminder_key(step)))["state"] == "unknown"
    assert caplog.text.count(reminder_key(step)) == 1
    assert "never reported" not in caplog.text


# -- 2. before a retry, the producer is asked again ---------------------------------------


async def _done(store, step):
    await store.update_step_status(ME, step, "done")


async def _skipped(store, step):
    await store.update_step_status(ME, step, "skipped")


async def _attempt(store, step):
    await store.add_attempt(ME, step, "filled it in at lunch")


async def _resnoozed(store, step):
    await store.snooze_step(ME, step, TEN + timedelta(days=1), at_time=True)


@pytest.mark.parametrize("change", [_done, _skipped, _attempt, _resnoozed])
async def test_a_failed_reminder_is_not_retried_once_the_step_changed(
    store, env, tg, bot, clock, change
):
    _, step = await reminder_at(store)
    tg.fail_next("sendMessage", 502)
    assert await ticks(env, outbox.sender(bot), [0]) == [(0, "retry")]
    clock.set(TEN + timedelta(seconds=30))
    await change(store, step)  # the person acts before the retry
    assert await ticks(env, outbox.sender(bot), [1, 6, 36]) == [(1, "settled")]
    assert tg.sent_messages(ME) == []
    row = await SendLog(store.db).get(ME, reminder_key(step))
    assert (row["state"], row["attempts"], row["last_error"]) == ("empty", 1, "no longer due")


async def test_a_failed_reminder_still_standing_is_retried_with_its_words_now(
    store, env, tg, bot, clock
):
    plan_id, step = await reminder_at(store)
    tg.fail_next("sendMessage", 500)
    assert await ticks(env, outbox.sender(bot), [0]) == [(0, "retry")]
    clock.set(TEN + timedelta(seconds=30))
    await store.rename_plan(ME, plan_id, "Passport for Sam")
    assert await ticks(env, outbox.sender(bot), [1, 6]) == [(1, "sent")]
    [sent] = tg.sent_messages(ME)
    assert sent.plain == '⏰ Reminder: "Passport for Sam" — Step 1 (Fill in the form)'


async def test_a_failed_briefing_is_built_afresh_and_settled_when_nothing_is_left(
    store, env, tg, bot, clock
):
    plan_id = await store.create_plan(ME, "Fix the fence", None, ["Get quotes"])
    step = (await store.get_plan(ME, plan_id))["steps"][0]["id"]
    morning = NOW + timedelta(days=8)  # Wed 2 Dec 09:00: a stale step
    clock.set(morning)
    tg.fail_next("sendMessage", 500)
    [first] = await tick(env, morning, outbox.sender(bot), producers=PRODUCERS)
    assert (first.kind, first.outcome) == ("briefing", "retry")
    await store.update_step_status(ME, step, "done")  # nothing left to say
    later = [
        r.outcome
        for m in (1, 6, 36)
        for r in await tick(
            env, morning + timedelta(minutes=m), outbox.sender(bot), producers=PRODUCERS
        )
    ]
    assert later == ["settled"]
    assert tg.sent_messages(ME) == []


# -- 3. mute and reminders: the newer wish wins --------------------------------------------


async def test_a_reminder_asked_for_after_the_mute_is_sent_one_before_it_is_held(store, env, clock):
    plan_id = await store.create_plan(ME, "Renew passport", None, ["Photos", "Form"])
    photos, form = [s["id"] for s in (await store.get_plan(ME, plan_id))["steps"]]
    await store.snooze_step(ME, photos, TEN, at_time=True)  # asked for first
    clock.advance(minutes=1)
    await Quiet(store.db, clock=clock).mute(ME, plan_id)  # then the plan muted
    clock.advance(minutes=1)
    await store.snooze_step(ME, form, TEN, at_time=True)  # then asked for anyway
    sent: list[Outgoing] = []

    async def send(message: Outgoing) -> None:
        sent.append(message)

    results = await tick(env, TEN, send, producers=(due_reminders,))
    assert sorted((r.dedupe_key, r.outcome) for r in results) == sorted(
        [(reminder_key(photos), "muted"), (reminder_key(form), "sent")]
    )
    assert [m.dedupe_key for m in sent] == [reminder_key(form)]
    await Quiet(store.db).unmute(ME, plan_id)
    results = await tick(env, TEN + timedelta(minutes=1), send, producers=(due_reminders,))
    assert [(r.dedupe_key, r.outcome) for r in results] == [(reminder_key(photos), "sent")]


async def test_mute_says_how_many_reminders_it_holds(store, clock):
    _, step = await reminder_at(store)
    other = await store.create_plan(ME, "Other", None, ["Something"])
    await store.snooze_step(
        ME, (await store.get_plan(ME, other))["steps"][0]["id"], TEN, at_time=True
    )
    settings = person_settings.Settings(store, UserSettings(store.db), clock)
    said = await person_settings.mute(settings, ME, "1", on=True)
    assert said == (
        "Muted plan 1 (Renew passport): no briefing lines or reminders until "
        "/unmute 1. 1 reminder is held until /unmute 1."
    )
    said = await person_settings.mute(settings, ME, "2", on=True)
    assert said.endswith("1 reminder is held until /unmute 2.")


async def test_the_snooze_button_says_the_plan_is_muted_and_when_quiet_hours_end(
    tg, tmp_path, clock
):
    from drbot.memory import PlanStore

    db = tmp_path / "bot.db"
    store = await PlanStore.open(db, clock=clock)
    try:
        plan_id = await store.create_plan(ME, "Renew passport", None, ["Photos", "Form"])
        form = (await store.get_plan(ME, plan_id))["steps"][1]["id"]
        await Quiet(store.db, clock=clock).mute(ME, plan_id)
        await Quiet(store.db).set_hours(ME, "22:00-09:30")  # UTC: 09:00 is quiet
    finally:
        await store.close()
    clock.advance(minutes=5)
    async with bot_running(bot_settings(tg, db), clock=clock) as app:
        view = await ask(tg, ME, "/plan 1")
        for data in (f"step:snooze:{form}", f"step:snz9:{form}"):
            tg.push_callback(ME, ME, data, view.message_id)
            await settle(app, tg)
    assert answers(tg)[-1] == (
        "Step 2 snoozed until tomorrow 9:00. The plan is muted, but you asked for this one: "
        "it will come. That's in your quiet hours — I'll send it at 09:30."
    )
