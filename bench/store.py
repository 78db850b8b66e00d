"""Benchmark of the plan memory (docs/ARCHITECTURE.md, "PlanStore API") against plain sqlite3.

    python -m bench.store [--users N] [--db PATH] [--keep] [--calls N] [--seed N]

Fills a database with --users users x 5 plans x 8 steps (3 attempts on every
step that has been started), then measures PlanStore.get_plan, list_plans,
add_attempt and the all-users stale scan, each beside the same SQL run with
the plain synchronous sqlite3 module on the same file with the same
parameters.  It prints figures; it is not a test and asserts nothing.

Targets: get_plan and list_plans run a fixed number of statements and stay
within 3x of plain sqlite3 (p50); the stale scan over everyone takes < 1 s.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import json
import random
import sqlite3
import sys
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

import aiosqlite

from bench.common import (
    Figures,
    json_option,
    machine_line,
    new_database,
    new_database_options,
    pct_ms,
    python_line,
)
from drbot.memory import plan_queries as q
from drbot.memory.clock import iso
from drbot.memory.database import PRAGMAS, Database
from drbot.memory.plans import PlanStore

PLANS_PER_USER = 5
STEPS_PER_PLAN = 8
ATTEMPTS_PER_STEP = 3

PLAN_TITLES = [
    "Get the parking permit",
    "Find a dentist",
    "Renew the passport",
    "Sort out the boiler",
    "Claim the tax refund",
    "Move the broadband",
    "Book the MOT",
    "Apply for the allotment",
    "Fix the leaking gutter",
    "Get the deposit back",
]
STEP_TITLES = [
    "Find the phone number",
    "Call the office",
    "Fill in the form",
    "Send the documents",
    "Chase the reply",
    "Book an appointment",
    "Pay the fee",
    "Confirm it is done",
]
OUTCOMES = [
    "no answer",
    "left a voicemail with Jim",
    "they asked me to call back next week",
    "sent the form",
    "got a reference number",
    "waiting for a letter",
    "done",
]


# -- fill ----------------------------------------------------------------------


class Filler:
    """Generates rows user by user, in id order, with a realistic status mix."""

    def __init__(self, rng: random.Random, now: datetime) -> None:
        self.rng, self.now = rng, now
        self.plan_id = self.step_id = self.attempt_id = self.note_id = 0
        self.plans, self.steps, self.attempts = [], [], []
        self.notes, self.revisions = [], []
        self.statuses = Counter()

    def days_ago(self, lo: float, hi: float) -> datetime:
        return self.now - timedelta(days=self.rng.uniform(lo, hi))

    def user(self, user_id: int) -> None:
        for _ in range(PLANS_PER_USER):
            self.plan(user_id)

    def plan(self, user_id: int) -> None:
        rng = self.rng
        self.plan_id += 1
        plan_id = self.plan_id
        created = self.days_ago(40, 180)
        r = rng.random()
        status = "active" if r < 0.70 else "complete" if r < 0.88 else "abandoned"
        self.statuses["plan " + status] += 1

        # Each step: (status, [attempt moments], status_since, wait_until, status_note)
        layout: list[tuple] = []
        if status == "active":
            done = rng.randint(0, 6)
            mode = rng.random()
            if mode < 0.80:  # the next step is being worked on
                last = self.days_ago(0, 30)
                gap = timedelta(days=rng.uniform(0.5, 3))
                current = [last - 2 * gap, last - gap, last]
                layout += self._done_steps(done, created, current[0])
                layout.append(("in_progress", current, current[0], None, None))
            elif mode < 0.90:  # finished steps, the next one not begun
                layout += self._done_steps(done, created, self.days_ago(0, 35))
            else:  # the next step is blocked until a date
                last = self.days_ago(3, 30)
                current = [last - timedelta(days=2), last - timedelta(days=1), last]
                layout += self._done_steps(done, created, current[0])
                wait = iso(self.now + timedelta(days=rng.uniform(-10, 20)))
                layout.append(("blocked", current, last, wait, "waiting on the council"))
            while len(layout) < STEPS_PER_PLAN:
                layout.append(("pending", [], created, None, None))
        elif status == "complete":
            layout += self._done_steps(STEPS_PER_PLAN, created, self.days_ago(1, 35))
        else:
            done = rng.randint(0, 4)
            gave_up = self.days_ago(1, 35)
            layout += self._done_steps(done, created, gave_up)
            while len(layout) < STEPS_PER_PLAN:
                layout.append(("skipped", [], gave_up, None, "plan abandoned"))

        created_s = iso(created)
        updated = created
        snapshot_steps = []
        for position, (s_status, moments, since, wait, note) in enumerate(layout, start=1):
            self.step_id += 1
            self.statuses["step " + s_status] += 1
            title = STEP_TITLES[position - 1]
            estimated = rng.choice((None, 1.0, 3.0, 7.0, 14.0))
            since_s = iso(since)
            step_updated = max([since, *moments])
            updated = max(updated, step_updated)
            self.steps.append(
                (
                    self.step_id,
                    plan_id,
                    position,
                    title,
                    None,
                    s_status,
                    created_s,
                    iso(step_updated),
                    estimated,
                    None,
                    since_s,
                    note,
                    wait,
                    None,
                )
            )
            snapshot_steps.append(
                {
                    "id": self.step_id,
                    "position": position,
                    "title": title,
                    "notes": None,
                    "status": s_status,
                    "status_note": note,
                    "status_since": since_s,
                    "estimated_days": estimated,
                    "expected_outcome": None,
                    "wait_until": wait,
                }
            )
            for moment in moments:
                self.attempt_id += 1
                self.attempts.append(
                    (
                        self.attempt_id,
                        self.step_id,
                        iso(moment),
                        rng.choice(OUTCOMES),
                        "asked for Jim" if rng.random() < 0.2 else None,
                    )
                )
        plan_title = f"{rng.choice(PLAN_TITLES)} #{plan_id}"
        updated_s = iso(updated)
        self.plans.append(
            (
                plan_id,
                user_id,
                plan_title,
                "Something that takes a few weeks.",
                status,
                created_s,
                updated_s,
                0,
            )
        )
        if rng.random() < 0.2:
            self.note_id += 1
            self.notes.append(
                (
                    self.note_id,
                    plan_id,
                    "finding",
                    "The office is only open on Tuesdays.",
                    updated_s,
                    None,
                )
            )
        snapshot = {
            "plan": {
                "title": plan_title,
                "description": "Something that takes a few weeks.",
                "status": status,
                "times_replanned": 0,
            },
            "steps": snapshot_steps,
            "last_attempt_id": self.attempt_id,
            "last_note_id": self.note_id,
        }
        self.revisions.append(
            (plan_id, plan_id, 1, "created", None, json.dumps(snapshot), created_s, None, None)
        )

    def _done_steps(self, count: int, start: datetime, end: datetime) -> list[tuple]:
        """``count`` finished steps with their attempts spread from start to end."""
        n = count * ATTEMPTS_PER_STEP
        if n == 0:
            return []
        span = (end - start) / (n + 1)
        moments = [start + span * (i + 1) for i in range(n)]
        return [
            ("done", moments[i * 3 : i * 3 + 3], moments[i * 3 + 2], None, None)
            for i in range(count)
        ]

    def flush(self, conn: sqlite3.Connection) -> None:
        conn.executemany(
            "INSERT INTO plans (id, user_id, title, description, status, created_at, updated_at,"
            " times_replanned) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            self.plans,
        )
        conn.executemany(
            "INSERT INTO plan_steps (id, plan_id, position, title, notes, status, created_at,"
            " updated_at, estimated_days, expected_outcome, status_since, status_note,"
            " wait_until, removed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            self.steps,
        )
        conn.executemany(
            "INSERT INTO plan_step_attempts (id, step_id, attempted_at, outcome, notes)"
            " VALUES (?, ?, ?, ?, ?)",
            self.attempts,
        )
        conn.executemany(
            "INSERT INTO plan_notes (id, plan_id, kind, text, created_at, removed_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            self.notes,
        )
        conn.executemany(
            "INSERT INTO plan_revisions (id, plan_id, revision, cause, origin, snapshot,"
            " created_at, undone_at, undoes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            self.revisions,
        )
        self.plans, self.steps, self.attempts = [], [], []
        self.notes, self.revisions = [], []


async def create_schema(path: Path) -> None:
    db = await Database.open(path)
    await db.close()


def fill(path: Path, users: int, rng: random.Random, now: datetime) -> dict:
    """Bulk insert in one transaction; returns timings and row counts."""
    conn = sqlite3.connect(path, isolation_level=None)
    # Only for the fill: a rollback journal instead of WAL (no 2x write of every
    # page), no fsync, a big cache.  WAL and the app's pragmas come back below.
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.execute("PRAGMA synchronous = OFF")
    conn.execute("PRAGMA cache_size = -262144")
    conn.execute("PRAGMA foreign_keys = ON")
    filler = Filler(rng, now)
    gen_ns = ins_ns = 0
    t0 = time.perf_counter_ns()
    conn.execute("BEGIN IMMEDIATE")
    for first in range(1, users + 1, 500):
        a = time.perf_counter_ns()
        for user_id in range(first, min(first + 500, users + 1)):
            filler.user(user_id)
        b = time.perf_counter_ns()
        filler.flush(conn)
        ins_ns += time.perf_counter_ns() - b
        gen_ns += b - a
    b = time.perf_counter_ns()
    conn.execute("COMMIT")
    conn.execute("PRAGMA journal_mode = WAL")
    ins_ns += time.perf_counter_ns() - b
    total_ns = time.perf_counter_ns() - t0
    counts = {
        t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
        for t in ("plans", "plan_steps", "plan_step_attempts", "plan_notes", "plan_revisions")
    }
    conn.close()
    return {
        "total": total_ns,
        "generate": gen_ns,
        "insert": ins_ns,
        "counts": counts,
        "statuses": filler.statuses,
        "steps_per_user": STEPS_PER_PLAN * PLANS_PER_USER,
    }


# -- measuring ------------------------------------------------------------------


class Tracer:
    def __init__(self) -> None:
        self.statements: list[str] = []

    def __call__(self, sql: str) -> None:
        self.statements.append(sql)

    def take(self) -> list[str]:
        taken, self.statements = self.statements, []
        return taken


def first_word(sql: str) -> str:
    sql = sql.strip()
    if sql.startswith("--"):
        return "trigger"
    word = sql.split(None, 1)[0].upper()
    return word + (" (json)" if "json_object" in sql[:80] else "")


def plain_connection(path: Path) -> sqlite3.Connection:
    """sqlite3 set up as drbot sets up its connections (same pragmas, Row)."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.row_factory = sqlite3.Row
    for pragma in PRAGMAS:
        conn.execute(pragma)
    return conn


def raw_add_attempt(
    conn: sqlite3.Connection, user_id: int, step_id: int, outcome: str, now: str
) -> int:
    """What PlanStore.add_attempt does, statement for statement, in plain sqlite3."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        step = conn.execute(
            "SELECT s.id, s.plan_id, s.position, s.status, s.status_since FROM plan_steps s"
            " JOIN plans p ON p.id = s.plan_id"
            " WHERE s.id = ? AND p.user_id = ? AND s.removed_at IS NULL",
            (step_id, user_id),
        ).fetchone()
        cur = conn.execute(
            "INSERT INTO plan_step_attempts (step_id, attempted_at, outcome, notes)"
            " VALUES (?, ?, ?, ?)",
            (step_id, now, outcome, None),
        )
        if step["status"] == "pending":
            conn.execute(
                "UPDATE plan_steps SET status = ?, status_note = ?, status_since = ? WHERE id = ?",
                ("in_progress", None, now, step_id),
            )
        conn.execute("UPDATE plan_steps SET updated_at = ? WHERE id = ?", (now, step_id))
        conn.execute("UPDATE plans SET updated_at = ? WHERE id = ?", (now, step["plan_id"]))
        [[snapshot]] = conn.execute(q.SNAPSHOT, {"plan_id": step["plan_id"]}).fetchall()
        conn.execute(
            "INSERT INTO plan_revisions (plan_id, revision, cause, origin, snapshot, created_at,"
            " undoes) SELECT ?, coalesce(max(revision), 0) + 1, ?, ?, ?, ?, ?"
            " FROM plan_revisions WHERE plan_id = ?",
            (
                step["plan_id"],
                f"attempt on step {step['position']}: {outcome}",
                None,
                snapshot,
                now,
                None,
                step["plan_id"],
            ),
        )
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return cur.lastrowid


def raw_insert_attempt(conn: sqlite3.Connection, step_id: int, outcome: str, now: str) -> int:
    """Only the attempt row, in its own transaction: the floor for any write."""
    conn.execute("BEGIN IMMEDIATE")
    cur = conn.execute(
        "INSERT INTO plan_step_attempts (step_id, attempted_at, outcome, notes)"
        " VALUES (?, ?, ?, ?)",
        (step_id, now, outcome, None),
    )
    conn.execute("COMMIT")
    return cur.lastrowid


async def interleaved(calls: int, make_args, fns, warmup: int = 100) -> list[list[int]]:
    """Time every fn(*args) on the same arguments, call by call, rotating which
    goes first so that a noisy neighbour hits them all alike.  A fn may be
    async (awaited) or plain.  Returns one list of nanoseconds per fn."""

    async def call(fn, args):
        result = fn(*args)
        if inspect.isawaitable(result):
            await result

    for i in range(warmup):
        for fn in fns:
            await call(fn, make_args(i))
    times = [[] for _ in fns]
    for i in range(calls):
        args = make_args(i)
        for k in range(len(fns)):
            j = (i + k) % len(fns)
            t = time.perf_counter_ns()
            await call(fns[j], args)
            times[j].append(time.perf_counter_ns() - t)
    return times


async def count_statements(store: PlanStore, tracer: Tracer, calls: int, make_args, call):
    """Statements per call over ``calls`` calls; also the kinds seen."""
    await store.db.trace(tracer)
    tracer.take()
    per_call, kinds = [], Counter()
    for i in range(calls):
        await call(*make_args(i))
        # aiosqlite runs the callback in its thread before the awaited call
        # returns, so everything this call ran has been recorded by now.
        taken = tracer.take()
        per_call.append(len(taken))
        kinds.update(first_word(s) for s in taken)
    await store.db.trace(None)
    return per_call, kinds


def per_call_text(per_call: list[int]) -> str:
    lo, hi = min(per_call), max(per_call)
    return str(lo) if lo == hi else f"{lo}–{hi}"


# -- main -----------------------------------------------------------------------


async def run(args) -> Figures:
    now = datetime.now(UTC)
    rng = random.Random(args.seed)
    print("drbot plan-memory benchmark (bench/store.py)")
    print(f"date      {now.strftime('%Y-%m-%d %H:%M:%S UTC')}")
    print(machine_line())
    print(python_line())
    print(f"sqlite    {sqlite3.sqlite_version} (aiosqlite {aiosqlite.__version__})")
    print(f"database  {args.db}")
    print()

    await create_schema(args.db)
    f = fill(args.db, args.users, rng, now)
    c = f["counts"]
    size = sum(p.stat().st_size for p in args.db.parent.glob(args.db.name + "*"))
    fill_lines = [
        f"fill      {args.users:,} users x {PLANS_PER_USER} plans x {STEPS_PER_PLAN} steps"
        f" (x {ATTEMPTS_PER_STEP} attempts per started step)",
        f"          {f['total'] / 1e9:.2f} s  (generating rows {f['generate'] / 1e9:.2f} s,"
        f" sqlite3 executemany + commit {f['insert'] / 1e9:.2f} s, one transaction)",
        f"          rows: {c['plans']:,} plans, {c['plan_steps']:,} steps,"
        f" {c['plan_step_attempts']:,} attempts, {c['plan_notes']:,} notes,"
        f" {c['plan_revisions']:,} revisions; file {size / 2**20:.0f} MiB",
        "          mix:  " + ", ".join(f"{k} {v:,}" for k, v in sorted(f["statuses"].items())),
    ]
    for fill_line in fill_lines:
        print(fill_line)
    print()

    store = await PlanStore.open(args.db)
    plain = plain_connection(args.db)
    tracer = Tracer()
    results = []  # rows of the summary table
    calls = args.calls

    users = [rng.randint(1, args.users) for _ in range(calls + 200)]
    plans = [(u - 1) * PLANS_PER_USER + rng.randint(1, PLANS_PER_USER) for u in users]

    # get_plan -------------------------------------------------------------------
    def plan_args(i):
        return users[i % len(users)], plans[i % len(plans)]

    def plain_get_plan(user_id, plan_id):
        return plain.execute(q.PLAN_JSON, {"plan_id": plan_id, "user_id": user_id}).fetchall()

    # Database.fetch_one on its own shows the cost of going through aiosqlite
    async def db_fetch(user_id, plan_id):
        return await store.db.fetch_one(q.PLAN_JSON, {"plan_id": plan_id, "user_id": user_id})

    ours, theirs, fetch_ns = await interleaved(
        calls, plan_args, [store.get_plan, plain_get_plan, db_fetch]
    )
    stmts, kinds = await count_statements(store, tracer, 200, plan_args, store.get_plan)
    results.append(("get_plan", ours, theirs, stmts, "fixed stmts; p50 ≤ 3× sqlite3"))

    # json.loads + shaping alone
    texts = [plain_get_plan(*plan_args(i))[0][0] for i in range(calls)]
    shape_ns = []
    for text in texts:
        t = time.perf_counter_ns()
        q.plan_from_json(text)
        shape_ns.append(time.perf_counter_ns() - t)

    # list_plans -----------------------------------------------------------------
    def user_args(i):
        return (users[i % len(users)],)

    def plain_list(user_id):
        return plain.execute(q.LIST_PLANS, {"user_id": user_id, "status": "active"}).fetchall()

    async def db_list(user_id):
        return await store.db.fetch_all(q.LIST_PLANS, {"user_id": user_id, "status": "active"})

    ours_l, theirs_l, list_fetch_ns = await interleaved(
        calls, user_args, [store.list_plans, plain_list, db_list]
    )
    stmts_l, _ = await count_statements(store, tracer, 200, user_args, store.list_plans)
    results.append(
        ("list_plans (active)", ours_l, theirs_l, stmts_l, "fixed stmts; p50 ≤ 3× sqlite3")
    )

    # stale scan, everyone -------------------------------------------------------
    stale_params = store._stale_params(7, now)
    reps = args.stale_reps
    ours_s, theirs_s, found = [], [], None
    await store.stale_steps_for_everyone(days=7, now=now)  # warm
    for _ in range(reps):
        t = time.perf_counter_ns()
        by_user = await store.stale_steps_for_everyone(days=7, now=now)
        ours_s.append(time.perf_counter_ns() - t)
        t = time.perf_counter_ns()
        rows = plain.execute(q.STALE_FOR_EVERYONE, stale_params).fetchall()
        theirs_s.append(time.perf_counter_ns() - t)
        found = (len(by_user), sum(len(v) for v in by_user.values()), len(rows))
    await store.db.trace(tracer)
    tracer.take()
    await store.stale_steps_for_everyone(days=7, now=now)
    stmts_s = [len(tracer.take())]
    await store.db.trace(None)
    results.append((f"stale scan, everyone ({reps} runs)", ours_s, theirs_s, stmts_s, "< 1 s"))

    # where the stale scan's time goes: the SQL alone (no rows to Python), the
    # same without its ORDER BY, and turning the rows into dicts grouped by user
    def best_ms(sql):
        runs = []
        for _ in range(3):
            t = time.perf_counter_ns()
            plain.execute(sql, stale_params).fetchall()
            runs.append(time.perf_counter_ns() - t)
        return min(runs) / 1e6

    stale_sql_ms = best_ms(f"SELECT count(*) FROM ({q.STALE_FOR_EVERYONE})")
    unordered = q.STALE_FOR_EVERYONE[: q.STALE_FOR_EVERYONE.rindex("ORDER BY")]
    stale_unordered_ms = best_ms(f"SELECT count(*) FROM ({unordered})")
    t = time.perf_counter_ns()
    grouped: dict = {}
    for row in rows:
        grouped.setdefault(row["user_id"], []).append(dict(row))
    stale_shape_ms = (time.perf_counter_ns() - t) / 1e6
    plan_lines = [
        f"{r[0]:>3} {r[1]:>3}  {r[3]}"
        for r in plain.execute("EXPLAIN QUERY PLAN " + q.STALE_FOR_EVERYONE, stale_params)
    ]

    # fixed number of statements: 2 steps vs 40 steps ------------------------------
    probe_user = args.users + 1
    sizes = {}
    for n in (2, 40):
        plan_id = await store.create_plan(
            probe_user, f"probe with {n} steps", steps=[f"step {i}" for i in range(1, n + 1)]
        )
        got = await store.get_plan(probe_user, plan_id)
        for step in got["steps"]:
            for k in range(ATTEMPTS_PER_STEP):
                await store.add_attempt(probe_user, step["id"], f"try {k}")
        per_call, _ = await count_statements(
            store, tracer, 20, lambda i, plan_id=plan_id: (probe_user, plan_id), store.get_plan
        )
        times = []
        for _ in range(200):
            t = time.perf_counter_ns()
            await store.get_plan(probe_user, plan_id)
            times.append(time.perf_counter_ns() - t)
        sizes[n] = (per_call_text(per_call), pct_ms(times, 50))

    # add_attempt (writes go into this database; run last) ---------------------
    write_calls = min(calls, args.write_calls)
    step_picks = []
    for i in range(write_calls + 100):
        u = users[i % len(users)]
        p = (u - 1) * PLANS_PER_USER + rng.randint(1, PLANS_PER_USER)
        step_picks.append((u, (p - 1) * STEPS_PER_PLAN + rng.randint(1, STEPS_PER_PLAN)))

    def step_args(i):
        return (*step_picks[i], "no answer")

    def plain_add_attempt(user_id, step_id, outcome):
        return raw_add_attempt(plain, user_id, step_id, outcome, iso(datetime.now(UTC)))

    def plain_insert_only(user_id, step_id, outcome):
        return raw_insert_attempt(plain, step_id, outcome, iso(datetime.now(UTC)))

    ours_w, theirs_w, theirs_i = await interleaved(
        write_calls, step_args, [store.add_attempt, plain_add_attempt, plain_insert_only], warmup=50
    )
    # counted on steps not written to above, so pending steps still show the
    # extra UPDATE that moves them to in_progress
    stmts_w, kinds_w = await count_statements(
        store, tracer, 100, lambda i: step_args(write_calls + i), store.add_attempt
    )
    results.append(("add_attempt", ours_w, theirs_w, stmts_w, "none set (same txn in sqlite3)"))

    await store.close()
    plain.close()

    # report ---------------------------------------------------------------------
    print(
        f"sample    {calls:,} calls per read, {write_calls:,} add_attempt calls, random users;"
        " drbot and sqlite3 calls interleaved on the same arguments, order rotating"
    )
    print(
        "          (latency is measured with tracing off; statements are counted in a"
        " separate traced pass and include every statement either drbot connection runs:"
        " PRAGMA/BEGIN/COMMIT too)"
    )
    print()
    head = (
        "operation",
        "drbot p50",
        "drbot p95",
        "sqlite3 p50",
        "sqlite3 p95",
        "ratio p50",
        "statements/call",
        "target",
        "verdict",
    )
    rows = []
    figures = Figures()
    for name, ours_, theirs_, stmts_, target in results:
        o50, o95, t50, t95 = (
            pct_ms(ours_, 50),
            pct_ms(ours_, 95),
            pct_ms(theirs_, 50),
            pct_ms(theirs_, 95),
        )
        ratio = o50 / t50
        if target.startswith("fixed"):
            verdict = "met" if ratio <= 3 else "MISSED"
            verdict += "" if len(set(stmts_)) == 1 else " / stmts vary!"
        elif target == "< 1 s":
            verdict = "met" if o95 < 1000 else "MISSED"
        else:
            verdict = "—"
        rows.append(
            (
                name,
                f"{o50:.3f} ms",
                f"{o95:.3f} ms",
                f"{t50:.3f} ms",
                f"{t95:.3f} ms",
                f"{ratio:.2f}×",
                per_call_text(stmts_),
                target,
                verdict,
            )
        )
        figures.row(
            f"{name} (p50 / p95; statements per call: {per_call_text(stmts_)})",
            f"{o50:.3f} ms / {o95:.3f} ms",
            f"plain sqlite3: {t50:.3f} ms / {t95:.3f} ms",
            f"{ratio:.2f}×",
            target,
            verdict,
        )
    figures.row(
        "get_plan statements, 40-step plan",
        f"{sizes[40][0]} (p50 {sizes[40][1]:.3f} ms)",
        f"2-step plan: {sizes[2][0]} (p50 {sizes[2][1]:.3f} ms)",
        "—",
        "same count",
        "met" if sizes[2][0] == sizes[40][0] else "MISSED",
    )
    figures.note("Data: " + " ".join(line.strip() for line in fill_lines))
    widths = [max(len(str(r[i])) for r in (head, *rows)) for i in range(len(head))]

    def line(r: tuple) -> str:
        return " | ".join(str(v).ljust(w) for v, w in zip(r, widths)).rstrip()

    print(line(head))
    print("-+-".join("-" * w for w in widths))
    for r in rows:
        print(line(r))
    print()
    print("notes")
    print(f"  get_plan statements by kind (200 calls): {dict(kinds)}")
    print(f"  add_attempt statements by kind (100 calls): {dict(kinds_w)}")
    print(
        "  add_attempt baseline = the same BEGIN IMMEDIATE, owner check, INSERT, UPDATEs,"
        " SNAPSHOT and revision INSERT, COMMIT in plain sqlite3;"
    )
    print(
        f"    the INSERT of the attempt alone in its own transaction: p50"
        f" {pct_ms(theirs_i, 50):.3f} ms, p95 {pct_ms(theirs_i, 95):.3f} ms"
        " (both with synchronous=FULL, as drbot)"
    )
    print(
        f"  stale scan found {found[0]:,} users with {found[1]:,} stale steps"
        f" (sqlite3: {found[2]:,} rows); each run in ms: drbot"
        f" {', '.join(f'{x / 1e6:.0f}' for x in ours_s)}; sqlite3"
        f" {', '.join(f'{x / 1e6:.0f}' for x in theirs_s)}"
    )
    print(
        "  get_plan with a fixed number of statements:"
        f" 2 steps x {ATTEMPTS_PER_STEP} attempts -> {sizes[2][0]} statement(s),"
        f" p50 {sizes[2][1]:.3f} ms; 40 steps x {ATTEMPTS_PER_STEP} attempts ->"
        f" {sizes[40][0]} statement(s), p50 {sizes[40][1]:.3f} ms"
    )
    print(
        "  where get_plan's time goes (p50): sqlite3 statement"
        f" {pct_ms(theirs, 50):.3f} ms; same statement via aiosqlite (Database.fetch_one)"
        f" {pct_ms(fetch_ns, 50):.3f} ms; json.loads + shaping {pct_ms(shape_ns, 50):.3f} ms;"
        f" PlanStore.get_plan {pct_ms(ours, 50):.3f} ms"
    )
    print(
        "  where list_plans' time goes (p50): sqlite3 statement"
        f" {pct_ms(theirs_l, 50):.3f} ms; via aiosqlite (Database.fetch_all)"
        f" {pct_ms(list_fetch_ns, 50):.3f} ms; PlanStore.list_plans {pct_ms(ours_l, 50):.3f} ms"
    )
    print(
        f"  where the stale scan's time goes: the SQL alone (count(*) over it) {stale_sql_ms:.0f} ms,"
        f" {stale_unordered_ms:.0f} ms without its ORDER BY; rows to Python (sqlite3 fetchall)"
        f" the rest of {pct_ms(theirs_s, 50):.0f} ms; drbot's dict(row) + grouping by user"
        f" {stale_shape_ms:.0f} ms (on the event loop)"
    )
    print("  EXPLAIN QUERY PLAN of STALE_FOR_EVERYONE:")
    for pl in plan_lines:
        print("    " + pl)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    new_database_options(parser)
    parser.add_argument("--calls", type=int, default=2_000, help="calls per read operation")
    parser.add_argument(
        "--write-calls", type=int, default=2_000, help="add_attempt calls (at most --calls)"
    )
    parser.add_argument("--stale-reps", type=int, default=5)
    json_option(parser)
    args = parser.parse_args()
    with new_database(parser, args, prefix="drbot-bench-"):
        asyncio.run(run(args)).write(args.json)


if __name__ == "__main__":
    sys.exit(main())
