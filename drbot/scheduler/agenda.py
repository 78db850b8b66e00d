"""The morning message as the day's agenda: what today holds, before what went quiet.

At the briefing time each person gets one message (``briefing``) listing, in order:

1. reminder     today's timed reminders still to come (``todays_reminders``: the one
                place that says what a reminder is, so another kind is added there);
2. due_today    steps due today, and
   overdue      open steps whose due date has passed (not while snoozed);
3. due          waits (snoozes) that ended, untouched since — the briefing's "due";
4. commitment   the same for a tracked commitment ("I'll call the council tomorrow"):
                a step that was made waiting, where a snooze records when it was asked;
5. stuck, stale the steps that went quiet, next step only (docs/ARCHITECTURE.md, "Stale"),
                and the question after three mornings running.

Each step shows once, as the first of these.  Today is the person's own calendar day.
These are reads only, for one person or many at once (a fixed number of statements
whatever their number); ``sort_out`` files each person's rows into the kinds above.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, timedelta
from functools import cache
from typing import Literal, TypedDict
from zoneinfo import ZoneInfo

from drbot.memory import PlanStore, step_reminders
from drbot.memory.clock import iso, parse
from drbot.memory.records import Attention, DatedStep, EndedWait, StaleStep, StuckStep
from drbot.memory.step_reminders import TimedReminder


class DayReads(TypedDict):
    """One person's reads for the day (``agenda_reads``)."""

    reminder: list[TimedReminder]
    dated: list[DatedStep]


class Agenda(TypedDict, total=False):
    """One person's rows by kind (``sort_out``), each list most urgent first; a kind
    with nothing may be absent."""

    reminder: list[TimedReminder]
    due_today: list[DatedStep]
    overdue: list[DatedStep]
    due: list[EndedWait]
    commitment: list[EndedWait]
    stuck: list[StuckStep]
    stale: list[StaleStep]


# One line of the agenda: its kind and its row, the row's type told by the kind.
Listed = (
    tuple[Literal["reminder"], TimedReminder]
    | tuple[Literal["due_today", "overdue"], DatedStep]
    | tuple[Literal["due", "commitment"], EndedWait]
    | tuple[Literal["stuck"], StuckStep]
    | tuple[Literal["stale"], StaleStep]
)
# In the order they are listed; each step once, as the first kind it has.
KINDS = ("reminder", "due_today", "overdue", "due", "commitment", "stuck", "stale")
# The kinds that keep coming back until something is done: they count towards the
# "three mornings running" question.  Today's reminders and due dates are news of the day.
RECURRING = ("overdue", "due", "commitment", "stuck", "stale")
DAY = timedelta(days=1)
_JUST_AFTER = timedelta(microseconds=1)  # a reminder at this very moment is sent as one


async def todays_reminders(
    store: PlanStore, user_ids: list[int], now: datetime
) -> dict[int, list[TimedReminder]]:
    """Every timed reminder still to come that may fall on each person's today
    (the next 24 hours: today ends within them in any zone), by person: step
    reminders ("remind me about the form friday 10am").  ``sort_out`` keeps
    those of the person's own day.  One already sent is not listed again: it
    was its own message (and the briefing leaves such a step to it)."""
    found: dict[int, list[TimedReminder]] = {}
    for row in await step_reminders.between(store.db, user_ids, now + _JUST_AFTER, now + DAY):
        found.setdefault(row["user_id"], []).append(row)
    return found


async def agenda_reads(
    store: PlanStore, user_ids: Iterable[int], now: datetime
) -> dict[int, DayReads]:
    """Today's reminders and the steps with a due date, for these people: two
    statements in all.  {user_id: {"reminder": rows, "dated": rows}}."""
    people = list(dict.fromkeys(user_ids))
    if not people:
        return {}
    # Today somewhere is at most tomorrow in UTC: a wider read, narrowed per person.
    latest = (now + DAY).date().isoformat()
    timed = await todays_reminders(store, people, now)
    dated = await store.dated_steps(people, latest)
    return {
        user_id: {"reminder": timed.get(user_id, []), "dated": dated.get(user_id, [])}
        for user_id in people
        if user_id in timed or user_id in dated
    }


def sort_out(
    attention: Attention | None,
    day_reads: DayReads | None,
    zone: ZoneInfo,
    now: datetime,
    moment: str | None = None,
) -> Agenda:
    """One person's rows by kind, in their zone: the attention reads ("due",
    "stuck", "stale") as they are, waits split into snoozes and commitments,
    today's reminders, and dated steps into due today and overdue.  ``moment``:
    ``iso(now)``, when the caller sorts out many people's rows."""
    waits = attention["due"] if attention else []
    reminders = day_reads["reminder"] if day_reads else []
    dated = day_reads["dated"] if day_reads else []
    if not waits and not reminders and not dated:
        # most people most mornings: only quiet steps, nothing to sort
        return {"stuck": attention["stuck"], "stale": attention["stale"]} if attention else {}
    today = now.astimezone(zone).date()
    due_today: list[DatedStep] = []
    overdue: list[DatedStep] = []
    moment, day = moment or iso(now), today.isoformat()
    for row in dated:  # YYYY-MM-DD: compared as text, as the store keeps it
        if row["due_date"] == day:
            due_today.append(row)
        elif row["due_date"] < day and not (row["wait_until"] and row["wait_until"] > moment):
            overdue.append(row)  # snoozed: quiet until its wait ends
    return {
        "reminder": [
            r for r in reminders if parse(r["wait_until"]).astimezone(zone).date() == today
        ],
        "due_today": due_today,
        "overdue": overdue,
        "due": [r for r in waits if r["wait_set_at"] is not None],
        "commitment": [r for r in waits if r["wait_set_at"] is None],
        "stuck": attention["stuck"] if attention else [],
        "stale": attention["stale"] if attention else [],
    }


@cache  # a few dates, thousands of lines a morning
def day_name(day: date) -> str:
    return f"{day:%a} {day.day} {day:%b}"


@cache  # the same few due dates on thousands of lines a morning
def overdue_words(due_date: str, today: date) -> str:
    """ "was due Tue 10 Mar: 1 day overdue." """
    day = date.fromisoformat(due_date)
    days = (today - day).days
    return f"was due {day_name(day)}: {'1 day' if days == 1 else f'{days} days'} overdue."
