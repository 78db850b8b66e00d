"""The weekly digest (opt-in with ``/weekly sun 18:00``): the producer.

Per active plan, its progress over the last seven days (steps done, attempts)
and a small bar of how far it is (``▓▓▓░░░ 3/6``: steps done of the steps it
needs — skipped ones are not needed).  A plan with no sign of life for
:data:`IDLE` days ends in one question, keep / snooze / drop, with buttons
(``drbot.bot.digest_buttons`` answers them):

* keep — nothing changes; the question waits :data:`IDLE` days;
* snooze — the plan's open steps wait :data:`IDLE` days (a plan change: /undo);
* drop — the plan is abandoned (/undo brings it back).

A sign of life is any change to the plan (attempts included) or an open step
waiting until that moment (a snooze).  Muted plans are left out; no active
plan → the week's key is settled with an empty Due.  Once per local week
day: ``weekly:<local date>@<zone>``.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import date, datetime, timedelta

from drbot.digest_actions import ANSWERS, SNOOZE_DAYS, encode
from drbot.memory import review_queries, reviews
from drbot.memory.clock import iso
from drbot.memory.owners import served
from drbot.memory.proactive_sends import SendLog
from drbot.memory.quiet import Quiet
from drbot.memory.review_queries import PlanWeek
from drbot.outgoing import Button, Outgoing
from drbot.readable_times import plural
from drbot.scheduler.contract import Due, TickEnv
from drbot.scheduler.occasions import occasion, zone_of

HEADER = "📅 Weekly digest"
IDLE = timedelta(days=SNOOZE_DAYS)
WEEK = timedelta(days=7)
BAR = 6
MAX_PLANS = 15
MAX_QUESTIONS = 10  # three buttons each: well inside Telegram's 100
TITLE_CHARS = 60


async def due_digests(env: TickEnv, now: datetime) -> list[Due]:
    """Every digest due at ``now`` and not yet claimed: a fixed handful of statements."""
    allowed = set(env.allowed_user_ids)
    wanted = {}
    for row in await reviews.everyone_with_digest(env.db):
        if not served(row["user_id"], allowed):
            continue
        zone = zone_of(row["timezone"], env.users.default_timezone)
        found = occasion(now, zone, row["weekly_time"], row["weekly_day"])
        if found is not None:
            wanted[row["user_id"]] = (zone, *found)
    if not wanted:
        return []
    keys = {user: f"weekly:{day.isoformat()}@{zone.key}" for user, (zone, day, _) in wanted.items()}
    claimed = await SendLog(env.db).states(keys.items())
    wanted = {u: w for u, w in wanted.items() if (u, keys[u]) not in claimed}
    if not wanted:
        return []
    plans = await review_queries.week(
        env.db, [(u, due_at - WEEK, now) for u, (_, _, due_at) in wanted.items()]
    )
    mutes = await Quiet(env.db).muted_everyone()
    return [
        Due(
            compose(
                user_id,
                keys[user_id],
                day,
                [
                    p
                    for p in plans.get(user_id, [])
                    if p["plan_id"] not in mutes.get(user_id, set())
                ],
                now,
            ),
            due_at,
        )
        for user_id, (_, day, due_at) in wanted.items()
    ]


def bar(done: int, total: int) -> str:
    """``▓▓▓░░░ 3/6``; an empty plan is ``░░░░░░ 0/0``."""
    filled = 0 if total <= 0 else round(BAR * min(done, total) / total)
    return "▓" * filled + "░" * (BAR - filled) + f" {done}/{total}"


def idle_days(plan: PlanWeek, now: datetime) -> int | None:
    """Days since the plan's last sign of life, when that is :data:`IDLE` or more
    and no "keep" was said within :data:`IDLE`; else None (no question)."""
    cutoff = iso(now - IDLE)
    if plan["alive_at"] > cutoff or (plan["kept_at"] or "") > cutoff:
        return None
    alive = datetime.fromisoformat(plan["alive_at"].replace("Z", "+00:00"))
    return (now - alive).days


def _cut(text: str) -> str:
    return text if len(text) <= TITLE_CHARS else text[: TITLE_CHARS - 1].rstrip() + "…"


def _progress(plan: PlanWeek) -> str:
    done, attempts = plan["done_now"], plan["attempts_now"]
    said = [f"{done} step{'s' * (done != 1)} done"] if done else []
    said += [f"{attempts} attempt{'s' * (attempts != 1)}"] if attempts else []
    return "this week: " + ", ".join(said) if said else "quiet this week"


def compose(user_id: int, key: str, day: date, plans: list[PlanWeek], now: datetime) -> Outgoing:
    """The week's digest, or an empty message (no active plan to speak of)."""
    if not plans:
        return Outgoing(user_id, "weekly", "", "", key)
    shown = plans[:MAX_PLANS]
    lines: list[tuple[str, str]] = []  # (plain line, its HTML)
    rows: list[tuple[Button, ...]] = []
    for plan in shown:
        title = _cut(plan["title"])
        head = f'{bar(plan["done"], plan["total"])} "{{}}" — {_progress(plan)}'
        days = idle_days(plan, now)
        if days is not None and len(rows) < MAX_QUESTIONS:
            tag = str(len(rows) + 1)
            ask = f"\n   ❓ ({tag}) Nothing for {plural(days, 'day')}. Keep, snooze or drop?"
            rows.append(
                tuple(
                    Button(f"{label} ({tag})", encode(answer, plan["plan_id"], "active"))
                    for answer, label in ANSWERS.items()
                )
            )
        else:
            ask = ""
        lines.append((head.format(title) + ask, head.format(html.escape(title, quote=False)) + ask))
    more = (
        [f"…and {len(plans) - MAX_PLANS} more: /plans shows everything."]
        if len(plans) > MAX_PLANS
        else []
    )
    title = f"{HEADER} · week to {day:%a} {day.day} {day:%b}"

    def text(pick: Callable[[tuple[str, str]], str], header: str) -> str:
        return "\n".join([header, *(pick(line) for line in lines), *more])

    return Outgoing(
        user_id,
        "weekly",
        text(lambda pair: pair[1], f"<b>{title}</b>"),
        text(lambda pair: pair[0], title),
        key,
        tuple(rows),
    )
