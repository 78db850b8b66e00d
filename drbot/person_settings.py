"""The person's own settings as commands, text in and text out: /quiet, /mute,
/unmute, /review, /weekly, /briefing_time, /timezone, /reminders and /due_reminders.

Telegram (``drbot.bot``) and the terminal (``drbot chat``) say the same thing
for the same command: the words live here, once, and each side only sends them
(Telegram adds buttons where it has them: /reminders' Cancel, /briefing_time's
choices, a country's zones).  Times and zones are read as people write them
("7:30am", "sunday 6pm", "10pm-7am"; ``drbot.times``), and zones as cities,
abbreviations or offsets ("I'm in London", "EST", "UTC+2"; ``zones.resolve``);
the stores get their one spelling.  Bad input gets one line with an example and
changes nothing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from drbot import times, zones
from drbot.digest_actions import SNOOZE_DAYS
from drbot.memory import NotFound, PlanStore, step_reminders
from drbot.memory.briefings import BriefingLog
from drbot.memory.clock import Clock
from drbot.memory.conversations import ConversationStore
from drbot.memory.due_dates import EVENING as DUE_EVENING
from drbot.memory.due_dates import DueReminderSettings
from drbot.memory.personal_reminders import ReminderList
from drbot.memory.quiet import Quiet, in_quiet_hours
from drbot.memory.reviews import DAY_NAMES, ReviewSettings
from drbot.memory.user_settings import BRIEFING_OFF, UserSettings
from drbot.readable_times import local

V = TypeVar("V")
MUTE_USAGE = "Use /mute N or /unmute N, with N from /plans."
QUIET_USAGE = "Use /quiet 22:00-08:00 or /quiet 10pm-7am (your local time), or /quiet off."
REVIEW_USAGE = "Use /review 20:30 or /review 8:30pm (your local time), or /review off."
WEEKLY_USAGE = (
    "Use /weekly sun 18:00 or /weekly sunday 6pm (a day and your local time), or /weekly off."
)
BRIEFING_USAGE = "Use /briefing_time HH:MM, like 07:30 or 7:30am, or /briefing_time off."
ZONE_EXAMPLES = (
    "a city (Berlin), a country, a zone name like Europe/Berlin, an abbreviation "
    "like EST, or an offset like UTC+2"
)
NO_REMINDERS = (
    "⏰ No reminders scheduled. Say e.g. “remind me friday 10am to call the council” "
    "or “remind me every monday to water the plants”."
)
SNOOZE_HINT = " Or press Snooze → Tomorrow 9:00 on a step."  # where there are buttons
TITLE_CHARS = 60


@dataclass(frozen=True)
class Settings:
    """What the commands read and write, for one running drbot, and where they
    are answered (``drbot.commands``: /help says what works there)."""

    store: PlanStore
    users: UserSettings
    clock: Clock
    side: str = "terminal"  # "telegram" or "terminal"
    has_model: bool = False  # a model is configured (/retry, /usage mean something)
    conversations: ConversationStore | None = None  # /usage reads the tokens used
    token_budget: int = 0  # [llm] daily_token_budget; 0 = none

    async def zone(self, user_id: int) -> str:
        return (await self.users.get(user_id))["timezone"]


async def show_or_set(
    user_id: int,
    args: str,
    zone: str,
    *,
    read: Callable[[int], Awaitable[V | None]],
    write: Callable[[int, str | None], Awaitable[V | None]],
    shown: Callable[[V, str], str],
    unset: str,
    changed: Callable[[V, str], str],
    off: str,
) -> str:
    """The shape every on/off setting shares: no argument shows it, ``off``
    turns it off, anything else sets it."""
    if not args:
        value: Any = await read(user_id)
        return shown(value, zone) if value else unset
    try:
        value = await write(user_id, None if args.casefold() == "off" else args)
    except ValueError as error:
        return str(error)
    return changed(value, zone) if value else off


async def quiet(s: Settings, user_id: int, args: str) -> str:
    hours = Quiet(s.store.db, clock=s.clock)

    async def write(user: int, text: str | None):
        span = None if text is None else times.time_range(text, "quiet hours", QUIET_USAGE)
        return await hours.set_hours(user, span and f"{span[0]}-{span[1]}")

    return await show_or_set(
        user_id,
        args,
        await s.zone(user_id),
        read=hours.hours,
        write=write,
        shown=lambda h, zone: f"Quiet hours: {h[0]}–{h[1]} ({zone}). /quiet off ends them.",
        unset=f"No quiet hours. {QUIET_USAGE}",
        changed=lambda h, zone: (
            f"Quiet hours set: {h[0]}–{h[1]} ({zone}). Nothing unasked "
            "comes then; what falls due waits for the end."
        ),
        off="Quiet hours off: briefings and reminders come when they fall due.",
    )


async def review(s: Settings, user_id: int, args: str) -> str:
    settings = ReviewSettings(s.store.db, clock=s.clock)

    async def write(user: int, text: str | None):
        return await settings.set_review_time(
            user, None if text is None else times.time_of_day(text, REVIEW_USAGE)
        )

    return await show_or_set(
        user_id,
        args,
        await s.zone(user_id),
        read=settings.review_time,
        write=write,
        shown=lambda at, zone: f"Evening review at {at} ({zone}). /review off turns it off.",
        unset=f"No evening review. {REVIEW_USAGE}",
        changed=lambda at, zone: (
            f"Evening review at {at} ({zone}): what moved today and what "
            "comes first tomorrow. On a day when nothing moved and nothing "
            "is due, I say nothing."
        ),
        off="Evening review off.",
    )


async def weekly(s: Settings, user_id: int, args: str) -> str:
    settings = ReviewSettings(s.store.db, clock=s.clock)

    async def write(user: int, text: str | None):
        if text is None:
            return await settings.set_weekly(user, None)
        day, at = times.weekday_and_time(text, WEEKLY_USAGE)
        return await settings.set_weekly(user, f"{times.DAYS[day]} {at}")

    return await show_or_set(
        user_id,
        args,
        await s.zone(user_id),
        read=settings.weekly,
        write=write,
        shown=lambda when, zone: (
            f"Weekly digest on {DAY_NAMES[when[0]]}s at {when[1]} ({zone}). "
            "/weekly off turns it off."
        ),
        unset=f"No weekly digest. {WEEKLY_USAGE}",
        changed=lambda when, zone: (
            f"Weekly digest on {DAY_NAMES[when[0]]}s at {when[1]} ({zone}): "
            "each plan's progress, and keep, snooze or drop for plans "
            f"quiet for {SNOOZE_DAYS} days."
        ),
        off="Weekly digest off.",
    )


async def mute(s: Settings, user_id: int, args: str, *, on: bool) -> str:
    """/mute N (``on``) or /unmute N, N from /plans; no N lists the muted plans."""
    hours = Quiet(s.store.db, clock=s.clock)
    summaries = await s.store.list_plans(user_id)
    if not args:
        muted = await hours.muted(user_id)
        shown = [f"{n}. {p['title']}" for n, p in enumerate(summaries, 1) if p["id"] in muted]
        return (
            "Muted: " + ", ".join(shown) + f". {MUTE_USAGE}"
            if shown
            else f"No plan is muted. {MUTE_USAGE}"
        )
    arg = args.split()[0]
    if not arg.isdigit() or not 1 <= int(arg) <= len(summaries):
        return (
            f"There is no plan {arg[:20]} in /plans (you have {len(summaries)} active). "
            f"{MUTE_USAGE}"
        )
    plan = summaries[int(arg) - 1]
    try:
        changed = await (hours.mute if on else hours.unmute)(user_id, plan["id"])
    except NotFound:  # deleted between the list and the change
        return f"There is no plan {arg} in /plans any more."
    title = plan["title"]
    if on:
        if not changed:
            return f"Plan {arg} ({title}) is already muted."
        # The reminders already asked for are held by this newer wish; one
        # asked for from now on is sent (the newer wish wins again).
        held = [
            r
            for r in await step_reminders.scheduled(s.store.db, user_id, s.clock())
            if r["plan_id"] == plan["id"]
        ]
        said = (
            f" {len(held)} reminder{'s are' if len(held) != 1 else ' is'} held until /unmute {arg}."
            if held
            else ""
        )
        return (
            f"Muted plan {arg} ({title}): no briefing lines or reminders until /unmute {arg}.{said}"
        )
    return (
        f"Plan {arg} ({title}) is unmuted." if changed else f"Plan {arg} ({title}) was not muted."
    )


IN_THIS_GROUP = "It's the group's plan, so the reminder comes here, in the group."
DUE_USAGE = "Use /due_reminders on or /due_reminders off."


async def due_reminders(s: Settings, user_id: int, args: str) -> str:
    """/due_reminders shows whether a step's due date brings a reminder the evening
    before (and its morning, without a briefing); on or off changes it."""
    settings = DueReminderSettings(s.store.db, clock=s.clock)
    if not args.strip():
        on = await settings.enabled(user_id)
    else:
        try:
            wanted = read_on_or_off(args)
        except ValueError as error:
            return str(error)
        on = await settings.set_enabled(user_id, wanted)
    if not on:
        return (
            "Due reminders off: no reminder the evening before a due date. The morning "
            "briefing still lists what is due and overdue. /due_reminders on to have them."
        )
    return (
        f"Due reminders on: the evening before a step is due ({due_evening()}), and on "
        "the day in the morning briefing (or a reminder of its own when the briefing is "
        "off). /due_reminders off stops them."
    )


def read_on_or_off(text: str) -> bool:
    """/due_reminders' argument: True for on, False for off; ValueError for anything else."""
    word = text.strip().casefold()
    if word not in ("on", "off"):
        raise ValueError(f"I can't read {text.strip()[:20]!r} here. {DUE_USAGE}")
    return word == "on"


def due_evening() -> str:
    return f"{DUE_EVENING:%H:%M}"


IN_THE_GROUP = "I'll remind you here in the group — start a private chat with me to get it there."


async def reminder_note(
    db,
    user_id: int,
    plan_id: int | None,
    moment: datetime,
    zone: str,
    *,
    chat_id: int | None = None,
) -> str:
    """What a reminder's confirmation adds: asked for in a group (``chat_id``),
    it is the group's plan's and comes in the group; its plan
    is muted (it still comes: asked for after the mute, the newer wish wins),
    or its moment falls in quiet hours (when it comes instead).  "" when none."""
    hours = Quiet(db)
    if chat_id is not None and chat_id < 0 and plan_id is not None:
        # Asked for in a group, it is on the group's plan (memory.owners): the
        # group gets it, whoever asked; the group has no quiet hours.
        return " ".join(
            [IN_THIS_GROUP]
            + (
                ["The plan is muted, but you asked for this one: it will come."]
                if plan_id in await hours.muted(chat_id)
                else []
            )
        )
    said = []
    if (
        chat_id is not None
        and chat_id < 0
        and user_id not in await BriefingLog(db).private_chats([user_id])
    ):
        # the person's own reminder (no plan) asked for in a group: it comes to them, or to
        # the group when drbot cannot write to them privately
        said.append(IN_THE_GROUP)
    if plan_id in await hours.muted(user_id):
        said.append("The plan is muted, but you asked for this one: it will come.")
    span = await hours.hours(user_id)
    try:
        local = ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        local = ZoneInfo("UTC")
    if span is not None and in_quiet_hours(moment, local, span):
        said.append(f"That's in your quiet hours — I'll send it at {span[1]}.")
    return " ".join(said)


def briefing_set_text(value: str) -> str:
    return (
        "No morning briefing. Turn it on with /briefing_time 08:00."
        if value == BRIEFING_OFF
        else f"Your briefing comes at {value} each morning."
    )


async def briefing_time(s: Settings, user_id: int, args: str) -> str:
    if not args:
        settings = await s.users.get(user_id)
        return (
            briefing_set_text(BRIEFING_OFF)
            if settings["briefing_time"] == BRIEFING_OFF
            else f"Your briefing comes at {settings['briefing_time']} ({settings['timezone']})."
        )
    try:
        return briefing_set_text(
            await s.users.set_briefing_time(user_id, read_briefing_time(args, BRIEFING_USAGE))
        )
    except ValueError as error:
        return str(error)


def read_briefing_time(text: str, usage: str) -> str:
    """ "off", or "HH:MM" from "7:30", "7.30am", "noon"…; ValueError (one line
    ending in ``usage``) for anything else."""
    if text.strip().casefold() == BRIEFING_OFF:
        return BRIEFING_OFF
    return times.time_of_day(text, usage)


# -- the time zone ---------------------------------------------------------------


def zone_set_text(zone: str, now: datetime) -> str:
    return f"Time zone: {zone} (it's {now.astimezone(ZoneInfo(zone)):%H:%M} there)."


def cant_place(text: str) -> str:
    return f'I couldn\'t place "{text.strip()[:60]}". Send {ZONE_EXAMPLES}.'


def several_zones(text: str) -> str:
    return f"{text.strip()[:60]} has several time zones. Which one?"


async def timezone(s: Settings, user_id: int, args: str) -> str:
    """/timezone shows the zone; /timezone Berlin, EST, UTC+2, Etc/GMT-7 or
    "I'm in London" sets it; a country with several zones lists them."""
    if not args:
        return (
            f"{zone_set_text(await s.zone(user_id), s.clock())} Change it with /timezone "
            "and your city, e.g. /timezone Berlin, /timezone EST or /timezone UTC+2."
        )
    found = zones.resolve(args)
    if not found:
        return cant_place(args)
    if len(found) > 1:
        return (
            f"{several_zones(args)} " + ", ".join(found[:6]) + f". Send e.g. /timezone {found[0]}."
        )
    zone = await s.users.set_timezone(user_id, found[0])
    return zone_set_text(zone, s.clock()) + " Not right? /timezone"


@dataclass(frozen=True)
class Scheduled:
    """One line of /reminders: a step's reminder or one of the person's own."""

    kind: str  # "step" (a step waiting until a time) or "own" (the list)
    at: str  # its next moment, UTC ISO
    row: Mapping[str, Any]  # step_reminders.TimedReminder, or a PersonalReminder (own)

    @property
    def repeats(self) -> bool:
        return self.kind == "own" and self.row["rule"] is not None


async def scheduled_reminders(s: Settings, user_id: int) -> list[Scheduled]:
    """The person's reminders to come, soonest first: steps' and their own."""
    steps = await step_reminders.scheduled(s.store.db, user_id, s.clock())
    own = await ReminderList(s.store.db, clock=s.clock).scheduled(user_id)
    found = [Scheduled("step", row["wait_until"], row) for row in steps] + [
        Scheduled("own", row["next_at"], row)
        for row in own
        if row["next_at"] is not None  # (every active one has its next moment)
    ]
    return sorted(found, key=lambda item: item.at)


def reminder_line(n: int, item: Scheduled, zone: str, esc: Callable[[str], str] = str) -> str:
    """ "1. Fri 27 Nov 10:00 — “Renew passport” — Step 2 (Fill in the form)",
    "2. Mon 30 Nov 09:00 — Water the plants (every Monday at 09:00)" """
    row = item.row
    if item.kind == "own":
        repeat = f" ({esc(row['repeat_words'])})" if row["rule"] else ""
        return f"{n}. {local(item.at, zone)} — {esc(_cut(row['text']))}{repeat}"
    return (
        f"{n}. {local(item.at, zone)} — “{esc(_cut(row['plan_title']))}” — "
        f"Step {row['position']} ({esc(_cut(row['title']))})"
    )


async def cancel_scheduled(
    s: Settings, user_id: int, item: Scheduled, *, origin: str = "terminal"
) -> str:
    """Cancel one line of /reminders as it was shown; the reply says what happened."""
    try:
        if item.kind == "own":
            row = await ReminderList(s.store.db, clock=s.clock).cancel(
                user_id, item.row["id"], item.at
            )
            return f"Reminder cancelled: {_cut(row['text'])}."
        step = await s.store.cancel_reminder(user_id, item.row["step_id"], item.at, origin=origin)
    except NotFound:
        return "That reminder no longer exists. Nothing cancelled."
    except ValueError as error:  # re-snoozed, acted on or changed since the list
        return str(error)
    return f"Reminder cancelled: step {step['position']} no longer waits."


async def skip_scheduled(s: Settings, user_id: int, item: Scheduled) -> str:
    """Pass over the next time of a repeating reminder, as it was shown."""
    if not item.repeats:
        return "That reminder comes only once: there is nothing to skip. Cancel it instead."
    zone = await s.zone(user_id)
    try:
        row = await ReminderList(s.store.db, clock=s.clock).skip_next(
            user_id, item.row["id"], _zone_info(zone), item.at
        )
    except NotFound:
        return "That reminder no longer exists. Nothing changed."
    except ValueError as error:
        return str(error)
    if row["next_at"] is None:
        return f"Skipped: {_cut(row['text'])} has no time left after that one."
    return f"Skipped once: {_cut(row['text'])} next comes {local(row['next_at'], zone)}."


def _zone_info(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


REMINDERS_USAGE = (
    "Use /reminders to see them, /reminders cancel N to cancel one, "
    "/reminders skip N to skip the next time of a repeating one."
)


async def reminders_text(
    s: Settings, user_id: int, args: str = "", *, origin: str = "terminal"
) -> str:
    """/reminders as plain text, ``/reminders cancel N`` and ``/reminders skip N``
    (the terminal has no buttons): what the Cancel and Skip next buttons do."""
    found = await scheduled_reminders(s, user_id)
    words = args.split()
    if words[:1] in (["cancel"], ["skip"]):
        n = words[1] if len(words) > 1 else ""
        if not n.isdigit() or not 1 <= int(n) <= len(found):
            return (
                f"There is no reminder {n[:20] or 'N'} in /reminders "
                f"({len(found)} scheduled). {REMINDERS_USAGE}"
            )
        item = found[int(n) - 1]
        if words[0] == "skip":
            return await skip_scheduled(s, user_id, item)
        return await cancel_scheduled(s, user_id, item, origin=origin)
    if words:
        return REMINDERS_USAGE
    if not found:
        return NO_REMINDERS
    zone = await s.zone(user_id)
    tail = "/reminders cancel N cancels one"
    if any(item.repeats for item in found):
        tail += "; /reminders skip N skips the next time of a repeating one"
    return "\n".join(
        [
            f"⏰ Scheduled reminders ({zone}):",
            *(reminder_line(n, item, zone) for n, item in enumerate(found, 1)),
            tail + ".",
        ]
    )


def _cut(text: str) -> str:
    return text if len(text) <= TITLE_CHARS else text[: TITLE_CHARS - 1].rstrip() + "…"
