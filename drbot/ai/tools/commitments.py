"""Confirmed commitments: "I'll call the council tomorrow" → track it? Yes / No.

People say what they will do before it is a step of any plan.  drbot offers to
track it, in one line with Yes / No; nothing is stored until Yes, and No is
remembered for that message (``DeclinedCommitments``), so the same message —
sent again, or read again by the model — is not offered twice.

The built-in interpreter reads the common forms here (``read``); the model
proposes with its ``propose_commitment`` tool.  Both build the same offer
(``offer``), a ``Question`` whose Yes runs ``track_commitment`` through the
tool registry — or ``snooze_step`` when the words name a step that exists.

Where it goes: the plan it fits, i.e. whose title or steps share its words
(``step_match``), the chat's current plan winning a near tie; two plans equally
close are one Yes button each.  None close: a reminder in the person's own list
(``reminder_tools``), said in the offer, not a plan of one step.  Not a question "which plan?" on top of "track it?": two questions for
one sentence is nagging, and No is one tap away.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from drbot.ai.language import dates, plan_phrases, step_match
from drbot.ai.tools.clarifying_question import Option, Question
from drbot.ai.tools.tool_registry import ToolContext
from drbot.memory.declined_commitments import DeclinedCommitments
from drbot.memory.records import Plan

YES = "Yes, track it"
NO = "✗ No"
NOT_TRACKED = "OK — not tracking it."
SAME_STEP = 0.75  # both ways: the words are that step, not a new one near it

# "I'll …", "going to …", "need to …" at the start of the message: a plan of
# one's own.  "…, will finish tomorrow" after a report is an attempt (intents).
_INTENT = re.compile(
    r"(?:(?:ok(?:ay)?|so|right|and|also|btw|oh)\b[\s,]*)*"
    r"(?:i\s+will|i'll|ill|i\s+shall|(?:i'?m|im|i\s+am)\s+(?:going\s+to|gonna)|going\s+to|"
    r"gonna|(?:i\s+)?(?:need|have)\s+to|(?:i'?ve\s+|i\s+)?got\s+to|(?:i\s+)?gotta|(?:i\s+)?must|"
    r"i\s+should)\s+"
    r"(?:(?:definitely|really|probably|finally|also|still|then|just|first|try\s+(?:to|and)|"
    r"remember\s+to)\s+)*",
    re.I,
)
# Not a thing to do: being somewhere, or a change to a step drbot already reads.
_NOT_A_TASK = re.compile(
    r"(?:be|been|feel|remind|snooze|postpone|push|skip|leave|wait|let\s+you\s+know|"
    r"get\s+back\s+to\s+you|do\s+(?:it|that|this)|finish\s+(?:it|that|this))\b",
    re.I,
)
_CLAUSE_END = re.compile(r"\s*(?:[,;:—(]|\b(?:but|because|cos|since|so\s+that|and\s+then)\b)", re.I)
_CONDITION_AFTER_DAY = re.compile(
    r"^(?:when|once|as\s+soon\s+as|after|if|before|because|cos|coz|since|as)\b.*", re.I | re.S
)
_DAY_BY_AN_EVENT = re.compile(
    r"\s+(?:on|by|till|until|til)\s+(?:(?:the|my|our)\s+)?(?:\w+\s+){0,2}(?:day|payday)\s*,$",
    re.I,
)
_WHEN_CLAUSE = re.compile(
    r"\s+(?:after|once|when|as\s+soon\s+as)\s+(?:my|the|i|i'?m|we|he|she|they|our|his|her|"
    r"work|school|lunch|dinner|tea)\b.*$",
    re.I,
)
_TRAILING = re.compile(
    r"\s+(?:again|first\s+thing|then|too|as\s+well|probably|hopefully|maybe|"
    r"definitely|for\s+sure|at\s+last|finally)$",
    re.I,
)
# A verb and "it": the thing is the step the conversation is about.
_PRONOUN_OBJECT = re.compile(r"(\w+)\s+(?:it|that|this)", re.I)
# Words that name no thing: "I'll try again tomorrow" is about the step at hand.
_VAGUE = frozenset(
    """try him one thing stuff something anything everything back later more bit
lot sure""".split()
)


@dataclass(frozen=True)
class Commitment:
    title: str  # "Call the council"
    when: dates.When  # when the person means to do it (their zone)


def read(
    text: str, now: datetime, timezone: str, current_steps: Iterable[str] = ()
) -> Commitment | None:
    """The commitment in a one-line message, or None: it must start with an
    intention ("I'll", "need to", …), name a thing to do, and say when — a
    day or moment not yet past.  "I'll pay it on friday" names a thing only
    when the current plan has an open step that is just that verb ("Pay"):
    ``current_steps`` are those steps' titles."""
    text = " ".join(text.split())
    intent = _INTENT.match(text)
    if intent is None or text.endswith("?") or len(text) > 200:
        return None
    # "i'll do the hurdles on monday, too wet today": the day is the intention's own, said
    # in its clause; a later clause says why
    clause = _CLAUSE_END.split(text[intent.end() :], maxsplit=1)[0]
    own = dates.find_when(clause, now, timezone)
    when = (
        dates.When(own.moment, own.has_time, own.start + intent.end(), own.end + intent.end())
        if own is not None
        else dates.find_when(text, now, timezone)
    )
    if when is None or when.start < intent.end() or not _ahead(when, now, timezone):
        return None
    # After the day, a clause of when or why is no part of the thing: "I'll rebook the MOT on
    # the 15th when I get paid" is "rebook the MOT" (the step it may already be)
    after = _CONDITION_AFTER_DAY.sub("", text[when.end :].lstrip())
    # (the day's own spaces go with it)
    before_day = text[intent.end() : when.start].rstrip()
    # "I'll do the meter readings on moving day, the 4th of December": a day said by what
    # happens on it, then its date, is no part of the thing
    before_day = _DAY_BY_AN_EVENT.sub("", before_day)
    action = before_day + " " + after
    action = _CLAUSE_END.split(action, maxsplit=1)[0].strip()
    # "I'll deal with the CRNA profile after my set of nights, so like a week from today": a
    # clause of when before the day is no part of the thing either
    action = _WHEN_CLAUSE.sub("", action).strip() or action
    while _TRAILING.search(action):
        action = _TRAILING.sub("", action)
    if _NOT_A_TASK.match(action):
        return None
    if not names_a_thing(action):
        verb = _PRONOUN_OBJECT.fullmatch(action)
        title = next(
            (
                t
                for t in current_steps
                if verb and step_match.content_stems(t) == step_match.content_stems(verb[1])
            ),
            None,
        )
        return Commitment(title, when) if title else None
    title = plan_phrases.clean_title(action)
    return Commitment(title, when) if title else None


def names_a_thing(words: str) -> bool:
    """More than a verb and a pronoun: "call the council", not "call them"."""
    return any(
        s not in step_match.LIGHT and s not in _VAGUE for s in step_match.content_stems(words)
    )


def _ahead(when: dates.When, now: datetime, timezone: str) -> bool:
    if when.has_time:
        return when.moment > now
    return when.moment.date() >= now.astimezone(ZoneInfo(timezone)).date()


def message_key(text: str) -> str:
    """The message as remembered after a No: the same words give the same key."""
    plain = text.replace("’", "'").casefold()
    plain = " ".join(plain.split()).rstrip(" .!")
    return hashlib.sha256(plain.encode()).hexdigest()[:32]


async def declined(ctx: ToolContext) -> bool:
    """Whether the person already said No to tracking this very message."""
    if not ctx.message.strip():
        return False
    declines = DeclinedCommitments(ctx.store.db, clock=lambda: ctx.now)
    return await declines.declined(ctx.user_id, message_key(ctx.message))


async def remember_no(db: Any, user_id: int, key: str, now: datetime) -> None:
    await DeclinedCommitments(db, clock=lambda: now).remember(user_id, key)


# -- the offer -------------------------------------------------------------------


def offer(
    ctx: ToolContext,
    title: str,
    moment: datetime | None,
    has_time: bool,
    plans: list[Plan],
    *,
    plan: Plan | None = None,
) -> Question | None:
    """The one-line Yes / No question, or None when there is nothing to offer
    (the words are a step that exists and no later day was named).  ``plan``:
    the plan it goes in, when the model named it; else the plan it fits."""
    until = _until(moment, has_time, ctx)
    when = f" for {dates.describe(moment, ctx.timezone, ctx.now, has_time)}" if moment else ""
    head = f"Track “{title}”{when}?"
    key = message_key(ctx.message) if ctx.message.strip() else None
    step = None if plan is not None else same_step(title, plans, ctx.current_plan_id)
    if step is not None:
        if until is None:
            return None  # already tracked, and nothing to wait for
        return Question(
            f"{head} It is step {step.position} of “{step.plan_title}”.",
            (Option(YES, (("snooze_step", {"step_id": step.step_id, "until": until}),)),),
            declines=key,
        )
    fitting: list[tuple[int, str]] = (  # (id, title) of each plan it may go in
        [(plan["id"], plan["title"])]
        if plan is not None
        else [(p["id"], p["title"]) for p in fits(title, plans, ctx.current_plan_id)]
    )

    def track(plan_id: int | None) -> tuple[tuple[str, dict[str, Any]], ...]:
        args: dict[str, Any] = {"title": title}
        if until is not None:
            args["until"] = until
        if plan_id is not None:
            args["plan_id"] = plan_id
        return (("track_commitment", args),)

    if not fitting:
        return Question(f"{head[:-1]}, as a reminder?", (Option(YES, track(None)),), declines=key)
    if len(fitting) == 1:
        [(plan_id, plan_title)] = fitting
        return Question(
            f"{head} It fits plan “{plan_title}”.", (Option(YES, track(plan_id)),), declines=key
        )
    names = " and ".join(f"“{plan_title}”" for _, plan_title in fitting)
    return Question(
        f"{head} It fits {names}.",
        tuple(Option(f"Yes, in “{name}”", track(plan_id)) for plan_id, name in fitting),
        declines=key,
    )


def _until(moment: datetime | None, has_time: bool, ctx: ToolContext) -> str | None:
    """What track_commitment waits for: a local date or a moment; None when it
    is due today already (a step waiting until a past midnight waits for nothing)."""
    if moment is None:
        return None
    if has_time:
        return moment.isoformat() if moment > ctx.now else None
    local = moment.astimezone(ZoneInfo(ctx.timezone)).date()
    today = ctx.now.astimezone(ZoneInfo(ctx.timezone)).date()
    return local.isoformat() if local > today else None


def same_step(
    title: str, plans: list[Plan], current_plan_id: int | None
) -> step_match.Candidate | None:
    """The one open step these words are (each names the other's things):
    "finish the form" is "Fill in the form"; "call the council about the
    fence" is not "Fix the fence"."""
    # "I'll do the hurdles", "sort the insurance": a verb that says only "I'll act on it"
    title = _ANY_ACTION.sub("", title.strip())
    found = [
        c
        for c in step_match.candidates(
            title, plans, current_plan_id, open_only=True, least=step_match.WEAK_SCORE
        )
        if _names_each_other(title, c)
    ]
    return found[0] if len(found) == 1 else None


_ANY_ACTION = re.compile(
    r"^(?:do|sort(?:\s+out)?|handle|deal\s+with|tackle|get\s+on\s+with|"
    r"crack\s+on\s+with)\s+",
    re.I,
)


def _names_each_other(words: str, step: step_match.Candidate) -> bool:
    """Each names the other's things: every thing the words name is in the step (or its
    plan's title: "the buildings insurance for the cottage" is "Arrange buildings
    insurance" of "Buy the cottage"), and every thing of the step but its verb is in the
    words."""
    strict = (
        step_match.score(step_match.content_stems(step.title), words) >= SAME_STEP
        and step_match.score(step_match.content_stems(words), step.title) >= SAME_STEP
    )
    # "Fix the hurdles": the hurdles; a word for how much of it ("Price everything up", "Label
    # all the boxes") names no thing of its own: "I'll do the pricing up" is that step
    verb, *rest = step.title.split() or [""]
    things = " ".join(w for w in rest if w.lower() not in _HOW_MUCH)
    if not step_match.names_only(things, things):  # ("Price everything up": the pricing)
        things = f"{verb} {things}".strip()
    return strict or (
        step_match.names_only(words, f"{step.title} {step.plan_title}")
        and bool(things)
        and step_match.names_only(things, words)
    )


_HOW_MUCH = frozenset("everything all every each whole lot rest more some remaining".split())

# Declared (tests/test_commitments.py runs them): (the words of a commitment, a step's title)
# that are one step, and near misses that are not.
SAME_STEP_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("Do the pricing up", "Price everything up"),
    ("Sort the packing", "Pack everything"),
    ("Do the washing up", "Wash everything up"),
    ("Deal with fixing the interest rate", "Fix the interest rate"),
    ("Order the kraft mailers", "Order more kraft mailers"),
)
# (a commitment said, the thing it names): a day said by its event, or a clause of when said
# before the day, is no part of the thing; words that are the thing's own stay
THING_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("I'll do the meter readings on moving day, the 4th of December", "Do the meter readings"),
    ("I'll pay the deposit on payday, the 1st", "Pay the deposit"),
    (
        "I'll deal with the CRNA profile after my set of nights, so like a week from today",
        "Deal with the CRNA profile",
    ),
    ("I'll book the vet once the kids are back, on monday", "Book the vet"),
    ("I'll ring after-sales on friday", "Ring after-sales"),
    (
        "I'll write the thank-you cards for the wedding day on sunday",
        "Write the thank-you cards for the wedding day",
    ),
)
SAME_STEP_NEAR_MISSES: tuple[tuple[str, str], ...] = (
    ("Do the pricing up for the raffle", "Price everything up"),
    ("Label the jars", "Label all the boxes"),
    ("Do the labelling", "Label all the boxes"),  # the boxes are the step's, unsaid
    ("Call the council", "Get council permission"),
)

# The person asks to be reminded ("… Remind me please", "ping me then"): the day is theirs to
# wait for, whatever the message wonders about after it ("maybe the rates go down a bit").
_REMIND_ASKED = re.compile(r"\b(?:remind|ping|nudge|bug|nag)\s+(?:me|us)\b", re.I)


def wait_asked(text: str) -> bool:
    return _REMIND_ASKED.search(text) is not None


def fits(title: str, plans: list[Plan], current_plan_id: int | None) -> list[Plan]:
    """The plan(s) the words fit best: one clear plan, up to three close ones,
    or none.  A plan fits by its title or any of its steps."""
    stems = step_match.content_stems(title)
    scored = []
    for plan in plans:
        value = max(
            [step_match.score(stems, plan["title"])]
            + [step_match.score(stems, s["title"]) for s in plan["steps"]]
        )
        if value >= step_match.WEAK_SCORE:
            bonus = step_match.CURRENT_BONUS if plan["id"] == current_plan_id else 0.0
            scored.append((value + bonus, plan))
    scored.sort(key=lambda pair: pair[0], reverse=True)
    if not scored:
        return []
    best = scored[0][0]
    return [plan for value, plan in scored if best - value < step_match.CLEAR_LEAD][:3]
