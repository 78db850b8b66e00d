"""At start-up, before any update is handled: what the last run's cut-short turns left.

A process killed during a model turn (SIGKILL, a power cut, the OOM killer) left
a "Working on it…" message that nothing will replace, and perhaps changes the
person never heard of.  ``drbot.ai.llm.interrupted`` stores such turns with
what they did; here the person is told: the placeholder is edited to say what
was done ("I was interrupted, but I had already: created the plan “Fence
repair” with 3 steps. …") or that nothing was changed and the message can be
sent again; a turn that had not shown a placeholder yet gets a message of its
own, answering the person's message.  Telegram failing here only costs the
words (logged): the turns are stored either way.
"""

from __future__ import annotations

import logging

from telegram import Bot
from telegram.error import TelegramError

from drbot.ai.llm import interrupted
from drbot.bot import delivery, render
from drbot.bot.services import Services

log = logging.getLogger(__name__)


async def settle(bot: Bot, svc: Services) -> None:
    """Store the interrupted turns and tell each person what became of theirs."""
    for notice in await interrupted.recover(svc.journal, svc.conversations):
        try:
            if notice.placeholder is not None:
                await _edit(bot, notice.chat_id, notice.placeholder, notice.text)
            else:
                await delivery.send_plain(
                    bot, notice.chat_id, notice.text, reply_to=_message_id(notice)
                )
        except TelegramError as error:
            log.warning(
                "could not tell chat %s about its interrupted turn (%s)", notice.chat_id, error
            )
        if notice.placeholder is not None:
            await svc.journal.drop_placeholder(notice.chat_id, notice.user_id, notice.placeholder)


async def _edit(bot: Bot, chat_id: int, message_id: int, text: str) -> None:
    """The placeholder shows ``text`` (a long answer: its first part; the rest follow)."""
    first, *rest = render.split(text)
    await delivery.edit_parts(bot, chat_id, [message_id], [render.escape(first)], None)
    for piece in rest:
        await delivery.send_plain(bot, chat_id, piece)


def _message_id(notice: interrupted.Notice) -> int | None:
    """The person's message the turn answered, from its origin ("telegram:<chat>:<id>")."""
    kind, _, rest = (notice.origin or "").partition(":")
    chat, _, message = rest.partition(":")
    return (
        int(message)
        if kind == "telegram"
        and chat == str(notice.chat_id)
        and message.isdecimal()
        and message.isascii()
        else None
    )
