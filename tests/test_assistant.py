"""The model loop against a fake Anthropic Messages server over real HTTP."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest

from drbot.ai.assistant import Assistant
from drbot.ai.llm.prompt import SYSTEM_PROMPT
from drbot.config import Settings
from drbot.memory import PlanStore
from drbot.memory.clock import system_clock
from drbot.memory.conversations import ConversationStore
from tests import conftest
from tests.fakes.anthropic_server import FakeAnthropic

USER, OTHER, CHAT = 7, 8, 7
FAST_RETRY = {"retry-after-ms": "5"}


def settings_for(fake: FakeAnthropic, **llm) -> Settings:
    # The fake stands in for Anthropic's API: its retries, explicitly (a local URL means 0).
    return conftest.settings_for(fake, **{"max_retries": 2, **llm})


@pytest.fixture
def store_clock():
    return system_clock  # the store reads the real time here, as the assistant does


@pytest.fixture
async def assistant(fake, store):
    bot = Assistant.from_settings(settings_for(fake), store)
    yield bot
    await bot.close()


def dump(path) -> dict:
    with sqlite3.connect(path) as conn:
        tables = [
            r[0]
            for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type='table' AND name NOT IN"
                " ('turns', 'chat_state', 'sqlite_sequence', 'pending_messages')"
            )
        ]
        return {t: conn.execute(f"SELECT * FROM {t}").fetchall() for t in tables}


def last_blocks(request) -> list[dict]:
    return request.body["messages"][-1]["content"]


def tool_results(request) -> list[dict]:
    return [b for b in last_blocks(request) if b["type"] == "tool_result"]


async def make_plan(store, user=USER, steps=("Get quotes", "Hire contractor", "Supervise")):
    plan_id = await store.create_plan(user, "Fix the fence", None, list(steps))
    return plan_id, [s["id"] for s in (await store.get_plan(user, plan_id))["steps"]]


# -- request shape -----------------------------------------------------------


async def test_request_shape_caches_the_constant_prefix_and_ends_with_announce(fake, assistant):
    fake.push_text("Hello! Tell me about a plan.")
    fake.push_text("Sure.")
    await assistant.handle(CHAT, USER, "hi")
    await assistant.handle(CHAT, USER, "and again")
    first, second = fake.requests
    for request in (first, second):
        body = request.body
        assert body["system"] == [
            {"type": "text", "text": SYSTEM_PROMPT, "cache_control": {"type": "ephemeral"}}
        ]
        assert body["tools"][-1]["cache_control"] == {"type": "ephemeral"}
        assert all("cache_control" not in t for t in body["tools"][:-1])
        tail = last_blocks(request)[-1]
        assert tail["text"].startswith("╔") and "ANNOUNCE — Iteration 1/4" in tail["text"]
        assert "cache_control" not in tail
        assert last_blocks(request)[-2]["cache_control"] == {"type": "ephemeral"}
        assert "current_utc_timestamp" in tail["text"] and "user_timezone: UTC" in tail["text"]
    # Constant: no date in the system prompt, the same tools on every turn.
    assert not re.search(r"20\d\d-\d\d-\d\d", SYSTEM_PROMPT)
    assert first.body["tools"] == second.body["tools"]
    # The second turn carries the first as history, cached at its newest message,
    # and without the first turn's ANNOUNCE.
    history = second.body["messages"][:2]
    assert history[0]["content"] == [{"type": "text", "text": "hi"}]
    assert history[1]["content"][-1]["cache_control"] == {"type": "ephemeral"}
    assert "ANNOUNCE" not in json.dumps(history)
    assert second.headers["authorization"] == "Bearer sk-test-secret-key"


async def test_final_announce_and_usage_are_stored_with_the_turn(fake, assistant):
    fake.push_text("Hello!")
    await assistant.handle(CHAT, USER, "hi")
    [turn] = await assistant.conversations.last_turns(CHAT, USER, 1)
    assert "ANNOUNCE — Iteration 1/4" in turn["final_announce"]
    billed = fake.requests[0].response["usage"]
    assert turn["usage"]["input_tokens"] == billed["input_tokens"]
    assert turn["usage"]["cache_write_tokens"] == billed["cache_creation_input_tokens"]
    assert turn["usage"]["output_tokens"] == billed["output_tokens"]


# -- tools -------------------------------------------------------------------


async def test_parallel_tool_calls_are_answered_in_one_message(fake, assistant, store):
    fake.push_tool_use(
        [
            ("create_plan", {"title": "Fix the fence", "steps": ["Get quotes", "Hire contractor"]}),
            ("list_plans", {}),
        ]
    )
    fake.push_text("Created your fence plan.")
    reply = await assistant.handle(CHAT, USER, "make a fence plan")
    assert reply.text == "Created your fence plan."
    calls = [b for b in fake.requests[0].response["content"] if b["type"] == "tool_use"]
    results = tool_results(fake.requests[1])
    assert [r["tool_use_id"] for r in results] == [c["id"] for c in calls]
    assert not any(r["is_error"] for r in results)
    assert "step_id" in results[0]["content"] and "□ 1. Get quotes" in results[0]["content"]
    [plan] = await store.list_plans(USER)
    assert plan["title"] == "Fix the fence" and reply.plan_id == plan["id"]
    # The ANNOUNCE of the second round shows the new current plan.
    assert f'plan #{plan["id"]} "Fix the fence"' in last_blocks(fake.requests[1])[-1]["text"]


@pytest.mark.parametrize(
    "name, arguments, reason",
    [
        ("update_plan_step", {"step_id": "one"}, "step_id must be an integer"),
        ("update_plan_step", {"step_id": 1, "status": "finished"}, "status must be one of"),
        ("create_plan", {"title": "x"}, "steps is required"),
        ("create_plan", {"title": "x", "steps": [], "user_id": 8}, "user_id is not a known field"),
        ("delete_everything", {}, "Unknown tool 'delete_everything'"),
    ],
)
async def test_bad_calls_get_is_error_and_change_nothing(
    fake, assistant, store, name, arguments, reason
):
    await make_plan(store)
    before = dump(store.db.path)
    fake.push_tool_use([(name, arguments)])
    fake.push_text("Sorry about that.")
    await assistant.handle(CHAT, USER, "do it")
    [result] = tool_results(fake.requests[1])
    assert result["is_error"] is True and reason in result["content"]
    assert dump(store.db.path) == before


async def test_another_users_step_is_not_found_and_unchanged(fake, assistant, store):
    _, steps = await make_plan(store, user=OTHER)
    before = dump(store.db.path)
    fake.push_tool_use(
        [
            ("update_plan_step", {"step_id": steps[0], "status": "done"}),
            ("get_plan", {"plan_id": 1}),
        ]
    )
    fake.push_text("I can't find that.")
    await assistant.handle(CHAT, USER, "mark step 1 done")
    results = tool_results(fake.requests[1])
    assert [r["is_error"] for r in results] == [True, True]
    assert results[0]["content"] == f"There is no step {steps[0]}."
    assert results[1]["content"] == "There is no plan 1."
    assert dump(store.db.path) == before


async def test_round_limit_stops_and_says_what_was_done(fake, store):
    async with FakeAnthropic() as server:
        bot = Assistant.from_settings(settings_for(server, max_iterations=2), store)
        _, steps = await make_plan(store)
        for i in range(2):
            server.push_tool_use(
                [("update_plan_step", {"step_id": steps[0], "attempt_outcome": f"try {i}"})]
            )
        reply = await bot.handle(CHAT, USER, "keep trying")
        assert reply.outcome == "round_limit"
        assert (
            "stopped after 2 rounds" in reply.text and '"Get quotes": attempt logged' in reply.text
        )
        assert len(server.requests) == 2
        # The turn was closed properly: the next request is valid for the API.
        server.push_text("ok")
        assert (await bot.handle(CHAT, USER, "thanks")).text == "ok"
        await bot.close()


async def test_max_tokens_keeps_the_text_and_drops_a_cut_tool_call(fake, assistant, store):
    fake.push_raw(
        {
            "content": [
                {"type": "text", "text": "Here is a long"},
                {"type": "tool_use", "id": "toolu_cut", "name": "list_plans", "input": {}},
            ],
            "stop_reason": "max_tokens",
        }
    )
    fake.push_text("fine")
    reply = await assistant.handle(CHAT, USER, "tell me everything")
    assert reply.outcome == "max_tokens"
    assert reply.text.startswith("Here is a long") and "cut short" in reply.text
    await assistant.handle(CHAT, USER, "ok")  # history stays valid (no orphan tool_use)
    assert "toolu_cut" not in json.dumps(fake.requests[1].body["messages"])


async def test_thinking_blocks_go_back_unchanged(fake, assistant):
    thinking = {"type": "thinking", "thinking": "Let me list the plans.", "signature": "sig=="}
    fake.push_raw(
        {
            "content": [
                thinking,
                {"type": "tool_use", "id": "toolu_1", "name": "list_plans", "input": {}},
            ],
            "stop_reason": "tool_use",
        }
    )
    fake.push_text("You have no plans.")
    await assistant.handle(CHAT, USER, "anything to look at?")
    sent = fake.requests[1].body["messages"][-2]
    assert sent["role"] == "assistant" and sent["content"][0] == thinking


# -- failures ----------------------------------------------------------------


@pytest.mark.parametrize(
    "status, reason", [(429, "rate-limited"), (500, "had an error"), (529, "overloaded")]
)
async def test_model_errors_end_in_an_apology_and_retry_works(fake, assistant, status, reason):
    for _ in range(3):  # the first try and the SDK's two retries
        fake.push_error(status, headers=FAST_RETRY)
    reply = await assistant.handle(CHAT, USER, "what should I do about the boiler?")
    assert reply.outcome == "failed" and reason in reply.text and "/retry" in reply.text
    assert "Traceback" not in reply.text and "sk-test" not in reply.text
    assert len(fake.requests) == 3
    pending = await assistant.conversations.pending(CHAT, USER)
    assert pending["text"] == "what should I do about the boiler?"
    fake.push_text("Call a plumber.")
    retried = await assistant.retry_last(CHAT, USER)
    assert retried.text == "Call a plumber."
    assert (
        fake.requests[-1].body["messages"][0]["content"][0]["text"]
        == "what should I do about the boiler?"
    )
    assert await assistant.conversations.pending(CHAT, USER) is None


async def test_a_slow_model_ends_in_an_apology_within_the_deadline(fake, store):
    # A short deadline: each of the three tries gives up long before the fake answers.
    assistant = Assistant.from_settings(settings_for(fake, request_timeout_s=0.3), store)
    try:
        for _ in range(3):
            fake.push_slow(5, then="too late")
        reply = await assistant.handle(CHAT, USER, "anything new?")
        assert reply.outcome == "failed" and "took too long" in reply.text
        assert (await assistant.conversations.pending(CHAT, USER))["text"] == "anything new?"
    finally:
        await assistant.close()


async def test_model_down_falls_back_to_the_offline_rules(fake, store):
    assistant = Assistant.from_settings(settings_for(fake, hybrid=False), store)
    for _ in range(3):
        fake.push_error(529, headers=FAST_RETRY)
    reply = await assistant.handle(CHAT, USER, "list my plans")
    assert reply.outcome == "offline" and "built-in rules" in reply.text
    assert await assistant.conversations.pending(CHAT, USER) is None
    await assistant.close()


async def test_failure_after_a_change_does_not_offer_a_double_retry(fake, assistant, store):
    fake.push_tool_use([("create_plan", {"title": "Boiler", "steps": ["Call plumber"]})])
    for _ in range(3):
        fake.push_error(500, headers=FAST_RETRY)
    reply = await assistant.handle(CHAT, USER, "plan the boiler fix")
    assert reply.outcome == "failed" and 'Created plan "Boiler"' in reply.text
    assert await assistant.conversations.pending(CHAT, USER) is None
    assert len(await store.list_plans(USER)) == 1
    fake.push_text("ok")
    await assistant.handle(CHAT, USER, "continue")  # the stored turn is well-formed


# -- history, budget, restart -----------------------------------------------


async def test_trimmed_history_keeps_tool_pairs_and_says_so_once(fake, store):
    conversations = ConversationStore(store.db, max_turns=4)
    bot = Assistant.from_settings(settings_for(fake), store, conversations=conversations)
    for i in range(6):
        fake.push_tool_use([("list_plans", {})])
        fake.push_text(f"answer {i}")
        await bot.handle(CHAT, USER, f"question {i}")
    bodies = [r.body for r in fake.requests if r.status == 200]
    notices = [
        b for b in bodies if "history was trimmed" in b["messages"][-1]["content"][-1]["text"]
    ]
    assert len(notices) == 2  # both rounds of the one turn that trimmed
    last = bodies[-1]["messages"]
    assert last[0]["role"] == "user" and last[0]["content"][0]["text"].startswith("question")
    assert "question 0" not in json.dumps(last)
    await bot.close()


async def test_daily_budget_stops_model_calls(fake, store):
    bot = Assistant.from_settings(settings_for(fake, daily_token_budget=50), store)
    fake.push_text("x" * 400)  # bills well over 50 tokens
    await bot.handle(CHAT, USER, "hello " * 50)
    reply = await bot.handle(CHAT, USER, "and now?")
    assert reply.outcome == "budget" and "today's model budget" in reply.text
    assert len(fake.requests) == 1
    # Another person has their own budget.
    fake.push_text("hi")
    assert (await bot.handle(OTHER, OTHER, "hello")).text == "hi"
    await bot.close()


async def test_restart_keeps_the_conversation(fake, tmp_path):
    path = tmp_path / "restart.db"
    for text, answer in (("my name is Sam", "Hi Sam"), ("what's my name?", "Sam")):
        store = await PlanStore.open(path)
        bot = Assistant.from_settings(settings_for(fake), store)
        fake.push_text(answer)
        await bot.handle(CHAT, USER, text)
        await bot.close()
        await store.close()
    messages = fake.requests[-1].body["messages"]
    assert [m["role"] for m in messages] == ["user", "assistant", "user"]
    assert messages[0]["content"][0]["text"] == "my name is Sam"


# -- marks -------------------------------------------------------------------


async def test_marks_change_the_current_plan_without_a_model_call(fake, assistant, store):
    plan_id, steps = await make_plan(store)
    fake.push_tool_use([("get_plan", {"plan_id": plan_id})])
    fake.push_text("Here it is.")
    await assistant.handle(CHAT, USER, "show the fence plan")
    calls = len(fake.requests)
    reply = await assistant.handle(CHAT, USER, "✓ 1\n✗ 3 waiting on council")
    assert len(fake.requests) == calls
    assert reply.outcome == "marks"
    assert reply.text == "Fix the fence:\n✓ 1. Get quotes\n✗ 3. Supervise — waiting on council"
    plan = await store.get_plan(USER, plan_id)
    assert [s["status"] for s in plan["steps"]] == ["done", "pending", "blocked"]
    # One change, so one /undo takes both marks back.
    await store.undo(USER, plan_id)
    plan = await store.get_plan(USER, plan_id)
    assert [s["status"] for s in plan["steps"]] == ["pending"] * 3


async def test_marks_without_a_current_plan_ask_which_plan(fake, assistant):
    reply = await assistant.handle(CHAT, USER, "✓ 2")
    assert "Which plan?" in reply.text and not fake.requests
