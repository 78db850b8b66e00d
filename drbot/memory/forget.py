"""Forgetting a person: every row drbot holds about them, in one transaction.

``OWNED`` names, for every table of the schema, which of its rows are the
person's; the deletion runs children first, so every predicate can still
follow its rows up to ``plans.user_id`` and each DELETE counts exactly what it
removed.  Tables that hold nothing about anyone are listed in
``NOT_PERSONAL`` with the reason.  A table in neither list stops ``forget``
before it deletes anything: a partial forget that says "everything" would be
a lie, so a new table must say how it is forgotten (tests/test_forget.py
walks ``sqlite_master`` for the same reason).

Attempts are append-only (migration 0001's triggers).  Forgetting is the one
sanctioned exception: inside the forget transaction the delete trigger is
dropped, the person's attempts deleted, and the trigger recreated from its own
stored SQL before the commit.  SQLite's DDL is transactional and this is the
only writer, so no other statement ever sees the trigger missing; if anything
fails, the rollback brings back both the rows and the trigger.

Deleted rows must not linger in the file either: the transaction runs with
``secure_delete`` (freed content overwritten with zeros) and is followed by a
WAL checkpoint that truncates the log, which still holds the old pages.
"""

from __future__ import annotations

from drbot.memory import limits
from drbot.memory.database import Database, fetch
from drbot.memory.inbox import handling_now

_PLANS = "SELECT id FROM plans WHERE user_id = :user"
_STEPS = "SELECT id FROM plan_steps WHERE plan_id IN (" + _PLANS + ")"
_ATTEMPTS = "SELECT id FROM plan_step_attempts WHERE step_id IN (" + _STEPS + ")"

# table -> the person's rows, children before parents (the order of deletion).
OWNED: dict[str, str] = {
    "attempt_retractions": f"attempt_id IN ({_ATTEMPTS})",
    "surfacings": f"user_id = :user OR step_id IN ({_STEPS})",
    "plan_step_attempts": f"step_id IN ({_STEPS})",
    "plan_revisions": f"plan_id IN ({_PLANS})",
    "plan_notes": f"plan_id IN ({_PLANS})",
    "chat_state": "user_id = :user",
    "plan_views": f"user_id = :user OR plan_id IN ({_PLANS})",
    "plan_mutes": f"plan_id IN ({_PLANS})",
    "plan_keeps": f"user_id = :user OR plan_id IN ({_PLANS})",
    "plan_steps": f"plan_id IN ({_PLANS})",
    "plans": "user_id = :user",
    "turns": "user_id = :user",
    "pending_messages": "user_id = :user",
    "turn_journal": "user_id = :user",
    "turn_placeholders": "user_id = :user",
    "user_settings": "user_id = :user",
    "briefings_sent": "user_id = :user",
    "recipients": "user_id = :user",
    "handled_messages": "user_id = :user",
    "proactive_sends": "user_id = :user",
    "declined_commitments": "user_id = :user",
    "personal_reminders": "user_id = :user",
    # Raw Telegram updates not yet handled: the sender is in whichever field
    # the update carries (message, callback_query, ...).
    "inbox": (
        "EXISTS (SELECT 1 FROM json_each(inbox.payload) u"
        " WHERE u.type = 'object' AND json_extract(u.value, '$.from.id') = :user)"
    ),
}

NOT_PERSONAL: dict[str, str] = {
    "schema_migrations": "which migrations ran, and when",
    "sqlite_sequence": "SQLite's id counters",
    # Only update ids and times, so a redelivered update still has no second
    # effect after a forget; pruned after 7 days by the housekeeping job.
    "processed_updates": "Telegram update ids already handled",
}

_TRIGGER = "plan_step_attempts_no_delete"


class UnknownTable(RuntimeError):
    """The schema has a table this module does not know how to forget."""


async def holdings(db: Database, user_id: int) -> dict[str, int]:
    """How many rows of each table are the person's (tables with none left out)."""
    params = {"user": limits.user_id(user_id), "handling": handling_now()}
    await _check_schema(db)
    counts: dict[str, int] = {}
    for table, owned in OWNED.items():
        if table == "inbox":  # not the updates being handled now: they leave when handled
            owned = (
                f"({owned}) AND update_id NOT IN (SELECT update_id FROM processed_updates)"
                " AND update_id IS NOT :handling"  # this one, whose claim rides its change
            )
        [[count]] = await db.fetch_all(f"SELECT count(*) FROM {table} WHERE {owned}", params)
        if count:
            counts[table] = count
    return counts


async def forget(db: Database, user_id: int) -> dict[str, int]:
    """Delete every row that is the person's; returns the count per table.

    Nobody else's rows are touched: every predicate is scoped to the person.
    """
    params = {"user": limits.user_id(user_id)}
    await _check_schema(db)
    counts: dict[str, int] = {}
    async with db.transaction() as conn:
        [[trigger]] = await fetch(
            conn, "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?", (_TRIGGER,)
        )
        await conn.execute("PRAGMA secure_delete = ON")
        try:
            await conn.execute(f"DROP TRIGGER {_TRIGGER}")
            for table, owned in OWNED.items():
                cursor = await conn.execute(f"DELETE FROM {table} WHERE {owned}", params)
                if cursor.rowcount:
                    counts[table] = cursor.rowcount
            # A plan they shared into a group stays the group's; who shared it goes.
            await conn.execute("UPDATE plans SET shared_by = NULL WHERE shared_by = :user", params)
            await conn.execute(trigger)
        finally:
            await conn.execute("PRAGMA secure_delete = OFF")
    await db.checkpoint()
    return counts


async def _check_schema(db: Database) -> None:
    rows = await db.fetch_all("SELECT name FROM sqlite_master WHERE type = 'table'")
    unknown = sorted({row[0] for row in rows} - OWNED.keys() - NOT_PERSONAL.keys())
    if unknown:
        raise UnknownTable(
            f"cannot forget a person: no rule for table{'s' if len(unknown) != 1 else ''} {', '.join(unknown)} "
            "(add them to drbot/memory/forget.py)"
        )


# What a person is told before and after: the things they would recognise.
_NAMED = (
    ("plans", "plan"),
    ("plan_steps", "step"),
    ("plan_step_attempts", "attempt"),
    ("plan_notes", "note"),
    ("plan_revisions", "revision"),
    ("turns", "message of conversation"),
)


def describe(counts: dict[str, int]) -> str:
    """ "2 plans, 5 steps, 1 attempt … and your settings and records" for ``counts``."""
    parts = [
        f"{counts[table]} {word if counts[table] == 1 else _plural(word)}"
        for table, word in _NAMED
        if counts.get(table)
    ]
    if set(counts) - {table for table, _ in _NAMED}:
        parts.append("your settings, chat state and briefing records")
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _plural(word: str) -> str:
    first, _, rest = word.partition(" ")
    return f"{first}s {rest}".rstrip()
