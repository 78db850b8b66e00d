"""Deadlines in the built-in rules' words: "add step: submit the tax return by jan 31",
"tax return: gather receipts, submit it by jan 31", "the tax return is due friday".

Two small hooks, so the rules that read plans and steps stay as they are:

* :func:`with_due` — every tool call the rules make passes here (``Acting.call``): a new
  step whose words end in a deadline (``language.due_dates``) becomes the step without
  the date words plus its ``due``; a plan title with one gives it to the plan's last step.
* :func:`due_for_a_step` — a stage of ``free_text.STAGES``: a sentence giving the
  deadline of a step that exists sets that step's due date; two steps that fit are asked
  about, no step that fits passes the sentence on (a new plan, a commitment…).

The day is read in the person's zone; the tools say what was set, or why not.
"""

from __future__ import annotations

from typing import Any

from drbot.ai.language import due_dates, hedges, plan_phrases, step_match
from drbot.ai.tools.clarifying_question import Option, Question
from drbot.ai.tools.offline_answer import OfflineAnswer
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


async def due_for_a_step(m: Any) -> OfflineAnswer | None:
    """ "the tax return is due jan 31": that step's due date, when one step fits.
    ``m``: the message on its way through ``free_text.STAGES`` (its Message)."""
    text = m.text.strip()
    if "\n" in text or hedges.hedge(text) is not None or text.endswith("?"):
        return None
    found = due_dates.read_due_about(text, m.ctx.now, m.ctx.timezone)
    if found is None or not step_match.content_stems(found.words):
        return None
    new_plan = plan_phrases.read_plan(text)
    if new_plan is not None and new_plan[1]:
        return None  # "taxes: receipts, submit by jan 31" is a new plan
    words = plan_phrases.clean_title(found.words) or found.words
    match = step_match.match_step(words, m.plans, m.ctx.current_plan_id, open_only=True)
    day = found.day.isoformat()
    if match.ambiguous:
        question = Question(
            "Which step is due then? Nothing changed yet.",
            tuple(
                Option(
                    c.label(len({o.plan_id for o in match.close}) > 1),
                    (("update_plan_step", {"step_id": c.step_id, "due": day}),),
                )
                for c in match.close
            ),
        )
        return OfflineAnswer(question.text, True, question=question)
    if match.best is None or not step_match.names_only(words, match.best.title):
        return None  # no step it clearly names: read as something else
    return OfflineAnswer(
        await m.interp.call(m.ctx, "update_plan_step", {"step_id": match.best.step_id, "due": day}),
        True,
    )
