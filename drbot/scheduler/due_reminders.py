"""Due reminders: the evening before a step's due date, and its morning.

* The evening before, at :data:`EVENING` in the person's zone: "⏰ Reminder: … is due
  tomorrow (Fri 31 Jan)", with the step's buttons.
* On the morning of the due date the morning agenda says it ("… is due today") at the
  briefing time; someone who turned the briefing off gets it as a reminder of its own
  at the configured briefing time instead.  Either way one message, not two.

Each goes through the tick's claim like every proactive message (kind "due", key
``due:<step>:<due date>:<eve|day>``): sent once, never resent when its outcome is
unknown; a changed due date is a new key.  It stands until the day it was for ends,
only while the step is open, its plan active and not muted, and only for a moment
after the date was set (a date set at 20:00 for tomorrow brings no reminder at once).
``/due_reminders off`` stops both (the agenda still lists what is due).  A group's
plan reminds the group, in the group; a group has no briefing until it sets one, so
its "due today" is a reminder of its own unless it did.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import date, datetime, time, timedelta

from drbot.memory import due_dates
from drbot.memory.clock import parse
from drbot.memory.due_dates import StepDueSoon
from drbot.memory.owners import is_group, served
from drbot.memory.user_settings import BRIEFING_OFF, usable_zone
from drbot.outgoing import REMINDER_HEADER, Outgoing
from drbot.scheduler.contract import Due, TickEnv
from drbot.step_actions import step_buttons

KIND = "due"
EVENING = due_dates.EVENING  # the reminder the evening before
TITLE_CHARS = 80


async def due_soon(env: TickEnv, now: datetime, step_ids: list[int] | None = None) -> list[Due]:
    """Every due reminder that stands at ``now``, for everyone served (``step_ids``:
    for these steps only).  One query: the steps due from yesterday to two days on
    (in UTC: every zone's today and tomorrow are among them)."""
    allowed = set(env.allowed_user_ids)
    day = now.date()
    rows = await due_dates.due_around(
        env.db, day - timedelta(days=1), day + timedelta(days=2), step_ids
    )
    defaults = (env.users.default_timezone, env.settings.briefing.time)
    found = []
    for row in rows:
        if not served(row["user_id"], allowed):
            continue
        due = _standing(row, now, defaults)
        if due is not None:
            found.append(due)
    return found


async def recheck(env: TickEnv, dues: list[Due], now: datetime) -> list[Due | None]:
    """Before a retry: each reminder as it would be sent now, or None when it no
    longer stands (the step done, its date changed, its day over)."""
    steps = [
        int(d.message.dedupe_key.split(":")[1])
        for d in dues
        if d.message.dedupe_key.split(":")[1].isdigit()
    ]
    fresh = {(d.message.user_id, d.message.dedupe_key): d for d in await due_soon(env, now, steps)}
    return [fresh.get((d.message.user_id, d.message.dedupe_key)) for d in dues]


def _standing(row: StepDueSoon, now: datetime, defaults: tuple[str, str]) -> Due | None:
    zone = usable_zone(row["timezone"] or defaults[0])
    local = now.astimezone(zone)
    due_day = date.fromisoformat(row["due_date"])
    if due_day == local.date() + timedelta(days=1):
        stage, at = "eve", EVENING
    elif due_day == local.date() and _unbriefed(row, defaults[1]):
        # (With a briefing, the morning agenda says it is due today.)
        hours, minutes = (int(p) for p in defaults[1].split(":"))
        stage, at = "day", time(hours, minutes)
    else:
        return None
    moment = datetime.combine(local.date(), at, tzinfo=zone)
    if local < moment or (row["due_set_at"] and parse(row["due_set_at"]) >= moment):
        return None  # not yet, or the date was given after the moment: nothing to remind of
    return Due(_message(row, stage, due_day), moment, row["plan_id"])


def _unbriefed(row: StepDueSoon, default_time: str) -> bool:
    """No morning briefing says what is due today: the person turned theirs off, or
    it is a group's plan and the group never set a briefing of its own."""
    if is_group(row["user_id"]):
        return row["briefing_time"] in (None, BRIEFING_OFF)
    return (row["briefing_time"] or default_time) == BRIEFING_OFF


def _message(row: StepDueSoon, stage: str, day: date) -> Outgoing:
    when = f"{'tomorrow' if stage == 'eve' else 'today'} ({day:%a} {day.day} {day:%b})"

    def line(esc: Callable[[str], str]) -> str:
        return (
            f'"{esc(_cut(row["plan_title"]))}" — Step {row["position"]} '
            f"({esc(_cut(row['title']))}) is due {when}."
        )

    return Outgoing(
        row["user_id"],
        KIND,
        f"<b>{REMINDER_HEADER}:</b> {line(_escape)}",
        f"{REMINDER_HEADER}: {line(str)}",
        f"due:{row['step_id']}:{row['due_date']}:{stage}",
        (step_buttons(row["step_id"], row["status"]),),
    )


def _escape(text: str) -> str:
    return html.escape(text, quote=False)


def _cut(text: str) -> str:
    return text if len(text) <= TITLE_CHARS else text[: TITLE_CHARS - 1].rstrip() + "…"
