"""Finished plans finish: Complete / Keep open when the last open step is closed
(mark line, button, built-in rules, the model's update_plan_step), and
``/plans all`` with Reopen.  Over the fake Bot API and through ``drbot chat``; the database is
checked behind every answer."""

from __future__ import annotations

import sqlite3

from drbot.ai.tools.finishing import TOOL_NOTE
from tests.bot_harness import FRIEND, OWNER, bot_running, bot_settings, claude_defaults
from tests.test_bot_e2e import (
    STORY_PLAN,
    ScriptedModel,
    answers,
    ask,
    button,
    buttons_of,
    eventually,
    rows,
    settle,
    steps,
)
from tests.test_chat_cli import chat, env  # noqa: F401  (the fixture)


def labelled(message) -> list[tuple[str, str]]:
    return [(b["text"], b["callback_data"]) for row in buttons_of(message) for b in row]


def plan_status(db, plan_id: int) -> str:
    return rows(db, "SELECT status FROM plans WHERE id = ?", plan_id)[0][0]


def open_question(db, chat: int = OWNER) -> str | None:
    return rows(db, "SELECT question FROM chat_state WHERE chat_id = ?", chat)[0][0]


async def fence(tg, db) -> tuple[int, list[int]]:
    await ask(tg, OWNER, STORY_PLAN)
    [(plan_id,)] = rows(db, "SELECT id FROM plans WHERE user_id = ?", OWNER)
    return plan_id, [sid for sid, *_ in steps(db, plan_id)]


def complete_or_keep(message) -> tuple[str, str]:
    """The two buttons of the Complete / Keep open question (no "Neither")."""
    found = labelled(message)
    assert [label for label, _ in found] == ["Complete", "Keep open"], found
    return found[0][1], found[1][1]


# -- 1. Complete / Keep open ------------------------------------------------------


async def test_mark_line_closing_the_last_step_offers_complete(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        plan_id, _ = await fence(tg, db)
        first = await ask(tg, OWNER, "✓ 1\n✓ 2")
        assert "Mark the plan complete?" not in first.plain and open_question(db) is None

        last = await ask(tg, OWNER, "⤼ 3")
        assert "Every step of “Fix the fence” is finished. Mark the plan complete?" in last.plain
        assert "⤼ 3. Supervise work" in last.plain and "Fix the fence — active" in last.plain
        complete, _keep = complete_or_keep(last)
        assert plan_status(db, plan_id) == "active"  # asking changes nothing

        tg.push_callback(OWNER, OWNER, complete, last.message_id)
        await settle(app, tg)
        assert plan_status(db, plan_id) == "complete"
        shown = tg.messages[(OWNER, last.message_id)]
        assert (
            "→ Complete" in shown["text"]
            and 'Plan "Fix the fence" is now complete.' in (shown["text"])
        )
        assert open_question(db) is None
        assert rows(
            db,
            "SELECT cause FROM plan_revisions WHERE plan_id = ? ORDER BY revision DESC LIMIT 1",
            plan_id,
        ) == [("plan marked complete",)]
    assert tg.errors == []


async def test_done_button_on_the_last_step_asks_and_keep_open_changes_nothing(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        plan_id, (s1, s2, s3) = await fence(tg, db)
        await ask(tg, OWNER, "✓ 1\n✓ 2")
        view = await ask(tg, OWNER, "/plan 1")
        before = len(tg.sent_messages(OWNER))
        tg.push_callback(OWNER, OWNER, button(view, "done", s3), view.message_id)
        [question] = (await tg.wait_for_messages(OWNER, before + 1))[before:]
        await settle(app, tg)
        assert answers(tg)[-1] == "Step 3 marked done."
        assert (
            question.plain == "Every step of “Fix the fence” is finished. Mark the plan complete?"
        )
        _complete, keep = complete_or_keep(question)
        assert [s[3] for s in steps(db, plan_id)] == ["done"] * 3
        revisions = rows(db, "SELECT count(*) FROM plan_revisions")

        tg.push_callback(OWNER, OWNER, keep, question.message_id)
        await settle(app, tg)
        assert plan_status(db, plan_id) == "active"
        assert rows(db, "SELECT count(*) FROM plan_revisions") == revisions  # nothing written
        assert (
            "OK — “Fix the fence” stays open." in tg.messages[(OWNER, question.message_id)]["text"]
        )
        # a second press finds the question answered: nothing runs
        tg.push_callback(OWNER, OWNER, keep, question.message_id)
        await settle(app, tg)
        assert plan_status(db, plan_id) == "active" and open_question(db) is None
    assert tg.errors == []


async def test_a_step_closed_that_is_not_the_last_asks_nothing(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        plan_id, (s1, *_rest) = await fence(tg, db)
        view = await ask(tg, OWNER, "/plan 1")
        before = len(tg.sent_messages(OWNER))
        tg.push_callback(OWNER, OWNER, button(view, "done", s1), view.message_id)
        await eventually(lambda: answers(tg))
        await settle(app, tg)
        assert len(tg.sent_messages(OWNER)) == before  # no question
        reply = await ask(tg, OWNER, "skip step 2")
        assert "Mark the plan complete?" not in reply.plain and open_question(db) is None
        assert plan_status(db, plan_id) == "active"
    assert tg.errors == []


async def test_the_models_update_plan_step_gets_the_question_attached(tg, model, tmp_path):
    db = tmp_path / "bot.db"
    script = ScriptedModel()
    model.responder = script
    async with bot_running(claude_defaults(bot_settings(tg, db, fake_model=model))) as app:
        script.expect(
            STORY_PLAN,
            [
                (
                    "create_plan",
                    {"title": "Fix the fence", "steps": ["Get quotes", "Hire contractor"]},
                )
            ],
        )
        await ask(tg, OWNER, STORY_PLAN)
        [(plan_id,)] = rows(db, "SELECT id FROM plans")
        s1, s2 = [sid for sid, *_ in steps(db, plan_id)]
        script.expect(
            "got the quotes and hired Jim",
            [
                ("update_plan_step", {"step_id": s1, "status": "done"}),
                ("update_plan_step", {"step_id": s2, "status": "done"}),
            ],
            answer="Both done — nice work.",
        )
        reply = await ask(tg, OWNER, "got the quotes and hired Jim")
        await settle(app, tg)
        assert not script.problems, script.problems
        # the model was told drbot asks; the person is asked, with buttons
        assert TOOL_NOTE not in script.results[-2] and TOOL_NOTE in script.results[-1]
        assert reply.plain.startswith("Both done — nice work.")
        assert reply.plain.endswith("Mark the plan complete?")
        complete, _keep = complete_or_keep(reply)
        assert plan_status(db, plan_id) == "active"
        calls = len(model.requests)
        tg.push_callback(OWNER, OWNER, complete, reply.message_id)
        await settle(app, tg)
        assert plan_status(db, plan_id) == "complete"
        assert len(model.requests) == calls  # a press never calls the model
    assert tg.errors == []


def test_rules_and_marks_in_drbot_chat_ask_and_a_number_answers(env, tmp_path):  # noqa: F811
    db_path = tmp_path / "data" / "drbot" / "drbot.db"
    out = chat(
        "renew passport: get photos, fill in the form\n✓ 1\n"
        "skip the form\n1\n"
        "paint the shed: buy paint, paint\n✓ 1\n✓ 2\nKeep open",
        env,
        tmp_path,
    )
    assert out.count("Mark the plan complete?\n1. Complete\n2. Keep open") == 2
    assert 'Plan "Renew passport" is now complete.' in out
    assert "OK — “Paint the shed” stays open." in out
    assert TOOL_NOTE not in out and "update_plan_status" not in out
    with sqlite3.connect(db_path) as db:
        assert db.execute("SELECT title, status FROM plans ORDER BY id").fetchall() == [
            ("Renew passport", "complete"),
            ("Paint the shed", "active"),
        ]


# -- 2. /plans all, Reopen -------------------------------------------------------------


async def test_plans_all_lists_finished_plans_with_reopen(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        fence_id, _ = await fence(tg, db)
        await ask(tg, OWNER, "renew passport: get photos, fill in the form")
        await ask(tg, OWNER, "paint the shed: buy paint, paint")
        await ask(tg, OWNER, "mark the fence plan complete")
        await ask(tg, OWNER, "abandon the shed plan")
        [(passport,)] = rows(db, "SELECT id FROM plans WHERE title = 'Renew passport'")
        [(shed,)] = rows(db, "SELECT id FROM plans WHERE title = 'Paint the shed'")

        active = await ask(tg, OWNER, "/plans")
        assert "Renew passport" in active.plain and "Fix the fence" not in active.plain

        listed = await ask(tg, OWNER, "/plans all")
        text = listed.plain
        assert text.startswith("📋 All plans (3):")
        # active first (as /plans numbers them), then the most recently closed
        assert (
            text.index("1. Renew passport")
            < text.index("2. Paint the shed — abandoned")
            < (text.index("3. Fix the fence — complete"))
        )
        assert labelled(listed) == [
            ("↺ Reopen 2", f"reopen:{shed}"),
            ("↺ Reopen 3", f"reopen:{fence_id}"),
        ]

        # another person's press on the owner's button changes nothing
        friend_msg = await ask(tg, FRIEND, "/plans all")
        tg.push_callback(FRIEND, FRIEND, f"reopen:{fence_id}", friend_msg.message_id)
        await eventually(lambda: answers(tg))
        assert "not yours" in answers(tg)[-1] and plan_status(db, fence_id) == "complete"

        before = len(tg.sent_messages(OWNER))
        tg.push_callback(OWNER, OWNER, f"reopen:{fence_id}", listed.message_id)
        [view] = (await tg.wait_for_messages(OWNER, before + 1))[before:]
        await settle(app, tg)
        assert plan_status(db, fence_id) == "active"
        assert answers(tg)[-1] == "Reopened “Fix the fence”."
        assert view.plain.startswith("↺ Reopened (it was complete).")
        assert "Fix the fence — active" in view.plain
        relisted = tg.messages[(OWNER, listed.message_id)]
        assert "1. Fix the fence [" in relisted["text"]  # active again, renumbered
        assert "2. Renew passport [" in relisted["text"]
        assert [
            b["callback_data"] for row in buttons_of(relisted.get("reply_markup")) for b in row
        ] == [f"reopen:{shed}"]
        assert rows(db, "SELECT current_plan_id FROM chat_state WHERE chat_id = ?", OWNER) == [
            (fence_id,)
        ]
        assert plan_status(db, passport) == "active" and plan_status(db, shed) == "abandoned"
    assert tg.errors == []


def test_plans_all_and_reopen_plan_n_in_drbot_chat(env, tmp_path):  # noqa: F811
    db_path = tmp_path / "data" / "drbot" / "drbot.db"
    chat(
        "renew passport: get photos, fill in the form\npaint the shed: buy paint, paint\n"
        "abandon the passport plan",
        env,
        tmp_path,
    )
    out = chat("/plans all", env, tmp_path)
    assert out.splitlines()[:3] == ["All plans (2):", out.splitlines()[1], out.splitlines()[2]]
    assert out.splitlines()[1].startswith('1. "Paint the shed" (active)')
    assert out.splitlines()[2].startswith('2. "Renew passport" (abandoned)')
    assert "To reopen a finished plan, say “reopen plan N”." in out
    out = chat("reopen plan 2\nreopen plan 9", env, tmp_path)
    assert 'Plan "Renew passport" is now active.' in out
    assert "There is no plan 9 in your list" in out
    with sqlite3.connect(db_path) as db:
        assert db.execute("SELECT title, status FROM plans ORDER BY id").fetchall() == [
            ("Renew passport", "active"),
            ("Paint the shed", "active"),
        ]
