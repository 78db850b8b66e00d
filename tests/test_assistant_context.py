"""The model loop meets a slow local server and a small context window: retries and
timeouts by server, history trimmed to a token budget, context overflow, hybrid mode."""

from __future__ import annotations

import json

import pytest

from drbot.ai.assistant import Assistant
from drbot.ai.llm.context_budget import ANNOUNCE_MARGIN, TURN_MARGIN, estimate_tokens, turns_to_drop
from drbot.ai.llm.prompt import SYSTEM_PROMPT
from drbot.memory.clock import system_clock
from tests.conftest import settings_for
from tests.dbdump import dump

USER, CHAT = 7, 7


# settings_for (conftest): the fake listens on 127.0.0.1, so to drbot it is a local
# server, like llama-server; the model answers every message, unless a test says not.


@pytest.fixture
def store_clock():
    return system_clock  # the store reads the real time here, as the assistant does


@pytest.fixture
async def make_assistant(fake, store):
    made = []

    def make(**llm) -> Assistant:
        made.append(Assistant.from_settings(settings_for(fake, **llm), store))
        return made[-1]

    yield make
    for bot in made:
        await bot.close()


def announce_of(request) -> str:
    return request.body["messages"][-1]["content"][-1]["text"]


def history_of(request) -> list[dict]:
    """The messages sent before the person's message of this (first-round) request,
    without cache breakpoints (they move to the newest message; the cache ignores them)."""

    def plain(block):
        return {k: v for k, v in block.items() if k != "cache_control"}

    return [
        {"role": m["role"], "content": [plain(b) for b in m["content"]]}
        for m in request.body["messages"][:-1]
    ]


def plans_only(path) -> dict:
    """The database without the conversation's own bookkeeping."""
    return {
        table: rows
        for table, rows in dump(path).items()
        if table not in ("turns", "pending_messages", "chat_state", "sqlite_sequence")
    }


# -- a local server: no retries, a long timeout --------------------------------


async def test_a_local_server_gets_no_retries_and_a_long_timeout(fake, make_assistant):
    bot = make_assistant(request_timeout_s=None)  # "auto"
    fake.push_error(500)
    reply = await bot.handle(CHAT, USER, "what should I do about the boiler?")
    assert reply.outcome == "failed" and "/retry" in reply.text
    assert len(fake.requests) == 1  # a retry would only queue behind the busy slot
    assert bot.client.timeout == 600.0


async def test_a_slow_local_server_is_asked_once_within_the_deadline(fake, make_assistant):
    bot = make_assistant(request_timeout_s=0.3)  # retries auto = 0
    fake.push_slow(5, then="too late")
    reply = await bot.handle(CHAT, USER, "anything new?")
    assert reply.outcome == "failed" and "took too long" in reply.text
    assert len(fake.requests) == 1


async def test_explicit_retries_win_for_a_local_server(fake, make_assistant):
    bot = make_assistant(max_retries=1)
    for _ in range(2):
        fake.push_error(500, headers={"retry-after-ms": "5"})
    await bot.handle(CHAT, USER, "hello there")
    assert len(fake.requests) == 2


# -- history fits the context window -------------------------------------------


def test_the_system_prompt_stays_short():
    # Every token is read before the first answer on a CPU (bench/prompt_size.py);
    # it was 509 estimated tokens before it was cut.
    assert estimate_tokens(SYSTEM_PROMPT) <= 350
    assert "in 3 days" in SYSTEM_PROMPT  # date words go to the tools as the person said them


def test_turns_to_drop_trims_whole_turns_in_one_chunk():
    turn = [{"role": "user", "content": "x" * 350}, {"role": "assistant", "content": "y" * 350}]
    size = estimate_tokens(turn)
    assert turns_to_drop([turn] * 4, budget=4 * size) == 0
    # One turn over: down to half the budget, not just one turn fewer.
    assert turns_to_drop([turn] * 5, budget=4 * size) == 3
    assert turns_to_drop([turn] * 2, budget=size // 2) == 2  # nothing fits: all go


async def test_history_is_trimmed_to_the_context_in_chunks(fake, make_assistant):
    probe = make_assistant()
    budget = 900
    context = probe.prompt_tokens + 100 + ANNOUNCE_MARGIN + TURN_MARGIN + budget + 10
    bot = make_assistant(context_tokens=max(context, 1024), max_tokens=100)
    firsts = []
    for i in range(10):
        fake.push_tool_use([("list_plans", {})])
        fake.push_text(f"answer {i}: " + "words " * 60)
        await bot.handle(CHAT, USER, f"question {i}")
        firsts.append(fake.requests[-2])
    assert all(r.status == 200 for r in fake.requests)  # tool pairs never split (400 otherwise)
    trims = 0
    for before, after in zip(firsts, firsts[1:]):
        assert estimate_tokens(history_of(after)) <= budget
        if "history was trimmed" in announce_of(after):
            trims += 1
            assert len(history_of(after)) < len(history_of(before)) + 4
        else:  # between trims the history only grows at its end: the cached prefix holds
            assert history_of(after)[: len(history_of(before))] == history_of(before)
    assert 1 <= trims <= 4
    assert "question 0" not in json.dumps(firsts[-1].body["messages"])


@pytest.mark.parametrize("server", ["anthropic", "llama.cpp"])
async def test_context_overflow_drops_the_history_and_asks_once_more(fake, make_assistant, server):
    bot = make_assistant()
    for text in ("first", "second"):
        fake.push_text(f"answer to {text}")
        await bot.handle(CHAT, USER, text)
    fake.push_context_overflow(server)
    fake.push_text("ok, third")
    reply = await bot.handle(CHAT, USER, "third")
    assert reply.text == "ok, third"
    overflowed, retried = fake.requests[2:]
    assert len(overflowed.body["messages"]) == 5 and overflowed.status == 400
    assert len(retried.body["messages"]) == 1 and "history was trimmed" in announce_of(retried)
    fake.push_text("ok, fourth")
    await bot.handle(CHAT, USER, "fourth")  # the dropped history stays dropped
    sent = fake.requests[-1].body["messages"]
    assert [m["content"][0]["text"] for m in sent[::2]] == ["third", "fourth"]
    assert "history was trimmed" not in announce_of(fake.requests[-1])


async def test_a_message_too_long_even_alone_gets_one_line_and_is_kept(fake, make_assistant, store):
    bot = make_assistant()
    fake.push_text("hello")
    await bot.handle(CHAT, USER, "hi")
    before = plans_only(store.db.path)
    fake.push_context_overflow("llama.cpp")
    fake.push_context_overflow("llama.cpp")
    reply = await bot.handle(CHAT, USER, "tell me a long story")
    assert reply.outcome == "failed" and "\n" not in reply.text
    assert "too long for the model's context window" in reply.text and "/retry" in reply.text
    assert len(fake.requests) == 3  # the first try, one retry without history, no more
    assert plans_only(store.db.path) == before
    [_, failed] = await bot.conversations.last_turns(CHAT, USER, 2)
    assert failed["outcome"] == "failed" and failed["messages"] == []
    assert (await bot.conversations.pending(CHAT, USER))["text"] == "tell me a long story"
    fake.push_text("fine")
    assert (await bot.handle(CHAT, USER, "short then")).text == "fine"
    assert len(fake.requests[-1].body["messages"]) == 1


async def test_overflow_without_history_and_other_400s_are_not_retried(fake, make_assistant):
    bot = make_assistant()
    fake.push_context_overflow("anthropic")
    assert (await bot.handle(CHAT, USER, "the weather is nice")).outcome == "failed"
    assert len(fake.requests) == 1
    fake.push_text("hello")
    await bot.handle(CHAT, USER, "hi")
    fake.push_error(400)
    reply = await bot.handle(CHAT, USER, "and then?")
    assert reply.outcome == "failed" and "context window" not in reply.text
    assert len(fake.requests) == 3


# -- hybrid mode: the built-in rules answer what they are sure of ---------------


async def hybrid_setup(store, bot):
    plan_id = await store.create_plan(USER, "Fix the fence", None, ["Get quotes", "Hire"])
    step = (await store.get_plan(USER, plan_id))["steps"][0]["id"]
    await store.update_step_status(USER, step, "done")
    await bot.conversations.set_current_plan(CHAT, USER, plan_id)
    return plan_id


async def test_hybrid_answers_sure_readings_without_the_model(fake, make_assistant, store):
    bot = make_assistant(hybrid=True)
    plan_id = await hybrid_setup(store, bot)
    listed = await bot.handle(CHAT, USER, "list my plans")
    assert listed.outcome == "offline" and "Fix the fence" in listed.text
    undone = await bot.handle(CHAT, USER, "undo")
    assert undone.outcome == "offline"
    plan = await store.get_plan(USER, plan_id)
    assert [s["status"] for s in plan["steps"]] == ["pending", "pending"]
    assert fake.requests == []
    turns = await bot.conversations.last_turns(CHAT, USER, 2)
    assert [t["outcome"] for t in turns] == ["offline", "offline"]
    # Anything else still goes to the model, with those turns as history.
    fake.push_text("Call Jim.")
    assert (await bot.handle(CHAT, USER, "who should I call about the fence?")).text == "Call Jim."
    assert fake.requests[0].body["messages"][0]["content"][0]["text"] == "list my plans"


async def test_without_hybrid_the_model_reads_every_sentence(fake, make_assistant, store):
    """Only the exact grammar bypasses the model: "undo" typed as a command, "/plans", a
    mark line. "list my plans" and "undo the photos thing" are sentences."""
    bot = make_assistant(hybrid=False)
    plan_id = await hybrid_setup(store, bot)
    fake.push_text("You have one plan.")
    fake.push_text("Which change?")
    assert (await bot.handle(CHAT, USER, "list my plans")).text == "You have one plan."
    assert (await bot.handle(CHAT, USER, "undo the quotes thing")).text == "Which change?"
    assert len(fake.requests) == 2
    plan = await store.get_plan(USER, plan_id)
    assert [s["status"] for s in plan["steps"]] == ["done", "pending"]
    for command in ("Undo!", "/plans", "history", "✓ 2"):
        assert not bot.will_call_model(command)
        assert (await bot.handle(CHAT, USER, command)).outcome in ("offline", "marks")
    assert len(fake.requests) == 2
    plan = await store.get_plan(USER, plan_id)
    assert [s["status"] for s in plan["steps"]] == ["pending", "done"]  # undone, then ✓ 2


async def test_claude_by_default_reads_what_the_rules_would_have_answered(fake, store):
    """The default configuration at Anthropic's API: "got the photos" and "what's next?",
    which the rules read with certainty, go to Claude."""
    from tests.bot_harness import claude_defaults

    bot = Assistant.from_settings(claude_defaults(settings_for(fake)), store)
    try:
        plan_id = await store.create_plan(
            USER, "Renew passport", None, ["Get photos", "Fill in the form"]
        )
        await bot.conversations.set_current_plan(CHAT, USER, plan_id)
        fake.push_text("Noted.")
        fake.push_text("Next: fill in the form.")
        for text in ("got the photos", "what's next?"):
            assert bot.will_call_model(text)
            await bot.handle(CHAT, USER, text)
        assert [r.body["messages"][-1]["content"][0]["text"] for r in fake.requests] == [
            "got the photos",
            "what's next?",
        ]
        assert [s["status"] for s in (await store.get_plan(USER, plan_id))["steps"]] == [
            "pending",
            "pending",
        ]  # the rules wrote nothing; the scripted model nothing either
    finally:
        await bot.close()


async def test_hybrid_free_wording_is_ruled_locally_and_the_rest_goes_to_the_model(
    fake, make_assistant, store
):
    bot = make_assistant(hybrid=True)
    plan_id = await store.create_plan(
        USER, "Renew passport", None, ["Get photos", "Fill in the form"]
    )
    await bot.conversations.set_current_plan(CHAT, USER, plan_id)
    await bot.handle(CHAT, USER, "got the photos")  # one clear reading: no model
    await bot.handle(CHAT, USER, "what's next?")
    assert fake.requests == []
    assert [s["status"] for s in (await store.get_plan(USER, plan_id))["steps"]] == [
        "done",
        "pending",
    ]
    # A bare goal (a model can propose its steps) and what the rules don't understand
    # go to the model.
    fake.push_text("Shall I plan that with you?")
    fake.push_text("Nice weather indeed.")
    await bot.handle(CHAT, USER, "I want to learn spanish")
    await bot.handle(CHAT, USER, "the weather is nice")
    assert len(fake.requests) == 2
