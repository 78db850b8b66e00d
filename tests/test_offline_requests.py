"""The built-in rules on requests about the plans rather than news of a step: a plan asked
to be kept, a request to see, an undo asked for in a long sentence, a change of plan.
Real SQLite file, real tool registry (the fixtures of tests/offline_rules.py)."""

from __future__ import annotations

import pytest

from drbot.ai.language import see_requests
from tests import offline_rules as offline
from tests.dbdump import unchanged

# the fixtures of tests/offline_rules.py, under the names the tests ask for
users, interpreter, context, ctx = offline.users, offline.interpreter, offline.context, offline.ctx
say, fence, plan, ME = offline.say, offline.fence, offline.plan, offline.ME


@pytest.mark.parametrize(
    "text, title",
    [
        ("can you keep track of this for me. sorting out the gutters", "Sorting out the gutters"),
        (
            "I WANT TO GET THE CAR SERVICED BEFORE CHRISTMAS. PLEASE ADD IT TO MY LIST. REGARDS TED",
            "GET THE CAR SERVICED BEFORE CHRISTMAS",
        ),
        (
            "My daughter needs to find a flat this year. Could you make a note of that for me "
            "please, I'll add the steps later.",
            "My daughter needs to find a flat this year",
        ),
    ],
)
async def test_a_plan_asked_to_be_kept_is_made_without_the_request(say, ctx, store, text, title):
    await say(text)
    made = await plan(store, ctx)
    assert made["title"] == title and made["steps"] == []


@pytest.mark.parametrize(
    "text",
    ["called the bank. can you keep track of this for me", "can you keep track of this for me"],
)
async def test_a_request_to_keep_news_or_nothing_makes_no_plan(interpreter, ctx, db_path, text):
    with unchanged(db_path):
        await interpreter.handle(text, ctx)


@pytest.mark.parametrize(
    "text",
    [
        "Good afternoon. I would like to create a plan titled “Learn Italian”. I shall add the "
        "steps at a later date. Kind regards, Rowena",
        "could you please start a plan for me called Learn Italian, I'll put the bits and pieces "
        "in later",
        "add a goal for me: learn Italian",
    ],
)
async def test_a_plan_asked_for_by_name_is_that_name_alone(say, ctx, store, text):
    await say(text)
    made = await plan(store, ctx)
    assert made["title"] == "Learn Italian" and made["steps"] == []


@pytest.mark.parametrize(
    "text",
    [
        "Can you show me the fence list please, not the other one, I keep forgetting",
        "what have I still got to get done on the fence?",
        "wheres my fence stuff at",
        "SHOW ME WHAT I STILL HAVE TO DO FOR THE FENCE",
    ],
)
async def test_a_request_to_see_shows_and_changes_nothing(interpreter, fence, ctx, db_path, text):
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert "Get quotes" in answer.text and "Hire contractor" in answer.text


@pytest.mark.parametrize("text", ["show me how", "tell me a joke", "where's Jim", "where is it"])
def test_words_that_ask_to_see_no_plan(text):
    assert see_requests.asked_to_see(text) is None


@pytest.mark.parametrize(
    "undo",
    [
        "Sorry love, I've made a mess of it, could you please undo the last change, I haven't "
        "got the quotes yet",
        "Apologies, that was wrong!! The quotes are NOT in yet. Please undo.",
        "lol undo that, misread the email",
        "undo that last one mate, haven't had the quotes yet that was the other job",
    ],
)
async def test_an_undo_asked_for_anywhere_in_a_long_message_undoes(say, fence, ctx, store, undo):
    await say("got quotes")
    await say(undo)
    step = (await plan(store, ctx))["steps"][0]
    assert step["status"] == "pending"


@pytest.mark.parametrize(
    "text", ["the undo button is broken", "undo the zip on the tent bag", "I can't undo that now"]
)
async def test_undo_as_a_things_name_is_no_undo(say, fence, ctx, store, text):
    await say("got quotes")
    await say(text, understood=None)
    assert (await plan(store, ctx))["steps"][0]["status"] == "done"


@pytest.mark.parametrize(
    "text",
    [
        "change of plan, rather than the contractor I'm going to ask my brother and then buy him "
        "a pint, much less hassle",
        "change of plans, no contractor 🙅 instead: 1) ask my brother 2) buy the posts",
        "we've dropped the contractor idea, too dear. so instead we need to borrow a drill and "
        "buy the posts",
    ],
)
async def test_a_change_of_plan_replaces_a_step(say, fence, ctx, store, text):
    await say(text)
    plans = await store.list_plans(ME, "all")
    titles = [s["title"] for s in (await plan(store, ctx))["steps"] if s["status"] != "skipped"]
    assert len(plans) == 1 and "Hire contractor" not in titles and len(titles) == 4


@pytest.mark.parametrize(
    "text",
    [
        "change of plan, we're going by train now: book the tickets, pack light, print the map",
        "Change of plans. Pick up the keys, then drop the van, then ring mum",
    ],
)
async def test_a_change_of_plan_naming_no_step_makes_no_plan(
    interpreter, fence, ctx, db_path, text
):
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert "Nothing changed" in answer.text


@pytest.mark.parametrize(
    "text, title",
    [
        (
            "can you keep track of this for me - getting the gutters cleared",
            "Getting the gutters cleared",
        ),
        ("could you remember this for me: Nan's 90th in June", "Nan's 90th in June"),
        (
            "Can you help me stay on top of the planning appeal please, the council refused it",
            "Planning appeal",
        ),
    ],
)
async def test_a_request_to_keep_then_the_goal_makes_that_goal(say, ctx, store, text, title):
    await say(text)
    made = await plan(store, ctx)
    assert made["title"] == title and made["steps"] == []


@pytest.mark.parametrize(
    "undo", ["ach undo that, the quotes aren't in yet", "och, undo it, wrong job", "doh undo that"]
)
async def test_an_undo_after_any_interjection_undoes(say, fence, ctx, store, undo):
    await say("got quotes")
    await say(undo)
    assert (await plan(store, ctx))["steps"][0]["status"] == "pending"


@pytest.mark.parametrize(
    "text, ref",
    [
        ("Abeg show me the meter plan", "meter"),
        ("pls show me the fence list", "fence"),
        ("kindly let me see my garden stuff", "garden"),
    ],
)
def test_a_request_to_see_after_a_word_of_politeness(text, ref):
    assert see_requests.asked_to_see(text) == ref


@pytest.mark.parametrize(
    "text",
    [
        "the bathroom leaked and I have to claim on the insurance, first ring the insurer then "
        "get the plumber's report then take photos and finally post off the form",
        "moving flat. first give notice, after that book a van, then switch the electricity over "
        "and get the post redirected",
        "selling the car comma need to get it valeted and get the MOT done and then put an ad "
        "on gumtree and one in the paper as well full stop",
    ],
)
async def test_a_newcomers_steps_are_one_action_each(say, ctx, store, text):
    await say(text)
    assert len((await plan(store, ctx))["steps"]) == 4


@pytest.mark.parametrize(
    "text, title",
    [
        (
            "saving up for a trip to Bali next year 🏝️ gotta start somewhere",
            "Saving up for a trip to Bali next year",
        ),
        ("i need a new car before winter ngl mine is dying", "A new car before winter"),
        ("learning to drive this year", "Learning to drive this year"),
    ],
)
async def test_a_newcomers_goal_said_plainly_is_offered(interpreter, ctx, db_path, text, title):
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is not None and f"Start a plan “{title}”" in answer.text


@pytest.mark.parametrize(
    "text", ["going to bed now", "i need a hand with this app", "feeling tired", "saving up?"]
)
async def test_a_newcomers_words_that_name_no_goal_are_not_offered(interpreter, ctx, db_path, text):
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is None


@pytest.mark.parametrize(
    "text, title",
    [
        (
            "need to get my pension sorted before i retire next year",
            "Get my pension sorted before i retire next year",
        ),
        ("I have to renew my passport by next summer", "Renew my passport by next summer"),
        ("I want to run a marathon in october next year", "Run a marathon in october next year"),
    ],
)
async def test_a_newcomers_goal_months_away_is_a_plan_not_a_reminder(say, ctx, store, text, title):
    await say(text)
    assert (await plan(store, ctx))["title"] == title


async def test_a_newcomers_thing_to_do_tomorrow_is_still_offered_as_a_reminder(
    interpreter, ctx, db_path
):
    with unchanged(db_path):
        answer = await interpreter.handle("I need to call the council tomorrow", ctx)
    assert answer.question is not None and "Track" in answer.text


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "Hi there! Could you please set up a list for me for my son's wedding. Thanks so much, "
            "Barbara",
            "My son's wedding",
            [],
        ),
        (
            "Would you be able to help me organise Mum's 80th? Need to book the club, order a cake "
            "and ring the relatives. Many thanks",
            "Mum's 80th",
            ["Book the club", "Order a cake", "Ring the relatives"],
        ),
        (
            "hi can u add my tax return to the list? need to find my receipts, ring the accountant, "
            "pay the bill",
            "My tax return",
            ["Find my receipts", "Ring the accountant", "Pay the bill"],
        ),
        (
            "Good evening, I am writing to ask for help organising my move to a smaller unit. "
            "Firstly I need to sell my furniture, secondly find a removalist and thirdly notify "
            "the bank. Yours sincerely, Margaret Smith",
            "My move to a smaller unit",
            ["Sell my furniture", "Find a removalist", "Notify the bank"],
        ),
    ],
)
async def test_a_request_for_a_plan_with_its_goal_inside(say, ctx, store, text, title, steps):
    await say(text)
    made = await plan(store, ctx)
    assert made["title"] == title and [s["title"] for s in made["steps"]] == steps


@pytest.mark.parametrize(
    "text", ["can you add me to the group chat", "could you help me with it please?"]
)
async def test_a_request_for_something_else_makes_no_plan(interpreter, ctx, db_path, text):
    with unchanged(db_path):
        await interpreter.handle(text, ctx)


@pytest.mark.parametrize(
    "text",
    [
        "can you list everything I've got to do",
        "remind me what's on the fence one",
        "just checking what else I need to do for the fence",
    ],
)
async def test_more_ways_to_ask_to_see_change_nothing(interpreter, fence, ctx, db_path, text):
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert "Get quotes" in answer.text


@pytest.mark.parametrize(
    "text", ["list the quotes on the board", "show the contractor round the garden"]
)
def test_list_or_show_of_a_thing_is_no_request_to_see(text):
    assert see_requests.asked_to_see(text) is None


@pytest.mark.parametrize(
    "text, title",
    [
        ("can you add ring the neighbour to the fence list", "Ring the neighbour"),
        ("put buy paint on my fence plan", "Buy paint"),
        ("Another thing for the fence: dig the post holes", "Dig the post holes"),
    ],
)
async def test_a_step_added_to_a_plan_by_its_name(say, fence, ctx, store, text, title):
    await say(text)
    assert (await plan(store, ctx))["steps"][-1]["title"] == title


@pytest.mark.parametrize(
    "text", ["Can you tell me what you can do?", "show me how this works", "tell me what you do"]
)
async def test_asking_what_drbot_does_is_answered_not_shown(interpreter, fence, ctx, db_path, text):
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert "Get quotes" not in answer.text


@pytest.mark.parametrize(
    "text",
    [
        "Slight change: book the train, pack light, print the map",
        "plans have changed. Pick up the keys, then drop the van, then ring mum",
        "we decided against the drive, going by train: book the tickets, pack light",
    ],
)
async def test_a_change_said_first_never_starts_a_plan(interpreter, fence, ctx, store, text):
    await interpreter.handle(text, ctx)
    assert len(await store.list_plans(ME, "all")) == 1


@pytest.mark.parametrize(
    "undo",
    [
        "that was a mistake, please put it back",
        "I didn't mean to tick that",
        "Please disregard my last message, the quotes aren't in",
        "no that's wrong, the quotes aren't in yet",
        "Could you please undo that for me dear? Thank you",
        "ticked the wrong one by mistake sorry",
    ],
)
async def test_the_last_change_said_to_be_wrong_is_undone(say, fence, ctx, store, undo):
    await say("got quotes")
    await say(undo)
    step = (await plan(store, ctx))["steps"][0]
    assert step["status"] == "pending" and all(a.get("retracted") for a in step["attempts"])


@pytest.mark.parametrize(
    "text",
    [
        "that's wrong about the date, the contractor is coming on the 14th",
        "it's wrong that they charge so much",
        "the first quote was wrong, had to get another",
    ],
)
async def test_something_else_said_to_be_wrong_undoes_nothing(interpreter, fence, ctx, store, text):
    await interpreter.handle("got quotes", ctx)
    await interpreter.handle(text, ctx)
    assert (await plan(store, ctx))["steps"][0]["status"] == "done"


@pytest.mark.parametrize(
    "text",
    [
        "can I see the fence list please",
        "what am I up to with the fence",
        "give me a rundown of everything",
        "what else is there to do for the fence",
        "how many things left for the fence?",
    ],
)
async def test_yet_more_ways_to_ask_to_see(interpreter, fence, ctx, db_path, text):
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert "Get quotes" in answer.text


@pytest.mark.parametrize(
    "text", ["give me a break", "can I see you tomorrow", "what am I up to today"]
)
def test_asking_for_something_else_is_no_request_to_see(text):
    assert see_requests.asked_to_see(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "change of plans, no uhaul 🙅 instead: 1) ask jake for his ute 2) buy ratchet straps",
        "forget the UHaul, instead I'll borrow jake's ute and buy straps",
        "scrap the u-haul, so borrow jake's ute and then buy straps",
    ],
)
async def test_a_step_named_spelt_without_its_hyphen_is_replaced(say, ctx, store, text):
    await say("Move to Chicago: sell the couch, rent a U-Haul, set up internet")
    await say(text)
    titles = [s["title"] for s in (await plan(store, ctx))["steps"]]
    assert "Rent a U-Haul" not in titles and titles[0] == "Sell the couch" and len(titles) == 4


async def test_a_spelling_two_steps_share_replaces_neither(interpreter, ctx, store):
    await interpreter.handle("Bikes: service the e-bike, sell the e-bike charger, buy a lock", ctx)
    await interpreter.handle("forget the ebike, instead I'll buy a bus pass and a helmet", ctx)
    titles = [s["title"] for s in (await plan(store, ctx))["steps"]]
    assert titles == ["Service the e-bike", "Sell the e-bike charger", "Buy a lock"]


@pytest.mark.parametrize(
    "text",
    [
        "please remember that the contractor comes at 3",
        "can you note down that the quotes are due friday",
        "jot down that Jim was cheapest",
    ],
)
async def test_a_note_of_news_makes_no_plan(interpreter, fence, ctx, store, text):
    await interpreter.handle(text, ctx)
    assert len(await store.list_plans(ME, "all")) == 1


@pytest.mark.parametrize(
    "text", ["getting old is no fun", "getting there slowly is fine", "selling stuff is hard"]
)
async def test_said_of_a_doing_is_no_goal_offered(interpreter, ctx, db_path, text):
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is None


async def test_new_steps_of_a_replacement_are_one_action_each(say, fence, ctx, store):
    await say("instead of hiring a contractor, I'm going to ask on facebook and in the local paper")
    titles = [s["title"] for s in (await plan(store, ctx))["steps"]]
    assert titles == ["Get quotes", "Ask on facebook", "Ask in the local paper", "Supervise work"]


@pytest.mark.parametrize("text", ["show me", "Show it again", "show me!"])
async def test_a_bare_show_me_shows_the_plan_in_view_or_the_list(say, ctx, db_path, text):
    with unchanged(db_path):
        assert "No active plans" in await say(text)  # nothing in view, nothing to show yet
    await say("fix the fence: get quotes, hire someone")
    with unchanged(db_path):
        shown = await say(text)
    assert "Fix the fence" in shown and "Get quotes" in shown


@pytest.mark.parametrize(
    "text, title",
    [
        ("Errands: book my dentist, pay the council tax", "Errands"),
        ("My stuff: renew the passport, fix the bike", "My stuff"),
        ("my appointments - call the GP, book the optician", "My appointments"),
    ],
)
async def test_a_lists_name_before_its_steps_is_a_plan(say, ctx, store, text, title):
    await say(text)
    made = await plan(store, ctx)
    assert made["title"] == title and len(made["steps"]) == 2


@pytest.mark.parametrize(
    "text",
    [
        "what have i got on across everything atm",
        "what've we got on at the moment",
        "Sam here again 😅 what have I got on across all my plans right now",
    ],
)
async def test_what_is_on_across_every_plan_shows_them_all(
    interpreter, say, fence, ctx, db_path, text
):
    await say("Van service: book the service, replace the tyres")
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert "fence" in answer.text.lower() and "Van service" in answer.text, answer.text


@pytest.mark.parametrize(
    "text, shown, hidden",
    [
        ("van - what have I still got to do?", "Replace the tyres", "Get quotes"),
        ("the van: what's left?", "Replace the tyres", "Get quotes"),
    ],
)
async def test_a_label_before_a_question_names_the_plan_to_show(
    interpreter, say, fence, ctx, db_path, text, shown, hidden
):
    await say("Van service: book the service, replace the tyres")
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert shown in answer.text and hidden not in answer.text, answer.text


# -- what was done over days gone by ----------------------------------------------------------


async def test_what_was_done_over_days_gone_by_is_read_and_changes_nothing(
    interpreter, ctx, store, clock, db_path
):
    """ "what have I done this week?" lists the steps finished and the tries logged in those
    days, plan by plan: not a try taken back, not an abandoned plan, not another person's."""
    fence = await store.create_plan(ME, "Fix the fence", steps=["Get quotes", "Hire contractor"])
    quotes, hire = [s["id"] for s in (await store.get_plan(ME, fence))["steps"]]
    gone = await store.create_plan(ME, "Paint the shed", steps=["Buy paint"])
    [paint] = [s["id"] for s in (await store.get_plan(ME, gone))["steps"]]
    theirs = await store.create_plan(offline.OTHER, "Renew passport", steps=["Get photos"])
    [photos] = [s["id"] for s in (await store.get_plan(offline.OTHER, theirs))["steps"]]
    # Monday 2 March
    await store.update_step_status(ME, quotes, "done")
    await store.add_attempt(ME, hire, "rang Jim, no answer")
    await store.update_step_status(ME, paint, "done")
    await store.update_plan_status(ME, gone, "abandoned")
    await store.update_step_status(offline.OTHER, photos, "done")
    # Wednesday 4 March: a try, taken back at once
    clock.advance(days=2)
    await store.add_attempt(ME, hire, "emailed Jim's office")
    await store.undo(ME, fence)
    ctx.now = clock()

    with unchanged(db_path):
        week = (await interpreter.handle("what have I done this week?", ctx)).text
        today = (await interpreter.handle("what did I get done today", ctx)).text
    assert week.splitlines() == [
        "Done this week: 1 step, 1 try logged.",
        "“Fix the fence”",
        "✓ Step 1 (Get quotes) — Mon 2 Mar",
        "• tried Step 2 (Hire contractor): rang Jim, no answer — Mon 2 Mar",
    ]
    assert today == "Nothing marked done or tried today."


async def test_what_is_coming_up_is_still_the_days_ahead(interpreter, fence, ctx):
    """A question about days ahead is not one about days gone by."""
    answer = (await interpreter.handle("what do I need to do this week", ctx)).text
    assert answer.startswith("Nothing due, waiting or reminded this week.")
