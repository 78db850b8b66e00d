"""The newest standing attempt kept on each step (migration 0017's triggers).

plan_steps.last_attempt_id/at/outcome must always say what the attempts table
says: the attempt with the latest attempted_at (then the highest id) that no
undo retracted, or NULL.  The property test writes attempts and retractions
in any order, with equal and out-of-order times, straight to SQLite (as every
write path does underneath) and compares after each write; the store-level
paths (attempts, marks, undo, replan) are covered by the PlanStore state
machine in test_plans_properties.py.  The everyone-scans read these columns.
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.db_template import template

T = [f"2026-03-0{d}T09:00:00.000000Z" for d in range(1, 5)]  # few times: ties are common
STEPS = (1, 2)


def _fill(conn: sqlite3.Connection) -> None:
    """One plan of two steps."""
    conn.execute(
        "INSERT INTO plans (id, user_id, title, created_at, updated_at) VALUES (1, 7, 'p', ?, ?)",
        (T[0], T[0]),
    )
    conn.executemany(
        "INSERT INTO plan_steps (id, plan_id, position, title, status_since,"
        " created_at, updated_at) VALUES (?, 1, ?, 's', ?, ?, ?)",
        [(i, i, T[0], T[0], T[0]) for i in STEPS],
    )
    conn.execute(
        "INSERT INTO plan_revisions (id, plan_id, revision, cause, snapshot,"
        " created_at) VALUES (1, 1, 1, 'created', '{}', ?)",
        (T[0],),
    )


def truth(conn: sqlite3.Connection) -> dict[int, tuple]:
    """What the attempts table says, worked out in Python."""
    retracted = {r for (r,) in conn.execute("SELECT attempt_id FROM attempt_retractions")}
    newest: dict[int, tuple] = dict.fromkeys(STEPS, (None, None, None))
    best: dict[int, tuple] = {}
    for a_id, step, at, outcome in conn.execute(
        "SELECT id, step_id, attempted_at, outcome FROM plan_step_attempts"
    ):
        if a_id not in retracted and (at, a_id) > best.get(step, ("", 0)):
            best[step] = (at, a_id)
            newest[step] = (a_id, at, outcome)
    return newest


def kept(conn: sqlite3.Connection) -> dict[int, tuple]:
    return {
        row[0]: tuple(row[1:])
        for row in conn.execute(
            "SELECT id, last_attempt_id, last_attempt_at, last_outcome FROM plan_steps"
        )
    }


ATTEMPT = st.tuples(st.just("attempt"), st.sampled_from(STEPS), st.sampled_from(T))
RETRACT = st.tuples(st.just("retract"), st.integers(0, 20), st.just(None))


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(ATTEMPT, RETRACT), max_size=14))
def test_kept_newest_attempt_equals_the_attempts_table(ops):
    directory = Path(tempfile.mkdtemp())
    path = directory / "plans.db"
    shutil.copy(template(_fill), path)
    conn = sqlite3.connect(path)
    try:
        for n, (op, arg, at) in enumerate(ops):
            with conn:
                if op == "attempt":
                    conn.execute(
                        "INSERT INTO plan_step_attempts (step_id, attempted_at, outcome)"
                        " VALUES (?, ?, ?)",
                        (arg, at, f"outcome {n}"),
                    )
                else:  # retract one standing attempt (undo retracts any, in bulk too)
                    standing = [
                        r
                        for (r,) in conn.execute(
                            "SELECT id FROM plan_step_attempts WHERE id NOT IN"
                            " (SELECT attempt_id FROM attempt_retractions) ORDER BY id"
                        )
                    ]
                    if standing:
                        conn.execute(
                            "INSERT INTO attempt_retractions (attempt_id, revision_id,"
                            " retracted_at) VALUES (?, 1, ?)",
                            (standing[arg % len(standing)], T[-1]),
                        )
            assert kept(conn) == truth(conn)
    finally:
        conn.close()
        shutil.rmtree(directory)


def test_undo_of_several_attempts_at_once_falls_back_to_the_one_before(tmp_path):
    """Undo retracts in one INSERT … SELECT: every row's trigger sees the rows before."""
    path = tmp_path / "plans.db"
    shutil.copy(template(_fill), path)
    conn = sqlite3.connect(path)
    try:
        with conn:
            conn.executemany(
                "INSERT INTO plan_step_attempts (id, step_id, attempted_at, outcome)"
                " VALUES (?, 1, ?, ?)",
                [(1, T[0], "a"), (2, T[1], "b"), (3, T[2], "c"), (4, T[2], "d")],
            )
            assert kept(conn)[1] == (4, T[2], "d")
            conn.execute(
                "INSERT INTO attempt_retractions (attempt_id, revision_id, retracted_at)"
                " SELECT id, 1, ? FROM plan_step_attempts WHERE id > 1",
                (T[3],),
            )
        assert kept(conn)[1] == (1, T[0], "a") == truth(conn)[1]
        with conn:
            conn.execute(
                "INSERT INTO attempt_retractions (attempt_id, revision_id, retracted_at)"
                " VALUES (1, 1, ?)",
                (T[3],),
            )
        assert kept(conn)[1] == (None, None, None)
    finally:
        conn.close()


async def test_undoing_an_attempt_gives_the_stale_clock_back(store, clock):
    """Through the store: the undone attempt no longer counts as activity."""
    plan_id = await store.create_plan(101, "Fence", steps=["Call"])
    [step] = (await store.get_plan(101, plan_id))["steps"]
    await store.update_step_status(101, step["id"], "in_progress")
    started = (await store.get_plan(101, plan_id))["steps"][0]["status_since"]
    clock.advance(days=5)
    await store.add_attempt(101, step["id"], "no answer")
    clock.advance(days=5)
    assert await store.stale_steps(101, days=7) == []
    await store.undo(101, plan_id)
    [item] = await store.stale_steps(101, days=7)
    assert (item["last_attempt_at"], item["last_outcome"]) == (None, None)
    assert item["last_activity"] == started


async def test_briefing_scan_lists_a_stuck_step_once(store, clock):
    """attention_for_everyone leaves a stuck step out of "stale" (the briefing
    shows it as stuck); the plain stale scan still lists it."""
    plan_id = await store.create_plan(
        101, "Fence", steps=[{"title": "Call", "estimated_days": 1}, "Dig"]
    )
    other = await store.create_plan(202, "Shed", steps=["Paint"])
    steps = (await store.get_plan(101, plan_id))["steps"]
    await store.update_step_status(101, steps[0]["id"], "in_progress")
    paint = (await store.get_plan(202, other))["steps"][0]["id"]
    await store.update_step_status(202, paint, "in_progress")
    clock.advance(days=10)
    stale = await store.stale_steps_for_everyone(7)
    assert {i["step_id"] for i in stale[101]} == {steps[0]["id"]}
    found = await store.attention_for_everyone(7, 2.0)
    assert [i["step_id"] for i in found[101]["stuck"]] == [steps[0]["id"]]
    assert found[101]["stale"] == []
    assert [i["step_id"] for i in found[202]["stale"]] == [paint]  # no estimate: not stuck
