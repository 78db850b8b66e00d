"""The SQLite file: connections, pragmas, migrations and the single writer.

Two aiosqlite connections share one file in WAL mode:

* the *writer* runs every change as one ``BEGIN IMMEDIATE`` transaction, and an
  asyncio lock lets only one such transaction be open at a time.  A shared
  connection shares its transaction, so without the lock one task's ROLLBACK
  would undo another task's work.  A transaction of one round trip (``write``)
  runs whole as one item of the writer's thread's queue, which the thread runs in
  order: it waits for the lock only while a transaction of several round trips
  holds it, and otherwise never makes other writes wait for its round trip.
* the *reader* runs single-statement reads.  WAL lets it read committed data
  while a write is in progress, and one statement always sees one consistent
  snapshot, so reads need no lock and no transaction.

A transaction never spans an await on anything but this database: callers do
their network I/O before or after ``transaction()``, never inside it.

``also_in_each_write(hook)`` lets a caller add its own bookkeeping to every
write transaction that code it calls makes, committed with it or not at all:
the model loop journals a tool's call together with the tool's change
(``memory.turn_journal``) without the tool knowing.  ``with_next_write(sql,
params)`` is the one-off kind: one statement that rides along with the next
write that commits (or is written on its own when none did), so that a
message's bookkeeping and the change it asked for cost one commit, not two.
With ``claims=True`` the statement is a claim (an update's, in
``processed_updates``): if it finds the claim made already, the write it rides
is rolled back (``AlreadyClaimed``); ``write_waiting()`` commits what still waits
before something leaves the process (an answer: ``bot/claimed_first.py``).

``later(key, sql, params)`` is housekeeping with no task of its own: the statement
rides the next write transaction that commits, whichever task makes it, or is
written on its own (not waiting for the disk) ``LATER_S`` seconds after it was
given; a newer one with the same key takes its place.  For records no promise
depends on (which message is a plan's live view), so that an answer's bookkeeping
costs no round trip of its own.

``write(body)`` runs a whole write transaction on the writer's thread in one
round trip: ``body`` gets the plain sqlite3 connection.  Every aiosqlite call is
a round trip between the event loop and that thread, and each costs both tens of
microseconds of CPU, more than most of drbot's statements themselves; the busiest
writes (a mark line's) use it.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import (
    AsyncIterator,
    Awaitable,
    Callable,
    Hashable,
    Iterator,
    Mapping,
    Sequence,
)
from contextlib import asynccontextmanager, contextmanager
from contextvars import Context, ContextVar
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Literal, TypeVar

import aiosqlite

log = logging.getLogger(__name__)

Params = Sequence[Any] | Mapping[str, Any]
T = TypeVar("T")
WriteHook = Callable[[aiosqlite.Connection], Awaitable[None]]
# Per task (a context variable): another task's transactions never run this one's hooks.
_EACH_WRITE: ContextVar[tuple[WriteHook, ...]] = ContextVar("drbot_each_write", default=())


@dataclass
class _RidingStatement:
    """A statement waiting for the next write transaction (``with_next_write``)."""

    sql: str
    params: Params
    db: Database
    # A claim: when it changes no row (another handling made it first), the
    # transaction it rides is rolled back and AlreadyClaimed raised.
    claims: bool = False
    committed: bool = False

    def check(self, rowcount: int) -> None:
        if self.claims and rowcount == 0:
            raise AlreadyClaimed()


class AlreadyClaimed(Exception):
    """A claim riding a write (``with_next_write(claims=True)``) found its row
    there already: another handling of the same thing claimed it first, so the
    change it rode with was rolled back."""


_NEXT_WRITE: ContextVar[tuple[_RidingStatement, ...]] = ContextVar("drbot_next_write", default=())

# How long a statement given to ``Database.later`` waits for a write to ride before it
# is written on its own: under load the next change comes within milliseconds.
LATER_S = 1.0


@dataclass(eq=False)
class _Later:
    """A housekeeping statement waiting for any write to ride (``Database.later``)."""

    sql: str
    params: Params
    since: float  # the event loop's time when it began to wait
    # Set on the writer's thread once a transaction holding it committed (or dropped it).
    done: bool = False


BUSY_TIMEOUT_MS = 10_000

# synchronous=FULL: a change is on disk before we acknowledge it, so nothing a
# person confirmed is lost even to a power cut (NORMAL only survives crashes).
DURABLE = "PRAGMA synchronous = FULL"
NOT_DURABLE = "PRAGMA synchronous = NORMAL"  # for one housekeeping write (Database.write)
PRAGMAS = (
    "PRAGMA journal_mode = WAL",
    DURABLE,
    "PRAGMA foreign_keys = ON",
    f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}",
)
# The reader's page cache, 32 MiB instead of SQLite's 2 MiB: the scheduler's
# everyone-scans read the same few thousand index and plan pages every run and
# sort tens of thousands of rows; with 2 MiB the pages come from the OS again
# each time and a large sort spills to a temporary file (the stale scan's SQL at
# 10,000 people 61 → 46 ms, its fetch 104 → 84 ms; docs/PERFORMANCE.md).  The
# cache only grows as pages are read, so a small database costs no more.
READER_PRAGMAS = ("PRAGMA cache_size = -32768",)


class Migration:
    """One ``NNNN_name.sql`` file."""

    def __init__(self, version: int, name: str, sql: str) -> None:
        self.version, self.name, self.sql = version, name, sql

    def statements(self) -> list[str]:
        """Split the file into statements; trigger bodies stay whole."""
        statements, pending = [], ""
        for line in self.sql.splitlines(keepends=True):
            pending += line
            if sqlite3.complete_statement(pending):
                if pending.strip():
                    statements.append(pending.strip())
                pending = ""
        if pending.strip() and not _only_comments(pending):
            raise ValueError(f"migration {self.version:04d}_{self.name}: unterminated statement")
        return statements


def _only_comments(text: str) -> bool:
    return all(not line.strip() or line.strip().startswith("--") for line in text.splitlines())


def load_migrations() -> list[Migration]:
    """The packaged migrations, in version order."""
    found = []
    for entry in resources.files("drbot.migrations").iterdir():
        name = entry.name
        if not name.endswith(".sql"):
            continue
        number, _, rest = name.partition("_")
        found.append(Migration(int(number), rest.removesuffix(".sql"), entry.read_text("utf-8")))
    found.sort(key=lambda m: m.version)
    versions = [m.version for m in found]
    if versions != list(range(1, len(found) + 1)):
        raise RuntimeError(f"migrations must be numbered 1..n without gaps, found {versions}")
    return found


LATEST_VERSION = len(load_migrations())


class DatabaseRefused(Exception):
    """A file this drbot must not serve from; ``str()`` is one line for the operator."""


class SchemaTooNew(DatabaseRefused):
    """Written by a newer drbot: this one does not know its tables, and migrating
    "up to date" or writing to it could lose what the newer one stored."""

    def __init__(self, found: int) -> None:
        super().__init__(
            f"this database was written by a newer drbot (schema {found}, "
            f"this drbot knows {LATEST_VERSION}): upgrade drbot"
        )
        self.found = found


class DatabaseDamaged(DatabaseRefused):
    """``PRAGMA quick_check`` found damage: serving from it would answer from (and
    write into) broken pages."""

    def __init__(self, path: str | Path, problems: list[str]) -> None:
        name = Path(path).name
        super().__init__(
            f"the database {path} is damaged ({damage_summary(problems)}); restore it from "
            f"your latest `drbot backup DEST` copy: stop drbot, move {name}, {name}-wal and "
            f"{name}-shm aside, then copy the backup to {path}"
        )
        self.problems = problems


def damage_summary(problems: list[str], limit: int = 160) -> str:
    """quick_check's findings as one short line."""
    lines = [line.strip() for problem in problems for line in problem.splitlines()]
    text = "; ".join(line for line in lines if line and not line.startswith("*** in database"))
    text = text or "; ".join(problems)
    return "quick_check: " + (text if len(text) <= limit else text[: limit - 1] + "…")


def quick_check(conn: sqlite3.Connection) -> list[str]:
    """``PRAGMA quick_check`` on ``conn``: its findings, ``[]`` when the file is whole.

    O(file) but cheap: every page is read once, no index is cross-checked against
    its table (that is integrity_check).  Damage bad enough that SQLite stops the
    check itself (SQLITE_CORRUPT, "malformed") is a finding too."""
    try:
        rows = conn.execute("PRAGMA quick_check").fetchall()
    except sqlite3.DatabaseError as error:
        if getattr(error, "sqlite_errorname", "") != "SQLITE_CORRUPT":
            raise
        return [str(error)]
    problems = [str(row[0]) for row in rows]
    return [] if problems == ["ok"] else problems


def read_only(path: str | Path) -> sqlite3.Connection:
    """A connection that can neither create nor change the file."""
    return sqlite3.connect(
        f"{Path(path).absolute().as_uri()}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_MS / 1000
    )


def check_file(path: str | Path) -> list[str]:
    """quick_check on a connection of its own, opened and closed for this one check:
    no page cache of ours can hide what is on disk now (webhook /healthz)."""
    conn = read_only(path)
    try:
        return quick_check(conn)
    finally:
        conn.close()


def check_for_serving(path: str | Path) -> None:
    """Before a long-running process (`drbot run`, `drbot chat`) serves from ``path``:
    raise :class:`SchemaTooNew` or :class:`DatabaseDamaged` instead of starting on a file
    that would fail later, one person at a time.  A file not there yet passes (it will be
    created); one that is not SQLite at all raises sqlite3's own error."""
    if str(path) == ":memory:" or not Path(path).exists():
        return
    conn = read_only(path)
    try:
        try:
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        except sqlite3.DatabaseError as error:
            if getattr(error, "sqlite_errorname", "") != "SQLITE_CORRUPT":
                raise
            raise DatabaseDamaged(path, [str(error)]) from None
        if version > LATEST_VERSION:
            raise SchemaTooNew(version)
        problems = quick_check(conn)
    finally:
        conn.close()
    if problems:
        raise DatabaseDamaged(path, problems)


def inserted(row_id: int | None) -> int:
    """The id of the row an INSERT just wrote (the cursor says None only for other SQL)."""
    if row_id is None:
        raise RuntimeError("an INSERT wrote no row")
    return row_id


async def fetch(conn: aiosqlite.Connection, sql: str, params: Params = ()) -> list[sqlite3.Row]:
    """Every row ``sql`` reads on ``conn`` (inside a transaction: what it sees so far)."""
    return list(await conn.execute_fetchall(sql, params))


class _WriteLock(asyncio.Lock):
    """asyncio's lock, which also says whether anyone is still on the way into it.

    Between a release and the first waiter waking, ``locked()`` is false though the
    lock is promised to that waiter; a write that skips the lock when it is ``free()``
    must not overtake that waiter (a chat's later update kept before its earlier one
    would be answered first)."""

    def __init__(self) -> None:
        super().__init__()
        self._wanted = 0

    async def acquire(self) -> Literal[True]:
        self._wanted += 1
        try:
            return await super().acquire()
        finally:
            self._wanted -= 1

    def free(self) -> bool:
        """Neither held nor waited for."""
        return not self.locked() and not self._wanted


class Database:
    """The one SQLite file of a drbot process."""

    def __init__(self, path: str, writer: aiosqlite.Connection, reader: aiosqlite.Connection):
        self.path = path
        self._writer = writer
        self._reader = reader
        self._write_lock = _WriteLock()
        self.applied_migrations: list[int] = []  # versions this open() applied
        self._later: dict[Hashable, _Later] = {}  # Database.later's, by key
        self._later_timer: asyncio.TimerHandle | None = None
        self._later_writes: set[asyncio.Task[None]] = set()

    @classmethod
    async def open(
        cls, path: str | Path, *, migrate: bool = True, upto: int | None = None
    ) -> Database:
        """Open (creating if needed) and bring the schema up to date.

        ``upto`` stops at an earlier schema version; tests use it to build
        databases as older releases left them.
        """
        path = str(path)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        writer = await _connect(path)
        try:
            applied = []
            if migrate:
                # Read once: a file already at the schema costs no transaction more.
                if (found := await schema_version(writer)) > LATEST_VERSION:
                    raise SchemaTooNew(found)
                applied = await apply_migrations(writer, upto=upto, found=found)
            reader = await _connect(path, READER_PRAGMAS)
        except BaseException:
            await writer.close()
            raise
        db = cls(path, writer, reader)
        db.applied_migrations = applied
        return db

    async def close(self) -> None:
        if self._later_timer is not None:
            self._later_timer.cancel()
            self._later_timer = None
        try:
            await self.write_later()
        except sqlite3.Error as error:  # housekeeping: closing goes on
            log.warning("housekeeping not written at close (%s)", type(error).__name__)
        async with self._write_lock:
            await self._reader.close()
            await self._writer.close()

    # -- reads ---------------------------------------------------------------

    async def fetch_all(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        return list(await self._reader.execute_fetchall(sql, params))

    async def fetch_one(self, sql: str, params: Params = ()) -> sqlite3.Row | None:
        rows = await self.fetch_all(sql, params)
        return rows[0] if rows else None

    # -- writes --------------------------------------------------------------

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction, serialized with every other one.

        Commits when the block ends, rolls back if it raises.  Only SQLite
        may be awaited inside.
        """
        async with self._write_lock:
            riding: list[_RidingStatement] = []
            try:
                # Inside the try: a task cancelled while awaiting BEGIN still
                # has it run (aiosqlite's thread works through its queue), so
                # the ROLLBACK queued after it must follow.  ROLLBACK with no
                # transaction open (BEGIN itself failed) is a no-op.
                await self._writer.execute("BEGIN IMMEDIATE")
                # Read once BEGIN ran: another task sharing a statement (one started
                # inside the block) may have committed it meanwhile — even one
                # cancelled while its COMMIT still waited in the thread's queue.
                riding = _waiting()
                yield self._writer
                for statement in riding:
                    cursor = await self._writer.execute(statement.sql, statement.params)
                    statement.check(cursor.rowcount)
                for hook in _EACH_WRITE.get():
                    await hook(self._writer)
            except BaseException:
                await self._writer.rollback()
                raise
            # Marked on the thread, right after the COMMIT: a task cancelled while it
            # waits here (a "typing…" loop stopped) still has the commit made, and
            # its statements must not then be written again as if they were not.
            later = self._later_now()
            await _on_thread(self._writer, lambda conn: _commit(conn, riding, later))

    async def write_one(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        """One write statement in a transaction of its own, serialized with every
        other one; returns the rows of its RETURNING clause.  With no transaction
        open, SQLite makes the statement its own transaction (the write lock taken
        as it starts, as BEGIN IMMEDIATE would, then committed): one round trip to
        the database's thread instead of three.  For a claim that must commit at
        once; with statements riding along (``with_next_write``) or hooks to run it is
        a ``transaction()``."""
        if _EACH_WRITE.get() or _waiting():
            async with self.transaction() as conn:
                return await fetch(conn, sql, params)
        async with self._write_lock:
            return list(await self._writer.execute_fetchall(sql, params))

    async def write(self, body: Callable[[sqlite3.Connection], T], *, durable: bool = True) -> T:
        """``body(connection)`` as one write transaction, serialized with every other
        one, run whole on the writer's thread: BEGIN IMMEDIATE, ``body``, the statements
        riding along (``with_next_write``), COMMIT — one round trip; rolled back if
        anything raises.  ``body`` runs plain sqlite3 statements and nothing else (it
        blocks the writer's thread while it runs).  With hooks to run
        (``also_in_each_write``, which are async), it runs inside ``transaction()``.

        ``durable=False`` is for housekeeping that nothing a person confirmed depends on
        (which message is a plan's live view): its commit does not wait for the disk
        (``synchronous = NORMAL``, the fsync is most of a small commit's CPU).  It
        survives a crash of the process; a power cut may lose it until the next durable
        commit, whose fsync of the WAL takes it along.  Statements riding along wait for
        a durable write."""
        if _EACH_WRITE.get():
            async with self.transaction() as conn:
                return await _on_thread(conn, body)
        if self._write_lock.free():
            # No transaction() between its BEGIN and its COMMIT, and none waiting for the
            # lock (it would be overtaken): queued at once, whole, behind whatever the
            # writer's thread has queued (it runs its queue in order, and a transaction()
            # begun after this queues its BEGIN behind it).  Taking the lock here would
            # make every other write wait, a loop turn each, for this one's round trip
            # under load.
            riding, later = _waiting() if durable else [], self._later_now()
            return await _on_thread(
                self._writer, lambda conn: _whole(conn, body, riding, later, durable=durable)
            )
        async with self._write_lock:
            riding, later = _waiting() if durable else [], self._later_now()
            return await _on_thread(
                self._writer, lambda conn: _whole(conn, body, riding, later, durable=durable)
            )

    def later(self, key: Hashable, sql: str, params: Params = ()) -> None:
        """Write ``sql`` with the next write transaction that commits, whichever task
        makes it (``write``, ``transaction``), else on its own (``synchronous = NORMAL``)
        ``LATER_S`` seconds from now; a later call with the same ``key`` replaces it if it
        has not been written yet.  No round trip, no commit of its own under load.

        For housekeeping no promise depends on: it is lost if the process dies before
        it is written, and a statement that fails is dropped, never the write it rides
        (its transaction goes on without it).  The statement must be one that may be
        written again (an upsert): a write whose caller was cancelled leaves it waiting."""
        loop = asyncio.get_running_loop()
        waiting = self._later.get(key)
        # A replacement keeps its place: it is written within LATER_S of the first.
        since = waiting.since if waiting is not None and not waiting.done else loop.time()
        self._later[key] = _Later(sql, params, since)
        if self._later_timer is None:
            self._arm_later(LATER_S)

    async def write_later(self) -> None:
        """Write now what waits for a write to ride (``later``), if anything does."""
        if self._later_now():
            await self.write(_nothing, durable=False)

    def _later_now(self) -> list[_Later]:
        """What waits for a write to ride, those written meanwhile let go."""
        if not self._later:
            return []
        for key in [key for key, entry in self._later.items() if entry.done]:
            del self._later[key]
        return list(self._later.values())

    def _arm_later(self, delay: float) -> None:
        # An empty context: the write must not carry the riding claims of whoever armed it.
        self._later_timer = asyncio.get_running_loop().call_later(
            delay, self._later_due, context=Context()
        )

    def _later_due(self) -> None:
        self._later_timer = None
        waiting = self._later_now()
        if not waiting:
            return
        loop = asyncio.get_running_loop()
        # Under load each one rides a write within milliseconds: only one that has
        # waited LATER_S is written on its own (the next due is waited for).
        left = min(entry.since for entry in waiting) + LATER_S - loop.time()
        if left > 0:
            self._arm_later(left)
            return
        task = loop.create_task(self._write_later_due())
        self._later_writes.add(task)
        task.add_done_callback(self._later_writes.discard)

    async def _write_later_due(self) -> None:
        try:
            await self.write_later()
        except (sqlite3.Error, ValueError) as error:  # ValueError: closed meanwhile
            log.info("housekeeping not written (%s); tried again later", type(error).__name__)
        if self._later_now() and self._later_timer is None:
            self._arm_later(LATER_S)

    @staticmethod
    @contextmanager
    def also_in_each_write(hook: WriteHook) -> Iterator[None]:
        """Within this block (and this task), every write transaction runs
        ``hook(connection)`` just before it commits: the hook's writes commit
        with the transaction's, or roll back with them.  The hook must only run
        statements on the connection it is given (a ``transaction()`` of its own
        would wait for itself).  Blocks nest: an inner block's hook runs after
        the outer ones'."""
        token = _EACH_WRITE.set((*_EACH_WRITE.get(), hook))
        try:
            yield
        finally:
            _EACH_WRITE.reset(token)

    @asynccontextmanager
    async def with_next_write(
        self, sql: str, params: Params = (), *, claims: bool = False
    ) -> AsyncIterator[None]:
        """Within this block (and tasks started in it), the first durable write
        transaction that commits also runs ``sql`` (so does ``write_waiting()``); if
        none did by the end of the block (none was made, or each rolled back), ``sql``
        is written in one of its own then, whatever ended the block.  For bookkeeping
        that must be written, but not before the change it goes with: one commit
        instead of two.

        ``claims``: ``sql`` claims something (an INSERT OR IGNORE of a key): if it
        changes no row, the claim was made before, by another handling, and the
        transaction it rides is rolled back with :class:`AlreadyClaimed` — the change
        is not made twice.  At the end of the block, with nothing to roll back, a
        claim made before is no error."""
        statement = _RidingStatement(sql, params, self, claims)
        token = _NEXT_WRITE.set((*_NEXT_WRITE.get(), statement))
        try:
            yield
        finally:
            _NEXT_WRITE.reset(token)
            if not statement.committed:
                # Written now as the last one riding (``transaction`` skips it if another
                # task committed it meanwhile, and marks it committed on the thread:
                # tasks started in the block may still send).
                statement.claims = False
                token = _NEXT_WRITE.set((*_NEXT_WRITE.get(), statement))
                try:
                    async with self.transaction():
                        pass
                finally:
                    _NEXT_WRITE.reset(token)

    # -- maintenance ---------------------------------------------------------

    async def schema_version(self) -> int:
        return await schema_version(self._reader)

    async def quick_check(self) -> list[str]:
        """quick_check's findings now (``[]``: whole), on a fresh read-only connection
        in a thread: the reader stays free for people, and nothing is remembered
        between checks."""
        if self.path == ":memory:":
            return []
        return await asyncio.to_thread(check_file, self.path)

    async def integrity_check(self) -> list[str]:
        rows = await self.fetch_all("PRAGMA integrity_check")
        return [row[0] for row in rows]

    async def backup(self, dest: str | Path) -> None:
        """A consistent copy made with SQLite's online backup API."""
        dest = Path(dest)
        if dest.exists():
            raise FileExistsError(f"{dest} already exists; choose a new file name")
        dest.parent.mkdir(parents=True, exist_ok=True)
        target = await aiosqlite.connect(str(dest))
        try:
            async with self._write_lock:
                await self._writer.backup(target)
        finally:
            await target.close()

    async def checkpoint(self) -> None:
        """Copy the WAL into the file and truncate it (old page images go too:
        after a forget, the WAL must not keep what was deleted)."""
        async with self._write_lock:
            # Its row read to the end: a statement left open (aiosqlite's thread holds
            # the last result until its next call) would make the next write's
            # COMMIT fail ("SQL statements in progress") when it is one round trip.
            await self._writer.execute_fetchall("PRAGMA wal_checkpoint(TRUNCATE)")

    async def trace(self, callback: Callable[[str], object] | None) -> None:
        """Call ``callback(sql)`` for every statement either connection runs
        (``None`` stops it); the benchmarks count statements with it."""
        # aiosqlite's annotation leaves out None, which sqlite3 takes to stop tracing.
        await self._reader.set_trace_callback(callback)  # type: ignore[arg-type]
        await self._writer.set_trace_callback(callback)  # type: ignore[arg-type]


def _waiting() -> list[_RidingStatement]:
    return [r for r in _NEXT_WRITE.get() if not r.committed]


async def write_waiting() -> None:
    """Commit now what waits to ride this task's next write (``with_next_write``), in
    a transaction of its own (one per database): for what must be on disk before
    something leaves the process — an update's claim before its first answer, so
    that the update delivered again is not answered again.  Raises
    :class:`AlreadyClaimed` when a claim among them was made before.  Nothing
    waiting (the usual case outside a handler): no database call."""
    if waiting := _waiting():
        async with waiting[0].db.transaction():
            pass  # the transaction runs the statements riding along


async def _on_thread(conn: aiosqlite.Connection, fn: Callable[[sqlite3.Connection], T]) -> T:
    """``fn(the sqlite3 connection)`` on ``conn``'s own thread, in one round trip.
    aiosqlite runs every call of its own this way (``Connection._execute``: queue the
    function, await its result); its public methods run one statement each."""
    result: T = await conn._execute(lambda: fn(conn._conn))  # type: ignore[no-untyped-call]
    return result


def _nothing(conn: sqlite3.Connection) -> None:
    """A write transaction's body with nothing of its own (``Database.write_later``)."""


def _commit(
    conn: sqlite3.Connection, riding: list[_RidingStatement], later: Sequence[_Later] = ()
) -> None:
    _write_later(conn, later)
    conn.commit()
    for statement in riding:
        statement.committed = True
    for entry in later:
        entry.done = True


def _write_later(conn: sqlite3.Connection, later: Sequence[_Later]) -> None:
    """``Database.later``'s statements, in the transaction open on ``conn``; one that
    fails is dropped and the transaction goes on (SQLite undoes that statement alone),
    unless the failure ended the transaction."""
    for entry in later:
        if entry.done:  # a write queued before this one took it
            continue
        try:
            conn.execute(entry.sql, entry.params)
        except sqlite3.Error as error:
            if not conn.in_transaction:
                raise
            log.warning(
                "a housekeeping statement failed and was dropped (%s)", type(error).__name__
            )


def already_claimed(error: BaseException | None) -> bool:
    """Whether ``error`` is (or was caused by) :class:`AlreadyClaimed` — python-telegram-
    bot wraps what its request raises in a NetworkError."""
    seen = 0
    while error is not None and seen < 5:
        if isinstance(error, AlreadyClaimed):
            return True
        error, seen = error.__cause__ or error.__context__, seen + 1
    return False


def _whole(
    conn: sqlite3.Connection,
    body: Callable[[sqlite3.Connection], T],
    riding: list[_RidingStatement],
    later: Sequence[_Later] = (),
    *,
    durable: bool,
) -> T:
    """One write transaction on the writer's thread (``Database.write``), taking along
    what waits to ride any write (``later``)."""
    if not durable:
        conn.execute(NOT_DURABLE)
    try:
        conn.execute("BEGIN IMMEDIATE")
        # Those a commit queued before this one (a task cancelled meanwhile) took along.
        riding = [statement for statement in riding if not statement.committed]
        try:
            result = body(conn)
            for statement in riding:
                statement.check(conn.execute(statement.sql, statement.params).rowcount)
            _write_later(conn, later)
            conn.commit()
        except BaseException:
            conn.rollback()
            raise
    finally:
        if not durable:
            conn.execute(DURABLE)
    # Set here, on the thread: a caller cancelled meanwhile still sees it committed.
    for statement in riding:
        statement.committed = True
    for entry in later:
        entry.done = True
    return result


async def _connect(path: str, extra: Sequence[str] = ()) -> aiosqlite.Connection:
    # isolation_level=None: the sqlite3 module must not open transactions on
    # its own; transaction() decides where they begin and end.
    conn = await aiosqlite.connect(path, isolation_level=None)
    try:
        conn.row_factory = sqlite3.Row
        await _enter_wal(conn, (*PRAGMAS[1:], *extra))
    except BaseException:
        # An open connection keeps a thread alive: the process could not exit.
        await conn.close()
        raise
    return conn


async def _enter_wal(conn: aiosqlite.Connection, then: Sequence[str]) -> None:
    """Switch to WAL, waiting for other openers of a new file, then run the pragmas
    ``then`` (one round trip to the connection's thread for all of them).

    Turning a fresh file into WAL needs an exclusive lock, and SQLite answers
    "locked" at once instead of honouring busy_timeout; two processes starting
    on a new database would otherwise fail.
    """

    def pragmas(raw: sqlite3.Connection) -> None:
        raw.execute(PRAGMAS[0]).fetchall()
        for pragma in then:
            raw.execute(pragma).fetchall()

    loop = asyncio.get_running_loop()
    deadline = loop.time() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            await _on_thread(conn, pragmas)
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or loop.time() > deadline:
                raise
        await asyncio.sleep(0.005)


async def schema_version(conn: aiosqlite.Connection) -> int:
    rows = await conn.execute_fetchall("PRAGMA user_version")
    return int(list(rows)[0][0])


async def apply_migrations(
    conn: aiosqlite.Connection, *, upto: int | None = None, found: int | None = None
) -> list[int]:
    """Apply pending migrations, each with its bookkeeping in one transaction.

    ``executescript`` is avoided on purpose: it commits before it runs, which
    would split a migration from its bookkeeping.  Returns the versions applied.

    ``found`` is the schema version the caller just read on ``conn`` (read here
    otherwise).  A file at the version wanted already, every start but the first
    after an upgrade, is left alone: one read, no transaction.  The version never
    goes down, so a read outside a transaction that finds it current stays true;
    one that finds it behind is checked again inside each migration's transaction
    (another process may be migrating the same file at this moment).
    """
    wanted = LATEST_VERSION if upto is None else min(upto, LATEST_VERSION)
    if found is None:
        found = await schema_version(conn)
    if found >= wanted:
        return []
    applied = []
    for migration in load_migrations():
        if migration.version <= found:
            continue
        if migration.version > wanted:
            break
        await conn.execute("BEGIN IMMEDIATE")
        try:
            # Checked inside the transaction: another process may have just
            # applied it.
            if await schema_version(conn) >= migration.version:
                await conn.rollback()
                continue
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
            )
            for statement in migration.statements():
                await conn.execute(statement)
            await conn.execute(
                "INSERT INTO schema_migrations (version, name, applied_at)"
                " VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))",
                (migration.version, migration.name),
            )
            await conn.execute(f"PRAGMA user_version = {migration.version:d}")
        except BaseException:
            await conn.rollback()
            raise
        await conn.commit()
        applied.append(migration.version)
    return applied
