"""A wait whose day is doubtful is asked, never written (the signs: ``language/date_doubts``).

A statement's writes may set a wait ("leave the dr patel one till 2 weeks on friday", "rang
the vet, will try again for sunday"). When the words around the day say it may not be the day
meant, or no day to wait for at all, the wait is taken out of the writes and offered instead:
"Wait on “…” until Friday 4 December?" with Yes, the other days the words could mean, and
Another day. The rest of the writes, when there are any, are made as read.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from drbot.ai.language import date_doubts, dates, intents, plan_phrases, step_match
from drbot.ai.tools.clarifying_question import MAX_OPTIONS, Option, Question
from drbot.ai.tools.tool_registry import ToolContext

ANOTHER_DAY = "Another day"
_ANOTHER_DAY_REPLY = "Tell me the day, e.g. “let it wait till friday”. Nothing changed."


def _label(day: date) -> str:
    return f"{day:%a} {day.day} {day:%b}"


def wait_offer(
    st: intents.Statement, title: str, calls: list[tuple[str, dict[str, Any]]], ctx: ToolContext
) -> Question | None:
    """The wait among ``calls`` offered as a question, when its day is doubtful; None when
    the calls set no wait or its day is certain."""
    waits = [(n, a) for n, a in calls if n == "snooze_step" and a.get("until")]
    if len(waits) != 1 or st.when is None:
        return None
    said = st.said or ctx.message
    if said[st.when.start : st.when.end].strip() == "":
        return None
    kind = "snooze" if all(n == "snooze_step" for n, _ in calls) else st.kind
    # someone else's day is what a step of waiting waits for ("Chase the refund": "they said
    # it goes out friday"), and their word read as such has been weighed already
    theirs_weighed = st.theirs or step_match.is_waiting(title)
    judged = frozenset({date_doubts.SOMEONE_ELSES}) if theirs_weighed else frozenset()
    found = date_doubts.doubt(said, st.when, kind, ctx.message, judged)
    if found is None:
        return None
    name, args = waits[0]
    moment = st.when.moment
    read = dates.describe(moment, ctx.timezone, ctx.now, has_time=False)
    options = [Option("Yes", ((name, args),))]
    today = ctx.now.astimezone(moment.tzinfo).date()
    others = [d for d in date_doubts.other_days(found, moment.date()) if d > today]
    for day in others[: MAX_OPTIONS - 2]:
        other = {**args, "until": day.isoformat()}
        options.append(Option(f"Until {_label(day)}", ((name, other),)))
    options.append(Option(ANOTHER_DAY, (), reply=_ANOTHER_DAY_REPLY))
    return Question(f"Wait on “{title}” until {read}?", tuple(options))


def reminder_offer(asking: str, thing: str, ctx: ToolContext) -> Question | None:
    """A reminder in the person's own list whose day the words beside it doubt ("remind me to
    ring the bank 2 weeks on friday"), as a question; None when the day is certain."""
    when = dates.find_when(asking, ctx.now, ctx.timezone)
    found = date_doubts.doubt(asking, when, "snooze", asking)
    if (
        when is None
        or found is None
        or (found.unread is None and found.sign != date_doubts.DAYS_DISAGREE)
    ):
        return None
    # the words the reader left are no part of the thing: "ring the bank 2 weeks"
    left = found.unread.left if found.unread else ""
    if left and thing.lower().endswith(left.lower()):
        thing = thing[: -len(left)].rstrip(" ,")
    thing = re.sub(rf"\s+{_COUNT_WORDS}$", "", thing, flags=re.I).strip(" ,")
    if not thing:
        return None
    title = plan_phrases.cap(thing)
    read = dates.describe(when.moment, ctx.timezone, ctx.now, has_time=when.has_time)

    def call(day: str) -> tuple[tuple[str, dict[str, Any]], ...]:
        return (("set_reminder", {"text": title, "when": day}),)

    moment = when.moment.isoformat() if when.has_time else when.moment.date().isoformat()
    options = [Option("Yes", call(moment))]
    today = ctx.now.astimezone(when.moment.tzinfo).date()
    others = [d for d in date_doubts.other_days(found, when.moment.date()) if d > today]
    for day in others[: MAX_OPTIONS - 2]:
        options.append(Option(f"On {_label(day)}", call(day.isoformat())))
    options.append(Option(ANOTHER_DAY, (), reply=_ANOTHER_DAY_REPLY))
    return Question(f"Remind you of “{title}” on {read}?", tuple(options))


# a count of days or weeks the reader left at the end of the thing ("ring the bank 2 weeks")
_COUNT_WORDS = (
    r"(?:a|an|one|two|three|four|five|six|\d{1,2}|couple(?:\s+of)?|few)\s+"
    r"(?:days?|weeks?|fortnights?|months?)"
)
