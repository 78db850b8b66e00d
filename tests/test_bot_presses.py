"""Button presses over the fake Bot API, on a real SQLite file: a press whose
answer Telegram refuses still shows its change; any press on a plan's message
makes that plan current; after "Log attempt" a command, a question or a mark
line is handled as itself, not logged as the attempt."""

from __future__ import annotations

import logging

import pytest

from tests.bot_harness import OWNER, bot_running, bot_settings
from tests.test_bot_e2e import STORY_PLAN, ask, button, buttons_of, outcomes, rows, settle, steps
from tests.test_bot_handlers import SHED_PLAN, plan_id_of, press, statuses

TOO_OLD = "Bad Request: query is too old and response timeout expired or query ID is invalid"
WENT_WRONG = "something went wrong"


# -- a press answered too late ---------------------------------------------------------

async def test_a_press_telegram_no_longer_takes_an_answer_for_still_shows_its_change(
        tg, tmp_path, caplog):
    caplog.set_level(logging.DEBUG, logger="drbot")
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, STORY_PLAN)
        fence = plan_id_of(db, "Fix the fence")
        s1, s2, _ = [sid for sid, *_ in steps(db, fence)]
        view = await ask(tg, OWNER, "/plan 1")
        await settle(app, tg)

        # Done: stored, and the view shows it, though answerCallbackQuery fails
        tg.fail_next("answerCallbackQuery", 400, description=TOO_OLD)
        await press(tg, app, OWNER, OWNER, button(view, "done", s1), view.message_id)
        assert statuses(db, fence) == ["done", "pending", "pending"]
        shown = tg.messages[(OWNER, view.message_id)]
        assert "✓ 1. Get quotes" in shown["text"]

        # Snooze opens its choices in place, and a choice snoozes, both answered too late
        tg.fail_next("answerCallbackQuery", 400, description=TOO_OLD, times=2)
        await press(tg, app, OWNER, OWNER, button(shown.get("reply_markup"), "snooze", s2),
                    view.message_id)
        choices = tg.messages[(OWNER, view.message_id)].get("reply_markup")
        await press(tg, app, OWNER, OWNER, button(choices, "snz3", s2), view.message_id)
        [(wait_until,)] = rows(db, "SELECT wait_until FROM plan_steps WHERE id = ?", s2)
        assert wait_until is not None
        assert "2. Hire contractor (waiting until" in tg.messages[(OWNER, view.message_id)]["text"]

        assert not any(WENT_WRONG in text for text in tg.texts(OWNER))
    refused = [r for r in caplog.records if "query is too old" in r.getMessage().lower()]
    assert len(refused) == 3 and all(r.levelno == logging.DEBUG for r in refused), [
        (r.levelname, r.getMessage()) for r in refused]
    assert not any(r.levelno >= logging.ERROR for r in caplog.records)
    assert tg.errors == []


async def test_a_question_answered_by_a_press_too_old_to_answer_still_shows_what_it_did(
        tg, tmp_path, caplog):
    from tests.test_bot_questions import AskingRules, which_step

    caplog.set_level(logging.DEBUG, logger="drbot")
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, STORY_PLAN)
        fence = plan_id_of(db, "Fix the fence")
        s1, s2, _ = [sid for sid, *_ in steps(db, fence)]
        assistant = app.bot_data["services"].assistant
        assistant.offline = AskingRules(assistant.registry)
        assistant.offline.question = which_step(s1, s2)
        asked = await ask(tg, OWNER, "which one?")
        [(token,)] = rows(db, "SELECT question_token FROM chat_state WHERE chat_id = ?", OWNER)

        tg.fail_next("answerCallbackQuery", 400, description=TOO_OLD)
        await press(tg, app, OWNER, OWNER, f"ask:{token}:2", asked.message_id)
        assert statuses(db, fence) == ["pending", "done", "pending"]
        assert "→ Step 2: Hire contractor" in tg.messages[(OWNER, asked.message_id)]["text"]
        assert not any(WENT_WRONG in text for text in tg.texts(OWNER))
    assert [r.levelno for r in caplog.records
            if "query is too old" in r.getMessage().lower()] == [logging.DEBUG]
    assert tg.errors == []
