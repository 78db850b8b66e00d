"""/quiet, /mute and /unmute over Telegram (the real Application, the fake Bot
API), and `drbot tick --at` printing and sending through the same claim."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from drbot.cli import main
from drbot.memory import PlanStore
from tests.bot_harness import FRIEND, OWNER, TOKEN, bot_running, bot_settings
from tests.fakes.telegram_server import fake_telegram_in_a_thread
from tests.test_bot_e2e import ask


def rows(db, sql, *args):
    with sqlite3.connect(db) as conn:
        return conn.execute(sql, args).fetchall()


async def plans(db, user, *titles):
    store = await PlanStore.open(db)
    try:
        return [await store.create_plan(user, title, steps=["First"]) for title in titles]
    finally:
        await store.close()


async def test_quiet_sets_shows_refuses_and_turns_off(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)):
        assert (await ask(tg, OWNER, "/quiet")).plain.startswith("No quiet hours.")
        set_ = await ask(tg, OWNER, "/quiet 22:00-08:00")
        assert set_.plain.startswith("Quiet hours set: 22:00–08:00 (UTC).")
        bad = await ask(tg, OWNER, "/quiet 25:00-08:00")
        assert "00:00 to 23:59" in bad.plain and "/quiet 22:00-08:00" in bad.plain
        assert rows(
            db, "SELECT quiet_from, quiet_until FROM user_settings WHERE user_id = ?", OWNER
        ) == [("22:00", "08:00")]  # unchanged
        assert (await ask(tg, OWNER, "/quiet")).plain.startswith("Quiet hours: 22:00–08:00")
        assert (await ask(tg, OWNER, "/quiet off")).plain.startswith("Quiet hours off")
        assert rows(db, "SELECT quiet_from FROM user_settings WHERE user_id = ?", OWNER) == [
            (None,)
        ]


async def test_mute_takes_the_number_from_plans_and_only_the_persons_own(tg, tmp_path):
    db = tmp_path / "bot.db"
    _, passport = await plans(db, OWNER, "Fix the fence", "Renew passport")
    await plans(db, FRIEND, "Friend's plan")
    async with bot_running(bot_settings(tg, db)):
        muted = await ask(tg, OWNER, "/mute 2")  # /plans order: oldest first
        assert muted.plain == (
            "Muted plan 2 (Renew passport): no briefing lines or reminders until /unmute 2."
        )
        assert (await ask(tg, OWNER, "/mute 2")).plain.endswith("is already muted.")
        assert (await ask(tg, OWNER, "/mute")).plain.startswith("Muted: 2. Renew passport.")
        assert "There is no plan 3 in /plans" in (await ask(tg, OWNER, "/mute 3")).plain
        assert "There is no plan x" in (await ask(tg, OWNER, "/mute x")).plain
        # The friend's "plan 2" does not exist: nothing of the owner's changes.
        assert "There is no plan 2" in (await ask(tg, FRIEND, "/mute 2")).plain
        assert rows(db, "SELECT plan_id, user_id FROM plan_mutes") == [(passport, OWNER)]
        assert (await ask(tg, OWNER, "/unmute 2")).plain.endswith("is unmuted.")
        assert (await ask(tg, OWNER, "/unmute 2")).plain.endswith("was not muted.")
    assert rows(db, "SELECT count(*) FROM plan_mutes") == [(0,)]


# -- drbot tick --------------------------------------------------------------------------


@pytest.fixture
def cli_db(tmp_path, monkeypatch, clock):
    path = tmp_path / "data" / "drbot.db"
    monkeypatch.setenv("DRBOT_DB", str(path))
    for name in ("DRBOT_CONFIG", "TELEGRAM_BOT_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)

    async def fill():
        store = await PlanStore.open(path, clock=clock)  # Monday 2 March 09:00 UTC
        await store.create_plan(1, "Fence repair", steps=["Get quotes"])
        await store.create_plan(2, "Bob's boat", steps=["Sand it"])
        await store.close()

    asyncio.run(fill())
    (tmp_path / "config.toml").write_text("[telegram]\nallowed_user_ids = [1, 2]\n")
    return path


def test_tick_at_prints_what_it_would_send_and_claims_nothing(cli_db, capsys):
    assert main(["tick", "--at", "2026-03-05T09:00"]) == 0
    assert capsys.readouterr().out == "Nothing proactive is due at 2026-03-05T09:00+00:00.\n"
    assert main(["tick", "--at", "2026-03-11T09:00"]) == 0
    out = capsys.readouterr().out
    assert (
        "── user 1 · briefing · would send (briefing:2026-03-11@UTC)\n📋 Plans needing "
        'attention:\n1. "Fence repair" — Step 1 (Get quotes) has been pending for 9 days.' in out
    )
    assert "── user 2 · briefing · would send" in out and "Bob's boat" in out
    assert rows(cli_db, "SELECT count(*) FROM proactive_sends") == [(0,)]
    assert main(["tick", "--at", "yesterday"]) == 2
    assert "is not an ISO time" in capsys.readouterr().err


def test_tick_send_sends_through_the_claim_once(cli_db, tmp_path, monkeypatch, capsys):
    with fake_telegram_in_a_thread(TOKEN) as tg:
        (tmp_path / "config.toml").write_text(
            f'[telegram]\nbase_url = "{tg.base_url}"\nallowed_user_ids = [1, 2]\n'
        )
        monkeypatch.setenv("TELEGRAM_BOT_TOKEN", TOKEN)
        with sqlite3.connect(cli_db) as conn:  # Bob: quiet hours 08:00-10:00 UTC
            conn.execute(
                "INSERT INTO user_settings (user_id, quiet_from, quiet_until,"
                " updated_at) VALUES (2, '08:00', '10:00', 'x')"
            )
        argv = ["tick", "--at", "2026-03-11T09:00", "--send"]
        assert main(argv) == 0
        out = capsys.readouterr().out
        assert "── user 1 · briefing · sent" in out and "── user 2 · briefing · quiet" in out
        assert main(argv) == 0  # the same moment again: nothing twice
        assert "user 1" not in capsys.readouterr().out
        assert main(["tick", "--at", "2026-03-11T10:00", "--send"]) == 0
        assert "── user 2 · briefing · sent" in capsys.readouterr().out
        assert [m.chat_id for m in tg.sent_messages()] == [1, 2]
        assert rows(cli_db, "SELECT user_id, state FROM proactive_sends ORDER BY user_id") == [
            (1, "sent"),
            (2, "sent"),
        ]
