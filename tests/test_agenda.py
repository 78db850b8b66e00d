"""The morning message as the day's agenda, and due reminders, through the real tick
(real SQLite file, a recording ``send``), `drbot tick --at … --send` over the fake Bot
API, and /due_reminders over Telegram and in the terminal.

The clock starts on Monday 2 March 2026 09:00 UTC; everyone is in UTC unless said,
with the briefing at 08:00.
"""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime

import pytest

from drbot import commands, person_settings
from drbot.cli import main
from drbot.memory import PlanStore
from drbot.memory.due_dates import DueReminderSettings
from drbot.memory.proactive_sends import SendLog
from drbot.memory.quiet import Quiet
from drbot.memory.user_settings import UserSettings
from drbot.outgoing import DeliveryUnknown
from drbot.scheduler.tick import tick
from tests.bot_harness import OWNER, TOKEN, bot_running, bot_settings
from tests.fakes.telegram_server import fake_telegram_in_a_thread
from tests.test_bot_e2e import ask
from tests.test_tick import ALICE, BOB, Recorder, env_for


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


async def a_full_day(store) -> dict[str, int]:
    """Alice's plans for Wednesday 11 March: every kind of agenda line once."""
    taxes = await store.create_plan(
        ALICE,
        "Taxes",
        steps=[
            {"title": "Gather receipts", "due_date": "2026-03-11"},
            {"title": "Pay the accountant", "due_date": "2026-03-10"},
        ],
    )
    passport = await store.create_plan(ALICE, "Passport", steps=["Fill in the form", "Book photos"])
    form, photos = [s["id"] for s in (await store.get_plan(ALICE, passport))["steps"]]
    await store.snooze_step(ALICE, form, at("2026-03-11T15:00"), at_time=True)
    await store.snooze_step(ALICE, photos, "2026-03-11")
    # A tracked commitment ("I'll call the council on the 11th"): a step made waiting.
    await store.create_plan(
        ALICE, "Council", steps=[{"title": "Call the council", "wait_until": "2026-03-11"}]
    )
    await store.create_plan(ALICE, "Fence", steps=["Get quotes"])
    return {"taxes": taxes, "form": form}


# -- the morning agenda -------------------------------------------------------------------


async def test_the_morning_message_is_the_days_agenda(store, clock):
    await a_full_day(store)
    send = Recorder()
    store_env = env_for(store)
    await tick(store_env, at("2026-03-11T08:00"), send)
    [agenda] = [m for m in send.sent if m.user_id == ALICE]
    assert agenda.kind == "briefing"
    assert agenda.plain.splitlines() == [
        "📋 Plans needing attention:",
        '1. "Passport" — Step 1 (Fill in the form): reminder at 15:00 today.',
        '2. "Taxes" — Step 1 (Gather receipts) is due today.',
        '3. "Taxes" — Step 2 (Pay the accountant) was due Tue 10 Mar: 1 day overdue.',
        '4. "Passport" — Step 2 (Book photos) was waiting until today (Wed 11 Mar).',
        '5. "Council" — Step 1 (Call the council): you said you\'d do it today.',
        '6. "Fence" — Step 1 (Get quotes) has been pending for 8 days.',
    ]
    # Buttons for every line, tagged with its number.
    assert [row[0].label for row in agenda.rows] == [f"✓ Done ({n})" for n in range(1, 7)]
    # Bob has nothing today: his morning is settled, nothing sent.
    assert (await SendLog(store.db).get(BOB, "briefing:2026-03-11@UTC"))["state"] == "empty"
    assert await tick(store_env, at("2026-03-11T08:01"), send) == []


async def test_today_is_the_persons_own_day(store, clock):
    await UserSettings(store.db).set_timezone(ALICE, "Pacific/Auckland")  # UTC+13
    await store.create_plan(
        ALICE, "Taxes", steps=[{"title": "Gather receipts", "due_date": "2026-03-12"}]
    )
    send = Recorder()
    # 19:00 UTC on the 11th is 08:00 on Thursday 12 March in Auckland: due today there.
    await tick(env_for(store), at("2026-03-11T19:00"), send)
    [agenda] = send.sent
    assert agenda.plain.splitlines()[1] == '1. "Taxes" — Step 1 (Gather receipts) is due today.'


async def test_nothing_due_and_nothing_quiet_sends_nothing(store, clock):
    await store.create_plan(
        ALICE, "Taxes", steps=[{"title": "Gather receipts", "due_date": "2026-03-20"}]
    )
    send = Recorder()
    await tick(env_for(store), at("2026-03-04T08:00"), send)
    assert send.sent == []


async def test_an_overdue_step_becomes_the_question_on_the_third_morning(store, clock):
    await store.create_plan(
        ALICE, "Taxes", steps=[{"title": "Gather receipts", "due_date": "2026-03-03"}]
    )
    env, send = env_for(store), Recorder()
    for day in (4, 5, 6):
        await tick(env, at(f"2026-03-0{day}T08:00"), send)
    lines = [m.plain.splitlines()[1] for m in send.sent]
    assert lines[:2] == [
        '1. "Taxes" — Step 1 (Gather receipts) was due Tue 3 Mar: 1 day overdue.',
        '1. "Taxes" — Step 1 (Gather receipts) was due Tue 3 Mar: 2 days overdue.',
    ]
    assert lines[2] == (
        '1. "Taxes" — Step 1 (Gather receipts) has come up three mornings '
        "running. Re-plan, snooze or drop it?"
    )


async def test_a_snoozed_overdue_step_is_quiet_until_its_wait_ends(store, clock):
    plan = await store.create_plan(
        ALICE, "Taxes", steps=[{"title": "Gather receipts", "due_date": "2026-03-03"}]
    )
    step = (await store.get_plan(ALICE, plan))["steps"][0]["id"]
    clock.set(at("2026-03-04T09:00"))
    await store.snooze_step(ALICE, step, "2026-03-09")
    send = Recorder()
    await tick(env_for(store), at("2026-03-05T08:00"), send)
    assert send.sent == []


async def test_a_finished_step_and_a_muted_plan_are_not_on_the_agenda(store, clock):
    ids = await a_full_day(store)
    plan = await store.get_plan(ALICE, ids["taxes"])
    await store.update_step_status(ALICE, plan["steps"][0]["id"], "done")
    send = Recorder()
    await Quiet(store.db).mute(ALICE, ids["taxes"])
    await tick(env_for(store), at("2026-03-11T08:00"), send)
    [agenda] = send.sent
    assert "Taxes" not in agenda.plain.replace("🔇", "")
    assert "🔇 1 muted plan" in agenda.plain


# -- due reminders ----------------------------------------------------------------------


async def due_wednesday(store, user=ALICE) -> int:
    plan = await store.create_plan(
        user, "Taxes", steps=[{"title": "Submit the return", "due_date": "2026-03-04"}]
    )
    return (await store.get_plan(user, plan))["steps"][0]["id"]


async def test_the_evening_before_a_due_date_one_reminder_once(store, clock):
    await due_wednesday(store)
    env, send = env_for(store), Recorder()
    await tick(env, at("2026-03-03T17:59"), send)
    assert send.sent == []
    await tick(env, at("2026-03-03T18:00"), send)
    await tick(env, at("2026-03-03T18:01"), send)
    [reminder] = send.sent
    assert reminder.kind == "due"
    assert reminder.plain == (
        '⏰ Reminder: "Taxes" — Step 1 (Submit the return) is due tomorrow (Wed 4 Mar).'
    )
    assert [b.label for b in reminder.rows[0]] == ["✓ Done", "Log attempt", "Snooze", "⤼ Skip"]
    # The morning itself: the agenda says it, no second reminder.
    await tick(env, at("2026-03-04T08:00"), send)
    assert [m.kind for m in send.sent] == ["due", "briefing"]
    assert "is due today" in send.sent[1].plain


async def test_without_a_briefing_the_morning_brings_its_own_reminder(store, clock):
    await due_wednesday(store)
    await UserSettings(store.db).set_briefing_time(ALICE, "off")
    env, send = env_for(store), Recorder()
    await tick(env, at("2026-03-04T07:59"), send)
    assert send.sent == []
    await tick(env, at("2026-03-04T08:00"), send)
    await tick(env, at("2026-03-04T12:00"), send)
    [reminder] = send.sent
    assert reminder.plain.endswith("is due today (Wed 4 Mar).")


async def test_a_date_given_after_the_evening_brings_no_reminder_at_once(store, clock):
    clock.set(at("2026-03-03T20:00"))
    await due_wednesday(store)
    send = Recorder()
    await tick(env_for(store), at("2026-03-03T20:01"), send)
    assert send.sent == []


async def test_a_done_step_or_due_reminders_off_gets_nothing(store, clock):
    step = await due_wednesday(store)
    await due_wednesday(store, user=BOB)
    await store.update_step_status(ALICE, step, "done")
    assert await DueReminderSettings(store.db).set_enabled(BOB, False) is False
    send = Recorder()
    await tick(env_for(store), at("2026-03-03T18:00"), send)
    assert send.sent == []


async def test_a_due_reminder_whose_outcome_is_unknown_is_never_resent(store, clock):
    step = await due_wednesday(store)
    env, send = env_for(store), Recorder()
    send.fail = [DeliveryUnknown("read timeout")]
    results = await tick(env, at("2026-03-03T18:00"), send)
    assert [r.outcome for r in results] == ["unknown"]
    await tick(env, at("2026-03-03T18:05"), send)
    assert send.sent == []
    row = await SendLog(store.db).get(ALICE, f"due:{step}:2026-03-04:eve")
    assert row["state"] == "unknown"


# -- the setting --------------------------------------------------------------------------


async def test_due_reminders_on_and_off_in_the_terminal(store, clock):
    settings = person_settings.Settings(store, UserSettings(store.db), clock)
    command = commands.BY_NAME["due_reminders"].text  # what drbot chat and Telegram call
    assert (await command(settings, ALICE, "")).startswith("Due reminders on")
    assert (await command(settings, ALICE, "off")).startswith("Due reminders off")
    assert (await command(settings, ALICE, "")).startswith("Due reminders off")
    assert "Use /due_reminders on" in await command(settings, ALICE, "sometimes")
    assert await DueReminderSettings(store.db).enabled(ALICE) is False
    assert await DueReminderSettings(store.db).enabled(BOB) is True


async def test_due_reminders_over_telegram(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)):
        assert (await ask(tg, OWNER, "/due_reminders off")).plain.startswith("Due reminders off")
        assert "Use /due_reminders on" in (await ask(tg, OWNER, "/due_reminders maybe")).plain
        assert (await ask(tg, OWNER, "/due_reminders")).plain.startswith("Due reminders off")
    with sqlite3.connect(db) as conn:
        assert conn.execute(
            "SELECT due_reminders FROM user_settings WHERE user_id = ?", (OWNER,)
        ).fetchall() == [(0,)]


# -- drbot tick --at … --send over the fake Bot API ----------------------------------------


@pytest.fixture
def cli_db(tmp_path, monkeypatch, clock):
    path = tmp_path / "data" / "drbot.db"
    monkeypatch.setenv("DRBOT_DB", str(path))
    for name in ("DRBOT_CONFIG", "TELEGRAM_BOT_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)

    async def fill():
        store = await PlanStore.open(path, clock=clock)
        try:
            await a_full_day(store)
        finally:
            await store.close()

    asyncio.run(fill())
    return path


def test_tick_send_delivers_the_agenda_with_buttons(cli_db, tmp_path, monkeypatch, capsys):
    with fake_telegram_in_a_thread(TOKEN) as tg:
        (tmp_path / "config.toml").write_text(
            f'[telegram]\nbase_url = "{tg.base_url}"\nallowed_user_ids = [{ALICE}]\n'
        )
        monkeypatch.setenv("TELEGRAM_BOT_TOKEN", TOKEN)
        argv = ["tick", "--at", "2026-03-11T08:00", "--send"]
        assert main(argv) == 0
        assert f"── user {ALICE} · briefing · sent" in capsys.readouterr().out
        assert main(argv) == 0  # the same moment: nothing twice
        [sent] = tg.sent_messages()
        assert sent.chat_id == ALICE
        assert "Gather receipts</b>" not in sent.text  # the person's words are text
        assert '1. "Passport" — Step 1 (Fill in the form): reminder at 15:00 today.' in sent.text
        assert (
            '3. "Taxes" — Step 2 (Pay the accountant) was due Tue 10 Mar: 1 day '
            "overdue." in sent.text
        )
        labels = [b["text"] for row in sent.reply_markup["inline_keyboard"] for b in row]
        assert "✓ Done (6)" in labels and "⤼ Skip (1)" in labels


def test_a_due_reminder_through_tick_send_goes_out_once(cli_db, tmp_path, monkeypatch, capsys):
    # The tick at 18:00 the evening before (Tue 10 March): "Gather receipts" is due tomorrow.
    with fake_telegram_in_a_thread(TOKEN) as tg:
        (tmp_path / "config.toml").write_text(
            f'[telegram]\nbase_url = "{tg.base_url}"\nallowed_user_ids = [{ALICE}]\n'
        )
        monkeypatch.setenv("TELEGRAM_BOT_TOKEN", TOKEN)
        for moment in ("2026-03-10T18:00", "2026-03-10T18:01", "2026-03-10T22:00"):
            assert main(["tick", "--at", moment, "--send"]) == 0
        out = capsys.readouterr().out
        assert out.count("· due · sent") == 1
        dues = [m for m in tg.sent_messages() if "is due tomorrow" in m.text]
        assert len(dues) == 1 and "Gather receipts" in dues[0].text
