"""After a re-plan, the replaced steps' attempts stay in every view:
the Telegram plan view, the plan text the model and the offline rules show,
plan_history, and the Markdown/JSON export — on a real SQLite file, and the
model path against the fake Anthropic server."""

from __future__ import annotations

import json

import pytest

from drbot.ai.assistant import Assistant
from drbot.ai.rules.interpreter import RulesInterpreter
from drbot.ai.tools.catalogue import build_registry
from drbot.ai.tools.plan_text import plan_text
from drbot.ai.tools.tool_registry import ToolContext
from drbot.bot.render import plain, plan_view
from drbot.export import plan_json, plan_markdown
from drbot.memory.user_settings import UserSettings
from tests.conftest import START
from tests.test_assistant import settings_for

ME, CHAT = 7, 7


@pytest.fixture
async def fence(store, clock):
    """Fix the fence: step 1 done; step 2 tried twice (one undone), step 3 untried;
    then re-planned, so steps 2 and 3 are replaced."""
    plan_id = await store.create_plan(
        ME, "Fix the fence", None, ["Call Jim", "Get three quotes", "Book the builder"]
    )
    first, second, _ = [s["id"] for s in (await store.get_plan(ME, plan_id))["steps"]]
    await store.update_step_status(ME, first, "done")
    clock.advance(hours=1)
    await store.add_attempt(ME, second, "Bob never called back", "left two messages")
    clock.advance(hours=1)
    await store.add_attempt(ME, second, "Ann quoted £900")
    clock.advance(hours=1)
    await store.add_attempt(ME, second, "typo")
    await store.undo(ME, plan_id)  # "typo" is retracted
    clock.advance(days=1)
    await store.replan(ME, plan_id, ["Buy panels", "Fit panels"], reason="doing it myself")
    return plan_id


async def test_the_plan_view_shows_what_was_tried_on_replaced_steps(store, fence):
    plan = await store.get_plan(ME, fence)
    text, markup = plan_view(plan, "UTC")
    lines = plain(text).splitlines()
    assert lines[2:5] == ["✓ 1. Call Jim", "□ 2. Buy panels", "□ 3. Fit panels"]
    assert (
        "Replaced: <s>Get three quotes</s> — 2 attempts, last Mon 2 Mar 11:00: "
        "Ann quoted £900" in text
    )
    assert "Book the builder" not in text  # replaced, but nothing was tried
    # Buttons are for the live open steps only: a replaced step cannot change.
    pressed = {b.callback_data.rsplit(":", 1)[1] for row in markup.inline_keyboard for b in row}
    assert pressed == {str(s["id"]) for s in plan["steps"][1:]}


async def test_the_plan_text_keeps_replaced_steps_apart_with_their_attempts(store, fence):
    plan = await store.get_plan(ME, fence)
    full = plan_text(plan, "UTC")
    section = full[full.index("Replaced by re-plans") :]
    assert section.splitlines() == [
        "Replaced by re-plans (history only, cannot be changed):",
        '  "Get three quotes" (was in progress; replaced Tue 3 Mar 12:00)',
        "    attempt Mon 2 Mar 10:00: Bob never called back — left two messages",
        "    attempt Mon 2 Mar 11:00: Ann quoted £900",
        "    attempt Mon 2 Mar 12:00: typo (undone)",
        '  "Book the builder" (was pending; replaced Tue 3 Mar 12:00)',
    ]
    for step in plan["replaced_steps"]:  # nothing to act on by mistake
        assert f"step_id {step['id']}" not in full
    short = plan_text(plan, "UTC", attempts=False)
    assert 'Replaced by re-plans: "Get three quotes" (2 attempts), "Book the builder"' in short


async def test_the_offline_plan_answer_shows_the_replaced_attempts(store, fence):
    ctx = ToolContext(
        user_id=ME,
        chat_id=CHAT,
        store=store,
        users=UserSettings(store.db),
        now=START,
        timezone="UTC",
    )
    answer = await RulesInterpreter(build_registry()).handle("show the fence plan", ctx)
    assert "Ann quoted £900" in answer.text and "Bob never called back" in answer.text


async def test_the_export_lists_replaced_steps_and_names_them_in_the_history(store, fence):
    plan = await store.get_plan(ME, fence)
    history = await store.plan_history(ME, fence)
    markdown = plan_markdown(plan, history)
    replaced = markdown[markdown.index("## Replaced steps") : markdown.index("## History")]
    assert replaced.splitlines()[2:] == [
        "- ~~Get three quotes~~ (was in progress; replaced 2026-03-03 12:00)",
        "  - attempt: 2026-03-02 10:00 — Bob never called back (left two messages)",
        "  - attempt: 2026-03-02 11:00 — Ann quoted £900",
        "  - attempt: ~~2026-03-02 12:00 — typo~~ (undone)",
        "- ~~Book the builder~~ (was pending; replaced 2026-03-03 12:00)",
        "",
    ]
    assert markdown.rstrip().endswith(
        "- 2026-03-03 12:00 — re-planned: doing it myself — replaced: "
        "Get three quotes (2 attempts), Book the builder"
    )
    assert "revision" not in markdown and "Times are UTC time." in markdown
    data = json.loads(plan_json(plan, history))
    assert [s["title"] for s in data["steps"]] == ["Call Jim", "Buy panels", "Fit panels"]
    assert [len(s["attempts"]) for s in data["replaced_steps"]] == [3, 0]
    assert [s["title"] for s in data["history"][-1]["replaced"]] == [
        "Get three quotes",
        "Book the builder",
    ]


async def test_the_models_replan_and_history_results_name_the_replaced_steps(fake, store, fence):
    bot = Assistant.from_settings(settings_for(fake, max_iterations=4), store)
    fake.push_tool_use([("plan_history", {"plan_id": fence})])
    fake.push_tool_use([("replan", {"plan_id": fence, "steps": ["Hire a fencer"]})])
    fake.push_text("Done.")
    await bot.handle(CHAT, ME, "what happened to the fence plan? then hire someone instead")
    history_result = fake.requests[1].body["messages"][-1]["content"][0]["content"]
    assert 'replaced "Get three quotes" (2 attempts)' in history_result
    replan_result = fake.requests[2].body["messages"][-1]["content"][0]["content"]
    assert replan_result.startswith("Re-planned (2 of 3 re-plans used).")
    assert (
        'Replaced by re-plans: "Get three quotes" (2 attempts), "Book the builder", '
        '"Buy panels", "Fit panels"'
    ) in replan_result
    await bot.close()
