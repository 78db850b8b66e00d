"""The scheduler's reads at scale: 10,000 people x 40 steps (issue 11).

    python bench/scheduler_scale.py [--users N] [--db PATH] [--runs N] [--seed N]

Fills a database as bench/store.py does (people x 5 plans x 8 steps = 40
steps each, 3 attempts on every started step), then times, each over --runs
runs (median and worst):

  * the stale scan over everyone (PlanStore.stale_steps_for_everyone), the
    per-everyone query the stale frontier rule (DESIGN.md §4 "Stale") runs;
  * due + stuck + stale for everyone (PlanStore.attention_for_everyone);
  * building every person's briefing (scheduler.briefing.build_briefings):
    the reads, the escalation counts, the text and the buttons.

With --db PATH an existing filled file is reused (it is kept after the run).
Target: stale scan under 0.2 s at 10,000 people.  It asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.store import create_schema, fill  # noqa: E402
from drbot.config import BriefingSettings  # noqa: E402
from drbot.memory.briefings import BriefingLog  # noqa: E402
from drbot.memory.plans import PlanStore  # noqa: E402
from drbot.memory.users import UserSettings  # noqa: E402
from drbot.scheduler.briefing import build_briefings  # noqa: E402

NOW = datetime(2026, 11, 24, 9, 0, tzinfo=UTC)
STALE_TARGET_S = 0.2


async def timed(runs: int, make):
    """Median and worst wall time of ``runs`` calls of ``make()``; the last result."""
    times, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = await make()
        times.append(time.perf_counter() - start)
    return statistics.median(times), max(times), result


async def run(args) -> None:
    path = Path(args.db) if args.db else Path(tempfile.mkdtemp()) / "scale.db"
    if not path.exists():
        await create_schema(path)
        start = time.perf_counter()
        filled = fill(path, args.users, random.Random(args.seed), NOW)
        print(f"filled {args.users:,} people in {time.perf_counter() - start:.1f} s: "
              + ", ".join(f"{n:,} {t}" for t, n in filled["counts"].items()))
    with sqlite3.connect(path) as conn:
        people = [row[0] for row in conn.execute("SELECT DISTINCT user_id FROM plans")]
        steps = conn.execute("SELECT count(*) FROM plan_steps").fetchone()[0]
    settings = BriefingSettings()
    store = await PlanStore.open(path, clock=lambda: NOW)
    try:
        log = BriefingLog(store.db, clock=lambda: NOW)
        users = UserSettings(store.db, clock=lambda: NOW)
        print(f"drbot scheduler scale: {len(people):,} people, {steps:,} steps; "
              f"SQLite {sqlite3.sqlite_version}, Python {platform.python_version()}, "
              f"{args.runs} runs each")
        median, worst, stale = await timed(args.runs, lambda: store.stale_steps_for_everyone(
            settings.stale_days, NOW))
        rows = sum(len(v) for v in stale.values())
        print(f"  stale scan, everyone     {median:6.3f} s median, {worst:6.3f} s worst "
              f"({rows:,} stale steps of {len(stale):,} people; target < {STALE_TARGET_S} s)")
        median, worst, found = await timed(args.runs, lambda: store.attention_for_everyone(
            settings.stale_days, settings.stuck_multiplier, NOW))
        print(f"  due + stuck + stale      {median:6.3f} s median, {worst:6.3f} s worst "
              f"({len(found):,} people with something)")
        median, worst, built = await timed(args.runs, lambda: build_briefings(
            store, log, users, settings, people, NOW))
        items = sum(len(b.items) for b in built.values())
        print(f"  all briefings built      {median:6.3f} s median, {worst:6.3f} s worst "
              f"({len(built):,} briefings, {items:,} lines)")
    finally:
        await store.close()
    if not args.db:
        print(f"(database left at {path}; pass --db to reuse it)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=10_000)
    parser.add_argument("--db", help="reuse (or create) this database file")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=11)
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
