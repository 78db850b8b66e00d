"""The scheduler's everyone-scans read through their indexes (figures in
docs/PERFORMANCE.md), and the shortcuts the
bulk briefing build takes give exactly what the slow way gives."""

from __future__ import annotations

import html
import re

import pytest

from drbot.memory import plan_queries as q
from drbot.memory.rows import as_rows, by_user

PARAMS = {
    "now": "2026-11-24T09:00:00.000000Z",
    "cutoff": "2026-11-17T09:00:00.000000Z",
    "users": "[1, 2]",
    "reminders_from": "2026-11-23T09:00:00.000000Z",
    "multiplier": 2.0,
    "user_id": 1,
}


async def plan_of(store, sql: str) -> str:
    rows = await store.db.fetch_all("EXPLAIN QUERY PLAN " + sql, PARAMS)
    return "\n".join(row["detail"] for row in rows)


@pytest.mark.parametrize(
    "sql, index",
    [
        (q.DUE_FOR_EVERYONE, "plan_steps_waiting"),
        (q.STUCK_FOR_EVERYONE, "plan_steps_in_progress"),
        (q.STALE_FOR_EVERYONE, "plan_steps_stale"),
        (q.STALE_NOT_STUCK_FOR_EVERYONE, "plan_steps_stale"),
    ],
    ids=["due, everyone", "stuck, everyone", "stale, everyone", "stale not stuck, everyone"],
)
async def test_everyone_scans_read_only_the_steps_that_can_need_attention(store, sql, index):
    plan = await plan_of(store, sql)
    assert re.search(rf"INDEX {index}\b", plan), plan
    assert "SCAN s USING INDEX plan_steps_open" not in plan  # not every open step


@pytest.mark.parametrize("sql", [q.STALE_FOR_EVERYONE, q.STALE_NOT_STUCK_FOR_EVERYONE])
async def test_everyone_stale_scans_read_no_step_row(store, sql):
    # The frontier steps' index holds every column these scans return (0018).
    assert "SEARCH s USING COVERING INDEX plan_steps_stale (stale_clock<?)" in await plan_of(
        store, sql
    )


async def test_one_persons_stale_scan_still_starts_from_their_plans(store):
    assert "SEARCH p USING INDEX plans_by_user" in await plan_of(store, q.STALE_FOR_USER)


async def test_by_user_groups_rows_as_dicts_in_order(store):
    rows = await store.db.fetch_all(
        "SELECT 2 AS user_id, 'b' AS x UNION ALL SELECT 2, 'c' UNION ALL SELECT 5, 'a'"
    )
    assert by_user(dict, rows) == {
        2: [{"user_id": 2, "x": "b"}, {"user_id": 2, "x": "c"}],
        5: [{"user_id": 5, "x": "a"}],
    }
    assert by_user(dict, []) == {}
    assert as_rows(dict, rows) == [
        {"user_id": 2, "x": "b"},
        {"user_id": 2, "x": "c"},
        {"user_id": 5, "x": "a"},
    ]


@pytest.mark.parametrize(
    "title", ["Fence & gate", "The <b> tag", 'Say "hi"', "Tom's car", "Plain words"]
)
async def test_briefing_html_escapes_exactly_when_the_text_needs_it(store, clock, title):
    from drbot.config import BriefingSettings
    from drbot.memory.briefings import BriefingLog
    from drbot.memory.user_settings import UserSettings
    from drbot.scheduler.briefing import build_briefings

    plan = await store.create_plan(7, title, None, [f"Step of {title}"])
    step = (await store.get_plan(7, plan))["steps"][0]["id"]
    await store.add_attempt(7, step, f"{title} said no")
    clock.advance(days=9)
    built = await build_briefings(
        store, BriefingLog(store.db), UserSettings(store.db), BriefingSettings(), [7], clock()
    )
    line = built[7].plain.splitlines()[1]
    assert title in line
    # Every piece of the person's text escaped, the briefing's own words not.
    assert built[7].text.splitlines()[1] == line.replace(title, html.escape(title))


async def test_bulk_build_counts_stored_runs_like_one_by_one(store, clock):
    """Runs recorded on earlier mornings (read in bulk as rows, not dicts) turn
    into the same escalations and counts as the one-person path gives, for a
    due, a stuck and a stale step each."""
    from datetime import timedelta

    from drbot.config import BriefingSettings
    from drbot.memory.briefings import BriefingLog
    from drbot.memory.user_settings import UserSettings
    from drbot.scheduler.briefing import build_briefing, build_briefings

    users, log, settings = UserSettings(store.db), BriefingLog(store.db), BriefingSettings()
    await store.create_plan(7, "Idle <plan>", None, ["Wait & see"])
    slow = await store.create_plan(7, "Slow", None, [{"title": "Tile", "estimated_days": 1}])
    later = await store.create_plan(7, "Later", None, ["Call back"])
    await store.update_step_status(
        7, (await store.get_plan(7, slow))["steps"][0]["id"], "in_progress"
    )
    await store.snooze_step(
        7, (await store.get_plan(7, later))["steps"][0]["id"], clock() + timedelta(days=8)
    )
    await store.create_plan(8, "Someone else's", None, ["Theirs"])
    clock.advance(days=9)
    for _ in range(2):  # two mornings sent: the third is the question
        for user in (7, 8):
            await build_briefing(store, log, users, settings, user, clock(), record=True)
        clock.advance(days=1)
    bulk = await build_briefings(store, log, users, settings, [7, 8], clock())
    for user in (7, 8):
        one = await build_briefing(store, log, users, settings, user, clock(), record=False)
        assert [(i.kind, i.times_surfaced) for i in bulk[user].items] == [
            (i.kind, i.times_surfaced) for i in one.items
        ]
        assert (bulk[user].text, bulk[user].plain, bulk[user].rows) == (
            one.text,
            one.plain,
            one.rows,
        )
    assert [(i.kind, i.times_surfaced) for i in bulk[7].items] == [("escalation", 3)] * 3


def test_the_collector_is_paused_only_inside_and_restored():
    import gc

    from drbot.scheduler.briefing import collector_paused

    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(RuntimeError), collector_paused():
        raise RuntimeError("a bug while composing")
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # someone else turned it off: it stays off
    finally:
        gc.enable()


@pytest.mark.parametrize("sql", [q.DUE_FOR_SOME, q.STUCK_FOR_SOME, q.STALE_NOT_STUCK_FOR_SOME])
async def test_some_peoples_reads_start_from_their_plans(store, sql):
    plan = await plan_of(store, sql)
    assert "SEARCH p USING INDEX plans_by_user (user_id=?" in plan, plan
    assert "SCAN" not in plan.replace("SCAN json_each", "")  # no one else's rows walked


async def some_people(store, clock):
    """Three people, each with a due, a stuck and a stale step (and a fourth
    with nothing): what attention_for must cut out of everyone's."""
    from datetime import timedelta

    for user in (7, 8, 9):
        await store.create_plan(user, f"Idle {user}", None, ["Wait"])
        slow = await store.create_plan(
            user, f"Slow {user}", None, [{"title": "Tile", "estimated_days": 1}]
        )
        later = await store.create_plan(user, f"Later {user}", None, ["Call back"])
        await store.update_step_status(
            user, (await store.get_plan(user, slow))["steps"][0]["id"], "in_progress"
        )
        await store.snooze_step(
            user, (await store.get_plan(user, later))["steps"][0]["id"], clock() + timedelta(days=8)
        )
    clock.advance(days=9)
    await store.create_plan(10, "Fresh", None, ["Start"])


@pytest.mark.parametrize("few", [1000, 1], ids=["their plans", "everyone, then cut"])
async def test_attention_for_some_people_is_everyones_cut_to_them(store, clock, monkeypatch, few):
    monkeypatch.setattr(q, "FEW_PEOPLE", few)
    await some_people(store, clock)
    everyone = await store.attention_for_everyone(7, 2.0)
    assert sorted(everyone) == [7, 8, 9]
    assert all(len(everyone[u][k]) == 1 for u in everyone for k in ("due", "stuck", "stale"))
    assert await store.attention_for([9, 7, 7, 10], 7, 2.0) == {7: everyone[7], 9: everyone[9]}
    assert await store.attention_for([], 7, 2.0) == {}
    with pytest.raises(TypeError):
        await store.attention_for([True], 7, 2.0)


@pytest.mark.parametrize("few", [1000, 1], ids=["their rows", "everyone's"])
async def test_stored_runs_are_read_for_the_people_asked(store, clock, monkeypatch, few):
    from drbot.config import BriefingSettings
    from drbot.memory.briefings import BriefingLog
    from drbot.memory.user_settings import UserSettings
    from drbot.scheduler.briefing import build_briefing

    monkeypatch.setattr(q, "FEW_PEOPLE", few)
    await some_people(store, clock)
    log = BriefingLog(store.db)
    for user in (7, 8, 9):
        await build_briefing(
            store, log, UserSettings(store.db), BriefingSettings(), user, clock(), record=True
        )
    runs = await log.surfacings_of([8, 10])
    assert {row["user_id"] for row in runs.values()} == ({8} if few > 1 else {7, 8, 9})
    assert len([r for r in runs.values() if r["user_id"] == 8]) == 3
