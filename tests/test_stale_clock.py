"""Each step's stale clock kept on the step (migration 0018's triggers).

plan_steps.stale_clock must always be what docs/ARCHITECTURE.md "Stale" says, worked
out from the rows (tests/stale_truth.py): set on the frontier steps of an
active plan, NULL elsewhere.  The property test makes any write that moves the
frontier — statuses, times, positions, removal, new and deleted steps, plan
statuses, attempts and their retraction — straight in SQL, as every write path
does underneath, and compares after each one.  The store-level paths are
covered by the PlanStore state machine (test_plans_properties.py).
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.db_template import template
from tests.stale_truth import kept_clocks, stale_clocks

T = [f"2026-03-0{d}T09:00:00.000000Z" for d in range(1, 6)]  # few times: ties are common
PLANS = (1, 2)


def _fill(conn: sqlite3.Connection) -> None:
    """Two plans of three steps each."""
    for plan in PLANS:
        conn.execute(
            "INSERT INTO plans (id, user_id, title, created_at, updated_at)"
            " VALUES (?, 7, 'p', ?, ?)",
            (plan, T[0], T[0]),
        )
        conn.execute(
            "INSERT INTO plan_revisions (plan_id, revision, cause, snapshot,"
            " created_at) VALUES (?, 1, 'created', '{}', ?)",
            (plan, T[0]),
        )
        conn.executemany(
            "INSERT INTO plan_steps (plan_id, position, title, status_since, created_at,"
            " updated_at) VALUES (?, ?, 's', ?, ?, ?)",
            [(plan, n, T[0], T[0], T[0]) for n in (1, 2, 3)],
        )


def step_ids(conn: sqlite3.Connection) -> list[int]:
    return [r for (r,) in conn.execute("SELECT id FROM plan_steps ORDER BY id")]


def _plan_of(conn: sqlite3.Connection, step: int) -> int:
    return conn.execute("SELECT plan_id FROM plan_steps WHERE id = ?", (step,)).fetchone()[0]


def _end(conn: sqlite3.Connection, plan: int) -> int:
    return conn.execute(
        "SELECT coalesce(max(position), 0) + 1 FROM plan_steps"
        " WHERE plan_id = ? AND removed_at IS NULL",
        (plan,),
    ).fetchone()[0]


def apply(conn: sqlite3.Connection, op: tuple, n: int) -> None:
    kind, pick, value = op
    steps = step_ids(conn)
    step = steps[pick % len(steps)] if steps else None
    if kind == "status" and step:
        conn.execute(
            "UPDATE plan_steps SET status = ?, status_since = ? WHERE id = ?",
            (value[0], value[1], step),
        )
    elif kind == "wait" and step:
        conn.execute("UPDATE plan_steps SET wait_until = ? WHERE id = ?", (value, step))
    elif kind == "remove" and step:
        conn.execute("UPDATE plan_steps SET removed_at = ? WHERE id = ?", (value, step))
    elif kind == "restore" and step:  # as undo brings a step back: after the others
        conn.execute(
            "UPDATE plan_steps SET removed_at = NULL, position = ? WHERE id = ?",
            (_end(conn, _plan_of(conn, step)), step),
        )
    elif kind == "move" and step:  # positions stay unique among live steps
        plan = _plan_of(conn, step)
        others = [
            r
            for (r,) in conn.execute(
                "SELECT id FROM plan_steps WHERE plan_id = ? AND removed_at IS NULL AND id <> ?"
                " ORDER BY position",
                (plan, step),
            )
        ]
        if others:
            other = others[value % len(others)]
            [(a,), (b,)] = conn.execute(
                "SELECT position FROM plan_steps WHERE id IN (?, ?) ORDER BY id = ? DESC",
                (step, other, step),
            )
            conn.execute(
                "UPDATE plan_steps SET position = iif(id = ?, ?, ?) WHERE id IN (?, ?)",
                (step, b, a, step, other),
            )  # a swap in one statement
    elif kind == "add":
        plan = PLANS[pick % 2]
        conn.execute(
            "INSERT INTO plan_steps (plan_id, position, title, status, status_since,"
            " created_at, updated_at) VALUES (?, ?, 'new', ?, ?, ?, ?)",
            (plan, _end(conn, plan), value[0], value[1], value[1], value[1]),
        )
    elif kind == "delete" and step:
        conn.execute("DELETE FROM plan_steps WHERE id = ?", (step,))
    elif kind == "plan":
        conn.execute("UPDATE plans SET status = ? WHERE id = ?", (value, PLANS[pick % 2]))
    elif kind == "attempt" and step:
        conn.execute(
            "INSERT INTO plan_step_attempts (step_id, attempted_at, outcome) VALUES (?, ?, ?)",
            (step, value, f"outcome {n}"),
        )
    elif kind == "retract":
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
                (standing[pick % len(standing)], T[-1]),
            )


STATUS = st.tuples(
    st.sampled_from(["pending", "in_progress", "done", "skipped", "blocked"]), st.sampled_from(T)
)
PICK = st.integers(0, 20)
OPS = st.one_of(
    st.tuples(st.just("status"), PICK, STATUS),
    st.tuples(st.just("wait"), PICK, st.sampled_from([None, *T])),
    st.tuples(st.just("remove"), PICK, st.sampled_from(T)),
    st.tuples(st.just("restore"), PICK, st.none()),
    st.tuples(st.just("move"), PICK, st.integers(0, 5)),
    st.tuples(st.just("add"), PICK, STATUS),
    st.tuples(st.just("delete"), PICK, st.none()),
    st.tuples(st.just("plan"), PICK, st.sampled_from(["active", "complete", "abandoned"])),
    st.tuples(st.just("attempt"), PICK, st.sampled_from(T)),
    st.tuples(st.just("retract"), PICK, st.none()),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(OPS, max_size=16))
def test_kept_stale_clock_is_the_rule_worked_out_from_the_rows(ops):
    directory = Path(tempfile.mkdtemp())
    path = directory / "plans.db"
    shutil.copy(template(_fill), path)
    conn = sqlite3.connect(path)
    try:
        assert kept_clocks(conn) == stale_clocks(conn)
        for n, op in enumerate(ops):
            with conn:
                apply(conn, op, n)
            assert kept_clocks(conn) == stale_clocks(conn), op
    finally:
        conn.close()
        shutil.rmtree(directory)
