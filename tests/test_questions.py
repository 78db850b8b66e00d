"""Clarifying questions through the Assistant, on a real SQLite file.

Questions are stored with ``ConversationStore.set_question`` as the assistant
stores them, with options whose calls are real tool calls on plans made through
PlanStore; answering runs them through the real tool registry.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3

import pytest

from drbot import chat_commands
from drbot.ai.assistant import Assistant, Reply
from drbot.ai.rules.interpreter import RulesInterpreter
from drbot.ai.tools.clarifying_question import Option, Question
from drbot.ai.tools.offline_answer import OfflineAnswer
from drbot.ai.tools.question_answers import EXPIRED
from drbot.config import BriefingSettings, LLMSettings, Settings
from drbot.memory import PlanStore
from tests.drbot_process import run_drbot_in_process
from tests.fakes.anthropic_server import FakeAnthropic
from tests.test_chat_cli import env  # noqa: F401  (fixture: a clean environment, no keys)

ALICE, BOB = 7, 8
OFFLINE = Settings(llm=LLMSettings(provider="offline"), briefing=BriefingSettings())


@pytest.fixture
async def assistant(store, clock):
    bot = Assistant.from_settings(OFFLINE, store, clock=clock)
    yield bot
    await bot.close()


async def fence(store, user=ALICE) -> tuple[int, list[int]]:
    plan_id = await store.create_plan(
        user, "Fix the fence", steps=["Get quotes", "Hire contractor", "Supervise"]
    )
    return plan_id, [s["id"] for s in (await store.get_plan(user, plan_id))["steps"]]


def done(step_id: int, **more) -> tuple[str, dict]:
    return ("update_plan_step", {"step_id": step_id, "status": "done", **more})


def which_step(s1: int, s2: int) -> Question:
    return Question(
        "Which step is done?",
        (
            Option("Step 1: Get quotes", (done(s1),)),
            Option("Step 2: Hire contractor", (done(s2),), reply="Nice — one less to chase."),
        ),
    )


async def ask(assistant, question: Question, chat=ALICE, user=ALICE) -> str:
    return await assistant.conversations.set_question(chat, user, question.to_json())


async def statuses(store, plan_id, user=ALICE) -> list[str]:
    return [s["status"] for s in (await store.get_plan(user, plan_id))["steps"]]


def table(path, name) -> list[tuple]:
    with sqlite3.connect(path) as conn:
        return conn.execute(f"SELECT * FROM {name} ORDER BY rowid").fetchall()


# -- a typed answer ---------------------------------------------------------------


@pytest.mark.parametrize(
    "answer",
    [
        "2",
        "2.",
        "#2",
        "option 2",
        "Option 2",
        " 2 ",
        "Step 2: Hire contractor",
        "step 2: hire contractor",
    ],
)
async def test_typing_the_number_or_label_runs_that_option_once(assistant, store, answer):
    plan_id, (s1, s2, _) = await fence(store)
    await ask(assistant, which_step(s1, s2))

    reply = await assistant.handle(ALICE, ALICE, answer)
    assert await statuses(store, plan_id) == ["pending", "done", "pending"]
    assert 'Updated ✓ step 2 "Hire contractor": status done.' in reply.text
    assert "[step_id" not in reply.text  # made readable for a person
    assert reply.text.endswith("Nice — one less to chase.")
    assert reply.plan_id == plan_id and reply.question is None
    [turn] = await assistant.conversations.last_turns(ALICE, ALICE, 1)
    assert (turn["user_text"], turn["outcome"]) == ("Step 2: Hire contractor", "offline")
    assert await assistant.conversations.focus(ALICE, ALICE) == (plan_id, s2)
    revisions = len(await store.plan_history(ALICE, plan_id))

    # Answered: the same words again are just a message, and nothing runs twice.
    again = await assistant.handle(ALICE, ALICE, answer)
    assert "Updated" not in again.text
    assert len(await store.plan_history(ALICE, plan_id)) == revisions
    assert await assistant.conversations.question(ALICE, ALICE) is None


@pytest.mark.parametrize("message", ["list my plans", "3", "0", "2 please", "✓ 3", "step 2", "yes"])
async def test_any_other_message_clears_the_question_and_runs_nothing_of_it(
    assistant, store, message
):
    plan_id, (s1, s2, _) = await fence(store)
    await assistant.conversations.set_current_plan(ALICE, ALICE, plan_id)
    await ask(assistant, which_step(s1, s2))

    await assistant.handle(ALICE, ALICE, message)
    assert await assistant.conversations.question(ALICE, ALICE) is None
    expected = ["pending", "pending", "done" if message == "✓ 3" else "pending"]
    assert await statuses(store, plan_id) == expected  # only what the message itself said
    await assistant.handle(ALICE, ALICE, "2")
    assert await statuses(store, plan_id) == expected


async def test_an_hour_later_a_number_is_just_a_message(assistant, store, clock, db_path):
    plan_id, (s1, s2, _) = await fence(store)
    await ask(assistant, which_step(s1, s2))
    clock.advance(minutes=59)
    assert (await assistant.open_question(ALICE, ALICE))[0] == which_step(s1, s2)
    clock.advance(minutes=1)
    assert await assistant.open_question(ALICE, ALICE) is None
    revisions = table(db_path, "plan_revisions")

    reply = await assistant.handle(ALICE, ALICE, "2")
    assert "Updated" not in reply.text
    assert await statuses(store, plan_id) == ["pending"] * 3
    assert table(db_path, "plan_revisions") == revisions
    assert await assistant.conversations.question(ALICE, ALICE) is None


# -- answer_question ------------------------------------------------------------------


async def test_a_stale_token_or_no_question_has_expired(assistant, store, db_path):
    plan_id, (s1, s2, _) = await fence(store)
    old = await ask(assistant, which_step(s1, s2))
    new = await ask(assistant, which_step(s1, s2))  # asked again: the old buttons are stale
    before = table(db_path, "plan_steps"), table(db_path, "turns")

    stale = await assistant.answer_question(ALICE, ALICE, 1, token=old)
    assert (stale.text, stale.outcome) == (EXPIRED, "expired")
    assert (await assistant.conversations.question(ALICE, ALICE))["token"] == new
    assert (await assistant.answer_question(BOB, BOB, 1)).text == EXPIRED  # no question there
    assert (table(db_path, "plan_steps"), table(db_path, "turns")) == before

    answered = await assistant.answer_question(ALICE, ALICE, 1, token=new)
    assert "Updated ✓ step 1" in answered.text
    assert (await assistant.answer_question(ALICE, ALICE, 2, token=new)).text == EXPIRED
    assert await statuses(store, plan_id) == ["done", "pending", "pending"]


async def test_two_answers_at_once_run_the_option_once(assistant, store):
    plan_id, (s1, s2, _) = await fence(store)
    token = await ask(
        assistant,
        Question(
            "Log it?",
            (
                Option(
                    "Yes", (("update_plan_step", {"step_id": s1, "attempt_outcome": "no answer"}),)
                ),
            ),
        ),
    )
    replies = await asyncio.gather(
        *(assistant.answer_question(ALICE, ALICE, 1, token=token) for _ in range(4))
    )
    assert sorted(r.outcome for r in replies) == ["expired"] * 3 + ["offline"]
    [step] = [s for s in (await store.get_plan(ALICE, plan_id))["steps"] if s["id"] == s1]
    assert [a["outcome"] for a in step["attempts"]] == ["no answer"]


async def test_calls_run_in_order_and_stop_at_the_first_error(assistant, store):
    plan_id, (s1, s2, s3) = await fence(store)
    await ask(
        assistant,
        Question(
            "Close out?",
            (Option("Steps 1 and 3", (done(s1), done(999_999), done(s3)), reply="All done."),),
        ),
    )
    reply = await assistant.handle(ALICE, ALICE, "1")
    assert await statuses(store, plan_id) == ["done", "pending", "pending"]
    assert "Updated ✓ step 1" in reply.text
    assert re.search(r"Then it stopped: .*step", reply.text)
    assert "All done." not in reply.text

    await ask(assistant, Question("Which?", (Option("That one", (done(999_999), done(s3))),)))
    reply = await assistant.handle(ALICE, ALICE, "1")
    assert reply.text.startswith("That did not work:") and "Nothing was changed." in reply.text
    assert await statuses(store, plan_id) == ["done", "pending", "pending"]


async def test_an_option_of_several_changes_to_one_plan_shows_it_once_as_it_ends(assistant, store):
    """Pressing an offer of two changes to one plan says what each did and shows the plan
    once, after both (as the same changes written at once do); changes to two plans show
    each plan."""
    plan_id, (s1, s2, _) = await fence(store)
    await ask(assistant, Question("Both?", (Option("Steps 1 and 2", (done(s1), done(s2))),)))
    reply = await assistant.handle(ALICE, ALICE, "1")
    assert reply.text.count('Plan "Fix the fence"') == 1
    assert "Updated ✓ step 1" in reply.text and "Updated ✓ step 2" in reply.text
    view = reply.text[reply.text.index('Plan "') :]
    assert "✓ 1." in view and "✓ 2." in view  # the plan as it ends up, not after the first

    other = await store.create_plan(ALICE, "Fix the gate", steps=["Buy hinges"])
    t1 = (await store.get_plan(ALICE, other))["steps"][0]["id"]
    s3 = (await store.get_plan(ALICE, plan_id))["steps"][2]["id"]
    await ask(assistant, Question("Both?", (Option("Two plans", (done(s3), done(t1))),)))
    reply = await assistant.handle(ALICE, ALICE, "1")
    assert reply.text.count('Plan "Fix the fence"') == 1
    assert reply.text.count('Plan "Fix the gate"') == 1


async def test_a_stored_question_can_never_act_for_someone_else(assistant, store, db_path):
    """The calls run as the person answering: another user's step is not found."""
    bobs_plan, (b1, _, _) = await fence(store, user=BOB)
    await ask(assistant, Question("Which?", (Option("Bob's step", (done(b1),)),)))
    reply = await assistant.handle(ALICE, ALICE, "1")
    assert reply.text.startswith("That did not work:")
    assert await statuses(store, bobs_plan, user=BOB) == ["pending"] * 3
    # … and Bob cannot answer Alice's chat's question at all.
    plan_id, (s1, s2, _) = await fence(store)
    token = await ask(assistant, which_step(s1, s2))
    assert (await assistant.answer_question(ALICE, BOB, 1, token=token)).text == EXPIRED
    assert await statuses(store, plan_id) == ["pending"] * 3
    assert (await assistant.conversations.question(ALICE, ALICE))["token"] == token


# -- the interpreter asks ---------------------------------------------------------------


class AskingRules(RulesInterpreter):
    """The built-in rules, plus one message they answer with a question (the
    rules that ask are being written elsewhere; this stands in for them)."""

    question: Question

    async def handle(self, text, ctx, *, sure_only=False):
        if text == "which one?":
            return OfflineAnswer(self.question.text, True, question=self.question)
        return await super().handle(text, ctx, sure_only=sure_only)


async def test_the_interpreters_question_is_stored_and_replaces_an_older_one(assistant, store):
    plan_id, (s1, s2, _) = await fence(store)
    older = await ask(assistant, Question("Older?", (Option("Old", (done(s1),)),)))
    assistant.rules = AskingRules(assistant.registry)
    assistant.rules.question = which_step(s1, s2)

    reply = await assistant.handle(ALICE, ALICE, "which one?")
    assert reply.question == which_step(s1, s2)
    stored = await assistant.conversations.question(ALICE, ALICE)
    assert stored["token"] == reply.question_token != older
    assert Question.from_json(stored["question"]) == which_step(s1, s2)
    assert await statuses(store, plan_id) == ["pending"] * 3  # asking writes nothing

    await assistant.handle(ALICE, ALICE, "2")
    assert await statuses(store, plan_id) == ["pending", "done", "pending"]


async def test_a_question_from_the_fallback_rules_is_stored_too(store, clock):
    plan_id, (s1, s2, _) = await fence(store)
    async with FakeAnthropic() as fake:
        settings = Settings(
            llm=LLMSettings(
                provider="anthropic",
                api_key="sk-test",
                base_url=fake.url,
                request_timeout_s=1.0,
                hybrid=False,
            ),
            briefing=BriefingSettings(),
        )
        bot = Assistant.from_settings(settings, store, clock=clock)
        try:
            bot.rules = AskingRules(bot.registry)
            bot.rules.question = which_step(s1, s2)
            for _ in range(3):  # overloaded, retries too: the built-in rules answer
                fake.push_error(529, headers={"retry-after-ms": "5"})
            reply = await bot.handle(ALICE, ALICE, "which one?")
            assert reply.question == which_step(s1, s2) and "model is unavailable" in reply.text
            assert (await bot.conversations.question(ALICE, ALICE))["token"] == reply.question_token
            requests = len(fake.requests)
            await bot.handle(ALICE, ALICE, "1")  # answered without the model
            assert len(fake.requests) == requests
        finally:
            await bot.close()
    assert await statuses(store, plan_id) == ["done", "pending", "pending"]


# -- the terminal ---------------------------------------------------------------------


def test_the_terminal_shows_a_question_with_numbered_options():
    question = Question("Which step?", (Option("Step 1", ()), Option("Step 2", ())))
    assert chat_commands.shown(Reply("Which step?", question=question)) == (
        "Which step?\n1. Step 1\n2. Step 2\n(Answer with a number; anything else cancels.)"
    )
    assert chat_commands.shown(Reply("Two steps match.", question=question)).startswith(
        "Two steps match.\nWhich step?\n1. Step 1\n"
    )
    assert chat_commands.shown(Reply("Done.")) == "Done."


async def test_drbot_chat_shows_the_open_question_and_1_answers_it(env, tmp_path):  # noqa: F811
    db_path = tmp_path / "data" / "drbot" / "drbot.db"  # where `drbot chat` looks, no config
    store = await PlanStore.open(db_path)
    try:
        plan_id, (s1, s2, _) = await fence(store, user=1)  # user 1: no allowed_user_ids
        bot = Assistant.from_settings(OFFLINE, store)
        await ask(bot, which_step(s1, s2), chat=1, user=1)
    finally:
        await store.close()
    code, out, err = await run_drbot_in_process("chat", cwd=tmp_path, env=env, stdin="1\n1\n")
    assert code == 0 and "Traceback" not in err, err
    first, answered, again = out.split("\n\n", 2)
    assert first == which_step(s1, s2).numbered()
    assert answered.startswith('Updated ✓ step 1 "Get quotes": status done.')
    assert "Updated" not in again  # the second "1" is just a message
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT status FROM plan_steps ORDER BY position").fetchall() == [
            ("done",),
            ("pending",),
            ("pending",),
        ]
        assert conn.execute("SELECT question FROM chat_state").fetchall() == [(None,)]


# -- a plan offered, then news typed past it -------------------------------------------------

# read in doubt (a correction inside the list): offered with Yes / No, nothing made
OFFERED = "party: book the hall, order food, hire a DJ. no wait not the DJ"
AGAIN = "I haven't started “Party” yet — start it now?"


async def plans_of(store, user=ALICE) -> list[str]:
    return [p["title"] for p in await store.list_plans(user)]


async def test_a_plan_offer_left_unanswered_is_put_once_more_and_yes_still_makes_it(
    assistant, store
):
    offer = await assistant.handle(ALICE, ALICE, OFFERED)
    assert offer.question is not None and "Party" in offer.question.options[0].label
    # the person thinks the plan was made and tells news of its step
    news = await assistant.handle(ALICE, ALICE, "booked the hall for saturday!")
    assert news.question is not None and news.question.text == AGAIN, news.text
    assert news.question.options == offer.question.options  # the same plan, as shown
    assert await plans_of(store) == []  # nothing made before yes
    await assistant.handle(ALICE, ALICE, "yes")
    made = (await store.list_plans(ALICE))[0]
    steps = (await store.get_plan(ALICE, made["id"]))["steps"]
    assert made["title"] == "Party" and [s["title"] for s in steps] == [
        "Book the hall",
        "Order food",
    ]


async def test_a_plan_offer_is_put_again_only_once(assistant, store):
    await assistant.handle(ALICE, ALICE, OFFERED)
    again = await assistant.handle(ALICE, ALICE, "booked the hall for saturday!")
    assert again.question is not None and again.question.again
    third = await assistant.handle(ALICE, ALICE, "ordered the food too")
    assert third.question is None, third.text
    assert await assistant.conversations.question(ALICE, ALICE) is None
    assert await plans_of(store) == []


@pytest.mark.parametrize("message", ["nah not yet, still deciding", "forget it, too much hassle"])
async def test_a_plan_offer_turned_down_in_words_is_not_put_again(assistant, store, message):
    await assistant.handle(ALICE, ALICE, OFFERED)
    reply = await assistant.handle(ALICE, ALICE, message)
    assert reply.question is None, reply.text
    assert await plans_of(store) == []


async def test_a_message_that_writes_something_lets_the_plan_offer_go(assistant, store):
    plan_id, _ = await fence(store)
    await assistant.conversations.set_current_plan(ALICE, ALICE, plan_id)
    await assistant.handle(ALICE, ALICE, OFFERED)
    reply = await assistant.handle(ALICE, ALICE, "hired a contractor, starts monday")
    assert reply.question is None, reply.text
    assert await statuses(store, plan_id) == ["pending", "done", "pending"]
    assert await plans_of(store) == ["Fix the fence"]


async def test_only_a_plan_offer_is_put_again(assistant, store):
    plan_id, (s1, s2, _) = await fence(store)
    await ask(assistant, which_step(s1, s2))
    reply = await assistant.handle(ALICE, ALICE, "lovely weather today")
    assert reply.question is None, reply.text
