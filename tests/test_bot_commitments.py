"""Confirmed commitments on Telegram: the one-line offer with Yes / No buttons,
through the real Application against the fake Bot API over real HTTP, with a
real SQLite file behind it."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.bot_harness import OWNER, bot_running, bot_settings
from tests.conftest import FakeClock
from tests.test_bot_e2e import answers, ask, buttons_of, dump, eventually, rows, settle

NOW = datetime(2026, 11, 24, 10, 0, tzinfo=UTC)  # Tuesday
FENCE = "fix the fence: get quotes, get council permission, buy posts"
OFFER = (
    "Track “Call the council” for tomorrow (Wednesday 25 November)? It fits plan “Fix the fence”."
)


def plans_and_steps(db) -> dict:
    tables = dump(db)
    return {
        t: tables[t] for t in ("plans", "plan_steps", "plan_step_attempts", "declined_commitments")
    }


async def offered(tg, app, db):  # noqa: F811
    await ask(tg, OWNER, FENCE)
    before = plans_and_steps(db)
    asked = await ask(tg, OWNER, "I'll call the council tomorrow")
    await settle(app, tg)
    [(token,)] = rows(db, "SELECT question_token FROM chat_state WHERE chat_id = ?", OWNER)
    assert asked.plain == OFFER
    assert [[(b["text"], b["callback_data"]) for b in row] for row in buttons_of(asked)] == [
        [("Yes, track it", f"ask:{token}:1")],
        [("✗ No", f"ask:{token}:0")],
    ]
    assert plans_and_steps(db) == before  # nothing is stored until Yes
    return asked, token, before


async def test_yes_stores_exactly_the_step_with_its_wait(tg, tmp_path):  # noqa: F811
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db), clock=FakeClock(NOW)) as app:
        asked, token, before = await offered(tg, app, db)
        tg.push_callback(OWNER, OWNER, f"ask:{token}:1", asked.message_id)
        [edit] = await eventually(lambda: tg.calls_to("editMessageText"))
        await settle(app, tg)
        assert answers(tg) == ["→ Yes, track it"]
        assert edit["text"].startswith(
            f'{OFFER}\n\n<b>→ Yes, track it</b>\nTracking □ step 4 "Call the council" of '
            '"Fix the fence", waiting until tomorrow (Wednesday 25 November).'
        )
        after = plans_and_steps(db)
        assert after["plan_step_attempts"] == before["plan_step_attempts"] == []
        new = [s for s in after["plan_steps"] if s not in before["plan_steps"]]
        assert rows(
            db,
            "SELECT plan_id, position, title, status, wait_until FROM plan_steps WHERE id = ?",
            new[0][0],
        ) == [(1, 4, "Call the council", "pending", "2026-11-25T00:00:00.000000Z")]
        assert len(new) == 1 and len(after["plans"]) == 1

        # A second press on the spent buttons changes nothing.
        tg.push_callback(OWNER, OWNER, f"ask:{token}:1", asked.message_id)
        await eventually(lambda: len(answers(tg)) == 2)
        await settle(app, tg)
        assert plans_and_steps(db) == after
    assert tg.errors == []


async def test_no_stores_nothing_and_the_same_message_is_not_offered_again(  # noqa: F811
    tg, tmp_path
):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db), clock=FakeClock(NOW)) as app:
        asked, token, before = await offered(tg, app, db)
        tg.push_callback(OWNER, OWNER, f"ask:{token}:0", asked.message_id)
        [edit] = await eventually(lambda: tg.calls_to("editMessageText"))
        await settle(app, tg)
        assert edit["text"] == f"{OFFER}\n\n<b>→ ✗ No</b>\nOK — not tracking it."
        after = plans_and_steps(db)
        assert after.pop("declined_commitments") != before.pop("declined_commitments")
        assert after == before

        again = await ask(tg, OWNER, "I'll call the council tomorrow")
        assert again.plain.startswith("You said no to tracking that before")
        assert buttons_of(again) == []
        await settle(app, tg)
        assert rows(db, "SELECT count(*) FROM plan_steps") == [(3,)]
    assert tg.errors == []
