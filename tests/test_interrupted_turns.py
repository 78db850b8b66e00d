"""Turns survive a kill: `drbot run` killed with SIGKILL in the middle of a model turn.

The bot runs as a real process (``python -m drbot run``) over the fake Bot API
and the fake Anthropic server, both in the test's event loop.  The scripted
model creates a plan on its first round and is then slow, so the kill lands
after the tool's change committed and before the turn was stored, while the
chat shows "Working on it…".  After a restart on the same database:

* the placeholder says in plain words what was done (or that nothing was, and
  the message can be sent again);
* the stored history holds the committed tool call and its result;
* the same message sent again, to a model that reads its history, makes no
  second plan.

The branches a kill cannot be timed into (no placeholder yet, a result lost
with the kill, a turn stored just before the edit) are set up with the real
stores and recovered by the bot's real start-up.
"""

from __future__ import annotations

import contextlib
import json
import signal
import sqlite3

import pytest

from drbot.ai.llm.interrupted import NOTHING_DONE, RESULT_LOST
from drbot.bot.long_turns import PLACEHOLDER
from drbot.memory import PlanStore, turn_journal
from drbot.memory.conversations import ConversationStore
from drbot.memory.turn_journal import TurnJournal
from tests.bot_harness import bot_running, bot_settings
from tests.drbot_process import OWNER, Running, write_config
from tests.fakes.anthropic_server import reply_slow, reply_text, reply_tool_use
from tests.test_bot_e2e import ask, eventually, settle

# Seconds any wait here may take: a start of `drbot run` (a new interpreter importing
# drbot), a turn or a stop takes a second or two on a quiet machine and took over 20 s with
# several test runs on two cores. A deadline only bounds a hang; what each test checks is
# what the bot did, never how fast.
LOADED = 120.0
pytestmark = pytest.mark.timeout(5 * LOADED)

TOKEN = "123456:TEST-token-abcdefghijklmnopqrstuvwxyz"
ASKED = "Make a plan to repair the fence: buy posts, dig holes, set the posts"
STEPS = ["Buy posts", "Dig holes", "Set the posts"]
TOLD = (
    "I was interrupted, but I had already: created the plan “Fence repair” with 3 steps. "
    "Nothing else was changed — tell me if there is more to do."
)
ALREADY = "You already have the plan “Fence repair”; I made nothing new."
SLOW = 10 * LOADED  # seconds: longer than the test waits, so only the kill ends the turn


def fence_model(body: dict):
    """A model that reads its history: a create_plan for the fence already there
    (answered in an earlier turn) means there is nothing to make; otherwise it makes
    the plan, and after its own tool call it is slow."""
    messages = body["messages"]
    last = messages[-1]["content"]
    if any(block.get("type") == "tool_result" for block in last):
        return reply_slow(SLOW, "Your fence plan is ready.")
    if _made_the_plan(messages[:-1]):
        return reply_text(ALREADY)
    return reply_tool_use([("create_plan", {"title": "Fence repair", "steps": STEPS})])


def slow_model(body: dict):
    return reply_slow(SLOW, "Too late.")


def _made_the_plan(messages: list[dict]) -> bool:
    return any(
        block.get("type") == "tool_use" and block.get("name") == "create_plan"
        for message in messages
        if isinstance(message["content"], list)
        for block in message["content"]
    )


def config(tmp_path, tg, model):
    return write_config(
        tmp_path,
        token=TOKEN,
        base_url=tg.base_url,
        db=tmp_path / "bot.db",
        # "Working on it…" (what the kill is timed by) half a second into the turn, not 4 s.
        telegram={"placeholder_after_s": 0.5},
        llm={
            "provider": "anthropic",
            "api_key": "sk-ant-test-key",
            "base_url": model.url,
            "request_timeout_s": SLOW,
            "hybrid": False,
            "confirm_writes": False,
        },
    )


def query(db, sql: str) -> list[tuple]:
    with contextlib.closing(sqlite3.connect(db)) as conn:
        return conn.execute(sql).fetchall()


def placeholder_of(tg):
    return next((m for m in tg.sent_messages(OWNER) if m.plain == PLACEHOLDER), None)


async def kill(bot: Running) -> None:
    bot.proc.kill()  # SIGKILL: no handler, no shutdown hook, no last write
    assert await bot.proc.wait() == -signal.SIGKILL


@pytest.fixture
async def tg():
    from tests.fakes.telegram_server import FakeTelegram

    async with FakeTelegram(token=TOKEN) as server:
        yield server


@pytest.mark.slow
async def test_a_turn_killed_after_its_change_says_what_it_did_and_is_not_done_twice(
    tg, model, tmp_path
):
    db, model.responder = tmp_path / "bot.db", fence_model
    cfg = config(tmp_path, tg, model)
    async with Running(cfg) as first:
        await first.wait_for_line("drbot started", LOADED)
        tg.push_message(OWNER, OWNER, ASKED)
        # The plan is committed, the model is being asked again (slowly), and the
        # chat shows "Working on it…", noted in the database.
        await eventually(lambda: len(model.requests) == 2, timeout=LOADED, what="second round")
        await eventually(
            lambda: query(db, "SELECT message_id FROM turn_placeholders"),
            timeout=LOADED,
            what="placeholder noted",
        )
        await kill(first)
    placeholder = placeholder_of(tg)
    assert placeholder is not None
    assert query(db, "SELECT title FROM plans") == [("Fence repair",)]
    assert query(db, "SELECT count(*) FROM turns") == [(0,)]  # the turn was cut short

    async with Running(cfg) as second:
        await second.wait_for_line("drbot started", LOADED)
        assert tg.messages[OWNER, placeholder.message_id]["text"] == TOLD
        [(stored,)] = query(db, "SELECT messages FROM turns")
        user, call, result, said = json.loads(stored)
        assert user["content"][0]["text"] == ASKED
        [tool_use] = call["content"]
        assert (tool_use["name"], tool_use["input"]["title"]) == ("create_plan", "Fence repair")
        [tool_result] = result["content"]
        assert tool_result["tool_use_id"] == tool_use["id"]
        assert tool_result["content"].startswith('Created Plan "Fence repair"')
        assert said["content"][0]["text"] == TOLD

        sent_before = len(tg.sent_messages(OWNER))
        tg.push_message(OWNER, OWNER, ASKED)  # as docs/RELIABILITY.md says: send it again
        again = (await tg.wait_for_messages(OWNER, sent_before + 1, LOADED))[sent_before]
        # A turn that outlasts placeholder_after_s (under load this one did) shows "Working
        # on it…" first and has it edited into the answer, whose note then goes.
        await eventually(
            lambda: (
                tg.messages[OWNER, again.message_id]["text"] != PLACEHOLDER
                and query(db, "SELECT count(*) FROM turn_placeholders") == [(0,)]
            ),
            timeout=LOADED,
            what="the answer in place of any placeholder",
        )
        assert tg.messages[OWNER, again.message_id]["text"] == ALREADY
        assert len(tg.sent_messages(OWNER)) == sent_before + 1
        # The model was given the committed call and its result in its history.
        history = model.requests[-1].body["messages"]
        assert _made_the_plan(history[:-1])
        assert query(db, "SELECT count(*) FROM plans") == [(1,)]
        assert query(db, "SELECT count(*) FROM turn_journal") == [(0,)]
        assert await second.stop(LOADED) == 0
    assert "Traceback" not in first.err() + second.err()


@pytest.mark.slow
async def test_a_turn_killed_before_any_change_says_to_send_it_again(tg, model, tmp_path):
    db, model.responder = tmp_path / "bot.db", slow_model
    cfg = config(tmp_path, tg, model)
    async with Running(cfg) as first:
        await first.wait_for_line("drbot started", LOADED)
        tg.push_message(OWNER, OWNER, ASKED)
        await eventually(
            lambda: query(db, "SELECT message_id FROM turn_placeholders"),
            timeout=LOADED,
            what="placeholder noted",
        )
        await kill(first)
    placeholder = placeholder_of(tg)
    async with Running(cfg) as second:
        await second.wait_for_line("drbot started", LOADED)
        assert tg.messages[OWNER, placeholder.message_id]["text"] == NOTHING_DONE
        assert await second.stop(LOADED) == 0
    assert query(db, "SELECT count(*) FROM plans") == [(0,)]
    assert query(db, "SELECT count(*) FROM turns") == [(0,)]
    assert query(db, "SELECT count(*) FROM turn_placeholders") == [(0,)]


# -- the branches set up with the real stores --------------------------------------


async def committed_without_a_result(db_path) -> None:
    """A create_plan whose change (and journal) committed, the kill before its
    result was noted: as ``interrupted.run_calls`` leaves it at that moment."""
    store = await PlanStore.open(db_path)
    call = {
        "type": "tool_use",
        "id": "toolu_kitchen",
        "name": "create_plan",
        "input": {"title": "Kitchen", "steps": ["Measure", "Order"]},
    }

    async def journal(conn) -> None:
        await turn_journal.record(
            conn,
            OWNER,
            OWNER,
            user_text="plan my kitchen",
            origin=f"telegram:{OWNER}:41",
            started_at="2026-03-02T09:00:00.000000Z",
            calls=[{"tool_use": call, "result": None, "is_error": False}],
        )

    try:
        with store.db.also_in_each_write(journal):
            await store.create_plan(OWNER, "Kitchen", steps=["Measure", "Order"])
    finally:
        await store.close()


async def test_a_turn_cut_before_its_placeholder_gets_a_message_of_its_own(tg, model, tmp_path):
    db = tmp_path / "bot.db"
    await committed_without_a_result(db)
    model.push_text("Your kitchen plan is there.")
    async with bot_running(bot_settings(tg, db, fake_model=model)) as app:
        [told] = tg.sent_messages(OWNER)
        assert told.plain == (
            "I was interrupted, but I had already: created the plan “Kitchen” "
            "with 2 steps. Nothing else was changed — tell me if there is "
            "more to do."
        )
        assert told.params["reply_parameters"]["message_id"] == 41  # the person's message
        reply = await ask(tg, OWNER, "is my kitchen plan there?")
        await settle(app, tg)
        assert reply.plain == "Your kitchen plan is there."
    # The model saw the call, told to look rather than redo it; drbot's own line is not
    # replayed as the model's words.
    user, call, result, said = model.requests[-1].body["messages"][:4]
    assert call["content"][0]["name"] == "create_plan"
    assert result["content"][0]["content"] == RESULT_LOST
    assert said["content"][0]["text"] == "Stopped here."
    assert query(db, "SELECT count(*) FROM turn_journal") == [(0,)]


async def test_a_placeholder_whose_turn_was_stored_shows_that_answer(tg, model, tmp_path):
    """Killed after the turn was stored, before the placeholder was edited."""
    db = tmp_path / "bot.db"
    store = await PlanStore.open(db)
    try:
        await TurnJournal(store.db).note_placeholder(OWNER, OWNER, 77, None)
        await ConversationStore(store.db).save_turn(
            OWNER,
            OWNER,
            user_text="how is it going?",
            outcome="answered",
            messages=[
                {"role": "user", "content": [{"type": "text", "text": "how is it going?"}]},
                {"role": "assistant", "content": [{"type": "text", "text": "All on track."}]},
            ],
        )
    finally:
        await store.close()
    tg.messages[OWNER, 77] = {
        "message_id": 77,
        "from": tg.bot_user,
        "date": 0,
        "chat": {"id": OWNER, "type": "private"},
        "text": PLACEHOLDER,
    }
    async with bot_running(bot_settings(tg, db, fake_model=model)):
        assert tg.messages[OWNER, 77]["text"] == "All on track."
    assert query(db, "SELECT count(*) FROM turn_placeholders") == [(0,)]


# -- the journal commits with the change, and only in its own task --------------------


async def test_a_journal_that_cannot_be_written_takes_the_change_with_it(store):
    async def journal(conn) -> None:
        await conn.execute("INSERT INTO no_such_table VALUES (1)")

    with store.db.also_in_each_write(journal), pytest.raises(sqlite3.OperationalError):
        await store.create_plan(OWNER, "Fence repair", steps=STEPS)
    assert await store.list_plans(OWNER, "all") == []


async def test_only_the_journalling_task_writes_its_journal(store):
    import asyncio

    ran: list[str] = []
    other_may_write, journalled_wrote = asyncio.Event(), asyncio.Event()

    async def journal(conn) -> None:
        ran.append("journal")

    async def journalling() -> None:
        with store.db.also_in_each_write(journal):
            await store.create_plan(OWNER, "Fence repair", steps=STEPS)
            journalled_wrote.set()
            await other_may_write.wait()  # still inside the block while the other writes

    async def other() -> None:
        await journalled_wrote.wait()
        await store.create_plan(OWNER + 1, "Kitchen", steps=["Measure"])
        other_may_write.set()

    await asyncio.gather(journalling(), other())
    assert ran == ["journal"]
    assert len(await store.list_plans(OWNER + 1)) == 1


async def test_a_slow_answer_once_shown_leaves_nothing_for_the_next_start(tg, model, tmp_path):
    db = tmp_path / "bot.db"
    model.push_slow(30, "Here is what I found.")  # answered once the placeholder is seen
    settings = bot_settings(
        tg, db, fake_model=model, telegram={"placeholder_after_s": 0.2}, request_timeout_s=30.0
    )
    async with bot_running(settings) as app:
        placeholder = await ask(tg, OWNER, "how are my plans going?")
        assert placeholder.plain == PLACEHOLDER
        model.answer_now()
        await eventually(
            lambda: tg.messages[OWNER, placeholder.message_id]["text"] == "Here is what I found.",
            timeout=10,
        )
        await settle(app, tg)
    assert query(db, "SELECT count(*) FROM turn_placeholders") == [(0,)]
    async with bot_running(settings):  # the next start edits nothing
        assert tg.messages[OWNER, placeholder.message_id]["text"] == "Here is what I found."
    assert tg.calls_to("editMessageText")[1:] == []
