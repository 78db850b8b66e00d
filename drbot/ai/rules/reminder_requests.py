""" "Remind me <when> to <thing>" when the thing is no step of a plan, and
"remind me every <rule> to <thing>": a reminder in the person's own list.

The reading is ``language.reminder_words``; this stage only decides who takes
it.  A one-off whose thing names a step of an active plan ("remind me about
the van next monday") is left to the statements that follow, which let that
step wait: a step's reminder is the step's.  A repeat is always the list's (a
step does not repeat).  Everything goes through the ``set_reminder`` tool, as
the model's would.
"""

from __future__ import annotations

import re
from typing import Any

from drbot.ai.language import dates, plan_phrases, reminder_words, step_match
from drbot.ai.rules import doubtful_dates
from drbot.ai.rules.stage_message import Message
from drbot.ai.tools.offline_answer import OfflineAnswer


async def plan_less_reminder(m: Message) -> OfflineAnswer | None:
    """A stage of ``free_text``: the reminder in the person's own list, or None."""
    ctx = m.ctx

    def find(text: str) -> tuple[int, int] | None:
        found = dates.find_when(text, ctx.now, ctx.timezone)
        return None if found is None else (found.start, found.end)

    # "remind me about the tires friday, payday's thursday": the clause that asks holds
    # the request; what follows is why
    clauses = re.split(r"[,;]\s|\.\s", m.text)
    asking = next((c for c in clauses if re.search(r"\bremind\b", c, re.I)), m.text)
    request = reminder_words.read_request(asking, find)
    if request is None:
        return None
    if request.repeat is None:
        # a thing any step may be ("digging out the P60" of "Find last year's P60") is
        # that step's reminder: the statements after this stage let it wait
        near = step_match.candidates(
            request.thing, m.plans, ctx.current_plan_id, open_only=True, least=step_match.WEAK_SCORE
        )
        if (
            near
            or _points_back_to_a_step(request.thing, m)
            or step_match.by_unique_thing(
                request.thing, m.plans, ctx.current_plan_id, open_only=True
            )
            is not None
        ):
            return None
    if request.repeat is None:
        offer = doubtful_dates.reminder_offer(asking, request.thing, ctx)
        if offer is not None:
            # "remind me to ring the bank 2 weeks on friday": the day is doubtful, offered
            return OfflineAnswer(f"{offer.text} Nothing changed yet.", True, question=offer)
    args: dict[str, Any] = {"text": plan_phrases.cap(request.thing)}
    args |= {"repeat": request.repeat} if request.repeat else {"when": request.when}
    if request.repeat and request.when:
        args["when"] = request.when
    return OfflineAnswer(await m.interp.call(ctx, "set_reminder", args), True)


# A thing that points back at someone or something the message named before ("the oven guy
# can't do this week. remind me to chase him next tuesday"): "him" is the oven guy
_POINTS_BACK = re.compile(r"\b(?:him|her|them|it|they|he|she|that|this|those|these)\b", re.I)


def _points_back_to_a_step(thing: str, m: Message) -> bool:
    """The thing is a pronoun's, and the message names an open step: that step's reminder."""
    if _POINTS_BACK.search(thing) is None:
        return False
    return bool(
        step_match.candidates(
            m.text, m.plans, m.ctx.current_plan_id, open_only=True, least=step_match.WEAK_SCORE
        )
    )
