"""The inbox keeps updates fetched together in one transaction, and each keep
returns only once its update is committed; a handling claims its update with its
first change, or before its first answer, or at its end. Real SQLite file."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3

import pytest

from drbot.memory import Database
from drbot.memory.conversations import ConversationStore
from drbot.memory.database import AlreadyClaimed, write_waiting
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


async def test_the_keepers_of_a_batch_wait_on_its_commit_itself(tmp_path):
    # One future for the batch, awaited by every keeper: its commit wakes each with one
    # loop callback (a shield per keeper took three, and a future of its own each).
    db = await Database.open(tmp_path / "drbot.db")
    try:
        inbox = Inbox(db)
        keepers = [asyncio.ensure_future(inbox.keep(n, update(n))) for n in range(1, 4)]
        await asyncio.sleep(0)  # each keeper runs to its wait
        waited_on = {keeper._fut_waiter for keeper in keepers}  # type: ignore[attr-defined]
        assert len(waited_on) == 1
        assert await asyncio.gather(*keepers) == [(False, False)] * 3
    finally:
        await db.close()


async def test_a_keeper_cancelled_while_it_waits_leaves_the_batch_to_the_others(tmp_path):
    db = await Database.open(tmp_path / "drbot.db")
    try:
        inbox = Inbox(db)
        keepers = [asyncio.ensure_future(inbox.keep(n, update(n))) for n in range(1, 4)]
        await asyncio.sleep(0)
        keepers[1].cancel()
        assert await keepers[0] == (False, False) and await keepers[2] == (False, False)
        with pytest.raises(asyncio.CancelledError):
            await keepers[1]
        # Its row was in the batch: kept, and replayed at the next start if unhandled.
        assert [u["update_id"] for u in await inbox.pending()] == [1, 2, 3]
        # The next batch is a new one.
        assert await inbox.keep(4, update(4)) == (False, False)
    finally:
        await db.close()


async def test_a_batch_that_fails_raises_in_each_of_its_keepers(tmp_path):
    db = await Database.open(tmp_path / "drbot.db")
    try:
        inbox = Inbox(db)
        await db.close()
        keepers = [asyncio.ensure_future(inbox.keep(n, update(n))) for n in range(1, 3)]
        results = await asyncio.gather(*keepers, return_exceptions=True)
        assert all(isinstance(result, Exception) for result in results)
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


async def test_a_handling_claims_its_update_with_its_first_change(tmp_path):
    """The claim and the inbox row's removal ride the change: one commit; the
    duplicate filter only reads inside the block."""
    db = await Database.open(tmp_path / "drbot.db")
    try:
        inbox, conversations = Inbox(db), ConversationStore(db)
        await inbox.keep(7, update(7))
        seen: list[str] = []
        async with inbox.leaves_with_its_handling(7):
            await db.trace(seen.append)
            assert await conversations.claim_update(7, None) == (True, False)  # a read
            assert seen and not any(s.startswith(("INSERT", "BEGIN")) for s in seen)
            async with db.transaction() as conn:  # the change
                await conn.execute("INSERT INTO recipients (user_id) VALUES (1)")
            await db.trace(None)
            assert await claimed(db) == [7] and await inbox.pending() == []
        assert seen.count("BEGIN IMMEDIATE") == 1
        assert await conversations.claim_update(7, None) == (False, False)
    finally:
        await db.close()


async def test_a_change_riding_an_update_claimed_meanwhile_is_rolled_back(tmp_path):
    """Two handlings of one update that both passed the duplicate filter: the
    second's change finds the claim made and is not applied twice."""
    db = await Database.open(tmp_path / "drbot.db")
    try:
        inbox = Inbox(db)
        async with inbox.leaves_with_its_handling(8):
            # the other handling's claim, committed after this one's duplicate filter read
            with contextlib.closing(sqlite3.connect(tmp_path / "drbot.db")) as other, other:
                other.execute(
                    "INSERT INTO processed_updates (update_id, processed_at) VALUES (8, 'then')"
                )
            with pytest.raises(AlreadyClaimed):
                async with db.transaction() as conn:
                    await conn.execute("INSERT INTO recipients (user_id) VALUES (1)")
            with pytest.raises(AlreadyClaimed):  # the one-round-trip kind too
                await db.write(lambda c: c.execute("INSERT INTO recipients (user_id) VALUES (2)"))
            with pytest.raises(AlreadyClaimed):  # before an answer leaves
                await write_waiting()
        assert await db.fetch_all("SELECT * FROM recipients") == []
        assert await claimed(db) == [8]
    finally:
        await db.close()


async def test_nothing_written_or_sent_the_claim_is_written_when_the_handling_ends(tmp_path):
    db = await Database.open(tmp_path / "drbot.db")
    try:
        inbox = Inbox(db)
        await inbox.keep(9, update(9))
        async with inbox.leaves_with_its_handling(9):
            await write_waiting()  # what an answer does before it leaves
            assert await claimed(db) == [9] and await inbox.pending() == []
            await write_waiting()  # nothing waits any more: no transaction
        async with inbox.leaves_with_its_handling(10):
            pass
        assert await claimed(db) == [9, 10]
    finally:
        await db.close()


async def claimed(db: Database) -> list[int]:
    rows = await db.fetch_all("SELECT update_id FROM processed_updates ORDER BY update_id")
    return [row[0] for row in rows]


async def test_a_keep_says_whether_its_update_was_claimed_and_its_sender_blocked(tmp_path):
    """Read in the keep's own transaction: the duplicate filter needs no read."""
    db = await Database.open(tmp_path / "drbot.db")
    try:
        async with db.transaction() as conn:
            await conn.execute(
                "INSERT INTO processed_updates (update_id, processed_at) VALUES (5, 'then')"
            )
            await conn.execute("INSERT INTO recipients (user_id, blocked_at) VALUES (2, 'then')")
        inbox = Inbox(db)
        known = await asyncio.gather(
            inbox.keep(5, update(5), 1), inbox.keep(6, update(6), 2), inbox.keep(7, update(7), 1)
        )
        assert known == [(True, False), (False, True), (False, False)]
        async with inbox.leaves_with_its_handling(6, known[1]):
            assert await ConversationStore(db).claim_update(6, 2) == (True, True)
    finally:
        await db.close()


async def test_a_task_cancelled_while_it_commits_the_claim_does_not_make_it_claim_twice(
    tmp_path,
):
    """A "typing…" loop started by the handling sends (committing the claim first) and is
    stopped as the answer is ready: wherever the stop lands, the answer's own commit
    of what waits neither writes the claim again nor takes it for another's."""
    db = await Database.open(tmp_path / "drbot.db")
    try:
        inbox = Inbox(db)
        for steps in range(12):  # the stop lands at each await of the commit in turn
            update_id = 100 + steps
            async with inbox.leaves_with_its_handling(update_id):
                typing = asyncio.ensure_future(write_waiting())
                for _ in range(steps):
                    await asyncio.sleep(0)
                typing.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await typing
                await write_waiting()  # the answer: must not raise AlreadyClaimed
                assert update_id in await claimed(db)
    finally:
        await db.close()
