"""Seeding a person's whole footprint through the real stores, and reading a
database file table by table (tests of /forget and of retention)."""

from __future__ import annotations

import sqlite3
from datetime import timedelta
from pathlib import Path

from drbot.memory.briefings import BriefingLog
from drbot.memory.conversations import ConversationStore
from drbot.memory.declined_commitments import DeclinedCommitments
from drbot.memory.digest_answers import PlanKeeps
from drbot.memory.handled_messages import HandledMessages
from drbot.memory.inbox import Inbox
from drbot.memory.personal_reminders import ReminderList
from drbot.memory.plan_views import PlanViews
from drbot.memory.plans import PlanStore
from drbot.memory.proactive_sends import SendLog
from drbot.memory.quiet import Quiet
from drbot.memory.reviews import ReviewSettings
from drbot.memory.turn_journal import TurnJournal, record
from drbot.memory.user_settings import UserSettings


def turn(text: str) -> list[dict]:
    return [
        {"role": "user", "content": text},
        {"role": "assistant", "content": [{"type": "text", "text": f"Noted: {text}"}]},
    ]


async def seed_person(
    store: PlanStore, user_id: int, marker: str, *, update_id: int | None = None
) -> None:
    """Everything drbot can hold about one person, each text carrying ``marker``:
    plans with steps, attempts (one retracted by an undo), notes, a replan,
    revisions, turns with usage, a message kept for /retry, an open question,
    settings, briefing records, a block mark, a model turn cut short (its journal
    and placeholder) and (given ``update_id``) an unhandled update."""
    db, clock = store.db, store._clock
    conversations = ConversationStore(db, clock=clock)
    plan = await store.create_plan(
        user_id,
        f"{marker} fence",
        f"{marker} north side",
        steps=[f"{marker} quotes", f"{marker} contractor", f"{marker} posts"],
    )
    steps = [s["id"] for s in (await store.get_plan(user_id, plan))["steps"]]
    await store.add_attempt(user_id, steps[0], f"{marker} no answer", f"{marker} voicemail")
    await store.add_attempt(user_id, steps[0], f"{marker} rang again")
    await store.undo(user_id, plan, origin=f"telegram:{user_id}:7")  # retracts an attempt
    await store.add_note(user_id, plan, f"{marker} posts are 3 m")
    await store.replan(user_id, plan, [f"{marker} new contractor"], reason=f"{marker} moved")
    await store.create_plan(user_id, f"{marker} passport", steps=[f"{marker} photos"])
    await conversations.save_turn(
        user_id,
        user_id,
        user_text=f"{marker} hello",
        messages=turn(f"{marker} hello"),
        outcome="answered",
        usage={"input_tokens": 12, "output_tokens": 3},
    )
    await conversations.set_current_plan(user_id, user_id, plan, last_step_id=steps[0])
    await conversations.keep_pending(user_id, user_id, f"{marker} retry me")
    await conversations.set_question(user_id, user_id, f'{{"q": "{marker} which one?"}}')
    users = UserSettings(db, clock=clock)
    await users.set_timezone(user_id, "Europe/Berlin")
    briefings = BriefingLog(db, clock=clock)
    await briefings.claim(user_id, "2026-03-02", 1)
    await briefings.record_surfaced(user_id, [(steps[0], None)], "2026-03-02")
    await briefings.mark_blocked(user_id)
    await PlanViews(db, clock=clock).replace(user_id, user_id, plan, [100 + user_id])
    await HandledMessages(db, clock=clock).claim(user_id, 9, user_id, clock())
    await Quiet(db, clock=clock).mute(user_id, plan)
    await DeclinedCommitments(db, clock=clock).remember(user_id, f"{marker}-message-hash")
    await PlanKeeps(db, clock=clock).keep(user_id, plan)
    await ReviewSettings(db, clock=clock).set_review_time(user_id, "20:30")
    await ReviewSettings(db, clock=clock).set_weekly(user_id, "sun 18:00")
    await SendLog(db).claim(
        user_id,
        f"reminder:{marker}",
        "reminder",
        clock(),
        {"text": f"{marker} remember"},
        clock(),
        plan_id=plan,
    )
    async with db.transaction() as conn:  # as a write tool's change commits
        await record(
            conn,
            user_id,
            user_id,
            user_text=f"{marker} plan my garden",
            origin=None,
            started_at="2026-03-02T09:00:00.000000Z",
            calls=[
                {
                    "tool_use": {
                        "type": "tool_use",
                        "id": f"toolu_{marker}",
                        "name": "add_plan_note",
                        "input": {"plan_id": plan, "text": f"{marker} soil"},
                    },
                    "result": None,
                    "is_error": False,
                }
            ],
        )
    await TurnJournal(db, clock=clock).note_placeholder(user_id, user_id, 12, None)
    await ReminderList(db, clock=clock).add(
        user_id, f"{marker} water the plants", clock() + timedelta(days=1)
    )
    if update_id is not None:
        await Inbox(db, clock=clock).keep(
            update_id,
            {
                "update_id": update_id,
                "message": {
                    "message_id": 9,
                    "date": 1772442000,
                    "text": f"{marker} later",
                    "from": {"id": user_id, "is_bot": False, "first_name": marker},
                    "chat": {"id": user_id, "type": "private"},
                },
            },
        )


def tables(path: Path) -> dict[str, list[tuple]]:
    """Every row of every table (rowid order), read with a plain connection."""
    conn = sqlite3.connect(path)
    try:
        names = [
            r[0]
            for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        ]
        return {
            name: conn.execute(f"SELECT * FROM {name} ORDER BY rowid").fetchall() for name in names
        }
    finally:
        conn.close()


def mentions(rows: dict[str, list[tuple]], marker: str) -> dict[str, int]:
    """How many rows of each table carry ``marker`` in any column."""
    found = {name: sum(marker in repr(row) for row in table) for name, table in rows.items()}
    return {name: n for name, n in found.items() if n}


async def plans_made(store: PlanStore, user_id: int, plans: dict[str, list[str]]) -> None:
    """``plans`` (title: step titles) made for ``user_id`` as the person would have them."""
    for title, steps in plans.items():
        await store.create_plan(user_id, title, steps=steps)


async def step_titled(store: PlanStore, user_id: int, title: str) -> dict:
    """The step of ``user_id``'s active plans titled ``title``."""
    for plan in await store.list_plans(user_id):
        for step in (await store.get_plan(user_id, plan["id"]))["steps"]:
            if step["title"] == title:
                return step
    raise AssertionError(title)
