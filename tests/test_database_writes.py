"""Database writes that ride along: ``with_next_write`` (a statement committed with
the next change, or on its own) and ``also_in_each_write`` hooks that nest.
Real SQLite file; what was committed is read back from it."""

from __future__ import annotations

import asyncio

import pytest

from drbot.memory import Database

CLAIM = "INSERT INTO processed_updates (update_id, processed_at) VALUES (?, 'then')"


@pytest.fixture
async def db(tmp_path):
    database = await Database.open(tmp_path / "drbot.db")
    yield database
    await database.close()


async def update_ids(db: Database) -> list[int]:
    rows = await db.fetch_all("SELECT update_id FROM processed_updates ORDER BY update_id")
    return [row[0] for row in rows]


async def test_a_riding_statement_commits_with_the_first_write_and_only_then(db):
    seen: list[str] = []
    await db.trace(seen.append)
    async with db.with_next_write(CLAIM, (1,)):
        async with db.transaction() as conn:
            await conn.execute(CLAIM, (2,))
        assert await update_ids(db) == [1, 2]  # one commit carried both
        async with db.transaction() as conn:
            await conn.execute(CLAIM, (3,))
    await db.trace(None)
    assert await update_ids(db) == [1, 2, 3]  # not written a second time
    assert seen.count("BEGIN IMMEDIATE") == 2


async def test_a_riding_statement_is_written_on_its_own_when_nothing_else_was(db):
    async with db.with_next_write(CLAIM, (1,)):
        assert await update_ids(db) == []
    assert await update_ids(db) == [1]


async def test_a_rolled_back_write_does_not_take_the_riding_statement_with_it(db):
    async with db.with_next_write(CLAIM, (1,)):
        with pytest.raises(ValueError):
            async with db.transaction() as conn:
                await conn.execute(CLAIM, (2,))
                raise ValueError("refused")
        assert await update_ids(db) == []
    assert await update_ids(db) == [1]  # written at the end of the block


async def test_a_riding_statement_is_written_when_the_block_fails(db):
    with pytest.raises(RuntimeError):
        async with db.with_next_write(CLAIM, (1,)):
            raise RuntimeError("the handler failed")
    assert await update_ids(db) == [1]


async def test_another_task_never_carries_a_riding_statement(db):
    started, release = asyncio.Event(), asyncio.Event()

    async def elsewhere() -> None:
        await started.wait()
        async with db.transaction() as conn:
            await conn.execute(CLAIM, (9,))
        release.set()

    other = asyncio.create_task(elsewhere())  # started before the block: not inside it
    async with db.with_next_write(CLAIM, (1,)):
        started.set()
        await release.wait()
        assert await update_ids(db) == [9]
    await other
    assert await update_ids(db) == [1, 9]


async def test_a_task_started_inside_the_block_shares_the_statement_once(db):
    async with db.with_next_write(CLAIM, (1,)):

        async def inside() -> None:
            async with db.transaction() as conn:
                await conn.execute(CLAIM, (2,))

        await asyncio.create_task(inside())
        async with db.transaction() as conn:
            await conn.execute(CLAIM, (3,))
    assert await update_ids(db) == [1, 2, 3]  # a second insert of 1 would have failed


async def test_hooks_nest_and_each_runs_in_every_write(db):
    ran: list[str] = []

    def hook(name: str):
        async def run(conn) -> None:
            ran.append(name)

        return run

    with db.also_in_each_write(hook("outer")):
        with db.also_in_each_write(hook("inner")):
            async with db.transaction() as conn:
                await conn.execute(CLAIM, (1,))
        async with db.transaction() as conn:
            await conn.execute(CLAIM, (2,))
    async with db.transaction() as conn:
        await conn.execute(CLAIM, (3,))
    assert ran == ["outer", "inner", "outer"]


async def test_write_one_is_one_statement_and_commits_at_once(db):
    seen: list[str] = []
    await db.trace(seen.append)
    first = await db.write_one(CLAIM + " RETURNING update_id", (1,))
    again = await db.write_one(
        "INSERT OR IGNORE INTO processed_updates (update_id, processed_at) VALUES (?, 'x')"
        " RETURNING update_id",
        (1,),
    )
    await db.trace(None)
    assert [tuple(r) for r in first] == [(1,)] and again == []
    assert len(seen) == 2 and "BEGIN IMMEDIATE" not in seen
    assert await update_ids(db) == [1]  # seen by the reader: committed


async def test_write_one_waits_for_an_open_transaction_and_joins_none(db):
    async with db.transaction() as conn:
        claim = asyncio.ensure_future(db.write_one(CLAIM, (2,)))
        await asyncio.sleep(0.05)
        assert not claim.done()
        await conn.execute(CLAIM, (1,))
    await claim
    with pytest.raises(ValueError):
        async with db.transaction() as conn:
            await conn.execute(CLAIM, (3,))
            raise ValueError("rolled back")
    assert await update_ids(db) == [1, 2]


async def test_write_one_runs_the_hooks_of_its_task(db):
    async def hook(conn) -> None:
        await conn.execute(CLAIM, (99,))

    with db.also_in_each_write(hook):
        await db.write_one(CLAIM, (1,))
    assert await update_ids(db) == [1, 99]


# -- write(body): a whole transaction on the writer's thread -------------------------------


@pytest.fixture
def round_trips(monkeypatch):
    """How many calls each aiosqlite connection queued for its thread."""
    import aiosqlite

    counted: list[aiosqlite.Connection] = []
    queue = aiosqlite.Connection._execute

    async def counting(self, fn, *args, **kwargs):
        counted.append(self)
        return await queue(self, fn, *args, **kwargs)

    monkeypatch.setattr(aiosqlite.Connection, "_execute", counting)
    return counted


async def test_write_is_one_round_trip_and_carries_the_riding_statements(db, round_trips):
    def body(conn) -> int:
        conn.execute(CLAIM, (2,))
        conn.execute(CLAIM, (3,))
        return conn.execute("SELECT count(*) FROM processed_updates").fetchone()[0]

    async with db.with_next_write(CLAIM, (1,)):
        round_trips.clear()
        seen_inside = await db.write(body)
        assert len(round_trips) == 1  # BEGIN, two inserts, a read, the riding one, COMMIT
        assert await update_ids(db) == [1, 2, 3]  # committed: the reader sees them
    assert seen_inside == 2  # the body ran before the riding statement
    assert await update_ids(db) == [1, 2, 3]  # the riding one not written a second time


async def test_write_rolls_back_whole_when_the_body_raises(db):
    def body(conn) -> None:
        conn.execute(CLAIM, (2,))
        raise ValueError("refused")

    async with db.with_next_write(CLAIM, (1,)):
        with pytest.raises(ValueError, match="refused"):
            await db.write(body)
        assert await update_ids(db) == []
    assert await update_ids(db) == [1]  # written on its own at the end of the block
    await db.write(lambda conn: conn.execute(CLAIM, (4,)))  # the writer is free again
    assert await update_ids(db) == [1, 4]


async def test_write_waits_for_an_open_transaction(db):
    async with db.transaction() as conn:
        later = asyncio.ensure_future(db.write(lambda c: c.execute(CLAIM, (2,))))
        await asyncio.sleep(0.05)
        assert not later.done()
        await conn.execute(CLAIM, (1,))
    await later
    assert await update_ids(db) == [1, 2]


async def test_a_write_never_overtakes_one_already_waiting_for_the_writer(db):
    """The lock handed on but its waiter not yet woken: a write asked for in that moment
    queues behind the waiter. Otherwise a chat's later update could be kept in the inbox
    before an earlier one, and answered first."""
    order: list[int] = []

    def body(i: int):
        def write(conn) -> None:
            order.append(i)
            conn.execute(CLAIM, (i,))

        return write

    lock = db._write_lock
    await lock.acquire()  # a transaction of several round trips holds the writer
    waiting = asyncio.ensure_future(db.write(body(1)))
    await asyncio.sleep(0)  # it waits for the lock
    later = asyncio.ensure_future(db.write(body(2)))  # will run before the waiter wakes
    lock.release()
    await asyncio.gather(waiting, later)
    assert order == [1, 2]


async def test_writes_of_many_tasks_reach_the_writers_thread_together_and_each_commits_whole(
    db, round_trips
):
    """With no transaction open, a one-round-trip write is queued at once: the tasks
    writing at the same moment do not wait for each other's round trip (a turn of the
    event loop each, under load), and the thread still runs each write whole."""

    def body(i: int):
        def write(conn) -> int:
            conn.execute(CLAIM, (i,))
            conn.execute(CLAIM, (i + 10,))
            return conn.execute("SELECT count(*) FROM processed_updates").fetchone()[0]

        return write

    writes = [asyncio.ensure_future(db.write(body(i))) for i in (1, 2, 3)]
    await asyncio.sleep(0)  # each task has run up to its round trip
    assert len(round_trips) == 3
    assert await asyncio.gather(*writes) == [2, 4, 6]  # one after the other, none interleaved
    assert await update_ids(db) == [1, 2, 3, 11, 12, 13]


async def test_a_transaction_begun_while_writes_are_queued_runs_after_them(db):
    writes = [
        asyncio.ensure_future(db.write(lambda c, i=i: c.execute(CLAIM, (i,)))) for i in (1, 2)
    ]
    await asyncio.sleep(0)
    async with db.transaction() as conn:
        seen = await (await conn.execute("SELECT count(*) FROM processed_updates")).fetchone()
        await conn.execute(CLAIM, (3,))
    assert seen[0] == 2  # both were committed before its BEGIN
    await asyncio.gather(*writes)
    assert await update_ids(db) == [1, 2, 3]


async def test_write_runs_the_hooks_of_its_task(db):
    async def hook(conn) -> None:
        await conn.execute(CLAIM, (99,))

    with db.also_in_each_write(hook):
        await db.write(lambda conn: conn.execute(CLAIM, (1,)))
    assert await update_ids(db) == [1, 99]


async def test_a_write_that_need_not_be_durable_skips_only_its_own_fsync(db):
    seen: list[str] = []
    await db.trace(seen.append)
    async with db.with_next_write(CLAIM, (1,)):
        await db.write(lambda conn: conn.execute(CLAIM, (2,)), durable=False)
        assert await update_ids(db) == [2]  # committed; the riding claim waits for a durable one
        await db.write(lambda conn: conn.execute(CLAIM, (3,)))
        assert await update_ids(db) == [1, 2, 3]
    await db.trace(None)
    # synchronous = NORMAL for that one commit only: the next is FULL again
    assert seen[:4] == [
        "PRAGMA synchronous = NORMAL",
        "BEGIN IMMEDIATE",
        CLAIM.replace("?", "2"),
        "COMMIT",
    ], seen
    assert seen[4] == "PRAGMA synchronous = FULL", seen
    assert "PRAGMA synchronous" not in " ".join(seen[5:])
    [[level]] = await db._writer.execute_fetchall("PRAGMA synchronous")
    assert level == 2  # FULL


async def test_a_failed_write_that_need_not_be_durable_still_restores_full(db):
    def body(conn) -> None:
        raise ValueError("refused")

    with pytest.raises(ValueError):
        await db.write(body, durable=False)
    [[level]] = await db._writer.execute_fetchall("PRAGMA synchronous")
    assert level == 2


# -- Database.later: housekeeping that rides whichever write commits next ----------------

NOTE = (
    "INSERT INTO processed_updates (update_id, processed_at) VALUES (?, ?)"
    " ON CONFLICT (update_id) DO UPDATE SET processed_at = excluded.processed_at"
)


async def noted(db: Database) -> dict[int, str]:
    rows = await db.fetch_all("SELECT update_id, processed_at FROM processed_updates")
    return {row[0]: row[1] for row in rows}


@pytest.fixture
def waits_long(monkeypatch):
    """No write of its own for what ``later`` was given: only riding writes it."""
    from drbot.memory import database

    monkeypatch.setattr(database, "LATER_S", 60.0)


async def test_later_rides_the_next_write_of_any_task_in_its_commit(db, waits_long, round_trips):
    seen: list[str] = []
    await db.trace(seen.append)
    round_trips.clear()
    db.later("view", NOTE, (1, "first"))
    db.later("view", NOTE, (1, "newer"))  # the same key: replaces the one not yet written
    db.later("other", NOTE, (2, "other"))
    assert round_trips == [] and await noted(db) == {}
    round_trips.clear()
    await asyncio.create_task(db.write(lambda conn: conn.execute(CLAIM, (3,))))
    assert len(round_trips) == 1
    assert await noted(db) == {1: "newer", 2: "other", 3: "then"}
    await db.write(lambda conn: conn.execute(CLAIM, (4,)))  # not written a second time
    async with db.transaction() as conn:
        await conn.execute(CLAIM, (5,))
    await db.trace(None)
    assert sum("ON CONFLICT" in s for s in seen) == 2, seen  # two keys, once each
    assert seen.count("COMMIT") == 3 and "PRAGMA synchronous = NORMAL" not in seen


async def test_later_stays_waiting_when_the_write_it_rode_is_rolled_back(db, waits_long):
    db.later("view", NOTE, (1, "kept"))

    def body(conn) -> None:
        raise ValueError("refused")

    with pytest.raises(ValueError):
        await db.write(body)
    assert await noted(db) == {}
    async with db.transaction() as conn:  # a transaction of several round trips takes it too
        await conn.execute(CLAIM, (2,))
    assert await noted(db) == {1: "kept", 2: "then"}


async def test_a_failing_later_statement_is_dropped_and_the_write_it_rode_commits(db, waits_long):
    await db.write(lambda conn: conn.execute(CLAIM, (1,)))
    db.later("bad", CLAIM, (1,))  # the key is taken: a constraint failure
    db.later("good", NOTE, (2, "fine"))
    await db.write(lambda conn: conn.execute(CLAIM, (3,)))
    assert await noted(db) == {1: "then", 2: "fine", 3: "then"}
    assert db._later_now() == []  # dropped, not tried again


async def test_later_is_written_on_its_own_soon_and_never_carries_the_callers_claims(
    db, monkeypatch
):
    from drbot.memory import database

    monkeypatch.setattr(database, "LATER_S", 0.05)
    seen: list[str] = []
    await db.trace(seen.append)
    async with db.with_next_write(CLAIM, (9,), claims=True):
        db.later("view", NOTE, (1, "alone"))
        for _ in range(100):
            if await noted(db):
                break
            await asyncio.sleep(0.02)
        # written by itself, not waiting for the disk; the claim waits for its change
        assert await noted(db) == {1: "alone"}
    await db.trace(None)
    writes = [s for s in seen if not s.startswith("SELECT")]
    assert writes[:4] == [
        "PRAGMA synchronous = NORMAL",
        "BEGIN IMMEDIATE",
        NOTE.replace("(?, ?)", "(1, 'alone')"),
        "COMMIT",
    ], writes
    assert await noted(db) == {1: "alone", 9: "then"}


async def test_what_waits_for_a_write_is_written_at_close(tmp_path, waits_long):
    db = await Database.open(tmp_path / "closing.db")
    db.later("view", NOTE, (1, "at close"))
    await db.close()
    db = await Database.open(tmp_path / "closing.db")
    try:
        assert await noted(db) == {1: "at close"}
    finally:
        await db.close()


def test_a_claim_made_before_is_recognised_behind_python_telegram_bots_wrapping():
    """python-telegram-bot wraps what a request raises in a NetworkError: a send whose
    claim was made by another copy of the update still reads as that (silent) case."""
    from telegram.error import NetworkError

    from drbot.memory.database import AlreadyClaimed, already_claimed

    try:
        try:
            raise AlreadyClaimed()
        except AlreadyClaimed as error:
            raise NetworkError("Unknown error in HTTP implementation") from error
    except NetworkError as wrapped:
        assert already_claimed(wrapped)
    assert not already_claimed(NetworkError("timed out"))
    assert not already_claimed(None)
