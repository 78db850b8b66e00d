"""The Snooze button's choices.

A press on "Snooze" changes nothing yet: it turns that step's row of buttons
into Tomorrow 9:00 · In 3 days · Next week · ‹ Back, in place, on whatever
message it is (plan view, briefing, reminder), so the other steps' rows stay
as they were.  A choice then snoozes (``handlers``); "‹ Back" puts the row
back.  "Tomorrow 9:00" names a time of day, so it is a reminder at 9:00; the
other two wake in that morning's briefing, like any snooze to a day.
"""

from __future__ import annotations

import contextlib
from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from telegram import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message
from telegram.error import BadRequest

from drbot.bot import delivery
from drbot.bot.buttons import STEP_ACTIONS, StepPress, decode
from drbot.step_actions import snooze_choice_buttons, step_buttons

MORNING = time(9, 0)


def wake(choice: str, now: datetime, zone: ZoneInfo) -> tuple[datetime, bool, str]:
    """(the moment, a time of day?, how to say it) for a snooze choice."""
    today = now.astimezone(zone).date()
    if choice == "snz9":
        # Through UTC and back: a 9:00 that a DST switch skips moves forward.
        moment = datetime.combine(today + timedelta(days=1), MORNING, zone)
        return moment.astimezone(ZoneInfo("UTC")).astimezone(zone), True, "until tomorrow 9:00"
    if choice == "snz3":
        return datetime.combine(today + timedelta(days=3), time(0), zone), False, "for 3 days"
    monday = today + timedelta(days=7 - today.weekday())
    return (
        datetime.combine(monday, time(0), zone),
        False,
        f"until Monday {monday.day} {monday:%b}",
    )


def _tag(label: str, base: str) -> str | None:
    """ "Snooze (2)" → "2": the row's tag, kept on the buttons that replace it."""
    if label.startswith(base + " (") and label.endswith(")"):
        return label[len(base) + 2 : -1]
    return None


def swapped(
    markup: InlineKeyboardMarkup | None, press: StepPress, status: str
) -> InlineKeyboardMarkup | None:
    """The keyboard with the pressed row turned into the choices (or, for
    "‹ Back", into the step's buttons again), made for the step's ``status``
    now; None if the press is not on it."""
    rows, found = [], False
    for row in markup.inline_keyboard if markup else ():
        pressed = next((b for b in row if _same(decode(b.callback_data), press)), None)
        if pressed is None:
            rows.append(list(row))
            continue
        found = True
        if press.action == "snooze":
            new = snooze_choice_buttons(
                press.step_id, status, _tag(pressed.text, STEP_ACTIONS["snooze"])
            )
        else:
            new = step_buttons(press.step_id, status, _tag(pressed.text, "‹ Back"))
        rows.append([InlineKeyboardButton(b.label, callback_data=b.data) for b in new])
    return InlineKeyboardMarkup(rows) if found else None


def _same(shown: StepPress | None, press: StepPress) -> bool:
    """The button pressed, whichever status it was made for (an old one had none)."""
    return shown is not None and (shown.action, shown.step_id) == (press.action, press.step_id)


async def show(query: CallbackQuery, press: StepPress, status: str) -> None:
    """Swap the row in place and answer the press."""
    shown = query.message if isinstance(query.message, Message) else None  # None: too old
    markup = swapped(shown.reply_markup if shown else None, press, status)
    if markup is None:
        await delivery.answer_press(query, "That button is no longer valid.", alert=True)
        return
    with contextlib.suppress(BadRequest):  # pressed twice: "message is not modified"
        await query.edit_message_reply_markup(reply_markup=markup)
    await delivery.answer_press(query, "Snooze until when?" if press.action == "snooze" else None)
