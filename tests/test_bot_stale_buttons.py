"""Buttons carry the state they were made for, over the fake Bot API on a real
SQLite file: a press on a step (or a digest's plan) whose status changed since
its message was sent writes nothing and shows the step as it is now, with
buttons made for that; a press made for the current status still acts.

The bot's clock is Tuesday 2026-11-24 10:00 UTC; the owner lives in Berlin.
"""

from __future__ import annotations

import pytest

from drbot.bot import buttons, outbox
from drbot.config import Settings
from drbot.memory import PlanStore
from drbot.memory.briefings import BriefingLog
from drbot.memory.user_settings import UserSettings
from drbot.scheduler.contract import TickEnv
from drbot.scheduler.step_reminders import due_reminders
from drbot.step_actions import STATUS_CODES
from tests.bot_harness import OWNER, bot_running, bot_settings
from tests.conftest import FakeClock
from tests.test_bot_e2e import answers, ask, button, buttons_of, rows, settle
from tests.test_bot_reminders import FRIDAY_10, NOW, plans_unchanged, press, seed, snooze
from tests.test_bot_review import SUNDAY, send_digest
from tests.test_bot_review import seed as seed_old_plans


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(NOW)


def status_of(db, step: int) -> str:
    return rows(db, "SELECT status FROM plan_steps WHERE id = ?", step)[0][0]


def revisions(db) -> int:
    return rows(db, "SELECT count(*) FROM plan_revisions")[0][0]


def step_ids_with_buttons(message: dict) -> set[int]:
    return {
        buttons.decode(b["callback_data"]).step_id
        for row in buttons_of(message.get("reply_markup"))
        for b in row
    }


async def test_a_briefings_skip_pressed_after_the_step_was_done_changes_nothing_and_shows_done(
    tg, tmp_path, clock
):
    db = tmp_path / "bot.db"
    photos, _, _ = await seed(db, clock)
    van, _ = await seed(db, clock, title="Move house", steps=("Book the van", "Pack"))
    clock.advance(days=8)  # both first steps stale: a briefing with two items
    async with bot_running(bot_settings(tg, db), clock=clock) as app:
        briefing = await ask(tg, OWNER, "/briefing")
        assert briefing.plain.startswith("📋 Plans needing attention:")
        skip_photos = button(briefing, "skip", photos)
        assert skip_photos == f"step:skip:p:{photos}"  # made for "pending"
        done_van = button(briefing, "done", van)

        # Meanwhile the step is done, from its plan view.
        view = await ask(tg, OWNER, "/plan 1")
        await press(app, tg, OWNER, view.message_id, button(view, "done", photos))
        assert status_of(db, photos) == "done"

        # The morning's Skip, pressed now: nothing is written ...
        with plans_unchanged(db):
            await press(app, tg, OWNER, briefing.message_id, skip_photos)
        assert status_of(db, photos) == "done"
        said = "✓ Step 1 (Get photos) is done — nothing changed."
        assert answers(tg)[-1] == said
        # ... and the briefing shows the step as it is, without its buttons
        shown = tg.messages[(OWNER, briefing.message_id)]
        assert shown["text"].startswith("📋 Plans needing attention:")
        assert shown["text"].endswith(said)
        assert step_ids_with_buttons(shown) == {van}

        # A press made for the step's status now still acts.
        before = revisions(db)
        await press(app, tg, OWNER, briefing.message_id, done_van)
        assert status_of(db, van) == "done" and revisions(db) == before + 1
        assert answers(tg)[-1] == "Step 1 marked done."
        shown = tg.messages[(OWNER, briefing.message_id)]
        assert shown["text"].endswith("✓ Step 1 marked done.")
        assert not buttons_of(shown.get("reply_markup"))


async def test_the_same_done_pressed_twice_on_a_reminder_writes_once(tg, tmp_path, clock):
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
            await outbox.send(app.bot, due.message)
        finally:
            await store.close()
        [sent] = tg.sent_messages(OWNER)
        done = button(sent.reply_markup, "done", form)
        before = revisions(db)
        # A double tap: both presses leave the phone before the first edit arrives.
        for _ in range(2):
            tg.push_callback(OWNER, OWNER, done, sent.message_id)
        await settle(app, tg)
        assert status_of(db, form) == "done"
        assert revisions(db) == before + 1  # written once
        assert answers(tg) == [
            "Step 2 marked done.",
            "✓ Step 2 (Fill in the form) is done — nothing changed.",
        ]
        shown = tg.messages[(OWNER, sent.message_id)]
        assert shown["text"].startswith('⏰ Reminder: "Renew passport" — Step 2')
        assert shown["text"].endswith("✓ Step 2 (Fill in the form) is done — nothing changed.")
        assert not buttons_of(shown.get("reply_markup"))

        # Pressed once more on the message as it now is: still nothing, said once.
        with plans_unchanged(db):
            await press(app, tg, OWNER, sent.message_id, done)
        assert tg.messages[(OWNER, sent.message_id)]["text"] == shown["text"]


async def test_a_press_made_for_another_status_redraws_the_plan_view_with_fresh_buttons(
    tg, tmp_path, clock
):
    db = tmp_path / "bot.db"
    photos, form, _ = await seed(db, clock)
    async with bot_running(bot_settings(tg, db), clock=clock) as app:
        view = await ask(tg, OWNER, "/plan 1")
        skip_photos, done_form = button(view, "skip", photos), button(view, "done", form)
        # Step 2 gets an attempt (pending → in progress) and step 1 is done, in words.
        await ask(tg, OWNER, "✓ 1")
        store = await PlanStore.open(db, clock=clock)
        try:
            await store.add_attempt(OWNER, form, "printed it")
        finally:
            await store.close()
        with plans_unchanged(db):
            await press(app, tg, OWNER, view.message_id, skip_photos)
            await press(app, tg, OWNER, view.message_id, done_form)
            # A button from before the status code, on a step since done: expired too.
            await press(app, tg, OWNER, view.message_id, f"step:skip:{photos}")
            # Snooze only opens a menu, but on a changed step it shows the step instead.
            await press(app, tg, OWNER, view.message_id, f"step:snooze:p:{form}")
        assert (status_of(db, photos), status_of(db, form)) == ("done", "in_progress")
        assert answers(tg) == [
            "✓ Step 1 (Get photos) is done — nothing changed.",
            "… Step 2 (Fill in the form) is in progress — nothing changed.",
            "✓ Step 1 (Get photos) is done — nothing changed.",
            "… Step 2 (Fill in the form) is in progress — nothing changed.",
        ]
        # The view pressed on shows the plan now, its buttons made for the statuses now.
        shown = tg.messages[(OWNER, view.message_id)]
        assert "✓ 1. Get photos" in shown["text"] and "… 2. Fill in the form" in shown["text"]
        assert step_ids_with_buttons(shown) == {form, view_third(db, form)}
        fresh = button(shown.get("reply_markup"), "done", form)
        assert fresh == f"step:done:{STATUS_CODES['in_progress']}:{form}"
        # Pressed now, the fresh button acts; an old-style button on an open step does too.
        await press(app, tg, OWNER, view.message_id, fresh)
        assert status_of(db, form) == "done"
        await press(app, tg, OWNER, view.message_id, f"step:done:{view_third(db, form)}")
        assert status_of(db, view_third(db, form)) == "done"


def view_third(db, form: int) -> int:
    """The plan's third step (the one after ``form``)."""
    return rows(
        db,
        "SELECT id FROM plan_steps WHERE plan_id = (SELECT plan_id FROM plan_steps"
        " WHERE id = ?) AND position = 3",
        form,
    )[0][0]


async def test_a_digest_answer_on_a_plan_dropped_since_changes_nothing(tg, tmp_path, clock):
    db = tmp_path / "bot.db"
    fence, boat = await seed_old_plans(db, OWNER, "Fix the fence", "Sand boat")
    clock.set(SUNDAY)
    async with bot_running(bot_settings(tg, db), clock=clock) as app:
        await send_digest(app, db, clock)
        [digest] = tg.sent_messages(OWNER)
        assert f"wk:keep:a:{boat}" in str(digest.reply_markup)
        store = await PlanStore.open(db, clock=clock)
        try:
            await store.update_plan_status(OWNER, boat, "abandoned")  # dropped in words
        finally:
            await store.close()
        with plans_unchanged(db):
            await press(app, tg, OWNER, digest.message_id, f"wk:snz:a:{boat}")
        assert rows(db, "SELECT DISTINCT wait_until FROM plan_steps WHERE plan_id = ?", boat) == [
            (None,)
        ]
        assert answers(tg)[-1] == "“Sand boat” is abandoned now — nothing changed."
        shown = tg.messages[(OWNER, digest.message_id)]
        assert shown["text"].endswith("✓ “Sand boat” is abandoned now — nothing changed.")
        assert f":{boat}" not in str(shown.get("reply_markup"))
        # The other plan's answers still act.
        await press(app, tg, OWNER, digest.message_id, f"wk:drop:a:{fence}")
        assert rows(db, "SELECT status FROM plans WHERE id = ?", fence) == [("abandoned",)]


def test_step_buttons_fit_telegrams_64_bytes():
    longest = buttons.encode("snooze7", 10**18 - 1, "in_progress")
    assert len(longest.encode()) <= 64
    assert buttons.decode(longest) == buttons.StepPress("snooze7", 10**18 - 1, "in_progress")
    assert buttons.decode("step:done:7") == buttons.StepPress("done", 7, None)  # older buttons
    assert buttons.decode("step:done:q:7") is None  # no such status
