"""drbot.bot.incoming: the person, chat and message of an update, read once, on
python-telegram-bot's own Update objects as Telegram sends them."""

from __future__ import annotations

import pytest
from telegram import Update

from drbot.bot.incoming import MissingPart, incoming, press, sender

PERSON = {"id": 7, "is_bot": False, "first_name": "Ann"}
CHAT = {"id": 7, "type": "private"}


def update(**kind: object) -> Update:
    return Update.de_json({"update_id": 1, **kind}, None)


def test_a_message_gives_its_person_chat_and_message():
    got = incoming(
        update(
            message={
                "message_id": 5,
                "date": 1_700_000_000,
                "chat": CHAT,
                "from": PERSON,
                "text": "hi",
            }
        )
    )
    assert (got.user.id, got.chat.id, got.message.message_id, got.message.text) == (7, 7, 5, "hi")


def test_a_press_on_a_message_too_old_to_see_still_has_it():
    got = press(
        update(
            callback_query={
                "id": "c",
                "from": PERSON,
                "chat_instance": "i",
                "data": "x",
                # date 0: older than 48 hours, Telegram no longer shows its content
                "message": {"message_id": 9, "date": 0, "chat": CHAT},
            }
        )
    )
    assert (got.user.id, got.chat.id, got.query.data, got.message.message_id) == (7, 7, "x", 9)


def test_a_press_on_an_inline_answer_has_no_chat_and_is_refused():
    with pytest.raises(MissingPart):
        press(
            update(
                callback_query={
                    "id": "c",
                    "from": PERSON,
                    "chat_instance": "i",
                    "data": "x",
                    "inline_message_id": "m",
                }
            )
        )


def test_a_press_on_a_visible_message_carries_it():
    got = press(
        update(
            callback_query={
                "id": "c",
                "from": PERSON,
                "chat_instance": "i",
                "data": "x",
                "message": {"message_id": 9, "date": 1_700_000_000, "chat": CHAT, "text": "plan"},
            }
        )
    )
    assert got.message is not None and got.message.text == "plan"


def test_an_update_without_a_chat_is_refused_once_here():
    inline = update(inline_query={"id": "q", "from": PERSON, "query": "x", "offset": ""})
    for read in (sender, incoming, press):
        with pytest.raises(MissingPart):
            read(inline)


def test_a_message_is_not_a_press():
    with pytest.raises(MissingPart):
        press(
            update(
                message={
                    "message_id": 5,
                    "date": 1_700_000_000,
                    "chat": CHAT,
                    "from": PERSON,
                    "text": "hi",
                }
            )
        )
