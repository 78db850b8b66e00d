"""Long model calls on Telegram, over the fake Bot API and the fake
Anthropic server: a "Working on it…" placeholder edited into the answer, and
/cancel stopping the running turn with whole changes only."""

from __future__ import annotations

import contextlib
import sqlite3

from drbot.ai.llm.stoppable_turn import STOPPED_NOTHING
from drbot.bot.long_turns import NOTHING_TO_CANCEL, PLACEHOLDER
from tests.bot_harness import OWNER, bot_running, bot_settings
from tests.test_bot_e2e import ask, eventually, settle


def settings(tg, tmp_path, model, placeholder_after_s: float = 4.0):
    # A patient client: the slow answers below are meant to be waited for (or cancelled).
    return bot_settings(
        tg,
        tmp_path / "bot.db",
        fake_model=model,
        telegram={"placeholder_after_s": placeholder_after_s},
        request_timeout_s=30.0,
    )


def count(db, sql: str) -> int:
    with contextlib.closing(sqlite3.connect(db)) as conn:
        return conn.execute(sql).fetchone()[0]


def shown(tg, chat, message_id) -> str:
    return tg.messages[(chat, message_id)]["text"]


async def test_a_slow_answer_replaces_its_placeholder(tg, tmp_path, model):
    model.push_slow(30, "Here is what I found.")  # answered once the placeholder is seen
    async with bot_running(settings(tg, tmp_path, model, 0.2)) as app:
        placeholder = await ask(tg, OWNER, "how are my plans going?")
        assert placeholder.plain == PLACEHOLDER
        model.answer_now()
        await eventually(lambda: shown(tg, OWNER, placeholder.message_id) != PLACEHOLDER)
        await settle(app, tg)
        assert shown(tg, OWNER, placeholder.message_id) == "Here is what I found."
        assert len(tg.sent_messages(OWNER)) == 1  # edited in place, nothing else sent
    assert tg.errors == []


async def test_a_quick_answer_has_no_placeholder(tg, tmp_path, model):
    model.push_text("Quick one.")
    async with bot_running(settings(tg, tmp_path, model, 5)) as app:
        reply = await ask(tg, OWNER, "how are my plans going?")
        await settle(app, tg)
        assert reply.plain == "Quick one."
        assert tg.calls_to("editMessageText") == []


async def test_a_long_answer_edits_the_first_part_and_sends_the_rest(tg, tmp_path, model):
    long_text = "\n".join(f"Line {n} of a long answer about your plans." for n in range(200))
    model.push_slow(30, long_text)  # answered once the placeholder is seen
    async with bot_running(settings(tg, tmp_path, model, 0.2)) as app:
        placeholder = await ask(tg, OWNER, "tell me everything")
        model.answer_now()
        await eventually(lambda: "Line 199" in tg.sent_messages(OWNER)[-1].plain, timeout=10)
        await settle(app, tg)
        first = shown(tg, OWNER, placeholder.message_id)
        parts = [first] + [m.plain for m in tg.sent_messages(OWNER)[1:]]
        assert first.startswith("Line 0 ") and len(parts) == 3
        assert "\n".join(parts) == long_text  # every line, once, in order


async def test_cancel_stops_a_turn_that_changed_nothing(tg, tmp_path, model):
    db = tmp_path / "bot.db"
    model.push_slow(20, "too late")
    async with bot_running(settings(tg, tmp_path, model, 0.1)) as app:
        placeholder = await ask(tg, OWNER, "plan my kitchen renovation")
        tg.push_message(OWNER, OWNER, "/cancel")
        await eventually(
            lambda: shown(tg, OWNER, placeholder.message_id) != PLACEHOLDER, timeout=10
        )
        await settle(app, tg)
        assert shown(tg, OWNER, placeholder.message_id) == STOPPED_NOTHING
        assert count(db, "SELECT count(*) FROM turns") == 0
        # the conversation goes on normally
        model.push_text("Hello again.")
        reply = await ask(tg, OWNER, "hello?")
        assert reply.plain == "Hello again."
    assert count(db, "SELECT count(*) FROM plans") == 0


async def test_cancel_after_a_change_keeps_it_once_and_says_so(tg, tmp_path, model):
    db = tmp_path / "bot.db"
    model.push_tool_use([("create_plan", {"title": "Kitchen", "steps": ["measure", "order"]})])
    model.push_slow(20, "too late")
    async with bot_running(settings(tg, tmp_path, model, 0.1)) as app:
        tg.push_message(OWNER, OWNER, "plan my kitchen: measure, order")
        await eventually(lambda: count(db, "SELECT count(*) FROM plans") == 1, timeout=10)
        await eventually(lambda: tg.sent_messages(OWNER), timeout=10)
        placeholder = tg.sent_messages(OWNER)[0]
        tg.push_message(OWNER, OWNER, "/cancel")
        await eventually(
            lambda: shown(tg, OWNER, placeholder.message_id) != PLACEHOLDER, timeout=10
        )
        await settle(app, tg)
        assert shown(tg, OWNER, placeholder.message_id).startswith(
            '(Stopped part-way.) Done before it stopped: Created plan "Kitchen"'
        )
        model.push_text("Your kitchen plan is there.")
        reply = await ask(tg, OWNER, "is it there?")
        assert reply.plain == "Your kitchen plan is there."
        # the next request's history is valid: the stopped turn is a plain exchange
        last = model.requests[-1].body["messages"]
        assert all(
            block.get("type") != "tool_use"
            for message in last
            if isinstance(message["content"], list)
            for block in message["content"]
        )
    assert count(db, "SELECT count(*) FROM plans") == 1


async def test_cancel_with_nothing_running(tg, tmp_path, model):
    async with bot_running(settings(tg, tmp_path, model)) as app:
        reply = await ask(tg, OWNER, "/cancel")
        await settle(app, tg)
        assert reply.plain == NOTHING_TO_CANCEL
