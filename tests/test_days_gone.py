"""A wait read from a day already gone is read again without that day
(step_statements._read_past_a_day_gone): news of this morning is news ("the guy finished at 9
this morning"), and a day ahead said beside the one gone is the day to wait for ("remind me
tomorrow …, today is not happening"). A wait asked for with only a day gone still asks when."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tests.conftest import START
from tests.dbdump import unchanged
from tests.people import plans_made, step_titled

ME = 1

PLANS = {
    "New till system": ["Choose the till", "Install the new till", "Train the staff on the till"],
    "Move in together": ["Register at the gemeente", "Call insurance about the claim"],
}


@pytest.fixture
def afternoon(ctx):
    ctx.now = START + timedelta(hours=6)  # Monday 15:00: this morning and today's start are gone
    return ctx


@pytest.mark.parametrize(
    "text, title, status",
    [
        (
            "The new till is installed!! the guy finished at 9 this morning and everything is"
            " working",
            "Install the new till",
            "done",
        ),
        (
            "Today we began the training of the girls on the till, first session ok, 2 more to go",
            "Train the staff on the till",
            "in_progress",
        ),
        (
            "registered at the gemeente this morning! 10 minutes in and out after waiting 6 weeks",
            "Register at the gemeente",
            "done",
        ),
    ],
)
async def test_news_of_a_day_gone_is_news(interpreter, afternoon, store, text, title, status):
    await plans_made(store, ME, PLANS)
    answer = await interpreter.handle(text, afternoon)
    step = await step_titled(store, ME, title)
    assert step["status"] == status and not step["wait_until"], answer.text


async def test_a_day_ahead_beside_a_day_gone_is_the_one_waited_for(interpreter, afternoon, store):
    await plans_made(store, ME, PLANS)
    text = "remind me tomorrow to call the insurance people again today is not happening"
    answer = await interpreter.handle(text, afternoon)
    step = await step_titled(store, ME, "Call insurance about the claim")
    assert step["wait_until"].startswith("2026-03-03"), answer.text


@pytest.mark.parametrize(
    "text",
    [
        "remind me about the till at 9 this morning",  # a wait asked for, its day gone
        "remind me to call the insurance people today",
    ],
)
async def test_a_wait_asked_for_a_day_gone_still_asks_when(
    interpreter, afternoon, store, db_path, text
):
    await plans_made(store, ME, PLANS)
    with unchanged(db_path):
        answer = await interpreter.handle(text, afternoon)
    assert "passed" in answer.text or "Until when" in answer.text, answer.text
