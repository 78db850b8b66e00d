"""Who is acting, where, and on what: the parts of an update a handler needs.

python-telegram-bot types every part as optional, because some kinds of update lack one
(an inline query has no chat, a channel post no user). The handlers drbot registers see
only messages and button presses that the access gate let through, which always have a
person and a chat, and a message handler always has its message. A missing part is
therefore a wiring mistake: it raises here, once, instead of every handler checking again.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from telegram import CallbackQuery, Chat, Message, Update, User
from telegram.ext import CallbackContext


class MissingPart(RuntimeError):
    """An update reached a handler that cannot have been registered for it."""


class Incoming(NamedTuple):
    """A message (or a command) from a person in a chat."""

    user: User
    chat: Chat
    message: Message


class Press(NamedTuple):
    """A button press and the message its buttons are on (the chat is that message's;
    a message too old for Telegram to show still comes, with date 0)."""

    user: User
    chat: Chat
    query: CallbackQuery
    message: Message


def sender(update: Update) -> tuple[User, Chat]:
    """The person acting and the chat they act in."""
    user, chat = update.effective_user, update.effective_chat
    if user is None or chat is None:
        raise MissingPart(f"update {update.update_id} has no person or no chat")
    return user, chat


def incoming(update: Update) -> Incoming:
    """The person, the chat and the message of a message or command update."""
    user, chat = sender(update)
    message = update.effective_message
    if message is None:
        raise MissingPart(f"update {update.update_id} has no message")
    return Incoming(user, chat, message)


def press(update: Update) -> Press:
    """The person, the chat, the press and the pressed message."""
    user, chat = sender(update)
    query, message = update.callback_query, update.effective_message
    if query is None or message is None:
        raise MissingPart(f"update {update.update_id} is not a press on a message")
    return Press(user, chat, query, message)


def chat_data(context: CallbackContext[Any, Any, Any, Any]) -> dict[Any, Any]:
    """What drbot keeps for this chat between updates (waits for a typed answer)."""
    data = context.chat_data
    if data is None:
        raise MissingPart("an update without a chat has no chat data")
    return data


def user_data(context: CallbackContext[Any, Any, Any, Any]) -> dict[Any, Any]:
    """What drbot keeps for the acting person between updates (a pending question)."""
    data = context.user_data
    if data is None:
        raise MissingPart("an update without a person has no user data")
    return data
