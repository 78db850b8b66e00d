"""The built-in rules on questions, take-backs and waits said in other words, and on messages
two steps fit: read as a class, never as a phrase. Real SQLite file, real tool registry (the
fixtures of tests/test_offline.py). The phrasings here are none of the evaluation corpus's."""

from __future__ import annotations

import pytest

from tests import test_offline as offline
from tests.dbdump import unchanged

# the fixtures of tests/test_offline.py, under the names the tests ask for
users, interpreter, context, ctx = offline.users, offline.interpreter, offline.context, offline.ctx
say, ME = offline.say, offline.ME

KITCHEN = "Kitchen refit: book the electrician, order the worktops, pay the builder deposit"
PARTY = "Sam's birthday: book the bowling alley, order the cake, send the invites"


@pytest.fixture
async def two_plans(say, ctx, store):
    await say(KITCHEN)
    await say(PARTY)
    return {p["title"]: p for p in await store.list_plans(ME)}


@pytest.mark.parametrize(
    "text, shown, not_shown",
    [
        ("what remains on the kitchen job?", "worktops", "bowling"),
        ("which bits of the birthday are still to sort", "bowling", "worktops"),
        ("remind me what the plan is for the kitchen", "worktops", "bowling"),
        ("whats the kitchen looking like", "worktops", "bowling"),
        ("what's the next thing for sam's birthday?", "bowling", "worktops"),
        ("list my stuff for the kitchen pls", "electrician", "invites"),
    ],
)
async def test_a_question_of_how_a_plan_stands_shows_it_in_any_words(
    interpreter, ctx, db_path, two_plans, text, shown, not_shown
):
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert shown in answer.text and not_shown not in answer.text, answer.text


async def test_a_question_of_how_things_stand_naming_no_plan_shows_every_plan(
    interpreter, ctx, db_path, two_plans
):
    with unchanged(db_path):
        answer = await interpreter.handle("which things are still pending", ctx)
    assert "worktops" in answer.text and "bowling" in answer.text, answer.text


@pytest.mark.parametrize(
    "text",
    [
        "what time is the electrician coming",
        "how much is left to pay the builder",
        "which one is cheaper, the cake or the cupcakes",
    ],
)
async def test_a_question_of_something_else_is_no_plan_shown(interpreter, ctx, two_plans, text):
    answer = await interpreter.handle(text, ctx)
    assert "still to do" not in answer.text, answer.text
