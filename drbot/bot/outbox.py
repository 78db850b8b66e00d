"""Messages the bot starts itself (``drbot.outgoing.Outgoing``) onto Telegram.

The scheduler builds them as plain data; this renders the buttons as an
inline keyboard, sends, and reports the outcome in the scheduler's terms
(``RecipientGone``, ``Rejected``, ``DeliveryFailed``) so that it never needs
to know Telegram's errors.  ``drbot.runtime`` hands :func:`sender` to it.
"""

from __future__ import annotations

from collections.abc import Iterable

from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup
from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden, TelegramError

from drbot.outgoing import Button, DeliveryFailed, Outgoing, RecipientGone, Rejected, Send


def keyboard(rows: Iterable[Iterable[Button]]) -> InlineKeyboardMarkup | None:
    """The buttons as Telegram's inline keyboard; None when there are none."""
    built = [[InlineKeyboardButton(b.label, callback_data=b.data) for b in row] for row in rows]
    return InlineKeyboardMarkup(built) if built else None


async def send(bot: Bot, message: Outgoing) -> None:
    """Send as HTML; if Telegram rejects the markup, the same words as plain text.

    Raises RecipientGone (403), Rejected (any other 400: with Telegram's
    description, which names what was wrong) or DeliveryFailed (with only the
    error's class).
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
        raise DeliveryFailed(f"{message.kind}: {type(error).__name__}") from None


def sender(bot: Bot) -> Send:
    """``send`` bound to one bot: what the scheduler is given."""
    async def send_one(message: Outgoing) -> None:
        await send(bot, message)
    return send_one
