"""The commitment tools: the model's ``propose_commitment`` (asks, writes
nothing) and ``track_commitment``, which only the person's Yes runs (it is not
offered to the model).  What a commitment is and where it goes: ``commitments``.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from pydantic import Field

from drbot.ai.language.dates import describe
from drbot.ai.tools import commitments
from drbot.ai.tools.arguments import Arguments, MaybeId, MaybeText, Text
from drbot.ai.tools.plan_text import plan_text, step_ref
from drbot.ai.tools.plan_tools import active_plans, wake_moment
from drbot.ai.tools.reminder_tools import DEFAULT_AT, set_reminder
from drbot.ai.tools.tool_registry import Tool, ToolContext
from drbot.memory import limits
from drbot.memory.records import PlanStatus

ASKED = (
    "Asked the person: {question} (Yes / No buttons). Nothing is stored unless they say "
    "Yes. Do not ask again; end your answer in a few words."
)
ALREADY_DECLINED = "The person already said No to tracking this message: do not offer it again."


async def propose_commitment(
    ctx: ToolContext, title: str, when: str | None = None, plan: str | None = None
) -> str:
    title = limits.title(title, "commitment")
    if await commitments.declined(ctx):
        return ALREADY_DECLINED
    moment, has_time = _when(ctx, when)
    plans = await active_plans(ctx)
    chosen = None
    if plan is not None:
        chosen = await ctx.store.find_plan(ctx.owner, plan)
        if chosen is None or chosen["status"] != PlanStatus.ACTIVE:
            raise ValueError(
                f'No active plan matches "{plan}"; leave plan out and drbot picks the plan it fits.'
            )
    question = commitments.offer(ctx, title, moment, has_time, plans, plan=chosen)
    if question is None:
        return (
            f'"{title}" is already a step of a plan and no later day was given: nothing to track.'
        )
    ctx.asked = question
    return ASKED.format(question=question.text)


def _when(ctx: ToolContext, words: str | None) -> tuple[datetime | None, bool]:
    """The moment meant, in the person's zone; today is allowed (due now)."""
    if words is None:
        return None, False
    try:
        return wake_moment(ctx, words, None)
    except ValueError:
        if words.strip().casefold() in ("today", "tonight", "now"):
            return None, False  # due today: tracked, waiting for nothing
        raise


async def track_commitment(
    ctx: ToolContext, title: str, until: str | None = None, plan_id: int | None = None
) -> str:
    wait, has_time = _iso_wait(until, ctx)
    if plan_id is None:  # fits no plan: the person's list of reminders, not a one-step plan
        return await set_reminder(ctx, title, _reminder_moment(ctx, until, wait, has_time))
    step_id = await ctx.store.add_step(
        ctx.owner, plan_id, title, wait_until=wait, origin=ctx.origin
    )
    plan = await ctx.store.get_plan(ctx.owner, plan_id)
    step = next((s for s in plan["steps"] if s["id"] == step_id), plan["steps"][-1])
    ctx.touched(plan_id, step["id"])
    waits = (
        f", waiting until {describe(wait, ctx.timezone, ctx.now, has_time)}"
        if wait is not None
        else ""
    )
    return f'Tracking {step_ref(step)} of "{plan["title"]}"{waits}.\n' + plan_text(
        plan, ctx.timezone, attempts=False
    )


def _reminder_moment(
    ctx: ToolContext, until: str | None, wait: datetime | None, has_time: bool
) -> str:
    """When a commitment that fits no plan is reminded of: its moment; a day
    without a time at 09:00 there; today (or a moment passed by the time of Yes)
    in an hour."""
    if wait is not None and has_time:
        return wait.isoformat()
    if wait is not None:
        moment = datetime.combine(
            wait.astimezone(ZoneInfo(ctx.timezone)).date(), DEFAULT_AT, ZoneInfo(ctx.timezone)
        )
        if moment > ctx.now:
            return moment.isoformat()
    return (ctx.now + timedelta(hours=1)).replace(second=0, microsecond=0).isoformat()


def _iso_wait(until: str | None, ctx: ToolContext) -> tuple[datetime | None, bool]:
    """``until`` as the offer stored it — a local date or an ISO moment — and
    None once it has come (Yes pressed late: the step is due, not waiting)."""
    if until is None:
        return None, False
    zone = ZoneInfo(ctx.timezone)
    try:
        if len(until) == 10:
            moment = datetime.combine(date.fromisoformat(until), time(0), zone)
            has_time = False
        else:
            moment = datetime.fromisoformat(until)
            has_time = True
    except ValueError:
        raise ValueError(f"I can't read the date {until!r}; use YYYY-MM-DD.") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=zone)
    return (moment, has_time) if moment > ctx.now else (None, False)


class ProposeCommitment(Arguments):
    title: Text
    when: MaybeText = Field(None, description="The person's words.")
    plan: MaybeText = Field(None, description="Words of a plan title; omit: drbot picks.")


class TrackCommitment(Arguments):
    title: Text
    until: MaybeText = None
    plan_id: MaybeId = None


def tools() -> list[Tool]:
    return [
        Tool(
            "propose_commitment",
            'The person says they will do something ("I\'ll call Jim friday"): offer to '
            "track it. Asks Yes / No; writes nothing.",
            ProposeCommitment,
            propose_commitment,
        ),
        Tool(
            "track_commitment",
            "Track an accepted commitment as a waiting step, or as a "
            "reminder when it fits no plan.",
            TrackCommitment,
            track_commitment,
            writes=True,
            offered=False,
        ),
    ]
