"""Button presses over the fake Bot API, on a real SQLite file: a press whose
answer Telegram refuses still shows its change; any press on a plan's message
makes that plan current; after "Log attempt" a command, a question or a mark
line is handled as itself, not logged as the attempt."""

from __future__ import annotations

import logging

import pytest

from tests.bot_harness import OWNER, bot_running, bot_settings
from tests.test_bot_e2e import STORY_PLAN, ask, button, outcomes, rows, settle, steps
from tests.test_bot_handlers import SHED_PLAN, plan_id_of, press, statuses

TOO_OLD = "Bad Request: query is too old and response timeout expired or query ID is invalid"
WENT_WRONG = "something went wrong"


# -- a press answered too late ---------------------------------------------------------


async def test_a_press_telegram_no_longer_takes_an_answer_for_still_shows_its_change(
    tg, tmp_path, caplog
):
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
        await press(
            tg, app, OWNER, OWNER, button(shown.get("reply_markup"), "snooze", s2), view.message_id
        )
        choices = tg.messages[(OWNER, view.message_id)].get("reply_markup")
        await press(tg, app, OWNER, OWNER, button(choices, "snz3", s2), view.message_id)
        [(wait_until,)] = rows(db, "SELECT wait_until FROM plan_steps WHERE id = ?", s2)
        assert wait_until is not None
        assert "2. Hire contractor (waiting until" in tg.messages[(OWNER, view.message_id)]["text"]

        assert not any(WENT_WRONG in text for text in tg.texts(OWNER))
    refused = [r for r in caplog.records if "query is too old" in r.getMessage().lower()]
    assert len(refused) == 3 and all(r.levelno == logging.DEBUG for r in refused), [
        (r.levelname, r.getMessage()) for r in refused
    ]
    assert not any(r.levelno >= logging.ERROR for r in caplog.records)
    assert tg.errors == []


async def test_a_question_answered_by_a_press_too_old_to_answer_still_shows_what_it_did(
    tg, tmp_path, caplog
):
    from tests.test_bot_questions import AskingRules, which_step

    caplog.set_level(logging.DEBUG, logger="drbot")
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, STORY_PLAN)
        fence = plan_id_of(db, "Fix the fence")
        s1, s2, _ = [sid for sid, *_ in steps(db, fence)]
        assistant = app.bot_data["services"].assistant
        assistant.rules = AskingRules(assistant.registry)
        assistant.rules.question = which_step(s1, s2)
        asked = await ask(tg, OWNER, "which one?")
        [(token,)] = rows(db, "SELECT question_token FROM chat_state WHERE chat_id = ?", OWNER)

        tg.fail_next("answerCallbackQuery", 400, description=TOO_OLD)
        await press(tg, app, OWNER, OWNER, f"ask:{token}:2", asked.message_id)
        assert statuses(db, fence) == ["pending", "done", "pending"]
        assert "→ Step 2: Hire contractor" in tg.messages[(OWNER, asked.message_id)]["text"]
        assert not any(WENT_WRONG in text for text in tg.texts(OWNER))
    assert [r.levelno for r in caplog.records if "query is too old" in r.getMessage().lower()] == [
        logging.DEBUG
    ]
    assert tg.errors == []


@pytest.mark.parametrize(
    "presser, data, alert",
    [
        ("stranger", "step:done:{s1}", "This is a private assistant"),  # someone not allowed
        ("friend", "step:done:{s1}", "That step is not yours"),  # allowed, not their step
        ("owner", "step:done:999999", "That step is not yours"),  # a step that is gone
        ("owner", "step:evil:{s1}", "That button is no longer valid."),  # data we never sent
        ("owner", "garbage", "That button is no longer valid."),
        ("owner", "ask:nosuchquestion:1", "That question has expired"),  # an old question
        ("owner", "rem:d:999999", "That reminder is not yours"),  # a reminder gone
        ("owner", "rem:c:999999:1", "That reminder is no longer scheduled"),
    ],
)
async def test_a_refused_press_telegram_no_longer_takes_an_answer_for_breaks_nothing(
    tg, tmp_path, caplog, presser, data, alert
):
    from tests.bot_harness import FRIEND, STRANGER
    from tests.test_bot_e2e import dump

    caplog.set_level(logging.DEBUG)
    db = tmp_path / "bot.db"
    who = {"stranger": STRANGER, "friend": FRIEND, "owner": OWNER}[presser]
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, STORY_PLAN)
        s1 = steps(db, plan_id_of(db, "Fix the fence"))[0][0]
        view = await ask(tg, OWNER, "/plan 1")
        await settle(app, tg)
        before = dump(db)

        tg.fail_next("answerCallbackQuery", 400, description=TOO_OLD)
        await press(tg, app, OWNER, who, data.format(s1=s1), view.message_id)
        [answered] = tg.calls_to("answerCallbackQuery")
        assert answered.get("text", "").startswith(alert), answered
        after = dump(db)
        changed = {t for t in after if after[t] != before[t]}
        assert changed <= ({"processed_updates", "inbox"} if who != STRANGER else set()), changed
        assert "…" not in tg.messages[(OWNER, view.message_id)]["text"]  # the view untouched
        assert "Fix the fence" in (await ask(tg, OWNER, "/plans")).plain  # carries on
    assert not any(WENT_WRONG in text for text in tg.texts())
    loud = [
        (r.name, r.levelname, r.getMessage())
        for r in caplog.records
        if r.levelno >= logging.WARNING
    ]
    assert loud == []
    assert [r.levelno for r in caplog.records if "query is too old" in r.getMessage().lower()] == [
        logging.DEBUG
    ]
    assert tg.errors == []


# -- any press on a plan's message makes it current ------------------------------------


@pytest.mark.parametrize("opened", [["snooze"], ["snooze", "back"]])
async def test_opening_snooze_on_another_plans_view_makes_that_plan_current(tg, tmp_path, opened):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, STORY_PLAN)
        await ask(tg, OWNER, SHED_PLAN)
        fence, shed = plan_id_of(db, "Fix the fence"), plan_id_of(db, "Paint the shed")
        shed_view = await ask(tg, OWNER, "/plan 2")
        await ask(tg, OWNER, "/plan 1")  # the fence is current now
        s2 = steps(db, shed)[1][0]
        with_menu = shed_view.reply_markup
        for action in opened:  # only the row of buttons changes
            await press(tg, app, OWNER, OWNER, button(with_menu, action, s2), shed_view.message_id)
            with_menu = tg.messages[(OWNER, shed_view.message_id)].get("reply_markup")
        assert statuses(db, shed) == ["pending"] * 3
        ack = await ask(tg, OWNER, "✓ 3")
        assert ack.plain.startswith("Paint the shed:"), ack.plain
        assert statuses(db, shed) == ["pending", "pending", "done"]
        assert statuses(db, fence) == ["pending"] * 3
    assert tg.errors == []


# -- after "Log attempt": a command, a question or a mark line is itself ------------------

GROUP = -100777
AT = "@drbot_test_bot "


@pytest.mark.parametrize(
    "chat, text, expected",
    [
        (OWNER, "what's next?", "next is"),
        (OWNER, "whats next", "next is"),
        (OWNER, "where am I with the fence", "Fix the fence"),
        (OWNER, "plans", "Fix the fence"),
        (OWNER, "✓ 2", "Fix the fence:\n✓ 2. Hire contractor"),
        (OWNER, "✓ 2.5", "“2.5” is not a step number"),
        (GROUP, AT + "/plans", "Fix the fence"),
        (GROUP, AT + "✓ 2", "Fix the fence:\n✓ 2. Hire contractor"),
        (GROUP, AT + "what's next?", "next is"),
    ],
)
async def test_after_log_attempt_a_command_question_or_mark_line_is_not_the_note(
    tg, tmp_path, chat, text, expected
):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, chat, (AT if chat == GROUP else "") + STORY_PLAN, user=OWNER)
        view = await ask(tg, chat, "/plan 1", user=OWNER)
        s1 = steps(db, plan_id_of(db, "Fix the fence"))[0][0]
        tg.push_callback(chat, OWNER, button(view, "attempt", s1), view.message_id)
        await tg.wait_for(lambda: tg.texts(chat)[-1].endswith("/cancel."))
        await settle(app, tg)

        reply = await ask(tg, chat, text, user=OWNER)
        assert expected in reply.plain, reply.plain
        assert not reply.plain.startswith("Logged on step")
        assert outcomes(db, s1) == []
        # the wait is over: the next words are a message, not the note
        assert (await ask(tg, chat, "/cancel", user=OWNER)).plain == "Nothing to cancel."
        await settle(app, tg)
    assert outcomes(db, s1) == []
    assert tg.errors == []
