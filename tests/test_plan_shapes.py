"""The learnt choice among a new plan's shapes (drbot/ai/language/plan_shapes.py) and its use
before a plan read from free wording is checked (drbot/ai/rules/new_plans.py; docs/
UNDERSTANDING.md, "The choice among a plan's shapes").

The phrasings below are new ones of the classes the choice mends — a closing read as the last
step, a list's first item glued to its title by a colon — with near misses beside them that
must keep the plan read. The chooser was trained on the first-sight plans, so these say what
the shipped weights do; how well the choice generalises was measured leave-one-round-out
(``python -m eval.train_plan_shapes --rounds``).
"""

from __future__ import annotations

import json
import math

import pytest

from drbot.ai.language import plan_shapes
from eval import train_plan_odds, train_plan_shapes

ME = 1

# (message, the plan read: title, steps, the plan the choice keeps)
MENDED = (
    # a closing or an aside read as the last step
    (
        "Plan for the spare room: strip the wallpaper, fill the cracks, paint the walls, lay the "
        "carpet. ugh wish me luck",
        (
            "The spare room",
            [
                "Strip the wallpaper",
                "Fill the cracks",
                "Paint the walls",
                "Lay the carpet",
                "Ugh wish me luck",
            ],
        ),
        (
            "The spare room",
            ["Strip the wallpaper", "Fill the cracks", "Paint the walls", "Lay the carpet"],
        ),
    ),
    # ("Sorting the allotment\n- dig the beds\n…\nthanks so much" was mended here until round
    # 26's weights; since round 27 the chooser keeps its read, and the rules cut the thanks
    # before it is asked: tests/test_offline_new_plans.py)
    (
        "Getting the car ready for the MOT. change the wipers, top up the oil, check the tyres, "
        "book the test. Cheers",
        (
            "Getting the car ready for the MOT",
            ["Change the wipers", "Top up the oil", "Check the tyres", "Book the test", "Cheers"],
        ),
        (
            "Getting the car ready for the MOT",
            ["Change the wipers", "Top up the oil", "Check the tyres", "Book the test"],
        ),
    ),
    (
        "Christmas dinner: order the turkey, make the pudding, buy crackers, lay the table. "
        "honestly dreading it lol",
        (
            "Christmas dinner",
            [
                "Order the turkey",
                "Make the pudding",
                "Buy crackers",
                "Lay the table",
                "Honestly dreading it lol",
            ],
        ),
        (
            "Christmas dinner",
            ["Order the turkey", "Make the pudding", "Buy crackers", "Lay the table"],
        ),
    ),
)

# a title of chatter said before the goal's own sentence: the sentence nearest the list
MENDED_TITLE = (
    (
        "hey, Dan here. need to get the boat ready for the season - scrape the hull, antifoul "
        "it, service the outboard",
        ("Dan here", ["Scrape the hull", "Antifoul it", "Service the outboard"]),
        (
            "Get the boat ready for the season",
            ["Scrape the hull", "Antifoul it", "Service the outboard"],
        ),
    ),
)

# near misses: the same lists with a real last step, the title already cut, a title of
# chatter over a list whose first step is no goal: the plan read is kept
KEPT = (
    (
        "Plan for the spare room: strip the wallpaper, fill the cracks, paint the walls, lay the "
        "carpet",
        (
            "The spare room",
            ["Strip the wallpaper", "Fill the cracks", "Paint the walls", "Lay the carpet"],
        ),
    ),
    (
        "Christmas dinner: order the turkey, make the pudding, buy crackers and lay the table",
        (
            "Christmas dinner",
            ["Order the turkey", "Make the pudding", "Buy crackers", "Lay the table"],
        ),
    ),
    (
        "Sorting the allotment\n- dig the beds\n- plant the garlic\n- fix the shed door\n- water",
        (
            "Sorting the allotment",
            ["Dig the beds", "Plant the garlic", "Fix the shed door", "Water"],
        ),
    ),
    (
        "Bake sale: make flyers, bake brownies, set up the table",
        ("Bake sale", ["Make flyers", "Bake brownies", "Set up the table"]),
    ),
    (
        "Wedding\n- book the venue\n- send invites\n- order the cake\n- hire a band",
        ("Wedding", ["Book the venue", "Send invites", "Order the cake", "Hire a band"]),
    ),
    # a feeling said before the title: the title read stays
    (
        "I'm so tired. Kitchen refit: pick the units, book the fitter, order the worktop",
        ("Kitchen refit", ["Pick the units", "Book the fitter", "Order the worktop"]),
    ),
)


@pytest.mark.parametrize("text, read, kept", MENDED)
def test_the_choice_mends_a_plan_of_a_near_shape(text, read, kept):
    assert plan_shapes.choose(text, *read) == kept


@pytest.mark.parametrize("text, read, kept", MENDED_TITLE)
def test_the_choice_takes_the_goals_sentence_over_a_title_of_chatter(text, read, kept):
    assert plan_shapes.choose(text, *read) == kept


@pytest.mark.parametrize("text, read", KEPT)
def test_the_choice_keeps_a_plan_read_right(text, read):
    assert plan_shapes.choose(text, *read) == read


def test_the_neighbours_of_a_plan():
    """The last or first step cut, the first step for the title, a title's head cut from the
    list's first item; never the plan itself, never fewer than two steps."""
    near = plan_shapes.shapes(
        "Bake sale: make flyers, bake brownies, set up the table",
        "Bake sale: make flyers",
        ["Bake brownies", "Set up the table", "Wash up"],
    )
    assert [kind for kind, _, _ in near] == ["last", "first", "goal", "head"]
    assert near[3] == (
        "head",
        "Bake sale",
        ["Make flyers", "Bake brownies", "Set up the table", "Wash up"],
    )
    assert plan_shapes.shapes("Cafe: a, b", "Cafe", ["A", "B"]) == []


def test_the_sentences_before_the_list_are_neighbours_nearest_first():
    """Each sentence before the list's first step, as a title without its greeting or its
    goal's lead, the nearest first; never one that is the title read said again."""
    text = (
        "Hello from Leeds! my cousin said you're good for this. we are moving the shop to "
        "Harrogate, so:\n- give notice on the unit\n- find a van\n- tell the bank"
    )
    steps = ["Give notice on the unit", "Find a van", "Tell the bank"]
    near = [(k, t) for k, t, s in plan_shapes.shapes(text, "Hello from Leeds", steps) if s == steps]
    assert near == [
        ("near", "Moving the shop to Harrogate"),
        ("clause", "My cousin said you're good for this"),
    ]


def test_turned_off_it_keeps_the_plan_read():
    """``--without-learnt-checks`` (the data the checks learn from) turns it off."""
    text, read, _ = MENDED[0]
    assert plan_shapes.choose(text, *read, margin=math.inf) == read


def test_the_margin_is_the_one_measured():
    assert plan_shapes.MARGIN == 0.1  # measured: docs/UNDERSTANDING.md


def test_the_weights_were_trained_on_the_first_sight_plans_as_they_are():
    """A plan or an expectation changed changes what the choice should have learnt."""
    cases = train_plan_shapes.marked(train_plan_odds.load())
    assert plan_shapes.weights()["digest"] == train_plan_shapes.digest(cases), (
        "eval/first_sight_plans.json or an expectation of eval/corpus changed since the choice "
        "was trained: run `python -m eval.train_plan_shapes` and commit "
        "drbot/ai/language/plan_shapes.json"
    )


def test_training_again_gives_the_same_weights():
    cases = train_plan_shapes.marked(train_plan_odds.load())
    again = json.loads(json.dumps(train_plan_shapes.weights_file(cases)))
    assert again == plan_shapes.weights()


def test_the_expectation_is_checked_as_the_benchmark_checks_it():
    spec = {"title_has": ["sale"], "steps": 3, "step_has": ["flyer", "brownie", "table"]}
    assert train_plan_shapes.right(
        spec, "Bake sale", ["Make flyers", "Bake brownies", "Set up the table"]
    )
    assert not train_plan_shapes.right(
        spec, "Bake sale: make flyers", ["Bake brownies", "Set up the table"]
    )


# -- on a real database -------------------------------------------------------------


async def test_a_closing_read_as_a_step_is_left_out_of_the_plan_made(interpreter, ctx, store):
    """Read with the closing as a fifth step, the plan check doubted it and only offered it;
    the choice keeps the four steps, and the plan is made at once."""
    answer = await interpreter.handle(MENDED[0][0], ctx)
    assert answer.question is None, answer.text
    plans = await store.list_plans(ME, "active")
    assert [p["title"] for p in plans] == ["The spare room"]
    plan = await store.get_plan(ME, plans[0]["id"])
    assert [s["title"] for s in plan["steps"]] == MENDED[0][2][1]


async def test_the_same_list_without_a_closing_is_made_as_before(interpreter, ctx, store):
    answer = await interpreter.handle(KEPT[0][0], ctx)
    assert answer.question is None, answer.text
    plan = await store.get_plan(ME, (await store.list_plans(ME, "active"))[0]["id"])
    assert [s["title"] for s in plan["steps"]] == KEPT[0][1][1]


async def test_a_step_taken_for_the_title_is_only_proposed(interpreter, ctx, store, monkeypatch):
    """The least sure cut: a title from a step may come with a closing still read as a step,
    so the plan is shown with its new title, made only on yes."""
    text = KEPT[0][0]
    monkeypatch.setattr(
        plan_shapes,
        "choose",
        lambda _text, _title, steps, *_: ("Strip the wallpaper", steps[1:]),
    )
    answer = await interpreter.handle(text, ctx)
    assert await store.list_plans(ME, "active") == []
    assert answer.question is not None
    assert "Start a new plan “Strip the wallpaper” with 3 steps?" in answer.text
