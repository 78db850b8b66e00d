"""A reminder asked for in a group reaches the person, over the fake Bot API.

A step asked about in a group is on the group's plan (plans made in a group are
the group's), so its reminder goes to that group, answering the message that
asked for it, and the confirmation says so at once.  A plan taken out of the
group (/unshare) keeps its step's wait on the group: the person gets it in
their private chat; when they never opened one the group gets it, mentioning
them, and when Telegram refuses it (403) the group gets it in the same send.  Exactly once, through the tick's
claim, the tick run at the fake clock's moments.

The bot's clock is Tuesday 2026-11-24 10:00 UTC; the person lives in UTC.
"""

from __future__ import annotations

import contextlib
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from drbot.bot import outbox
from drbot.memory import PlanStore
from drbot.person_settings import IN_THIS_GROUP
from drbot.runtime import tick_env
from drbot.scheduler.tick import tick
from tests.bot_harness import FRIEND, OWNER, bot_running, bot_settings
from tests.conftest import FakeClock
from tests.test_bot_e2e import ask, settle

GROUP = -100500
BOT = "@drbot_test_bot"
NOW = datetime(2026, 11, 24, 10, 0, tzinfo=UTC)
FRIDAY_10 = datetime(2026, 11, 27, 10, 0, tzinfo=UTC)
ASK = f"{BOT} remind me about the form friday 10am"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(NOW)


async def seed(db, clock, user=OWNER) -> int:
    """A plan for ``user``; returns the id of its step "Fill in the form"."""
    store = await PlanStore.open(db, clock=clock)
    try:
        plan_id = await store.create_plan(
            user, "Renew passport", None, ["Get photos", "Fill in the form"]
        )
        return (await store.get_plan(user, plan_id))["steps"][1]["id"]
    finally:
        await store.close()


async def ticks(app, clock, minutes) -> list[str]:
    """The proactive tick, as the running bot's job runs it, at each of these
    minutes after Friday 10:00; the outcomes, in order."""
    svc = app.bot_data["services"]
    seen = []
    for minute in minutes:
        clock.set(FRIDAY_10 + timedelta(minutes=minute))
        for result in await tick(tick_env(svc), clock(), outbox.sender(app.bot)):
            seen.append(result.outcome)
    return seen


def reminders_in(tg, chat) -> list:
    return [m for m in tg.sent_messages(chat) if (m.plain or "").startswith("⏰ Reminder")]


def sends_to(tg, chat) -> int:
    return sum(1 for p in tg.calls_to("sendMessage") if p.get("chat_id") == chat)


def wait_of(db, step) -> tuple:
    with contextlib.closing(sqlite3.connect(db)) as conn:
        return conn.execute(
            "SELECT wait_until, wait_at_time, wait_chat_id, wait_message_id"
            " FROM plan_steps WHERE id = ?",
            (step,),
        ).fetchone()


async def test_a_reminder_on_the_groups_plan_arrives_in_the_group_once(tg, tmp_path, clock):
    """Asked for in a group, the step is the group's plan's: the reminder comes to
    the group (answering the ask, naming nobody), whoever asked and whether or not
    they have a private chat; any member's press on it counts."""
    db = tmp_path / "bot.db"
    form = await seed(db, clock, user=GROUP)
    async with bot_running(bot_settings(tg, db), clock=clock, briefings=False) as app:
        await ask(tg, OWNER, "hi")  # a private chat: still the group
        confirmation = await ask(tg, GROUP, ASK, user=OWNER)
        asked = confirmation.params["reply_parameters"]["message_id"]
        assert "Fill in the form" in confirmation.plain
        assert IN_THIS_GROUP in confirmation.plain  # said at once, where it comes
        assert wait_of(db, form) == ("2026-11-27T10:00:00.000000Z", 1, GROUP, asked)
        before = sends_to(tg, OWNER)

        # The first try meets a Telegram error (502): tried again a minute later.
        tg.fail_next("sendMessage", 502)
        outcomes = await ticks(app, clock, [-1, 0, 1, 2, 6, 36, 24 * 60 - 1])
        assert outcomes == ["retry", "sent"]

        [reminder] = reminders_in(tg, GROUP)
        assert reminder.plain == '⏰ Reminder: "Renew passport" — Step 2 (Fill in the form)'
        assert reminder.params["reply_parameters"]["message_id"] == asked  # answers the ask
        assert "tg://user" not in reminder.text  # names nobody
        assert sends_to(tg, OWNER) == before  # nothing to anyone's private chat

        # Its buttons work in the group, for another member too.
        tg.push_callback(GROUP, FRIEND, f"step:done:{form}", reminder.message_id)
        await settle(app, tg)
    with contextlib.closing(sqlite3.connect(db)) as conn:
        assert conn.execute("SELECT status FROM plan_steps WHERE id = ?", (form,)).fetchone() == (
            "done",
        )
        assert conn.execute(
            "SELECT state FROM proactive_sends WHERE kind = 'reminder'"
        ).fetchall() == [("sent",)]


async def _asked_in_the_group_then_unshared(tg, db, clock) -> int:
    """OWNER's plan, shared into the group, gets a reminder asked for in the group; then
    OWNER takes the plan out (/unshare 1): it is theirs, and its step still waits on the
    group. Returns the message that asked."""
    step = await seed(db, clock, user=OWNER)
    store = await PlanStore.open(db, clock=clock)
    try:
        await store.share_plan(OWNER, (await store.get_step(OWNER, step))["plan_id"], GROUP)
    finally:
        await store.close()
    confirmation = await ask(tg, GROUP, ASK, user=OWNER)
    await ask(tg, GROUP, "/unshare 1", user=OWNER)
    return confirmation.params["reply_parameters"]["message_id"]


async def test_a_plan_taken_out_of_the_group_reminds_its_person_privately(tg, tmp_path, clock):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db), clock=clock, briefings=False) as app:
        await ask(tg, OWNER, "hi")  # they talk to drbot privately
        await _asked_in_the_group_then_unshared(tg, db, clock)
        in_group = len(tg.sent_messages(GROUP))
        assert await ticks(app, clock, [0, 1, 6]) == ["sent"]
        [reminder] = reminders_in(tg, OWNER)
        assert reminder.plain == '⏰ Reminder: "Renew passport" — Step 2 (Fill in the form)'
        assert "tg://user" not in reminder.text and "reply_parameters" not in reminder.params
        assert len(tg.sent_messages(GROUP)) == in_group  # nothing more in the group


async def test_taken_out_by_someone_without_a_private_chat_it_comes_to_the_group_naming_them(
    tg, tmp_path, clock
):
    db = tmp_path / "bot.db"
    tg.never_opened(OWNER)  # they only ever talked to drbot in the group
    async with bot_running(bot_settings(tg, db), clock=clock, briefings=False) as app:
        asked = await _asked_in_the_group_then_unshared(tg, db, clock)
        assert await ticks(app, clock, [0, 1]) == ["sent"]
        [reminder] = reminders_in(tg, GROUP)
        assert reminder.params["reply_parameters"]["message_id"] == asked  # answers the ask
        assert f'href="tg://user?id={OWNER}"' in reminder.text  # and names them
        assert sends_to(tg, OWNER) == 0  # no private chat: drbot did not even try there


async def test_a_private_chat_telegram_refuses_sends_it_to_the_group_in_the_same_send(
    tg, tmp_path, clock
):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db), clock=clock, briefings=False) as app:
        await ask(tg, OWNER, "hi")  # a private chat once …
        asked = await _asked_in_the_group_then_unshared(tg, db, clock)
        tg.never_opened(OWNER)  # … that Telegram now refuses
        before = sends_to(tg, OWNER)
        assert await ticks(app, clock, [0, 1, 6, 36]) == ["sent"]
        assert sends_to(tg, OWNER) == before + 1  # tried there once: 403
        assert reminders_in(tg, OWNER) == []
        [reminder] = reminders_in(tg, GROUP)
        assert reminder.params["reply_parameters"]["message_id"] == asked


async def test_a_reminder_asked_for_privately_stays_private(tg, tmp_path, clock):
    """Asked for in the private chat, it goes there (and a 403 there is 'gone':
    there is no group to take it)."""
    db = tmp_path / "bot.db"
    form = await seed(db, clock)
    async with bot_running(bot_settings(tg, db), clock=clock, briefings=False) as app:
        confirmation = await ask(tg, OWNER, "remind me about the form friday 10am")
        assert IN_THIS_GROUP not in confirmation.plain
        assert wait_of(db, form)[2:] == (None, None)
        tg.never_opened(OWNER)
        assert await ticks(app, clock, [0, 1]) == ["gone"]
        assert reminders_in(tg, GROUP) == []
