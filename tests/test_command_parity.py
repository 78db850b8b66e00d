"""One drbot in both places: the command table (drbot.commands) drives Telegram's
handlers and menu and `drbot chat`'s answers, and each command says the same
thing on both sides.

Telegram runs over the fake Bot API; the terminal is the real `drbot chat`
process, piped, on the same kind of database."""

from __future__ import annotations

import os
import sqlite3
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from telegram.ext import CommandHandler

from drbot import chat_commands, commands
from drbot.bot import app as bot_app
from drbot.memory import PlanStore
from drbot.memory.clock import parse
from tests.bot_harness import OWNER, bot_running, bot_settings
from tests.drbot_process import drbot_in_process

# Arguments that make each command do its work (not just say how to use it).
ARGS = {
    "plan": "1",
    "timezone": "Berlin",
    "briefing_time": "07:30",
    "export": "1",
    "quiet": "22:00-07:00",
    "mute": "1",
    "unmute": "1",
    "review": "20:30",
    "weekly": "sun 18:00",
    "share": "1",
    "unshare": "1",
}
NOT_UNDERSTOOD = ("I don't know", "didn't understand", "something went wrong")


async def ask(tg, chat: int, text: str):
    """Send ``text`` and return the bot's (first) answer in that chat."""
    before = len(tg.sent_messages(chat))
    tg.push_message(chat, chat, text)
    return (await tg.wait_for_messages(chat, before + 1, 10))[before]


def registered(app) -> set[str]:
    return {
        name
        for group in app.handlers.values()
        for handler in group
        if isinstance(handler, CommandHandler)
        for name in handler.commands
    }


@pytest.fixture
def env(tmp_path):
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("ANTHROPIC_", "DRBOT_", "TELEGRAM_"))
    }
    env.update(HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path / "data"), PYTHONPATH=os.getcwd())
    return env


def drbot_chat(lines: list[str], env: dict, cwd) -> str:
    """What `drbot chat` prints with ``lines`` piped in (run in this process)."""
    code, out, err = drbot_in_process("chat", cwd=cwd, env=env, stdin="\n".join(lines))
    assert code == 0, err
    assert "Traceback" not in err
    return out


async def chat(lines: list[str], db) -> list[str]:
    """The terminal's answer to each line (drbot.chat_commands.answer, as `drbot chat`
    gives them), for OWNER on the database at ``db``, without a model."""
    from drbot.ai.assistant import Assistant

    settings = bot_settings(_NoServer(), db)
    store = await PlanStore.open(db)
    assistant = Assistant.from_settings(settings, store)
    try:
        session = chat_commands.Session(assistant, settings, OWNER)
        return [await chat_commands.answer(session, line) for line in lines]
    finally:
        await assistant.close()
        await store.close()


# -- the table, and both sides held to it ----------------------------------------------


def test_every_row_is_answered_on_telegram_and_in_the_terminal(tmp_path):
    app = bot_app.build_application(bot_settings(_NoServer(), tmp_path / "bot.db"))
    assert registered(app) == set(commands.BY_NAME)  # one-sided rows say why, elsewhere
    assert chat_commands.answered_here() == {
        row.name for row in commands.COMMANDS if row.on(commands.TERMINAL)
    }
    one_sided = [row for row in commands.COMMANDS if len(row.sides) == 1]
    assert one_sided and all(row.why for row in one_sided)


def test_a_side_without_a_command_of_the_table_fails(tmp_path, monkeypatch):
    monkeypatch.delitem(bot_app.TELEGRAM_HANDLERS, "briefing")
    with pytest.raises(LookupError, match="/briefing"):
        bot_app.build_application(bot_settings(_NoServer(), tmp_path / "bot.db"))
    monkeypatch.delitem(chat_commands.TERMINAL_ANSWERS, "export")
    with pytest.raises(LookupError, match="/export"):
        chat_commands.check_commands()


class _NoServer:
    """Enough of the fake Bot API for build_application, which touches no network."""

    token, base_url = "123456:TEST", "http://127.0.0.1:9/bot"


async def test_every_command_works_in_drbot_chat(tmp_path):
    rows = [row for row in commands.COMMANDS if row.name != "quit"]
    lines = ["fix the fence: get quotes, hire someone, buy posts"]
    lines += [f"/{row.name} {ARGS.get(row.name, '')}".strip() for row in rows]
    answers = dict(zip([row.name for row in rows], (await chat(lines, tmp_path / "c.db"))[1:]))
    for row in rows:
        said = answers[row.name]
        assert not any(words in said for words in NOT_UNDERSTOOD), (row.name, said)
        if not row.on(commands.TERMINAL):
            assert said == row.elsewhere()
    assert answers["briefing"] == commands.NOTHING_TODAY
    assert "1. Fix the fence [3 steps — 0 done, 0 in progress, 3 pending]" in answers["plans"]
    assert "□ 1. Get quotes" in answers["plan"] and "plan_id" not in answers["plan"]
    assert answers["export"].startswith("# Fix the fence")
    assert answers["timezone"].startswith("Time zone: Europe/Berlin (it's ")
    assert answers["cancel"].startswith("Nothing to cancel.")
    assert answers["start"].startswith("/start is for Telegram only")


async def test_quit_on_telegram_says_where_it_works(tg, tmp_path):
    async with bot_running(bot_settings(tg, tmp_path / "bot.db")):
        reply = await ask(tg, OWNER, "/quit")
    assert reply.plain == commands.BY_NAME["quit"].elsewhere()
    assert reply.plain.startswith("/quit is for `drbot chat` (the terminal) only")


async def test_timezone_and_plans_say_the_same_on_both_sides(tg, tmp_path):
    said = (
        await chat(
            [
                "fix the fence: get quotes, hire someone",
                "/timezone Berlin",
                "/plans",
                "/timezone Atlantis",
            ],
            tmp_path / "c.db",
        )
    )[1:]
    async with bot_running(bot_settings(tg, tmp_path / "bot.db")):
        await ask(tg, OWNER, "fix the fence: get quotes, hire someone")
        over_telegram = [
            (await ask(tg, OWNER, line)).plain
            for line in ("/timezone Berlin", "/plans", "/timezone Atlantis")
        ]
    assert [s.split(" (it's")[0] for s in (said[0], over_telegram[0])] == [
        "Time zone: Europe/Berlin"
    ] * 2
    assert said[1] == over_telegram[1]
    # Telegram adds what only it has: sharing a location.
    assert over_telegram[2].startswith(said[2][:-1])


# -- /help: what works here ---------------------------------------------------------


def test_help_in_drbot_chat_without_a_model_leaves_out_retry_and_usage(env, tmp_path):
    said = drbot_chat(["/help"], env, tmp_path)
    assert "/plans — your active plans" in said and "/briefing — " in said
    assert "/quit" in said and "Ctrl-C" in said
    assert "/retry" not in said and "/usage" not in said
    assert "/start" not in said and "/share" not in said  # Telegram's only


async def test_help_and_menu_over_telegram_follow_the_configuration(tg, model, tmp_path):
    async with bot_running(bot_settings(tg, tmp_path / "offline.db")):
        offline = (await ask(tg, OWNER, "/help")).plain
    [menu] = tg.calls_to("setMyCommands")
    assert "/retry" not in offline and "/usage" not in offline and "/quit" not in offline
    assert "/share N" in offline and "/forget" in offline
    assert {"retry", "usage"}.isdisjoint(c["command"] for c in menu["commands"])
    async with bot_running(bot_settings(tg, tmp_path / "model.db", fake_model=model)):
        with_model = (await ask(tg, OWNER, "/help")).plain
    assert "/retry — " in with_model and "/usage — " in with_model
    assert model.requests == []  # /help never asks the model


# -- exports in the person's zone ------------------------------------------------------


async def _plan_in_tokyo(db) -> str:
    """A plan for OWNER, who lives in Tokyo; its creation time as they read it."""
    store = await PlanStore.open(db)
    try:
        from drbot.memory.user_settings import UserSettings

        await UserSettings(store.db).set_timezone(OWNER, "Asia/Tokyo")
        plan_id = await store.create_plan(OWNER, "Fix the fence", steps=["Get quotes"])
        await store.add_attempt(
            OWNER, (await store.get_plan(OWNER, plan_id))["steps"][0]["id"], "left a voicemail"
        )
        created = (await store.get_plan(OWNER, plan_id))["created_at"]
    finally:
        await store.close()
    return f"{parse(created).astimezone(ZoneInfo('Asia/Tokyo')):%Y-%m-%d %H:%M}"


def _utc(local: str) -> str:
    moment = datetime.strptime(local, "%Y-%m-%d %H:%M").replace(tzinfo=ZoneInfo("Asia/Tokyo"))
    return f"{moment.astimezone(ZoneInfo('UTC')):%Y-%m-%d %H:%M}"


async def test_export_over_telegram_is_in_the_persons_zone(tg, tmp_path):
    db = tmp_path / "bot.db"
    local = await _plan_in_tokyo(db)
    async with bot_running(bot_settings(tg, db)):
        export = await ask(tg, OWNER, "/export 1")
    markdown = export.content.decode()
    assert "Times are Asia/Tokyo time." in markdown
    assert f"- {local} — created" in markdown and f"attempt: {local} — left a voicemail" in markdown
    assert _utc(local) not in markdown and "UTC" not in markdown


async def test_drbot_export_is_in_the_persons_zone(tmp_path):
    from tests.drbot_process import clean_env, run_drbot, run_drbot_in_process

    db = tmp_path / "drbot.db"
    local = await _plan_in_tokyo(db)
    env = clean_env(
        DRBOT_DB=str(db), DRBOT_TELEGRAM__ALLOWED_USER_IDS=str(OWNER), PYTHONPATH=os.getcwd()
    )
    code, out, err = await run_drbot("export", "1", cwd=tmp_path, env=env)
    assert code == 0, err
    assert "Times are Asia/Tokyo time." in out and f"- {local} — created" in out
    code, out, err = await run_drbot_in_process(
        "export", "1", "--format", "json", cwd=tmp_path, env=env
    )
    assert code == 0 and '"created_at": "' in out  # for programs: as stored, UTC


# -- counts ------------------------------------------------------------------------


async def test_counts_of_one_are_singular(tmp_path):
    said = await chat(
        ["make a plan to paint the shed - steps: buy paint", "/plans", "/plans all"],
        tmp_path / "c.db",
    )
    assert "[1 step — " in said[1] and "[1 step — " in said[2]
    with sqlite3.connect(tmp_path / "c.db") as db:
        assert db.execute("SELECT count(*) FROM plan_steps").fetchone() == (1,)


# -- words for people ------------------------------------------------------------------


async def test_history_and_notes_name_no_revisions_or_ids(tmp_path):
    db = tmp_path / "c.db"
    said = await chat(
        [
            "/timezone Tokyo",
            "fix the fence: get quotes, hire someone",
            "✓ 1",
            "history",
            "note: Jim is cheapest",
        ],
        db,
    )
    history, noted = said[3], said[4]
    with sqlite3.connect(db) as conn:
        stamps = [
            row[0]
            for row in conn.execute("SELECT created_at FROM plan_revisions ORDER BY revision")
        ]
    tokyo = [parse(s).astimezone(ZoneInfo("Asia/Tokyo")) for s in stamps]
    assert history.splitlines() == [
        f"{tokyo[0]:%a} {tokyo[0].day} {tokyo[0]:%b %H:%M} — created",
        f"{tokyo[1]:%a} {tokyo[1].day} {tokyo[1]:%b %H:%M} — marks: step 1 done",
    ]
    assert noted == "Noted on “Fix the fence” (finding): Jim is cheapest"


async def test_usage_counts_one_model_call_in_the_singular(tg, model, tmp_path):
    model.push_text("Sure.")
    async with bot_running(bot_settings(tg, tmp_path / "bot.db", fake_model=model)):
        await ask(tg, OWNER, "hello there")
        usage = (await ask(tg, OWNER, "/usage")).plain
    assert " in 1 model call (" in usage and usage.startswith("Today: ")
