"""A newcomer's first plan said with the words people put around it: a shortened word's stop
("Dr. Okafor") inside a step, a particle of politeness or "new" in another language in the
request ("New plan po:", "nuevo plan:"), chatter after the last step ("kinda dreading it tbh"),
someone else's step said with their coming ("then they come do a roof check"), the first step
said before "first" after a sentence naming the goal, a goal that only points back ("i want
to fight it") named by the thing before it, a goal asked to be kept with no steps ("just put
it down as a goal"), and a verb left alone after "and" ("… check and post"), which is shown,
never made. Real SQLite file, real tool registry (the fixtures of
tests/offline_rules.py); the phrasings are none of the evaluation corpus's."""

from __future__ import annotations

import pytest

from tests import offline_rules as offline

# the fixtures of tests/offline_rules.py, under the names the tests ask for
users, interpreter, context, ctx = offline.users, offline.interpreter, offline.context, offline.ctx
say, titles_and_steps = offline.say, offline.titles_and_steps


@pytest.mark.parametrize(
    "text, title, steps",
    [
        # a particle of politeness, or "new" in another language, names no plan
        (
            "New plan po: Lola's 80th 🎂 book the restaurant, order the lechon, invite the cousins",
            "Lola's 80th",
            ["Book the restaurant", "Order the lechon", "Invite the cousins"],
        ),
        (
            "nuevo plan: kitchen repaint. buy the paint, tape the edges, then paint the walls",
            "Kitchen repaint",
            ["Buy the paint", "Tape the edges", "Paint the walls"],
        ),
        # chatter after the last step, as a step or as its last sentence, is no step
        (
            "moving flat in march. need to book the van, pack the kitchen, change my address, "
            "kinda dreading it tbh",
            "Moving flat in march",
            ["Book the van", "Pack the kitchen", "Change my address"],
        ),
        (
            "make me a plan for the school fair: book the bouncy castle, print the raffle "
            "tickets, find 10 volunteers. send help",
            "The school fair",
            ["Book the bouncy castle", "Print the raffle tickets", "Find 10 volunteers"],
        ),
        # an apology for the message, on its own line after the list
        (
            "Hello. New to this.\nMy landlord is selling the flat and I have to move by "
            "March.\nI need to:\nfind a new flat\ngive notice at work about a day off\nbook "
            "a van\nSorry if that's a lot",
            None,
            ["Find a new flat", "Give notice at work about a day off", "Book a van"],
        ),
        # a goal that only points back, or a verb alone wanted: named by the thing before it
        (
            "my phone contract is going up again in april. i want to switch. need to compare a "
            "few deals, port my number and cancel the old one",
            "Switch my phone contract",
            ["Compare a few deals", "Port my number", "Cancel the old one"],
        ),
        (
            "the council put our parking permit up to 90 quid. i want to fight it. need to find "
            "the letter, email the councillor and appeal online",
            "Fight our parking permit",
            ["Find the letter", "Email the councillor", "Appeal online"],
        ),
        # a feeling said first, and a place won, are no part of the goal
        (
            "so excited, we got into the allotment scheme! need to buy a shed, clear the weeds "
            "and plant the onions",
            "Allotment scheme",
            ["Buy a shed", "Clear the weeds", "Plant the onions"],
        ),
        # someone else's step, said with their coming first
        (
            "We're getting solar panels! first I fill in the survey form, then they come do a "
            "roof check, then we sign the contract",
            "We're getting solar panels",
            ["Fill in the survey form", "They come do a roof check", "Sign the contract"],
        ),
    ],
)
async def test_a_newcomers_plan_with_the_words_people_put_around_it(
    say, ctx, store, text, title, steps
):
    await say(text)
    [(made, made_steps)] = await titles_and_steps(store, ctx)
    assert (made if title is not None else None, made_steps) == (title, steps)


@pytest.mark.parametrize(
    "text, steps",
    [
        (
            "Mum's hip op. see Dr. Okafor about the date, ask Mrs. Lee to cover the shop, then "
            "book the taxi",
            ["See Dr. Okafor about the date", "Ask Mrs. Lee to cover the shop", "Book the taxi"],
        ),
        (
            "Grinder upgrade. compare the Mazzer vs. the Eureka, order one, then train the team",
            ["Compare the Mazzer vs. the Eureka", "Order one", "Train the team"],
        ),
    ],
)
async def test_a_shortened_words_stop_ends_no_sentence(say, ctx, store, text, steps):
    """ "see Dr. Okafor about …", "the Mazzer vs. the Eureka": the stop after a title or a
    short word of writing is no sentence end, so no step is cut there (made, or shown by the
    learnt check of the plan's shape: read as said either way)."""
    answer = await say(text, understood=None)
    made = await titles_and_steps(store, ctx)
    listed = made[0][1] if made else [line.split(". ", 1)[1] for line in answer.splitlines()[1:-1]]
    assert listed == steps


async def test_the_step_said_before_first_is_a_step_when_a_sentence_named_the_goal(say, ctx, store):
    """ "wedding speech in 3 weeks. gotta find some stories first, then …": "first" after the
    need's words puts that thing first among the steps; the goal is the sentence before."""
    await say(
        "best man speech for saturday. gotta collect some stories first, then write a draft, "
        "then practise it on my sister"
    )
    [(title, steps)] = await titles_and_steps(store, ctx)
    assert "speech" in title.lower()
    assert steps == ["Collect some stories", "Write a draft", "Practise it on my sister"]


@pytest.mark.parametrize(
    "text, title",
    [
        (
            "I'd really like to learn the cello 🎻 just put it down as a goal for now, no idea "
            "what the steps are",
            "Learn the cello 🎻",
        ),
        ("can you stick 'repaint the shed' on as a new thing. no steps yet", "Repaint the shed"),
        # a remark on the goal after it is no part of its name
        (
            "I want to get the allotment back in shape this year. that bindweed is killing me",
            "Get the allotment back in shape this year",
        ),
    ],
)
async def test_a_wish_asked_to_be_kept_as_a_goal_is_made_with_no_steps(
    say, ctx, store, text, title
):
    await say(text)
    assert await titles_and_steps(store, ctx) == [(title, [])]


@pytest.mark.parametrize(
    "text",
    [
        "car needs selling - photos, valet, advert check and post",
        "visa renewal - photos, forms, bank letter check and send",
    ],
)
async def test_a_verb_left_alone_after_and_is_shown_never_made(say, ctx, store, text):
    """ "…, advert check and post": "post" alone may share the step before it, or be a step;
    read either way, the plan is shown to be checked and nothing is written."""
    answer = await say(text, understood=None)
    assert await titles_and_steps(store, ctx) == []
    assert "Nothing changed yet" in answer
