"""/forget: delete everything drbot holds about the person, after they confirm.

The command only asks: it says what is held and offers [Delete everything]
[Keep].  The question lives in the asker's ``user_data`` (memory, not the
database: writing down that someone wants to be forgotten would be one more
thing to forget) with a random token and the moment it was asked.  A press
counts only when the presser is the asker, the token is that question's, and
it is less than ``CONFIRM_WAIT`` old; anything else changes nothing.  The
token is taken before deleting, so a second press cannot run it twice.
"""

from __future__ import annotations

import re
import secrets
from datetime import timedelta

from telegram import Message, Update
from telegram.ext import ContextTypes

from drbot.bot import buttons, delivery, render
from drbot.bot.incoming import chat_data, sender, user_data
from drbot.bot.incoming import press as incoming_press
from drbot.bot.services import services
from drbot.memory import forget

PREFIX = "forget"
CONFIRM_WAIT = timedelta(minutes=10)
_PRESS = re.compile(rf"{PREFIX}:([0-9]{{1,20}}):([A-Za-z0-9_-]{{1,32}}):(yes|no)")
NOT_YOURS = "Only the person who asked can answer this. Nothing changed."
EXPIRED = "This question has expired. Send /forget again if you still want it."


async def cmd_forget(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Say what is held about the person and ask before deleting it."""
    svc, (user, chat) = services(context), sender(update)
    user_id = user.id
    held = await forget.holdings(svc.store.db, user_id)
    if not held:
        user_data(context).pop(PREFIX, None)
        await chat.send_message("I hold nothing about you.")
        return
    token = secrets.token_urlsafe(9)
    user_data(context)[PREFIX] = {"token": token, "asked_at": svc.clock()}
    keyboard = buttons.keyboard(
        [
            [
                ("Delete everything", f"{PREFIX}:{user_id}:{token}:yes"),
                ("Keep", f"{PREFIX}:{user_id}:{token}:no"),
            ]
        ]
    )
    await delivery.send(
        context.bot,
        chat.id,
        f"Delete everything I hold about you: {forget.describe(held)}? This cannot be undone.",
        keyboard,
    )


async def on_press(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """[Delete everything] or [Keep], checked against the presser."""
    (user, chat, query, message), svc = incoming_press(update), services(context)
    user_id = user.id
    match = _PRESS.fullmatch(query.data or "")
    if match is None or int(match[1]) != user_id:
        await delivery.answer_press(query, NOT_YOURS, alert=True)
        return
    asked = user_data(context).get(PREFIX)
    if asked is None or not secrets.compare_digest(asked["token"], match[2]):
        await delivery.answer_press(query, EXPIRED, alert=True)
        return
    del user_data(context)[PREFIX]  # taken: a second press finds nothing to run
    if svc.clock() - asked["asked_at"] >= CONFIRM_WAIT:
        await delivery.answer_press(query, EXPIRED, alert=True)
        await _close(message, "This question expired; nothing was deleted.")
        return
    if match[3] == "no":
        await delivery.answer_press(query, "Kept.")
        await _close(message, "Kept everything; nothing was deleted.")
        return
    deleted = await forget.forget(svc.store.db, user_id)
    svc.views.forget(user_id)  # the live views this process remembers of their plans
    user_data(context).clear()
    if chat.id == user_id:
        chat_data(context).clear()  # their private chat: a waiting "Log attempt" too
    await delivery.answer_press(query, "Deleted.")
    await _close(
        message,
        f"Deleted everything I held about you: {forget.describe(deleted)}. "
        "If you write again, I start from nothing.",
    )


async def _close(message: Message | None, text: str) -> None:
    """The question message, answered, without its buttons (if still visible)."""
    if message is not None:
        await delivery.edit(message, render.escape(text), None)
