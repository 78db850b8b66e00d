"""The proactive tick (docs/ARCHITECTURE.md, "A scheduler tick's path"): one
claim-before-send path for every proactive message, over real SQLite files
and a recording ``send`` (and the fake Bot API for ``drbot tick --send``)."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections import Counter
from dataclasses import asdict
from datetime import UTC, datetime, timedelta

import pytest

from drbot.config import BriefingSettings, Settings, TelegramSettings
from drbot.memory.briefings import BriefingLog
from drbot.memory.plans import PlanStore
from drbot.memory.proactive_sends import STALE, SendLog
from drbot.memory.quiet import Quiet
from drbot.memory.user_settings import UserSettings
from drbot.outgoing import DeliveryFailed, Outgoing, RecipientGone, Rejected
from drbot.scheduler.producers import Due, TickEnv, briefings_due
from drbot.scheduler.tick import tick

ALICE, BOB, STRANGER = 101, 202, 999


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC)


def env_for(store, allowed=(ALICE, BOB)) -> TickEnv:
    settings = Settings(
        telegram=TelegramSettings(allowed_user_ids=tuple(allowed)), briefing=BriefingSettings()
    )
    users = UserSettings(store.db, default_timezone="UTC", default_briefing_time="08:00")
    return TickEnv(store, users, BriefingLog(store.db), settings, tuple(allowed), store.db)


class Recorder:
    """The tick's ``send``: records what went out, or fails as scripted."""

    def __init__(self, clock=None) -> None:
        self.sent: list[Outgoing] = []
        self.fail: list[Exception] = []  # raised by the next sends, in order
        self.clock = clock
        self.at: list[datetime] = []

    async def __call__(self, message: Outgoing) -> None:
        await asyncio.sleep(0)  # a real send yields to the loop
        if self.fail:
            raise self.fail.pop(0)
        self.sent.append(message)
        if self.clock is not None:
            self.at.append(self.clock())

    def keys(self) -> list[tuple[int, str]]:
        return [(m.user_id, m.dedupe_key) for m in self.sent]


def reminder(user: int, n: int, due: datetime, plan_id: int | None = None) -> Due:
    text = f"Reminder {n} for {user}"
    return Due(
        Outgoing(user, "reminder", text, text, f"reminder:{n}:{due.isoformat()}"), due, plan_id
    )


def producing(*dues: Due):
    """A producer that returns ``dues`` that have fallen due (it only reads)."""

    async def produce(env, now):
        return [d for d in dues if d.due_at <= now]

    return produce


async def stale_plan(store, user: int, title: str = "Fix the fence") -> int:
    return await store.create_plan(user, title, steps=["Get quotes"])


# -- the briefing through the tick ----------------------------------------------------


async def test_the_briefing_goes_through_the_claim_once(store, clock):
    env = env_for(store)
    await stale_plan(store, ALICE)
    clock.advance(days=8)  # Tue 10 March 09:00 UTC
    send = Recorder()
    results = await tick(env, clock(), send)
    assert [(r.user_id, r.kind, r.outcome) for r in results] == [(ALICE, "briefing", "sent")]
    [message] = send.sent
    assert message.plain.startswith("📋 Plans needing attention:")
    assert await tick(env, clock() + timedelta(minutes=1), send) == []
    assert len(send.sent) == 1
    row = await SendLog(store.db).get(ALICE, "briefing:2026-03-10@UTC")
    assert (row["state"], row["attempts"], row["kind"]) == ("sent", 1, "briefing")
    assert await env.briefings.sent_on(ALICE, "2026-03-10")  # B's record of mornings
    # Bob had nothing to say: his morning is settled, nothing sent, no result line.
    assert (await SendLog(store.db).get(BOB, "briefing:2026-03-10@UTC"))["state"] == "empty"


async def test_a_dry_run_reports_and_claims_nothing(store, clock, db_path):
    env = env_for(store)
    await stale_plan(store, ALICE)
    clock.advance(days=8)
    results = await tick(
        env, clock(), None, producers=(briefings_due, producing(reminder(BOB, 1, clock())))
    )
    assert sorted((r.user_id, r.kind, r.outcome) for r in results) == [
        (ALICE, "briefing", "would send"),
        (BOB, "reminder", "would send"),
    ]
    with sqlite3.connect(db_path) as conn:
        for table in ("proactive_sends", "briefings_sent", "surfacings"):
            assert conn.execute(f"SELECT count(*) FROM {table}").fetchone() == (0,)


async def test_strangers_get_nothing(store, clock):
    env = env_for(store)
    send = Recorder()
    await tick(env, clock(), send, producers=(producing(reminder(STRANGER, 1, clock())),))
    assert send.sent == []


async def test_a_group_that_asked_is_briefed_and_an_empty_allowlist_serves_no_group(store, clock):
    group = -100500
    await stale_plan(store, group)
    await UserSettings(store.db).set_briefing_time(group, "08:00")
    clock.advance(days=8)
    results = await tick(env_for(store, allowed=()), clock(), None, producers=(briefings_due,))
    assert results == []
    results = await tick(env_for(store), clock(), None, producers=(briefings_due,))
    assert [(r.user_id, r.kind, r.outcome) for r in results] == [(group, "briefing", "would send")]


# -- never twice ------------------------------------------------------------------------


async def test_two_concurrent_ticks_on_two_connections_send_each_message_once(
    store, clock, db_path
):
    for user in (ALICE, BOB):
        await stale_plan(store, user)
    clock.advance(days=8)
    many = [
        reminder(user, n, clock() - timedelta(minutes=n))
        for user in (ALICE, BOB)
        for n in range(20)
    ]
    other = await PlanStore.open(db_path, clock=clock)
    try:
        send = Recorder()
        envs = [env_for(store), env_for(other)]
        for _ in range(3):  # three minutes of two processes ticking at once
            await asyncio.gather(
                *[
                    tick(e, clock(), send, producers=(briefings_due, producing(*many)))
                    for e in envs
                    for _ in range(2)
                ]
            )
            clock.advance(minutes=1)
    finally:
        await other.close()
    counts = Counter(send.keys())
    assert len(counts) == 2 * 20 + 2 and set(counts.values()) == {1}


async def test_a_claim_left_by_a_crash_before_the_call_is_sent_once_later(store, clock, caplog):
    env, due = env_for(store), reminder(ALICE, 1, clock())
    # A process claimed the message, then died before calling the Bot API.
    crashed = SendLog(store.db)
    assert await crashed.claim(
        ALICE, due.message.dedupe_key, "reminder", due.due_at, asdict(due.message), clock()
    )
    send = Recorder()
    assert await tick(env, clock() + STALE / 2, send, producers=(producing(due),)) == []
    caplog.set_level(logging.WARNING, "drbot.tick")
    results = await tick(
        env, clock() + STALE + timedelta(minutes=1), send, producers=(producing(due),)
    )
    assert [r.outcome for r in results] == ["sent"] and len(send.sent) == 1
    assert "claimed but never sent: sending it again" in caplog.text
    assert await tick(env, clock() + STALE * 3, send, producers=(producing(due),)) == []
    assert len(send.sent) == 1


async def test_a_send_that_began_and_never_reported_is_logged_never_resent(store, clock, caplog):
    env, due = env_for(store), reminder(ALICE, 1, clock())

    async def dies_mid_call(message):  # the process is killed during the HTTP call
        raise asyncio.CancelledError

    with pytest.raises(asyncio.CancelledError):
        await tick(env, clock(), dies_mid_call, producers=(producing(due),))
    caplog.set_level(logging.WARNING, "drbot.tick")
    send = Recorder()
    for minutes in (1, 11, 60):
        assert (
            await tick(env, clock() + timedelta(minutes=minutes), send, producers=(producing(due),))
            == []
        )
    assert send.sent == []
    row = await SendLog(store.db).get(ALICE, due.message.dedupe_key)
    assert (row["state"], row["attempts"]) == ("unknown", 1)
    assert (
        f"reminder for user {ALICE} ({due.message.dedupe_key}) began sending and never "
        "reported" in caplog.text
    )
    assert caplog.text.count("began sending") == 1  # logged once, not every minute


# -- failures ----------------------------------------------------------------------------


async def test_a_failed_send_is_retried_with_back_off_never_lost(store, clock):
    env, due = env_for(store), reminder(ALICE, 1, clock())
    once = producing(due)
    send = Recorder()
    send.fail = [DeliveryFailed("reminder: NetworkError")] * 3
    start = clock()
    outcomes = []
    for minute in range(0, 40):
        # The producer only produces it the first minute: the retry needs no producer.
        results = await tick(
            env, start + timedelta(minutes=minute), send, producers=(once,) if minute == 0 else ()
        )
        outcomes += [(minute, r.outcome) for r in results]
    # Tries at 0, +1 min, +5 min after that, +30 min after that.
    assert outcomes == [(0, "retry"), (1, "retry"), (6, "retry"), (36, "sent")]
    [message] = send.sent
    assert (
        message.text.startswith("Reminder 1")
        and "This was due at 09:00 on Mon 2 Mar" in message.plain
    )  # it says when it was due
    row = await SendLog(store.db).get(ALICE, due.message.dedupe_key)
    assert (row["state"], row["attempts"], row["last_error"]) == ("sent", 4, None)


async def test_rejected_is_given_up_and_gone_stops_writing(store, clock):
    env = env_for(store)
    send = Recorder()
    send.fail = [Rejected("reminder: Bad Request: chat not found"), RecipientGone("reminder")]
    dues = producing(reminder(ALICE, 1, clock()), reminder(BOB, 2, clock()))
    results = await tick(env, clock(), send, producers=(dues,))
    assert [(r.user_id, r.outcome) for r in results] == [(ALICE, "rejected"), (BOB, "gone")]
    assert await env.briefings.is_blocked(BOB)
    later = producing(reminder(ALICE, 1, clock()), reminder(BOB, 3, clock()))
    results = await tick(env, clock() + timedelta(hours=1), send, producers=(later,))
    assert [(r.user_id, r.outcome) for r in results] == [(BOB, "blocked")]
    assert send.sent == []


# -- quiet hours and mutes ------------------------------------------------------------------


async def test_quiet_hours_hold_messages_until_their_end_then_send_once(store, clock):
    env = env_for(store)
    await stale_plan(store, ALICE)
    await env.users.set_timezone(ALICE, "Asia/Tokyo")
    await env.users.set_briefing_time(ALICE, "07:00")
    await Quiet(store.db).set_hours(ALICE, "22:00-08:00")  # Tokyo time
    night = at("2026-03-09T23:30:00+09:00")
    due = reminder(ALICE, 1, night)
    send = Recorder(clock)
    moment = night - timedelta(hours=1)
    while moment < at("2026-03-10T12:00:00+09:00"):  # every minute till noon
        clock.set(moment)
        await tick(env, moment, send, producers=(briefings_due, producing(due)))
        moment += timedelta(minutes=1)
    tokyo = [
        (m.kind, t.astimezone(env_zone := await env.users.zone(ALICE)).strftime("%H:%M"))
        for m, t in zip(send.sent, send.at, strict=True)
    ]
    assert env_zone.key == "Asia/Tokyo"
    assert tokyo == [("briefing", "08:00"), ("reminder", "08:00")]


async def test_quiet_hours_that_do_not_cross_midnight(store, clock):
    env = env_for(store)
    await Quiet(store.db).set_hours(ALICE, "13:00-14:30")
    due = reminder(ALICE, 1, at("2026-03-02T13:10:00+00:00"))
    send = Recorder()
    results = await tick(env, at("2026-03-02T13:10:00+00:00"), send, producers=(producing(due),))
    assert [r.outcome for r in results] == ["quiet"]
    assert [
        r.outcome
        for r in await tick(env, at("2026-03-02T14:30:00+00:00"), send, producers=(producing(due),))
    ] == ["sent"]


async def test_a_muted_plan_gets_nothing_until_unmuted(store, clock):
    env, quiet = env_for(store), Quiet(store.db)
    plan_id = await stale_plan(store, ALICE)
    await quiet.mute(ALICE, plan_id)
    due = reminder(ALICE, 1, clock(), plan_id=plan_id)
    send = Recorder()
    assert [r.outcome for r in await tick(env, clock(), send, producers=(producing(due),))] == [
        "muted"
    ]
    await quiet.unmute(ALICE, plan_id)
    assert [r.outcome for r in await tick(env, clock(), send, producers=(producing(due),))] == [
        "sent"
    ]


async def test_the_briefing_says_muted_plans_instead_of_their_lines(store, clock):
    env, quiet = env_for(store), Quiet(store.db)
    fence = await stale_plan(store, ALICE, "Fix the fence")
    await stale_plan(store, ALICE, "Renew passport")
    only_muted = await stale_plan(store, BOB, "Bob's plan")
    await quiet.mute(ALICE, fence)
    await quiet.mute(BOB, only_muted)
    clock.advance(days=8)
    send = Recorder()
    await tick(env, clock(), send)
    [briefing] = send.sent
    assert briefing.user_id == ALICE
    assert "Renew passport" in briefing.plain and "Fix the fence" not in briefing.plain
    assert briefing.plain.endswith("🔇 1 muted plan (/unmute N to hear about it again).")
    # Bob's briefing would only say "1 muted plan": not sent, and his morning is settled.
    assert (await SendLog(store.db).get(BOB, "briefing:2026-03-10@UTC"))["state"] == "empty"


async def test_mute_is_scoped_to_the_owner(store):
    from drbot.memory import NotFound

    plan_id = await stale_plan(store, BOB)
    with pytest.raises(NotFound):
        await Quiet(store.db).mute(ALICE, plan_id)
    assert await Quiet(store.db).muted(BOB) == set()


@pytest.mark.parametrize(
    "text, stored",
    [
        ("22:00-08:00", ("22:00", "08:00")),
        ("22-7:30", ("22:00", "07:30")),
        ("9:15 to 12:00", ("09:15", "12:00")),
    ],
)
async def test_quiet_hours_are_read_and_stored(store, text, stored):
    assert await Quiet(store.db).set_hours(ALICE, text) == stored
    assert await Quiet(store.db).hours(ALICE) == stored


@pytest.mark.parametrize("text", ["22:00", "25:00-08:00", "08:00-08:00", "night", "22:61-1"])
async def test_bad_quiet_hours_change_nothing(store, text):
    await Quiet(store.db).set_hours(ALICE, "22:00-08:00")
    with pytest.raises(ValueError, match="/quiet 22:00-08:00"):
        await Quiet(store.db).set_hours(ALICE, text)
    assert await Quiet(store.db).hours(ALICE) == ("22:00", "08:00")


async def test_the_proactive_soak_finds_nothing_wrong():
    """bench/soak_proactive.py, small: two ticking processes, faults, quiet hours, mutes,
    evening reviews."""
    from bench import soak_proactive

    result = await soak_proactive.run(users=12, days=1, seed=7)
    assert result["delivered"] > 12
    assert result["reviews"] > 0 and result["reviews expected"] > 0
    assert {k: result[k] for k in ("duplicated", "quiet", "muted", "lost")} == dict.fromkeys(
        ("duplicated", "quiet", "muted", "lost"), 0
    )
