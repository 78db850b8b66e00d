"""Onboarding's example on Telegram: a sample plan, and its "Remove the example" button.

"Try this example" sends the example as the person would (``onboarding``); the
plan it makes is marked as a sample here (``memory.sample_plans``: never in a
briefing), and a short note under it carries one button, ``example:rm:<plan_id>``.
It names no user: a press removes the presser's own sample only.
"""

from __future__ import annotations

import re

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.ext import ContextTypes

from drbot.bot import delivery, groups, render
from drbot.bot.incoming import press as incoming_press
from drbot.bot.incoming import sender
from drbot.bot.services import Services, services
from drbot.memory import NotFound
from drbot.memory import sample_plans as stored

PREFIX = "example"
NOTE = (
    "“{title}” is an example: try its buttons, or a mark like ✓ 1. It never comes up in "
    "your briefing, and one tap removes it."
)
_PRESS = re.compile(rf"{PREFIX}:rm:([0-9]{{1,18}})")


async def mark(update: Update, svc: Services, origin: str) -> None:
    """The plans the example message (``origin``) made are samples: say so, with Remove."""
    chat, owner = sender(update)[1], groups.owner(update)
    for plan_id in await stored.mark(svc.store.db, owner, origin):
        title = (await svc.store.get_plan(owner, plan_id))["title"]
        await chat.send_message(
            NOTE.format(title=title),
            reply_markup=InlineKeyboardMarkup(
                [
                    [
                        InlineKeyboardButton(
                            "Remove the example", callback_data=f"{PREFIX}:rm:{plan_id}"
                        )
                    ]
                ]
            ),
        )


async def on_press(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Remove the example: deleted (abandoned when attempts were logged on it); its
    plan view loses its buttons, the note says what was done."""
    (_user, chat, query, message), svc = incoming_press(update), services(context)
    chat_id, owner = chat.id, groups.owner(update)
    press = _PRESS.fullmatch(query.data or "")
    if press is None:
        await delivery.answer_press(query, "That button is no longer valid.", alert=True)
        return
    plan_id = int(press[1])
    live = await svc.views.live(chat_id, owner, plan_id)
    try:
        done = await stored.remove(
            svc.store.db, owner, plan_id, clock=svc.clock, origin=f"telegram:{chat_id}:button"
        )
    except NotFound as error:
        await delivery.answer_press(query, str(error), alert=True)
        return
    await delivery.answer_press(query, "Removed")
    await delivery.remove_buttons(context.bot, chat_id, live)
    if message is not None:
        await delivery.edit(
            message,
            render.escape(
                "Example removed."
                if done == "deleted"
                else "Example closed (abandoned): the attempts you logged on it stay."
            ),
            None,
        )
