"""The built-in interpreter: plan commands in plain words, without a model.

Used when no model is configured, first in hybrid mode, and as the fallback
when the model is down.  It acts only through ``ToolRegistry.call`` — the
validation, user scoping and results the model gets — so it can never do more
than the model could; it only reads plans itself, to find the step meant.

Two stages.  Explicit commands ("mark step 2 done", "snooze step 2 until
friday") are ``COMMANDS``, each declared with its patterns, examples and
near-misses and tried in order on the normalised text; the first full match
wins.  Free wording ("got the photos", "called the venue, no answer", "renew
passport: a, b") goes to ``free_text``, which reads intents
(``intents``), finds steps by their words (``step_match``) and dates
(``dates``), and asks instead of guessing.  Anything else changes nothing and
gets one line with the closest example.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any, Literal, TypeGuard, overload

from drbot.ai.language import (
    dates,
    other_tongues,
    plan_checks,
    plan_phrases,
    plan_prose,
    plan_titles,
    reminder_words,
    reworks,
)
from drbot.ai.rules import (
    call_off_menus,
    free_text,
    new_plans,
    not_understood_menus,
    second_reader,
    step_statements,
)
from drbot.ai.rules.acting import Acting, Ask, current_plan, parse_ref
from drbot.ai.tools.offline_answer import OfflineAnswer
from drbot.ai.tools.plan_tools import active_plans
from drbot.ai.tools.tool_registry import ToolContext
from drbot.memory.records import Plan

EXAMPLES = """\
• renew passport: get photos, fill in the form, book an appointment (or one step per line)
• got the photos · started on the form · skip the cake · ✓ 2 · done step 3
• called the venue, no answer · I filled in half the form, will finish tomorrow
• remind me about the van next monday · snooze step 2 until friday 10am
• I'll call the council tomorrow (I offer to track it: Yes / No)
• what's next? · where am I with the passport · show my plans · export
• replan step 2: download the form, get it signed · add step: call the council
• note: Jim is cheapest · mark the passport plan complete · abandon plan 2
• undo · history · set my timezone to Europe/Berlin · start over"""
HELP = "Without a model I understand these, and wordings close to them:\n" + EXAMPLES

# Building blocks.  _normalise has already turned " - ", "–" and "--" into "—".
SEP = r"\s*[—:,;]\s*"
NOTE = rf"(?:{SEP}|\s+)(?P<note>.+)"  # "— booked Jim", ": no answer", " no answer"
STEP = r"step\s*#?(?P<pos>[0-9]{1,3})"
REF = (
    r"(?P<ref>(?:(?:the|my|our|this|that|current)\s+)*(?:plan\s*#?[0-9]+|#[0-9]+|plan|.+?\s+plan))"
)
STATUS = (
    r"(?P<status>done|complete[d]?|finished|in[\s-]progress|started|under\s*way|ongoing|"
    r"pending|not\s+started|to\s*do|open|blocked|stuck|on\s+hold|skipped)"
)
PLAN_STATUS = (
    r"(?P<pstatus>complete[d]?|done|finished|over|abandoned|dropped|cancell?ed|dead|"
    r"active|open|reopened)"
)
LIST_STATUS = (
    r"(?P<status>active|open|current|complete[d]?|finished|done|old|abandoned|dropped|"
    r"all)"
)
WHEN_WORDS = r"(?:until|till|til|to|for|by|in|on)"

# Status words by their stems, first match wins ("ongoing" before "on hold").
_STEP_WORDS = (
    ("in_progress", ("in", "start", "under", "ongoing")),
    ("pending", ("pending", "not", "to", "open")),
    ("blocked", ("block", "stuck", "on")),
    ("skipped", ("skip",)),
)
# "delete the fence plan" abandons it: nothing is deleted (undo, /plans all).
_PLAN_WORDS = (
    (
        "abandoned",
        (
            "aband",
            "drop",
            "scrap",
            "cancel",
            "give",
            "ditch",
            "dead",
            "delet",
            "remov",
            "bin",
            "kill",
        ),
    ),
    ("active", ("activ", "open", "reopen", "reactiv", "resum", "restart")),
)
_LIST_WORDS = (
    ("all", ("all",)),
    ("abandoned", ("aband", "drop")),
    ("complete", ("complete", "finish", "done", "old")),
)


class Offered(Exception):
    """A command understood whose change is shown to be checked (a proposal), not made."""

    def __init__(self, answer: OfflineAnswer) -> None:
        super().__init__(answer.text)
        self.answer = answer


Handler = Callable[["RulesInterpreter", re.Match, ToolContext], Awaitable[str]]


@dataclass(frozen=True)
class Command:
    """One explicit command, declared once with its patterns, the sentences it must read
    and the near-misses it must leave to later commands or to free wording
    (tests/test_readings.py runs them). The first command with a pattern that matches the
    whole normalised text decides."""

    name: str
    patterns: tuple[re.Pattern[str], ...]
    handler: Handler
    examples: tuple[str, ...]
    near_misses: tuple[str, ...] = ()
    # what it leaves to free wording though a pattern reads it (None: nothing)
    declines: Callable[[re.Match[str]], bool] | None = None


COMMANDS: list[Command] = []


def _on(
    name: str,
    *patterns: str,
    examples: tuple[str, ...],
    near_misses: tuple[str, ...] = (),
    declines: Callable[[re.Match[str]], bool] | None = None,
) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        compiled = tuple(re.compile(p, re.IGNORECASE) for p in patterns)
        COMMANDS.append(Command(name, compiled, handler, examples, near_misses, declines))
        return handler

    return register


def read_command(text: str) -> tuple[Command, re.Match] | None:
    """The first command that reads all of ``text`` (greeting, politeness and final
    punctuation aside), with its match; None for free wording."""
    clean = _clean(text)
    for command in COMMANDS:
        for pattern in command.patterns:
            if "\n" in clean and not pattern.flags & re.DOTALL:
                continue  # only a new plan spans lines; never read two commands as one
            match = pattern.fullmatch(clean)
            if match and not (command.declines and command.declines(match)):
                return command, match
    return None


class RulesInterpreter(Acting):
    @overload
    async def handle(
        self, text: str, ctx: ToolContext, *, sure_only: Literal[False] = False
    ) -> OfflineAnswer: ...

    @overload
    async def handle(
        self, text: str, ctx: ToolContext, *, sure_only: bool
    ) -> OfflineAnswer | None: ...

    async def handle(
        self, text: str, ctx: ToolContext, *, sure_only: bool = False
    ) -> OfflineAnswer | None:
        """Understand and act.  ``sure_only`` (hybrid mode): answer only what the
        rules understand — they act only on one clear reading and otherwise ask —
        and return None, having done nothing, for the rest, which then goes to the
        model: what the rules do not understand, and a bare goal, for which a model
        can propose the steps."""
        if not ctx.message:  # called without the assistant: this text is the message
            ctx.message = text
        glossed = other_tongues.gloss(text)
        if not glossed.changed:
            return await self._read(text, ctx, sure_only)
        # words of another language mixed in ("ya pagué lo de la visa", "remind kar dena"):
        # read in their English gloss; what is written keeps the person's own words
        message = ctx.message
        if message == text:
            ctx.message = glossed.text
        try:
            with other_tongues.reading(glossed):
                answer = await self._read(glossed.text, ctx, sure_only)
                return _options_as_written(answer)
        finally:
            ctx.message = message

    async def _read(self, text: str, ctx: ToolContext, sure_only: bool) -> OfflineAnswer | None:
        clean = _clean(text)
        try:
            if (command := read_command(text)) is not None:
                return OfflineAnswer(await command[0].handler(self, command[1], ctx), True)
            written_before = len(ctx.changes)
            # (its writes read from free wording only; a short weekday the date reader took,
            # "ill do it sat", in full: the learnt reader knows "saturday", and "sat" as a verb)
            with second_reader.reading(dates.days_spelt_out(text, ctx.now, ctx.timezone)):
                answer = await free_text.handle(self, clean, ctx, sure_only)
        except Ask as question:  # understood, but something is missing
            return OfflineAnswer(str(question), True)
        except Offered as proposal:  # understood, shown to be checked before it is written
            if sure_only:
                return proposal.answer
            # "Skip “X”?" of a message the second reader is sure calls it off: written
            return await self._skip_said_plainly(ctx, proposal.answer, clean)
        if sure_only:
            return answer if answer is not None and answer.understood else None
        if len(ctx.changes) == written_before and not (
            answer is not None
            and answer.question is not None
            and call_off_menus.changes_a_step(answer.question, clean)
        ):
            # a step called off ("no grotto this yr", "levy doesnt apply on brown st") that no
            # reading wrote: [Replace] [Skip it] [Just note it], never "didn't understand",
            # a new plan or a note only
            called_off = await call_off_menus.offer(clean, ctx, written=text)
            if called_off is None and answer is not None and answer.question is not None:
                # the skip offered is of the step the new steps replace
                called_off = call_off_menus.replace_offered_skip(
                    answer.question, clean, await active_plans(ctx), ctx, written=text
                )
            if called_off is not None:
                merged = call_off_menus.merged(called_off, answer)
                return await self._skip_said_plainly(ctx, merged, clean)
        # the person's plans, read at most once for the menus below: nothing is written
        # between their reads (each runs only while nothing has been)
        plans: list[Plan] | None = None

        def asking_still(answer: OfflineAnswer | None) -> TypeGuard[OfflineAnswer]:
            """A question is the answer so far, and nothing has been written."""
            return (
                answer is not None
                and answer.question is not None
                and len(ctx.changes) == written_before
            )

        if answer is None or not answer.understood:
            plans = await active_plans(ctx)
            # news that names one step and not how it stands: a short menu, never "I didn't
            # understand" ("gutters are done mate": [Done] [Started] [Just note it])
            offered = step_statements.menu_for_news(clean, plans, ctx, written=text)
            if offered is None:
                # no reading said what happened, but the words may still name a step: one
                # tap (a menu of what news of it can mean, or which step), nothing written
                offered = not_understood_menus.offer(clean, plans, ctx, written=text)
            answer = offered or answer
        if asking_still(answer):
            # a question about one step whose own verb the message says finished or under
            # way ("rota's drafted", "DJ is locked in"): written, when that step alone fits
            plans = plans if plans is not None else await active_plans(ctx)
            answer = await step_statements.said_in_its_own_verb(self, ctx, answer, clean, plans)
        if answer is not None and len(ctx.changes) == written_before:
            # a menu of news of one step, with [Skip] or [Remind me …] first when the message
            # calls the thing off or puts it off to a day
            answer = not_understood_menus.with_cued_button(answer, clean, ctx, written=text)
        if asking_still(answer):
            # a menu of news of one step whose kind the second reader is all but sure of
            # ("walk-in scrubbed top to bottom, looks brand new"): written as that kind
            plans = plans if plans is not None else await active_plans(ctx)
            answer = await step_statements.said_plainly(self, ctx, answer, clean, plans)
        if answer is not None and len(ctx.changes) == written_before:
            answer = await self._skip_said_plainly(ctx, answer, clean, plans)
        if asking_still(answer):
            # a menu of news of one step no writer took, on a message naming a day ahead:
            # [Remind me <day>] one tap away too
            answer = not_understood_menus.with_day_button(answer, clean, ctx, written=text)
        unread = answer is None or not (answer.understood or answer.question)
        if unread and free_text.opens_asking_what_drbot_does(text):
            # "what exactly do u do? my sister said youre some kind of to do list bot"
            return OfflineAnswer(free_text.CAPABILITIES, True)
        if unread and plans == [] and (goal := new_plans.bare_goal(text)) is not None:
            # a newcomer's goal after a greeting or who they are, or with a remark after it
            # ("hi hi 👋 my friend say this bot can help. i want to save $5k for …"): offered
            return goal
        if unread and plans == [] and free_text.opens_with_greeting(text):
            # a newcomer's hello with more in it than the greeting that nothing read ("hey,
            # first time here"): greeted, never told what was not understood
            return OfflineAnswer(free_text.GREETING, True)
        return answer or OfflineAnswer(not_understood(clean, has_plans=plans != []), False)

    async def _skip_said_plainly(
        self, ctx: ToolContext, answer: OfflineAnswer, clean: str, plans: list[Plan] | None = None
    ) -> OfflineAnswer:
        """``step_statements.skip_said_plainly`` on an offer to skip one step, nothing written
        yet: the plans read only when the answer is such an offer."""
        question = answer.question
        if question is None or not question.text.startswith(step_statements.SKIP_OFFER):
            return answer
        plans = plans if plans is not None else await active_plans(ctx)
        return await step_statements.skip_said_plainly(self, ctx, answer, clean, plans)


def _options_as_written(answer: OfflineAnswer | None) -> OfflineAnswer | None:
    """A menu offered on a glossed message: its buttons write the person's own words."""
    if answer is None or answer.question is None:
        return answer
    options = tuple(
        replace(
            option,
            calls=tuple((name, other_tongues.args_as_written(args)) for name, args in option.calls),
        )
        for option in answer.question.options
    )
    return replace(answer, question=replace(answer.question, options=options))


def not_understood(text: str, has_plans: bool = True) -> str:
    """One line: nothing changed, and the single closest thing drbot does understand (a plan
    with its steps for a person who has none yet)."""
    return (
        f"Nothing changed — I didn't understand that. Something like: "
        f"“{free_text.closest_example(text, has_plans)}” (or /help)."
    )


# -- handlers, in the order they are tried -----------------------------------


@_on(
    "a note",
    r"(?:add\s+(?:a\s+)?(?:plan\s+)?)?(?P<kind>note|finding|found|progress(?:\s+note)?|update)"
    rf"(?:\s+that\s+|{SEP})(?P<text>.+)",
    examples=(
        "note: Jim is cheapest",
        "add a note that the council rang back",
        "progress — half the boxes are packed",
    ),
    near_misses=(
        "noted, thanks",
        "notes are in the drawer",
        # news opened by "update:" that replaces a step is the replacement's, not a note
        "update: the trip lead writes the risk assessment now, so instead I just have to "
        "fill in the form and get the head to sign it",
        "update - no longer need to book the hall, instead ask the school and borrow chairs",
        "update: swap the cover letter for the online form",
    ),
    declines=lambda m: m["kind"].lower() == "update" and reworks.says_a_step_changes(m["text"]),
)
async def _note(self: RulesInterpreter, m: re.Match, ctx: ToolContext) -> str:
    kind = "progress" if m["kind"].lower().startswith(("progress", "update")) else "finding"
    return await self.call(
        ctx,
        "add_plan_note",
        {"plan_id": current_plan(ctx), "text": m["text"].strip(), "kind": kind},
    )


_FOR_WHOM = re.compile(
    r"^\s*for\s+(?:you|ya|u|me|us)(?:\s+to\s+(?:track|keep\s+track\s+of|remember|keep))?"
    r"(?:\s+(?:please|pls))?\s*[:—-]+\s*(?=\S)",
    re.IGNORECASE,
)


def _goal_and_steps_by_commas(title: str) -> tuple[str, list[str]] | None:
    """ "fix the fence, get quotes, buy posts" — three or more pieces joined by commas, each
    led by a step's verb — read as "fix the fence: get quotes, buy posts"; None otherwise."""
    pieces = [piece.strip() for piece in title.split(",")]
    if len(pieces) < 3 or not all(
        piece and piece.split()[0].lower() in plan_phrases.STEP_VERBS for piece in pieces
    ):
        return None
    listed = plan_phrases.read_plan(f"{pieces[0]}: {', '.join(pieces[1:])}")
    return listed if listed is not None and len(listed[1]) >= 2 else None


@_on(
    "a plan made by name",
    r"(?s)(?:(?:let's|lets|i\s+want\s+to|i'd\s+like\s+to|i\s+would\s+like\s+to|"
    r"(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?)\s*)?(?:make|create|start|"
    # ("nuevo plan: …": "new" in the words of another language)
    rf"set\s+(?:me\s+)?up|draw\s+up|add|new|{plan_phrases.NEW_ELSEWHERE_PATTERN}|"
    # "maak 'n nuwe plan: …" (Afrikaans: "make a new plan")
    r"maak(?=\s+'n\s))\s+(?:me\s+)?(?:(?:a|'n)\s+)?(?:(?:new|nuwe)\s+)?(?:plan|goal)\b"
    r"(?P<rest>.*)",
    r"(?s)plan\s*:\s*(?P<rest>.+)",
    # "new one for you: learn to swim before summer" (a goal alone; with steps after it,
    # the prose reader takes it)
    r"(?:a\s+)?(?:new|another)\s+(?:one|goal)(?:\s+for\s+(?:you|ya|u))?\s*[—:]\s*(?P<rest>[^.,;\n]+)",
    r"(?s)(?:please\s+|pls\s+)?(?:track|remember)\s+(?:this|that)(?:\s+for\s+me)?"
    r"(?:\s+(?:pls|please))?\s*[—:]\s*(?P<rest>.+)",
    examples=(
        "make a plan to fix the fence — steps: get quotes, hire contractor",
        "new plan: kitchen refit",
        "track this: learn to swim",
        "maak 'n nuwe plan: portfolio of my work",
    ),
    near_misses=("the plan is fine", "plans for saturday?"),
)
async def _create(self: RulesInterpreter, m: re.Match, ctx: ToolContext) -> str:
    # "… titled X. I shall add the steps at a later date": words about the plan, not in it
    # "new plan yar, bhai ka honeymoon 🏔️ …": a clause only announcing it, fillers and all, is
    # no part of it (``plan_prose.announced_plan_end``)
    announced = plan_prose.announced_plan_end(m[0].strip())
    rest, _ = plan_prose.about_the_message(
        m[0].strip()[announced:] if announced is not None else m["rest"]
    )
    # "new goal for you to track: 3 retainer clients signed": who it is for is no title
    rest = _FOR_WHOM.sub("", rest)
    # "add a new plan please, quiz night …", "new plan dong: umrah …": the politeness is no title
    rest = plan_phrases.POLITE_LEAD.sub("", rest, count=1)
    # ("a plan called X? no steps yet": the question mark asks, it is no part of the name)
    title, steps = plan_phrases.split_titled(rest.rstrip(" .?"))
    if (
        not steps
        and plan_phrases.marks_its_steps(rest)
        and (marked := plan_phrases.read_plan(rest)) is not None
        and len(marked[1]) >= 2
    ):
        # "make a plan for the temple lunch. 1. Confirm the cook 2. …": its steps in a form
        # of their own (numbered, lines, arrows) after the goal
        title, steps = marked
    if not steps and (prose := plan_prose.read_prose_plan(rest)) is not None:
        title, steps = prose  # "track this for me — scholarship apps. need my transcripts, …"
    if (
        steps
        and new_plans.says_instead(title, steps)
        and await ctx.store.list_plans(ctx.owner, "active")
    ):
        # "new plan for the product pics — instead of me doing them: a, b": what comes in
        # place of a step planned already, not a plan of its own; which step is asked
        return free_text.which_step_changes(
            [re.sub(r"^instead\b[^:]*:\s*", "", step, flags=re.I) for step in steps]
        )
    if not steps and plan_checks.RUNS_INTO_LIST in plan_checks.title_doubts(title, steps):
        # "make a plan for the temple lunch. 1. confirm the cook 2. buy rice …": the list was
        # read into the title; read as a list, or the goal only offered
        listed = plan_phrases.read_plan(rest)
        if listed is None or not listed[1]:
            first = re.split(r"(?<=[^\W\d_]{2})[.!?]+\s+", title, maxsplit=1)[0]
            raise Offered(new_plans.offer_goal(first))  # the goal only, nothing written
        title, steps = listed
    if not steps and (listed := _goal_and_steps_by_commas(title)) is not None:
        # "plan: fix the fence, get quotes, buy posts": actions joined by commas only, the
        # first taken as the goal — a guess, so the plan is shown and made only on yes
        raise Offered(new_plans.propose(*listed, ctx))
    # "new goal for 2027: get booked at a festival" (the goal follows the filler's colon), "a
    # plan titled 'Allotment'. The steps are as follows: …" (the quote and the header are
    # no part of it)
    title, steps = plan_titles.reread(rest, title, steps)
    # "…, chase kestrel for october, 3 weeks late already": chatter after the last step
    steps = plan_checks.without_closing(steps)
    if (asked := plan_prose.goal_after_asking_head(m[0].strip(), title, steps)) is not None:
        # "nuevo plan pe: curso de ingles pa guias. primero …": a word of the asking clause
        # left as the title; the goal is the clause after the colon, shown, made only on yes
        raise Offered(new_plans.propose(*asked, ctx))
    if title and not steps and plan_titles.names_nothing(title):
        # a name of filler, a number or a feeling only ("Pls", "2027"): offered, never made
        raise Offered(new_plans.offer_goal(title))
    if not title:
        return (
            'What should the plan be called? Say e.g. "make a plan to fix the fence — '
            'steps: get quotes, hire contractor".'
        )
    if steps and plan_checks.doubts(rest, title, steps):
        # "make a plan for the reunion step one call auntie …": a reading whose pieces show a
        # wrong cut is shown to be checked, made only on yes
        raise Offered(new_plans.propose(title, steps, ctx))
    after = "" if steps else '\nAdd steps with "add step: get quotes".'
    return await self.call(ctx, "create_plan", {"title": title, "steps": steps}, after)


@_on(
    "new steps for a plan",
    rf"(?s)re-?plan(?:\s+{REF})?(?:\s+with\s*[—:]?|\s*[—:→])\s*(?P<steps>.+)",
    r"(?s)new\s+steps\s*[—:]\s*(?P<steps>.+)",
    examples=(
        "replan: call the council, book the van",
        "new steps: ring jo, pack the car",
        "re-plan the fence plan: get quotes, hire jim",
    ),
    near_misses=("replanning is hard", "new steps are fine"),
)
async def _replan(self: RulesInterpreter, m: re.Match, ctx: ToolContext) -> str:
    steps = plan_phrases.split_steps(m["steps"])  # the Re-plan button asks for exactly this
    return await self.call(
        ctx,
        "replan",
        {
            "plan_id": await self.plan_id(ctx, m.groupdict().get("ref")),
            "steps": steps or [m["steps"].strip()],
        },
    )


@_on(
    "an attempt on a numbered step",
    rf"(?:log(?:ged)?|record(?:ed)?|add(?:ed)?)\s+(?:an?\s+|another\s+|one\s+more\s+)?"
    rf"(?:new\s+)?attempt\s+(?:on|for|at|to)\s+{STEP}(?:{NOTE})?",
    rf"(?:attempt(?:ed)?|(?:i\s+)?tried)\s+(?:on\s+)?{STEP}(?:\s+again)?(?:{NOTE})?",
    rf"{STEP}\s+(?:attempt|tried|try)(?:{NOTE})?",
    # "try again" without a position: the step last acted on in this chat
    rf"(?:(?:i\s+)?(?:try|tried|trying|attempted)\s+(?:it\s+|that\s+)?again|another\s+"
    rf"(?:attempt|try)|again)(?:\s+(?:on\s+)?{STEP})?(?:{NOTE})?",
    examples=("tried step 2 — no answer", "log an attempt on step 1: voicemail", "try again"),
    near_misses=("tried the bakery", "attempt made"),
)
async def _attempt(self: RulesInterpreter, m: re.Match, ctx: ToolContext) -> str:
    step_id = await self.step_id(ctx, m["pos"], "tried step 2 — no answer")
    outcome = _clean_note(m["note"])
    if not outcome:
        return f'What happened? Say e.g. "log an attempt on step {m["pos"] or 1} — no answer".'
    return await self.call(
        ctx, "update_plan_step", {"step_id": step_id, "attempt_outcome": outcome}
    )


@_on(
    "a numbered step marked",
    rf"(?:mark|set|move|put|change)\s+{STEP}\s+(?:as\s+|to\s+|is\s+)?{STATUS}(?:{NOTE})?",
    rf"{STEP}\s+(?:is\s+|was\s+|has\s+been\s+)?(?:now\s+)?{STATUS}(?:{NOTE})?",
    rf"(?:i\s+)?(?P<status>finished|finish|completed|complete|did|skip|skipped|block|started|"
    rf"start)\s+{STEP}(?:{NOTE})?",
    examples=("mark step 2 done", "step 3 is blocked — waiting on council", "finished step 1"),
    near_misses=("mark the calendar", "step on it"),
)
async def _mark_step(self: RulesInterpreter, m: re.Match, ctx: ToolContext) -> str:
    step_id = await self.step_id(ctx, m["pos"], "")
    status = _word(m["status"], _STEP_WORDS, "done")
    args: dict[str, Any] = {"step_id": step_id, "status": status}
    note = _clean_note(m["note"])
    if note:  # "done — booked Jim" is how it went (an attempt); otherwise it is the reason
        args["attempt_outcome" if status == "done" else "reason"] = note
    return await self.call(ctx, "update_plan_step", args)


@_on(
    "a step snoozed",
    rf"(?:snooze|postpone|defer|park|delay|push\s+back)\s+(?:{STEP}|it|that|this(?:\s+step)?)"
    rf"\s+(?:{WHEN_WORDS}\s+)?(?P<when>.+)",
    examples=("snooze step 2 until friday", "postpone it for 3 days", "push back step 1 to monday"),
    near_misses=("snooze button broke", "postpone the party"),
)
async def _snooze(self: RulesInterpreter, m: re.Match, ctx: ToolContext) -> str:
    step_id = await self.step_id(ctx, m["pos"], "snooze step 2 until Thursday")
    when = dates.parse_when(m["when"], ctx.now, ctx.timezone)
    if when is None or when.moment <= ctx.now:
        return (
            f'I can\'t read "{m["when"]}" as a date ahead; say e.g. "until 2026-12-01", '
            '"until Thursday", "tomorrow" or "for 3 days". Nothing changed.'
        )
    until = when.moment.isoformat() if when.has_time else when.moment.date().isoformat()
    return await self.call(ctx, "snooze_step", {"step_id": step_id, "until": until})


@_on(
    "a step added",
    r"add\s+(?:a\s+)?(?:new\s+)?step\s*(?:[—:]\s*)?(?P<title>.+?)"
    r"(?:\s+(?:at\s+position|as\s+step)\s+(?P<position>[0-9]{1,3}))?"
    rf"(?:\s+(?:to|in|on)\s+{REF})?",
    examples=(
        "add step: call the council",
        "add a step to call Jim",
        "add step ring mum to the fence plan",
    ),
    near_misses=("added the stepladder to the list", "a step up"),
)
async def _add_step(self: RulesInterpreter, m: re.Match, ctx: ToolContext) -> str:
    title = re.sub(r"^(?:to|for|that)\s+", "", m["title"].strip(" \"'"), flags=re.I)
    args: dict[str, Any] = {
        "plan_id": await self.plan_id(ctx, m["ref"]),
        "title": plan_phrases.cap(title),
    }  # "add a step to call Jim"
    if m["position"]:
        args["position"] = int(m["position"])
    return await self.call(ctx, "add_step", args)


@_on(
    "a step added to a plan by its name",
    r"(?:add|put|pop|stick)\s+(?P<title>.+?)\s+(?:to|on|onto)\s+(?:the|my|our)\s+(?P<ref>[\w'&-]+"
    r"(?:\s+[\w'&-]+){0,3}?)\s+(?:list|plan)",
    r"(?:another|one\s+more)\s+(?:thing|step|job)\s+(?:for|on)\s+(?:the\s+|my\s+|our\s+)?"
    r"(?P<ref>[^:—]+?)\s*[—:]\s*(?P<title>.+)",
    examples=(
        "can you add buy a walking stick to the hip list",
        "put ring the vet on my dog plan",
        "Another thing for the hip op: get a grabber tool",
    ),
    near_misses=("add the eggs to the flour", "please add it to my list", "put the kettle on"),
)
async def _add_named(self: RulesInterpreter, m: re.Match, ctx: ToolContext) -> str:
    """ "add buy a walking stick to the hip list": a step for the plan its words name."""
    title = re.sub(r"^(?:to|that)\s+", "", m["title"].strip(" \"'"), flags=re.I)
    plan_id = await self.plan_id(ctx, m["ref"])
    return await self.call(
        ctx, "add_step", {"plan_id": plan_id, "title": plan_phrases.cap(title.rstrip(" ."))}
    )


@_on(
    "the plans listed",
    rf"(?:list|show|view|see|display|get)\s+(?:me\s+)?(?P<all>all\s+)?(?:of\s+)?"
    rf"(?:my\s+|the\s+)?(?:{LIST_STATUS}\s+)?plans",
    rf"what\s+(?:{LIST_STATUS}\s+)?plans\s+(?:do\s+i\s+have|have\s+i\s+got|are\s+there)"
    r"(?:\s+(?:open|active|going|on))?",
    rf"(?:my\s+)?(?:{LIST_STATUS}\s+)?plans",
    examples=("show my plans", "plans", "what plans do I have"),
    near_misses=("plans for the weekend", "show the van man the way"),
)
async def _list(self: RulesInterpreter, m: re.Match, ctx: ToolContext) -> str:
    word = m.groupdict().get("status") or ("all" if m.groupdict().get("all") else "active")
    return await self.list_plans(ctx, _word(word, _LIST_WORDS, "active"))


@_on(
    "history or undo",
    rf"(?:show\s+(?:me\s+)?)?(?:the\s+)?(?:plan\s+|change\s+)?(?:history|revisions|changes)"
    rf"(?:\s+(?:of|for|on)\s+{REF})?",
    rf"undo(?:\s+(?:that|it|this|(?:the\s+)?last\s+(?:change|one)))?"
    rf"(?:\s+(?:on|in|for|of)\s+{REF})?",
    examples=("history", "undo", "undo the last change on the fence plan"),
    near_misses=("undo the zip", "history homework is due"),
)
async def _history_or_undo(self: RulesInterpreter, m: re.Match, ctx: ToolContext) -> str:
    tool = "undo_last_change" if m[0].lower().startswith("undo") else "plan_history"
    if tool == "undo_last_change" and m["ref"] is None:  # the person's newest change
        return await self.undo_newest(ctx)
    return await self.call(ctx, tool, {"plan_id": await self.plan_id(ctx, m["ref"])})


@_on(
    "a plan finished, dropped or reopened",
    rf"(?:mark|set|make|consider)\s+{REF}\s+(?:as\s+)?(?:now\s+)?{PLAN_STATUS}",
    rf"{REF}\s+is\s+(?:now\s+)?(?:all\s+)?{PLAN_STATUS}",
    rf"(?P<pstatus>abandon|drop|scrap|cancel|give\s+up\s+on|ditch|close|complete|finish|reopen|"
    rf"reactivate|resume|restart|delete|remove|bin|kill)\s+{REF}",
    rf"(?:i'?m|im|i\s+am|we'?re|we\s+are)\s+(?:all\s+|totally\s+)?(?P<pstatus>done|finished)"
    rf"\s+with\s+{REF}",
    r"(?P<pstatus>abandon)\s+(?P<ref>.+)",
    examples=("mark the fence plan complete", "abandon plan 2", "I'm done with the fence plan"),
    near_misses=("complete the form", "drop the kids off"),
)  # "abandon fence repair": unambiguous without "plan"
async def _plan_status(self: RulesInterpreter, m: re.Match, ctx: ToolContext) -> str:
    plan_id = await self.plan_id(ctx, m["ref"])
    status = _word(m["pstatus"], _PLAN_WORDS, "complete")
    return await self.call(ctx, "update_plan_status", {"plan_id": plan_id, "status": status})


@_on(
    "a plan shown",
    rf"(?:what(?:'s|\s+is)\s+)?(?:the\s+)?(?:status|state|progress)(?:\s+(?:of|on|for)\s+{REF})?",
    rf"(?:show|view|open|display|get|see|check)\s+(?:me\s+)?{REF}(?:\s+(?:status|again))?",
    rf"how(?:'s|\s+is|\s+are)\s+(?:things\s+(?:with|on)\s+)?{REF}"
    r"(?:\s+(?:going|doing|coming\s+along|looking))?",
    rf"where\s+(?:does|do|is)\s+{REF}\s+stand(?:ing)?",
    rf"(?:what's\s+in|tell\s+me\s+about)\s+{REF}",
    r"(?P<ref>(?:(?:the|my|this|current)\s+)?plan(?:\s*#?[0-9]+)?)",
    # "show me", "show it again": the plan in view, or the list when none is
    r"(?P<bare>show|view|display)(?:\s+(?:me|us))?(?:\s+(?:it|that|this))?(?:\s+again)?",
    examples=("show plan 2", "status", "how's the fence plan going", "show me", "show it again"),
    near_misses=("show me how", "how is mum", "show me the way"),
)
async def _show(self: RulesInterpreter, m: re.Match, ctx: ToolContext) -> str:
    ref = m.groupdict().get("ref")
    if m.groupdict().get("bare") and ctx.current_plan_id is None:
        return await self.list_plans(ctx, "active")
    plans = (
        await ctx.store.list_plans(ctx.owner, "active")  # a read, the person's own
        if ref is None and ctx.current_plan_id is None
        else []
    )
    if len(plans) == 1:  # "status?" with no plan in view: the one plan there is
        return await self.call(ctx, "get_plan", {"plan_id": plans[0]["id"]})
    if plans:  # … or the list of them all
        return await self.list_plans(ctx, "active")
    kind, value = parse_ref(ref)  # a title goes to the tool, which finds it
    args = {"title": value} if kind == "title" else {"plan_id": await self.plan_id(ctx, ref)}
    return await self.call(ctx, "get_plan", args)


@_on(
    "the time zone",
    r"(?:(?:set|change|update)\s+)?(?:my\s+|the\s+)?time\s*zone(?:\s*[:=]\s*|\s+(?:to|is)\s+|\s+)"
    r"(?P<zone>[\w/+\-]+)",
    r"(?:i\s+am|i'm|im)\s+(?:now\s+)?in\s+(?P<zone>[A-Za-z_]+/[\w/+\-]+)",
    r"(?:what(?:'s|\s+is)\s+)?(?:my\s+|the\s+)?time\s*zone(?P<zone>)",
    examples=("set my timezone to Europe/Berlin", "timezone", "I'm in Europe/Paris"),
    near_misses=("time zones are confusing", "I'm in the garden"),
)
async def _timezone(self: RulesInterpreter, m: re.Match, ctx: ToolContext) -> str:
    if not m["zone"]:
        return (
            f'Your time zone is {ctx.timezone}. Change it with "set my timezone to Europe/Berlin".'
        )
    return await self.call(ctx, "set_timezone", {"timezone": m["zone"]})


@_on(
    "help",
    r"help|\?|start",
    examples=("help", "help!", "start"),
    near_misses=("help me plan my wedding", "start the car"),
)
async def _help(self: RulesInterpreter, m: re.Match, ctx: ToolContext) -> str:
    return HELP


# -- text helpers ----------------------------------------------------------------


def _clean(text: str) -> str:
    """The message as the rules read it: dictated punctuation as marks, no sign-off, no
    greeting, one spelling for separators and quotes, no politeness."""
    # ("remember me on monday to …", "don't let me forget …": asked as "remind me")
    return reminder_words.as_remind_me(
        _normalise(
            plan_prose.without_greeting(plan_prose.without_sign_off(plan_prose.spoken_marks(text)))
        )
    )


def _normalise(text: str) -> str:
    """One spelling for the separators and quotes; no politeness, no final punctuation."""
    text = text.replace("’", "'").replace("‘", "'").replace("–", "—").replace("―", "—")
    text = re.sub(r"[ \t]+-{1,2}[ \t]+|[ \t]*--[ \t]*", " — ", text).strip()
    text = re.sub(r"^/(?=[a-z])", "", text, flags=re.IGNORECASE)  # "/plans", "/undo"
    for _ in range(2):  # "…, please." → strip both, in either order
        text = re.sub(r"[\s.!?]+$", "", text)
        text = re.sub(
            r"^(?:(?:can|could|would|will)\s+(?:you|u)\s+)?(?:please\s+|pls\s+)?|"
            r"\s*,?\s+(?:please|pls)$",
            "",
            text,
            flags=re.IGNORECASE,
        )
    return text.strip()


def _word(word: str, table: tuple, default: str) -> str:
    return next((value for value, stems in table if word.lower().startswith(stems)), default)


def _clean_note(note: str | None) -> str:
    if not note:
        return ""
    note = re.sub(
        r"^(?:(?:but|and|because|since)\s+|(?:with\s+)?(?:outcome|result)\s*[:—]\s*)",
        "",
        note.strip(),
        flags=re.IGNORECASE,
    )  # "tried step 2, but no answer"
    return note.strip(" \"'")
