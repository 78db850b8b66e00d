"""A step done said by its verb alone of "it", when that verb is its plan's own, on a real SQLite
file through the built-in rules: "sold it!!" in plan "Sell old furniture" may be any of the
plan's things ("Post the fridge on OLX" sells one as well as "Sell the study table" does), so
which step is asked, never written; a thing of the step said ("sold the study table") or a verb
that is not the plan's ("fixed it" of "Fix the tap" in "Kitchen") is read as before.
"""

from __future__ import annotations

import pytest

from tests.dbdump import unchanged

ME = 1


async def _world(store, ctx, title: str, steps: list[str]) -> int:
    ctx.current_plan_id = await store.create_plan(
        ME, "Renew my passport", steps=["Get photos", "Fill in the form"]
    )
    return await store.create_plan(ME, title, steps=steps)


@pytest.mark.parametrize(
    ("text", "title", "steps"),
    [
        (
            "sold it!! 2.5k mil gaye 💸",
            "Sell old furniture",
            ["Post the fridge on OLX", "Sell the study table", "Give the mattress away"],
        ),
        (
            "car is back from the mechanic, he fixed it 👍",
            "Fix the Camry",
            ["Change the brake pads", "Get winter tires", "Fix the heater"],
        ),
    ],
)
async def test_the_plan_s_own_verb_said_of_it_asks_which_step(
    interpreter, ctx, store, db_path, text, title, steps
):
    await _world(store, ctx, title, steps)
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is not None, answer.text
    labels = " ".join(option.label for option in answer.question.options)
    assert all(step in labels for step in steps), labels


async def test_a_thing_of_the_step_said_is_that_step_done(interpreter, ctx, store):
    plan = await _world(
        store,
        ctx,
        "Sell old furniture",
        ["Post the fridge on OLX", "Sell the study table", "Give the mattress away"],
    )
    answer = await interpreter.handle("sold the study table!! 2.5k mil gaye 💸", ctx)
    steps = {s["title"]: s["status"] for s in (await store.get_plan(ME, plan))["steps"]}
    assert steps["Sell the study table"] == "done", answer.text
    assert steps["Post the fridge on OLX"] == "pending"


async def test_a_verb_that_is_not_the_plan_s_asks_no_plan_wide_question(interpreter, ctx, store):
    await _world(store, ctx, "Kitchen", ["Fix the tap", "Paint the walls", "Buy new chairs"])
    answer = await interpreter.handle("fixed it 👍 no more drips", ctx)
    labels = [o.label for o in answer.question.options] if answer.question else []
    assert not any("Paint the walls" in label for label in labels), answer.text
