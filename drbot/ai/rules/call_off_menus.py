"""A step called off, offered when no reading wrote anything: [Replace] [Skip it] [Just note it].

People say a step is no longer needed, or is replaced, in more ways than any table of
readings holds ("no grotto this yr", "levy doesnt apply on brown st", "mehendi artist
cancelled on us … so instead i just need to ask her and buy the cones"). When the message
calls something off (``language/call_offs``), the words name an open step — even weakly,
or by another word for its thing — and nothing was written, the step is offered: replaced
by the new steps when the message says them, skipped, or the message only noted on it.
Two or three steps named alike are asked which. Nothing is written before a press.
"""

from __future__ import annotations

from typing import Any

from drbot.ai.language import call_offs, letters, plan_phrases, replacements, step_match
from drbot.ai.rules import step_statements
from drbot.ai.tools.clarifying_question import MAX_OPTIONS, Option, Question
from drbot.ai.tools.offline_answer import OfflineAnswer
from drbot.ai.tools.plan_tools import active_plans
from drbot.ai.tools.tool_registry import ToolContext
from drbot.memory.records import FINISHED, Plan

YES = "Yes"

# A step sharing less than this of its words with what is called off is not offered
OFFER_SCORE = step_match.WEAK_SCORE


def named_steps(
    words: tuple[str, ...], plans: list[Plan], ctx: ToolContext, topic: str | None = None
) -> list[step_match.Candidate]:
    """The open steps the called-off words name: the first words that name one step alone
    (by the matcher, a thing only it has, or another word for its thing), else the first
    that name two or three alike; [] when none does."""
    several: list[step_match.Candidate] = []
    tries = [f"{w} {topic}" for w in words[:1] if topic] + list(words)
    for said in tries:
        found = _named_by(said, plans, ctx)
        if len(found) == 1:
            return found
        several = several or (found if len(found) <= 3 else [])
    return several


def _named_by(said: str, plans: list[Plan], ctx: ToolContext) -> list[step_match.Candidate]:
    current = ctx.current_plan_id
    match = step_match.match_step(said, plans, current, open_only=True)
    if match.best is not None:
        return [match.best]
    if match.close:
        return match.close[:3]
    only = step_match.by_unique_thing(said, plans, current, open_only=True)
    if only is not None:
        return [only]
    weak = step_match.candidates(said, plans, current, open_only=True, least=OFFER_SCORE)
    if weak:
        return weak[:3]
    return step_match.by_thing_family(said, plans, current, open_only=True) or _by_its_words(
        said, plans, current
    )


def _by_its_words(said: str, plans: list[Plan], current: int | None) -> list[step_match.Candidate]:
    """The one open step whose title has every word of what is called off, said as a thing
    whatever word it is ("scrap the half" for "Register for the half as a tune-up race",
    where the matcher reads "half" as how far a step has got)."""
    words = {w for w in letters.words(said) if len(w) >= 3}
    if not words:
        return []
    found = [
        step_match.Candidate.of(plan, step, OFFER_SCORE, plan["id"] == current)
        for plan in plans
        for step in plan["steps"]
        if step["status"] not in FINISHED and words <= set(letters.words(step["title"]))
    ]
    return found if len(found) == 1 else []


def new_steps(text: str) -> list[str]:
    """What the message says comes instead, read by the replacement readers; [] for none."""
    swap = replacements.read_swap(text)
    if swap is not None and swap.steps:
        steps = swap.steps
    else:
        steps = next(
            (
                list(found[1])
                for found in (
                    replacements.read_replacement(text),
                    replacements.read_change(text),
                    replacements.read_instead(text),
                )
                if found is not None and found[1]
            ),
            [],
        )
    steps = replacements.in_order_after_summary(text, steps)
    return replacements.real_steps([replacements.without_whose_word(step) for step in steps])


async def offer(text: str, ctx: ToolContext, *, written: str = "") -> OfflineAnswer | None:
    """The menu for a message that calls off a step it names; None when it calls nothing
    off or names no open step. ``written`` is the message as the person wrote it, kept as
    the note."""
    words = call_offs.called_off(text)
    if not words:
        return None  # (most messages: the plans are never read)
    plans = await active_plans(ctx)
    if not plans:
        return None
    named = named_steps(words, plans, ctx, replacements.topic_of(text))
    if not named:
        return None
    steps = new_steps(text)
    if not steps:
        steps, things = call_offs.instead_steps(text)
        verb = named[0].title.split()[0] if len(named) == 1 and named[0].title.split() else ""
        if things:
            # "swap the 15k long run for a 10k trail run and a 12k road run": each thing comes
            # in by the verb of the step it replaces ("Do a 10k trail run")
            known = verb.lower() in plan_phrases.STEP_VERBS
            steps = [f"{verb} {t[0].lower()}{t[1:]}" if known else t for t in steps]
    note = (written or text).strip()[:500] or "noted"
    if len(named) > 1:
        return step_statements.ask(
            "Which step is off?",
            named,
            lambda c: _calls(c, steps, note)["replace" if steps else "skip"],
            len({c.plan_id for c in named}) > 1,
            kind="Replace" if steps else "Skip",
        )
    (one,) = named
    calls = _calls(one, steps, note)
    if steps:
        new = ", ".join(f"“{step}”" for step in steps)
        text_asked = f"Replace “{one.title}” with {new}? Nothing changed yet."
        options = [
            Option("Replace", calls["replace"]),
            Option("Skip it", calls["skip"]),
            Option("Just note it", calls["note"]),
        ]
    else:
        text_asked = f"Skip “{one.title}”? Nothing changed yet."
        options = [Option("Skip it", calls["skip"]), Option("Just note it", calls["note"])]
    question = Question(text_asked, tuple(options[:MAX_OPTIONS]))
    return OfflineAnswer(question.text, True, question=question)


def replace_offered_skip(
    question: Question, text: str, plans: list[Plan], ctx: ToolContext, *, written: str = ""
) -> OfflineAnswer | None:
    """A skip offered of one step ("Skip “X”?") on a message that then says what comes
    instead, whose words of the call-off the menu above could not tie to a step ("scrap
    ordering the boiler part myself. instead: ask Pan Józef …, then pay him back …"): the
    step the skip named is replaced — [Replace] [Skip it] [Just note it], nothing written
    before a press; None when the question is no such skip or no new steps are said."""
    skipped = {
        args.get("step_id")
        for option in question.options
        for name, args in option.calls
        if name == "update_plan_step" and args.get("status") == "skipped"
    }
    if len(skipped) != 1 or any(name == "replan" for o in question.options for name, _ in o.calls):
        return None
    steps = new_steps(text)
    if not steps:
        steps, things = call_offs.instead_steps(text)
        steps = [] if things else steps
    if len(steps) < 2:
        return None  # one step is as often a remark on the skip ("I'll just wing it")
    (step_id,) = skipped
    one = next(
        (
            step_match.Candidate.of(plan, step, OFFER_SCORE, plan["id"] == ctx.current_plan_id)
            for plan in plans
            for step in plan["steps"]
            if step["id"] == step_id and step["status"] not in FINISHED
        ),
        None,
    )
    if one is None:
        return None
    calls = _calls(one, steps, (written or text).strip()[:500] or "noted")
    new = ", ".join(f"“{step}”" for step in steps)
    options = (
        Option("Replace", calls["replace"]),
        Option("Skip it", calls["skip"]),
        Option("Just note it", calls["note"]),
    )
    asked = Question(f"Replace “{one.title}” with {new}? Nothing changed yet.", options)
    return OfflineAnswer(asked.text, True, question=asked)


def _calls(
    step: step_match.Candidate, steps: list[str], note: str
) -> dict[str, tuple[tuple[str, dict[str, Any]], ...]]:
    return {
        "replace": (
            ("replan", {"plan_id": step.plan_id, "step_id": step.step_id, "steps": steps}),
        ),
        "skip": (("update_plan_step", {"step_id": step.step_id, "status": "skipped"}),),
        "note": (("update_plan_step", {"step_id": step.step_id, "attempt_outcome": note}),),
    }


def changes_a_step(question: Question, text: str = "") -> bool:
    """A question one of whose buttons already skips or replaces a step. A skip asked of a
    message that says what comes instead ("not replacing em. just brace the old ones and
    re-strain the wire") is not enough: a step called off with new steps for it is a
    replacement, offered by this menu (with the skip still a button)."""
    calls = [(name, args) for option in question.options for name, args in option.calls]
    replaces = any(name == "replan" for name, _ in calls)
    skips = any(
        name == "update_plan_step" and args.get("status") == "skipped" for name, args in calls
    )
    if skips and not replaces and text and (new_steps(text) or call_offs.instead_steps(text)[0]):
        return False
    return replaces or skips


def merged(offered: OfflineAnswer, before: OfflineAnswer | None) -> OfflineAnswer:
    """The call-off menu, with the buttons of a menu already offered on the same single step
    after its own ("Is this about …?" [Done] …), so what that menu offered stays a tap away."""
    if before is None or before.question is None or offered.question is None:
        return offered
    mine = offered.question.options
    steps = {
        args.get("step_id") for option in mine for _, args in option.calls if "step_id" in args
    }
    theirs = [
        option
        for option in before.question.options
        if option.label not in {o.label for o in mine}
        and option.label != YES  # a Yes means nothing under another question
        and {args.get("step_id") for _, args in option.calls} <= steps
        # a note is "Just note it" already
        and not any("attempt_outcome" in args for _, args in option.calls)
    ]
    if not theirs:
        return offered
    question = Question(offered.question.text, (*mine, *theirs)[:MAX_OPTIONS])
    return OfflineAnswer(question.text, True, question=question)
