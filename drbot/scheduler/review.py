"""The evening review (opt-in with ``/review 20:30``): the producer.

At the person's review time, in their zone, one short message: what moved
today (steps done, skipped, blocked or started, attempts logged — from the
plan memory, since local midnight), what comes first tomorrow (reminders and
snoozes waking tomorrow, then each plan's next step), and "Anything else
happen today?" — whose answer is an ordinary message, understood like any.

Nothing moved and nothing waking tomorrow → no message: the day's key is
settled with an empty Due, as the briefing does.  (Every active plan has a
next step, so that alone is no reason to write: that would be a nightly nag.)
Muted plans say nothing.  Once per local day: the key is
``review:<local date>@<zone>``; a review held back (quiet hours, downtime)
still goes out up to ``occasions.GRACE`` late, saying which day it is about.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import date, datetime, timedelta

from drbot.marks import MARKS
from drbot.memory import review_queries, reviews
from drbot.memory.owners import served
from drbot.memory.proactive_sends import SendLog
from drbot.memory.quiet import Quiet
from drbot.memory.records import StepWithPlan
from drbot.memory.review_queries import MovedStep, StepAhead
from drbot.outgoing import Outgoing
from drbot.scheduler.contract import Due, TickEnv
from drbot.scheduler.occasions import day_bounds, occasion, zone_of

HEADER = "🌙 Evening review"
# Never two reviews closer than this (a zone move east; producers' guard).
APART = timedelta(hours=12)
QUESTION = "Anything else happen today?"
ATTEMPT = "↻"
WAKING = "⏰"
MAX_MOVED = 10
MAX_AHEAD = 5
TITLE_CHARS = 60
OUTCOME_CHARS = 80


async def due_reviews(env: TickEnv, now: datetime) -> list[Due]:
    """Every review due at ``now`` and not yet claimed, for everyone served:
    a fixed handful of statements, whatever the number of people."""
    allowed = set(env.allowed_user_ids)
    wanted = {}
    for row in await reviews.everyone_with_review(env.db):
        if not served(row["user_id"], allowed):
            continue
        zone = zone_of(row["timezone"], env.users.default_timezone)
        found = occasion(now, zone, row["review_time"])
        if found is not None:
            wanted[row["user_id"]] = (zone, *found)
    if not wanted:
        return []
    keys = {user: _key(day, zone) for user, (zone, day, _) in wanted.items()}
    claimed = await SendLog(env.db).states(keys.items())
    wanted = {u: w for u, w in wanted.items() if (u, keys[u]) not in claimed}
    if not wanted:
        return []
    today = {u: day_bounds(day, zone) for u, (zone, day, _) in wanted.items()}
    moved = await review_queries.moved(env.db, [(u, s, min(e, now)) for u, (s, e) in today.items()])
    ahead = await review_queries.ahead(
        env.db,
        [(u, *day_bounds(day + timedelta(days=1), zone)) for u, (zone, day, _) in wanted.items()],
    )
    mutes = await Quiet(env.db).muted_everyone()
    dues = []
    for user_id, (zone, day, due_at) in wanted.items():
        muted = mutes.get(user_id, set())
        message = compose(
            user_id,
            keys[user_id],
            day,
            now.astimezone(zone).date(),
            zone,
            [r for r in moved.get(user_id, []) if r["plan_id"] not in muted],
            [r for r in ahead.get(user_id, []) if r["plan_id"] not in muted],
        )
        dues.append(Due(message, due_at))
    return dues


def _key(day: date, zone) -> str:
    return f"review:{day.isoformat()}@{zone.key}"


def _cut(text: str, limit: int = TITLE_CHARS) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _escape(text: str) -> str:
    return html.escape(text, quote=False)


def _step(row: StepWithPlan, esc: Callable[[str], str]) -> str:
    return f'"{esc(_cut(row["plan_title"]))}" — Step {row["position"]} ({esc(_cut(row["title"]))})'


def _day_name(day: date) -> str:
    return f"{day:%a} {day.day} {day:%b}"


def _moved_lines(rows: list[MovedStep], esc: Callable[[str], str]) -> list[str]:
    """One line per status change and attempt; a step started by an attempt
    shows the attempt only (the "started" says nothing more)."""
    attempted = {r["step_id"] for r in rows if r["what"] == "attempt"}
    lines = []
    for row in rows:
        if row["what"] == "attempt":
            outcome = row["outcome"] or ""  # (an attempt always has one)
            lines.append(f"{ATTEMPT} {_step(row, esc)}: {esc(_cut(outcome, OUTCOME_CHARS))}")
        elif not (row["status"] == "in_progress" and row["step_id"] in attempted):
            lines.append(f"{MARKS[row['status']]} {_step(row, esc)}")
    return lines


def _ahead_lines(rows: list[StepAhead], zone, esc: Callable[[str], str]) -> list[str]:
    lines = []
    for row in rows:
        wait_until = row["wait_until"]
        if row["waking"] and wait_until is not None:  # (a waking step always waits)
            local = datetime.fromisoformat(wait_until.replace("Z", "+00:00"))
            at = f"{local.astimezone(zone):%H:%M} " if row["wait_at_time"] else ""
            lines.append(f"{WAKING} {at}{_step(row, esc)}")
        else:
            lines.append(f"{MARKS[row['status']]} {_step(row, esc)}")
    return lines


def _capped(lines: list[str], limit: int) -> list[str]:
    return lines[:limit] + ([f"…and {len(lines) - limit} more."] if len(lines) > limit else [])


def compose(
    user_id: int,
    key: str,
    day: date,
    local_today: date,
    zone,
    moved: list[MovedStep],
    ahead: list[StepAhead],
) -> Outgoing:
    """The review of ``day``, or an empty message (nothing moved, nothing waking)."""
    if not moved and not any(r["waking"] for r in ahead):
        return Outgoing(user_id, "review", "", "", key)
    late = local_today != day  # sent after midnight: say which day it is about
    moved_head = f"On {_day_name(day)}:" if late else "Today:"
    ahead_head = "First today:" if late else "First tomorrow:"
    question = f"Anything else happen on {_day_name(day)}?" if late else QUESTION

    def text(esc: Callable[[str], str], bold: Callable[[str], str]) -> str:
        parts = [bold(f"{HEADER} · {_day_name(day)}")]
        if moved:
            parts += [bold(moved_head), *_capped(_moved_lines(moved, esc), MAX_MOVED)]
        else:
            parts.append("Nothing moved today." if not late else "Nothing moved that day.")
        if ahead:
            parts += [bold(ahead_head), *_capped(_ahead_lines(ahead, zone, esc), MAX_AHEAD)]
        return "\n".join(parts + [question])

    return Outgoing(user_id, "review", text(_escape, lambda s: f"<b>{s}</b>"), text(str, str), key)
