"""Groups and edited messages over the fake Bot API.

In a group drbot acts on commands, @mentions and replies to its own messages
(group_mode "mention", the default), strips the mention, threads its answers,
and never posts a stranger's refusal.  An edit of a message it acted on is not
applied a second time; an edit of one it never acted on is handled as new.
"""

from __future__ import annotations

import contextlib
import sqlite3

from drbot.bot.access import REFUSAL
from drbot.bot.groups import EDIT_NOT_APPLIED
from drbot.memory import PlanStore
from tests.bot_harness import FRIEND, OWNER, STRANGER, bot_running, bot_settings
from tests.test_bot_e2e import ask, settle

GROUP = -100500
BOT = "@drbot_test_bot"


def plan_titles(db) -> list[str]:
    with contextlib.closing(sqlite3.connect(db)) as conn:
        return [t for (t,) in conn.execute("SELECT title FROM plans ORDER BY id")]


def step_statuses(db) -> list[str]:
    with contextlib.closing(sqlite3.connect(db)) as conn:
        return [s for (s,) in conn.execute("SELECT status FROM plan_steps ORDER BY position")]


def threaded_to(message) -> int | None:
    return (message.params.get("reply_parameters") or {}).get("message_id")


async def test_in_a_group_drbot_answers_mentions_replies_and_commands_only(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        tg.push_message(GROUP, OWNER, "fence: get quotes, hire someone")  # talk among people
        tg.push_message(GROUP, FRIEND, "anyone up for lunch?")
        await settle(app, tg)
        assert tg.sent_messages(GROUP) == []
        assert plan_titles(db) == []

        mention = tg.push_message(GROUP, OWNER, f"{BOT} fence: get quotes, hire someone")
        await settle(app, tg)
        [created] = tg.sent_messages(GROUP)
        assert "Fence" in created.plain and plan_titles(db) == ["Fence"]
        asked = tg.messages[(GROUP, created.message_id - 1)]
        assert threaded_to(created) == asked["message_id"]  # threaded to the message answered
        assert mention

        # a reply to drbot's own message needs no mention
        listing = len(tg.sent_messages(GROUP))
        tg.push_message(GROUP, OWNER, "what's next?", reply_to=created.message_id)
        await settle(app, tg)
        answer = tg.sent_messages(GROUP)[listing]
        assert "Get quotes" in answer.plain

        # commands always work
        plans = await ask(tg, GROUP, "/plans", user=OWNER)
        assert "1. Fence" in plans.plain


async def test_the_mention_is_stripped_before_understanding(tg, tmp_path):
    db = tmp_path / "bot.db"
    store = await PlanStore.open(db)
    try:
        await store.create_plan(GROUP, "Fence", steps=["quotes"])  # the group's plan
    finally:
        await store.close()
    async with bot_running(bot_settings(tg, db)) as app:
        reply = await ask(tg, GROUP, f"{BOT} list my plans", user=OWNER)
        assert '1. "Fence"' in reply.plain
        reply = await ask(tg, GROUP, f"list my plans, {BOT}", user=OWNER)
        assert '1. "Fence"' in reply.plain
        await settle(app, tg)


async def test_group_mode_all_answers_every_message(tg, tmp_path):
    db = tmp_path / "bot.db"
    settings = bot_settings(tg, db)
    settings = settings.model_copy(
        update={"telegram": settings.telegram.model_copy(update={"group_mode": "all"})}
    )
    async with bot_running(settings) as app:
        reply = await ask(tg, GROUP, "fence: get quotes, hire someone", user=OWNER)
        assert "Fence" in reply.plain
        await settle(app, tg)


async def test_a_stranger_in_a_group_gets_nothing_posted(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        tg.push_message(GROUP, STRANGER, f"{BOT} hi")
        tg.push_message(GROUP, STRANGER, "/plans")
        await settle(app, tg)
        assert tg.sent_messages(GROUP) == []
        # in private they are told, once
        refusal = await ask(tg, STRANGER, "hi")
        assert refusal.plain == REFUSAL


async def test_an_edit_of_a_message_acted_on_is_not_applied_again(tg, tmp_path):
    db = tmp_path / "bot.db"
    store = await PlanStore.open(db)
    try:
        await store.create_plan(OWNER, "Fence", steps=["quotes", "hire", "paint"])
    finally:
        await store.close()
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, "/plan 1")
        await settle(app, tg)
        tg.push_message(OWNER, OWNER, "✓ 1")
        await settle(app, tg)
        marked = max(
            mid
            for (chat, mid) in tg.messages
            if chat == OWNER and tg.messages[(chat, mid)]["from"]["id"] == OWNER
        )
        assert step_statuses(db) == ["done", "pending", "pending"]
        before = len(tg.sent_messages(OWNER))
        tg.push_edit(OWNER, OWNER, marked, "✓ 2")
        await settle(app, tg)
        [told] = tg.sent_messages(OWNER)[before:]
        assert told.plain == EDIT_NOT_APPLIED and threaded_to(told) == marked
        assert step_statuses(db) == ["done", "pending", "pending"]

        # an edited command is not run again either
        await ask(tg, OWNER, "/undo")
        await settle(app, tg)
        assert step_statuses(db) == ["pending", "pending", "pending"]
        undo = max(
            mid
            for (chat, mid) in tg.messages
            if chat == OWNER and tg.messages[(chat, mid)]["from"]["id"] == OWNER
        )
        before = len(tg.sent_messages(OWNER))
        tg.push_edit(OWNER, OWNER, undo, "/undo ")
        await settle(app, tg)
        [told] = tg.sent_messages(OWNER)[before:]
        assert told.plain == EDIT_NOT_APPLIED
    assert tg.errors == []


async def test_an_edit_that_adds_the_mention_is_handled_as_new(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        tg.push_message(GROUP, OWNER, "fence: get quotes, hire someone")
        await settle(app, tg)
        [(_, first)] = [key for key in tg.messages if key[0] == GROUP]
        assert plan_titles(db) == []
        tg.push_edit(GROUP, OWNER, first, f"{BOT} fence: get quotes, hire someone")
        await settle(app, tg)
        assert plan_titles(db) == ["Fence"]
        [created] = tg.sent_messages(GROUP)
        assert threaded_to(created) == first
        # and a second edit of it is not applied again
        tg.push_edit(GROUP, OWNER, first, f"{BOT} fence: get quotes, hire two people")
        await settle(app, tg)
        assert tg.sent_messages(GROUP)[-1].plain == EDIT_NOT_APPLIED
        assert plan_titles(db) == ["Fence"]


async def test_a_photo_whose_caption_mentions_drbot_is_read_in_a_group(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        tg.push_media(GROUP, OWNER, "photo", caption="the new fence")  # for the people
        tg.push_media(GROUP, OWNER, "photo", caption=f"{BOT} fence: get quotes, hire someone")
        await settle(app, tg)
        [created] = tg.sent_messages(GROUP)
        assert "Fence" in created.plain
    assert plan_titles(db) == ["Fence"]
