"""ReminderList — each person's standing list of reminders that hang on no step
(migration 0024, table ``personal_reminders``).  All its SQL lives here.

A reminder is a text and its next moment; a repeating one also has a rule
(``recurrence``).  Its life:

    active ──(its moment is claimed for sending)──▶ next occurrence (repeating)
       │                                        └─▶ finished (one-off)
       └──(Cancel, Stop)──▶ cancelled

Sending is the tick's claim-before-send (``proactive_sends``).  The claim of an
occurrence and the move to the next one are one transaction
(:meth:`claim_occurrence`, the tick's guard): an occurrence is claimed once, and
the next is computed from *now*, so occurrences missed while drbot was down are
skipped, not sent one after another.  Every call takes the acting person first;
another person's reminder is reported exactly like one that does not exist.
"""

from __future__ import annotations

from datetime import datetime
from typing import TypedDict
from zoneinfo import ZoneInfo

import aiosqlite

from drbot.memory import limits
from drbot.memory.clock import Clock, iso, parse, system_clock
from drbot.memory.database import Database, fetch, inserted
from drbot.memory.errors import NotFound
from drbot.memory.recurrence import next_after
from drbot.memory.rows import as_rows

MAX_TEXT = limits.MAX_TITLE
MAX_ACTIVE = 500  # per person: a list, not a log
CHANGED = "That reminder has changed since; nothing changed. /reminders shows it as it is now."

_COLUMNS = (
    "id, user_id, text, rule, repeat_words, next_at, last_at, status, done_at,"
    " chat_id, message_id, created_at"
)


class PersonalReminder(TypedDict):
    """One reminder as every read here hands it out (``_COLUMNS``)."""

    id: int
    user_id: int
    text: str
    rule: str | None  # a repeating one's (``recurrence``); None: once
    repeat_words: str | None  # the rule as the person said it
    next_at: str | None  # None once it is finished or cancelled
    last_at: str | None  # the last occurrence claimed for sending
    status: str  # active, finished or cancelled
    done_at: str | None  # its Done was last pressed
    chat_id: int | None  # where it was asked for
    message_id: int | None
    created_at: str


class ReminderList:
    def __init__(self, db: Database, *, clock: Clock = system_clock) -> None:
        self.db = db
        self._clock = clock

    # -- one person's list ---------------------------------------------------------

    async def add(
        self,
        user_id: int,
        text: str,
        first_at: datetime,
        *,
        rule: str | None = None,
        repeat_words: str | None = None,
        chat_id: int | None = None,
        message_id: int | None = None,
    ) -> int:
        text = limits.title(text, "reminder")
        now = self._clock()
        moment = limits.moment(first_at, "reminder time")
        if moment <= now:
            raise ValueError("That time has passed; give a time ahead.")
        async with self.db.transaction() as conn:
            [[active]] = await fetch(
                conn,
                "SELECT count(*) FROM personal_reminders WHERE user_id = ? AND status = 'active'",
                (limits.user_id(user_id),),
            )
            if active >= MAX_ACTIVE:
                raise ValueError(
                    f"You have {MAX_ACTIVE} reminders already; cancel some first (/reminders)."
                )
            cursor = await conn.execute(
                "INSERT INTO personal_reminders (user_id, text, rule, repeat_words, next_at,"
                " status, chat_id, message_id, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, 'active', ?, ?, ?, ?)",
                (
                    user_id,
                    text,
                    rule,
                    repeat_words,
                    iso(moment),
                    chat_id,
                    message_id,
                    iso(now),
                    iso(now),
                ),
            )
            return inserted(cursor.lastrowid)

    async def scheduled(self, user_id: int) -> list[PersonalReminder]:
        """The person's active reminders, soonest first."""
        rows = await self.db.fetch_all(
            f"SELECT {_COLUMNS} FROM personal_reminders WHERE user_id = ? AND status = 'active'"
            " ORDER BY next_at, id",
            (limits.user_id(user_id),),
        )
        return as_rows(PersonalReminder, rows)

    async def newest(self, user_id: int) -> PersonalReminder | None:
        """The active reminder the person set last ("undo" right after setting it)."""
        row = await self.db.fetch_one(
            f"SELECT {_COLUMNS} FROM personal_reminders WHERE user_id = ? AND status = 'active'"
            " ORDER BY created_at DESC, id DESC LIMIT 1",
            (limits.user_id(user_id),),
        )
        return as_rows(PersonalReminder, [row])[0] if row else None

    async def get(self, user_id: int, reminder_id: int) -> PersonalReminder:
        row = await self.db.fetch_one(
            f"SELECT {_COLUMNS} FROM personal_reminders WHERE id = ? AND user_id = ?",
            (int(reminder_id), limits.user_id(user_id)),
        )
        if row is None:
            raise NotFound("No such reminder.")
        return as_rows(PersonalReminder, [row])[0]

    async def cancel(
        self, user_id: int, reminder_id: int, shown_next_at: str | None = None
    ) -> PersonalReminder:
        """No more of it.  ``shown_next_at``: the moment the person saw it with (a
        list or button made before a change cancels nothing)."""
        async with self.db.transaction() as conn:
            row = await self._row(conn, user_id, reminder_id)
            if row["status"] != "active" or (
                shown_next_at is not None and row["next_at"] != shown_next_at
            ):
                raise ValueError(CHANGED)
            await conn.execute(
                "UPDATE personal_reminders SET status = 'cancelled', next_at = NULL,"
                " updated_at = ? WHERE id = ?",
                (iso(self._clock()), row["id"]),
            )
        return row

    async def stop(self, user_id: int, reminder_id: int) -> bool:
        """Stop a repeating reminder from its own message; False when it had
        already stopped (nothing changed)."""
        async with self.db.transaction() as conn:
            row = await self._row(conn, user_id, reminder_id)
            if row["status"] != "active":
                return False
            await conn.execute(
                "UPDATE personal_reminders SET status = 'cancelled', next_at = NULL,"
                " updated_at = ? WHERE id = ?",
                (iso(self._clock()), row["id"]),
            )
        return True

    async def skip_next(
        self, user_id: int, reminder_id: int, zone: ZoneInfo, shown_next_at: str | None = None
    ) -> PersonalReminder:
        """A repeating reminder passes over its next occurrence; returns the row
        with its new ``next_at``."""
        async with self.db.transaction() as conn:
            row = await self._row(conn, user_id, reminder_id)
            next_at = row["next_at"]  # an active reminder always has one
            if (
                row["status"] != "active"
                or next_at is None
                or (shown_next_at is not None and next_at != shown_next_at)
            ):
                raise ValueError(CHANGED)
            if row["rule"] is None:
                raise ValueError(
                    "That reminder comes only once: there is nothing to skip. Cancel it instead."
                )
            after = next_after(row["rule"], zone, max(parse(next_at), self._clock()))
            moved_to = iso(after) if after is not None else None
            status = "active" if after is not None else "finished"
            await conn.execute(
                "UPDATE personal_reminders SET next_at = ?, status = ?, updated_at = ?"
                " WHERE id = ?",
                (moved_to, status, iso(self._clock()), row["id"]),
            )
        return row | {"next_at": moved_to, "status": status}

    async def done(self, user_id: int, reminder_id: int) -> PersonalReminder:
        """The person pressed Done on it (this time): noted, nothing else changes."""
        async with self.db.transaction() as conn:
            row = await self._row(conn, user_id, reminder_id)
            await conn.execute(
                "UPDATE personal_reminders SET done_at = ?, updated_at = ? WHERE id = ?",
                (iso(self._clock()), iso(self._clock()), row["id"]),
            )
        return row

    async def _row(
        self, conn: aiosqlite.Connection, user_id: int, reminder_id: int
    ) -> PersonalReminder:
        cursor = await conn.execute(
            f"SELECT {_COLUMNS} FROM personal_reminders WHERE id = ? AND user_id = ?",
            (int(reminder_id), limits.user_id(user_id)),
        )
        row = await cursor.fetchone()
        if row is None:
            raise NotFound("No such reminder.")
        return as_rows(PersonalReminder, [row])[0]


# -- the tick's reads and its claim (for everyone) -------------------------------------

# Occurrences that have come, for everyone: a range of the partial index.  A
# claimed occurrence has moved on (claim_occurrence), so it is never read again.
_DUE = f"""SELECT {_COLUMNS} FROM personal_reminders INDEXED BY personal_reminders_due
WHERE status = 'active' AND next_at <= :now ORDER BY next_at, id"""


async def due_for_everyone(db: Database, now: datetime) -> list[PersonalReminder]:
    return as_rows(PersonalReminder, await db.fetch_all(_DUE, {"now": iso(now)}))


def dedupe_key(reminder_id: int, occurrence: str) -> str:
    """The send log's name for one occurrence: each is sent once."""
    return f"personal:{reminder_id}:{occurrence}"


def from_key(key: str) -> tuple[int, str] | None:
    kind, _, rest = key.partition(":")
    number, _, occurrence = rest.partition(":")
    return (int(number), occurrence) if kind == "personal" and number.isdigit() else None


async def standing(
    db: Database, keys: list[tuple[int, str]], now: datetime
) -> dict[tuple[int, int], PersonalReminder]:
    """Before a retry: of these (person, key), the reminders whose occurrence
    still stands — not cancelled, no later occurrence claimed since, and none
    come by ``now`` (that one goes instead) — by (person, reminder id)."""
    wanted = {
        (user, parsed[0]): parsed[1] for user, key in keys if (parsed := from_key(key)) is not None
    }
    if not wanted:
        return {}
    marks = ", ".join("?" for _ in wanted)
    rows = await db.fetch_all(
        f"SELECT {_COLUMNS} FROM personal_reminders WHERE id IN ({marks})",
        [reminder_id for _, reminder_id in wanted],
    )
    found = {}
    for row in as_rows(PersonalReminder, rows):
        pair = (row["user_id"], row["id"])
        newer = row["next_at"] is not None and row["next_at"] <= iso(now)
        if (
            pair in wanted
            and row["status"] != "cancelled"
            and row["last_at"] == wanted[pair]
            and not newer
        ):
            found[pair] = row
    return found


async def claim_occurrence(
    conn: aiosqlite.Connection,
    user_id: int,
    reminder_id: int,
    occurrence: str,
    zone: ZoneInfo,
    now: datetime,
) -> bool:
    """Inside the tick's claim: True when this occurrence is still the reminder's
    next one, which then moves on — to the rule's first occurrence after ``now``
    (missed ones are skipped), or, for a one-off, to finished."""
    cursor = await conn.execute(
        "SELECT rule, next_at, status FROM personal_reminders WHERE id = ? AND user_id = ?",
        (int(reminder_id), limits.user_id(user_id)),
    )
    row = await cursor.fetchone()
    if row is None or row[2] != "active" or row[1] != occurrence:
        return False
    after = next_after(row[0], zone, max(parse(occurrence), now)) if row[0] else None
    await conn.execute(
        "UPDATE personal_reminders SET next_at = ?, last_at = ?, status = ?, updated_at = ?"
        " WHERE id = ?",
        (
            after and iso(after),
            occurrence,
            "active" if after is not None else "finished",
            iso(now),
            int(reminder_id),
        ),
    )
    return True
