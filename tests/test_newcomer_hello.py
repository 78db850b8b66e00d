"""A newcomer's first words that are not a plan: a hello with something more in it is
greeted, and what is not understood points at the one thing they can do yet — make a plan."""

import pytest

from drbot.ai.rules.free_text import EXAMPLES, GREETING, opens_with_greeting


@pytest.mark.parametrize(
    "text",
    [
        "hey, first time here",
        "Hi, I'm Ana. My sister told me about you",
        "hello! just downloaded this 🙂",
        "hi, maybe I should learn guitar",
        "Good morning. I am new",
    ],
)
async def test_a_newcomers_hello_with_more_in_it_is_greeted(interpreter, ctx, store, text):
    answer = await interpreter.handle(text, ctx)
    assert answer.understood and answer.text == GREETING
    assert await store.list_plans(ctx.user_id, "all") == []


async def test_a_hello_from_someone_with_plans_is_not_taken_for_a_newcomers(
    interpreter, ctx, store
):
    await interpreter.handle("fix the fence: get quotes, pick a builder", ctx)
    answer = await interpreter.handle("hey, the weather is awful today", ctx)
    assert answer.text != GREETING


async def test_what_a_newcomer_is_shown_when_not_understood_is_a_plan(interpreter, ctx):
    answer = await interpreter.handle("hiking boots are worn out", ctx)
    assert not answer.understood
    assert f"“{EXAMPLES[0]}”" in answer.text


@pytest.mark.parametrize("text", ["hi", "hello there!", "hey, first time here", "Hola, soy Ana"])
def test_a_greeting_opens_the_message(text):
    assert opens_with_greeting(text)


@pytest.mark.parametrize(
    "text", ["hiking boots are worn out", "history homework", "heyday of the band", "yoga at 6"]
)
def test_words_that_begin_like_a_greeting_do_not_open_with_one(text):
    assert not opens_with_greeting(text)


async def test_news_of_a_step_from_a_newcomer_says_there_is_no_plan_yet(interpreter, ctx):
    from drbot.ai.rules.step_statements import NO_PLANS_YET

    answer = await interpreter.handle("downloaded this", ctx)
    assert answer.text == NO_PLANS_YET and not answer.understood


@pytest.mark.parametrize(
    "text",
    [
        "what exactly do u do? my sister said youre some kind of to do list bot",
        "what can you do? I'm drowning in wedding stuff",
        "so what does this bot actually do. a friend sent me the link",
    ],
)
async def test_asking_what_drbot_does_first_is_answered_with_what_it_does(interpreter, ctx, text):
    from drbot.ai.rules.free_text import CAPABILITIES

    answer = await interpreter.handle(text, ctx)
    assert answer.understood and answer.text == CAPABILITIES


@pytest.mark.parametrize(
    "text", ["what can you do about the noise? neighbours are loud", "what do u do for work"]
)
def test_a_question_that_only_begins_like_what_drbot_does_is_not_that(text):
    from drbot.ai.rules.free_text import opens_asking_what_drbot_does

    assert not opens_asking_what_drbot_does(text)
