"""The inbox keeps updates fetched together in one transaction, and each keep
returns only once its update is committed. Real SQLite file."""

from __future__ import annotations

import asyncio

from drbot.memory import Database
from drbot.memory.inbox import Inbox


def update(update_id: int) -> dict:
    return {"update_id": update_id, "message": {"message_id": update_id, "text": "✓ 2"}}


async def test_updates_kept_at_once_share_one_commit_and_each_is_kept(tmp_path):
    db = await Database.open(tmp_path / "drbot.db")
    try:
        inbox, seen = Inbox(db), []
        await db.trace(seen.append)
        await asyncio.gather(*(inbox.keep(n, update(n)) for n in range(1, 101)))
        await db.trace(None)
        assert seen.count("BEGIN IMMEDIATE") == 1
        assert [u["update_id"] for u in await inbox.pending()] == list(range(1, 101))
    finally:
        await db.close()


async def test_a_keep_returns_with_its_update_committed_even_while_others_wait(tmp_path):
    db = await Database.open(tmp_path / "drbot.db")
    try:
        inbox = Inbox(db)
        await inbox.keep(1, update(1))
        assert [u["update_id"] for u in await inbox.pending()] == [1]
        async with db.transaction() as conn:  # a write in the way: the next batch waits
            waiting = asyncio.ensure_future(inbox.keep(2, update(2)))
            await asyncio.sleep(0.05)
            assert not waiting.done()
            await conn.execute("SELECT 1")
        await waiting
        assert [u["update_id"] for u in await inbox.pending()] == [1, 2]
    finally:
        await db.close()


async def test_an_update_already_claimed_is_not_kept_again(tmp_path):
    db = await Database.open(tmp_path / "drbot.db")
    try:
        async with db.transaction() as conn:
            await conn.execute(
                "INSERT INTO processed_updates (update_id, processed_at) VALUES (5, 'then')"
            )
        inbox = Inbox(db)
        await asyncio.gather(inbox.keep(5, update(5)), inbox.keep(6, update(6)))
        assert [u["update_id"] for u in await inbox.pending()] == [6]
    finally:
        await db.close()
