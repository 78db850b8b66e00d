"""The built-in rules (drbot/ai/rules/interpreter.py) on a real SQLite file: a newcomer's first
plan: checked before it is written, said after a filler or in the shapes people type, read by
shape, named with the word “plan” or its steps numbered.

Every phrasing goes through the real tool registry; after each one the test reads the
database back (the fixtures and helpers of tests/offline_rules.py).
"""

from __future__ import annotations

import sqlite3

import pytest

from drbot.ai.rules import new_plans
from tests import offline_rules as offline
from tests.dbdump import unchanged
from tests.offline_rules import (
    DOUBTED_BY_THE_PLAN_CHECK,
    plan,
    press,
    taken,
    titles_and_steps,
)

# the fixtures of tests/offline_rules.py, under the names the tests ask for
users, interpreter, context, ctx = offline.users, offline.interpreter, offline.context, offline.ctx
say, fence = offline.say, offline.fence


# -- a newcomer's first plan, checked before it is written --------------------------------


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "fence repair: buy posts followed by dig the holes, concrete them in",
            "Fence repair",
            ["Buy posts", "Dig the holes", "Concrete them in"],
        ),
        (
            "shed roof: strip the old felt subsequently fit new boards, felt it",
            "Shed roof",
            ["Strip the old felt", "Fit new boards", "Felt it"],
        ),
        (
            "garden: dig the beds after that plant the bulbs, buy compost",
            "Garden",
            ["Dig the beds", "Plant the bulbs", "Buy compost"],
        ),
    ],
)
async def test_a_sequence_word_inside_a_step_splits_it(say, ctx, store, text, title, steps):
    await say(text)
    assert await titles_and_steps(store, ctx) == [(title, steps)]


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "Greetings. restoring grandad's clock, find a clockmaker, get a quote, collect it",
            "Restoring grandad's clock",
            ["Find a clockmaker", "Get a quote", "Collect it"],
        ),
        (
            "my wife set up this bot for me. fixing the gate, buy hinges, fit them, paint it",
            "Fixing the gate",
            ["Buy hinges", "Fit them", "Paint it"],
        ),
        (
            "Heya! new bike build: order the frame, fit the wheels, test ride it",
            "New bike build",
            ["Order the frame", "Fit the wheels", "Test ride it"],
        ),
        # near misses: a greeting's word inside a goal is the goal's
        (
            "greetings cards stall: book a pitch, order stock, make a sign",
            "Greetings cards stall",
            ["Book a pitch", "Order stock", "Make a sign"],
        ),
        (
            "thank-you cards for the wedding: buy cards, write them, post them",
            "Thank-you cards for the wedding",
            ["Buy cards", "Write them", "Post them"],
        ),
    ],
)
async def test_a_greeting_or_words_about_the_message_are_never_the_title(
    say, ctx, store, text, title, steps
):
    await say(text)
    assert await titles_and_steps(store, ctx) == [(title, steps)]


@pytest.mark.parametrize(
    "text, kept",
    [
        (
            "garage sale: price everything, make signs, hire tables. oh wait ignore the tables",
            "1. Price everything\n2. Make signs\nNothing",
        ),
        ("party: book the hall, order food, hire a DJ. no wait not the DJ", "2. Order food\nNo"),
        ("party: book the hall, order food, hire a DJ. hmm leave out the food", "2. Hire a DJ\nN"),
    ],
)
async def test_a_correction_inside_the_list_is_proposed_as_corrected(
    interpreter, ctx, db_path, text, kept
):
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is not None and "with 2 steps?" in answer.text
    assert kept in answer.text


@pytest.mark.parametrize(
    "text",
    [
        "bathroom: rip out the old suite next up tile the walls, fit the new bath",
        "Keep this safe for me. learn to swim, book lessons, buy goggles, go weekly",
        "learning to drive. theory test first book it then revise then sit it",
    ],
)
async def test_a_plan_read_without_a_plans_shape_is_proposed(interpreter, ctx, db_path, text):
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is not None and "Start a new plan" in answer.text


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "add anoda plan: Mama medical. send $300 to di hospital, call Dr Kamara, buy her "
            "BP medicine",
            "Mama medical",
            ["Send $300 to di hospital", "Call Dr Kamara", "Buy her BP medicine"],
        ),
        (
            "nuevo plan pe: curso de ingles pa guias. primero inscribirme en el ICPNA, luego "
            "comprar el libro",
            # (a title in another language is written back as the person wrote it)
            "curso de ingles pa guias",
            ["Inscribirme en el ICPNA", "Comprar el libro"],
        ),
        (
            "new thing, separate from the concert: my nephew's baptism in march. need to ask Garo to be "
            "the godfather, book St Nishan church, order the candles",
            "My nephew's baptism in march",
            ["Ask Garo to be the godfather", "Book St Nishan church", "Order the candles"],
        ),
        # the known asking words cut off first, unknown ones after them (z254)
        (
            "another plan, tesfay one: roof for the chicken coop. buy iron sheets, cut "
            "eucalyptus poles, ask my nephew to help me put it",
            "Roof for the chicken coop",
            ["Buy iron sheets", "Cut eucalyptus poles", "Ask my nephew to help me put it"],
        ),
        # a dash set apart ends the asking words (z199, z237)
        (
            "add one more plan da - exam hall ticket. pay the exam fee, get the HOD's signature",
            "Exam hall ticket",
            ["Pay the exam fee", "Get the HOD's signature"],
        ),
        # who it is for after the plan's noun, a goal led by a verb (z240)
        (
            "ajoute yon plan pou nou: renew the car insurance. call the agent, pay the premium",
            "Renew the car insurance",
            ["Call the agent", "Pay the premium"],
        ),
        # the goal ended by a comma, its steps after it (z227, z244)
        (
            "oye nuevo plan: la quinceañera de Sofi en abril, hay que reservar el salón, "
            "contratar al fotógrafo, mandar las invitaciones",
            "La quinceañera de Sofi en abril",
            ["Reservar el salón", "Contratar al fotógrafo", "Mandar las invitaciones"],
        ),
        # "thing" in another language, the goal ended by a face (z250)
        (
            "nouveau truc à faire: mes examens de juin 😩 réviser la chimie, refaire les exos",
            "Mes examens de juin",
            ["Réviser la chimie", "Refaire les exos"],
        ),
        # who it is for or how the person is called after "another one" (z274, z275)
        (
            "put down another one fuh me darlin: Independence cook up for de family. buy "
            "flying fish by Oistins, make de cou cou, set up de tent",
            "Independence cook up for de family",
            ["Buy flying fish by Oistins", "Make de cou cou", "Set up de tent"],
        ),
        (
            "can u make another one la - moving to a bigger flat. go to inspections, give "
            "notice to the landlord, book a van",
            "Moving to a bigger flat",
            ["Go to inspections", "Give notice to the landlord", "Book a van"],
        ),
        # the asking words on a line of their own (z234)
        (
            "add another one\nboys' camping trip\nbook the site\nbuy gas\npack the tent",
            "Boys' camping trip",
            ["Book the site", "Buy gas", "Pack the tent"],
        ),
        # a request for help with "this" on a line of its own (z232, z273)
        (
            "Diay mae ayúdeme con esto porfa\nViaje a Monteverde\nreservar el hostel\n"
            "comprar tiquetes del bus",
            "Viaje a Monteverde",
            ["Reservar el hostel", "Comprar tiquetes del bus"],
        ),
        (
            "klk mi loco 😂 ayudame con esto\nfiesta del equipo de softball\n- alquilar el "
            "local\n- comprar el lechon\n- contratar la bocina",
            "Fiesta del equipo de softball",
            ["Alquilar el local", "Comprar el lechon", "Contratar la bocina"],
        ),
    ],
)
async def test_words_asking_for_a_plan_in_another_language_leave_the_goal_after_the_colon(
    interpreter, ctx, store, db_path, text, title, steps
):
    # (the asking words are not all known: shown with the goal after the colon, made on yes)
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is not None and "Nothing changed yet" in answer.text, answer.text
    await press(interpreter, ctx, answer.question.options[0])
    assert await titles_and_steps(store, ctx) == [(title, steps)]


@pytest.mark.parametrize(
    "text, title, steps",
    [
        # the goal's sentence, then actions in another language's infinitive, the last two
        # joined by its "and" (z171, z198, z232, z255, z257)
        (
            "otro plan: la mudanza de mi hermana en marzo. alquilar la furgoneta, comprar "
            "cajas y llamar a los primos",
            "La mudanza de mi hermana en marzo",
            ["Alquilar la furgoneta", "Comprar cajas", "Llamar a los primos"],
        ),
        (
            "nouveau projet: le baptême de Léa en juin. faut réserver l'église, commander "
            "les dragées et envoyer les faire-part",
            "Le baptême de Léa en juin",
            ["Réserver l'église", "Commander les dragées", "Envoyer les faire-part"],
        ),
        (
            "novo plano: a festa da escola 🎉 alugar o som, comprar os balões e montar o palco",
            "Festa da escola",
            ["Alugar o som", "Comprar os balões", "Montar o palco"],
        ),
    ],
)
async def test_actions_in_another_languages_infinitive_after_the_goal_are_its_steps(
    say, ctx, store, text, title, steps
):
    await say(text)
    assert await titles_and_steps(store, ctx) == [(title, steps)]


async def test_a_plan_asked_for_with_the_person_joined_on_the_verb(say, ctx, store):
    # "ponme otro plan porfa:" (z257) asks for a plan as "add another plan please:" does
    await say(
        "ponme otro plan porfa: la mudanza de mi tía en marzo. alquilar la furgoneta, comprar "
        "las cajas y llamar a los primos"
    )
    [(title, steps)] = await titles_and_steps(store, ctx)
    assert "mudanza de mi tía en marzo" in title.lower() and "ponme" not in title.lower()
    assert steps == ["Alquilar la furgoneta", "Comprar las cajas", "Llamar a los primos"]


@pytest.mark.parametrize(
    "text, title, steps",
    [
        # who brought them to drbot, a laugh after it (z257) or a word of address before it
        # (z243), is no title: the goal said after it is
        (
            "hola my son installed this for me jaja 😅 ok so I need to renew my green card, "
            "first fill the I-90 online, then pay the fee, then go to the biometrics",
            "Renew my green card",
            ["Fill the I-90 online", "Pay the fee", "Go to the biometrics"],
        ),
        (
            "Hello dear my grandson Tomas set this up for me on the phone. I want to bake "
            "the kalėdaičiai for Christmas Eve. Buy the wafers at the church. Book the oven "
            "at my sister's. Pack them in the tin",
            "Bake the kalėdaičiai for Christmas Eve",
            [
                "Buy the wafers at the church",
                "Book the oven at my sister's",
                "Pack them in the tin",
            ],
        ),
        # a word of address in the person's own language before it (z261's "kalimera paidi
        # mou my grandson put you on my phone", z243's "dear"): the arrival is still no title
        (
            "mija my son put this on my phone. I need to renew my green card, fill the I-90 "
            "online, pay the fee, go to the biometrics",
            "Renew my green card",
            ["Fill the I-90 online", "Pay the fee", "Go to the biometrics"],
        ),
    ],
)
async def test_who_set_drbot_up_is_no_title(interpreter, ctx, store, db_path, text, title, steps):
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is not None and "Nothing changed yet" in answer.text, answer.text
    await press(interpreter, ctx, answer.question.options[0])
    assert await titles_and_steps(store, ctx) == [(title, steps)]


@pytest.mark.parametrize(
    "text, steps",
    [
        # thanks said to drbot after the list, with a word of address or "in advance" after it
        # (z36 "Thanks love", z42 "thank u in advance", z211 and z257 "gracias de antemano!!",
        # z258 "ta blu!"): no step
        (
            "Shop refit\nbuild the counter\npaint the walls\nhang the sign\nta love!",
            ["Build the counter", "Paint the walls", "Hang the sign"],
        ),
        (
            "Mudanza a Valencia\nalquilar la furgoneta\ncomprar las cajas\nllamar a los primos\n"
            "Gracias de antemano!",
            ["Alquilar la furgoneta", "Comprar las cajas", "Llamar a los primos"],
        ),
        # near miss: the thing thanks is for is a step
        (
            "Allotment winter jobs\ndig over the beds\ncover the strawberries\nclean the shed\n"
            "thank you cards",
            ["Dig over the beds", "Cover the strawberries", "Clean the shed", "Thank you cards"],
        ),
    ],
)
async def test_thanks_said_after_a_list_of_lines_is_no_step(say, ctx, store, text, steps):
    await say(text)
    [(_title, made)] = await titles_and_steps(store, ctx)
    assert made == steps


async def test_things_joined_after_one_infinitive_stay_one_step(say, ctx, store):
    # near miss: one action on three things is no list of three
    await say("otro plan: la fiesta. comprar la carne, el pan y las tortillas")
    assert [steps for _, steps in await titles_and_steps(store, ctx)] != [
        ["Comprar la carne", "El pan", "Las tortillas"]
    ]


async def test_dodaj_novi_plan_asks_for_a_plan_and_names_none(say, ctx, store):
    await say("dodaj novi plan: ribolov na Dunavu u martu — kupiti dozvolu, spremiti štapove")
    assert await titles_and_steps(store, ctx) == [
        ("Ribolov na Dunavu u martu", ["Kupiti dozvolu", "Spremiti štapove"])
    ]


@pytest.mark.parametrize(
    "text, title",
    [
        # near misses: a word of the goal before "plan", or a step right after the colon
        ("wedding plan: book the venue, hire the DJ, order the cake", "Wedding"),
        (
            "add another plan: grad school apps. shortlist the programs, take the GRE",
            "Grad school apps",
        ),
    ],
)
async def test_a_head_naming_the_goal_keeps_its_title(say, ctx, store, text, title):
    await say(text)
    assert [made for made, _ in await titles_and_steps(store, ctx)] == [title]


@pytest.mark.parametrize(
    "text, title, steps",
    [
        # near misses: words that look like a correction or a sequence but are steps
        (
            "broadband: cancel the old one, send back the router, set up the new hub",
            "Broadband",
            ["Cancel the old one", "Send back the router", "Set up the new hub"],
        ),
        (
            "bathroom refit: strip the tiles, book the plumber for first fix, tile the walls",
            "Bathroom refit",
            ["Strip the tiles", "Book the plumber for first fix", "Tile the walls"],
        ),
    ],
)
async def test_steps_that_only_look_like_a_correction_or_a_sequence_are_made(
    say, ctx, store, text, title, steps
):
    await say(text)
    assert await titles_and_steps(store, ctx) == [(title, steps)]


@pytest.mark.parametrize(
    "text, title",
    [
        (
            "could you put renewing my passport on my list, it runs out in june",
            "Renewing my passport",
        ),
        ("please add sorting the loft to my list, it's a disgrace up there", "Sorting the loft"),
        ("pop booking the vet on the list, the cat's overdue her jabs", "Booking the vet"),
    ],
)
async def test_a_goal_asked_onto_the_list_with_a_remark_after_it_is_made(
    say, ctx, store, text, title
):
    await say(text)
    assert await titles_and_steps(store, ctx) == [(title, [])]


@pytest.mark.parametrize(
    "text", ["add it to my list, thanks", "can you put this on my list, cheers"]
)
async def test_asked_onto_the_list_with_no_goal_named_makes_nothing(
    interpreter, ctx, db_path, text
):
    with unchanged(db_path):
        await interpreter.handle(text, ctx)


@pytest.mark.parametrize(
    "text",
    [
        "evening! so my landlord wants the flat back by january ugh. need to find a new place, "
        "give notice at work?? no wait not work, register with letting agents, book a removal "
        "van, and pack",
        "ugh the car failed its MOT. need to get it sorted, ring the garage?? actually no ring "
        "dad first, book the retest, and pay the bill",
    ],
)
async def test_steps_said_after_the_last_step_read_make_the_plan_a_proposal(
    interpreter, ctx, db_path, text
):
    """What to do said after the last step the reading kept was left out of the list: the
    plan is shown to be checked, never made with part of its steps."""
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is not None and "Start a new plan" in answer.text


@pytest.mark.parametrize(
    "text",
    [
        "garden: dig the beds, plant the bulbs. cheers!!",
        "need to fix the fence: get quotes, pick a builder. fingers crossed it's quick",
    ],
)
async def test_a_remark_after_the_last_step_leaves_the_plan_made(interpreter, ctx, db_path, text):
    """A remark after the list, with nothing to do in it, is no step left out."""
    answer = await interpreter.handle(text, ctx)
    if text in DOUBTED_BY_THE_PLAN_CHECK:
        # the remark dropped, the plan of two steps is offered (the plan check doubts that
        # shape), its steps without the remark; nothing written
        assert answer.question is not None and "Nothing changed yet" in answer.text, answer.text
        assert "Fingers crossed" not in answer.text
        return
    assert answer.question is None and "Created plan" in answer.text, answer.text


@pytest.mark.parametrize(
    "text",
    [
        "Sorting the allotment\n- dig the beds\n- plant the garlic\n- fix the shed door\nthanks so much",
        "Sorting the allotment\n- dig the beds\n- plant the garlic\n- fix the shed door\n"
        "thank you so much!!",
    ],
)
async def test_thanks_on_the_last_line_is_no_step(interpreter, ctx, store, text):
    """Thanks closing a list on its own line is no step: the plan is made with the steps
    above it."""
    if text in DOUBTED_BY_THE_PLAN_CHECK:
        await taken(interpreter, ctx, text)
    else:
        answer = await interpreter.handle(text, ctx)
        assert answer.question is None and "Created plan" in answer.text, answer.text
    made = await plan(store, ctx)
    assert made["title"] == "Sorting the allotment"
    assert [s["title"] for s in made["steps"]] == [
        "Dig the beds",
        "Plant the garlic",
        "Fix the shed door",
    ]


@pytest.mark.parametrize(
    "text",
    [
        "garden plan: dig the beds, plant the bulbs, thats it i think, pls help me not forget",
        "garden: dig the beds, plant the bulbs, that's all",
        "garden - dig the beds, plant the bulbs, thats everything for now",
    ],
)
async def test_the_list_said_to_be_over_is_no_step_of_a_listed_plan(
    interpreter, ctx, db_path, text
):
    """ "thats it i think" after a listed plan's last step says the list is over: the plan is
    made with the steps before it."""
    if text in DOUBTED_BY_THE_PLAN_CHECK:
        await taken(interpreter, ctx, text)
    else:
        await interpreter.handle(text, ctx)
    with sqlite3.connect(db_path) as db:
        titles = [row[0] for row in db.execute("SELECT title FROM plan_steps ORDER BY position")]
    assert titles == ["Dig the beds", "Plant the bulbs"], titles


@pytest.mark.parametrize(
    "text, due",
    [
        ("remind me on monday at 6pm to ring the plumber", "2026-03-02T18:00"),
        ("remind me monday at 7pm to ring the plumber", "2026-03-02T19:00"),
        ("remind me at 8pm on monday to ring the plumber", "2026-03-02T20:00"),
        # a time already gone today, or "next", is next week's Monday
        ("remind me monday at 8am to ring the plumber", "2026-03-09T08:00"),
        ("remind me next monday at 6pm to ring the plumber", "2026-03-09T18:00"),
    ],
)
async def test_todays_weekday_with_a_time_ahead_reminds_today(say, db_path, text, due):
    """Said on a Monday morning (START), "monday at 6pm" is this evening."""
    await say(text)
    with sqlite3.connect(db_path) as db:
        rows = db.execute("SELECT next_at FROM personal_reminders WHERE status = 'active'")
        assert [at[:16] for (at,) in rows] == [due]


@pytest.mark.parametrize(
    "text",
    [
        # asked by word order, with or without the mark: never a wait, a done or a skip
        "can the quote people not come till thursday?",
        "would it be alright to leave the quotes till friday",
        "is it worth holding off on the contractor till monday",
        "could we push the quotes back to next week",
        "was the contractor hired already",
        "has the supervising started yet",
        "so shall we skip the quotes",
    ],
)
async def test_a_question_about_a_step_writes_nothing_and_says_so(
    interpreter, fence, ctx, db_path, text
):
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is None
    assert answer.text.startswith("Nothing changed")


@pytest.mark.parametrize(
    "text",
    [
        # near misses: asked of drbot, or told
        "can you remind me about the quotes friday",
        "could u leave the quotes till friday",
        "leave the quotes till friday",
    ],
)
async def test_a_request_to_wait_said_as_a_request_still_waits(say, fence, ctx, store, text):
    await say(text)
    assert (await plan(store, ctx))["steps"][0]["wait_until"] is not None


@pytest.mark.parametrize(
    "text",
    [
        "trying to figure out the heating",
        "still working out what to do about the attic",
        "no idea how to get the damp sorted",
        "tryna get my head round the tax return",
    ],
)
async def test_a_problem_mulled_over_is_no_plan(interpreter, fence, ctx, db_path, text):
    """From someone with plans: nothing made, nothing offered."""
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is None and answer.text.startswith("Nothing changed")


@pytest.mark.parametrize(
    "text, title",
    [
        ("trying to figure out the heating", "Figure out the heating"),
        ("im trying to work out the visa stuff", "Work out the visa stuff"),
        ("trying to get my head round the tax return", "Get my head round the tax return"),
    ],
)
async def test_a_newcomers_problem_mulled_over_is_offered_never_made(
    interpreter, ctx, db_path, text, title
):
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is not None and f"“{title}”" in answer.text


@pytest.mark.parametrize(
    "text, title",
    [
        # near misses: a goal said plainly is still made
        ("I need to fix the heating", "Fix the heating"),
        ("trying to lose a stone before june", "Lose a stone before june"),
    ],
)
async def test_a_goal_said_plainly_is_still_made(say, ctx, store, text, title):
    await say(text)
    assert [t for t, _ in await titles_and_steps(store, ctx)] == [title]


@pytest.mark.parametrize(
    "text, steps",
    [
        (
            "need to find a new place, give notice at work?? no wait not work, register with "
            "letting agents, book a removal van, and pack",
            "1. Register with letting agents\n2. Book a removal van\n3. Pack\n",
        ),
        (
            "need to sort the garden, cut the hedge?? oh wait not the hedge, mow the lawn, weed the beds",
            "1. Mow the lawn\n2. Weed the beds\n",
        ),
        (
            "wedding stuff: book the venue, hire a band?, no wait not the band, order flowers, "
            "send invites",
            "1. Book the venue\n2. Order flowers\n3. Send invites\n",
        ),
    ],
)
async def test_a_correction_after_a_doubt_mark_drops_its_thing_and_the_list_goes_on(
    interpreter, ctx, db_path, text, steps
):
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is not None and steps in answer.text


async def test_a_list_read_on_after_a_doubt_mark_is_made_whole(say, ctx, store):
    """ "??" inside a list ends no sentence: the steps after it are the plan's too (it was
    proposed with them left out)."""
    await say(
        "I have to get the boiler serviced, ring the engineer?? also order the part, book a day off"
    )
    assert await titles_and_steps(store, ctx) == [
        ("Get the boiler serviced", ["Ring the engineer", "Order the part", "Book a day off"])
    ]


@pytest.mark.parametrize(
    "text, made, offered",
    [
        (
            "garden plan: dig the beds, plant the bulbs, mow the lawn, maybe also paint the shed",
            ("Garden", ["Dig the beds", "Plant the bulbs", "Mow the lawn"]),
            "Paint the shed",
        ),
        (
            "I need to get the car ready for winter: check the tyres, top up the antifreeze, "
            "might get the wipers replaced",
            ("Get the car ready for winter", ["Check the tyres", "Top up the antifreeze"]),
            "Get the wipers replaced",
        ),
        (
            "party prep: book the band, order flowers, hire a photographer maybe",
            ("Party prep", ["Book the band", "Order flowers"]),
            "Hire a photographer",
        ),
    ],
)
async def test_a_hedge_on_one_step_makes_the_rest_and_offers_that_step(
    interpreter, ctx, store, text, made, offered
):
    answer = await interpreter.handle(text, ctx)
    assert await titles_and_steps(store, ctx) == [made]
    assert answer.question is not None and f"“{offered}”" in answer.question.text
    await press(interpreter, ctx, answer.question.options[0])
    title, steps = made
    assert await titles_and_steps(store, ctx) == [(title, [*steps, offered])]


@pytest.mark.parametrize(
    "text, made, offered",
    [
        # the hedged step said in the middle of the list, not last
        (
            "garden plan: dig the beds, maybe paint the shed, plant the bulbs, mow the lawn",
            ("Garden", ["Dig the beds", "Plant the bulbs", "Mow the lawn"]),
            "Paint the shed",
        ),
        (
            "moving flat: find a new place, maybe repaint the bedroom, give notice at work, "
            "book a removal van",
            ("Moving flat", ["Find a new place", "Give notice at work", "Book a removal van"]),
            "Repaint the bedroom",
        ),
        (
            "I need to get the car ready for winter: check the tyres, might get the wipers "
            "replaced, top up the antifreeze",
            ("Get the car ready for winter", ["Check the tyres", "Top up the antifreeze"]),
            "Get the wipers replaced",
        ),
    ],
)
async def test_a_hedged_step_in_the_middle_of_the_list_is_offered_too(
    interpreter, ctx, store, text, made, offered
):
    answer = await interpreter.handle(text, ctx)
    assert await titles_and_steps(store, ctx) == [made]
    assert answer.question is not None and f"“{offered}”" in answer.question.text


@pytest.mark.parametrize(
    "text",
    [
        # near misses: the goal itself is hedged, or too few steps are sure
        "maybe I'll redo the garden: dig the beds, plant the bulbs, mow the lawn",
        "garden plan: dig the beds, plant the bulbs, maybe paint the shed, perhaps redo the path",
        "sort the garage: maybe clear out the junk, perhaps sell the bike, fix the door",
    ],
)
async def test_a_hedge_on_the_goal_or_most_steps_writes_nothing(interpreter, ctx, db_path, text):
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert "Created" not in answer.text


PARTY = "party: book the venue, book an electrician for the lights, get a quote for the marquee"


@pytest.mark.parametrize(
    ("text", "step"),
    [
        # another word for the thing, not the same thing: offered, never written at once
        ("booked the hall for the 12th", "Book the venue"),
        ("the estimate finally came in, 900 all in", "Get a quote for the marquee"),
        ("hall's sorted for the 12th", "Book the venue"),
    ],
)
async def test_a_nickname_or_a_kindred_word_is_offered_not_written(
    say, interpreter, ctx, db_path, text, step
):
    await say(PARTY)
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is not None and f"“{step}”" in answer.text, answer.text


@pytest.mark.parametrize(
    ("text", "title"),
    [
        # near misses: a real abbreviation names the step's own thing, written at once
        ("dentist appt booked", "Book the dentist appointment"),
        ("got the pics done at boots", "Get the passport photos"),
        ("sparky's booked in for friday", "Book an electrician"),
    ],
)
async def test_an_abbreviation_writes_at_once(say, ctx, store, text, title):
    await say("errands: book the dentist appointment, get the passport photos, book an electrician")
    await say(text)
    steps = (await plan(store, ctx))["steps"]
    assert [s["status"] for s in steps if s["title"] == title] == ["done"]


# -- a newcomer's first plan said after a filler, or in the shapes people type ----------------


@pytest.mark.parametrize(
    "text, title, steps",
    [
        # a filler before a goal, a colon and its steps
        (
            "right so Nan's 80th: hire the hall, order a cake and ask Tom to do a speech",
            "Nan's 80th",
            ["Hire the hall", "Order a cake", "Ask Tom to do a speech"],
        ),
        (
            "so basically the garage: clear it out, sell the bike and paint the walls",
            "Garage",
            ["Clear it out", "Sell the bike", "Paint the walls"],
        ),
        (
            "right so shed clear out: empty it, sweep it and paint the floor",
            "Shed clear out",
            ["Empty it", "Sweep it", "Paint the floor"],
        ),
        (
            "hiya! car boot sale > book a pitch > price everything > pack the car",
            "Car boot sale",
            ["Book a pitch", "Price everything", "Pack the car"],
        ),
        # a goal said with a goal word, its steps in a later sentence
        (
            "Hello, I'm Jean. My son set this up. I need to get my late husband's car sold. I "
            "have to find the logbook, get it valued and then put an advert in the paper",
            "Get my late husband's car sold",
            ["Find the logbook", "Get it valued", "Put an advert in the paper"],
        ),
        # the goal as the first of a list of steps
        (
            "planning a surprise party for Dev's 40th, book the pub, invite his work mates and "
            "order a cake",
            "Planning a surprise party for Dev's 40th",
            ["Book the pub", "Invite his work mates", "Order a cake"],
        ),
    ],
)
async def test_a_newcomers_plan_in_the_shapes_people_type_is_made(
    say, ctx, store, text, title, steps
):
    await say(text)
    assert await titles_and_steps(store, ctx) == [(title, steps)]


@pytest.mark.parametrize(
    "text",
    [
        # news and a ranking, after the same fillers: no plan
        "ok so the kids > the dog > the cat",
        "right then. went to the tip, got the paint, had a nap",
        "I'll ring the vet, buy the food and book the groomer",
    ],
)
async def test_no_plan_is_made_of_news_a_ranking_or_an_intention(interpreter, ctx, db_path, text):
    with sqlite3.connect(db_path) as db:
        before = db.execute("SELECT COUNT(*) FROM plans").fetchone()[0]
    await interpreter.handle(text, ctx)
    with sqlite3.connect(db_path) as db:
        assert db.execute("SELECT COUNT(*) FROM plans").fetchone()[0] == before


# -- a newcomer's first plan read by shape: the goal among its context, chatter around the list


@pytest.mark.parametrize(
    "text, title, steps",
    [
        # a count said between the goal and the list is walked past
        (
            "omg the street party is actually happening!!! 60 ppl 😅 need to get a road "
            "closure, borrow tables and book a bouncy castle",
            "Street party",
            ["Get a road closure", "Borrow tables", "Book a bouncy castle"],
        ),
        # the writer's news and feelings after the list are no steps
        (
            "Plan for my first month in Dublin: get a PPS number, open a bank account, find a "
            "flat near work. I arrived on Monday, still jetlag 😵",
            "My first month in Dublin",
            ["Get a PPS number", "Open a bank account", "Find a flat near work"],
        ),
        # a sequence told in prose on one line, someone else's step in it, chatter after it
        (
            "Hi po! My wife will join me in Leeds next year 🙏 so I need to do the spouse visa.\n"
            "First she does the TB test in Manila, then I ask my employer for the letter, then "
            "apply online, and then pay the IHS.\nAng dami talaga 😅",
            "Do the spouse visa",
            [
                "She does the TB test in Manila",
                "Ask my employer for the letter",
                "Apply online",
                "Pay the IHS",
            ],
        ),
        # the list's lead-in and a joining word at a line's start; the goal after its context
        (
            "30 years married in June 🥹 we want to renew our vows!\nthings to do: talk to the "
            "vicar about it,\nfind a dress,\nand book lunch at the Swan",
            "Renew our vows",
            ["Talk to the vicar about it", "Find a dress", "Book lunch at the Swan"],
        ),
        # someone else's step in a sequence told in prose is a step
        (
            "Good evening. I want to plan my dad's visit to Leeds for Easter. First I will send "
            "him the invitation letter, after that he will do the visa interview in Accra, then I "
            "buy his ticket.",
            "Plan my dad's visit to Leeds for Easter",
            [
                "Send him the invitation letter",
                "He will do the visa interview in Accra",
                "Buy his ticket",
            ],
        ),
        # the person's role names what the plan is for; "between" takes both sides of "and"
        (
            "So apparently I'm the executor of my aunt's estate now. First we need to get "
            "probate, then sell the flat, and eventually split the money between me and my "
            "cousin. Never done any of this before.",
            "My aunt's estate",
            ["Get probate", "Sell the flat", "Eventually split the money between me and my cousin"],
        ),
    ],
)
async def test_a_newcomers_plan_among_context_and_chatter_is_made_as_meant(
    say, ctx, store, text, title, steps
):
    await say(text)
    assert await titles_and_steps(store, ctx) == [(title, steps)]


@pytest.mark.parametrize(
    "text",
    [
        # a count is no goal: shown, made on yes
        "40 ppl. need to find a venue, book a caterer and send the invites",
        "3 weeks to go!! need to book the DJ, order the cake and send the invites",
        "about 30 guests. need to book the hall, send invites and order food",
    ],
)
async def test_a_newcomers_plan_whose_title_is_a_count_is_proposed(say, ctx, store, text):
    answer = await say(text)
    assert "Nothing changed yet" in answer
    assert await titles_and_steps(store, ctx) == []


# -- a newcomer's plan named with the word "plan", or its steps numbered by the person -------


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "Kindly make a plan for my brother's housewarming function. Book the hall, finalise "
            "the caterer, order sweet boxes, print invitation cards and arrange the pandit.",
            "My brother's housewarming function",
            [
                "Book the hall",
                "Finalise the caterer",
                "Order sweet boxes",
                "Print invitation cards",
                "Arrange the pandit",
            ],
        ),
        (
            "Dissertation plan\n1. finish lit review\n2. ethics amendment for the survey\n"
            "3. transcribe interviews\n4. write methods chapter\n5. send the draft to my supervisor",
            "Dissertation",
            [
                "Finish lit review",
                "Ethics amendment for the survey",
                "Transcribe interviews",
                "Write methods chapter",
                "Send the draft to my supervisor",
            ],
        ),
    ],
)
async def test_a_plan_named_so_or_numbered_by_the_person_is_made_at_once(
    interpreter, ctx, store, text, title, steps
):
    """The learnt plan check doubts these shapes (a title read from a sentence, a short first
    step), but the person named the plan with the word "plan" or numbered each step: made at
    once, never proposed (docs/UNDERSTANDING.md, "The check of a new plan's shape")."""
    answer = await interpreter.handle(text, ctx)
    assert answer.question is None, answer.text
    assert await titles_and_steps(store, ctx) == [(title, steps)]


async def test_a_list_led_in_by_a_hedge_is_shown_with_its_goal_and_only_its_steps(
    interpreter, ctx, store, db_path
):
    """ "i think first I have to …": the hedge is neither the plan's title ("Think") nor a
    step ("I think"); the list the person is unsure of is shown, made on yes."""
    text = (
        "im trying to move from teaching into UX design. i think first I have to do the google "
        "UX cert, then a small portfolio project, then redo my CV and then start applying to "
        "agencies."
    )
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is not None, answer.text
    assert "Start a new plan “Move from teaching into UX design” with 4 steps?" in answer.text
    for name, args in answer.question.options[0].calls:
        await interpreter.call(ctx, name, args)
    assert await titles_and_steps(store, ctx) == [
        (
            "Move from teaching into UX design",
            [
                "Do the google UX cert",
                "A small portfolio project",
                "Redo my CV",
                "Start applying to agencies",
            ],
        )
    ]


# -- a newcomer's first plan wrapped in greetings, introductions, chatter and thanks --------
#
# The plan check may offer a plan instead of making it (a press makes it): what is tested is
# that the plan made or offered has the right title and steps, never a greeting, an
# introduction, the politeness of asking or a closing thanks in them.


async def _made_or_offered(interpreter, ctx, text: str) -> None:
    ctx.message = text
    answer = await interpreter.handle(text, ctx)
    if answer.question is not None and "Nothing changed yet" in answer.text:
        await press(interpreter, ctx, answer.question.options[0])


@pytest.mark.parametrize(
    "text, title, steps",
    [
        # a greeting with the word it calls someone by, a line of who is writing, then the
        # title on its own line over the list
        (
            "good morning sis 🙏 my name is Funmi, my wedding is in march so i need help\n"
            "Engagement party\n- book the hall\n- buy the drinks\n- hire the DJ",
            "Engagement party",
            ["Book the hall", "Buy the drinks", "Hire the DJ"],
        ),
        # who sent them, then a label naming the plan over numbered steps
        (
            "hiya! my neighbour told me about this bot 😅\nPlan: clear out the garage\n"
            "1. sort the boxes\n2. book a skip\n3. sell the bike",
            "Clear out the garage",
            ["Sort the boxes", "Book a skip", "Sell the bike"],
        ),
        # a title line ending in " -" after a chatty first line, the list said to be over
        (
            "lol my sister said you can help me remember stuff 😂 im best man for Tayo so:\n"
            "stag do -\nbook the lodge\nsort the minibus\nplan the games\nok thats it for now",
            "Stag do",
            ["Book the lodge", "Sort the minibus", "Plan the games"],
        ),
        # the politeness between the asking words and the goal
        (
            "new plan dong: arisan keluarga. sewa tempat, pesan makanan, kirim undangan",
            "Arisan keluarga",
            ["Sewa tempat", "Pesan makanan", "Kirim undangan"],
        ),
        (
            "Could you make a new plan please, bake sale at the school. bake the cakes, print "
            "posters, borrow tables",
            "Bake sale at the school",
            ["Bake the cakes", "Print posters", "Borrow tables"],
        ),
        # "make a new plan" in Afrikaans
        (
            "maak 'n nuwe plan: braai for the team. buy the meat, book the venue, send invites",
            "Braai for the team",
            ["Buy the meat", "Book the venue", "Send invites"],
        ),
        # steps counted aloud are cut where counted; thanks after the last is none of it
        (
            "ok so plan for a new laptop step one sell the old one step two ask Dad for money "
            "step three go to the shop and buy it thanks",
            "A new laptop",
            ["Sell the old one", "Ask Dad for money", "Go to the shop and buy it"],
        ),
        # steps chained by "then", going somewhere to do a thing there
        (
            "so for the naming ceremony we need to call the pastor then buy the food then go to "
            "Oshodi market buy the cloth then pay the band",
            "For the naming ceremony",
            [
                "Call the pastor",
                "Buy the food",
                "Go to Oshodi market buy the cloth",
                "Pay the band",
            ],
        ),
        # the thing asked to be kept, its list after the question mark
        (
            "Morning! Can you help me keep track of the garden stuff while Mum is away? water "
            "the tomatoes on Sunday, pay the gardener, and mow the lawn.",
            "The garden stuff while Mum is away",
            ["Water the tomatoes on Sunday", "Pay the gardener", "Mow the lawn"],
        ),
        # saying one is new before an emoji is no part of the goal
        (
            "hey!! new here 🙌 our book club wants to run a swap day in March — book the hall — "
            "make a poster — ask the library. that's it x",
            "Our book club wants to run a swap day in March",
            ["Book the hall", "Make a poster", "Ask the library"],
        ),
        # an Indonesian lead-in to the list, and thanks said after it
        (
            "pagi kak! aku baru pake bot ini 😅 kami mau bikin arisan keluarga. yg perlu: sewa "
            "tempat, pesan makanan, kirim undangan. makasih ya",
            "kami mau bikin arisan keluarga",  # (as the person typed it)
            ["Sewa tempat", "Pesan makanan", "Kirim undangan"],
        ),
    ],
)
async def test_a_newcomers_plan_wrapped_in_chatter_has_its_own_title_and_steps(
    interpreter, ctx, store, text, title, steps
):
    await _made_or_offered(interpreter, ctx, text)
    assert await titles_and_steps(store, ctx) == [(title, steps)]


# -- the words around a newcomer's first plan that address drbot or only fill (z156–z161) ---


@pytest.mark.parametrize(
    "text, title, steps",
    [
        # an interjection before "first … then …": no goal named, the first step names it
        (
            "yoh ok so first i go to the bank for my statement, then book the movers, then pay "
            "the deposit",
            "Go to the bank for my statement",
            ["Go to the bank for my statement", "Book the movers", "Pay the deposit"],
        ),
        # a greeting with the word it calls drbot by, then an interjection, over a marked list
        (
            "heita bot 👋🏾 sho so i need to sort my bursary forms\n- fill in the form\n- "
            "scan my ID\n- submit",
            "Sort my bursary forms",
            ["Fill in the form", "Scan my ID", "Submit"],
        ),
        # the word drbot is called by after the asking words
        (
            "new plan bossu: hostel move 📦 pack my books, return the key, collect the deposit",
            "Hostel move",
            ["Pack my books", "Return the key", "Collect the deposit"],
        ),
        (
            "put a new one down mate: get the boat ready for summer — antifoul the hull, service "
            "the outboard, renew the mooring",
            "Get the boat ready for summer",
            ["Antifoul the hull", "Service the outboard", "Renew the mooring"],
        ),
        # a remark on the asking words before their colon: a laugh or why
        (
            "new project bc apparently i like pain: the attic. clear the boxes, lay boards, fit "
            "a ladder",
            "Attic",
            ["Clear the boxes", "Lay boards", "Fit a ladder"],
        ),
        # a face after the asking words ends them, over a title line and its steps
        (
            "add a new one pls 😊 Shed roof\nstrip the felt\nbuy new felt\nnail it down",
            "Shed roof",
            ["Strip the felt", "Buy new felt", "Nail it down"],
        ),
        # Tagalog "my plan:" before the goal, over a marked list
        (
            "hello po 😊 first time here. plan ko: open a savings account\n- get a valid ID\n- "
            "go to the branch\n- deposit the first 500",
            "Open a savings account",
            ["Get a valid ID", "Go to the branch", "Deposit the first 500"],
        ),
        # a wait for a thing, ended by a face, is the list's last numbered step
        (
            "plan for my work visa\n1. get the job offer letter\n2. file the application\n3. "
            "wait for the approval 🤞",
            "My work visa",
            ["Get the job offer letter", "File the application", "Wait for the approval 🤞"],
        ),
        # "first thing is" starts the list after a goal said in a dictated sentence
        (
            "okay so I'm hosting the family reunion this year full stop first thing is book the "
            "hall comma then I need to order the food comma and then send the invites full stop",
            "I'm hosting the family reunion this year",
            ["Book the hall", "Order the food", "Send the invites"],
        ),
    ],
)
async def test_words_that_address_drbot_or_fill_are_no_title_of_a_first_plan(
    interpreter, ctx, store, text, title, steps
):
    await _made_or_offered(interpreter, ctx, text)
    assert await titles_and_steps(store, ctx) == [(title, steps)]


@pytest.mark.parametrize(
    "text, title",
    [
        # praise over good news is no title: the news names the goal
        (
            "good morning pls. my son got into medical school 🎉 God is good!! Things to do: pay "
            "the deposit, buy the books, find a hostel",
            "My son got into medical school",
        ),
        (
            "hi. I got the job at the bank 🎉🎉 Alhamdulillah. Things to do: sign the contract, "
            "buy shoes, open an account",
            "Got the job at the bank",
        ),
        (
            "good evening pls. I passed my driving test 🎉🎉 God did!! Things to do: buy "
            "insurance, get a car, book a motorway lesson",
            "Passed my driving test",
        ),
    ],
)
async def test_praise_over_good_news_is_no_title(interpreter, ctx, store, text, title):
    await _made_or_offered(interpreter, ctx, text)
    (made,) = await titles_and_steps(store, ctx)
    assert made[0] == title, made


async def test_a_new_one_put_down_is_no_step_of_a_plan_that_exists(interpreter, fence, ctx, store):
    """ "put a new one down mate: …" asks for a new plan whatever words it shares with a step
    ("Get quotes"): made, never read as news of that step."""
    await _made_or_offered(
        interpreter,
        ctx,
        "put a new one down mate: get quotes for the roof — ring three roofers, compare them, "
        "book the cheapest",
    )
    assert (
        "Get quotes for the roof",
        ["Ring three roofers", "Compare them", "Book the cheapest"],
    ) in (await titles_and_steps(store, ctx))


@pytest.mark.parametrize("text, goal", new_plans.GOAL_THEN_REMARK_EXAMPLES)
def test_a_remark_after_a_goals_comma_is_no_part_of_it(text, goal):
    assert new_plans.goal_then_remark(text) is not None


@pytest.mark.parametrize("text", new_plans.GOAL_THEN_REMARK_NEAR_MISSES)
def test_a_step_or_a_goal_after_the_comma_is_no_remark(text):
    assert new_plans.goal_then_remark(text) is None


@pytest.mark.parametrize("text, goal", new_plans.GOAL_THEN_REMARK_EXAMPLES)
async def test_a_newcomers_goal_with_a_remark_after_it_is_offered(
    interpreter, ctx, store, db_path, text, goal
):
    """Offered, nothing written before the press; on yes the goal alone, no steps."""
    ctx.message = text
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is not None and "Nothing changed yet" in answer.text, answer.text
    await press(interpreter, ctx, answer.question.options[0])
    assert await titles_and_steps(store, ctx) == [(goal, [])]


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "new one: taco night for the regulars nov 30. order the tortillas, book the band, "
            "make posters",
            "Taco night for the regulars nov 30",
            ["Order the tortillas", "Book the band", "Make posters"],
        ),
    ],
)
async def test_a_new_one_named_after_the_asking_words_is_made_at_once(
    interpreter, ctx, store, text, title, steps
):
    """Named as plainly as with the word "plan": the plan check's doubt does not hold it."""
    ctx.message = text
    answer = await interpreter.handle(text, ctx)
    assert answer.question is None, answer.text
    assert await titles_and_steps(store, ctx) == [(title, steps)]


# -- a new plan's title is never the announcement nor the preamble ----------------------


@pytest.mark.parametrize(
    "text, title, steps",
    [
        # a clause only announcing a new plan, in any language, fillers and all: the goal
        # follows it (plan_prose.announced_plan_end)
        (
            "monta uma lista nova aí: mudança pro Porto — alugar a van, encaixotar a cozinha, "
            "avisar o senhorio",
            "Mudança pro Porto",
            ["Alugar a van", "Encaixotar a cozinha", "Avisar o senhorio"],
        ),
        (
            "ek aur plan bana do - mehndi night: henna artist book karna, dholki, snacks",
            "Mehndi night",
            ["Henna artist book karna", "Dholki", "Snacks"],
        ),
        (
            "new list yaar, ammi ki birthday 🎂 cake order karna, phir restaurant book, aur gift",
            "Ammi ki birthday",
            # ("phir", "then", orders the step: no part of it; "aur gift" is a step of one
            # word after its "and", left as it is)
            ["Cake order karna", "Restaurant book", "Aur gift"],
        ),
        # a remark on how much there is to do is no goal: the goal said before it is
        (
            "salaam! bhai ki shaadi hai march mein, Karachi. bahut kaam hai 😅\n- venue book karna"
            "\n- caterer dhoondna\n- cards chapwane",
            "Bhai ki shaadi hai march mein",
            ["Venue book karna", "Caterer dhoondna", "Cards chapwane"],
        ),
        # a want of "it" names no thing: the goal is the news it points back to
        (
            "hey i run the café on the corner and the wifi is a nightmare 😩 want it sorted once "
            "and for all. ring the provider, ask about a booster, get a quote for fibre",
            "Run the café on the corner and the wifi is a nightmare",
            ["Ring the provider", "Ask about a booster", "Get a quote for fibre"],
        ),
        # a title that is about a list keeps it
        (
            "Christmas list: wrap the presents, post the cards, order the turkey",
            "Christmas list",
            ["Wrap the presents", "Post the cards", "Order the turkey"],
        ),
    ],
)
async def test_the_announcement_or_a_remark_before_the_goal_is_never_the_title(
    say, ctx, store, text, title, steps
):
    await say(text)
    assert await titles_and_steps(store, ctx) == [(title, steps)]


async def test_who_brought_them_here_is_no_title_the_plan_is_offered(interpreter, ctx, db_path):
    text = (
        "beti ne ye app install karke diya hai. mehndi ke liye artist book karna hai, "
        "dholki wali, aur snacks"
    )
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is not None
    assert "Start a new plan “Mehndi ke liye artist book karna hai”" in answer.text


@pytest.mark.parametrize("text, goal", new_plans.BARE_GOAL_EXAMPLES)
def test_a_newcomers_bare_goal_is_read_wherever_it_stands(text, goal):
    answer = new_plans.bare_goal(text)
    assert answer is not None and f"“{goal}”" in answer.text


@pytest.mark.parametrize("text", new_plans.BARE_GOAL_NEAR_MISSES)
def test_small_talk_a_question_or_steps_are_no_bare_goal(text):
    assert new_plans.bare_goal(text) is None


@pytest.mark.parametrize("text, goal", new_plans.BARE_GOAL_EXAMPLES)
async def test_a_newcomers_bare_goal_is_offered_never_written(
    interpreter, ctx, store, db_path, text, goal
):
    """Offered after the greeting or the remark that hid it; on yes the goal alone."""
    ctx.message = text
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is not None and "Nothing changed yet" in answer.text, answer.text
    await press(interpreter, ctx, answer.question.options[0])
    assert await titles_and_steps(store, ctx) == [(goal, [])]


# -- a newcomer's first plan in mixed languages and running prose (round 30) --------------


@pytest.mark.parametrize(
    "text, title, steps",
    [
        # a greeting in the language they think in is no title: "gud mawnin", "sawasdee krub"
        (
            "gud mawnin. mi waan paint di house fi easter\n- buy di paint\n- borrow di ladder\n"
            "- wash di wall",
            "Mi waan paint di house fi easter",
            ["Buy di paint", "Borrow di ladder", "Wash di wall"],
        ),
        # (and the Thai laugh typed as digits before a good wish is no step)
        (
            "sawasdee krub 🙏 i want to sell grilled pork at the market na\nfirst buy a grill\n"
            "then get a permit from the office\nthen make a sign\n555 wish me luck",
            "Sell grilled pork at the market na",
            ["Buy a grill", "Get a permit from the office", "Make a sign"],
        ),
        # a particle after the asking words is no title: "new plan na:"
        (
            "new plan na: list the room on airbnb also. make account, upload photos, set the price",
            "List the room on airbnb also",
            ["Make account", "Upload photos", "Set the price"],
        ),
        # who writes, and that they write again, before the ask for one more plan
        (
            "Brother Clive here again, add another one please: Christmas lunch for the seniors. "
            "buy the ham, ask Sister Mavis to bake, set up the hall",
            "Christmas lunch for the seniors",
            ["Buy the ham", "Ask Sister Mavis to bake", "Set up the hall"],
        ),
        # the ask for a new plan in Beirut's words ("zedele plan jdid please:")
        (
            "zedele plan jdid please: birthday for Lea 🎉 book the clown, order the cake, invite "
            "the cousins",
            "Birthday for Lea",
            ["Book the clown", "Order the cake", "Invite the cousins"],
        ),
        # "so" after a stop only leads on to "first"; "first thing I need to do is" starts it
        (
            "my daughter starts nursery in january. so first fill in the form on the council "
            "website, then visit the nursery, then buy her bag",
            "My daughter starts nursery in january",
            ["Fill in the form on the council website", "Visit the nursery", "Buy her bag"],
        ),
        (
            "the wedding is coming up first thing I need to do is book the church then we need "
            "to order the flowers then hire the band",
            "The wedding is coming up",
            ["Book the church", "Order the flowers", "Hire the band"],
        ),
        # "last one" before a step's verb orders the last step
        (
            "ok my plan: easter egg hunt for the kids 🐣 first buy the eggs, then hide them in the "
            "park, then make the maps, last one invite the neighbours",
            "Easter egg hunt for the kids",
            ["Buy the eggs", "Hide them in the park", "Make the maps", "Invite the neighbours"],
        ),
        # the ask to remember it, "you" left out, after the last step: no part of it
        (
            "need to renew my licence. get photos → fill the form → pay the fee → post it. can "
            "help me remember na",
            "Renew my licence",
            ["Get photos", "Fill the form", "Pay the fee", "Post it"],
        ),
        # thanks drawn out on the last line: "merciii"
        (
            "Book club relaunch 📚\npick the first book\nbook the room\nsend the invites\nmerciii",
            "Book club relaunch 📚",
            ["Pick the first book", "Book the room", "Send the invites"],
        ),
    ],
)
async def test_a_newcomers_plan_in_mixed_words_is_read_past_its_greeting_and_order_words(
    say, ctx, store, text, title, steps
):
    await say(text)
    assert await titles_and_steps(store, ctx) == [(title, steps)]


@pytest.mark.parametrize(
    "text, title, steps",
    [
        # news told first, then the goal at the head of the first item, before its colon
        (
            "hey there 👋 missed my bus AGAIN lol anyway. need to renew my work permit: get the "
            "letter from HR, pay the fee, then book biometrics",
            "Renew my work permit",
            ["Get the letter from HR", "Pay the fee", "Book biometrics"],
        ),
        # a list dictated as "number one … number two …"
        (
            "ok so plan for my driving test number one book the theory test number two buy the "
            "highway code number three take ten lessons",
            "My driving test",
            ["Book the theory test", "Buy the highway code", "Take ten lessons"],
        ),
        # who is writing, in French or as someone's mother, is never the title
        (
            "salut! je m'appelle Aude, je suis infirmière à Lyon. I need help with my titre de "
            "séjour\n- book the rdv\n- get photos\n- pay the timbre",
            "My titre de séjour",
            ["Book the rdv", "Get photos", "Pay the timbre"],
        ),
        (
            "hello, i am Priya mother, come to Leeds visit my daughter. i want make plan:\n"
            "1. buy warm boots\n2. go Primark with daughter\n3. visit York",
            "Come to Leeds visit my daughter",
            ["Buy warm boots", "Go Primark with daughter", "Visit York"],
        ),
        # the "and" of Nepali or Portuguese between the last two actions
        (
            "namaste 🙏 scooter kinne plan: showroom ma herne, test ride garne, loan form bharne "
            "ani paisa tirne",
            "Scooter kinne",
            ["Showroom ma herne", "Test ride garne", "Loan form bharne", "Paisa tirne"],
        ),
        (
            "oi! quero organizar o bazar da igreja: separar as doações, fazer os cartazes, chamar "
            "as voluntárias e montar as mesas",
            "Quero organizar o bazar da igreja",
            ["Separar as doações", "Fazer os cartazes", "Chamar as voluntárias", "Montar as mesas"],
        ),
    ],
)
async def test_a_newcomers_first_plan_in_mixed_languages_and_running_prose(
    say, ctx, store, text, title, steps
):
    await say(text)
    assert await titles_and_steps(store, ctx) == [(title, steps)]


async def test_an_item_the_newcomer_numbered_is_a_step_though_it_laughs(interpreter, ctx, store):
    text = (
        "hey, just got back from reserve duty 🫠 need to get my life back in order\n"
        "1. return the gear\n2. file the claim\n3. call my boss\n4. sleep for a week lol"
    )
    await taken(interpreter, ctx, text)
    assert await titles_and_steps(store, ctx) == [
        (
            "Get my life back in order",
            ["Return the gear", "File the claim", "Call my boss", "Sleep for a week lol"],
        )
    ]


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "car boot on sunday\nload the boot, set up the table, bring a float",
            "Car boot on sunday",
            ["Load the boot", "Set up the table", "Bring a float"],
        ),
        (
            "Garage sort\nplan: sell the bike, bin the paint tins, fix the shelves",
            "Garage sort",
            ["Sell the bike", "Bin the paint tins", "Fix the shelves"],
        ),
        (
            "i want to take my wife to Lisbon in may\nplan: cheap flights from Luton, hotel "
            "near the old town, book the tram tour",
            "Take my wife to Lisbon in may",
            ["Cheap flights from Luton", "Hotel near the old town", "Book the tram tour"],
        ),
        (
            "shed clear out\nemptying the shelves -> hire a skip -> sell the mower",
            "Shed clear out",
            ["Emptying the shelves", "Hire a skip", "Sell the mower"],
        ),
    ],
)
async def test_a_list_typed_on_one_line_is_shown_as_its_steps(
    interpreter, ctx, store, db_path, text, title, steps
):
    """A list typed on one line under its goal, read as one step, is its steps: a piece with
    no step's verb may be a thing's name cut at its comma, so the plan is shown, made on yes."""
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is not None, answer.text
    assert f"Start a new plan “{title}” with {len(steps)} steps?" in answer.text, answer.text
    for name, args in answer.question.options[0].calls:
        await interpreter.call(ctx, name, args)
    assert await titles_and_steps(store, ctx) == [(title, steps)]


async def test_the_name_said_again_on_its_own_line_over_the_list_is_the_title(
    interpreter, ctx, store
):
    """A sentence saying what the person is setting out to do, then its name again on a line
    of its own over the steps: the name is the title, never the first step."""
    text = (
        "hiya, so we are finally doing up the back garden before summer\nGarden makeover\n"
        "clear the weeds\nbuy the slabs\nplant the roses"
    )
    await interpreter.handle(text, ctx)
    assert await titles_and_steps(store, ctx) == [
        ("Garden makeover", ["Clear the weeds", "Buy the slabs", "Plant the roses"])
    ]


async def test_a_spanish_y_before_an_infinitive_with_its_pronoun_ends_a_step(
    interpreter, ctx, store
):
    """ "… pintar de azul y blanco y ponerle el letrero": the infinitive keeps its form with a
    pronoun joined on, so the "y" before it ends a step as "and" before a verb does; the "y"
    between two things ("azul y blanco") cuts nothing."""
    text = (
        "Quiero abrir una barbería en la casa. Sacar la licencia, comprar las sillas, pintar de "
        "azul y blanco y ponerle el letrero"
    )
    await interpreter.handle(text, ctx)
    [(_, steps)] = await titles_and_steps(store, ctx)
    assert steps == [
        "Sacar la licencia",
        "Comprar las sillas",
        "Pintar de azul y blanco",
        "Ponerle el letrero",
    ]


async def test_asking_for_help_before_a_list_is_no_title(interpreter, ctx, store):
    """ "need help organizing, my son's naming day is in april": asking for help names
    nothing; the event said after the comma names the plan."""
    text = (
        "salam! need help organizing, my son's naming day is in april\n- book the hall\n"
        "- order the cake\n- invite the cousins"
    )
    await interpreter.handle(text, ctx)
    assert await titles_and_steps(store, ctx) == [
        (
            "My son's naming day is in april",
            ["Book the hall", "Order the cake", "Invite the cousins"],
        )
    ]


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "fit like! ma first time usin this thing. need tae sort the shed for the winter\n"
            "- clear the junk\n- fix the roof\n- paint the door",
            "Need tae sort the shed for the winter",
            ["Clear the junk", "Fix the roof", "Paint the door"],
        ),
    ],
)
async def test_words_about_drbot_before_a_goal_are_no_title(say, ctx, store, text, title, steps):
    """How the person came to drbot ("my neighbour told me bout this bot") names no goal: the
    goal said after it is the title."""
    ctx.message = text
    await say(text)
    assert await titles_and_steps(store, ctx) == [(title, steps)]


async def test_words_about_drbot_over_a_goal_led_list_offer_its_first_item_for_the_title(
    interpreter, ctx, store, db_path
):
    """ "… my cousin told me bout this bot. need to get my van MOT done, book the garage, …":
    nothing before the list names its goal, so its first item likely does: shown, made on
    yes."""
    text = (
        "yo my cousin told me bout this bot. need to get my van MOT done, book the garage, "
        "fix the wipers, pay the fee"
    )
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is not None, answer.text
    assert "Start a new plan “Get my van MOT done” with 3 steps?" in answer.text, answer.text


async def test_words_about_drbot_in_spanish_over_a_goal_line_offer_it_for_the_title(
    interpreter, ctx, store, db_path
):
    """ "holaa buenas tardes 😊 me dijo mi prima q aqui se puede organizar cosas\\nquiero
    hacerle el baby shower …" (z211): who told the person of drbot, in Spanish after a drawn
    out greeting, names no goal; the goal line under it is offered for the title, never made
    as the first step under a title of how they came."""
    text = (
        "holaa buenas tardes 😊 me dijo mi prima q aqui se puede organizar cosas\n"
        "quiero hacerle el baby shower a mi hermana en diciembre\nconseguir local\n"
        "comprar la torta\nmandar las invitaciones"
    )
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is not None, answer.text
    assert "baby shower" in answer.text.split("\n")[0], answer.text
    assert "with 3 steps?" in answer.text, answer.text


async def test_the_goal_said_again_under_its_sentence_is_the_title(say, ctx, store):
    """ "hi there, moving from scarborough to brampton in jan …\\nMove to Brampton\\nbook
    movers\\n…" (z219): the short line that says the sentence's goal again is its name, not a
    first step."""
    text = (
        "hi there, moving from scarborough to brampton in jan so need to get organized\n"
        "Move to Brampton\nbook movers\npack the kitchen\ncancel rogers internet"
    )
    ctx.message = text
    await say(text)
    assert await titles_and_steps(store, ctx) == [
        ("Move to Brampton", ["Book movers", "Pack the kitchen", "Cancel rogers internet"])
    ]


@pytest.mark.parametrize(
    "text, steps",
    [
        # words announcing the list are no step of it (z270; z163, z234 said it as a sentence)
        (
            "Morning. My daughter's wedding is in June and I need to sort a few things, the "
            "flowers, book the photographer, and order the cake.",
            ["The flowers", "Book the photographer", "Order the cake"],
        ),
        # a step that says what its things are for stays
        (
            "my daughter's wedding is in june and I need to buy a few things for the party, "
            "book the photographer, order the cake",
            ["Buy a few things for the party", "Book the photographer", "Order the cake"],
        ),
    ],
)
async def test_words_announcing_the_list_are_no_step(interpreter, ctx, store, text, steps):
    answer = await interpreter.handle(text, ctx)
    if answer.question is not None:
        await press(interpreter, ctx, answer.question.options[0])
    assert await titles_and_steps(store, ctx) == [("My daughter's wedding", steps)]
