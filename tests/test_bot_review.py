"""/review, /weekly and the weekly digest's Keep · Snooze 14d · Drop over the
fake Bot API (the real Application, a real database file).

The bot's clock is Sunday 2026-11-29 17:00 UTC (18:00 in Europe/Berlin); the
plans were made four weeks earlier and nothing happened since.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from drbot.bot import outbox
from drbot.config import Settings
from drbot.memory import PlanStore
from drbot.memory.briefings import BriefingLog
from drbot.memory.reviews import ReviewSettings
from drbot.memory.user_settings import UserSettings
from drbot.scheduler.contract import TickEnv
from drbot.scheduler.digest import due_digests
from tests.bot_harness import FRIEND, OWNER, bot_running, bot_settings
from tests.conftest import FakeClock
from tests.test_bot_e2e import answers, ask, buttons_of, rows, settle
from tests.test_bot_reminders import alerts, plans_unchanged

SUNDAY = datetime(2026, 11, 29, 17, 0, tzinfo=UTC)
OLD = datetime(2026, 11, 1, 10, 0, tzinfo=UTC)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(SUNDAY)


async def seed(db, user, *titles) -> list[int]:
    """Old plans for ``user`` (Berlin time, digest on Sundays at 18:00)."""
    store = await PlanStore.open(db, clock=FakeClock(OLD))
    try:
        await UserSettings(store.db).set_timezone(user, "Europe/Berlin")
        await ReviewSettings(store.db).set_weekly(user, "sun 18:00")
        return [await store.create_plan(user, title, None, ["First", "Second"]) for title in titles]
    finally:
        await store.close()


async def send_digest(app, db, clock, user=OWNER):
    store = await PlanStore.open(db, clock=clock)
    try:
        env = TickEnv(
            store,
            UserSettings(store.db),
            BriefingLog(store.db),
            Settings(),
            (OWNER, FRIEND),
            store.db,
        )
        [due] = [d for d in await due_digests(env, SUNDAY) if d.message.user_id == user]
        await outbox.send(app.bot, due.message)  # as the tick will, through the outbox
    finally:
        await store.close()


async def press(app, tg, chat, message_id, data, user=None):
    tg.push_callback(chat, user or chat, data, message_id)
    await settle(app, tg)


async def test_review_sets_shows_refuses_and_turns_off(tg, tmp_path, clock):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db), clock=clock):
        assert (await ask(tg, OWNER, "/review")).plain.startswith("No evening review.")
        on = await ask(tg, OWNER, "/review 20:30")
        assert on.plain.startswith("Evening review at 20:30 (UTC): what moved today")
        bad = await ask(tg, OWNER, "/review 25:00")
        assert "can't read" in bad.plain and "/review 20:30" in bad.plain
        assert rows(db, "SELECT review_time FROM user_settings WHERE user_id = ?", OWNER) == [
            ("20:30",)
        ]  # unchanged
        assert (await ask(tg, OWNER, "/review")).plain.startswith("Evening review at 20:30")
        assert (await ask(tg, FRIEND, "/review")).plain.startswith("No evening review.")
        assert (await ask(tg, OWNER, "/review off")).plain == "Evening review off."
        assert rows(db, "SELECT review_time FROM user_settings WHERE user_id = ?", OWNER) == [
            (None,)
        ]


async def test_weekly_sets_shows_refuses_and_turns_off(tg, tmp_path, clock):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db), clock=clock):
        assert (await ask(tg, OWNER, "/weekly")).plain.startswith("No weekly digest.")
        on = await ask(tg, OWNER, "/weekly sun 18:00")
        assert on.plain.startswith("Weekly digest on Sundays at 18:00 (UTC)")
        for bad in ("/weekly someday 18:00", "/weekly sun", "/weekly sun 25:00"):
            assert "/weekly sun 18:00" in (await ask(tg, OWNER, bad)).plain
        assert rows(
            db, "SELECT weekly_day, weekly_time FROM user_settings WHERE user_id = ?", OWNER
        ) == [(6, "18:00")]
        assert (await ask(tg, OWNER, "/weekly")).plain.startswith("Weekly digest on Sundays")
        assert (await ask(tg, OWNER, "/weekly off")).plain == "Weekly digest off."
        assert rows(db, "SELECT weekly_day FROM user_settings WHERE user_id = ?", OWNER) == [
            (None,)
        ]


async def test_keep_snooze_and_drop_from_the_digest_and_undo(tg, tmp_path, clock):
    db = tmp_path / "bot.db"
    fence, spanish, boat = await seed(db, OWNER, "Fix the fence", "Learn Spanish", "Sand boat")
    async with bot_running(bot_settings(tg, db), clock=clock) as app:
        await send_digest(app, db, clock)
        [digest] = tg.sent_messages(OWNER)
        assert digest.plain.count("Keep, snooze or drop?") == 3
        with plans_unchanged(db):
            await press(app, tg, OWNER, digest.message_id, f"wk:keep:{fence}")
        assert answers(tg)[-1].startswith("Kept “Fix the fence”: I won't ask about it again")
        assert rows(db, "SELECT plan_id, user_id FROM plan_keeps") == [(fence, OWNER)]
        shown = tg.messages[(OWNER, digest.message_id)]
        assert f"wk:keep:a:{fence}" not in str(shown.get("reply_markup"))
        assert f"wk:keep:a:{spanish}" in str(shown.get("reply_markup"))
        assert shown["text"].endswith(
            "✓ Kept “Fix the fence”: I won't ask about it again for 14 days."
        )

        await press(app, tg, OWNER, digest.message_id, f"wk:snz:{spanish}")
        assert answers(tg)[-1] == "Snoozed “Learn Spanish” until Sun 13 Dec. /undo takes it back."
        assert rows(
            db, "SELECT DISTINCT wait_until FROM plan_steps WHERE plan_id = ?", spanish
        ) == [("2026-12-12T23:00:00.000000Z",)]  # Berlin midnight

        await press(app, tg, OWNER, digest.message_id, f"wk:drop:{boat}")
        assert answers(tg)[-1] == "Dropped “Sand boat”. /undo takes it back."
        assert rows(db, "SELECT status FROM plans WHERE id = ?", boat) == [("abandoned",)]
        assert not buttons_of(tg.messages[(OWNER, digest.message_id)].get("reply_markup"))
        undone = await ask(tg, OWNER, "/undo")  # the dropped plan is current
        assert undone.plain.startswith("Undone: “plan marked abandoned” is taken back.")
        assert rows(db, "SELECT status FROM plans WHERE id = ?", boat) == [("active",)]


async def test_presses_on_anothers_plan_or_forged_data_change_nothing(tg, tmp_path, clock):
    db = tmp_path / "bot.db"
    [fence] = await seed(db, OWNER, "Fix the fence")
    [boat] = await seed(db, FRIEND, "Friend's boat")
    async with bot_running(bot_settings(tg, db), clock=clock) as app:
        await send_digest(app, db, clock)
        [digest] = tg.sent_messages(OWNER)
        with plans_unchanged(db):
            for data in (f"wk:drop:{boat}", f"wk:snz:{boat}", f"wk:keep:{boat}"):
                await press(app, tg, OWNER, digest.message_id, data)
            # The owner's button pressed by the friend (a forwarded message).
            await press(app, tg, OWNER, digest.message_id, f"wk:drop:{fence}", user=FRIEND)
            await press(app, tg, OWNER, digest.message_id, f"wk:drop:{fence}x")
            await press(app, tg, OWNER, digest.message_id, "wk:drop:١٢")
        assert (
            alerts(tg)
            == ["That plan is not yours, or it no longer exists. Nothing changed."] * 4
            + ["That button is no longer valid."] * 2
        )
        assert rows(db, "SELECT count(*) FROM plan_keeps") == [(0,)]
        assert rows(db, "SELECT status FROM plans ORDER BY id") == [("active",), ("active",)]


async def test_commands_are_in_the_menu_and_help(tmp_path):
    from drbot import commands, person_settings

    assert {"review", "weekly"} <= dict(commands.menu(commands.TELEGRAM, False)).keys()
    said = await commands.help_text(
        person_settings.Settings(None, None, None, side=commands.TELEGRAM), OWNER
    )
    assert "/review 20:30" in said and "/weekly sun 18:00" in said
