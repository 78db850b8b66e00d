"""Forgetting a person (memory/forget.py) on a real SQLite file: every table of
the schema is walked, the person's rows are all gone, from the tables and from
the file's bytes, nobody else's row changed, and attempts stay append-only for
every ordinary statement."""

from __future__ import annotations

import sqlite3

import pytest

from drbot.memory import forget
from drbot.memory.plans import PlanStore
from tests.people import mentions, seed_person, tables

ALICE, BOB = 101, 202


def owned_rows(path, user_id: int) -> dict[str, list[tuple]]:
    """Per table, the rows forget.OWNED says are the person's (read before a forget)."""
    conn = sqlite3.connect(path)
    try:
        return {
            table: conn.execute(
                f"SELECT * FROM {table} WHERE {owned} ORDER BY rowid", {"user": user_id}
            ).fetchall()
            for table, owned in forget.OWNED.items()
        }
    finally:
        conn.close()


@pytest.fixture
async def two_people(store):
    await seed_person(store, ALICE, "ZEBRA", update_id=501)
    await seed_person(store, BOB, "OKAPI", update_id=502)
    return store


async def test_every_table_has_a_forget_rule(two_people, db_path):
    # A table added by a later migration fails here until forget.py says how
    # it is forgotten (or why it holds nothing about anyone).
    every = set(tables(db_path))
    assert every - forget.OWNED.keys() - forget.NOT_PERSONAL.keys() == set()
    assert forget.OWNED.keys() <= every and forget.NOT_PERSONAL.keys() <= every


async def test_forget_leaves_nothing_of_the_person_and_touches_nobody_else(two_people, db_path):
    store = two_people
    before, alice, bob_view = tables(db_path), owned_rows(db_path, ALICE), await _view(store, BOB)
    # The seed reaches every table that can hold a person's rows, for both.
    assert [t for t, rows in alice.items() if not rows] == []
    assert [t for t, rows in owned_rows(db_path, BOB).items() if not rows] == []
    assert set(mentions(before, "ZEBRA")) >= {
        "plans",
        "plan_steps",
        "plan_step_attempts",
        "plan_notes",
        "plan_revisions",
        "turns",
        "pending_messages",
        "chat_state",
        "inbox",
    }

    counts = await forget.forget(store.db, ALICE)

    assert counts == {table: len(rows) for table, rows in alice.items()}
    after = tables(db_path)
    for table, rows in before.items():
        kept = [row for row in rows if row not in alice.get(table, [])]
        if table == "sqlite_sequence":
            kept = rows  # id counters never go back
        assert after[table] == kept, table
    assert mentions(after, "ZEBRA") == {}
    assert mentions(after, "OKAPI") == mentions(before, "OKAPI")
    assert await _view(store, BOB) == bob_view
    assert await forget.holdings(store.db, ALICE) == {}
    assert await store.list_plans(ALICE, "all") == []
    # Not in the file's free pages, nor in the write-ahead log.
    for part in (db_path, db_path.with_name(db_path.name + "-wal")):
        if part.exists():
            assert b"ZEBRA" not in part.read_bytes(), part.name


async def test_attempts_stay_append_only_after_a_forget(two_people, db_path):
    trigger_sql = "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name"
    with sqlite3.connect(db_path) as conn:
        triggers = conn.execute(trigger_sql).fetchall()
    await forget.forget(two_people.db, ALICE)
    conn = sqlite3.connect(db_path)
    conn.execute("PRAGMA foreign_keys = ON")
    try:
        assert conn.execute(trigger_sql).fetchall() == triggers
        for sql in (
            "DELETE FROM plan_step_attempts",
            "UPDATE plan_step_attempts SET outcome = 'edited'",
            "DELETE FROM plans",
        ):  # a cascade from a plan is no way round either
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                conn.execute(sql)
    finally:
        conn.close()


async def test_a_failure_part_way_keeps_everything_and_the_trigger(two_people, db_path):
    before = tables(db_path)
    with sqlite3.connect(db_path) as conn:  # recipients are deleted late in the order
        conn.execute(
            "CREATE TRIGGER test_refuse BEFORE DELETE ON recipients"
            " BEGIN SELECT RAISE(ABORT, 'disk on fire'); END"
        )
    with pytest.raises(sqlite3.IntegrityError, match="disk on fire"):
        await forget.forget(two_people.db, ALICE)
    assert tables(db_path) == before
    with sqlite3.connect(db_path) as conn:
        assert conn.execute(
            "SELECT count(*) FROM sqlite_master WHERE name = 'plan_step_attempts_no_delete'"
        ).fetchone() == (1,)


async def test_an_unknown_table_stops_forget_before_anything_is_deleted(two_people, db_path):
    with sqlite3.connect(db_path) as conn:
        conn.execute("CREATE TABLE reminders (user_id INTEGER, text TEXT)")
    before = tables(db_path)
    with pytest.raises(forget.UnknownTable, match="reminders"):
        await forget.forget(two_people.db, ALICE)
    with pytest.raises(forget.UnknownTable):
        await forget.holdings(two_people.db, ALICE)
    assert tables(db_path) == before


async def test_holdings_counts_what_a_forget_would_delete(two_people):
    held = await forget.holdings(two_people.db, ALICE)
    assert held["plans"] == 2 and held["plan_steps"] == 5 and held["plan_step_attempts"] == 2
    assert held["turns"] == 1 and held["user_settings"] == 1 and held["inbox"] == 1
    assert await forget.forget(two_people.db, ALICE) == held
    # Forgetting someone drbot holds nothing about changes nothing.
    assert await forget.forget(two_people.db, 999) == {}


async def test_bad_user_id_is_refused(two_people):
    with pytest.raises((TypeError, ValueError)):
        await forget.forget(two_people.db, "101")


async def _view(store: PlanStore, user_id: int) -> list:
    plans = await store.list_plans(user_id, "all")
    return [plans] + [
        (await store.get_plan(user_id, p["id"]), await store.plan_history(user_id, p["id"]))
        for p in plans
    ]


async def test_a_plan_shared_into_a_group_stays_but_who_shared_it_goes(store, db_path):
    group = -100123
    plan = await store.create_plan(ALICE, "Wedding", steps=["Book the venue"])
    await store.share_plan(ALICE, plan, group)
    await forget.forget(store.db, ALICE)
    with sqlite3.connect(db_path) as conn:
        assert conn.execute(
            "SELECT user_id, shared_by FROM plans WHERE id = ?", (plan,)
        ).fetchone() == (group, None)
