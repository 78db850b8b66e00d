"""What every rule does to act: run a tool, list plans, find the plan or step a person means.

The interpreter (``interpreter``) and the free-wording readers (``free_text``,
``new_plans``, ``step_statements``) all act through an ``Acting``: the readers take it as
a parameter, so they depend on this module and not on the interpreter that calls them.
"""

from __future__ import annotations

import re
from typing import Any

from drbot.ai.rules.new_step_deadlines import with_due
from drbot.ai.tools.offline_answer import readable
from drbot.ai.tools.plan_text import summary_line
from drbot.ai.tools.reminder_tools import reminder_set_since
from drbot.ai.tools.tool_registry import ToolContext, ToolRegistry
from drbot.memory import NotFound
from drbot.memory.records import Step

WHICH_PLAN = "Which plan? Create one or say 'show the X plan' first."


class Acting:
    def __init__(self, registry: ToolRegistry) -> None:
        self.registry = registry

    async def call(self, ctx: ToolContext, name: str, args: dict[str, Any], after: str = "") -> str:
        """Run one tool; an error is shown as it is and nothing more happens."""
        result = await self.registry.call(name, with_due(name, args, ctx), ctx)
        return result.for_person() + ("" if result.is_error else after)

    async def list_plans(self, ctx: ToolContext, status: str = "active") -> str:
        plans = await ctx.store.list_plans(ctx.owner, status)  # a read, the person's own
        if not plans:
            return f"No {'' if status == 'all' else status + ' '}plans."
        # Numbered as the person will type them back ("plan 2"), never database ids.
        return "\n".join(
            readable(summary_line(plan, ctx.now, i)) for i, plan in enumerate(plans, 1)
        )

    def current(self, ctx: ToolContext) -> int:
        return current_plan(ctx)

    async def undo_newest(self, ctx: ToolContext) -> str:
        """A bare "undo": the person's newest change, whichever plan it was on (the plan in
        view stays in view) — or the reminder they set after it ("remind me at 6 to …",
        then "undo" cancels that reminder, never an older change to a plan)."""
        name, args = await self.newest_undo(ctx)
        return await self.call(ctx, name, args)

    async def newest_undo(self, ctx: ToolContext) -> tuple[str, dict[str, Any]]:
        """The tool call that takes back the person's newest change (a reminder set after
        it first), run now by ``undo_newest`` or offered on a button."""
        latest = await ctx.store.latest_change(ctx.owner)
        reminder = await reminder_set_since(ctx, latest[1] if latest else None)
        if reminder is not None:
            return "cancel_reminder", {"reminder": reminder}
        made = await ctx.store.plan_made_last(ctx.owner)
        if made is not None:  # (undoing an older change instead would lose what they confirmed)
            title = (await ctx.store.get_plan(ctx.owner, made))["title"]
            raise Ask(
                f"Nothing changed — your newest change is the new plan “{title}”, and undo "
                f"doesn't take a new plan back. To drop it, say “abandon {title}”."
            )
        return "undo_last_change", {"plan_id": latest[0] if latest else current_plan(ctx)}

    async def step_at(self, ctx: ToolContext, position: int) -> Step:
        """Step ``position`` of the current plan (-1: the last); Ask if there is none."""
        try:  # a read, scoped to the person like every store call
            plan = await ctx.store.get_plan(ctx.owner, current_plan(ctx))
        except NotFound as error:
            raise Ask(str(error)) from None
        steps = plan["steps"]
        if position == -1 and steps:
            return steps[-1]
        for step in steps:
            if step["position"] == position:
                return step
        n = len(steps)
        raise Ask(
            f'Plan "{plan["title"]}" has {n} step{"" if n == 1 else "s"}'
            + (f"; name one from 1 to {n}." if n else '; add one with "add step: …".')
        )

    async def step_id(self, ctx: ToolContext, position: str | None, example: str) -> int:
        """The id of step ``position`` of the current plan (no position: the last step
        acted on); raises Ask with what to tell the person instead."""
        if position is None:
            if ctx.last_step_id is None:
                raise Ask(f'Which step? Say e.g. "{example}".')
            return ctx.last_step_id
        return (await self.step_at(ctx, int(position)))["id"]

    async def plan_id(self, ctx: ToolContext, ref: str | None) -> int:
        """A plan reference ("the fence plan", "plan 3", "this plan") as an id."""
        kind, value = parse_ref(ref)
        if kind == "current":
            return current_plan(ctx)
        if kind == "id":  # "plan 2": the second of the person's own list, as /plans shows
            plans = await ctx.store.list_plans(ctx.owner, "active")
            if not 1 <= value <= len(plans):
                raise Ask(
                    f"There is no plan {value} in your list (you have {len(plans)} "
                    'active); say "list my plans" to see them.'
                )
            return plans[value - 1]["id"]
        plan = await ctx.store.find_plan(ctx.owner, value)  # read-only, the person's own
        if plan is None:
            raise Ask(f'No plan matches "{value}"; say "list my plans" to see them.')
        return plan["id"]


class Ask(Exception):
    """Understood, but cannot act yet: the message says what is missing."""


def current_plan(ctx: ToolContext) -> int:
    if ctx.current_plan_id is None:
        raise Ask(WHICH_PLAN)
    return ctx.current_plan_id


def parse_ref(ref: str | None) -> tuple[str, Any]:
    """("current", None) | ("id", 3) | ("title", "fence")."""
    if ref is None:
        return "current", None
    ref = re.sub(r"^(?:(?:the|my|our|this|that|current)\s+)+", "", ref.strip(), flags=re.IGNORECASE)
    if ref.lower() in ("", "plan", "it", "this", "that"):
        return "current", None
    number = re.fullmatch(r"(?:plan\s*)?#?([0-9]{1,9})", ref, re.IGNORECASE)
    if number:
        return "id", int(number[1])
    return "title", re.sub(r"\s+plan$", "", ref, flags=re.IGNORECASE)
