"""Changes a model proposes, confirmed by the person before they are made.

A small local model misreads people: asked "cheers 🙏" it may mark a step done.
A wrong write is worse than none, so with such a model (``[llm] confirm_writes``;
on by default for a server that is not Anthropic's) a tool call that would
change a plan is not run: the person sees what it would do, in plain words, with
Yes / No (buttons on Telegram, yes or no in the terminal), and only Yes runs
it — through the tool registry, validated and scoped like any call.  Reading
tools (get_plan, list_plans) still run at once: they change nothing.
"""

from __future__ import annotations

from typing import Any

from drbot.ai.tools.clarifying_question import Option, Question
from drbot.ai.tools.due_dates import CLEAR_WORDS
from drbot.ai.tools.tool_registry import ToolContext, ToolRegistry
from drbot.memory import NotFound

NOT_RUN = (
    "Not done yet: drbot asked the person to confirm this change. Do not call it again; "
    "end your answer."
)


def writes(registry: ToolRegistry, calls: list[dict]) -> list[dict]:
    """The tool_use blocks among ``calls`` that would change something."""
    return [call for call in calls if registry.writes(call["name"])]


async def question(calls: list[dict], ctx: ToolContext) -> Question:
    described = "; ".join(
        [describe(call["name"], await _named(call.get("input") or {}, ctx)) for call in calls]
    )
    return Question(
        "Shall I do this? " + described + " — nothing is changed until you say yes.",
        (Option("Yes, do it", tuple((c["name"], dict(c.get("input") or {})) for c in calls)),),
    )


async def _named(args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    """The arguments with a step id shown as the step's title (the person's own only)."""
    if isinstance(args.get("step_id"), int) and not args.get("step"):
        try:
            step = await ctx.store.get_step(ctx.owner, args["step_id"])
        except (NotFound, ValueError):
            return args
        return {**args, "step": step["title"]}
    return args


def not_run(calls: list[dict]) -> list[dict]:
    """tool_result blocks for calls left for the person to confirm."""
    return [
        {"type": "tool_result", "tool_use_id": call["id"], "content": NOT_RUN} for call in calls
    ]


def describe(name: str, args: dict[str, Any]) -> str:
    """A tool call in a person's words (for the question; ids stay out of sight)."""
    step = f"step “{args['step']}”" if args.get("step") else "that step"
    if name == "create_plan":
        steps = args.get("steps") or []
        titles = [s if isinstance(s, str) else s.get("title", "") for s in steps]
        return f"create the plan “{args.get('title', '')}”" + (
            f" with steps: {', '.join(titles)}" if titles else ""
        )
    if name == "update_plan_step":
        parts = []
        if args.get("status"):
            parts.append(f"mark {step} {str(args['status']).replace('_', ' ')}")
        if args.get("attempt_outcome"):
            parts.append(f"log on {step}: “{args['attempt_outcome']}”")
        if args.get("due") and " ".join(str(args["due"]).split()).casefold() in CLEAR_WORDS:
            parts.append(f"clear the due date of {step}")  # "due none" is no day
        elif args.get("due"):
            parts.append(f"make {step} due {args['due']}")
        return " and ".join(parts) or f"change {step}"
    if name == "snooze_step":
        days = args.get("days")
        until = args.get("until") or f"{days} day{'' if days == 1 else 's'}"
        return f"let {step} wait until {until}"
    if name == "update_plan_status":
        return f"mark the plan {args.get('status', '')}"
    if name == "add_step":
        due = f", due {args['due']}" if args.get("due") else ""
        return f"add the step “{args.get('title', '')}”{due}"
    if name == "replan":
        steps = args.get("steps") or []
        titles = [s if isinstance(s, str) else s.get("title", "") for s in steps]
        return "re-plan with: " + ", ".join(titles)
    if name == "add_plan_note":
        return f"note “{args.get('text', '')}”"
    if name == "undo_last_change":
        return "undo the plan's last change"
    if name == "set_timezone":
        return f"set your time zone to {args.get('timezone', '')}"
    if name == "set_reminder":
        when = " ".join(str(args[k]) for k in ("repeat", "when") if args.get(k))
        return f"remind you “{args.get('text', '')}” {when}".rstrip()
    if name == "cancel_reminder":
        return f"cancel the reminder “{args.get('reminder', '')}”"
    return name.replace("_", " ")
