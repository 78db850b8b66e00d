"""A step put off to a day said the person's way (drbot/ai/language/dates.py,
date_doubts.py, reminder_words.py; drbot/ai/tools/commitments.py), end to end on a real
database: a weekday with its day number ("Monday the 16th"), a short weekday ("ill do it
sat"), a day after a reason ("til payday, thats fri 13th"), "remember me" for "remind me",
and "I'll do <the step's doing> on <day>" about a step that exists. START is Monday 2 March
2026."""

from __future__ import annotations

import pytest

from tests import offline_rules as offline
from tests.dbdump import unchanged

users, interpreter, context, ctx = offline.users, offline.interpreter, offline.context, offline.ctx
say, STORY_PLAN, outcomes, plan = offline.say, offline.STORY_PLAN, offline.outcomes, offline.plan

STALL_PLAN = "Make a plan to run the cake stall — steps: bake the cakes, price everything up"


@pytest.mark.parametrize(
    "text, day",
    [
        # a weekday and a day number: the day that is both, not the coming Monday (the 9th)
        ("I'll get the quotes on Monday the 16th, after the bank meeting", "2026-03-16"),
        ("leave the quotes til payday, thats fri 13th", "2026-03-13"),
        ("quotes - ill do it sat when im off", "2026-03-07"),
        ("can you remember me on friday to get the quotes?", "2026-03-06"),
        # a day taken back for another at once, a day in the reason or in a deadline after it
        ("remind me about the quotes tomorrow. actually no, thursday", "2026-03-05"),
        ("remind me about the quotes saturday because sunday is mum's birthday", "2026-03-07"),
        (
            "remind me to get the quotes on the 10th it's not due till the end of april",
            "2026-03-10",
        ),
        # a wonder in the reason is no hedge of a wait asked for
        (
            "I'll get the quotes on friday, maybe the prices drop by then. Remind me please",
            "2026-03-06",
        ),
    ],
)
async def test_a_step_put_off_to_a_day_said_the_persons_way_waits(say, store, ctx, text, day):
    await say(STORY_PLAN)
    await say(text)
    step = (await plan(store, ctx))["steps"][0]
    assert step["title"] == "Get quotes"
    assert step["wait_until"] is not None and step["wait_until"][:10] == day, step["wait_until"]
    assert step["status"] == "pending" and not outcomes(step)


async def test_a_weekday_and_a_day_number_that_disagree_are_offered(interpreter, say, ctx, db_path):
    await say(STORY_PLAN)
    with unchanged(db_path):
        # the 12th is a Thursday (April's a Sunday): the number's day, or the Monday near it
        answer = await interpreter.handle("push the quotes to monday the 12th", ctx)
    assert answer.question is not None
    assert answer.question.text == "Wait on “Get quotes” until Thursday 12 March?"
    assert [o.label for o in answer.question.options] == ["Yes", "Until Mon 9 Mar", "Another day"]


async def test_doing_a_steps_work_on_a_day_lets_that_step_wait_not_a_new_one(say, store, ctx):
    await say(STALL_PLAN)
    await say("I'll do the pricing up on Saturday when our Gareth comes round with the sticker gun")
    steps = (await plan(store, ctx))["steps"]
    assert [s["title"] for s in steps] == ["Bake the cakes", "Price everything up"]
    assert steps[1]["wait_until"][:10] == "2026-03-07"


async def test_a_reminder_whose_only_day_is_when_it_cannot_be_done_is_offered_with_the_next(
    interpreter, say, store, ctx, db_path
):
    await say(STORY_PLAN)
    with unchanged(db_path):
        # "the morn" (tomorrow, in Scots) is no word the reader knows; "tonight" is when he
        # is out
        answer = await interpreter.handle(
            "the builder's at church tonight, remind me to get the quotes the morn", ctx
        )
    assert answer.question is not None
    assert answer.question.text.startswith("Wait on “Get quotes” until today")
    assert [o.label for o in answer.question.options] == ["Yes", "Until Tue 3 Mar", "Another day"]
    # with its own day in the ask, the reminder is written at once
    await say("remind me about the quotes tomorrow, too knackered tonight")
    step = (await plan(store, ctx))["steps"][0]
    assert step["wait_until"] is not None and step["wait_until"][:10] == "2026-03-03"
