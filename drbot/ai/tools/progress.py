"""What was done over some days gone by: steps finished, tries logged and plans completed.

The answer to "what have I done this week?" or "what did I get done today?"
(``language.agenda_requests.past_days_asked`` reads the days). It reads only: the person's
plans that changed since the days began (a group's in a group, like every plan read), active
or complete; an abandoned plan says nothing. A try taken back by an undo is not counted.
"""

from __future__ import annotations

from datetime import date, datetime, time
from zoneinfo import ZoneInfo

from drbot.ai.tools.tool_registry import ToolContext
from drbot.memory import NotFound
from drbot.memory.clock import parse
from drbot.memory.records import Plan
from drbot.readable_times import calendar_day

# How many tries one answer lists before it counts the rest: the answer stays one screen.
_TRIES_SHOWN = 8


def _day(stamp: str | None, zone: ZoneInfo) -> date | None:
    return parse(stamp).astimezone(zone).date() if stamp else None


async def done_between(ctx: ToolContext, first: date, last: date, words: str) -> str:
    """``first`` … ``last`` (the person's days) as what was finished and tried, plan by plan."""
    zone = ZoneInfo(ctx.timezone)
    since = datetime.combine(first, time(0), zone)
    plans: list[Plan] = []
    for summary in await ctx.store.list_plans(ctx.owner, "all"):
        if summary["status"] == "abandoned" or parse(summary["last_activity"]) < since:
            continue
        try:
            plans.append(await ctx.store.get_plan(ctx.owner, summary["id"]))
        except NotFound:  # forgotten in between
            continue
    plans.sort(key=lambda p: p["id"] != ctx.current_plan_id)

    out: list[str] = []
    finished = tried = 0
    for plan in plans:
        lines: list[str] = []
        for step in plan["steps"]:
            day = _day(step["status_since"], zone)
            if step["status"] == "done" and day is not None and first <= day <= last:
                finished += 1
                lines.append(f"✓ Step {step['position']} ({step['title']}) — {calendar_day(day)}")
            for attempt in step["attempts"]:
                when = _day(attempt["attempted_at"], zone)
                if attempt["retracted"] or when is None or not first <= when <= last:
                    continue
                tried += 1
                if tried <= _TRIES_SHOWN:
                    lines.append(
                        f"• tried Step {step['position']} ({step['title']}): "
                        f"{attempt['outcome']} — {calendar_day(when)}"
                    )
        completed = _day(plan["updated_at"], zone) if plan["status"] == "complete" else None
        if completed is not None and first <= completed <= last:
            lines.append("🎉 plan complete")
        if lines:
            out += [f"“{plan['title']}”", *lines]

    if not out:
        return f"Nothing marked done or tried {words}."
    head = f"Done {words}: {finished} step{'s' * (finished != 1)}"
    if tried:
        head += f", {tried} tr{'ies' if tried != 1 else 'y'} logged"
    if tried > _TRIES_SHOWN:
        out.append(f"(and {tried - _TRIES_SHOWN} more tries)")
    return "\n".join([head + ".", *out])
