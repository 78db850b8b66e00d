"""A new plan whose title or steps name nothing is proposed, never made: a title of filler
("Pls"), a number or a year ("2028"), a feeling or a reaction ("Bad news", "Still shaking"), a
verb pointing back ("Splitting it"), a quote or a bracket left open; a step that opens with a
list's header ("Must do: …") further down the list. Where the shape shows how, the plan is
read again first: the goal after the filler's colon, the header on the first step, the quote
around a title. Names of things ("Rink", "2027 tax return", "Jack's 5th bday") are made as
before. Real SQLite file, real tool registry (the fixtures of tests/offline_rules.py); the
phrasings are none of the evaluation corpus's."""

from __future__ import annotations

import pytest

from tests import offline_rules as offline

# the fixtures of tests/offline_rules.py, under the names the tests ask for
users, interpreter, context, ctx = offline.users, offline.interpreter, offline.context, offline.ctx
say, titles_and_steps = offline.say, offline.titles_and_steps

GARDEN = ("Garden", ["Dig the beds", "Plant bulbs"])


async def _with_a_plan(store, ctx) -> None:
    await store.create_plan(offline.ME, GARDEN[0], None, GARDEN[1])


@pytest.mark.parametrize(
    "text, has_plans",
    [
        # a reaction for a title
        (
            "Bad news, the hall double booked us 🙄 so: find another venue, tell the guests, "
            "get the deposit back",
            False,
        ),
        # a verb pointing back at what was said before it
        (
            "me and my brother are splitting it. my half is sell the car, clear the shed and "
            "cancel the phone",
            False,
        ),
        # a list's header left on a step further down the list
        (
            "Chrzciny Jasia w czerwcu - christening for my son. Must do: church booking, white "
            "outfit, cake",
            False,
        ),
        # the words of asking for one more, and of "while we're at it", for a title
        (
            "add another one while we're at it. get fit for summer. join the gym, buy "
            "trainers, and sign up for a 5k",
            True,
        ),
    ],
)
async def test_a_plan_whose_title_or_steps_name_nothing_is_proposed(
    interpreter, ctx, store, text, has_plans
):
    if has_plans:
        await _with_a_plan(store, ctx)
    answer = await interpreter.handle(text, ctx)
    assert answer.question is not None and "Start a new plan" in answer.text, answer.text
    assert await titles_and_steps(store, ctx) == ([GARDEN] if has_plans else [])


async def test_politeness_before_the_goals_comma_is_dropped_and_the_plan_made(
    interpreter, ctx, store
):
    # (once proposed with the title "Pls": the politeness after the asking words is no title,
    # ``plan_phrases.POLITE_LEAD``; the goal after its comma is)
    await _with_a_plan(store, ctx)
    await interpreter.handle(
        "new plan pls, night classes as a fallback 😬 look at courses at the college, ring "
        "about fees, fill in the form",
        ctx,
    )
    assert await titles_and_steps(store, ctx) == [
        GARDEN,
        (
            "Night classes as a fallback",
            ["Look at courses at the college", "Ring about fees", "Fill in the form"],
        ),
    ]


@pytest.mark.parametrize(
    "text, has_plans, title, steps",
    [
        # the goal after the filler's colon
        (
            "new goal for 2028: run the Berlin marathon. no steps yet, just want it noted so I "
            "stop putting it off",
            True,
            "Run the Berlin marathon",
            [],
        ),
        # the header on the first step, and the quote's closing mark on the title
        (
            "Good morning. I would like to create a plan titled 'Allotment season'.\nThe steps "
            "are as follows:\n1. Clear the brambles\n2. Build a compost bay\n3. Buy seed "
            "potatoes\nThank you.",
            False,
            "Allotment season",
            ["Clear the brambles", "Build a compost bay", "Buy seed potatoes"],
        ),
        # the goal after the words asking for a plan
        (
            "also add one more plan for grandad's retirement party: book the hall, order a "
            "cake, invite his old team",
            True,
            "Grandad's retirement party",
            ["Book the hall", "Order a cake", "Invite his old team"],
        ),
        (
            "Jasio's christening in June - must do: church booking, white outfit, cake",
            False,
            "Jasio's christening in June",
            ["Church booking", "White outfit", "Cake"],
        ),
    ],
)
async def test_a_plan_read_again_past_its_filler_header_or_quote(
    say, ctx, store, text, has_plans, title, steps
):
    if has_plans:
        await _with_a_plan(store, ctx)
    await say(text)
    made = await titles_and_steps(store, ctx)
    assert made[-1] == (title, steps)


@pytest.mark.parametrize(
    "text, title, steps",
    [
        ("Rink\nbook the ice, order pucks, email the parents", "Rink", None),
        (
            "2027 tax return: gather receipts, ring the accountant, file online",
            "2027 tax return",
            None,
        ),
        (
            "Jack's 5th bday\nbook the soft play, order the cake, send invites",
            "Jack's 5th bday",
            None,
        ),
    ],
)
async def test_a_title_that_names_a_thing_is_made_as_before(say, ctx, store, text, title, steps):
    await say(text)
    [(made, _)] = await titles_and_steps(store, ctx)
    assert made == title


@pytest.mark.parametrize(
    "text",
    [
        "WE'RE MOVING 🏡😭 ok ok first things: find a removals firm and a van, book the day, "
        "then the broadband, then a cleaner",
        "BABY SHOWER!!! right first things: pick the games and the prizes, order the cake, then "
        "the balloons, then the invites",
    ],
)
async def test_a_plan_with_two_actions_left_in_one_step_is_proposed(interpreter, ctx, store, text):
    # "…, book the day" left inside the first step: the split failed there, so the plan is
    # shown to be checked, never made as read
    answer = await interpreter.handle(text, ctx)
    assert answer.question is not None and "Start a new plan" in answer.text, answer.text
    assert await titles_and_steps(store, ctx) == []


async def test_a_list_of_things_after_a_comma_is_still_made(say, ctx, store):
    await say(
        "Spring clean\n- wash the windows, curtains and nets\n- sort the shed\n- paint the fence"
    )
    [(title, steps)] = await titles_and_steps(store, ctx)
    assert title == "Spring clean" and steps[0] == "Wash the windows, curtains and nets"
