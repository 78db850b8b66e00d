"""A new person's first plan, structure first and then its title, on a real database: a list's
marked lines stay its steps when chatter comes before them, a line of news before the list's
lead-in is no step, a goal whose steps are unknown yet is made with none, and a new one
announced by someone with plans is a new plan, whatever words it shares with their steps.
Real SQLite file, real tool registry (the fixtures of tests/offline_rules.py); the phrasings
are none of the evaluation corpus's."""

from __future__ import annotations

import pytest

from tests import offline_rules as offline

# the fixtures of tests/offline_rules.py, under the names the tests ask for
users, interpreter, context, ctx = offline.users, offline.interpreter, offline.context, offline.ctx
say, titles_and_steps = offline.say, offline.titles_and_steps


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "ok new thing. leaving do for Priya at work\n- book a table at the Italian\n- get a "
            "card signed\n- collect money for a present",
            "Leaving do for Priya at work",
            ["Book a table at the Italian", "Get a card signed", "Collect money for a present"],
        ),
        (
            "ok so dad is being discharged from the clinic in Porto next week and I need to sort:\n"
            "- book a flight\n- hire a nurse for a week\n- buy a shower seat for his flat",
            "Dad is being discharged from the clinic in Porto next week",
            ["Book a flight", "Hire a nurse for a week", "Buy a shower seat for his flat"],
        ),
        (
            "hey my cofounder says i should use this\nwe have to get the office lease signed\n"
            "- read the lease\n- pay the deposit\n- sign it\nthats it i think",
            "Get the office lease signed",
            ["Read the lease", "Pay the deposit", "Sign it"],
        ),
        (
            "conference in Oslo\ntalk got accepted (yay!!)\nneed to:\nbook flights\nwrite the "
            "slides\nrehearse with the team",
            "Conference in Oslo",
            ["Book flights", "Write the slides", "Rehearse with the team"],
        ),
        (
            "1. new battery 2. MOT 3. fix the wipers. thats the car list before the trip north",
            "Car list before the trip north",
            ["New battery", "MOT", "Fix the wipers"],
        ),
    ],
)
async def test_a_lists_structure_wins_over_the_chatter_around_it(
    say, ctx, store, text, title, steps
):
    """The marked lines are the steps, each whole; the title comes from the text before them
    (or the goal line after a line about how the person came to drbot); a line of news before
    the list's lead-in, and "thats it i think" after it, are no step."""
    ctx.message = text
    await say(text)
    assert await titles_and_steps(store, ctx) == [(title, steps)]


@pytest.mark.parametrize(
    "text, title",
    [
        (
            "I want us at 200 members by the autumn. no idea how yet lol but write it down "
            "somewhere",
            "Us at 200 members by the autumn",
        ),
        (
            "I want Sam reading on his own by Easter. no idea where to even start tbh",
            "Sam reading on his own by Easter",
        ),
        (
            "Goal for next year: get Tom through his driving test. I'll work out the actual steps "
            "another day, my brain is fried",
            "Get Tom through his driving test",
        ),
    ],
)
async def test_a_goal_with_its_steps_unknown_yet_is_made_with_none(say, ctx, store, text, title):
    ctx.message = text
    await say(text)
    assert await titles_and_steps(store, ctx) == [(title, [])]


async def test_a_new_one_announced_by_someone_with_plans_is_a_new_plan(say, ctx, store):
    """ "oh add another one - …" shares "truck" with a step: still a new plan, never news of
    that step."""
    await say("Move to Denver: pick up the truck, pack the kitchen, hand back the keys")
    text = "oh add another one - get the truck registered in Colorado. no clue whats involved yet"
    ctx.message = text
    await say(text)
    made = dict(await titles_and_steps(store, ctx))
    assert made["Get the truck registered in Colorado"] == []


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            # thanks in text speak after the list: a sign-off, no step
            "hi. the gym still has not refunded me for june. plan: email the manager, then ring "
            "head office, and if nothing happens go to trading standards. ty",
            "The gym still has not refunded me for june",
            ["Email the manager", "Ring head office", "If nothing happens go to trading standards"],
        ),
        (
            # the way unknown: what else was said is how things are, never steps
            "new plan: sell the boat. Dad never used it and neither do we. no idea how yet",
            "Sell the boat",
            [],
        ),
        (
            # a second thing joined to an action by "and" stays with it
            "new plan: clear the garage. ring the tip, move the bikes and tools out and sweep "
            "the floor",
            "Clear the garage",
            ["Ring the tip", "Move the bikes and tools out", "Sweep the floor"],
        ),
    ],
)
async def test_a_first_plans_classes_hold_for_their_variants(say, ctx, store, text, title, steps):
    ctx.message = text
    await say(text)
    assert await titles_and_steps(store, ctx) == [(title, steps)]
