"""Schema migrations: the blank schema, idempotent reopening, upgrades from every
earlier version, all-or-nothing migrations, and the packaged .sql files.

The expected schema below is checked in on purpose: a new migration must extend
it, so a schema change is always a visible, reviewed diff.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path

import aiosqlite
import pytest

from drbot.memory import database
from drbot.memory.conversations import ConversationStore
from drbot.memory.database import LATEST_VERSION, Database, Migration, apply_migrations
from drbot.memory.plans import PlanStore
from drbot.memory.reviews import ReviewSettings, everyone_with_review
from tests.stale_truth import kept_clocks, stale_clocks

REPO = Path(__file__).resolve().parents[1]
USER = 101
OTHER = 202

# -- the checked-in expectation ---------------------------------------------


class Rebuilt(list):
    """A table's complete columns after a migration rebuilt it."""


# sqlite_master objects (type, name, tbl_name) each version adds.
EXPECTED_OBJECTS: dict[int, set[tuple[str, str, str]]] = {
    1: {
        ("table", "schema_migrations", "schema_migrations"),
        ("table", "sqlite_sequence", "sqlite_sequence"),
        ("table", "plans", "plans"),
        ("index", "plans_by_user", "plans"),
        ("table", "plan_steps", "plan_steps"),
        ("index", "plan_steps_by_plan", "plan_steps"),
        ("table", "plan_step_attempts", "plan_step_attempts"),
        ("index", "plan_step_attempts_by_step", "plan_step_attempts"),
        ("trigger", "plan_step_attempts_no_update", "plan_step_attempts"),
        ("trigger", "plan_step_attempts_no_delete", "plan_step_attempts"),
    },
    2: {
        ("index", "plan_steps_open", "plan_steps"),
        ("table", "plan_notes", "plan_notes"),
        ("index", "plan_notes_by_plan", "plan_notes"),
        ("table", "plan_revisions", "plan_revisions"),
        ("index", "sqlite_autoindex_plan_revisions_1", "plan_revisions"),
        ("table", "attempt_retractions", "attempt_retractions"),
        ("table", "user_settings", "user_settings"),
    },
    3: {
        ("table", "chat_state", "chat_state"),
        ("table", "turns", "turns"),
        ("index", "turns_by_chat", "turns"),
        ("index", "turns_by_user", "turns"),
        ("table", "pending_messages", "pending_messages"),
        ("table", "processed_updates", "processed_updates"),
    },
    4: {
        ("table", "briefings_sent", "briefings_sent"),
        ("index", "sqlite_autoindex_briefings_sent_1", "briefings_sent"),
        ("table", "surfacings", "surfacings"),
        ("index", "surfacings_by_user", "surfacings"),
        ("table", "recipients", "recipients"),
    },
    5: {("table", "inbox", "inbox")},
    6: set(),
    7: set(),  # turns rebuilt (a wider outcome CHECK): same name, columns and indexes
    8: {
        ("table", "plan_views", "plan_views"),
        ("index", "plan_views_by_plan", "plan_views"),
        ("index", "sqlite_autoindex_plan_views_1", "plan_views"),
    },
    9: {
        ("table", "handled_messages", "handled_messages"),
        ("index", "handled_messages_by_time", "handled_messages"),
        ("index", "sqlite_autoindex_handled_messages_1", "handled_messages"),
    },
    10: {("index", "briefings_sent_by_time", "briefings_sent")},
    11: {
        ("table", "proactive_sends", "proactive_sends"),
        ("index", "sqlite_autoindex_proactive_sends_1", "proactive_sends"),
        ("index", "proactive_sends_retry", "proactive_sends"),
        ("index", "proactive_sends_open", "proactive_sends"),
        ("table", "plan_mutes", "plan_mutes"),
        ("index", "plan_mutes_by_user", "plan_mutes"),
    },
    12: {("index", "plan_steps_reminders", "plan_steps")},
    # chat_state and pending_messages rebuilt keyed by (chat_id, user_id)
    13: {
        ("index", "sqlite_autoindex_chat_state_1", "chat_state"),
        ("index", "sqlite_autoindex_pending_messages_1", "pending_messages"),
    },
    14: {
        ("table", "declined_commitments", "declined_commitments"),
        ("index", "declined_commitments_by_time", "declined_commitments"),
        ("index", "sqlite_autoindex_declined_commitments_1", "declined_commitments"),
    },
    15: {
        ("index", "plan_steps_waiting", "plan_steps"),
        ("index", "plan_steps_in_progress", "plan_steps"),
    },
    16: {
        ("index", "user_settings_reviews", "user_settings"),
        ("index", "user_settings_digests", "user_settings"),
        ("table", "plan_keeps", "plan_keeps"),
        ("index", "plan_keeps_by_user", "plan_keeps"),
    },
    17: {
        ("trigger", "plan_step_attempts_newest", "plan_step_attempts"),
        ("trigger", "attempt_retractions_newest", "attempt_retractions"),
    },
    18: {
        ("view", "stale_clock_refresh", "stale_clock_refresh"),
        ("trigger", "stale_clock_refresh", "stale_clock_refresh"),
        ("trigger", "plan_steps_stale_clock_insert", "plan_steps"),
        ("trigger", "plan_steps_stale_clock_update", "plan_steps"),
        ("trigger", "plan_steps_stale_clock_own", "plan_steps"),
        ("trigger", "plan_steps_stale_clock_delete", "plan_steps"),
        ("trigger", "plans_stale_clock", "plans"),
        ("index", "plan_steps_stale", "plan_steps"),
    },
    19: {("index", "turns_by_conversation", "turns")},
    20: set(),
    21: set(),
    22: set(),
    23: {
        ("table", "turn_journal", "turn_journal"),
        ("index", "sqlite_autoindex_turn_journal_1", "turn_journal"),
        ("table", "turn_placeholders", "turn_placeholders"),
        ("index", "sqlite_autoindex_turn_placeholders_1", "turn_placeholders"),
    },
    24: {
        ("table", "personal_reminders", "personal_reminders"),
        ("index", "personal_reminders_due", "personal_reminders"),
        ("index", "personal_reminders_by_user", "personal_reminders"),
    },
    25: {("index", "plan_steps_due", "plan_steps")},
    26: set(),
}

# Columns each version adds: (name, declared type, NOT NULL, primary key).
EXPECTED_COLUMNS: dict[int, dict[str, list[tuple[str, str, bool, bool]]]] = {
    1: {
        "schema_migrations": [
            ("version", "INTEGER", False, True),
            ("name", "TEXT", True, False),
            ("applied_at", "TEXT", True, False),
        ],
        "plans": [
            ("id", "INTEGER", False, True),
            ("user_id", "INTEGER", True, False),
            ("title", "TEXT", True, False),
            ("description", "TEXT", False, False),
            ("status", "TEXT", True, False),
            ("created_at", "TEXT", True, False),
            ("updated_at", "TEXT", True, False),
        ],
        "plan_steps": [
            ("id", "INTEGER", False, True),
            ("plan_id", "INTEGER", True, False),
            ("position", "INTEGER", True, False),
            ("title", "TEXT", True, False),
            ("notes", "TEXT", False, False),
            ("status", "TEXT", True, False),
            ("created_at", "TEXT", True, False),
            ("updated_at", "TEXT", True, False),
        ],
        "plan_step_attempts": [
            ("id", "INTEGER", False, True),
            ("step_id", "INTEGER", True, False),
            ("attempted_at", "TEXT", True, False),
            ("outcome", "TEXT", True, False),
            ("notes", "TEXT", False, False),
        ],
    },
    2: {
        "plans": [("times_replanned", "INTEGER", True, False)],
        "plan_steps": [
            ("estimated_days", "REAL", False, False),
            ("expected_outcome", "TEXT", False, False),
            ("status_since", "TEXT", False, False),
            ("status_note", "TEXT", False, False),
            ("wait_until", "TEXT", False, False),
            ("removed_at", "TEXT", False, False),
        ],
        "plan_notes": [
            ("id", "INTEGER", False, True),
            ("plan_id", "INTEGER", True, False),
            ("kind", "TEXT", True, False),
            ("text", "TEXT", True, False),
            ("created_at", "TEXT", True, False),
            ("removed_at", "TEXT", False, False),
        ],
        "plan_revisions": [
            ("id", "INTEGER", False, True),
            ("plan_id", "INTEGER", True, False),
            ("revision", "INTEGER", True, False),
            ("cause", "TEXT", True, False),
            ("origin", "TEXT", False, False),
            ("snapshot", "TEXT", True, False),
            ("created_at", "TEXT", True, False),
            ("undone_at", "TEXT", False, False),
            ("undoes", "INTEGER", False, False),
        ],
        "attempt_retractions": [
            ("attempt_id", "INTEGER", False, True),
            ("revision_id", "INTEGER", True, False),
            ("retracted_at", "TEXT", True, False),
        ],
        "user_settings": [
            ("user_id", "INTEGER", False, True),
            ("timezone", "TEXT", False, False),
            ("briefing_time", "TEXT", False, False),
            ("updated_at", "TEXT", True, False),
        ],
    },
    3: {
        "chat_state": [
            ("chat_id", "INTEGER", False, True),
            ("user_id", "INTEGER", True, False),
            ("current_plan_id", "INTEGER", False, False),
            ("last_step_id", "INTEGER", False, False),
            ("history_start_turn", "INTEGER", True, False),
            ("updated_at", "TEXT", True, False),
        ],
        "turns": [
            ("id", "INTEGER", False, True),
            ("chat_id", "INTEGER", True, False),
            ("user_id", "INTEGER", True, False),
            ("started_at", "TEXT", True, False),
            ("finished_at", "TEXT", True, False),
            ("user_text", "TEXT", True, False),
            ("messages", "TEXT", True, False),
            ("final_announce", "TEXT", False, False),
            ("outcome", "TEXT", True, False),
            ("model_calls", "INTEGER", True, False),
            ("input_tokens", "INTEGER", True, False),
            ("cache_read_tokens", "INTEGER", True, False),
            ("cache_write_tokens", "INTEGER", True, False),
            ("output_tokens", "INTEGER", True, False),
            ("origin", "TEXT", False, False),
        ],
        "pending_messages": [
            ("chat_id", "INTEGER", False, True),
            ("user_id", "INTEGER", True, False),
            ("text", "TEXT", True, False),
            ("origin", "TEXT", False, False),
            ("reason", "TEXT", False, False),
            ("created_at", "TEXT", True, False),
        ],
        "processed_updates": [
            ("update_id", "INTEGER", False, True),
            ("processed_at", "TEXT", True, False),
        ],
    },
    4: {
        "briefings_sent": [
            ("user_id", "INTEGER", True, True),
            ("local_date", "TEXT", True, True),
            ("sent_at", "TEXT", True, False),
            ("items", "INTEGER", True, False),
        ],
        "surfacings": [
            ("step_id", "INTEGER", False, True),
            ("user_id", "INTEGER", True, False),
            ("times", "INTEGER", True, False),
            ("last_local_date", "TEXT", True, False),
            ("activity_at", "TEXT", False, False),
        ],
        "recipients": [("user_id", "INTEGER", False, True), ("blocked_at", "TEXT", False, False)],
    },
    5: {
        "inbox": [
            ("update_id", "INTEGER", False, True),
            ("received_at", "TEXT", True, False),
            ("payload", "TEXT", True, False),
        ],
    },
    6: {
        "chat_state": [
            ("question", "TEXT", False, False),
            ("question_token", "TEXT", False, False),
            ("question_asked_at", "TEXT", False, False),
        ],
    },
    7: {},
    # A table rebuilt with other keys replaces its columns (Rebuilt), not adds to them.
    8: {
        "plan_views": [
            ("chat_id", "INTEGER", True, True),
            ("plan_id", "INTEGER", True, True),
            ("user_id", "INTEGER", True, False),
            ("message_ids", "TEXT", True, False),
            ("sent_at", "TEXT", True, False),
        ],
    },
    9: {
        "handled_messages": [
            ("chat_id", "INTEGER", True, True),
            ("message_id", "INTEGER", True, True),
            ("user_id", "INTEGER", True, False),
            ("handled_at", "TEXT", True, False),
        ],
    },
    10: {},
    11: {
        "proactive_sends": [
            ("user_id", "INTEGER", True, True),
            ("dedupe_key", "TEXT", True, True),
            ("kind", "TEXT", True, False),
            ("plan_id", "INTEGER", False, False),
            ("due_at", "TEXT", True, False),
            ("state", "TEXT", True, False),
            ("payload", "TEXT", True, False),
            ("claim_token", "TEXT", False, False),
            ("claimed_at", "TEXT", True, False),
            ("started_at", "TEXT", False, False),
            ("sent_at", "TEXT", False, False),
            ("attempts", "INTEGER", True, False),
            ("next_try_at", "TEXT", False, False),
            ("last_error", "TEXT", False, False),
        ],
        "user_settings": [
            ("quiet_from", "TEXT", False, False),
            ("quiet_until", "TEXT", False, False),
        ],
        "plan_mutes": [
            ("plan_id", "INTEGER", False, True),
            ("user_id", "INTEGER", True, False),
            ("muted_at", "TEXT", True, False),
        ],
    },
    12: {"plan_steps": [("wait_at_time", "INTEGER", True, False)]},
    13: {
        "chat_state": Rebuilt(
            [
                ("chat_id", "INTEGER", True, True),
                ("user_id", "INTEGER", True, True),
                ("current_plan_id", "INTEGER", False, False),
                ("last_step_id", "INTEGER", False, False),
                ("history_start_turn", "INTEGER", True, False),
                ("updated_at", "TEXT", True, False),
                ("question", "TEXT", False, False),
                ("question_token", "TEXT", False, False),
                ("question_asked_at", "TEXT", False, False),
            ]
        ),
        "pending_messages": Rebuilt(
            [
                ("chat_id", "INTEGER", True, True),
                ("user_id", "INTEGER", True, True),
                ("text", "TEXT", True, False),
                ("origin", "TEXT", False, False),
                ("reason", "TEXT", False, False),
                ("created_at", "TEXT", True, False),
            ]
        ),
    },
    14: {
        "declined_commitments": [
            ("user_id", "INTEGER", True, True),
            ("message_key", "TEXT", True, True),
            ("declined_at", "TEXT", True, False),
        ],
    },
    15: {},
    16: {
        "user_settings": [
            ("review_time", "TEXT", False, False),
            ("weekly_day", "INTEGER", False, False),
            ("weekly_time", "TEXT", False, False),
        ],
        "plan_keeps": [
            ("plan_id", "INTEGER", False, True),
            ("user_id", "INTEGER", True, False),
            ("kept_at", "TEXT", True, False),
        ],
    },
    17: {
        "plan_steps": [
            ("last_attempt_id", "INTEGER", False, False),
            ("last_attempt_at", "TEXT", False, False),
            ("last_outcome", "TEXT", False, False),
        ]
    },
    18: {"plan_steps": [("stale_clock", "TEXT", False, False)]},
    19: {},
    20: {"plan_steps": [("wait_set_at", "TEXT", False, False)]},
    21: {
        "plan_steps": [
            ("wait_chat_id", "INTEGER", False, False),
            ("wait_message_id", "INTEGER", False, False),
        ]
    },
    22: {"plans": [("sample", "INTEGER", True, False)]},
    23: {
        "turn_journal": [
            ("chat_id", "INTEGER", True, True),
            ("user_id", "INTEGER", True, True),
            ("user_text", "TEXT", True, False),
            ("origin", "TEXT", False, False),
            ("started_at", "TEXT", True, False),
            ("calls", "TEXT", True, False),
        ],
        "turn_placeholders": [
            ("chat_id", "INTEGER", True, True),
            ("user_id", "INTEGER", True, True),
            ("message_id", "INTEGER", True, False),
            ("after_turn", "INTEGER", True, False),
            ("created_at", "TEXT", True, False),
        ],
    },
    24: {
        "personal_reminders": [
            ("id", "INTEGER", False, True),
            ("user_id", "INTEGER", True, False),
            ("text", "TEXT", True, False),
            ("rule", "TEXT", False, False),
            ("repeat_words", "TEXT", False, False),
            ("next_at", "TEXT", False, False),
            ("last_at", "TEXT", False, False),
            ("status", "TEXT", True, False),
            ("done_at", "TEXT", False, False),
            ("chat_id", "INTEGER", False, False),
            ("message_id", "INTEGER", False, False),
            ("created_at", "TEXT", True, False),
            ("updated_at", "TEXT", True, False),
        ]
    },
    25: {
        "plan_steps": [("due_date", "TEXT", False, False), ("due_set_at", "TEXT", False, False)],
        "user_settings": [("due_reminders", "INTEGER", True, False)],
    },
    26: {"plans": [("shared_by", "INTEGER", False, False)]},
}

# (table, column) -> (parent table, parent column, ON DELETE), by version added.
EXPECTED_FOREIGN_KEYS: dict[int, dict[tuple[str, str], tuple[str, str, str]]] = {
    1: {
        ("plan_steps", "plan_id"): ("plans", "id", "CASCADE"),
        ("plan_step_attempts", "step_id"): ("plan_steps", "id", "CASCADE"),
    },
    2: {
        ("plan_notes", "plan_id"): ("plans", "id", "CASCADE"),
        ("plan_revisions", "plan_id"): ("plans", "id", "CASCADE"),
        ("attempt_retractions", "attempt_id"): ("plan_step_attempts", "id", "CASCADE"),
        ("attempt_retractions", "revision_id"): ("plan_revisions", "id", "CASCADE"),
    },
    3: {("chat_state", "current_plan_id"): ("plans", "id", "SET NULL")},
    4: {("surfacings", "step_id"): ("plan_steps", "id", "CASCADE")},
    5: {},
    6: {},
    7: {},
    8: {("plan_views", "plan_id"): ("plans", "id", "CASCADE")},
    9: {},
    10: {},
    11: {("plan_mutes", "plan_id"): ("plans", "id", "CASCADE")},
    12: {},
    13: {},  # chat_state keeps its current_plan_id key (same table name after the rebuild)
    14: {},
    15: {},
    16: {("plan_keeps", "plan_id"): ("plans", "id", "CASCADE")},
    17: {},
    18: {},
    19: {},
    20: {},
    21: {},
    22: {},
    23: {},
    24: {},
    25: {},
    26: {},
}

EXPECTED_MIGRATIONS = [
    (1, "plans"),
    (2, "plan_lifecycle"),
    (3, "conversations"),
    (4, "briefings"),
    (5, "inbox"),
    (6, "questions"),
    (7, "turn_outcomes"),
    (8, "plan_views"),
    (9, "handled_messages"),
    (10, "briefing_moments"),
    (11, "proactive_sends"),
    (12, "reminders"),
    (13, "chat_per_person"),
    (14, "declined_commitments"),
    (15, "scheduler_indexes"),
    (16, "reviews"),
    (17, "last_attempt"),
    (18, "stale_clock"),
    (19, "turns_by_conversation"),
    (20, "reminder_asked_at"),
    (21, "reminder_chat"),
    (22, "sample_plans"),
    (23, "turn_journal"),
    (24, "personal_reminders"),
    (25, "due_dates"),
    (26, "plan_shared_by"),
]


def _upto(table: dict[int, object], version: int):
    missing = [v for v in range(1, LATEST_VERSION + 1) if v not in table]
    assert not missing, (
        f"migration(s) {missing} have no expectation here: extend "
        "EXPECTED_OBJECTS / EXPECTED_COLUMNS / EXPECTED_FOREIGN_KEYS"
    )
    return [table[v] for v in range(1, version + 1)]


def expected_objects(version: int) -> set[tuple[str, str, str]]:
    return set().union(*_upto(EXPECTED_OBJECTS, version))


def expected_columns(version: int) -> dict[str, list[tuple[str, str, bool, bool]]]:
    columns: dict[str, list] = {}
    for added in _upto(EXPECTED_COLUMNS, version):
        for table, cols in added.items():
            if isinstance(cols, Rebuilt):
                columns[table] = list(cols)
            else:
                columns.setdefault(table, []).extend(cols)
    return columns


def expected_foreign_keys(version: int) -> dict[tuple[str, str], tuple[str, str, str]]:
    keys: dict = {}
    for added in _upto(EXPECTED_FOREIGN_KEYS, version):
        keys.update(added)
    return keys


# -- reading a database file directly ----------------------------------------


@contextmanager
def raw(path: Path) -> Iterator[sqlite3.Connection]:
    """A plain sqlite3 connection, committed and closed on the way out."""
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    try:
        with conn:
            yield conn
    finally:
        conn.close()


def objects(path: Path) -> set[tuple[str, str, str]]:
    with raw(path) as conn:
        return {
            (r["type"], r["name"], r["tbl_name"])
            for r in conn.execute(
                "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name"
            )
        }


def master(path: Path) -> list[tuple]:
    with raw(path) as conn:
        return [
            tuple(r)
            for r in conn.execute(
                "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name"
            )
        ]


def columns(path: Path) -> dict[str, list[tuple[str, str, bool, bool]]]:
    with raw(path) as conn:
        tables = [
            r[0]
            for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'sqlite_sequence'"
            )
        ]
        return {
            t: [
                (c["name"], c["type"], bool(c["notnull"]), bool(c["pk"]))
                for c in conn.execute(f"PRAGMA table_info({t})")
            ]
            for t in tables
        }


def foreign_keys(path: Path) -> dict[tuple[str, str], tuple[str, str, str]]:
    with raw(path) as conn:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {
            (t, fk["from"]): (fk["table"], fk["to"], fk["on_delete"])
            for t in tables
            for fk in conn.execute(f"PRAGMA foreign_key_list({t})")
        }


def user_version(path: Path) -> int:
    with raw(path) as conn:
        return conn.execute("PRAGMA user_version").fetchone()[0]


def applied(path: Path) -> list[tuple]:
    with raw(path) as conn:
        return [
            tuple(r)
            for r in conn.execute(
                "SELECT version, name, applied_at FROM schema_migrations ORDER BY version"
            )
        ]


def everything(path: Path) -> dict[str, object]:
    """Schema, every row of every table, and the version: the whole logical state."""
    with raw(path) as conn:
        tables = [
            r[0]
            for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        ]
        state = {
            t: [tuple(r) for r in conn.execute(f"SELECT * FROM {t} ORDER BY rowid")] for t in tables
        }
        state["__master__"] = master(path)
        state["__user_version__"] = conn.execute("PRAGMA user_version").fetchone()[0]
    return state


# -- a blank database ----------------------------------------------------------


@pytest.mark.parametrize("version", range(1, LATEST_VERSION + 1))
async def test_blank_database_gets_exactly_the_schema_of_each_version(tmp_path, version):
    path = tmp_path / "blank.db"
    db = await Database.open(path, upto=version)
    try:
        assert await db.schema_version() == version
    finally:
        await db.close()
    assert objects(path) == expected_objects(version)
    assert columns(path) == expected_columns(version)
    assert foreign_keys(path) == expected_foreign_keys(version)
    assert user_version(path) == version
    assert [row[:2] for row in applied(path)] == EXPECTED_MIGRATIONS[:version]


async def test_blank_database_is_at_the_latest_version_with_wal_and_foreign_keys(tmp_path):
    path = tmp_path / "blank.db"
    store = await PlanStore.open(path)
    try:
        assert len(EXPECTED_MIGRATIONS) == LATEST_VERSION, "extend EXPECTED_MIGRATIONS"
        assert await store.db.schema_version() == LATEST_VERSION
        # Every connection of ours enforces foreign keys and waits on a busy file.
        async with store.db.transaction() as conn:
            [[fk]] = await conn.execute_fetchall("PRAGMA foreign_keys")
            [[busy]] = await conn.execute_fetchall("PRAGMA busy_timeout")
            [[sync]] = await conn.execute_fetchall("PRAGMA synchronous")
        assert (fk, sync) == (1, 2) and busy > 0
        assert (await store.db.fetch_one("PRAGMA foreign_keys"))[0] == 1
        assert (await store.db.fetch_one("PRAGMA busy_timeout"))[0] > 0
        # ... and the enforcement is real: a step of a plan that does not exist.
        with pytest.raises(sqlite3.IntegrityError):
            async with store.db.transaction() as conn:
                await conn.execute(
                    "INSERT INTO plan_steps (plan_id, position, title, status, created_at,"
                    " updated_at) VALUES (999, 1, 'x', 'pending', 'now', 'now')"
                )
        plan_id = await store.create_plan(USER, "Fence", steps=["Call"])
        step_id = (await store.get_plan(USER, plan_id))["steps"][0]["id"]
        await store.add_attempt(USER, step_id, "no answer")
    finally:
        await store.close()
    assert user_version(path) == LATEST_VERSION
    assert [row[:2] for row in applied(path)] == EXPECTED_MIGRATIONS
    with raw(path) as conn:
        # WAL is a property of the file: a plain connection sees it too.
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        # Attempts are append-only in the schema itself.
        for sql in (
            "UPDATE plan_step_attempts SET outcome = 'edited'",
            "DELETE FROM plan_step_attempts",
        ):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                conn.execute(sql)
        with pytest.raises(sqlite3.IntegrityError):
            conn.execute("UPDATE plans SET status = 'paused'")
        with pytest.raises(sqlite3.IntegrityError):
            conn.execute("UPDATE plan_steps SET status = 'later'")


# -- reopening ---------------------------------------------------------------


async def test_reopening_an_up_to_date_database_changes_nothing(tmp_path):
    path = tmp_path / "plans.db"
    store = await PlanStore.open(path)
    plan_id = await store.create_plan(
        USER,
        "Fence repair",
        "the north side",
        steps=["Call the mechanic", {"title": "Buy posts", "estimated_days": 2}],
    )
    plan = await store.get_plan(USER, plan_id)
    await store.add_attempt(USER, plan["steps"][0]["id"], "no answer", "try Thursday")
    await store.add_note(USER, plan_id, "posts are 3 m")
    await store.close()  # the last connection checkpoints the WAL into the file
    before_bytes, before = path.read_bytes(), everything(path)

    for _ in range(2):
        store = await PlanStore.open(path)
        assert await store.get_plan(USER, plan_id) == await store.get_plan(USER, plan_id)
        await store.close()
    assert everything(path) == before  # includes applied_at: nothing re-applied
    assert path.read_bytes() == before_bytes

    async with aiosqlite.connect(path, isolation_level=None) as conn:
        assert await apply_migrations(conn) == []
    assert everything(path) == before


def traced_opens(monkeypatch) -> list[str]:
    """Every statement run on the sqlite3 connections opened from now on (aiosqlite
    opens its connections with ``sqlite3.connect``, on its own thread)."""
    seen: list[str] = []
    connect = sqlite3.connect

    def traced(*args, **kwargs):
        conn = connect(*args, **kwargs)
        conn.set_trace_callback(seen.append)
        return conn

    monkeypatch.setattr(sqlite3, "connect", traced)
    return seen


async def test_opening_an_up_to_date_database_reads_its_version_once_and_begins_nothing(
    tmp_path, monkeypatch
):
    path = tmp_path / "plans.db"
    await (await Database.open(path)).close()

    seen = traced_opens(monkeypatch)
    db = await Database.open(path)
    opening = list(seen)
    monkeypatch.undo()
    try:
        assert db.applied_migrations == []
        assert await db.schema_version() == LATEST_VERSION
    finally:
        await db.close()
    # Not a transaction (and a version read) per migration: the file is at the schema.
    assert opening.count("PRAGMA user_version") == 1
    assert [s for s in opening if s.split()[0] in ("BEGIN", "COMMIT", "ROLLBACK")] == []


async def test_opening_an_older_database_applies_only_the_migrations_after_its_version(
    tmp_path, monkeypatch
):
    path = tmp_path / "plans.db"
    await (await Database.open(path, upto=LATEST_VERSION - 2)).close()

    seen = traced_opens(monkeypatch)
    db = await Database.open(path)
    opening = list(seen)
    monkeypatch.undo()
    try:
        assert db.applied_migrations == [LATEST_VERSION - 1, LATEST_VERSION]
    finally:
        await db.close()
    # One transaction per migration applied, its version checked again inside it.
    assert [s for s in opening if s.startswith("BEGIN")] == ["BEGIN IMMEDIATE"] * 2
    assert opening.count("PRAGMA user_version") == 1 + 2
    assert objects(path) == expected_objects(LATEST_VERSION)


# -- upgrades ------------------------------------------------------------------

T0, T1, T2, T3 = (
    "2025-01-01T09:00:00.000000Z",
    "2025-01-02T09:00:00.000000Z",
    "2025-01-03T09:00:00.000000Z",
    "2025-01-04T09:00:00.000000Z",
)


def seed_v1(conn: sqlite3.Connection) -> None:
    """Rows as schema version 1 (plans, steps, attempts only) wrote them."""
    conn.executemany(
        "INSERT INTO plans (id, user_id, title, description, status, created_at, updated_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (1, USER, "Fence repair", "north side", "active", T0, T3),
            (2, USER, "Old plan", None, "abandoned", T0, T1),
            (3, OTHER, "Someone else's", None, "active", T0, T0),
        ],
    )
    conn.executemany(
        "INSERT INTO plan_steps (id, plan_id, position, title, notes, status, created_at,"
        " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (11, 1, 1, "Get quotes", "three at least", "done", T0, T1),
            (12, 1, 2, "Call the mechanic", None, "in_progress", T0, T2),
            (13, 1, 3, "Buy posts", None, "pending", T0, T0),
            (21, 2, 1, "Whatever", None, "skipped", T0, T1),
            (31, 3, 1, "Private", None, "pending", T0, T0),
        ],
    )
    conn.executemany(
        "INSERT INTO plan_step_attempts (id, step_id, attempted_at, outcome, notes)"
        " VALUES (?, ?, ?, ?, ?)",
        [(101, 12, T1, "no answer", None), (102, 12, T2, "voicemail", "left a message")],
    )


def seed_v2(conn: sqlite3.Connection) -> None:
    """Release 2 rows: v1's plus what 0002 added (estimates, notes, revisions)."""
    seed_v1(conn)
    # Release 2 set status_since whenever a status changed.
    conn.execute("UPDATE plan_steps SET status_since = updated_at")
    conn.execute(
        "UPDATE plan_steps SET estimated_days = 2, expected_outcome = 'a date' WHERE id = 12"
    )
    conn.execute(
        "INSERT INTO plan_notes (plan_id, kind, text, created_at)"
        " VALUES (1, 'finding', 'posts are 3 m', ?)",
        (T2,),
    )
    # Release 2 wrote a revision with every change, so every plan has one.
    for [plan_id] in conn.execute("SELECT id FROM plans").fetchall():
        conn.execute(
            "INSERT INTO plan_revisions (plan_id, revision, cause, snapshot, created_at)"
            " VALUES (?, 1, 'created', ?, ?)",
            (plan_id, v2_snapshot(conn, plan_id), T3),
        )


def v2_snapshot(conn: sqlite3.Connection, plan_id: int) -> str:
    """A revision snapshot in release 2's format, built from the rows."""
    plan = conn.execute(
        "SELECT title, description, status, times_replanned FROM plans WHERE id = ?", (plan_id,)
    ).fetchone()
    steps = conn.execute(
        "SELECT id, position, title, notes, status, status_note, status_since, estimated_days,"
        " expected_outcome, wait_until FROM plan_steps"
        " WHERE plan_id = ? AND removed_at IS NULL ORDER BY position",
        (plan_id,),
    ).fetchall()
    [last_attempt] = conn.execute(
        "SELECT coalesce(max(a.id), 0) FROM plan_step_attempts a"
        " JOIN plan_steps s ON s.id = a.step_id WHERE s.plan_id = ?",
        (plan_id,),
    ).fetchone()
    [last_note] = conn.execute(
        "SELECT coalesce(max(id), 0) FROM plan_notes WHERE plan_id = ?", (plan_id,)
    ).fetchone()
    return json.dumps(
        {
            "plan": dict(plan),
            "steps": [dict(step) for step in steps],
            "last_attempt_id": last_attempt,
            "last_note_id": last_note,
        }
    )


def seed_v3(conn: sqlite3.Connection) -> None:
    """Release 3 rows: v2's plus a chat whose current plan is plan 1."""
    seed_v2(conn)
    conn.execute(
        "INSERT INTO chat_state (chat_id, user_id, current_plan_id, updated_at)"
        " VALUES (?, ?, 1, ?)",
        (USER, USER, T3),
    )


def seed_v4(conn: sqlite3.Connection) -> None:
    """Release 4 rows: v3's plus a sent briefing that surfaced step 12."""
    seed_v3(conn)
    conn.execute(
        "INSERT INTO briefings_sent (user_id, local_date, sent_at, items)"
        " VALUES (?, '2025-01-04', ?, 1)",
        (USER, T3),
    )
    conn.execute(
        "INSERT INTO surfacings (step_id, user_id, times, last_local_date, activity_at)"
        " VALUES (12, ?, 1, '2025-01-04', ?)",
        (USER, T2),
    )


def seed_v5(conn: sqlite3.Connection) -> None:
    """Release 5 rows: v4's, an update fetched but not yet handled, and two turns of
    the chat, the newer one deleted (by hand: drbot never deletes turns), so the id
    counter is ahead of max(id)."""
    seed_v4(conn)
    conn.execute("INSERT INTO inbox (update_id, received_at, payload) VALUES (7, ?, '{}')", (T3,))
    turn = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": [{"type": "text", "text": "Hello"}]},
    ]
    for turn_id in (7, 8):
        conn.execute(
            "INSERT INTO turns (id, chat_id, user_id, started_at, finished_at,"
            " user_text, messages, outcome, input_tokens) VALUES"
            " (?, ?, ?, ?, ?, 'hi', ?, 'answered', 12)",
            (turn_id, USER, USER, T3, T3, json.dumps(turn)),
        )
    conn.execute("DELETE FROM turns WHERE id = 8")


def seed_v6(conn: sqlite3.Connection) -> None:
    """Release 6 rows: v5's (no chat has an open question)."""
    seed_v5(conn)


def seed_v7(conn: sqlite3.Connection) -> None:
    """Release 7 rows: v6's plus an open question and a message kept for /retry."""
    seed_v6(conn)
    conn.execute(
        'UPDATE chat_state SET question = \'{"text": "Which?"}\','
        " question_token = 'tok7', question_asked_at = ? WHERE chat_id = ?",
        (T3, USER),
    )
    conn.execute(
        "INSERT INTO pending_messages (chat_id, user_id, text, origin, created_at)"
        " VALUES (?, ?, 'are you there?', 'telegram:101:9', ?)",
        (USER, USER, T3),
    )


def seed_v8(conn: sqlite3.Connection) -> None:
    """Release 8 rows: v7's (no plan view recorded yet)."""
    seed_v7(conn)


def seed_v9(conn: sqlite3.Connection) -> None:
    """Release 9 rows: v8's (no handled message recorded yet)."""
    seed_v8(conn)


def seed_v10(conn: sqlite3.Connection) -> None:
    """Release 10 rows: v9's plus a briefing whose morning key carries the zone."""
    seed_v9(conn)
    conn.execute(
        "INSERT INTO briefings_sent (user_id, local_date, sent_at, items)"
        " VALUES (?, '2025-01-05@UTC', ?, 1)",
        (USER, T3),
    )
    conn.execute("UPDATE plan_steps SET wait_until = '2030-01-01T00:00:00.000000Z' WHERE id = 13")


def seed_v11(conn: sqlite3.Connection) -> None:
    """Release 11 rows: v10's (nothing proactive claimed, no quiet hours or mutes)."""
    seed_v10(conn)


def seed_v12(conn: sqlite3.Connection) -> None:
    """Release 12 rows: v11's plus settings with quiet hours (no reminder at a time of day,
    review or digest yet)."""
    seed_v11(conn)
    conn.execute(
        "INSERT INTO user_settings (user_id, timezone, quiet_from, quiet_until,"
        " updated_at) VALUES (?, 'Europe/Berlin', '22:00', '08:00', ?)",
        (USER, T3),
    )


def seed_v13(conn: sqlite3.Connection) -> None:
    """Release 13 rows: v12's (conversations keyed by chat and person)."""
    seed_v12(conn)


def seed_v14(conn: sqlite3.Connection) -> None:
    """Release 14 rows: v13's (no commitment declined yet)."""
    seed_v13(conn)


def seed_v15(conn: sqlite3.Connection) -> None:
    """Release 15 rows: v14's (indexes only)."""
    seed_v14(conn)


def seed_v16(conn: sqlite3.Connection) -> None:
    """Release 16 rows: v15's plus an evening review time (the newest attempt not yet
    kept on its step: 0017 fills it in)."""
    seed_v15(conn)
    conn.execute("UPDATE user_settings SET review_time = '21:00' WHERE user_id = ?", (USER,))


def seed_v17(conn: sqlite3.Connection) -> None:
    """Release 17 rows: v16's (each step's stale clock not yet kept: 0018 fills it in)."""
    seed_v16(conn)


def seed_v18(conn: sqlite3.Connection) -> None:
    """Release 18 rows: v17's (turns not yet indexed by conversation)."""
    seed_v17(conn)


def seed_v19(conn: sqlite3.Connection) -> None:
    """Release 19 rows: v18's (steps not yet saying when their wait was asked for)."""
    seed_v18(conn)


def seed_v20(conn: sqlite3.Connection) -> None:
    """Release 20 rows: v19's (no reminder yet says where it was asked for)."""
    seed_v19(conn)


def seed_v21(conn: sqlite3.Connection) -> None:
    """Release 21 rows: v20's (no plan is a sample yet: 0022 makes every one the person's own)."""
    seed_v20(conn)


def seed_v22(conn: sqlite3.Connection) -> None:
    """Release 22 rows: v21's (no turn was journalled before 0023: every turn was stored whole)."""
    seed_v21(conn)


def seed_v23(conn: sqlite3.Connection) -> None:
    """Release 23 rows: v22's (no reminder hangs on no step yet: 0024 adds the list)."""
    SEEDERS[22](conn)


def seed_v24(conn: sqlite3.Connection) -> None:
    """Release 24 rows: v23's (no step has a due date yet: 0025 adds them)."""
    seed_v23(conn)


def seed_v25(conn: sqlite3.Connection) -> None:
    """Release 25 rows: v24's (no plan records who shared it yet: 0026 adds that)."""
    seed_v24(conn)


SEEDERS = {
    1: seed_v1,
    2: seed_v2,
    3: seed_v3,
    4: seed_v4,
    5: seed_v5,
    6: seed_v6,
    7: seed_v7,
    8: seed_v8,
    9: seed_v9,
    10: seed_v10,
    11: seed_v11,
    12: seed_v12,
    13: seed_v13,
    14: seed_v14,
    15: seed_v15,
    16: seed_v16,
    17: seed_v17,
    18: seed_v18,
    19: seed_v19,
    20: seed_v20,
    21: seed_v21,
    22: seed_v22,
    23: seed_v23,
    24: seed_v24,
    25: seed_v25,
}

# What release 1's data must look like through today's PlanStore.
EXPECTED_STEPS = [
    {
        "id": 11,
        "position": 1,
        "title": "Get quotes",
        "notes": "three at least",
        "status": "done",
        "status_since": T1,
        "outcomes": [],
    },
    {
        "id": 12,
        "position": 2,
        "title": "Call the mechanic",
        "notes": None,
        "status": "in_progress",
        "status_since": T2,
        "outcomes": ["no answer", "voicemail"],
    },
    {
        "id": 13,
        "position": 3,
        "title": "Buy posts",
        "notes": None,
        "status": "pending",
        "status_since": T0,
        "outcomes": [],
    },
]


async def build_old(path: Path, version: int) -> None:
    assert version in SEEDERS, f"add a seeder for schema version {version}"
    db = await Database.open(path, upto=version)
    await db.close()
    assert user_version(path) == version
    with raw(path) as conn:
        SEEDERS[version](conn)


@pytest.mark.parametrize("version", range(1, LATEST_VERSION))
async def test_upgrade_from_every_earlier_version_keeps_data_and_works(tmp_path, version):
    path = tmp_path / f"v{version}.db"
    await build_old(path, version)

    store = await PlanStore.open(path)
    try:
        assert await store.db.schema_version() == LATEST_VERSION
        plan = await store.get_plan(USER, 1)
        assert (plan["title"], plan["description"], plan["status"]) == (
            "Fence repair",
            "north side",
            "active",
        )
        assert plan["times_replanned"] == 0
        got = [
            {
                "id": s["id"],
                "position": s["position"],
                "title": s["title"],
                "notes": s["notes"],
                "status": s["status"],
                "status_since": s["status_since"],
                "outcomes": [a["outcome"] for a in s["attempts"]],
            }
            for s in plan["steps"]
        ]
        assert got == EXPECTED_STEPS  # status_since was filled from updated_at
        assert plan["steps"][1]["attempts"][1]["notes"] == "left a message"
        assert not any(a["retracted"] for s in plan["steps"] for a in s["attempts"])
        # Ownership carries over: plan 3 stays the other user's.
        assert (await store.get_plan(OTHER, 3))["title"] == "Someone else's"
        assert [p["id"] for p in await store.list_plans(USER, "all")] == [1, 2]
        [summary] = await store.list_plans(USER)
        assert summary["counts"] == {
            "pending": 1,
            "in_progress": 1,
            "done": 1,
            "skipped": 0,
            "blocked": 0,
        }
        # Staleness works on old rows: step 12 went quiet at T2 (step 13, the
        # first pending one, waits its turn while step 12 is in progress).
        stale = await store.stale_steps(USER, days=7)
        assert {s["step_id"] for s in stale} == {12}
        with raw(path) as conn:  # 0018 worked out every step's stale clock
            assert kept_clocks(conn) == stale_clocks(conn)
            assert kept_clocks(conn)[12] is not None

        # New operations work on old rows.
        attempt_id = await store.add_attempt(USER, 13, "asked at the shop")
        assert attempt_id > 102
        plan = await store.get_plan(USER, 1)
        assert plan["steps"][2]["status"] == "in_progress"
        assert plan["steps"][2]["status_since"] > T3
        await store.update_step_status(USER, 12, "blocked", "waiting on council")
        await store.add_note(USER, 1, "council meets Tuesday", "progress")
        undone = await store.undo(USER, 1)
        assert undone["cause"] == "progress noted"
        undone = await store.undo(USER, 1)
        assert undone["cause"].startswith("step 2 blocked")
        plan = await store.get_plan(USER, 1)
        assert [s["status"] for s in plan["steps"]] == ["done", "in_progress", "in_progress"]
        assert plan["steps"][1]["status_since"] == T2  # restored, not reset
        assert [n["text"] for n in plan["notes"]] == (["posts are 3 m"] if version >= 2 else [])
        step_id = await store.add_step(USER, 1, "Dig holes", position=1)
        plan = await store.get_plan(USER, 1)
        assert [(s["id"], s["position"]) for s in plan["steps"]] == [
            (step_id, 1),
            (11, 2),
            (12, 3),
            (13, 4),
        ]
        new_ids = await store.replan(USER, 1, ["Hire a fencer"], reason="too much work")
        plan = await store.get_plan(USER, 1)
        assert [s["id"] for s in plan["steps"]] == [11, *new_ids]
        assert plan["times_replanned"] == 1
        # The replaced old steps stay visible, with the old release's attempts.
        assert [s["id"] for s in plan["replaced_steps"]] == [step_id, 12, 13]
        assert [a["outcome"] for a in plan["replaced_steps"][1]["attempts"]] == [
            "no answer",
            "voicemail",
        ]
        assert await store.verify() == []
    finally:
        await store.close()

    # The upgraded schema is exactly the blank database's schema.
    blank = tmp_path / "blank.db"
    await (await Database.open(blank)).close()
    assert master(path) == master(blank)
    assert [row[:2] for row in applied(path)] == EXPECTED_MIGRATIONS
    with raw(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []


@pytest.mark.parametrize("version", range(1, LATEST_VERSION))
async def test_first_change_after_an_upgrade_can_be_undone(tmp_path, version):
    """A plan written by an older release has no revision yet; the first change
    made after the upgrade must still be undoable, like any other change."""
    path = tmp_path / f"v{version}.db"
    await build_old(path, version)
    store = await PlanStore.open(path)
    try:
        await store.add_attempt(USER, 13, "asked at the shop")
        undone = await store.undo(USER, 1)
        assert undone["cause"].startswith("attempt on step 3")
        plan = await store.get_plan(USER, 1)
        step = plan["steps"][2]
        assert (step["status"], step["status_since"]) == ("pending", T0)
        assert [(a["outcome"], a["retracted"]) for a in step["attempts"]] == [
            ("asked at the shop", True)
        ]
        assert await store.verify() == []
    finally:
        await store.close()


async def test_upgrade_from_v5_keeps_the_chat_and_it_can_be_asked_a_question(tmp_path):
    """0006 adds the chat's open question: old chats have none, and keep their plan."""
    path = tmp_path / "v5.db"
    await build_old(path, 5)
    store = await PlanStore.open(path)
    try:
        conversations = ConversationStore(store.db)
        assert await conversations.current_plan(USER, USER) == 1
        assert await conversations.question(USER, USER) is None
        token = await conversations.set_question(USER, USER, '{"text": "Which?"}')
        assert (await conversations.take_question(USER, USER, token))[
            "question"
        ] == '{"text": "Which?"}'
        assert await conversations.current_plan(USER, USER) == 1
    finally:
        await store.close()
    with raw(path) as conn:
        assert [
            tuple(r)
            for r in conn.execute(
                "SELECT question, question_token, question_asked_at FROM chat_state"
            )
        ] == [(None, None, None)]


async def test_rebuilt_turns_keep_rows_and_ids_and_take_the_new_outcomes(tmp_path):
    from drbot.memory.conversations import ConversationStore

    path = tmp_path / "v6.db"
    await build_old(path, 6)
    with raw(path) as conn, pytest.raises(sqlite3.IntegrityError):  # 6 refuses the new outcome
        conn.execute(
            "INSERT INTO turns (chat_id, user_id, started_at, finished_at,"
            " user_text, messages, outcome) VALUES (1, 1, ?, ?, 'x', '[]',"
            " 'not_understood')",
            (T3, T3),
        )
    store = await PlanStore.open(path)
    try:
        conversations = ConversationStore(store.db)
        [old] = await conversations.last_turns(USER, USER, 5)
        assert (old["id"], old["user_text"], old["usage"]["input_tokens"]) == (7, "hi", 12)
        history, _ = await conversations.history(USER, USER)
        assert history[1]["content"] == [{"type": "text", "text": "Hello"}]
        new_id = await conversations.save_turn(
            USER, USER, user_text="?", messages=[], outcome="not_understood"
        )
        assert new_id == 9  # the deleted turn 8's id is not reused
    finally:
        await store.close()


async def test_upgrade_from_v7_keeps_each_chat_and_a_second_person_can_join_it(tmp_path):
    """0008 keys a chat's state by (chat, person): old rows stay the owner's, and
    another person in the same chat gets a conversation of their own."""
    path = tmp_path / "v7.db"
    await build_old(path, 7)
    store = await PlanStore.open(path)
    try:
        conversations = ConversationStore(store.db)
        assert await conversations.current_plan(USER, USER) == 1
        assert (await conversations.question(USER, USER))["token"] == "tok7"
        assert (await conversations.pending(USER, USER))["text"] == "are you there?"
        assert (await conversations.history(USER, USER))[0][1]["content"] == [
            {"type": "text", "text": "Hello"}
        ]
        # Before 0008 this raised PermissionError: the chat belonged to USER.
        await conversations.save_turn(
            USER,
            OTHER,
            user_text="hi",
            outcome="offline",
            messages=[{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}],
        )
        await conversations.set_current_plan(USER, OTHER, 3)
        assert await conversations.current_plan(USER, OTHER) == 3
        assert await conversations.current_plan(USER, USER) == 1
        assert (await conversations.pending(USER, USER))["text"] == "are you there?"
    finally:
        await store.close()


# -- a migration that fails --------------------------------------------------

BOGUS = {
    "new table": ("CREATE TABLE bogus_first (id INTEGER PRIMARY KEY);\nTHIS IS NOT SQL;\n"),
    "altered table and data": (
        "ALTER TABLE plans ADD COLUMN bogus_col TEXT;\n"
        "UPDATE plans SET title = 'CLOBBERED';\n"
        "CREATE TABLE bogus_first (id INTEGER PRIMARY KEY);\n"
        "INSERT INTO no_such_table VALUES (1);\n"
    ),
}


def with_bogus(monkeypatch, sql: str) -> None:
    real = database.load_migrations()
    bogus = Migration(real[-1].version + 1, "bogus", sql)
    assert len(bogus.statements()) >= 2
    # A release whose newest migration is the bogus one: it knows one version more.
    monkeypatch.setattr(database, "load_migrations", lambda: [*real, bogus])
    monkeypatch.setattr(database, "LATEST_VERSION", bogus.version)


@pytest.mark.parametrize("sql", BOGUS.values(), ids=BOGUS.keys())
async def test_failed_migration_leaves_the_previous_version_untouched(tmp_path, monkeypatch, sql):
    path = tmp_path / "plans.db"
    store = await PlanStore.open(path)
    plan_id = await store.create_plan(USER, "Fence repair", steps=["Call"])
    await store.close()
    before = everything(path)

    with_bogus(monkeypatch, sql)
    with pytest.raises(sqlite3.OperationalError):
        await Database.open(path)
    assert user_version(path) == LATEST_VERSION
    assert everything(path) == before  # no bogus_first, no bogus_col, no clobbered title
    assert ("table", "bogus_first", "bogus_first") not in objects(path)

    monkeypatch.undo()  # the fixed release opens the file as if nothing happened
    store = await PlanStore.open(path)
    try:
        assert (await store.get_plan(USER, plan_id))["title"] == "Fence repair"
        assert await store.verify() == []
    finally:
        await store.close()


async def test_failed_migration_on_a_blank_database_keeps_the_earlier_ones(tmp_path, monkeypatch):
    path = tmp_path / "plans.db"
    with_bogus(monkeypatch, BOGUS["new table"])
    with pytest.raises(sqlite3.OperationalError):
        await Database.open(path)
    # Each migration is its own transaction: the good ones stay applied.
    assert user_version(path) == LATEST_VERSION
    assert objects(path) == expected_objects(LATEST_VERSION)
    assert [row[:2] for row in applied(path)] == EXPECTED_MIGRATIONS


# -- the migration files -------------------------------------------------------


def test_migrations_are_packaged_numbered_and_split_whole():
    names = sorted(
        e.name for e in resources.files("drbot.migrations").iterdir() if e.name.endswith(".sql")
    )
    assert names[:2] == ["0001_plans.sql", "0002_plan_lifecycle.sql"]
    assert all(re.fullmatch(r"\d{4}_[a-z0-9_]+\.sql", n) for n in names)
    assert [int(n[:4]) for n in names] == list(range(1, LATEST_VERSION + 1))
    loaded = database.load_migrations()
    assert [(m.version, m.name) for m in loaded] == EXPECTED_MIGRATIONS
    for migration in loaded:
        for statement in migration.statements():
            assert sqlite3.complete_statement(statement), statement
    # Trigger bodies hold semicolons of their own; each trigger stays one statement.
    triggers = [s for s in loaded[0].statements() if "CREATE TRIGGER" in s]
    assert len(triggers) == 2
    assert all(t.count("CREATE TRIGGER") == 1 and t.endswith("END;") for t in triggers)


def test_a_non_editable_build_ships_the_migrations_and_the_readers_weights(tmp_path):
    """Build the package the way `pip install .` lays it out (setuptools build_py
    into a plain directory) and open a database from that copy alone; the learnt
    checks' weights (package data beside ``language/write_odds``, ``plan_odds`` and
    ``step_odds``) go with it."""
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(REPO / name, src / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(REPO / "drbot", src / "drbot", ignore=ignore)
    shutil.copytree(REPO / "migrations", src / "migrations", ignore=ignore)
    lib = tmp_path / "lib"
    subprocess.run(
        [
            sys.executable,
            "-c",
            "from setuptools import setup; setup()",
            "-q",
            "build_py",
            "--build-lib",
            str(lib),
        ],
        cwd=src,
        check=True,
        capture_output=True,
        timeout=60,
    )
    assert sorted(p.name for p in (lib / "drbot" / "migrations").glob("*.sql")) == sorted(
        e.name for e in resources.files("drbot.migrations").iterdir() if e.name.endswith(".sql")
    )
    for name in ("write_odds.json", "plan_odds.json", "step_odds.json"):
        weights = Path("drbot", "ai", "language", name)
        assert (lib / weights).read_bytes() == (REPO / weights).read_bytes()

    probe = (
        "import asyncio, sys, drbot\n"
        "from drbot.memory.database import Database, LATEST_VERSION\n"
        "assert drbot.__file__.startswith(sys.argv[1]), drbot.__file__\n"
        "async def main():\n"
        "    db = await Database.open(sys.argv[2])\n"
        "    print(LATEST_VERSION, await db.schema_version())\n"
        "    await db.close()\n"
        "asyncio.run(main())\n"
    )
    env = {**os.environ, "PYTHONPATH": str(lib)}
    result = subprocess.run(
        [sys.executable, "-c", probe, str(lib), str(tmp_path / "p.db")],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [str(LATEST_VERSION)] * 2


# -- a file that cannot be opened ----------------------------------------------

NOT_A_DATABASE = """
import asyncio, sqlite3, sys
from drbot.memory.database import Database

async def main(path):
    try:
        await Database.open(path)
    except sqlite3.DatabaseError as error:
        print("refused:", error, flush=True)
    else:
        print("opened", flush=True)

asyncio.run(main(sys.argv[1]))
"""


def test_a_file_that_is_not_a_database_is_refused_and_the_process_can_exit(tmp_path):
    """Opening fails with the database error, and leaves nothing running: a
    connection left open keeps a non-daemon thread alive, and the process could
    never exit (``drbot migrate`` on a wrong path would hang instead of failing)."""
    path = tmp_path / "notes.txt"
    path.write_bytes(b"these are not the pages of an SQLite database\n" * 200)
    script = tmp_path / "open_garbage.py"
    script.write_text(NOT_A_DATABASE)
    child = subprocess.Popen(
        [sys.executable, str(script), str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        out, err = child.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        child.kill()
        out, err = child.communicate()
        pytest.fail(
            f"the process printed {out!r} and then hung on exit: a failed "
            "Database.open left a connection (and its thread) open"
        )
    assert child.returncode == 0, err
    assert out.startswith("refused: file is not a database"), out


async def test_waits_from_before_reminders_stay_days_not_reminders(tmp_path):
    path = tmp_path / "v10.db"
    await build_old(path, 10)
    store = await PlanStore.open(path)
    try:
        step = next(s for s in (await store.get_plan(USER, 1))["steps"] if s["id"] == 13)
        assert (step["wait_until"], step["wait_at_time"]) == ("2030-01-01T00:00:00.000000Z", 0)
    finally:
        await store.close()


async def test_settings_from_before_reviews_have_them_off(tmp_path):
    path = tmp_path / "v12.db"
    await build_old(path, 12)
    store = await PlanStore.open(path)
    try:
        settings = ReviewSettings(store.db)
        assert await settings.review_time(USER) is None and await settings.weekly(USER) is None
        assert await everyone_with_review(store.db) == []
        assert await settings.set_weekly(USER, "sun 18:00") == (6, "18:00")
        with raw(path) as conn:  # the rest of the row is kept
            assert tuple(
                conn.execute(
                    "SELECT timezone, quiet_from, weekly_day FROM user_settings WHERE user_id = ?",
                    (USER,),
                ).fetchone()
            ) == ("Europe/Berlin", "22:00", 6)
    finally:
        await store.close()


async def test_0017_keeps_the_newest_standing_attempt_on_each_step(tmp_path):
    """The backfill takes the latest attempted_at (then id), skipping retracted
    attempts; afterwards the triggers keep it, and the stale scan reads it."""
    path = tmp_path / "v16.db"
    await build_old(path, 16)
    with raw(path) as conn:
        conn.executemany(
            "INSERT INTO plan_step_attempts (id, step_id, attempted_at, outcome) VALUES (?, 12, ?, ?)",
            [(103, T3, "undone later"), (104, T0, "written late, about T0")],
        )
        conn.execute(
            "INSERT INTO attempt_retractions (attempt_id, revision_id, retracted_at)"
            " SELECT 103, id, ? FROM plan_revisions WHERE plan_id = 1",
            (T3,),
        )
    store = await PlanStore.open(path)
    try:

        def kept():
            with raw(path) as conn:
                return {
                    row[0]: tuple(row[1:])
                    for row in conn.execute(
                        "SELECT id, last_attempt_id, last_attempt_at, last_outcome FROM plan_steps"
                        " WHERE plan_id = 1"
                    )
                }

        assert kept() == {
            11: (None, None, None),
            12: (102, T2, "voicemail"),
            13: (None, None, None),
        }
        [item] = await store.stale_steps(USER, days=7)
        assert (item["step_id"], item["last_attempt_at"], item["last_outcome"]) == (
            12,
            T2,
            "voicemail",
        )
        attempt_id = await store.add_attempt(USER, 13, "asked at the shop")
        assert kept()[13][:1] == (attempt_id,)
        await store.undo(USER, 1)
        assert kept()[13] == (None, None, None)
    finally:
        await store.close()
