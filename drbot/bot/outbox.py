"""Messages the bot starts itself (``drbot.outgoing.Outgoing``) onto Telegram.

The scheduler builds them as plain data; this renders the buttons as an
inline keyboard, sends, and reports the outcome in the scheduler's terms
(``RecipientGone``, ``Rejected``, ``DeliveryFailed``, ``DeliveryUnknown``) so
that it never needs to know Telegram's errors.  ``drbot.runtime`` hands :func:`sender` to it.
"""

from __future__ import annotations

from collections.abc import Iterable

import httpx
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup, ReplyParameters
from telegram.constants import ParseMode
from telegram.error import BadRequest, ChatMigrated, Forbidden, TelegramError

from drbot.outgoing import (
    Button,
    DeliveryFailed,
    DeliveryUnknown,
    Outgoing,
    RecipientGone,
    Rejected,
    Send,
)

# Transport errors raised before the request was fully written: Telegram cannot
# have acted on it, so a later try is safe.  Any other transport error (a read
# timeout, a connection dropped while waiting for the answer) may come after
# Telegram delivered the message.
NOT_WRITTEN = (
    httpx.ConnectError,
    httpx.ConnectTimeout,
    httpx.PoolTimeout,
    httpx.WriteError,
    httpx.WriteTimeout,
)


def keyboard(rows: Iterable[Iterable[Button]]) -> InlineKeyboardMarkup | None:
    """The buttons as Telegram's inline keyboard; None when there are none."""
    built = [[InlineKeyboardButton(b.label, callback_data=b.data) for b in row] for row in rows]
    return InlineKeyboardMarkup(built) if built else None


async def send(bot: Bot, message: Outgoing) -> None:
    """Send as HTML; if Telegram rejects the markup, the same words as plain text.

    A message asked for in a group (``group_id``) goes to the person's private
    chat when they have one, else to that group, answering the message that
    asked for it; also when Telegram refuses the private chat (403, or "chat
    not found": they never opened it): that refusal means it did not go out,
    so the group gets it, once, in the same send.

    Raises RecipientGone (403 on the private chat), Rejected (any other 400:
    with Telegram's description, which names what was wrong; or the group
    refused it), DeliveryFailed (Telegram answered with an error, or the
    request never got out; with only the error's class) or DeliveryUnknown
    (the request went out and no answer came back).
    """
    markup, group_id = keyboard(message.rows), message.group_id
    if group_id is None or not message.to_group:
        try:
            await _reported(message, _deliver(bot, message.user_id, message, markup))
            return
        except _PrivateClosed as closed:
            if group_id is None:
                raise closed.outcome from None
    await _to_group(bot, message, group_id, markup)


class _PrivateClosed(Exception):
    """Telegram will not let drbot write to the person's private chat."""

    def __init__(self, outcome: Exception) -> None:
        super().__init__(str(outcome))
        self.outcome = outcome


async def _to_group(
    bot: Bot, message: Outgoing, group_id: int, markup: InlineKeyboardMarkup | None
) -> None:
    """To the group it was asked for in, as an answer to the message that asked
    (sent anyway when that message is gone); a group that became a supergroup
    is followed once."""
    try:
        await _reported(
            message, _deliver(bot, group_id, message, markup, reply_to=message.reply_to), group=True
        )
    except _Moved as moved:
        await _reported(
            message, _deliver(bot, moved.chat_id, message, markup, reply_to=None), group=True
        )


class _Moved(Exception):
    def __init__(self, chat_id: int) -> None:
        super().__init__(str(chat_id))
        self.chat_id = chat_id


async def _deliver(
    bot: Bot,
    chat_id: int,
    message: Outgoing,
    markup: InlineKeyboardMarkup | None,
    *,
    reply_to: int | None = None,
) -> None:
    # allow_sending_without_reply: the message that asked may be deleted meanwhile.
    thread = ReplyParameters(reply_to, allow_sending_without_reply=True) if reply_to else None
    try:
        await bot.send_message(
            chat_id=chat_id,
            text=message.text,
            parse_mode=ParseMode.HTML,
            reply_markup=markup,
            reply_parameters=thread,
        )
    except BadRequest as error:
        text = str(error).lower()
        # Markup refused, or (in a group) a mention Telegram will not make: plain words.
        if "entit" not in text and "mention" not in text:
            raise
        await bot.send_message(
            chat_id=chat_id, text=message.plain, reply_markup=markup, reply_parameters=thread
        )


async def _reported(message: Outgoing, sending, *, group: bool = False) -> None:
    """Await ``sending``; its Telegram error in the scheduler's terms."""
    try:
        await sending
    except ChatMigrated as error:
        if not group:
            raise Rejected(f"{message.kind}: {error.message}") from None
        raise _Moved(error.new_chat_id) from None
    except Forbidden as error:
        if group:  # removed from the group: that is no reason to stop writing to the person
            raise Rejected(f"{message.kind}: the group refused it: {error.message}") from None
        raise _PrivateClosed(RecipientGone(message.kind)) from None
    except BadRequest as error:
        rejected = Rejected(f"{message.kind}: {error.message}")
        if not group and "chat not found" in error.message.lower():
            raise _PrivateClosed(rejected) from None  # they never opened the private chat
        raise rejected from None
    except TelegramError as error:
        if _maybe_delivered(error):
            raise DeliveryUnknown(f"{message.kind}: {_cause(error)}") from None
        raise DeliveryFailed(f"{message.kind}: {type(error).__name__}") from None


def _maybe_delivered(error: TelegramError) -> bool:
    """A transport failure after the request was written.  An error with no
    cause is Telegram's own answer (5xx, 429 past the limiter): not delivered."""
    cause = error.__cause__
    return cause is not None and not isinstance(cause, NOT_WRITTEN)


def _cause(error: TelegramError) -> str:
    return f"{type(error).__name__} ({type(error.__cause__).__name__})"


def sender(bot: Bot) -> Send:
    """``send`` bound to one bot: what the scheduler is given."""

    async def send_one(message: Outgoing) -> None:
        await send(bot, message)

    return send_one
