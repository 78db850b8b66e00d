"""A sentence giving the deadline of a step that exists: "the tax return is due friday",
"deadline for the form is jan 31" — a stage of ``free_text.STAGES``.

:func:`due_for_a_step` sets that step's due date; two steps that fit are asked about, no
step that fits passes the sentence on (a new plan, a commitment…).  The day is read in
the person's zone; the tool says what was set, or why not.  (Deadline words at the end
of a new step's words are ``new_step_deadlines``.)
"""

from __future__ import annotations

from drbot.ai.language import due_dates, hedges, plan_phrases, step_match
from drbot.ai.rules.stage_message import Message
from drbot.ai.tools.clarifying_question import Option, Question
from drbot.ai.tools.offline_answer import OfflineAnswer


async def due_for_a_step(m: Message) -> OfflineAnswer | None:
    """ "the tax return is due jan 31": that step's due date, when one step fits."""
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
