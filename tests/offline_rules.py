"""What the offline rules' tests share (tests/test_offline_*.py): the fixtures (``say``,
``ctx``, ``interpreter``, ``fence`` …, which each of those modules names again so pytest finds
them), the sets of messages offered first, and the helpers that read the database back.

The built-in rules (drbot/ai/rules/interpreter.py) on a real SQLite file: every phrasing goes
through the real tool registry; after each one the test reads the database back.  Refusals and
unknown text are checked with a dump of every row of every table, identical before and after.
"""

from __future__ import annotations

import sqlite3

import pytest

from drbot.ai.rules.interpreter import RulesInterpreter
from drbot.ai.tools.catalogue import build_registry
from drbot.ai.tools.tool_registry import ToolContext
from drbot.memory.user_settings import UserSettings
from tests.conftest import START
from tests.dbdump import unchanged

ME, OTHER = 1, 2
STORY_PLAN = "Make a plan to fix the fence — steps: get quotes, hire contractor, supervise work"


@pytest.fixture
def users(store):
    return UserSettings(store.db)


@pytest.fixture
def interpreter():
    return RulesInterpreter(build_registry())


@pytest.fixture
def context(store, users):
    def make(user_id: int = ME, **fields) -> ToolContext:
        fields.setdefault("timezone", "UTC")
        return ToolContext(
            user_id=user_id, chat_id=user_id, store=store, users=users, now=START, **fields
        )

    return make


@pytest.fixture
def ctx(context):
    return context()


# News whose reading these tests check but whose kind of write the second reader doubts
# (docs/UNDERSTANDING.md, "The veto of a second reader"): nothing is written at first, the
# rules' reading is offered first and a press writes exactly it (``taken``). The veto itself is
# tested in tests/test_write_odds.py.
DOUBTED_BY_THE_SECOND_READER = frozenset(
    {
        "going over the new lease atm",
        "had three out of the four quotes back by lunch",
        "quotes - jim's is 2k",
        "rang the photographer, she's booked for the 12th",
        "hanging on for the quotes to come through, due by the 10th",
        "put the sofa on hold till she's settled, say the 12th",
        "getting my appointment moved, please make a note of it",
        "tried to book the Bürgeramt again, every slot gone in seconds",
        "closed the account, they want nothing else",
        "interviewed Priya this morning, lovely but can't do weekends",
        "not bothering with the roof racks anymore, instead i'll use the trailer",
        "not doing the bulbs after all, I'm going to sow a meadow mix instead",
        "card payments working now, tested with a fiver",
        "spent the morning on the quotes",
        "scrap the presents, mum's friend sells hampers so ill buy one off her and wrap it",
        "collected the raffle prizes, only had to ask twice",
        "the planning office says the decision arrives friday",
        "take the coordinator email off my list, the ward sorted it",
        "I have finish the OET exam today",
        "got stuck in with the quotes after lunch",
        "buying the presents is a bigger job than I thought - make a list, set a budget, order online",
        "snapped another 10 pics",
        "snapped a few pics",
        "packed the boxes, the undo button on the app is broken",
    }
)


# New plans whose reading these tests check but whose shape the plan check doubts
# (docs/UNDERSTANDING.md, "The check of a new plan's shape"): the plan is offered first, title
# and steps as read, and a press makes exactly it (``taken``). The check itself is tested in
# tests/test_plan_odds.py.
DOUBTED_BY_THE_PLAN_CHECK = frozenset(
    {
        "I want to get my boat licence: book the course, pass the test",
        "omg the street party is actually happening!!! 60 ppl 😅 need to get a road closure, borrow tables and book a bouncy castle",
        "Hi po! My wife will join me in Leeds next year 🙏 so I need to do the spouse visa.\nFirst she does the TB test in Manila, then I ask my employer for the letter, then apply online, and then pay the IHS.\nAng dami talaga 😅",
        "So apparently I'm the executor of my aunt's estate now. First we need to get probate, then sell the flat, and eventually split the money between me and my cousin. Never done any of this before.",
        "so basically the garage: clear it out, sell the bike and paint the walls",
        "Allotment plan!! first job is clearing the brambles, then I want to lay some paths with wood chips, build two beds, and get the garlic in before December",
        "need to fix the fence: get quotes, pick a builder. fingers crossed it's quick",
        "my daughter's wedding, can you keep track of it for me",
        "Freezer has packed in. Need to ring the repair man, move the meat to my mum's, then go through the ice cream and bin whatever's melted",
        "la cosecha de yerba de la chacra, primero limpiar las picadas, despues hablar con los tareferos y por último conseguir el camion",
        "ok my plan: easter egg hunt for the kids 🐣 first buy the eggs, then hide them in the park, then make the maps, last one invite the neighbours",
        "namaste 🙏 scooter kinne plan: showroom ma herne, test ride garne, loan form bharne ani paisa tirne",
        "Paris, finally booked it. book the hotel, get euros, pack",
        "Good evening. I want to plan my dad's visit to Leeds for Easter. First I will send him the invitation letter, after that he will do the visa interview in Accra, then I buy his ticket.",
    }
)
OFFERED_FIRST = DOUBTED_BY_THE_SECOND_READER | DOUBTED_BY_THE_PLAN_CHECK


async def taken(interpreter, ctx, text: str):
    """``text`` said, its reading offered (the second reader or the plan check doubts it) and
    taken: nothing was
    written before the press, and the first option is the rules' reading."""
    answer = await interpreter.handle(text, ctx)
    assert answer.question is not None and "Nothing changed yet" in answer.text, answer.text
    for name, args in answer.question.options[0].calls:
        await interpreter.call(ctx, name, args)
    return answer


@pytest.fixture
def say(interpreter, ctx):
    """Say something in the main chat; the answer must have been understood."""

    async def run(text: str, *, understood: bool | None = True, in_ctx: ToolContext | None = None):
        if text in OFFERED_FIRST:
            return (await taken(interpreter, in_ctx or ctx, text)).text
        answer = await interpreter.handle(text, in_ctx or ctx)
        if understood is not None:  # None: either, as long as the database says what happened
            assert answer.understood is understood, answer.text
        return answer.text

    return run


@pytest.fixture
async def fence(say, ctx, store):
    await say(STORY_PLAN)
    return await store.get_plan(ME, ctx.current_plan_id)


async def plan(store, ctx, user=ME):
    return await store.get_plan(user, ctx.current_plan_id)


def outcomes(step) -> list[str]:
    return [attempt["outcome"] for attempt in step["attempts"]]


def active_reminders(db_path) -> list[str]:
    with sqlite3.connect(db_path) as db:
        return [
            text
            for (text,) in db.execute(
                "SELECT text FROM personal_reminders WHERE status = 'active' ORDER BY id"
            )
        ]


async def add_plans(store, plans: dict[str, list[str]], user=ME) -> None:
    """Each plan of ``plans`` (title: step titles), made straight in the store."""
    for title, steps in plans.items():
        await store.create_plan(user, title, steps=steps)


async def status_of(store, title: str, user=ME) -> str:
    """The status of the step with this title, in whichever of the person's plans."""
    for made in await store.list_plans(user):
        for step in (await store.get_plan(user, made["id"]))["steps"]:
            if step["title"] == title:
                return step["status"]
    raise AssertionError(title)


def _titles_and_steps(plans_with_steps):
    return [(p["title"], [s["title"] for s in p["steps"]]) for p in plans_with_steps]


async def _all_plans(store):
    return [await store.get_plan(ME, p["id"]) for p in await store.list_plans(ME)]


async def press(interpreter, ctx, option) -> None:
    """What a press of ``option`` runs: its tool calls, in order."""
    for name, args in option.calls:
        await interpreter.call(ctx, name, args)


async def _offered_then_replaced(interpreter, ctx, store, db_path, text, replaced, new):
    """Offered as "Replace “X” with …?" with the new steps as cut, nothing written before the
    press; on Replace ``replaced`` gives way to ``new``."""
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is not None, answer.text
    new_ones = ", ".join(f"“{step}”" for step in new)
    assert answer.question.text.startswith(f"Replace “{replaced}” with {new_ones}?"), answer.text
    assert [o.label for o in answer.question.options] == ["Replace", "Just skip it"]
    await press(interpreter, ctx, answer.question.options[0])
    steps = (await plan(store, ctx))["steps"]
    titles = [s["title"] for s in steps if s["status"] == "pending"]
    assert replaced not in titles and all(step in titles for step in new), titles
    return steps


async def titles_and_steps(store, ctx) -> list[tuple[str, list[str]]]:
    shown = []
    for summary in await store.list_plans(ME):
        whole = await store.get_plan(ME, summary["id"])
        shown.append((whole["title"], [s["title"] for s in whole["steps"]]))
    return shown


async def _tell(interpreter, ctx, text: str):
    """One message of its own turn, as the Assistant gives it: the turn's message is it."""
    ctx.message = text
    if text in OFFERED_FIRST:
        return await taken(interpreter, ctx, text)
    return await interpreter.handle(text, ctx)
