"""A newcomer's first plan read by its shape, not its phrases.

Each class below is a shape people type a first plan in, read by structure: a list's marks,
clause boundaries, a step's verb at the head of a clause, a question's frame, a pronoun
pointing back at the thing a clause is about. The examples are worded unlike any corpus case;
the near-misses are the same shape without a plan, or with the words that must stay.
"""

from __future__ import annotations

import sqlite3

import pytest

from drbot.ai.language import plan_phrases, plan_prose

ME = 1


# A plan whose reading is checked here but whose shape the plan check doubts: offered first,
# made by the press (docs/UNDERSTANDING.md, "The check of a new plan's shape")
DOUBTED_BY_THE_PLAN_CHECK: frozenset[str] = frozenset()


async def _made(interpreter, ctx, store, text: str) -> list[tuple[str, list[str]]]:
    ctx.message = text
    answer = await interpreter.handle(text, ctx)
    if text in DOUBTED_BY_THE_PLAN_CHECK:
        assert answer.question is not None and "Start a new plan" in answer.text, answer.text
        for name, args in answer.question.options[0].calls:
            await interpreter.call(ctx, name, args)
    made = []
    for summary in await store.list_plans(ME):
        whole = await store.get_plan(ME, summary["id"])
        made.append((whole["title"], [s["title"] for s in whole["steps"]]))
    return made


# -- a marked list, then a line said about it ---------------------------------------------

MARKED_THEN_REMARK = [
    (
        "Attic conversion\n- get the structural survey\n- apply for building regs\n"
        "- hire a loft company\nmy partner thinks I'm mad",
        "Attic conversion",
        ["Get the structural survey", "Apply for building regs", "Hire a loft company"],
    ),
    (
        "Puppy arriving!!\n1. buy a crate\n2. puppy-proof the kitchen\n3. register at the vet\n"
        "can't wait honestly",
        "Puppy arriving",
        ["Buy a crate", "Puppy-proof the kitchen", "Register at the vet"],
    ),
    (
        "Sam's christening\n• speak to the vicar\n• choose godparents\nfingers crossed it all "
        "goes to plan",
        "Sam's christening",
        ["Speak to the vicar", "Choose godparents"],
    ),
]
# A line with no mark that starts with a step's verb is a step typed without its mark; a list
# with one mark or none is read line by line as before
MARKED_KEEPS = [
    (
        "Patio\n- dig out the old slabs\n- order sand\nbook the skip",
        "Patio",
        ["Dig out the old slabs", "Order sand", "Book the skip"],
    ),
    (
        "Patio\ndig out the old slabs\norder sand\nbook the skip",
        "Patio",
        ["Dig out the old slabs", "Order sand", "Book the skip"],
    ),
]


@pytest.mark.parametrize("text, title, steps", MARKED_THEN_REMARK + MARKED_KEEPS)
def test_a_line_without_a_mark_after_a_marked_list_is_said_about_it(text, title, steps):
    assert plan_phrases.read_plan(text) == (title, steps)


# -- a closing paragraph, or a sentence after a list numbered in a line ---------------------

CLOSING = [
    (
        "Spare room for the lodger\n\nclear the desk\nbuy a bedside lamp\nput a lock on the "
        "door\n\nmuch appreciated!",
        "Spare room for the lodger",
        ["Clear the desk", "Buy a bedside lamp", "Put a lock on the door"],
    ),
    (
        "Pond\n\nnet the leaves\nclean the pump\n\nthe frogs will thank me",
        "Pond",
        ["Net the leaves", "Clean the pump"],
    ),
    (
        "The gutters are blocked. 1 buy a ladder 2 clear the leaves 3 fit guards. Not looking "
        "forward to it",
        "The gutters are blocked",
        ["Buy a ladder", "Clear the leaves", "Fit guards"],
    ),
]
# A last paragraph or sentence led by a step's verb is one more step
CLOSING_KEEPS = [
    (
        "Pond\n\nnet the leaves\nclean the pump\n\nrestock the fish",
        "Pond",
        ["Net the leaves", "Clean the pump", "Restock the fish"],
    ),
    (
        "shed:\n\nempty it\n\nsweep it",
        "Shed",
        ["Empty it", "Sweep it"],
    ),
]


@pytest.mark.parametrize("text, title, steps", CLOSING + CLOSING_KEEPS)
def test_words_closing_a_list_are_no_step_of_it(text, title, steps):
    assert plan_phrases.read_plan(text) == (title, steps)


# -- items lettered inside one line --------------------------------------------------------

LETTERED = [
    (
        "Street party. a) ask the council to close the road b) borrow tables c) make bunting",
        "Street party",
        ["Ask the council to close the road", "Borrow tables", "Make bunting"],
    ),
    (
        "kitchen deep clean: (a) empty the cupboards (b) descale the kettle (c) scrub the oven",
        "Kitchen deep clean",
        ["Empty the cupboards", "Descale the kettle", "Scrub the oven"],
    ),
    (
        "Exam prep A) print past papers B) book a tutor C) make flashcards D) do a mock",
        "Exam prep",
        ["Print past papers", "Book a tutor", "Make flashcards", "Do a mock"],
    ),
]
LETTERED_NEAR_MISSES = [
    # letters with no bracket are words; letters out of order count nothing
    "got a b and c in my exams",
    "option c) is cheaper than b) and a) is too slow",
]


@pytest.mark.parametrize("text, title, steps", LETTERED)
def test_items_lettered_in_a_line_are_the_steps(text, title, steps):
    assert plan_phrases.read_plan(text) == (title, steps)


@pytest.mark.parametrize("text", LETTERED_NEAR_MISSES)
def test_letters_that_count_no_items_leave_the_line_as_it_is(text):
    assert plan_phrases.numbered_lines(text) == text


# -- a step asked as a question ------------------------------------------------------------

ASKED = [
    ("Should I ring the surveyor first?", "Ring the surveyor"),
    ("do we need to hire a skip?", "Hire a skip"),
    ("Shall I book the van before that?", "Book the van"),
    ("can we paint the hallway too", "Paint the hallway"),
]
NOT_ASKED_STEPS = [
    "Do I look ok",  # a question with no step's verb
    "should I?",  # nothing asked about
    "Ring the surveyor first",  # a step already
]


@pytest.mark.parametrize("text, step", ASKED)
def test_a_step_asked_as_a_question_is_the_step_asked_about(text, step):
    assert plan_phrases.as_asked(text) == step


@pytest.mark.parametrize("text", NOT_ASKED_STEPS)
def test_words_that_ask_about_no_step_are_left_as_they_are(text):
    assert plan_phrases.as_asked(text) == text


def test_a_question_mark_alone_is_no_step_of_a_sequence():
    read = plan_phrases.read_sequence(
        "new bathroom. do I pick the tiles first? then book the fitter and then order the suite"
    )
    assert read is not None
    assert all(any(c.isalpha() for c in step) for step in read[1])


# -- "first" and a step's verb, said with no stop after the goal ----------------------------

FIRST_UNMARKED = [
    (
        "I need to get the caravan ready for summer first wash the awning then check the gas "
        "and then book the pitch",
        "Get the caravan ready for summer",
        ["Wash the awning", "Check the gas", "Book the pitch"],
    ),
    (
        "we have to sort out the back garden firstly cut back the hedge then lay the turf then "
        "build the planter",
        "Sort out the back garden",
        ["Cut back the hedge", "Lay the turf", "Build the planter"],
    ),
    (
        "I want to get my bike roadworthy first order new brake cables then fit them and then "
        "pump up the tyres",
        "Get my bike roadworthy",
        ["Order new brake cables", "Fit them", "Pump up the tyres"],
    ),
]
FIRST_IN_A_NAME = [
    # "first" as part of a thing's name, not the start of the steps
    (
        "I need to do the first aid course, book the exam and get the certificate",
        "Do the first aid course",
        ["Book the exam", "Get the certificate"],
    ),
    (
        "I need to get my first car insured, buy a steering lock and fit a dashcam",
        "Get my first car insured",
        ["Buy a steering lock", "Fit a dashcam"],
    ),
]


@pytest.mark.parametrize("text, title, steps", FIRST_UNMARKED + FIRST_IN_A_NAME)
def test_first_and_a_steps_verb_end_a_goal_said_without_a_stop(text, title, steps):
    assert plan_prose.read_prose_plan(text) == (title, steps)


# -- actions joined by "and", "n" or "&" with no comma, after the goal ----------------------

JOINED = [
    (
        "Bathroom refit. rip out the old suite & order new tiles & book a plumber",
        "Bathroom refit",
        ["Rip out the old suite", "Order new tiles", "Book a plumber"],
    ),
    (
        "Xmas shopping ugh. order the turkey and wrap the presents and post the cards",
        "Xmas shopping",
        ["Order the turkey", "Wrap the presents", "Post the cards"],
    ),
    (
        "Moving the office. pack up the files n label the desks n cancel the broadband",
        "Moving the office",
        ["Pack up the files", "Label the desks", "Cancel the broadband"],
    ),
]
JOINED_NEAR_MISSES = [
    "Went to the shop. bought milk and eggs and bread",
    "Busy day. Mum and dad and the kids came round",
    "Cleaned the car. hoovered it and polished it and washed it",
]


@pytest.mark.parametrize("text, title, steps", JOINED)
def test_actions_joined_without_a_comma_after_the_goal_are_its_steps(text, title, steps):
    assert plan_prose.read_prose_plan(text) == (title, steps)


@pytest.mark.parametrize("text", JOINED_NEAR_MISSES)
def test_news_or_things_joined_after_a_sentence_are_no_steps(text):
    assert plan_prose.read_prose_plan(text) is None


# -- a goal that only points back at the thing the story is about ---------------------------

POINTING = [
    ("Get it fixed", "the dishwasher keeps leaking so", "Get the dishwasher fixed"),
    ("Get that sorted", "my wife passed and the flat is in her name so", "Get the flat sorted"),
    ("Sort it out", "our back gate fell off its hinges and", "Sort our back gate out"),
    ("Get it replaced", "the kitchen tap burst last night so", "Get the kitchen tap replaced"),
]
NOT_POINTING = [
    # a person is never what "it" points at; a goal that names its thing stays as it is;
    # nothing before it to name
    ("Sort it out", "my son broke his arm so"),
    ("Get the van fixed", "the car is old and"),
    ("Get it fixed", "so"),
]


@pytest.mark.parametrize("title, before, named", POINTING)
def test_a_goal_that_points_back_is_named_by_the_thing_before_it(title, before, named):
    assert plan_prose.named_back(title, before) == named


@pytest.mark.parametrize("title, before", NOT_POINTING)
def test_a_goal_that_names_its_thing_or_has_none_before_it_stays(title, before):
    assert plan_prose.named_back(title, before) == title


# -- the shapes through the whole bot: the plan is made as said ----------------------------


@pytest.mark.parametrize(
    "text, title, steps",
    [
        MARKED_THEN_REMARK[0],
        LETTERED[0],
        (
            "okay so I need to get the caravan ready for summer first wash the awning then "
            "check the gas and then book the pitch",
            "Get the caravan ready for summer",
            ["Wash the awning", "Check the gas", "Book the pitch"],
        ),
        JOINED[0],
        (
            "right so the dishwasher keeps leaking and I have to get it fixed, first find the "
            "warranty then ring the shop and then book an engineer",
            "Get the dishwasher fixed",
            ["Find the warranty", "Ring the shop", "Book an engineer"],
        ),
        (
            "new patio plan. should I get quotes first? then pick the slabs and book the builder",
            "New patio",
            ["Get quotes", "Pick the slabs", "Book the builder"],
        ),
    ],
)
async def test_a_newcomers_plan_in_each_shape_is_made_as_said(
    interpreter, ctx, store, text, title, steps
):
    assert await _made(interpreter, ctx, store, text) == [(title, steps)]


@pytest.mark.parametrize(
    "text", ["Went to the shop. bought milk and eggs and bread", "got a b and c in my exams"]
)
async def test_news_in_the_same_shapes_makes_no_plan(interpreter, ctx, store, db_path, text):
    ctx.message = text
    await interpreter.handle(text, ctx)
    with sqlite3.connect(db_path) as db:
        assert db.execute("SELECT COUNT(*) FROM plans").fetchone()[0] == 0


# -- items counted in words, each starting a sentence --------------------------------------

COUNTED_IN_WORDS = [
    (
        "Clearing the loft. One, bring the boxes down. Two, sort what to keep. Three, book the "
        "tip run",
        "Clearing the loft",
        ["Bring the boxes down", "Sort what to keep", "Book the tip run"],
    ),
    (
        "Wedding speech: one - write a draft. two - time it. three - practise on mum",
        "Wedding speech",
        ["Write a draft", "Time it", "Practise on mum"],
    ),
]
COUNTED_IN_WORDS_NEAR_MISSES = [
    # number words inside a sentence count things, not steps
    "I have one, two, three kids and a dog",
    "bought two, maybe three, tins of paint and one brush",
]


@pytest.mark.parametrize("text, title, steps", COUNTED_IN_WORDS)
def test_items_counted_in_words_at_each_sentences_start_are_the_steps(text, title, steps):
    assert plan_phrases.read_plan(text) == (title, steps)


@pytest.mark.parametrize("text", COUNTED_IN_WORDS_NEAR_MISSES)
def test_number_words_inside_a_sentence_count_no_items(text):
    assert plan_phrases.numbered_lines(text) == text


# -- "right then", "ok then": a filler, not a step's order ---------------------------------


@pytest.mark.parametrize(
    "text, opened",
    [
        ("right then the gutters need clearing", "the gutters need clearing"),
        ("Ok then, new greenhouse. level the base", "new greenhouse. level the base"),
        ("well then I need to sort the car", "I need to sort the car"),
    ],
)
def test_a_then_after_a_filler_opens_the_message(text, opened):
    assert plan_prose.opening(text) == opened


@pytest.mark.parametrize(
    "text", ["then book the van", "and then ring the bank", "right, then call the bank"]
)
def test_a_then_of_its_own_or_after_a_comma_stays_a_sequence_word(text):
    assert plan_prose.opening(text).lower().split()[0] in {"then", "and"}


# -- a verb after a helper goes with it: "ask the pub if we can all go" ---------------------

HELPER_THEN_VERB = [
    (
        "book the hall ask the caretaker if we can still set up early order the urn",
        ["book the hall", "ask the caretaker if we can still set up early", "order the urn"],
    ),
    (
        "ring the school ask if they will both pick up the forms pay the deposit",
        ["ring the school", "ask if they will both pick up the forms", "pay the deposit"],
    ),
]
# with no helper before it, a step's verb after a noun still starts a step
HELPER_NEAR_MISSES = [
    (
        "prune the roses weed the beds buy compost",
        ["prune the roses", "weed the beds", "buy compost"],
    ),
]


@pytest.mark.parametrize("text, steps", HELPER_THEN_VERB + HELPER_NEAR_MISSES)
def test_a_verb_after_a_helper_and_its_adverbs_starts_no_step(text, steps):
    assert plan_phrases.run_on(text) == steps


# -- "make a plan for X." then its steps in a form of their own -----------------------------


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "Please make a plan for the church fete. 1. Order the bunting 2. Recruit helpers "
            "3. Price the bric-a-brac",
            "The church fete",
            ["Order the bunting", "Recruit helpers", "Price the bric-a-brac"],
        ),
        (
            "make a new plan for the allotment -> dig the beds -> plant garlic -> net the "
            "brassicas",
            "The allotment",
            ["Dig the beds", "Plant garlic", "Net the brassicas"],
        ),
    ],
)
async def test_a_plan_asked_for_with_its_steps_in_a_form_of_their_own(
    interpreter, ctx, store, text, title, steps
):
    assert await _made(interpreter, ctx, store, text) == [(title, steps)]


async def test_a_plan_asked_for_with_no_steps_is_made_with_none(interpreter, ctx, store):
    assert await _made(interpreter, ctx, store, "make a plan for the fence") == [("The fence", [])]


# -- "it's X, Y, Z": what the list is, said before its first item ---------------------------

LIST_IS = [
    (
        "it's squats, planks, lunges and a 5k walk",
        ["Squats", "Planks", "Lunges", "A 5k walk"],
    ),
    (
        "they're the loft, the garage and the shed",
        ["The loft", "The garage", "The shed"],
    ),
]
# two items, or a sentence that starts with "it's" and is no list, stay as said
LIST_IS_NEAR_MISSES = [
    ("it's the loft and the garage", ["It's the loft", "The garage"]),
    ("it's due friday", ["It's due friday"]),
]


@pytest.mark.parametrize("text, listed", LIST_IS + LIST_IS_NEAR_MISSES)
def test_words_saying_what_a_list_is_are_no_part_of_its_first_item(text, listed):
    assert plan_prose.items(text) == listed


@pytest.mark.parametrize(
    "text",
    [
        # words about steps to come, with no marks of a list: the goal alone
        "could you make a new plan for me: repaint the boat. no idea about the steps yet, "
        "I'll add them later",
        "make a plan for the choir trip, steps to follow once I've spoken to the driver",
        "Could you add a new goal for me please: get the bike fixed. I haven't sorted any of "
        "the steps yet, will do that at the weekend",
    ],
)
async def test_a_plan_asked_for_with_words_about_steps_to_come_gets_no_steps(
    interpreter, ctx, store, text
):
    made = await _made(interpreter, ctx, store, text)
    assert len(made) == 1 and made[0][1] == []
