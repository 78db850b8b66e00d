"""The last answer before "I didn't understand": one tap, when a step can be found.

No reading said what happened ("the 8k can wait til after the weekend, knee's at me",
"omg the etsy store is LIVE"), yet the message shares a real content word with one open
step (``language/steps_about``): it is asked about that step with a menu of everything news
of a step can mean — [Done] [Started] [Just note it] [Skip] and, when the message names a
day ahead, [Remind me <day>] — the likeliest first (four buttons at most). Two or three steps
fitting alike are asked which, each button doing the likeliest of those. Nothing is written
before a press. Questions, hedges, several lines and messages naming nothing of a plan keep
today's short answer.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from drbot.ai.language import call_offs, dates, hedges, intents, put_offs, steps_about, under_way
from drbot.ai.rules import step_statements
from drbot.ai.tools.clarifying_question import MAX_OPTIONS, Option, Question
from drbot.ai.tools.offline_answer import OfflineAnswer
from drbot.ai.tools.tool_registry import ToolContext
from drbot.memory.records import Plan

Calls = tuple[tuple[str, dict[str, Any]], ...]

LABELS = {
    "done": "Done",
    "start": "Started",
    "attempt": "Just note it",
    "skip": step_statements.SKIP_LABEL,
    "snooze": "Remind me",
}
# Not news of anything: a condition or a question without its mark ("if the caterer puts
# the price up again…", "do people still do garlands"), wondering aloud, "at some point"
_NOT_NEWS = re.compile(
    r"^\s*(?:what|whats|what's|where|wheres|how|why|who|which|"
    r"if|what\s+if|suppose|supposing|in\s+case|unless|should|would|could|can|do|does|"
    r"did\s+(?:i|you|u)|is|are)\b|"
    r"\bhow\s+(?:do|can|would|should|are|r)\s+(?:you|u|i|we|one)\b|"
    r"\b(?:wonder\w*|should\s+(?:i|we)|(?:i|we)\s+(?:should|ought)|ought\s+to|idk|dunno|"
    r"do\s+(?:u|you|ya)\s+(?:think|reckon)|not\s+sure\s+(?:if|whether)|at\s+some\s+point|"
    r"might|maybe|perhaps|what\s+if)\b|"
    # asked without its mark: "did the lad ever do the gutters", "has he paid or not"
    r"^\s*(?:did|has|have|was|were)\b.*\b(?:ever|or\s+not)\b|"
    # a tag question: "it's bitterly cold out today isn't it"
    r"\b(?:isn'?t|aren'?t|wasn'?t|innit)\s+(?:it|they|he|she|we|you)\b\W*(?:$|\s)",
    re.I,
)

# Meaning to do it, not news of it, in what the message first says ("gonna ring council tmrw
# about the consent", "Ronan was meant to ring the electrician"; not "…, this is going to
# take a while"): only a step put off to a day or called off is read on
_MEANT = re.compile(
    r"(?:^|[,.;!]\s*)ill\b|\b(?:i['’]ll|we['’]ll|(?:i|we)\s+(?:will|shall)|gonna|going\s+to|meant\s+to|"
    r"supposed\s+to|plan(?:ning)?\s+to|hop(?:e|ing)\s+to|want\s+to|wanna)\b",
    re.I,
)

_FIRST_CLAUSE = re.compile(r"[,;:.!—–(]|\s-\s|\bbut\b|\bso\b", re.I)


def offer(
    text: str, plans: list[Plan], ctx: ToolContext, *, written: str = ""
) -> OfflineAnswer | None:
    """The menu for the one open step ``text`` is about, the which-step question for two or
    three, or None (today's answer stands): no plans, a question, a hedge, several lines,
    or no step shares a content word with it."""
    said = written or text
    if (
        not plans
        or "\n" in said.strip()
        or "?" in said
        or intents.is_question(text)
        or _NOT_NEWS.search(said)
        or hedges.hedge(text) is not None
        or intents.not_yet(text)
    ):
        return None
    first = _FIRST_CLAUSE.split(said.strip(), maxsplit=1)[0]
    if _MEANT.search(first) and not (call_offs.called_off(text) or _put_off(text, ctx)):
        return None
    # a plan's name, or another word for a step's thing, says which step only when the
    # message tells news of something ("called the AC mechanic 2 times, phone off" for plan
    # "Fix the shop AC"), never in a remark ("honestly this leak is wrecking my head")
    found = steps_about.steps_about(text, plans, ctx.current_plan_id, loosely=tells_news(text, ctx))
    if not found:
        return None
    kinds = likeliest(text, ctx)
    note = said.strip()[:500] or "noted"
    if len(found) == 1:
        step = found[0]
        options = _options(step.step_id, step.status, kinds, note, ctx)
        question = Question(f"Is this about “{step.title}”? Nothing changed yet.", options)
        return OfflineAnswer(question.text, True, question=question)
    kind = next(k for k in kinds if _calls(k, 0, note, ctx) is not None)
    return step_statements.ask(
        "Which step is this about?",
        found,
        lambda c: _calls(kind, c.step_id, note, ctx) or (),
        len({c.plan_id for c in found}) > 1,
        kind=_label(kind, ctx, note),
    )


def _short_menu_of_one_step(answer: OfflineAnswer) -> tuple[Question, int] | None:
    """The answer's menu of news of one step with room for one more button, and that step."""
    question = answer.question
    if (
        question is None
        or len(question.options) >= MAX_OPTIONS
        or not {o.label for o in question.options} <= set(step_statements.MENU_LABELS.values())
    ):
        return None
    steps = {args.get("step_id") for option in question.options for _, args in option.calls}
    if len(steps) != 1 or not isinstance(step_id := next(iter(steps)), int):
        return None
    return question, step_id


def with_cued_button(
    answer: OfflineAnswer, text: str, ctx: ToolContext, *, written: str = ""
) -> OfflineAnswer:
    """A short menu of news of one step ([Done] [Started] [Just note it]) with the button
    the message itself asks for put first, when it calls the thing off ("decided not to
    bother with the blister packs": [Skip]) or puts it off to a day ahead ("bother me about
    ringing the council on the 5th": [Remind me …]); the answer as it was otherwise."""
    found = _short_menu_of_one_step(answer)
    if found is None:
        return answer
    question, step_id = found
    kind = "skip" if call_offs.called_off(text) else "snooze" if _put_off(text, ctx) else ""
    note = (written or text).strip()[:500] or "noted"
    calls = _calls(kind, step_id, note, ctx) if kind else None
    if calls is None or any(option.calls == calls for option in question.options):
        return answer
    cued = replace(question, options=(Option(_label(kind, ctx, note), calls), *question.options))
    return replace(answer, question=cued)


def with_day_button(
    answer: OfflineAnswer, text: str, ctx: ToolContext, *, written: str = ""
) -> OfflineAnswer:
    """A short menu of news of one step still asked after every writer had its turn, on a
    message that names a day ahead with no words of putting off ("crew ad I put out again 1
    december", "upload ng trailer sa dec 1 na lang", "Saturday is the 15 mile test walk, pop it
    in for then"): [Remind me <day>] added last, so the put-off is one tap away too. Never for
    a deadline ("by friday", "due the 3rd"), a day already cued, nor a full menu."""
    found = _short_menu_of_one_step(answer)
    if found is None:
        return answer
    question, step_id = found
    note = (written or text).strip()[:500] or "noted"
    when = _day_ahead(note, ctx)
    if when is None or _DEADLINE.match(note[when.start : when.end]):
        return answer
    calls = _calls("snooze", step_id, note, ctx)
    if calls is None:
        return answer
    added = (*question.options, Option(_label("snooze", ctx, note), calls))
    return replace(answer, question=replace(question, options=added))


# A day that is a deadline or a due date, not a day the step waits for
_DEADLINE = re.compile(r"\s*(?:by|due|before|latest)\b", re.I)


def tells_news(text: str, ctx: ToolContext) -> bool:
    """The message says something happened, or is off, going on or put off to a day: a
    statement, a thing called off, under way, put off, or a thing said to be complete."""
    return (
        intents.read_statement(text, ctx.now, ctx.timezone) is not None
        or bool(call_offs.called_off(text))
        or under_way.sounds_under_way(text)
        or _put_off(text, ctx)
        or bool(intents.thing_news(text))
    )


def likeliest(text: str, ctx: ToolContext) -> tuple[str, ...]:
    """What the news most likely says of the step, likeliest first: a reading's own kind
    (its step unfound), a thing called off → skip, put off to a day ahead → remind, then
    under way → started, a try that did not work → noted, otherwise done."""
    order = list(step_statements.likeliest_kinds(text)) + ["skip", "snooze"]
    first = None
    reading = intents.read_statement(text, ctx.now, ctx.timezone)
    if reading is not None and reading.kind in LABELS:
        first = reading.kind
    elif call_offs.called_off(text):
        first = "skip"
    elif _put_off(text, ctx):
        first = "snooze"
    elif under_way.sounds_under_way(text):
        first = "start"
    if first is not None:
        order.remove(first)
        order.insert(0, first)
    return tuple(order)


def _put_off(text: str, ctx: ToolContext) -> bool:
    """The step is put off to a day ahead the message names ("can wait til the 10th")."""
    return put_offs.PUT_OFF_WORDS.search(text) is not None and _day_ahead(text, ctx) is not None


def _day_ahead(text: str, ctx: ToolContext) -> dates.When | None:
    """The day named in the message, when it is after today."""
    return put_offs.day_ahead(text, ctx.now, ctx.timezone)


def _calls(kind: str, step_id: int, note: str, ctx: ToolContext) -> Calls | None:
    """What a press of ``kind`` does to the step; None for a reminder without a day."""
    if kind == "skip":
        return (("update_plan_step", {"step_id": step_id, "status": "skipped"}),)
    if kind == "snooze":
        when = _day_ahead(note, ctx)
        if when is None:
            return None
        until = when.moment.isoformat() if when.has_time else when.moment.date().isoformat()
        return (("snooze_step", {"step_id": step_id, "until": until}),)
    return step_statements.status_menu_calls(step_id, note)[kind]


def _label(kind: str, ctx: ToolContext, text: str) -> str:
    if kind != "snooze":
        return LABELS[kind]
    when = _day_ahead(text, ctx)
    day = dates.describe(when.moment, ctx.timezone, ctx.now, when.has_time) if when else ""
    return f"{LABELS[kind]} {day}".strip()


def _options(
    step_id: int, status: str, kinds: tuple[str, ...], note: str, ctx: ToolContext
) -> tuple[Option, ...]:
    """The menu's buttons, likeliest first: a reminder only with a day said, "Started" not
    for a step already under way (unless it is the likeliest), four at most."""
    options = []
    for index, kind in enumerate(kinds):
        if kind == "start" and status == "in_progress" and index:
            continue
        calls = _calls(kind, step_id, note, ctx)
        if calls is None:
            continue
        options.append(Option(_label(kind, ctx, note), calls))
    return tuple(options[:MAX_OPTIONS])
