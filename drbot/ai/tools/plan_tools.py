"""The plan tools (docs/ARCHITECTURE.md, "Tools the model sees"): their arguments
(as ``arguments`` models) and handlers.

Each handler acts on ``ctx.owner``'s plans only (the person's own, or in a group
the group's: the caller's chat decides, never the model) and answers with plain text that
names plan ids, step ids and positions, so the model can follow up.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta
from typing import Annotated, Any
from zoneinfo import ZoneInfo

from pydantic import Discriminator, Field, Tag

from drbot import zones
from drbot.ai.language import step_match
from drbot.ai.language.dates import describe, parse_when
from drbot.ai.tools import all_plans, due_dates, finishing
from drbot.ai.tools.arguments import (
    Arguments,
    Id,
    MaybeId,
    MaybeStr,
    MaybeText,
    OneOf,
    Text,
    by_shape,
    not_null,
)
from drbot.ai.tools.plan_text import plan_text, step_ref, summary_line
from drbot.ai.tools.tool_registry import Tool, ToolContext
from drbot.commands import undone_text
from drbot.memory import NotFound, Plan, limits
from drbot.person_settings import reminder_note
from drbot.readable_times import local, plural
from drbot.typed_numbers import ascii_int

Estimate = Annotated[Annotated[float, Field(ge=0.01)] | None, not_null("a number")]


# A step, where a tool takes several: its title, or its title with fields.
class StepFields(Arguments):
    title: Text
    notes: MaybeStr = None
    estimated_days: Estimate = Field(None, description="How many days the step should take.")
    expected_outcome: MaybeStr = Field(None, description="What success looks like.")
    due: MaybeText = Field(None, description="Its deadline, in the person's words.")


# A step as a tool's validated arguments give it (``Step`` below, as plain data):
# a title, or an object of StepFields' names.
GivenStep = str | dict[str, Any]
Step = Annotated[
    Annotated[Text, Tag("as-text")] | Annotated[StepFields, Tag("as-object")],
    Discriminator(by_shape),
]
DUE = "Its deadline in the person's words ('by friday', 'jan 31')"
# Small models lose track of ids; they may name the step as the person did.
STEP_WORDS = "Instead of step_id: the step's words or its number."
StepStatus = Annotated[str | None, OneOf(limits.STEP_STATUSES), not_null("a string")]


class CreatePlan(Arguments):
    title: Text
    description: MaybeStr = None
    steps: Annotated[list[Step], Field(max_length=limits.MAX_STEPS)]


class GetPlan(Arguments):
    plan_id: MaybeId = None
    title: MaybeText = Field(None, description="Words of the title.")


class ListPlans(Arguments):
    status: Annotated[str | None, OneOf([*limits.PLAN_STATUSES, "all"]), not_null("a string")] = (
        Field(None, description="Default: active.")
    )


class UpdatePlanStep(Arguments):
    step_id: MaybeId = None
    step: MaybeText = Field(None, description=STEP_WORDS)
    status: StepStatus = None
    due: MaybeText = Field(None, description=DUE + "; 'none' clears it.")
    # No example: a small model copies it into every call ("no answer" for "venue's booked").
    attempt_outcome: MaybeText = Field(None, description="What happened, in the person's words.")
    attempt_notes: MaybeStr = None
    notes: MaybeStr = Field(None, description="Replaces the step's notes.")
    reason: MaybeStr = Field(None, description="Why it has this status, e.g. 'waiting on council'.")


class UpdatePlanStatus(Arguments):
    plan_id: Id
    status: Annotated[str, OneOf(["complete", "abandoned", "active"])]


class RenamePlan(Arguments):
    plan_id: Id
    title: Text


class MoveStep(Arguments):
    step_id: Id
    position: Id


class AddStep(Arguments):
    plan_id: Id
    title: Text
    notes: MaybeStr = None
    position: MaybeId = None
    estimated_days: Estimate = None
    expected_outcome: MaybeStr = None
    due: MaybeText = Field(None, description=DUE)


class Replan(Arguments):
    plan_id: Id
    steps: Annotated[list[Step], Field(min_length=1, max_length=limits.MAX_STEPS)]
    step_id: MaybeId = None
    reason: MaybeStr = None


class AddPlanNote(Arguments):
    plan_id: Id
    text: Text
    kind: Annotated[str | None, OneOf(limits.NOTE_KINDS), not_null("a string")] = None


class SnoozeStep(Arguments):
    step_id: MaybeId = None
    step: MaybeText = Field(None, description=STEP_WORDS)
    until: MaybeStr = Field(
        None,
        description="The person's words ('friday', 'in 3 days', "
        "'friday 10am') or YYYY-MM-DD, or "
        "YYYY-MM-DDTHH:MM.",
    )
    days: Annotated[Annotated[int, Field(ge=1, le=3650)] | None, not_null("an integer")] = None


class OnePlan(Arguments):
    plan_id: Id


class SetTimezone(Arguments):
    timezone: Text


async def create_plan(
    ctx: ToolContext, title: str, steps: list[GivenStep], description: str | None = None
) -> str:
    plan_id = await ctx.store.create_plan(
        ctx.owner, title, description, _with_due_dates(ctx, steps), origin=ctx.origin
    )
    ctx.touched(plan_id)
    return "Created " + plan_text(await ctx.store.get_plan(ctx.owner, plan_id), ctx.timezone)


async def get_plan(ctx: ToolContext, plan_id: int | None = None, title: str | None = None) -> str:
    if plan_id is None and title is None:
        plan_id = ctx.current_plan_id
        if plan_id is None:
            raise ValueError("Give plan_id or title; this chat has no current plan yet.")
    plan = (
        await ctx.store.get_plan(ctx.owner, plan_id)
        if plan_id is not None
        else await ctx.store.find_plan(ctx.owner, title or "")
    )
    if plan is None:
        raise NotFound(f'No plan matches "{title}". Use list_plans to see them all.')
    ctx.touched(plan["id"])
    return plan_text(plan, ctx.timezone)


async def list_plans(ctx: ToolContext, status: str = "active") -> str:
    plans = await ctx.store.list_plans(ctx.owner, status)
    if status == "all":  # numbered as "/plans all" numbers them ("reopen plan N")
        plans = all_plans.ordered(plans)
    if not plans:
        return f"No {'' if status == 'all' else status + ' '}plans."
    # Numbered as /plans numbers them: the number the person will type back.
    return "\n".join(summary_line(plan, ctx.now, n) for n, plan in enumerate(plans, 1))


async def active_plans(ctx: ToolContext) -> list[Plan]:
    """The person's active plans in full, the current one first (reads only)."""
    summaries = await ctx.store.list_plans(ctx.owner, "active")
    plans: list[Plan] = []
    for summary in summaries:
        try:
            plans.append(await ctx.store.get_plan(ctx.owner, summary["id"]))
        except NotFound:  # closed in between
            continue
    plans.sort(key=lambda p: p["id"] != ctx.current_plan_id)
    return plans


async def resolve_step(ctx: ToolContext, step_id: int | None, step: str | None) -> int:
    """The step meant by ``step_id``, or by ``step``: its number in the current
    plan or words of its title.  Words that fit no step, or two steps equally,
    are an error listing the steps — never a guess (a wrong write is worse)."""
    if step_id is not None and step is None:
        return step_id
    if step_id is not None or step is None:
        raise ValueError("Give step_id or step (the step's words or number), not both.")
    plans = await active_plans(ctx)
    current = next((p for p in plans if p["id"] == ctx.current_plan_id), None)
    position = ascii_int(step, max_digits=3)  # "2", never "²": see drbot.typed_numbers
    if position is not None and current is not None:
        for candidate in current["steps"]:
            if candidate["position"] == position:
                found: int = candidate["id"]
                return found
    match = step_match.match_step(step, plans, ctx.current_plan_id)
    if match.best is not None:
        return match.best.step_id
    shown = [(c.step_id, c.title, c.plan_title) for c in match.close] or [
        (s["id"], s["title"], p["title"]) for p in plans[:2] for s in p["steps"]
    ]
    listing = "; ".join(f'step_id {i} "{title}" ({plan})' for i, title, plan in shown[:8])
    why = "fits several steps" if match.ambiguous else "fits no step"
    raise ValueError(f'"{step}" {why}; nothing was changed. Steps: {listing or "none"}.')


async def update_plan_step(
    ctx: ToolContext,
    step_id: int | None = None,
    step: str | None = None,
    status: str | None = None,
    attempt_outcome: str | None = None,
    attempt_notes: str | None = None,
    notes: str | None = None,
    reason: str | None = None,
    due: str | None = None,
) -> str:
    step_id = await resolve_step(ctx, step_id, step)
    day = due_dates.due_day(ctx, due, clearing=True) if due is not None else None
    closing = (
        status in finishing.CLOSED
        and (await ctx.store.get_step(ctx.owner, step_id))["status"] not in finishing.CLOSED
    )
    done = []
    if due is None or (status, attempt_outcome, notes, reason) != (None, None, None, None):
        change = await ctx.store.update_step(
            ctx.owner,
            step_id,
            status=status,
            attempt_outcome=attempt_outcome,
            attempt_notes=attempt_notes,
            notes=notes,
            status_note=reason,
            origin=ctx.origin,
        )
        if change["attempt_id"] is not None:
            done.append(f"attempt logged ({attempt_outcome})")
        done.append(f"status {change['status'].replace('_', ' ')}")
        plan_id = change["plan_id"]
    if due is not None:  # its own change: /undo takes the date back first
        dated = await ctx.store.set_due_date(ctx.owner, step_id, day, origin=ctx.origin)
        done.append(f"due {due_dates.shown(day)}" if day else "no due date")
        plan_id = dated["plan_id"]
    ctx.touched(plan_id, step_id)
    plan = await ctx.store.get_plan(ctx.owner, plan_id)
    changed = next(s for s in plan["steps"] if s["id"] == step_id)
    text = f"Updated {step_ref(changed)}: {', '.join(done)}.\n" + plan_text(
        plan, ctx.timezone, attempts=False
    )
    if closing and finishing.all_finished(plan):  # its last open step: see finishing
        ctx.finished.append(plan["id"])
        text += "\n" + finishing.TOOL_NOTE
    return text


async def update_plan_status(ctx: ToolContext, plan_id: int, status: str) -> str:
    await ctx.store.update_plan_status(ctx.owner, plan_id, status, origin=ctx.origin)
    ctx.touched(plan_id)
    plan = await ctx.store.get_plan(ctx.owner, plan_id)
    return f'Plan "{plan["title"]}" [plan_id {plan_id}] is now {status}.'


async def rename_plan(ctx: ToolContext, plan_id: int, title: str) -> str:
    old = await ctx.store.rename_plan(ctx.owner, plan_id, title, origin=ctx.origin)
    ctx.touched(plan_id)
    plan = await ctx.store.get_plan(ctx.owner, plan_id)
    return f'Renamed plan "{old}" to "{plan["title"]}" [plan_id {plan_id}].'


async def move_step(ctx: ToolContext, step_id: int, position: int) -> str:
    old = await ctx.store.move_step(ctx.owner, step_id, position, origin=ctx.origin)
    step = await ctx.store.get_step(ctx.owner, step_id)
    ctx.touched(step["plan_id"], step_id)
    plan = await ctx.store.get_plan(ctx.owner, step["plan_id"])
    said = (
        f'"{step["title"]}" is already step {position}.'
        if old == position
        else f'Moved "{step["title"]}" from step {old} to step {position}.'
    )
    return said + "\n" + plan_text(plan, ctx.timezone, attempts=False)


async def add_step(
    ctx: ToolContext,
    plan_id: int,
    title: str,
    notes: str | None = None,
    position: int | None = None,
    estimated_days: float | None = None,
    expected_outcome: str | None = None,
    due: str | None = None,
) -> str:
    day = due_dates.due_day(ctx, due) if due is not None else None
    step_id = await ctx.store.add_step(
        ctx.owner,
        plan_id,
        title,
        notes,
        position,
        estimated_days=estimated_days,
        expected_outcome=expected_outcome,
        due_date=day,
        origin=ctx.origin,
    )
    ctx.touched(plan_id, step_id)
    plan = await ctx.store.get_plan(ctx.owner, plan_id)
    return f"Added step_id {step_id}.\n" + plan_text(plan, ctx.timezone, attempts=False)


async def replan(
    ctx: ToolContext,
    plan_id: int,
    steps: list[GivenStep],
    reason: str | None = None,
    step_id: int | None = None,
) -> str:
    await ctx.store.replan(
        ctx.owner,
        plan_id,
        _with_due_dates(ctx, steps),
        reason=reason,
        origin=ctx.origin,
        step_id=step_id,
    )
    ctx.touched(plan_id)
    plan = await ctx.store.get_plan(ctx.owner, plan_id)
    return (
        f"Re-planned ({plan['times_replanned']} of {limits.MAX_REPLANS} re-plans used).\n"
        + plan_text(plan, ctx.timezone, attempts=False)
    )


async def add_plan_note(ctx: ToolContext, plan_id: int, text: str, kind: str = "finding") -> str:
    await ctx.store.add_note(ctx.owner, plan_id, text, kind, origin=ctx.origin)
    ctx.touched(plan_id)
    plan = await ctx.store.get_plan(ctx.owner, plan_id)
    return f"Noted on “{plan['title']}” [plan_id {plan_id}] ({kind}): {text}"


async def snooze_step(
    ctx: ToolContext,
    step_id: int | None = None,
    step: str | None = None,
    until: str | None = None,
    days: int | None = None,
) -> str:
    step_id = await resolve_step(ctx, step_id, step)
    moment, has_time = wake_moment(ctx, until, days)
    result = await ctx.store.snooze_step(
        ctx.owner,
        step_id,
        moment,
        at_time=has_time,
        chat_id=ctx.chat_id,
        message_id=_asking_message(ctx),
        origin=ctx.origin,
    )
    plan = await ctx.store.get_plan(ctx.owner, result["plan_id"])
    snoozed = next(s for s in plan["steps"] if s["id"] == step_id)
    ctx.touched(plan["id"], step_id)
    when = describe(moment, ctx.timezone, ctx.now, has_time)
    # A time of day makes it a reminder at that moment; a day wakes in that briefing.
    then = " I'll remind you then." if has_time else ""
    if has_time:  # a muted plan, or a moment in quiet hours: said now, not found out later
        note = await reminder_note(
            ctx.store.db, ctx.user_id, plan["id"], moment, ctx.timezone, chat_id=ctx.chat_id
        )
        then += f" {note}" if note else ""
    return f"Snoozed {step_ref(snoozed)} until {when} ({ctx.timezone}).{then}"


def _asking_message(ctx: ToolContext) -> int | None:
    """The Telegram message this turn answers ("telegram:<chat>:<message id>"),
    which a reminder asked for in a group answers in its turn; None for a
    button press, the terminal or a replay without it."""
    kind, _, rest = (ctx.origin or "").partition(":")
    chat, _, message = rest.partition(":")
    return (
        int(message)
        if kind == "telegram"
        and chat == str(ctx.chat_id)
        and message.isdecimal()
        and message.isascii()
        else None
    )


def wake_moment(ctx: ToolContext, until: str | None, days: int | None) -> tuple[datetime, bool]:
    """When it should wake, and whether a time of day was given (else local midnight)."""
    zone = ZoneInfo(ctx.timezone)
    if until is not None and days is not None:
        raise ValueError("Give until or days, not both.")
    if days is not None:
        day = ctx.now.astimezone(zone).date() + timedelta(days=days)
        return datetime.combine(day, time(0), zone), False
    if until is None:
        raise ValueError('Give until (a date or words like "friday") or days.')
    moment, has_time = _iso_moment(until.strip(), zone)
    if moment is None:
        when = parse_when(until, ctx.now, ctx.timezone)
        if when is None:
            raise ValueError(
                f'I can\'t read "{until}" as a date; say e.g. "friday", '
                '"in 3 days", "next monday 9am" or 2026-12-01.'
            )
        moment, has_time = when.moment, when.has_time
    if moment <= ctx.now:
        raise ValueError(
            f"That is {describe(moment, ctx.timezone, ctx.now, has_time)}, which "
            "has begun or passed; snooze until a later date."
        )
    return moment, has_time


def _iso_moment(text: str, zone: ZoneInfo) -> tuple[datetime | None, bool]:
    """An ISO date (local midnight) or date-time (local unless it has an offset)."""
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}(?:[T ].+)?", text):
        return None, False
    try:
        if len(text) == 10:
            return datetime.combine(date.fromisoformat(text), time(0), zone), False
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise ValueError(f"I can't read the date {text!r}; use YYYY-MM-DD.") from None
    return (moment if moment.tzinfo else moment.replace(tzinfo=zone)), True


def _with_due_dates(ctx: ToolContext, steps: list[GivenStep]) -> list[GivenStep]:
    """Steps as the store takes them: a step's ``due`` (the person's words) as its day."""
    return [
        {
            **{k: v for k, v in step.items() if k != "due"},
            "due_date": due_dates.due_day(ctx, step["due"]),
        }
        if isinstance(step, dict) and "due" in step
        else step
        for step in steps
    ]


async def plan_history(ctx: ToolContext, plan_id: int) -> str:
    history = await ctx.store.plan_history(ctx.owner, plan_id)
    ctx.touched(plan_id)
    # Read by a person too (the rules show it as it is): their time, no revision numbers.
    return "\n".join(
        f"{local(h['created_at'], ctx.timezone)} — {h['cause']}"
        + (" (undone)" if h["undone"] else "")
        + "".join(
            f'\n    replaced "{s["title"]}"'
            + (f" ({plural(s['attempts'], 'attempt')})" if s["attempts"] else "")
            for s in h["replaced"]
        )
        for h in history
    )


async def undo_last_change(ctx: ToolContext, plan_id: int) -> str:
    result = await ctx.store.undo(ctx.owner, plan_id, origin=ctx.origin)
    if ctx.current_plan_id is None:
        ctx.touched(plan_id)
    else:
        ctx.changed_elsewhere(plan_id)  # the plan in view stays in view
    retracted = result["attempts_retracted"]
    # Said for a person as much as for the model: no revision numbers, no "(s)".
    kept = (
        ""
        if not retracted
        else " The attempt logged since stays in the history, marked retracted."
        if retracted == 1
        else f" The {retracted} attempts logged since stay in the history, marked retracted."
    )
    return f"{undone_text(result['cause'])}{kept}"


async def set_timezone(ctx: ToolContext, timezone: str) -> str:
    # "Berlin", "EST", "UTC+2" as /timezone takes them; one zone or none.
    found = zones.resolve(timezone) if isinstance(timezone, str) else []
    if len(found) > 1:
        raise ValueError(
            f"{timezone.strip()[:60]} has several time zones: "
            f"{', '.join(found[:6])}; ask which one."
        )
    await ctx.users.set_timezone(ctx.user_id, found[0] if found else timezone)
    ctx.timezone = (await ctx.users.get(ctx.user_id))["timezone"]
    return f"Time zone set to {ctx.timezone}."


def plan_tools() -> list[Tool]:
    """The plan tools, in the order the model sees them."""
    return [
        Tool(
            "create_plan",
            "Create a plan of ordered steps. With no steps given, propose 2-6 concrete ones.",
            CreatePlan,
            create_plan,
            writes=True,
        ),
        Tool(
            "get_plan",
            "A plan with its steps and attempts, by plan_id or title; neither: the current plan.",
            GetPlan,
            get_plan,
        ),
        Tool(
            "list_plans",
            "The person's plans with progress and last activity.",
            ListPlans,
            list_plans,
        ),
        Tool(
            "update_plan_step",
            "Set a step's status and/or log an attempt (an attempt on a pending step starts it).",
            UpdatePlanStep,
            update_plan_step,
            writes=True,
        ),
        Tool(
            "update_plan_status",
            "Mark an entire plan as complete or abandoned (or active again).",
            UpdatePlanStatus,
            update_plan_status,
            writes=True,
        ),
        Tool("rename_plan", "Give a plan a new title.", RenamePlan, rename_plan, writes=True),
        Tool(
            "move_step",
            "Move a step to a 1-based position in its plan.",
            MoveStep,
            move_step,
            writes=True,
        ),
        Tool(
            "add_step",
            "Add a step at the end or at a 1-based position.",
            AddStep,
            add_step,
            writes=True,
        ),
        Tool(
            "replan",
            "Replace a plan's unfinished steps with new ones (done and skipped "
            "steps and all attempts stay); with step_id, only that step. At most 3 per plan.",
            Replan,
            replan,
            writes=True,
        ),
        Tool(
            "add_plan_note",
            "Keep a finding or a progress note on a plan.",
            AddPlanNote,
            add_plan_note,
            writes=True,
        ),
        Tool(
            "snooze_step",
            "Let a step wait until a date (it comes up again that morning's "
            "briefing) or a date and time of day (a reminder is sent at that moment).",
            SnoozeStep,
            snooze_step,
            writes=True,
        ),
        Tool(
            "plan_history",
            "The revisions of a plan: every change, its cause and time.",
            OnePlan,
            plan_history,
        ),
        Tool(
            "undo_last_change",
            "Undo the latest change to a plan (attempts stay in the log, marked retracted).",
            OnePlan,
            undo_last_change,
            writes=True,
        ),
        Tool(
            "set_timezone",
            "Set the user's time zone (IANA name like Europe/Berlin).",
            SetTimezone,
            set_timezone,
            writes=True,
        ),
    ]
