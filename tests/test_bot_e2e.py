"""End to end through the real Application: the fence story, and what happens when things go wrong.

Every test runs the bot as `drbot run` does (``bot_running``: start-up hook, long
polling) against the fake Bot API over real HTTP, with a real SQLite file in
tmp_path and, where a model is needed, the fake Anthropic server.  Replies are
checked as Telegram would show them *and* the database is checked behind them.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import io
import logging
import re
import sqlite3
import time
from collections import deque
from datetime import timedelta
from typing import Any

import pytest

from drbot import commands
from drbot.ai.llm.model_guard import FRESH_START
from drbot.bot.access import REFUSAL
from drbot.logs import RedactSecrets, configure_logging
from drbot.memory import PlanStore
from tests.bot_harness import (
    FRIEND,
    OWNER,
    QUICK_POLLS,
    STRANGER,
    TOKEN,
    bot_running,
    bot_settings,
    claude_defaults,
)
from tests.fakes.anthropic_server import reply_text, reply_tool_use
from tests.fakes.telegram_server import FakeTelegram

API_KEY = "sk-ant-test-key"  # the key bot_settings gives the fake model
SECRET = TOKEN.split(":", 1)[1]  # the part of the token that must never show
STORY_PLAN = "Make a plan to fix the fence — steps: get quotes, hire contractor, supervise work"
STORY_TOOLS = {"create_plan", "get_plan", "list_plans", "update_plan_step", "update_plan_status"}


# -- helpers ------------------------------------------------------------------


def rows(db, sql: str, *args: Any) -> list[tuple]:
    with contextlib.closing(sqlite3.connect(db)) as conn:
        return conn.execute(sql, args).fetchall()


def dump(db) -> dict[str, list]:
    """Every row of every table (sqlite_sequence included): any write shows up here."""
    with contextlib.closing(sqlite3.connect(db)) as conn:
        tables = [
            name
            for (name,) in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        ]
        return {
            t: sorted(conn.execute(f'SELECT * FROM "{t}"').fetchall(), key=repr) for t in tables
        }


def steps(db, plan_id: int) -> list[tuple]:
    return rows(
        db,
        "SELECT id, position, title, status FROM plan_steps "
        "WHERE plan_id = ? AND removed_at IS NULL ORDER BY position",
        plan_id,
    )


def outcomes(db, step_id: int) -> list[str]:
    return [
        o
        for (o,) in rows(
            db, "SELECT outcome FROM plan_step_attempts WHERE step_id = ? ORDER BY id", step_id
        )
    ]


async def eventually(predicate, timeout: float = 5.0, what: str = "condition") -> Any:
    deadline = time.monotonic() + timeout
    while not (result := predicate()):
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what} not met within {timeout}s")
        await asyncio.sleep(0.01)
    return result


async def settle(
    app, tg: FakeTelegram, timeout: float = 10.0, *, housekeeping: bool = True
) -> None:
    """Until every update sent so far was fetched and fully handled (nothing in flight),
    and, with ``housekeeping``, what their handling left to ride a later write
    (``Database.later``: which message is a plan's live view) written."""

    async def handled() -> None:
        while True:
            await tg.wait_for(lambda: not tg.updates_in_flight, timeout)
            # Each update is on PTB's update queue now, and join() returns once every
            # update put there was handled to its end (PTB marks it done after its handlers).
            await app.update_queue.join()
            if not tg.updates_in_flight:
                return

    try:
        await asyncio.wait_for(handled(), timeout)
    except TimeoutError:
        raise TimeoutError("the bot did not settle") from None
    if housekeeping and (svc := app.bot_data.get("services")) is not None:
        await svc.store.db.write_later()


async def ask(
    tg: FakeTelegram, chat: int, text: str, *, user: int | None = None, timeout: float = 5.0
):
    """Send ``text`` and return the bot's (first) answer in that chat."""
    before = len(tg.sent_messages(chat))
    tg.push_message(chat, user or chat, text)
    return (await tg.wait_for_messages(chat, before + 1, timeout))[before]


def last_message_id(tg: FakeTelegram, chat: int) -> int:
    return max(mid for (c, mid) in tg.messages if c == chat)


def buttons_of(message_or_markup) -> list[list[dict]]:
    markup = getattr(message_or_markup, "reply_markup", message_or_markup) or {}
    return markup.get("inline_keyboard", [])


def button(markup, action: str, step_id: int) -> str:
    """The data of the ``action`` button for the step on ``markup`` (made for its status)."""
    found = [
        b["callback_data"]
        for row in buttons_of(markup)
        for b in row
        if re.fullmatch(rf"step:{action}:[a-z]:{step_id}", b.get("callback_data", ""))
    ]
    assert len(found) == 1, (action, step_id, buttons_of(markup))
    return found[0]


def answers(tg: FakeTelegram) -> list[str | None]:
    return [p.get("text") for p in tg.calls_to("answerCallbackQuery")]


def user_text(body: dict) -> str | None:
    """The person's words in the newest message of a request (None in a tool-result round)."""
    content = body["messages"][-1]["content"]
    if any(block.get("type") == "tool_result" for block in content):
        return None
    return next(block["text"] for block in content if block.get("type") == "text")


class ScriptedModel:
    """A FakeAnthropic responder playing the model of the fence story.

    ``expect(text, round, round, ...)``: when the person says ``text`` the model
    makes each round of tool calls in turn (a round is a list of ``(name, input)``),
    then answers with what the tools said — so the chat shows the tool results.
    """

    def __init__(self) -> None:
        self.script: deque = deque()
        self.rounds: list = []
        self.answer: str | None = None
        self.problems: list[str] = []
        self.results: list[str] = []

    def expect(self, text: str, *rounds: list[tuple[str, dict]], answer: str | None = None):
        self.script.append((text, list(rounds), answer))

    def __call__(self, body: dict):
        said = user_text(body)
        if said is not None:
            if not self.script:
                self.problems.append(f"unscripted message {said!r}")
                return reply_text("(unscripted)")
            text, self.rounds, self.answer = self.script.popleft()
            if said != text:
                self.problems.append(f"expected {text!r}, the model was sent {said!r}")
            results = []
        else:
            blocks = [b for b in body["messages"][-1]["content"] if b["type"] == "tool_result"]
            results = [
                b["content"]
                if isinstance(b["content"], str)
                else "".join(c.get("text", "") for c in b["content"])
                for b in blocks
            ]
            self.problems += [
                f"tool error: {r}" for b, r in zip(blocks, results) if b.get("is_error")
            ]
            self.results += results
        if self.rounds:
            return reply_tool_use(self.rounds.pop(0))
        return reply_text(self.answer or "\n".join(results) or "(nothing)")


# -- 1. the fence story, end to end, twice ---------------------------------------


@pytest.mark.parametrize("mode", ["offline", "model", "claude"])
async def test_user_story_table(mode, tg, model, tmp_path, clock):
    """offline: the built-in rules; model: hybrid off by hand; claude: the default
    configuration with the model server taken for Anthropic's API, where every free
    sentence must reach the model (the rules answer none of them)."""
    db = tmp_path / "bot.db"
    script = ScriptedModel()
    model.responder = script
    # The model plays every message ("list my plans" too: no hybrid shortcut).
    settings = bot_settings(tg, db)
    if mode == "model":
        settings = bot_settings(tg, db, fake_model=model, hybrid=False)
    elif mode == "claude":
        settings = claude_defaults(bot_settings(tg, db, fake_model=model))
        assert settings.llm.rules_first is False and settings.llm.confirms_writes is False
    modeled = mode != "offline"

    async def say(text: str, *rounds, offline: str | None = None):
        """The person says ``text`` (offline: ``offline`` if given); returns the plain reply."""
        if modeled:
            script.expect(text, *rounds)
            asked = len(model.requests)
            reply = await ask(tg, OWNER, text)
            assert len(model.requests) == asked + len(rounds) + 1, "one request per round"
        else:
            reply = await ask(tg, OWNER, offline or text)
        assert not script.problems, script.problems
        return reply.plain

    def plan_row(plan_id: int) -> tuple:
        [row] = rows(db, "SELECT user_id, title, status FROM plans WHERE id = ?", plan_id)
        return row

    async with bot_running(settings, clock=clock) as app:
        # "Make a plan to fix the fence — steps: …" → plan created with 3 steps, all pending
        text = await say(
            STORY_PLAN,
            [
                (
                    "create_plan",
                    {
                        "title": "Fix the fence",
                        "steps": ["Get quotes", "Hire contractor", "Supervise work"],
                    },
                )
            ],
        )
        [(fence,)] = rows(db, "SELECT id FROM plans")
        assert plan_row(fence) == (OWNER, "Fix the fence", "active")
        s1, s2, s3 = [sid for sid, *_ in steps(db, fence)]
        assert [s[1:] for s in steps(db, fence)] == [
            (1, "Get quotes", "pending"),
            (2, "Hire contractor", "pending"),
            (3, "Supervise work", "pending"),
        ]
        assert "Fix the fence" in text and "Get quotes" in text

        # "Log an attempt on step 1 — …" → attempt recorded; step moves to in_progress
        clock.advance(hours=2)
        text = await say(
            "Log an attempt on step 1 — left voicemail for Jim's Fencing",
            [
                (
                    "update_plan_step",
                    {"step_id": s1, "attempt_outcome": "left voicemail for Jim's Fencing"},
                )
            ],
        )
        assert outcomes(db, s1) == ["left voicemail for Jim's Fencing"]
        assert steps(db, fence)[0][3] == "in_progress"
        assert "left voicemail for Jim's Fencing" in text

        # "Try again — still no answer" → second attempt appended; still in_progress
        clock.advance(days=1)
        await say(
            "Try again — still no answer",
            [("update_plan_step", {"step_id": s1, "attempt_outcome": "still no answer"})],
        )
        assert outcomes(db, s1) == ["left voicemail for Jim's Fencing", "still no answer"]
        assert steps(db, fence)[0][3] == "in_progress"

        # "Mark step 1 done — booked Jim for Friday" → done; attempt logged
        clock.advance(days=1)
        await say(
            "Mark step 1 done — booked Jim for Friday",
            [
                (
                    "update_plan_step",
                    {"step_id": s1, "status": "done", "attempt_outcome": "booked Jim for Friday"},
                )
            ],
        )
        assert steps(db, fence)[0][3] == "done"
        assert outcomes(db, s1) == [
            "left voicemail for Jim's Fencing",
            "still no answer",
            "booked Jim for Friday",
        ]

        # "What's the status of my fence plan?" → statuses and the whole attempt history
        text = await say("What's the status of my fence plan?", [("get_plan", {"title": "fence"})])
        for expected in (
            "Fix the fence",
            "✓ 1. Get quotes",
            "□ 2. Hire contractor",
            "□ 3. Supervise work",
            "left voicemail for Jim's Fencing",
            "still no answer",
            "booked Jim for Friday",
        ):
            assert expected in text, (expected, text)

        await say(
            "Log an attempt on step 2 — asked Jim for a written quote",
            [
                (
                    "update_plan_step",
                    {"step_id": s2, "attempt_outcome": "asked Jim for a written quote"},
                )
            ],
        )
        assert [s[3] for s in steps(db, fence)] == ["done", "in_progress", "pending"]

        # /plans → the summary list (a command: no model call)
        clock.advance(days=3)
        asked = len(model.requests)
        listed = (await ask(tg, OWNER, "/plans")).plain
        assert listed.startswith("📋 Active plans (1):")
        assert "1. Fix the fence [3 steps — 1 done, 1 in progress, 1 pending]" in listed
        assert "Last activity: 3 days ago" in listed
        assert len(model.requests) == asked
        # … and the same in plain words (the list_plans tool)
        text = await say("List my plans", [("list_plans", {})])
        assert '"Fix the fence"' in text
        assert "[3 steps — 1 done, 1 in progress, 1 pending]" in text
        assert "last activity 3 days ago" in text

        # all steps done → mark plan complete → complete; no longer in the active list
        if modeled:
            await say(
                "Steps 2 and 3 are done too — mark the fence plan complete",
                [
                    ("update_plan_step", {"step_id": s2, "status": "done"}),
                    ("update_plan_step", {"step_id": s3, "status": "done"}),
                ],
                [("update_plan_status", {"plan_id": fence, "status": "complete"})],
            )
        else:
            await say("step 2 done")
            await say("step 3 done")
            await say("Mark the fence plan complete")
        assert [s[3] for s in steps(db, fence)] == ["done"] * 3
        assert plan_row(fence)[2] == "complete"
        listed = (await ask(tg, OWNER, "/plans")).plain
        assert "Fix the fence" not in listed and "No active plans" in listed

        # plan abandoned → abandoned; not listed (and not in the briefing: see below)
        await say(
            "Make a plan to switch energy provider — steps: call AGL, compare offers",
            [
                (
                    "create_plan",
                    {"title": "Switch energy provider", "steps": ["Call AGL", "Compare offers"]},
                )
            ],
        )
        [(energy,)] = rows(db, "SELECT id FROM plans WHERE id != ?", fence)
        assert plan_row(energy) == (OWNER, "Switch energy provider", "active")
        text = await say(
            "Forget the energy plan, I'm staying with AGL",
            [("update_plan_status", {"plan_id": energy, "status": "abandoned"})],
            offline="abandon the energy plan",
        )
        assert "abandoned" in text
        assert plan_row(energy)[2] == "abandoned"
        listed = (await ask(tg, OWNER, "/plans")).plain
        assert "Switch energy provider" not in listed and "Fix the fence" not in listed
        await settle(app, tg)

    # behind the replies
    turns = rows(db, "SELECT outcome, model_calls, input_tokens FROM turns ORDER BY id")
    assert len(turns) == (10 if modeled else 12)  # one per message in plain words
    if modeled:
        assert {outcome for outcome, *_ in turns} == {"answered"}
        assert all(calls >= 2 and tokens > 0 for _, calls, tokens in turns)
        for request in model.requests:
            names = {tool["name"] for tool in request.body["tools"]}
            assert names >= STORY_TOOLS
            for tool in request.body["tools"]:  # identity never comes from the model
                assert "user_id" not in tool["input_schema"].get("properties", {})
        assert not script.script and not script.problems
    else:
        assert {outcome for outcome, *_ in turns} == {"offline"}
        assert model.requests == []
    assert tg.errors == []

    # neither the complete nor the abandoned plan is ever stale (what the briefing is built
    # from) — and the abandoned one would be, were it active
    later = clock.now + timedelta(days=30)
    store = await PlanStore.open(db, clock=clock)
    try:
        assert await store.stale_steps(OWNER, days=7, now=later) == []
        await store.update_plan_status(OWNER, energy, "active")
        stale = await store.stale_steps(OWNER, days=7, now=later)
        assert [(s["plan_id"], s["position"]) for s in stale] == [(energy, 1)]
    finally:
        await store.close()


# -- 2. the allowlist ----------------------------------------------------------


async def _owner_plan(db) -> tuple[int, list[int]]:
    """The owner's fence plan, written before the bot starts (no model, no chat)."""
    store = await PlanStore.open(db)
    try:
        plan_id = await store.create_plan(
            OWNER, "Fix the fence", None, ["Get quotes", "Hire contractor", "Supervise work"]
        )
        plan = await store.get_plan(OWNER, plan_id)
    finally:
        await store.close()
    return plan_id, [step["id"] for step in plan["steps"]]


async def test_strangers_reach_neither_the_model_nor_the_database(tg, model, tmp_path):
    db = tmp_path / "bot.db"
    _, (s1, *_) = await _owner_plan(db)
    strangers = [STRANGER, STRANGER + 1, STRANGER + 2, STRANGER + 3]
    texts = [
        STORY_PLAN,
        "/plans",
        "/plan 1",
        "/export 1",
        "✓ 1",
        "/start",
        "/undo",
        "Log an attempt on step 1 — hacked",
        "/timezone Europe/Berlin",
        "hello",
        "/retry",
        "/briefing_time 03:00",
        "/usage",
        "/briefing",
        "abandon the fence plan",
        "/new",
    ]
    datas = [
        f"step:done:{s1}",
        f"step:attempt:{s1}",
        f"step:snooze:{s1}",
        f"step:skip:{s1}",
        f"step:drop:{s1}",
        f"step:replan:{s1}",
        "step:evil:1",
        "garbage",
    ]
    async with bot_running(bot_settings(tg, db, fake_model=model)) as app:
        view = await ask(tg, OWNER, "/plan 1")
        assert buttons_of(view)
        await settle(app, tg)
        before, calls_before = dump(db), len(tg.calls)

        presses = 0
        for i in range(100):
            who = strangers[i % len(strangers)]
            kind = (i // len(strangers)) % 4
            if kind in (0, 1):
                tg.push_message(who, who, texts[i % len(texts)])
            elif kind == 2:  # a forged press on the owner's plan view
                tg.push_callback(OWNER, who, datas[i % len(datas)], view.message_id)
                presses += 1
            else:  # a press in their own chat
                tg.push_callback(who, who, datas[i % len(datas)], last_message_id(tg, who))
                presses += 1
        await settle(app, tg)
        await eventually(lambda: len(tg.calls_to("answerCallbackQuery")) >= presses)
        await settle(app, tg)

    assert model.requests == []
    assert dump(db) == before  # processed_updates and turns included
    for who in strangers:
        sent = tg.sent_messages(who)
        assert len(sent) <= 1 and all("private assistant" in m.plain for m in sent), sent
    assert len(tg.sent_messages(STRANGER)) == 1  # a stranger who writes is told once
    # every press is answered (the spinner stops) with the refusal, nothing else happens
    assert answers(tg) == [REFUSAL] * presses
    later = {method for method, _ in tg.calls[calls_before:]}
    assert later <= {"getUpdates", "sendMessage", "answerCallbackQuery"}, later
    assert tg.sent_messages(OWNER) == [view]
    assert tg.errors == []


async def test_stranger_is_stopped_even_when_the_refusal_cannot_be_sent(tg, model, tmp_path):
    """The refusal is a courtesy; the gate must hold when it fails (blocked bot, Telegram
    down, a press answered too late) — an exception in a handler does not stop PTB from
    running the next handler groups."""
    db = tmp_path / "bot.db"
    _, (s1, *_) = await _owner_plan(db)
    async with bot_running(bot_settings(tg, db, fake_model=model)) as app:
        view = await ask(tg, OWNER, "/plan 1")
        await settle(app, tg)
        before = dump(db)
        tg.fail_next("sendMessage", 403, description="Forbidden: bot was blocked by the user")
        tg.push_message(STRANGER, STRANGER, STORY_PLAN)
        await eventually(lambda: len(tg.calls_to("sendMessage")) >= 2)
        await settle(app, tg)
        # a press whose query Telegram no longer accepts (answerCallbackQuery → 400)
        tg.push_raw_update(
            {
                "update_id": 99_000,
                "callback_query": {
                    "id": "expired",
                    "from": {"id": STRANGER + 1, "is_bot": False, "first_name": "X"},
                    "message": tg.messages[(OWNER, view.message_id)],
                    "chat_instance": "1",
                    "data": f"step:done:{s1}",
                },
            }
        )
        await eventually(lambda: tg.calls_to("answerCallbackQuery"))
        await settle(app, tg)
    assert model.requests == []
    assert dump(db) == before
    assert tg.sent_messages(OWNER) == [view]
    assert all(REFUSAL in m.plain for m in tg.sent_messages(STRANGER))


# -- 3. forged and unknown button data -----------------------------------------


async def test_forged_and_unknown_callbacks_are_refused_and_change_nothing(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, STORY_PLAN)
        [(fence,)] = rows(db, "SELECT id FROM plans")
        s1 = steps(db, fence)[0][0]
        help_message = await ask(tg, FRIEND, "/help")  # a bot message in FRIEND's chat
        await settle(app, tg)

        def without_updates() -> dict:
            tables = dump(db)
            tables.pop("processed_updates")
            return tables

        before, edits = without_updates(), len(tg.calls_to("editMessageText"))
        forged = [
            f"step:{action}:{s1}"
            for action in (
                "done",
                "attempt",
                "snooze",
                "skip",
                "snooze7",
                "drop",
                "replan",
                "snz9",
                "snz3",
                "snzwk",
                "back",
            )
        ] + [f"rem:x:{s1}:1"]
        unknown = [
            "step:evil:1",
            "garbage",
            f"step:done:{s1}:x",
            "step:done:abc",
            "step:done:",
            "step:done:٣",
            "rem:x:٣:1",
            f"plan:done:{s1}",
            "step:done:999999",
        ]
        for data in forged + unknown:
            tg.push_callback(FRIEND, FRIEND, data, help_message.message_id)
        await eventually(lambda: len(tg.calls_to("answerCallbackQuery")) >= len(forged + unknown))
        await settle(app, tg)

        refusals = answers(tg)
        assert len(refusals) == len(forged + unknown)
        for data, text in zip(forged + unknown, refusals):
            assert text and ("not yours" in text or "no longer valid" in text), (data, text)
        assert all(p.get("show_alert") for p in tg.calls_to("answerCallbackQuery"))
        assert without_updates() == before
        assert [s[3] for s in steps(db, fence)] == ["pending"] * 3
        assert len(tg.calls_to("editMessageText")) == edits
        assert tg.sent_messages(FRIEND) == [help_message]  # no "what happened?" question

        # the forged "Log attempt" left no trap: FRIEND's next words are not an attempt
        await ask(tg, FRIEND, "still no answer")
        assert outcomes(db, s1) == []
        assert rows(db, "SELECT count(*) FROM plans WHERE user_id = ?", FRIEND) == [(0,)]
    assert tg.errors == []


# -- 4. buttons ------------------------------------------------------------------


async def test_plan_buttons_done_snooze_and_log_attempt(tg, tmp_path, clock):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db), clock=clock) as app:
        await ask(tg, OWNER, STORY_PLAN)
        [(fence,)] = rows(db, "SELECT id FROM plans")
        s1, s2, s3 = [sid for sid, *_ in steps(db, fence)]

        view = await ask(tg, OWNER, "/plan 1")
        assert "□ 1. Get quotes" in view.plain
        keyboard = buttons_of(view)
        assert len(keyboard) == 3  # one row per open step
        for row, sid in zip(keyboard, (s1, s2, s3)):
            assert [b["callback_data"] for b in row] == [
                f"step:{a}:p:{sid}" for a in ("done", "attempt", "snooze", "skip")
            ]

        # Done: the step is done, the press answered, the message shows the new state
        tg.push_callback(OWNER, OWNER, button(view, "done", s1), view.message_id)
        edit = (await eventually(lambda: tg.calls_to("editMessageText")))[0]
        assert answers(tg) == ["Step 1 marked done."]
        assert edit["chat_id"] == OWNER and edit["message_id"] == view.message_id
        assert "✓ 1. Get quotes" in edit["text"] and "□ 2. Hire contractor" in edit["text"]
        assert steps(db, fence)[0][3] == "done"
        shown = tg.messages[(OWNER, view.message_id)]
        assert "✓ 1. Get quotes" in shown["text"]
        assert len(buttons_of(shown.get("reply_markup"))) == 2  # step 1 has no buttons now

        # Snooze → In 3 days: wait_until three (local) days ahead; the view says so
        markup_edits = len(tg.calls_to("editMessageReplyMarkup"))
        tg.push_callback(
            OWNER, OWNER, button(shown.get("reply_markup"), "snooze", s2), view.message_id
        )
        await eventually(lambda: len(tg.calls_to("editMessageReplyMarkup")) > markup_edits)
        shown = tg.messages[(OWNER, view.message_id)]
        tg.push_callback(
            OWNER, OWNER, button(shown.get("reply_markup"), "snz3", s2), view.message_id
        )
        await eventually(lambda: len(tg.calls_to("editMessageText")) == 2)
        assert answers(tg)[-1] == "Step 2 snoozed for 3 days."
        [(wait_until, status)] = rows(
            db, "SELECT wait_until, status FROM plan_steps WHERE id = ?", s2
        )
        assert wait_until.startswith("2026-03-05") and status == "pending"
        shown = tg.messages[(OWNER, view.message_id)]
        assert "2. Hire contractor (waiting until Thu 5 Mar" in shown["text"]

        # Log attempt: asks; the next words are the outcome (not a message for the interpreter)
        turns = rows(db, "SELECT count(*) FROM turns")
        before = len(tg.sent_messages(OWNER))
        tg.push_callback(
            OWNER, OWNER, button(shown.get("reply_markup"), "attempt", s3), view.message_id
        )
        [question] = (await tg.wait_for_messages(OWNER, before + 1))[before:]
        await eventually(lambda: len(answers(tg)) == 4)
        assert answers(tg)[-1] == "Tell me what happened."
        assert "What happened with step 3 (Supervise work)?" in question.plain
        assert question.reply_markup.get("force_reply") is True
        logged = await ask(tg, OWNER, "make a plan: the council wants a permit first")
        assert logged.plain.startswith(
            "Logged on step 3: make a plan: the council wants a permit first"
        )
        assert outcomes(db, s3) == ["make a plan: the council wants a permit first"]
        assert [s[3] for s in steps(db, fence)] == ["done", "pending", "in_progress"]
        assert rows(db, "SELECT count(*) FROM plans") == [(1,)]
        assert rows(db, "SELECT count(*) FROM turns") == turns

        # … only the next words: after that, messages are messages again
        listed = await ask(tg, OWNER, "List my plans")
        assert '"Fix the fence"' in listed.plain and outcomes(db, s3) == [
            "make a plan: the council wants a permit first"
        ]
        await settle(app, tg)
    assert tg.errors == []


# -- 5. Telegram failures -------------------------------------------------------


async def test_429_on_send_waits_retry_after_and_delivers_once(tg, tmp_path):
    async with bot_running(bot_settings(tg, tmp_path / "bot.db")) as app:
        tg.fail_next("sendMessage", 429, retry_after=1)
        started = time.monotonic()
        tg.push_message(OWNER, OWNER, "/help")
        [reply] = await tg.wait_for_messages(OWNER, 1, timeout=6)
        assert time.monotonic() - started >= 1.0  # waited retry_after
        assert "I remember plans" in reply.plain
        await settle(app, tg)
        assert len(tg.sent_messages(OWNER)) == 1  # exactly once
        assert len(tg.calls_to("sendMessage")) == 2  # the refused try and the one that went


async def test_5xx_on_get_updates_polling_recovers(tg, tmp_path):
    async with bot_running(bot_settings(tg, tmp_path / "bot.db", telegram=QUICK_POLLS)) as app:
        polls = len(tg.calls_to("getUpdates"))  # the one in flight is already counted
        tg.fail_next("getUpdates", 502, times=2)
        # both failing polls happen (and back off) before the message is queued
        await eventually(lambda: len(tg.calls_to("getUpdates")) >= polls + 2, timeout=8)
        reply = await ask(tg, OWNER, STORY_PLAN, timeout=8)
        assert "Fix the fence" in reply.plain
        assert app.updater.running
        assert rows(tmp_path / "bot.db", "SELECT title FROM plans") == [("Fix the fence",)]


# -- 6. long text, odd characters, rejected formatting ----------------------------


def _long_answer() -> str:
    lines, n = [], 0
    while sum(map(len, lines)) + len(lines) < 4000:
        lines.append(f"Line {n}: call Jim & ask about <the fence> — quote #{n} " + "x" * (n % 50))
        n += 1
    lines.append(" ".join(f"word{i}&<{i}>" for i in range(420)))  # one line over 4096
    while sum(map(len, lines)) + len(lines) < 10_000:
        lines.append(f"Step {n}: compare <b>offers</b> & prices" + " y" * (n % 40))
        n += 1
    return "\n".join(lines)[:10_000].rstrip()


async def test_long_model_answer_arrives_whole_in_several_messages(tg, model, tmp_path):
    answer = _long_answer()
    assert len(answer) >= 9_990 and max(map(len, answer.split("\n"))) > 4096
    model.push_text(answer)
    async with bot_running(bot_settings(tg, tmp_path / "bot.db", fake_model=model)) as app:
        tg.push_message(OWNER, OWNER, "Tell me everything")
        await tg.wait_for_messages(OWNER, 1)
        await settle(app, tg)
    pieces = tg.sent_messages(OWNER)
    assert len(pieces) >= 3
    assert all(p.plain and len(p.plain) <= 4096 for p in pieces)
    assert len(tg.calls_to("sendMessage")) == len(pieces)  # none was refused
    joined = "\n".join(p.plain for p in pieces)
    assert joined.split() == answer.split()  # whole, modulo the cut points
    assert re.sub(r"\s+", "", joined) == re.sub(r"\s+", "", answer)
    assert "\n".join(p.plain for p in pieces[:1]) == answer[: len(pieces[0].plain)]


async def test_unbroken_long_line_with_markup_characters_is_not_corrupted(tg, model, tmp_path):
    """A 6,000-character line with no space (a URL, a hash…) full of & and < must be cut
    without breaking an HTML entity in two."""
    answer = "a&b<cd>" * 860  # 17 characters once escaped: cuts fall anywhere
    model.push_text(answer)
    async with bot_running(bot_settings(tg, tmp_path / "bot.db", fake_model=model)) as app:
        tg.push_message(OWNER, OWNER, "the raw data please")
        await tg.wait_for_messages(OWNER, 1)
        await settle(app, tg)
    pieces = tg.sent_messages(OWNER)
    assert all(len(p.plain) <= 4096 for p in pieces)
    assert "".join(p.plain for p in pieces) == answer


async def test_model_text_with_markup_arrives_exactly_as_written(tg, model, tmp_path):
    weird = "<b>unclosed & <weird> &amp; </i> 5 < 6"
    model.push_text(weird)
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db, fake_model=model)):
        reply = await ask(tg, OWNER, "say something odd")
    assert reply.plain == weird
    assert reply.parse_mode == "HTML" and reply.text == html.escape(weird, quote=False)
    assert len(tg.calls_to("sendMessage")) == 1

    # and a title typed by a person: shown literally in the interpreter's answer and /plans
    tg2_db = tmp_path / "offline.db"
    async with bot_running(bot_settings(tg, tg2_db)):
        created = await ask(tg, FRIEND, "Make a plan to fix the <fence> & gate — steps: a, b")
        listed = await ask(tg, FRIEND, "/plans")
    assert "Fix the <fence> & gate" in created.plain
    assert "1. Fix the <fence> & gate [2 steps — 0 done, 0 in progress, 2 pending]" in listed.plain
    assert rows(tg2_db, "SELECT title FROM plans") == [("Fix the <fence> & gate",)]


async def test_rejected_formatting_is_resent_as_plain_text(tg, model, tmp_path):
    text = "Fence & gate: <ok> *fine*"
    model.push_text(text)
    async with bot_running(bot_settings(tg, tmp_path / "bot.db", fake_model=model)) as app:
        tg.fail_next(
            "sendMessage",
            400,
            description="Bad Request: can't parse entities: "
            'Unsupported start tag "ok" at byte offset 14',
        )
        reply = await ask(tg, OWNER, "how is the fence?")
        await settle(app, tg)
    first, second = tg.calls_to("sendMessage")
    assert first["parse_mode"] == "HTML"
    assert "parse_mode" not in second or second["parse_mode"] in (None, "")
    assert second["text"] == text
    assert reply.plain == text and tg.sent_messages(OWNER) == [reply]


# -- 7. a redelivered update -----------------------------------------------------


async def test_redelivered_update_has_no_second_effect(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, STORY_PLAN)
        [(fence,)] = rows(db, "SELECT id FROM plans")
        s1, s2, _ = [sid for sid, *_ in steps(db, fence)]

        text = "Log an attempt on step 1 — left voicemail for Jim's Fencing"
        update_id = tg.push_message(OWNER, OWNER, text)
        message = tg.messages[(OWNER, last_message_id(tg, OWNER))]
        assert message["text"] == text
        await tg.wait_for_messages(OWNER, 2)
        await settle(app, tg)
        turns = rows(db, "SELECT count(*) FROM turns")

        tg.push_raw_update({"update_id": update_id, "message": message})  # again, as after a crash
        await ask(tg, OWNER, "/help")
        await settle(app, tg)
        assert outcomes(db, s1) == ["left voicemail for Jim's Fencing"]
        assert rows(db, "SELECT count(*) FROM turns") == turns
        assert rows(
            db, "SELECT count(*) FROM processed_updates WHERE update_id = ?", update_id
        ) == [(1,)]
        assert len(tg.sent_messages(OWNER)) == 3  # created, logged, help: no second "logged"

        # a button press delivered twice: one change, one revision, one edit
        view = await ask(tg, OWNER, "/plan 1")
        revisions = rows(db, "SELECT count(*) FROM plan_revisions")
        press = tg.push_callback(OWNER, OWNER, f"step:done:{s2}", view.message_id)
        update = {
            "update_id": press,
            "callback_query": {
                "id": "dup",
                "from": {"id": OWNER, "is_bot": False, "first_name": "Tester"},
                "message": tg.messages[(OWNER, view.message_id)],
                "chat_instance": "1",
                "data": f"step:done:{s2}",
            },
        }
        await eventually(lambda: tg.calls_to("editMessageText"))
        await settle(app, tg)
        tg.push_raw_update(update)
        await ask(tg, OWNER, "/help")
        await settle(app, tg)
        assert rows(db, "SELECT count(*) FROM plan_revisions") == [(revisions[0][0] + 1,)]
        assert len(tg.calls_to("editMessageText")) == 1
        assert len(tg.calls_to("answerCallbackQuery")) == 1
    assert tg.errors == []


# -- 8. concurrency across chats, order within one ---------------------------------


async def test_slow_chat_does_not_hold_up_others_and_one_chat_keeps_order(tg, model, tmp_path):
    release = asyncio.Event()
    delays = {"quick 1": 0.3, "quick 2": 0.15, "quick 3": 0.0}

    async def responder(body):
        said = user_text(body)
        if said == "slow question":
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(release.wait(), 2.0)  # at most 2 s
        await asyncio.sleep(delays.get(said, 0))
        return reply_text(f"answer to {said}")

    model.responder = responder
    settings = bot_settings(tg, tmp_path / "bot.db", fake_model=model, request_timeout_s=10)
    async with bot_running(settings) as app:
        tg.push_message(OWNER, OWNER, "slow question")
        await eventually(lambda: model.requests, what="chat A reaching the model")
        b = await ask(tg, FRIEND, "question from B", timeout=1.5)
        assert b.plain == "answer to question from B"
        assert tg.sent_messages(OWNER) == []  # A is still waiting for its model
        release.set()
        [a] = await tg.wait_for_messages(OWNER, 1)
        assert a.plain == "answer to slow question"

        for word in delays:
            tg.push_message(FRIEND, FRIEND, word)
        await tg.wait_for_messages(FRIEND, 4)
        await settle(app, tg)
    assert tg.texts(FRIEND) == [
        "answer to question from B",
        "answer to quick 1",
        "answer to quick 2",
        "answer to quick 3",
    ]
    asked = [user_text(r.body) for r in model.requests]
    assert asked[-3:] == ["quick 1", "quick 2", "quick 3"]


# -- 9. commands ------------------------------------------------------------------

COMMAND_ARGS = {
    "plan": "1",
    "timezone": "Europe/Berlin",
    "briefing_time": "07:30",
    "export": "1",
    "quiet": "22:00-07:00",
    "mute": "1",
    "unmute": "1",
    "review": "20:30",
    "weekly": "sun 18:00",
    "due_reminders": "off",
}


async def test_commands_never_call_the_model_and_are_registered(tg, model, tmp_path):
    db = tmp_path / "bot.db"
    await _owner_plan(db)
    menu = [name for name, _ in commands.menu(commands.TELEGRAM, has_model=True)]
    order = [
        "start",
        "help",
        "plans",
        "plan",
        "undo",
        "timezone",
        "briefing_time",
        "export",
        "usage",
        "briefing",
        "retry",
        "new",
        "cancel",
        "forget",
        "quiet",
        "mute",
        "unmute",
        "reminders",
        "due_reminders",
        "review",
        "weekly",
        "share",
        "unshare",
    ]
    assert set(order) == set(menu)  # every command in the menu is tried below
    replies = {}
    async with bot_running(bot_settings(tg, db, fake_model=model)) as app:
        # registered at start, so Telegram's menu shows them
        [registered] = tg.calls_to("setMyCommands")
        assert [c["command"] for c in registered["commands"]] == menu
        assert all(c["description"] for c in registered["commands"])
        for name in order:
            command = f"/{name} {COMMAND_ARGS.get(name, '')}".strip()
            replies[name] = await ask(tg, OWNER, command)
            await settle(app, tg)
    assert model.requests == []
    assert tg.errors == []
    assert replies["start"].plain.startswith("Hello Tester!")
    assert "/plans" in replies["help"].plain
    assert "1. Fix the fence [3 steps — 0 done, 0 in progress, 3 pending]" in replies["plans"].plain
    assert "□ 1. Get quotes" in replies["plan"].plain and buttons_of(replies["plan"])
    assert replies["timezone"].plain.startswith("Time zone: Europe/Berlin (it's ")
    assert replies["briefing_time"].plain == "Your briefing comes at 07:30 each morning."
    assert rows(
        db, "SELECT timezone, briefing_time FROM user_settings WHERE user_id = ?", OWNER
    ) == [("Europe/Berlin", "07:30")]
    export = replies["export"]
    assert export.method == "sendDocument" and export.filename.endswith(".md")
    markdown = export.content.decode()
    assert markdown.lstrip().startswith("# Fix the fence")
    assert "Get quotes" in markdown and "Supervise work" in markdown
    assert "token" in replies["usage"].plain.lower()
    assert replies["new"].plain == FRESH_START
    assert replies["forget"].plain.startswith("Delete everything I hold about you: 1 plan")
    # in a private chat, sharing points to the group
    assert replies["share"].plain.startswith("Send /share N in the group")
    assert replies["unshare"].plain.startswith("Send /unshare N in the group")
    for name in order:
        assert "went wrong" not in replies[name].plain, (name, replies[name].plain)


async def test_new_starts_a_fresh_conversation_and_keeps_the_plans(tg, model, tmp_path):
    db = tmp_path / "bot.db"
    plan_id, _ = await _owner_plan(db)
    async with bot_running(bot_settings(tg, db, fake_model=model)) as app:
        model.push_tool_use([("get_plan", {"plan_id": plan_id})])
        model.push_text("Here is your fence plan.")
        await ask(tg, OWNER, "show the fence plan")
        fresh = await ask(tg, OWNER, "/new")
        model.push_text("Hello again.")
        again = await ask(tg, OWNER, "hi")
        words = await ask(tg, OWNER, "Forget this conversation")  # the same, in words
        await settle(app, tg)
    assert fresh.plain == words.plain == FRESH_START
    assert again.plain == "Hello again."
    assert len(model.requests) == 3  # neither /new nor the words asked the model
    messages = model.requests[-1].body["messages"]
    assert len(messages) == 1 and user_text(model.requests[-1].body) == "hi"
    assert f'plan #{plan_id} "Fix the fence"' in messages[0]["content"][-1]["text"]
    assert rows(db, "SELECT count(*) FROM plans") == [(1,)]
    assert tg.errors == []


# -- 10. secrets never reach a log line ---------------------------------------------


@pytest.fixture
def restore_logging():
    root = logging.getLogger()
    saved = root.handlers[:], root.level
    names = ("httpx", "httpx2", "httpcore", "telegram.request", "apscheduler.executors.default")
    levels = {name: logging.getLogger(name).level for name in names}
    yield
    root.handlers[:], root.level = saved[0], saved[1]
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)


def _stream_handler() -> tuple[logging.Handler, io.StringIO]:
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    handler.addFilter(RedactSecrets())
    return handler, out


async def test_no_token_or_key_in_logs_during_a_conversation(
    tg, model, tmp_path, caplog, restore_logging
):
    configure_logging(debug=True)
    root, out = logging.getLogger(), io.StringIO()
    [handler] = root.handlers
    handler.setStream(out)  # drbot's own handler, writing where we can read it
    root.addHandler(caplog.handler)  # configure_logging replaced pytest's handler
    caplog.handler.setLevel(logging.DEBUG)

    model.push_text("Hello! Tell me about a plan.")
    model.push_error(500, headers={"x-should-retry": "false"})
    settings = bot_settings(tg, tmp_path / "bot.db", fake_model=model, telegram=QUICK_POLLS)
    async with bot_running(settings) as app:
        await ask(tg, OWNER, "hello")
        failed = await ask(tg, OWNER, "the weather is lovely today")
        await ask(tg, STRANGER, "let me in")
        polls = len(tg.calls_to("getUpdates"))
        tg.fail_next("getUpdates", 502)  # PTB logs the polling error
        await eventually(lambda: len(tg.calls_to("getUpdates")) >= polls + 2, timeout=5)
        await ask(tg, OWNER, "/plans", timeout=8)
        await settle(app, tg)
    assert "Traceback" not in failed.plain and "/retry" in failed.plain

    logged = out.getvalue()
    assert "refused Telegram user 6666" in logged  # the log lines did flow
    assert "model call failed" in logged
    assert SECRET not in logged and API_KEY not in logged
    assert caplog.records
    for record in caplog.records:
        message = record.getMessage()
        assert SECRET not in message and API_KEY not in message, (record.name, message)
    for text in tg.texts():
        assert "Traceback" not in text and SECRET not in text and API_KEY not in text


def test_configure_logging_keeps_httpx_request_lines_out(restore_logging, capsys):
    configure_logging()
    url = f"https://api.telegram.org/bot{TOKEN}/getUpdates"
    for name in ("httpx", "httpcore", "telegram.request"):
        logging.getLogger(name).info('HTTP Request: POST %s "HTTP/1.1 200 OK"', url)
        assert not logging.getLogger(name).isEnabledFor(logging.INFO)
    configure_logging(debug=True)  # not even when debugging drbot
    logging.getLogger("httpx").info('HTTP Request: POST %s "HTTP/1.1 200 OK"', url)
    logging.getLogger("httpx").warning("giving up on %s", url)  # a warning does pass…
    err = capsys.readouterr().err
    assert "HTTP Request" not in err
    assert "giving up on" in err and SECRET not in err  # … with the token masked


@pytest.mark.parametrize("secret", [TOKEN, f"bot{TOKEN}", API_KEY, "sk-ant-api03-AbC_d-12345"])
def test_redact_secrets_masks_any_record(secret, restore_logging):
    handler, out = _stream_handler()
    log = logging.getLogger("drbot.test.redaction")
    log.addHandler(handler)
    log.propagate = False
    try:
        log.warning("plain %s here", secret)
        log.warning(f"inline {secret} here")
        log.warning("in a dict %s", {"url": f"https://api.telegram.org/{secret}/getMe"})
        record = logging.LogRecord("x", logging.INFO, __file__, 1, "got %s", (secret,), None)
        RedactSecrets().filter(record)
        assert secret not in record.getMessage() and "[redacted]" in record.getMessage()
    finally:
        log.removeHandler(handler)
        log.propagate = True
    logged = out.getvalue()
    assert secret not in logged and logged.count("[redacted]") >= 3


def test_redact_secrets_masks_tracebacks_too(restore_logging):
    """An exception's text often carries the URL (and so the token): on_error logs
    exc_info, and the formatter adds the traceback after the filter has run."""
    handler, out = _stream_handler()
    log = logging.getLogger("drbot.test.redaction.exc")
    log.addHandler(handler)
    log.propagate = False
    try:
        try:
            raise RuntimeError(
                f"POST https://api.telegram.org/bot{TOKEN}/sendMessage failed (key {API_KEY})"
            )
        except RuntimeError:
            log.exception("handling an update failed")
    finally:
        log.removeHandler(handler)
        log.propagate = True
    logged = out.getvalue()
    assert "handling an update failed" in logged and "RuntimeError" in logged
    assert SECRET not in logged and API_KEY not in logged
