"""/reminders: what is scheduled, each with a Cancel button.

A reminder is a step waiting until a moment given with a time of day
(``drbot.scheduler.reminders`` says why).  Cancel means the step no longer
waits: it goes back to normal, in the briefing's stale rules and all.  The
button carries the step *and* the moment it was shown with
(``rem:x:<step_id>:<unix seconds>``), so a reminder re-snoozed since is not
cancelled by an old list: the press says so and shows the list as it is now.
"""

from __future__ import annotations

import re

from telegram import InlineKeyboardMarkup, Update
from telegram.ext import ContextTypes

from drbot import person_settings
from drbot.bot import buttons, delivery, groups, render
from drbot.bot.incoming import press as incoming_press
from drbot.bot.incoming import sender
from drbot.bot.services import Services, services
from drbot.bot.setting_commands import settings_of
from drbot.memory import NotFound
from drbot.memory.clock import parse

PREFIX = "rem"
MAX_SHOWN = 20      # one Cancel button each: well inside Telegram's 100 buttons
_CANCEL = re.compile(rf"{PREFIX}:x:([0-9]{{1,18}}):([0-9]{{1,12}})")


def encode_cancel(step_id: int, due: str) -> str:
    return f"{PREFIX}:x:{step_id}:{_seconds(due)}"


def _seconds(due: str) -> int:
    return int(parse(due).timestamp())


async def listing(svc: Services, user_id: int) -> tuple[str, InlineKeyboardMarkup | None]:
    """The person's reminders to come, soonest first, in their local time."""
    found = await person_settings.scheduled_reminders(settings_of(svc), user_id)
    if not found:
        return person_settings.NO_REMINDERS + person_settings.SNOOZE_HINT, None
    zone = await svc.zone(user_id)
    lines, rows = [f"⏰ <b>Scheduled reminders</b> ({zone}):"], []
    for n, row in enumerate(found[:MAX_SHOWN], start=1):
        lines.append(person_settings.reminder_line(n, row, zone, render.escape))
        rows.append([(f"✗ Cancel {n}", encode_cancel(row["step_id"], row["wait_until"]))])
    if len(found) > MAX_SHOWN:
        lines.append(f"…and {len(found) - MAX_SHOWN} more.")
    return "\n".join(lines), buttons.keyboard(rows)


async def cmd_reminders(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """What is scheduled, with a Cancel button each."""
    html, markup = await listing(services(context), groups.owner(update))
    await delivery.send(context.bot, sender(update)[1].id, html, markup)


async def on_cancel(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A Cancel press: checked against the presser and the moment shown."""
    (_user, chat, query, message), svc = incoming_press(update), services(context)
    owner = groups.owner(update)
    match = _CANCEL.fullmatch(query.data or "")
    if match is None:
        await query.answer("That button is no longer valid.", show_alert=True)
        return
    step_id, shown = int(match[1]), int(match[2])
    try:
        step = await svc.store.get_step(owner, step_id)
        if not step["wait_at_time"] or _seconds(step["wait_until"]) != shown:
            raise ValueError("That reminder has changed since; nothing cancelled.")
        result = await svc.store.cancel_reminder(
            owner, step_id, step["wait_until"],
            origin=f"telegram:{chat.id}:button")
    except NotFound:
        await query.answer("That step is not yours, or it no longer exists. Nothing changed.",
                           show_alert=True)
        return
    except ValueError as error:
        await query.answer(str(error)[:190], show_alert=True)
    else:
        await delivery.answer_press(
            query, f"Reminder cancelled: step {result['position']} no longer waits.")
    if message is not None:   # the list as it stands now
        await delivery.edit(message, *await listing(svc, owner))
