"""The shape every on/off personal-setting command shares (/quiet, /review,
/weekly): no argument shows the setting, ``off`` turns it off, anything else
sets it (a bad value gets the store's own one-line reason and changes nothing)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from telegram import Update
from telegram.ext import ContextTypes

from drbot.bot.services import services

V = TypeVar("V")


async def show_or_set(update: Update, context: ContextTypes.DEFAULT_TYPE, *,
                      read: Callable[[int], Awaitable[V | None]],
                      write: Callable[[int, str | None], Awaitable[V | None]],
                      shown: Callable[[V, str], str], unset: str,
                      changed: Callable[[V, str], str], off: str) -> None:
    """``shown(value, zone)`` / ``unset`` answer a bare command; ``changed(value,
    zone)`` / ``off`` answer a change.  ``write(user, None)`` turns it off."""
    svc, user_id, chat = services(context), update.effective_user.id, update.effective_chat
    text, zone = " ".join(context.args or ()), await svc.zone(user_id)
    if not text:
        value: Any = await read(user_id)
        await chat.send_message(shown(value, zone) if value else unset)
        return
    try:
        value = await write(user_id, None if text.casefold() == "off" else text)
    except ValueError as error:
        await chat.send_message(str(error))
        return
    await chat.send_message(changed(value, zone) if value else off)
