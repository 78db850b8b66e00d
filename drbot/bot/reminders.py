"""/reminders: what is scheduled, with Cancel (and Skip next) buttons; and the
presses on a reminder's own message (Done, Stop).

Two kinds of reminder share the list (``person_settings.scheduled_reminders``):
a step waiting until a moment given with a time of day
(``drbot.scheduler.step_reminders``), and the person's own reminders that hang on
no step (``drbot.memory.personal_reminders``), one-off or repeating.  Cancel
on a step means it no longer waits; on one of their own, no more of it.
Every button carries the moment its line was shown with, so a reminder that
changed since (re-snoozed, skipped, sent) is not touched by an old list: the
press says so and shows the list as it is now.
"""

from __future__ import annotations

import re

from telegram import InlineKeyboardMarkup, Update
from telegram.ext import ContextTypes

from drbot import person_settings, reminder_actions
from drbot.bot import buttons, delivery, groups, render
from drbot.bot.incoming import press as incoming_press
from drbot.bot.incoming import sender
from drbot.bot.services import Services, services
from drbot.bot.setting_commands import settings_of
from drbot.memory import NotFound
from drbot.memory.clock import parse
from drbot.memory.personal_reminders import ReminderList

PREFIX = reminder_actions.PREFIX
MAX_SHOWN = 20  # two buttons each at most: well inside Telegram's 100 buttons
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
    for n, item in enumerate(found[:MAX_SHOWN], start=1):
        lines.append(person_settings.reminder_line(n, item, zone, render.escape))
        if item.kind == "step":
            rows.append([(f"✗ Cancel {n}", encode_cancel(item.row["step_id"], item.at))])
            continue
        row = [reminder_actions.cancel(item.row["id"], item.at, f"✗ Cancel {n}")]
        if item.repeats:
            row.append(reminder_actions.skip(item.row["id"], item.at, f"⤼ Skip next {n}"))
        rows.append(row)
    if len(found) > MAX_SHOWN:
        lines.append(f"…and {len(found) - MAX_SHOWN} more.")
    return "\n".join(lines), buttons.keyboard(rows)


async def cmd_reminders(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """What is scheduled, with a Cancel button each."""
    html, markup = await listing(services(context), groups.owner(update))
    await delivery.send(context.bot, sender(update)[1].id, html, markup)


async def on_press(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Any reminder button: a step's Cancel, or Cancel · Skip next · Done · Stop."""
    press = reminder_actions.decode(incoming_press(update).query.data)
    if press is None:
        await on_cancel(update, context)
    elif press.action in ("done", "stop"):
        await _on_fired(update, context, press)
    else:
        await _on_listed(update, context, press)


async def _on_listed(
    update: Update, context: ContextTypes.DEFAULT_TYPE, press: reminder_actions.Press
) -> None:
    """Cancel or Skip next on a line of /reminders, checked against the moment shown."""
    (user, _chat, query, message), svc = incoming_press(update), services(context)
    s, user_id = settings_of(svc), user.id
    item = next(
        (
            i
            for i in await person_settings.scheduled_reminders(s, user_id)
            if i.kind == "own" and i.row["id"] == press.reminder_id
        ),
        None,
    )
    if item is None:
        said = "That reminder is no longer scheduled. Nothing changed."
    elif press.shown is not None and _seconds(item.at) != press.shown:
        said = "That reminder has changed since; nothing changed."
    elif press.action == "skip":
        said = await person_settings.skip_scheduled(s, user_id, item)
    else:
        said = await person_settings.cancel_scheduled(s, user_id, item)
    await delivery.answer_press(query, said[:190], alert=said.startswith("That"))
    if message is not None:  # the list as it stands now
        await delivery.edit(message, *await listing(svc, user_id))


async def _on_fired(
    update: Update, context: ContextTypes.DEFAULT_TYPE, press: reminder_actions.Press
) -> None:
    """Done (this time) or Stop on a reminder's own message."""
    (user, _chat, query, message), svc = incoming_press(update), services(context)
    user_id = user.id
    reminders = ReminderList(svc.store.db, clock=svc.clock)
    try:
        if press.action == "done":
            await reminders.done(user_id, press.reminder_id)
            said, mark = "Done.", "✓ Done"
        elif await reminders.stop(user_id, press.reminder_id):
            said, mark = "Stopped: no more of these.", "✗ Stopped: no more of these"
        else:
            said, mark = "It had already stopped.", "✗ Stopped"
    except NotFound:
        await delivery.answer_press(
            query,
            "That reminder is not yours, or it no longer exists. Nothing changed.",
            alert=True,
        )
        return
    await delivery.answer_press(query, said)
    if message is not None and message.text:
        await delivery.edit(message, f"{message.text_html}\n<i>{mark}</i>", None)


async def on_cancel(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A step reminder's Cancel press: checked against the presser and the moment shown (in a
    group, the group's plans)."""
    (_user, chat, query, message), svc = incoming_press(update), services(context)
    owner = groups.owner(update)
    match = _CANCEL.fullmatch(query.data or "")
    if match is None:
        await delivery.answer_press(query, "That button is no longer valid.", alert=True)
        return
    step_id, shown = int(match[1]), int(match[2])
    try:
        step = await svc.store.get_step(owner, step_id)
        wait = step["wait_until"]  # None once the step no longer waits
        if not step["wait_at_time"] or wait is None or _seconds(wait) != shown:
            raise ValueError("That reminder has changed since; nothing cancelled.")
        result = await svc.store.cancel_reminder(
            owner, step_id, wait, origin=f"telegram:{chat.id}:button"
        )
    except NotFound:
        await delivery.answer_press(
            query, "That step is not yours, or it no longer exists. Nothing changed.", alert=True
        )
        return
    except ValueError as error:
        await delivery.answer_press(query, str(error)[:190], alert=True)
    else:
        await delivery.answer_press(
            query, f"Reminder cancelled: step {result['position']} no longer waits."
        )
    if message is not None:  # the list as it stands now
        await delivery.edit(message, *await listing(svc, owner))
