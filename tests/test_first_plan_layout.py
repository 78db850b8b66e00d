"""A newcomer's first plan laid out the way they wrote it, by class: a lead-in that says
whose the list is ("what I gotta do:", "my part:") is neither the title nor a step; the
words that set a step after the one before ("after this", "after which", "at last") end a
step; a sentence after the last step's full stop that is no step is no part of it; a new one
announced before the need ("Another thing, I want to …: …") names nothing. Each class has
three or more phrasings and near misses that keep the plain reading, and an end-to-end case
on a real database (none of them from an evaluation set)."""

from __future__ import annotations

import pytest

from drbot.ai.language import plan_phrases, plan_prose, plan_titles


async def _made(interpreter, ctx, store, text: str) -> list[tuple[str, list[str]]]:
    await interpreter.handle(text, ctx)
    made = []
    for summary in await store.list_plans(ctx.user_id):
        whole = await store.get_plan(ctx.user_id, summary["id"])
        made.append((whole["title"], [step["title"] for step in whole["steps"]]))
    return made


# -- a lead-in that says whose the list is ----------------------------------------------


@pytest.mark.parametrize("line", plan_phrases.LEAD_INS)
def test_a_lead_in_of_whose_list_it_is_leads_into_the_list(line):
    assert plan_phrases.list_header(line)
    # the same words opening a step are the list's header on it
    assert plan_titles.list_header(f"{line.rstrip(':- ')}: book the hall")


@pytest.mark.parametrize("line", plan_phrases.LEAD_IN_NEAR_MISSES)
def test_words_that_start_like_a_lead_in_are_no_header(line):
    assert not plan_phrases.list_header(line)


@pytest.mark.parametrize("text, joined", plan_phrases.LEAD_IN_JOINED_EXAMPLES)
def test_a_lead_in_under_or_after_the_news_is_a_colon_after_it(text, joined):
    assert plan_phrases.lead_in_joined(text) == joined


@pytest.mark.parametrize("text", plan_phrases.LEAD_IN_JOINED_NEAR_MISSES)
def test_lines_with_no_lead_in_stay_as_they_are(text):
    assert plan_phrases.lead_in_joined(text) == text


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "the boiler died on sunday\nthings I need to do:\nring the landlord\n"
            "buy a heater\nbook the engineer",
            "The boiler died on sunday",
            ["Ring the landlord", "Buy a heater", "Book the engineer"],
        ),
        (
            "Priya's sorting the venue on her side. my part:\n1. order the cake\n2. print the "
            "invites\n3. book the DJ",
            "Priya's sorting the venue on her side",
            ["Order the cake", "Print the invites", "Book the DJ"],
        ),
    ],
)
async def test_a_newcomers_lead_in_is_no_title_and_no_step(
    interpreter, ctx, store, text, title, steps
):
    assert await _made(interpreter, ctx, store, text) == [(title, steps)]


# -- the words that set a step after the one before ---------------------------------------


@pytest.mark.parametrize("text, steps", plan_phrases.AFTER_THAT_EXAMPLES)
def test_words_that_set_a_step_after_the_last_end_a_step(text, steps):
    read = plan_phrases.read_plan(text)
    assert read is not None and read[1] == steps


@pytest.mark.parametrize("text, steps", plan_phrases.AFTER_THAT_NEAR_MISSES)
def test_at_last_or_following_of_a_thing_ends_no_step(text, steps):
    read = plan_phrases.read_plan(text)
    assert read is not None and read[1] == steps


async def test_a_newcomers_steps_said_after_this_and_at_last_are_each_a_step(
    interpreter, ctx, store
):
    text = (
        "I need to get the caravan ready for the season. First wash the roof, then change the "
        "gas bottle, after this check the tyres and at last book the site"
    )
    assert await _made(interpreter, ctx, store, text) == [
        (
            "Get the caravan ready for the season",
            ["Wash the roof", "Change the gas bottle", "Check the tyres", "Book the site"],
        )
    ]


# -- a sentence after the last step's full stop -------------------------------------------


@pytest.mark.parametrize("text, kept", plan_phrases.CLOSING_SAID_EXAMPLES)
def test_a_sentence_after_the_last_step_that_is_no_step_is_no_part_of_it(text, kept):
    assert plan_phrases.closing_said(text) == kept


@pytest.mark.parametrize("text", plan_phrases.CLOSING_SAID_NEAR_MISSES)
def test_a_sentence_after_the_last_step_that_is_a_step_stays(text):
    assert plan_phrases.closing_said(text) == text


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "I need to clear out the loft. First sort the boxes, then sell the old bike, and "
            "after that insulate the floor. Honestly no rush on this one",
            "Clear out the loft",
            ["Sort the boxes", "Sell the old bike", "Insulate the floor"],
        ),
        (
            "need to renew my licence before june: get new photos, fill in the form, post it "
            "off. Some help keeping on top of it would be amazing, my memory is awful",
            "Renew my licence",
            ["Get new photos", "Fill in the form", "Post it off"],
        ),
    ],
)
async def test_a_newcomers_closing_sentence_is_no_part_of_the_last_step(
    interpreter, ctx, store, text, title, steps
):
    assert await _made(interpreter, ctx, store, text) == [(title, steps)]


# -- a new one announced before the need -------------------------------------------------


@pytest.mark.parametrize("text, title, steps", plan_phrases.ANNOUNCED_BEFORE_NEED_EXAMPLES)
def test_a_new_one_announced_before_the_need_names_nothing(text, title, steps):
    assert plan_phrases.read_plan(text) == (title, steps)


@pytest.mark.parametrize("text, title", plan_phrases.ANNOUNCED_BEFORE_NEED_NEAR_MISSES)
def test_a_goal_before_the_need_still_names_the_plan(text, title):
    read = plan_phrases.read_plan(text)
    assert read is not None and read[0] == title


async def test_a_newcomers_plan_after_their_name_and_another_thing_is_named_by_its_need(
    interpreter, ctx, store
):
    text = (
        "Bea here. One more thing, I want to tidy the allotment before spring: clear the "
        "weeds, fix the shed door, and order the seed potatoes"
    )
    assert await _made(interpreter, ctx, store, text) == [
        (
            "Tidy the allotment before spring",
            ["Clear the weeds", "Fix the shed door", "Order the seed potatoes"],
        )
    ]


# -- a lead-in after an opening, read by the prose reader ------------------------------------


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "ok so we are getting a dog 🐶 what I need to do: puppy-proof the garden, find a vet,"
            " buy a crate",
            "Dog",
            ["Puppy-proof the garden", "Find a vet", "Buy a crate"],
        ),
        (
            "ok so we are getting a dog. what I need to do: puppy-proof the garden, find a vet,"
            " buy a crate",
            "Dog",
            ["Puppy-proof the garden", "Find a vet", "Buy a crate"],
        ),
    ],
)
def test_a_lead_in_after_an_opening_leaves_the_first_step_a_step(text, title, steps):
    assert plan_prose.read_prose_plan(text) == (title, steps)
