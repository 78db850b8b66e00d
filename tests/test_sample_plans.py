"""Onboarding's "Try this example" makes a sample plan: a real plan, kept out of
briefings (stale, stuck, due), removed with one tap.  Over the fake Bot API; the
database is checked behind every answer."""

from __future__ import annotations

from datetime import timedelta

from drbot.config import BriefingSettings
from drbot.memory import PlanStore
from drbot.memory.briefings import BriefingLog
from drbot.memory.user_settings import UserSettings
from drbot.scheduler.briefing import build_briefing
from tests.bot_harness import FRIEND, OWNER, bot_running, bot_settings
from tests.test_bot_e2e import answers, ask, rows, settle
from tests.test_onboarding import datas, press


def plan_status(db, plan_id: int) -> str:
    return rows(db, "SELECT status FROM plans WHERE id = ?", plan_id)[0][0]


# -- 3. onboarding's example is a sample ------------------------------------------------


async def _try_the_example(app, tg) -> list:
    await ask(tg, OWNER, "/start")
    await settle(app, tg)
    question = tg.sent_messages(OWNER)[-1]
    [briefing_q] = await press(app, tg, OWNER, question, "ob:skip:tz")
    [try_it] = await press(app, tg, OWNER, briefing_q, "ob:skip:bt")
    return await press(app, tg, OWNER, try_it, "ob:try:example")


async def test_the_example_is_a_sample_kept_out_of_briefings_and_removed_in_one_tap(
    tg, tmp_path, clock
):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db), clock=clock) as app:
        sent = await _try_the_example(app, tg)
        note = sent[-1]
        [(example, sample)] = rows(db, "SELECT id, sample FROM plans WHERE user_id = ?", OWNER)
        assert sample == 1
        assert "example" in note.plain and datas(note) == [f"example:rm:{example}"]
        await ask(tg, OWNER, "renew passport: get photos, fill in the form")
        [(own,)] = rows(db, "SELECT id FROM plans WHERE sample = 0")
        view = sent[-2]  # the example's view, with step buttons
        assert any("step:" in d for d in datas(view))

    # Ten days on, both plans' first steps are stale: only the person's own is briefed.
    store = await PlanStore.open(db)
    try:
        later = clock() + timedelta(days=10)
        attention = await store.attention_for([OWNER], days=7, multiplier=2.0, now=later)
        assert {item["plan_id"] for kind in attention[OWNER].values() for item in kind} == {own}
        assert [s["plan_id"] for s in await store.stale_steps(OWNER, now=later)] == [own]
        briefing = await build_briefing(
            store,
            BriefingLog(store.db),
            UserSettings(store.db),
            BriefingSettings(),
            OWNER,
            later,
            record=False,
        )
        assert briefing is not None and "Renew passport" in briefing.text
        assert "Fix the fence" not in briefing.text
    finally:
        await store.close()

    async with bot_running(bot_settings(tg, db), clock=clock) as app:
        tg.push_callback(OWNER, OWNER, f"example:rm:{example}", note.message_id)
        await settle(app, tg)
        assert rows(db, "SELECT id FROM plans WHERE user_id = ?", OWNER) == [(own,)]
        assert rows(db, "SELECT count(*) FROM plan_steps WHERE plan_id = ?", example) == [(0,)]
        assert tg.messages[(OWNER, note.message_id)]["text"] == "Example removed."
        assert "reply_markup" not in tg.messages[(OWNER, view.message_id)]  # its buttons went
        # pressed again: it is gone, nothing else changes
        tg.push_callback(OWNER, OWNER, f"example:rm:{example}", note.message_id)
        await settle(app, tg)
        assert answers(tg)[-1] == "That example is gone already."
        assert rows(db, "SELECT id FROM plans WHERE user_id = ?", OWNER) == [(own,)]
    assert tg.errors == []


async def test_an_example_with_attempts_is_abandoned_not_deleted(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        sent = await _try_the_example(app, tg)
        note = sent[-1]
        [(example,)] = rows(db, "SELECT id FROM plans WHERE sample = 1")
        await ask(tg, OWNER, "called jim about the quotes, no answer")
        assert rows(db, "SELECT count(*) FROM plan_step_attempts") == [(1,)]
        # FRIEND cannot remove OWNER's example
        friends = await ask(tg, FRIEND, "/help")
        tg.push_callback(FRIEND, FRIEND, f"example:rm:{example}", friends.message_id)
        await settle(app, tg)
        assert plan_status(db, example) == "active"
        tg.push_callback(OWNER, OWNER, f"example:rm:{example}", note.message_id)
        await settle(app, tg)
        assert plan_status(db, example) == "abandoned"
        assert rows(db, "SELECT count(*) FROM plan_step_attempts") == [(1,)]
        assert "abandoned" in tg.messages[(OWNER, note.message_id)]["text"]
    assert tg.errors == []
