"""The reminder tools: ``set_reminder``, ``list_reminders``, ``cancel_reminder``.

A reminder that hangs on no step goes in the person's standing list
(``memory.personal_reminders``), one-off or repeating; a reminder on a step
stays ``snooze_step`` with a time of day.  ``list_reminders`` shows both,
numbered as /reminders numbers them, and ``cancel_reminder`` takes that number
or the reminder's words.  Times are the person's words in their zone: a day
without a time of day means 09:00 there; a repeat is a recurrence rule over
their wall clock (``memory.recurrence``), so 9am stays 9am across DST.
"""

from __future__ import annotations

from datetime import date, datetime, time
from zoneinfo import ZoneInfo

from pydantic import Field

from drbot import person_settings
from drbot.ai.language import step_match
from drbot.ai.language.dates import describe, parse_when
from drbot.ai.language.reminder_words import describe_repeat, read_repeat
from drbot.ai.tools.arguments import Arguments, MaybeText, Text
from drbot.ai.tools.tool_registry import Tool, ToolContext
from drbot.memory import limits
from drbot.memory.personal_reminders import ReminderList
from drbot.memory.recurrence import Repeat, next_after, rule_text
from drbot.typed_numbers import ascii_int

DEFAULT_AT = time(9, 0)  # "remind me friday": 09:00 that day, in the person's zone
REPEAT_HELP = (
    'say e.g. "every monday 9am", "every weekday at 8", "on the 1st of every '
    'month" or "every 2 weeks"'
)
WHEN_HELP = 'say e.g. "friday 10am", "in 20 minutes", "tomorrow" or 2026-12-01 09:00'


async def set_reminder(
    ctx: ToolContext, text: str, when: str | None = None, repeat: str | None = None
) -> str:
    text = limits.title(text, "reminder")
    if (
        repeat is None
        and when is not None
        and parse_when(when, ctx.now, ctx.timezone) is None
        and read_repeat(when) is not None
    ):
        when, repeat = None, when  # "every monday" given as the time
    if repeat is not None:
        first, rule, words = _repeating(ctx, repeat, when)
    elif when is None:
        raise ValueError(f"When should I remind you? {WHEN_HELP.capitalize()}.")
    else:
        first, rule, words = _once(ctx, when), None, None
    group = ctx.chat_id if ctx.chat_id < 0 else None
    await ReminderList(ctx.store.db, clock=lambda: ctx.now).add(
        ctx.user_id,
        text,
        first,
        rule=rule,
        repeat_words=words,
        chat_id=group,
        message_id=_asking_message(ctx) if group is not None else None,
    )
    first_words = describe(first, ctx.timezone, ctx.now, True)
    said = (
        f"Reminder set: “{text}” {words} ({ctx.timezone}); the first is {first_words}."
        if rule
        else f"Reminder set: “{text}” {first_words} ({ctx.timezone})."
    )
    note = await person_settings.reminder_note(
        ctx.store.db, ctx.user_id, None, first, ctx.timezone, chat_id=ctx.chat_id
    )
    return f"{said} {note}".strip()


def _once(ctx: ToolContext, when: str) -> datetime:
    zone = ZoneInfo(ctx.timezone)
    found = _iso(when.strip(), zone) or parse_when(when, ctx.now, ctx.timezone)
    if found is None:
        raise ValueError(f'I can\'t read "{when}" as a time; {WHEN_HELP}.')
    moment, has_time = (
        (found, True) if isinstance(found, datetime) else (found.moment, found.has_time)
    )
    if not has_time:
        moment = datetime.combine(moment.astimezone(zone).date(), DEFAULT_AT, zone)
    if moment <= ctx.now:
        said = describe(moment, ctx.timezone, ctx.now, True)
        raise ValueError(
            f"That is {said}, which has passed; give a time ahead, e.g. "
            "“today 5pm” or “in 2 hours”."
        )
    return moment


def _repeating(ctx: ToolContext, repeat: str, when: str | None) -> tuple[datetime, str, str]:
    """The first occurrence, the rule and how it repeats in words.  ``when``
    may give the time of day or the first day ("starting next monday 9am")."""
    found = read_repeat(repeat)
    if found is None:
        raise ValueError(f'I can\'t read "{repeat}" as a repeat; {REPEAT_HELP}.')
    zone = ZoneInfo(ctx.timezone)
    start, at = ctx.now.astimezone(zone).date(), found.at
    if when is not None:
        start, at = _start(ctx, when, start, at)
    at = at or DEFAULT_AT
    rule = rule_text(found, start, at)
    first = next_after(rule, zone, max(ctx.now, datetime.combine(start, time(0), zone)))
    if first is None:
        raise ValueError(f'"{repeat}" never comes; {REPEAT_HELP}.')
    return first, rule, describe_repeat(found, at)


def _start(ctx: ToolContext, when: str, start: date, at: time | None) -> tuple[date, time | None]:
    only_time = read_repeat(f"every day {when}")  # "9am", "at 8:30"
    if only_time is not None and only_time == Repeat("daily", at=only_time.at):
        return start, only_time.at or at
    found = parse_when(when, ctx.now, ctx.timezone)
    if found is None:
        raise ValueError(f'I can\'t read "{when}" as a time; {WHEN_HELP}.')
    local = found.moment.astimezone(ZoneInfo(ctx.timezone))
    return max(start, local.date()), (
        local.time().replace(second=0, microsecond=0) if found.has_time else at
    )


def _iso(text: str, zone: ZoneInfo) -> datetime | None:
    """2026-12-01T09:00 (local unless it has an offset); None for other words."""
    if len(text) < 16 or not text[:4].isdigit():
        return None
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=zone)


def _asking_message(ctx: ToolContext) -> int | None:
    """The Telegram message this turn answers, which a reminder asked for in a
    group answers in its turn ("telegram:<chat>:<message id>")."""
    kind, _, rest = (ctx.origin or "").partition(":")
    chat, _, message = rest.partition(":")
    return (
        int(message)
        if kind == "telegram"
        and chat == str(ctx.chat_id)
        and message.isdecimal()
        and message.isascii()
        else None
    )


async def reminder_set_since(ctx: ToolContext, since: str | None) -> str | None:
    """The reminder the person set after ``since`` (UTC ISO), numbered as /reminders shows
    it: what a bare "undo" takes back when setting it was the newest thing they did."""
    newest = await ReminderList(ctx.store.db, clock=lambda: ctx.now).newest(ctx.user_id)
    if newest is None or (since is not None and newest["created_at"] <= since):
        return None
    found = await person_settings.scheduled_reminders(_settings(ctx), ctx.user_id)
    return next(
        (
            str(n)
            for n, item in enumerate(found, 1)
            if item.kind == "own" and item.row["id"] == newest["id"]
        ),
        None,
    )


def _settings(ctx: ToolContext) -> person_settings.Settings:
    return person_settings.Settings(ctx.store, ctx.users, lambda: ctx.now)


async def list_reminders(ctx: ToolContext) -> str:
    found = await person_settings.scheduled_reminders(_settings(ctx), ctx.user_id)
    if not found:
        return "No reminders scheduled."
    return "\n".join(
        [
            f"Scheduled reminders ({ctx.timezone}), numbered as /reminders shows them:",
            *(
                person_settings.reminder_line(n, item, ctx.timezone)
                for n, item in enumerate(found, 1)
            ),
        ]
    )


async def cancel_reminder(ctx: ToolContext, reminder: str) -> str:
    s = _settings(ctx)
    found = await person_settings.scheduled_reminders(s, ctx.user_id)
    if not found:
        raise ValueError("There are no reminders scheduled; nothing to cancel.")
    number = ascii_int(reminder.strip().lstrip("#"), max_digits=3)
    if number is not None:
        if not 1 <= number <= len(found):
            raise ValueError(f"There is no reminder {number}; there are {len(found)}.")
        item = found[number - 1]
    else:
        item = _by_words(reminder, found)
    said = await person_settings.cancel_scheduled(
        s, ctx.user_id, item, origin=ctx.origin or "model"
    )
    if not said.startswith("Reminder cancelled"):
        raise ValueError(said)
    return said


def _by_words(words: str, found: list[person_settings.Scheduled]) -> person_settings.Scheduled:
    stems = step_match.content_stems(words)
    scored = sorted(
        ((step_match.score(stems, _title(item)), n, item) for n, item in enumerate(found, 1)),
        key=lambda t: t[0],
        reverse=True,
    )
    best = scored[0]
    runner = scored[1][0] if len(scored) > 1 else 0.0
    if best[0] >= step_match.WEAK_SCORE and best[0] - runner >= step_match.CLEAR_LEAD:
        return best[2]
    listing = "; ".join(f"{n}. {_title(item)}" for _, n, item in scored[:6])
    why = "fits several reminders" if best[0] >= step_match.WEAK_SCORE else "fits no reminder"
    raise ValueError(f'"{words}" {why}; nothing was cancelled. Reminders: {listing}.')


def _title(item: person_settings.Scheduled) -> str:
    title: str = item.row["text"] if item.kind == "own" else item.row["title"]
    return title


class SetReminder(Arguments):
    text: Text = Field(description="What to remind them of.")
    when: MaybeText = Field(
        None, description="The person's words: 'friday 10am', 'in 20 minutes', '9am'."
    )
    repeat: MaybeText = Field(
        None,
        description="The person's words: 'every monday', 'every "
        "weekday', 'on the 1st of every month'.",
    )


class NoArguments(Arguments):
    pass


class CancelReminder(Arguments):
    reminder: Text = Field(description="Its number or words.")


def tools() -> list[Tool]:
    return [
        Tool(
            "set_reminder",
            "Remind the person of something at a time, once or repeating, when it is not a "
            "step of a plan (for a step, use snooze_step with a time of day).",
            SetReminder,
            set_reminder,
            writes=True,
        ),
        Tool(
            "list_reminders",
            "The person's scheduled reminders (steps' and their own), "
            "numbered as /reminders shows them, with their next time.",
            NoArguments,
            list_reminders,
        ),
        Tool(
            "cancel_reminder",
            "Cancel a scheduled reminder by its number in list_reminders or its words.",
            CancelReminder,
            cancel_reminder,
            writes=True,
        ),
    ]
