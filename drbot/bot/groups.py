"""Groups and edited messages: what in a chat is meant for drbot.

In a private chat everything is.  In a group (``group_mode = "mention"``, the
default) only commands, messages that name the bot (@drbot_bot …) and replies
to the bot's own messages are; the rest of the group's talk is none of its
business.  The mention is cut out before understanding ("@drbot_bot list my
plans" is "list my plans"), and answers are threaded to the message they answer.

An edited message is handled as new only when drbot never acted on it (a
group message edited to add the mention); otherwise the edit is not applied —
running it again would do the work twice — and the person is told so.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from telegram import Message, MessageEntity, Update
from telegram.constants import ChatType
from telegram.ext import ApplicationHandlerStop, ContextTypes

from drbot.bot.incoming import incoming, sender
from drbot.bot.services import services
from drbot.marks import MARKS
from drbot.memory.owners import plan_owner

NAME_CHARS = 32  # a first name in "— Anna" after a change in a group
EDIT_NOT_APPLIED = (
    "I don't apply edits to messages I already acted on: send it again as a new message."
)


def in_group(update: Update) -> bool:
    chat = update.effective_chat
    return chat is not None and chat.type in (ChatType.GROUP, ChatType.SUPERGROUP)


def owner(update: Update) -> int:
    """Whose plans this update reaches: in a group the group's, else the person's
    own — from Telegram's data (who acts, in which chat), resolved once here."""
    user, chat = sender(update)
    return plan_owner(user.id, chat.id)


def _mentions(message: Message, username: str, bot_id: int) -> list[MessageEntity]:
    """The entities of ``message`` that name this bot."""
    kinds: list[str | None] = [MessageEntity.MENTION, MessageEntity.TEXT_MENTION]
    # A photo's words are its caption, with entities of their own.
    parsed = (
        message.parse_entities(kinds)
        if message.text is not None
        else message.parse_caption_entities(kinds)
    )
    found = []
    for entity, text in parsed.items():
        if (
            entity.type == MessageEntity.MENTION
            and text[1:].casefold() == username.casefold()
            or entity.user is not None
            and entity.user.id == bot_id
        ):
            found.append(entity)
    return found


def addressed(update: Update, username: str, bot_id: int, *, mode: str) -> bool:
    """Is this message meant for drbot?  Always outside groups."""
    # Only what people write: a button press is on drbot's own message.
    message = update.message or update.edited_message
    if message is None or not in_group(update) or mode == "all":
        return True
    if (message.text or "").startswith("/"):
        return True  # PTB's CommandHandler itself skips /cmd@another_bot
    reply = message.reply_to_message
    if reply is not None and reply.from_user is not None and reply.from_user.id == bot_id:
        return True
    return bool(_mentions(message, username, bot_id))


def text_for_us(message: Message, username: str, bot_id: int) -> str:
    """The message's text without the mentions of the bot."""
    text = message.text or message.caption or ""
    mentions = _mentions(message, username, bot_id)
    if not mentions:
        return text
    # Entity offsets count UTF-16 units: cut on the encoded text.
    encoded = text.encode("utf-16-le")
    for entity in sorted(mentions, key=lambda e: -e.offset):
        encoded = encoded[: entity.offset * 2] + encoded[(entity.offset + entity.length) * 2 :]
    return " ".join(encoded.decode("utf-16-le").split()).strip(" ,:")


def reply_to(update: Update) -> int | None:
    """In groups, answers are threaded to the message they answer."""
    message = update.effective_message
    return message.message_id if in_group(update) and message is not None else None


def actor(update: Update) -> str | None:
    """The acting person's first name in a group (a change there says who made
    it); None in a private chat, where it is always the one person."""
    user = update.effective_user
    if not in_group(update) or user is None:
        return None
    name = " ".join((user.first_name or "").split()) or "someone"
    return name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1] + "…"


def attributed(text: str, name: str | None) -> str:
    """``text`` saying who made its changes: each mark line ("✓ 2. Book the venue")
    ends with " — Anna"; a text with none ends its last line so."""
    if not name or not text.strip():
        return text
    lines = text.split("\n")
    marked = [i for i, line in enumerate(lines) if line[:1] in MARKS.values()]
    for i in marked or [max(i for i, line in enumerate(lines) if line.strip())]:
        lines[i] = f"{lines[i].rstrip()} — {name}"
    return "\n".join(lines)


async def only_addressed(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Before the handlers: a group message not meant for drbot goes no further."""
    bot = context.bot
    mode = services(context).settings.telegram.group_mode
    if not addressed(update, bot.username, bot.id, mode=mode):
        raise ApplicationHandlerStop


@asynccontextmanager
async def first_time(update: Update, context: ContextTypes.DEFAULT_TYPE) -> AsyncIterator[bool]:
    """Claim the message for its handling (the block); False (and the person told)
    when it is an edit of one drbot already acted on.  A new message is always
    first: its claim is written with the first change its handling commits."""
    svc, (user, chat, message) = services(context), incoming(update)
    if update.edited_message is None:
        async with svc.handled.claimed_with_its_change(chat.id, message.message_id, user.id):
            yield True
        return
    if await svc.handled.claim(chat.id, message.message_id, user.id, message.date):
        yield True
        return
    await message.reply_text(EDIT_NOT_APPLIED, do_quote=True)
    yield False
