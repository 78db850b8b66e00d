"""Confirmed commitments: "I'll call the council tomorrow" is offered
for tracking with Yes / No; nothing is stored until Yes, and No is remembered
for that message.  The built-in interpreter's reading, the offer, the answers,
and the model's propose_commitment tool against the fake Anthropic server —
all on a real SQLite file."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

import pytest

from drbot.ai.assistant import Assistant
from drbot.ai.tools import commitments
from drbot.ai.tools.commitment_tools import ALREADY_DECLINED
from drbot.config import BriefingSettings, LLMSettings, Settings
from tests.conftest import FakeClock
from tests.test_assistant import settings_for

NOW = datetime(2026, 11, 24, 10, 0, tzinfo=UTC)  # Tuesday
USER = CHAT = 7
TOMORROW = "2026-11-25T00:00:00.000000Z"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(NOW)


@pytest.fixture
async def offline(store, clock):
    bot = Assistant.from_settings(
        Settings(llm=LLMSettings(provider="offline"), briefing=BriefingSettings()),
        store,
        clock=clock,
    )
    yield bot
    await bot.close()


async def fence(store) -> int:
    return await store.create_plan(
        USER, "Fix the fence", None, ["Get quotes", "Get council permission", "Buy posts"]
    )


async def passport(store) -> int:
    return await store.create_plan(
        USER, "Renew passport", None, ["Get photos", "Fill in the form", "Book an appointment"]
    )


def plan_rows(store) -> list[tuple]:
    """Every plan and step, with its wait: what a write would change."""
    with sqlite3.connect(store.db.path) as conn:
        return conn.execute(
            "SELECT p.id, p.title, s.position, s.title, s.status, s.wait_until FROM plans p"
            " LEFT JOIN plan_steps s ON s.plan_id = p.id ORDER BY p.id, s.position"
        ).fetchall()


def declines(store) -> list[tuple]:
    with sqlite3.connect(store.db.path) as conn:
        return conn.execute("SELECT user_id, message_key FROM declined_commitments").fetchall()


# -- reading the common forms ------------------------------------------------------


@pytest.mark.parametrize(
    "text, title, day",
    [
        ("I'll call the council tomorrow", "Call the council", "2026-11-25"),
        ("I will call the council tomorrow", "Call the council", "2026-11-25"),
        ("ill ring the garage on friday", "Ring the garage", "2026-11-27"),
        ("going to email Jim on monday", "Email Jim", "2026-11-30"),
        ("I'm gonna order the tiles thursday", "Order the tiles", "2026-11-26"),
        ("need to book the van by friday", "Book the van", "2026-11-27"),
        ("I have to pay the car tax by the 30th", "Pay the car tax", "2026-11-30"),
        ("must renew the insurance next week", "Renew the insurance", "2026-11-30"),
        ("ok so I'll try to call the bank tomorrow, they shut at 4", "Call the bank", "2026-11-25"),
        ("gotta email the landlord today", "Email the landlord", "2026-11-24"),
    ],
)
def test_the_common_forms_are_read_as_commitments(text, title, day):
    found = commitments.read(text, NOW, "UTC")
    assert found is not None, text
    assert (found.title, found.when.moment.date().isoformat()) == (title, day)


@pytest.mark.parametrize(
    "text",
    [
        "I'll try again friday",  # about the step at hand: a snooze
        "I filled in half the form, will finish tomorrow",  # a report first: an attempt
        "photo shop closed today, will try tomorrow",
        "I need to renew my passport",  # no day: a goal, maybe a new plan
        "I'll call them tomorrow",  # names no thing
        "I'll see you tomorrow",
        "I'll be away next week",
        "should i call the council tomorrow?",
        "I'll call the council yesterday",  # not ahead
        "remind me about the van next monday",
        "need to sell the old bike: take photos, list it online, meet buyers",
        "I'll do it tomorrow",
    ],
)
def test_what_is_not_a_commitment(text):
    assert commitments.read(text, NOW, "UTC") is None


async def test_a_report_with_will_stays_an_attempt_and_try_again_a_snooze(offline, store):
    plan_id = await passport(store)
    await offline.handle(CHAT, USER, "show the passport plan")
    reply = await offline.handle(CHAT, USER, "I filled in half the form, will finish tomorrow")
    assert reply.question is None
    form = (await store.get_plan(USER, plan_id))["steps"][1]
    assert [a["outcome"] for a in form["attempts"]] == [
        "filled in half the form, will finish tomorrow"
    ]
    reply = await offline.handle(CHAT, USER, "I'll try again friday")
    assert reply.question is None
    form = (await store.get_plan(USER, plan_id))["steps"][1]
    assert form["wait_until"] == "2026-11-27T00:00:00.000000Z"
    assert declines(store) == []


# -- the offer, and the answers ----------------------------------------------------


async def test_the_offer_writes_nothing_and_yes_stores_the_step_waiting(offline, store):
    plan_id = await fence(store)
    await passport(store)
    before = plan_rows(store)
    reply = await offline.handle(CHAT, USER, "I'll call the council tomorrow")
    assert reply.text == (
        "Track “Call the council” for tomorrow (Wednesday 25 November)? "
        "It fits plan “Fix the fence”."
    )
    assert [o.label for o in reply.question.options] == ["Yes, track it"]
    assert reply.question.numbered().endswith("\nYes, track it / No (type yes or no)")
    assert plan_rows(store) == before

    reply = await offline.handle(CHAT, USER, "yes")
    assert reply.text.startswith(
        'Tracking □ step 4 "Call the council" of "Fix the fence", '
        "waiting until tomorrow (Wednesday 25 November)."
    )
    assert (
        plan_rows(store)
        == before[:3]
        + [(plan_id, "Fix the fence", 4, "Call the council", "pending", TOMORROW)]
        + before[3:]
    )
    assert await offline.conversations.current_plan(CHAT, USER) == plan_id
    # The answer is spent: a second "yes" is just a message.
    await offline.handle(CHAT, USER, "yes")
    assert len(plan_rows(store)) == len(before) + 1


async def test_none_fits_a_reminder_in_the_persons_list_not_a_one_step_plan(offline, store):
    await fence(store)
    before = plan_rows(store)
    reply = await offline.handle(CHAT, USER, "going to email Jim at 3pm tomorrow")
    assert reply.text == (
        "Track “Email Jim” for tomorrow (Wednesday 25 November) at 15:00, as a reminder?"
    )
    done = await offline.handle(CHAT, USER, "1")
    assert done.text == (
        "Reminder set: “Email Jim” tomorrow (Wednesday 25 November) at 15:00 (UTC)."
    )
    assert plan_rows(store) == before  # no plan of one step
    with sqlite3.connect(store.db.path) as conn:
        assert conn.execute(
            "SELECT user_id, text, rule, next_at, status FROM personal_reminders"
        ).fetchall() == [(USER, "Email Jim", None, "2026-11-25T15:00:00.000000Z", "active")]


async def test_a_commitment_for_a_day_is_reminded_at_nine_that_morning(offline, store):
    await offline.handle(CHAT, USER, "I'll renew the car tax on friday")
    done = await offline.handle(CHAT, USER, "yes")
    assert done.text == "Reminder set: “Renew the car tax” Friday 27 November at 09:00 (UTC)."
    assert plan_rows(store) == []


async def test_words_that_are_a_step_let_that_step_wait(offline, store):
    """A person's own "I'll … on <day>" about a step that exists waits that step at once;
    an offer to track is only for something new."""
    plan_id = await passport(store)
    reply = await offline.handle(CHAT, USER, "I'll finish the form on thursday")
    assert reply.question is None
    assert reply.text.startswith('Snoozed □ step 2 "Fill in the form" until Thursday 26 November')
    steps = (await store.get_plan(USER, plan_id))["steps"]
    assert [(s["title"], s["wait_until"]) for s in steps] == [
        ("Get photos", None),
        ("Fill in the form", "2026-11-26T00:00:00.000000Z"),
        ("Book an appointment", None),
    ]


async def test_a_verb_and_it_is_the_current_plans_step_of_that_verb(offline, store):
    """ "I'll pay it on friday" names no thing by itself; with "Pay" a step of the
    plan being talked about, it is that step.  Elsewhere it stays unread."""
    plan_id = await store.create_plan(
        USER, "Car insurance", None, ["Compare quotes", "Call the broker", "Pay"]
    )
    await offline.handle(CHAT, USER, "show the car insurance plan")  # the current plan
    reply = await offline.handle(CHAT, USER, "I'll pay it on friday")
    assert reply.text.startswith('Snoozed □ step 3 "Pay" until Friday 27 November')
    steps = (await store.get_plan(USER, plan_id))["steps"]
    assert steps[2]["wait_until"] == "2026-11-27T00:00:00.000000Z"
    before = plan_rows(store)
    reply = await offline.handle(CHAT, USER, "I'll book it on friday")  # no such step
    assert "Track" not in reply.text and plan_rows(store) == before


async def test_two_plans_equally_close_are_one_yes_each(offline, store):
    first = await store.create_plan(USER, "Kitchen", None, ["Order the tiles"])
    second = await store.create_plan(USER, "Bathroom", None, ["Buy the tiles"])
    reply = await offline.handle(CHAT, USER, "need to collect the tiles friday")
    assert reply.text == (
        "Track “Collect the tiles” for Friday 27 November? It fits “Kitchen” and “Bathroom”."
    )
    assert [o.label for o in reply.question.options] == ["Yes, in “Kitchen”", "Yes, in “Bathroom”"]
    await offline.handle(CHAT, USER, "2")
    assert [s["title"] for s in (await store.get_plan(USER, second))["steps"]] == [
        "Buy the tiles",
        "Collect the tiles",
    ]
    assert len((await store.get_plan(USER, first))["steps"]) == 1


async def test_no_is_remembered_for_that_message(offline, store):
    await fence(store)
    before = plan_rows(store)
    await offline.handle(CHAT, USER, "I'll call the council tomorrow")
    reply = await offline.handle(CHAT, USER, "no thanks")
    assert reply.text == "OK — not tracking it."
    assert plan_rows(store) == before
    [(user, key)] = declines(store)
    assert user == USER and "council" not in key  # a key, not the words

    again = await offline.handle(CHAT, USER, "I'll call the council tomorrow.")
    assert again.question is None
    assert again.text.startswith("You said no to tracking that before")
    assert plan_rows(store) == before
    # Another person saying the same words is still offered.
    other = await offline.handle(99, 99, "I'll call the council tomorrow")
    assert other.question is not None


async def test_another_message_drops_the_offer_without_remembering_a_no(offline, store):
    await fence(store)
    await offline.handle(CHAT, USER, "I'll call the council tomorrow")
    await offline.handle(CHAT, USER, "what's next?")
    assert declines(store) == []
    assert (await offline.handle(CHAT, USER, "1")).question is None
    assert (await offline.handle(CHAT, USER, "I'll call the council tomorrow")).question


# -- the model's tool ----------------------------------------------------------------


@pytest.fixture
async def model(fake, store, clock):
    bot = Assistant.from_settings(settings_for(fake), store, clock=clock)
    yield bot
    await bot.close()


async def test_the_model_proposes_and_yes_tracks(fake, model, store):
    plan_id = await fence(store)
    before = plan_rows(store)
    fake.push_tool_use([("propose_commitment", {"title": "Call the council", "when": "tomorrow"})])
    fake.push_text("Shall I keep track of that?")
    reply = await model.handle(CHAT, USER, "I'll ring the council tomorrow about the fence")
    assert reply.text == "Shall I keep track of that?"
    assert reply.question.text == (
        "Track “Call the council” for tomorrow (Wednesday 25 "
        "November)? It fits plan “Fix the fence”."
    )
    assert plan_rows(store) == before
    tools = [t["name"] for t in fake.requests[0].body["tools"]]
    assert "propose_commitment" in tools and "track_commitment" not in tools
    [result] = [
        b for b in fake.requests[1].body["messages"][-1]["content"] if b["type"] == "tool_result"
    ]
    assert "Asked the person" in str(result["content"]) and not result.get("is_error")

    [(_, token)] = [await model.open_question(CHAT, USER)]
    done = await model.answer_question(CHAT, USER, 1, token=token)
    assert "Tracking" in done.text
    assert plan_rows(store)[3] == (
        plan_id,
        "Fix the fence",
        4,
        "Call the council",
        "pending",
        TOMORROW,
    )


async def test_the_model_is_told_when_the_person_already_said_no(fake, model, store):
    await fence(store)
    text = "I'll ring the council tomorrow about the fence"
    fake.push_tool_use(
        [("propose_commitment", {"title": "Call the council", "when": "tomorrow", "plan": "fence"})]
    )
    fake.push_text("Shall I?")
    first = await model.handle(CHAT, USER, text)
    declined = await model.answer_question(CHAT, USER, 0, token=first.question_token)
    assert declined.text == "OK — not tracking it."
    before = plan_rows(store)

    fake.push_tool_use([("propose_commitment", {"title": "Call the council", "when": "tomorrow"})])
    fake.push_text("Noted.")
    again = await model.handle(CHAT, USER, text)
    assert again.question is None and again.text == "Noted."
    [result] = [
        b for b in fake.requests[-1].body["messages"][-1]["content"] if b["type"] == "tool_result"
    ]
    assert ALREADY_DECLINED in str(result["content"])
    assert plan_rows(store) == before


async def test_a_bad_proposal_is_an_error_and_asks_nothing(fake, model, store):
    await fence(store)
    fake.push_tool_use(
        [
            ("propose_commitment", {"title": "Call the council", "when": "the day after never"}),
            ("propose_commitment", {"title": "Call the council", "plan": "spaceship"}),
        ]
    )
    fake.push_text("Sorry.")
    reply = await model.handle(CHAT, USER, "I'll ring the council")
    results = [
        b for b in fake.requests[1].body["messages"][-1]["content"] if b["type"] == "tool_result"
    ]
    assert [r.get("is_error") for r in results] == [True, True]
    assert "No active plan matches" in str(results[1]["content"])
    assert reply.question is None and await model.open_question(CHAT, USER) is None


# -- the memory underneath -------------------------------------------------------------


async def test_a_step_can_start_waiting_and_a_bad_wait_changes_nothing(store):
    plan_id = await store.create_plan(
        USER, "Van", None, [{"title": "Book the van", "wait_until": "2026-11-27T09:00:00+00:00"}]
    )
    step_id = await store.add_step(
        USER, plan_id, "Pay the deposit", wait_until=datetime(2026, 11, 28, tzinfo=UTC)
    )
    assert [(s["id"], s["wait_until"]) for s in (await store.get_plan(USER, plan_id))["steps"]][
        -1
    ] == (step_id, "2026-11-28T00:00:00.000000Z")
    assert plan_rows(store)[0][5] == "2026-11-27T09:00:00.000000Z"
    before = plan_rows(store)
    with pytest.raises(ValueError, match="waiting date"):
        await store.add_step(USER, plan_id, "Collect the keys", wait_until="next tuesday")
    assert plan_rows(store) == before


async def test_a_no_is_forgotten_after_a_while(store, clock):
    from drbot.memory.declined_commitments import KEEP, DeclinedCommitments

    declines_ = DeclinedCommitments(store.db, clock=clock)
    await declines_.remember(USER, commitments.message_key("I'll call the council tomorrow"))
    assert await declines_.declined(
        USER, commitments.message_key("i'll  call the council tomorrow!")
    )
    assert not await declines_.declined(
        USER + 1, commitments.message_key("I'll call the council tomorrow")
    )
    clock.advance(days=KEEP.days + 1)
    assert not await declines_.declined(
        USER, commitments.message_key("I'll call the council tomorrow")
    )
    await declines_.remember(USER, commitments.message_key("something else tomorrow"))
    assert len(declines(store)) == 1  # the old row was pruned
    with pytest.raises(ValueError):
        await declines_.remember(USER, "")


@pytest.mark.parametrize(
    "text, title, day",
    [
        ("i'll do the hurdles on monday, too wet today", "Do the hurdles", "2026-11-30"),
        ("gonna ring the garage friday, no time today", "Ring the garage", "2026-11-27"),
        ("I'll email Jim on thursday, he's off till wednesday", "Email Jim", "2026-11-26"),
    ],
)
def test_the_day_of_a_commitment_is_in_its_own_clause(text, title, day):
    found = commitments.read(text, NOW, "UTC")
    assert found is not None, text
    assert (found.title, found.when.moment.date().isoformat()) == (title, day)


@pytest.mark.parametrize(
    "text",
    ["I'll sort it, too wet today", "will do that, back on monday"],
)
def test_a_day_in_a_reason_is_no_commitments_day(text):
    assert commitments.read(text, NOW, "UTC") is None


def _one_plan(title: str) -> list:
    step = {"id": 1, "title": title, "status": "pending", "position": 1}
    other = {"id": 2, "title": "Book the hall", "status": "pending", "position": 2}
    return [{"id": 1, "title": "Church bazaar", "status": "active", "steps": [step, other]}]


@pytest.mark.parametrize("words, title", commitments.SAME_STEP_EXAMPLES)
def test_a_commitment_doing_a_steps_work_is_that_step(words, title):
    found = commitments.same_step(words, _one_plan(title), 1)
    assert found is not None and found.title == title


@pytest.mark.parametrize("words, title", commitments.SAME_STEP_NEAR_MISSES)
def test_a_commitment_naming_more_or_other_things_is_no_step(words, title):
    assert commitments.same_step(words, _one_plan(title), 1) is None


@pytest.mark.parametrize("text, title", commitments.THING_EXAMPLES)
def test_a_commitment_names_its_thing_without_when_it_happens(text, title):
    found = commitments.read(text, NOW, "Europe/London")
    assert found is not None and found.title == title, (text, found)
