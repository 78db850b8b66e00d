"""What the log says when something fails, over the fake Bot API and the fake model, on a
real SQLite file: one line naming the failure's type, where it was raised and the update
or turn — never a traceback, never the bot token or the API key (docs/RELIABILITY.md §7)."""

from __future__ import annotations

import contextlib
import io
import logging
import re
import sqlite3

import pytest

from drbot.ai.llm.model_guard import NOT_UNDERSTOOD
from drbot.logs import configure_logging
from tests.bot_harness import OWNER, TOKEN, bot_running, bot_settings
from tests.test_bot_e2e import API_KEY, SECRET, STORY_PLAN, ask, rows, settle

WENT_WRONG = "Sorry — something went wrong on my side. Nothing you confirmed is lost."


@pytest.fixture
def log_lines():
    """drbot's own log handler (as `drbot run` sets it up, DEBUG lines included, no
    DRBOT_DEBUG) writing where the test can read it."""
    root = logging.getLogger()
    saved = root.handlers[:], root.level
    names = ("httpx", "httpx2", "httpcore", "telegram.request", "apscheduler.executors.default")
    levels = {name: logging.getLogger(name).level for name in names}
    configure_logging(level=logging.DEBUG, secrets=[TOKEN, API_KEY])
    out = io.StringIO()
    [handler] = root.handlers
    handler.setStream(out)
    yield out
    root.handlers[:], root.level = saved
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)
    logging.captureWarnings(False)


def refuse(db, table: str, event: str) -> None:
    """A trigger that makes the database refuse every ``event`` on ``table`` with words
    carrying the bot token (a library's error may quote a URL with it)."""
    with contextlib.closing(sqlite3.connect(db)) as conn:
        conn.execute(
            f"CREATE TRIGGER refuse_{table} BEFORE {event} ON {table} BEGIN "
            f"SELECT RAISE(ABORT, 'disk says no to bot{TOKEN}'); END"
        )
        conn.commit()


def assert_clean(logged: str) -> None:
    assert "Traceback" not in logged and 'File "' not in logged, logged
    assert SECRET not in logged and API_KEY not in logged, logged


# A garbled answer is not worth a multi-line serializer warning either.  (The last filter
# wins: python-telegram-bot's nudge at drbot's deliberate do_api_request("sendMessage"),
# which drbot.bot.delivery filters out, stays out here too.)
@pytest.mark.filterwarnings(
    "error::UserWarning", "ignore:Please use 'Bot.sendMessage':telegram.warnings.PTBUserWarning"
)
async def test_a_failing_tool_a_failing_handler_and_a_garbled_model_answer_log_no_traceback(
    tg, model, tmp_path, log_lines
):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db, fake_model=model)) as app:
        model.push_tool_use(
            [
                (
                    "create_plan",
                    {"title": "Fix the fence", "steps": ["Get quotes", "Hire contractor"]},
                )
            ]
        )
        model.push_text("Made it.")
        await ask(tg, OWNER, STORY_PLAN)
        await settle(app, tg)
        revisions = rows(db, "SELECT * FROM plan_revisions")

        # a tool raises: the database refuses the write
        refuse(db, "plans", "INSERT")
        model.push_tool_use([("create_plan", {"title": "Paint the shed", "steps": ["Buy paint"]})])
        model.push_text("That did not work.")
        tool_failed = await ask(tg, OWNER, "make a plan to paint the shed")
        await settle(app, tg)

        # a handler fails: a mark line the database refuses to store
        refuse(db, "plan_steps", "UPDATE")
        handler_failed = await ask(tg, OWNER, "✓ 1")
        await settle(app, tg)

        # the model server answers garbage
        model.push_raw(
            {
                "content": [{"type": "tool_use", "id": 7, "name": None, "input": "not an object"}],
                "stop_reason": "tool_use",
            }
        )
        model_garbled = await ask(tg, OWNER, "what next for the fence?")
        await settle(app, tg)

    # nothing was written by any of them
    assert rows(db, "SELECT title FROM plans") == [("Fix the fence",)]
    assert rows(db, "SELECT DISTINCT status FROM plan_steps") == [("pending",)]
    assert rows(db, "SELECT * FROM plan_revisions") == revisions
    logged = log_lines.getvalue()
    assert_clean(logged)
    # the person was told something short each time, never the failure itself
    assert tool_failed.plain == "That did not work."
    assert handler_failed.plain == WENT_WRONG
    assert model_garbled.plain == NOT_UNDERSTOOD  # nothing of a garbled answer runs
    # each failure of drbot's is one line: what failed (the tool and its turn, the update), its type
    # and where in drbot it was raised
    failed = [line for line in logged.splitlines() if " ERROR " in line]
    assert len(failed) == 2, failed  # the garbled answer is no failure of drbot's
    tool, handler = failed
    assert re.search(
        r"ERROR drbot\.ai\.tools\.tool_registry: tool create_plan failed "
        r"\(turn telegram:1001:\d+\) \(IntegrityError at "
        r"drbot/memory/plans\.py:\d+ in create_plan\)$",
        tool,
    ), tool
    assert re.search(
        r"ERROR drbot\.bot\.handlers: handling update \d+ failed \(IntegrityError "
        r"at drbot/memory/plans\.py:\d+ in _mark_steps\)$",
        handler,
    ), handler
