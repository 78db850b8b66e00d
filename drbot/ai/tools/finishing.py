"""A plan whose last open step was just done or skipped: Complete, or Keep open?

One question, asked the same way on every path that can close a step, so that
a finished plan does not linger as "active" (it would stay in /plans, and its
steps could come back in reviews) without the person deciding it:

* a tool call — ``update_plan_step``, whether the built-in rules, the model or
  a clarifying question's option made it — notes the plan in
  ``ToolContext.finished`` and its result tells the model that drbot asks
  (so the model does not ask again, nor complete the plan unasked);
* a mark line (``✓ 3``) — the Assistant checks the steps it closed;
* a Done / Skip button — the bot's handler asks the Assistant
  (``Assistant.offer_to_close``).

The Assistant attaches the question to whatever answer the turn gives, unless
that answer already asks something (a question of its own wins: nothing is
lost, the plan is offered again the next time a step of it is closed).  It is
an ordinary stored question (``clarifying_question``): buttons on Telegram, numbers in
``drbot chat``; Complete runs ``update_plan_status`` (validated and scoped to
the person like any call), Keep open runs nothing.  The plan's status is read
again when the question is made, so a plan the model already completed in the
same turn is not offered.
"""

from __future__ import annotations

from collections.abc import Mapping

from drbot.ai.tools.clarifying_question import Option, Question
from drbot.memory import NotFound, PlanStore
from drbot.memory.records import FINISHED, Plan, PlanStatus

CLOSED = FINISHED
COMPLETE, KEEP_OPEN = "Complete", "Keep open"
# Appended to update_plan_step's result for the model (a tool result, not for a person).
TOOL_NOTE = (
    "Every step of this plan is now done or skipped: drbot asks the person whether "
    "to mark the plan complete (Complete / Keep open). Do not ask it yourself, and "
    "do not call update_plan_status unless they say so."
)


def all_finished(plan: Plan) -> bool:
    """An active plan with steps, every one of them done or skipped."""
    return (
        plan["status"] == PlanStatus.ACTIVE
        and bool(plan["steps"])
        and all(step["status"] in CLOSED for step in plan["steps"])
    )


def question_for(plan: Plan) -> Question:
    title = plan["title"]
    return Question(
        f"Every step of “{title}” is finished. Mark the plan complete?",
        (
            Option(
                COMPLETE, (("update_plan_status", {"plan_id": plan["id"], "status": "complete"}),)
            ),
            Option(KEEP_OPEN, (), reply=f"OK — “{title}” stays open."),
        ),
        exhaustive=True,
    )


async def offer(
    store: PlanStore, user_id: int, plan_ids: list[int], *, read: Mapping[int, Plan] | None = None
) -> Question | None:
    """The question for the first of ``plan_ids`` that is (still) active with every
    step finished; None when there is none.  ``read``: plans the turn read after its
    last change (a mark line's), not read again."""
    for plan_id in dict.fromkeys(plan_ids):
        try:
            plan = (read or {}).get(plan_id) or await store.get_plan(user_id, plan_id)
        except NotFound:  # gone meanwhile: nothing to offer
            continue
        if all_finished(plan):
            return question_for(plan)
    return None
