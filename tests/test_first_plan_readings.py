"""A newcomer's first plan read from free wording, by class: a list's marked lines are its
steps whatever chatter comes before them; words to drbot (who sent the person, "I forgot to
tell you") are never a title; a goal with its steps unknown or promised for later is kept as
a goal; a line of news before the list's lead-in is no step; numbers with a list's own marks
count steps; words that order a line are no part of its step; a new one announced is no news
of a step. Each class has three or more phrasings and near misses that keep the plain reading
(none of them from an evaluation set)."""

from __future__ import annotations

import pytest

from drbot.ai.language import plan_phrases, plan_prose, plan_titles
from drbot.ai.rules import new_plans

# -- a list's marked lines are its steps, each whole ----------------------------------------


@pytest.mark.parametrize(
    "text, steps",
    [
        (
            "ok new one. spring clean of the garage\n- sort the paint tins\n- take the old bike "
            "to the tip\n- sweep out",
            ["Sort the paint tins", "Take the old bike to the tip", "Sweep out"],
        ),
        (
            "hiya so I need help keeping on top of the school play 🎭\n- print the scripts\n- "
            "book the hall\n- make the costumes",
            ["Print the scripts", "Book the hall", "Make the costumes"],
        ),
        (
            "right then. Gran's move into the bungalow\n• ring the removal firm\n• order the "
            "stairlift\n• change her address at the bank",
            ["Ring the removal firm", "Order the stairlift", "Change her address at the bank"],
        ),
    ],
)
def test_marked_lines_after_chatter_are_the_steps_each_whole(text, steps):
    """Prose read across the lines glued a line's mark to the step before it ("Order pizza -")
    and split an item on a verb inside it; the marked lines are the steps."""
    read = plan_prose.read_prose_plan(text)
    assert read is None or read[1] == steps


@pytest.mark.parametrize(
    "text, read",
    [
        # no marked lines: prose as before
        (
            "moving house in May. need to book a van, pack the kitchen, tell the council",
            ("Moving house in May", ["Book a van", "Pack the kitchen", "Tell the council"]),
        ),
        # a goal of two words or more said before the list keeps its name over the lines
        (
            "ok so I need to sort the shed and I'm dreading it\n- clear it - all of it\n- paint it",
            ("Sort the shed", ["Clear it - all of it", "Paint it"]),
        ),
        (
            "right, we need to get the loft boarded and it's a state\n- clear the boxes\n- buy "
            "boards - the thick ones\n- book Dave",
            (
                "Get the loft boarded",
                ["Clear the boxes", "Buy boards - the thick ones", "Book Dave"],
            ),
        ),
    ],
)
def test_prose_that_keeps_to_the_lines_reads_as_before(text, read):
    assert plan_prose.read_prose_plan(text) == read


@pytest.mark.parametrize(
    "text, items",
    [
        ("party\n- book the hall\n- order pizza", ["Book the hall", "Order pizza"]),
        ("x\n1. new tyres\n2. MOT", ["New tyres", "MOT"]),
        ("goal\n• a thing\n• another thing\nthanks", ["A thing", "Another thing"]),
    ],
)
def test_marked_items_are_the_lines_marked_as_a_list(text, items):
    assert plan_prose.marked_items(text) == items


@pytest.mark.parametrize("text", ["party - book the hall", "one line\n- only one", "a\nb\nc"])
def test_fewer_than_two_marked_lines_are_no_list(text):
    assert plan_prose.marked_items(text) == []


# -- a one-word line after a marked list is no step -------------------------------------------


@pytest.mark.parametrize(
    "text, steps",
    [
        (
            "Passport renewal\n1) get photos\n2) fill in the form\n3) post it\ngo",
            ["Get photos", "Fill in the form", "Post it"],
        ),
        (
            "Bathroom\n- pick tiles\n- book the plumber\ndone",
            ["Pick tiles", "Book the plumber"],
        ),
        (
            "School trip\n- sign the form\n- pay the deposit\nthx",
            ["Sign the form", "Pay the deposit"],
        ),
    ],
)
def test_a_word_alone_after_a_marked_list_closes_it(text, steps):
    assert plan_phrases.read_plan(text) == (text.split("\n")[0], steps)


def test_a_step_typed_without_its_mark_after_the_list_stays():
    assert plan_phrases.read_plan("Bathroom\n- pick tiles\n- book the plumber\norder the bath") == (
        "Bathroom",
        ["Pick tiles", "Book the plumber", "Order the bath"],
    )


# -- who sent the person to drbot is never a title ------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "my cofounder says i should use this",
        "a mate from the club reckons you're good for keeping track of stuff",
        "my sister told me to try you",
        "our coach said this app is handy",
        "my guide told me to use some app for tracking so here",
        "my daughter said to try an app for lists",
    ],
)
def test_who_sent_the_person_to_drbot(sentence):
    assert plan_prose.told_of_drbot(sentence)
    assert plan_prose.sentences(f"{sentence}. need to book the hall") == ["need to book the hall"]


@pytest.mark.parametrize(
    "sentence",
    [
        "the vet says Rex needs his teeth done",
        "my boss said the report is due friday",
        "mum reckons the roof needs doing",
        "my guide told me to use some data for the thesis",
    ],
)
def test_what_someone_says_of_something_else_is_kept(sentence):
    assert not plan_prose.told_of_drbot(sentence)


@pytest.mark.parametrize(
    "text, goal",
    [
        (
            "Ugh I forgot to tell you, we're also taking the scouts to the panto on the 20th. "
            "Need to buy the tickets, book the minibus and send a letter home",
            "Taking the scouts to the panto on the 20th",
        ),
        (
            "oh meant to say, we're having the kitchen redone in March. need to pick the units, "
            "book the electrician and clear the cupboards",
            "Kitchen redone in March",
        ),
        (
            "forgot to mention - we're hosting the book club next month. need to pick the book, "
            "send the invites and bake something",
            "Book club next month",
        ),
    ],
)
def test_i_forgot_to_tell_you_is_no_title(text, goal):
    read = plan_prose.read_prose_plan(text)
    assert read is not None and read[0] == goal


# -- a goal with its steps unknown or promised for later is kept as a goal --------------------


@pytest.mark.parametrize(
    "text, rest",
    [
        (
            "I want us at 100 paying customers by June. no idea how yet lol but write it down "
            "somewhere",
            "I want us at 100 paying customers by June.",
        ),
        (
            "get the allotment going again. I'll work out the actual steps another day, too "
            "tired tonight",
            "get the allotment going again",  # how things are tonight: no step either
        ),
        (
            "I need to get Mum a blue badge. no idea where to even start tbh",
            "I need to get Mum a blue badge.",
        ),
        (
            "can u keep track of something for me - finding a new dentist. no steps yet",
            "finding a new dentist.",
        ),
    ],
)
def test_steps_unknown_or_for_later_ask_for_the_goal_to_be_kept(text, rest):
    assert plan_prose.about_the_message(text) == (rest, True)


@pytest.mark.parametrize(
    "text",
    [
        "no idea how the boiler works, ring Bob",
        "I'll work out the rota tomorrow",
        "write the steps on the whiteboard",
    ],
)
def test_words_about_something_else_ask_nothing(text):
    assert plan_prose.about_the_message(text)[1] is False


@pytest.mark.parametrize(
    "text, goal",
    [
        ("I want us at 100 paying customers by June", "Us at 100 paying customers"),
        ("I want Sam reading on his own by Easter", "Sam reading on his own by Easter"),
        ("I want Dad walking again by the summer", "Dad walking again by the summer"),
    ],
)
def test_who_is_wanted_in_a_state_is_the_goal(text, goal):
    assert plan_prose.goal_of(text) == goal


@pytest.mark.parametrize(
    "text, goal",
    [
        # how things are, then the goal said with a goal word after a comma
        (
            "I'm getting married in April, I need to plan the engagement party",
            "Plan the engagement party",
        ),
        ("we move in March so we need to find a school", "Find a school"),
        # near miss: the goal said first stays the goal
        ("I need to sort the garage, it's a tip", "Sort the garage"),
    ],
)
def test_the_goal_said_after_how_things_are_is_the_goal(text, goal):
    assert plan_prose.goal_of(text) == goal


# -- a line of news before the list's lead-in is no step ------------------------------------


@pytest.mark.parametrize(
    "text, steps, kept",
    [
        (
            "paper in Lisbon\nposter got accepted (yay!!)\nneed to:\nbook flights\nprint poster",
            ["Poster got accepted", "Book flights", "Print poster"],
            ["Book flights", "Print poster"],
        ),
        (
            "new job in Leeds\ncontract came through\nneed to:\nfind a flat\nsell the car",
            ["Contract came through", "Find a flat", "Sell the car"],
            ["Find a flat", "Sell the car"],
        ),
        (
            "Jo's wedding\nvenue is booked\nthings to do:\nbuy a suit\nbook the hotel",
            ["Venue is booked", "Buy a suit", "Book the hotel"],
            ["Buy a suit", "Book the hotel"],
        ),
    ],
)
def test_news_before_the_lists_lead_in_is_no_step(text, steps, kept):
    assert plan_titles.news_before_header(text, steps) == kept


@pytest.mark.parametrize(
    "text, steps",
    [
        # no lead-in line: the lines are the list as they are
        ("Lisbon trip\nbooked the flights\nprint poster", ["Booked the flights", "Print poster"]),
        # a step to do before the lead-in stays
        (
            "Lisbon\nbook flights\nneed to:\nprint poster\npack",
            ["Book flights", "Print poster", "Pack"],
        ),
    ],
)
def test_steps_before_a_lead_in_that_are_no_news_stay(text, steps):
    assert plan_titles.news_before_header(text, steps) == steps


# -- a preamble line over the goal said with a goal word ------------------------------------


@pytest.mark.parametrize(
    "text, title, steps, goal",
    [
        (
            "hey my cofounder says i should use this\nwe have to get the office lease signed\n"
            "- read the lease\n- get the deposit\n- sign it",
            "My cofounder says i should use this",
            ["Get the office lease signed", "Read the lease", "Get the deposit", "Sign it"],
            "Get the office lease signed",
        ),
        (
            "my sister told me to try you\nI need to sort the garden for summer\n- mow\n- weed the "
            "beds\n- fix the fence",
            "My sister told me to try you",
            ["Sort the garden for summer", "Mow", "Weed the beds", "Fix the fence"],
            "Sort the garden for summer",
        ),
        (
            "my daughter says you can help\nwe need to get the caravan ready\n- service it\n- "
            "clean it\n- book a pitch",
            "My daughter says you can help",
            ["Get the caravan ready", "Service it", "Clean it", "Book a pitch"],
            "Get the caravan ready",
        ),
    ],
)
def test_a_goal_line_under_a_preamble_is_the_title(text, title, steps, goal):
    assert plan_titles.goal_before_list(text, title, steps) == (goal, steps[1:])


def test_a_first_step_said_without_a_goal_word_stays_a_step():
    text = "my sister told me to try you\n- mow\n- weed the beds\n- fix the fence"
    title, steps = "My sister told me to try you", ["Mow", "Weed the beds", "Fix the fence"]
    assert plan_titles.goal_before_list(text, title, steps) == (title, steps)


@pytest.mark.parametrize("title", ["Every month its the same", "Same every week", "Each week"])
def test_words_of_how_often_name_nothing(title):
    assert plan_titles.names_nothing(title)


@pytest.mark.parametrize("title", ["Same-day delivery setup", "Monthly payroll", "Every child"])
def test_a_thing_named_with_them_names_something(title):
    assert not plan_titles.names_nothing(title)


# -- numbers with a list's own marks count steps ---------------------------------------------


@pytest.mark.parametrize(
    "text, items",
    [
        (
            "1. new tyres 2. MOT 3. fix sliding door 4. habitation check",
            ["1. new tyres", "2. MOT", "3. fix sliding door", "4. habitation check"],
        ),
        (
            "1) flights 2) hotel 3) travel insurance",
            ["1. flights", "2. hotel", "3. travel insurance"],
        ),
        ("1. passport 2. visa 3. vaccinations", ["1. passport", "2. visa", "3. vaccinations"]),
    ],
)
def test_numbers_with_their_marks_count_steps_whatever_starts_them(text, items):
    assert plan_phrases.numbered_lines(text).split("\n") == items


@pytest.mark.parametrize(
    "text", ["1 kid and 2 dogs and 3 cats", "we have 2 cars 3 bikes and 4 scooters", "room 1 2 3"]
)
def test_numbers_without_marks_counting_things_stay(text):
    assert plan_phrases.numbered_lines(text) == text


# -- words that order a line are no part of its step ----------------------------------------


@pytest.mark.parametrize(
    "step, kept",
    [
        ("First I'll make a FB page", "Make a FB page"),
        ("Last is prepare the diagnostic tests", "Prepare the diagnostic tests"),
        ("After that we book the surgery date", "Book the surgery date"),
        ("Finally, send the invites", "Send the invites"),
    ],
)
def test_order_words_at_a_steps_head_go(step, kept):
    assert plan_phrases.one_action_each(["Buy paint", step, "Sand the door"])[1] == kept


@pytest.mark.parametrize("step", ["First aid kit", "Next door's fence", "Last minute gifts"])
def test_words_that_only_look_like_order_stay(step):
    assert plan_phrases.one_action_each(["Buy paint", step, "Sand the door"])[1] == step


# -- a new one announced ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "oh add another one - get the truck registered",
        "Please add one more. Ana's thesis review - read her chapters",
        "ok add another: sort the loft",
        "also new plan: redo the patio",
    ],
)
def test_a_new_one_announced(text):
    assert new_plans.announces_new_one(text)


@pytest.mark.parametrize(
    "text", ["one more thing, the van is booked", "add another coat to the fence", "another day"]
)
def test_more_of_something_else_announces_no_plan(text):
    assert not new_plans.announces_new_one(text)


# -- thanks, however said: a sign-off, never a step ------------------------------------------


@pytest.mark.parametrize("thanks", plan_prose.THANKS_EXAMPLES)
def test_thanks_in_any_words_closes_the_message(thanks):
    assert plan_prose.sign_off_only(thanks)
    assert plan_prose.without_sign_off(f"ring the vet, book the van. {thanks}") == (
        "ring the vet, book the van."
    )


@pytest.mark.parametrize("step", plan_prose.THANKS_NEAR_MISSES)
def test_a_step_about_thanks_is_no_sign_off(step):
    assert not plan_prose.sign_off_only(step)
    assert plan_prose.without_sign_off(f"ring the vet. {step}") == f"ring the vet. {step}"


@pytest.mark.parametrize("thanks", plan_prose.THANKS_AT_THE_END_EXAMPLES)
def test_thanks_in_words_that_are_other_words_elsewhere_closes_the_message(thanks):
    assert plan_prose.sign_off_only(thanks)
    # a line of its own after the listed steps, or a sentence after the last one
    assert plan_prose.without_sign_off(f"empty the barrel\nlock the shed\n{thanks}") == (
        "empty the barrel\nlock the shed"
    )
    assert plan_prose.without_sign_off(f"ring the vet, book the van. {thanks}") == (
        "ring the vet, book the van."
    )


@pytest.mark.parametrize("step", plan_prose.THANKS_AT_THE_END_NEAR_MISSES)
def test_a_word_that_is_thanks_elsewhere_stays_in_a_step(step):
    assert not plan_prose.sign_off_only(step)
    assert plan_prose.without_sign_off(f"ring the vet. {step}") == f"ring the vet. {step}"


# -- the way said to be unknown: the goal alone, no steps -------------------------------------


@pytest.mark.parametrize(
    "clause",
    [
        "i'll figure it out",
        "we'll sort it out lol",
        "I go find out the steps later",
        "steps once they send me the outline",
        "I'm gonna work out the details",
    ],
)
def test_steps_to_come_said_any_way(clause):
    assert plan_prose.steps_later(clause)


@pytest.mark.parametrize(
    "clause", ["figure out the bus times", "I go to the gym on fridays", "steps for the porch"]
)
def test_a_step_is_no_promise_of_steps(clause):
    assert not plan_prose.steps_later(clause)


@pytest.mark.parametrize(
    "text, goal",
    [
        (
            "new plan: get fit again. Been living on takeaway since she left. No idea how yet.",
            "get fit again",
        ),
        (
            "Sell the boat. Dad never used it and neither do we. no steps yet, i'll figure it out",
            "Sell the boat",
        ),
        ("learn welsh. the kids speak it at school. i go find out the steps later", "learn welsh"),
    ],
)
def test_with_the_way_unknown_only_the_goal_is_kept(text, goal):
    rest, asked = plan_prose.about_the_message(text)
    assert asked and rest.rstrip(".") == goal


@pytest.mark.parametrize(
    "text, kept",
    [
        (
            "can u make a plan called record a live album. no steps yet, just dont let me forget",
            "live album",
        ),
        (
            "Can you start a plan for me. Clear out the garage. I'll work out the details later",
            "Clear out the garage",
        ),
        (" for me. Clear out the garage. I'll work out the details later", "Clear out the garage"),
    ],
)
def test_with_the_way_unknown_a_request_first_is_left_as_it_is(text, kept):
    rest, _ = plan_prose.about_the_message(text)
    assert kept in rest


# -- an action's second thing joined by "and" -------------------------------------------------


@pytest.mark.parametrize(
    "text, steps",
    [
        (
            "find boxes, transfer the power and gas over and tell the hospital",
            ["Find boxes", "Transfer the power and gas over", "Tell the hospital"],
        ),
        (
            "ring the bank, pay the rent and bills and book the vet",
            ["Ring the bank", "Pay the rent and bills", "Book the vet"],
        ),
        (
            "clear the attic, move the bikes and tools out and sell the mower",
            ["Clear the attic", "Move the bikes and tools out", "Sell the mower"],
        ),
    ],
)
def test_an_actions_second_thing_stays_with_it(text, steps):
    assert plan_phrases.split_steps(text) == steps


@pytest.mark.parametrize(
    "text, steps",
    [
        (
            "sort the car, buy tape and pack the books and clean the oven",
            ["Sort the car", "Buy tape", "Pack the books", "Clean the oven"],
        ),
        (
            "ring mum, call the bank and then book the vet",
            ["Ring mum", "Call the bank", "Book the vet"],
        ),
    ],
)
def test_actions_joined_by_and_stay_apart(text, steps):
    assert plan_phrases.split_steps(text) == steps


# -- a hedge leading into the list: neither the goal nor a step ------------------------------


@pytest.mark.parametrize("text, without", plan_prose.HEDGED_LEAD_EXAMPLES)
def test_a_hedge_leading_into_the_list_is_taken_off(text, without):
    assert plan_prose.without_hedged_lead(text) == without


@pytest.mark.parametrize("text", plan_prose.HEDGED_LEAD_NEAR_MISSES)
def test_a_hedge_on_anything_else_stays(text):
    assert plan_prose.without_hedged_lead(text) == text


def test_the_list_after_a_hedge_is_read_with_the_goal_said_before_it():
    text = (
        "im trying to move from teaching into UX design. i think first I have to do the google "
        "UX cert, then a small portfolio project, then redo my CV"
    )
    assert plan_prose.read_prose_plan(plan_prose.without_hedged_lead(text)) == (
        "Move from teaching into UX design",
        ["Do the google UX cert", "A small portfolio project", "Redo my CV"],
    )
