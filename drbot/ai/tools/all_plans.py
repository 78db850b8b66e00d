"""Every plan, finished ones too: "/plans all", and "reopen plan N".

``/plans`` lists the active plans; ``/plans all`` adds the complete and
abandoned ones after them, so an active plan keeps the number /plans gives it
and a closed one comes after (the most recently closed first).  On Telegram
each closed plan has a Reopen button (``drbot.bot.all_plans``); in
``drbot chat`` the list ends with the hint "reopen plan N", N being the number
in this list.

Both are commands typed as commands, like the exact commands of the rules
(``rules.exact``): answered without a model, because N is a number in a list
drbot showed, which only drbot can resolve.  Reopening goes through the tool
registry (``update_plan_status``), validated and scoped like any call.
"""

from __future__ import annotations

import re

from drbot.ai.tools.offline_answer import readable
from drbot.ai.tools.plan_text import summary_line
from drbot.ai.tools.tool_registry import ToolContext, ToolRegistry
from drbot.memory.records import PlanStatus, PlanSummary

ALL = re.compile(r"/?(?:plans\s+all|all\s+(?:my\s+)?plans)[\s.!]*", re.IGNORECASE)
REOPEN = re.compile(r"/?reopen\s+(?:plan\s*)?#?([0-9]{1,4})[\s.!]*", re.IGNORECASE)
HINT = "To reopen a finished plan, say “reopen plan N”."


def ordered(summaries: list[PlanSummary]) -> list[PlanSummary]:
    """Active plans first, in /plans order (by id); then the closed ones, most
    recently closed first."""
    active = sorted(
        (s for s in summaries if s["status"] == PlanStatus.ACTIVE), key=lambda s: s["id"]
    )
    closed = sorted(
        (s for s in summaries if s["status"] != PlanStatus.ACTIVE),
        key=lambda s: (s["updated_at"], s["id"]),
        reverse=True,
    )
    return active + closed


def matches(text: str) -> bool:
    text = text.strip()
    return bool(ALL.fullmatch(text) or REOPEN.fullmatch(text))


async def _every_plan(ctx: ToolContext) -> list[PlanSummary]:
    return ordered(await ctx.store.list_plans(ctx.owner, "all"))


async def answer(registry: ToolRegistry, ctx: ToolContext, text: str) -> str | None:
    """The answer to "/plans all" or "reopen plan N"; None for any other message."""
    text = text.strip()
    if ALL.fullmatch(text):
        plans = await _every_plan(ctx)
        if not plans:
            return "No plans yet."
        lines = [f"All plans ({len(plans)}):"] + [
            readable(summary_line(plan, ctx.now, n)) for n, plan in enumerate(plans, 1)
        ]
        if any(plan["status"] != PlanStatus.ACTIVE for plan in plans):
            lines.append(HINT)
        return "\n".join(lines)
    wanted = REOPEN.fullmatch(text)
    if wanted is None:
        return None
    plans, number = await _every_plan(ctx), int(wanted[1])
    if not 1 <= number <= len(plans):
        return (
            f"There is no plan {number} in your list (you have {len(plans)}, finished "
            "ones included); say “plans all” to see them."
        )
    plan = plans[number - 1]
    if plan["status"] == PlanStatus.ACTIVE:
        return f"Plan {number} “{plan['title']}” is already active."
    result = await registry.call(
        "update_plan_status", {"plan_id": plan["id"], "status": "active"}, ctx
    )
    return result.for_person()
