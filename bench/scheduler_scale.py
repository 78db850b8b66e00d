"""The scheduler's reads at scale: 10,000 people x 40 steps.

    python -m bench.scheduler_scale [--users N] [--db PATH] [--runs N] [--seed N]

Fills a database as bench/store.py does (people x 5 plans x 8 steps = 40
steps each, 3 attempts on every started step), then times, each over --runs
runs (median and worst wall time, median CPU time):

  * the stale scan over everyone (PlanStore.stale_steps_for_everyone), the
    per-everyone query the stale frontier rule (docs/ARCHITECTURE.md, "Stale") runs;
  * due + stuck + stale for everyone (PlanStore.attention_for_everyone);
  * building every person's morning agenda (scheduler.briefing.build_briefings):
    today's reminders, due and overdue steps, waits, commitments, stuck and
    stale steps — the reads, the escalation counts, the text and the buttons
    (the fill gives every person two steps with a due date, from five days
    ago to ten days on, and 30% of them a timed reminder later that day);
  * building the briefings of 30 people (one minute of the every-minute job),
    beside the same build through the everyone-scans (reading everyone, not
    only the people asked for) as the baseline.

With --db PATH an existing filled file is reused (it is kept after the run).
Targets at 10,000 people: stale scan under 0.2 s, all agendas under 1 s.
The stale scan is also timed as a plans-first query (its text below, rows
turned into dicts with dict(row)), in the same run, as the baseline.
It asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import random
import sqlite3
import statistics
import time
from collections import Counter
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bench.common import (
    Figures,
    json_option,
    ratio,
    reused_database,
    reused_database_options,
    timed_runs,
    verdict,
)
from bench.store import create_schema, fill
from drbot.config import BriefingSettings
from drbot.memory import plan_queries
from drbot.memory.briefings import BriefingLog
from drbot.memory.clock import iso
from drbot.memory.plans import PlanStore
from drbot.memory.user_settings import UserSettings
from drbot.scheduler.briefing import build_briefings

NOW = datetime(2026, 11, 24, 9, 0, tzinfo=UTC)
STALE_TARGET_S = 0.2
BUILD_TARGET_S = 1.0
MINUTE_PEOPLE = 30  # a busy minute: 10,000 people's mornings over ~5 hours

# The baseline all-users stale scan: every plan first, then its steps.  drbot's
# starts from the in-progress steps instead (plan_steps_in_progress).
BASELINE_STALE = """WITH candidates AS MATERIALIZED (
  SELECT p.user_id, p.id AS plan_id, p.title AS plan_title, s.id AS step_id,
       s.position, s.title, s.status, s.status_note, s.status_since, s.wait_until,
       s.estimated_days, NULL AS frontier_since
  FROM plans p CROSS JOIN plan_steps s ON s.plan_id = p.id
  WHERE p.status = 'active'  AND s.removed_at IS NULL AND s.status = 'in_progress'
    AND s.status_since < :cutoff AND coalesce(s.wait_until, '') < :cutoff
  UNION ALL
  SELECT p.user_id, p.id AS plan_id, p.title AS plan_title, s.id AS step_id,
       s.position, s.title, s.status, s.status_note, s.status_since, s.wait_until,
       s.estimated_days,
         (SELECT max(e.status_since) FROM plan_steps e
          WHERE e.plan_id = s.plan_id AND e.removed_at IS NULL
            AND e.status IN ('done', 'skipped') AND e.position < s.position)
  FROM plans p JOIN plan_steps s ON s.id = (
      SELECT n.id FROM plan_steps n
      WHERE n.plan_id = p.id AND n.removed_at IS NULL AND n.status = 'pending'
      ORDER BY n.position LIMIT 1)
  WHERE p.status = 'active'  AND s.status_since < :cutoff AND coalesce(s.wait_until, '') < :cutoff
    AND NOT EXISTS (SELECT 1 FROM plan_steps e
                    WHERE e.plan_id = p.id AND e.removed_at IS NULL
                      AND e.status = 'in_progress')
)
SELECT c.*, la.attempted_at AS last_attempt_at, la.outcome AS last_outcome,
       max(c.status_since, coalesce(la.attempted_at, ''), coalesce(c.wait_until, ''),
           coalesce(c.frontier_since, '')) AS last_activity
FROM candidates c
LEFT JOIN plan_step_attempts la ON la.id =
(SELECT a.id FROM plan_step_attempts a
 WHERE a.step_id = c.step_id
   AND NOT EXISTS (SELECT 1 FROM attempt_retractions r WHERE r.attempt_id = a.id)
 ORDER BY a.attempted_at DESC, a.id DESC LIMIT 1)

WHERE last_activity < :cutoff
ORDER BY c.user_id, last_activity, c.plan_id, c.position
"""


def add_agenda(path: Path, rng: random.Random) -> tuple[int, int]:
    """What a morning agenda holds besides stale steps: two open steps of every
    person with a due date (five days ago to ten days on: some due today, some
    overdue), and for 30% of the people a timed reminder later that day."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    by_user: dict[int, list[int]] = {}
    for user_id, step_id in conn.execute(
        "SELECT p.user_id, s.id FROM plan_steps s JOIN plans p ON p.id = s.plan_id"
        " WHERE s.status NOT IN ('done', 'skipped') AND s.removed_at IS NULL"
    ):
        by_user.setdefault(user_id, []).append(step_id)
    dates, reminders = [], []
    for steps in by_user.values():
        chosen = rng.sample(steps, min(3, len(steps)))
        for step_id in chosen[:2]:
            day = (NOW + timedelta(days=rng.randint(-5, 10))).date().isoformat()
            dates.append((day, iso(NOW - timedelta(days=10)), step_id))
        if len(chosen) > 2 and rng.random() < 0.3:
            reminders.append((iso(NOW + timedelta(hours=rng.randint(1, 10))), step_id))
    conn.executemany("UPDATE plan_steps SET due_date = ?, due_set_at = ? WHERE id = ?", dates)
    conn.executemany(
        "UPDATE plan_steps SET wait_until = ?, wait_at_time = 1 WHERE id = ?", reminders
    )
    conn.execute("COMMIT")
    conn.close()
    return len(dates), len(reminders)


async def baseline_stale(store: PlanStore, days: float) -> dict[int, list[dict]]:
    params = {"now": iso(NOW), "cutoff": iso(NOW - timedelta(days=days))}
    by_user: dict[int, list[dict]] = {}
    for row in await store.db.fetch_all(BASELINE_STALE, params):
        by_user.setdefault(row["user_id"], []).append(dict(row))
    return by_user


def same_steps(old: dict[int, list[dict]], new: dict[int, list[dict]]) -> bool:
    """The baseline's rows have columns drbot's stale rows leave out (status
    note, status_since, wait_until, estimate, frontier_since): compare on the
    columns both have."""
    if not new:
        return not old
    keys = next(iter(new.values()))[0].keys()
    return {u: [{k: r[k] for k in keys} for r in rows] for u, rows in old.items()} == new


@contextmanager
def everyone_scans():
    """The bulk build reading everyone instead of only the people asked for:
    the everyone-scans for any number of people (the threshold set to nobody)."""
    saved = plan_queries.FEW_PEOPLE
    plan_queries.FEW_PEOPLE = -1
    try:
        yield
    finally:
        plan_queries.FEW_PEOPLE = saved


async def timed(runs: int, make):
    """Median and worst wall time, median CPU time of ``runs`` calls of ``make()``;
    the last result.
    CPU time is the process's (this thread and SQLite's): on a shared machine
    it moves far less than the wall time.
    The previous run's result is let go before the next run, as the job lets
    go of each morning's: holding it would time fresh memory being mapped."""
    times, cpu, result = await timed_runs(runs, make)
    return statistics.median(times), max(times), statistics.median(cpu), result


def report(label: str, median: float, worst: float, cpu: float, note: str) -> None:
    """One printed line; the figures go to the JSON too (Figures)."""
    print(
        f"  {label:24} {median:6.3f} s median, {worst:6.3f} s worst, "
        f"cpu {cpu:6.3f} s median ({note})"
    )


async def run(args) -> Figures:
    figures_out = Figures()
    path = reused_database(args, "scale.db")
    if not path.exists():
        await create_schema(path)
        start = time.perf_counter()
        filled = fill(path, args.users, random.Random(args.seed), NOW)
        print(
            f"filled {args.users:,} people in {time.perf_counter() - start:.1f} s: "
            + ", ".join(f"{n:,} {t}" for t, n in filled["counts"].items())
        )
        dated, timed_today = add_agenda(path, random.Random(args.seed))
        print(f"agenda: {dated:,} steps with a due date, {timed_today:,} reminders later today")
    with sqlite3.connect(path) as conn:
        people = [row[0] for row in conn.execute("SELECT DISTINCT user_id FROM plans")]
        steps = conn.execute("SELECT count(*) FROM plan_steps").fetchone()[0]
    settings = BriefingSettings()
    store = await PlanStore.open(path, clock=lambda: NOW)
    try:
        log = BriefingLog(store.db, clock=lambda: NOW)
        users = UserSettings(store.db, clock=lambda: NOW)
        data = (
            f"{len(people):,} people, {steps:,} steps; SQLite {sqlite3.sqlite_version},"
            f" Python {platform.python_version()}, {args.runs} runs each"
        )
        print(f"drbot scheduler scale: {data}")
        figures_out.note(f"Data: {data}")
        *figures, stale = await timed(
            args.runs, lambda: store.stale_steps_for_everyone(settings.stale_days, NOW)
        )
        rows = sum(len(v) for v in stale.values())
        found_stale = f"{rows:,} stale steps of {len(stale):,} people"
        report("stale scan, everyone", *figures, f"{found_stale}; target < {STALE_TARGET_S} s")
        stale_median, stale_worst = figures[0], figures[1]
        *figures, old = await timed(args.runs, lambda: baseline_stale(store, settings.stale_days))
        same = "same steps" if same_steps(old, stale) else "DIFFERENT"
        report("  baseline (plans first)", *figures, same)
        figures_out.row(
            f"stale scan, everyone ({found_stale})",
            f"{stale_median:.3f} s (worst {stale_worst:.3f})",
            f"plans-first query: {figures[0]:.3f} s ({same})",
            ratio(stale_median, figures[0]),
            f"< {STALE_TARGET_S} s",
            verdict(stale_median, STALE_TARGET_S),
        )
        *figures, found = await timed(
            args.runs,
            lambda: store.attention_for_everyone(
                settings.stale_days, settings.stuck_multiplier, NOW
            ),
        )
        report("due + stuck + stale", *figures, f"{len(found):,} people with something")
        figures_out.row(
            f"due + stuck + stale, everyone ({len(found):,} people with something)",
            f"{figures[0]:.3f} s",
        )
        *figures, built = await timed(
            args.runs, lambda: build_briefings(store, log, users, settings, people, NOW)
        )
        items = sum(len(b.items) for b in built.values())
        kinds = Counter(i.kind for b in built.values() for i in b.items)
        report(
            "all briefings built",
            *figures,
            f"{len(built):,} agendas, {items:,} lines "
            f"— {', '.join(f'{k} {n:,}' for k, n in kinds.most_common())}; "
            f"target < {BUILD_TARGET_S} s",
        )
        figures_out.row(
            f"all briefings built ({len(built):,} agendas, {items:,} lines "
            f"— {', '.join(f'{k} {n:,}' for k, n in kinds.most_common())})",
            f"{figures[0]:.3f} s (worst {figures[1]:.3f})",
            target=f"< {BUILD_TARGET_S} s",
            verdict=verdict(figures[0], BUILD_TARGET_S),
        )
        # One minute of the every-minute job: the people whose morning it is.
        minute = random.Random(args.seed).sample(people, min(MINUTE_PEOPLE, len(people)))
        *figures, some = await timed(
            args.runs, lambda: build_briefings(store, log, users, settings, minute, NOW)
        )
        report(
            f"{len(minute)} people's briefings",
            *figures,
            f"{len(some):,} briefings; their plans read",
        )
        minute_median = figures[0]
        with everyone_scans():
            *figures, old_some = await timed(
                args.runs, lambda: build_briefings(store, log, users, settings, minute, NOW)
            )
        same = "same briefings" if old_some == some else "DIFFERENT"
        report("  baseline: scan everyone", *figures, same)
        figures_out.row(
            f"{len(minute)} people's briefings (one minute of the job)",
            f"{minute_median:.3f} s",
            f"through the everyone-scans: {figures[0]:.3f} s ({same})",
            ratio(minute_median, figures[0]),
        )
    finally:
        await store.close()
    if not args.db:
        print(f"(database left at {path}; pass --db to reuse it)")
    return figures_out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    reused_database_options(parser, runs=5, seed=11)
    json_option(parser)
    args = parser.parse_args()
    asyncio.run(run(args)).write(args.json)


if __name__ == "__main__":
    main()
