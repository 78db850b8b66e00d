"""Growth benchmark: a year of simulated daily use, with and without pruning.

    python -m bench.retention [--people N] [--days N] [--seed N] [--dir PATH]

Two databases receive exactly the same writes, through the real PlanStore,
ConversationStore and BriefingLog, one simulated day at a time: each person
who is active that day (4 in 5) sends a few messages (stored turns with a
tool call, its result and an announce block, as the model loop stores them),
makes a change or two to a plan (attempts, statuses, sometimes a new plan or a
finished one), and gets a briefing record.  One of the databases is pruned
every simulated day (memory/retention.py); the other is the baseline.  At
days 30/90/180/365 (those within --days) it prints, for both, the file size
per person and the rows kept of the tables retention looks after.

File size is what the disk holds: pages freed by pruning are reused by later
writes, so a pruned file stops growing rather than shrinking.  The database
files live in --dir (default: a temporary directory, removed afterwards).
It prints figures; it is not a test and asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bench.common import scratch_directory
from drbot.memory import retention
from drbot.memory.briefings import BriefingLog
from drbot.memory.conversations import ConversationStore
from drbot.memory.plans import PlanStore

START = datetime(2026, 1, 5, 7, 0, tzinfo=UTC)
CHECKPOINTS = (30, 90, 180, 365)
PLANS = [
    "Get the parking permit",
    "Find a dentist",
    "Renew the passport",
    "Sort out the boiler",
    "Claim the tax refund",
    "Move the broadband",
    "Book the MOT",
    "Fix the leaking gutter",
]
STEPS = [
    "Find the phone number",
    "Call the office",
    "Fill in the form",
    "Send the documents",
    "Chase the reply",
    "Book an appointment",
    "Pay the fee",
    "Collect the papers",
]
OUTCOMES = [
    "no answer",
    "left a voicemail",
    "they said call back Thursday",
    "sent the email, waiting",
    "wrong department, got another number",
]


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


def model_turn(rng: random.Random, text: str, plan_json: str) -> tuple[list[dict], str]:
    """A turn as the model loop stores it: text, a tool call, its result, an answer."""
    call = {
        "type": "tool_use",
        "id": f"toolu_{rng.getrandbits(64):016x}",
        "name": "update_plan_step",
        "input": {"step_id": rng.randint(1, 10**6), "attempt_outcome": text},
    }
    messages = [
        {"role": "user", "content": text},
        {"role": "assistant", "content": [{"type": "text", "text": "Let me log that."}, call]},
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": call["id"], "content": plan_json}],
        },
        {
            "role": "assistant",
            "content": [
                {
                    "type": "text",
                    "text": (
                        f"Logged: {text}. The next step is waiting on them; I'll bring it up in "
                        "Thursday's briefing if nothing moves."
                    ),
                }
            ],
        },
    ]
    announce = (
        "ANNOUNCE iteration 2/8 [██░░░░░░] 3.1s · 2026-03-02T09:00:00Z · "
        "Europe/Berlin · Monday 2 March 2026 · current plan: " + plan_json[:300]
    )
    return messages, announce


class Person:
    def __init__(self, user_id: int, rng: random.Random) -> None:
        self.id, self.rng = user_id, rng
        self.open_steps: dict[int, list[int]] = {}  # plan id -> its unfinished steps


async def one_day(
    store: PlanStore, talk: ConversationStore, log: BriefingLog, person: Person, day: int
) -> None:
    rng = person.rng
    if not person.open_steps or (len(person.open_steps) < 4 and rng.random() < 0.1):
        steps = rng.sample(STEPS, rng.randint(3, 7))
        plan = await store.create_plan(person.id, rng.choice(PLANS), steps=steps)
        person.open_steps[plan] = [
            s["id"] for s in (await store.get_plan(person.id, plan))["steps"]
        ]
    for _ in range(rng.randint(1, 2)):
        plan = rng.choice(list(person.open_steps))
        step = person.open_steps[plan][0]
        if rng.random() < 0.6:
            await store.add_attempt(person.id, step, rng.choice(OUTCOMES))
        else:
            await store.update_step_status(person.id, step, "done")
            person.open_steps[plan].pop(0)
            if not person.open_steps[plan]:
                await store.update_plan_status(person.id, plan, "complete")
                del person.open_steps[plan]
                if not person.open_steps:
                    break
    plan_json = json.dumps(
        {
            "plan": "Renew the passport",
            "steps": [
                {"position": i, "title": t, "status": "pending"} for i, t in enumerate(STEPS[:5], 1)
            ],
        }
    )
    for _ in range(rng.randint(2, 4)):
        text = f"{rng.choice(OUTCOMES)} (day {day})"
        messages, announce = model_turn(rng, text, plan_json)
        await talk.save_turn(
            person.id,
            person.id,
            user_text=text,
            messages=messages,
            outcome="answered",
            final_announce=announce,
            usage={"input_tokens": 900, "cache_read_tokens": 4200, "output_tokens": 120},
            model_calls=2,
        )
    await log.claim(person.id, (START + timedelta(days=day)).date().isoformat(), 1)


class World:
    """One database and its people, driven day by day."""

    def __init__(self, path: Path, people: int, seed: int, pruned: bool) -> None:
        self.path, self.pruned, self.clock = path, pruned, Clock()
        self.people = [Person(1000 + i, random.Random(seed * 100_003 + i)) for i in range(people)]
        self.pruned_counts: dict[str, int] = {}
        self.prune_seconds = 0.0

    async def open(self) -> None:
        self.store = await PlanStore.open(self.path, clock=self.clock)
        self.talk = ConversationStore(self.store.db, clock=self.clock)
        self.log = BriefingLog(self.store.db, clock=self.clock)

    async def day(self, day: int) -> None:
        for person in self.people:
            if person.rng.random() < 0.8:
                # Each person's writes spread over the morning, a second apart.
                self.clock.now += timedelta(seconds=1)
                await one_day(self.store, self.talk, self.log, person, day)
        if self.pruned:
            started = time.perf_counter()
            counts = await retention.prune(self.store.db, self.clock())
            self.prune_seconds += time.perf_counter() - started
            for kind, n in counts.items():
                self.pruned_counts[kind] = self.pruned_counts.get(kind, 0) + n
        self.clock.now = START + timedelta(days=day + 1)

    async def measure(self) -> dict[str, int]:
        await self.store.db.checkpoint()
        size = self.path.stat().st_size
        rows = {}
        for table in ("turns", "plan_revisions", "briefings_sent", "plans"):
            rows[table] = (await self.store.db.fetch_one(f"SELECT count(*) FROM {table}"))[0]
        [[thinned]] = await self.store.db.fetch_all(
            "SELECT count(*) FROM plan_revisions WHERE snapshot = ?", (retention.THINNED,)
        )
        return {"bytes": size, "thinned": thinned, **rows}


async def run(args: argparse.Namespace, where: Path) -> None:
    worlds = [
        World(where / "baseline.db", args.people, args.seed, pruned=False),
        World(where / "pruned.db", args.people, args.seed, pruned=True),
    ]
    for world in worlds:
        await world.open()
    marks = [d for d in CHECKPOINTS if d <= args.days] or [args.days]
    print(
        f"drbot retention benchmark: {args.people} people x {args.days} days, seed {args.seed}, "
        f"load {os.getloadavg()[0]:.2f}, rule: turns {retention.TURN_DAYS} d / "
        f"{retention.TURNS_PER_CHAT} per chat, revisions {retention.REVISION_DAYS} d / "
        f"{retention.FULL_REVISIONS} full per plan, briefings {retention.BRIEFING_DAYS} d"
    )
    print(
        f"{'day':>4} | {'baseline KiB/person':>19} | {'pruned KiB/person':>17} | {'saved':>5} |"
        f" turns base/pruned | revisions (thinned) | briefing rows base/pruned | elapsed"
    )
    started = time.perf_counter()
    try:
        for day in range(args.days):
            for world in worlds:
                await world.day(day)
            if day + 1 in marks:
                base, pruned = [await world.measure() for world in worlds]
                per = [m["bytes"] / args.people / 1024 for m in (base, pruned)]
                print(
                    f"{day + 1:>4} | {per[0]:>19.1f} | {per[1]:>17.1f} | "
                    f"{1 - per[1] / per[0]:>5.0%} | {base['turns']:>8} / {pruned['turns']:<8}|"
                    f" {pruned['plan_revisions']:>8} ({pruned['thinned']:>7}) |"
                    f" {base['briefings_sent']:>12} / {pruned['briefings_sent']:<12}|"
                    f" {time.perf_counter() - started:6.0f} s",
                    flush=True,
                )
    finally:
        for world in worlds:
            await world.store.close()
    pruner = worlds[1]
    print(
        f"pruned in total: {pruner.pruned_counts}; daily prune took "
        f"{pruner.prune_seconds / args.days * 1000:.0f} ms on average "
        f"({args.people} people)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--people", type=int, default=1000)
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dir", help="keep the two databases in this directory")
    args = parser.parse_args()
    if args.dir:
        where = Path(args.dir)
        where.mkdir(parents=True, exist_ok=True)
        for name in ("baseline.db", "pruned.db"):
            if (where / name).exists():
                sys.exit(f"{where / name} exists; choose an empty directory")
        asyncio.run(run(args, where))
        return
    with scratch_directory("drbot-retention-") as where:
        asyncio.run(run(args, where))


if __name__ == "__main__":
    main()
