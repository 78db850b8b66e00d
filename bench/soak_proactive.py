"""Soak of the proactive path: the tick, in process,
over simulated days, on one SQLite file opened by two "processes" ticking at
the same moments, with faults.

    python -m bench.soak_proactive [--users N] [--days D] [--seed S]

Every person has a zone (random), half have quiet hours, a stale plan (so a
morning briefing), a few reminders falling due at random moments, some on
a plan they muted, and an evening review at a random time (the real review
producer) of a day on which they log an attempt most days.  The send is a fake Telegram that, at random, fails on the
network (DeliveryFailed: retried), or "crashes" the process mid-call, before
or after the message got through (the row stays without an outcome: the next
ticks must never resend it, and must log it).

Checked at the end (each must be 0):
* duplicated: a (person, key) delivered twice;
* sent in quiet hours: a delivery at a moment inside the person's quiet hours;
* sent for a muted plan;
* lost silently: a reminder that fell due (and whose quiet hours ended) before
  the end, or a review of a day with an attempt before its review time (well
  before the end), not delivered and not logged as unknown.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from drbot.config import BriefingSettings, Settings, TelegramSettings
from drbot.memory.briefings import BriefingLog
from drbot.memory.plans import PlanStore
from drbot.memory.quiet import Quiet, in_quiet_hours
from drbot.memory.reviews import ReviewSettings
from drbot.memory.user_settings import UserSettings
from drbot.outgoing import DeliveryFailed, Outgoing
from drbot.scheduler.occasions import GRACE, day_bounds
from drbot.scheduler.occasions import moment as local_moment
from drbot.scheduler.producers import Due, TickEnv, briefings_due
from drbot.scheduler.review import due_reviews
from drbot.scheduler.tick import tick

START = datetime(2026, 11, 20, 0, 0, tzinfo=UTC)
ZONES = [
    "UTC",
    "Europe/Berlin",
    "America/Los_Angeles",
    "Asia/Tokyo",
    "Australia/Sydney",
    "America/Sao_Paulo",
    "Asia/Kolkata",
]
QUIET = [("22:00", "08:00"), ("23:30", "06:15"), ("13:00", "15:00"), None, None]
STEP = timedelta(minutes=5)


@dataclass
class Person:
    user_id: int
    zone: ZoneInfo
    quiet: tuple[str, str] | None
    muted_plan: int | None = None
    review_time: str = "20:30"
    step: int = 0
    attempts: list[datetime] = field(default_factory=list)


class FakeTelegram:
    """Delivers, fails, or dies mid-call, at random; records deliveries."""

    def __init__(self, rng: random.Random) -> None:
        self.rng, self.now = rng, START
        self.delivered: list[tuple[Outgoing, datetime]] = []
        self.faults: Counter[str] = Counter()

    async def send(self, message: Outgoing) -> None:
        await asyncio.sleep(0)
        r = self.rng.random()
        if r < 0.05:
            self.faults["network failure (retried)"] += 1
            raise DeliveryFailed(f"{message.kind}: NetworkError")
        if r < 0.06:
            self.faults["crash mid-call, not delivered"] += 1
            raise asyncio.CancelledError
        self.delivered.append((message, self.now))
        if r < 0.07:
            self.faults["crash mid-call, delivered"] += 1
            raise asyncio.CancelledError


def reminders_for(people: list[Person], rng: random.Random, days: int) -> list[Due]:
    dues = []
    for person in people:
        for n in range(4):
            due_at = START + timedelta(minutes=rng.randrange(days * 24 * 60 - 120))
            plan = person.muted_plan if n == 0 and person.muted_plan else None
            text = f"Reminder {n} for {person.user_id}"
            dues.append(
                Due(
                    Outgoing(
                        person.user_id, "reminder", text, text, f"reminder:{n}:{due_at.isoformat()}"
                    ),
                    due_at,
                    plan,
                )
            )
    return dues


async def run(users: int, days: int, seed: int) -> dict:
    rng = random.Random(seed)
    path = Path(tempfile.mkdtemp(prefix="drbot-soak-proactive-")) / "soak.db"
    clock = {"now": START - timedelta(days=10)}
    stores = [await PlanStore.open(path, clock=lambda: clock["now"]) for _ in range(2)]
    people = [
        Person(1000 + i, ZoneInfo(rng.choice(ZONES)), rng.choice(QUIET)) for i in range(users)
    ]
    settings = Settings(
        telegram=TelegramSettings(allowed_user_ids=tuple(p.user_id for p in people)),
        briefing=BriefingSettings(),
    )
    users_ = UserSettings(stores[0].db)
    for person in people:
        plan = await stores[0].create_plan(person.user_id, "Fence", steps=["Get quotes"])
        person.step = (await stores[0].get_plan(person.user_id, plan))["steps"][0]["id"]
        await users_.set_timezone(person.user_id, person.zone.key)
        person.review_time = f"{rng.randrange(17, 24):02d}:{rng.choice((0, 15, 30, 45)):02d}"
        await ReviewSettings(stores[0].db).set_review_time(person.user_id, person.review_time)
        person.attempts = sorted(
            START + timedelta(minutes=rng.randrange(days * 24 * 60))
            for _ in range(days)
            if rng.random() < 0.8
        )
        if person.quiet:
            await Quiet(stores[0].db).set_hours(person.user_id, "-".join(person.quiet))
        if rng.random() < 0.3:
            person.muted_plan = await stores[0].create_plan(person.user_id, "Muted", steps=["Shh"])
            await Quiet(stores[0].db).mute(person.user_id, person.muted_plan)
    dues = reminders_for(people, rng, days)
    attempts = {
        p.user_id: [STEP * ((a - START) // STEP + 1) + START for a in p.attempts] for p in people
    }  # the tick moment at which each attempt is logged

    async def reminders(env, now):  # a producer: what has fallen due and is not yet claimed
        return [d for d in dues if d.due_at <= now]

    envs = [
        TickEnv(
            s,
            UserSettings(s.db),
            BriefingLog(s.db),
            settings,
            settings.telegram.allowed_user_ids,
            s.db,
        )
        for s in stores
    ]
    telegram = FakeTelegram(rng)
    moment, end, ticks = START, START + timedelta(days=days), 0
    started = time.monotonic()
    while moment <= end:
        clock["now"] = telegram.now = moment
        for person in people:  # what they did since the last tick (for the review)
            while person.attempts and person.attempts[0] <= moment:
                person.attempts.pop(0)
                await stores[0].add_attempt(person.user_id, person.step, "rang again")
        for outcome in await asyncio.gather(
            *[
                tick(env, moment, telegram.send, producers=(briefings_due, reminders, due_reviews))
                for env in envs
            ],
            return_exceptions=True,
        ):
            if isinstance(outcome, BaseException) and not isinstance(
                outcome, asyncio.CancelledError
            ):
                raise outcome
        ticks += 2
        moment += STEP
    unknown = {
        (row[0], row[1])
        for row in await stores[0].db.fetch_all(
            "SELECT user_id, dedupe_key FROM proactive_sends WHERE state = 'unknown'"
        )
    }
    for store in stores:
        await store.close()
    return check(people, dues, telegram, unknown, end, attempts) | {
        "ticks": ticks,
        "seconds": time.monotonic() - started,
        "faults": telegram.faults,
    }


def expected_reviews(
    people: list[Person], attempts: dict[int, list[datetime]], end: datetime
) -> list[tuple[int, str]]:
    """(person, key) of every review that must have gone out: a day with an
    attempt before its review time, whose time (plus the grace that quiet
    hours may take) is inside the run."""
    keys = []
    for person in people:
        days = {a.astimezone(person.zone).date() for a in attempts[person.user_id]}
        for day in sorted(days):
            due_at = local_moment(day, person.review_time, person.zone)
            start, _ = day_bounds(day, person.zone)
            if START <= due_at <= end - GRACE and any(
                start <= a < due_at for a in attempts[person.user_id]
            ):
                keys.append((person.user_id, f"review:{day.isoformat()}@{person.zone.key}"))
    return keys


def check(
    people: list[Person],
    dues: list[Due],
    telegram: FakeTelegram,
    unknown: set[tuple[int, str]],
    end: datetime,
    attempts: dict[int, list[datetime]],
) -> dict:
    by_user = {p.user_id: p for p in people}
    keys = Counter((m.user_id, m.dedupe_key) for m, _ in telegram.delivered)
    quiet_sends = [
        (m.user_id, at)
        for m, at in telegram.delivered
        if in_quiet_hours(at, by_user[m.user_id].zone, by_user[m.user_id].quiet)
    ]
    muted = [
        m
        for m, _ in telegram.delivered
        if m.kind == "reminder"
        and any(
            d.plan_id and d.message.dedupe_key == m.dedupe_key and d.message.user_id == m.user_id
            for d in dues
        )
    ]
    lost = []
    for due in dues:
        person, key = by_user[due.message.user_id], (due.message.user_id, due.message.dedupe_key)
        if due.plan_id is not None or keys[key] or key in unknown:
            continue
        # It must have gone out unless it is still waiting for quiet hours or a retry.
        if due.due_at < end - timedelta(hours=1) and not in_quiet_hours(
            end, person.zone, person.quiet
        ):
            lost.append(key)
    reviews = expected_reviews(people, attempts, end)
    lost += [key for key in reviews if not keys[key] and key not in unknown]
    briefings = Counter(m.dedupe_key for m, _ in telegram.delivered if m.kind == "briefing")
    return {
        "reviews": sum(1 for m, _ in telegram.delivered if m.kind == "review"),
        "reviews expected": len(reviews),
        "delivered": len(telegram.delivered),
        "duplicated": sum(n - 1 for n in keys.values()),
        "quiet": len(quiet_sends),
        "muted": len(muted),
        "lost": len(lost),
        "unknown": len(unknown),
        "briefings": sum(briefings.values()),
    }


def report(result: dict) -> bool:
    print(
        f"  proactive {result['ticks']:,} ticks in {result['seconds']:.1f} s · "
        f"{result['delivered']:,} delivered ({result['briefings']:,} briefings, "
        f"{result['reviews']:,} reviews, {result['reviews expected']:,} required) · faults "
        + ", ".join(f"{k} {v}" for k, v in sorted(result["faults"].items()))
    )
    rows = [
        ("proactive: duplicated", result["duplicated"]),
        ("proactive: sent in quiet hours", result["quiet"]),
        ("proactive: sent for a muted plan", result["muted"]),
        ("proactive: lost silently", result["lost"]),
    ]
    for name, value in rows:
        print(f"{name:<44}{value:<12}{'PASS' if value == 0 else 'FAIL'}")
    print(f"{'proactive: no outcome (logged, not resent)':<44}{result['unknown']}")
    return all(value == 0 for _, value in rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--users", type=int, default=60)
    parser.add_argument("--days", type=int, default=2)
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    logging.getLogger("drbot").setLevel(logging.ERROR)  # the expected warnings, by the hundred
    print(f"drbot proactive soak: {args.users} people, {args.days} days, seed {seed}")
    return 0 if report(asyncio.run(run(args.users, args.days, seed))) else 1


if __name__ == "__main__":
    sys.exit(main())
