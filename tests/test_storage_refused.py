"""While the database refuses every write (here a real SQLite file held at its page limit,
so SQLite answers "database or disk is full"), a person is told drbot cannot save anything
now — never "nothing you confirmed is lost" — and nothing is written."""

from __future__ import annotations

import pytest

from drbot import chat_commands
from drbot.ai.assistant import Assistant
from drbot.ai.tools.catalogue import build_registry
from drbot.ai.tools.tool_registry import ToolContext
from drbot.config import LLMSettings, Settings
from drbot.memory import CANNOT_SAVE, cannot_write
from drbot.memory.user_settings import UserSettings
from tests.bot_harness import OWNER, bot_running, bot_settings
from tests.conftest import START
from tests.dbdump import unchanged
from tests.test_bot_e2e import STORY_PLAN, ask, eventually, settle

ME = 1


async def hold_at_its_size(store) -> None:
    """The writer connection may not grow the file by one more page."""
    async with store.db.transaction() as conn:
        pages = (await (await conn.execute("PRAGMA page_count")).fetchone())[0]
        await conn.execute(f"PRAGMA max_page_count = {pages}")


BIG = "x" * 1900  # with 20 long steps: more than the last page's free space


async def test_a_tool_the_database_refuses_says_it_cannot_save(store):
    await hold_at_its_size(store)
    ctx = ToolContext(
        user_id=ME, chat_id=ME, store=store, users=UserSettings(store.db), now=START, timezone="UTC"
    )
    with unchanged(store.db.path):
        result = await build_registry().call(
            "create_plan", {"title": "Fence", "description": BIG, "steps": ["q" * 190] * 20}, ctx
        )
    assert result.is_error and result.storage
    assert result.for_person() == CANNOT_SAVE
    assert "confirmed is lost" not in result.for_person()


async def test_the_terminal_says_it_cannot_save(store):
    await hold_at_its_size(store)
    settings = Settings(llm=LLMSettings(provider="offline"))
    assistant = Assistant.from_settings(settings, store)
    try:
        with unchanged(store.db.path):
            said = await chat_commands.answer(
                chat_commands.Session(assistant, settings, ME),
                "plan: fence: " + ", ".join(f"step {n} " + "q" * 180 for n in range(20)),
            )
    finally:
        await assistant.close()
    assert "can't save anything" in said and "confirmed is lost" not in said


@pytest.mark.parametrize(
    "error, refused",
    [
        (__import__("sqlite3").OperationalError("database or disk is full"), True),
        (__import__("sqlite3").DatabaseError("database disk image is malformed"), True),
        (__import__("sqlite3").IntegrityError("UNIQUE constraint failed: plans.id"), False),
        (ValueError("title is empty"), False),
    ],
)
def test_what_counts_as_the_database_refusing_writes(error, refused):
    assert cannot_write(error) is refused
    wrapped = RuntimeError("turn failed")
    wrapped.__cause__ = error
    assert cannot_write(wrapped) is refused


async def test_over_telegram_a_mark_line_the_database_refuses_is_answered_that_nothing_was_saved(
    tg, tmp_path
):
    """The update's claim cannot be written either (it rides the change, or goes just
    before the answer): the answer still goes, and says nothing was saved."""
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, STORY_PLAN)
        await settle(app, tg)
        writer = app.bot_data["services"].store.db._writer
        await writer.execute("PRAGMA query_only = ON")  # every write refused from now on
        sent = len(tg.sent_messages(OWNER))
        try:
            with unchanged(db):
                reply = await ask(tg, OWNER, "✓ 2")
                await settle(app, tg)
                # Still refused when the handling ends and its claim is tried on its own:
                # that failure must not bring a second apology.
                await eventually(lambda: app.update_processor.handling() == 0, what="handled")
        finally:
            await writer.execute("PRAGMA query_only = OFF")
        assert len(tg.sent_messages(OWNER)) == sent + 1
    assert reply.plain == CANNOT_SAVE
