"""Finding due reminders at scale: 100,000 scheduled, one query a tick.

    python -m bench.reminders_scale [--users N] [--scheduled N] [--fired N] [--db PATH]
                                    [--runs N] [--seed N] [--own N] [--own-due N]

Fills a database as bench/store.py does (people x 40 steps), then turns
--scheduled open steps into reminders at a time of day spread over the next
30 days, and --fired more into reminders whose moment fell in the last day
and nobody acted on (they stand until acted on or a day old, so every tick
finds them again).  Then times ``scheduler.step_reminders.due_reminders`` — what
the tick calls every minute — at one moment, median and worst over --runs
runs: first with none of them sent (the first tick after a day's downtime),
then with them in the send log as the tick leaves them (every later tick:
claimed reminders are not built again).

Then the people's own reminders (``memory.personal_reminders``): --own of them
(a third repeating: daily, weekly, monthly) spread over the next 30 days, and
the whole tick run on them alone (``scheduler.tick.tick`` with their producer)
at a quiet minute (nothing due), and at a busy one: --own-due occurrences due
at once (100,000 over 30 days is about 2 a minute), each claimed, its reminder
moved on (a repeat's rule computed in the person's zone) and "sent" to a send
that does nothing, timed per tick.

Target: under 50 ms per tick with 100,000 scheduled.  It asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import random
import sqlite3
import statistics
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bench.common import (
    Figures,
    json_option,
    reused_database,
    reused_database_options,
    timed_runs,
    verdict,
)
from bench.store import create_schema, fill
from drbot.config import Settings
from drbot.memory.briefings import BriefingLog
from drbot.memory.clock import iso
from drbot.memory.plans import PlanStore
from drbot.memory.recurrence import Repeat, next_after, rule_text
from drbot.memory.user_settings import UserSettings
from drbot.scheduler.personal_reminders import due_personal
from drbot.scheduler.step_reminders import TickEnv, due_reminders
from drbot.scheduler.tick import tick

NOW = datetime(2026, 11, 24, 9, 0, tzinfo=UTC)
TARGET_MS = 50


def schedule(path: Path, scheduled: int, fired: int, rng: random.Random) -> None:
    """Reminders on open steps: ``scheduled`` ahead, ``fired`` in the last day."""
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE plan_steps SET wait_until = NULL, wait_at_time = 0")
        conn.execute("DELETE FROM proactive_sends")  # a reused file: nothing sent yet
        open_steps = [
            row[0]
            for row in conn.execute(
                "SELECT id FROM plan_steps WHERE status IN ('pending', 'in_progress')"
                " AND status_since < ?",
                (iso(NOW - timedelta(days=1)),),
            )
        ]
        chosen = rng.sample(open_steps, min(len(open_steps), scheduled + fired))
        ahead = [
            (iso(NOW + timedelta(minutes=rng.randrange(1, 30 * 24 * 60))), step)
            for step in chosen[:scheduled]
        ]
        past = [
            (iso(NOW - timedelta(minutes=rng.randrange(0, 24 * 60))), step)
            for step in chosen[scheduled:]
        ]
        conn.executemany(
            "UPDATE plan_steps SET wait_until = ?, wait_at_time = 1 WHERE id = ?", ahead + past
        )
        conn.execute("ANALYZE")


ZONES = ("Europe/Berlin", "America/New_York", "Asia/Tokyo", "UTC")
REPEATS = (Repeat("daily"), Repeat("weekly", weekdays=(0,)), Repeat("monthly", monthday=1))


def own_reminders(
    path: Path, people: tuple[int, ...], total: int, due: int, rng: random.Random
) -> None:
    """``total`` reminders of people's own, a third repeating, over the next 30
    days; ``due`` more falling due at NOW (a third repeating)."""
    from zoneinfo import ZoneInfo

    with sqlite3.connect(path) as conn:
        conn.execute("DELETE FROM personal_reminders")
        conn.execute("DELETE FROM proactive_sends WHERE kind = 'personal_reminder'")
        conn.executemany(
            "INSERT INTO user_settings (user_id, timezone, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET timezone = excluded.timezone",
            [(user, ZONES[user % len(ZONES)], iso(NOW)) for user in people],
        )
        rules = {}
        for zone in ZONES:
            for n, repeat in enumerate(REPEATS):
                rule = rule_text(repeat, NOW.date(), datetime.min.time().replace(hour=9))
                rules[(zone, n)] = (rule, next_after(rule, ZoneInfo(zone), NOW))
        rows = []
        for i in range(total + due):
            user = rng.choice(people)
            zone = ZONES[user % len(ZONES)]
            moment = NOW if i >= total else NOW + timedelta(minutes=rng.randrange(1, 30 * 1440))
            rule = words = None
            if i % 3 == 0:
                rule, first = rules[(zone, i % len(REPEATS))]
                words = "every so often"
                moment = NOW if i >= total else first
            rows.append((user, f"Reminder {i}", rule, words, iso(moment), iso(NOW), iso(NOW)))
        conn.executemany(
            "INSERT INTO personal_reminders (user_id, text, rule, repeat_words, next_at, status,"
            " created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'active', ?, ?)",
            rows,
        )
        conn.execute("ANALYZE")


def timed_row(figures: Figures, label: str, times: list[float], found: str) -> None:
    median, worst = statistics.median(times) * 1000, max(times) * 1000
    print(
        f"  {label:40} {median:6.1f} ms median, "
        f"{worst:6.1f} ms worst ({found}; target < {TARGET_MS} ms)"
    )
    figures.row(
        f"{label} ({found})",
        f"{median:.1f} ms (worst {worst:.1f})",
        target=f"< {TARGET_MS} ms",
        verdict=verdict(median, TARGET_MS),
    )


async def own_tick_times(env: TickEnv, runs: int, label: str, reset, figures: Figures) -> None:
    """Median and worst of ``runs`` whole ticks on the own reminders alone;
    ``reset`` puts the due ones back between runs."""

    async def nothing(message) -> None:
        return None

    times, _, results = await timed_runs(
        runs, lambda: tick(env, NOW, nothing, producers=(due_personal,)), before=reset
    )
    sent = sum(r.outcome == "sent" for r in results)
    timed_row(figures, label, times, f"{sent:,} sent")


async def tick_times(env: TickEnv, runs: int, label: str, figures: Figures) -> list:
    """Median and worst of ``runs`` calls of the tick's reminder query; what it found."""
    times, _, found = await timed_runs(runs, lambda: due_reminders(env, NOW))
    timed_row(figures, label, times, f"{len(found):,} to send")
    return found


async def run(args) -> Figures:
    figures = Figures()
    path = reused_database(args, "reminders.db")
    if not path.exists():
        await create_schema(path)
        start = time.perf_counter()
        fill(path, args.users, random.Random(args.seed), NOW - timedelta(days=2))
        print(f"filled {args.users:,} people in {time.perf_counter() - start:.1f} s")
    schedule(path, args.scheduled, args.fired, random.Random(args.seed))
    with sqlite3.connect(path) as conn:
        people = tuple(row[0] for row in conn.execute("SELECT DISTINCT user_id FROM plans"))
        counts = conn.execute("SELECT count(*), sum(wait_at_time) FROM plan_steps").fetchone()
        plan = conn.execute(
            "EXPLAIN QUERY PLAN SELECT 1 FROM plan_steps INDEXED BY "
            "plan_steps_reminders WHERE wait_at_time = 1 AND removed_at IS NULL"
            " AND wait_until > '' AND wait_until <= ''"
        ).fetchall()
    store = await PlanStore.open(path, clock=lambda: NOW)
    try:
        env = TickEnv(
            store, UserSettings(store.db), BriefingLog(store.db), Settings(), people, store.db
        )
        data = (
            f"{len(people):,} people, {counts[0]:,} steps, {counts[1]:,} reminders"
            f" ({args.fired:,} fired in the last day); SQLite {sqlite3.sqlite_version},"
            f" Python {platform.python_version()}, {args.runs} runs"
        )
        print(f"drbot reminders scale: {data}")
        print(f"  plan: {plan[0][-1]}")
        figures.note(f"Data: {data}")
        figures.note(f"Plan: {plan[0][-1]}")
        found = await tick_times(
            env, args.runs, "due reminders, first tick after downtime", figures
        )
        # The tick claims what it sends: every later tick finds those in the
        # send log and builds nothing for them.
        with sqlite3.connect(path) as conn:
            conn.executemany(
                "INSERT OR IGNORE INTO proactive_sends (user_id, dedupe_key, kind, plan_id,"
                " due_at, state, payload, claimed_at, sent_at) VALUES (?, ?, 'reminder', ?, ?,"
                " 'sent', '{}', ?, ?)",
                [
                    (
                        d.message.user_id,
                        d.message.dedupe_key,
                        d.plan_id,
                        iso(d.due_at),
                        iso(NOW),
                        iso(NOW),
                    )
                    for d in found
                ],
            )
        await tick_times(env, args.runs, "due reminders, every later tick", figures)

        own_reminders(path, people, args.own, 0, random.Random(args.seed))
        with sqlite3.connect(path) as conn:
            plan = conn.execute(
                "EXPLAIN QUERY PLAN SELECT 1 FROM personal_reminders INDEXED BY"
                " personal_reminders_due WHERE status = 'active' AND next_at <= ''"
            ).fetchall()
        own = (
            f"own reminders: {args.own:,} scheduled (a third repeating), "
            f"{args.own_due:,} due in the busy minute"
        )
        print(own)
        print(f"  own plan: {plan[0][-1]}")
        figures.note(own[:1].upper() + own[1:])
        figures.note(f"Own plan: {plan[0][-1]}")
        await own_tick_times(env, args.runs, "own reminders, quiet tick", lambda: None, figures)
        own_reminders(path, people, args.own, args.own_due, random.Random(args.seed))

        def put_back() -> None:  # the busy minute again: the same occurrences due, unclaimed
            with sqlite3.connect(path) as conn:
                conn.execute("DELETE FROM proactive_sends WHERE kind = 'personal_reminder'")
                conn.execute(
                    "UPDATE personal_reminders SET next_at = ?, status = 'active',"
                    " last_at = NULL WHERE id > ?",
                    (iso(NOW), args.own),
                )

        await own_tick_times(
            env, max(3, args.runs // 4), "own reminders, busy tick", put_back, figures
        )
    finally:
        await store.close()
    if not args.db:
        print(f"(database left at {path}; pass --db to reuse it)")
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    reused_database_options(parser, runs=20, seed=12)
    parser.add_argument("--scheduled", type=int, default=100_000)
    parser.add_argument("--fired", type=int, default=1_000)
    parser.add_argument(
        "--own",
        type=int,
        default=100_000,
        help="people's own reminders scheduled (a third repeating)",
    )
    parser.add_argument(
        "--own-due", type=int, default=10, help="of their occurrences due in the busy minute"
    )
    json_option(parser)
    args = parser.parse_args()
    asyncio.run(run(args)).write(args.json)


if __name__ == "__main__":
    main()
