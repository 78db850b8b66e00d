"""PlanStore (docs/ARCHITECTURE.md, "PlanStore API", "Rules the code keeps") on a real SQLite file.

Every refused call is checked twice: it raises with a message a person can act
on, and a dump of every row of every table is identical before and after.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timedelta

import pytest

from drbot.memory import NotFound
from drbot.memory import plan_queries as q
from drbot.memory.clock import iso
from tests.dbdump import dump, unchanged

ALICE, BOB = 101, 202
MISSING = 987654  # an id no plan or step has in these tests
REFUSED = "a refused call changed the database"
FENCE_STEPS = ("Call Jim about the posts", "Get three quotes", "Book the builder")


@dataclass
class Fence:
    plan_id: int
    step_ids: list[int]


async def make_plan(
    store, user=ALICE, title="Fix the fence", steps=FENCE_STEPS, description=None
) -> Fence:
    plan_id = await store.create_plan(user, title, description, steps=list(steps))
    plan = await store.get_plan(user, plan_id)
    return Fence(plan_id, [step["id"] for step in plan["steps"]])


async def statuses(store, plan_id, user=ALICE) -> list[str]:
    return [step["status"] for step in (await store.get_plan(user, plan_id))["steps"]]


async def titles(store, plan_id, user=ALICE) -> list[str]:
    return [step["title"] for step in (await store.get_plan(user, plan_id))["steps"]]


async def step_of(store, step_id, plan_id, user=ALICE) -> dict:
    plan = await store.get_plan(user, plan_id)
    [step] = [s for s in plan["steps"] if s["id"] == step_id]
    return step


@pytest.fixture
async def fence(store) -> Fence:
    return await make_plan(store)


# -- create_plan and get_plan ----------------------------------------------------------------------


async def test_create_plan_stores_titles_and_dict_steps(store, clock):
    plan_id = await store.create_plan(
        ALICE,
        "  Fix   the fence ",
        "Storm took two panels",
        steps=[
            "Call Jim",
            {
                "title": "Get quotes",
                "notes": "at least three",
                "estimated_days": 3,
                "expected_outcome": "three written quotes",
            },
        ],
    )
    plan = await store.get_plan(ALICE, plan_id)
    assert plan["id"] == plan_id
    assert plan["title"] == "Fix the fence"  # whitespace tidied
    assert plan["description"] == "Storm took two panels"
    assert plan["status"] == "active"
    assert plan["times_replanned"] == 0
    assert plan["created_at"] == plan["updated_at"] == iso(clock())
    assert plan["notes"] == []
    first, second = plan["steps"]
    assert (first["position"], first["title"], first["notes"], first["status"]) == (
        1,
        "Call Jim",
        None,
        "pending",
    )
    assert first["estimated_days"] is None and first["expected_outcome"] is None
    assert (second["position"], second["title"], second["notes"], second["status"]) == (
        2,
        "Get quotes",
        "at least three",
        "pending",
    )
    assert second["estimated_days"] == 3.0
    assert second["expected_outcome"] == "three written quotes"
    assert first["attempts"] == [] and second["attempts"] == []


async def test_create_plan_without_steps(store):
    plan_id = await store.create_plan(ALICE, "Learn Welsh")
    plan = await store.get_plan(ALICE, plan_id)
    assert plan["steps"] == [] and plan["description"] is None


async def test_titles_of_200_characters_and_50_steps_are_accepted(store):
    plan_id = await store.create_plan(ALICE, "x" * 200, steps=[f"step {i}" for i in range(50)])
    plan = await store.get_plan(ALICE, plan_id)
    assert len(plan["title"]) == 200
    assert [s["position"] for s in plan["steps"]] == list(range(1, 51))


async def test_get_plan_shape(store, clock, fence):
    await store.add_attempt(ALICE, fence.step_ids[0], "no answer", "rang twice")
    await store.add_note(ALICE, fence.plan_id, "Jim only works weekends")
    plan = await store.get_plan(ALICE, fence.plan_id)
    assert {"id", "title", "description", "status", "steps", "notes"} <= set(plan)
    assert [s["position"] for s in plan["steps"]] == [1, 2, 3]
    for step in plan["steps"]:
        assert {"id", "position", "title", "notes", "status", "attempts"} <= set(step)
    [attempt] = plan["steps"][0]["attempts"]
    assert {"attempted_at", "outcome", "notes"} <= set(attempt)
    assert (attempt["attempted_at"], attempt["outcome"], attempt["notes"]) == (
        iso(clock()),
        "no answer",
        "rang twice",
    )
    assert attempt["retracted"] is False
    [note] = plan["notes"]
    assert (note["kind"], note["text"]) == ("finding", "Jim only works weekends")


async def test_get_plan_of_a_missing_plan_is_not_found(store):
    with pytest.raises(NotFound, match=f"There is no plan {MISSING}"):
        await store.get_plan(ALICE, MISSING)


async def test_reading_a_plan_never_re_planned_does_not_grow_with_its_changes(store, db_path):
    plan = await make_plan(store, steps=["a", "b", "c"])

    def sqlite_steps() -> int:
        """SQLite's virtual-machine steps for get_plan's one statement (not a timing)."""
        steps = 0

        def count() -> int:
            nonlocal steps
            steps += 1
            return 0

        conn = sqlite3.connect(db_path)
        try:
            conn.set_progress_handler(count, 1)
            conn.execute(q.PLAN_JSON, {"plan_id": plan.plan_id, "user_id": ALICE}).fetchall()
        finally:
            conn.close()
        return steps

    await store.apply_marks(ALICE, plan.plan_id, [(2, "done", None)])
    few = sqlite_steps()
    for n in range(200):  # 200 more revisions
        await store.apply_marks(ALICE, plan.plan_id, [(2, "pending" if n % 2 else "done", None)])
    assert sqlite_steps() == few


async def test_get_plan_costs_the_same_number_of_statements_for_2_and_40_steps(store):
    small = await make_plan(store, steps=["a", "b"])
    big = await make_plan(store, title="Build the shed", steps=[f"step {i}" for i in range(40)])
    for plan in (small, big):
        for step_id in plan.step_ids:
            await store.add_attempt(ALICE, step_id, "tried")
            await store.add_attempt(ALICE, step_id, "tried again")

    async def statements_for(plan_id) -> tuple[list[str], dict]:
        seen: list[str] = []
        await store.db.trace(seen.append)
        try:
            result = await store.get_plan(ALICE, plan_id)
        finally:
            await store.db.trace(None)
        return seen, result

    small_sql, small_plan = await statements_for(small.plan_id)
    big_sql, big_plan = await statements_for(big.plan_id)
    assert len(big_plan["steps"]) == 40 and all(len(s["attempts"]) == 2 for s in big_plan["steps"])
    assert len(small_sql) >= 1
    assert len(small_sql) == len(big_sql), (small_sql, big_sql)


# -- add_step --------------------------------------------------------------------------------------


async def test_add_step_appends_by_default(store, fence):
    step_id = await store.add_step(
        ALICE,
        fence.plan_id,
        "Paint the panels",
        "green",
        estimated_days=2,
        expected_outcome="two coats",
    )
    step = await step_of(store, step_id, fence.plan_id)
    assert (step["position"], step["title"], step["notes"], step["status"]) == (
        4,
        "Paint the panels",
        "green",
        "pending",
    )
    assert (step["estimated_days"], step["expected_outcome"]) == (2.0, "two coats")


@pytest.mark.parametrize(
    "position, expected",
    [
        (1, ["New", *FENCE_STEPS]),
        (2, [FENCE_STEPS[0], "New", *FENCE_STEPS[1:]]),
        (3, [*FENCE_STEPS[:2], "New", FENCE_STEPS[2]]),
        (4, [*FENCE_STEPS, "New"]),
    ],
)
async def test_add_step_at_a_position_shifts_the_later_steps(store, fence, position, expected):
    step_id = await store.add_step(ALICE, fence.plan_id, "New", position=position)
    plan = await store.get_plan(ALICE, fence.plan_id)
    assert [s["title"] for s in plan["steps"]] == expected
    assert [s["position"] for s in plan["steps"]] == [1, 2, 3, 4]
    assert plan["steps"][position - 1]["id"] == step_id
    assert await store.verify() == []


# -- update_step, update_step_status, add_attempt ----------------------------------------------


async def test_update_step_status_with_a_note(store, fence):
    await store.update_step_status(ALICE, fence.step_ids[1], "blocked", "waiting on council")
    step = await step_of(store, fence.step_ids[1], fence.plan_id)
    assert (step["status"], step["status_note"]) == ("blocked", "waiting on council")
    # The note says why the step has its status, so a new status clears it.
    await store.update_step_status(ALICE, fence.step_ids[1], "in_progress")
    step = await step_of(store, fence.step_ids[1], fence.plan_id)
    assert (step["status"], step["status_note"]) == ("in_progress", None)


@pytest.mark.parametrize("status", ["pending", "in_progress", "done", "skipped", "blocked"])
async def test_every_step_status_can_be_set(store, fence, status):
    await store.update_step_status(ALICE, fence.step_ids[0], "in_progress")
    await store.update_step_status(ALICE, fence.step_ids[0], status)
    assert (await statuses(store, fence.plan_id))[0] == status


async def test_update_step_edits_notes_and_returns_ids(store, fence):
    result = await store.update_step(ALICE, fence.step_ids[2], notes="Ask for Tuesday")
    assert result == {
        "step_id": fence.step_ids[2],
        "plan_id": fence.plan_id,
        "position": 3,
        "status": "pending",
        "attempt_id": None,
    }
    step = await step_of(store, fence.step_ids[2], fence.plan_id)
    assert (step["notes"], step["status"]) == ("Ask for Tuesday", "pending")


async def test_attempt_moves_a_pending_step_to_in_progress(store, clock, fence):
    attempt_id = await store.add_attempt(ALICE, fence.step_ids[0], "no answer")
    clock.advance(hours=3)
    second_id = await store.add_attempt(ALICE, fence.step_ids[0], "left a voicemail", "after 5")
    assert isinstance(attempt_id, int) and second_id != attempt_id
    step = await step_of(store, fence.step_ids[0], fence.plan_id)
    assert step["status"] == "in_progress"
    assert [(a["id"], a["outcome"], a["notes"]) for a in step["attempts"]] == [
        (attempt_id, "no answer", None),
        (second_id, "left a voicemail", "after 5"),
    ]
    assert step["attempts"][1]["attempted_at"] == iso(clock())
    assert await statuses(store, fence.plan_id) == ["in_progress", "pending", "pending"]


async def test_a_status_in_the_same_call_as_an_attempt_wins(store, fence):
    result = await store.update_step(
        ALICE,
        fence.step_ids[0],
        status="blocked",
        attempt_outcome="no answer",
        status_note="Jim is away",
    )
    assert result["status"] == "blocked" and result["attempt_id"] is not None
    step = await step_of(store, fence.step_ids[0], fence.plan_id)
    assert (step["status"], step["status_note"]) == ("blocked", "Jim is away")
    assert [a["outcome"] for a in step["attempts"]] == ["no answer"]


@pytest.mark.parametrize("status", ["done", "skipped", "blocked", "in_progress"])
async def test_an_attempt_on_a_step_that_is_not_pending_keeps_its_status(store, fence, status):
    await store.update_step_status(ALICE, fence.step_ids[0], status)
    await store.add_attempt(ALICE, fence.step_ids[0], "checked again")
    step = await step_of(store, fence.step_ids[0], fence.plan_id)
    assert step["status"] == status
    assert len(step["attempts"]) == 1


# -- apply_marks (mark lines: "✓ 2", "✗ 3 waiting on council") ---------------------------------


async def test_apply_marks_sets_several_steps_as_one_change(store, fence):
    changed = await store.apply_marks(
        ALICE, fence.plan_id, [(1, "done", None), (3, "blocked", "waiting on council")]
    )
    assert [
        (c["step_id"], c["position"], c["title"], c["status"], c["status_note"]) for c in changed
    ] == [
        (fence.step_ids[0], 1, FENCE_STEPS[0], "done", None),
        (fence.step_ids[2], 3, FENCE_STEPS[2], "blocked", "waiting on council"),
    ]
    plan = await store.get_plan(ALICE, fence.plan_id)
    assert [s["status"] for s in plan["steps"]] == ["done", "pending", "blocked"]
    assert plan["steps"][2]["status_note"] == "waiting on council"
    history = await store.plan_history(ALICE, fence.plan_id)
    assert len(history) == 2 and history[-1]["cause"] == "marks: step 1 done, step 3 blocked"
    await store.undo(ALICE, fence.plan_id)  # one /undo takes back both
    assert await statuses(store, fence.plan_id) == ["pending", "pending", "pending"]


@pytest.mark.parametrize(
    "marks, match",
    [
        ([], "No marks given"),
        ([(1, "done", None), (9, "done", None)], "This plan has no step 9; it has 3 steps"),
        ([(1, "done", None), (2, "finished", None)], "Unknown step status 'finished'"),
        ([(1, "done", "n" * 501)], "status note is 501 characters long"),
    ],
)
async def test_apply_marks_is_all_or_nothing(store, db_path, fence, marks, match):
    with unchanged(db_path, REFUSED), pytest.raises(ValueError, match=match):
        await store.apply_marks(ALICE, fence.plan_id, marks)


# -- find_plan -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "query", ["fence", "my fence plan", "FENCE", "Fix the fence", "fix THE fence", "the fencing"]
)
async def test_find_plan_by_the_words_people_use(store, query):
    fence = await make_plan(store)
    await make_plan(store, title="File the tax return", steps=["Find receipts"])
    found = await store.find_plan(ALICE, query)
    assert found is not None and found["id"] == fence.plan_id
    assert [s["title"] for s in found["steps"]] == list(FENCE_STEPS)  # the whole plan


async def test_find_plan_prefers_the_newest_on_a_tie(store, clock):
    await make_plan(store, title="Fix the fence")
    clock.advance(days=1)
    newer = await make_plan(store, title="Paint the fence")
    found = await store.find_plan(ALICE, "fence")
    assert found["id"] == newer.plan_id


async def test_find_plan_returns_none_for_unrelated_words(store, fence):
    assert await store.find_plan(ALICE, "holiday in Spain") is None


async def test_find_plan_never_finds_another_users_plan(store, fence):
    assert await store.find_plan(BOB, "Fix the fence") is None


# -- list_plans and update_plan_status -------------------------------------------------------


async def test_list_plans_counts_steps_per_status(store, clock, fence):
    await store.update_step_status(ALICE, fence.step_ids[0], "done")
    await store.add_attempt(ALICE, fence.step_ids[1], "emailed two firms")
    await store.add_step(ALICE, fence.plan_id, "Pay the builder")
    await store.update_step_status(ALICE, fence.step_ids[2], "blocked")
    [summary] = await store.list_plans(ALICE)
    assert summary["id"] == fence.plan_id and summary["title"] == "Fix the fence"
    assert summary["status"] == "active"
    assert summary["total"] == 4
    assert summary["counts"] == {
        "pending": 1,
        "in_progress": 1,
        "done": 1,
        "skipped": 0,
        "blocked": 1,
    }
    assert summary["last_activity"] == iso(clock())


async def test_list_plans_filters_by_status(store):
    active = await make_plan(store, title="Fix the fence")
    done = await make_plan(store, title="File the tax return")
    dropped = await make_plan(store, title="Learn the banjo")
    await make_plan(store, user=BOB, title="Bob's garden")
    await store.update_plan_status(ALICE, done.plan_id, "complete")
    await store.update_plan_status(ALICE, dropped.plan_id, "abandoned")

    async def ids(status=None):
        plans = await (
            store.list_plans(ALICE) if status is None else store.list_plans(ALICE, status)
        )
        return [p["id"] for p in plans]

    assert await ids() == [active.plan_id]
    assert await ids("active") == [active.plan_id]
    assert await ids("complete") == [done.plan_id]
    assert await ids("abandoned") == [dropped.plan_id]
    assert sorted(await ids("all")) == sorted([active.plan_id, done.plan_id, dropped.plan_id])


async def test_a_plan_without_steps_is_listed_with_zero_counts(store):
    await store.create_plan(ALICE, "Learn Welsh")
    [summary] = await store.list_plans(ALICE)
    assert summary["total"] == 0 and set(summary["counts"].values()) == {0}


async def test_update_plan_status_round_trip(store, fence):
    for status in ("complete", "active", "abandoned", "active"):
        await store.update_plan_status(ALICE, fence.plan_id, status)
        assert (await store.get_plan(ALICE, fence.plan_id))["status"] == status


async def test_setting_the_same_plan_status_writes_no_revision(store, fence):
    before = await store.plan_history(ALICE, fence.plan_id)
    await store.update_plan_status(ALICE, fence.plan_id, "active")
    assert await store.plan_history(ALICE, fence.plan_id) == before


# -- replan ----------------------------------------------------------------------------------------


async def test_replan_keeps_finished_steps_and_every_attempt(store, db_path, fence):
    extra = await store.add_step(ALICE, fence.plan_id, "Tidy up")
    done, doing, pending = fence.step_ids
    await store.add_attempt(ALICE, done, "Jim said yes")
    await store.update_step_status(ALICE, done, "done")
    await store.add_attempt(ALICE, doing, "one quote so far")
    await store.update_step_status(ALICE, extra, "skipped")
    attempts_before = dump(db_path)["plan_step_attempts"]

    new_ids = await store.replan(
        ALICE,
        fence.plan_id,
        ["Buy panels", {"title": "Fit panels", "estimated_days": 1}],
        reason="Jim can do it himself",
    )
    plan = await store.get_plan(ALICE, fence.plan_id)
    assert [(s["id"], s["position"], s["title"], s["status"]) for s in plan["steps"]] == [
        (done, 1, FENCE_STEPS[0], "done"),
        (extra, 2, "Tidy up", "skipped"),
        (new_ids[0], 3, "Buy panels", "pending"),
        (new_ids[1], 4, "Fit panels", "pending"),
    ]
    assert plan["steps"][3]["estimated_days"] == 1.0
    assert [a["outcome"] for a in plan["steps"][0]["attempts"]] == ["Jim said yes"]
    assert plan["times_replanned"] == 1
    # The attempt on the replaced step is still in the log.
    assert dump(db_path)["plan_step_attempts"] == attempts_before
    assert {doing, pending}.isdisjoint(s["id"] for s in plan["steps"])
    history = await store.plan_history(ALICE, fence.plan_id)
    assert history[-1]["cause"] == "re-planned: Jim can do it himself"
    assert await store.verify() == []


async def test_a_replaced_step_can_no_longer_be_changed(store, fence):
    await store.replan(ALICE, fence.plan_id, ["Buy panels"])
    with pytest.raises(NotFound, match=f"There is no step {fence.step_ids[1]}"):
        await store.add_attempt(ALICE, fence.step_ids[1], "too late")


async def test_replan_counts_and_refuses_the_fourth(store, db_path, fence):
    for round_ in (1, 2, 3):
        await store.replan(ALICE, fence.plan_id, [f"try {round_}"])
        assert (await store.get_plan(ALICE, fence.plan_id))["times_replanned"] == round_
    with unchanged(db_path, REFUSED), pytest.raises(ValueError) as refused:
        await store.replan(ALICE, fence.plan_id, ["try 4"])
    message = str(refused.value)
    assert "3 times" in message and "abandon" in message and "complete" in message


async def test_replaced_steps_stay_visible_with_their_attempts(store, clock, fence):
    first, second, third = fence.step_ids
    await store.update_step_status(ALICE, first, "done")
    await store.add_attempt(ALICE, second, "Bob never called back", "left two messages")
    await store.add_attempt(ALICE, second, "Ann quoted £900")
    await store.replan(ALICE, fence.plan_id, ["Buy panels", "Fit panels"], reason="DIY")
    plan = await store.get_plan(ALICE, fence.plan_id)
    # Positions mean live steps only: the replaced ones are kept apart.
    assert [(s["position"], s["title"]) for s in plan["steps"]] == [
        (1, FENCE_STEPS[0]),
        (2, "Buy panels"),
        (3, "Fit panels"),
    ]
    revision = (await store.plan_history(ALICE, fence.plan_id))[-1]["revision"]
    replaced = plan["replaced_steps"]
    assert [(s["id"], s["title"], s["status"], s["replaced_in"]) for s in replaced] == [
        (second, FENCE_STEPS[1], "in_progress", revision),
        (third, FENCE_STEPS[2], "pending", revision),
    ]
    assert all("position" not in s for s in replaced)
    assert replaced[0]["replaced_at"] == iso(clock())
    assert [(a["outcome"], a["notes"], a["retracted"]) for a in replaced[0]["attempts"]] == [
        ("Bob never called back", "left two messages", False),
        ("Ann quoted £900", None, False),
    ]
    assert replaced[1]["attempts"] == []


async def test_history_names_the_steps_each_replan_replaced(store, clock, fence):
    first, second, third = fence.step_ids
    await store.add_attempt(ALICE, second, "no answer")
    await store.replan(ALICE, fence.plan_id, ["Buy panels"], step_id=second)
    clock.advance(days=1)
    plan = await store.get_plan(ALICE, fence.plan_id)
    buy = plan["steps"][1]["id"]
    await store.replan(ALICE, fence.plan_id, ["Hire Jim"])
    history = await store.plan_history(ALICE, fence.plan_id)
    assert [(h["cause"], h["replaced"]) for h in history[-2:]] == [
        (
            "re-planned step 2",
            [{"id": second, "title": FENCE_STEPS[1], "status": "in_progress", "attempts": 1}],
        ),
        (
            "re-planned",
            [
                {"id": first, "title": FENCE_STEPS[0], "status": "pending", "attempts": 0},
                {"id": buy, "title": "Buy panels", "status": "pending", "attempts": 0},
                {"id": third, "title": FENCE_STEPS[2], "status": "pending", "attempts": 0},
            ],
        ),
    ]
    assert all(h["replaced"] == [] for h in history[:-2])
    plan = await store.get_plan(ALICE, fence.plan_id)
    assert [s["title"] for s in plan["replaced_steps"]] == [
        FENCE_STEPS[1],
        FENCE_STEPS[0],
        "Buy panels",
        FENCE_STEPS[2],
    ]  # by re-plan, then place


async def test_a_replan_recorded_before_replaced_lists_still_shows_its_steps(
    store, db_path, clock, fence
):
    await store.add_attempt(ALICE, fence.step_ids[0], "Jim is away")
    await store.replan(ALICE, fence.plan_id, ["Buy panels"])
    clock.advance(hours=1)
    await store.add_step(ALICE, fence.plan_id, "Paint it")
    clock.advance(hours=1)
    await store.undo(ALICE, fence.plan_id)
    # Older code wrote a re-plan's revision without the list of replaced steps.
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE plan_revisions SET snapshot = json_remove(snapshot, '$.replaced')")
    plan = await store.get_plan(ALICE, fence.plan_id)
    assert [s["title"] for s in plan["replaced_steps"]] == list(FENCE_STEPS)
    assert plan["replaced_steps"][0]["attempts"][0]["outcome"] == "Jim is away"


async def test_steps_an_undo_removed_are_not_replaced_steps(store, fence):
    # The clock stands still here: the undo shares the re-plan's timestamp.
    await store.replan(ALICE, fence.plan_id, ["Buy panels"])
    await store.add_step(ALICE, fence.plan_id, "Paint it")
    await store.undo(ALICE, fence.plan_id)  # the added step goes
    plan = await store.get_plan(ALICE, fence.plan_id)
    assert [s["title"] for s in plan["replaced_steps"]] == list(FENCE_STEPS)
    await store.undo(ALICE, fence.plan_id)  # the re-plan goes
    plan = await store.get_plan(ALICE, fence.plan_id)
    assert [s["title"] for s in plan["steps"]] == list(FENCE_STEPS)
    assert plan["replaced_steps"] == []
    assert all(h["replaced"] == [] for h in await store.plan_history(ALICE, fence.plan_id))


async def test_undoing_a_replan_does_not_give_it_back(store, db_path, fence):
    for round_ in (1, 2, 3):
        await store.replan(ALICE, fence.plan_id, [f"try {round_}"])
    await store.undo(ALICE, fence.plan_id)
    plan = await store.get_plan(ALICE, fence.plan_id)
    assert [s["title"] for s in plan["steps"]] == ["try 2"] and plan["times_replanned"] == 3
    with unchanged(db_path, REFUSED), pytest.raises(ValueError, match="3 times"):
        await store.replan(ALICE, fence.plan_id, ["try 4"])


async def test_replan_reactivates_a_closed_plan(store, fence):
    await store.update_plan_status(ALICE, fence.plan_id, "abandoned")
    await store.replan(ALICE, fence.plan_id, ["Start again"])
    assert (await store.get_plan(ALICE, fence.plan_id))["status"] == "active"


# -- notes, snooze ---------------------------------------------------------------------------------


async def test_add_note_of_each_kind(store, fence):
    first = await store.add_note(ALICE, fence.plan_id, "Posts are 8 ft")
    second = await store.add_note(ALICE, fence.plan_id, "Two panels up", "progress")
    plan = await store.get_plan(ALICE, fence.plan_id)
    assert [(n["id"], n["kind"], n["text"]) for n in plan["notes"]] == [
        (first, "finding", "Posts are 8 ft"),
        (second, "progress", "Two panels up"),
    ]


async def test_snooze_step_sets_the_waiting_date(store, clock, fence):
    wake = clock() + timedelta(days=3)
    await store.snooze_step(ALICE, fence.step_ids[0], wake)
    step = await step_of(store, fence.step_ids[0], fence.plan_id)
    assert step["wait_until"] == iso(wake)
    await store.snooze_step(ALICE, fence.step_ids[1], "2026-03-10T09:00+01:00")
    step = await step_of(store, fence.step_ids[1], fence.plan_id)
    assert step["wait_until"] == "2026-03-10T08:00:00.000000Z"


@pytest.mark.parametrize("when", [timedelta(0), timedelta(days=-1), timedelta(seconds=-1)])
async def test_snooze_into_the_past_is_refused(store, clock, db_path, fence, when):
    with unchanged(db_path, REFUSED), pytest.raises(ValueError, match="already passed"):
        await store.snooze_step(ALICE, fence.step_ids[0], clock() + when)


# -- history and undo ------------------------------------------------------------------------------


async def test_plan_history_lists_every_change(store, clock, fence):
    await store.add_attempt(ALICE, fence.step_ids[0], "no answer", origin="msg 7")
    clock.advance(hours=1)
    await store.update_step_status(ALICE, fence.step_ids[0], "done")
    await store.add_note(ALICE, fence.plan_id, "Jim rang back", "progress")
    history = await store.plan_history(ALICE, fence.plan_id)
    assert [h["revision"] for h in history] == [1, 2, 3, 4]
    assert [h["cause"] for h in history] == [
        "created",
        "attempt on step 1: no answer; step 1 in progress",
        "step 1 done",
        "progress noted",
    ]
    assert history[1]["origin"] == "msg 7"
    assert history[2]["created_at"] == iso(clock())
    assert not any(h["undone"] for h in history)


async def test_undo_restores_previous_statuses_and_walks_back(store, db_path, fence):
    first, second, _ = fence.step_ids
    await store.update_step_status(ALICE, first, "done")
    await store.update_step_status(ALICE, second, "in_progress")
    result = await store.undo(ALICE, fence.plan_id)
    assert result["revision"] == 3 and result["restored_revision"] == 2
    assert result["cause"] == "step 2 in progress"
    assert await statuses(store, fence.plan_id) == ["done", "pending", "pending"]
    await store.undo(ALICE, fence.plan_id)
    assert await statuses(store, fence.plan_id) == ["pending", "pending", "pending"]
    history = await store.plan_history(ALICE, fence.plan_id)
    assert [(h["revision"], h["undone"], h["undoes"]) for h in history] == [
        (1, False, None),
        (2, True, None),
        (3, True, None),
        (4, False, 3),
        (5, False, 2),
    ]
    with unchanged(db_path, REFUSED), pytest.raises(ValueError, match="Nothing to undo"):
        await store.undo(ALICE, fence.plan_id)


async def test_a_change_after_an_undo_is_undone_back_to_the_state_before_it(store, fence):
    first, second, third = fence.step_ids
    await store.update_step_status(ALICE, first, "done")
    await store.update_step_status(ALICE, second, "done")
    await store.undo(ALICE, fence.plan_id)
    await store.update_step_status(ALICE, third, "skipped")
    assert await statuses(store, fence.plan_id) == ["done", "pending", "skipped"]
    await store.undo(ALICE, fence.plan_id)
    assert await statuses(store, fence.plan_id) == ["done", "pending", "pending"]


async def test_undo_keeps_attempts_but_marks_later_ones_retracted(store, db_path, fence):
    first, second, _ = fence.step_ids
    kept = await store.add_attempt(ALICE, first, "no answer")
    await store.update_step_status(ALICE, second, "done")
    retracted = await store.add_attempt(ALICE, first, "left a voicemail")
    attempts_before = dump(db_path)["plan_step_attempts"]

    result = await store.undo(ALICE, fence.plan_id)
    assert result["attempts_retracted"] == 1
    step = await step_of(store, first, fence.plan_id)
    assert [(a["id"], a["retracted"]) for a in step["attempts"]] == [
        (kept, False),
        (retracted, True),
    ]
    assert dump(db_path)["plan_step_attempts"] == attempts_before  # nothing deleted

    await store.undo(ALICE, fence.plan_id)  # second back to pending
    assert await statuses(store, fence.plan_id) == ["in_progress", "pending", "pending"]
    step = await step_of(store, first, fence.plan_id)
    assert [a["retracted"] for a in step["attempts"]] == [False, True]

    await store.undo(ALICE, fence.plan_id)  # the first attempt
    assert await statuses(store, fence.plan_id) == ["pending", "pending", "pending"]
    step = await step_of(store, first, fence.plan_id)
    assert [a["retracted"] for a in step["attempts"]] == [True, True]
    assert dump(db_path)["plan_step_attempts"] == attempts_before


async def test_undo_of_a_replan_restores_the_old_steps(store, fence):
    first, second, third = fence.step_ids
    await store.update_step_status(ALICE, first, "done")
    await store.add_attempt(ALICE, second, "one quote")
    before = await store.get_plan(ALICE, fence.plan_id)
    await store.replan(ALICE, fence.plan_id, ["Buy panels", "Fit panels"])
    await store.undo(ALICE, fence.plan_id)
    after = await store.get_plan(ALICE, fence.plan_id)
    keys = ("id", "position", "title", "status", "attempts")
    assert [{k: s[k] for k in keys} for s in after["steps"]] == [
        {k: s[k] for k in keys} for s in before["steps"]
    ]
    assert after["replaced_steps"] == []  # back in the plan, not "replaced"
    assert after["times_replanned"] == 1  # a re-plan made stays counted
    await store.add_attempt(ALICE, third, "booked")  # the old step works again
    assert await store.verify() == []


async def test_undo_of_a_plan_status_and_of_a_note(store, fence):
    await store.add_note(ALICE, fence.plan_id, "Posts are 8 ft")
    await store.update_plan_status(ALICE, fence.plan_id, "complete")
    await store.undo(ALICE, fence.plan_id)
    plan = await store.get_plan(ALICE, fence.plan_id)
    assert plan["status"] == "active" and len(plan["notes"]) == 1
    await store.undo(ALICE, fence.plan_id)
    assert (await store.get_plan(ALICE, fence.plan_id))["notes"] == []


async def test_undo_of_a_fresh_plan_is_refused(store, db_path, fence):
    with unchanged(db_path, REFUSED), pytest.raises(ValueError, match="Nothing to undo.*abandoned"):
        await store.undo(ALICE, fence.plan_id)


# -- verify and the database's own guarantees ------------------------------------------------


async def test_verify_is_clean_after_a_mix_of_changes(store, fence):
    await store.add_step(ALICE, fence.plan_id, "First of all", position=1)
    await store.update_step_status(ALICE, fence.step_ids[0], "done")
    await store.replan(ALICE, fence.plan_id, ["a", "b"])
    await store.undo(ALICE, fence.plan_id)
    assert await store.verify() == []


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE plan_step_attempts SET outcome = 'edited'",
        "UPDATE plan_step_attempts SET step_id = step_id",
        "DELETE FROM plan_step_attempts",
    ],
)
async def test_attempts_are_append_only_in_the_database(store, db_path, fence, sql):
    await store.add_attempt(ALICE, fence.step_ids[0], "no answer")
    with unchanged(db_path, REFUSED):
        conn = sqlite3.connect(db_path, timeout=10)
        try:
            with pytest.raises(sqlite3.DatabaseError, match="append-only"):
                conn.execute(sql)
            conn.rollback()
        finally:
            conn.close()


async def test_deleting_a_plan_row_still_cannot_remove_its_attempts(store, db_path, fence):
    # ON DELETE CASCADE would delete the attempts; the trigger stops the whole delete.
    await store.add_attempt(ALICE, fence.step_ids[0], "no answer")
    with unchanged(db_path, REFUSED):
        conn = sqlite3.connect(db_path, timeout=10)
        try:
            conn.execute("PRAGMA foreign_keys = ON")
            with pytest.raises(sqlite3.DatabaseError, match="append-only"):
                conn.execute("DELETE FROM plans WHERE id = ?", (fence.plan_id,))
            conn.rollback()
        finally:
            conn.close()


# -- bad values: a helpful ValueError, and nothing changes -------------------------------------


@dataclass
class World:
    plan_id: int
    step_ids: list[int]
    full_plan_id: int  # 50 steps
    replanned_plan_id: int  # re-planned three times


BAD_INPUTS = [
    # unknown statuses
    pytest.param(
        lambda s, w: s.update_step_status(ALICE, w.step_ids[0], "finished"),
        r"Unknown step status 'finished'; use one of: pending, in_progress, done",
        id="unknown step status",
    ),
    pytest.param(
        lambda s, w: s.update_step(ALICE, w.step_ids[0], status="DONE"),
        r"Unknown step status 'DONE'",
        id="step status is case-sensitive",
    ),
    pytest.param(
        lambda s, w: s.update_step_status(ALICE, w.step_ids[0], None),
        r"Give a status: pending",
        id="missing step status",
    ),
    pytest.param(
        lambda s, w: s.update_plan_status(ALICE, w.plan_id, "paused"),
        r"Unknown plan status 'paused'; use one of: active, complete, abandoned",
        id="unknown plan status",
    ),
    pytest.param(
        lambda s, w: s.list_plans(ALICE, "finished"),
        r"Unknown plan status 'finished'; use one of: .*all",
        id="unknown list filter",
    ),
    # titles
    pytest.param(lambda s, w: s.create_plan(ALICE, ""), r"The title is empty", id="empty title"),
    pytest.param(
        lambda s, w: s.create_plan(ALICE, " \t\n "), r"The title is empty", id="whitespace title"
    ),
    pytest.param(lambda s, w: s.create_plan(ALICE, None), r"The title is empty", id="no title"),
    pytest.param(
        lambda s, w: s.create_plan(ALICE, "x" * 201),
        r"201 characters long; keep it under 201",
        id="title of 201 characters",
    ),
    pytest.param(
        lambda s, w: s.create_plan(ALICE, "Fence", steps=["ok", "  "]),
        r"The title of step 2 is empty",
        id="empty step title in create_plan",
    ),
    pytest.param(
        lambda s, w: s.create_plan(ALICE, "Fence", steps=[{"notes": "no title"}]),
        r"The title of step 1 is empty",
        id="step dict without title",
    ),
    pytest.param(
        lambda s, w: s.create_plan(ALICE, "Fence", steps=[{"title": "a", "due": 1}]),
        r"Step 1 has unknown fields: due",
        id="unknown step field",
    ),
    pytest.param(
        lambda s, w: s.create_plan(ALICE, "Fence", steps="Call Jim"),
        r"Steps must be a list",
        id="steps as a string",
    ),
    pytest.param(
        lambda s, w: s.add_step(ALICE, w.plan_id, "   "),
        r"The .*title.* is empty; give it a few words",
        id="empty add_step title",
    ),
    pytest.param(
        lambda s, w: s.add_step(ALICE, w.plan_id, "y" * 201),
        r"201 characters long",
        id="add_step title of 201 characters",
    ),
    # too many steps
    pytest.param(
        lambda s, w: s.create_plan(ALICE, "Big", steps=[f"s{i}" for i in range(51)]),
        r"at most 50 steps; split it",
        id="51 steps in create_plan",
    ),
    pytest.param(
        lambda s, w: s.add_step(ALICE, w.full_plan_id, "one more"),
        r"at most 50 steps; split it",
        id="51st step via add_step",
    ),
    pytest.param(
        lambda s, w: s.replan(ALICE, w.plan_id, [f"s{i}" for i in range(51)]),
        r"at most 50 steps; split it",
        id="51 steps in replan",
    ),
    # estimates
    *[
        pytest.param(
            lambda s, w, bad=bad: s.create_plan(
                ALICE, "Fence", steps=[{"title": "a", "estimated_days": bad}]
            ),
            r"An estimate is a number of days between 0 and 3650",
            id=f"estimate {bad!r}",
        )
        for bad in (0, -1, "3", float("nan"), float("inf"), True, 3651)
    ],
    pytest.param(
        lambda s, w: s.add_step(ALICE, w.plan_id, "a", estimated_days=-2),
        r"An estimate is a number of days",
        id="add_step negative estimate",
    ),
    # replan
    pytest.param(
        lambda s, w: s.replan(ALICE, w.replanned_plan_id, ["fourth try"]),
        r"re-planned 3 times already; rather than a fourth, mark it abandoned or "
        r"complete",
        id="fourth replan",
    ),
    pytest.param(
        lambda s, w: s.replan(ALICE, w.plan_id, []), r"at least one step", id="replan without steps"
    ),
    # positions
    *[
        pytest.param(
            lambda s, w, bad=bad: s.add_step(ALICE, w.plan_id, "a", position=bad),
            r"Position must be between 1 and 4",
            id=f"position {bad!r}",
        )
        for bad in (0, -1, 5, 99, True, "2", 1.5)
    ],
    # attempts
    pytest.param(
        lambda s, w: s.add_attempt(ALICE, w.step_ids[0], ""),
        r"Say what happened in the attempt",
        id="empty outcome",
    ),
    pytest.param(
        lambda s, w: s.add_attempt(ALICE, w.step_ids[0], "   "),
        r"Say what happened in the attempt",
        id="whitespace outcome",
    ),
    pytest.param(
        lambda s, w: s.add_attempt(ALICE, w.step_ids[0], None),
        r"Say what happened in the attempt",
        id="no outcome",
    ),
    pytest.param(
        lambda s, w: s.update_step(ALICE, w.step_ids[0], attempt_notes="rang"),
        r"Say what happened in the attempt",
        id="attempt notes without outcome",
    ),
    pytest.param(
        lambda s, w: s.add_attempt(ALICE, w.step_ids[0], "z" * 501),
        r"attempt outcome is 501 characters long; the limit is 500",
        id="outcome over the limit",
    ),
    pytest.param(
        lambda s, w: s.update_step(ALICE, w.step_ids[0]),
        r"Nothing to change",
        id="update_step with nothing",
    ),
    # notes
    pytest.param(
        lambda s, w: s.add_note(ALICE, w.plan_id, "text", "idea"),
        r"Unknown note kind 'idea'; use one of: finding, progress",
        id="unknown note kind",
    ),
    pytest.param(
        lambda s, w: s.add_note(ALICE, w.plan_id, "  "), r"The note is empty", id="empty note"
    ),
    pytest.param(
        lambda s, w: s.add_note(ALICE, w.plan_id, "n" * 4001),
        r"4001 characters long; the limit is 4000",
        id="note over the limit",
    ),
    pytest.param(
        lambda s, w: s.create_plan(ALICE, "Fence", "d" * 2001),
        r"description is 2001 characters long",
        id="description over the limit",
    ),
    # dates
    pytest.param(
        lambda s, w: s.snooze_step(ALICE, w.step_ids[0], "next thursday"),
        r"'next thursday' is not a date I can read",
        id="unreadable snooze date",
    ),
    pytest.param(
        lambda s, w: s.snooze_step(ALICE, w.step_ids[0], datetime(2030, 1, 1)),
        r"needs a time zone",
        id="naive snooze date",
    ),
    pytest.param(
        lambda s, w: s.update_step_status(ALICE, w.step_ids[0], "blocked", until="soon"),
        r"'soon' is not a date I can read",
        id="unreadable blocked-until",
    ),
    # undo with nothing to undo
    pytest.param(lambda s, w: s.undo(ALICE, w.plan_id), r"Nothing to undo", id="nothing to undo"),
]


@pytest.fixture
async def world(store, clock) -> World:
    fence = await make_plan(store)
    await make_plan(store, user=BOB, title="Bob's fence")
    full = await make_plan(store, title="Big plan", steps=[f"s{i}" for i in range(50)])
    replanned = await make_plan(store, title="Moving house")
    for round_ in range(3):
        await store.replan(ALICE, replanned.plan_id, [f"round {round_}"])
    return World(fence.plan_id, fence.step_ids, full.plan_id, replanned.plan_id)


@pytest.mark.parametrize("call, match", BAD_INPUTS)
async def test_bad_values_are_refused_and_change_nothing(store, db_path, world, call, match):
    with unchanged(db_path, REFUSED), pytest.raises(ValueError, match=match):
        await call(store, world)


# -- other people's plans: indistinguishable from missing ones -------------------------------

PLAN_CALLS = {
    "get_plan": lambda s, u, p, st, c: s.get_plan(u, p),
    "add_step": lambda s, u, p, st, c: s.add_step(u, p, "sneaky"),
    "update_plan_status": lambda s, u, p, st, c: s.update_plan_status(u, p, "abandoned"),
    "replan": lambda s, u, p, st, c: s.replan(u, p, ["sneaky"]),
    "add_note": lambda s, u, p, st, c: s.add_note(u, p, "sneaky"),
    "plan_history": lambda s, u, p, st, c: s.plan_history(u, p),
    "undo": lambda s, u, p, st, c: s.undo(u, p),
    "apply_marks": lambda s, u, p, st, c: s.apply_marks(u, p, [(1, "done", None)]),
}
STEP_CALLS = {
    "update_step_status": lambda s, u, p, st, c: s.update_step_status(u, st, "done"),
    "update_step": lambda s, u, p, st, c: s.update_step(u, st, notes="sneaky"),
    "update_step attempt": lambda s, u, p, st, c: s.update_step(u, st, attempt_outcome="x"),
    "add_attempt": lambda s, u, p, st, c: s.add_attempt(u, st, "sneaky"),
    "snooze_step": lambda s, u, p, st, c: s.snooze_step(u, st, c() + timedelta(days=2)),
}


@pytest.mark.parametrize("name", [*PLAN_CALLS, *STEP_CALLS])
async def test_another_users_ids_are_not_found_like_missing_ones(store, clock, db_path, name):
    fence = await make_plan(store, user=ALICE)
    await store.add_attempt(ALICE, fence.step_ids[0], "no answer")  # something to undo
    await make_plan(store, user=BOB, title="Bob's shed")
    call = {**PLAN_CALLS, **STEP_CALLS}[name]
    is_plan = name in PLAN_CALLS
    target = fence.plan_id if is_plan else fence.step_ids[1]

    with unchanged(db_path, REFUSED), pytest.raises(NotFound) as foreign:
        if is_plan:
            await call(store, BOB, fence.plan_id, None, clock)
        else:
            await call(store, BOB, None, fence.step_ids[1], clock)
    with unchanged(db_path, REFUSED), pytest.raises(NotFound) as missing:
        if is_plan:
            await call(store, BOB, MISSING, None, clock)
        else:
            await call(store, BOB, None, MISSING, clock)
    assert str(foreign.value) == str(missing.value).replace(str(MISSING), str(target))
    assert type(foreign.value) is type(missing.value)
    # Alice still owns and sees everything as it was.
    assert (await store.get_plan(ALICE, fence.plan_id))["status"] == "active"


async def test_another_users_plans_are_invisible_in_lists_and_checks(store, clock):
    await make_plan(store, user=ALICE)
    clock.advance(days=30)
    assert await store.list_plans(BOB, "all") == []
    assert await store.find_plan(BOB, "fence") is None
    assert await store.stale_steps(BOB) == []
    assert len(await store.stale_steps(ALICE)) == 1


# -- regressions: bugs found while writing these tests ---------------------------------------


async def test_repeating_a_status_does_not_make_undo_a_no_op(store, fence):
    # A "Done" button pressed twice, then /undo: the person expects the step
    # back to pending.  A repeat that changes nothing must write no revision
    # ("step 1 touched"), or /undo would take back that instead.
    await store.update_step_status(ALICE, fence.step_ids[0], "done")
    await store.update_step_status(ALICE, fence.step_ids[0], "done")
    await store.undo(ALICE, fence.plan_id)
    assert await statuses(store, fence.plan_id) == ["pending", "pending", "pending"]


@pytest.mark.parametrize(
    "repeat",
    [
        pytest.param(
            lambda s, step, clock: s.update_step_status(ALICE, step, "blocked", "council"),
            id="same status and note",
        ),
        pytest.param(
            lambda s, step, clock: s.update_step(ALICE, step, notes="bring gloves"), id="same notes"
        ),
        pytest.param(
            lambda s, step, clock: s.snooze_step(ALICE, step, clock() + timedelta(days=3)),
            id="same waiting date",
        ),
    ],
)
async def test_a_change_that_changes_nothing_writes_nothing(store, clock, db_path, fence, repeat):
    step = fence.step_ids[0]
    await store.update_step(
        ALICE,
        step,
        status="blocked",
        status_note="council",
        notes="bring gloves",
        until=clock() + timedelta(days=3),
    )
    clock.advance(hours=1)
    with unchanged(db_path, REFUSED):
        await repeat(store, step, lambda: clock() - timedelta(hours=1))


async def test_the_date_formats_the_error_message_suggests_are_accepted(store, fence):
    # Every format the message suggests must be accepted: a bare "2026-03-05"
    # would be refused for lacking a time zone.
    with pytest.raises(ValueError) as refused:
        await store.snooze_step(ALICE, fence.step_ids[0], "next thursday")
    suggested = re.findall(
        r"\d{4}-\d{2}-\d{2}(?:T[\d:]+(?:[+-]\d{2}:\d{2}|Z)?)?", str(refused.value)
    )
    assert suggested, str(refused.value)
    for example in suggested:  # the clock says 2026-03-02, so these are all in the future
        await store.snooze_step(ALICE, fence.step_ids[1], example)
    await store.snooze_step(ALICE, fence.step_ids[0], "2026-03-05")
    step = await step_of(store, fence.step_ids[0], fence.plan_id)
    assert step["wait_until"] == "2026-03-05T00:00:00.000000Z"  # a bare date: UTC midnight


async def test_add_step_messages_do_not_name_a_step_0(store, fence):
    # add_step validates its one step; the message must not call it "step 0",
    # a step that does not exist ("The title of step 0 is empty").
    for bad in (
        {"title": "  "},
        {"title": "ok", "estimated_days": -1},
        {"title": "ok", "notes": "n" * 2001},
    ):
        with pytest.raises(ValueError) as refused:
            await store.add_step(ALICE, fence.plan_id, **bad)
        assert "step 0" not in str(refused.value), str(refused.value)


@pytest.mark.parametrize("change", ["add_step", "replan"])
async def test_undo_back_to_a_plan_without_steps_removes_the_new_steps(store, change):
    # A restored snapshot with no steps must remove every step: built naively as
    # "id NOT IN (NULL)", which is never true, it would remove none.
    plan_id = await store.create_plan(ALICE, "Learn Welsh")
    if change == "add_step":
        await store.add_step(ALICE, plan_id, "Find a class")
    else:
        await store.replan(ALICE, plan_id, ["Find a class"])
    await store.undo(ALICE, plan_id)
    plan = await store.get_plan(ALICE, plan_id)
    assert plan["steps"] == [] and plan["replaced_steps"] == []
    assert plan["times_replanned"] == (1 if change == "replan" else 0)  # made, not standing
    [summary] = await store.list_plans(ALICE)
    assert summary["total"] == 0


async def test_repeating_a_mark_does_not_make_undo_a_no_op(store, fence):
    # The same as pressing "Done" twice, through mark lines: "✓ 1" sent twice,
    # then /undo.  apply_marks must write no revision when no mark changed
    # anything, or /undo would take back the repeat and step 1 would stay done.
    await store.apply_marks(ALICE, fence.plan_id, [(1, "done", None)])
    await store.apply_marks(ALICE, fence.plan_id, [(1, "done", None)])
    await store.undo(ALICE, fence.plan_id)
    assert await statuses(store, fence.plan_id) == ["pending", "pending", "pending"]


async def test_rename_and_move_are_revisions_undo_takes_back(store):
    plan_id = await store.create_plan(7, "Fence", None, ["Quotes", "Hire", "Build", "Paint"])
    assert await store.rename_plan(7, plan_id, "Garden fence") == "Fence"
    steps = (await store.get_plan(7, plan_id))["steps"]
    assert await store.move_step(7, steps[3]["id"], 2) == 4
    after = await store.get_plan(7, plan_id)
    assert after["title"] == "Garden fence"
    assert [(s["position"], s["title"]) for s in after["steps"]] == [
        (1, "Quotes"),
        (2, "Paint"),
        (3, "Hire"),
        (4, "Build"),
    ]
    await store.move_step(7, steps[0]["id"], 4)  # down: the others close up
    assert [s["title"] for s in (await store.get_plan(7, plan_id))["steps"]] == [
        "Paint",
        "Hire",
        "Build",
        "Quotes",
    ]
    for bad in (0, 5, True):
        with pytest.raises(ValueError):
            await store.move_step(7, steps[0]["id"], bad)
    with pytest.raises(NotFound):  # another person's plan and step are not found
        await store.rename_plan(8, plan_id, "Mine now")
    with pytest.raises(NotFound):
        await store.move_step(8, steps[0]["id"], 1)
    await store.undo(7, plan_id)
    await store.undo(7, plan_id)
    await store.undo(7, plan_id)
    back = await store.get_plan(7, plan_id)
    assert back["title"] == "Fence" and [s["title"] for s in back["steps"]] == [
        "Quotes",
        "Hire",
        "Build",
        "Paint",
    ]


async def test_a_plan_read_has_exactly_the_keys_its_types_declare(store):
    """memory/records.py is the contract the layers above type against: every key
    get_plan hands out is declared there, and nothing declared is missing."""
    from drbot.memory.records import Attempt, Plan, ReplacedStep, Step

    plan_id = await store.create_plan(1, "Fix the fence", steps=["Get quotes", "Hire someone"])
    plan = await store.get_plan(1, plan_id)
    step_id = plan["steps"][0]["id"]
    await store.update_step(1, step_id, attempt_outcome="no answer")
    await store.replan(1, plan_id, ["Ask Jim"], step_id=step_id)
    plan = await store.get_plan(1, plan_id)
    assert set(plan) == set(Plan.__annotations__)
    assert set(plan["steps"][0]) == set(Step.__annotations__)
    [replaced] = plan["replaced_steps"]
    assert set(replaced) == set(ReplacedStep.__annotations__)
    assert set(replaced["attempts"][0]) == set(Attempt.__annotations__)


async def test_every_read_of_part_of_a_plan_has_exactly_the_keys_its_type_declares(store):
    """The other reads are declared in memory/records.py too (a summary, one step,
    a marked step, a change, a revision, a checked step): their keys are held to
    the types, and their statuses are the enums, as get_plan's are."""
    from drbot.memory import limits
    from drbot.memory.records import (
        DueDateChange,
        MarkedStep,
        PlanStatus,
        PlanSummary,
        ReplacedInRevision,
        Revision,
        Step,
        StepChange,
        StepCounts,
        StepInPlan,
        StepLine,
        StepSpec,
        StepStatus,
    )

    fence = await make_plan(store)
    [summary] = await store.list_plans(ALICE)
    assert set(summary) == set(PlanSummary.__annotations__)
    assert set(summary["counts"]) == set(StepCounts.__annotations__) == set(StepStatus)
    assert type(summary["status"]) is PlanStatus

    step = await store.get_step(ALICE, fence.step_ids[0])
    assert set(step) == set(StepInPlan.__annotations__)
    assert type(step["status"]) is StepStatus and type(step["plan_status"]) is PlanStatus

    change = await store.update_step(ALICE, fence.step_ids[0], attempt_outcome="no answer")
    assert set(change) == set(StepChange.__annotations__)
    assert type(change["status"]) is StepStatus and isinstance(change["attempt_id"], int)
    dated = await store.set_due_date(ALICE, fence.step_ids[1], "2026-03-31")
    assert set(dated) == set(DueDateChange.__annotations__)
    [marked] = await store.apply_marks(ALICE, fence.plan_id, [(3, "done", None)])
    assert set(marked) == set(MarkedStep.__annotations__)
    assert marked["position"] == 3 and type(marked["status"]) is StepStatus

    await store.replan(ALICE, fence.plan_id, ["Ask Jim"], step_id=fence.step_ids[0])
    history = await store.plan_history(ALICE, fence.plan_id)
    assert all(set(entry) == set(Revision.__annotations__) for entry in history)
    [replaced] = [r for entry in history for r in entry["replaced"]]
    assert set(replaced) == set(ReplacedInRevision.__annotations__)

    assert set(limits.step_spec("Call Jim")) == set(StepSpec.__annotations__)
    # A step's one line reads only what every kind of step read has.
    for kind in (Step, StepInPlan, MarkedStep):
        assert set(StepLine.__annotations__) <= set(kind.__annotations__)
