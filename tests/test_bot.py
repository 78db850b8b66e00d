"""The Telegram bot end to end: the real Application, a fake Bot API server."""

from __future__ import annotations

import contextlib
import sqlite3

import pytest

from tests.bot_harness import OWNER, QUICK_POLLS, STRANGER, bot_running, bot_settings
from tests.test_bot_e2e import STORY_PLAN, ask, settle


async def test_offline_conversation_and_plans_command(tg, tmp_path):
    async with bot_running(bot_settings(tg, tmp_path / "bot.db")):
        tg.push_message(
            OWNER,
            OWNER,
            "Make a plan to fix the fence — steps: get quotes, hire contractor, supervise work",
        )
        [created] = await tg.wait_for_messages(OWNER, 1)
        assert "Fix the fence" in created.plain
        tg.push_message(OWNER, OWNER, "/plans")
        messages = await tg.wait_for_messages(OWNER, 2)
        assert "1. Fix the fence [3 steps — 0 done, 0 in progress, 3 pending]" in messages[1].plain
        assert "Last activity: just now" in messages[1].plain
    assert [c[0] for c in tg.calls].count("setMyCommands") == 1


async def test_strangers_get_one_refusal_and_touch_nothing(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)):
        for i in range(5):
            tg.push_message(STRANGER, STRANGER, f"make a plan to rob the bank {i}")
        tg.push_message(OWNER, OWNER, "list my plans")
        await tg.wait_for_messages(OWNER, 1)
        assert len(tg.sent_messages(STRANGER)) == 1
        assert "private assistant" in tg.sent_messages(STRANGER)[0].plain
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM plans").fetchone() == (0,)
        assert conn.execute("SELECT count(*) FROM processed_updates").fetchone() == (1,)


async def test_morning_briefing_job_sends_once_and_its_buttons_work(tg, tmp_path, clock):
    from datetime import UTC, datetime

    clock.set(datetime(2026, 3, 2, 7, 0, tzinfo=UTC))
    async with bot_running(bot_settings(tg, tmp_path / "bot.db"), clock=clock) as app:
        tg.push_message(
            OWNER, OWNER, "Make a plan to fix the fence — steps: get quotes, hire contractor"
        )
        await tg.wait_for_messages(OWNER, 1)
        [job] = app.job_queue.get_jobs_by_name("proactive-tick")
        clock.advance(days=8)  # 07:00 local (UTC): not yet time
        await job.run(app)
        assert len(tg.sent_messages(OWNER)) == 1
        clock.advance(hours=2)  # 09:00: the bot "comes back" late and catches up
        await job.run(app)
        await job.run(app)  # a second tick the same day sends nothing more
        [_, briefing] = tg.sent_messages(OWNER)
        assert briefing.plain.startswith("📋 Plans needing attention:")
        assert '"Fix the fence" — Step 1 (Get quotes) has been pending for 8 days' in briefing.plain
        done = next(
            b
            for row in briefing.reply_markup["inline_keyboard"]
            for b in row
            if b["callback_data"].startswith("step:done:")
        )
        tg.push_callback(OWNER, OWNER, done["callback_data"], briefing.message_id)
        await tg.wait_for(lambda: tg.calls_to("editMessageText"))
        edited = tg.messages[(OWNER, briefing.message_id)]
        assert "✓ Step 1 marked done." in edited["text"]
        # the header stays bold after the edit (it is not re-escaped from the plain text)
        assert {
            "type": "bold",
            "offset": 0,
            "length": len("📋 Plans needing attention:") + 1,
        } in briefing_entities(edited)
        assert all(
            not b["callback_data"].endswith(":" + done["callback_data"].split(":")[-1])
            for row in edited.get("reply_markup", {}).get("inline_keyboard", [])
            for b in row
        )
        svc = app.bot_data["services"]
        plan = (await svc.store.list_plans(OWNER))[0]
        assert plan["counts"]["done"] == 1


def briefing_entities(message: dict) -> list[dict]:
    assert "entities" in message, "no formatting left"
    return message["entities"]


async def test_a_person_who_blocked_the_bot_gets_briefings_again_after_writing(tg, tmp_path):
    async with bot_running(bot_settings(tg, tmp_path / "bot.db")) as app:
        log = app.bot_data["services"].briefings
        await log.mark_blocked(OWNER)
        tg.push_message(OWNER, OWNER, "list my plans")
        await tg.wait_for_messages(OWNER, 1)
        assert not await log.is_blocked(OWNER)


def left_in_the_inbox(db, update_id: int, message_id: int) -> None:
    """An update fetched (and so confirmed to Telegram) but not yet handled."""
    import json

    update = {
        "update_id": update_id,
        "message": {
            "message_id": message_id,
            "date": 1767225600,
            "text": "make a plan to fix the gate — steps: buy hinge",
            "chat": {"id": OWNER, "type": "private"},
            "from": {"id": OWNER, "is_bot": False, "first_name": "Owner"},
        },
    }
    with sqlite3.connect(db) as conn:
        conn.execute(
            "INSERT INTO inbox VALUES (?, '2026-01-01T00:00:00.000000Z', ?)",
            (update_id, json.dumps(update)),
        )


async def test_updates_left_unhandled_by_a_crash_are_replayed_at_start(tg, tmp_path):

    db = tmp_path / "bot.db"
    settings = bot_settings(tg, db)
    async with bot_running(settings):
        pass  # creates the database
    # What a SIGKILL leaves behind: an update fetched (and so confirmed to
    # Telegram) but never handled, still in the inbox.
    left_in_the_inbox(db, 900, 5)
    async with bot_running(settings):
        [reply] = await tg.wait_for_messages(OWNER, 1)
        assert "Fix the gate" in reply.plain
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM inbox").fetchone() == (0,)
        assert conn.execute("SELECT count(*) FROM plans").fetchone() == (1,)
    async with bot_running(settings):  # nothing is replayed twice
        tg.push_message(OWNER, OWNER, "list my plans")
        await tg.wait_for_messages(OWNER, 2)
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM plans").fetchone() == (1,)


async def test_the_inbox_keeps_an_update_as_telegram_sent_it(tg, tmp_path):
    """Kept as the JSON getUpdates brought (FetchedUpdates), not python-telegram-bot's
    object turned back into JSON: that cost more CPU than the rest of a mark line."""
    import asyncio
    import json

    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        # The first answer waits, and the second message waits for its chat: it stays
        # in the inbox (the first leaves it just before its answer is sent).
        tg.delay("sendMessage", 1.0)
        tg.push_message(OWNER, OWNER, "/help")
        update_id = tg.push_message(OWNER, OWNER, "/help")
        sent = {"update_id": update_id, "message": tg.messages[(OWNER, 2)]}
        kept = []
        for _ in range(100):
            with sqlite3.connect(db) as conn:
                kept = conn.execute("SELECT payload FROM inbox").fetchall()
            conn.close()
            if len(kept) == 1:
                break
            await asyncio.sleep(0.01)
        assert [json.loads(payload) for (payload,) in kept] == [sent]
        tg.delay("sendMessage", 0)
        await settle(app, tg)
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM inbox").fetchone() == (0,)
    conn.close()


@pytest.mark.parametrize("text", ["/plans", "✓ 2"])
async def test_an_answer_leaves_only_once_its_update_is_claimed_on_disk(tg, tmp_path, text):
    """The claim rides the update's change, or is committed before its first answer
    when there is none (``claimed_first``): an update answered is never answered again."""
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, STORY_PLAN)
        await settle(app, tg)
        sends = len(tg.calls_to("sendMessage"))
        tg.delay("sendMessage", 1.0)  # the answer has left and is not answered yet
        update_id = tg.push_message(OWNER, OWNER, text)
        await tg.wait_for(lambda: len(tg.calls_to("sendMessage")) > sends, 10)
        with contextlib.closing(sqlite3.connect(db)) as conn:
            claimed = conn.execute(
                "SELECT count(*) FROM processed_updates WHERE update_id = ?", (update_id,)
            ).fetchone()
        tg.delay("sendMessage", 0)
        await settle(app, tg)
    assert claimed == (1,)
    assert tg.errors == []


@pytest.mark.parametrize("text", ["✓ 2", "/plans"])
async def test_an_update_delivered_twice_in_one_batch_is_handled_once(tg, tmp_path, text):
    """Both copies are kept before either is handled, and both read "not claimed" as
    they are kept: the second is read afresh (this process took its update_id before)
    and stops at the duplicate filter."""
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, STORY_PLAN)
        await settle(app, tg)
        revisions = _count(db, "plan_revisions")
        sent = len(tg.sent_messages(OWNER))
        update_id = tg.push_message(OWNER, OWNER, text)
        message = tg.messages[(OWNER, max(m for c, m in tg.messages if c == OWNER))]
        tg.push_raw_update({"update_id": update_id, "message": message})
        await settle(app, tg)
        assert len(tg.sent_messages(OWNER)) == sent + 1
        assert _count(db, "plan_revisions") == revisions + (text == "✓ 2")
    assert tg.errors == []


def _count(db, table: str) -> int:
    with contextlib.closing(sqlite3.connect(db)) as conn:
        return conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]


async def test_an_update_claimed_before_a_crash_is_not_handled_again_and_leaves_the_inbox(
    tg, tmp_path
):
    """Killed after the duplicate filter's claim committed but before the change that
    takes the update out of the inbox: the replay stops at the claim."""

    db = tmp_path / "bot.db"
    settings = bot_settings(tg, db)
    async with bot_running(settings):
        pass  # creates the database
    left_in_the_inbox(db, 901, 6)
    with sqlite3.connect(db) as conn:
        conn.execute("INSERT INTO processed_updates VALUES (901, '2026-01-01T00:00:00.000000Z')")
    async with bot_running(settings) as app:
        await tg.wait_for(lambda: not inbox_rows(db))
        await settle(app, tg)
    assert tg.sent_messages(OWNER) == []
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM plans").fetchone() == (0,)


def inbox_rows(db) -> int:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT count(*) FROM inbox").fetchone()[0]


async def test_polling_errors_are_one_log_line_without_a_traceback(tg, tmp_path, caplog):
    import logging

    caplog.set_level(logging.WARNING)
    async with bot_running(bot_settings(tg, tmp_path / "bot.db", telegram=QUICK_POLLS)):
        tg.fail_next("getUpdates", 502)
        await tg.wait_for(lambda: len(tg.calls_to("getUpdates")) >= 3, timeout=10)
        tg.push_message(OWNER, OWNER, "list my plans")
        await tg.wait_for_messages(OWNER, 1, timeout=10)
    polling = [r for r in caplog.records if "polling failed" in r.getMessage()]
    assert polling and all(r.exc_info is None for r in polling)
    assert not [r for r in caplog.records if r.exc_info is not None]


async def test_housekeeping_forgets_old_update_ids_only(tg, tmp_path, clock):
    async with bot_running(bot_settings(tg, tmp_path / "bot.db"), clock=clock) as app:
        tg.push_message(OWNER, OWNER, "list my plans")
        await tg.wait_for_messages(OWNER, 1)
        [job] = app.job_queue.get_jobs_by_name("housekeeping")
        await job.run(app)  # the update of a moment ago stays
        with sqlite3.connect(tmp_path / "bot.db") as conn:
            assert conn.execute("SELECT count(*) FROM processed_updates").fetchone() == (1,)
        clock.advance(days=8)
        await job.run(app)
        with sqlite3.connect(tmp_path / "bot.db") as conn:
            assert conn.execute("SELECT count(*) FROM processed_updates").fetchone() == (0,)
