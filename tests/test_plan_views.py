"""One live view per plan per chat, over the fake Bot API.

A plan view's buttons act on the plan; when a newer view of the plan is sent
the older one loses its buttons.  A press on a long (multi-message) plan
rewrites each part in place, so no step vanishes and the counts stay true.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3

from drbot.bot import render
from drbot.memory import PlanStore
from tests.bot_harness import FRIEND, OWNER, bot_running, bot_settings
from tests.test_bot_e2e import ask, settle


async def make_plan(db, user, title, steps) -> tuple[int, list[int]]:
    store = await PlanStore.open(db)
    try:
        plan_id = await store.create_plan(user, title, steps=steps)
        return plan_id, [s["id"] for s in (await store.get_plan(user, plan_id))["steps"]]
    finally:
        await store.close()


def shown(tg, chat, message_id) -> dict:
    return tg.messages[(chat, message_id)]


def has_buttons(tg, chat, message_id) -> bool:
    return bool(shown(tg, chat, message_id).get("reply_markup"))


async def press(app, tg, chat, message_id, data):
    tg.push_callback(chat, chat, data, message_id)
    await settle(app, tg)


async def test_a_newer_view_takes_the_buttons_off_the_older_one(tg, tmp_path):
    db = tmp_path / "bot.db"
    _, [first, *_] = await make_plan(db, OWNER, "Fence", ["quotes", "hire", "paint"])
    async with bot_running(bot_settings(tg, db)) as app:
        old = await ask(tg, OWNER, "/plan 1")
        await settle(app, tg)
        assert has_buttons(tg, OWNER, old.message_id)
        new = await ask(tg, OWNER, "/plan 1")
        await settle(app, tg)
        assert has_buttons(tg, OWNER, new.message_id)
        assert not has_buttons(tg, OWNER, old.message_id)
        # the Log-attempt answer sends a newer view again
        await press(app, tg, OWNER, new.message_id, f"step:attempt:{first}")
        await ask(tg, OWNER, "no answer from the first company")
        await settle(app, tg)
        latest = tg.sent_messages(OWNER)[-1]
        assert "no answer from the first company" in latest.plain
        assert not has_buttons(tg, OWNER, new.message_id)
        assert has_buttons(tg, OWNER, latest.message_id)
        # and /undo's view replaces that one
        await ask(tg, OWNER, "/undo")
        await settle(app, tg)
        undone = tg.sent_messages(OWNER)[-1]
        assert undone.plain.startswith("Undone")
        assert not has_buttons(tg, OWNER, latest.message_id)
        live = [
            m.message_id for m in tg.sent_messages(OWNER) if has_buttons(tg, OWNER, m.message_id)
        ]
        assert live == [undone.message_id]  # exactly one live view of the plan
    assert tg.errors == []


async def test_views_of_two_plans_both_stay_live(tg, tmp_path):
    db = tmp_path / "bot.db"
    await make_plan(db, OWNER, "Fence", ["quotes"])
    await make_plan(db, OWNER, "Energy", ["tariffs"])
    async with bot_running(bot_settings(tg, db)) as app:
        fence = await ask(tg, OWNER, "/plan 1")
        energy = await ask(tg, OWNER, "/plan 2")
        await settle(app, tg)
        assert has_buttons(tg, OWNER, fence.message_id)
        assert has_buttons(tg, OWNER, energy.message_id)


async def test_a_press_on_a_long_plan_rewrites_each_part_in_place(tg, tmp_path):
    db = tmp_path / "bot.db"
    titles = [
        f"Step number {n} of the long renovation, with words enough to fill a line and then some more words"
        for n in range(1, 41)
    ]
    _, ids = await make_plan(db, OWNER, "Renovation", titles)
    async with bot_running(bot_settings(tg, db)) as app:
        tg.push_message(OWNER, OWNER, "/plan 1")
        first, second = await tg.wait_for_messages(OWNER, 2)
        await settle(app, tg)
        assert "0/40 done" in first.plain and "40. Step number 40" in second.plain
        assert not first.reply_markup and second.reply_markup  # buttons on the last part
        await press(app, tg, OWNER, second.message_id, f"step:done:{ids[0]}")
        top, bottom = shown(tg, OWNER, first.message_id), shown(tg, OWNER, second.message_id)
        assert "1/40 done" in top["text"] and "✓ 1. Step number 1 " in top["text"]
        assert "40. Step number 40" in bottom["text"]  # the second half is still there
        assert "Renovation" not in bottom["text"]  # not the first half again
        assert bottom.get("reply_markup")
        assert len(tg.sent_messages(OWNER)) == 2  # edited, nothing re-sent
    assert tg.errors == []


async def test_a_view_that_grows_a_part_is_sent_again_whole(tg, tmp_path):
    db = tmp_path / "bot.db"
    # Fill one message to just below Telegram's limit: one more phrase makes it two.
    titles, plan = [], {"title": "Tight", "status": "active", "steps": []}
    while True:
        titles.append(f"Task {len(titles) + 1} " + "x" * 95)
        plan["steps"] = [
            {"id": n, "position": n, "title": t, "status": "pending", "attempts": []}
            for n, t in enumerate(titles, 1)
        ]
        if len(render.plan_view(plan, "UTC")[0]) > render.LIMIT - 40:
            break
    _, ids = await make_plan(db, OWNER, "Tight", titles)
    async with bot_running(bot_settings(tg, db)) as app:
        view = await ask(tg, OWNER, "/plan 1")
        await settle(app, tg)
        assert len(tg.sent_messages(OWNER)) == 1
        await press(
            app, tg, OWNER, view.message_id, f"step:snz3:{ids[0]}"
        )  # adds "(waiting until …)"
        await press(app, tg, OWNER, view.message_id, f"step:snz3:{ids[1]}") if has_buttons(
            tg, OWNER, view.message_id
        ) else None
        sent = tg.sent_messages(OWNER)
        assert len(sent) == 3  # the view again, in two parts
        assert not has_buttons(tg, OWNER, view.message_id)
        assert has_buttons(tg, OWNER, sent[-1].message_id)
        assert "Tight" in sent[1].plain and f"{len(titles)}. Task {len(titles)}" in sent[2].plain
    assert tg.errors == []


async def test_views_are_kept_per_person(tg, tmp_path):
    db = tmp_path / "bot.db"
    await make_plan(db, OWNER, "Fence", ["quotes"])
    friend_plan, _ = await make_plan(db, FRIEND, "Friend's", ["x"])
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, "/plan 1")
        await settle(app, tg)
        svc = app.bot_data["services"]
        # someone else's plan id is never recorded as a view of this person's
        assert await svc.views.replace(OWNER, OWNER, friend_plan, [99]) == []
        assert await svc.views.live(OWNER, OWNER, friend_plan) == []
    with contextlib.closing(sqlite3.connect(db)) as conn:
        assert conn.execute("SELECT chat_id, user_id FROM plan_views").fetchall() == [
            (OWNER, OWNER)
        ]


async def test_the_live_view_is_kept_across_a_restart(tg, tmp_path):
    """The record rides a later write (or the close): after a restart the first newer
    view still takes the buttons off the one sent before it."""
    db = tmp_path / "bot.db"
    await make_plan(db, OWNER, "Fence", ["quotes", "hire"])
    async with bot_running(bot_settings(tg, db)) as app:
        old = await ask(tg, OWNER, "/plan 1")
        await settle(app, tg, housekeeping=False)
    with contextlib.closing(sqlite3.connect(db)) as conn:
        assert conn.execute("SELECT message_ids FROM plan_views").fetchall() == [
            (f"[{old.message_id}]",)
        ]
    async with bot_running(bot_settings(tg, db)) as app:
        new = await ask(tg, OWNER, "/plan 1")
        await settle(app, tg)
        assert has_buttons(tg, OWNER, new.message_id)
        assert not has_buttons(tg, OWNER, old.message_id)
    assert tg.errors == []


async def test_with_nothing_else_written_the_record_reaches_the_file_on_its_own(
    tg, tmp_path, monkeypatch
):
    from drbot.memory import database

    monkeypatch.setattr(database, "LATER_S", 0.1)
    db = tmp_path / "bot.db"
    await make_plan(db, OWNER, "Fence", ["quotes"])
    async with bot_running(bot_settings(tg, db)) as app:
        view = await ask(tg, OWNER, "/plan 1")
        await settle(app, tg, housekeeping=False)
        recorded: list = []
        for _ in range(100):
            with contextlib.closing(sqlite3.connect(db)) as conn:
                recorded = conn.execute("SELECT message_ids FROM plan_views").fetchall()
            if recorded:
                break
            await asyncio.sleep(0.05)
        assert recorded == [(f"[{view.message_id}]",)]
    assert tg.errors == []
