"""Messages the bot starts itself (``drbot.outgoing.Outgoing``) onto Telegram.

The scheduler builds them as plain data; this renders the buttons as an
inline keyboard, sends, and reports the outcome in the scheduler's terms
(``RecipientGone``, ``Rejected``, ``DeliveryFailed``, ``DeliveryUnknown``) so
that it never needs to know Telegram's errors.  ``drbot.runtime`` hands :func:`sender` to it.
"""

from __future__ import annotations

from collections.abc import Iterable

import httpx
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup
from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden, TelegramError

from drbot.outgoing import (Button, DeliveryFailed, DeliveryUnknown, Outgoing, RecipientGone,
                            Rejected, Send)

# Transport errors raised before the request was fully written: Telegram cannot
# have acted on it, so a later try is safe.  Any other transport error (a read
# timeout, a connection dropped while waiting for the answer) may come after
# Telegram delivered the message.
NOT_WRITTEN = (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout, httpx.WriteError,
               httpx.WriteTimeout)


def keyboard(rows: Iterable[Iterable[Button]]) -> InlineKeyboardMarkup | None:
    """The buttons as Telegram's inline keyboard; None when there are none."""
    built = [[InlineKeyboardButton(b.label, callback_data=b.data) for b in row] for row in rows]
    return InlineKeyboardMarkup(built) if built else None


async def send(bot: Bot, message: Outgoing) -> None:
    """Send as HTML; if Telegram rejects the markup, the same words as plain text.

    Raises RecipientGone (403), Rejected (any other 400: with Telegram's
    description, which names what was wrong), DeliveryFailed (Telegram answered
    with an error, or the request never got out; with only the error's class)
    or DeliveryUnknown (the request went out and no answer came back).
    """
    markup = keyboard(message.rows)
    try:
        try:
            await bot.send_message(chat_id=message.user_id, text=message.text,
                                   parse_mode=ParseMode.HTML, reply_markup=markup)
        except BadRequest as error:
            if "entities" not in str(error).lower():
                raise
            await bot.send_message(chat_id=message.user_id, text=message.plain,
                                   reply_markup=markup)
    except Forbidden:
        raise RecipientGone(message.kind) from None
    except BadRequest as error:
        raise Rejected(f"{message.kind}: {error.message}") from None
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
