""" "Not understood" becomes one tap when the words name a step (drbot/ai/language/steps_about.py,
drbot/ai/rules/not_understood_menus.py): the finder's examples and near-misses without a
database, then the interpreter on a real SQLite file — nothing is written before a press,
and a press does what its button says."""

from __future__ import annotations

from datetime import date

import pytest

from drbot.ai.language import call_offs, steps_about
from drbot.ai.rules import not_understood_menus, step_statements
from tests.dbdump import unchanged

ME = 1


def _plans(*plans: tuple[str, tuple[str, ...]]) -> list:
    out, step_id = [], 0
    for plan_id, (title, steps) in enumerate(plans, 1):
        rows = []
        for position, step in enumerate(steps, 1):
            step_id += 1
            rows.append({"id": step_id, "position": position, "title": step, "status": "pending"})
        out.append({"id": plan_id, "title": title, "steps": rows})
    return out


TRAINING = (
    ("Autumn running", ("Run the 21km long run", "Buy new insoles", "Enter the 10km trail race")),
    ("Flat jobs", ("Mount the TV on the wall", "Service the e-bike", "Paint the hall")),
    ("Garden", ("Paint the shed", "Paint the gate", "Order bark chippings", "Paint the fence")),
)


@pytest.mark.parametrize(
    ("text", "steps"),
    [
        # a number with its unit, however spelt, and a bare number for it
        ("the 10k trail one can wait, calf is tight", ["Enter the 10km trail race"]),
        ("smashed the 21 this morning, knees are jelly", ["Run the 21km long run"]),
        # a word of two letters that names a thing, and a word said without its hyphen
        ("tv is finally up on the wall", ["Mount the TV on the wall"]),
        ("ebike back from the shop, good as new", ["Service the e-bike"]),
        # a word two or three steps share: each of them
        ("shed and gate both look class now", ["Paint the shed", "Paint the gate"]),
        ("bark arrived, two bags short", ["Order bark chippings"]),
    ],
)
def test_a_step_is_found_by_a_content_word_it_shares(text, steps):
    found = steps_about.steps_about(text, _plans(*TRAINING), None)
    assert sorted(c.title for c in found) == sorted(steps)


@pytest.mark.parametrize(
    "text",
    [
        "thanks so much, great day today",  # chat only
        "morning! how was your weekend",  # a greeting
        "took me 20 mins and cost £40",  # time and money are no things
        "painted it yesterday, looks grand",  # a word four steps share
        "nothing much, just tired",  # no content word at all
    ],
)
def test_no_step_for_words_that_name_nothing(text):
    assert steps_about.steps_about(text, _plans(*TRAINING), None) == []


@pytest.mark.parametrize(
    ("text", "step"),
    [
        ("carb is back on, still bogs a bit", "Rebuild the carburettor"),
        ("hydro is paid up", "Pay the hydroelectric bill"),
        ("admin all in", "Finish the administration forms"),
    ],
)
def test_a_long_word_cut_short_names_its_step(text, step):
    plans = _plans(
        (
            "Jobs",
            (
                "Rebuild the carburettor",
                "Pay the hydroelectric bill",
                "Finish the administration forms",
            ),
        )
    )
    assert [c.title for c in steps_about.steps_about(text, plans, None)] == [step]


@pytest.mark.parametrize("text", ["the car is back", "paid the bill"])
def test_a_short_word_inside_a_long_one_is_no_cut(text):
    plans = _plans(("Jobs", ("Rebuild the carburettor", "Pay the hydroelectric bill")))
    assert "Rebuild the carburettor" not in [
        c.title for c in steps_about.steps_about(text, plans, None)
    ]


def test_a_plans_name_alone_finds_its_steps_only_loosely():
    plans = _plans(("Fix the shop AC", ("Call the mechanic", "Clean the filters")))
    assert len(steps_about.steps_about("the shop AC guy was a no-show", plans, None)) == 2
    assert (
        steps_about.steps_about("the shop AC guy was a no-show", plans, None, loosely=False) == []
    )


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("the 5 km route", {"route", "5k"}),
        ("5K done", {"5k"}),
        ("U-Haul booked", {"uhaul", "haul"}),
    ],
)
def test_content_words_keep_numbers_with_units_and_hyphened_words(text, words):
    assert words <= steps_about.content_words(text)


# -- the interpreter ------------------------------------------------------------------


async def _tell(interpreter, ctx, text: str):
    ctx.message = text
    return await interpreter.handle(text, ctx)


async def _press(interpreter, ctx, option) -> None:
    for name, args in option.calls:
        await interpreter.call(ctx, name, args)


async def _steps(store, ctx) -> dict[str, str]:
    plan = await store.get_plan(ME, ctx.current_plan_id)
    return {s["title"]: s["status"] for s in plan["steps"]}


RUNNING = "Running: run the 21km long run, buy new insoles, enter the 10km trail race"


@pytest.mark.parametrize(
    ("text", "step", "first"),
    [
        ("smashed the 21 this morning, knees are jelly", "Run the 21km long run", "Done"),
        (
            "calf is tight, so nothing on the 10k front till friday",
            "Enter the 10km trail race",
            "Remind me Friday 6 March",
        ),
        (
            "10 k stuff on ice till friday, calf is tight",
            "Enter the 10km trail race",
            "Remind me Friday 6 March",
        ),
    ],
)
async def test_not_understood_news_of_one_step_is_one_tap(
    interpreter, ctx, store, db_path, text, step, first
):
    await _tell(interpreter, ctx, RUNNING)
    with unchanged(db_path):
        answer = await _tell(interpreter, ctx, text)
    assert answer.question is not None, answer.text
    assert answer.text.startswith(f"Is this about “{step}”?"), answer.text
    labels = [o.label for o in answer.question.options]
    assert labels[0] == first and len(labels) <= 4
    assert {"Done", "Just note it"} <= set(labels)
    assert "Skip" in labels or first.startswith("Remind")


async def test_a_press_does_what_its_button_says(interpreter, ctx, store):
    await _tell(interpreter, ctx, RUNNING)
    answer = await _tell(interpreter, ctx, "10 k stuff on ice till friday, calf is tight")
    remind = answer.question.options[0]
    await _press(interpreter, ctx, remind)
    plan = await store.get_plan(ME, ctx.current_plan_id)
    race = next(s for s in plan["steps"] if s["title"] == "Enter the 10km trail race")
    assert race["status"] == "pending" and race["wait_until"].startswith("2026-03-06")
    # (a thing called off the second reader is sure of is skipped unasked: tests/
    # test_plain_skips.py)
    await _tell(interpreter, ctx, "insoles a no go, the physio says my arch is fine")
    assert (await _steps(store, ctx))["Buy new insoles"] == "skipped"


async def test_two_steps_named_alike_are_asked_which(interpreter, ctx, store, db_path):
    await _tell(
        interpreter, ctx, "Running: run the 10km tempo, enter the 10km trail race, buy insoles"
    )
    with unchanged(db_path):
        answer = await _tell(interpreter, ctx, "10 k stuff on ice till friday, calf is tight")
    assert answer.question is not None and answer.text.startswith("Which step is this about?")
    assert [o.label for o in answer.question.options] == [
        "Remind me Friday 6 March: Run the 10km tempo (step 1)",
        "Remind me Friday 6 March: Enter the 10km trail race (step 2)",
    ]
    await _press(interpreter, ctx, answer.question.options[1])
    plan = await store.get_plan(ME, ctx.current_plan_id)
    assert [s["wait_until"] is not None for s in plan["steps"]] == [False, True, False]


@pytest.mark.parametrize(
    "text",
    [
        "wonder if the 10k trail race is worth it tbh",  # wondering aloud
        "if the insoles dont help ill just stop running lol",  # a condition
        "hows the weather looking for the 10k trail race",  # a question without its mark
        "gonna look at insoles at the weekend",  # meant, not done
        "not done the 21 yet, too wet",  # not yet
        "thanks pal, have a good one",  # small talk
        "my neighbour's cat keeps sitting on the car",  # unrelated
    ],
)
async def test_no_menu_for_what_is_not_news_of_a_step(interpreter, ctx, store, db_path, text):
    await _tell(interpreter, ctx, RUNNING)
    with unchanged(db_path):
        answer = await _tell(interpreter, ctx, text)
    assert not answer.text.startswith(("Is this about", "Which step is this about")), answer.text


def test_the_menu_of_news_gets_the_button_the_message_asks_for(ctx):
    plans = _plans(("Garden", ("Trim the hedge", "Order bark chippings")))
    hedge = steps_about.steps_about("hedge", plans, None)[0]
    menu = step_statements.status_menu(hedge, "hedge")
    called_off = not_understood_menus.with_cued_button(
        menu, "decided not to bother with the hedge, it can grow", ctx
    )
    assert [o.label for o in called_off.question.options] == [
        "Skip",
        "Done",
        "Started",
        "Just note it",
    ]
    put_off = not_understood_menus.with_cued_button(
        menu, "bother me about the hedge on friday", ctx
    )
    assert put_off.question.options[0].label == "Remind me Friday 6 March"
    assert put_off.question.options[0].calls == (
        ("snooze_step", {"step_id": hedge.step_id, "until": date(2026, 3, 6).isoformat()}),
    )
    # nothing asked for: the menu as it was
    assert not_understood_menus.with_cued_button(menu, "hedge looks grand", ctx) is menu


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("decided not to bother with the blinds, too dear", "blinds"),
        ("we agreed not to bother about the porch light", "porch light"),
        ("told mam not to bother w the cake, we'll get one", "cake"),
    ],
)
def test_not_to_bother_with_a_thing_calls_it_off(text, thing):
    assert call_offs.called_off(text)[0] == thing


@pytest.mark.parametrize(
    "text", ["sorry not to bother you again but is the van booked", "try not to bother them today"]
)
def test_not_to_bother_someone_calls_nothing_off(text):
    assert call_offs.called_off(text) == ()
