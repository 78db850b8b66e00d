"""Statements about a step: "got the photos", "called the venue, no answer".

``intents`` reads what kind of change a sentence asks for; this module finds the
step (by number, by its words with ``step_match``, or by its verb when the
sentence names no thing) and turns the change into tool calls.  Two steps that
fit equally are a ``Question``; nothing is written until the person picks.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from drbot.ai.language import dates, intents, step_match
from drbot.ai.tools.clarifying_question import Option, Question
from drbot.ai.tools.offline_answer import OfflineAnswer
from drbot.ai.tools.tool_registry import ToolContext
from drbot.memory.records import FINISHED

if TYPE_CHECKING:
    from drbot.ai.rules.acting import Acting


async def act(
    interp: Acting, ctx: ToolContext, st: intents.Statement, plans: list[dict]
) -> OfflineAnswer | None:
    if st.kind == "snooze" and _wake(st, ctx) is None:
        if st.when is not None:  # "at 9am" when it is already 11
            said = dates.describe(st.when.moment, ctx.timezone, ctx.now, st.when.has_time)
            return OfflineAnswer(
                f"{said} has already passed — when should I remind you? Nothing changed.", True
            )
        return OfflineAnswer(
            "Until when? Say e.g. “remind me about it friday” or “snooze it "
            "for 3 days”. Nothing changed.",
            True,
        )
    if st.position is not None:
        step = await interp.step_at(ctx, st.position)
        return await run(interp, ctx, _calls(st, step["id"], ctx))
    several = await _several(interp, ctx, st, plans)
    if several is not None:
        return several
    words = st.words
    # "it", "that"; or for a snooze a bare verb ("I'll try again friday"): the step at hand
    if (
        not step_match.content_stems(words)
        or re.fullmatch(r"(?:it|that|this|them)", words, re.I)
        or (st.kind == "snooze" and _names_no_thing(words))
    ):
        if ctx.last_step_id is not None and st.kind in ("attempt", "snooze", "done", "start"):
            return await run(interp, ctx, _calls(st, ctx.last_step_id, ctx))
        return OfflineAnswer(
            "Which step? Name it, e.g. “got the photos” or “done step 2”. Nothing changed.", True
        )
    same = st.kind == "done"
    match = step_match.match_step(
        words, plans, ctx.current_plan_id, open_only=st.kind != "skip", same_action=same
    )
    if match.best is None and not match.ambiguous:
        match = step_match.match_step(words, plans, ctx.current_plan_id, same_action=same)
    named_by = words  # the words the step was found by
    if match.ambiguous and st.action and st.action != words:
        # "skip the vet registration - she stays with the shelter's vet": the clause that
        # says what to do names the step; the rest is why
        first = step_match.match_step(
            st.action, plans, ctx.current_plan_id, open_only=st.kind != "skip", same_action=same
        )
        if first.best is not None and not first.ambiguous:
            match, named_by = first, st.action
    if match.best is None and not match.ambiguous and st.action and st.action != words:
        # "compared them, octopus looks cheapest": the action names the step,
        # the clause after it is what came of it
        match = step_match.match_step(
            st.action, plans, ctx.current_plan_id, open_only=st.kind != "skip", same_action=same
        )
        named_by = st.action
    about = _ABOUT.search(st.outcome or "") if st.kind == "attempt" else None
    if match.best is None and not match.ambiguous and about:
        # "the landlord hasn't replied about the deposit": the step is what it was about
        match = step_match.match_step(about["thing"], plans, ctx.current_plan_id, open_only=True)
        named_by = about["thing"]
    if match.best is None and not match.ambiguous:
        # last: a thing only one step names ("council emailed back, licence is £850 a
        # year" for "Apply for street trading licence")
        # ("skip the internet thing, landlord says it's included in the unit": the clause
        # that says what to do first, the whole message next)
        for named in dict.fromkeys(filter(None, (st.action, words))):
            only = step_match.by_unique_thing(
                named, plans, ctx.current_plan_id, open_only=st.kind != "skip", same_action=same
            )
            if only is not None:
                match, named_by = step_match.Match(only), named
                break
    if match.ambiguous:
        with_plan = len({c.plan_id for c in match.close}) > 1
        return ask(
            "Which step do you mean?", match.close, lambda c: _calls(st, c.step_id, ctx), with_plan
        )
    current = next((p for p in plans if p["id"] == ctx.current_plan_id), None)
    if match.best is None and current is not None and _names_no_thing(st.action):
        # "called them, no answer", "sent it off": the verb names the step
        verbs = step_match.by_verb(words, current)
        elsewhere = [
            c
            for plan in plans
            if plan["id"] != current["id"]
            for c in step_match.by_verb(words, plan)
        ]
        if (
            len(verbs) == 1
            and elsewhere
            and len(verbs + elsewhere) <= 4
            and st.kind in ("done", "skip")
        ):
            # "paid it!!" with a "Pay …" step here and another in a second plan: a status
            # is asked ("tried booking, site was down" is logged on the plan in view)
            return ask(
                "Which step do you mean?",
                verbs + elsewhere,
                lambda c: _calls(st, c.step_id, ctx),
                True,
            )
        if len(verbs) == 1:  # the only step of the plan in view with that verb
            if st.weak:
                return propose(st, verbs[0], ctx)
            return await run(interp, ctx, _calls(st, verbs[0].step_id, ctx))
        if 1 < len(verbs) <= 4:
            return ask(
                "Which step do you mean?", verbs, lambda c: _calls(st, c.step_id, ctx), False
            )
    if match.best is None and _names_no_thing(st.action):
        # "booked it! 🙌" with no plan in view: the steps of every plan with that verb,
        # asked, or the only one proposed
        verbs = [c for plan in plans for c in step_match.by_verb(words, plan)]
        if len(verbs) == 1:
            return propose(st, verbs[0], ctx)
        if 1 < len(verbs) <= 4:
            return ask("Which step do you mean?", verbs, lambda c: _calls(st, c.step_id, ctx), True)
    if match.best is not None and st.weak and not step_match.names_only(named_by, match.best.title):
        # "plumber 1 quoted 3k": news of "Book the plumber", not that it is done. A hint
        # about a step it does not fully name: logging it is proposed, never done.
        return propose(
            replace(st, kind="attempt", outcome=st.outcome or text_of(st)), match.best, ctx
        )
    if match.best is None and st.weak:
        return None  # a hint, and no step it clearly names: not understood, nothing done
    again = re.search(r"\b(?:again|still)\b", st.outcome or "", re.I)
    if match.best is None and st.kind == "attempt" and again and ctx.last_step_id is not None:
        # "rang jim again, voicemail": the step this chat was just working on
        return await run(interp, ctx, _calls(st, ctx.last_step_id, ctx))
    if match.best is None and st.kind == "attempt" and current is not None:
        # "called jim's fencing, no answer": an attempt on something of the plan
        # being worked on, but which step?  Its open steps, to pick from.
        open_steps = [c for c in step_match.by_position(current) if c.status not in FINISHED][:3]
        if open_steps:
            return ask(
                "Which step was that for?", open_steps, lambda c: _calls(st, c.step_id, ctx), False
            )
    if match.best is None and st.kind == "done":
        plan = _plan_named(words, plans)
        if plan is not None:  # "done with the car stuff": the whole plan, asked
            return _ask_complete(plan)
    if match.best is None:
        return OfflineAnswer(
            f"Nothing changed — I couldn't match “{words}” to a step of your "
            "plans. Name the step (“done step 2”) or say “what's next?”.",
            False,
        )
    rival = _plan_named(named_by, [p for p in plans if p["id"] != match.best.plan_id])
    if rival is not None and st.kind in ("done", "skip", "start"):
        # "van's sorted" with a step "Wrap the van" and a plan "Van service": the words name
        # a whole other plan as well as the step, so which is asked
        open_steps = [c for c in step_match.by_position(rival) if c.status not in FINISHED][:2]
        if open_steps:
            return ask(
                "Which step do you mean?",
                [match.best, *open_steps],
                lambda c: _calls(st, c.step_id, ctx),
                True,
            )
    return await run(interp, ctx, _calls(st, match.best.step_id, ctx))


def text_of(st: intents.Statement) -> str:
    """The statement's own words, as the attempt's outcome."""
    return " ".join(filter(None, (st.action, st.words))) if st.action != st.words else st.words


_PROPOSALS = {
    "done": "Mark “{step}” done?",
    "start": "Mark “{step}” started?",
    "skip": "Skip “{step}”?",
    "block": "Mark “{step}” blocked?",
    "attempt": "Note this on “{step}”?",
    "snooze": "Let “{step}” wait?",
}


def propose(st: intents.Statement, step: step_match.Candidate, ctx: ToolContext) -> OfflineAnswer:
    """A plausible reading that is not certain, as one Yes / No line."""
    question = Question(
        _PROPOSALS[st.kind].format(step=step.title) + " Nothing changed yet.",
        (Option(YES, tuple(_calls(st, step.step_id, ctx))),),
    )
    return OfflineAnswer(question.text, True, question=question)


YES = "Yes"


# Words that say "everything about it": "the car stuff", "the wedding things".
_WHOLE = re.compile(r"\b(?:stuff|things?|bits|lot|business|side)\b", re.I)


def _plan_named(words: str, plans: list[dict]) -> dict | None:
    """The one plan the words name (its title has every thing they name)."""
    words = _WHOLE.sub(" ", words)
    named = [p for p in plans if step_match.names_only(words, p["title"])]
    return named[0] if len(named) == 1 else None


def _ask_complete(plan: dict) -> OfflineAnswer:
    open_steps = sum(s["status"] not in FINISHED for s in plan["steps"])
    left = f" ({open_steps} step{'s' if open_steps != 1 else ''} still open)" if open_steps else ""
    question = Question(
        f"Mark the whole plan “{plan['title']}” complete{left}? Nothing changed yet.",
        (
            Option(
                f"Yes, “{plan['title']}” is complete",
                (("update_plan_status", {"plan_id": plan["id"], "status": "complete"}),),
            ),
        ),
    )
    return OfflineAnswer(question.text, True, question=question)


_ABOUT = re.compile(r"\b(?:about|regarding|re|concerning)\s+(?P<thing>[^,.;!?]+)", re.I)


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)")


async def per_sentence(
    interp: Acting, ctx: ToolContext, text: str, plans: list[dict]
) -> OfflineAnswer | None:
    """ "visited two homes yesterday. the one in Leeds was lovely but pricey.
    social worker is calling me back tomorrow": a change for each sentence
    that states one, on the step it clearly names, with its own date; a
    sentence that states none (or only hints) goes with the one before it, as
    more of what happened.  None — the message is read as one — unless it
    starts with a change, has two or more, and every one finds its step."""
    sentences = [s for s in _SENTENCE_END.split(text.strip()) if s.strip()]
    if len(sentences) < 2:
        return None
    groups: list[tuple[intents.Statement, list[str]]] = []
    for sentence in sentences:
        st = intents.read_statement(sentence, ctx.now, ctx.timezone)
        if st is None or (st.weak and groups):
            if not groups:
                return None
            groups[-1][1].append(sentence)
        else:
            groups.append((st, [sentence]))
    if len(groups) < 2:
        return None
    calls = []
    for st, said in groups:
        step_id = await _clear_step(interp, ctx, st, plans)
        if step_id is None:
            return None
        if len(said) > 1 and st.kind in ("attempt", "block", "done"):
            more = " ".join(said) if st.kind != "done" else " ".join(said[1:])
            st = replace(st, outcome=more.strip())
        calls += _calls(st, step_id, ctx)
    return await run(interp, ctx, calls)


async def _clear_step(
    interp: Acting, ctx: ToolContext, st: intents.Statement, plans: list[dict]
) -> int | None:
    """The step a statement names without any doubt, or None."""
    if st.position is not None:
        return (await interp.step_at(ctx, st.position))["id"]
    for words in dict.fromkeys((st.words, st.action)):
        match = step_match.match_step(
            words,
            plans,
            ctx.current_plan_id,
            open_only=st.kind != "skip",
            same_action=st.kind == "done",
        )
        if match.best is not None and (
            not st.weak or step_match.names_only(words, match.best.title)
        ):
            return match.best.step_id
    return None


def _names_no_thing(action: str) -> bool:
    """The action (before any comma or "but") is a verb with at most a pronoun
    or an amount: "tried booking", "called them", "paid £240" — not "booked a
    holiday to spain"."""
    return all(
        s in step_match.LIGHT
        or s == "try"
        or s.isdigit()
        or s in step_match.FILLER
        or any(step_match.same_word(s, verb) for verb in step_match.LIGHT)
        for s in step_match.content_stems(action)
    )


async def _several(
    interp: Acting, ctx: ToolContext, st: intents.Statement, plans: list[dict]
) -> OfflineAnswer | None:
    """ "got the photos and filled in the form": one change per step, when every
    part names its own step clearly; otherwise None (read as one statement)."""
    if st.kind not in ("done", "start", "skip") or not re.search(r"\band\b|,|&", st.words):
        return None
    parts = [p for p in re.split(r"\s*(?:,|&|\band\b)\s*", st.words) if p.strip()]
    if len(parts) < 2:
        return None
    chosen = []
    for part in parts:
        match = step_match.match_step(
            part, plans, ctx.current_plan_id, same_action=st.kind == "done"
        )
        if match.best is None:
            return None
        chosen.append(match.best.step_id)
    if len(set(chosen)) != len(chosen):
        return None
    return await run(interp, ctx, [call for step_id in chosen for call in _calls(st, step_id, ctx)])


def _calls(
    st: intents.Statement, step_id: int, ctx: ToolContext
) -> list[tuple[str, dict[str, Any]]]:
    args: dict[str, Any] = {"step_id": step_id}
    wake = _wake(st, ctx)
    if st.kind == "snooze":
        return [("snooze_step", {"step_id": step_id, "until": wake})]
    if st.kind == "attempt":
        args["attempt_outcome"] = st.outcome or "tried"
        calls = [("update_plan_step", args)]
        return calls + ([("snooze_step", {"step_id": step_id, "until": wake})] if wake else [])
    args["status"] = {
        "done": "done",
        "start": "in_progress",
        "skip": "skipped",
        "block": "blocked",
    }[st.kind]
    if st.kind == "done" and st.outcome:
        args["attempt_outcome"] = st.outcome
    if st.kind == "block" and st.outcome:
        args["reason"] = st.outcome
    return [("update_plan_step", args)]


_AGAIN = re.compile(
    r"\b(?:will|'ll|ill|try\s+again|again|retry|finish|call\s+back|"
    r"(?<!came\s)(?<!come\s)(?<!got\s)(?<!wrote\s)(?<!rang\s)(?<!called\s)back|"
    r"remind|follow\s+up|chase|continue|carry\s+on|next|"
    r"said|says|told|promised|expect(?:ed|ing|s)?|due|by)\b",
    re.I,
)


# "they need the deposit by friday": a deadline the person has to meet, not a day to wait for
_DEADLINE = re.compile(r"\b(?:need|needs|want|wants|must|has\s+to|have\s+to)\b[^,.;]*?\bby\b", re.I)


# "booked up til january, will try someone else": the date is theirs, not the person's
_ELSEWHERE = re.compile(
    r"\b(?:someone|somebody|somewhere|anyone|anywhere)\s+else\b|\belsewhere\b|"
    r"\banother\s+(?:one|place|firm|company|shop|garage|clinic)\b|"
    r"\bno\s+(?:good|use)\b",
    re.I,
)  # "away till the 10th so that's no good"


def _wake(st: intents.Statement, ctx: ToolContext) -> str | None:
    """The day to come back to the step: named, ahead, and (for an attempt) said
    as a plan ("will finish tomorrow", "try again friday"), not a fact ("none
    free on the 12th")."""
    if st.when is None or st.when.moment <= ctx.now:
        return None
    moment = st.when.moment
    # A day without a time must be a later day (in the person's zone: "tomorrow" said at
    # 23:00 in New York is already tomorrow in UTC). A time of day may be later today only
    # when asked for ("remind me at 6pm"): in an attempt, "on hold for 40 mins" is how long
    # it took, not when to come back.
    later_today_ok = st.when.has_time and st.kind == "snooze"
    if not later_today_ok and moment.date() <= ctx.now.astimezone(moment.tzinfo).date():
        return None
    if st.kind == "attempt" and (
        not _AGAIN.search(st.outcome or "")
        or _DEADLINE.search(st.outcome or "")
        or _ELSEWHERE.search(st.outcome or "")
    ):
        return None
    return moment.isoformat() if st.when.has_time else moment.date().isoformat()


async def run(
    interp: Acting, ctx: ToolContext, calls: list[tuple[str, dict[str, Any]]]
) -> OfflineAnswer:
    texts = []
    for name, args in calls:
        result = await interp.registry.call(name, args, ctx)
        texts.append(result.for_person())
        if result.is_error:
            break
    return OfflineAnswer(_one_view(texts), True)


_VIEW = '\nPlan "'


def _one_view(texts: list[str]) -> str:
    """Several changes' answers: each says what it did, then shows its plan.
    When all were on one plan, the plan is shown once, as it ends up."""
    views = [t[t.index(_VIEW) + 1 :] if _VIEW in t else "" for t in texts]
    plans = {v.split(" — ", 1)[0] for v in views if v}
    if len(texts) < 2 or len(plans) != 1:
        return "\n".join(texts)
    heads = [t[: t.index(_VIEW)] if _VIEW in t else t for t in texts]
    return "\n".join([*heads, next(v for v in reversed(views) if v)])


def ask(
    text: str, close: list[step_match.Candidate], calls_for, with_plan: bool = True
) -> OfflineAnswer:
    question = Question(
        text + " Nothing changed yet.",
        tuple(Option(c.label(with_plan), tuple(calls_for(c))) for c in close),
    )
    return OfflineAnswer(question.text, True, question=question)
