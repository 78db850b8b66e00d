"""The built-in rules on questions, take-backs and waits said in other words, and on messages
two steps fit: read as a class, never as a phrase. Real SQLite file, real tool registry (the
fixtures of tests/offline_rules.py). The phrasings here are none of the evaluation corpus's."""

from __future__ import annotations

import pytest

from tests import offline_rules as offline
from tests.dbdump import unchanged

# the fixtures of tests/offline_rules.py, under the names the tests ask for
users, interpreter, context, ctx = offline.users, offline.interpreter, offline.context, offline.ctx
say, ME = offline.say, offline.ME

KITCHEN = "Kitchen refit: book the electrician, order the worktops, pay the builder deposit"
PARTY = "Sam's birthday: book the bowling alley, order the cake, pay the party deposit, send the invites"


@pytest.fixture
async def two_plans(say, ctx, store):
    await say(KITCHEN)
    await say(PARTY)
    return {p["title"]: p for p in await store.list_plans(ME)}


@pytest.mark.parametrize(
    "text, shown, not_shown",
    [
        ("what remains on the kitchen job?", "worktops", "bowling"),
        ("which bits of the birthday are still to sort", "bowling", "worktops"),
        ("remind me what the plan is for the kitchen", "worktops", "bowling"),
        ("whats the kitchen looking like", "worktops", "bowling"),
        ("what's the next thing for sam's birthday?", "bowling", "worktops"),
        ("list my stuff for the kitchen pls", "electrician", "invites"),
    ],
)
async def test_a_question_of_how_a_plan_stands_shows_it_in_any_words(
    interpreter, ctx, db_path, two_plans, text, shown, not_shown
):
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert shown in answer.text and not_shown not in answer.text, answer.text


async def test_a_question_of_how_things_stand_naming_no_plan_shows_every_plan(
    interpreter, ctx, db_path, two_plans
):
    with unchanged(db_path):
        answer = await interpreter.handle("which things are still pending", ctx)
    assert "worktops" in answer.text and "bowling" in answer.text, answer.text


@pytest.mark.parametrize(
    "text",
    [
        "what time is the electrician coming",
        "how much is left to pay the builder",
        "which one is cheaper, the cake or the cupcakes",
    ],
)
async def test_a_question_of_something_else_is_no_plan_shown(interpreter, ctx, two_plans, text):
    answer = await interpreter.handle(text, ctx)
    assert "still to do" not in answer.text, answer.text


async def test_a_step_put_off_is_marked_waiting_where_what_is_left_is_shown(interpreter, ctx):
    """A step put off is still to do: "what's left?" and "what's next?" say until when it
    waits, as /plan does, so the list does not read as if it were due now."""
    await interpreter.handle("Car for winter: winter tyres, antifreeze, new wiper blades", ctx)
    await interpreter.handle("antifreeze can wait till saturday", ctx)
    left = (await interpreter.handle("what's left?", ctx)).text
    assert "2. Antifreeze (waiting until Sat " in left, left
    assert "1. Winter tyres\n" in left and left.count("waiting until") == 1, left
    await interpreter.handle("remind me about the tyres at 6pm", ctx)
    following = (await interpreter.handle("what's next?", ctx)).text
    assert "1. Winter tyres (waiting until " in following and "18:00)" in following, following


@pytest.mark.parametrize(
    "undo",
    [
        # what the person last told drbot, taken back by any verb of telling
        "ignore what I just said about the quotes, they aren't in yet",
        "forget what i told you, I got confused",
        "undo the last thing I told you, I got mixed up",
        # back to how it was
        "nah change it back, the quotes aren't here",
        "can we go back to how it was before",
        # struck off beside a slip of the person's own
        "whoops wrong step, can you take it off",
        "erase that, my mistake",
        "delete that last one pls, hit it by accident",
    ],
)
async def test_the_last_change_taken_back_in_other_words_is_undone(say, offline_fence, undo):
    store, ctx = offline_fence
    await say("got quotes")
    await say(undo)
    step = (await store.get_plan(ME, ctx.current_plan_id))["steps"][0]
    assert step["status"] == "pending", step


@pytest.mark.parametrize(
    "text",
    [
        # a verb that removes, with no slip said: a step may be meant, never the last change
        "the quotes aren't needed after all, remove it",
        "take it off the list, we're not bothering",
        # telling, not taking back
        "remind me what I said about the quotes",
        "ignore the noise, got the contractor hired",
    ],
)
async def test_removing_or_telling_without_a_slip_undoes_nothing(interpreter, offline_fence, text):
    store, ctx = offline_fence
    await interpreter.handle("got quotes", ctx)
    await interpreter.handle(text, ctx)
    assert (await store.get_plan(ME, ctx.current_plan_id))["steps"][0]["status"] == "done"


@pytest.fixture
async def offline_fence(say, ctx, store):
    await say(offline.STORY_PLAN)
    return store, ctx


@pytest.mark.parametrize(
    "text, asked",
    [
        ("booked in for wed 2pm", ("Book the electrician", "Book the bowling alley")),
        ("the appt is booked for the 2nd", ("Book the electrician", "Book the bowling alley")),
        ("paid em this morning, all good", ("Pay the builder deposit", "Pay the party deposit")),
        # someone named only by what they are, an exclamation: no thing of a step
        (
            "got the fella booked in for the 3rd thank god",
            ("Book the electrician", "Book the bowling alley"),
        ),
        ("paid the lady, phew", ("Pay the builder deposit", "Pay the party deposit")),
        # what the verb makes, then how: "online", "earlier"; or what came after: "arriving"
        ("made the payment by card earlier", ("Pay the builder deposit", "Pay the party deposit")),
        ("ordered! arriving thursday", ("Order the worktops", "Order the cake")),
    ],
)
async def test_a_doing_that_names_no_thing_asks_among_the_steps_of_that_doing(
    interpreter, ctx, db_path, two_plans, text, asked
):
    """What was done, said with no thing of any step ("booked in for wed 2pm"): every
    open step whose own action it is fits as well, so which is asked, across plans."""
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is not None, answer.text
    labels = " ".join(o.label for o in answer.question.options)
    assert all(title in labels for title in asked), labels


@pytest.mark.parametrize(
    "text",
    [
        # a thing no step has, and more of them than a doing says: news of something else
        "booked a table for our anniversary at the italian place",
        "booked us a holiday to spain",
        "paid my phone bill early",
        # a thing of a step named: read as that step
        "booked the electrician for thursday",
    ],
)
async def test_a_doing_with_things_said_is_no_question_among_its_steps(
    interpreter, ctx, two_plans, text
):
    answer = await interpreter.handle(text, ctx)
    labels = " ".join(o.label for o in answer.question.options) if answer.question else ""
    assert not ("Book the electrician" in labels and "Book the bowling alley" in labels), labels
    assert not ("Pay the builder deposit" in labels and "Pay the party deposit" in labels), labels


@pytest.mark.parametrize(
    "undo",
    [
        # a word or two of any English opening the message
        "bruh undo that, the quotes aren't in, the contractor emailed to say next week",
        "oh heck undo that last one, jumped the gun",
        "yikes can u undo that last one, I was looking at the wrong plan entirely",
    ],
)
async def test_an_undo_opened_by_any_word_undoes(say, offline_fence, undo):
    store, ctx = offline_fence
    await say("got quotes")
    await say(undo)
    step = (await store.get_plan(ME, ctx.current_plan_id))["steps"][0]
    assert step["status"] == "pending", step


@pytest.mark.parametrize(
    "text",
    [
        # talked about, not asked for
        "we undo that every time the bank changes the form",
        "tried to undo that myself but nothing happened",
        # asked for with news of another change: offered, never done at once
        "undo that please, and the contractor is hired now",
    ],
)
async def test_an_undo_talked_about_or_with_other_news_is_not_done_at_once(
    interpreter, offline_fence, text
):
    store, ctx = offline_fence
    await interpreter.handle("got quotes", ctx)
    await interpreter.handle(text, ctx)
    assert (await store.get_plan(ME, ctx.current_plan_id))["steps"][0]["status"] == "done"


@pytest.mark.parametrize(
    "text",
    [
        "whats left on the garden list",
        "what's still pending for the garden",
        "garden - what's left?",
    ],
)
async def test_words_in_two_plans_titles_show_both(interpreter, say, ctx, db_path, text):
    """ "the garden" in "Get the garden ready for spring" and "Garden party": both are shown,
    never the one whose title the words cover most of."""
    await say("Get the garden ready for spring: lay the patio, plant the hedge")
    await say("Garden party: hire a gazebo, build the raised beds")
    await say("Kitchen refit: book the electrician")
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert "patio" in answer.text and "raised beds" in answer.text, answer.text
    assert "electrician" not in answer.text, answer.text


async def test_what_is_left_in_a_plan_no_title_names_shows_everything_and_says_so(
    interpreter, ctx, db_path, two_plans
):
    with unchanged(db_path):
        answer = await interpreter.handle("What all is remaining in my reno plan?", ctx)
    assert answer.text.startswith("I couldn't tell which plan “reno” is"), answer.text
    assert "worktops" in answer.text and "bowling" in answer.text, answer.text


@pytest.mark.parametrize("text", ["what's the plan for tonight", "whats the reno looking like"])
async def test_a_question_naming_no_plan_without_asking_what_is_left_shows_nothing(
    interpreter, ctx, two_plans, text
):
    answer = await interpreter.handle(text, ctx)
    assert "I couldn't tell which plan" not in answer.text, answer.text
    assert "still to do" not in answer.text, answer.text


# News of a doing that two open steps share, said in a clause of its own with a remark after it
# ("finally booked 🙌 cost me an arm and a leg", z269; "booked it!! mum is so excited", z143;
# "paid liao. wallet crying 😭", z179): which step is asked, nothing written; the doing with
# its thing still names its step
@pytest.mark.parametrize(
    "text",
    [
        "finally booked 🙌 cost a fortune though",
        "booked it!! mum and the kids are over the moon",
        "paid it. my poor bank account is crying buckets 😭",
    ],
)
async def test_a_doing_two_steps_share_with_a_remark_after_it_is_asked(
    interpreter, ctx, db_path, two_plans, text
):
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is not None and len(answer.question.options) >= 2, answer.text


async def test_a_doing_with_its_thing_and_a_remark_names_its_step(
    interpreter, ctx, store, two_plans
):
    answer = await interpreter.handle("booked the bowling alley 🙌 cost a fortune though", ctx)
    assert answer.question is None and "bowling" in answer.text.lower(), answer.text
