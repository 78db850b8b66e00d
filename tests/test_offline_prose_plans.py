"""A newcomer's first plan said in running prose: the words that announce the list inside a
sentence ("… plan is a, then b"), a list's marks typed inside one line ("goal * a * b"), the
plan's name given outright ("Plan name: X."), a first line that only greets or announces,
a request not to forget anything after the list, thanks joined to a blessing after it, a
goal with no steps asked for in a frame of its own, and a second action on what the first
turns up. Each is read as a class (several phrasings, and near misses that keep the plain
reading). Real SQLite file, real tool registry (the fixtures of tests/offline_rules.py); the
phrasings are none of the evaluation corpus's."""

from __future__ import annotations

import pytest

from tests import offline_rules as offline
from tests.offline_rules import unchanged

# the fixtures of tests/offline_rules.py, under the names the tests ask for
users, interpreter, context, ctx = offline.users, offline.interpreter, offline.context, offline.ctx
say, titles_and_steps = offline.say, offline.titles_and_steps


@pytest.mark.parametrize(
    "text, title, steps",
    [
        # the words that announce the list, said inside the sentence after the goal
        (
            "have to tell my landlord about the damp 😬 plan is take photos first, then write "
            "him an email, then ring the council",
            "Tell my landlord about the damp",
            ["Take photos", "Write him an email", "Ring the council"],
        ),
        (
            "we're hosting the school fete this year. the plan is book the bouncy castle, ask "
            "the shops for raffle prizes, and print the flyers. help me not forget anything!!",
            "We're hosting the school fete this year",
            ["Book the bouncy castle", "Ask the shops for raffle prizes", "Print the flyers"],
        ),
        # the header that announces the list is never the title: the goal is before it
        (
            "ugh the GP wants me to start physio for my knee. steps I think:\n1. book the "
            "assessment\n2. buy a foam roller\n3. do the exercises daily",
            "The GP wants me to start physio for my knee",
            ["Book the assessment", "Buy a foam roller", "Do the exercises daily"],
        ),
        # a list's marks inside one line
        (
            "can you make a plan for the allotment * clear the weeds * buy seed potatoes * fix "
            "the shed door",
            "The allotment",
            ["Clear the weeds", "Buy seed potatoes", "Fix the shed door"],
        ),
        # the name given outright, the steps after it
        (
            "Hello. My daughter starts nursery in March. Plan name: Nursery start. I need to "
            "fill in the forms, buy her a bag, and label her clothes.",
            "Nursery start",
            ["Fill in the forms", "Buy her a bag", "Label her clothes"],
        ),
        # a first line that only announces a plan or says the writer is new
        (
            "new thing\ncar boot sale on the 3rd\nprice everything\nbook a pitch\n"
            "borrow the trestle table",
            "Car boot sale on the 3rd",
            ["Price everything", "Book a pitch", "Borrow the trestle table"],
        ),
        # thanks joined to a blessing after the last step
        (
            "I want to set up a lift rota for the choir. First make a group chat, then ask who "
            "can drive, then share a schedule. Peace be with you and thanks again 🙏",
            "Set up a lift rota for the choir",
            ["Make a group chat", "Ask who can drive", "Share a schedule"],
        ),
        # a second action on what the first turns up stays with it
        (
            "Freezer has packed in. Need to ring the repair man, move the meat to my mum's, then "
            "go through the ice cream and bin whatever's melted",
            "Freezer has packed in",
            [
                "Ring the repair man",
                "Move the meat to my mum's",
                "Go through the ice cream and bin whatever's melted",
            ],
        ),
    ],
)
async def test_a_plan_said_in_running_prose(say, ctx, store, text, title, steps):
    await say(text)
    assert await titles_and_steps(store, ctx) == [(title, steps)]


@pytest.mark.parametrize(
    "text, title",
    [
        # a goal whose label runs to three words
        (
            "goal for the summer holidays: teach my son to ride a bike 🚲 no idea where to start",
            "Teach my son to ride a bike",
        ),
        # asked to make a plan, the goal after the mark
        (
            "put this down as a new plan pls: getting the shed rebuilt by spring 🙏 big job but "
            "let's track it",
            "Getting the shed rebuilt by spring",
        ),
        # one more thing, apart from the rest, asked to be its own plan
        (
            "Separate thing - I want to get the chimney swept before winter. Can you add that "
            "as its own plan, no steps yet",
            "Get the chimney swept before winter",
        ),
        # a filler said with the label names nothing
        (
            "new goal lowkey: learn to play chess properly. no idea how yet",
            "Learn to play chess properly",
        ),
    ],
)
async def test_a_goal_with_no_steps_yet_said_around_its_words(say, ctx, store, text, title):
    await say(text)
    assert await titles_and_steps(store, ctx) == [(title, [])]


@pytest.mark.parametrize(
    "text",
    [
        "ok so got made redundant last week lol 🙃 plan is sign on first, then fix my CV, then "
        "ring some agencies",
        "my flat flooded again. the plan is ring the landlord, take photos, and call the council",
    ],
)
async def test_a_list_announced_after_news_is_only_proposed(interpreter, ctx, db_path, text):
    """News names no goal: the list it announces is shown with the news for a title, made
    only on yes."""
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is not None and "Start a new plan" in answer.question.text
    assert [call[0] for call in answer.question.options[0].calls] == ["create_plan"]
