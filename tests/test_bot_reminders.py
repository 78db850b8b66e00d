"""Reminders over the fake Bot API: /reminders with Cancel, the Snooze choices,
and a press on a reminder message.

The bot's clock is Tuesday 2026-11-24 10:00 UTC; the owner lives in
Europe/Berlin (one hour ahead), so local times differ from the stored UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from drbot.bot import outbox
from drbot.config import Settings
from drbot.memory import PlanStore
from drbot.memory.briefings import BriefingLog
from drbot.memory.user_settings import UserSettings
from drbot.scheduler.contract import TickEnv
from drbot.scheduler.step_reminders import due_reminders
from tests.bot_harness import FRIEND, OWNER, bot_running, bot_settings
from tests.conftest import FakeClock
from tests.dbdump import dump
from tests.test_bot_e2e import answers, ask, buttons_of, rows, settle

NOW = datetime(2026, 11, 24, 10, 0, tzinfo=UTC)
FRIDAY_10 = datetime(2026, 11, 27, 9, 0, tzinfo=UTC)  # 10:00 in Berlin
MONDAY_9 = datetime(2026, 11, 30, 8, 0, tzinfo=UTC)  # 09:00 in Berlin


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(NOW)


async def seed(
    db,
    clock,
    user=OWNER,
    title="Renew passport",
    steps=("Get photos", "Fill in the form", "Book an appointment"),
) -> list[int]:
    """A plan for ``user`` (Berlin time); returns its step ids."""
    store = await PlanStore.open(db, clock=clock)
    try:
        await UserSettings(store.db).set_timezone(user, "Europe/Berlin")
        plan_id = await store.create_plan(user, title, None, list(steps))
        return [s["id"] for s in (await store.get_plan(user, plan_id))["steps"]]
    finally:
        await store.close()


async def snooze(db, clock, user, step, moment, at_time=True) -> None:
    store = await PlanStore.open(db, clock=clock)
    try:
        await store.snooze_step(user, step, moment, at_time=at_time)
    finally:
        await store.close()


def wait_of(db, step) -> tuple:
    return rows(db, "SELECT wait_until, wait_at_time FROM plan_steps WHERE id = ?", step)[0]


async def press(app, tg, chat, message_id, data, user=None):
    tg.push_callback(chat, user or chat, data, message_id)
    await settle(app, tg)


class plans_unchanged:
    """No plan, step, attempt or revision changed (the bot's update bookkeeping may)."""

    TABLES = ("plans", "plan_steps", "plan_step_attempts", "plan_revisions")

    def __init__(self, db) -> None:
        self.db = db

    def tables(self) -> dict:
        return {k: v for k, v in dump(self.db).items() if k in self.TABLES}

    def __enter__(self) -> None:
        self.before = self.tables()

    def __exit__(self, *exc) -> None:
        if exc[0] is None:
            assert self.tables() == self.before, "a plan changed"


def alerts(tg) -> list[str]:
    return [p.get("text") for p in tg.calls_to("answerCallbackQuery") if p.get("show_alert")]


# -- /reminders ---------------------------------------------------------------------


async def test_reminders_lists_whats_scheduled_and_cancel_puts_the_step_back(tg, tmp_path, clock):
    db = tmp_path / "bot.db"
    photos, form, appointment = await seed(db, clock)
    [van] = await seed(db, clock, FRIEND, "Move", ["Book the van"])
    await snooze(db, clock, OWNER, appointment, MONDAY_9)
    await snooze(db, clock, OWNER, form, FRIDAY_10)
    await snooze(db, clock, OWNER, photos, FRIDAY_10, at_time=False)  # a day: not a reminder
    await snooze(db, clock, FRIEND, van, FRIDAY_10)  # someone else's
    async with bot_running(bot_settings(tg, db), clock=clock) as app:
        shown = await ask(tg, OWNER, "/reminders")
        assert shown.plain.splitlines() == [
            "⏰ Scheduled reminders (Europe/Berlin):",
            "1. Fri 27 Nov 10:00 — “Renew passport” — Step 2 (Fill in the form)",
            "2. Mon 30 Nov 09:00 — “Renew passport” — Step 3 (Book an appointment)",
        ]
        keyboard = buttons_of(shown)
        friday = int(FRIDAY_10.timestamp())
        assert [[b["callback_data"] for b in row] for row in keyboard] == [
            [f"rem:x:{form}:{friday}"],
            [f"rem:x:{appointment}:{int(MONDAY_9.timestamp())}"],
        ]
        assert all(len(b["callback_data"].encode()) <= 64 for row in keyboard for b in row)

        await press(app, tg, OWNER, shown.message_id, f"rem:x:{form}:{friday}")
        assert answers(tg)[-1] == "Reminder cancelled: step 2 no longer waits."
        assert wait_of(db, form) == (None, 0)
        assert wait_of(db, appointment)[1] == 1
        now_shown = tg.messages[(OWNER, shown.message_id)]
        assert "Fill in the form" not in now_shown["text"]
        assert "1. Mon 30 Nov 09:00" in now_shown["text"]
        assert rows(db, "SELECT cause FROM plan_revisions ORDER BY id DESC LIMIT 1") == [
            ("step 2 reminder cancelled",)
        ]


async def test_no_reminders_says_how_to_make_one(tg, tmp_path, clock):
    db = tmp_path / "bot.db"
    [photos, *_] = await seed(db, clock)
    await snooze(db, clock, OWNER, photos, FRIDAY_10, at_time=False)
    async with bot_running(bot_settings(tg, db), clock=clock):
        shown = await ask(tg, OWNER, "/reminders")
    assert shown.plain.startswith("⏰ No reminders scheduled.")
    assert not buttons_of(shown)


async def test_cancel_refuses_a_changed_reminder_anothers_or_forged_data(tg, tmp_path, clock):
    db = tmp_path / "bot.db"
    _, form, _ = await seed(db, clock)
    await snooze(db, clock, OWNER, form, FRIDAY_10)
    async with bot_running(bot_settings(tg, db), clock=clock) as app:
        shown = await ask(tg, OWNER, "/reminders")
        data = buttons_of(shown)[0][0]["callback_data"]
        await snooze(db, clock, OWNER, form, MONDAY_9)  # re-snoozed after the list was shown
        with plans_unchanged(db):
            await press(app, tg, OWNER, shown.message_id, data)
            await press(app, tg, OWNER, shown.message_id, data, user=FRIEND)
            await press(app, tg, OWNER, shown.message_id, f"rem:x:{form}:١٢")
        assert alerts(tg)[0].startswith("That reminder has changed since; nothing cancelled.")
        assert alerts(tg)[1] == ("That step is not yours, or it no longer exists. Nothing changed.")
        assert alerts(tg)[2] == "That button is no longer valid."
        # the list shown was brought up to date: the reminder's new moment
        assert "1. Mon 30 Nov 09:00" in tg.messages[(OWNER, shown.message_id)]["text"]


# -- the Snooze button's choices ----------------------------------------------------------


async def test_snooze_offers_choices_in_place_and_tomorrow_9_is_a_reminder(tg, tmp_path, clock):
    db = tmp_path / "bot.db"
    photos, form, _ = await seed(db, clock)
    async with bot_running(bot_settings(tg, db), clock=clock) as app:
        view = await ask(tg, OWNER, "/plan 1")
        before = buttons_of(view)
        with plans_unchanged(db):  # opening the choices writes nothing
            await press(app, tg, OWNER, view.message_id, f"step:snooze:{form}")
        keyboard = buttons_of(tg.messages[(OWNER, view.message_id)].get("reply_markup"))
        assert keyboard[0] == before[0] and keyboard[2] == before[2]  # other steps untouched
        assert [(b["text"], b["callback_data"]) for b in keyboard[1]] == [
            ("Tomorrow 9:00 (2)", f"step:snz9:p:{form}"),
            ("In 3 days (2)", f"step:snz3:p:{form}"),
            ("Next week (2)", f"step:snzwk:p:{form}"),
            ("‹ Back (2)", f"step:back:p:{form}"),
        ]

        await press(app, tg, OWNER, view.message_id, f"step:back:{form}")
        assert buttons_of(tg.messages[(OWNER, view.message_id)].get("reply_markup")) == before

        await press(app, tg, OWNER, view.message_id, f"step:snooze:{form}")
        await press(app, tg, OWNER, view.message_id, f"step:snz9:{form}")
        assert answers(tg)[-1] == "Step 2 snoozed until tomorrow 9:00."
        assert wait_of(db, form) == ("2026-11-25T08:00:00.000000Z", 1)  # 09:00 in Berlin
        assert (
            "2. Fill in the form (waiting until Wed 25 Nov 09:00)"
            in tg.messages[(OWNER, view.message_id)]["text"]
        )

        await press(app, tg, OWNER, view.message_id, f"step:snooze:{photos}")
        await press(app, tg, OWNER, view.message_id, f"step:snzwk:{photos}")
        assert answers(tg)[-1] == "Step 1 snoozed until Monday 30 Nov."
        assert wait_of(db, photos) == ("2026-11-29T23:00:00.000000Z", 0)  # a day: the briefing's


# -- a press on a reminder ----------------------------------------------------------------


async def test_a_reminder_is_sent_and_its_done_button_answers_in_place(tg, tmp_path, clock):
    db = tmp_path / "bot.db"
    _, form, _ = await seed(db, clock)
    await snooze(db, clock, OWNER, form, FRIDAY_10)
    async with bot_running(bot_settings(tg, db), clock=clock) as app:
        store = await PlanStore.open(db, clock=clock)
        try:
            env = TickEnv(
                store, UserSettings(store.db), BriefingLog(store.db), Settings(), (OWNER,), store.db
            )
            [due] = await due_reminders(env, FRIDAY_10)
            await outbox.send(app.bot, due.message)  # as the tick will, through the outbox
        finally:
            await store.close()
        [sent] = tg.sent_messages(OWNER)
        assert sent.plain == '⏰ Reminder: "Renew passport" — Step 2 (Fill in the form)'
        await press(app, tg, OWNER, sent.message_id, f"step:done:{form}")
        after = tg.messages[(OWNER, sent.message_id)]
        assert after["text"].startswith('⏰ Reminder: "Renew passport"')
        assert after["text"].endswith("✓ Step 2 marked done.")
        assert not buttons_of(after.get("reply_markup"))
        assert rows(db, "SELECT status FROM plan_steps WHERE id = ?", form) == [("done",)]
