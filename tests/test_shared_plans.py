"""Plans shared in a group, over the fake Bot API.

Anna and Ben are both allowed and both in the group; Sam is in the group but
not allowed.  A plan made in the group is the group's: both see it there, mark
it and press its buttons, and a change says who made it.  It never shows in a
private chat or another group, and nothing names it there — not a number, an
id in a forged button, or a title.  A private plan moves in with /share N once
its owner presses Share, and out again with /unshare N.  The group gets its own
morning briefing once someone sets /briefing_time there.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from drbot.bot import outbox
from drbot.bot.access import REFUSAL
from drbot.bot.sharing import NOT_THE_OWNER
from drbot.memory import PlanStore
from drbot.runtime import tick_env
from drbot.scheduler.tick import tick
from tests.bot_harness import FRIEND, OWNER, STRANGER, bot_running, bot_settings
from tests.conftest import FakeClock
from tests.test_bot_e2e import answers, button, eventually, rows, settle

ANNA, BEN, SAM = OWNER, FRIEND, STRANGER
NAMES = {ANNA: "Anna", BEN: "Ben", SAM: "Sam"}
GROUP, OTHER_GROUP = -100500, -100900
AT = "@drbot_test_bot "
WEDDING = "Make a plan to plan the wedding — steps: book the venue, send invites"
TAXES = "Make a plan to do the taxes — steps: find receipts, fill in the form"


async def say(tg, chat: int, user: int, text: str):
    """``user`` (by their first name) writes ``text`` in ``chat``; the bot's first answer."""
    before = len(tg.sent_messages(chat))
    tg.push_message(chat, user, text, first_name=NAMES[user])
    return (await tg.wait_for_messages(chat, before + 1))[before]


async def press(tg, app, chat: int, user: int, data: str, message_id: int) -> str | None:
    """``user`` presses a button; the answer they got (the toast)."""
    before = len(tg.calls_to("answerCallbackQuery"))
    tg.push_callback(chat, user, data, message_id, first_name=NAMES[user])
    await eventually(lambda: len(tg.calls_to("answerCallbackQuery")) > before)
    await settle(app, tg)
    return answers(tg)[-1]


def owners(db) -> dict[str, int]:
    return dict(rows(db, "SELECT title, user_id FROM plans"))


def step_ids(db, title: str) -> list[int]:
    return [
        s
        for (s,) in rows(
            db,
            "SELECT s.id FROM plan_steps s JOIN plans p ON p.id ="
            " s.plan_id WHERE p.title = ? ORDER BY s.position",
            title,
        )
    ]


def statuses(db, title: str) -> list[str]:
    return [
        s
        for (s,) in rows(
            db,
            "SELECT s.status FROM plan_steps s JOIN plans p ON p.id ="
            " s.plan_id WHERE p.title = ? ORDER BY s.position",
            title,
        )
    ]


async def test_a_plan_made_in_the_group_is_every_members_and_says_who_changed_it(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        made = await say(tg, GROUP, ANNA, AT + WEDDING)
        assert "Plan the wedding" in made.plain
        assert owners(db) == {"Plan the wedding": GROUP}  # the group's, not Anna's

        listed = await say(tg, GROUP, BEN, "/plans")
        assert "1. Plan the wedding" in listed.plain
        view = await say(tg, GROUP, BEN, "/plan 1")
        venue, invites = step_ids(db, "Plan the wedding")
        assert (
            await press(tg, app, GROUP, BEN, button(view, "done", venue), view.message_id)
            == "Step 1 marked done."
        )
        assert statuses(db, "Plan the wedding") == ["done", "pending"]
        # everyone in the group sees who did it, above the plan
        redrawn = tg.calls_to("editMessageText")[-1]["text"]
        assert "✓ 1. Book the venue — Ben" in redrawn

        tg.push_callback(
            GROUP, ANNA, button(view, "attempt", invites), view.message_id, first_name="Anna"
        )
        await settle(app, tg)
        logged = await say(tg, GROUP, ANNA, AT + "asked the printer for a quote")
        assert logged.plain.startswith("Logged on step 2: asked the printer for a quote — Anna")
        ack = await say(tg, GROUP, ANNA, AT + "✓ 2")  # her current plan: she made it
        assert "✓ 2. Send invites — Anna" in ack.plain
        assert statuses(db, "Plan the wedding") == ["done", "done"]

        # …and nobody's private chat lists it
        for person in (ANNA, BEN):
            private = await say(tg, person, person, "/plans")
            assert "wedding" not in private.plain.lower()
        await settle(app, tg)
    assert tg.errors == []


async def test_outside_its_group_nothing_reaches_the_groups_plan(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await say(tg, GROUP, ANNA, AT + WEDDING)
        view = await say(tg, GROUP, ANNA, "/plan 1")
        venue, _ = step_ids(db, "Plan the wedding")
        done = button(view, "done", venue)
        await say(tg, BEN, BEN, TAXES)  # Ben's own plan
        await say(tg, OTHER_GROUP, BEN, AT + "Make a plan to move the piano — steps: call movers")
        assert owners(db) == {
            "Plan the wedding": GROUP,
            "Do the taxes": BEN,
            "Move the piano": OTHER_GROUP,
        }

        # Ben, in his private chat and in another group: no number, id or title finds it
        for chat in (BEN, OTHER_GROUP):
            listed = await say(tg, chat, BEN, "/plans" if chat > 0 else "/plans")
            assert "wedding" not in listed.plain.lower()
            no_plan = await say(tg, chat, BEN, "/plan 2")
            assert no_plan.plain.startswith("There is no plan 2")
            asked = await say(
                tg, chat, BEN, ("" if chat > 0 else AT) + "where am I with the wedding"
            )
            assert "venue" not in asked.plain.lower()
            here = max(mid for (c, mid) in tg.messages if c == chat)
            assert (
                await press(tg, app, chat, BEN, done, here)
                == "That step is not yours, or it no longer exists. Nothing changed."
            )
        # a Log attempt on it from elsewhere waits for nothing: the press is refused
        assert statuses(db, "Plan the wedding") == ["pending", "pending"]
        # the group's plan never shows in another group, and Ben's own never in this one
        listed = await say(tg, GROUP, BEN, "/plans")
        assert "taxes" not in listed.plain.lower() and "piano" not in listed.plain.lower()
        await settle(app, tg)
    assert tg.errors == []


async def test_a_group_member_not_on_the_allowlist_changes_nothing(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await say(tg, GROUP, ANNA, AT + WEDDING)
        view = await say(tg, GROUP, ANNA, "/plan 1")
        venue, _ = step_ids(db, "Plan the wedding")
        sent = len(tg.sent_messages(GROUP))
        before = rows(db, "SELECT id, status, updated_at FROM plan_steps ORDER BY id")
        for text in (
            "/plans",
            "/plan 1",
            AT + "✓ 1",
            "/unshare 1",
            "/briefing_time 07:00",
            AT + "drop the wedding plan",
        ):
            tg.push_message(GROUP, SAM, text, first_name="Sam")
        assert (
            await press(tg, app, GROUP, SAM, button(view, "done", venue), view.message_id)
            == REFUSAL
        )
        await settle(app, tg)
        assert len(tg.sent_messages(GROUP)) == sent  # not a word in the group
        assert rows(db, "SELECT id, status, updated_at FROM plan_steps ORDER BY id") == before
        assert owners(db) == {"Plan the wedding": GROUP}
        assert rows(db, "SELECT count(*) FROM user_settings WHERE user_id = ?", GROUP) == [(0,)]
    assert tg.errors == []


async def test_share_asks_its_owner_and_unshare_takes_it_back(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await say(tg, ANNA, ANNA, TAXES)
        hint = await say(tg, ANNA, ANNA, "/share 1")
        assert hint.plain.startswith("Send /share N in the group")
        wrong = await say(tg, GROUP, BEN, "/share 1")  # Ben has no plan of his own
        assert "0 active plans of your own" in wrong.plain and "taxes" not in wrong.plain.lower()

        offer = await say(tg, GROUP, ANNA, "/share 1")
        assert "Do the taxes" in offer.plain and "Only they can confirm" in offer.plain
        share = [
            b["callback_data"]
            for row in offer.reply_markup["inline_keyboard"]
            for b in row
            if b["text"] == "Share with the group"
        ][0]
        assert await press(tg, app, GROUP, BEN, share, offer.message_id) == NOT_THE_OWNER
        assert owners(db) == {"Do the taxes": ANNA}
        assert await press(tg, app, GROUP, ANNA, share, offer.message_id) == "Shared."
        assert owners(db) == {"Do the taxes": GROUP}
        assert "shared with this group — Anna" in tg.calls_to("editMessageText")[-1]["text"]
        # a second press (or the same button forged again) finds nothing of hers to share
        assert await press(tg, app, GROUP, ANNA, share, offer.message_id) == NOT_THE_OWNER

        assert "1. Do the taxes" in (await say(tg, GROUP, BEN, "/plans")).plain
        assert "taxes" not in (await say(tg, ANNA, ANNA, "/plans")).plain.lower()

        taken = await say(tg, GROUP, BEN, "/unshare 1")  # not Ben's to take
        assert "Only the person who shared" in taken.plain and "Nothing changed" in taken.plain
        assert owners(db) == {"Do the taxes": GROUP}
        back = await say(tg, GROUP, ANNA, "/unshare 1")
        assert "no longer shared here" in back.plain and "Anna" in back.plain
        assert owners(db) == {"Do the taxes": ANNA}
        assert "1. Do the taxes" in (await say(tg, ANNA, ANNA, "/plans")).plain
        assert "No active plans" in (await say(tg, GROUP, BEN, "/plans")).plain
        assert (await say(tg, GROUP, BEN, "/unshare 1")).plain.startswith("Use /unshare N")
        await settle(app, tg)
    assert tg.errors == []


# -- the group's own briefing -------------------------------------------------------------

MADE = datetime(2026, 11, 10, 9, 0, tzinfo=UTC)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(MADE)


async def briefings(app, clock, moment: datetime) -> list[tuple[int, str]]:
    """Run the proactive tick at ``moment``; (recipient, kind) of what it sent."""
    clock.set(moment)
    svc = app.bot_data["services"]
    return [
        (r.user_id, r.kind)
        for r in await tick(tick_env(svc), clock(), outbox.sender(app.bot))
        if r.outcome == "sent"
    ]


async def test_the_group_is_briefed_in_the_group_on_its_plans_once_it_asks(tg, tmp_path, clock):
    db = tmp_path / "bot.db"
    store = await PlanStore.open(db, clock=clock)
    try:
        await store.create_plan(GROUP, "Plan the wedding", steps=["Book the venue"])
        await store.create_plan(ANNA, "Do the taxes", steps=["Find receipts"])
    finally:
        await store.close()
    async with bot_running(bot_settings(tg, db), clock=clock, briefings=False) as app:
        await say(tg, ANNA, ANNA, "/briefing_time off")  # only the group's is of interest
        off = await say(tg, GROUP, BEN, "/briefing_time")
        assert off.plain.startswith("This group has no morning briefing")
        assert (GROUP, "briefing") not in await briefings(app, clock, MADE + timedelta(days=9))

        await say(tg, BEN, BEN, "/timezone Europe/Berlin")
        on = await say(tg, GROUP, BEN, "/briefing_time 7:30")
        assert "07:30 (Europe/Berlin)" in on.plain  # the setter's zone
        assert "07:30 (Europe/Berlin)" in (await say(tg, GROUP, ANNA, "/briefing_time")).plain
        assert "08:00 (UTC)" in (await say(tg, GROUP, ANNA, "/briefing_time 8:00")).plain
        on = await say(tg, GROUP, BEN, "/briefing_time 7:30")  # the latest setter's zone
        assert "07:30 (Europe/Berlin)" in on.plain
        ben_before = (await say(tg, BEN, BEN, "/briefing_time")).plain
        assert "08:00" in ben_before  # Ben's own is his own

        morning = datetime(2026, 11, 21, 6, 31, tzinfo=UTC)  # 07:31 in Berlin
        assert await briefings(app, clock, morning - timedelta(minutes=2)) == []
        assert await briefings(app, clock, morning) == [(GROUP, "briefing")]
        [briefing] = [m for m in tg.sent_messages(GROUP) if m.plain.startswith("📋")]
        assert "Plan the wedding" in briefing.plain and "taxes" not in briefing.plain.lower()
        assert await briefings(app, clock, morning + timedelta(hours=1)) == []  # once a day

        # its buttons are the group's: any member's press counts
        [step] = step_ids(db, "Plan the wedding")
        assert (
            await press(tg, app, GROUP, ANNA, button(briefing, "done", step), briefing.message_id)
            == "Step 1 marked done."
        )
        assert statuses(db, "Plan the wedding") == ["done"]
        await settle(app, tg)
    assert tg.errors == []


async def test_the_group_has_its_own_evening_review_and_weekly_digest(tg, tmp_path, clock):
    db = tmp_path / "bot.db"
    store = await PlanStore.open(db, clock=clock)
    try:
        wedding = await store.create_plan(GROUP, "Plan the wedding", steps=["Book the venue"])
        taxes = await store.create_plan(ANNA, "Do the taxes", steps=["Find receipts"])
        for owner, plan in ((GROUP, wedding), (ANNA, taxes)):
            [step] = (await store.get_plan(owner, plan))["steps"]
            await store.update_step_status(owner, step["id"], "done")  # moved today
    finally:
        await store.close()
    async with bot_running(bot_settings(tg, db), clock=clock, briefings=False) as app:
        await say(tg, BEN, BEN, "/timezone Europe/Berlin")
        assert (await say(tg, GROUP, BEN, "/review")).plain.startswith(
            "For this group: No evening review"
        )
        bad = await say(tg, GROUP, BEN, "/review 25:99")
        assert "/review 20:30" in bad.plain  # the usage, and nothing stored
        assert (await say(tg, GROUP, ANNA, "/review")).plain.startswith(
            "For this group: No evening review"
        )
        on = await say(tg, GROUP, BEN, "/review 20:30")
        assert "20:30 (Europe/Berlin)" in on.plain and on.plain.startswith("For this group")
        weekly = await say(tg, GROUP, BEN, "/weekly tue 21:00")
        assert "21:00 (Europe/Berlin)" in weekly.plain
        # each member's own review is their own: none was set
        assert (await say(tg, BEN, BEN, "/review")).plain.startswith("No evening review")

        evening = datetime(2026, 11, 10, 19, 31, tzinfo=UTC)  # 20:31 in Berlin
        assert await briefings(app, clock, evening - timedelta(minutes=2)) == []
        assert await briefings(app, clock, evening) == [(GROUP, "review")]
        [review] = [m for m in tg.sent_messages(GROUP) if m.plain.startswith("🌙")]
        assert "Plan the wedding" in review.plain and "taxes" not in review.plain.lower()
        assert await briefings(app, clock, evening + timedelta(minutes=30)) == [(GROUP, "weekly")]
        [digest] = [m for m in tg.sent_messages(GROUP) if m.plain.startswith("📅")]
        assert "Plan the wedding" in digest.plain and "taxes" not in digest.plain.lower()
        assert not [m for m in tg.sent_messages(ANNA) if m.plain.startswith(("🌙", "📅"))]
        await settle(app, tg)
    assert tg.errors == []


async def test_a_group_plans_due_date_reminds_the_group_unless_it_said_off(tg, tmp_path, clock):
    db = tmp_path / "bot.db"
    store = await PlanStore.open(db, clock=clock)
    try:
        wedding = await store.create_plan(GROUP, "Plan the wedding", steps=["Book the venue"])
        cake = await store.create_plan(GROUP, "Bake sale", steps=["Order the cake"])
        for plan, day in ((wedding, "2026-11-11"), (cake, "2026-11-12")):
            [step] = (await store.get_plan(GROUP, plan))["steps"]
            await store.set_due_date(GROUP, step["id"], day)
    finally:
        await store.close()
    async with bot_running(bot_settings(tg, db), clock=clock, briefings=False) as app:
        eve = datetime(2026, 11, 10, 18, 1, tzinfo=UTC)  # the group's zone: the default, UTC
        assert await briefings(app, clock, eve) == [(GROUP, "due")]
        [reminder] = [m for m in tg.sent_messages(GROUP) if m.plain.startswith("⏰")]
        assert "Book the venue" in reminder.plain and "due tomorrow" in reminder.plain
        # no briefing of the group's own says "due today", so a reminder of its own does
        morning = datetime(2026, 11, 11, 8, 1, tzinfo=UTC)
        assert await briefings(app, clock, morning) == [(GROUP, "due")]
        assert "due today" in tg.sent_messages(GROUP)[-1].plain

        assert "Use /due_reminders on" in (await say(tg, GROUP, ANNA, "/due_reminders soon")).plain
        off = await say(tg, GROUP, ANNA, "/due_reminders off")
        assert off.plain.startswith("For this group: Due reminders off")
        assert (await say(tg, ANNA, ANNA, "/due_reminders")).plain.startswith("Due reminders on")
        assert await briefings(app, clock, eve + timedelta(days=1)) == []  # the cake's eve
        assert not [m for m in tg.sent_messages(ANNA) if m.plain.startswith("⏰")]
        await settle(app, tg)
    assert tg.errors == []


# -- the model's tools -------------------------------------------------------------------


def _results(request) -> list[dict]:
    blocks = [b for b in request.body["messages"][-1]["content"] if b["type"] == "tool_result"]
    return [
        {
            "is_error": bool(b.get("is_error")),
            "text": b["content"]
            if isinstance(b["content"], str)
            else "".join(c.get("text", "") for c in b["content"]),
        }
        for b in blocks
    ]


async def test_the_models_tools_see_the_groups_plans_in_the_group_only(tg, model, tmp_path):
    """The scope comes from the chat the turn happens in: the same tool calls,
    with the group's plan and step ids as arguments, work in the group and
    find nothing in Ben's private chat."""
    db = tmp_path / "bot.db"
    store = await PlanStore.open(db)
    try:
        plan_id = await store.create_plan(GROUP, "Plan the wedding", steps=["Book the venue"])
        [step_id] = [s["id"] for s in (await store.get_plan(GROUP, plan_id))["steps"]]
        await store.create_plan(BEN, "Do the taxes", steps=["Find receipts"])
    finally:
        await store.close()
    calls = [
        ("list_plans", {}),
        ("get_plan", {"plan_id": plan_id}),
        ("update_plan_step", {"step_id": step_id, "status": "done"}),
    ]
    async with bot_running(bot_settings(tg, db, fake_model=model)) as app:
        model.push_tool_use(calls)
        model.push_text("Nothing of that here.")
        await say(tg, BEN, BEN, "mark the venue done")
        private = _results(model.requests[-1])
        assert statuses(db, "Plan the wedding") == ["pending"]

        model.push_tool_use(calls)
        model.push_text("Done.")
        await say(tg, GROUP, BEN, AT + "mark the venue done")
        in_group = _results(model.requests[-1])
        await settle(app, tg)
    assert "Do the taxes" in private[0]["text"] and "wedding" not in private[0]["text"].lower()
    assert [r["is_error"] for r in private[1:]] == [True, True]
    assert "Plan the wedding" in in_group[0]["text"] and "taxes" not in in_group[0]["text"].lower()
    assert [r["is_error"] for r in in_group[1:]] == [False, False]
    assert statuses(db, "Plan the wedding") == ["done"]
    # no tool takes a user id: the schema has no place for one
    for request in model.requests:
        for tool in request.body["tools"]:
            assert not {"user_id", "chat_id", "owner"} & set(
                tool["input_schema"].get("properties", {})
            )


async def test_plan_commands_in_the_group_number_the_groups_plans(tg, tmp_path):
    """/mute, /export, /plans all and /reminders in the group act on the group's
    plans, numbered as the group's /plans; in a private chat on the person's own."""
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await say(tg, ANNA, ANNA, TAXES)  # Anna's plan 1 in private
        await say(tg, GROUP, ANNA, AT + WEDDING)  # the group's plan 1
        await say(tg, GROUP, ANNA, AT + "remind me about the venue friday 10am")

        muted = await say(tg, GROUP, BEN, "/mute 1")
        assert "Plan the wedding" in muted.plain
        wedding = dict(rows(db, "SELECT title, id FROM plans"))["Plan the wedding"]
        assert rows(db, "SELECT user_id, plan_id FROM plan_mutes") == [(GROUP, wedding)]
        assert "taxes" not in (await say(tg, ANNA, ANNA, "/mute")).plain.lower()

        before = len(tg.sent_messages(GROUP))
        tg.push_message(GROUP, BEN, "/export 1", first_name="Ben")
        [export] = (await tg.wait_for_messages(GROUP, before + 1))[before:]
        assert export.method == "sendDocument" and "Book the venue" in export.content.decode()

        assert "Plan the wedding" in (await say(tg, GROUP, BEN, "/plans all")).plain
        listed = await say(tg, GROUP, BEN, "/reminders")
        assert "Book the venue" in listed.plain
        assert "Book the venue" not in (await say(tg, ANNA, ANNA, "/reminders")).plain
        await settle(app, tg)
    assert tg.errors == []
