"""Classes of message that people who never saw drbot's rules wrote (the held-out sets of
eval/corpus/heldout-*.toml), each through ``Assistant.handle`` on a real SQLite file with
no model: a first plan in prose, a greeting before the request, musings that must write
nothing, being on the way to do a step, undoing the newest change, a step replaced in words,
a reason after the step named."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from drbot.ai.assistant import Assistant
from drbot.config import LLMSettings, Settings
from tests.conftest import FakeClock
from tests.dbdump import dump

ME = 1
NOW = datetime(2026, 11, 24, 10, 0, tzinfo=UTC)


@pytest.fixture
async def bot(store):
    assistant = Assistant.from_settings(
        Settings(llm=LLMSettings(provider="offline")), store, clock=FakeClock(NOW)
    )
    await assistant.users.set_timezone(ME, "Europe/London")
    yield assistant
    await assistant.close()


async def steps_of(store, title: str) -> list[tuple[str, str]]:
    [plan] = [p for p in await store.list_plans(ME, "all") if p["title"] == title]
    return [(s["title"], s["status"]) for s in (await store.get_plan(ME, plan["id"]))["steps"]]


async def current(store, bot, title: str, steps: list[str]) -> int:
    plan_id = await store.create_plan(ME, title, None, steps)
    await bot.conversations.set_current_plan(ME, ME, plan_id)
    return plan_id


async def test_a_newcomers_first_plan_in_prose(bot, store):
    reply = await bot.handle(
        ME,
        ME,
        "hi! so I'm moving house next month and I'm already "
        "panicking 😬 I need to give notice to my landlord, get "
        "quotes from removal companies, pack the loft and redirect "
        "my post",
    )
    assert reply.text.startswith('Created plan "Moving house next month"')
    assert await steps_of(store, "Moving house next month") == [
        ("Give notice to my landlord", "pending"),
        ("Get quotes from removal companies", "pending"),
        ("Pack the loft", "pending"),
        ("Redirect my post", "pending"),
    ]


async def test_a_greeting_before_the_request(bot, store):
    await bot.handle(ME, ME, "hey, I want to start a plan for my citizenship application")
    assert [p["title"] for p in await store.list_plans(ME)] == ["My citizenship application"]


@pytest.mark.parametrize(
    "text",
    [
        "maybe i'll skip the trampoline park and just do a sleepover",
        "thinking about skipping the trampoline park",
        "should I skip the trampoline park?",
        "was going to order the cake today",
    ],
)
async def test_a_musing_about_a_step_writes_nothing(bot, store, db_path, text):
    await current(store, bot, "Maya's party", ["Book the trampoline park", "Order the cake"])
    before = dump(db_path)
    reply = await bot.handle(ME, ME, text)
    assert "Nothing changed" in reply.text
    assert _plans(dump(db_path)) == _plans(before)


def _plans(tables: dict) -> dict:
    return {name: rows for name, rows in tables.items() if name.startswith(("plan", "attempt"))}


async def test_on_the_way_to_do_a_step_is_started_not_done(bot, store):
    await current(store, bot, "Adopt a dog", ["Fill in the form", "Post the form to the shelter"])
    await bot.handle(
        ME, ME, "heading to the post office now to send the signed form off to the shelter"
    )
    assert await steps_of(store, "Adopt a dog") == [
        ("Fill in the form", "pending"),
        ("Post the form to the shelter", "in_progress"),
    ]


async def test_undo_takes_back_the_newest_change_whichever_plan(bot, store):
    await current(store, bot, "Sell the flat", ["Get a valuation", "Pick an agent"])
    other = await store.create_plan(ME, "Buy the cottage", None, ["Get a mortgage", "Survey"])
    await bot.handle(ME, ME, "got the valuation")
    await store.update_step_status(
        ME, (await store.get_plan(ME, other))["steps"][0]["id"], "done"
    )  # the newest change, on the other plan
    await bot.handle(ME, ME, "oops undo that last one")
    assert await steps_of(store, "Buy the cottage") == [
        ("Get a mortgage", "pending"),
        ("Survey", "pending"),
    ]
    assert await steps_of(store, "Sell the flat") == [
        ("Get a valuation", "done"),
        ("Pick an agent", "pending"),
    ]


async def test_a_step_replaced_in_words(bot, store):
    await current(
        store,
        bot,
        "Sell the flat",
        ["Get a valuation", "Declutter the spare room", "Instruct a solicitor"],
    )
    await bot.handle(
        ME,
        ME,
        "instead of decluttering the spare room myself I'm gonna flog the "
        "wardrobe on marketplace and get a clearance firm in for the rest",
    )
    assert await steps_of(store, "Sell the flat") == [
        ("Get a valuation", "pending"),
        ("Flog the wardrobe on marketplace", "pending"),
        ("Get a clearance firm in for the rest", "pending"),
        ("Instruct a solicitor", "pending"),
    ]
    assert len(await store.list_plans(ME, "all")) == 1  # never a new plan


async def test_the_clause_that_says_what_to_do_names_the_step(bot, store):
    await current(
        store,
        bot,
        "Adopt a dog",
        ["Post the form to the shelter", "Register with a vet", "Buy a crate"],
    )
    await bot.handle(
        ME, ME, "skip the vet registration - she stays with the shelter's vet for the first year"
    )
    assert await steps_of(store, "Adopt a dog") == [
        ("Post the form to the shelter", "pending"),
        ("Register with a vet", "skipped"),
        ("Buy a crate", "pending"),
    ]


async def test_a_step_moved_and_the_plan_renamed_in_words_and_undone(bot, store):
    await current(
        store, bot, "Move house", ["Book the van", "Pack the kitchen", "Cancel the broadband"]
    )
    await bot.handle(ME, ME, "move the broadband before the van")
    assert [t for t, _ in await steps_of(store, "Move house")] == [
        "Cancel the broadband",
        "Book the van",
        "Pack the kitchen",
    ]
    await bot.handle(ME, ME, "put the broadband last")
    assert [t for t, _ in await steps_of(store, "Move house")] == [
        "Book the van",
        "Pack the kitchen",
        "Cancel the broadband",
    ]
    reply = await bot.handle(ME, ME, "rename the plan to Move to Leeds")
    assert reply.text == 'Renamed plan "Move house" to "Move to Leeds".'
    await bot.handle(ME, ME, "undo")
    assert [p["title"] for p in await store.list_plans(ME)] == ["Move house"]


async def test_a_hint_is_proposed_and_a_typed_yes_or_no_answers_it(bot, store, db_path):
    plan_id = await current(
        store, bot, "Bathroom", ["Book the plumber", "Choose tiles", "Pay the plumber"]
    )
    # a finished step shares the plumber: the news may be of either, so it is only proposed
    # (news with a thing no other step has is logged at once); talk of what cannot happen
    # is only news, so noting it is the one thing proposed
    paid = (await store.get_plan(ME, plan_id))["steps"][2]["id"]
    await store.update_step_status(ME, paid, "done")
    before = _plans(dump(db_path))
    news = "the plumber cant do anything till the permit is approved, typical"
    proposed = await bot.handle(ME, ME, news)
    assert proposed.question is not None and len(proposed.question.options) == 1
    assert proposed.question.numbered().endswith(" / No (type yes or no)")  # not "Neither"
    assert (await bot.handle(ME, ME, "no thanks")).text == "OK — nothing changed."
    assert _plans(dump(db_path)) == before
    await bot.handle(ME, ME, news)
    await bot.handle(ME, ME, "yes")
    [plumber, _, _] = (await store.get_plan(ME, plan_id))["steps"]
    assert [a["outcome"] for a in plumber["attempts"]] == [news]


async def test_set_me_up_a_plan_and_show_me_everything(bot, store):
    await current(store, bot, "Sell the flat", ["Get a valuation"])
    await bot.handle(ME, ME, "can you set me up a plan for getting my boat licence")
    titles = sorted(p["title"] for p in await store.list_plans(ME))
    assert titles == ["Getting my boat licence", "Sell the flat"]
    shown = await bot.handle(ME, ME, "show me everything I've got on")
    assert "Getting my boat licence" in shown.text and "Sell the flat" in shown.text


async def test_after_undo_the_plan_in_view_stays_in_view(bot, store):
    """Undo took back a change on another plan; "add step: …" next still goes to the plan
    the person is looking at, not the one the undo touched."""
    await current(store, bot, "Sell the flat", ["Get a valuation"])
    other = await store.create_plan(ME, "Buy the cottage", None, ["Get a mortgage"])
    await store.update_step_status(ME, (await store.get_plan(ME, other))["steps"][0]["id"], "done")
    undone = await bot.handle(ME, ME, "undo")
    assert undone.changed == {other: ()}
    assert await steps_of(store, "Buy the cottage") == [("Get a mortgage", "pending")]
    await bot.handle(ME, ME, "add step: instruct a solicitor")
    assert [t for t, _ in await steps_of(store, "Sell the flat")] == [
        "Get a valuation",
        "Instruct a solicitor",
    ]
    assert [t for t, _ in await steps_of(store, "Buy the cottage")] == ["Get a mortgage"]


async def test_whats_left_on_a_plan_and_a_plan_shown_by_its_words(bot, store):
    await current(store, bot, "Sell the flat", ["Get a valuation"])
    await store.create_plan(ME, "Buy the cottage", None, ["Book the survey", "Sign contracts"])
    left = await bot.handle(ME, ME, "what's left to do on the cottage")
    assert "Book the survey" in left.text and "Sign contracts" in left.text
    shown = await bot.handle(ME, ME, "can u show me the cottage plan pls")
    assert "Buy the cottage" in shown.text and "Book the survey" in shown.text


async def test_a_cert_is_a_certificate(bot, store):
    await current(store, bot, "Visa", ["Get police certificate", "Book biometrics"])
    await bot.handle(
        ME,
        ME,
        "police cert is way more faff than one step. instead of that I "
        "need to: request it, get it apostilled, then courier it",
    )
    assert [t for t, _ in await steps_of(store, "Visa")] == [
        "Request it",
        "Get it apostilled",
        "Courier it",
        "Book biometrics",
    ]


async def test_news_asked_as_a_question_changes_nothing(bot, store, db_path):
    await current(store, bot, "Move house", ["Book the van", "Pack the kitchen"])
    before = _plans(dump(db_path))
    for text in ("van booking approved?", "kitchen packed already??", "the van arrived?"):
        await bot.handle(ME, ME, text)
        assert _plans(dump(db_path)) == before, text
    await bot.handle(ME, ME, "van booking approved!")
    assert (await steps_of(store, "Move house"))[0] == ("Book the van", "done")
