"""Clarifying questions on Telegram, through the real Application against the
fake Bot API over real HTTP, with a real SQLite file behind it."""

from __future__ import annotations

import pytest

from drbot.ai.tools.clarifying_question import Option, Question
from drbot.ai.tools.question_answers import EXPIRED
from drbot.bot import buttons
from tests.bot_harness import FRIEND, OWNER, bot_running, bot_settings
from tests.test_bot_e2e import (
    STORY_PLAN,
    answers,
    ask,
    buttons_of,
    dump,
    eventually,
    rows,
    settle,
    steps,
)
from tests.test_questions import AskingRules


def done(step_id: int) -> tuple[str, dict]:
    return ("update_plan_step", {"step_id": step_id, "status": "done"})


def which_step(s1: int, s2: int) -> Question:
    return Question(
        "Which step is done?",
        (Option("Step 1: Get quotes", (done(s1),)), Option("Step 2: Hire contractor", (done(s2),))),
    )


def services(app):
    return app.bot_data["services"]


def without_updates(db) -> dict:
    tables = dump(db)
    tables.pop("processed_updates")
    return tables


async def fence_plan(app, tg, db) -> tuple[int, int, int]:  # noqa: F811
    await ask(tg, OWNER, STORY_PLAN)
    [(plan_id,)] = rows(db, "SELECT id FROM plans")
    s1, s2, _ = [sid for sid, *_ in steps(db, plan_id)]
    return plan_id, s1, s2


async def test_question_buttons_and_the_owners_press(tg, tmp_path):  # noqa: F811
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        plan_id, s1, s2 = await fence_plan(app, tg, db)
        assistant = services(app).assistant
        assistant.rules = AskingRules(assistant.registry)
        assistant.rules.question = which_step(s1, s2)

        asked = await ask(tg, OWNER, "which one?")
        [(token,)] = rows(db, "SELECT question_token FROM chat_state WHERE chat_id = ?", OWNER)
        assert asked.plain == "Which step is done?"
        assert [[(b["text"], b["callback_data"]) for b in row] for row in buttons_of(asked)] == [
            [("Step 1: Get quotes", f"ask:{token}:1")],
            [("Step 2: Hire contractor", f"ask:{token}:2")],
            [("✗ Neither", f"ask:{token}:0")],
        ]
        assert buttons.decode_answer(f"ask:{token}:2") == buttons.AnswerPress(token, 2)
        assert [s[3] for s in steps(db, plan_id)] == ["pending"] * 3

        tg.push_callback(OWNER, OWNER, f"ask:{token}:2", asked.message_id)
        [edit] = await eventually(lambda: tg.calls_to("editMessageText"))
        await settle(app, tg)
        assert answers(tg) == ["→ Step 2: Hire contractor"]
        assert (edit["chat_id"], edit["message_id"]) == (OWNER, asked.message_id)
        shown = tg.messages[(OWNER, asked.message_id)]
        assert shown["text"].startswith(
            "Which step is done?\n\n→ Step 2: Hire contractor\n"
            'Updated ✓ step 2 "Hire contractor": status done.'
        )
        # the question's buttons are gone; the change shows its plan (every change shows its result):
        # the changed step and the next open one, with buttons for the open one
        assert all(
            not b["callback_data"].startswith("ask:")
            for row in buttons_of(shown.get("reply_markup"))
            for b in row
        )
        assert "Fix the fence — active · 1/3 done" in shown["text"]
        assert [b["callback_data"] for b in buttons_of(shown.get("reply_markup"))[0]] == [
            f"step:{a}:p:{s1}" for a in ("done", "attempt", "snooze", "skip")
        ]
        assert [s[3] for s in steps(db, plan_id)] == ["pending", "done", "pending"]
        assert rows(db, "SELECT question FROM chat_state") == [(None,)]
        assert rows(db, "SELECT user_text FROM turns ORDER BY id DESC LIMIT 1") == [
            ("Step 2: Hire contractor",)
        ]
    assert tg.errors == []


async def test_presses_that_must_change_nothing(tg, tmp_path):  # noqa: F811
    """Another allowed user's press, a stale token, a second press, forged data."""
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        plan_id, s1, s2 = await fence_plan(app, tg, db)
        conversations = services(app).conversations
        stale = await conversations.set_question(OWNER, OWNER, which_step(s1, s2).to_json())
        token = await conversations.set_question(OWNER, OWNER, which_step(s1, s2).to_json())
        message = (await ask(tg, OWNER, "/help")).message_id  # a bot message to press on
        await settle(app, tg)
        before, edits = without_updates(db), len(tg.calls_to("editMessageText"))

        presses = [
            (FRIEND, f"ask:{token}:2"),
            (FRIEND, f"ask:{token}:0"),
            (OWNER, f"ask:{stale}:2"),
            (OWNER, f"ask:{token}:9"),
            (OWNER, f"ask:{token}:x"),
            (OWNER, "ask::2"),
        ]
        for who, data in presses:
            tg.push_callback(OWNER, who, data, message)
        await eventually(lambda: len(answers(tg)) == len(presses))
        await settle(app, tg)
        assert answers(tg) == [EXPIRED] * 3 + ["That button is no longer valid."] * 3
        assert all(p.get("show_alert") for p in tg.calls_to("answerCallbackQuery"))
        assert without_updates(db) == before  # the question is still open, nothing ran
        assert len(tg.calls_to("editMessageText")) == edits

        # The owner's press, twice: the calls run once, the second press is refused.
        for _ in range(2):
            tg.push_callback(OWNER, OWNER, f"ask:{token}:1", message)
        await eventually(lambda: len(answers(tg)) == len(presses) + 2)
        await settle(app, tg)
        assert answers(tg)[-2:] == [None, EXPIRED]  # /help has no buttons: no label to show
        assert [s[3] for s in steps(db, plan_id)] == ["done", "pending", "pending"]
        assert rows(
            db,
            "SELECT count(*) FROM plan_revisions WHERE plan_id = ? AND cause LIKE '%done%'",
            plan_id,
        ) == [(1,)]
        assert tg.texts(OWNER)[-1].startswith('Updated ✓ step 1 "Get quotes": status done.')
    assert tg.errors == []


async def test_neither_clears_the_question_and_changes_nothing(tg, tmp_path):  # noqa: F811
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        plan_id, s1, s2 = await fence_plan(app, tg, db)
        assistant = services(app).assistant
        assistant.rules = AskingRules(assistant.registry)
        assistant.rules.question = which_step(s1, s2)
        asked = await ask(tg, OWNER, "which one?")
        await settle(app, tg)
        before = without_updates(db)
        [(token,)] = rows(db, "SELECT question_token FROM chat_state")

        tg.push_callback(OWNER, OWNER, f"ask:{token}:0", asked.message_id)
        await eventually(lambda: tg.calls_to("editMessageText"))
        await settle(app, tg)
        shown = tg.messages[(OWNER, asked.message_id)]
        assert shown["text"] == "Which step is done?\n\n→ ✗ Neither\nOK — nothing changed."
        assert "reply_markup" not in shown
        after = without_updates(db)
        assert after.pop("chat_state") != before.pop("chat_state")  # only the question went
        assert after == before
        assert rows(db, "SELECT question, question_token FROM chat_state") == [(None, None)]

        # the buttons are spent: "2" now is just a message
        await ask(tg, OWNER, "2")
        assert [s[3] for s in steps(db, plan_id)] == ["pending"] * 3
    assert tg.errors == []


@pytest.mark.parametrize("typed", ["2", "Step 2: Hire contractor"])
async def test_a_typed_answer_works_on_telegram_too(tg, tmp_path, typed):  # noqa: F811
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        plan_id, s1, s2 = await fence_plan(app, tg, db)
        await services(app).conversations.set_question(OWNER, OWNER, which_step(s1, s2).to_json())
        reply = await ask(tg, OWNER, typed)
        assert reply.plain.startswith('Updated ✓ step 2 "Hire contractor": status done.')
        assert [s[3] for s in steps(db, plan_id)] == ["pending", "done", "pending"]
        await ask(tg, OWNER, typed)
        assert rows(db, "SELECT count(*) FROM plan_revisions WHERE plan_id = ?", plan_id) == [
            (2,)
        ]  # created, step 2 done: the second "2" ran nothing
    assert tg.errors == []


async def test_the_interpreter_itself_asks_and_a_press_answers(tg, tmp_path):  # noqa: F811
    """No stand-in: the built-in rules find two close steps and ask with buttons."""
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(
            tg,
            OWNER,
            "mortgage: send the form to the bank, send the form to the council, sign the offer",
        )
        [(plan_id,)] = rows(db, "SELECT id FROM plans")
        before = without_updates(db)["plan_steps"]
        asked = await ask(tg, OWNER, "form done")
        assert without_updates(db)["plan_steps"] == before  # nothing written yet
        [(token,)] = rows(db, "SELECT question_token FROM chat_state WHERE chat_id = ?", OWNER)
        assert [[b["text"] for b in row] for row in buttons_of(asked)] == [
            ["Send the form to the bank (step 1)"],
            ["Send the form to the council (step 2)"],
            ["✗ Neither"],
        ]
        tg.push_callback(OWNER, OWNER, f"ask:{token}:2", asked.message_id)
        await eventually(lambda: tg.calls_to("editMessageText"))
        await settle(app, tg)
        assert [s[3] for s in steps(db, plan_id)] == ["pending", "done", "pending"]
    assert tg.errors == []


NEWS = "the plumber cant do anything till the permit is approved, typical"


async def test_a_proposal_is_yes_or_no_and_stores_nothing_until_yes(tg, tmp_path):  # noqa: F811
    """News of a step where nothing was done ("the plumber cant do anything till …" for
    "Book the plumber") is proposed in one line with Yes / No; No changes nothing, Yes
    logs it."""
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, "bathroom: book the plumber, choose tiles")
        [(plan_id,)] = rows(db, "SELECT id FROM plans")
        before = without_updates(db)
        for press in (0, 1):  # No, then (asked again) Yes
            asked = await ask(tg, OWNER, NEWS)
            assert asked.plain.startswith("Note this on “Book the plumber”?")
            assert [[b["text"] for b in row] for row in buttons_of(asked)] == [["Yes"], ["✗ No"]]
            assert without_updates(db)["plan_step_attempts"] == before["plan_step_attempts"]
            [(token,)] = rows(db, "SELECT question_token FROM chat_state WHERE chat_id = ?", OWNER)
            calls = len(tg.calls_to("editMessageText"))
            tg.push_callback(OWNER, OWNER, f"ask:{token}:{press}", asked.message_id)
            await eventually(lambda calls=calls: len(tg.calls_to("editMessageText")) > calls)
            await settle(app, tg)
        [(outcome,)] = rows(db, "SELECT outcome FROM plan_step_attempts")
        assert outcome == NEWS
        assert [s[3] for s in steps(db, plan_id)] == ["in_progress", "pending"]
    assert tg.errors == []


GUTTERS = "the gutters guy came round today"  # a visit: done, or only begun (a menu)


async def test_news_of_a_step_gets_a_menu_and_a_press_does_what_it_says(tg, tmp_path):  # noqa: F811
    """News naming one step by its own thing, not how it stands ("gutters are done mate"),
    gets [Done] [Started] [Just note it]: nothing is written before a press; Neither
    changes nothing; "Just note it" logs the message on that step and nothing more."""
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, "roof: get the gutters cleaned, fix the loose tiles, paint the fascia")
        [(plan_id,)] = rows(db, "SELECT id FROM plans")
        before = without_updates(db)
        for press, label in ((0, "Neither"), (3, "Just note it")):
            asked = await ask(tg, OWNER, GUTTERS)
            assert asked.plain.startswith("Is this about “Get the gutters cleaned”?")
            assert [[b["text"] for b in row] for row in buttons_of(asked)] == [
                ["Done"],
                ["Started"],
                ["Just note it"],
                ["✗ Neither"],
            ]
            assert without_updates(db)["plan_steps"] == before["plan_steps"]  # nothing yet
            assert without_updates(db)["plan_step_attempts"] == before["plan_step_attempts"]
            [(token,)] = rows(db, "SELECT question_token FROM chat_state WHERE chat_id = ?", OWNER)
            calls = len(tg.calls_to("editMessageText"))
            tg.push_callback(OWNER, OWNER, f"ask:{token}:{press}", asked.message_id)
            await eventually(lambda calls=calls: len(tg.calls_to("editMessageText")) > calls)
            await settle(app, tg)
            if label == "Neither":
                after = without_updates(db)
                for table in ("plans", "plan_steps", "plan_step_attempts", "plan_revisions"):
                    assert after[table] == before[table], table
        [(outcome,)] = rows(db, "SELECT outcome FROM plan_step_attempts")
        assert outcome == GUTTERS
        # a note logged: the step is under way, nothing else of the plan moved
        assert [s[3] for s in steps(db, plan_id)] == ["in_progress", "pending", "pending"]
    assert tg.errors == []
