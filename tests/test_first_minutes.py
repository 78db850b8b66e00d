"""A new person's first minutes, as they really type (tried by hand, 2026-11-25).

The first script of test_understanding uses drbot's own example phrasings; this
one is what a person typed instead: a goal first and its steps after ("steps
are: …"), a spelling ("fotos"), a step named by one of its things ("the
photos", "the form"), how far along ("half done"), a second plan said in
passing ("also I want to …") with its steps as a sequence, a look at
everything, and whole plans closed in words.  Each message's effect is read
back from the SQLite file; no model is configured (as `drbot chat` without a key).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from drbot.ai.assistant import Assistant
from drbot.ai.rules import free_text
from drbot.ai.rules.first_steps import read_steps
from drbot.config import LLMSettings, Settings
from tests.conftest import FakeClock
from tests.test_understanding import plans_unchanged

ME = 1
NOW = datetime(2026, 11, 24, 10, 0, tzinfo=UTC)  # a Tuesday; London is on UTC in November


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(NOW)


@pytest.fixture
async def say(store, clock):
    assistant = Assistant.from_settings(
        Settings(llm=LLMSettings(provider="offline")), store, clock=clock
    )
    await assistant.users.set_timezone(ME, "Europe/London")

    async def run(text: str):
        return await assistant.handle(ME, ME, text)

    yield run
    await assistant.close()


async def plan_steps(store, title: str) -> list[tuple[str, str]]:
    plans = await store.list_plans(ME, "all")
    [plan] = [p for p in plans if p["title"] == title]
    return [(s["title"], s["status"]) for s in (await store.get_plan(ME, plan["id"]))["steps"]]


async def test_a_goal_then_its_steps_then_how_it_goes(say, store, db_path):
    asked = await say("I need to sort out my passport renewal")
    assert "first steps" in asked.text
    added = await say("steps are: get new photos, fill in the online form, post it")
    assert added.text.startswith("Added 3 steps.")
    assert [p["title"] for p in await store.list_plans(ME)] == ["Sort out my passport renewal"]
    title = "Sort out my passport renewal"
    assert await plan_steps(store, title) == [
        ("Get new photos", "pending"),
        ("Fill in the online form", "pending"),
        ("Post it", "pending"),
    ]

    await say("got the fotos")  # spelt as said
    assert (await plan_steps(store, title))[0] == ("Get new photos", "done")
    await say("undo")
    await say("im done with the photos")  # one of the step's things
    assert (await plan_steps(store, title))[0] == ("Get new photos", "done")

    await say("the form is half done")  # how far along: started, not done
    # (the second reader doubts it: the reading is offered first, "1" takes it —
    # docs/UNDERSTANDING.md, "The veto of a second reader")
    await say("1")
    form = (await store.get_plan(ME, (await store.list_plans(ME))[0]["id"]))["steps"][1]
    assert form["status"] == "in_progress"
    assert [a["outcome"] for a in form["attempts"]] == ["the form is half done"]

    reminded = await say("remind me tomorrow at 9 to finish the form")
    assert "Fill in the online form" in reminded.text and "09:00" in reminded.text

    await say("also I want to fix the garden fence")
    added = await say("first get 3 quotes then pick a builder")
    assert added.text.startswith("Added 2 steps.")
    assert await plan_steps(store, "Fix the garden fence") == [
        ("Get 3 quotes", "pending"),
        ("Pick a builder", "pending"),
    ]

    overview = await say("how are my plans looking")
    assert (
        "Sort out my passport renewal" in overview.text and "Fix the garden fence" in overview.text
    )

    closed = await say("im done with the passport plan")
    assert "complete" in closed.text
    dropped = await say("delete the fence plan")
    assert "abandoned" in dropped.text
    assert {p["title"]: p["status"] for p in await store.list_plans(ME, "all")} == {
        "Sort out my passport renewal": "complete",
        "Fix the garden fence": "abandoned",
    }
    await say("undo")  # nothing was deleted
    assert [p["title"] for p in await store.list_plans(ME)] == ["Fix the garden fence"]


async def test_a_list_goes_to_the_new_plan_only_while_it_has_no_steps(say, store, db_path):
    await say("I want to learn spanish")
    await say("find a course, buy the book")
    assert await plan_steps(store, "Learn spanish") == [
        ("Find a course", "pending"),
        ("Buy the book", "pending"),
    ]
    with plans_unchanged(db_path):  # now it has steps: a second list is no silent re-plan
        await say("find a course, buy the book")


@pytest.mark.parametrize(
    "text, steps",
    [
        (
            "steps are: get new photos, fill in the online form, post it",
            ["Get new photos", "Fill in the online form", "Post it"],
        ),
        ("the first steps would be: call the garage", ["Call the garage"]),
        (
            "get photos, fill in the form and book an appointment",
            ["Get photos", "Fill in the form", "Book an appointment"],
        ),
        (
            "I need to book a venue, send invites and order a cake",
            ["Book a venue", "Send invites", "Order a cake"],
        ),
        ("first get 3 quotes then pick a builder", ["Get 3 quotes", "Pick a builder"]),
        ("1. get photos\n2. fill in the form", ["Get photos", "Fill in the form"]),
        # not a list of steps for that plan
        ("got the photos", []),
        ("move house: book the van, pack the kitchen", []),
        ("Move house\n- book the van\n- pack", []),
        ("to move house first book the van, then pack", []),
        ("I'll call the council tomorrow", []),
        ("what's next?", []),
    ],
)
def test_read_steps(text, steps):
    assert read_steps(text)[0] == steps


async def test_moving_flat_as_typed(say, store, db_path):
    """A second person: a goal with "help me plan", the steps as a bare list,
    "most of" (not done), someone else's silence (a chase, on the step it was
    about), a wait given as a day, and "the move" for "Moving flat"."""
    await say("can you help me plan moving flat")
    await say("book movers, pack kitchen, pack bedroom, change address, get deposit back")
    title = "Moving flat"
    assert [t for t, _ in await plan_steps(store, title)] == [
        "Book movers",
        "Pack kitchen",
        "Pack bedroom",
        "Change address",
        "Get deposit back",
    ]
    await say("packed most of the kitchen")
    await say("1")  # (offered first, the second reader doubting it: taken)
    assert (await plan_steps(store, title))[1] == ("Pack kitchen", "in_progress")
    await say("the landlord hasnt replied about the deposit")
    plan = (await store.list_plans(ME))[0]
    deposit = (await store.get_plan(ME, plan["id"]))["steps"][4]
    assert deposit["status"] == "in_progress"
    assert [a["outcome"] for a in deposit["attempts"]] == [
        "the landlord hasnt replied about the deposit"
    ]
    await say("remind me about the deposit on monday")
    shown = await say("show me the move")
    assert shown.text.startswith(f'Plan "{title}"')
    assert "(waiting until Mon 30 Nov)" in shown.text  # a day, not its 00:00
    with plans_unchanged(db_path):  # the person's own "not yet": nothing to record
        reply = await say("I haven't booked the movers yet")
    assert reply.text.startswith("OK — nothing to record yet.")


async def test_a_plan_to_try_again_is_a_snooze_not_an_attempt(say, store):
    await say("fix the garden fence: get 3 quotes, pick a builder")
    await say("called bob the builder, no answer")
    await say("I'll try him again thursday")
    plan = (await store.list_plans(ME))[0]
    builder = (await store.get_plan(ME, plan["id"]))["steps"][1]
    assert [a["outcome"] for a in builder["attempts"]] == ["called bob the builder, no answer"]
    assert builder["wait_until"].startswith("2026-11-26")


async def test_switching_energy_as_typed(say, store, db_path):
    """A third person: the action names the step and the clause after it is
    what came of it; a question is never a write; "add a step to …"; "how many
    are left"."""
    await say("i want to switch energy provider")
    await say("compare tariffs on uswitch, pick one, sign up, give meter reading")
    title = "Switch energy provider"
    await say("compared them, octopus looks cheapest")
    plan = (await store.list_plans(ME))[0]
    compare = (await store.get_plan(ME, plan["id"]))["steps"][0]
    assert compare["status"] == "done"
    assert [a["outcome"] for a in compare["attempts"]] == ["octopus looks cheapest"]
    for question in (
        "when do i need to give the meter reading",
        "did i sign up?",
        "should i give the meter reading now",
    ):
        with plans_unchanged(db_path):
            await say(question)
    await say("add a step to cancel the old direct debit")
    assert (await plan_steps(store, title))[-1] == ("Cancel the old direct debit", "pending")
    left = await say("how many steps are left")
    assert "still to do" in left.text and "Cancel the old direct debit" in left.text


async def test_planning_permission_as_typed(say, store):
    """A fourth person: "the drawings" for step "Draw plans" (a plural of a
    verb's -ing), and "whats happening with the extension" for the plan whose
    title has that one word."""
    await say(
        "new plan: extension planning permission - draw plans, submit application, "
        "wait for decision, start building"
    )
    title = "Extension planning permission"
    await say("architect finished the drawings")
    assert (await plan_steps(store, title))[0] == ("Draw plans", "done")
    shown = await say("whats happening with the extension")
    assert shown.text.startswith(f'Plan "{title}"')


async def test_someone_elses_word_on_when_is_news_and_a_wait_never_done(say, store, db_path):
    """ "council said decision by 15 january": logged on the step it names,
    which waits until then (the briefing stays quiet about it); with no step
    named it asks which; never "done" (a past tense like "promised" is not one)."""
    await say(
        "new plan: extension planning permission - draw plans, submit application, "
        "wait for decision, start building"
    )
    await say("council said decision by 15 january")
    plan = (await store.list_plans(ME))[0]
    decision = (await store.get_plan(ME, plan["id"]))["steps"][2]
    assert decision["status"] == "in_progress"
    assert [a["outcome"] for a in decision["attempts"]] == ["council said decision by 15 january"]
    assert decision["wait_until"].startswith("2027-01-15")
    with plans_unchanged(db_path):
        asked = await say("jim promised the quote by thursday")
    assert asked.text.startswith("Which step was that for?")


async def test_car_mot_as_typed(say, store, db_path):
    """A fifth person, terse: "need to …" with no "I" is a goal; "paid £240" is
    step "Pay" (an amount names no thing); news that names no step asks which;
    "done with the car stuff" asks before completing the whole plan; "what else
    have i got on"."""
    created = await say("need to get my car MOT done")
    assert "first steps" in created.text
    await say("book mot, fix whatever fails, pay")
    title = "Get my car MOT done"
    await say("booked for thurs 9am")
    await say("paid £240")
    assert await plan_steps(store, title) == [
        ("Book mot", "done"),
        ("Fix whatever fails", "pending"),
        ("Pay", "done"),
    ]
    with plans_unchanged(db_path):
        asked = await say("car failed on brakes 😩")
    assert asked.text.startswith("Which step was that for?")
    await say("cancel")  # anything but a number drops the question
    with plans_unchanged(db_path):
        asked = await say("done with the car stuff")
    assert asked.text.startswith(f"Mark the whole plan “{title}” complete (1 step still open)?")
    await say("1")
    assert (await store.list_plans(ME, "all"))[0]["status"] == "complete"
    left = await say("what else have i got on")
    assert "no active plans" in left.text


async def test_a_wedding_as_typed(say, store):
    """A sixth person: "we're planning our wedding" is a goal; a thing first
    met in an attempt ("loved the barn one") names that step later ("booked the
    barn"); "push the dress to january" is the 1st of January."""
    await say("we're planning our wedding")
    await say("venue, caterer, photographer, invitations, dress")
    title = "Our wedding"
    await say("visited two venues today, loved the barn one")
    await say("booked the barn 🎉")
    assert (await plan_steps(store, title))[0] == ("Venue", "done")
    await say("push the dress to january")
    plan = (await store.list_plans(ME))[0]
    dress = (await store.get_plan(ME, plan["id"]))["steps"][4]
    assert dress["wait_until"].startswith("2027-01-01")


async def test_so_far_is_progress(say, store):
    await say("job hunt: update cv, apply to 5 jobs, prep interviews")
    await say("applied to 2 so far")
    assert (await plan_steps(store, "Job hunt"))[1] == ("Apply to 5 jobs", "in_progress")


async def test_a_bare_list_that_is_news_is_not_taken_for_steps(say, store, db_path):
    """With the new plan still empty, "skipped today, too tired" is news (not
    two steps), and "download duolingo, …" is a list (not an export)."""
    await say("I want to learn spanish")
    with plans_unchanged(db_path):
        await say("skipped today, too tired")
    added = await say("download duolingo, do 10 mins a day, find a tutor")
    assert added.text.startswith("Added 3 steps.")
    found = await say("found a tutor on italki, first lesson friday 6pm")
    if "Nothing changed yet" in found.text:  # (the second reader may doubt it: offered, taken)
        await say("1")
    assert (await plan_steps(store, "Learn spanish"))[2] == ("Find a tutor", "done")


async def test_a_short_goal_is_offered_and_a_hint_never_guesses(say, store, db_path):
    """A seventh person: "renovate bathroom" (no goal words) is offered as a
    plan, made on yes; "plumber 1 quoted 3k" names no step clearly, so nothing
    is marked done (not "Book the plumber", which it could be taken for); "tiles chosen" is done."""
    with plans_unchanged(db_path):
        offered = await say("renovate bathroom")
    assert offered.text.startswith("Start a plan “Renovate bathroom”?")
    made = await say("1")
    assert "What are the first steps?" in made.text
    with plans_unchanged(db_path):  # not a goal verb: no offer
        for chat in ("feeling tired", "nice weather today", "going to bed"):
            assert "Start a plan" not in (await say(chat)).text
    await say("get quotes from 3 plumbers, choose tiles, book the plumber, order the bath")
    title = "Renovate bathroom"
    with plans_unchanged(db_path):
        await say("plumber 1 quoted 3k")
    await say("tiles chosen - the grey ones")
    assert (await plan_steps(store, title))[1] == ("Choose tiles", "done")
    await say("cancel the bath order step, we're keeping the old bath")
    assert (await plan_steps(store, title))[3] == ("Order the bath", "skipped")
    with plans_unchanged(db_path):
        for noise in (
            "asdfgh",
            "lol",
            "ok so basically i have like a million things to do this week lol",
        ):
            await say(noise)


async def test_one_message_with_news_of_two_steps(say, store, db_path):
    """An eighth person writes sentences: each change goes to the step it names,
    with its own date ("tomorrow" is the social worker's, not the homes'); a
    sentence with no change of its own ("the one in Leeds was lovely but
    pricey") stays with the one before; "funding - council pays some" is news
    of the step "Check funding"."""
    await say(
        "i need to sort out my mums care home: visit homes, check funding, "
        "talk to social worker, decide"
    )
    reply = await say(
        "visited two homes yesterday. the one in Leeds was lovely but pricey. "
        "social worker is calling me back tomorrow"
    )
    if "Nothing changed yet" in reply.text:  # (the second reader may doubt it: offered, taken)
        reply = await say("1")
    assert reply.text.count('Plan "') == 1  # the plan shown once, as it ends up
    plan = (await store.list_plans(ME))[0]
    homes, funding, worker, _ = (await store.get_plan(ME, plan["id"]))["steps"]
    assert [a["outcome"] for a in homes["attempts"]] == [
        "visited two homes yesterday. the one in Leeds was lovely but pricey."
    ]
    assert homes["wait_until"] is None
    assert [a["outcome"] for a in worker["attempts"]] == [
        "social worker is calling me back tomorrow"
    ]
    assert worker["wait_until"].startswith("2026-11-25")
    await say("funding - council pays some")
    await say("1")  # (offered first, the second reader doubting it: taken)
    funding = (await store.get_plan(ME, plan["id"]))["steps"][1]
    assert [a["outcome"] for a in funding["attempts"]] == ["council pays some"]


async def test_a_parent_as_typed(say, store):
    """A ninth person: "I'm trying to get …" is a goal; "we have the birth
    certificate" is that step done; "thanks that's all for now" is a goodbye."""
    created = await say("I'm trying to get a new passport for my son")
    assert "first steps" in created.text
    await say("photos, birth certificate, fill form, post office appointment")
    title = "Get a new passport for my son"
    await say("we have the birth certificate")
    assert (await plan_steps(store, title))[1] == ("Birth certificate", "done")
    bye = await say("thanks that's all for now")
    assert bye.text.startswith("Bye for now!")


async def test_a_resolution_as_typed(say, store):
    """A tenth person: "new years resolution: lose 5kg" is the goal; "I give up
    on the sugar thing" skips step "Cut sugar"; "how am i doing" shows the plans."""
    created = await say("new years resolution: lose 5kg")
    assert "first steps" in created.text
    await say("join a gym, cut sugar, walk every day")
    await say("I give up on the sugar thing")
    await say("yes")  # (offered, the second reader doubting it: taken)
    assert (await plan_steps(store, "Lose 5kg"))[1] == ("Cut sugar", "skipped")
    overview = await say("how am i doing")
    assert '"Lose 5kg"' in overview.text


# -- a newcomer's first small replies: never "I didn't understand that" -----------------------


@pytest.mark.parametrize("text", ["yes", "yep", "yes please", "sure", "Yeah!", "ok then 👍"])
async def test_a_yes_with_no_question_open_gets_a_hint(say, store, text):
    """ "yes" when drbot asked nothing: told what to type, nothing written."""
    answer = await say(text)
    assert answer.text == free_text.YES_ALONE
    assert await store.list_plans(ME, "all") == []


@pytest.mark.parametrize(
    "text", ["thanks you're a star", "thank you so much, you're a star", "cheers, legend"]
)
async def test_thanks_with_praise_is_thanks(say, text):
    assert (await say(text)).text == free_text.THANKS


@pytest.mark.parametrize(
    "text", ["yes the van is booked", "sure, book the hall and pay the deposit"]
)
async def test_a_yes_with_news_or_a_plan_is_no_bare_yes(say, text):
    assert (await say(text)).text != free_text.YES_ALONE
