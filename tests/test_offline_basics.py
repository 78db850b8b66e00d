"""The built-in rules (drbot/ai/rules/interpreter.py) on a real SQLite file: the fence story in
sequence, and the plain commands: creating plans, attempts, step statuses, viewing and listing,
a plan's status, snoozing, adding steps and notes, history, undo, the time zone, what it does
not understand, and one person's plans kept from another.

Every phrasing goes through the real tool registry; after each one the test reads the
database back (the fixtures and helpers of tests/offline_rules.py).
"""

from __future__ import annotations

import pytest

from drbot.ai.rules.interpreter import RulesInterpreter
from drbot.ai.tools.catalogue import build_registry
from drbot.ai.tools.tool_registry import ToolContext
from drbot.memory.user_settings import UserSettings
from tests import offline_rules as offline
from tests.dbdump import unchanged
from tests.offline_rules import (
    ME,
    OTHER,
    STORY_PLAN,
    outcomes,
    plan,
)

# the fixtures of tests/offline_rules.py, under the names the tests ask for
users, interpreter, context, ctx = offline.users, offline.interpreter, offline.context, offline.ctx
say, fence = offline.say, offline.fence


# -- the fence story, in sequence ------------------------------------------------


async def test_user_story_table(say, ctx, store, clock):
    text = await say(STORY_PLAN)
    plans = await store.list_plans(ME, "all")
    assert len(plans) == 1
    fence = await plan(store, ctx)
    assert fence["title"] == "Fix the fence" and fence["status"] == "active"
    assert [s["title"] for s in fence["steps"]] == [
        "Get quotes",
        "Hire contractor",
        "Supervise work",
    ]
    assert [s["status"] for s in fence["steps"]] == ["pending"] * 3
    assert text.startswith('Created plan "Fix the fence"')
    # ids are for the model, positions for people: no "#1" to mistake for a number to type
    assert "step_id" not in text and "plan_id" not in text and "#" not in text

    clock.advance(hours=2)
    text = await say("Log an attempt on step 1 — left voicemail for Jim's Fencing")
    step = (await plan(store, ctx))["steps"][0]
    assert step["status"] == "in_progress"
    assert outcomes(step) == ["left voicemail for Jim's Fencing"]
    assert "left voicemail" in text

    clock.advance(days=1)
    await say("Try again — still no answer")
    step = (await plan(store, ctx))["steps"][0]
    assert step["status"] == "in_progress"
    assert outcomes(step) == ["left voicemail for Jim's Fencing", "still no answer"]

    clock.advance(days=1)
    await say("Mark step 1 done — booked Jim for Friday")
    step = (await plan(store, ctx))["steps"][0]
    assert step["status"] == "done"
    assert outcomes(step) == [
        "left voicemail for Jim's Fencing",
        "still no answer",
        "booked Jim for Friday",
    ]

    text = await say("What's the status of my fence plan?")
    for expected in (
        "Fix the fence",
        "✓ 1. Get quotes",
        "□ 2. Hire contractor",
        "□ 3. Supervise work",
        "left voicemail for Jim's Fencing",
        "still no answer",
        "booked Jim for Friday",
    ):
        assert expected in text

    for phrase in ("/plans", "List my plans"):
        text = await say(phrase)
        assert '"Fix the fence"' in text and "3 steps — 1 done" in text

    # Step pending for 8 days: it is what the morning briefing is built from.
    clock.advance(days=8)
    stale = await store.stale_steps(ME, days=7)
    assert [(s["plan_id"], s["position"]) for s in stale] == [(fence["id"], 2)]

    await say("step 2 done")
    await say("step 3 done")
    text = await say("Mark the fence plan complete")
    assert "complete" in text
    assert (await store.get_plan(ME, fence["id"]))["status"] == "complete"
    assert await store.list_plans(ME) == []
    assert "No active plans" in await say("list my plans")

    await say("make a plan to switch energy provider: call AGL, compare offers")
    energy = ctx.current_plan_id
    await say("abandon the energy plan")
    assert (await store.get_plan(ME, energy))["status"] == "abandoned"
    clock.advance(days=30)
    assert await store.stale_steps(ME, days=7) == []
    assert await store.list_plans(ME) == []


# -- creating plans -------------------------------------------------------------


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "create a plan called Move house with steps pack boxes, hire a van and drive",
            "Move house",
            ["Pack boxes", "Hire a van", "Drive"],
        ),
        (
            "new plan: Garden – dig beds; plant roses, tulips; water",
            "Garden",
            ["Dig beds", "Plant roses, tulips", "Water"],
        ),
        (
            "New plan: Kitchen\n1. measure the room\n2. order units\n3. fit them",
            "Kitchen",
            ["Measure the room", "Order units", "Fit them"],
        ),
        (
            "Please create a plan to renew my passport with the following steps: 1. get photos "
            "2. fill in the form 3. post it.",
            "Renew my passport",
            ["Get photos", "Fill in the form", "Post it"],
        ),
        (
            "make a plan for the wedding: book venue, send invites, then buy a suit",
            "The wedding",
            ["Book venue", "Send invites", "Buy a suit"],
        ),
        (
            "Make a plan to fix the fence - steps: get quotes and hire contractor",
            "Fix the fence",
            ["Get quotes", "Hire contractor"],
        ),
        (
            "start a new plan to learn Spanish, steps: find a course; book lessons",
            "Learn Spanish",
            ["Find a course", "Book lessons"],
        ),
    ],
)
async def test_create_variants(say, ctx, store, text, title, steps):
    await say(text)
    created = await plan(store, ctx)
    assert created["title"] == title
    assert [s["title"] for s in created["steps"]] == steps


async def test_plan_without_steps_says_how_to_add_them(say, ctx, store):
    text = await say("make a plan to switch energy provider")
    created = await plan(store, ctx)
    assert created["title"] == "Switch energy provider" and created["steps"] == []
    assert "add step" in text
    await say("add step: call AGL")
    assert [s["title"] for s in (await plan(store, ctx))["steps"]] == ["Call AGL"]


# -- attempts -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, outcome",
    [
        ("attempt on step 2: emailed three firms", "emailed three firms"),
        ("step 2 attempt — called Bob", "called Bob"),
        ("tried step 2 — line busy", "line busy"),
        ("I tried step 2 again, but no answer", "no answer"),
        ("log another attempt on step 2 – sent a text", "sent a text"),
        ("Record an attempt on step 2, outcome: so far so good", "so far so good"),
    ],
)
async def test_attempt_variants(say, fence, ctx, store, text, outcome):
    await say(text)
    step = (await plan(store, ctx))["steps"][1]
    assert outcomes(step) == [outcome] and step["status"] == "in_progress"
    assert ctx.last_step_id == step["id"]


async def test_try_again_uses_the_last_step(say, fence, ctx, store):
    await say("tried step 3 — no reply")
    await say("tried again: still no answer")
    await say("try again on step 2 — voicemail")
    steps = (await plan(store, ctx))["steps"]
    assert outcomes(steps[2]) == ["no reply", "still no answer"]
    assert outcomes(steps[1]) == ["voicemail"]


async def test_attempt_without_outcome_or_step_asks(say, fence, store, db_path, ctx):
    with unchanged(db_path):
        assert "What happened" in await say("log an attempt on step 1")
        assert "Which step" in await say("Try again — still no answer")  # nothing acted on yet
        assert "has 3 steps" in await say("tried step 7 — nothing")


async def test_step_position_needs_a_current_plan(say, store, db_path):
    with unchanged(db_path):
        text = await say("Mark step 1 done")
    assert text == "Which plan? Create one or say 'show the X plan' first."


# -- step statuses --------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "mark step 2 as blocked — waiting on council approval",
        "Mark step 2 blocked: waiting on council approval",
        "mark step 2 blocked - waiting on council approval.",
        "MARK STEP 2 BLOCKED, waiting on council approval!",
        "please mark step 2 as blocked – waiting on council approval",
        "step 2 is blocked because waiting on council approval",
        "set step 2 to blocked -- waiting on council approval, please",
    ],
)
async def test_blocked_with_reason(say, fence, ctx, store, text):
    await say(text)
    step = (await plan(store, ctx))["steps"][1]
    assert step["status"] == "blocked"
    assert step["status_note"] == "waiting on council approval"
    assert step["attempts"] == []


@pytest.mark.parametrize(
    "text, status, note",
    [
        ("step 3 done", "done", None),
        ("mark step 3 skipped — not needed", "skipped", "not needed"),
        ("skip step 3", "skipped", None),
        ("mark step 3 in progress", "in_progress", None),
        ("step 3 started", "in_progress", None),
        ("I finished step 3", "done", None),
        ("mark step 3 as pending", "pending", None),
    ],
)
async def test_other_statuses(say, fence, ctx, store, text, status, note):
    if status == "pending":
        await say("step 3 blocked")
    await say(text)
    step = (await plan(store, ctx))["steps"][2]
    assert (step["status"], step["status_note"], step["attempts"]) == (status, note, [])


async def test_position_outside_the_plan(say, fence, db_path):
    with unchanged(db_path):
        text = await say("mark step 9 done")
    assert "has 3 steps" in text


# -- viewing and listing --------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "show the fence plan",
        "how is the fence plan going",
        "what's the status of my fence plan",
        "status",
        "show this plan",
        "where does the fence plan stand",
        "plan",
    ],
)
async def test_show_variants(say, fence, text):
    assert '"Fix the fence"' in await say(text)


async def test_show_by_number_changes_the_current_plan(say, fence, ctx):
    await say("make a plan to paint the shed: buy paint, paint")
    assert ctx.current_plan_id != fence["id"]
    assert '"Fix the fence"' in await say(f"show plan {fence['id']}")
    assert ctx.current_plan_id == fence["id"]
    assert "There is no plan 99" in await say("show plan 99")


async def test_status_without_a_current_plan(say):
    assert "Which plan?" in await say("status")


async def test_list_variants(say, fence, store):
    await say("make a plan to paint the shed: buy paint")
    await say("mark this plan complete")
    for text in ("what plans do I have", "list my plans", "my plans"):
        listed = await say(text)
        assert "Fix the fence" in listed and "Paint the shed" not in listed
    everything = await say("show all plans")
    assert "Fix the fence" in everything and "Paint the shed" in everything
    done = await say("completed plans")
    assert "Paint the shed" in done and "Fix the fence" not in done
    assert "No abandoned plans" in await say("list abandoned plans")


async def test_what_is_coming_up_lists_the_days_asked_about_and_changes_nothing(
    say, ctx, context, store, db_path
):
    # START is Monday 2 March, 09:00 UTC: "this week" runs to Sunday 8 March
    await say(
        "taxes: gather receipts by wednesday, pay the accountant, file the return by april 30"
    )
    taxes = await plan(store, ctx)
    await store.set_due_date(ME, taxes["steps"][1]["id"], "2026-02-27")  # overdue
    await say("fix the shed: get a quote, buy felt")
    await say("remind me tomorrow at 8 to buy felt")
    await say("remind me saturday to call mum")
    other = context(OTHER)
    await say("car: book the MOT by thursday, fix the wipers", in_ctx=other)

    with unchanged(db_path):
        week = await say("what's due this week?")
    lines = week.splitlines()
    assert lines[0] == "Coming up this week:"
    assert lines[1:3] == ["Overdue:", "📅 “Taxes” — Step 2 (Pay the accountant) was due Fri 27 Feb"]
    assert "Tomorrow (Tue 3 Mar):" in lines and "Wed 4 Mar:" in lines and "Sat 7 Mar:" in lines
    assert "08:00 ⏳ “Fix the shed” — Step 2 (Buy felt): reminder" in lines
    assert "📅 “Taxes” — Step 1 (Gather receipts) is due" in lines
    assert "09:00 ⏰ Call mum" in lines
    assert "MOT" not in week and "File the return" not in week  # another's; after the week

    tomorrow = await say("anything on tomorrow?")
    assert "Buy felt" in tomorrow and "Gather receipts" not in tomorrow
    assert "Overdue" not in tomorrow  # only when the days asked about start today

    empty = await say("what's on next week?")
    assert empty.startswith("Nothing due, waiting or reminded next week.")
    assert "Next due: “Taxes” — Step 3 (File the return), due Thu 30 Apr." in empty
    assert "Next up:" in empty and "Gather receipts" in empty


async def test_a_list_of_what_is_left_keeps_each_steps_due_date(say, store, ctx):
    await say("taxes: gather receipts by friday, pay the accountant")
    left = await say("what's left")
    assert "□ 1. Gather receipts 📅 Fri 6 Mar" in left
    assert "□ 2. Pay the accountant\n" in left + "\n" and "2. Pay the accountant 📅" not in left
    assert "Coming up" not in await say("what's on my list")


# -- plan status ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text, status",
    [
        ("the fence plan is done", "complete"),
        ("mark the plan complete", "complete"),
        ("Mark this plan as finished", "complete"),
        ("abandon the fence plan", "abandoned"),
        ("drop the fence plan", "abandoned"),
        ("give up on the fence plan", "abandoned"),
        ("abandon fence", "abandoned"),
    ],
)
async def test_plan_status_variants(say, fence, store, text, status):
    await say(text)
    assert (await store.get_plan(ME, fence["id"]))["status"] == status


async def test_reopen_and_unknown_plan(say, fence, store, db_path):
    await say("abandon the fence plan")
    await say("reopen the fence plan")
    assert (await store.get_plan(ME, fence["id"]))["status"] == "active"
    with unchanged(db_path):
        assert 'No plan matches "garage"' in await say("abandon the garage plan")


# -- snoozing -------------------------------------------------------------------


@pytest.mark.parametrize(
    "zone, text, wakes",
    [
        ("UTC", "Snooze step 2 until 2026-12-01", "2026-12-01T00:00"),
        ("UTC", "snooze step 2 until Thursday", "2026-03-05T00:00"),  # START is a Monday
        ("UTC", "snooze step 2 until next thursday", "2026-03-05T00:00"),
        ("UTC", "snooze step 2 until Monday", "2026-03-09T00:00"),  # not today: next week
        ("UTC", "snooze step 2 till tomorrow", "2026-03-03T00:00"),
        ("UTC", "snooze step 2 for 3 days", "2026-03-05T00:00"),
        ("UTC", "snooze step 2 for a week", "2026-03-09T00:00"),
        ("UTC", "postpone step 2 to 1 April", "2026-04-01T00:00"),
        # 09:00 UTC on Monday is 22:00 Monday in Auckland (UTC+13): Thursday starts there
        # at 11:00 UTC on Wednesday.
        ("Pacific/Auckland", "snooze step 2 until Thursday", "2026-03-04T11:00"),
    ],
)
async def test_snooze_variants(interpreter, say, context, fence, store, zone, text, wakes):
    ctx = context(timezone=zone, current_plan_id=fence["id"])
    answer = await interpreter.handle(text, ctx)
    assert answer.understood, answer.text
    step = (await store.get_plan(ME, fence["id"]))["steps"][1]
    assert step["wait_until"].startswith(wakes), answer.text
    assert ctx.last_step_id == step["id"]


async def test_snooze_it_and_unreadable_dates(say, fence, ctx, store, db_path):
    with unchanged(db_path):
        assert "Which step" in await say("snooze it for 2 days")
        assert "can't read" in await say("snooze step 2 until the cows come home")
    await say("tried step 3 — no answer")
    await say("snooze it for 2 days")
    assert (await plan(store, ctx))["steps"][2]["wait_until"].startswith("2026-03-04")


# -- adding steps, notes, history, undo, time zone ------------------------------


async def test_add_step_to_a_named_plan_and_to_the_current_one(say, fence, ctx, store):
    await say("make a plan to paint the shed: buy paint")
    await say("add step call the council to the fence plan")
    assert [s["title"] for s in (await store.get_plan(ME, fence["id"]))["steps"]][
        -1
    ] == "Call the council"
    assert ctx.current_plan_id == fence["id"]
    await say("make a plan to paint the shed again")
    text = await say("add step: talk to Jim")
    assert [s["title"] for s in (await plan(store, ctx))["steps"]] == ["Talk to Jim"]
    assert text.startswith("Step added.")


async def test_notes(say, fence, store):
    await say("note: Jim is cheapest")
    await say("finding: the council needs a form")
    await say("progress: paid the deposit")
    notes = (await store.get_plan(ME, fence["id"]))["notes"]
    assert [(n["kind"], n["text"]) for n in notes] == [
        ("finding", "Jim is cheapest"),
        ("finding", "the council needs a form"),
        ("progress", "paid the deposit"),
    ]


async def test_history_and_undo(say, fence, ctx, store):
    await say("mark step 1 done")
    history = await say("history")
    assert "created" in history and "step 1 done" in history
    text = await say("undo")
    # The change is named as the thing taken back: "Undone: step 1 done." read as if
    # step 1 had just been done.
    assert text.startswith("Undone: “step 1 done” is taken back.")
    assert (await plan(store, ctx))["steps"][0]["status"] == "pending"


async def test_set_timezone(say, ctx, users):
    assert "Europe/Berlin" in await say("set my timezone to europe/berlin")
    assert (await users.get(ME))["timezone"] == "Europe/Berlin"
    assert ctx.timezone == "Europe/Berlin"
    await say("timezone America/New_York")
    assert (await users.get(ME))["timezone"] == "America/New_York"
    assert "Unknown time zone" in await say("timezone Mars/Olympus")
    assert (await users.get(ME))["timezone"] == "America/New_York"


async def test_tool_errors_are_shown_and_change_nothing(say, fence, db_path):
    with unchanged(db_path):
        text = await say("add step: " + "x" * 300)
    assert "300 characters" in text  # the store's limit, said by the tool as it is


# -- what it does not understand ------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "what should I have for dinner?",
        "hmm",
        "the weather is nice",
        "lol",
        "mark step 1 done\nmark step 2 done",
        "",
    ],
)
async def test_unknown_text_changes_nothing_and_offers_one_example(say, fence, db_path, text):
    with unchanged(db_path):
        answer = await say(text, understood=False)
    # One line: nothing changed, and the single closest phrasing that works.
    assert answer.startswith("Nothing changed") and "\n" not in answer
    assert answer.count("“") == 1


async def test_help_is_understood(say):
    assert "renew passport: get photos" in await say("help")


# -- one person cannot reach another's plans ------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "show plan 1",
        "status",
        "show the fence plan",
        "What's the status of my fence plan?",
        "Mark step 1 done — booked Jim for Friday",
        "Log an attempt on step 1 — hello",
        "Try again — still no answer",
        "step 2 blocked — nope",
        "snooze step 1 for 3 days",
        "snooze it until Thursday",
        "add step: sneak in",
        "add step sneak to plan 1",
        "note: mine now",
        "undo",
        "history",
        "mark this plan complete",
        "abandon plan 1",
        "abandon the fence plan",
        "the fence plan is done",
        "list my plans",
        "show all plans",
    ],
)
async def test_other_user_cannot_touch_my_plan(interpreter, context, fence, db_path, text):
    assert fence["id"] == 1
    # Even with the chat state pointing at my plan and step, the other person gets nowhere.
    theirs = context(OTHER, current_plan_id=fence["id"], last_step_id=fence["steps"][0]["id"])
    with unchanged(db_path):
        answer = await interpreter.handle(text, theirs)
    assert answer.understood
    assert "Fix the fence" not in answer.text and "Get quotes" not in answer.text


async def test_replan_phrasing_replaces_the_unfinished_steps(tmp_path):
    from datetime import UTC, datetime

    from drbot.memory import PlanStore

    store = await PlanStore.open(tmp_path / "replan.db")
    try:
        plan = await store.create_plan(1, "Fix the fence", None, ["get quotes", "hire Jim"])
        first = (await store.get_plan(1, plan))["steps"][0]["id"]
        await store.update_step(1, first, status="done")
        ctx = ToolContext(
            user_id=1,
            chat_id=1,
            store=store,
            users=UserSettings(store.db),
            now=datetime(2026, 3, 2, 9, tzinfo=UTC),
            timezone="UTC",
            current_plan_id=plan,
        )
        answer = await RulesInterpreter(build_registry()).handle(
            "replan: call another firm, ask a neighbour", ctx
        )
        assert answer.understood and "Re-planned" in answer.text
        steps = (await store.get_plan(1, plan))["steps"]
        assert [(s["title"], s["status"]) for s in steps] == [
            ("get quotes", "done"),
            ("Call another firm", "pending"),
            ("Ask a neighbour", "pending"),
        ]
        answer = await RulesInterpreter(build_registry()).handle(
            "replan the fence plan: one, two", ctx
        )
        assert answer.understood
        assert (await store.get_plan(1, plan))["times_replanned"] == 2
    finally:
        await store.close()
