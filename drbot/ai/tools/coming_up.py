"""What is coming up over some days: steps due, waits that end and reminders, day by day.

The answer to "what's due this week?" or "anything on tomorrow?" (``language.agenda_requests``
reads the days). It reads only: the person's active plans (a group's in a group, like every
plan read) and their own reminders, in their zone. A day with nothing is left out; when the
days hold nothing the answer says so, and names the next due date after them if there is one.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date, datetime
from zoneinfo import ZoneInfo

from drbot.ai.tools.plan_tools import active_plans
from drbot.ai.tools.tool_registry import ToolContext
from drbot.memory.clock import parse
from drbot.memory.personal_reminders import ReminderList
from drbot.memory.records import FINISHED, Plan, Step
from drbot.readable_times import calendar_day


def _step(plan: Plan, step: Step) -> str:
    return f"“{plan['title']}” — Step {step['position']} ({step['title']})"


def _local(stamp: str, zone: ZoneInfo) -> datetime:
    return parse(stamp).astimezone(zone)


async def coming_up(ctx: ToolContext, first: date, last: date, words: str) -> str:
    """``first`` … ``last`` (the person's days) as lines per day, and what is overdue when
    the days start today."""
    zone = ZoneInfo(ctx.timezone)
    today = ctx.now.astimezone(zone).date()
    plans = await active_plans(ctx)
    # each day's lines as (time of day, or "" for the whole day; line): the whole day first
    lines: dict[date, list[tuple[str, str]]] = defaultdict(list)
    overdue: list[str] = []
    later: list[tuple[date, str]] = []
    for plan in plans:
        for step in plan["steps"]:
            if step["status"] in FINISHED:
                continue
            if step["due_date"]:
                due = date.fromisoformat(step["due_date"])
                if first <= due <= last:
                    lines[due].append(("", f"📅 {_step(plan, step)} is due"))
                elif due < today == first:
                    overdue.append(f"📅 {_step(plan, step)} was due {calendar_day(due)}")
                elif due > last:
                    later.append((due, f"{_step(plan, step)}, due {calendar_day(due)}"))
            if step["wait_until"]:
                ends = _local(step["wait_until"], zone)
                if first <= ends.date() <= last:
                    at = f"{ends:%H:%M}" if step["wait_at_time"] else ""
                    said = "reminder" if step["wait_at_time"] else "waiting ends"
                    lines[ends.date()].append((at, f"⏳ {_step(plan, step)}: {said}"))
    for own in await ReminderList(ctx.store.db, clock=lambda: ctx.now).scheduled(ctx.user_id):
        if own["next_at"] is None:
            continue
        moment = _local(own["next_at"], zone)
        if first <= moment.date() <= last:
            repeat = f" ({own['repeat_words']})" if own["rule"] and own["repeat_words"] else ""
            lines[moment.date()].append((f"{moment:%H:%M}", f"⏰ {own['text']}{repeat}"))

    if not lines and not overdue:
        answer = f"Nothing due, waiting or reminded {words}."
        if later:
            answer += f" Next due: {min(later)[1]}."
        # "what do I need to do today" with nothing dated: what is next is still an answer
        following = [
            _step(plan, first_open)
            for plan in plans
            if (first_open := next((s for s in plan["steps"] if s["status"] not in FINISHED), None))
        ][:3]
        if following:
            answer += "\nNext up: " + "; ".join(following) + "."
        elif not plans:
            answer += (
                " You have no active plans; tell me one, e.g. “fix the fence: get quotes, book it”."
            )
        return answer
    out = [f"Coming up {words}:"]
    if overdue:
        out.append("Overdue:")
        out += overdue
    for day in sorted(lines):
        name = "Today" if day == today else "Tomorrow" if (day - today).days == 1 else ""
        out.append(f"{name} ({calendar_day(day)}):" if name else f"{calendar_day(day)}:")
        for at, line in sorted(lines[day], key=lambda item: item[0]):
            out.append(f"{at} {line}" if at else line)
    return "\n".join(out)
