"""Retention (memory/retention.py) on a real SQLite file: old turns, revision
snapshots and briefing records go by the rule, and every promise stays —
the model's history, today's usage, plan history, undo depth, once-a-day
briefings, and everything people asked drbot to remember.

The rule's sizes are made small here (monkeypatch) so that a few dozen rows
exercise it, batches included."""

from __future__ import annotations

from datetime import timedelta

import pytest

from drbot.memory import retention
from drbot.memory.briefings import BriefingLog
from drbot.memory.conversations import ConversationStore
from tests.people import turn

ALICE, BOB = 101, 202


@pytest.fixture(autouse=True)
def small_rule(monkeypatch):
    monkeypatch.setattr(retention, "TURNS_PER_CHAT", 5)
    monkeypatch.setattr(retention, "FULL_REVISIONS", 5)
    monkeypatch.setattr(retention, "BATCH", 3)  # several batches per kind


async def _turns(store, clock, chat: int, n: int, text: str) -> list[int]:
    conversations = ConversationStore(store.db, clock=clock)
    ids = []
    for i in range(n):
        ids.append(
            await conversations.save_turn(
                chat,
                chat,
                user_text=f"{text} {i}",
                messages=turn(f"{text} {i}"),
                outcome="answered",
                usage={"input_tokens": 10},
            )
        )
        clock.advance(hours=1)
    return ids


async def _kept_turns(store, chat: int) -> list[int]:
    rows = await store.db.fetch_all("SELECT id FROM turns WHERE chat_id = ? ORDER BY id", (chat,))
    return [row[0] for row in rows]


async def test_old_turns_beyond_the_newest_per_chat_go(store, clock):
    alice_old = await _turns(store, clock, ALICE, 12, "old")  # 40 days ago, 12 turns
    bob_old = await _turns(store, clock, BOB, 4, "few")  # old, but only 4
    clock.advance(days=40)
    alice_new = await _turns(store, clock, ALICE, 8, "recent")  # within the month
    conversations = ConversationStore(store.db, clock=clock, max_turns=5)
    history, _ = await conversations.history(ALICE, ALICE)
    used = await conversations.usage(ALICE, clock() - timedelta(hours=12))

    counts = await retention.prune(store.db, clock())

    assert counts["turns"] == 12  # all of Alice's old ones: her 8 newer turns exceed 5
    assert await _kept_turns(store, ALICE) == alice_new
    assert await _kept_turns(store, BOB) == bob_old  # a chat's newest 5 always stay
    assert not set(alice_old) & set(await _kept_turns(store, ALICE))
    assert await conversations.history(ALICE, ALICE) == (history, False)
    assert await conversations.usage(ALICE, clock() - timedelta(hours=12)) == used
    assert (await retention.prune(store.db, clock()))["turns"] == 0


async def test_in_a_group_each_persons_newest_turns_stay(store, clock):
    """A group keeps one conversation per person: a busy member's turns count against their
    own newest 5, never against a quieter member's."""
    group = -1001
    conversations = ConversationStore(store.db, clock=clock)

    async def say(user: int, n: int, text: str) -> list[int]:
        ids = []
        for i in range(n):
            ids.append(
                await conversations.save_turn(
                    group,
                    user,
                    user_text=f"{text} {i}",
                    messages=turn(f"{text} {i}"),
                    outcome="answered",
                )
            )
            clock.advance(hours=1)
        return ids

    bob_old = await say(BOB, 4, "bob")  # 40 days ago, only 4
    await say(ALICE, 12, "alice")  # pruned: Alice has newer ones
    clock.advance(days=40)
    alice_new = await say(ALICE, 8, "alice again")  # Alice busy in the month since
    bob_history, _ = await conversations.history(group, BOB)

    counts = await retention.prune(store.db, clock())

    assert counts["turns"] == 12  # Alice's old ones only
    assert await _kept_turns(store, group) == sorted(bob_old + alice_new)
    assert await conversations.history(group, BOB) == (bob_history, False)
    assert [m["content"] for m in bob_history if m["role"] == "user"] == [
        f"bob {i}" for i in range(4)
    ]


async def test_recent_turns_stay_however_many(store, clock):
    ids = await _turns(store, clock, ALICE, 9, "today")
    assert (await retention.prune(store.db, clock()))["turns"] == 0
    assert await _kept_turns(store, ALICE) == ids


async def _changes(store, user: int, n: int) -> tuple[int, list[dict]]:
    """A plan changed n times; returns it and its state after each change."""
    plan = await store.create_plan(user, "Fence", steps=["Quotes", "Posts"])
    step = (await store.get_plan(user, plan))["steps"][0]["id"]
    states = []
    for i in range(n):
        await store.update_step_status(
            user, step, "done" if i % 2 == 0 else "pending", note=f"change {i}"
        )
        states.append(_steps(await store.get_plan(user, plan)))
    return plan, states


def _steps(plan: dict) -> list[tuple]:
    return [(s["id"], s["status"]) for s in plan["steps"]]


async def test_old_revisions_are_thinned_keeping_history_and_undo_depth(store, clock):
    plan, states = await _changes(store, ALICE, 12)
    history = await store.plan_history(ALICE, plan)
    clock.advance(days=31)
    counts = await retention.prune(store.db, clock())

    assert counts["revisions_thinned"] == 13 - 5  # created + 12 changes; newest 5 stay full
    assert await store.plan_history(ALICE, plan) == history  # every cause, time and origin
    for n in range(1, 5):  # four undos restore the states after changes 11, 10, 9, 8
        await store.undo(ALICE, plan)
        assert _steps(await store.get_plan(ALICE, plan)) == states[-1 - n]
    before = await store.get_plan(ALICE, plan)
    with pytest.raises(ValueError, match="Nothing further to undo: I keep the last 5"):
        await store.undo(ALICE, plan)
    assert await store.get_plan(ALICE, plan) == before


async def test_recent_revisions_stay_full_however_many(store, clock):
    plan, states = await _changes(store, ALICE, 9)
    assert (await retention.prune(store.db, clock()))["revisions_thinned"] == 0
    for n in range(1, 9):
        await store.undo(ALICE, plan)
        assert _steps(await store.get_plan(ALICE, plan)) == states[-1 - n]


async def test_old_briefing_records_go_and_today_still_counts_once(store, clock):
    log = BriefingLog(store.db, clock=clock)
    for day in range(70):
        await log.claim(ALICE, f"day-{day:02d}", 1)
        clock.advance(days=1)
    assert (await retention.prune(store.db, clock()))["briefings"] == 10
    assert not await log.sent_on(ALICE, "day-09") and await log.sent_on(ALICE, "day-10")
    assert await log.claim(ALICE, "today", 1) and not await log.claim(ALICE, "today", 1)


async def test_prune_never_touches_plans_steps_attempts_or_notes(store, clock):
    plan = await store.create_plan(ALICE, "Fence", steps=["Quotes"])
    step = (await store.get_plan(ALICE, plan))["steps"][0]["id"]
    await store.add_attempt(ALICE, step, "no answer")
    await store.add_note(ALICE, plan, "posts are 3 m")
    await store.update_plan_status(ALICE, plan, "abandoned")
    shown = await store.get_plan(ALICE, plan)
    clock.advance(days=3650)
    await retention.prune(store.db, clock())
    assert await store.get_plan(ALICE, plan) == shown


async def test_old_handled_messages_and_settled_sends_go_open_ones_stay(store, clock):
    from drbot.memory.handled_messages import KEEP, HandledMessages
    from drbot.memory.proactive_sends import SendLog

    handled, sends = HandledMessages(store.db, clock=clock), SendLog(store.db)
    start = clock()
    await handled.claim(ALICE, 1, ALICE, start)
    for key in ("reminder:old-sent", "reminder:old-retry"):
        await sends.claim(ALICE, key, "reminder", start, {"text": key}, start)
        await sends.start(ALICE, key, start)
    await sends.sent(ALICE, "reminder:old-sent", start)
    await sends.failed(ALICE, "reminder:old-retry", "network", start)
    clock.advance(days=retention.SENDS_DAYS + 1)
    await sends.claim(ALICE, "reminder:new", "reminder", clock(), {"text": "new"}, clock())
    await sends.start(ALICE, "reminder:new", clock())
    await sends.sent(ALICE, "reminder:new", clock())
    assert (await sends.get(ALICE, "reminder:old-sent"))["state"] == "sent"
    clock.set(start + KEEP + timedelta(hours=1))
    await handled.claim(ALICE, 2, ALICE, clock())

    counts = await retention.prune(store.db, clock())
    assert (counts["handled_messages"], counts["proactive_sends"]) == (1, 1)
    assert await sends.get(ALICE, "reminder:old-sent") is None
    assert await sends.get(ALICE, "reminder:old-retry") is not None  # still to be retried
    assert await sends.get(ALICE, "reminder:new") is not None
    # the recent message is still known as acted on; the old one is not kept
    assert not await handled.claim(ALICE, 2, ALICE, clock())
    assert (await store.db.fetch_one("SELECT count(*) AS n FROM handled_messages"))["n"] == 1


async def test_reminders_that_are_over_go_after_a_month_active_ones_stay(store, clock):
    from drbot.memory.personal_reminders import ReminderList

    reminders = ReminderList(store.db, clock=clock)
    start = clock()
    cancelled = await reminders.add(ALICE, "call the council", start + timedelta(days=2))
    await reminders.cancel(ALICE, cancelled)
    weekly = await reminders.add(
        ALICE,
        "water the plants",
        start + timedelta(days=1),
        rule="DTSTART:20260101T090000\nRRULE:FREQ=WEEKLY",
        repeat_words="every week",
    )
    later = await reminders.add(BOB, "renew the MOT", start + timedelta(days=90))
    clock.advance(days=retention.REMINDER_DAYS - 1)
    recent = await reminders.add(ALICE, "ring mum", clock() + timedelta(hours=1))
    await reminders.stop(ALICE, recent)

    assert (await retention.prune(store.db, clock()))["reminders"] == 0  # not a month yet
    clock.advance(days=2)
    assert (await retention.prune(store.db, clock()))["reminders"] == 1
    kept = await store.db.fetch_all("SELECT id FROM personal_reminders ORDER BY id")
    assert [row[0] for row in kept] == [weekly, later, recent]
    assert [r["id"] for r in await reminders.scheduled(ALICE)] == [weekly]
