"""The person's own reminders (memory/personal_reminders.py, scheduler/personal_reminders.py)
on a real SQLite file, through the real tick with a recording ``send``: each occurrence
once, the wall clock kept across DST, one late message after downtime (never a backlog),
a send with unknown outcome never resent, a failed one retried only while it stands, and
every change scoped to its person."""

from __future__ import annotations

import sqlite3
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from drbot.memory import NotFound
from drbot.memory.personal_reminders import ReminderList
from drbot.memory.recurrence import Repeat, next_after, rule_text
from drbot.memory.user_settings import UserSettings
from drbot.outgoing import DeliveryFailed, DeliveryUnknown
from drbot.scheduler.tick import tick
from tests.test_tick import ALICE, BOB, Recorder, env_for

BERLIN = ZoneInfo("Europe/Berlin")
MONDAY_0800 = datetime(2026, 10, 19, 6, 0, tzinfo=UTC)  # Monday 08:00 in Berlin (summer)


def at(year, month, day, hour, minute=0) -> datetime:
    """A Berlin wall-clock time as a UTC moment."""
    return datetime(year, month, day, hour, minute, tzinfo=BERLIN).astimezone(UTC)


def rows(store, sql: str, *args) -> list[tuple]:
    with sqlite3.connect(store.db.path) as conn:
        return conn.execute(sql, args).fetchall()


async def berlin(store, *people) -> None:
    for person in people:
        await UserSettings(store.db).set_timezone(person, "Europe/Berlin")


async def weekly_monday_9(store, clock, user=ALICE) -> int:
    rule = rule_text(Repeat("weekly", weekdays=(0,)), date(2026, 10, 19), time(9))
    first = next_after(rule, BERLIN, clock())
    return await ReminderList(store.db, clock=clock).add(
        user, "Water the plants", first, rule=rule, repeat_words="every Monday at 09:00"
    )


async def test_a_repeating_reminder_keeps_9am_across_the_end_of_summer_time(store, clock):
    clock.set(MONDAY_0800)
    await berlin(store, ALICE)
    reminder = await weekly_monday_9(store, clock)
    send, env = Recorder(), env_for(store)
    moments = []
    for _week in range(3):  # 19 Oct (CEST), 26 Oct and 2 Nov (CET): 09:00 in Berlin each time
        [row] = rows(store, "SELECT next_at FROM personal_reminders WHERE id = ?", reminder)
        moment = datetime.fromisoformat(row[0].replace("Z", "+00:00"))
        moments.append(moment)
        assert [r.outcome for r in await tick(env, moment - timedelta(minutes=1), send)] == []
        assert [r.outcome for r in await tick(env, moment, send)] == ["sent"]
        assert [r.outcome for r in await tick(env, moment + timedelta(minutes=1), send)] == []
    assert moments == [at(2026, 10, 19, 9), at(2026, 10, 26, 9), at(2026, 11, 2, 9)]
    assert [m.astimezone(UTC).hour for m in moments] == [7, 8, 8]
    assert [m.plain for m in send.sent] == [
        "⏰ Reminder: Water the plants (every Monday at 09:00)"
    ] * 3
    assert [[b.label for b in m.rows[0]] for m in send.sent] == [
        ["✓ Done (this time)", "✗ Stop"]
    ] * 3


async def test_after_three_days_down_a_daily_reminder_goes_once_then_keeps_its_time(store, clock):
    clock.set(at(2026, 11, 23, 8))
    await berlin(store, ALICE)
    rule = rule_text(Repeat("daily"), date(2026, 11, 23), time(9))
    await ReminderList(store.db, clock=clock).add(
        ALICE,
        "Take the pills",
        next_after(rule, BERLIN, clock()),
        rule=rule,
        repeat_words="every day at 09:00",
    )
    send, env = Recorder(), env_for(store)
    back = at(2026, 11, 26, 14, 30)  # down from Monday 08:00 until Thursday 14:30
    results = await tick(env, back, send)
    assert [r.outcome for r in results] == ["sent"]
    assert send.sent[0].plain == (
        "⏰ Reminder: Take the pills (every day at 09:00)\n(due at 09:00 on Mon 23 Nov)"
    )
    assert await tick(env, back + timedelta(minutes=1), send) == []
    assert rows(store, "SELECT next_at, last_at FROM personal_reminders") == [
        ("2026-11-27T08:00:00.000000Z", "2026-11-23T08:00:00.000000Z")
    ]
    assert [r.outcome for r in await tick(env, at(2026, 11, 27, 9), send)] == ["sent"]
    assert send.sent[1].plain == "⏰ Reminder: Take the pills (every day at 09:00)"
    assert len(send.sent) == 2


async def test_a_one_off_goes_once_and_is_finished(store, clock):
    clock.set(at(2026, 11, 24, 10))
    await berlin(store, ALICE)
    await ReminderList(store.db, clock=clock).add(
        ALICE, "Take the cake out", clock() + timedelta(minutes=20)
    )
    send, env = Recorder(), env_for(store)
    assert await tick(env, clock() + timedelta(minutes=19), send) == []
    assert [r.outcome for r in await tick(env, clock() + timedelta(minutes=20), send)] == ["sent"]
    assert await tick(env, clock() + timedelta(days=2), send) == []
    assert send.sent[0].plain == "⏰ Reminder: Take the cake out"
    assert [[b.label for b in row] for row in send.sent[0].rows] == [["✓ Done"]]
    assert rows(store, "SELECT status, next_at FROM personal_reminders") == [("finished", None)]
    assert await ReminderList(store.db, clock=clock).scheduled(ALICE) == []


async def test_a_send_with_unknown_outcome_is_never_sent_again(store, clock):
    clock.set(at(2026, 11, 24, 10))
    await ReminderList(store.db, clock=clock).add(
        ALICE, "Call the council", clock() + timedelta(hours=1)
    )
    send, env = Recorder(), env_for(store)
    send.fail = [DeliveryUnknown("read timeout")]
    [result] = await tick(env, clock() + timedelta(hours=1), send)
    assert result.outcome == "unknown"
    for hours in (1.1, 2, 30):
        assert await tick(env, clock() + timedelta(hours=hours), send) == []
    assert send.sent == []
    assert rows(store, "SELECT state FROM proactive_sends WHERE kind = 'personal_reminder'") == [
        ("unknown",)
    ]


async def test_a_failed_send_is_retried_only_while_that_occurrence_stands(store, clock):
    """Retried after a failure — unless the reminder was cancelled meanwhile, or a
    later occurrence has gone out since: never an old one beside a newer one."""
    clock.set(at(2026, 11, 24, 10))
    await berlin(store, ALICE)
    reminders = ReminderList(store.db, clock=clock)
    rule = rule_text(Repeat("daily"), date(2026, 11, 24), time(11))
    first = await reminders.add(
        ALICE,
        "Call the council",
        at(2026, 11, 24, 11),
        rule=rule,
        repeat_words="every day at 11:00",
    )
    second = await reminders.add(
        ALICE, "Ring the vet", at(2026, 11, 24, 11), rule=rule, repeat_words="every day at 11:00"
    )
    send, env = Recorder(), env_for(store)
    send.fail = [DeliveryFailed("502"), DeliveryFailed("502")]
    due = at(2026, 11, 24, 11)
    assert [r.outcome for r in await tick(env, due, send)] == ["retry", "retry"]
    await reminders.cancel(ALICE, second)  # the person cancelled it meanwhile
    results = await tick(env, due + timedelta(minutes=2), send)
    assert sorted(r.outcome for r in results) == ["sent", "settled"]
    assert [m.dedupe_key.split(":")[1] for m in send.sent] == [str(first)]

    send.fail = [DeliveryFailed("502")] * 5  # the next day's fails, and keeps failing …
    assert [r.outcome for r in await tick(env, due + timedelta(days=1), send)] == ["retry"]
    send.fail = []
    # … until the day after, when that day's goes out and yesterday's is settled unsent
    results = await tick(env, due + timedelta(days=2), send)
    assert sorted(r.outcome for r in results) == ["sent", "settled"]
    assert [m.dedupe_key for m in send.sent][-1] == f"personal:{first}:2026-11-26T10:00:00.000000Z"


async def test_quiet_hours_hold_it_until_they_end_then_it_goes_once(store, clock):
    clock.set(at(2026, 11, 24, 20))
    await berlin(store, ALICE)
    with sqlite3.connect(store.db.path) as conn:
        conn.execute(
            "UPDATE user_settings SET quiet_from = '22:00', quiet_until = '07:00'"
            " WHERE user_id = ?",
            (ALICE,),
        )
    await ReminderList(store.db, clock=clock).add(ALICE, "Bins out", at(2026, 11, 24, 23))
    send, env = Recorder(), env_for(store)
    assert [r.outcome for r in await tick(env, at(2026, 11, 24, 23), send)] == ["quiet"]
    assert [r.outcome for r in await tick(env, at(2026, 11, 25, 7), send)] == ["sent"]
    assert await tick(env, at(2026, 11, 25, 7, 1), send) == []


async def test_only_people_served_get_theirs(store, clock):
    clock.set(at(2026, 11, 24, 10))
    reminders = ReminderList(store.db, clock=clock)
    await reminders.add(ALICE, "Alice's", clock() + timedelta(hours=1))
    await reminders.add(BOB, "Bob's", clock() + timedelta(hours=1))
    send = Recorder()
    await tick(env_for(store, allowed=(ALICE,)), clock() + timedelta(hours=1), send)
    assert [(m.user_id, m.plain) for m in send.sent] == [(ALICE, "⏰ Reminder: Alice's")]


async def test_skip_cancel_and_done_act_for_their_person_only(store, clock):
    clock.set(MONDAY_0800)
    reminders = ReminderList(store.db, clock=clock)
    mine = await weekly_monday_9(store, clock)
    [row] = await reminders.scheduled(ALICE)
    with pytest.raises(NotFound):
        await reminders.cancel(BOB, mine)
    with pytest.raises(NotFound):
        await reminders.skip_next(BOB, mine, BERLIN)
    with pytest.raises(NotFound):
        await reminders.done(BOB, mine)
    assert not await reminders.scheduled(BOB)
    skipped = await reminders.skip_next(ALICE, mine, BERLIN, row["next_at"])
    assert skipped["next_at"] == "2026-10-26T08:00:00.000000Z"  # 19 Oct passed over
    with pytest.raises(ValueError, match="changed since"):  # a list shown before the skip
        await reminders.cancel(ALICE, mine, row["next_at"])
    await reminders.cancel(ALICE, mine, skipped["next_at"])
    assert await reminders.scheduled(ALICE) == []
    assert await reminders.stop(ALICE, mine) is False  # already stopped: nothing changes


async def test_bad_values_change_nothing(store, clock):
    reminders = ReminderList(store.db, clock=clock)
    with pytest.raises(ValueError, match="empty"):
        await reminders.add(ALICE, "  ", clock() + timedelta(hours=1))
    with pytest.raises(ValueError, match="passed"):
        await reminders.add(ALICE, "Too late", clock() - timedelta(minutes=1))
    one_off = await reminders.add(ALICE, "Once", clock() + timedelta(hours=1))
    with pytest.raises(ValueError, match="only once"):
        await reminders.skip_next(ALICE, one_off, BERLIN)
    assert rows(store, "SELECT text, status FROM personal_reminders") == [("Once", "active")]


def test_the_rule_skips_a_time_that_dst_skips_to_the_jump_and_never_repeats_one():
    rule = rule_text(Repeat("daily"), date(2026, 3, 28), time(2, 30))
    spring = next_after(rule, BERLIN, at(2026, 3, 28, 12))
    assert spring.astimezone(BERLIN).strftime("%d %H:%M") == "29 03:30"
    rule = rule_text(Repeat("daily"), date(2026, 10, 24), time(2, 30))
    first = next_after(rule, BERLIN, at(2026, 10, 24, 12))
    second = next_after(rule, BERLIN, first)
    assert (second - first) == timedelta(hours=25)  # 02:30 once on the night of two 02:30s


async def test_asked_for_in_a_group_by_someone_with_no_private_chat_it_goes_to_the_group(
    store, clock
):
    clock.set(at(2026, 11, 24, 10))
    await ReminderList(store.db, clock=clock).add(
        ALICE, "Bring the cake", clock() + timedelta(hours=1), chat_id=-100500, message_id=42
    )
    send = Recorder()
    [result] = await tick(env_for(store), clock() + timedelta(hours=1), send)
    assert result.outcome == "sent"
    [message] = send.sent
    assert (message.group_id, message.reply_to, message.to_group) == (-100500, 42, True)
    assert message.text.startswith(
        f'<b><a href="tg://user?id={ALICE}">⏰ Reminder</a>:</b> Bring the cake'
    )
