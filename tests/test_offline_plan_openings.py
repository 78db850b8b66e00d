"""A newcomer's first plan and the words it opens with: a greeting in a language not listed,
the words asking for a plan read as its title, the goal said before "first I …" in one breath
with the first step, and steps counted by ordinals inside a sentence ("1st … 2nd … 3rd …").
Each class with near misses that keep the plain reading. Real SQLite file, real tool registry
(the fixtures of tests/offline_rules.py); the phrasings are none of the evaluation corpus's."""

from __future__ import annotations

import pytest

from tests import offline_rules as offline

# the fixtures of tests/offline_rules.py, under the names the tests ask for
users, interpreter, context, ctx = offline.users, offline.interpreter, offline.context, offline.ctx
say, titles_and_steps = offline.say, offline.titles_and_steps


@pytest.mark.parametrize(
    "text, title, steps",
    [
        # a greeting not listed, then the deed said after it, over a marked list
        (
            "zdravei zdravei 😅 moving into the new place in Plovdiv on 3 jan, im going crazy\n"
            "- cancel the broadband\n- hire a van\n- pack the books\n- change address at the bank",
            "Moving into the new place in Plovdiv on 3 jan",
            ["Cancel the broadband", "Hire a van", "Pack the books", "Change address at the bank"],
        ),
        (
            "zdravei zdravei 😅 moving into the new place in Plovdiv on 3 jan\n"
            "- cancel the broadband\n- hire a van\n- pack the books",
            "Moving into the new place in Plovdiv on 3 jan",
            ["Cancel the broadband", "Hire a van", "Pack the books"],
        ),
        # a greeting not listed, set off by a face, at the head of the title line
        (
            "sveiki 😄 my plan for the summer market stall: book a pitch, buy a gazebo, print "
            "price cards",
            "My plan for the summer market stall",
            ["Book a pitch", "Buy a gazebo", "Print price cards"],
        ),
        # the goal said before "first I …", in one breath with the first step
        (
            "ok so I need to tidy the allotment for winter first I going to cut back the beans "
            "then dig over the beds then cover the beds with cardboard",
            "Tidy the allotment for winter",
            ["Cut back the beans", "Dig over the beds", "Cover the beds with cardboard"],
        ),
        # ordinals in digits inside one sentence count the steps
        (
            "van sale. 1st wash the van 2nd take photos of it 3rd post the ad online",
            "Van sale",
            ["Wash the van", "Take photos of it", "Post the ad online"],
        ),
    ],
)
async def test_a_first_plan_read_past_its_opening_words(say, ctx, store, text, title, steps):
    await say(text)
    assert await titles_and_steps(store, ctx) == [(title, steps)]


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "make me a separate list — birthday presents: socks for Dad, a book for Mum, a scarf "
            "for Gran",
            "Birthday presents",
            ["Socks for Dad", "A book for Mum", "A scarf for Gran"],
        ),
        (
            "aight new plan, the camping trip in june. buy a tent, book the site, pack the car",
            "Camping trip in june",
            ["Buy a tent", "Book the site", "Pack the car"],
        ),
    ],
)
async def test_the_words_asking_for_a_plan_are_no_title_and_the_plan_is_offered(
    interpreter, ctx, store, text, title, steps
):
    answer = await interpreter.handle(text, ctx)
    assert answer.question is not None and f"“{title}”" in answer.text, answer.text
    assert all(step in answer.text for step in steps), answer.text
    assert await titles_and_steps(store, ctx) == []


@pytest.mark.parametrize(
    "text, title, steps",
    [
        # a title of one's own thing, then a deed pointing back: the thing names the plan
        (
            "my hgv. been putting it off for ages. need to book the medical, pass the theory "
            "test, and do the lessons",
            "My hgv",
            ["Book the medical", "Pass the theory test", "Do the lessons"],
        ),
        # "second" of a thing orders nothing
        (
            "coffee stand: first buy a coffee machine second hand, then ask the landlord, then "
            "make a sign",
            "Coffee stand",
            ["Buy a coffee machine second hand", "Ask the landlord", "Make a sign"],
        ),
    ],
)
async def test_near_misses_keep_the_plain_reading(interpreter, ctx, store, text, title, steps):
    answer = await interpreter.handle(text, ctx)
    made = await titles_and_steps(store, ctx)
    assert made == [(title, steps)] or f"“{title}”" in answer.text, answer.text


@pytest.mark.parametrize(
    "text, title",
    [
        # who is writing, then the goal said with a goal word, its steps said unknown
        (
            "hey, Dunya here, pharmacist in Leeds. want to finally get my GPhC registration moved "
            "over. no idea what the steps are yet",
            "Get my GPhC registration moved over",
        ),
        (
            "hi hi 👋 Tomas here. I need to get my pension transferred from Vilnius, no clue how",
            "Get my pension transferred from Vilnius",
        ),
        # a greeting in a language not listed, set off by a stop
        (
            "zdravo. i want to learn to drive this spring, dont know where to start",
            "Learn to drive this spring",
        ),
        ("ahoj. I'd like to run a marathon next year, no idea how yet", "Run a marathon next year"),
    ],
)
async def test_a_goal_kept_alone_is_named_past_the_greeting(say, ctx, store, text, title):
    """A goal whose steps are said unknown was named by its first sentence, the greeting or
    who is writing ("Dunya here", "Zdravo"); the goal said after it names it."""
    await say(text)
    assert await titles_and_steps(store, ctx) == [(title, [])]


@pytest.mark.parametrize(
    "text, title",
    [
        # a thing of one's own first, then a goal that points back: the thing names it
        (
            "my driving licence. i want to get it sorted this year, no idea how",
            "My driving licence",
        ),
        # a deed said first (a verb in -ing): kept
        ("moving house. i want to be done by march, no idea where to start", "Moving house"),
    ],
)
async def test_a_goal_kept_alone_named_by_a_thing_or_deed_keeps_it(say, ctx, store, text, title):
    await say(text)
    assert await titles_and_steps(store, ctx) == [(title, [])]


@pytest.mark.parametrize(
    "text, title, steps",
    [
        # two verbs on one "it" in the last item: one thing handled twice over, one step
        (
            "bake sale: flyers for every class, tables in the hall, count it and bank it",
            "Bake sale",
            ["Flyers for every class", "Tables in the hall", "Count it and bank it"],
        ),
        # near miss: a new thing after the second verb is a step of its own
        (
            "bake sale: flyers for every class, count it and book the hall",
            "Bake sale",
            ["Flyers for every class", "Count it", "Book the hall"],
        ),
    ],
)
async def test_two_verbs_on_one_it_at_the_end_are_one_step(say, ctx, store, text, title, steps):
    await say(text)
    assert await titles_and_steps(store, ctx) == [(title, steps)]
