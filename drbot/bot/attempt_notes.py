"""The "Log attempt" button's wait for the person's note, and /cancel.

After the press, the presser's next plain message in that chat is the
attempt's outcome.  Only theirs (in a group, someone else's words are their
own), only for ``WAIT``, and only if nothing else comes first: a command, a
button press or a mark line ends the wait (``end_wait`` runs before every
handler), so an unrelated later message never becomes an attempt.  The next
message itself is no note when it is a command ("/plans", also as
"@drbot /plans" in a group, or "plans" typed), a question ("what's next?") or
a mark line: the wait ends and the message is handled as itself (``moved_on``).
/cancel ends it out loud.  The wait lives in the process (``chat_data``): a restart
forgets it, which is safe — the next message is then just a message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from telegram import Update
from telegram.ext import ContextTypes, filters

from drbot.ai.language import marks_input
from drbot.ai.rules import exact
from drbot.bot.incoming import chat_data, sender
from drbot.bot.services import services

WAIT = timedelta(minutes=15)
PROMPT_TAIL = "Send the note, or /cancel."
NOTHING = "Nothing to cancel."
_KEY = "awaiting_attempt"  # chat_data[_KEY][user_id] = Awaited
_AUX = r"(?:is|are|am|was|were|do|does|did|should|shall|can|could|will|would|have|has)"
# What happened is told, not asked: "what's next?", "where am I with the fence",
# "did I send it" are questions ("when I called they were closed" is a note).
_QUESTION = re.compile(
    rf"\?\s*$|^\s*(?:what|when|where|which|who|why|how)(?:['’]?s\b|\s+{_AUX}\b|\s+next\b)"
    rf"|^\s*{_AUX}\s+(?:i|we|you|it|they|my|our)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Awaited:
    step_id: int
    position: int
    since: datetime


def start(
    context: ContextTypes.DEFAULT_TYPE, user_id: int, step_id: int, position: int, now: datetime
) -> None:
    chat_data(context).setdefault(_KEY, {})[user_id] = Awaited(step_id, position, now)


def take(context: ContextTypes.DEFAULT_TYPE, user_id: int, now: datetime) -> Awaited | None:
    """The person's wait, ended; None if there was none or it ran out."""
    awaited = drop(context, user_id)
    return awaited if awaited is not None and now - awaited.since < WAIT else None


def drop(context: ContextTypes.DEFAULT_TYPE, user_id: int) -> Awaited | None:
    return (context.chat_data or {}).get(_KEY, {}).pop(user_id, None)


def moved_on(text: str) -> bool:
    """The message after a Log attempt press is not the note but something to
    handle as itself: a command, a question or a mark line."""
    text = text.strip()
    return (
        text.startswith("/")
        or exact.is_exact_command(text)
        or marks_input.parse(text) is not None
        or bool(_QUESTION.search(text))
    )


async def end_wait(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Before every handler: the person did something else, so stop waiting."""
    user, message = update.effective_user, update.message
    if user is None or context.chat_data is None:
        return
    if user.id not in context.chat_data.get(_KEY, ()):
        return  # nothing waits on them (the usual case): no need to read the message
    if update.callback_query is not None:
        drop(context, user.id)
    elif message is not None:
        text = message.text or message.caption or ""
        if filters.COMMAND.check_update(update):
            if _command(text) != "cancel":  # /cancel says what it ended
                drop(context, user.id)
        elif marks_input.parse(text) is not None:
            drop(context, user.id)


async def cmd_cancel(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Stop what is waiting on you (for now: the note a Log attempt press asked for)."""
    user, chat = sender(update)
    awaited = take(context, user.id, services(context).clock())
    await chat.send_message(
        NOTHING if awaited is None else f"Cancelled: no attempt logged on step {awaited.position}."
    )


def _command(text: str) -> str:
    """ "/Cancel@drbot please" → "cancel"."""
    return text.split(maxsplit=1)[0][1:].split("@", 1)[0].lower() if text.strip() else ""
