"""Deadline words in the rules' new steps: "add step: submit the tax return by jan 31",
"tax return: gather receipts, submit it by jan 31".

Every tool call the rules make passes through :func:`with_due` (``Acting.call``): a new
step whose words end in a deadline (``language.due_dates``) becomes the step without the
date words plus its ``due``; a plan title with one gives it to the plan's last step.  The
day is read in the person's zone; the tools say what was set, or why not.  (A sentence
giving the deadline of a step that exists is a stage of its own: ``due_words``.)
"""

from __future__ import annotations

from typing import Any

from drbot.ai.language import due_dates, plan_phrases
from drbot.ai.tools.tool_registry import ToolContext


def with_due(name: str, args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    """``args`` with the deadline words of new steps read into ``due``."""
    if name == "add_step" and "due" not in args and isinstance(args.get("title"), str):
        found = due_dates.read_due(args["title"], ctx.now, ctx.timezone)
        if found is not None:
            return {**args, "title": plan_phrases.cap(found.words), "due": found.day.isoformat()}
    if name in ("create_plan", "replan") and isinstance(args.get("steps"), list):
        steps = [_step(step, ctx) for step in args["steps"]]
        title = args.get("title")
        found = (
            due_dates.read_due(title, ctx.now, ctx.timezone)
            if name == "create_plan" and isinstance(title, str) and steps
            else None
        )
        if found is not None:  # "file taxes by jan 31: …": done when its last step is
            last = steps[-1] if isinstance(steps[-1], dict) else {"title": steps[-1]}
            steps[-1] = {"due": found.day.isoformat(), **last}
            args = {**args, "title": plan_phrases.cap(found.words)}
        return {**args, "steps": steps}
    return args


def _step(step: Any, ctx: ToolContext) -> Any:
    if not isinstance(step, str):
        return step
    found = due_dates.read_due(step, ctx.now, ctx.timezone)
    return (
        step
        if found is None
        else {"title": plan_phrases.cap(found.words), "due": found.day.isoformat()}
    )
