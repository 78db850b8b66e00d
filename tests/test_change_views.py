"""Every change shows its result, over the fake Bot API: an answer
that changed a plan carries the plan's compact view with buttons (the changed
steps and the next open one), and becomes the plan's live view."""

from __future__ import annotations

from drbot.memory import PlanStore
from tests.bot_harness import OWNER, bot_running, bot_settings
from tests.fakes.anthropic_server import FakeAnthropic
from tests.test_bot_e2e import ask, buttons_of, settle


async def make_plan(db, title, steps) -> list[int]:
    store = await PlanStore.open(db)
    try:
        plan_id = await store.create_plan(OWNER, title, steps=steps)
        return [s["id"] for s in (await store.get_plan(OWNER, plan_id))["steps"]]
    finally:
        await store.close()


def step_buttons(message) -> list[int]:
    """The step ids that have buttons on ``message``, in order."""
    ids = []
    for row in buttons_of(message):
        step = int(row[0]["callback_data"].rsplit(":", 1)[1])
        if step not in ids:
            ids.append(step)
    return ids


async def test_a_statement_answer_carries_the_changed_plan_with_buttons(tg, tmp_path):
    db = tmp_path / "bot.db"
    s1, s2, s3 = await make_plan(
        db, "Fix the fence", ["Get quotes", "Hire contractor", "Supervise work"]
    )
    async with bot_running(bot_settings(tg, db)) as app:
        view = await ask(tg, OWNER, "/plan 1")
        reply = await ask(tg, OWNER, "got the quotes")
        await settle(app, tg)
        assert "Fix the fence — active · 1/3 done" in reply.plain
        assert step_buttons(reply) == [s2]  # the next open step; step 1 is done
        # the answer is the plan's live view now: the older view lost its buttons
        assert not tg.messages[(OWNER, view.message_id)].get("reply_markup")
        # and its buttons work
        tg.push_callback(OWNER, OWNER, f"step:done:{s2}", reply.message_id)
        await settle(app, tg)
        assert "2/3 done" in tg.messages[(OWNER, reply.message_id)]["text"]


async def test_marks_and_a_long_plan_stay_compact(tg, tmp_path):
    db = tmp_path / "bot.db"
    ids = await make_plan(db, "Renovation", [f"Room {n}" for n in range(1, 41)])
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, "/plan 1")
        reply = await ask(tg, OWNER, "✓ 20")
        await settle(app, tg)
        lines = reply.plain.splitlines()
        assert "Renovation — active · 1/40 done" in lines
        assert "□ 1. Room 1" in lines  # the next open step
        assert not any("Room 2 " in line or line.endswith("Room 21") for line in lines)
        assert len(lines) <= 5  # not the whole 40-step plan
        assert step_buttons(reply) == [ids[0]]


async def test_a_model_turn_that_created_a_plan_shows_it(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with FakeAnthropic() as model:
        model.push_tool_use(
            [("create_plan", {"title": "Passport", "steps": ["Photos", "Form", "Post office"]})]
        )
        model.push_text("Created your passport plan.")
        async with bot_running(bot_settings(tg, db, fake_model=model)) as app:
            reply = await ask(tg, OWNER, "help me renew my passport")
            await settle(app, tg)
    assert reply.plain.startswith("Created your passport plan.\n\nPassport — active · 0/3 done")
    assert "□ 1. Photos" in reply.plain
    assert len(step_buttons(reply)) == 1


async def test_an_answer_that_changed_nothing_has_no_buttons(tg, tmp_path):
    db = tmp_path / "bot.db"
    await make_plan(db, "Fix the fence", ["Get quotes", "Hire contractor"])
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, "/plan 1")
        reply = await ask(tg, OWNER, "what's next?")
        await settle(app, tg)
        assert buttons_of(reply) == []


def test_a_wait_given_as_a_day_shows_the_day_a_reminder_its_time():
    from drbot.bot import render
    from drbot.memory.records import Plan, PlanStatus, Step, StepStatus

    made = "2026-11-20T09:00:00.000000Z"
    steps: list[Step] = [
        {
            "id": n,
            "position": n,
            "title": t,
            "notes": None,
            "status": StepStatus.PENDING,
            "status_note": None,
            "status_since": made,
            "estimated_days": None,
            "expected_outcome": None,
            "wait_until": "2026-11-26T00:00:00.000000Z",
            "wait_at_time": at,
            "due_date": None,
            "created_at": made,
            "updated_at": made,
            "attempts": [],
        }
        for n, (t, at) in enumerate([("Form", 0), ("Call", 1)], start=1)
    ]
    plan: Plan = {
        "id": 1,
        "title": "P",
        "description": None,
        "status": PlanStatus.ACTIVE,
        "created_at": made,
        "updated_at": made,
        "times_replanned": 0,
        "steps": steps,
        "replaced_steps": [],
        "notes": [],
    }
    assert set(plan) == set(Plan.__annotations__)
    assert all(set(step) == set(Step.__annotations__) for step in steps)
    html, _ = render.plan_view(plan, "UTC")
    assert "□ 1. Form (waiting until Thu 26 Nov)" in html
    assert "□ 2. Call (waiting until Thu 26 Nov 00:00)" in html
