"""PerChatOrder: updates of one chat in order, chats at once, at most so many handled
at a time; an allowed person's update is kept in the inbox as soon as it is fetched,
before it waits for anything. Real SQLite file, python-telegram-bot's Update objects."""

from __future__ import annotations

import asyncio
import json

from telegram import Update

from drbot.bot.ordering import PerChatOrder
from drbot.memory import Database
from drbot.memory.inbox import Inbox

PEOPLE = (11, 12, 13, 14, 15)


def update(update_id: int, person: int) -> Update:
    return Update.de_json(
        {
            "update_id": update_id,
            "message": {
                "message_id": update_id,
                "date": 1_764_000_000,
                "chat": {"id": person, "type": "private"},
                "from": {"id": person, "is_bot": False, "first_name": "P"},
                "text": "✓ 2",
            },
        },
        None,
    )


async def test_updates_waiting_for_a_free_slot_are_kept_at_once_in_one_transaction(tmp_path):
    db = await Database.open(tmp_path / "drbot.db")
    try:
        order = PerChatOrder(PEOPLE, max_concurrent_updates=1)
        order.inbox = inbox = Inbox(db)
        release, running = asyncio.Event(), []

        async def handling(n: int) -> None:
            running.append(n)
            await release.wait()

        seen: list[str] = []
        await db.trace(seen.append)
        # as python-telegram-bot hands over a fetched batch: one task per update
        batch = [
            asyncio.ensure_future(order.process_update(update(n, person), handling(n)))
            for n, person in enumerate(PEOPLE, 1)
        ]
        for _ in range(500):  # until the batch was kept (or clearly never will be)
            if len(await inbox.pending()) == len(PEOPLE) and running:
                break
            await asyncio.sleep(0.01)
        await db.trace(None)
        assert [u["update_id"] for u in await inbox.pending()] == [1, 2, 3, 4, 5]
        assert running == [1]  # one slot: the others wait for it, already kept
        assert seen.count("BEGIN IMMEDIATE") == 1  # the whole batch in one commit
        assert order.backlog()
        release.set()
        await asyncio.gather(*batch)
        assert running == [1, 2, 3, 4, 5]
        assert await inbox.pending() == []  # each left with its handling
        assert not order.backlog()
    finally:
        await db.close()


async def test_no_more_than_the_limit_are_handled_at_once_and_a_chat_keeps_its_order(
    tmp_path,
):
    db = await Database.open(tmp_path / "drbot.db")
    try:
        order = PerChatOrder(PEOPLE, max_concurrent_updates=2)
        order.inbox = Inbox(db)
        now, most, done = 0, 0, []

        async def handling(n: int, person: int) -> None:
            nonlocal now, most
            now += 1
            most = max(most, now)
            await asyncio.sleep(0.01)
            done.append((person, n))
            now -= 1

        work = [(n, PEOPLE[n % 2]) for n in range(1, 9)]  # two chats, four updates each
        await asyncio.gather(
            *(order.process_update(update(n, person), handling(n, person)) for n, person in work)
        )
        assert most == 2
        for person in PEOPLE[:2]:
            assert [n for p, n in done if p == person] == [n for n, p in work if p == person]
    finally:
        await db.close()


async def test_fetched_updates_are_taken_once_and_only_the_newest_are_remembered():
    from drbot.bot.fetched import FetchedUpdates

    fetched = FetchedUpdates(keep=2)
    try:
        answer = {"ok": True, "result": [{"update_id": n, "message": {"x": n}} for n in (1, 2, 3)]}
        assert fetched.parse_json_payload(json.dumps(answer).encode()) == answer
        assert fetched.take(1) is None  # a stranger's, never taken: forgotten, not kept for ever
        assert fetched.take(3) == {"update_id": 3, "message": {"x": 3}}
        assert fetched.take(3) is None  # taken once
        # any other answer (sendMessage's, a bool) is parsed as python-telegram-bot does
        assert fetched.parse_json_payload(b'{"ok": true, "result": true}') == {
            "ok": True,
            "result": True,
        }
        assert fetched.take(2) == {"update_id": 2, "message": {"x": 2}}
    finally:
        await fetched.shutdown()
