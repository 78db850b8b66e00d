"""Mark lines over the fake Bot API, on a real SQLite file: only a whole step
number in range writes; any other number after a mark writes nothing and gets
one short line saying what a mark takes."""

from __future__ import annotations

import pytest

from tests.bot_harness import OWNER, bot_running, bot_settings
from tests.test_bot_e2e import STORY_PLAN, ask, dump, eventually, rows, settle, steps

# Seconds any wait here may take: an answer takes milliseconds on a quiet machine and took
# over 5 s with several test runs on two cores. A deadline only bounds a hang; what each
# test checks is what the bot wrote and said, never how fast.
LOADED = 60.0
# No proactive tick: its first run, 5 s after the start, came within these tests under load
# (a briefing written and sent between a line and its answer). It has tests of its own.
JOBS = {"briefings": False}

NOT_A_NUMBER = (
    "is not a step number: mark a step by its whole number, like ✓ 2 or ✗ 3 waiting on council."
)


def statuses(db) -> list[str]:
    [(plan_id,)] = rows(db, "SELECT id FROM plans")
    return [s[3] for s in steps(db, plan_id)]


@pytest.mark.parametrize(
    "line, said",
    [
        ("✓ 1e9", "“1e9” " + NOT_A_NUMBER),
        ("✓ 2.5", "“2.5” " + NOT_A_NUMBER),
        ("✓ 1,000", "“1,000” " + NOT_A_NUMBER),
        ("✓ -2", "“-2” " + NOT_A_NUMBER),
        ("✗ 2² waiting", "“2²” " + NOT_A_NUMBER),
        ("✓ 99999", "This plan has no step 99999; it has 3 steps."),
        ("✓ 0", "This plan has no step 0; it has 3 steps."),
        ("✓ " + "9" * 40, "This plan has no step 99999999999…; it has 3 steps."),
        ("✓ 1\n✓ 2.5", "“2.5” " + NOT_A_NUMBER),  # all or nothing
        ("✓ 2nd", "“2nd” " + NOT_A_NUMBER),  # not step 2 with the note "nd"
        ("✓ 3a", "“3a” " + NOT_A_NUMBER),
        ("✓ 1 000", "“1 000” " + NOT_A_NUMBER),  # not step 1 with the note "000"
        ("✓ 1\u202f000.", "“1\u202f000” " + NOT_A_NUMBER),  # a thin space between the groups
    ],
)
async def test_a_mark_with_anything_but_a_whole_step_number_writes_nothing(
    tg, tmp_path, line, said
):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db), **JOBS) as app:
        await ask(tg, OWNER, STORY_PLAN, timeout=LOADED)  # the current plan
        await settle(app, tg, LOADED)
        before = dump(db)
        reply = await ask(tg, OWNER, line, timeout=LOADED)
        await settle(app, tg, LOADED)
        assert reply.plain == said
        # nothing written: no step, revision, attempt or turn (handled_messages and
        # processed_updates record only that the message came)
        after = dump(db)
        changed = {t for t in after if after[t] != before[t]}
        assert changed <= {"handled_messages", "processed_updates", "inbox"}, changed
        assert statuses(db) == ["pending"] * 3
    assert tg.errors == []


async def test_a_mark_line_with_no_plan_to_mark_writes_nothing_and_asks_which_plan(tg, tmp_path):
    """The change's transaction reads which plan is current; finding none, it writes
    nothing, and the line goes the way any message does."""
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db), **JOBS) as app:
        await ask(tg, OWNER, "/help", timeout=LOADED)
        await settle(app, tg, LOADED)
        before = dump(db)
        reply = await ask(tg, OWNER, "✓ 2", timeout=LOADED)
        await settle(app, tg, LOADED)
        assert reply.plain.startswith("Which plan? Open one first"), reply.plain
        after = dump(db)
        changed = {t for t in after if after[t] != before[t]}
        assert changed <= {"handled_messages", "processed_updates", "inbox"}, changed
    assert tg.errors == []


async def test_a_number_after_the_step_number_and_before_words_is_the_note(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db), **JOBS) as app:
        await ask(tg, OWNER, STORY_PLAN, timeout=LOADED)
        reply = await ask(tg, OWNER, "✗ 2 100 quid too much", timeout=LOADED)
        await settle(app, tg, LOADED)
        assert "✗ 2. Hire contractor — 100 quid too much" in reply.plain, reply.plain
        assert statuses(db) == ["pending", "blocked", "pending"]
    assert tg.errors == []


@pytest.mark.parametrize("line", ["✓ ٣", "✓ ３", "✓ 3", "✓ step ۳ — all done"])
async def test_decimal_digits_in_any_script_name_the_step(tg, tmp_path, line):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db), **JOBS) as app:
        await ask(tg, OWNER, STORY_PLAN, timeout=LOADED)
        reply = await ask(tg, OWNER, line, timeout=LOADED)
        await settle(app, tg, LOADED)
        assert reply.plain.startswith("Fix the fence:\n✓ 3. Supervise work"), reply.plain
        assert statuses(db) == ["pending", "pending", "done"]
    assert tg.errors == []


def transactions(statements: list[str]) -> list[list[str]]:
    """The traced statements of each write transaction, BEGIN to COMMIT."""
    found: list[list[str]] = []
    current: list[str] | None = None
    for sql in (" ".join(s.split()) for s in statements):
        if sql == "BEGIN IMMEDIATE":
            current = []
        elif sql == "COMMIT" and current is not None:
            found.append(current)
            current = None
        elif current is not None:
            current.append(sql)
    return found


@pytest.fixture
def housekeeping_rides(monkeypatch):
    """What waits for a write to ride (``Database.later``) is never written on its own in
    the test: only by a write that commits, or at close."""
    from drbot.memory import database

    monkeypatch.setattr(database, "LATER_S", 60.0)


@pytest.fixture
def retention_ran(monkeypatch):
    """Waits until the retention job's first run (a second after the start) has ended. Its
    deletes are transactions that commit: under load that run came while a test traced a
    mark line, its round trips counted as the line's and the plan view's record rode its
    commit. Waited for, it is over before the tracing starts, however slow the machine."""
    from telegram.ext import Job

    ended: list[str | None] = []
    run = Job.run

    async def watched(self: Job, application) -> None:
        try:
            await run(self, application)
        finally:
            ended.append(self.name)

    monkeypatch.setattr(Job, "run", watched)  # what the job queue calls for every run
    return lambda: eventually(
        lambda: "retention" in ended, timeout=LOADED, what="the first retention run"
    )


async def test_a_mark_line_is_claimed_with_its_change_and_its_plan_read_once(
    tg, tmp_path, housekeeping_rides, retention_ran
):
    db = tmp_path / "bot.db"
    # The retention's first run over before the tracing (JOBS: no proactive tick).
    async with bot_running(bot_settings(tg, db), **JOBS) as app:
        await ask(tg, OWNER, STORY_PLAN, timeout=LOADED)
        await settle(app, tg, LOADED)
        await retention_ran()
        traced = app.bot_data["services"].store.db
        seen: list[str] = []
        await traced.trace(seen.append)
        reply = await ask(tg, OWNER, "✓ 2", timeout=LOADED)
        await settle(app, tg, LOADED, housekeeping=False)
        await traced.trace(None)
        assert reply.plain.startswith("Fix the fence:\n✓ 2. Hire contractor"), reply.plain
        assert statuses(db) == ["pending", "done", "pending"]
    # one commit holds the change, the update's claim (delivered again, it is not
    # handled again), the claim that the message was acted on and its removal from
    # the inbox: the only durable commit of a mark line
    [claimed] = [t for t in transactions(seen) if any("INTO handled_messages" in s for s in t)]
    assert any(s.startswith("UPDATE plan_steps SET status = 'done'") for s in claimed), claimed
    assert any("INTO plan_revisions" in s for s in claimed), claimed
    assert any(s.startswith("DELETE FROM inbox") for s in claimed), claimed
    [claim] = [s for s in seen if "INTO processed_updates" in s]
    assert claim in claimed, claimed
    # the plan is read once after the change, for the answer and its view alike
    assert sum(s.lstrip().startswith("WITH replans AS MATERIALIZED") for s in seen) == 1
    # which message is the plan's live view is housekeeping, off the answer's path: no
    # commit of its own, nothing read (the view before it is remembered)
    assert not any("plan_views" in s for s in seen), [s for s in seen if "plan_views" in s]
    assert "PRAGMA synchronous = NORMAL" not in seen
    assert tg.errors == []


async def test_a_mark_line_costs_few_round_trips_to_the_database(
    tg, tmp_path, monkeypatch, housekeeping_rides, retention_ran
):
    """Every call aiosqlite queues for a connection's thread costs the event loop and that
    thread tens of µs of CPU, more than most statements: the busiest update there is, a
    mark line, writes its change in one round trip (``Database.write``), and the record
    of its answer as the plan's live view rides the next write that commits."""
    import aiosqlite

    db = tmp_path / "bot.db"
    lines = ["✓ 2", "□ 2", "✓ 3"]
    # The retention's first run over before the tracing (JOBS: no proactive tick).
    async with bot_running(bot_settings(tg, db), **JOBS) as app:
        await ask(tg, OWNER, STORY_PLAN, timeout=LOADED)
        await settle(app, tg, LOADED)
        await retention_ran()
        store = app.bot_data["services"].store.db
        seen: list[str] = []
        await store.trace(seen.append)
        trips: list[aiosqlite.Connection] = []
        queue = aiosqlite.Connection._execute

        async def counted(self, fn, *args, **kwargs):
            trips.append(self)
            return await queue(self, fn, *args, **kwargs)

        monkeypatch.setattr(aiosqlite.Connection, "_execute", counted)
        replies = []
        for line in lines:
            replies.append(await ask(tg, OWNER, line, timeout=LOADED))
            await settle(app, tg, LOADED, housekeeping=False)
        monkeypatch.undo()
        await store.trace(None)
        assert replies[-1].plain.startswith("Fix the fence:\n✓ 3. Supervise"), replies[-1].plain
        assert statuses(db) == ["pending", "pending", "done"]
    writes = sum(conn is store._writer for conn in trips)
    reads = sum(conn is store._reader for conn in trips)
    # writes, per line: the inbox (which reads whether the update was claimed before), the
    # change (reading the chat's state first, which says the plan to mark; with the
    # update's claim, the message's, the inbox's removal and the plan read back); the
    # live view's record has none of its own
    assert writes == 2 * len(lines), writes
    # reads: none (whether the update was handled before, and whether the person had
    # blocked the bot, are read by the inbox's write; the chat's state by the change's;
    # the view each answer replaces is remembered)
    assert reads == 0, reads
    # each answer's record rode a later line's write (the last one's: the close)
    records = [t for t in transactions(seen) if any("INTO plan_views" in s for s in t)]
    assert len(records) == len(lines) - 1, records
    assert all(len(t) > 1 for t in records), records
    assert "PRAGMA synchronous = NORMAL" not in seen
    [(plan_id,)] = rows(db, "SELECT id FROM plans")
    assert rows(db, "SELECT message_ids FROM plan_views WHERE plan_id = ?", plan_id) == [
        (f"[{replies[-1].message_id}]",)
    ]
    assert tg.errors == []


async def test_a_plan_view_whose_formatting_telegram_rejects_goes_again_plain_and_is_live(
    tg, tmp_path
):
    """A mark line's answer is sent without python-telegram-bot's parsed Message (only its
    id is read back): a rejected HTML answer still goes again as plain text with its
    buttons, and the message Telegram took is the plan's live view."""
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db), **JOBS) as app:
        await ask(tg, OWNER, STORY_PLAN, timeout=LOADED)
        await settle(app, tg, LOADED)
        tg.fail_next(
            "sendMessage",
            400,
            description="Bad Request: can't parse entities: Unsupported start tag at byte 3",
        )
        reply = await ask(tg, OWNER, "✓ 2", timeout=LOADED)
        await settle(app, tg, LOADED)
        assert statuses(db) == ["pending", "done", "pending"]
    rejected, resent = tg.calls_to("sendMessage")[-2:]
    assert rejected["parse_mode"] == "HTML" and not resent.get("parse_mode")
    assert resent["text"] == reply.plain and reply.plain.startswith("Fix the fence:\n✓ 2. Hire")
    assert reply.reply_markup and resent["reply_markup"] == rejected["reply_markup"]
    [(plan_id,)] = rows(db, "SELECT id FROM plans")
    assert rows(db, "SELECT message_ids FROM plan_views WHERE plan_id = ?", plan_id) == [
        (f"[{reply.message_id}]",)
    ]
