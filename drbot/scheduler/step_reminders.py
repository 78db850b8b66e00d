"""Step reminders (a step waiting until a time of day): the producer the tick calls.

A person's own reminders, on no step, are ``personal_reminders``.

What counts as a reminder: a step waiting until a moment that the person gave
*with a time of day* ("remind me about the form friday 10am", "snooze the van
until monday 9", the "Tomorrow 9:00" snooze button).  A wait given as a day
("friday", "in 3 days") is not one: it wakes in that morning's briefing, as
before.  The store keeps which (``wait_at_time``, migration 0011).

At the reminder's moment :func:`due_reminders` returns one message for the
step, with its buttons.  Its dedupe key names the step *and* the moment, so the
tick's claim sends it once across restarts, and a re-snooze is a new reminder.
A reminder still stands only while nothing happened to the step since its
moment (plan active, step open, no status change or attempt since): after
downtime it goes out late, once, saying when it was due; a step finished or
changed meanwhile gets nothing.  Past ``memory.step_reminders.STANDING`` it is left to the
morning briefing, which lists waits whose moment has come.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from drbot.memory import step_reminders
from drbot.memory.clock import parse
from drbot.memory.owners import is_group, served
from drbot.memory.records import StepWithPlan
from drbot.memory.step_reminders import StandingReminder
from drbot.memory.user_settings import usable_zone
from drbot.outgoing import REMINDER_HEADER, Outgoing
from drbot.scheduler.contract import Due, TickEnv
from drbot.step_actions import step_buttons

# Sent later than this after its moment, the message says when it was due.
LATE_AFTER = timedelta(minutes=5)
TITLE_CHARS = 80


async def due_reminders(env: TickEnv, now: datetime) -> list[Due]:
    """Every reminder that stands at ``now``, for everyone served: one query."""
    allowed = set(env.allowed_user_ids)
    rows = [
        row
        for row in await step_reminders.due_for_everyone(env.db, now - step_reminders.STANDING, now)
        if served(row["user_id"], allowed)
    ]
    if not rows:
        return []
    prefs = await env.users.get_many(sorted({row["user_id"] for row in rows}))
    private = await _private_chats(env, rows)
    return [_due(row, usable_zone(prefs[row["user_id"]]["timezone"]), now, private) for row in rows]


async def _private_chats(env: TickEnv, rows: list[StandingReminder]) -> set[int]:
    """Of the people with a reminder asked for in a group, those drbot may write
    to privately (the others get it in the group).  One query, only when needed."""
    asked_in_groups = {row["user_id"] for row in rows if row.get("wait_chat_id") is not None}
    return await env.briefings.private_chats(asked_in_groups) if asked_in_groups else set()


async def recheck(env: TickEnv, dues: list[Due], now: datetime) -> list[Due | None]:
    """Before a retry: each reminder as it would be sent now, or None when it no
    longer stands (the step done, skipped, changed or re-snoozed since; past
    STANDING it is the briefing's).  One query for them all."""
    steps = []
    for due in dues:
        step = due.message.dedupe_key.split(":", 2)[1]
        steps.append(int(step) if step.isdigit() else 0)
    rows = await step_reminders.standing(env.db, steps, now - step_reminders.STANDING, now)
    found = {(row["user_id"], row["dedupe_key"]): row for row in rows}
    prefs = await env.users.get_many(sorted({row["user_id"] for row in rows})) if rows else {}
    private = await _private_chats(env, rows)
    fresh: list[Due | None] = []
    for due in dues:
        row = found.get((due.message.user_id, due.message.dedupe_key))
        fresh.append(
            None
            if row is None
            else _due(row, usable_zone(prefs[row["user_id"]]["timezone"]), now, private)
        )
    return fresh


def _cut(text: str) -> str:
    return text if len(text) <= TITLE_CHARS else text[: TITLE_CHARS - 1].rstrip() + "…"


def when_due(due_at: datetime, now: datetime, zone: ZoneInfo) -> str:
    """ "10:00", "10:00 yesterday", "10:00 on Sun 22 Nov": the moment, as late as it is."""
    local, today = due_at.astimezone(zone), now.astimezone(zone).date()
    days = (today - local.date()).days
    day = (
        "" if days == 0 else " yesterday" if days == 1 else f" on {local:%a} {local.day} {local:%b}"
    )
    return f"{local:%H:%M}{day}"


def _escape(text: str) -> str:
    return html.escape(text, quote=False)


def _line(row: StepWithPlan, esc: Callable[[str], str]) -> str:
    return f'"{esc(_cut(row["plan_title"]))}" — Step {row["position"]} ({esc(_cut(row["title"]))})'


def _due(row: StandingReminder, zone: ZoneInfo, now: datetime, private: set[int]) -> Due:
    due_at = parse(row["wait_until"])
    late = now - due_at > LATE_AFTER
    tail = f"\n(due at {when_due(due_at, now, zone)})" if late else ""
    # Asked for in a group by someone drbot cannot write to privately: it goes
    # to that group, its header mentioning them (the first words stay the
    # header, which tells a press on a reminder from one on a plan view).
    # A group's plan (``owners``): the reminder is the group's, and goes there
    # (answering the message that asked for it), mentioning nobody.
    groups_own = is_group(row["user_id"])
    group = row["user_id"] if groups_own else row.get("wait_chat_id")
    to_group = groups_own or group is not None and row["user_id"] not in private
    header = (
        f'<a href="tg://user?id={int(row["user_id"])}">{REMINDER_HEADER}</a>'
        if to_group and not groups_own
        else REMINDER_HEADER
    )
    message = Outgoing(
        row["user_id"],
        "reminder",
        f"<b>{header}:</b> {_line(row, _escape)}{tail}",
        f"{REMINDER_HEADER}: {_line(row, str)}{tail}",
        row["dedupe_key"],
        (step_buttons(row["step_id"], row["status"]),),
        group_id=group,
        reply_to=row.get("wait_message_id") if group is not None else None,
        to_group=to_group,
    )
    asked = row.get("wait_set_at")
    return Due(message, due_at, row["plan_id"], asked_at=parse(asked) if asked else None)
