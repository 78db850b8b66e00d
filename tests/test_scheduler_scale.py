"""The scheduler's everyone-scans read through their indexes (issue 12, "The
scheduler at scale"; figures in docs/PERFORMANCE.md), and the shortcuts the
bulk briefing build takes give exactly what the slow way gives."""

from __future__ import annotations

import html

import pytest

from drbot.memory import plan_queries as q

PARAMS = {"now": "2026-11-24T09:00:00.000000Z", "cutoff": "2026-11-17T09:00:00.000000Z",
          "multiplier": 2.0, "user_id": 1}


async def plan_of(store, sql: str) -> str:
    rows = await store.db.fetch_all("EXPLAIN QUERY PLAN " + sql, PARAMS)
    return "\n".join(row["detail"] for row in rows)


@pytest.mark.parametrize("sql, index", [
    (q.DUE_FOR_EVERYONE, "plan_steps_waiting"),
    (q.STUCK_FOR_EVERYONE, "plan_steps_in_progress"),
    (q.STALE_FOR_EVERYONE, "plan_steps_in_progress"),
], ids=["due, everyone", "stuck, everyone", "stale, everyone"])
async def test_everyone_scans_read_only_the_steps_that_can_need_attention(store, sql, index):
    plan = await plan_of(store, sql)
    assert f"USING INDEX {index}" in plan
    assert "SCAN s USING INDEX plan_steps_open" not in plan   # not every open step


async def test_one_persons_stale_scan_still_starts_from_their_plans(store):
    assert "SEARCH p USING INDEX plans_by_user" in await plan_of(store, q.STALE_FOR_USER)


async def test_items_by_user_groups_rows_as_dicts_in_order(store):
    rows = await store.db.fetch_all(
        "SELECT 2 AS user_id, 'b' AS x UNION ALL SELECT 2, 'c' UNION ALL SELECT 5, 'a'")
    assert q.items_by_user(rows) == {2: [{"user_id": 2, "x": "b"}, {"user_id": 2, "x": "c"}],
                                     5: [{"user_id": 5, "x": "a"}]}
    assert q.items_by_user([]) == {}


@pytest.mark.parametrize("title", ["Fence & gate", "The <b> tag", 'Say "hi"', "Tom's car",
                                   "Plain words"])
async def test_briefing_html_escapes_exactly_when_the_text_needs_it(store, clock, title):
    from drbot.config import BriefingSettings
    from drbot.memory.briefings import BriefingLog
    from drbot.memory.users import UserSettings
    from drbot.scheduler.briefing import build_briefings

    plan = await store.create_plan(7, title, None, [f"Step of {title}"])
    step = (await store.get_plan(7, plan))["steps"][0]["id"]
    await store.add_attempt(7, step, f"{title} said no")
    clock.advance(days=9)
    built = await build_briefings(store, BriefingLog(store.db), UserSettings(store.db),
                                  BriefingSettings(), [7], clock())
    line = built[7].plain.splitlines()[1]
    assert title in line
    # Every piece of the person's text escaped, the briefing's own words not.
    assert built[7].text.splitlines()[1] == line.replace(title, html.escape(title))
