"""Answers the model ended unfinished (stop_reason max_tokens, refusal,
model_context_window_exceeded, pause_turn), against the fake Anthropic server
over real HTTP and a real SQLite file: the cut tool call is not run, earlier
rounds' writes stay exactly once, the person gets one plain line, and the next
message still makes a valid Messages request."""

from __future__ import annotations

import json

import pytest

from drbot.ai.assistant import Assistant
from tests.test_assistant import CHAT, USER, dump, make_plan, settings_for

UNFINISHED = ["max_tokens", "refusal", "model_context_window_exceeded", "pause_turn"]
LINES = {
    "max_tokens": "hit the length limit",
    "model_context_window_exceeded": "filled the model's context window",
    "refusal": "declined to go on",
    "pause_turn": "paused before finishing",
}


@pytest.fixture
async def assistant(fake, store):
    bot = Assistant.from_settings(settings_for(fake), store)
    yield bot
    await bot.close()


def unfinished_call(stop_reason: str, text: str | None = None) -> dict:
    """An answer holding a tool call that must not run (a second plan)."""
    content = [{"type": "text", "text": text}] if text else []
    content.append(
        {
            "type": "tool_use",
            "id": "toolu_unfinished",
            "name": "create_plan",
            "input": {"title": "Second plan", "steps": ["Never made"]},
        }
    )
    return {"content": content, "stop_reason": stop_reason}


def history_ids(request) -> list[str]:
    return [
        b.get("id") or b.get("tool_use_id")
        for m in request.body["messages"]
        for b in m["content"]
        if b["type"] in ("tool_use", "tool_result")
    ]


@pytest.mark.parametrize("stop_reason", UNFINISHED)
async def test_an_unfinished_tool_call_after_a_write_is_not_run(
    fake, assistant, store, stop_reason, caplog
):
    fake.push_tool_use([("create_plan", {"title": "Boiler", "steps": ["Call plumber"]})])
    fake.push_raw(unfinished_call(stop_reason))
    reply = await assistant.handle(CHAT, USER, "plan the boiler fix")

    assert LINES[stop_reason] in reply.text
    assert "I didn't make that plan." in reply.text
    assert 'Done before that: Created plan "Boiler".' in reply.text and "create" not in reply.text
    assert "Sorry" not in reply.text and "Traceback" not in caplog.text
    assert len(fake.requests) == 2  # no round after the stop
    [plan] = await store.list_plans(USER)  # the first write, once; not the cut one
    assert plan["title"] == "Boiler" and reply.plan_id == plan["id"]
    assert await assistant.conversations.pending(CHAT, USER) is None  # no /retry to write twice

    # The next message makes a valid request: the earlier round's pair is
    # there, the unanswered call is not (the fake answers 400 otherwise).
    before = dump(store.db.path)
    fake.push_text("Anything else?")
    assert (await assistant.handle(CHAT, USER, "thanks")).text == "Anything else?"
    assert fake.requests[-1].status == 200
    ids = history_ids(fake.requests[-1])
    assert "toolu_unfinished" not in ids and len(ids) == 2 and ids[0] == ids[1]
    assert dump(store.db.path) == before


@pytest.mark.parametrize("stop_reason", UNFINISHED)
async def test_an_unfinished_first_answer_changes_nothing(fake, assistant, store, stop_reason):
    await make_plan(store)
    before = dump(store.db.path)
    fake.push_raw(unfinished_call(stop_reason))
    reply = await assistant.handle(CHAT, USER, "add another plan")
    assert LINES[stop_reason] in reply.text
    assert "I didn't make that plan. Nothing was changed." in reply.text
    assert dump(store.db.path) == before
    fake.push_text("ok")
    await assistant.handle(CHAT, USER, "fine")
    assert fake.requests[-1].status == 200 and history_ids(fake.requests[-1]) == []


async def test_a_refusals_partial_text_is_neither_shown_nor_replayed(fake, assistant):
    fake.push_raw(
        {
            "content": [{"type": "text", "text": "Sure, here is how to pick the lo"}],
            "stop_reason": "refusal",
        }
    )
    reply = await assistant.handle(CHAT, USER, "how do I get into my neighbour's shed?")
    assert reply.outcome == "refusal" and "pick the lo" not in reply.text
    assert reply.text == (
        "The model declined to go on with this request, so I stopped. Nothing was changed."
    )
    [turn] = await assistant.conversations.last_turns(CHAT, USER, 1)
    assert turn["outcome"] == "not_understood"
    fake.push_text("ok")
    await assistant.handle(CHAT, USER, "never mind")
    # The refused exchange is left out of what the model sees next.
    sent = json.dumps(fake.requests[-1].body["messages"])
    assert "pick the lo" not in sent and "declined" not in sent and "neighbour" not in sent


@pytest.mark.parametrize(
    "stop_reason, outcome",
    [("model_context_window_exceeded", "context_full"), ("pause_turn", "paused")],
)
async def test_cut_text_is_shown_with_the_reason(fake, assistant, stop_reason, outcome):
    fake.push_raw(unfinished_call(stop_reason, text="Your plans so far: the fence and"))
    reply = await assistant.handle(CHAT, USER, "what are my plans?")
    assert reply.outcome == outcome
    assert reply.text.startswith("Your plans so far: the fence and\n\n")
    assert LINES[stop_reason] in reply.text
    fake.push_text("ok")
    await assistant.handle(CHAT, USER, "go on")
    replayed = fake.requests[-1].body["messages"][1]
    assert replayed["role"] == "assistant"
    assert [b["text"] for b in replayed["content"]] == ["Your plans so far: the fence and"]
