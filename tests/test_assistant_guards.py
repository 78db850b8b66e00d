"""The model loop with an imperfect model: tool calls written as text, echoed
tool results, repeated calls, bad earlier turns, and starting fresh.

Against the fake Anthropic server over real HTTP and a real SQLite file; each
test checks the database and the requests the fake received.
"""

from __future__ import annotations

import json
import sqlite3

import pytest

from drbot.ai.assistant import Assistant
from drbot.ai.llm import confirm
from drbot.ai.llm.model_guard import FRESH_START, NOT_UNDERSTOOD
from drbot.config import BriefingSettings, LLMSettings, Settings
from drbot.memory.clock import system_clock
from tests.conftest import settings_for

USER, CHAT = 7, 7
RAW_TOOL_TEXT = (
    '"arguments"',
    '"parameters"',
    "<tool_call",
    "<function",
    "<tools",
    "tool_response",
    "tool_result>",
    "```",
)


@pytest.fixture
def store_clock():
    return system_clock  # the store reads the real time here, as the assistant does


@pytest.fixture
async def assistant(fake, store):
    settings = settings_for(fake, api_key="sk-test", request_timeout_s=2.0)
    bot = Assistant.from_settings(settings, store)
    yield bot
    await bot.close()


@pytest.fixture
async def passport(store):
    """A plan to act on: (plan id, step ids)."""
    plan_id = await store.create_plan(
        USER, "Renew passport", None, ["Get photos", "Fill in the form", "Post it"]
    )
    return plan_id, [s["id"] for s in (await store.get_plan(USER, plan_id))["steps"]]


def plans_dump(path) -> dict:
    """Every plan table (not the conversation's own)."""
    with sqlite3.connect(path) as conn:
        tables = [
            r[0]
            for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type='table' AND name NOT IN"
                " ('turns', 'chat_state', 'sqlite_sequence', 'pending_messages')"
            )
        ]
        return {t: conn.execute(f"SELECT * FROM {t}").fetchall() for t in tables}


def statuses(store_path, plan_id) -> list[str]:
    with sqlite3.connect(store_path) as conn:
        return [
            s
            for (s,) in conn.execute(
                "SELECT status FROM plan_steps WHERE plan_id = ? ORDER BY position", (plan_id,)
            )
        ]


def without_announce(messages: list[dict]) -> str:
    """The request's messages as JSON, without the ANNOUNCE tail (which quotes
    tool names and plan text of its own)."""
    messages = json.loads(json.dumps(messages))
    messages[-1]["content"] = messages[-1]["content"][:-1]
    return json.dumps(messages, ensure_ascii=False)


def assert_no_tool_text(text: str) -> None:
    assert not any(raw in text for raw in RAW_TOOL_TEXT), text


# -- tool calls written as text run as tool calls ----------------------------------

TEXT_FORMS = {
    "fenced json, create_plan": (
        lambda steps: (
            '```json\n{"name": "create_plan", "arguments": {"title": "Paint the shed", '
            '"steps": ["Buy paint"]}}\n```'
        ),
        ["create_plan"],
        lambda db, plan, steps: (
            [t for (t,) in db.execute("SELECT title FROM plans ORDER BY id")]
            == ["Renew passport", "Paint the shed"]
        ),
    ),
    "bare json with parameters, get_plan": (
        lambda steps: '{"name": "get_plan", "parameters": {"title": "passport"}}',
        ["get_plan"],
        None,
    ),
    "tool_call tags, list_plans": (
        lambda steps: '<tool_call>{"name": "list_plans", "arguments": {}}</tool_call>',
        ["list_plans"],
        None,
    ),
    "function=name with json, update_plan_step": (
        lambda steps: (
            f'<function=update_plan_step>{{"step_id": {steps[2]}, "status": "done"}}</function>'
        ),
        ["update_plan_step"],
        lambda db, plan, steps: (
            db.execute("SELECT status FROM plan_steps WHERE id = ?", (steps[2],)).fetchone()
            == ("done",)
        ),
    ),
    "function=name with parameter elements": (
        lambda steps: (
            f"<function=update_plan_step>\n<parameter=step_id>\n{steps[0]}\n"
            "</parameter>\n<parameter=attempt_outcome>\nshop was closed\n</parameter>\n"
            "</function>"
        ),
        ["update_plan_step"],
        lambda db, plan, steps: (
            db.execute(
                "SELECT a.outcome, s.status FROM plan_step_attempts a JOIN plan_steps s"
                " ON s.id = a.step_id"
            ).fetchall()
            == [("shop was closed", "in_progress")]
        ),
    ),
    "xml attributes with single quotes": (
        lambda steps: (
            """<tools><function name="get_plan" arguments='{"title": "passport"}'/>"""
            "</tools>"
        ),
        ["get_plan"],
        None,
    ),
    "arguments as a json string, prose around": (
        lambda steps: (
            'OK! I will create it now.\n{"name": "create_plan", "arguments": '
            '"{\\"title\\": \\"Paint the shed\\", \\"steps\\": [\\"Buy paint\\"]}"}\n'
            "Let me know if you need anything else."
        ),
        ["create_plan"],
        lambda db, plan, steps: db.execute("SELECT count(*) FROM plans").fetchone() == (2,),
    ),
    "several calls in a row": (
        lambda steps: (
            '{"name": "list_plans", "arguments": {}}\n'
            f'{{"name": "update_plan_step", "arguments": {{"step_id": {steps[1]}, '
            '"status": "blocked"}}'
        ),
        ["list_plans", "update_plan_step"],
        lambda db, plan, steps: (
            db.execute("SELECT status FROM plan_steps WHERE id = ?", (steps[1],)).fetchone()
            == ("blocked",)
        ),
    ),
}


@pytest.mark.parametrize("write, names, check", TEXT_FORMS.values(), ids=TEXT_FORMS.keys())
async def test_a_tool_call_written_as_text_runs_as_a_tool_call(
    fake, assistant, store, passport, write, names, check
):
    plan_id, steps = passport
    fake.push_text(write(steps))
    fake.push_text("All done.")
    reply = await assistant.handle(CHAT, USER, "do it")
    assert (reply.text, reply.outcome) == ("All done.", "answered")
    assert len(fake.requests) == 2
    # The model's next request holds the well-formed shape: tool_use answered by tool_result.
    asked, answered = fake.requests[1].body["messages"][-2:]
    uses = [b for b in asked["content"] if b["type"] == "tool_use"]
    assert [u["name"] for u in uses] == names
    assert all(u["id"].startswith("toolu_text_") for u in uses)
    results = [b for b in answered["content"] if b["type"] == "tool_result"]
    assert [r["tool_use_id"] for r in results] == [u["id"] for u in uses]
    assert not any(r["is_error"] for r in results), results
    assert_no_tool_text(json.dumps([b for b in asked["content"] if b["type"] == "text"]))
    if "get_plan" in names:
        assert "Get photos" in results[names.index("get_plan")]["content"]
        assert reply.plan_id == plan_id
    if "list_plans" in names:
        assert "Renew passport" in results[names.index("list_plans")]["content"]
    if check is not None:
        with sqlite3.connect(store.db.path) as db:
            assert check(db, plan_id, steps)
    # Stored that way too: the next message's history is valid and free of tool text.
    fake.push_text("ok")
    await assistant.handle(CHAT, USER, "thanks")
    history = fake.requests[2].body["messages"]
    assert [m["role"] for m in history] == ["user", "assistant", "user", "assistant", "user"]
    assert history[1]["content"][-1]["id"].startswith("toolu_text_")
    assert_no_tool_text(without_announce(history))


# -- tool text that cannot run is refused plainly --------------------------------

REFUSED = {
    "unknown tool": '{"name": "delete_everything", "arguments": {}}',
    "bad arguments": '<function=update_plan_step>{"step_id": "three", "status": "done"}</function>',
    "unreadable json": '```json\n{"name": "create_plan", "arguments": {"title": "Paint", '
    '"steps": [\n```',
    "a valid write beside an unknown tool": (
        '[{"name": "create_plan", "arguments": {"title": "Paint", "steps": ["Buy paint"]}}, '
        '{"name": "paint_it", "arguments": {}}]'
    ),
    "only an echoed tool result": "<tool_response>No active plans.</tool_response>",
}


@pytest.mark.parametrize("text", REFUSED.values(), ids=REFUSED.keys())
async def test_tool_text_that_cannot_run_is_refused_and_changes_nothing(
    fake, assistant, store, passport, text
):
    before = plans_dump(store.db.path)
    fake.push_text(text)
    reply = await assistant.handle(CHAT, USER, "paint the shed")
    assert (reply.text, reply.outcome) == (NOT_UNDERSTOOD, "not_understood")
    assert len(fake.requests) == 1
    assert plans_dump(store.db.path) == before
    [turn] = await assistant.conversations.last_turns(CHAT, USER, 1)
    assert turn["outcome"] == "not_understood"
    assert_no_tool_text(json.dumps(turn["messages"]))


async def test_a_refusal_after_real_work_says_what_was_done(fake, assistant, store):
    fake.push_tool_use([("create_plan", {"title": "Paint the shed", "steps": ["Buy paint"]})])
    fake.push_text('{"name": "colour_picker", "arguments": {"colour": "red"}}')
    reply = await assistant.handle(CHAT, USER, "plan painting the shed red")
    assert reply.outcome == "not_understood"
    assert reply.text.startswith('I did part of that (Created plan "Paint the shed")')
    assert "nothing more was changed" in reply.text and "{" not in reply.text
    [plan] = await store.list_plans(USER)
    assert plan["title"] == "Paint the shed" and reply.plan_id == plan["id"]


async def test_an_echo_is_cut_from_a_real_answer(fake, assistant):
    fake.push_text("<tool_response>No active plans.</tool_response>\nYou have no plans yet.")
    reply = await assistant.handle(CHAT, USER, "my plans?")
    assert (reply.text, reply.outcome) == ("You have no plans yet.", "answered")
    fake.push_text("ok")
    await assistant.handle(CHAT, USER, "thanks")
    history = fake.requests[1].body["messages"]
    assert history[1]["content"][0]["text"] == "You have no plans yet."
    assert_no_tool_text(without_announce(history))


async def test_an_answer_cut_short_inside_tool_text_shows_none_of_it(fake, assistant, store):
    fake.push_raw(
        {
            "content": [
                {
                    "type": "text",
                    "text": 'Creating it: {"name": "create_plan", "arguments": {"title": "Pai',
                }
            ],
            "stop_reason": "max_tokens",
        }
    )
    reply = await assistant.handle(CHAT, USER, "plan the shed")
    assert reply.outcome == "max_tokens" and "cut short" in reply.text
    assert_no_tool_text(reply.text)
    assert "{" not in reply.text
    assert await store.list_plans(USER) == []


# -- a bad turn does not poison the next ones ------------------------------------


async def test_bad_turns_are_not_replayed_to_the_model(fake, assistant, store):
    fake.push_text("<tool_response>No active plans.</tool_response>")  # refused
    await assistant.handle(CHAT, USER, "hello")
    fake.push_tool_use([("create_plan", {"title": "Paint the shed", "steps": ["Buy paint"]})])
    fake.push_text('<function=mix_paint>{"colour": "red"}</function>')  # refused
    await assistant.handle(CHAT, USER, "paint the shed red")
    fake.push_text("Hi again!")
    await assistant.handle(CHAT, USER, "what now?")
    history = fake.requests[-1].body["messages"]
    assert_no_tool_text(without_announce(history))
    assert "couldn't act" not in json.dumps(history)
    # The echo-only turn is left out whole; the turn that did work keeps its
    # tool round trip and ends neutrally.
    texts = [b.get("text") for m in history for b in m["content"] if b["type"] == "text"]
    assert "hello" not in texts
    assert texts[:2] == ["paint the shed red", "Stopped here."]
    uses = [b["name"] for m in history for b in m["content"] if b["type"] == "tool_use"]
    assert uses == ["create_plan"]


async def test_older_turns_stored_with_tool_text_are_kept_out(fake, assistant):
    conversations = assistant.conversations
    old = {
        "tool text": '{"name": "list_plans", "arguments": {}}',
        "echo": "<tool_response>No active plans.</tool_response>",
        "apology": "Sorry — the model is overloaded right now, so I stopped part-way.",
        "round limit": "I stopped after 8 rounds without finishing. So far: nothing was changed.",
        "a fine answer with an echo": "<tool_result>x</tool_result>You have no plans.",
        "the model's own apology": "Sorry — I can't find a plan called boat.",
    }
    for question, answer in old.items():
        await conversations.save_turn(
            CHAT,
            USER,
            user_text=question,
            outcome="answered",
            messages=[
                {"role": "user", "content": [{"type": "text", "text": question}]},
                {"role": "assistant", "content": [{"type": "text", "text": answer}]},
            ],
        )
    fake.push_text("ok")
    await assistant.handle(CHAT, USER, "hello")
    history = fake.requests[0].body["messages"]
    assert [m["content"][0]["text"] for m in history] == [
        "a fine answer with an echo",
        "You have no plans.",
        "the model's own apology",
        "Sorry — I can't find a plan called boat.",
        "hello",
    ]


# -- loops end --------------------------------------------------------------------


async def test_the_same_call_twice_is_not_run_again(fake, assistant, store, passport):
    plan_id, steps = passport
    call = ("update_plan_step", {"step_id": steps[0], "attempt_outcome": "called the office"})
    fake.push_tool_use([call])
    fake.push_tool_use([call])
    fake.push_text("Logged.")
    reply = await assistant.handle(CHAT, USER, "I called the passport office")
    assert reply.text == "Logged."
    first = fake.requests[1].body["messages"][-1]["content"][0]
    [again] = [
        b for b in fake.requests[2].body["messages"][-1]["content"] if b["type"] == "tool_result"
    ]
    assert again["is_error"] is True
    assert again["content"] == "already done in this turn; its result was: " + first["content"]
    plan = await store.get_plan(USER, plan_id)
    assert [a["outcome"] for a in plan["steps"][0]["attempts"]] == ["called the office"]


@pytest.mark.parametrize("as_text", [False, True], ids=["tool_use", "text"])
async def test_a_third_repeat_ends_the_turn_saying_what_was_done(
    fake, assistant, store, passport, as_text
):
    plan_id, steps = passport
    arguments = {"step_id": steps[0], "attempt_outcome": "called the office"}
    for _ in range(3):
        if as_text:
            fake.push_text(json.dumps({"name": "update_plan_step", "arguments": arguments}))
        else:
            fake.push_tool_use([("update_plan_step", arguments)])
    fake.push_text("never asked for")
    reply = await assistant.handle(CHAT, USER, "I called the passport office")
    assert reply.outcome == "repeating"
    assert reply.text.startswith(
        "I stopped because the same action kept repeating. "
        'So far: Updated … step 1 "Get photos": attempt logged'
    )
    assert len(fake.requests) == 3 and fake.pending == 1
    plan = await store.get_plan(USER, plan_id)
    assert [a["outcome"] for a in plan["steps"][0]["attempts"]] == ["called the office"]
    # The turn was closed properly: the next request is valid.
    assert (await assistant.handle(CHAT, USER, "thanks")).text == "never asked for"


async def test_a_read_repeated_after_a_change_runs_again(fake, assistant, store, passport):
    plan_id, steps = passport
    fake.push_tool_use([("get_plan", {"plan_id": plan_id})])
    fake.push_tool_use([("update_plan_step", {"step_id": steps[0], "status": "done"})])
    fake.push_tool_use([("get_plan", {"plan_id": plan_id})])
    fake.push_text("Step 1 is done.")
    await assistant.handle(CHAT, USER, "photos are done")
    [reread] = [
        b for b in fake.requests[3].body["messages"][-1]["content"] if b["type"] == "tool_result"
    ]
    assert reread["is_error"] is False and "✓ 1. Get photos" in reread["content"]


# -- starting fresh ------------------------------------------------------------------


@pytest.mark.parametrize(
    "words",
    ["start over", "New conversation", "forget this conversation", "Let's start over!", "/new"],
)
async def test_start_over_clears_the_conversation_and_keeps_the_plans(
    fake, assistant, store, passport, words
):
    plan_id, _ = passport
    fake.push_tool_use([("get_plan", {"plan_id": plan_id})])
    fake.push_text("Here it is.")
    await assistant.handle(CHAT, USER, "show my passport plan")
    await assistant.conversations.keep_pending(CHAT, USER, "an unanswered message")
    if words == "/new":
        reply = await assistant.start_fresh(CHAT, USER)
    else:
        assert not assistant.will_call_model(words)
        reply = await assistant.handle(CHAT, USER, words)
    assert (reply.text, reply.outcome, reply.plan_id) == (FRESH_START, "fresh", plan_id)
    assert len(fake.requests) == 2  # no model call
    assert await assistant.conversations.pending(CHAT, USER) is None
    fake.push_text("Hello!")
    await assistant.handle(CHAT, USER, "hi")
    messages = fake.requests[-1].body["messages"]
    assert len(messages) == 1 and messages[0]["content"][0]["text"] == "hi"
    assert f'plan #{plan_id} "Renew passport"' in messages[0]["content"][-1]["text"]
    assert [p["id"] for p in await store.list_plans(USER)] == [plan_id]


async def test_start_over_inside_a_request_goes_to_the_model(fake, assistant):
    assert assistant.will_call_model("start over the fence plan with new steps")
    fake.push_text("Which steps?")
    reply = await assistant.handle(CHAT, USER, "start over the fence plan with new steps")
    assert reply.text == "Which steps?" and len(fake.requests) == 1


# -- a local model's changes wait for the person's yes ----------------------------


async def test_a_local_models_change_is_asked_first_and_runs_on_yes(fake, store):
    settings = Settings(
        llm=LLMSettings(
            provider="anthropic",
            api_key="local",
            base_url=fake.url,
            request_timeout_s=2.0,
            max_iterations=4,
            hybrid=False,
        ),
        briefing=BriefingSettings(),
    )
    assert settings.llm.confirms_writes  # 127.0.0.1 is not Anthropic's API: auto → yes
    bot = Assistant.from_settings(settings, store)
    try:
        plan_id = await store.create_plan(USER, "Renew passport", None, ["Get photos", "Form"])
        photos = (await store.get_plan(USER, plan_id))["steps"][0]["id"]
        fake.push_tool_use([("update_plan_step", {"step_id": photos, "status": "done"})])
        reply = await bot.handle(CHAT, USER, "cheers 🙏")
        assert reply.question is not None
        assert "mark step “Get photos” done" in reply.text and "nothing is changed" in reply.text
        assert [s["status"] for s in (await store.get_plan(USER, plan_id))["steps"]] == [
            "pending",
            "pending",
        ]
        # The next request shows the model its call was not run (a valid history).
        fake.push_text("Okay.")
        await bot.handle(CHAT, USER, "what's the weather")
        results = [
            b
            for m in fake.requests[-1].body["messages"]
            for b in m["content"]
            if b["type"] == "tool_result"
        ]
        assert [r["content"] for r in results] == [confirm.NOT_RUN]
        assert await bot.open_question(CHAT, USER) is None  # another message dropped it
        # Asked again, and this time the person says yes.
        fake.push_tool_use([("update_plan_step", {"step_id": photos, "status": "done"})])
        await bot.handle(CHAT, USER, "photos are sorted")
        await bot.handle(CHAT, USER, "1")
        assert [s["status"] for s in (await store.get_plan(USER, plan_id))["steps"]] == [
            "done",
            "pending",
        ]
    finally:
        await bot.close()
