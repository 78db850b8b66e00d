"""Benchmark of the morning briefing at scale.

    python -m bench.briefing [--users N] [--db PATH] [--keep] [--seed N]

Fills a database exactly as bench/store.py does (--users people x 5 plans x 8
steps, 3 attempts on every started step; its ``fill``), gives 30% of the
people a time zone of their own and gives some of the steps that would be
surfaced a run of earlier briefings (so that some lines become the "re-plan,
snooze or drop?" question), then builds every person's briefing preview with
drbot.scheduler.briefing.build_briefing(..., record=False) — selecting the
steps and rendering the HTML text, the plain text and the buttons — one
person after another, as the briefing job does.

It prints the total time, per-person p50/p95, the SQL statements run (counted
with Database.trace) in total and per person, the statements per person for
plans of 2 steps and of 40 steps (the count must not depend on the number of
steps), and the alternative of one stale scan over everyone
(PlanStore.stale_steps_for_everyone).  It is not a test and asserts nothing.

Targets: all briefings selected and rendered in under 5 s; statements per
person independent of the number of steps.
"""

from __future__ import annotations

import argparse
import asyncio
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
    ratio,
)
from bench.store import (
    ATTEMPTS_PER_STEP,
    PLANS_PER_USER,
    STEPS_PER_PLAN,
    Tracer,
    create_schema,
    fill,
    first_word,
)
from drbot.config import BriefingSettings
from drbot.memory import plan_queries as q
from drbot.memory.briefings import BriefingLog
from drbot.memory.clock import iso
from drbot.memory.plans import PlanStore
from drbot.memory.user_settings import UserSettings, usable_zone
from drbot.scheduler import briefing as briefing_module
from drbot.scheduler.briefing import MAX_ITEMS, build_briefing, build_briefings, local_day

TARGET_S = 5.0
ZONES = [
    "Europe/London",
    "Europe/Berlin",
    "America/New_York",
    "America/Los_Angeles",
    "Asia/Tokyo",
    "Australia/Sydney",
    "Asia/Kolkata",
    "America/Sao_Paulo",
]


def spread(values: list[int]) -> str:
    lo, hi = min(values), max(values)
    return str(lo) if lo == hi else f"{lo}–{hi}"


class HeldStore:
    """Stands in for the store, the settings and the log with one person's
    read results held in memory: build_briefing then runs no SQL at all."""

    def __init__(self, got: dict) -> None:
        self.got = got
        self.db = self  # build_briefing reads the muted plans through store.db

    async def fetch_all(self, sql, params=()):
        # The reads left: muted plans and today's reminders (none of either here).
        assert "plan_mutes" in sql or "wait_at_time = 1" in sql, sql
        return []

    async def dated_steps(self, user_ids, latest_day):
        return {}  # no step has a due date here

    async def zone(self, user_id):
        return self.got["zone"]

    async def due_steps(self, user_id, now=None):
        return self.got["due"]

    async def stuck_steps(self, user_id, multiplier=2.0, now=None):
        return self.got["stuck"]

    async def stale_steps(self, user_id, days=7, now=None):
        return self.got["stale"]

    async def preview_surfaced(self, user_id, steps, local_date):
        return self.got.get("surfaced") or {step_id: 1 for step_id, _ in steps}


def add_settings_and_runs(path: Path, users: int, rng: random.Random, now: datetime) -> dict:
    """Time zones for 30% of the people; earlier briefing runs for a third of
    the steps the stale scan finds (times 1–3, same activity: some escalate)."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.row_factory = sqlite3.Row
    conn.execute("BEGIN IMMEDIATE")
    settings = [
        (u, rng.choice(ZONES), None, iso(now)) for u in range(1, users + 1) if rng.random() < 0.3
    ]
    conn.executemany(
        "INSERT INTO user_settings (user_id, timezone, briefing_time, updated_at)"
        " VALUES (?, ?, ?, ?)",
        settings,
    )
    stale = conn.execute(
        q.STALE_FOR_EVERYONE, {"now": iso(now), "cutoff": iso(now - timedelta(days=7))}
    ).fetchall()
    yesterday = (now - timedelta(days=1)).date().isoformat()
    runs = []
    for row in stale:
        if rng.random() < 1 / 3:
            item = dict(row)
            activity = item["last_activity"]  # what the briefing counts a run from
            runs.append((item["step_id"], row["user_id"], rng.randint(1, 3), yesterday, activity))
    conn.executemany(
        "INSERT INTO surfacings (step_id, user_id, times, last_local_date,"
        " activity_at) VALUES (?, ?, ?, ?, ?)",
        runs,
    )
    conn.execute("COMMIT")
    conn.close()
    return {"zones": len(settings), "runs": len(runs)}


async def probe_statements(
    store: PlanStore,
    log: BriefingLog,
    users: UserSettings,
    settings: BriefingSettings,
    tracer: Tracer,
    user_id: int,
    steps: int,
    now: datetime,
) -> tuple[int, int, float]:
    """A person with 5 plans of ``steps`` steps, every step started (3 attempts,
    1-day estimate), briefed 30 days later: (statements, items, p50 ms)."""
    for p in range(PLANS_PER_USER):
        plan_id = await store.create_plan(
            user_id,
            f"probe {steps} steps #{p}",
            steps=[{"title": f"step {i}", "estimated_days": 1} for i in range(1, steps + 1)],
        )
        plan = await store.get_plan(user_id, plan_id)
        for step in plan["steps"]:
            for k in range(ATTEMPTS_PER_STEP):
                await store.add_attempt(user_id, step["id"], f"try {k}")
    later = now + timedelta(days=30)
    await store.db.trace(tracer)
    tracer.take()
    b = await build_briefing(store, log, users, settings, user_id, later, record=False)
    count = len(tracer.take())
    await store.db.trace(None)
    times = []
    for _ in range(50):
        t = time.perf_counter_ns()
        await build_briefing(store, log, users, settings, user_id, later, record=False)
        times.append(time.perf_counter_ns() - t)
    return count, len(b.items) if b else 0, pct_ms(times, 50)


async def run(args) -> Figures:
    now = datetime.now(UTC)
    rng = random.Random(args.seed)
    print("drbot briefing benchmark (bench/briefing.py)")
    print(f"date      {now.strftime('%Y-%m-%d %H:%M:%S UTC')}")
    print(machine_line())
    print(python_line())
    print(f"sqlite    {sqlite3.sqlite_version} (aiosqlite {aiosqlite.__version__})")
    print(f"database  {args.db}")
    print()

    await create_schema(args.db)
    f = fill(args.db, args.users, rng, now)
    extra = add_settings_and_runs(args.db, args.users, rng, now)
    c = f["counts"]
    print(
        f"fill      {args.users:,} people x {PLANS_PER_USER} plans x {STEPS_PER_PLAN} steps"
        f" (bench/store.py's fill) in {f['total'] / 1e9:.2f} s: {c['plans']:,} plans,"
        f" {c['plan_steps']:,} steps, {c['plan_step_attempts']:,} attempts;"
    )
    print(
        f"          {extra['zones']:,} people with their own time zone,"
        f" {extra['runs']:,} steps with earlier briefing runs (1-3)"
    )
    print()

    store = await PlanStore.open(args.db)
    users = UserSettings(store.db)
    log = BriefingLog(store.db)
    settings = BriefingSettings()
    tracer = Tracer()
    people = list(range(1, args.users + 1))

    # warm the page cache and the statement cache (untimed)
    for user_id in people[:200]:
        await build_briefing(store, log, users, settings, user_id, now, record=False)

    # everyone, one after another (timed, no tracing) ------------------------------
    per_person: list[int] = []
    kinds = Counter()
    items = lines_chars = with_briefing = escalations = truncated = 0
    t0 = time.perf_counter_ns()
    for user_id in people:
        t = time.perf_counter_ns()
        b = await build_briefing(store, log, users, settings, user_id, now, record=False)
        per_person.append(time.perf_counter_ns() - t)
        if b is not None:
            with_briefing += 1
            items += len(b.items)
            lines_chars += len(b.text)
            escalations += sum(i.kind == "escalation" for i in b.items)
            kinds.update(i.kind for i in b.items)
            truncated += "more: /plans" in b.plain
    total_s = (time.perf_counter_ns() - t0) / 1e9

    # the same again, traced, to count statements -----------------------------------
    await store.db.trace(tracer)
    tracer.take()
    stmts_per_person, stmt_kinds = [], Counter()
    stmts_by_outcome: dict[str, set[int]] = {"something to say": set(), "nothing": set()}
    t0 = time.perf_counter_ns()
    for user_id in people:
        b = await build_briefing(store, log, users, settings, user_id, now, record=False)
        taken = tracer.take()
        stmts_per_person.append(len(taken))
        stmts_by_outcome["nothing" if b is None else "something to say"].add(len(taken))
        stmt_kinds.update(first_word(s) for s in taken)
    traced_s = (time.perf_counter_ns() - t0) / 1e9
    await store.db.trace(None)

    # where a person's time goes: each of build_briefing's reads alone, then the
    # same briefings rendered from those results held in memory (no SQL at all) ------
    parts: dict[str, list[int]] = {
        k: []
        for k in (
            "users.zone",
            "due_steps",
            "stuck_steps",
            "stale_steps",
            "preview_surfaced",
            "SELECT 1 via aiosqlite",
        )
    }
    held: dict[int, dict] = {}

    async def timed(name, awaitable):
        t = time.perf_counter_ns()
        result = await awaitable
        parts[name].append(time.perf_counter_ns() - t)
        return result

    for user_id in people:
        got = {
            "zone": await timed("users.zone", users.zone(user_id)),
            "due": await timed("due_steps", store.due_steps(user_id, now)),
            "stuck": await timed(
                "stuck_steps", store.stuck_steps(user_id, settings.stuck_multiplier, now)
            ),
            "stale": await timed(
                "stale_steps", store.stale_steps(user_id, days=settings.stale_days, now=now)
            ),
        }
        found = await briefing_module.needing_attention(
            HeldStore(got), user_id, settings, now, usable_zone(got["zone"])
        )
        got["surfaced"] = await timed(
            "preview_surfaced",
            log.preview_surfaced(
                user_id,
                [
                    (item[1]["step_id"], briefing_module.step_last_activity(item))
                    for item in found[:MAX_ITEMS]
                ],
                local_day(now, got["zone"]).isoformat(),
            ),
        )
        await timed("SELECT 1 via aiosqlite", store.db.fetch_one("SELECT 1"))
        held[user_id] = got
    render_ns = []
    t0 = time.perf_counter_ns()
    for user_id in people:
        h = HeldStore(held[user_id])
        t = time.perf_counter_ns()
        await build_briefing(h, h, h, settings, user_id, now, record=False)
        render_ns.append(time.perf_counter_ns() - t)
    render_s = (time.perf_counter_ns() - t0) / 1e9

    # concurrency: 8 people at a time (one reader connection, so mostly pipelining)
    t0 = time.perf_counter_ns()
    sem = asyncio.Semaphore(8)

    async def one(user_id):
        async with sem:
            await build_briefing(store, log, users, settings, user_id, now, record=False)

    await asyncio.gather(*(one(u) for u in people))
    gathered_s = (time.perf_counter_ns() - t0) / 1e9

    # everyone at once, as the job does it (build_briefings) ---------------------------
    bulk_runs = []
    for _ in range(3):
        t = time.perf_counter_ns()
        bulk = await build_briefings(store, log, users, settings, people, now)
        bulk_runs.append(time.perf_counter_ns() - t)
    await store.db.trace(tracer)
    tracer.take()
    await build_briefings(store, log, users, settings, people, now)
    bulk_stmts = len(tracer.take())
    await build_briefings(store, log, users, settings, people[:3], now)  # a quiet minute
    few_stmts = len(tracer.take())
    await store.db.trace(None)
    bulk_s = pct_ms(bulk_runs, 50) / 1e3
    bulk_same = len(bulk) == with_briefing

    # one stale scan for everyone -----------------------------------------------------
    scan_runs = []
    for _ in range(3):
        t = time.perf_counter_ns()
        by_user = await store.stale_steps_for_everyone(days=settings.stale_days, now=now)
        scan_runs.append(time.perf_counter_ns() - t)
    await store.db.trace(tracer)
    tracer.take()
    await store.stale_steps_for_everyone(days=settings.stale_days, now=now)
    scan_stmts = len(tracer.take())
    await store.db.trace(None)
    scan_people = len(by_user)
    scan_steps = sum(len(v) for v in by_user.values())

    # statements per person: 2-step vs 40-step plans --------------------------------
    probes = {}
    for n, uid in ((2, args.users + 1), (40, args.users + 2)):
        probes[n] = await probe_statements(store, log, users, settings, tracer, uid, n, now)
    await store.close()

    # report -----------------------------------------------------------------------
    total_stmts = sum(stmts_per_person)
    n = len(people)
    print(
        f"built     {n:,} briefing previews (build_briefing, record=False), one person after"
        " another: select + render (HTML, plain text, buttons)"
    )
    print(
        f"          {with_briefing:,} people have something to say, {n - with_briefing:,}"
        f" nothing; {items:,} lines ({dict(kinds)}),"
        f" {truncated:,} cut at {MAX_ITEMS} items; {lines_chars / max(1, with_briefing):.0f}"
        " HTML characters per briefing on average"
    )
    print()
    head = ("measure", "value", "target", "verdict")
    rows = [
        (
            "all briefings at once (build_briefings, the job's path), p50 of 3",
            f"{bulk_s:.2f} s",
            f"< {TARGET_S:g} s",
            "met" if bulk_s < TARGET_S else "MISSED",
        ),
        (
            "  statements for all of them",
            f"{bulk_stmts} (3 people: {few_stmts})",
            "independent of people and steps",
            "met" if bulk_stmts == few_stmts else "MISSED",
        ),
        (
            "  same briefings as one by one",
            f"{len(bulk):,} of {with_briefing:,}",
            "all",
            "met" if bulk_same else "MISSED",
        ),
        ("one person after another (build_briefing), total", f"{total_s:.2f} s", "—", "—"),
        ("per person p50", f"{pct_ms(per_person, 50):.3f} ms", "—", "—"),
        ("per person p95", f"{pct_ms(per_person, 95):.3f} ms", "—", "—"),
        ("per person max", f"{max(per_person) / 1e6:.3f} ms", "—", "—"),
        ("statements total", f"{total_stmts:,}", "—", "—"),
        (
            "statements per person",
            spread(stmts_per_person)
            + " ("
            + ", ".join(f"{k}: {spread(sorted(v))}" for k, v in stmts_by_outcome.items() if v)
            + ")",
            "fixed",
            "met" if all(len(v) <= 1 for v in stmts_by_outcome.values()) else "varies",
        ),
        (
            "statements, 5 plans x 2 steps",
            f"{probes[2][0]} ({probes[2][1]} items, p50 {probes[2][2]:.3f} ms)",
            "same as 40 steps",
            "—",
        ),
        (
            "statements, 5 plans x 40 steps",
            f"{probes[40][0]} ({probes[40][1]} items, p50 {probes[40][2]:.3f} ms)",
            "same as 2 steps",
            "met" if probes[2][0] == probes[40][0] else "MISSED",
        ),
        ("stale scan, everyone (one statement)", f"{pct_ms(scan_runs, 50):.0f} ms", "—", "—"),
    ]
    widths = [max(len(str(r[i])) for r in (head, *rows)) for i in range(len(head))]

    def line(r):
        return " | ".join(str(v).ljust(w) for v, w in zip(r, widths)).rstrip()

    print(line(head))
    print("-+-".join("-" * w for w in widths))
    for r in rows:
        print(line(r))
    print()
    print("notes")
    print(f"  statements by kind over all {n:,} people: {dict(stmt_kinds)}")
    print(f"  the traced pass took {traced_s:.2f} s (tracing adds a little to every statement)")
    reads_sum = sum(sum(v) for k, v in parts.items() if not k.startswith("SELECT 1")) / 1e9
    print(f"  where the time goes (each of the five reads timed alone, all {n:,} people):")
    for k, v in parts.items():
        print(
            f"    {k:<24} p50 {pct_ms(v, 50):.3f} ms, p95 {pct_ms(v, 95):.3f} ms,"
            f" total {sum(v) / 1e9:.2f} s"
        )
    print(
        f"    the five reads together: {reads_sum:.2f} s; of that, the bare aiosqlite round"
        f" trip (SELECT 1 x 5) is ~{5 * sum(parts['SELECT 1 via aiosqlite']) / 1e9:.2f} s"
    )
    print(
        f"    choosing + wording + rendering alone (the reads' results held in memory, no"
        f" SQL): {render_s:.2f} s, p50 {pct_ms(render_ns, 50):.3f} ms per person"
        " (most of it building python-telegram-bot InlineKeyboardButton objects:"
        " 4 per line)"
    )
    print(
        f"  8 people at a time (asyncio.gather, one reader connection): {gathered_s:.2f} s"
        f" for all {n:,}"
    )
    print(
        f"  one stale scan for everyone: {scan_stmts} statement(s), runs"
        f" {', '.join(f'{x / 1e6:.0f}' for x in scan_runs)} ms; {scan_people:,} people with"
        f" {scan_steps:,} stale steps (due and stuck steps are separate per-person reads"
        " in build_briefing)"
    )
    print(
        f"  probes: 5 plans of N steps, every step started with {ATTEMPTS_PER_STEP} attempts"
        " and a 1-day estimate, briefed 30 days later (every step stale and stuck; the"
        f" briefing shows at most {MAX_ITEMS})"
    )
    print()
    figures = Figures()
    figures.row(
        f"select + render {n:,} briefings at once (build_briefings, the job's path)",
        rows[0][1],
        f"one person after another: {rows[3][1]}",
        ratio(bulk_s, total_s),
        rows[0][2],
        rows[0][3],
    )
    figures.row("statements for all of them", rows[1][1], target=rows[1][2], verdict=rows[1][3])
    figures.row(
        f"select + render {n:,} briefings one by one (build_briefing, record=False)",
        rows[3][1],
        f"rendering alone, reads held in memory: {render_s:.2f} s",
        ratio(total_s, render_s),
    )
    figures.row(
        "per person p50 / p95",
        f"{rows[4][1]} / {rows[5][1]}",
        f"rendering alone p50: {pct_ms(render_ns, 50):.3f} ms",
        ratio(pct_ms(per_person, 50), pct_ms(render_ns, 50)),
    )
    figures.row(
        "the five per-person reads, all people",
        f"{reads_sum:.2f} s",
        f"one stale scan for everyone: {rows[11][1]}",
    )
    figures.row("statements per person", rows[8][1], target=rows[8][2], verdict=rows[8][3])
    figures.row("statements total", rows[7][1])
    figures.row(
        "statements per person, 5 plans × 40 steps",
        rows[10][1],
        f"5 plans × 2 steps: {rows[9][1]}",
        target="independent of steps",
        verdict=rows[10][3],
    )
    scan_s = pct_ms(scan_runs, 50) / 1e3
    trips_s = 5 * sum(parts["SELECT 1 via aiosqlite"]) / 1e9
    verdict = "met" if bulk_s < TARGET_S else "MISSED"
    print(
        f"target    all {n:,} briefings selected and rendered in < {TARGET_S:g} s:"
        f" {bulk_s:.2f} s at once ({bulk_stmts} statements), {total_s:.2f} s one by one"
        f" — {verdict}"
    )
    if bulk_s >= TARGET_S:
        share = reads_sum / (reads_sum + render_s)
        where = (
            f"the five per-person reads {reads_sum:.2f} s (the bare aiosqlite round trips"
            f" alone ~{trips_s:.2f} s), choosing + wording + rendering {render_s:.2f} s;"
            f" about {share:.0%} reads, {1 - share:.0%} Python"
        )
        fixes = [
            "1. read for everyone due in this minute at once: stale_steps_for_everyone"
            f" already does the stale part in one statement ({scan_s * 1e3:.0f} ms here);"
            " the same for due and stuck steps, time zones and surfacings over a json_each"
            " list of user ids (as BriefingLog.settled does) makes it 5 statements per run"
            " instead of 5 per person",
            "2. build the InlineKeyboardButton objects only for a briefing that is"
            " sent (a preview needs the text only), or keep the rows as (text, data) pairs"
            f" until delivery: most of the {render_s:.2f} s of rendering",
            "3. send_briefing builds each briefing twice (a preview before the claim,"
            " then record=True): reuse the first one's rows and only recount the"
            " surfacings, halving the job's per-person cost",
            "4. or, per person, one UNION ALL statement for due/stuck/stale joined"
            " with the zone and surfacings: 1 round trip instead of 5",
        ]
        estimate = (
            f"estimate with 1 + 2: ~{3 * scan_s:.1f} s of set-based reads"
            f" (3 x the stale scan, generous) + rendering without buttons"
            f" ~{0.4 * render_s:.1f} s = ~{3 * scan_s + 0.4 * render_s:.1f} s"
        )
        print(f"          where it goes (each part timed in its own pass): {where}")
        print("          fixes (drbot/ not changed by this benchmark):")
        for fix in fixes:
            print("          " + fix)
        print("          " + estimate)
        figures.note("Where the time goes: " + where)
        figures.note("Fixes suggested by the benchmark: " + " ".join(fixes))
        figures.note(estimate[:1].upper() + estimate[1:])
    print(
        f"          context: sending {n:,} briefings at Telegram's ~30 messages/s takes"
        f" ~{n / 30:.0f} s; the job builds each briefing between sends"
    )
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    new_database_options(parser)
    json_option(parser)
    args = parser.parse_args()
    with new_database(parser, args, prefix="drbot-bench-briefing-"):
        asyncio.run(run(args)).write(args.json)


if __name__ == "__main__":
    sys.exit(main())
