"""The morning briefing (docs/ARCHITECTURE.md, "Briefing"): what it says, when it is due, once per local day, escalation,
time zones and DST, and sending through a real Bot against the fake Bot API.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections import Counter
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
import telegram

from drbot.bot import buttons, outbox
from drbot.cli import main
from drbot.config import BriefingSettings
from drbot.memory.briefings import BriefingLog
from drbot.memory.plans import PlanStore
from drbot.memory.user_settings import UserSettings
from drbot.scheduler.briefing import (
    briefing_due,
    build_briefing,
    due_people,
    local_day,
    send_briefings,
)
from tests.fakes.telegram_server import FakeTelegram, fake_telegram_in_a_thread

ALICE, BOB, CAROL = 101, 202, 303
TOKEN = "123456:BRIEF-token"
HEADER = "📋 Plans needing attention:"


class Env:
    """The pieces the briefing job gets, on one real SQLite file and the fake clock."""

    def __init__(self, store, clock, settings: BriefingSettings | None = None):
        self.store, self.clock = store, clock
        self.settings = settings or BriefingSettings()
        self.log = BriefingLog(store.db, clock=clock)
        self.users = UserSettings(
            store.db,
            default_timezone=self.settings.default_timezone,
            default_briefing_time=self.settings.time,
            clock=clock,
        )

    async def brief(self, user=ALICE, *, record=False, now=None):
        return await build_briefing(
            self.store,
            self.log,
            self.users,
            self.settings,
            user,
            now or self.clock(),
            record=record,
        )

    async def lines(self, user=ALICE, **kw) -> list[str]:
        briefing = await self.brief(user, **kw)
        return [] if briefing is None else [item.line for item in briefing.items]

    async def due(self, users=(ALICE,), now=None):
        return await due_people(
            self.store, self.users, self.log, self.settings, users, now or self.clock()
        )

    async def send(self, send, users=(ALICE,), now=None):
        return await send_briefings(
            send,
            self.store,
            self.log,
            self.users,
            self.settings,
            users,
            now or self.clock(),
            pause=0,
        )


@pytest.fixture
def env(store, clock):
    return Env(store, clock)


async def plan(store, user, title, steps, **kw) -> list[int]:
    plan_id = await store.create_plan(user, title, steps=steps, **kw)
    return [s["id"] for s in (await store.get_plan(user, plan_id))["steps"]]


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC)


# -- what it says ---------------------------------------------------------------


async def test_the_user_storys_briefing(env, store, clock):
    [call_agl] = await plan(store, ALICE, "Switch energy provider", ["Call AGL"])
    await store.add_attempt(ALICE, call_agl, "no answer")
    clock.advance(days=3)
    call_jim, _, _ = await plan(
        store, ALICE, "Fence repair", ["Call Jim", "Get quotes", "Supervise work"]
    )
    await store.update_step_status(ALICE, call_jim, "done")
    clock.advance(days=9)
    briefing = await env.brief()
    assert briefing.plain == "\n".join(
        [
            HEADER,
            '1. "Switch energy provider" — Step 1 (Call AGL) last attempted 12 days ago: no answer.',
            '2. "Fence repair" — Step 2 (Get quotes) has been pending for 9 days.',
        ]
    )
    assert [i.kind for i in briefing.items] == ["stale", "stale"]
    assert briefing.local_date == date(2026, 3, 14)
    assert briefing.text.startswith(f"<b>{HEADER}</b>\n1. ")


async def test_step_pending_8_days_appears_abandoned_and_complete_plans_never(env, store, clock):
    await plan(store, ALICE, "Fence repair", ["Get quotes", "Hire contractor"])
    old = await store.create_plan(ALICE, "Old idea", steps=["Think"])
    done = await store.create_plan(ALICE, "Finished thing", steps=["Leftover"])
    await store.update_plan_status(ALICE, old, "abandoned")
    await store.update_plan_status(ALICE, done, "complete")
    await plan(store, BOB, "Bob's plan", ["Bob's step"])
    clock.advance(days=6)
    assert await env.brief() is None
    clock.advance(days=2)
    assert await env.lines() == [
        '1. "Fence repair" — Step 1 (Get quotes) has been pending for 8 days.'
    ]
    clock.advance(days=30)
    lines = await env.lines()
    assert len(lines) == 1 and "Old idea" not in lines[0] and "Leftover" not in lines[0]


async def test_only_the_first_pending_step_is_nagged(env, store, clock):
    await plan(store, ALICE, "Garden", ["Dig", "Plant", "Water"])
    clock.advance(days=40)
    assert await env.lines() == ['1. "Garden" — Step 1 (Dig) has been pending for 40 days.']


async def test_nothing_to_say_is_no_briefing(env, store, clock):
    assert await env.brief() is None  # no plans at all
    [step] = await plan(store, ALICE, "Fresh", ["Start"])
    clock.advance(days=6)
    await store.add_attempt(ALICE, step, "started")
    clock.advance(days=6)
    assert await env.brief() is None  # touched 6 days ago


async def test_snooze_and_blocked_until_wake_up_on_their_day(env, store, clock):
    call, ask = await plan(store, ALICE, "Car", ["Call mechanic", "Ask council"])
    await store.update_step_status(ALICE, call, "in_progress")
    # Monday: "try again Thursday" — snoozes wake at the start of the local day
    # (the tools and the Snooze button store that).
    await store.snooze_step(ALICE, call, at("2026-03-05T00:00:00+00:00"))
    await store.update_step_status(
        ALICE, ask, "blocked", "waiting on council", until=at("2026-03-05T00:00:00+00:00")
    )
    clock.set(at("2026-03-04T08:00:00+00:00"))
    assert await env.brief() is None  # Wednesday: not before
    clock.set(at("2026-03-05T08:00:00+00:00"))
    briefing = await env.brief()
    assert [i.line for i in briefing.items] == [
        '1. "Car" — Step 1 (Call mechanic) was waiting until today (Thu 5 Mar).',
        '2. "Car" — Step 2 (Ask council) was blocked until today (Thu 5 Mar) — waiting on council.',
    ]
    assert {i.kind for i in briefing.items} == {"due"}
    # Done with one, a new attempt on the other: neither comes up again.
    await store.update_step_status(ALICE, ask, "done")
    await store.add_attempt(ALICE, call, "no answer")
    clock.advance(days=1)
    assert await env.brief() is None


async def test_stuck_step_is_shown_once_as_stuck(env, store, clock):
    [step] = await plan(store, ALICE, "Kitchen", [{"title": "Tile the wall", "estimated_days": 4}])
    await store.update_step_status(ALICE, step, "in_progress")
    clock.advance(days=9)  # stuck *and* stale: shown as stuck
    briefing = await env.brief()
    assert [(i.kind, i.line) for i in briefing.items] == [
        (
            "stuck",
            '1. "Kitchen" — Step 1 (Tile the wall) has been in progress for 9 days, '
            "over twice its 4-day estimate — worth re-planning?",
        )
    ]


async def test_most_urgent_first_due_then_stuck_then_stale(env, store, clock):
    [stale] = await plan(store, ALICE, "Stale one", ["Idle"])
    [stuck] = await plan(store, ALICE, "Stuck one", [{"title": "Slow", "estimated_days": 1}])
    [due] = await plan(store, ALICE, "Due one", ["Wait"])
    await store.update_step_status(ALICE, stuck, "in_progress")
    clock.advance(days=1)
    await store.snooze_step(ALICE, due, clock() + timedelta(days=7))
    clock.advance(days=7)
    assert [(i.kind, i.step_id) for i in (await env.brief()).items] == [
        ("due", due),
        ("stuck", stuck),
        ("stale", stale),
    ]


async def test_buttons_carry_the_step_and_the_item_number(env, store, clock):
    [a] = await plan(store, ALICE, "A", ["First"])
    [b] = await plan(store, ALICE, "B", ["Second"])
    clock.advance(days=8)
    rows = outbox.keyboard((await env.brief()).rows).inline_keyboard
    assert [[x.callback_data for x in row] for row in rows] == [
        [buttons.encode(action, step, "pending") for action in buttons.STEP_ACTIONS]
        for step in (a, b)
    ]
    assert rows[1][0].text == "✓ Done (2)"


async def test_html_escapes_the_persons_text(env, store, clock):
    await plan(store, ALICE, 'Fix <fence> & "gate"', ["Buy <b>posts</b> & nails"])
    clock.advance(days=8)
    briefing = await env.brief()
    assert '"Fix <fence> & "gate"" — Step 1 (Buy <b>posts</b> & nails)' in briefing.plain
    assert (
        '"Fix &lt;fence&gt; &amp; &quot;gate&quot;" — Step 1 '
        "(Buy &lt;b&gt;posts&lt;/b&gt; &amp; nails)"
    ) in briefing.text


# -- three mornings running -------------------------------------------------------


async def test_third_surfacing_becomes_one_question_and_activity_resets(env, store, clock):
    [step] = await plan(store, ALICE, "Roof", [{"title": "Fix gutter", "estimated_days": 1}])
    await store.update_step_status(ALICE, step, "in_progress")
    clock.advance(days=3)
    for expected in (1, 2):
        briefing = await env.brief(record=True)
        assert [(i.kind, i.times_surfaced) for i in briefing.items] == [("stuck", expected)]
        clock.advance(days=1)
    briefing = await env.brief(record=True)
    assert [(i.kind, i.times_surfaced) for i in briefing.items] == [("escalation", 3)]
    assert briefing.plain == "\n".join(
        [
            HEADER,
            '1. "Roof" — Step 1 (Fix gutter) has come up three mornings running. '
            "Re-plan, snooze or drop it?",
        ]
    )
    [row] = outbox.keyboard(briefing.rows).inline_keyboard
    assert [x.callback_data for x in row] == [
        buttons.encode(a, step, "in_progress") for a in buttons.ESCALATION_ACTIONS
    ]
    # The same day again (a retried send) counts nothing more.
    assert (await env.brief(record=True)).items[0].times_surfaced == 3
    # An attempt in between: the run starts over, as a plain line with its buttons.
    clock.advance(hours=12)
    await store.add_attempt(ALICE, step, "bought the bracket")
    clock.advance(hours=12)
    briefing = await env.brief(record=True)
    assert [(i.kind, i.times_surfaced) for i in briefing.items] == [("stuck", 1)]
    assert [x.callback_data for x in outbox.keyboard(briefing.rows).inline_keyboard[0]] == [
        buttons.encode(a, step, "in_progress") for a in buttons.STEP_ACTIONS
    ]


async def test_a_run_starts_over_when_the_step_becomes_the_first_open_step_again(env, store, clock):
    council, quotes = await plan(store, ALICE, "Extension", ["Ask council", "Get quotes"])
    await store.update_step_status(ALICE, council, "blocked")
    clock.advance(days=8)
    for expected in (1, 2):
        assert [(i.step_id, i.times_surfaced) for i in (await env.brief(record=True)).items] == [
            (quotes, expected)
        ]
        clock.advance(days=1)
    await store.update_step_status(ALICE, council, "done")  # its clock starts again
    clock.advance(days=8)
    assert [
        (i.step_id, i.kind, i.times_surfaced) for i in (await env.brief(record=True)).items
    ] == [(quotes, "stale", 1)]


async def test_a_preview_does_not_count_as_a_surfacing(env, store, clock):
    [step] = await plan(store, ALICE, "Taxes", ["File return"])
    clock.advance(days=8)
    await env.brief(record=True)
    for _ in range(3):
        clock.advance(days=1)
        assert (await env.brief()).items[0].times_surfaced == 2  # what would be sent
    assert await env.log.surfaced_times(ALICE, [step]) == {step: 1}
    clock.advance(days=1)
    briefing = await env.brief()
    assert briefing.items[0].kind == "stale"  # the previews never advanced it
    assert (await env.brief(record=True)).items[0].times_surfaced == 2


# -- once per local day -------------------------------------------------------------


async def test_claim_once_per_local_day_and_release(env, db_path, clock):
    assert await env.log.claim(ALICE, "2026-03-02", 2)
    assert not await env.log.claim(ALICE, "2026-03-02", 2)
    assert await env.log.sent_on(ALICE, "2026-03-02")
    assert await env.log.claim(BOB, "2026-03-02", 1)  # per person
    assert await env.log.claim(ALICE, "2026-03-03", 1)  # per day
    await env.log.release(ALICE, "2026-03-02")
    assert not await env.log.sent_on(ALICE, "2026-03-02")
    # Two processes on one file: exactly one claim wins.
    other = await PlanStore.open(db_path, clock=clock)
    try:
        results = await asyncio.gather(
            *[
                BriefingLog(db, clock=clock).claim(CAROL, "2026-03-02", 1)
                for db in (env.store.db, other.db)
                for _ in range(3)
            ]
        )
    finally:
        await other.close()
    assert sorted(results) == [False] * 5 + [True]


async def test_catch_up_after_downtime_the_same_local_day(env, clock):
    clock.set(at("2026-03-02T07:59:00+00:00"))
    assert await env.due() == []
    clock.set(at("2026-03-02T11:00:00+00:00"))  # the bot was down at 08:00
    assert await env.due() == [ALICE]
    await env.log.claim(ALICE, "2026-03-02", 0)
    assert await env.due() == []
    clock.set(at("2026-03-03T08:00:00+00:00"))
    assert await env.due() == [ALICE]


async def test_each_person_their_own_zone_and_time(env):
    await env.users.set_timezone(ALICE, "Pacific/Auckland")
    await env.users.set_timezone(BOB, "Europe/Berlin")
    await env.users.set_timezone(CAROL, "America/Los_Angeles")
    moment = at("2026-03-05T19:30:00+00:00")  # Auckland 08:30 Fri, Berlin 20:30, LA 11:30 Thu
    days = {u: local_day(moment, await env.users.zone(u)) for u in (ALICE, BOB, CAROL)}
    assert days == {ALICE: date(2026, 3, 6), BOB: date(2026, 3, 5), CAROL: date(2026, 3, 5)}
    assert await env.due((ALICE, BOB, CAROL), now=moment) == [ALICE, BOB, CAROL]
    earlier = moment - timedelta(hours=1)  # Auckland 07:30: not yet
    assert await env.due((ALICE, BOB, CAROL), now=earlier) == [BOB, CAROL]
    await env.users.set_briefing_time(BOB, "21:00")
    assert await env.due((ALICE, BOB, CAROL), now=moment) == [ALICE, CAROL]
    assert (await env.brief(ALICE, now=moment)) is None  # due, but nothing to say


async def test_who_is_due_reads_everyones_settings_in_one_statement(env, store, monkeypatch):
    """The tick asks every minute, for everyone: one read of the settings however many
    people (it was a read per person), the same answer."""
    await env.users.set_timezone(ALICE, "Pacific/Auckland")
    await env.users.set_briefing_time(BOB, "21:00")
    people = (ALICE, BOB, CAROL, *range(1_000, 1_050))
    reads: list[str] = []
    fetch_all = store.db.fetch_all

    async def counted(sql, params=()):
        reads.append(sql)
        return await fetch_all(sql, params)

    monkeypatch.setattr(store.db, "fetch_all", counted)
    moment = at("2026-03-05T19:30:00+00:00")  # Auckland 08:30, UTC 19:30
    assert await env.due(people, now=moment) == [ALICE, CAROL, *range(1_000, 1_050)]
    assert sum("FROM user_settings" in sql for sql in reads) == 1, reads


@pytest.mark.parametrize("day", ["2026-03-29", "2026-10-25"], ids=["spring", "fall"])
async def test_dst_days_neither_skip_nor_double(store, clock, day):
    berlin = ZoneInfo("Europe/Berlin")
    env = Env(store, clock, BriefingSettings(time="02:30", default_timezone="Europe/Berlin"))
    await env.users.set_briefing_time(BOB, "08:00")
    for user in (ALICE, BOB):
        await plan(store, user, "Long haul", ["Wait for it"])
    bot = RecordingSender(clock)
    middle = datetime.fromisoformat(day).replace(tzinfo=berlin)
    tick, end = middle - timedelta(days=1), middle + timedelta(days=2)
    while tick < end:  # the job, every 15 minutes
        clock.set(tick)
        await env.send(bot, (ALICE, BOB))
        tick += timedelta(minutes=15)
    sends = Counter((chat, local_day(moment, berlin)) for chat, moment, _ in bot.sent)
    days = [(middle + timedelta(days=d)).date() for d in (-1, 0, 1)]
    assert sends == {(user, d): 1 for user in (ALICE, BOB) for d in days}
    [(_, first, _)] = [
        s for s in bot.sent if s[0] == ALICE and s[1].astimezone(berlin).date() == middle.date()
    ]
    # Spring: 02:30 never happens, the briefing goes at 03:00; fall: at the first 02:30.
    assert first.astimezone(berlin).strftime("%H:%M %Z") == (
        "03:00 CEST" if day.endswith("29") else "02:30 CEST"
    )


# -- time-zone moves: once per local morning, never two within 12 h -----------------


async def tick(env, send, start: str, end: str, *, moves=None, users=(ALICE,), minutes=15):
    """The job every ``minutes`` from ``start`` to ``end`` (UTC), moving
    ALICE to ``moves[moment]`` when that moment comes."""
    moves = {at(k): v for k, v in (moves or {}).items()}
    moment = at(start)
    while moment <= at(end):
        env.clock.set(moment)
        for when in [m for m in moves if m <= moment]:
            await env.users.set_timezone(ALICE, moves.pop(when))
        await env.send(send, users)
        moment += timedelta(minutes=minutes)


def sent_at(sender, user=ALICE) -> list[str]:
    return [moment.strftime("%Y-%m-%dT%H:%MZ") for chat, moment, _ in sender.sent if chat == user]


async def test_tokyo_to_los_angeles_the_la_morning_gets_its_briefing(env, store, clock):
    [step] = await plan(store, ALICE, "Visa", ["Book the interview"])
    await env.users.set_timezone(ALICE, "Asia/Tokyo")
    sender = RecordingSender(clock)
    # Tokyo 08:00 Wed 25 Nov is 23:00 UTC on the 24th; then a flight east
    # across the date line: Los Angeles is still on the 24th when they land.
    await tick(
        env,
        sender,
        "2026-11-24T15:00Z",
        "2026-11-26T06:00Z",
        moves={"2026-11-25T02:00Z": "America/Los_Angeles"},
    )
    # The Los Angeles morning of the 25th (08:00 PST = 16:00 UTC) is a morning
    # of its own, though Tokyo already had a 25th.
    assert sent_at(sender) == ["2026-11-24T23:00Z", "2026-11-25T16:00Z"]
    assert await env.log.surfaced_times(ALICE, [step]) == {step: 2}  # two mornings


async def test_los_angeles_to_tokyo_never_two_within_12_hours(env, store, clock):
    await plan(store, ALICE, "Visa", ["Book the interview"])
    await env.users.set_timezone(ALICE, "America/Los_Angeles")
    sender = RecordingSender(clock)
    # LA 08:00 Tue 24 Nov = 16:00 UTC, which is already 01:00 Wed 25 in Tokyo:
    # the Tokyo morning of the 25th (23:00 UTC, 7 hours later) had its briefing.
    await tick(
        env,
        sender,
        "2026-11-24T08:00Z",
        "2026-11-27T00:00Z",
        moves={"2026-11-24T18:00Z": "Asia/Tokyo"},
    )
    assert sent_at(sender) == ["2026-11-24T16:00Z", "2026-11-25T23:00Z", "2026-11-26T23:00Z"]


async def test_a_morning_within_12_hours_of_the_last_waits_for_the_12_hours(env, store, clock):
    await plan(store, ALICE, "Visa", ["Book the interview"])
    await env.users.set_timezone(ALICE, "Asia/Tokyo")
    sender = RecordingSender(clock)
    # Tokyo's 25th at 23:00 UTC on the 24th; London's 25th starts an hour
    # later, its 08:00 is only 9 hours on: the briefing waits for the first tick
    # more than 12 hours after the last one.
    await tick(
        env,
        sender,
        "2026-11-24T15:00Z",
        "2026-11-26T12:00Z",
        moves={"2026-11-25T01:00Z": "Europe/London"},
    )
    assert sent_at(sender) == ["2026-11-24T23:00Z", "2026-11-25T11:15Z", "2026-11-26T08:00Z"]


async def test_a_restart_after_a_move_does_not_resend(db_path, clock):
    sender = RecordingSender(clock)

    async def run(start, end, moves=None):  # each run a new process on the same file
        store = await PlanStore.open(db_path, clock=clock)
        try:
            await tick(Env(store, clock), sender, start, end, moves=moves)
        finally:
            await store.close()

    store = await PlanStore.open(db_path, clock=clock)
    await plan(store, ALICE, "Visa", ["Book the interview"])
    await Env(store, clock).users.set_timezone(ALICE, "Asia/Tokyo")
    await store.close()
    await run("2026-11-24T22:00Z", "2026-11-25T01:00Z")
    await run(
        "2026-11-25T01:00Z", "2026-11-25T16:00Z", moves={"2026-11-25T02:00Z": "America/Los_Angeles"}
    )
    await run("2026-11-25T16:00Z", "2026-11-25T20:00Z")
    await run("2026-11-25T16:00Z", "2026-11-25T20:00Z")  # the same hours again
    assert sent_at(sender) == ["2026-11-24T23:00Z", "2026-11-25T16:00Z"]


ZONES = [
    "Pacific/Kiritimati",
    "Pacific/Auckland",
    "Asia/Tokyo",
    "Asia/Kolkata",
    "Europe/Berlin",
    "Europe/London",
    "America/New_York",
    "America/Los_Angeles",
    "Pacific/Honolulu",
    "Pacific/Pago_Pago",
]


@pytest.mark.parametrize("seed", range(4))
async def test_random_moves_one_briefing_per_local_morning(env, store, clock, seed):
    """Six weeks across the spring DST change, a move every day or three to a
    random zone (+14 h to -11 h), the job every 30 minutes."""
    import random

    rng = random.Random(seed)
    await plan(store, ALICE, "Visa", ["Book the interview"])
    moment, moves = at("2026-03-01T00:00Z"), {}
    while moment < at("2026-04-12T00:00Z"):
        moment += timedelta(hours=rng.uniform(20, 72))
        moves[moment.isoformat()] = rng.choice(ZONES)
    sender = RecordingSender(clock)
    zones: list[str] = []

    class Watch(RecordingSender):  # notes the zone in force at each send
        async def __call__(self, message):
            zones.append((await env.users.get(ALICE))["timezone"])
            await sender(message)

    await tick(env, Watch(clock), "2026-03-01T00:00Z", "2026-04-12T00:00Z", moves=moves, minutes=30)
    sends = [m for _, m, _ in sender.sent]
    assert all(b - a >= timedelta(hours=12) for a, b in zip(sends, sends[1:]))
    # In the zone of each send, the one before fell on an earlier local day.
    assert all(local_day(a, z) < local_day(b, z) for a, b, z in zip(sends, sends[1:], zones[1:]))
    # And no morning is lost for long: never 48 hours without one.
    assert all(b - a < timedelta(hours=48) for a, b in zip(sends, sends[1:]))


class RecordingSender:
    """A ``send`` for the job that records whom it sent to, and when."""

    def __init__(self, clock):
        self.clock = clock
        self.sent: list[tuple[int, datetime, str]] = []

    async def __call__(self, message):
        self.sent.append((message.user_id, self.clock(), message.text))


def test_briefing_due_compares_local_wall_clock_time():
    berlin = ZoneInfo("Europe/Berlin")
    assert not briefing_due(at("2026-03-29T00:59:00+00:00"), berlin, "02:30")  # 01:59 CET
    assert briefing_due(at("2026-03-29T01:00:00+00:00"), berlin, "02:30")  # 03:00 CEST
    assert briefing_due(at("2026-03-02T07:00:00+00:00"), "Europe/Berlin", "08:00")
    assert not briefing_due(at("2026-03-02T06:59:00+00:00"), berlin, "08:00")
    with pytest.raises(ValueError):
        briefing_due(datetime(2026, 3, 2, 8), berlin, "08:00")


# -- sending through Telegram (real Bot, fake Bot API server) -----------------------


@pytest.fixture
async def tg():
    async with FakeTelegram(token=TOKEN) as fake:
        yield fake
    assert fake.errors == []


@pytest.fixture
async def bot(tg):
    """The job's ``send``: the bot layer's outbox on a real Bot."""
    async with telegram.Bot(TOKEN, base_url=tg.base_url) as real:
        yield outbox.sender(real)


async def stale_for(store, clock, *users):
    steps = {}
    for user in users:
        [steps[user]] = await plan(store, user, f"Plan of {user}", ["Call <someone> & ask"])
    clock.advance(days=8)  # Tuesday 10 March, 09:00 UTC: past everyone's 08:00
    return steps


async def test_send_once_a_day_with_buttons(env, store, clock, tg, bot):
    steps = await stale_for(store, clock, ALICE, BOB)
    assert await env.send(bot, (ALICE, BOB, CAROL)) == {
        "sent": 2,
        "skipped": 1,
        "blocked": 0,
        "failed": 0,
    }  # Carol: nothing to say
    clock.advance(minutes=1)
    assert await env.send(bot, (ALICE, BOB, CAROL)) == dict.fromkeys(
        ("sent", "skipped", "blocked", "failed"), 0
    )  # the same day: nobody
    [msg] = tg.sent_messages(ALICE)
    assert msg.parse_mode == "HTML"
    assert msg.plain == (await env.brief()).plain  # HTML parsed = plain text
    assert "Call <someone> & ask" in msg.plain
    assert [b["callback_data"] for b in msg.reply_markup["inline_keyboard"][0]] == [
        buttons.encode(a, steps[ALICE], "pending") for a in buttons.STEP_ACTIONS
    ]
    assert len(tg.sent_messages(BOB)) == 1 and tg.sent_messages(CAROL) == []
    assert await env.log.surfaced_times(ALICE, [steps[ALICE]]) == {steps[ALICE]: 1}


async def test_a_blocked_person_does_not_stop_the_rest(env, store, clock, tg, bot):
    await stale_for(store, clock, ALICE, BOB, CAROL)
    tg.fail_next("sendMessage", 403, description="Forbidden: bot was blocked by the user")
    assert await env.send(bot, (ALICE, BOB, CAROL)) == {
        "sent": 2,
        "skipped": 0,
        "blocked": 1,
        "failed": 0,
    }
    assert await env.log.is_blocked(ALICE)
    assert [m.chat_id for m in tg.sent_messages()] == [BOB, CAROL]
    clock.advance(days=1)  # skipped the next day
    assert await env.due((ALICE, BOB, CAROL)) == [BOB, CAROL]
    assert (await env.send(bot, (ALICE, BOB, CAROL)))["sent"] == 2
    assert tg.sent_messages(ALICE) == []
    await env.log.unblock(ALICE)  # they wrote again
    assert await env.due((ALICE,)) == [ALICE]


async def test_a_network_failure_gives_the_day_back(env, store, clock, tg, bot):
    await stale_for(store, clock, ALICE, BOB)
    tg.fail_next("sendMessage", 500)
    assert await env.send(bot, (ALICE, BOB)) == {"sent": 1, "skipped": 0, "blocked": 0, "failed": 1}
    assert not await env.log.sent_on(ALICE, "2026-03-10")
    clock.advance(minutes=1)  # the next run retries
    assert (await env.send(bot, (ALICE, BOB)))["sent"] == 1
    assert len(tg.sent_messages(ALICE)) == len(tg.sent_messages(BOB)) == 1


async def test_rejected_markup_is_resent_as_plain_text(env, store, clock, tg, bot):
    await stale_for(store, clock, ALICE)
    tg.fail_next(
        "sendMessage", 400, description="Bad Request: can't parse entities: unsupported start tag"
    )
    assert (await env.send(bot, (ALICE,)))["sent"] == 1
    [msg] = tg.sent_messages(ALICE)
    assert msg.parse_mode is None and msg.text == (await env.brief()).plain
    assert msg.reply_markup is not None


# -- drbot briefing --------------------------------------------------------------------


@pytest.fixture
def cli_db(tmp_path, monkeypatch, clock):
    path = tmp_path / "data" / "drbot.db"
    monkeypatch.setenv("DRBOT_DB", str(path))
    for name in ("DRBOT_CONFIG", "TELEGRAM_BOT_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)

    async def fill():
        store = await PlanStore.open(path, clock=clock)  # Monday 2 March 09:00 UTC
        await store.create_plan(1, "Fence repair", steps=["Get quotes"])
        await store.close()

    asyncio.run(fill())
    return path


def test_cli_prints_the_briefing_at_a_moment(cli_db, capsys):
    assert main(["briefing", "--at", "2026-03-05T09:00"]) == 0
    assert capsys.readouterr().out == "Nothing needs attention.\n"
    assert main(["briefing", "--user-id", "1", "--at", "2026-03-11T09:00:00+01:00"]) == 0
    assert capsys.readouterr().out == (
        f'{HEADER}\n1. "Fence repair" — Step 1 (Get quotes) has been pending for 8 days.\n'
    )
    with sqlite3.connect(cli_db) as conn:  # a preview counts nothing
        assert conn.execute("SELECT count(*) FROM surfacings").fetchone() == (0,)
        assert conn.execute("SELECT count(*) FROM briefings_sent").fetchone() == (0,)


@pytest.mark.parametrize(
    "argv, message",
    [
        (["briefing", "--at", "next tuesday"], "--at 'next tuesday' is not an ISO time"),
        (["briefing", "--at", "2026-03-11T09:00", "--send"], "--send needs a bot token"),
    ],
)
def test_cli_errors_are_one_line(cli_db, capsys, argv, message):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_cli_send_claims_the_day(cli_db, tmp_path, monkeypatch, capsys):
    with fake_telegram_in_a_thread(TOKEN) as tg:
        (tmp_path / "config.toml").write_text(f'[telegram]\nbase_url = "{tg.base_url}"\n')
        monkeypatch.setenv("TELEGRAM_BOT_TOKEN", TOKEN)
        argv = ["briefing", "--at", "2026-03-11T09:00", "--send"]
        assert main(argv) == 0
        assert capsys.readouterr().out.endswith("Sent to user 1.\n")
        assert main(argv) == 0
        assert "already had this day's briefing" in capsys.readouterr().out
        assert [m.chat_id for m in tg.sent_messages()] == [1]


async def test_bulk_previews_equal_one_by_one_in_eight_statements(store, clock):
    from drbot.config import BriefingSettings
    from drbot.memory.briefings import BriefingLog
    from drbot.memory.user_settings import UserSettings
    from drbot.scheduler.briefing import build_briefing, build_briefings

    users, log, settings = UserSettings(store.db), BriefingLog(store.db), BriefingSettings()
    await users.set_timezone(12, "Pacific/Auckland")
    for user in (11, 12, 13):
        plan = await store.create_plan(user, f"Plan of {user} <&>", None, ["a", "b", "c"])
        first = (await store.get_plan(user, plan))["steps"][0]["id"]
        await store.add_attempt(user, first, "no answer")
        steps = (await store.get_plan(user, plan))["steps"]
        if user != 13:  # due on Wed 11 March (today, nine days on) and Thu 5 (overdue)
            await store.set_due_date(user, steps[1]["id"], "2026-03-11")
            await store.set_due_date(user, steps[2]["id"], "2026-03-05")
        else:  # a reminder at 15:00 that day
            await store.snooze_step(user, steps[2]["id"], "2026-03-11T15:00:00+00:00", at_time=True)
    await store.create_plan(14, "Fresh plan", None, ["x"])
    clock.advance(days=9)
    one_by_one = {}
    for user in (11, 12, 13, 14, 15):
        found = await build_briefing(store, log, users, settings, user, clock(), record=False)
        if found is not None:
            one_by_one[user] = found
    statements = []
    await store.db.trace(statements.append)
    bulk = await build_briefings(store, log, users, settings, [11, 12, 13, 14, 15], clock())
    await store.db.trace(None)
    # the five reads, today's reminders, the due dates and one for the muted plans
    assert len(statements) == 8
    assert bulk.keys() == one_by_one.keys() == {11, 12, 13, 14}
    kinds = {user: [item.kind for item in found.items] for user, found in bulk.items()}
    assert kinds[11] == kinds[12] == ["due_today", "overdue", "stale"]
    assert kinds[13] == ["reminder", "stale"]
    for user, briefing in bulk.items():
        assert (briefing.text, briefing.plain, briefing.rows, briefing.local_date) == (
            one_by_one[user].text,
            one_by_one[user].plain,
            one_by_one[user].rows,
            one_by_one[user].local_date,
        )
