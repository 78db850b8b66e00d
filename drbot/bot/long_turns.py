"""Turns that take a while on Telegram: a placeholder, and /cancel.

"typing…" alone says little after half a minute.  When the answer has not
come after ``[telegram] placeholder_after_s`` seconds, a "Working on it…" message appears
and is later edited into the answer, so the chat shows the answer where the
wait was.  /cancel stops the person's running turn in that chat cleanly
(``drbot.ai.llm.stoppable_turn``): whole changes only, and the answer says which.

The placeholder is noted in the database until its answer has replaced it: a
process killed meanwhile gives it its words at the next start
(``interrupted_turns``).

/cancel has to overtake the turn it stops: updates of one chat otherwise run
one after another (``ordering.PerChatOrder`` lets it through).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine
from typing import Any

from telegram import Update
from telegram.constants import ChatAction
from telegram.ext import ContextTypes

from drbot.ai import Reply, StoppableTurn
from drbot.bot import attempt_notes, delivery, groups, views
from drbot.bot.incoming import sender
from drbot.bot.services import services

PLACEHOLDER = "Working on it… (/cancel stops it)"
NOTHING_TO_CANCEL = attempt_notes.NOTHING


def _running(context: ContextTypes.DEFAULT_TYPE) -> dict[tuple[int, int], StoppableTurn]:
    return context.bot_data.setdefault("running_turns", {})


async def answer(
    update: Update, context: ContextTypes.DEFAULT_TYPE, work: Coroutine[Any, Any, Reply]
) -> None:
    """Run ``work`` (the assistant on a message, or /retry) as a stoppable turn
    and deliver its answer."""
    svc, (user, chat) = services(context), sender(update)
    key, turn = (chat.id, user.id), StoppableTurn(svc.conversations, chat.id, user.id)
    after_turn = await turn.before()  # read once, before the work: see interrupted_turns
    running = _running(context)
    running[key] = turn
    thread = groups.reply_to(update)
    placeholder = None
    running_work = asyncio.ensure_future(turn.run(work))
    try:
        async with typing(context, chat.id):
            after = context.bot_data["placeholder_after"]
            done, _ = await asyncio.wait({running_work}, timeout=after)
            if not done:
                [placeholder] = await delivery.send_plain(
                    context.bot, chat.id, PLACEHOLDER, reply_to=thread
                )
                # Until the answer replaces it: a restart after a kill finds it and
                # says what became of the turn (``interrupted_turns``).
                await svc.journal.note_placeholder(
                    chat.id, user.id, placeholder.message_id, after_turn
                )
            reply = await running_work
    except asyncio.CancelledError:
        running_work.cancel()  # the bot is stopping: so does the turn (whole changes only)
        raise
    finally:
        if running.get(key) is turn:
            del running[key]
    if reply is None:  # stopped: whole changes only, and the words say which
        reply = Reply(await turn.stopped_text(), outcome="stopped")
    try:
        await views.deliver_reply(
            context.bot,
            svc,
            chat.id,
            user.id,
            reply,
            reply_to=thread,
            placeholder=placeholder,
            by=groups.actor(update),
        )
    finally:
        if placeholder is not None:
            await svc.journal.drop_placeholder(chat.id, user.id, placeholder.message_id)


async def cmd_cancel(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Stop the person's running turn in this chat (its answer says what stayed),
    else the wait for a Log-attempt note (``attempt_notes``), else say there is nothing."""
    user, chat = sender(update)
    turn = _running(context).get((chat.id, user.id))
    if turn is not None and turn.stop():
        return
    await attempt_notes.cmd_cancel(update, context)


def is_cancel(update: object) -> bool:
    """Is this update a /cancel (which must not wait behind the turn it stops)?"""
    message = update.message if isinstance(update, Update) else None
    words = (message.text or "").split() if message is not None else []
    return bool(words) and words[0].split("@")[0].casefold() == "/cancel"


@contextlib.asynccontextmanager
async def typing(context: ContextTypes.DEFAULT_TYPE, chat_id: int):
    """Show "typing…" until the answer is ready (Telegram clears it after 5 s)."""

    async def keep_typing() -> None:
        while True:
            with contextlib.suppress(Exception):  # cosmetic: never fail a reply over it
                await context.bot.send_chat_action(chat_id, ChatAction.TYPING)
            await asyncio.sleep(4.5)

    task = asyncio.create_task(keep_typing())
    try:
        yield
    finally:
        task.cancel()
