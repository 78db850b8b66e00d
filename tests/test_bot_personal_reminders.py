"""Reminders of any kind over the fake Bot API: "remind me … to …" with no step to hang
on, /reminders with Cancel and Skip next, a reminder's own message with Done and Stop
(sent by the real tick through the outbox), the model's set_reminder tool over the fake
Anthropic server, and `drbot tick --at … --send`.

The bot's clock is Tuesday 2026-11-24 10:00 UTC; the owner lives in Europe/Berlin.
"""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from drbot.bot import outbox
from drbot.cli import main
from drbot.config import Settings, TelegramSettings
from drbot.memory import PlanStore
from drbot.memory.briefings import BriefingLog
from drbot.memory.user_settings import UserSettings
from drbot.scheduler.contract import TickEnv
from drbot.scheduler.tick import tick
from tests.bot_harness import FRIEND, OWNER, TOKEN, bot_running, bot_settings
from tests.conftest import FakeClock
from tests.fakes.telegram_server import fake_telegram_in_a_thread
from tests.test_bot_e2e import answers, ask, buttons_of, rows
from tests.test_bot_reminders import alerts, press, seed

NOW = datetime(2026, 11, 24, 10, 0, tzinfo=UTC)
MONDAY_9 = datetime(2026, 11, 30, 8, 0, tzinfo=UTC)  # 09:00 in Berlin


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(NOW)


def reminders(db) -> list[tuple]:
    return rows(
        db,
        "SELECT user_id, text, repeat_words, next_at, status FROM personal_reminders ORDER BY id",
    )


def data_of(message) -> list[list[str]]:
    return [[b["callback_data"] for b in row] for row in buttons_of(message)]


async def run_tick(app, db, clock, moment):
    """One run of the tick at ``moment``, sending through the bot as drbot run does:
    what it did with the person's own reminders."""
    store = await PlanStore.open(db, clock=clock)
    try:
        env = TickEnv(
            store,
            UserSettings(store.db),
            BriefingLog(store.db),
            Settings(telegram=TelegramSettings(allowed_user_ids=(OWNER, FRIEND))),
            (OWNER, FRIEND),
            store.db,
        )
        return [
            r
            for r in await tick(env, moment, outbox.sender(app.bot))
            if r.kind == "personal_reminder"
        ]
    finally:
        await store.close()


async def test_remind_me_with_no_step_goes_in_the_list_and_reminders_cancels_or_skips(
    tg, tmp_path, clock
):
    db = tmp_path / "bot.db"
    await seed(db, clock)  # "Renew passport": photos, form, appointment — no council, no plants
    async with bot_running(bot_settings(tg, db), clock=clock) as app:
        said = await ask(tg, OWNER, "remind me friday 10am to call the council")
        assert said.plain == (
            "Reminder set: “Call the council” Friday 27 November at 10:00 (Europe/Berlin)."
        )
        said = await ask(tg, OWNER, "remind me every monday 9am to water the plants")
        assert said.plain == (
            "Reminder set: “Water the plants” every Monday at 09:00 "
            "(Europe/Berlin); the first is Monday 30 November at 09:00."
        )
        assert rows(db, "SELECT count(*) FROM plans") == [(1,)]  # no plan of one step
        assert reminders(db) == [
            (OWNER, "Call the council", None, "2026-11-27T09:00:00.000000Z", "active"),
            (
                OWNER,
                "Water the plants",
                "every Monday at 09:00",
                "2026-11-30T08:00:00.000000Z",
                "active",
            ),
        ]

        shown = await ask(tg, OWNER, "/reminders")
        assert shown.plain.splitlines() == [
            "⏰ Scheduled reminders (Europe/Berlin):",
            "1. Fri 27 Nov 10:00 — Call the council",
            "2. Mon 30 Nov 09:00 — Water the plants (every Monday at 09:00)",
        ]
        friday, monday = (
            int(datetime(2026, 11, 27, 9, tzinfo=UTC).timestamp()),
            int(MONDAY_9.timestamp()),
        )
        assert data_of(shown) == [[f"rem:c:1:{friday}"], [f"rem:c:2:{monday}", f"rem:n:2:{monday}"]]
        assert [[b["text"] for b in row] for row in buttons_of(shown)] == [
            ["✗ Cancel 1"],
            ["✗ Cancel 2", "⤼ Skip next 2"],
        ]

        await press(app, tg, OWNER, shown.message_id, f"rem:n:2:{monday}")
        assert answers(tg)[-1] == ("Skipped once: Water the plants next comes Mon 7 Dec 09:00.")
        assert reminders(db)[1][3] == "2026-12-07T08:00:00.000000Z"
        assert (
            "2. Mon 7 Dec 09:00 — Water the plants"
            in tg.messages[(OWNER, shown.message_id)]["text"]
        )

        before = reminders(db)
        await press(app, tg, OWNER, shown.message_id, f"rem:n:2:{monday}")  # an old button
        await press(app, tg, OWNER, shown.message_id, f"rem:c:1:{friday}", user=FRIEND)
        assert reminders(db) == before
        assert alerts(tg)[-2:] == [
            "That reminder has changed since; nothing changed.",
            "That reminder is no longer scheduled. Nothing changed.",
        ]

        await press(app, tg, OWNER, shown.message_id, f"rem:c:1:{friday}")
        assert answers(tg)[-1] == "Reminder cancelled: Call the council."
        assert reminders(db)[0][4] == "cancelled"
        assert tg.messages[(OWNER, shown.message_id)]["text"].splitlines()[1:] == [
            "1. Mon 7 Dec 09:00 — Water the plants (every Monday at 09:00)"
        ]


async def test_a_step_it_names_keeps_its_own_reminder(tg, tmp_path, clock):
    db = tmp_path / "bot.db"
    _, form, _ = await seed(db, clock)
    async with bot_running(bot_settings(tg, db), clock=clock):
        said = await ask(tg, OWNER, "remind me friday 10am to fill in the form")
    assert said.plain.startswith(
        'Snoozed □ step 2 "Fill in the form" until Friday 27 November at 10:00'
    )
    assert reminders(db) == []
    assert rows(db, "SELECT wait_at_time FROM plan_steps WHERE id = ?", form) == [(1,)]


async def test_a_repeating_reminder_is_sent_with_done_and_stop(tg, tmp_path, clock):
    db = tmp_path / "bot.db"
    await seed(db, clock)
    async with bot_running(bot_settings(tg, db), clock=clock) as app:
        await ask(tg, OWNER, "remind me every monday 9am to water the plants")
        await ask(tg, OWNER, "remind me in 20 minutes to take the cake out")
        [cake] = await run_tick(app, db, clock, NOW + timedelta(minutes=20))
        assert cake.outcome == "sent"
        [plants] = await run_tick(app, db, clock, MONDAY_9)
        assert plants.outcome == "sent"
        assert await run_tick(app, db, clock, MONDAY_9 + timedelta(minutes=1)) == []
        first, second = tg.sent_messages(OWNER)[-2:]
        assert first.plain == "⏰ Reminder: Take the cake out"
        assert data_of(first) == [["rem:d:2"]]
        assert second.plain == "⏰ Reminder: Water the plants (every Monday at 09:00)"
        assert [[b["text"] for b in row] for row in buttons_of(second)] == [
            ["✓ Done (this time)", "✗ Stop"]
        ]

        await press(app, tg, OWNER, first.message_id, "rem:d:2")
        assert answers(tg)[-1] == "Done."
        after = tg.messages[(OWNER, first.message_id)]
        assert after["text"] == "⏰ Reminder: Take the cake out\n✓ Done"
        assert not buttons_of(after.get("reply_markup"))

        await press(app, tg, OWNER, second.message_id, "rem:p:1", user=FRIEND)
        assert alerts(tg)[-1] == (
            "That reminder is not yours, or it no longer exists. Nothing changed."
        )
        assert reminders(db)[0][4] == "active"
        await press(app, tg, OWNER, second.message_id, "rem:d:1")  # done this time: it stays
        assert reminders(db)[0][3:] == ("2026-12-07T08:00:00.000000Z", "active")
        await press(app, tg, OWNER, second.message_id, "rem:p:1")
        assert answers(tg)[-1] == "Stopped: no more of these."
        assert reminders(db)[0][3:] == (None, "cancelled")
        assert await run_tick(app, db, clock, MONDAY_9 + timedelta(days=7)) == []


async def test_the_model_sets_and_cancels_reminders_with_its_tools(tg, model, tmp_path, clock):
    db = tmp_path / "bot.db"
    await seed(db, clock)
    model.push_tool_use(
        [
            (
                "set_reminder",
                {"text": "Pay the rent", "when": "9am", "repeat": "on the 1st of every month"},
            )
        ]
    )
    model.push_text("Done: on the 1st of every month at 9.")
    model.push_tool_use([("list_reminders", {})])
    model.push_tool_use([("cancel_reminder", {"reminder": "rent"})])
    model.push_text("Cancelled.")
    async with bot_running(bot_settings(tg, db, fake_model=model), clock=clock):
        said = await ask(tg, OWNER, "remind me to pay the rent on the 1st of every month at 9")
        assert said.plain == "Done: on the 1st of every month at 9."
        assert reminders(db) == [
            (
                OWNER,
                "Pay the rent",
                "on the 1st of every month at 09:00",
                "2026-12-01T08:00:00.000000Z",
                "active",
            )
        ]
        await ask(tg, OWNER, "actually cancel the rent one")
    results = {
        block["tool_use_id"]: str(block["content"])
        for request in model.requests
        for message in request.body["messages"]
        if isinstance(message["content"], list)
        for block in message["content"]
        if block.get("type") == "tool_result"
    }
    found = list(results.values())
    assert len(found) == 3
    assert found[0].startswith("Reminder set: “Pay the rent” on the 1st of every month at 09:00")
    assert found[1].startswith("Scheduled reminders (Europe/Berlin), numbered as /reminders")
    assert found[2] == "Reminder cancelled: Pay the rent."
    assert (
        "1. Tue 1 Dec 09:00 — Pay the rent (on the 1st of every month at 09:00)"
        in list(results.values())[1]
    )
    assert reminders(db)[0][4] == "cancelled"
    tools = {t["name"]: t for t in model.requests[0].body["tools"]}
    for name in ("set_reminder", "list_reminders", "cancel_reminder"):
        assert not {"user_id", "user"} & set(tools[name]["input_schema"]["properties"])


def test_tick_send_sends_a_reminder_once(tmp_path, monkeypatch, capsys):
    """`drbot tick --at … --send` through the fake Bot API: each occurrence once."""
    path = tmp_path / "data" / "drbot.db"
    monkeypatch.setenv("DRBOT_DB", str(path))
    monkeypatch.delenv("DRBOT_CONFIG", raising=False)
    monkeypatch.chdir(tmp_path)
    clock = FakeClock(NOW)

    async def fill():
        from drbot.memory.personal_reminders import ReminderList

        store = await PlanStore.open(path, clock=clock)
        await ReminderList(store.db, clock=clock).add(
            1, "Call the council", NOW + timedelta(hours=2)
        )
        await store.close()

    asyncio.run(fill())
    with fake_telegram_in_a_thread(TOKEN) as tg:
        (tmp_path / "config.toml").write_text(
            f'[telegram]\nbase_url = "{tg.base_url}"\nallowed_user_ids = [1]\n'
        )
        monkeypatch.setenv("TELEGRAM_BOT_TOKEN", TOKEN)
        assert main(["tick", "--at", "2026-11-24T11:59"]) == 0
        assert "Nothing proactive is due" in capsys.readouterr().out
        assert main(["tick", "--at", "2026-11-24T12:00"]) == 0  # a dry run claims nothing
        assert "── user 1 · personal_reminder · would send" in capsys.readouterr().out
        argv = ["tick", "--at", "2026-11-24T12:03", "--send"]
        assert main(argv) == 0
        out = capsys.readouterr().out
        assert "── user 1 · personal_reminder · sent" in out
        assert "⏰ Reminder: Call the council" in out
        assert main(argv) == 0
        assert "personal_reminder" not in capsys.readouterr().out
        assert [m.plain for m in tg.sent_messages()] == ["⏰ Reminder: Call the council"]
        with sqlite3.connect(path) as conn:
            assert conn.execute("SELECT status FROM personal_reminders").fetchall() == [
                ("finished",)
            ]
