"""Getting text to a chat whatever Telegram says about it.

Long text is split at line boundaries; if Telegram rejects the formatting the
same text goes again as plain text.  A 429 is handled below us by
python-telegram-bot's AIORateLimiter (wait ``retry_after``, resend).

``send`` (HTML: plan views, lists, briefings) hands back only the sent messages'
ids: python-telegram-bot would parse every answer Telegram returns into a
``Message`` with its entities and buttons (about 0.2 ms for a plan view with four
buttons, the biggest piece of python-telegram-bot's work for a mark line beyond
the echo bot's; docs/PERFORMANCE.md), and what drbot keeps of it is the id (a
plan's live view).  It sends through ``Bot.do_api_request`` with no return type:
the same request, rate limiter and retries as ``Bot.send_message``, the answer
left as Telegram's JSON.
"""

from __future__ import annotations

import logging
import warnings

from telegram import Bot, CallbackQuery, InlineKeyboardMarkup, Message, ReplyParameters
from telegram.constants import ParseMode
from telegram.error import BadRequest, TelegramError
from telegram.warnings import PTBUserWarning

from drbot.bot import render

log = logging.getLogger(__name__)

SEND_MESSAGE = "sendMessage"
# do_api_request nudges towards Bot.send_message for a method the library knows; drbot
# calls it so on purpose (the module's docstring), so that one nudge is not logged.
warnings.filterwarnings("ignore", message=r"Please use 'Bot\.sendMessage'", category=PTBUserWarning)


def _is_format_error(error: BadRequest) -> bool:
    text = str(error).lower()
    return "parse entities" in text or "can't find end" in text or "unsupported start tag" in text


async def send(
    bot: Bot,
    chat_id: int,
    html: str,
    markup: InlineKeyboardMarkup | None = None,
    *,
    reply_to: int | None = None,
) -> list[int]:
    """Send ``html`` (split if long); buttons go on the last piece.  Returns the
    ids of the messages sent, in order."""
    pieces = render.split(html)
    sent = []
    for number, piece in enumerate(pieces, start=1):
        buttons = markup if number == len(pieces) else None
        sent.append(
            await _post_piece(bot, chat_id, piece, buttons, reply_to if number == 1 else None)
        )
    return sent


async def send_plain(
    bot: Bot,
    chat_id: int,
    text: str,
    markup: InlineKeyboardMarkup | None = None,
    *,
    reply_to: int | None = None,
) -> list[Message]:
    """Text from the model or the offline rules: shown exactly, never parsed.
    Split before escaping, so a cut never lands inside an ``&amp;``.
    ``reply_to`` threads the first piece to that message (in groups)."""
    pieces = render.split(text)
    sent = []
    for number, piece in enumerate(pieces, start=1):
        buttons = markup if number == len(pieces) else None
        sent.append(
            await _send_piece(
                bot, chat_id, render.escape(piece), buttons, reply_to if number == 1 else None
            )
        )
    return sent


async def _post_piece(
    bot: Bot,
    chat_id: int,
    piece: str,
    markup: InlineKeyboardMarkup | None,
    reply_to: int | None = None,
) -> int:
    """``_send_piece`` read back as the message's id only (the module's docstring)."""
    thread = ReplyParameters(reply_to, allow_sending_without_reply=True) if reply_to else None
    request: dict[str, object] = {"chat_id": chat_id, "text": piece, "parse_mode": ParseMode.HTML}
    if markup is not None:
        request["reply_markup"] = markup
    if thread is not None:
        request["reply_parameters"] = thread
    try:
        sent = await bot.do_api_request(SEND_MESSAGE, api_kwargs=request)
    except BadRequest as error:
        if not _is_format_error(error):
            raise
        log.warning("Telegram rejected the formatting (%s); sending plain text", error)
        del request["parse_mode"]
        request["text"] = render.plain(piece)
        sent = await bot.do_api_request(SEND_MESSAGE, api_kwargs=request)
    return int(sent["message_id"])


async def _send_piece(
    bot: Bot,
    chat_id: int,
    piece: str,
    markup: InlineKeyboardMarkup | None,
    reply_to: int | None = None,
) -> Message:
    # allow_sending_without_reply: the message answered may be deleted meanwhile.
    thread = ReplyParameters(reply_to, allow_sending_without_reply=True) if reply_to else None
    try:
        return await bot.send_message(
            chat_id, piece, parse_mode=ParseMode.HTML, reply_markup=markup, reply_parameters=thread
        )
    except BadRequest as error:
        if not _is_format_error(error):
            raise
        log.warning("Telegram rejected the formatting (%s); sending plain text", error)
        return await bot.send_message(
            chat_id, render.plain(piece), reply_markup=markup, reply_parameters=thread
        )


async def edit(message: Message, html: str, markup: InlineKeyboardMarkup | None) -> None:
    """Show a plan's new state in place; unchanged content is not an error."""
    try:
        await message.edit_text(
            render.split(html)[0], parse_mode=ParseMode.HTML, reply_markup=markup
        )
    except BadRequest as error:
        if "not modified" in str(error).lower():
            return
        if not _is_format_error(error):
            raise
        await message.edit_text(render.plain(render.split(html)[0]), reply_markup=markup)


async def edit_parts(
    bot: Bot,
    chat_id: int,
    message_ids: list[int],
    pieces: list[str],
    markup: InlineKeyboardMarkup | None,
) -> None:
    """Rewrite a multi-message view part for part; buttons on the last part."""
    for number, (message_id, piece) in enumerate(zip(message_ids, pieces, strict=True), 1):
        buttons = markup if number == len(pieces) else None
        try:
            await bot.edit_message_text(
                piece, chat_id, message_id, parse_mode=ParseMode.HTML, reply_markup=buttons
            )
        except BadRequest as error:
            if "not modified" in str(error).lower():
                continue
            if not _is_format_error(error):
                raise
            await bot.edit_message_text(
                render.plain(piece), chat_id, message_id, reply_markup=buttons
            )


async def answer_press(
    query: CallbackQuery, text: str | None = None, *, alert: bool = False
) -> None:
    """Answer a press (the toast over the chat, or with ``alert`` a box to dismiss):
    what it did, or why it did nothing (a stale button, someone else's step, a
    stranger).  Best effort: a press that waited behind a slow turn is "too old"
    for Telegram by now, and what it did is already stored and is shown next, so a
    failed answer is logged at DEBUG and never becomes "something went wrong"."""
    try:
        await query.answer(text, show_alert=alert)
    except TelegramError as error:
        log.debug("could not answer a button press (%s); carrying on", error)


async def remove_buttons(bot: Bot, chat_id: int, message_ids: list[int]) -> None:
    """Take the buttons off older messages.  Best effort: a message deleted by the
    person, or already without buttons, is no reason to fail what was just sent."""
    for message_id in message_ids:
        try:
            await bot.edit_message_reply_markup(chat_id, message_id, reply_markup=None)
        except TelegramError as error:
            log.info("could not remove the buttons of message %s (%s)", message_id, error)


async def replace(
    bot: Bot,
    placeholder: Message,
    text: str,
    markup: InlineKeyboardMarkup | None = None,
    *,
    html: bool = False,
) -> list[Message]:
    """Turn a placeholder into the answer (plain text like ``send_plain``, or
    ``html``): the first piece edits it, the rest follow; buttons on the last."""
    pieces = render.split(text)
    shown = pieces if html else [render.escape(piece) for piece in pieces]
    first_markup = markup if len(pieces) == 1 else None
    try:
        await placeholder.edit_text(shown[0], parse_mode=ParseMode.HTML, reply_markup=first_markup)
    except BadRequest as error:
        if not _is_format_error(error) and "not modified" not in str(error).lower():
            raise
        if _is_format_error(error):
            await placeholder.edit_text(render.plain(shown[0]), reply_markup=first_markup)
    sent = [placeholder]
    for number, piece in enumerate(shown[1:], start=2):
        buttons = markup if number == len(pieces) else None
        sent.append(await _send_piece(bot, placeholder.chat_id, piece, buttons))
    return sent
