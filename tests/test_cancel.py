"""Cancelling a turn (Ctrl-C in `drbot chat`) leaves no half-written change.

A write is one transaction that a cancellation rolls back; a turn is several
writes, so a turn cancelled part-way keeps the whole tool calls that ran and
is stored saying so.  Real SQLite file, fake Anthropic server over HTTP.
"""

from __future__ import annotations

import asyncio

import pytest

from drbot.ai.assistant import STOPPED, Assistant
from drbot.memory import Database
from drbot.memory.clock import system_clock
from tests.fakes.anthropic_server import FakeAnthropic
from tests.test_assistant import settings_for

USER = CHAT = 7


async def test_a_write_cancelled_at_its_begin_leaves_the_connection_usable(tmp_path):
    db = await Database.open(tmp_path / "drbot.db")
    try:

        async def write() -> None:
            async with db.transaction() as conn:
                await conn.execute(
                    "INSERT INTO processed_updates (update_id, processed_at) VALUES (1, 0)"
                )

        task = asyncio.create_task(write())
        await asyncio.sleep(0)  # the task now awaits its BEGIN IMMEDIATE
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        async with db.transaction() as conn:  # not "a transaction within a transaction"
            await conn.execute(
                "INSERT INTO processed_updates (update_id, processed_at) VALUES (2, 0)"
            )
        assert [r[0] for r in await db.fetch_all("SELECT update_id FROM processed_updates")] == [2]
    finally:
        await db.close()


async def _wait_for(condition, what: str) -> None:
    # Polls a condition the server side sets; generous, never a timing assertion.
    for _ in range(3000):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never happened: {what}")


@pytest.fixture
def store_clock():
    return system_clock  # the store reads the real time here, as the assistant does


async def test_a_turn_cancelled_after_a_write_is_stored_saying_what_was_done(
    fake: FakeAnthropic, store
):
    assistant = Assistant.from_settings(settings_for(fake, request_timeout_s=120), store)
    try:
        fake.push_tool_use([("create_plan", {"title": "Boiler", "steps": ["Call plumber"]})])
        fake.push_slow(120, "too late")
        task = asyncio.create_task(assistant.handle(CHAT, USER, "plan the boiler fix"))
        await _wait_for(lambda: len(fake.requests) == 2, "the second model call")
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        [plan] = await store.list_plans(USER)
        [turn] = await assistant.conversations.last_turns(CHAT, USER, 1)
        assert turn["user_text"] == "plan the boiler fix"
        answer = turn["messages"][-1]["content"][0]["text"]
        assert answer.startswith(STOPPED) and 'Created plan "Boiler"' in answer
        assert await assistant.conversations.current_plan(CHAT, USER) == plan["id"]
        fake.push_text("ok")  # the stored history is one the API accepts
        assert (await assistant.handle(CHAT, USER, "thanks")).text == "ok"
    finally:
        await assistant.close()


async def test_a_turn_cancelled_before_any_change_stores_nothing(fake: FakeAnthropic, store):
    assistant = Assistant.from_settings(settings_for(fake, request_timeout_s=120), store)
    try:
        fake.push_slow(120, "too late")
        task = asyncio.create_task(assistant.handle(CHAT, USER, "plan the boiler fix"))
        await _wait_for(lambda: len(fake.requests) == 1, "the model call")
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert await assistant.conversations.last_turns(CHAT, USER, 1) == []
        assert await store.list_plans(USER) == []
    finally:
        await assistant.close()
