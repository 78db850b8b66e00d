"""The built-in interpreter: plan commands in plain words, without a model.

Used when no model is configured, first in hybrid mode, and as the fallback
when the model is down.  It acts only through ``ToolRegistry.call`` — the
validation, user scoping and results the model gets — so it can never do more
than the model could; it only reads plans itself, to find the step meant.

Two stages.  Explicit commands ("mark step 2 done", "snooze step 2 until
friday") are ``(pattern, handler)`` pairs tried in order on the normalised text,
first full match wins.  Free wording ("got the photos", "called the venue, no
answer", "renew passport: a, b") goes to ``free_text``, which reads intents
(``intents``), finds steps by their words (``step_match``) and dates
(``dates``), and asks instead of guessing.  Anything else changes nothing and
gets one line with the closest example.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any, Literal, overload

from drbot.ai.language import dates, plan_phrases, plan_prose
from drbot.ai.rules import free_text
from drbot.ai.rules.acting import Acting, Ask, current_plan, parse_ref
from drbot.ai.tools.offline_answer import OfflineAnswer
from drbot.ai.tools.tool_registry import ToolContext

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
Handler = Callable[["OfflineInterpreter", re.Match, ToolContext], Awaitable[str]]
_TABLE: list[tuple[re.Pattern[str], Handler]] = []


def _on(*patterns: str) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        _TABLE.extend((re.compile(p, re.IGNORECASE), handler) for p in patterns)
        return handler

    return register


class OfflineInterpreter(Acting):
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
        clean = _normalise(plan_prose.without_greeting(text))
        try:
            for pattern, handler in _TABLE:
                if "\n" in clean and not pattern.flags & re.DOTALL:
                    continue  # only a new plan spans lines; never read two commands as one
                match = pattern.fullmatch(clean)
                if match:
                    return OfflineAnswer(await handler(self, match, ctx), True)
            answer = await free_text.handle(self, clean, ctx, sure_only)
        except Ask as question:  # understood, but something is missing
            return OfflineAnswer(str(question), True)
        if sure_only:
            return answer if answer is not None and answer.understood else None
        return answer or OfflineAnswer(not_understood(clean), False)


def not_understood(text: str) -> str:
    """One line: nothing changed, and the single closest thing drbot does understand."""
    return (
        f"Nothing changed — I didn't understand that. Something like: "
        f"“{free_text.closest_example(text)}” (or /help)."
    )


# -- handlers, in the order they are tried -----------------------------------


@_on(
    r"(?:add\s+(?:a\s+)?(?:plan\s+)?)?(?P<kind>note|finding|found|progress(?:\s+note)?|update)"
    rf"(?:\s+that\s+|{SEP})(?P<text>.+)"
)
async def _note(self: OfflineInterpreter, m: re.Match, ctx: ToolContext) -> str:
    kind = "progress" if m["kind"].lower().startswith(("progress", "update")) else "finding"
    return await self.call(
        ctx,
        "add_plan_note",
        {"plan_id": current_plan(ctx), "text": m["text"].strip(), "kind": kind},
    )


@_on(
    r"(?s)(?:(?:let's|lets|i\s+want\s+to|i'd\s+like\s+to)\s+)?(?:make|create|start|set\s+(?:me\s+)?up|"
    r"draw\s+up|add|new)\s+(?:me\s+)?(?:a\s+)?(?:new\s+)?plan\b(?P<rest>.*)",
    r"(?s)plan\s*:\s*(?P<rest>.+)",
    # "new one for you: learn to swim before summer" (a goal alone; with steps after it,
    # the prose reader takes it)
    r"(?:a\s+)?(?:new|another)\s+(?:one|goal)(?:\s+for\s+(?:you|ya|u))?\s*[—:]\s*(?P<rest>[^.,;\n]+)",
    r"(?s)(?:please\s+|pls\s+)?(?:track|remember)\s+(?:this|that)(?:\s+for\s+me)?"
    r"(?:\s+(?:pls|please))?\s*[—:]\s*(?P<rest>.+)",
)
async def _create(self: OfflineInterpreter, m: re.Match, ctx: ToolContext) -> str:
    title, steps = plan_phrases.split_titled(m["rest"])
    if not title:
        return (
            'What should the plan be called? Say e.g. "make a plan to fix the fence — '
            'steps: get quotes, hire contractor".'
        )
    after = "" if steps else '\nAdd steps with "add step: get quotes".'
    return await self.call(ctx, "create_plan", {"title": title, "steps": steps}, after)


@_on(
    rf"(?s)re-?plan(?:\s+{REF})?(?:\s+with\s*[—:]?|\s*[—:→])\s*(?P<steps>.+)",
    r"(?s)new\s+steps\s*[—:]\s*(?P<steps>.+)",
)
async def _replan(self: OfflineInterpreter, m: re.Match, ctx: ToolContext) -> str:
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
    rf"(?:log(?:ged)?|record(?:ed)?|add(?:ed)?)\s+(?:an?\s+|another\s+|one\s+more\s+)?"
    rf"(?:new\s+)?attempt\s+(?:on|for|at|to)\s+{STEP}(?:{NOTE})?",
    rf"(?:attempt(?:ed)?|(?:i\s+)?tried)\s+(?:on\s+)?{STEP}(?:\s+again)?(?:{NOTE})?",
    rf"{STEP}\s+(?:attempt|tried|try)(?:{NOTE})?",
    # "try again" without a position: the step last acted on in this chat
    rf"(?:(?:i\s+)?(?:try|tried|trying|attempted)\s+(?:it\s+|that\s+)?again|another\s+"
    rf"(?:attempt|try)|again)(?:\s+(?:on\s+)?{STEP})?(?:{NOTE})?",
)
async def _attempt(self: OfflineInterpreter, m: re.Match, ctx: ToolContext) -> str:
    step_id = await self.step_id(ctx, m["pos"], "tried step 2 — no answer")
    outcome = _clean_note(m["note"])
    if not outcome:
        return f'What happened? Say e.g. "log an attempt on step {m["pos"] or 1} — no answer".'
    return await self.call(
        ctx, "update_plan_step", {"step_id": step_id, "attempt_outcome": outcome}
    )


@_on(
    rf"(?:mark|set|move|put|change)\s+{STEP}\s+(?:as\s+|to\s+|is\s+)?{STATUS}(?:{NOTE})?",
    rf"{STEP}\s+(?:is\s+|was\s+|has\s+been\s+)?(?:now\s+)?{STATUS}(?:{NOTE})?",
    rf"(?:i\s+)?(?P<status>finished|finish|completed|complete|did|skip|skipped|block|started|"
    rf"start)\s+{STEP}(?:{NOTE})?",
)
async def _mark_step(self: OfflineInterpreter, m: re.Match, ctx: ToolContext) -> str:
    step_id = await self.step_id(ctx, m["pos"], "")
    status = _word(m["status"], _STEP_WORDS, "done")
    args: dict[str, Any] = {"step_id": step_id, "status": status}
    note = _clean_note(m["note"])
    if note:  # "done — booked Jim" is how it went (an attempt); otherwise it is the reason
        args["attempt_outcome" if status == "done" else "reason"] = note
    return await self.call(ctx, "update_plan_step", args)


@_on(
    rf"(?:snooze|postpone|defer|park|delay|push\s+back)\s+(?:{STEP}|it|that|this(?:\s+step)?)"
    rf"\s+(?:{WHEN_WORDS}\s+)?(?P<when>.+)"
)
async def _snooze(self: OfflineInterpreter, m: re.Match, ctx: ToolContext) -> str:
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
    r"add\s+(?:a\s+)?(?:new\s+)?step\s*(?:[—:]\s*)?(?P<title>.+?)"
    r"(?:\s+(?:at\s+position|as\s+step)\s+(?P<position>[0-9]{1,3}))?"
    rf"(?:\s+(?:to|in|on)\s+{REF})?"
)
async def _add_step(self: OfflineInterpreter, m: re.Match, ctx: ToolContext) -> str:
    title = re.sub(r"^(?:to|for|that)\s+", "", m["title"].strip(" \"'"), flags=re.I)
    args: dict[str, Any] = {
        "plan_id": await self.plan_id(ctx, m["ref"]),
        "title": plan_phrases.cap(title),
    }  # "add a step to call Jim"
    if m["position"]:
        args["position"] = int(m["position"])
    return await self.call(ctx, "add_step", args)


@_on(
    rf"(?:list|show|view|see|display|get)\s+(?:me\s+)?(?P<all>all\s+)?(?:of\s+)?"
    rf"(?:my\s+|the\s+)?(?:{LIST_STATUS}\s+)?plans",
    rf"what\s+(?:{LIST_STATUS}\s+)?plans\s+(?:do\s+i\s+have|have\s+i\s+got|are\s+there)"
    r"(?:\s+(?:open|active|going|on))?",
    rf"(?:my\s+)?(?:{LIST_STATUS}\s+)?plans",
)
async def _list(self: OfflineInterpreter, m: re.Match, ctx: ToolContext) -> str:
    word = m.groupdict().get("status") or ("all" if m.groupdict().get("all") else "active")
    return await self.list_plans(ctx, _word(word, _LIST_WORDS, "active"))


@_on(
    rf"(?:show\s+(?:me\s+)?)?(?:the\s+)?(?:plan\s+|change\s+)?(?:history|revisions|changes)"
    rf"(?:\s+(?:of|for|on)\s+{REF})?",
    rf"undo(?:\s+(?:that|it|this|(?:the\s+)?last\s+(?:change|one)))?"
    rf"(?:\s+(?:on|in|for|of)\s+{REF})?",
)
async def _history_or_undo(self: OfflineInterpreter, m: re.Match, ctx: ToolContext) -> str:
    tool = "undo_last_change" if m[0].lower().startswith("undo") else "plan_history"
    if tool == "undo_last_change" and m["ref"] is None:  # the person's newest change
        return await self.undo_newest(ctx)
    return await self.call(ctx, tool, {"plan_id": await self.plan_id(ctx, m["ref"])})


@_on(
    rf"(?:mark|set|make|consider)\s+{REF}\s+(?:as\s+)?(?:now\s+)?{PLAN_STATUS}",
    rf"{REF}\s+is\s+(?:now\s+)?(?:all\s+)?{PLAN_STATUS}",
    rf"(?P<pstatus>abandon|drop|scrap|cancel|give\s+up\s+on|ditch|close|complete|finish|reopen|"
    rf"reactivate|resume|restart|delete|remove|bin|kill)\s+{REF}",
    rf"(?:i'?m|im|i\s+am|we'?re|we\s+are)\s+(?:all\s+|totally\s+)?(?P<pstatus>done|finished)"
    rf"\s+with\s+{REF}",
    r"(?P<pstatus>abandon)\s+(?P<ref>.+)",
)  # "abandon fence repair": unambiguous without "plan"
async def _plan_status(self: OfflineInterpreter, m: re.Match, ctx: ToolContext) -> str:
    plan_id = await self.plan_id(ctx, m["ref"])
    status = _word(m["pstatus"], _PLAN_WORDS, "complete")
    return await self.call(ctx, "update_plan_status", {"plan_id": plan_id, "status": status})


@_on(
    rf"(?:what(?:'s|\s+is)\s+)?(?:the\s+)?(?:status|state|progress)(?:\s+(?:of|on|for)\s+{REF})?",
    rf"(?:show|view|open|display|get|see|check)\s+(?:me\s+)?{REF}(?:\s+(?:status|again))?",
    rf"how(?:'s|\s+is|\s+are)\s+(?:things\s+(?:with|on)\s+)?{REF}"
    r"(?:\s+(?:going|doing|coming\s+along|looking))?",
    rf"where\s+(?:does|do|is)\s+{REF}\s+stand(?:ing)?",
    rf"(?:what's\s+in|tell\s+me\s+about)\s+{REF}",
    r"(?P<ref>(?:(?:the|my|this|current)\s+)?plan(?:\s*#?[0-9]+)?)",
)
async def _show(self: OfflineInterpreter, m: re.Match, ctx: ToolContext) -> str:
    kind, value = parse_ref(m["ref"])  # a title goes to the tool, which finds it
    args = {"title": value} if kind == "title" else {"plan_id": await self.plan_id(ctx, m["ref"])}
    return await self.call(ctx, "get_plan", args)


@_on(
    r"(?:(?:set|change|update)\s+)?(?:my\s+|the\s+)?time\s*zone(?:\s*[:=]\s*|\s+(?:to|is)\s+|\s+)"
    r"(?P<zone>[\w/+\-]+)",
    r"(?:i\s+am|i'm|im)\s+(?:now\s+)?in\s+(?P<zone>[A-Za-z_]+/[\w/+\-]+)",
    r"(?:what(?:'s|\s+is)\s+)?(?:my\s+|the\s+)?time\s*zone(?P<zone>)",
)
async def _timezone(self: OfflineInterpreter, m: re.Match, ctx: ToolContext) -> str:
    if not m["zone"]:
        return (
            f'Your time zone is {ctx.timezone}. Change it with "set my timezone to Europe/Berlin".'
        )
    return await self.call(ctx, "set_timezone", {"timezone": m["zone"]})


@_on(r"help|\?|start")
async def _help(self: OfflineInterpreter, m: re.Match, ctx: ToolContext) -> str:
    return HELP


# -- text helpers ----------------------------------------------------------------


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
