"""Telegram handler defects, each over the fake Bot API with the real
Application and a real SQLite file: button presses make their plan current,
typed numbers are positions, a second person in a group, the "Log attempt"
wait, Unicode digits, and messages that are not text."""

from __future__ import annotations

import pytest

from drbot.bot import handlers
from drbot.bot.access import REFUSAL
from tests.bot_harness import FRIEND, OWNER, STRANGER, bot_running, bot_settings
from tests.fakes.anthropic_server import reply_text
from tests.fakes.telegram_server import MEDIA
from tests.test_bot_e2e import (
    STORY_PLAN,
    answers,
    ask,
    button,
    eventually,
    outcomes,
    rows,
    settle,
    steps,
)

SHED_PLAN = "Make a plan to paint the shed — steps: buy paint, sand the walls, paint"
GARAGE_PLAN = "Make a plan to clear the garage — steps: sort boxes, call the dump"
GROUP = -100555  # a Telegram group both allowed people are in
AT = "@drbot_test_bot "  # in groups drbot acts on mentions (group_mode "mention")


def plan_id_of(db, title: str) -> int:
    [(plan_id,)] = rows(db, "SELECT id FROM plans WHERE title = ?", title)
    return plan_id


def statuses(db, plan_id: int) -> list[str]:
    return [s[3] for s in steps(db, plan_id)]


async def press(tg, app, chat: int, user: int, data: str, message_id: int) -> None:
    """Press a button and wait until the bot has answered it and finished."""
    before = len(tg.calls_to("answerCallbackQuery"))
    tg.push_callback(chat, user, data, message_id)
    await eventually(lambda: len(tg.calls_to("answerCallbackQuery")) > before)
    await settle(app, tg)


# -- 1. a button press makes its plan the current plan -------------------------------


async def test_a_button_press_makes_its_plan_current_for_undo_and_marks(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, STORY_PLAN)
        await ask(tg, OWNER, SHED_PLAN)
        fence, shed = plan_id_of(db, "Fix the fence"), plan_id_of(db, "Paint the shed")
        shed_view = await ask(tg, OWNER, "/plan 2")
        assert "Paint the shed" in shed_view.plain
        await ask(tg, OWNER, "/plan 1")  # the fence is current now
        s1, s2, s3 = [sid for sid, *_ in steps(db, shed)]

        # Done on the shed's view: /undo takes back that press, not a fence change
        await press(tg, app, OWNER, OWNER, button(shed_view, "done", s1), shed_view.message_id)
        assert statuses(db, shed) == ["done", "pending", "pending"]
        undo = await ask(tg, OWNER, "/undo")
        assert "Paint the shed" in undo.plain and "Undone" in undo.plain
        assert statuses(db, shed) == ["pending"] * 3
        assert statuses(db, fence) == ["pending"] * 3

        # Snooze (on the view /undo sent: the older one lost its buttons), then a
        # mark line: the mark lands on the shed too
        await ask(tg, OWNER, "/plan 1")
        shown = tg.messages[(OWNER, undo.message_id)]
        await press(
            tg, app, OWNER, OWNER, button(shown.get("reply_markup"), "snooze", s2), undo.message_id
        )
        choices = tg.messages[(OWNER, undo.message_id)]
        await press(
            tg, app, OWNER, OWNER, button(choices.get("reply_markup"), "snz3", s2), undo.message_id
        )
        ack = await ask(tg, OWNER, "✓ 3")
        assert ack.plain.startswith("Paint the shed:")
        assert statuses(db, shed) == ["pending", "pending", "done"]
        assert statuses(db, fence) == ["pending"] * 3

        # Skip from the fence's view after opening the shed: the fence is current
        fence_view = await ask(tg, OWNER, "/plan 1")
        await ask(tg, OWNER, "/plan 2")
        f1 = steps(db, fence)[0][0]
        await press(tg, app, OWNER, OWNER, button(fence_view, "skip", f1), fence_view.message_id)
        await ask(tg, OWNER, "✓ 2")
        assert statuses(db, fence) == ["skipped", "done", "pending"]
        assert statuses(db, shed) == ["pending", "pending", "done"]
    assert tg.errors == []


# -- 2. numbers people type are positions in their own list ------------------------


async def _plans_whose_ids_are_not_positions(app, tg, db) -> tuple[int, int]:
    """FRIEND's plan takes id 1; the owner's first plan is abandoned: the owner's
    active list is shed (position 1) and garage (position 2), ids 3 and 4."""
    await ask(tg, FRIEND, "Make a plan to book a trip — steps: pick dates")
    await ask(tg, OWNER, STORY_PLAN)
    await ask(tg, OWNER, SHED_PLAN)
    await ask(tg, OWNER, GARAGE_PLAN)
    store = app.bot_data["services"].store
    await store.update_plan_status(OWNER, plan_id_of(db, "Fix the fence"), "abandoned")
    shed, garage = plan_id_of(db, "Paint the shed"), plan_id_of(db, "Clear the garage")
    assert (shed, garage) == (3, 4)
    return shed, garage


async def test_typed_numbers_are_positions_on_every_command_and_offline_path(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await _plans_whose_ids_are_not_positions(app, tg, db)

        listed = (await ask(tg, OWNER, "/plans")).plain
        assert "1. Paint the shed" in listed and "2. Clear the garage" in listed
        assert "Fix the fence" not in listed and "#" not in listed

        assert "Clear the garage" in (await ask(tg, OWNER, "/plan 2")).plain
        assert "Paint the shed" in (await ask(tg, OWNER, "/plan 1")).plain
        nothing = await ask(tg, OWNER, "/plan 3")  # a database id, not a position
        assert nothing.plain == "There is no plan 3 in /plans (you have 2 active)."

        export = await ask(tg, OWNER, "/export 2")
        assert export.method == "sendDocument"
        assert export.content.decode().lstrip().startswith("# Clear the garage")
        assert (await ask(tg, OWNER, "/export 4")).plain.startswith("There is no plan 4")

        offline = (await ask(tg, OWNER, "list my plans")).plain
        assert offline.splitlines()[0].startswith('1. "Paint the shed"')
        assert offline.splitlines()[1].startswith('2. "Clear the garage"')
        assert "#" not in offline and "plan_id" not in offline
        shown = (await ask(tg, OWNER, "show plan 2")).plain
        assert "Clear the garage" in shown and "#4" not in shown and "plan_id" not in shown
        created = (await ask(tg, OWNER, "Make a plan to fix the gate — steps: buy hinge")).plain
        assert created.startswith('Created plan "Fix the gate"') and "#" not in created
        await settle(app, tg)
    assert tg.errors == []


async def test_the_models_tool_results_number_plans_as_the_person_sees_them(tg, model, tmp_path):
    db = tmp_path / "bot.db"
    settings = bot_settings(tg, db, fake_model=model)
    async with bot_running(bot_settings(tg, db)) as app:
        await _plans_whose_ids_are_not_positions(app, tg, db)
    async with bot_running(settings) as app:
        model.push_tool_use([("list_plans", {})])
        model.push_tool_use([("get_plan", {"plan_id": 4})])
        model.push_text("You have two plans.")
        await ask(tg, OWNER, "what plans do I have?")
        await settle(app, tg)
    listed, shown = [r.body["messages"][-1]["content"][0]["content"] for r in model.requests[1:3]]
    lines = listed.splitlines()
    assert lines[0].startswith('1. "Paint the shed" [plan_id 3]'), lines
    assert lines[1].startswith('2. "Clear the garage" [plan_id 4]'), lines
    assert "#" not in listed
    assert shown.startswith('Plan "Clear the garage" [plan_id 4]') and "#4" not in shown


# -- 3. a group with two allowed people ------------------------------------------------


async def test_two_people_in_a_group_share_its_plans_each_in_their_own_conversation(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        first = await ask(tg, GROUP, AT + STORY_PLAN, user=OWNER)
        second = await ask(tg, GROUP, AT + SHED_PLAN, user=FRIEND)
        await settle(app, tg)
        assert "Fix the fence" in first.plain
        assert "went wrong" not in second.plain and "Paint the shed" in second.plain
        assert rows(db, "SELECT user_id, title FROM plans ORDER BY id") == [
            (GROUP, "Fix the fence"),
            (GROUP, "Paint the shed"),
        ]  # the group's plans
        # each one's turn is recorded against them, in their own conversation
        assert rows(
            db,
            "SELECT user_id, count(*) FROM turns WHERE chat_id = ? "
            "GROUP BY user_id ORDER BY user_id",
            GROUP,
        ) == [(OWNER, 1), (FRIEND, 1)]

        # each person's marks and /undo act on their own current plan
        await ask(tg, GROUP, "@drbot_test_bot ✓ 1", user=FRIEND)
        await ask(tg, GROUP, "@drbot_test_bot ✓ 2", user=OWNER)
        assert statuses(db, plan_id_of(db, "Paint the shed")) == ["done", "pending", "pending"]
        assert statuses(db, plan_id_of(db, "Fix the fence")) == ["pending", "done", "pending"]
        listed = await ask(tg, GROUP, "/plans", user=FRIEND)
        assert "Paint the shed" in listed.plain and "Fix the fence" in listed.plain
        undo = await ask(tg, GROUP, "/undo", user=FRIEND)
        assert "Paint the shed" in undo.plain
        assert statuses(db, plan_id_of(db, "Paint the shed")) == ["pending"] * 3
        assert statuses(db, plan_id_of(db, "Fix the fence")) == ["pending", "done", "pending"]
    assert tg.errors == []


async def test_a_second_person_in_a_group_is_counted_and_held_to_the_budget(tg, model, tmp_path):
    db = tmp_path / "bot.db"
    seen: list[list] = []

    def responder(body):
        seen.append(body["messages"])
        return reply_text("noted", usage={"input_tokens": 900, "output_tokens": 200})

    model.responder = responder
    settings = bot_settings(tg, db, fake_model=model, daily_token_budget=1000)
    async with bot_running(settings) as app:
        await ask(tg, GROUP, "@drbot_test_bot the owner's secret plans", user=OWNER)
        reply = await ask(tg, GROUP, "@drbot_test_bot hello from the friend", user=FRIEND)
        assert reply.plain == "noted"
        # the friend's conversation starts empty: nothing of the owner's leaks into it
        assert "secret" not in repr(seen[1])
        # … and the friend's tokens are the friend's: the budget stops the next one
        refused = await ask(tg, GROUP, "@drbot_test_bot and another thing", user=FRIEND)
        assert "today's model budget" in refused.plain
        await settle(app, tg)
    assert len(model.requests) == 2
    assert rows(
        db,
        "SELECT user_id, input_tokens + output_tokens FROM turns "
        "WHERE outcome = 'answered' ORDER BY id",
    ) == [(OWNER, 1100), (FRIEND, 1100)]


# -- 4. the "Log attempt" wait -----------------------------------------------------------


async def _attempt_prompt(tg, app, db) -> tuple[int, object]:
    """A plan, its view, and a press on Log attempt for step 1; returns (step, view)."""
    await ask(tg, OWNER, STORY_PLAN)
    view = await ask(tg, OWNER, "/plan 1")
    s1 = steps(db, plan_id_of(db, "Fix the fence"))[0][0]
    before = len(tg.sent_messages(OWNER))
    tg.push_callback(OWNER, OWNER, button(view, "attempt", s1), view.message_id)
    [prompt] = (await tg.wait_for_messages(OWNER, before + 1))[before:]
    assert prompt.plain == ("What happened with step 1 (Get quotes)? Send the note, or /cancel.")
    await settle(app, tg)
    return s1, view


@pytest.mark.parametrize("interruption", ["/plans", "/help", "✓ 2", "press", "/new"])
async def test_anything_else_ends_the_wait_for_an_attempt(tg, tmp_path, interruption):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        s1, view = await _attempt_prompt(tg, app, db)
        if interruption == "press":
            await press(
                tg, app, OWNER, OWNER, button(view, "done", steps(db, 1)[1][0]), view.message_id
            )
        else:
            await ask(tg, OWNER, interruption)
        await settle(app, tg)
        await ask(tg, OWNER, "called jim, no answer")
        assert outcomes(db, s1) == []
        assert (await ask(tg, OWNER, "/cancel")).plain == "Nothing to cancel."
    assert tg.errors == []


async def test_cancel_ends_the_wait_and_the_note_still_works_without_it(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        s1, _ = await _attempt_prompt(tg, app, db)
        cancelled = await ask(tg, OWNER, "/cancel")
        assert cancelled.plain == "Cancelled: no attempt logged on step 1."
        assert (await ask(tg, OWNER, "/cancel")).plain == "Nothing to cancel."
        await ask(tg, OWNER, "the weather is nice")
        assert outcomes(db, s1) == []

        view = await ask(tg, OWNER, "/plan 1")
        tg.push_callback(OWNER, OWNER, button(view, "attempt", s1), view.message_id)
        await tg.wait_for(lambda: tg.texts(OWNER)[-1].endswith("/cancel."))
        logged = await ask(tg, OWNER, "rang jim, voicemail")
        assert logged.plain.startswith("Logged on step 1: rang jim, voicemail")
        assert outcomes(db, s1) == ["rang jim, voicemail"]
    assert tg.errors == []


async def test_in_a_group_the_wait_is_only_for_the_person_who_pressed(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, GROUP, AT + STORY_PLAN, user=OWNER)
        view = await ask(tg, GROUP, "/plan 1", user=OWNER)
        s1 = steps(db, plan_id_of(db, "Fix the fence"))[0][0]
        tg.push_callback(GROUP, OWNER, button(view, "attempt", s1), view.message_id)
        await tg.wait_for(lambda: tg.texts(GROUP)[-1].endswith("/cancel."))
        friend = await ask(tg, GROUP, "@drbot_test_bot list my plans", user=FRIEND)
        assert "Fix the fence" in friend.plain  # the group's plan, not an attempt logged
        logged = await ask(tg, GROUP, "@drbot_test_bot no answer yet", user=OWNER)
        assert logged.plain.startswith("Logged on step 1: no answer yet")
        assert outcomes(db, s1) == ["no answer yet"]
        await settle(app, tg)
    assert tg.errors == []


# -- 7. digits that are not ASCII ----------------------------------------------------------


@pytest.mark.parametrize("digits", ["²", "٣", "1²", "9" * 40])
async def test_commands_with_odd_digits_get_a_clear_reply(tg, tmp_path, digits):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, STORY_PLAN)
        for command in ("plan", "export"):
            reply = await ask(tg, OWNER, f"/{command} {digits}")
            assert reply.plain.startswith("There is no plan "), reply.plain
            assert "went wrong" not in reply.plain and len(reply.plain) < 200
        await settle(app, tg)
    assert tg.errors == []


@pytest.mark.parametrize(
    "data",
    ["step:done:²", "step:snooze:٣", "step:attempt:1²", "step:done:" + "9" * 40, "ask:abc:²"],
)
async def test_button_data_with_odd_digits_is_answered_and_changes_nothing(tg, tmp_path, data):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, STORY_PLAN)
        view = await ask(tg, OWNER, "/plan 1")
        await press(tg, app, OWNER, OWNER, data, view.message_id)
        assert answers(tg) == ["That button is no longer valid."]
        assert statuses(db, 1) == ["pending"] * 3
        assert not any("went wrong" in t for t in tg.texts(OWNER))
    assert tg.errors == []


async def test_a_model_naming_a_step_in_odd_digits_gets_a_plain_error(tg, model, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)):
        await ask(tg, OWNER, STORY_PLAN)
    async with bot_running(bot_settings(tg, db, fake_model=model)) as app:
        model.push_tool_use([("update_plan_step", {"step": "²", "status": "done"})])
        model.push_text("Sorry.")
        await ask(tg, OWNER, "done with the squared step")
        await settle(app, tg)
    result = model.requests[1].body["messages"][-1]["content"][0]
    assert result["is_error"] is True
    assert "invalid literal" not in result["content"] and "nothing was changed" in result["content"]
    assert statuses(db, 1) == ["pending"] * 3


# -- 8. photos, voice, stickers and the rest -------------------------------------------------


async def test_a_captioned_photo_or_document_is_read_as_its_caption(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        tg.push_media(OWNER, OWNER, "photo", caption=STORY_PLAN)
        [created] = await tg.wait_for_messages(OWNER, 1)
        assert "Fix the fence" in created.plain
        tg.push_media(OWNER, OWNER, "document", caption="✓ 1")
        [_, ack] = await tg.wait_for_messages(OWNER, 2)
        assert ack.plain.startswith("Fix the fence:")
        assert statuses(db, 1) == ["done", "pending", "pending"]
        await settle(app, tg)
    assert tg.errors == []


# A shared location sets the time zone (tests/test_onboarding.py): not "other".
@pytest.mark.parametrize("kind", sorted(set(MEDIA) - {"location"}))
async def test_other_messages_get_one_line_saying_what_drbot_takes(tg, tmp_path, kind):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        tg.push_media(OWNER, OWNER, kind)  # photo and document without a caption
        [reply] = await tg.wait_for_messages(OWNER, 1)
        assert reply.plain == handlers.NOT_TEXT
        assert "\n" not in reply.plain
        # the gate still comes first: a stranger's sticker gets the refusal only
        tg.push_media(STRANGER, STRANGER, kind)
        [refusal] = await tg.wait_for_messages(STRANGER, 1)
        assert refusal.plain == REFUSAL
        await settle(app, tg)
        assert len(tg.sent_messages(STRANGER)) == 1
    assert rows(db, "SELECT count(*) FROM plans") == [(0,)]
    assert tg.errors == []


async def test_an_unknown_command_points_to_help(tg, tmp_path):
    async with bot_running(bot_settings(tg, tmp_path / "bot.db")) as app:
        reply = await ask(tg, OWNER, "/nosuchcommand with words")
        assert reply.plain == "I don't know /nosuchcommand. Send /help to see what I can do."
        await settle(app, tg)
        assert len(tg.sent_messages(OWNER)) == 1
    assert tg.errors == []
