"""What needs attention (docs/ARCHITECTURE.md, "Stale"): stale, stuck, snoozed and due steps.

Each case builds one plan for Alice at a fixed moment, plays a short script of
changes against the injected clock, and names the step positions expected.

Stale, to the letter: the plan is active; the step is in_progress, or the
plan's first pending step when no step is in progress (the stale frontier); it
is not snoozed; and nothing happened to it for ``stale_days``: last activity is
the later of its newest attempt and the moment it entered its current status —
for the first pending step, the moment it became the first open step (the step
before it done or skipped), not the plan's creation.  Note edits do not count.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from drbot.memory.clock import iso

ALICE, BOB, CAROL = 101, 202, 303


async def run_script(store, clock, steps, script, user=ALICE, title="Fix the fence"):
    """Create a plan of ``steps`` (titles, or estimated_days numbers) and play ``script``."""
    specs = [
        {"title": f"Step {i}", "estimated_days": est} if est is not None else f"Step {i}"
        for i, est in enumerate(steps, start=1)
    ]
    plan_id = await store.create_plan(user, title, steps=specs)
    ids = [s["id"] for s in (await store.get_plan(user, plan_id))["steps"]]
    for op, *args in script:
        if op == "advance":
            clock.advance(days=args[0])
        elif op == "status":
            await store.update_step_status(user, ids[args[0] - 1], args[1])
        elif op == "mark":  # a mark line: "✓ 2", "… 1"
            await store.apply_marks(user, plan_id, [(args[0], args[1], None)])
        elif op == "status_note":  # the same status again, with a reason
            await store.update_step_status(user, ids[args[0] - 1], args[1], args[2])
        elif op == "attempt":
            await store.add_attempt(user, ids[args[0] - 1], f"attempt at {iso(clock())}")
        elif op == "notes":
            await store.update_step(user, ids[args[0] - 1], notes="edited the notes")
        elif op == "snooze":
            await store.snooze_step(user, ids[args[0] - 1], clock() + timedelta(days=args[1]))
        elif op == "blocked_until":
            await store.update_step_status(
                user,
                ids[args[0] - 1],
                "blocked",
                "waiting on Jim",
                until=clock() + timedelta(days=args[1]),
            )
        elif op == "undo":
            await store.undo(user, plan_id)
        elif op == "plan":
            await store.update_plan_status(user, plan_id, args[0])
        else:
            raise AssertionError(f"unknown script op {op}")
    return plan_id, ids


PENDING3 = [None, None, None]

STALE_CASES = [
    # (steps, script, stale positions)
    pytest.param(
        PENDING3,
        [("advance", 8)],
        {1},
        id="first pending step of a plan created 8 days ago (the fence story)",
    ),
    pytest.param(PENDING3, [("advance", 6)], set(), id="first pending step 6 days old"),
    pytest.param(
        PENDING3, [("advance", 7), ("advance", -1 / 24)], set(), id="an hour short of 7 days"
    ),
    pytest.param(
        PENDING3, [("advance", 90)], {1}, id="later pending steps wait their turn however long"
    ),
    pytest.param(
        [None], [("status", 1, "in_progress"), ("advance", 8)], {1}, id="in progress, idle 8 days"
    ),
    pytest.param(
        [None], [("status", 1, "in_progress"), ("advance", 6)], set(), id="in progress, idle 6 days"
    ),
    pytest.param(
        PENDING3,
        [("status", 1, "in_progress"), ("advance", 8)],
        {1},
        id="no pending step is listed while a step is in progress",
    ),
    pytest.param(
        PENDING3,
        [("status", 2, "in_progress"), ("advance", 8)],
        {2},
        id="an earlier pending step waits while a later one is in progress",
    ),
    pytest.param(
        PENDING3,
        [("advance", 6), ("status", 1, "done"), ("advance", 6)],
        set(),
        id="the next step's clock starts when the step before is done",
    ),
    pytest.param(
        PENDING3,
        [("advance", 6), ("status", 1, "done"), ("advance", 8)],
        {2},
        id="the next step is stale 8 days after the step before was done",
    ),
    pytest.param(
        PENDING3,
        [("advance", 6), ("status", 1, "skipped"), ("advance", 6)],
        set(),
        id="the next step's clock starts when the step before is skipped",
    ),
    pytest.param(
        PENDING3,
        [("advance", 6), ("mark", 1, "done"), ("advance", 6)],
        set(),
        id="the clock starts when a mark line finishes the step before",
    ),
    pytest.param(
        PENDING3,
        [("status", 1, "in_progress"), ("advance", 6), ("status", 1, "done"), ("advance", 6)],
        set(),
        id="the clock starts when the in-progress step before is done",
    ),
    pytest.param(
        PENDING3,
        [("status", 1, "blocked"), ("advance", 6), ("status", 1, "done"), ("advance", 6)],
        set(),
        id="the clock starts when a blocked step before is done",
    ),
    pytest.param(
        PENDING3,
        [("advance", 6), ("status", 3, "done"), ("advance", 3)],
        {1},
        id="a later step done does not restart the first pending step's clock",
    ),
    pytest.param(
        PENDING3,
        [("advance", 3), ("status", 1, "done"), ("advance", 5), ("undo",)],
        {1},
        id="undoing the done gives the first step back its own clock",
    ),
    pytest.param(
        PENDING3,
        [
            ("advance", 3),
            ("status", 1, "done"),
            ("advance", 4),
            ("status", 2, "done"),
            ("advance", 2),
            ("undo",),
        ],
        set(),
        id="undoing the second done: step 2's clock runs from the first done",
    ),
    pytest.param(
        PENDING3,
        [("status", 1, "done"), ("advance", 8)],
        {2},
        id="after a done step the next pending step is the first pending",
    ),
    pytest.param(
        PENDING3,
        [("status", 1, "blocked"), ("advance", 8)],
        {2},
        id="after a blocked step the next pending step is the first pending",
    ),
    pytest.param(
        PENDING3,
        [("status", 1, "skipped"), ("status", 2, "done"), ("advance", 8)],
        {3},
        id="skipped and done steps are passed over",
    ),
    pytest.param(
        [None],
        [("status", 1, "in_progress"), ("advance", 5), ("attempt", 1), ("advance", 5)],
        set(),
        id="a new attempt resets",
    ),
    pytest.param(
        [None],
        [("attempt", 1), ("advance", 5), ("attempt", 1), ("advance", 8)],
        {1},
        id="idle 8 days after the newest attempt",
    ),
    pytest.param(
        [None],
        [("status", 1, "in_progress"), ("advance", 5), ("notes", 1), ("advance", 3)],
        {1},
        id="a note edit does not reset",
    ),
    pytest.param(
        PENDING3,
        [("advance", 5), ("notes", 1), ("advance", 3)],
        {1},
        id="a note edit on the first pending step does not reset",
    ),
    pytest.param(
        [None],
        [
            ("status", 1, "in_progress"),
            ("advance", 5),
            ("status_note", 1, "in_progress", "waiting for a call back"),
            ("advance", 3),
        ],
        {1},
        id="re-stating the same status with a reason does not reset",
    ),
    pytest.param(
        [None],
        [("advance", 5), ("status", 1, "in_progress"), ("advance", 3)],
        set(),
        id="a status change resets",
    ),
    pytest.param(
        [None],
        [("advance", 5), ("mark", 1, "in_progress"), ("advance", 3)],
        set(),
        id="a status change by a mark line resets",
    ),
    pytest.param(
        [None],
        [("mark", 1, "in_progress"), ("advance", 5), ("mark", 1, "in_progress"), ("advance", 3)],
        {1},
        id="repeating a mark line does not reset",
    ),
    pytest.param(
        [None],
        [
            ("status", 1, "in_progress"),
            ("advance", 5),
            ("status", 1, "blocked"),
            ("advance", 1),
            ("status", 1, "in_progress"),
            ("advance", 6),
        ],
        set(),
        id="back from blocked resets",
    ),
    pytest.param(
        [None],
        [("status", 1, "in_progress"), ("advance", 5), ("attempt", 1), ("undo",), ("advance", 3)],
        {1},
        id="an undone (retracted) attempt is not activity",
    ),
    pytest.param(
        [None],
        [("status", 1, "in_progress"), ("advance", 1), ("snooze", 1, 10), ("advance", 8)],
        set(),
        id="snoozed: not stale before the wake date",
    ),
    pytest.param(
        PENDING3,
        [("advance", 1), ("snooze", 1, 10), ("advance", 9.9)],
        set(),
        id="snoozed first pending step: not stale before the wake date",
    ),
    pytest.param(
        [None],
        [("status", 1, "in_progress"), ("advance", 1), ("snooze", 1, 10), ("advance", 18)],
        {1},
        id="snoozed: stale again when idle a week past the wake date",
    ),
    pytest.param(
        [None],
        [("status", 1, "blocked"), ("advance", 30)],
        set(),
        id="blocked steps are never stale",
    ),
    pytest.param(
        [None], [("status", 1, "done"), ("advance", 30)], set(), id="done steps are never stale"
    ),
    pytest.param(
        [None],
        [("status", 1, "skipped"), ("advance", 30)],
        set(),
        id="skipped steps are never stale",
    ),
    pytest.param(
        [None, None],
        [("status", 1, "in_progress"), ("advance", 8), ("plan", "complete")],
        set(),
        id="complete plans never appear",
    ),
    pytest.param(
        [None, None],
        [("status", 1, "in_progress"), ("advance", 8), ("plan", "abandoned")],
        set(),
        id="abandoned plans never appear",
    ),
    pytest.param(
        [None],
        [("status", 1, "in_progress"), ("plan", "complete"), ("advance", 8), ("plan", "active")],
        {1},
        id="a reopened plan counts again",
    ),
]


@pytest.mark.parametrize("steps, script, expected", STALE_CASES)
async def test_stale(store, clock, steps, script, expected):
    plan_id, ids = await run_script(store, clock, steps, script)
    stale = await store.stale_steps(ALICE)
    assert {item["position"] for item in stale} == expected
    assert {item["step_id"] for item in stale} == {ids[p - 1] for p in expected}
    assert all(item["plan_id"] == plan_id for item in stale)
    everyone = await store.stale_steps_for_everyone()
    assert everyone.get(ALICE, []) == stale
    assert set(everyone) <= {ALICE}


DUE_CASES = [
    pytest.param([("snooze", 1, 3), ("advance", 3)], {1}, id="snoozed step due on its wake date"),
    pytest.param([("snooze", 1, 3), ("advance", 2.9)], set(), id="not due before the wake date"),
    pytest.param([("snooze", 1, 3), ("advance", 6)], {1}, id="still due days after waking"),
    pytest.param(
        [("snooze", 1, 3), ("advance", 4), ("attempt", 1)],
        set(),
        id="an attempt after waking clears it",
    ),
    pytest.param(
        [("status", 1, "in_progress"), ("snooze", 1, 3), ("advance", 4), ("attempt", 1)],
        set(),
        id="an attempt after waking clears it (in progress)",
    ),
    pytest.param(
        [("snooze", 1, 3), ("advance", 4), ("status", 1, "in_progress")],
        set(),
        id="a status change after waking clears it",
    ),
    pytest.param(
        [("snooze", 1, 3), ("advance", 4), ("notes", 1)],
        {1},
        id="a note edit after waking does not clear it",
    ),
    pytest.param(
        [("snooze", 1, 3), ("advance", 4), ("attempt", 1), ("undo",)],
        {1},
        id="an undone attempt after waking does not clear it",
    ),
    pytest.param(
        [("snooze", 1, 3), ("advance", 1), ("status", 1, "done"), ("advance", 3)],
        set(),
        id="a step done before waking is never due",
    ),
    pytest.param(
        [("snooze", 1, 3), ("advance", 1), ("status", 1, "skipped"), ("advance", 3)],
        set(),
        id="a step skipped before waking is never due",
    ),
    pytest.param(
        [("blocked_until", 2, 3), ("advance", 3)], {2}, id="blocked until a date: due on that date"
    ),
    pytest.param(
        [("blocked_until", 2, 3), ("advance", 2)], set(), id="blocked until a date: not before"
    ),
    pytest.param(
        [("snooze", 1, 3), ("advance", 3), ("plan", "complete")],
        set(),
        id="complete plans never appear",
    ),
    pytest.param(
        [("blocked_until", 2, 3), ("advance", 3), ("plan", "abandoned")],
        set(),
        id="abandoned plans never appear",
    ),
    pytest.param([("advance", 30)], set(), id="nothing waiting, nothing due"),
]


@pytest.mark.parametrize("script, expected", DUE_CASES)
async def test_due(store, clock, script, expected):
    _, ids = await run_script(store, clock, [None, None, None], script)
    due = await store.due_steps(ALICE)
    assert {item["position"] for item in due} == expected
    assert {item["step_id"] for item in due} == {ids[p - 1] for p in expected}


STUCK_CASES = [
    # (estimated days of step 1, script, multiplier, stuck positions)
    pytest.param(
        2,
        [("status", 1, "in_progress"), ("advance", 4 + 1 / 24)],
        2.0,
        {1},
        id="in progress past 2 x its estimate",
    ),
    pytest.param(
        2,
        [("status", 1, "in_progress"), ("advance", 4 - 1 / 24)],
        2.0,
        set(),
        id="not before 2 x its estimate",
    ),
    pytest.param(
        2,
        [("status", 1, "in_progress"), ("advance", 4 + 1 / 24)],
        3.0,
        set(),
        id="the multiplier is honoured",
    ),
    pytest.param(
        2,
        [("status", 1, "in_progress"), ("advance", 6 + 1 / 24)],
        3.0,
        {1},
        id="past 3 x with multiplier 3",
    ),
    pytest.param(
        2,
        [("status", 1, "in_progress"), ("advance", 3), ("attempt", 1), ("advance", 1 + 1 / 24)],
        2.0,
        {1},
        id="attempts do not make a step less stuck",
    ),
    pytest.param(
        None,
        [("status", 1, "in_progress"), ("advance", 100)],
        2.0,
        set(),
        id="steps without an estimate are never stuck",
    ),
    pytest.param(2, [("advance", 30)], 2.0, set(), id="pending steps are never stuck"),
    pytest.param(
        2,
        [("status", 1, "blocked"), ("advance", 30)],
        2.0,
        set(),
        id="blocked steps are never stuck",
    ),
    pytest.param(
        2,
        [("status", 1, "in_progress"), ("advance", 3), ("status", 1, "done"), ("advance", 30)],
        2.0,
        set(),
        id="done steps are never stuck",
    ),
    pytest.param(
        2,
        [("status", 1, "in_progress"), ("advance", 5), ("plan", "complete")],
        2.0,
        set(),
        id="complete plans never appear",
    ),
    pytest.param(
        2,
        [("status", 1, "in_progress"), ("advance", 5), ("plan", "abandoned")],
        2.0,
        set(),
        id="abandoned plans never appear",
    ),
]


@pytest.mark.parametrize("estimate, script, multiplier, expected", STUCK_CASES)
async def test_stuck(store, clock, estimate, script, multiplier, expected):
    await run_script(store, clock, [estimate, None], script)
    stuck = await store.stuck_steps(ALICE, multiplier=multiplier)
    assert {item["position"] for item in stuck} == expected


# -- what the items carry ------------------------------------------------------------------------


async def test_stale_items_carry_what_the_briefing_shows(store, clock):
    plan_id, ids = await run_script(store, clock, [None], [("advance", 1)])
    await store.add_attempt(ALICE, ids[0], "no answer")
    attempt_at = iso(clock())
    clock.advance(days=1)
    await store.add_attempt(ALICE, ids[0], "left a voicemail")
    last_at = iso(clock())
    clock.advance(days=1)
    await store.add_attempt(ALICE, ids[0], "rang again, wrong number")
    await store.undo(ALICE, plan_id)  # retracted: not the last outcome
    clock.advance(days=8)
    [item] = await store.stale_steps(ALICE)
    assert item["plan_id"] == plan_id and item["plan_title"] == "Fix the fence"
    assert (item["step_id"], item["position"], item["title"]) == (ids[0], 1, "Step 1")
    assert item["last_outcome"] == "left a voicemail"
    assert item["last_activity"] == last_at
    assert attempt_at < last_at


async def test_first_pending_item_has_no_outcome_and_activity_from_creation(store, clock):
    created = iso(clock())
    await run_script(store, clock, [None, None], [("advance", 8)])
    [item] = await store.stale_steps(ALICE)
    assert item["last_outcome"] is None
    assert item["last_activity"] == created


async def test_first_pending_item_activity_is_when_the_step_before_was_done(store, clock):
    _, ids = await run_script(store, clock, [None, None], [("advance", 3)])
    await store.update_step_status(ALICE, ids[0], "done")
    done_at = iso(clock())
    clock.advance(days=8)
    [item] = await store.stale_steps(ALICE)
    assert (item["step_id"], item["last_activity"]) == (ids[1], done_at)


async def test_a_replans_first_new_step_starts_its_clock_at_the_replan(store, clock):
    plan_id, ids = await run_script(store, clock, PENDING3, [("advance", 6), ("status", 1, "done")])
    clock.advance(days=3)
    new_first, _ = await store.replan(ALICE, plan_id, ["Ask Jim", "Ask Ann"])
    clock.advance(days=6)  # 15 days after the plan, 9 after the done step
    assert await store.stale_steps(ALICE) == []
    clock.advance(days=2)
    assert [(i["step_id"], i["position"]) for i in await store.stale_steps(ALICE)] == [
        (new_first, 2)
    ]


async def test_due_and_stuck_items_carry_plan_and_step(store, clock):
    plan_id, ids = await run_script(
        store,
        clock,
        [2, None],
        [("status", 1, "in_progress"), ("attempt", 1), ("snooze", 2, 1), ("advance", 5)],
    )
    [stuck] = await store.stuck_steps(ALICE)
    [due] = await store.due_steps(ALICE)
    for item, position in ((stuck, 1), (due, 2)):
        assert item["plan_id"] == plan_id and item["plan_title"] == "Fix the fence"
        assert (item["step_id"], item["position"], item["title"]) == (
            ids[position - 1],
            position,
            f"Step {position}",
        )
    assert stuck["last_outcome"].startswith("attempt at")
    assert due["last_outcome"] is None


async def test_stale_days_and_now_can_be_given(store, clock):
    start = clock()
    await run_script(store, clock, [None], [("status", 1, "in_progress")])
    assert await store.stale_steps(ALICE, days=3, now=start + timedelta(days=2)) == []
    assert len(await store.stale_steps(ALICE, days=3, now=start + timedelta(days=4))) == 1
    assert await store.stale_steps(ALICE, now=start + timedelta(days=4)) == []
    for bad in (0, -1, True):
        with pytest.raises(ValueError, match="days must be a positive number"):
            await store.stale_steps(ALICE, days=bad)


async def test_stale_steps_for_everyone_groups_by_user(store, clock):
    await run_script(
        store,
        clock,
        [None, None],
        [("status", 1, "in_progress"), ("status", 2, "in_progress")],
        user=ALICE,
    )
    await run_script(store, clock, [None], [], user=BOB, title="Bob's shed")
    await run_script(store, clock, [None], [], user=BOB, title="Bob's taxes")
    clock.advance(days=4)
    await run_script(store, clock, [None], [], user=CAROL, title="Carol's car")  # too fresh
    clock.advance(days=4)
    everyone = await store.stale_steps_for_everyone()
    assert set(everyone) == {ALICE, BOB}
    for user in (ALICE, BOB, CAROL):
        assert everyone.get(user, []) == await store.stale_steps(user)
    assert {i["position"] for i in everyone[ALICE]} == {1, 2}
    assert {i["plan_title"] for i in everyone[BOB]} == {"Bob's shed", "Bob's taxes"}
    assert all(i["user_id"] == BOB for i in everyone[BOB])
