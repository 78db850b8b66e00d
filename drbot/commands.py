"""The one table of slash commands, for Telegram and for `drbot chat` alike.

Each row names a command, its one line of help (Telegram's command menu and
/help both show it) and, when the answer is text on both sides, the shared
function both call (``person_settings`` and below: the same words
everywhere).  A row without one is answered by each side its own way, because
it shows something only that side can (a plan with buttons, a Markdown file;
plain text in the terminal) -- the work underneath is still the same store
calls.

``drbot.bot.app`` registers a Telegram handler for every row and
``drbot.terminal`` answers every row; each refuses to start when a row it
should answer has no handler (tests/test_command_parity.py checks both).  A
row only one side has says why, and the other side answers with that reason
rather than "I don't know".
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from datetime import time as dtime
from zoneinfo import ZoneInfo

from drbot import person_settings
from drbot.memory.records import PlanSummary
from drbot.person_settings import Settings
from drbot.readable_times import ago, plural

TELEGRAM, TERMINAL = "telegram", "terminal"
SIDE_NAMES = {TELEGRAM: "Telegram", TERMINAL: "`drbot chat` (the terminal)"}

TextCommand = Callable[[Settings, int, str], Awaitable[str]]


@dataclass(frozen=True)
class Command:
    name: str
    help: str  # one line: the menu, and /help after the example
    example: str = ""  # how /help writes it ("/quiet 22:00-08:00"); else /name
    text: TextCommand | None = None  # the shared answer, text on both sides
    sides: tuple[str, ...] = (TELEGRAM, TERMINAL)
    why: str = ""  # only one side has it: why (the other side says so)
    needs_model: bool = False  # means nothing without a model: left out of /help
    on_plans: bool = False  # acts on plans: in a group, the group's

    def on(self, side: str) -> bool:
        return side in self.sides

    def shown(self, side: str, has_model: bool) -> bool:
        """In /help and the menu on ``side`` with this configuration."""
        return self.on(side) and (has_model or not self.needs_model)

    def elsewhere(self) -> str:
        """What the side without this command answers."""
        [side] = self.sides
        return f"/{self.name} is for {SIDE_NAMES[side]} only: {self.why}"


# -- answers that are text on both sides ------------------------------------------

INTRO = """\
I remember plans that take days, weeks or months, and every morning I tell you which steps \
went quiet. Talk to me in plain words:

• fix the fence: get quotes, hire a contractor, supervise the work
• called jim's fencing, no answer · rang again, voicemail — try again thursday
• got the quotes · started on the contractor · skip step 3
• remind me about the contractor next monday 9am · step 3 is blocked — waiting on council
• remind me friday 10am to call the council · remind me every monday to water the plants
• what's next? · where am I with the fence · undo

Quick marks change the plan you're looking at: ✓ 2 · ✗ 3 waiting on council · … 1 · ⤼ 4 · □ 2
"""
GROUP_NOTE = (
    "In a group: plans made there are the group's; /share N shares your plan N there; "
    "/briefing_time, /review, /weekly and /due_reminders there are the group's."
)
TERMINAL_NOTE = "Ctrl-C stops what I'm working on; Ctrl-D (or /quit) ends the chat."


async def help_text(s: Settings, user_id: int, args: str = "") -> str:
    """/help: what works here, in this configuration (no /retry without a model)."""
    lines = [
        f"{c.example or '/' + c.name} — {c.help}" for c in COMMANDS if c.shown(s.side, s.has_model)
    ]
    note = GROUP_NOTE if s.side == TELEGRAM else TERMINAL_NOTE
    return "\n".join([INTRO, *lines, "", note])


async def usage_text(s: Settings, user_id: int, args: str = "") -> str:
    """/usage: today's model tokens, in the person's day."""
    if not s.has_model or s.conversations is None:
        return "No model is configured, so no tokens are used."
    zone = ZoneInfo(await s.zone(user_id))
    midnight = datetime.combine(s.clock().astimezone(zone).date(), dtime(0), zone)
    used = await s.conversations.usage(user_id, midnight)
    total = sum(
        used[k]
        for k in ("input_tokens", "cache_read_tokens", "cache_write_tokens", "output_tokens")
    )
    budget = s.token_budget
    return (
        f"Today: {plural(total, 'token')} in {plural(used['model_calls'], 'model call')} "
        f"({used['cache_read_tokens']:,} read from cache)"
        + (f", of a daily budget of {budget:,}." if budget else ".")
    )


def plans_list(
    summaries: list[PlanSummary], now: datetime, bold: Callable[[str], str] = str
) -> str:
    """/plans, in the user story's format; ``bold`` marks up a title (Telegram's
    HTML: escaped and bold; the terminal: as it is)."""
    if not summaries:
        return "📋 No active plans. Tell me about one — e.g. “Make a plan to fix the fence”."
    lines = [f"📋 Active plans ({len(summaries)}):"]
    for number, plan in enumerate(summaries, start=1):
        counts = plan["counts"]
        extra = "".join(f", {counts[k]} {k}" for k in ("blocked", "skipped") if counts[k])
        lines += [
            "",
            f"{number}. {bold(plan['title'])} [{plural(plan['total'], 'step')} — "
            f"{counts['done']} done, {counts['in_progress']} in progress, "
            f"{counts['pending']} pending{extra}]",
            f"   Last activity: {ago(plan['last_activity'], now)}",
        ]
    lines += ["", "Open one with /plan N."]
    return "\n".join(lines)


NOTHING_TODAY = "Nothing needs your attention today. ✓"


def no_such_plan(arg: str, active: int) -> str:
    """/plan N, /export N with an N that is not in /plans."""
    shown = arg if len(arg) <= 12 else arg[:11] + "…"
    return f"There is no plan {shown} in /plans (you have {active} active)."


def undone_text(cause: str) -> str:
    """What taking a change back says, the same after /undo, a typed "undo" and the
    model's tool: the change named in quotes as the thing taken back ("Undone: step 2
    done." read as if step 2 had just been done)."""
    return f"Undone: “{cause}” is taken back."


def export_name(title: str) -> str:
    """A plan's Markdown file name: "Fix the fence" → fix-the-fence.md."""
    name = "".join(c if c.isalnum() else "-" for c in title.lower()).strip("-")
    return f"{name or 'plan'}.md"


# -- the table ---------------------------------------------------------------------


def _mute(on: bool) -> TextCommand:
    async def run(s: Settings, user_id: int, args: str) -> str:
        return await person_settings.mute(s, user_id, args, on=on)

    return run


COMMANDS: tuple[Command, ...] = (
    Command("plans", "your active plans (/plans all: finished ones too)"),
    Command("plan", "one plan with its steps", "/plan N"),
    Command("undo", "take back the last change"),
    Command("retry", "resend the last message the model missed", needs_model=True),
    Command("new", "a fresh conversation (plans stay)"),
    Command("cancel", "stop what I'm working on, or a note I asked for"),
    Command("briefing", "today's briefing now"),
    Command(
        "reminders",
        "what I'll remind you of, and when (cancel any, or skip a repeat once)",
        text=person_settings.reminders_text,
    ),
    Command(
        "briefing_time",
        "when your briefing comes (or off)",
        "/briefing_time 07:30",
        text=person_settings.briefing_time,
    ),
    Command(
        "timezone",
        "your time zone: a city, or a name like Europe/Berlin",
        "/timezone Berlin",
        text=person_settings.timezone,
    ),
    Command("export", "a plan as a Markdown file", "/export N"),
    Command(
        "quiet",
        "quiet hours: nothing unasked at night (or off)",
        "/quiet 22:00-08:00",
        text=person_settings.quiet,
    ),
    Command(
        "mute",
        "no briefing lines or reminders for plan N",
        "/mute N",
        text=_mute(True),
        on_plans=True,
    ),
    Command(
        "unmute",
        "plan N's briefing lines and reminders back",
        "/unmute N",
        text=_mute(False),
        on_plans=True,
    ),
    Command(
        "due_reminders",
        "a reminder the evening before a due date (on or off)",
        "/due_reminders off",
        text=person_settings.due_reminders,
    ),
    Command(
        "review", "an evening look back (or off)", "/review 20:30", text=person_settings.review
    ),
    Command("weekly", "a weekly digest (or off)", "/weekly sun 18:00", text=person_settings.weekly),
    Command(
        "share",
        "in a group: share your plan N with it",
        "/share N",
        sides=(TELEGRAM,),
        why="groups are on Telegram; a plan shared there shows here like your own.",
    ),
    Command(
        "unshare",
        "in a group: take its plan N back to you",
        "/unshare N",
        sides=(TELEGRAM,),
        why="groups are on Telegram.",
    ),
    Command("usage", "today's model tokens", text=usage_text, needs_model=True),
    Command(
        "forget",
        "delete everything I hold about you (asks first)",
        sides=(TELEGRAM,),
        why="here, `drbot forget USER_ID` does it (it asks first).",
    ),
    Command("help", "what I can do", text=help_text),
    Command(
        "start",
        "set up: time zone and briefing",
        sides=(TELEGRAM,),
        why="it sets you up with buttons; here, use /timezone and /briefing_time.",
    ),
    Command(
        "quit",
        "end the chat (/exit and Ctrl-D too)",
        sides=(TERMINAL,),
        why="a Telegram chat does not end; just stop writing.",
    ),
)
BY_NAME = {command.name: command for command in COMMANDS}


def menu(side: str, has_model: bool) -> list[tuple[str, str]]:
    """(name, one line) for each command ``side`` shows in this configuration."""
    return [(c.name, c.help) for c in COMMANDS if c.shown(side, has_model)]


def find(text: str) -> tuple[str, str] | None:
    """("plans", "all") for "/plans all" (or "/plans@drbot all"); None when ``text``
    is not a slash command."""
    if not text.startswith("/"):
        return None
    word, _, args = text.partition(" ")
    name = word[1:].split("@", 1)[0].casefold()
    return (name, args.strip()) if name else None
