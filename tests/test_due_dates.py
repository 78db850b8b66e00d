"""Due dates on steps: the plan memory, the tools (the model's ``due``), the built-in
rules ("submit the tax return by jan 31") and the views, on a real SQLite file.

The clock is Monday 2 March 2026 09:00 UTC; the person lives in Europe/Berlin.
"""

from __future__ import annotations

from datetime import date

import pytest

from drbot.ai.rules.interpreter import RulesInterpreter
from drbot.ai.tools.catalogue import build_registry
from drbot.ai.tools.plan_text import plan_text
from drbot.ai.tools.tool_registry import ToolContext
from drbot.bot import render
from drbot.export import plan_markdown
from drbot.memory import NotFound
from drbot.memory.user_settings import UserSettings
from tests.conftest import START
from tests.dbdump import unchanged

ME, OTHER = 1, 2
BERLIN = "Europe/Berlin"


@pytest.fixture
def registry():
    return build_registry()


@pytest.fixture
def ctx(store):
    return ToolContext(
        user_id=ME,
        chat_id=ME,
        store=store,
        users=UserSettings(store.db),
        now=START,
        timezone=BERLIN,
    )


async def steps_of(store, plan_id, user=ME) -> list[tuple[str, str | None]]:
    return [(s["title"], s["due_date"]) for s in (await store.get_plan(user, plan_id))["steps"]]


# -- the plan memory ----------------------------------------------------------------------


async def test_a_due_date_is_set_cleared_and_undone(store):
    plan_id = await store.create_plan(
        ME,
        "Taxes",
        steps=["Gather receipts", {"title": "Submit the tax return", "due_date": "2026-03-31"}],
    )
    first = (await store.get_plan(ME, plan_id))["steps"][0]["id"]
    assert await steps_of(store, plan_id) == [
        ("Gather receipts", None),
        ("Submit the tax return", "2026-03-31"),
    ]
    result = await store.set_due_date(ME, first, date(2026, 3, 13))
    assert result["due_date"] == "2026-03-13"
    await store.set_due_date(ME, first, None)
    assert (await steps_of(store, plan_id))[0] == ("Gather receipts", None)
    undone = await store.undo(ME, plan_id)  # the clearing is taken back
    assert undone["cause"] == "step 1 due date cleared"
    assert (await steps_of(store, plan_id))[0] == ("Gather receipts", "2026-03-13")
    await store.undo(ME, plan_id)  # and the setting too
    assert (await steps_of(store, plan_id))[0] == ("Gather receipts", None)


async def test_setting_the_same_day_again_leaves_no_revision(store):
    plan_id = await store.create_plan(ME, "Taxes", steps=["Submit"])
    step = (await store.get_plan(ME, plan_id))["steps"][0]["id"]
    await store.set_due_date(ME, step, "2026-03-31")
    before = len(await store.plan_history(ME, plan_id))
    await store.set_due_date(ME, step, "2026-03-31")
    assert len(await store.plan_history(ME, plan_id)) == before


@pytest.mark.parametrize(
    "bad", ["friday", "2026-02-30", "2026-03-31T09:00", 20260331, True, "", "x" * 500]
)
async def test_a_bad_due_date_changes_nothing(store, db_path, bad):
    plan_id = await store.create_plan(ME, "Taxes", steps=["Submit"])
    step = (await store.get_plan(ME, plan_id))["steps"][0]["id"]
    with unchanged(db_path), pytest.raises(ValueError, match="day"):
        await store.set_due_date(ME, step, bad)


async def test_someone_elses_step_is_not_found_and_unchanged(store, db_path):
    plan_id = await store.create_plan(OTHER, "Their taxes", steps=["Submit"])
    step = (await store.get_plan(OTHER, plan_id))["steps"][0]["id"]
    with unchanged(db_path), pytest.raises(NotFound):
        await store.set_due_date(ME, step, "2026-03-31")


async def test_add_step_takes_a_due_date(store):
    plan_id = await store.create_plan(ME, "Taxes")
    await store.add_step(ME, plan_id, "Pay the accountant", due_date=date(2026, 3, 6))
    assert await steps_of(store, plan_id) == [("Pay the accountant", "2026-03-06")]


# -- the tools ------------------------------------------------------------------------------


async def test_the_models_due_in_the_persons_words(registry, ctx, store):
    created = await registry.call(
        "create_plan",
        {
            "title": "Taxes",
            "steps": ["Gather receipts", {"title": "Submit the tax return", "due": "end of month"}],
        },
        ctx,
    )
    assert not created.is_error, created.content
    plan_id = ctx.current_plan_id
    added = await registry.call(
        "add_step", {"plan_id": plan_id, "title": "Pay", "due": "friday"}, ctx
    )
    assert not added.is_error, added.content
    first = (await store.get_plan(ME, plan_id))["steps"][0]["id"]
    updated = await registry.call("update_plan_step", {"step_id": first, "due": "by 10 march"}, ctx)
    assert "due Tue 10 Mar" in updated.content
    assert await steps_of(store, plan_id) == [
        ("Gather receipts", "2026-03-10"),
        ("Submit the tax return", "2026-03-31"),
        ("Pay", "2026-03-06"),
    ]
    cleared = await registry.call("update_plan_step", {"step": "receipts", "due": "none"}, ctx)
    assert "no due date" in cleared.content
    assert (await steps_of(store, plan_id))[0] == ("Gather receipts", None)


async def test_a_due_date_with_a_status_is_both(registry, ctx, store):
    await registry.call("create_plan", {"title": "Taxes", "steps": ["Submit"]}, ctx)
    plan = await store.get_plan(ME, ctx.current_plan_id)
    result = await registry.call(
        "update_plan_step",
        {"step_id": plan["steps"][0]["id"], "status": "in_progress", "due": "2026-03-20"},
        ctx,
    )
    assert not result.is_error
    step = (await store.get_plan(ME, plan["id"]))["steps"][0]
    assert (step["status"], step["due_date"]) == ("in_progress", "2026-03-20")


@pytest.mark.parametrize(
    "due, why",
    [
        ("someday soon", "can't read"),
        ("2026-03-01", "already passed"),
        ("2026-02-30", "can't read"),
    ],
)
async def test_a_due_date_that_cannot_be_is_refused(registry, ctx, store, db_path, due, why):
    await registry.call("create_plan", {"title": "Taxes", "steps": ["Submit"]}, ctx)
    plan = await store.get_plan(ME, ctx.current_plan_id)
    with unchanged(db_path):
        result = await registry.call(
            "update_plan_step", {"step_id": plan["steps"][0]["id"], "due": due}, ctx
        )
        added = await registry.call(
            "add_step", {"plan_id": plan["id"], "title": "Pay", "due": due}, ctx
        )
    assert result.is_error and why in result.content
    assert added.is_error and why in added.content


async def test_due_is_described_to_the_model(registry):
    tools = {d["name"]: d for d in registry.definitions()}
    for name in ("add_step", "update_plan_step"):
        assert "person's words" in tools[name]["input_schema"]["properties"]["due"]["description"]
    step_item = tools["create_plan"]["input_schema"]["properties"]["steps"]["items"]["anyOf"][1]
    assert "due" in step_item["properties"]


def test_a_due_date_cleared_is_said_so_in_a_local_models_question():
    from drbot.ai.llm.confirm import describe

    done = {"step": "Write the ad", "status": "done"}
    assert describe("update_plan_step", {**done, "due": "none"}) == (
        "mark step “Write the ad” done and clear the due date of step “Write the ad”"
    )
    assert describe("update_plan_step", {**done, "due": "friday"}).endswith(
        "make step “Write the ad” due friday"
    )


# -- the built-in rules ---------------------------------------------------------------------


@pytest.fixture
def say(ctx):
    interpreter = RulesInterpreter(build_registry())

    async def run(text: str) -> str:
        answer = await interpreter.handle(text, ctx)
        assert answer.understood, answer.text
        return answer.text

    return run


async def test_the_rules_read_deadlines_in_new_plans_and_steps(say, store, ctx):
    await say("taxes: gather receipts, submit the tax return by march 31")
    plan_id = ctx.current_plan_id
    await say("add step: pay the accountant by friday")
    await say("add step: post it by hand")  # "by hand" is no date
    assert await steps_of(store, plan_id) == [
        ("Gather receipts", None),
        ("Submit the tax return", "2026-03-31"),
        ("Pay the accountant", "2026-03-06"),
        ("Post it by hand", None),
    ]


async def test_a_plans_deadline_goes_to_its_last_step(say, store, ctx):
    await say("plan: file taxes by march 31 — find the forms, fill them in")
    plan = await store.get_plan(ME, ctx.current_plan_id)
    assert plan["title"] == "File taxes"
    assert [(s["title"], s["due_date"]) for s in plan["steps"]] == [
        ("Find the forms", None),
        ("Fill them in", "2026-03-31"),
    ]


async def test_the_rules_set_the_deadline_of_a_step_that_exists(say, store, ctx):
    await say("taxes: gather receipts, submit the tax return")
    plan_id = ctx.current_plan_id
    said = await say("the tax return is due march 31")
    assert "due Tue 31 Mar" in said
    said = await say("deadline for the receipts is friday")
    assert "due Fri 6 Mar" in said
    assert await steps_of(store, plan_id) == [
        ("Gather receipts", "2026-03-06"),
        ("Submit the tax return", "2026-03-31"),
    ]


async def test_a_deadline_naming_no_step_stays_a_commitment_offer(say, store, ctx, db_path):
    await say("taxes: gather receipts, submit the tax return")
    with unchanged(db_path):
        said = await say("need to book the van by friday")
    assert said.startswith("Track “Book the van”")


async def test_a_deadline_two_steps_fit_is_asked_about(say, store, ctx, db_path):
    await say("forms: fill in the council form, post the council form")
    with unchanged(db_path):
        said = await say("the council form is due friday")
    assert "Which step is due then?" in said


# -- the views ------------------------------------------------------------------------------


async def test_every_view_shows_an_open_steps_due_date(store):
    plan_id = await store.create_plan(
        ME,
        "Taxes",
        steps=[
            {"title": "Gather receipts", "due_date": "2026-03-06"},
            {"title": "Submit the tax return", "due_date": "2026-03-31"},
        ],
    )
    plan = await store.get_plan(ME, plan_id)
    await store.update_step_status(ME, plan["steps"][0]["id"], "done")
    plan = await store.get_plan(ME, plan_id)
    html, _ = render.plan_view(plan, BERLIN)
    assert "□ 2. Submit the tax return 📅 Tue 31 Mar" in html
    assert "✓ 1. Gather receipts\n" in html + "\n"  # finished: its deadline no longer matters
    compact, _ = render.change_view(plan, (plan["steps"][1]["id"],), "")
    assert "Submit the tax return 📅 Tue 31 Mar" in compact
    assert "□ 2. Submit the tax return 📅 Tue 31 Mar" in plan_text(plan, BERLIN)
    assert "  - due Tue 31 Mar" in plan_markdown(plan, await store.plan_history(ME, plan_id))


# -- the model, over the fake Anthropic server ------------------------------------------------


@pytest.mark.parametrize("confirm_writes", [False, True])
async def test_the_model_gives_a_due_date_in_the_persons_words(fake, store, clock, confirm_writes):
    from drbot.ai.assistant import Assistant
    from drbot.config import BriefingSettings, LLMSettings, Settings

    settings = Settings(
        llm=LLMSettings(
            provider="anthropic",
            api_key="sk-ant-test",
            base_url=fake.url,
            request_timeout_s=2.0,
            max_iterations=4,
            hybrid=False,
            confirm_writes=confirm_writes,
        ),
        briefing=BriefingSettings(),
    )
    bot = Assistant.from_settings(settings, store, clock=clock)
    try:
        plan_id = await store.create_plan(ME, "Taxes", None, ["Gather receipts"])
        fake.push_tool_use(
            [("add_step", {"plan_id": plan_id, "title": "Submit the return", "due": "by friday"})]
        )
        fake.push_text("Added, due Friday.")
        reply = await bot.handle(ME, ME, "add submitting the return, it's due friday")
        if confirm_writes:  # a local model's change: asked first, in words
            assert "add the step “Submit the return”, due by friday" in reply.text
            assert await steps_of(store, plan_id) == [("Gather receipts", None)]
            reply = await bot.handle(ME, ME, "yes")
        assert await steps_of(store, plan_id) == [
            ("Gather receipts", None),
            ("Submit the return", "2026-03-06"),
        ]
    finally:
        await bot.close()
